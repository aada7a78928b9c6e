"""English rules for favourites, likes and dislikes."""

from __future__ import annotations

import re
from collections.abc import Iterator

from soulmem.perceive.facts.base import Candidate
from soulmem.perceive.facts.en_lex import (
    FOODS,
    SEASONS,
    alt,
    categorize,
)
from soulmem.perceive.facts.en_util import Msg, cand, cap_name, head, phrase, rx

__all__ = ["SENTENCE_RULES", "league"]

_IM = r"(?:I'm|I\s+am)"
_ADV = (
    r"(?:(?:really|absolutely|just|totally|honestly|seriously|truly|kinda|kind\s+of|low[\s-]key|"
    r"genuinely|so|still|also|always|literally)\s+)*"
)

_KIND = {
    "food": "favorite_food",
    "dish": "favorite_food",
    "meal": "favorite_food",
    "snack": "favorite_food",
    "dessert": "favorite_food",
    "fruit": "favorite_food",
    "cuisine": "favorite_food",
    "drink": "favorite_drink",
    "beverage": "favorite_drink",
    "color": "favorite_color",
    "colour": "favorite_color",
    "season": "favorite_season",
    "movie": "favorite_movie",
    "film": "favorite_movie",
    "book": "favorite_book",
    "novel": "favorite_book",
    "band": "favorite_artist",
    "artist": "favorite_artist",
    "singer": "favorite_artist",
    "musician": "favorite_artist",
    "rapper": "favorite_artist",
    "song": "favorite_music",
    "album": "favorite_music",
    "music": "favorite_music",
    "game": "favorite_game",
    "video game": "favorite_game",
    "board game": "favorite_game",
    "sport": "sport",
    "animal": "favorite_animal",
    "place": "favorite_place",
    "city": "favorite_place",
    "restaurant": "favorite_place",
    "spot": "favorite_place",
    "genre": "book_genre",
    "author": "favorite_book",
    "writer": "favorite_book",
    "show": "likes",
    "tv show": "likes",
    "series": "likes",
    "anime": "likes",
    "holiday": "likes",
    "flower": "likes",
    "subject": "likes",
    "team": "likes",
    "actor": "likes",
    "actress": "likes",
    "podcast": "likes",
    "thing": "likes",
}
_KINDS = alt(tuple(_KIND))
_FAV = (
    r"(?:new\s+)?(?:all[\s-]time\s+|absolute\s+|number\s+one\s+|#1\s+|top\s+)?(?:favou?rite|fave|fav"
    r"|comfort|go-to)"
)
_FAV_BARE = r"(?:all[\s-]time\s+|absolute\s+)?(?:favou?rite|fave|fav)"
_FAV_MY = rx(
    # "my favorite movie is", or at the start with the "my" dropped: "fav movie is"
    rf"(?:\bmy\s+{_FAV}|^\W*(?:(?:and|also|oh|but|ok|okay)\W+)*{_FAV_BARE})\s+({_KINDS})"
    rf"(?:\s+(?:of\s+all\s+time|ever))?\s*(?:'s|\s+is|"
    rf"\s+has\s+(?:always\s+)?been|\s+would\s+be|\s+are|:|,)\s+"
)
# the subject may follow a "because": "in my yellow mug bc mustard is objectively the best color"
_BECAUSE = r"(?:bc|b/c|because|cause|'cause|cuz|coz|since)"
_FAV_IS = rx(
    rf"(?:^\W*(?:(?:and|also|oh|but|honestly|well|okay|ok)\W+)*|\b{_BECAUSE}\s+)"
    rf"((?:(?!\b{_BECAUSE}\b).){{1,40}}?)\s+(?:is|are|"
    rf"has\s+(?:always\s+)?been|was)\s+(?:still\s+)?(?:probably\s+)?(?:my\s+{_FAV}|"
    rf"(?:(?:hands\s+down|easily|by\s+far|objectively|clearly|obviously|simply|truly|honestly|"
    rf"literally|just|definitely|undeniably|scientifically)\s+)*the\s+(?:best|greatest|GOAT|"
    rf"superior|only\s+acceptable|one\s+true))\s+({_KINDS})\b"
    r"(?!\s+(?:for|to|in\s+(?:the|town|\w+\s+for))\b)"
)
# "pizza is life, my favorite food for sure": the favourite named before the comma
_FAV_APPOS = rx(
    rf"^\W*(?:(?:and|also|oh|but|honestly|ok|okay)\W+)*([\w' -]{{1,30}}?)(?:\s+(?:is|are)\s+"
    rf"[\w' ]{{1,15}})?\s*[,—-]\s*(?:definitely\s+|easily\s+)?my\s+{_FAV}\s+({_KINDS})"
    rf"(?:\s+(?:for\s+sure|of\s+all\s+time|ever|tbh|lol|hands\s+down))?\s*(?:[.!]|$)"
)
_TITLE = (
    r"(?-i:[A-Z0-9][\w'&:.-]*(?:\s+(?:(?:the|of|to|a|an|in|and|on|for|at|with|from|&|is|"
    r"my)\s+)*[A-Z0-9][\w'&:.-]*)*)"
)
# "been listening to nothing but Phoebe Bridgers, she's my favorite": the pronoun points
# back to the name said before it
_FAV_BACK = rx(
    rf"\b(?:she's|he's|they're|she\s+is|he\s+is|they\s+are)\s+(?:still\s+|honestly\s+|"
    rf"literally\s+|easily\s+)?my\s+{_FAV}(?:\s+({_KINDS}))?\s*(?:[.!,;]|$|\s+(?:ever|lol|tbh)\b)"
)
_NAMED = re.compile(r"(?<=\s)((?!I\b|I'[a-z]+\b)[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+){0,3})")
_QUOTE = rx(
    rf"\bI(?:\s+|(?='))(?:can|could)\s+(?:\w+\s+)?(?:quote|recite)\s+(?:the\s+(?:whole|"
    rf"entire)\s+(?:movie|film|book|show)\s+)?({_TITLE})(?:\s+([\w\s-]{{0,30}}))?"
)
_SEEN = rx(
    rf"\bI(?:'ve|\s+have)\s+(?:seen|watched|rewatched|read|reread)\s+({_TITLE})\s+(?:like\s+|"
    rf"at\s+least\s+|over\s+|probably\s+)?(\w+|a\s+(?:hundred|million|thousand|"
    rf"dozen))\s+times\b"
)
_EVERY_LINE = rx(
    rf"\bI\s+know\s+(?:every|all\s+the)\s+(?:single\s+)?(?:line|word|lyric)s?\s+(?:of|to|in|"
    rf"from)\s+({_TITLE})"
)
# "rereading Earthsea for like the fifth time", "rewatching Twin Peaks. fifth time thru"
_AGAIN = rx(rf"\b(re-?watch|re-?read)(?:ing)?\s+({_TITLE})")
_NTH = rx(
    r"^[^?]{0,40}?\b(second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|twentieth|"
    r"hundredth|millionth|\d+(?:st|nd|rd|th)|nth)\s+time\b"
)
_SHOWY = rx(r"\b(?:show|series|season|episodes?|sitcom|anime)\b")
_BOOKY = rx(r"\b(?:book|novel|read|reread|chapter)\b")
_SONGY = rx(r"\b(?:song|album|lyric|track)s?\b")


