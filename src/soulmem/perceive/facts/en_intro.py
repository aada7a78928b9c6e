"""English rule for a self-introduction given as a list of descriptors.

"quick context on who's behind the keyboard: backend engineer, 34, which in engineer years is
roughly ninety", "about me: 29, nurse, two cats": a job and an age side by side, with no verb,
at the start of a sentence or right after a colon, in a message where the user speaks of
themselves (``job``, ``age``).

Also said sideways: "the Captain is fifty-four years old, same as me" (an age shared with a
character), "I'm the bunso in our family, youngest of five" (the user's place among
siblings, ``family``), "marine bio major." (a major as a fragment), "I'm a river-town kid:
Dubuque, Iowa" (a hometown after a colon).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from soulmem.perceive.facts.base import Candidate
from soulmem.perceive.facts.en_lex import JOBS, NUMBER_RE, alt, number
from soulmem.perceive.facts.en_util import FIRST, Msg, cand, place, rx

__all__ = ["SENTENCE_RULES"]

_JOB = rf"((?!(?:the|my|his|her|their|your|our|this|that)\b)(?:[\w-]+\s+){{0,2}}?{alt(JOBS)})"
_AGE = r"(\d\d)"
# not a role-play action ("*the guard, 34, looks at me*")
_START = r"(?:^[^\w*]*|:\s*)(?:an?\s+)?"
_AFTER = r"(?=\s*(?:[,.;!]|$|\s+(?:which|and|who|lol|btw)\b))"
_JOB_AGE = rx(rf"{_START}{_JOB},\s+{_AGE}{_AFTER}")
_AGE_JOB = rx(rf"{_START}{_AGE},\s+(?:an?\s+)?{_JOB}{_AFTER}")
_SELF = rx(r"\b(?:about\s+me|behind\s+the\s+(?:keyboard|screen)|who\s+I\s+am|irl|ooc|me:)")


def r_intro(s: str, m: Msg) -> Iterator[Candidate]:
    if not (FIRST.search(m.text) or _SELF.search(m.text)):
        return
    x = _JOB_AGE.search(s)
    job, age = (x.group(1), x.group(2)) if x else (None, None)
    if not x:
        y = _AGE_JOB.search(s)
        job, age = (y.group(2), y.group(1)) if y else (None, None)
    if not job or not age or not 13 <= (number(age) or 0) <= 99:
        return
    yield cand("job", job, s, confidence=0.7)
    yield cand("age", f"{number(age)} years old", s, confidence=0.7)


_SAME_AGE = rx(
    rf"\b(?:is|was|turns|turned)\s+({NUMBER_RE})(?:\s+years?\s+old)?,?\s+(?:the\s+)?(?:same\s+as|just\s+"
    r"like)\s+me\b"
)
_SIBLING_RANK = rx(
    rf"(?:\b(?:I'm|I\s+am|I\s+was)\s+(?:the\s+)?|,\s*)(youngest|oldest|eldest|middle\s+child)\s+of\s+"
    rf"({NUMBER_RE})\b"
)
_MAJOR_FRAGMENT = rx(r"^\W*(?:(?:and|so|ok|yeah|college|uni)\W+)*((?:[a-z-]+\s+){1,2}?)major\W*$")
_KID_FROM = rx(
    r"\b(?:I'm|I\s+am)\s+an?\s+(?:[\w-]+\s+){0,2}?(?:kid|girl|boy|lad|lass|guy|gal)\s*[:—-]\s*"
    r"(?=(?-i:[A-Z]))"
)


# "for the record it's Trudy Maclachlan, owner, head dishpig and chief worrier at The Cracked
# Cup": the roles after the user's own name, and the place they hold them at
_NAMED_ROLE = rx(
    r"\b(?:I'm|I\s+am|(?:record|btw|way|anyway|hi|hey|hello|hiya)\W+(?:it's|this\s+is|"
    r"(?:the\s+)?name's))\s+(?-i:[A-Z][\w'-]+)(?:\s+(?-i:[A-Z][\w'-]+))?,\s+"
    rf"(?:the\s+|an?\s+)?((?:co-)?owner|founder|co-founder|proprietor|(?:[\w-]+\s+)?{alt(JOBS)})\b"
    r"(?:,?\s+[^.!?]{0,60}?)?\s+(?:at|of)\s+((?-i:(?:The\s+)?[A-Z][\w'&-]*(?:\s+[A-Z][\w'&-]*)*))"
)


def r_sideways(s: str, m: Msg) -> Iterator[Candidate]:
    x = _NAMED_ROLE.search(s)
    if x:
        yield cand("job", f"{x.group(1)} ({x.group(2)})", s, confidence=0.7)
        yield cand("workplace", x.group(2), s, confidence=0.7)
    x = _SAME_AGE.search(s)
    n = number(x.group(1)) if x else None
    if n and 13 <= n <= 110:
        yield cand("age", f"{n} years old", s, confidence=0.75)
    x = _SIBLING_RANK.search(s)
    if x and (FIRST.search(s[: x.start() + 5]) or x.group(0).startswith(("I", "i"))):
        rank = " ".join(x.group(1).lower().split())
        yield cand("family", f"{rank} of {x.group(2).lower()} children", s, confidence=0.7)
    x = _MAJOR_FRAGMENT.search(s)
    if x and not re.match(r"(?:a|the|my|his|her|their|your|big|huge|no)\b", x.group(1), re.I):
        yield cand("major", x.group(1).strip(), s, confidence=0.65)
    x = _KID_FROM.search(s)
    p = place(s[x.end() :]) if x else None
    if p:
        yield cand("hometown", p, s, confidence=0.75)


SENTENCE_RULES = (r_intro, r_sideways)
