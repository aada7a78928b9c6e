"""English cue-word rules: a first-person statement that holds a subject's cue word (a
symptom, "my nightmare", "nothing beats", "at home", "league", "bedside table") plus a
known-class word (an allergen, a colour, a genre, a species) or a capitalised span.

These catch the indirect phrasings the pattern rules of the other modules miss ("one prawn
and my throat closes up", "I'm a Galway girl", "Moths are my absolute nightmare",
"Everything I own ends up mustard yellow"). Sentences about someone else ("my sister is
terrified of moths", "He's a Galway boy") stay silent.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from soulmem.perceive.facts.base import Candidate
from soulmem.perceive.facts.en_lex import (
    ALLERGENS,
    BOOK_GENRES,
    COLOR_MODS,
    COLORS,
    DRINKS,
    FAMILY,
    FOODS,
    GENRE_MODS,
    HOBBIES,
    LANGUAGES,
    MUSIC_GENRES,
    NOT_NAMES_CF,
    NUMBER_RE,
    PETS,
    RELIGIONS,
    SEASONS,
    SPORTS,
    ZODIAC,
    alt,
)
from soulmem.perceive.facts.en_relations import name_in
from soulmem.perceive.facts.en_util import FIRST, Msg, cand, phrase, place, rx

__all__ = ["MESSAGE_RULES", "SENTENCE_RULES"]

_IM = r"(?:I'm|I\s+am)"
# someone else is the topic: "my sister is", "He's", "Your ..."
_THIRD = rx(
    rf"^\W*(?:(?:my|our|his|her|their)\s+(?:\w+\s+)?(?:{alt(FAMILY)}|friend|mate|boss|"
    r"neighbou?r|roommate|flatmate|colleague|ex)s?\b|(?-i:He|She|They|You|Your)\b)"
)


_MY = rx(r"\b(?:my|me|mine|myself)\b")
# lexicon tokens too ambiguous to stand alone ("mac and cheese" is stored word by word)
_AMBIGUOUS = frozenset(
    {"and", "hot", "dim", "sum", "pad", "ice", "mac", "dogs", "fried", "cream", "pop", "house"}
    | {"trap", "drill", "soul", "ya", "polo", "magic", "thai", "chips", "wings", "milk"}
)


def _mine(s: str) -> bool:
    return bool(FIRST.search(s) or _MY.search(s)) and not _THIRD.search(s)


def _forms(words: frozenset[str]) -> str:
    """Any word of a lexicon, singular or plural ("walnut" for "walnuts")."""
    forms = {w for w in words if w not in _AMBIGUOUS}
    forms |= {w[:-1] for w in forms if w.endswith("s") and len(w) > 4}
    return rf"(?:{alt(frozenset(forms))})s?"


def _words(words: frozenset[str]) -> re.Pattern[str]:
    return rx(rf"\b{_forms(words)}\b")


# ---------------------------------------------------------------- handedness: "Lefty problems"

_HAND_WORD = rx(
    r"^\W*(?:typical\s+|classic\s+|such\s+a\s+|proud\s+|being\s+(?:a\s+)?)?(lefty|leftie|"
    r"southpaw|left[\s-]handed|righty|right[\s-]handed)\b(?!\s+(?:is|are|was|were)\b)"
)
_SIDE = {"lefty": "left", "leftie": "left", "southpaw": "left", "righty": "right"}


def r_hand_fragment(s: str, m: Msg) -> Iterator[Candidate]:
    x = _HAND_WORD.search(s)
    if not x:
        return
    w = x.group(1).lower()
    side = _SIDE.get(w, w[:4].rstrip(" -"))
    value = f"{side}-handed" + (f" ({w})" if w in _SIDE else "")
    yield cand("handedness", value, s, confidence=0.7)


# ---------------------------------------------------------------- hometown: "a Galway girl"

_DEMONYM = re.compile(
    r"\b(?:I'm|I\s+am)\s+(?:a\s+|an\s+)?(?:proper\s+|true\s+|real\s+|total\s+|born\s+)?"
    r"([A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?)\s+(girl|boy|lad|lass|gal|guy|kid|native|born\s+and\s+"
    r"(?:bred|raised))\b(?!\s+now\b)"
)
_NOT_DEMONYM = frozenset(w.casefold() for w in ZODIAC | LANGUAGES) | frozenset(RELIGIONS)


def r_demonym(s: str, m: Msg) -> Iterator[Candidate]:
    x = _DEMONYM.search(s)
    if not x:
        return
    where = x.group(1)
    first = where.split()[0].casefold()
    if first in NOT_NAMES_CF or first in _NOT_DEMONYM:
        return
    yield cand("hometown", f"{where} ({where} {x.group(2)})", s, confidence=0.75)


# ---------------------------------------------------------------- residence: "home is ... in X"

_HOME_IS = rx(
    r"\b(?:home|my\s+(?:place|base|digs))(?:\s+(?:these\s+days|now|right\s+now|nowadays|at\s+the"
    r"\s+moment))?(?:\s+is|'s)\s+((?:[\w'-]+\s+){0,6}?)(?:in|near|on|outside(?:\s+of)?)\s+"
)
_HOME_NAMED = rx(
    r"\bhome(?:\s+for\s+me|\s+base)?(?:\s+(?:these\s+days|now|right\s+now|nowadays))?"
    r"(?:\s+is|'s)\s+(?:now\s+)?(?=[A-Z])",
    0,
)
_IM_IN_NOW = rx(
    r"\bI'm\s+(?:now\s+|living\s+|based\s+|settled\s+)*(?:in|at)\s+"
    r"(?=[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*\s*(?:now|these\s+days|nowadays)\b)"
)
_MOVED = rx(r"\b(?:moved|move|moving|new\s+(?:flat|place|house|apartment|digs))\b")


def r_home(s: str, m: Msg) -> Iterator[Candidate]:
    if _THIRD.search(s):
        return
    x = _HOME_IS.search(s)
    if x:
        p = place(s[x.end() :])
        if p:
            said = x.group(1).strip()
            detail = f" (home is {said} in {p})" if said else ""
            yield cand("current_residence", f"{p}{detail}", s, confidence=0.8)
            return
    x = _HOME_NAMED.search(s)
    if x:
        p = place(s[x.end() :])
        if p:
            yield cand("current_residence", p, s, confidence=0.75)
            return
    x = _IM_IN_NOW.search(s)
    if x and _MOVED.search(m.text):
        p = place(s[x.end() :])
        if p:
            # the old place ("out of Headingley") stays out of the value: it is no longer true
            yield cand("current_residence", f"{p} (moved)", s, confidence=0.8)


# ---------------------------------------------------------------- job: "I'm a physio at a clinic"

_WORKPLACE = (
    r"(?:clinic|hospital|school|firm|company|office|bank|shop|store|restaurant|cafe|café|bar|"
    r"pub|hotel|agency|lab|factory|warehouse|studio|practice|university|college|charity|"
    r"council|startup|garage|salon|bakery|pharmacy|library|museum|newspaper|airline|airport|"
    r"station|gym|surgery|nursery|care\s+home|call\s+centre|call\s+center|supermarket)"
)
_JOB_AT = rx(
    rf"\b{_IM}\s+(?:currently\s+|now\s+)?an?\s+((?:[a-z][\w-]*\s+){{0,2}}?[a-z][\w-]*)\s+(?:at|in|"
    rf"for)\s+(an?|the|my)\s+((?:[\w'-]+\s+){{0,3}}?{_WORKPLACE})\b",
    0,
)
_JOB_NOT = rx(r"^(?:regular|patient|customer|student|visitor|guest|member|volunteer|bit|lot)$")


def r_job_at(s: str, m: Msg) -> Iterator[Candidate]:
    x = _JOB_AT.search(s)
    if not x or _THIRD.search(s) or _JOB_NOT.search(x.group(1)):
        return
    yield cand("job", x.group(1), s, confidence=0.7)
    yield cand("workplace", f"{x.group(2)} {x.group(3)}", s, confidence=0.6)


# ---------------------------------------------------------------- family: "middle of five kids"

_N = NUMBER_RE
_KIDS = r"(?:kids|children|siblings|brothers|sisters|girls|boys)"
_BIRTH_ORDER = rx(
    rf"(?:^\W*|\b{_IM}\s+|\bI\s+was\s+|\bbeing\s+)(?:the\s+)?((?:middle|youngest|oldest|eldest|baby|"
    rf"second|third)\s+(?:child\s+|kid\s+)?of\s+(?:the\s+)?{_N}(?:\s+{_KIDS})?|(?:middle|only|"
    rf"eldest|oldest|youngest)\s+(?:child|kid)|one\s+of\s+{_N}\s+{_KIDS})\b"
)


def r_birth_order(s: str, m: Msg) -> Iterator[Candidate]:
    x = _BIRTH_ORDER.search(s)
    if x and not _THIRD.search(s):
        yield cand("family", x.group(1), s, confidence=0.75)


# ---------------------------------------------------------------- pet: "a bearded dragon at home"

_PETW = alt(PETS)
_PET_HOME = rx(
    rf"\b(?:there's|there\s+is|I've\s+got|I\s+have|we've\s+got|we\s+have|I\s+live\s+with|I\s+share"
    rf"\s+(?:my\s+)?(?:flat|home|place|house|room)\s+with)\s+(?:an?|one|two|three)\s+((?:[\w-]+\s+)"
    rf"{{0,2}}?(?:{_PETW}))\b(?=[^.!?]*\b(?:at\s+home|back\s+home|at\s+my\s+place|waiting\s+for"
    rf"\s+me|in\s+my\s+(?:flat|room|apartment|house)|who|that|named|called)\b)"
)


def r_pet_home(s: str, m: Msg) -> Iterator[Candidate]:
    x = _PET_HOME.search(s)
    if x and not _THIRD.search(s):
        yield cand("pet", x.group(1).lower(), s, confidence=0.75)


# ---------------------------------------------------------------- allergy by symptom

_ALLERGEN = _words(ALLERGENS)
_ANY_ALLERGEN = rx(rf"\bany\s+({_forms(ALLERGENS)})\b")
_SYMPTOM = rx(
    r"\b(?:throat\s+(?:closes|swells|tightens)|closes\s+up|swell(?:s)?\s+up|hives|break\s+out|"
    r"come\s+out\s+in|rash|epi-?pen|anaphyla\w+|can't\s+breathe|puff(?:s)?\s+up|go\s+into\s+shock|"
    r"end\s+up\s+in\s+(?:the\s+)?(?:hospital|A&E|ER)|(?:lips|tongue|face)\s+(?:swell|tingle|blow)"
    r"|itch\s+like\s+mad|allergic\s+reaction)"
)

_AVOIDED = rx(rf"\b(?:no|without|zero|hold\s+the)\s+(?:\w+\s+)?{_ALLERGEN.pattern}|-free\b")


def r_allergy_symptom(s: str, m: Msg) -> Iterator[Candidate]:
    if not _SYMPTOM.search(s) or not _mine(s):
        return
    found = [x.group().lower() for x in _ALLERGEN.finditer(s)]
    if not found and s in m.sents and m.sents.index(s):
        # "had to confirm no sesame. one seed and I'm stabbing myself with an epipen"
        before = m.sents[m.sents.index(s) - 1]
        found = [x.group().lower() for x in _ALLERGEN.finditer(before)]
        if len(set(found)) != 1 or _THIRD.search(before) or not _AVOIDED.search(before):
            return
    if not found:
        return
    anyx = _ANY_ALLERGEN.search(s)
    main = anyx.group(1).lower() if anyx else found[0]
    rest = [w for w in dict.fromkeys(found) if w != main]
    value = main + (f" ({', '.join(rest)})" if rest else "")
    yield cand("allergy", value, s, confidence=0.75)


# ---------------------------------------------------------------- phobia: "X are my nightmare"

_DREAD = (
    r"(?:nightmare|worst\s+nightmare|worst\s+fear|biggest\s+fear|greatest\s+fear|phobia|"
    r"kryptonite|nemesis)"
)
_PHOBIA_IS = rx(
    rf"(?:^\W*|[,;—]\s*|\b(?:and|but)\s+)((?:[a-z][\w-]*\s+){{0,2}}?[a-z][\w-]*)\s+(?:is|are)\s+my\s+"
    rf"(?:\w+\s+)?{_DREAD}\b"
)
_PHOBIA_MY = rx(rf"\bmy\s+(?:\w+\s+)?{_DREAD}\s+(?:is|are|has\s+always\s+been)\s+")
_PHOBIA_VERB = rx(
    r"\bI\s+(?:can't\s+(?:stand|bear)\s+being\s+(?:near|around)|panic\s+(?:around|near|at)|"
    r"scream\s+at|freeze\s+(?:around|near|at))\s+(?!(?:the\s+|my\s+)?(?:TV|telly|screen|"
    r"ref|referee|umpire|players?|team|game|match|laptop|phone|computer)\b)"
)

# "I take the stairs because I do not get in elevators": refusing the classic fear objects
_AVOID = rx(
    r"\bI\s+(?:do\s+not|don't|won't|will\s+not|refuse\s+to|never)\s+(?:ever\s+)?"
    r"(?:get\s+(?:in|on|into)|ride|go\s+(?:in|on|into)|set\s+foot\s+(?:in|on)|do)\s+"
    r"(?:an?\s+|the\s+)?(elevator|lift|plane|airplane|escalator|ferris\s+wheel|roller\s*coaster|"
    r"helicopter|gondola|cable\s+car|glass\s+elevator)s?\b"
)


def r_phobia_cue(s: str, m: Msg) -> Iterator[Candidate]:
    x = _AVOID.search(s)
    if x and not _THIRD.search(s[: x.start()]):
        yield cand("phobia", f"{x.group(1).lower()}s (avoids them)", s, confidence=0.7)
        return
    if _THIRD.search(s):
        return
    x = _PHOBIA_IS.search(s)
    if x:
        what = phrase(x.group(1), 3)
        if what:
            yield cand("phobia", what, s, confidence=0.75)
            return
    x = _PHOBIA_MY.search(s) or _PHOBIA_VERB.search(s)
    if x:
        what = phrase(s[x.end() :], 4)
        if what:
            yield cand("phobia", what, s, confidence=0.7)


# ---------------------------------------------------------------- languages

_LANG = rx(rf"\b((?-i:{alt(frozenset(w for w in LANGUAGES if w[:1].isupper()))}))\b")
_LANG_CUE = rx(
    r"\b(?:never\s+(?:quite\s+|really\s+)?left\s+me|stuck\s+with\s+me|picked\s+up|learned|learnt|"
    r"studied|fluent|conversational|get\s+by|rusty|bilingual|trilingual|mother\s+tongue|"
    r"grew\s+up\s+speaking|native\s+(?:speaker|tongue|language)|speak|dream\s+in|slip\s+into|"
    r"switch(?:ed)?\s+(?:in)?to|my\s+(?:second|first)\s+language|still\s+(?:count|swear|think)\s+in)"
)


def r_language_cue(s: str, m: Msg) -> Iterator[Candidate]:
    if not _LANG_CUE.search(s) or not _mine(s):
        return
    for x in _LANG.finditer(s):
        lang = x.group(1)
        if lang == "English":
            continue
        after = s[x.end() : x.end() + 12]
        if re.match(r"\s+(?:food|people|wine|coast|side|team|guy|girl)\b", after):
            continue
        yield cand("language", lang, s, confidence=0.7)


# ---------------------------------------------------------------- strong liking by class

_COLOR = rx(rf"\b((?:(?:{alt(COLOR_MODS)})[\s-]+)?(?:{alt(COLORS)}))\b")
_CLASSES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("favorite_season", _words(SEASONS)),
    ("favorite_music", _words(MUSIC_GENRES)),
    ("book_genre", rx(rf"\b(?:(?:{alt(GENRE_MODS)}|cosy)\s+)?(?:{alt(BOOK_GENRES)})\b")),
    ("sport", _words(SPORTS)),
    ("hobby", _words(HOBBIES)),
    ("favorite_drink", _words(DRINKS)),
    ("favorite_food", _words(FOODS)),
)
_LOVE = rx(
    r"\b(?:nothing\s+(?:on\s+earth\s+|in\s+the\s+world\s+|else\s+)?(?:beats|compares\s+to|tops)|"
    r"you\s+can't\s+beat|can't\s+beat|the\s+only\s+thing\s+(?:that|I)|can't\s+live\s+without|"
    r"(?:drags|gets|keeps)\s+me\s+(?:out\s+of\s+bed|through|going)|I'd\s+never\s+leave|"
    r"I'm\s+in\s+heaven|my\s+(?:happy\s+place|jam|weakness|comfort\s+\w+)|at\s+my\s+(?:very\s+)?"
    r"happiest|when\s+I'm\s+(?:at\s+my\s+)?(?:very\s+)?happiest|I\s+live\s+for|obsessed|addicted"
    r"|hooked\s+on|right\s+up\s+my\s+(?:street|alley)|music\s+to\s+my\s+ears|I\s+come\s+alive"
    r"|my\s+(?:all-time\s+)?(?:season|colou?r|drink|food|music|genre|sport)\b|powered\s+by"
    r"|runs?\s+on|I\s+swear\s+by|my\s+one\s+true\s+love|over\s+the\s+moon)"
)
_OWN = rx(
    r"\b(?:everything\s+I\s+own|all\s+my\s+(?:clothes|stuff|things)|half\s+(?:my|of\s+my)\s+"
    r"(?:closet|wardrobe|stuff)|my\s+whole\s+(?:wardrobe|closet|flat|room|house)|ends?\s+up|"
    r"I\s+always\s+(?:buy|pick|choose|wear|paint)|I\s+wear\s+nothing\s+but)\b"
)
_SPORT_CUE = rx(
    r"\b(?:league|team|club|squad|I\s+(?:play|skate|train|compete|race|row|coach|captain)|"
    r"practice|training|matches|tournaments?|jammer|goalie|keeper|striker|pitcher|quarterback)\b"
)
_HOBBY_CUE = rx(
    r"\b(?:class|classes|club|lessons|workshop|course|(?:on|every)\s+\w+\s+(?:nights?|evenings?|"
    r"mornings?|afternoons?)|weekends?|taken\s+up|took\s+up|getting\s+into|I\s+(?:do|make|"
    r"throw|knit|paint|sew|bake|build))\b"
)
_BOOK_CUE = rx(
    r"\b(?:bedside|nightstand|bookshel(?:f|ves)|shelves|kindle|tower\s+of|stack\s+of|pile\s+of|"
    r"I\s+(?:read|devour|tear\s+through|inhale|binge)|reading|TBR|library)\b"
)
_CUES = {"sport": _SPORT_CUE, "hobby": _HOBBY_CUE, "book_genre": _BOOK_CUE}
_DISH = (
    r"(?:\s+(?:rice|stew|soup|curry|pie|cake|noodles|bread|latte|tea|coffee|sandwich|tacos?|"
    r"pasta|burgers?|dumplings|casserole|roast|pudding))"
)
_THIS = rx(r"\b(?:it's|it\s+is|that's|they're|it|that|this)\b")


def _items(text: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for subject, pat in _CLASSES:
        out.extend((subject, x.group()) for x in pat.finditer(text))
    return out


def r_love(s: str, m: Msg) -> Iterator[Candidate]:
    if _THIRD.search(s) or not _mine(s):
        return
    if _OWN.search(s):
        x = _COLOR.search(s)
        if x:
            yield cand("favorite_color", x.group(1).lower(), s, confidence=0.7)
            return
    for subject, cue in _CUES.items():
        if cue.search(s):
            for subj, word in _items(s):
                if subj == subject:
                    yield cand(subject, word, s, confidence=0.7)
                    return
    love = _LOVE.search(s)
    if not love:
        return
    if re.search(r"colou?r", love.group(), re.I):
        # "blue is my color": the cue names the kind ("blue" is also a music genre); "Teal.
        # It's been my colour since I was wee": the colour is in another sentence
        x = _COLOR.search(s) or next(
            (c for t in m.all_sents if t != s and _THIS.search(s) for c in _COLOR.finditer(t)),
            None,
        )
        if x:
            yield cand("favorite_color", x.group(1).lower(), s, confidence=0.7)
        return
    items = _items(s)
    if not items and _THIS.search(s):
        # "Do you do matcha? ... it's the only thing that drags me out of bed"
        others = [t for t in m.all_sents if t != s]
        items = [i for t in others for i in _items(t)]
        if len({i[1].lower() for i in items}) != 1:
            return
    if items:
        subject, word = items[0]
        x = re.search(rf"\b(?:my\s+)?(\w+'s\s+(?:[\w-]+\s+)?{re.escape(word)}{_DISH}?)", s)
        value = word.lower()
        if x and len(x.group(1).split()) <= 4:
            value = f"{value} ({x.group(1)})"
        yield cand(subject, value, s, confidence=0.7)


# ---------------------------------------------------------------- favourite film: "forty times"

_TIMES = rx(
    r"\bI(?:'ve|\s+have)\s+(?:seen|watched|rewatched)\s+(?:that|this|the)\s+(?:film|movie)\s+"
    rf"(?:about\s+|like\s+|at\s+least\s+|over\s+|probably\s+)?(?:{NUMBER_RE}|\d+|a\s+(?:hundred|"
    r"million|thousand|dozen))\s+times\b"
)
_TITLE = re.compile(
    r"(?<![.!?]\s)(?<!^)\b([A-Z][\w'-]*(?:\s+(?:of|the|a|an|to|in|on|and|&)?\s*[A-Z][\w'-]*)+"
    r"|[A-Z][\w'-]+(?=\s*[.!?,]))"
)


def r_film_times(s: str, m: Msg) -> Iterator[Candidate]:
    if not _TIMES.search(s):
        return
    i = m.all_sents.index(s) if s in m.all_sents else 0
    for sent in (s, *reversed(m.all_sents[:i])):
        for x in _TITLE.finditer(sent):
            t = x.group(1)
            if x.start() == 0 or t.split()[0].casefold() in NOT_NAMES_CF - {"the"}:
                continue
            yield cand("favorite_movie", t, s, confidence=0.7)
            return


# ---------------------------------------------------------------- divorced, best friend

_DIVORCE = rx(
    r"\b(?:(?:signed|got|finali[sz]ed)\s+my\s+divorce(?:\s+papers)?|(?:my\s+divorce|(?:my|the)\s+"
    r"divorce\s+(?:from|with)\s+(?-i:[A-Z][a-z]+))\s+(?:went|came|was|got)\b|since\s+my\s+divorce\b|I(?:'m|\s+am|\s+got|\s+just\s+got)\s+(?:recently\s+|newly\s+|freshly\s+|finally\s+)?"
    r"(divorced|separated|widowed))"
)


def r_divorce(s: str, m: Msg) -> Iterator[Candidate]:
    x = _DIVORCE.search(s)
    if not x or _THIRD.search(s):
        return
    status = (x.group(1) or "divorced").lower()
    said = phrase(s[x.start() :], 8, allow_bad=True) or x.group()
    yield cand("relationship_status", f"{status} ({said})", s, confidence=0.8)


_BESTIE = rx(
    r"\b(?:she's|he's|they've|she\s+has|he\s+has)\s+(?:always\s+)?been\s+my\s+(partner\s+in\s+"
    r"crime|best\s+friend|bestie|ride[\s-]or[\s-]die|rock|person|closest\s+friend|soul\s*mate)"
    r"|\bthe\s+(?:sister|brother|sibling)\s+I\s+(?:got\s+to\s+)?(?:chose|choose|picked)"
)
_SINCE = rx(
    r"\bsince\s+(?:we\s+were\s+\w+|(?:primary|nursery|kindergarten|uni|year\s+\w+|\w+\s+grade))"
)


def r_bestie(s: str, m: Msg) -> Iterator[Candidate]:
    x = _BESTIE.search(s)
    if not x:
        return
    name = name_in(m)
    if not name or name.casefold() in " ".join(m.current("best_friend")).casefold():
        return
    since = _SINCE.search(s)
    kind = (x.group(1) or "best friend").lower()
    detail = f" ({kind}{' ' + since.group() if since else ''})"
    yield cand("best_friend", name + detail, s, confidence=0.75)


# ---------------------------------------------------------------- exam without the word

_SITTING = rx(
    r"\bI'm\s+(?:sitting|taking|resitting|retaking|re-sitting|re-taking|having\s+another\s+go\s+at)"
    r"\s+((?:my|the|a|an)\s+[^,.;!?—]{2,50})"
)
_DATE = rx(
    r"\b(?:on\s+the\s+\d{1,2}(?:st|nd|rd|th)|on\s+(?:monday|tuesday|wednesday|thursday|friday|"
    r"saturday|sunday)|next\s+\w+|tomorrow|this\s+(?:week|weekend|friday|saturday|monday)|"
    r"in\s+(?:a|two|three)\s+(?:days|weeks))\b"
)


def r_sitting(s: str, m: Msg) -> Iterator[Candidate]:
    x = _SITTING.search(s)
    if not x or _THIRD.search(s) or m.current("upcoming_exam"):
        return
    d = _DATE.search(s)
    if not d:
        return
    yield cand("upcoming_exam", f"{d.group()} ({x.group(1)})", s, confidence=0.7)


_HYPO_LOVE = rx(r"\bI'd\s+(?:never\s+leave|be\s+in\s+heaven|happily\s+live\s+(?:on|in)|marry)\b")


def m_love_hypo(m: Msg) -> Iterator[Candidate]:
    """'Add a banjo and it'd be proper bluegrass, and I'd never leave': a wish saying a liking."""
    for s in m.all_sents:
        if s not in m.sents and not s.rstrip("\"') ").endswith("?") and _HYPO_LOVE.search(s):
            yield from r_love(s, m)


MESSAGE_RULES = (m_love_hypo,)
SENTENCE_RULES = (
    r_hand_fragment,
    r_demonym,
    r_home,
    r_job_at,
    r_birth_order,
    r_pet_home,
    r_allergy_symptom,
    r_phobia_cue,
    r_language_cue,
    r_love,
    r_film_times,
    r_divorce,
    r_bestie,
    r_sitting,
)
