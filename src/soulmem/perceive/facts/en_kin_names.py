"""English rules for the names of the user's kin and best friend, given after they were
mentioned without names (``family``, ``best_friend``, ``refine``).

"I've got twin daughters" ... later "I should give you the girls' names: Maddie's the older
one and never lets Tess forget it": a cue that names are coming ("the girls' names", "my
kids' names are", "their names are") and then two to four names. The names refine the latest
plural family value ("twin daughters" -> "twin daughters (Maddie and Tess)").

"Keira says hi by the way, that's my daughter": a name, then who that is to the user
(``family``; a wife or husband is the ``spouse``).

"She brought the twins. Hattie and Fergus are seven": a group of the user's kin, then two
names given an age in the same message, is a new family value ("twins Hattie and Fergus
(seven)").

"my best mate's getting married in July ... known him since primary one": a best friend told
by their news; later "dougie, the eejit getting married, his stag's next month": a name whose
description repeats that news names them (``best_friend``, ``refine``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from soulmem.perceive.facts.base import Candidate
from soulmem.perceive.facts.en_lex import NUMBER_RE
from soulmem.perceive.facts.en_util import NAME, Msg, cand, cap_name, rx

__all__ = ["MESSAGE_RULES"]

_GROUP = (
    r"(?:girls|boys|kids|children|daughters|sons|twins|triplets|brothers|sisters|siblings|"
    r"grandkids|grandchildren|grandsons|granddaughters|grandbabies)"
)
_CUE = rx(
    rf"\b(?:(?:the|my|our)\s+(?:\w+\s+)?{_GROUP}'?\s+names?|their\s+names?)\b"
    r"(?!\s+(?:later|another\s+time|tomorrow))"
)
_PLURAL_KIN = rx(rf"\b{_GROUP}\b")
_NAME_RX = re.compile(NAME)


def m_kin_names(m: Msg) -> Iterator[Candidate]:
    text = " ".join(m.sents)
    x = _CUE.search(text)
    if not x or (x.group(0).lower().startswith("their") and not _PLURAL_KIN.search(text)):
        return
    group = next((v for v in reversed(m.current("family")) if _PLURAL_KIN.search(v)), None)
    if group is None or "(" in group:
        return
    known = " ".join(v for vs in m.ctx.current.values() for v in vs).casefold()
    names: list[str] = []
    for found in _NAME_RX.findall(text[x.end() : x.end() + 200]):
        n = re.sub(r"'s$", "", found)
        if cap_name(n) and n not in names and n.casefold() not in known:
            names.append(n)
    if not 2 <= len(names) <= 4:
        return
    listed = ", ".join(names[:-1]) + f" and {names[-1]}"
    yield cand("family", f"{group} ({listed})", text, mode="refine", confidence=0.7)


_KIN_GROUP = rx(rf"\b(?:the|my|our)\s+((?:little\s+|twin\s+)?{_GROUP})\b")
_PAIR_AGE = rx(
    rf"(?:^|[.!;,]\s+)({NAME}),?\s+and\s+({NAME})\s+are\s+(?:both\s+|now\s+|just\s+)?"
    rf"({NUMBER_RE}(?:\s+and\s+{NUMBER_RE})?)(?:\s+(?:years?\s+old|now|and)\b|\s*[,.!;]|$)"
)


def m_kin_pair(m: Msg) -> Iterator[Candidate]:
    text = " ".join(m.sents)
    g = _KIN_GROUP.search(text)
    if not g:
        return
    x = _PAIR_AGE.search(text, g.end())
    if not x or not (cap_name(x.group(1)) and cap_name(x.group(2))):
        return
    group = " ".join(g.group(1).lower().split())
    value = f"{group} {x.group(1)} and {x.group(2)} ({x.group(3)})"
    yield cand("family", value, x.group(0), confidence=0.7)


# "There's four of us plus the dog. Our Freya's 12 ..., Alfie's 8": two or more names each
# given a child's age, in a message that places them in the user's household ("our Freya",
# "four of us", "my kids"), are the user's children.
_HOUSEHOLD = rx(
    rf"\b(?:our\s+(?-i:{NAME})(?!\s+(?:and|from|at)\b)|(?:two|three|four|five|six|seven)\s+of\s+"
    rf"us\b|\bfamily\s+of\s+(?:three|four|five|six|seven|\d)\b|(?:my|our)\s+(?:kids|children|lot|two|three|eldest|youngest|oldest)\b)"
)
_NAME_AGE = rx(
    rf"\b({NAME})(?:'s|\s+is|\s+\(|,)\s*({NUMBER_RE})(?:\)|\s+(?:years?\s+old|and|now|going|"
    r"nearly|but)\b|\s*[,.!;]|$)"
)


def m_kids_ages(m: Msg) -> Iterator[Candidate]:
    text = " ".join(m.sents)
    if not _HOUSEHOLD.search(text) or re.search(
        r"\b(?:his|her|their|your|sister's|brother's|friend's)\s+(?:kids|children|lot)\b",
        text,
        re.I,
    ):
        return
    kids: list[str] = []
    for x in _NAME_AGE.finditer(text):
        age = x.group(2)
        if cap_name(x.group(1)) and (not age.isdigit() or int(age) < 18):
            kids.append(f"{x.group(1)} ({age})")
    known = " ".join(m.current("family")).casefold()
    if len(kids) < 2 or (known and all(k.split()[0].casefold() in known for k in kids)):
        return
    value = "kids " + ", ".join(kids[:-1]) + f" and {kids[-1]}"
    yield cand("family", value, text, confidence=0.7)


# "Keira says hi by the way, that's my daughter": a name, then who that is to the user
_THATS_MY = rx(
    rf"(?:^|[.!;]\s+|\b(?:and|oh|also|plus)\s+)({NAME})(?!')\b[^.!?]{{0,50}}?,\s*(?:that's|that\s+is|"
    rf"she's|he's)\s+my\s+((?:(?:twin|older|younger|little|big|baby|eldest|oldest|youngest|step)"
    r"[\s-]+)?(?:sister|brother|daughter|son|mum|mom|mother|dad|father|niece|nephew|cousin|"
    r"aunt|uncle|grandson|granddaughter|gran|nan|grandma|grandpa|wife|husband))\b(?!'s|\s+'s)"
)


def m_kin_that(m: Msg) -> Iterator[Candidate]:
    for s in m.sents:
        x = _THATS_MY.search(s)
        if not x or not cap_name(x.group(1)) or x.group(1) == m.ctx.assistant_name:
            continue
        kin = " ".join(x.group(2).lower().split())
        if kin in ("wife", "husband"):
            yield cand("spouse", f"{x.group(1)} ({kin})", s, confidence=0.75)
        else:
            yield cand("family", f"{kin} {x.group(1)}", s, confidence=0.75)
        return


# "my best mate's getting married in July ... known him since primary one": a best friend
# told by their news, the name not said yet
_BEST = r"(?:best\s+(?:friend|mate|pal|bud(?:dy)?)|bestie|bff|closest\s+(?:friend|mate|pal))"
_BF_NEWS = rx(
    rf"\bmy\s+({_BEST})(?:'s|\s+is)\s+((?:just\s+|finally\s+)?(?:getting|moving|having|"
    r"emigrating|retiring|starting|turning|expecting)\b[^,.;!?]{2,40}?)(?=\s*(?:[,.;!?]|$|\s+"
    r"(?:and|but|so|lol)\b))"
)
_KNOWN_SINCE = rx(
    r"\b(?:known|friends\s+with)\s+(?:him|her|them)\s+(since\s+(?:primary|nursery|kindergarten|"
    r"school|uni|college|high\s+school|we\s+were\s+\w+|year\s+\w+|\w+\s+grade)(?:\s+\w+)?)\b"
)


def m_best_news(m: Msg) -> Iterator[Candidate]:
    text = " ".join(m.sents)
    x = _BF_NEWS.search(text)
    if not x or m.current("best_friend"):
        return
    since = _KNOWN_SINCE.search(text)
    detail = x.group(2) + (f"; {since.group(1)}" if since else "")
    yield cand("best_friend", f"{x.group(1).lower()} ({detail})", x.group(0), confidence=0.7)


# ... then "dougie, the eejit getting married, his stag's next month": a name whose
# description repeats that news names the best friend
_NAMED_BY_NEWS = rx(r"(?:^|[.!;,]\s+)([A-Za-z][a-z'-]{2,}),\s+the\s+([^,.;!?]{2,50})")


_ING = re.compile(r"ing\b")


def m_best_named_by_news(m: Msg) -> Iterator[Candidate]:
    cur = m.current("best_friend")
    if not cur or "(" not in cur[-1] or re.match(r"[A-Z]", cur[-1]):
        return
    news = cur[-1].split(" (", 1)[1].rstrip(")").split(";")[0].split()
    if len(news) < 2:
        return
    told = " ".join(news[:2]).lower()
    for x in _NAMED_BY_NEWS.finditer(" ".join(m.sents)):
        name = x.group(1)[:1].upper() + x.group(1)[1:]
        # "gettin married" says "getting married" with its "g" dropped
        if (
            _ING.sub("in", told) in _ING.sub("in", x.group(2).lower())
            and cap_name(name)
            and name != m.ctx.assistant_name
        ):
            kind, told_as = cur[-1].split(" (", 1)
            value = f"{name} ({kind}, {told_as}"
            yield cand("best_friend", value, x.group(0), mode="refine", confidence=0.7)
            return


MESSAGE_RULES = (
    m_kin_names,
    m_kin_pair,
    m_kids_ages,
    m_kin_that,
    m_best_news,
    m_best_named_by_news,
)