def _kind_subject(kind: str) -> str:
    return _KIND.get(" ".join(kind.lower().split()), "likes")


def r_favorite(s: str, m: Msg) -> Iterator[Candidate]:
    x = _FAV_MY.search(s)
    if x and not re.search(
        r"\b(?:is|are|was|been)\s+(?:still\s+)?(?:probably\s+)?$", s[: x.start()]
    ):
        subj = _kind_subject(x.group(1))
        p = phrase(s[x.end() :], 7, allow_bad=True)
        if p and not re.match(r"(?:it|this|that|you)\b", p, re.I):
            yield cand(subj, p, s, confidence=0.9)
            return
    x = _FAV_IS.search(s)
    if x:
        # "I've gone off summer, autumn is my favourite season now": the last clause
        p = re.split(r"[,;:—]\s+", x.group(1))[-1].strip(" ,")
        if not re.match(r"(?:it|this|that|he|she|they|what|which|who)\b", p, re.I):
            yield cand(_kind_subject(x.group(2)), p, s, confidence=0.85)
            return
    x = _FAV_APPOS.search(s)
    if (
        x
        and len(x.group(1).split()) <= (3 if re.search(r"\s(?:is|are)\s", x.group(0)) else 2)
        and not re.match(
            r"(?:it|this|that|he|she|they|you|I|my|his|her|our|their|we)\b", x.group(1), re.I
        )
    ):
        yield cand(_kind_subject(x.group(2)), x.group(1).strip(), s, confidence=0.8)
        return
    x = _FAV_BACK.search(s)
    if x:
        who = _NAMED.search(s[: x.start()])
        if who and cap_name(who.group(1).split()[0]):
            if x.group(1):
                subj = _kind_subject(x.group(1))
            elif re.search(r"\b(?:listen|listening|concert|album|songs?)\b", s, re.I):
                subj = "favorite_artist"
            else:
                subj = "likes"
            yield cand(subj, who.group(1), s, confidence=0.75)
            return
    x = _QUOTE.search(s) or _EVERY_LINE.search(s)
    if x and x.group(1).split()[0] not in ("I", "It", "That", "This", "You", "My"):
        title = x.group(1).rstrip(".")
        subj = "favorite_movie"
        if _SHOWY.search(s):
            subj = "likes"
        elif _SONGY.search(s):
            subj = "favorite_music"
        elif _BOOKY.search(s):
            subj = "favorite_book"
        tail = (x.group(2) or "").strip() if x.lastindex and x.lastindex >= 2 else ""
        tail = tail.split(" and ")[0].strip()
        how = (
            "can quote it"
            if "quote" in x.group(0).lower() or "recite" in x.group(0).lower()
            else "knows every line"
        )
        yield cand(subj, f"{title} ({how}{' ' + tail if tail else ''})", s, confidence=0.8)
        return
    x = _AGAIN.search(s)
    title = re.split(r"\s+for\s+the\s+", x.group(2))[0] if x else ""
    if x and title.split()[0] not in ("It", "That", "This", "I", "My"):
        at = m.text.find(title)
        nth = _NTH.search(m.text[at + len(title) :]) if at >= 0 else None
        if nth:
            read = "read" in x.group(1).lower()
            subj = "favorite_book" if read else "likes"
            if not read and re.search(r"\b(?:movie|film)\b", m.text, re.I):
                subj = "favorite_movie"
            how = f"{'rereading' if read else 'rewatching'} it for the {nth.group(1).lower()} time"
            yield cand(subj, f"{title} ({how})", s, confidence=0.75)
            return
    x = _SEEN.search(s)
    if x and x.group(1).split()[0] not in ("It", "That", "This", "I"):
        subj = "favorite_book" if re.search(r"\bre?read\b", x.group(0)) else "favorite_movie"
        if _SHOWY.search(s):
            subj = "likes"
        yield cand(
            subj,
            f"{x.group(1)} (seen it {x.group(2)} times)"
            if subj != "favorite_book"
            else f"{x.group(1)} (read it {x.group(2)} times)",
            s,
            confidence=0.75,
        )


