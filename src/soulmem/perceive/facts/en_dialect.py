"""Scots and informal spellings read as standard English before the English rules run.

"cannae dae shellfish", "stay in paisley these days", "pure feart o doos, me", "we're in
clydebank noo, oot the paisley flat": a speaker of Scots (or of broad chat English) writes
common words in their own spelling. Only forms that are not standard English words, or are
so only in a context ruled out here, are rewritten:

* the ``-nae`` negatives of the auxiliaries ("didnae", "cannae", "willnae" -> "didn't"...);
* Scots spellings of common words ("fae", "tae", "hame", "noo", "oot", "aboot", "ower",
  "whit", "heid", "feart", "mair", "thegither", "masel"...); "ma" only before a word and not
  where it names a mother ("lorna's ma got us...", "my ma says");
* "o" and "n" standing alone between two words ("a can o irn bru", "cheese n pickle"), "no"
  before an article ("I'm no a weegie" -> "not a"), "ken" after a negative ("dinnae ken");
* the dropped "g" of a progressive after its auxiliary ("I'm gettin married", "been livin
  in") — only there, so "cousin", "cabin" or "again" are never touched.

Then, in a message written all in lower case, a place name after a cue of living or coming
from ("stay in paisley", "we're in clydebank now", "I'm from kirkcaldy") gets its capital so
the place rules read it; a bare common noun there ("live in hope", "stay in bed") is left.
"""

from __future__ import annotations

import re

__all__ = ["normalise"]

_NAE = {
    "didnae": "didn't",
    "cannae": "can't",
    "canny": "can't",
    "dinnae": "don't",
    "dinna": "don't",
    "disnae": "doesn't",
    "doesnae": "doesn't",
    "willnae": "won't",
    "wullnae": "won't",
    "wasnae": "wasn't",
    "wisnae": "wasn't",
    "isnae": "isn't",
    "couldnae": "couldn't",
    "wouldnae": "wouldn't",
    "widnae": "wouldn't",
    "shouldnae": "shouldn't",
    "hasnae": "hasn't",
    "havnae": "haven't",
    "havenae": "haven't",
    "hadnae": "hadn't",
    "arenae": "aren't",
    "urnae": "aren't",
    "werenae": "weren't",
    "mustnae": "mustn't",
}
_WORDS = {
    "ah'm": "I'm",
    "ah've": "I've",
    "ah'll": "I'll",
    "ah'd": "I'd",
    "fae": "from",
    "frae": "from",
    "tae": "to",
    "hame": "home",
    "dae": "do",
    "noo": "now",
    "oot": "out",
    "aboot": "about",
    "ower": "over",
    "aff": "off",
    "auld": "old",
    "whit": "what",
    "heid": "head",
    "feart": "scared",
    "mair": "more",
    "thegither": "together",
    "masel": "myself",
    "yersel": "yourself",
    "hissel": "himself",
    "doon": "down",
    "roon": "round",
    "yer": "your",
    "ye're": "you're",
    "ye'll": "you'll",
    "ye've": "you've",
    "gonnae": "going to",
    "jist": "just",
    "awready": "already",
    "awright": "alright",
    "naw": "no",
    "nae": "no",
    "wi": "with",
}
_WORD_RX = re.compile(
    r"(?<![\w'-])(" + "|".join(sorted({**_NAE, **_WORDS}, key=len, reverse=True)) + r")(?![\w'-])",
    re.IGNORECASE,
)
# "ma knees", "ma best mate" (not "lorna's ma got us", "my ma says", "ma and pa")
_MA = re.compile(
    r"(?<!'s\s)(?<!\bmy\s)(?<!\bhis\s)(?<!\bher\s)(?<!\byour\s)(?<!\bour\s)(?<!\bthe\s)"
    r"(?<!\bme\s)\bma(?=\s+(?!(?:says|said|and|n|&|is|was|got|has|had|used|would|will|thinks|"
    r"told|always|never)\b)[a-z0-9])",
    re.IGNORECASE,
)
# not a blood group ("I'm o neg")
# "am fae aberdeen", "am a joiner": a sentence opened by "am" has dropped its "I"
_AM = re.compile(
    r"(?:^|(?<=[.!?]\s)|(?<=\bno,\s)|(?<=\baye,\s)|(?<=\byes,\s)|(?<=\byeah,\s)|(?<=\bwell,\s))"
    r"[Aa]m(?=\s+(?:no|not|fae|from|a|an|in|the|just|still|"
    r"gonnae|going|only|\d))"
)
_O = re.compile(r"(?<=[a-z]\s)o(?=\s+(?!(?:neg|negative|pos|positive)\b)[a-z0-9])")
_N = re.compile(r"(?<=\w\s)n(?=\s+\w)")
_NO_ART = re.compile(
    r"\b(I'm|I\s+am|it's|that's|he's|she's|we're|they're)\s+no\s+(?=(?:a|an|the)\b)"
)
_KEN = re.compile(r"\b(don't|didn't|do\s+not)\s+ken\b")
_G_DROPPED = re.compile(
    r"((?:(?<=I)'m|(?<=\w)'re|(?<=\w)'s|\b(?:am|are|is|was|were|been|be|keep|keeps|kept|stop|"
    r"stopped|start|started|quit|love|hate|enjoy|mind|avoid|finish|finished))\s+"
    r"(?:(?:just|still|now|only|always|finally|actually)\s+)?)([a-z]{3,}in)(?![\w'])"
)
# words in -in that are not a progressive with its "g" dropped ("it's thin", "he's my cousin")
_NOT_ING = frozenset(
    str.split(
        "thin skin twin spin chin grin satin latin cabin robin basin cousin margin origin vitamin "
        "muffin coffin pumpkin napkin violin dolphin goblin admin cumin raisin bulletin toxin "
        "begin akin again certain plain main brain rain train contain explain remain within "
        "penguin protein join coin ruin heroin insulin aspirin assassin sequin javelin mannequin "
        "moccasin denim"
    )
)


