"""English rules for facts about other people ("my sister loves sushi", "Devon's birthday is
in May"): kept as ``about="other"`` (or ``"assistant"``) so they never become user facts."""

from __future__ import annotations

import re
from collections.abc import Iterator

from soulmem.perceive.facts.base import Candidate
from soulmem.perceive.facts.en_lex import FAMILY, JOBS, alt, categorize
from soulmem.perceive.facts.en_util import NAME, Msg, cand, cap_name, phrase, place, rx

__all__ = ["SENTENCE_RULES"]

_PEOPLE = alt(
    FAMILY
    | {
        "friend",
        "best friend",
        "boyfriend",
        "girlfriend",
        "partner",
        "wife",
        "husband",
        "roommate",
        "boss",
        "coworker",
        "neighbor",
        "neighbour",
        "ex",
        "buddy",
    }
)
_WHO = rf"(?P<who>\b[Mm]y\s+(?:[\w-]+\s+)?{_PEOPLE}|\b{NAME}|\b(?-i:He|She|he|she)|\b[Yy]ou)"
_LIKES = rx(rf"{_WHO}\s+(?:really\s+|absolutely\s+)?(?:loves|adores|is\s+obsessed\s+with)\s+")
_ALLERGY = rx(rf"{_WHO}(?:\s+is|'s|\s+are|'re)\s+(?:\w+\s+)?allergic\s+to\s+")
_FROM = rx(
    rf"{_WHO}(?:\s+(?:grew\s+up|was\s+born|was\s+raised)\s+(?:in|on)|(?:\s+is|'s|\s+are|'re)"
    r"\s+(?:originally\s+)?from)\s+"
)
_BDAY = rx(
    rf"(?P<who>\b[Mm]y\s+(?:[\w-]+\s+)?{_PEOPLE}|\b{NAME}|\b[Hh]is|\b[Hh]er|\b[Yy]our)(?:'s|"
    rf"')?\s+(?:birthday|bday)\s+(?:is|was|falls)\s+(?:on\s+|in\s+)?"
)
_JOB = rx(rf"{_WHO}(?:\s+is|'s)\s+an?\s+((?:[\w-]+\s+){{0,2}}?{alt(JOBS)})\b")
_MONTH_DAY = rx(
    r"^((?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?(?:\s+\d{1,2}"
    r"(?:st|nd|rd|th)?)?|\d{1,2}(?:st|nd|rd|th)?\s+of\s+[a-z]+|the\s+\d{1,2}(?:st|nd|rd|th)?)"
)


def _about(who: str) -> str | None:
    w = who.strip()
    low = w.lower()
    if low in ("you", "your"):
        return "assistant"
    if low.startswith("my ") or low in ("he", "she", "his", "her"):
        return "other"
    return "other" if cap_name(w) else None


def _who(who: str) -> str:
    w = who.strip()
    return w[0].lower() + w[1:] if w.split()[0] in ("My", "She", "He", "His", "Her") else w


def r_other(s: str, m: Msg) -> Iterator[Candidate]:
    x = _BDAY.search(s)
    if x:
        about = _about(x.group("who"))
        d = _MONTH_DAY.search(s[x.end() :])
        if about and d:
            day = d.group(1).rstrip(".")
            yield cand("birthday", f"{day} ({_who(x.group('who'))})", s, about=about)
    for pat in (_LIKES, _ALLERGY, _FROM):
        x = pat.search(s)
        if not x:
            continue
        about = _about(x.group("who"))
        if not about:
            continue
        who = _who(x.group("who"))
        if pat is _FROM:
            p = place(s[x.end() :])
            subject = "hometown"
        else:
            p = phrase(s[x.end() :], 5)
            subject = "allergy" if pat is _ALLERGY else categorize(p or "")
        if p:
            yield cand(subject, f"{p} ({who})", s, about=about, confidence=0.6)
    x = _JOB.search(s)
    if x:
        about = _about(x.group("who"))
        if about and not re.match(r"(?:I|I'm)\b", x.group("who")):
            who = _who(x.group("who"))
            yield cand("job", f"{x.group(2)} ({who})", s, about=about, confidence=0.6)


SENTENCE_RULES = (r_other,)