# ---------------------------------------------------------------- likes and dislikes

_LIKE = rx(
    rf"\b(?:I\s+{_ADV}(love|adore|live\s+for|can't\s+get\s+enough\s+of|could\s+eat)"
    rf"|{_IM}\s+{_ADV}(obsessed\s+with|into|addicted\s+to"
    r"|(?:a\s+)?(?:huge|big|massive|diehard|die-hard)\s+fan\s+of))\s+"
)
_NOT_LIKE_OBJ_MORE = r"|moments|times|days|nights|stuff|things|every\s+minute|it\s+all"
_NOT_LIKE_OBJ = rx(
    r"^(?:it|this|that|these|those|you|your|him|her|them|how|when|what|the\s+way|being\s+here|"
    r"to|this\s+place|this\s+ship|it\s+here|the\s+idea|hearing|talking|seeing|watching\s+you|"
    r"that\s+you|the\s+view|the\s+colors" + _NOT_LIKE_OBJ_MORE + r")\b"
)
_PERSONALITY = rx(
    r"^\W*(?:(?:and|also|oh|but|honestly|so|okay|"
    r"ok)\W+)*(.{2,40}?)\s+(?:has\s+(?:basically\s+)?become|became|"
    r"is\s+(?:basically\s+)?)\s*my\s+(?:entire|whole)\s+(?:personality|life|identity|thing|"
    r"world)\b"
)
_PERSON = rx(
    rf"\b{_IM}\s+(?:such\s+)?an?\s+(?:total\s+|huge\s+|big\s+|real\s+|true\s+|"
    rf"definite\s+)?([\w-]+)\s+(person|lover|girl|guy|kid|fanatic|addict|nerd|snob|junkie|"
    rf"fiend)\b(?:\s+through\s+and\s+through)?"
)
_POWERED = rx(
    r"\b(?:I'm|I\s+am)\s+(?:basically\s+|mostly\s+|literally\s+|just\s+)?(?:powered|fueled|"
    r"fuelled|running|kept\s+alive|held\s+together)\s+(?:by|on)\s+|\bI(?:\s+|"
    r"(?='))(?:basically\s+|mostly\s+|literally\s+|pretty\s+much\s+)?(?:run|live|survive|"
    r"subsist)\s+on\s+|\bI(?:\s+|(?='))(?:can't|cannot|couldn't)\s+(?:function|live|survive|"
    r"start\s+my\s+day)\s+without\s+(?:my\s+)?"
)
# "running on four hours of sleep", "running on fumes": a state of the body, not a fuel liked
_NOT_FUEL = rx(
    r"\b(?:sleep|rest|naps?|hours?|minutes?|fumes|empty|adrenaline|spite|nothing|willpower|"
    r"prayers?|vibes|hope|autopilot)\b"
)
_DRINK_HABIT = rx(
    r"\bI(?:\s+|(?='))(?:always\s+|usually\s+)?drink\s+(?:a\s+lot\s+of\s+|way\s+too\s+much\s+|"
    r"tons\s+of\s+|so\s+much\s+|gallons\s+of\s+)"
)
# "My usual ah, Milo dinosaur extra powder", "now I'm drinking topo chico": what the user
# has every time, or has switched to
_USUAL = rx(
    r"\bmy\s+usual(?:\s+(?:order|drink))?\s*(?:(?:ah|lah|is|'s|:|,|-)\s*)+"
    r"|\b(?:now|these\s+days|nowadays)\s+I(?:'m|\s+am)\s+(?:drinking|on)\s+"
)
_STOP_DRINK = rx(
    r"\bI(?:\s+|(?='))(?:(?:don't|do\s+not|no\s+longer|never)\s+(?:drink|eat)|(?:stopped|quit|"
    r"gave\s+up)\s+(?:drinking|eating))\s+([\w\s-]{2,25}?)\s*(?:anymore|these\s+days|"
    r"any\s+more)?(?=\s*[,.!;]|$)"
)
_COMFORT = rx(
    r"\bI(?:\s+|(?='))(?:always|usually|inevitably|basically\s+always)\s+(?:end\s+up\s+at|"
    r"go\s+to|head\s+to|hit\s+up|get|order|grab|crave)\s+(?:this|that|the|a|my|"
    r"some)?\s*((?:[\w'-]+\s+){0,3}?)([\w'-]+)\s+(spot|place|joint|shop|truck|stand|restaurant|"
    r"diner|bar|house|cart)\b"
)
_COMFORT2 = rx(
    r"^\W*(.{2,30}?)\s+is\s+my\s+(?:comfort|go-to|stress|happy)\s+(?:food|meal|snack|order)\b|"
    r"\bmy\s+(?:(?:comfort|go-to|stress)\s+)+(?:food|meal|snack|order)\s+is\s+"
)
_EVERY_TIME = rx(
    r"^\W*([^.!?]{2,50}?),?\s+(?:every\s+(?:single\s+)?time|always|without\s+fail)\W*$"
)
_WHEN_MOOD = rx(r"\bwhen\s+I'm\s+(stressed|sad|down|tired|sick|hungover|anxious|homesick|upset)\b")