def _word(x: re.Match[str]) -> str:
    w = x.group(1)
    if w.lower() == "tae" and re.match(r"\s*kwon", x.string[x.end() :], re.IGNORECASE):
        return w
    new = _NAE.get(w.lower()) or _WORDS[w.lower()]
    return new[:1].upper() + new[1:] if w[:1].isupper() else new


def _g(x: re.Match[str]) -> str:
    word = x.group(2)
    if word in _NOT_ING or word.endswith(("ain", "ein", "oin", "uin")):
        return x.group(0)
    return f"{x.group(1)}{word}g"


# ---------------------------------------------------------------- lowercase place names

_PLACE_CUE = re.compile(
    r"(?:\b(?:(?:I|we)\s+(?:still\s+|now\s+|currently\s+)?(?:live|stay)\s+in|(?:living|"
    r"staying|renting|based|raised|born|flat|house|apartment|condo|unit|cottage)\s+in|(?:grew\s+up|moved|relocated)\s+(?:in|to)|(?:I'm|I\s+am)"
    r"\s+(?:originally\s+)?from|(?:I'm|I\s+am|we're|we\s+are)\s+(?:now\s+|finally\s+)?in)"
    r"|(?:^|(?<=[.!?,;]\s))(?:stay|live)\s+in)\s+([a-z][a-z'-]{2,})"
    r"(?=\s+(?:now|these\s+days|nowadays|though|tho|for\s+good|since|originally|but|and|with)\b"
    r"|\s*[,.!;]|$)"
    # "out the paisley flat": the home left, named by its town
    r"|\bout\s+(?:of\s+)?the\s+([a-z][a-z'-]{2,})(?=\s+(?:flat|house|place|apartment)\b)"
)
# bare nouns that follow these cues in ordinary English ("live in hope", "stay in bed")
_NOT_PLACE = frozenset(
    str.split(
        "bed touch shape school college uni town hospital jail prison church class work line "
        "fear hope peace sin denial love luck charge debt trouble tears bits pain shock there "
        "here home it them this that which what one ones bad good luck love hell heaven time "
        "place order private public style business power general total fact theory way house "
        "flat room car van tent camp hotel halls dorm dorms lockdown isolation quarantine "
        "process progress case question doubt danger contact mind character therapy rehab "
        "recovery agony limbo pieces awe stitches labour labor season form training"
    )
)


# "name's jerome", "everyone says spinz", "quit sainsburys", "shelves at sainsburys": a name
# in a lower-case message, after the words that introduce one
_NAME_CUE = re.compile(
    r"\b(?:name's|name\s+is|I'm\s+called|call\s+me|calls\s+me|(?:everyone|everybody|people)"
    r"\s+(?:says|say)|quit|(?:work|working|shifts?|job|shelves)\s+at)\s+([a-z][a-z'-]{1,})\b"
)
_NOT_NAME = frozenset(
    str.split(
        "me you him her them it that this the a an my your his our their what whatever "
        "anything something nothing smoking drinking vaping school uni college work job home "
        "the weekend night lol haha though tho too now again"
    )
)


def _capitalise_places(t: str) -> str:
    # a message in lower case: no capital but the "I" and a sentence's first letter
    if re.search(r"(?<![.!?]\s)(?<!^)\b[A-Z][a-z]", t.replace("I'", "")):
        return t

    def up(x: re.Match[str]) -> str:
        w = x.group(1) or x.group(2)
        if w in _NOT_PLACE:
            return x.group(0)
        return x.group(0)[: -len(w)] + w[:1].upper() + w[1:]

    def up_name(x: re.Match[str]) -> str:
        w = x.group(1)
        if w in _NOT_NAME:
            return x.group(0)
        return x.group(0)[: -len(w)] + w[:1].upper() + w[1:]

    return _NAME_CUE.sub(up_name, _PLACE_CUE.sub(up, t))


# "pure scared of doos, me.", "love a steak pie, me": the British statement whose subject
# comes last as "me"; it is read with its "I" in front
_ME_LAST = re.compile(
    r"(?:^|(?<=[.!?]\s))((?:(?:ach|och|oh|ah|well|aye|yeah|honestly)\W+)*)([a-z][^,.!?]{2,50}?),"
    r"\s*me(?=\s*[.!]|$)"
)
_BE_WORDS = frozenset(
    str.split(
        "pure proper dead right really so totally absolutely bit a big huge massive not never "
        "scared afraid terrified allergic mad obsessed addicted hopeless useless rubbish terrible "
        "always too no"
    )
)
_DO_WORDS = frozenset(str.split("love loves hate like prefer can't cannot support adore need want"))


def _me_last(x: re.Match[str]) -> str:
    pre, said = x.group(1), x.group(2)
    first = said.split()[0].lower()
    if first in _BE_WORDS:
        return f"{pre}I'm {said}"
    if first in _DO_WORDS:
        return f"{pre}I {said}"
    return x.group(0)


def normalise(t: str) -> str:
    """The message with Scots and informal spellings in standard English."""
    t = _WORD_RX.sub(_word, t)
    t = _AM.sub("I'm", t)
    t = _MA.sub(lambda x: "My" if x.group(0)[0] == "M" else "my", t)
    t = _O.sub("of", t)
    t = _N.sub("and", t)
    t = _NO_ART.sub(r"\1 not ", t)
    t = _KEN.sub(r"\1 know", t)
    t = _G_DROPPED.sub(_g, t)
    t = _ME_LAST.sub(_me_last, t)
    return _capitalise_places(t)
