"""English rules for preferences by kind: colour, season, music, books, sport, hobby."""

from __future__ import annotations

import re
from collections.abc import Iterator

from soulmem.perceive.facts.base import Candidate
from soulmem.perceive.facts.en_favorites import league
from soulmem.perceive.facts.en_lex import (
    BOOK_GENRES,
    COLOR_MODS,
    COLORS,
    GENRE_MODS,
    HOBBIES,
    MUSIC_GENRES,
    SEASONS,
    SPORTS,
    alt,
    categorize,
)
from soulmem.perceive.facts.en_util import Msg, cand, phrase, rx

__all__ = ["SENTENCE_RULES"]

_IM = r"(?:I'm|I\s+am)"
_ADV = (
    r"(?:(?:really|absolutely|just|totally|honestly|seriously|truly|kinda|kind\s+of|low[\s-]key|"
    r"genuinely|so|still|also|always|literally)\s+)*"
)

# ------------------------------------------------ color, season, music, books, sport, hobby

_COLOR = rf"(?:(?:{alt(COLOR_MODS)})[\s-]+)?{alt(COLORS)}"
_COLOR_OWN = rx(
    rf"\b(?:half|most|all|everything\s+in|90%\s+of|like\s+half|"
    rf"basically\s+all)\s+(?:of\s+)?my\s+(closet|wardrobe|clothes|stuff|room|apartment|house|"
    rf"things|shoes|hoodies|sweaters)\s+(?:is|are)\s+({_COLOR})\b|"
    rf"\beverything\s+I\s+own\s+is\s+({_COLOR})\b|\bI(?:\s+|(?='))(?:always\s+|only\s+|"
    rf"mostly\s+)?wear\s+(?:a\s+lot\s+of\s+|mostly\s+|only\s+|nothing\s+but\s+)({_COLOR})\b"
)
_SEASON = alt(SEASONS)
_SEASON_RX = rx(
    rf"\b({_SEASON})\s+is\s+(?:totally\s+|definitely\s+|absolutely\s+)?my\s+(?:season|jam|time|"
    rf"thing|vibe)\b|\bI\s+live\s+for\s+({_SEASON})\b"
    # "I'm just waiting for the exams to finish and then for the monsoon to come"
    rf"|\bI(?:'m|\s+am)?\s+(?:just\s+|always\s+)?(?:waiting|can't\s+wait|count(?:ing)?\s+(?:down\s+)?"
    rf"the\s+days)\s+(?:[^.!?]{{0,50}}?\s)?for\s+(?:the\s+)?({_SEASON})\s+to\s+(?:come|arrive|"
    rf"start|hit|roll\s+(?:in|around))\b"
)
_MUSIC = alt(MUSIC_GENRES)
_MUSIC_PLAY = rx(
    rf"\b({_MUSIC})\s+(?:blasting|on\s+repeat|on\s+loop|playing|cranked|in\s+my\s+(?:ears|"
    rf"headphones))\b|\b(?:blasting|playing|cranking)\s+({_MUSIC})\b"
)
_LISTEN = rx(
    r"\bI(?:\s+|(?='))(?:mostly\s+|only\s+|mainly\s+|usually\s+|always\s+|"
    r"basically\s+only\s+)?listen\s+to\s+(?:a\s+lot\s+of\s+|mostly\s+|tons\s+of\s+|"
    r"nothing\s+but\s+|only\s+)?"
)
_BOOKG = rf"(?:(?:{alt(GENRE_MODS)})\s+)?{alt(BOOK_GENRES)}"
_READ = rx(
    rf"\bI(?:\s+|(?='))(?:mostly\s+|mainly\s+|only\s+|usually\s+|basically\s+only\s+|"
    rf"love\s+to\s+|like\s+to\s+)?(?:read|devour|binge)\s+(?:a\s+lot\s+of\s+|mostly\s+|"
    rf"tons\s+of\s+|only\s+|lots\s+of\s+|nothing\s+but\s+)?({_BOOKG})\b(?:\s+(?:books|"
    rf"novels))?(\s*—\s*[^.!?]+)?"
)
_READER = rx(
    rf"\b{_IM}\s+an?\s+(?:huge\s+|big\s+|massive\s+)?({_BOOKG})\s+(?:reader|nerd|geek|junkie|fan)\b"
)
_SPORT = alt(SPORTS)
_PLAY = rx(
    rf"\bI(?:\s+|(?='))(?:\w+\s+)?(?:play|'ve\s+been\s+playing|started\s+playing|do|practice|"
    rf"train\s+in)\s+({_SPORT})\b"
)
_ON_TEAM = rx(
    rf"\bI'm\s+(?:on|in)\s+(?:an?|the|my)\s+(?:\w+\s+)?({_SPORT})\s+(team|league|club)\b|"
    rf"\bmy\s+({_SPORT})\s+(team|league|club)\b"
)
_SPORT_VERB = rx(
    r"\bI(?:\s+|(?='))(?:go\s+)?(swim|run|climb|box|surf|ski|snowboard|bike|cycle|skate|row|"
    r"fence)\s+(?:every|most|on|a\s+lot|daily|three|four|five|twice|like)\b|"
    r"\bI\s+run\s+(marathons|half[\s-]marathons|ultras|5ks|10ks)\b"
)
_SPORT_GERUND = {
    "swim": "swimming",
    "run": "running",
    "climb": "climbing",
    "box": "boxing",
    "surf": "surfing",
    "ski": "skiing",
    "snowboard": "snowboarding",
    "bike": "cycling",
    "cycle": "cycling",
    "skate": "skating",
    "row": "rowing",
    "fence": "fencing",
}
_HOBBY = alt(HOBBIES)
_HOBBY_CUE = rx(
    r"\b(?:weekends?|free\s+time|spare\s+time|usually|always|after\s+work|evenings|for\s+fun|"
    r"hobby|hobbies|obsessed|every\s+(?:day|night|week|sunday|saturday)|on\s+(?:sundays|"
    r"saturdays)|in\s+my\s+garage|passion)\b"
)
_HOBBY_IS = rx(
    r"\bmy\s+(?:main\s+|favorite\s+|new\s+)?(?:hobby|hobbies|passion)\s+(?:is|are|"
    r"has\s+been)\s+|\bI've\s+(?:recently\s+)?(?:gotten|been\s+getting|"
    r"got)\s+(?:really\s+)?into\s+|\bI(?:\s+|(?='))(?:recently\s+)?(?:took\s+up|picked\s+up|"
    r"started)\s+(?!(?:at|on|in|with|work|working|a\s+new|my\s+new|school|uni|college|again)\b)"
)
_HOBBY_VERB = rx(
    r"\bI(?:\s+|(?='))(?:\w+\s+)?(knit|crochet|paint|draw|sketch|bake|garden|sew|hike|fish|"
    r"journal|quilt|sculpt|skateboard|collect\s+[\w\s]{2,20}?|play\s+(?:the\s+)?(?:guitar|"
    r"piano|drums|violin|bass|ukulele|cello|flute|saxophone|sax|trumpet|harp|banjo|"
    r"keyboard))\b(?=\s*(?:[,.!;—]|$|\s+(?:on|every|in|for|a\s+lot|all|when|with|to|at|and)\b))"
)
_HOBBY_GERUND = {
    "knit": "knitting",
    "crochet": "crocheting",
    "paint": "painting",
    "draw": "drawing",
    "sketch": "sketching",
    "bake": "baking",
    "garden": "gardening",
    "sew": "sewing",
    "hike": "hiking",
    "fish": "fishing",
    "journal": "journaling",
    "quilt": "quilting",
    "sculpt": "sculpting",
    "skateboard": "skateboarding",
}