_ADJ_SKIP = frozenset(
    [
        "tiny",
        "little",
        "small",
        "local",
        "cheap",
        "same",
        "old",
        "new",
        "cozy",
        "great",
        "good",
        "favorite",
        "favourite",
        "hole-in-the-wall",
        "cute",
    ]
)


def _pref(subject: str, p: str, s: str, conf: float = 0.7) -> Candidate:
    return cand(subject, p, s, confidence=conf)


def r_likes(s: str, m: Msg) -> Iterator[Candidate]:
    x = _PERSONALITY.search(s)
    if x:
        # "ooc: neither do I tbh, ginger beer is my entire personality": the last clause
        p = re.split(r"[,:;—]\s*", x.group(1))[-1].strip()
        if not re.match(r"(?:it|this|that|he|she|you|they)\b", p, re.I):
            subj = categorize(p)
            detail = league(m.text) if subj == "sport" else ""
            low = p if (p.isupper() or (cap_name(p.split()[0]) and subj == "likes")) else p.lower()
            yield _pref(
                subj,
                f"{low}{detail} (has become my entire personality)"
                if not detail
                else f"{low}{detail}",
                s,
                0.8,
            )
            return
    x = _PERSON.search(s)
    if (
        x
        and x.group(2).lower() in ("girl", "guy", "kid")
        and (x.group(1)[:1].isupper() or categorize(x.group(1)) == "likes")
    ):
        # "a Galway girl", "a river-town kid", "a city guy" say where the user is from, not a
        # liking
        x = None
    if x:
        w = x.group(1).lower()
        kind = x.group(2).lower()
        if w in SEASONS:
            yield _pref("favorite_season", f"{w} ({w} {kind})", s, 0.85)
        elif w in ("dog", "cat"):
            yield _pref("favorite_animal", f"{w}s ({w} {kind})", s, 0.75)
        elif w not in (
            "people",
            "morning",
            "night",
            "early",
            "nice",
            "good",
            "bad",
            "different",
            "big",
            "real",
            "grown",
            # "a trans guy", "a straight girl" say who the user is, not what they like
            "trans",
            "cis",
            "straight",
            "gay",
            "queer",
            "bi",
            "white",
            "black",
            "asian",
            "young",
            "old",
            "single",
        ):
            subj = categorize(w)
            yield _pref(subj, f"{w} ({w} {kind})", s, 0.7)
        return
    x = _POWERED.search(s)
    if x:
        p = phrase(s[x.end() :], 4)
        if p and not _NOT_FUEL.search(p):
            subj = categorize(p)
            if subj not in ("favorite_drink", "favorite_food"):
                subj = "favorite_drink" if p[:1].isupper() else "favorite_food"
            yield _pref(subj, p, s, 0.75)
            return
    x = _USUAL.search(s)
    if x and (p := phrase(s[x.end() :], 4)):
        subj = categorize(p)
        drinking = "drinking" in x.group(0).casefold()
        yield _pref("favorite_drink" if drinking else subj, p, s, 0.7)
        return
    x = _DRINK_HABIT.search(s)
    if x:
        p = phrase(s[x.end() :], 3)
        if p:
            yield _pref("favorite_drink", p, s, 0.7)
            return
    x = _LIKE.search(s)
    if x:
        rest = s[x.end() :]
        p = phrase(rest, 5)
        if p and not _NOT_LIKE_OBJ.search(p):
            subj = categorize(p)
            verb = (x.group(1) or x.group(2)).lower()
            if verb == "could eat":
                if not re.search(
                    r"\bevery\s+(?:single\s+)?(?:day|night|meal)|\bforever\b", s, re.I
                ):
                    return
                subj = "favorite_food"
            value = (
                p if p[:1].isupper() and subj == "likes" else p.lower() if not p.isupper() else p
            )
            if subj == "sport":
                value += league(m.text)
            yield _pref(subj, value, s, 0.7)
            return
    x = _COMFORT.search(s)
    if x:
        food = x.group(2)
        pre = [w for w in x.group(1).split() if w.lower() not in _ADJ_SKIP]
        food = " ".join([*pre, food]) if pre and pre[-1][:1].isupper() else food
        if food.lower() not in _ADJ_SKIP:
            details: list[str] = []
            for other in m.sents:
                e = _EVERY_TIME.search(other)
                if other != s and e and len(other.split()) <= 9:
                    details.append(other.rstrip(".! "))
            mood = _WHEN_MOOD.search(s)
            if mood:
                details.append(f"comfort food when {mood.group(1)}")
            val = food + (" food" if food[:1].isupper() and food.lower() not in FOODS else "")
            val = val if food[:1].isupper() else val.lower()
            yield _pref(
                "favorite_food", val + (f" ({'; '.join(details)})" if details else ""), s, 0.75
            )
            return
    x = _COMFORT2.search(s)
    if x:
        p = x.group(1) if x.group(1) else phrase(s[x.end() :], 4)
        if p:
            yield _pref("favorite_food", f"{p.strip()} (comfort food)", s, 0.8)


