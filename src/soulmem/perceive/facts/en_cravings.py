"""English rule for a food the user says they could eat all the time.

"the pierogi alone justify the rent, I'd eat them every meal", "The tacos here are unreal,
I could eat them every day", "I'd eat dumplings every single day if I could": a wish to eat
something at every meal is a strong liking. The sentence is read even when it is a
hypothetical (the "I'd" is the idiom). A pronoun ("them", "it") points to the subject of the
clause before it. Subject: ``favorite_food`` while the user has named no favourite food, else
``likes`` (a favourite the user named is not replaced by a hyperbole).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from soulmem.perceive.facts.base import Candidate
from soulmem.perceive.facts.en_util import FIRST, Msg, cand, rx

__all__ = ["MESSAGE_RULES"]

_EVERY = (
    r"(?:for\s+|at\s+|with\s+)?(?:every|each)\s+(?:single\s+)?(?:day|meal|night)|for\s+every\s+"
    r"meal|for\s+breakfast,?\s+lunch\s+and\s+dinner|(?:all\s+day\s+)?every\s+day"
)
_EAT = rx(
    r"\bI(?:'d|\s+would|\s+could|\s+can)\s+(?:happily\s+|honestly\s+|literally\s+|"
    r"seriously\s+|totally\s+)?(?:eat|live\s+on|live\s+off)\s+"
    rf"(them|it|those|these|[\w' -]{{2,25}}?)\s+(?:{_EVERY})\b"
)
# the subject of the clause before: "the pierogi alone justify the rent, ..."
_SUBJECT = rx(r"(?:^|[,;:—]\s*|\.\s+)(?:the|those|these|their|this|that)\s+([a-z][\w-]*)\b")
_PRONOUNS = ("them", "it", "those", "these")
_PRONOUN = rx(r"(?:them|it|those|these|you|him|her|me|us)\b")
_NOT_FOOD = frozenset(
    [
        "food",
        "place",
        "rent",
        "price",
        "prices",
        "doctor",
        "menu",
        "portions",
        "staff",
        "chef",
        "restaurant",
        "way",
        "thing",
        "fact",
        "smell",
        "taste",
        "service",
        "view",
    ]
)


def m_crave(m: Msg) -> Iterator[Candidate]:
    for s in m.all_sents:
        x = _EAT.search(s)
        if not x:
            continue
        what = x.group(1).strip()
        plain = not re.match(r"I(?:'d|\s+would)", x.group(0))
        if plain and what.lower() not in _PRONOUNS:
            continue  # "I could eat sushi every day": the favourite rules read it
        if what.lower() in _PRONOUNS:
            subjects = [g.group(1) for g in _SUBJECT.finditer(s[: x.start()])]
            what = subjects[0] if subjects else ""
        what = re.sub(r"^(?:the|some|a|an)\s+", "", what, flags=re.I)
        if not what or what.lower() in _NOT_FOOD or FIRST.search(what) or _PRONOUN.match(what):
            continue
        # a favourite only while the user has named none
        subject = "likes" if m.current("favorite_food") else "favorite_food"
        yield cand(subject, f"{what} (could eat it every meal)", s, confidence=0.65)
        return


MESSAGE_RULES = (m_crave,)