# "I do have a weird hobby tho, I restore old typewriters": the hobby said after the word
_HOBBY_SAID = rx(
    r"\b(?:hobby|hobbies|passion|pastime)(?:\s+(?:tho|though|lol|haha|btw|actually|tbh|"
    r"honestly))?\s*"
    r"[,:—-]\s*(?:basically\s+|mostly\s+)?I\s+(?!(?:am|have|had|do|did|don't|know|think|guess|"
    r"mean|swear|like|love|hate|can|could|would|will|should|must|was|just|really|never|wish|"
    r"want|need|got|get)\b)([a-z]{3,})\s+"
)


def _gerund(verb: str) -> str:
    """'restore' -> 'restoring', 'knit' -> 'knitting', 'collect' -> 'collecting'."""
    v = verb.lower()
    if v.endswith("ie"):
        return v[:-2] + "ying"
    if v.endswith("e") and not v.endswith(("ee", "ye", "oe")):
        return v[:-1] + "ing"
    if re.fullmatch(r"[^aeiou]*[aeiou][bdgklmnprt]", v):
        return v + v[-1] + "ing"
    return v + "ing"


def _dash_detail(text: str, start: int) -> str:
    d = re.match(r"\s*—\s*([^,.;!?—]+)", text[start:])
    return f" ({d.group(1).strip()})" if d else ""