def league(text: str) -> str:
    x = re.search(
        (
            r"\b((?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|weekend|rec|local|company|office|"
            r"beer|city|adult)\s+(?:night\s+|morning\s+|evening\s+)?league)\b"
        ),
        text,
        re.I,
    )
    return f" ({x.group(1)})" if x else ""


_HATE = rx(
    rf"\bI\s+{_ADV}(hate|can't\s+stand|cannot\s+stand|despise|loathe|detest|(?:don't|"
    rf"do\s+not)\s+(?:really\s+)?like|never\s+(?:did\s+)?(?:like|liked|cared\s+for)|dislike|"
    rf"(?:am|'m)\s+not\s+(?:a\s+)?(?:big\s+|"
    rf"huge\s+)?fan\s+of|can't\s+do|won't\s+(?:touch|eat)|will\s+not\s+(?:touch|eat)|"
    rf"refuse\s+to\s+(?:touch|eat)|can't\s+stomach)\s+(?!(?:the|my|your|his|her|our|their|a|an|"
    rf"any|anything|that|this|food|meat|dinner|lunch|breakfast)\b)"
)
# "bitter gourd and me are enemies since childhood", "olives and I don't get along"
_FOES = rx(
    r"^\W*(?:(?:and|also|but|honestly)\W+)*([a-z]+(?:\s+[a-z]+)?)\s+and\s+(?:me|I)\s+(?:are|have"
    r"\s+(?:always\s+)?been)\s+(?:sworn\s+|mortal\s+|total\s+|big\s+)?enemies\b|^\W*([a-z]+(?:\s+"
    r"[a-z]+)?)\s+and\s+(?:me|I)\s+(?:don't|do\s+not|never)\s+get\s+along\b"
)
_NOT_HATE_OBJ = rx(
    r"^(?:it|this|that|these|those|you|your|him|her|them|how|when|what|the\s+way|to\s+(?:say|"
    r"admit|be|interrupt|ask)|myself|being\s+(?:here|the)|waiting|the\s+idea|this\s+place|"
    r"people\s+who)\b"
)
_FEED_NO = rx(
    r"\b(?:feed|cook\s+for|make|serve|order\s+for|"
    r"get)\s+me\b[^.!?]*?,\s*(?:please\s+)?no\s+([a-z]+(?:\s+[a-z]+)?)\b"
)
# "no cilantro. it tastes like soap", "no cilantro tho, tastes like hand soap to me"
_NO_TASTES = rx(
    r"\bno\s+([a-z]+(?:\s+(?!(?:tho|though|pls|please|thanks)\b)[a-z]+)?)(?:\s+(?:tho|though|pls|"
    r"please|thanks))?\s*[.,!;]\s*"
    r"(?:(?:it|they|that\s+stuff)\s+)?(tastes?|smells?)\s+like\s+([\w\s]{2,20}?)(?:\s+to\s+me)?"
    r"\s*(?:[.!,]|$)"
)
_TASTES = rx(
    r"(?:^|[,;—]\s*)([a-z]+(?:\s+[a-z]+)?)\s+(tastes?|smells?)\s+like\s+(?:(?:an?|the|a\s+bar\s+of|"
    r"a\s+mouthful\s+of|straight|pure|literal|actual|old|wet|dirty)\s+)?(?:(?:hand|dish|bar|bath|"
    r"laundry)\s+)?(soap|dirt|garbage|"
    r"trash|feet|cardboard|death|medicine|chemicals|sadness|plastic|rubber|sweat|socks|mold|"
    r"gasoline|paper|nothing|pennies|metal|grass)\b"
)
_GROSS = rx(
    r"^\W*(?:(?:and|also|honestly|but|ugh|ew|eww)\W+)*([a-z]+(?:\s+[a-z]+)?)\s+(?:is|"
    r"are)\s+(?:so\s+|just\s+|absolutely\s+)?(disgusting|gross|nasty|vile|revolting|"
    r"the\s+worst)\b"
)
_KEEP_AWAY = rx(
    r"\bkeep\s+(?:the\s+|all\s+the\s+|any\s+)?([a-z]+(?:\s+[a-z]+)?)\s+(?:far\s+)?away\s+from\s+me"
)
_TASTES_ANY = rx(r"\b(?:it|they)\s+(tastes?|smells?)\s+like\s+(\w+)")
_GROSS_ME = rx(r"(?:^|[,;—]\s*)([a-z]+(?:\s+[a-z]+)?)\s+(?:grosses|gross)\s+me\s+out")
_PRON = rx(
    r"^(?:it|this|that|he|she|they|you|there|which|what|everything|something|nothing|"
    r"the\s+(?:food|weather|view|ship|smell))\b"
)


def r_dislikes(s: str, m: Msg) -> Iterator[Candidate]:
    x = _NO_TASTES.search(m.text)
    if x and (s in x.group(0) or x.group(0) in s or x.group(1) in s):
        yield cand(
            "disliked", f"{x.group(1)} ({x.group(2).lower()} like {x.group(3)})", s, confidence=0.85
        )
        return
    x = _TASTES.search(s)
    if x and not _PRON.search(x.group(1)):
        yield cand(
            "disliked", f"{x.group(1)} ({x.group(2).lower()} like {x.group(3)})", s, confidence=0.8
        )
        return
    x = _KEEP_AWAY.search(s)
    if x and not _PRON.search(x.group(1)):
        taste = _TASTES_ANY.search(s)
        detail = f" ({taste.group(1).lower()} like {taste.group(2)})" if taste else ""
        yield cand("disliked", x.group(1) + detail, s, confidence=0.7)
        return
    x = _FEED_NO.search(s)
    if x:
        yield cand("disliked", x.group(1), s, confidence=0.75)
        return
    x = _HATE.search(s)
    if x:
        p = phrase(s[x.end() :], 5)
        if p and not _NOT_HATE_OBJ.search(p):
            yield cand(
                "disliked",
                p if p[:1].isupper() and not s.startswith(p) else p.lower(),
                s,
                confidence=0.75,
            )
            return
    x = _FOES.search(s)
    foe = x.group(1) or x.group(2) if x else ""
    if (
        foe
        and (" " in foe or not cap_name(foe))
        and not _PRON.search(foe)
        and not re.match(r"(?:my|his|her|our|the|this|that)\b", foe, re.I)
    ):
        yield cand("disliked", foe.lower(), s, confidence=0.7)
        return
    x = _GROSS.search(s) or _GROSS_ME.search(s)
    if x and not _PRON.search(x.group(1)):
        yield cand("disliked", x.group(1), s, confidence=0.6)


def r_stop(s: str, m: Msg) -> Iterator[Candidate]:
    """'I don't drink coffee anymore': end the preference (or deny it)."""
    x = _STOP_DRINK.search(s)
    if not x or not re.search(
        r"\b(?:anymore|any\s+more|no\s+longer|stopped|quit|gave\s+up)\b", s, re.I
    ):
        return
    p = x.group(1).strip()
    p = re.sub(r"^(?:drinking|eating|having|drink|eat|any|my)\s+", "", p, flags=re.I)
    if not p or re.match(r"(?:it|that|this|you|him|her|them|working|there|at|my\s+job)\b", p, re.I):
        return
    subj = categorize(p)
    for key in ("favorite_drink", "favorite_food", "likes", "hobby", "sport"):
        if any(head(p) in head(v) or head(v) in head(p) for v in m.current(key)):
            yield cand(key, p, s, mode="end", confidence=0.8)
            return
    if subj in ("favorite_drink", "favorite_food", "likes", "hobby", "sport"):
        yield cand(subj, p, s, negated=True, confidence=0.7)


SENTENCE_RULES = (r_favorite, r_likes, r_dislikes, r_stop)