def r_things(s: str, m: Msg) -> Iterator[Candidate]:
    if not re.search(r"\b(?:I|I'm|me|my)\b", s, re.I):
        return
    x = _COLOR_OWN.search(s)
    if x:
        col = (x.group(2) or x.group(3) or x.group(4)).lower()
        where = (
            f" (half my {x.group(1)})"
            if x.group(1) and "half" in x.group(0).lower()
            else (f" (most of my {x.group(1)})" if x.group(1) else "")
        )
        yield cand("favorite_color", col + where, s, confidence=0.75)
    x = _SEASON_RX.search(s)
    if x:
        found = x.group(1) or x.group(2) or x.group(3)
        yield cand(
            "favorite_season", found.lower(), s, confidence=0.8 if x.group(3) is None else 0.7
        )
    x = _MUSIC_PLAY.search(s)
    if x:
        g = x.group(1) or x.group(2)
        yield cand("favorite_music", g, s, confidence=0.7)
    x = _LISTEN.search(s)
    if x:
        p = phrase(s[x.end() :], 5)
        if p and not re.match(r"(?:music|podcasts|the\s+radio|you|him|her|them)\b", p, re.I):
            low = p.lower()
            if low in MUSIC_GENRES or low.endswith(" music") or low.split()[-1] in MUSIC_GENRES:
                yield cand("favorite_music", low, s, confidence=0.75)
            elif p[:1].isupper():
                yield cand("favorite_artist", p, s, confidence=0.7)
    x = _READ.search(s) or _READER.search(s)
    if x:
        detail = ""
        if x.re is _READ and x.group(2):
            detail = f" ({x.group(2).strip(' —')})"
        yield cand("book_genre", x.group(1).lower() + detail, s, confidence=0.8)
    x = _PLAY.search(s) or _ON_TEAM.search(s)
    if x:
        sp = (
            x.group(1) or (x.group(3) if x.lastindex and x.lastindex >= 3 else None) or ""
        ).lower()
        if sp and not re.search(
            r"\b(?:don't|never|not|can't)\s+(?:\w+\s+)?$",
            s[: x.start(1) if x.group(1) else x.start()],
        ):
            yield cand("sport", sp + league(m.text), s, confidence=0.75)
    x = _SPORT_VERB.search(s)
    if x:
        v = _SPORT_GERUND.get((x.group(1) or "").lower()) or (x.group(2) or "").lower()
        if x.group(2):
            v = f"running {v}"
        yield cand("sport", v, s, confidence=0.65)
    x = _HOBBY_IS.search(s)
    if x:
        p = phrase(s[x.end() :], 4)
        if p and not re.match(r"(?:a\s+fight|trouble|a\s+job|school|work)\b", p, re.I):
            yield cand(
                categorize(p) if categorize(p) != "likes" else "hobby",
                p.lower(),
                s,
                confidence=0.75,
            )
            return
    x = _HOBBY_SAID.search(s)
    if x:
        p = phrase(s[x.end() :], 4)
        if p:
            yield cand("hobby", f"{_gerund(x.group(1))} {p}", s, confidence=0.75)
            return
    hx = re.search(rf"\b({_HOBBY})\b", s, re.I)
    if (
        hx
        and _HOBBY_CUE.search(s)
        and not re.search(r"\b(?:don't|never|not|hate|can't)\b[^.]*$", s[: hx.start()], re.I)
    ):
        yield cand("hobby", hx.group(1).lower() + _dash_detail(s, hx.end()), s, confidence=0.75)
        return
    x = _HOBBY_VERB.search(s)
    if x and not re.search(r"\b(?:don't|never|can't|cannot|not)\s+$", s[: x.start(1)]):
        verb = x.group(1).lower()
        v = _HOBBY_GERUND.get(verb) or re.sub(
            r"^play\s+", "playing ", re.sub(r"^collect\s+", "collecting ", verb)
        )
        yield cand("hobby", v, s, confidence=0.7)


# "Beans will be from the allotment, got a plot off the main road", "my veg patch": a
# growing plot the user keeps is a gardening hobby
_PLOT_OWN = rx(
    r"\b(?:my|our)\s+(?:own\s+)?(allotment|plot|veg(?:gie|etable)?\s+(?:patch|plot))\b|"
    r"(?:^\W*|\b(?:I|we)(?:'ve)?\s+|[,;]\s*)(?:got|have|rent|took\s+on)\s+(?:a|an|my\s+own|"
    r"a\s+second|two)\s+(allotment|plot|veg(?:gie|etable)?\s+(?:patch|plot))\b"
)


def r_plot(s: str, m: Msg) -> Iterator[Candidate]:
    x = _PLOT_OWN.search(s)
    if not x or re.search(r"\b(?:his|her|their|your)\s+(?:allotment|plot)\b", s, re.I):
        return
    kind = (x.group(1) or x.group(2)).lower()
    if kind == "plot" and not re.search(r"\ballotment|\bveg|\bgrow", m.text, re.I):
        return
    what = "allotment" if kind in {"plot", "allotment"} else "vegetable"
    yield cand("hobby", f"{what} gardening", s, confidence=0.7)


SENTENCE_RULES = (r_things, r_plot)
