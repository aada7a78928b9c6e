"""English rule for the team (or band) the user follows as a fan (``likes``).

"I'm a huge Cubs fan", "I support Arsenal", "I root for the Packers", "I've been suffering
along with the Cubs my entire life", "die-hard Yankees fan since I was six": a named side
with a fan's verb. The value keeps how it was said: "the Cubs (suffering along with them)".
A fan of someone else ("my dad supports Leeds") or a negation ("I'm not a Lakers fan") is
not read.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from soulmem.perceive.facts.base import Candidate
from soulmem.perceive.facts.en_lex import NOT_NAMES_CF
from soulmem.perceive.facts.en_util import Msg, cand, rx

__all__ = ["SENTENCE_RULES"]

_SIDE = r"((?:the\s+)?(?-i:[A-Z][\w.'&-]*(?:\s+[A-Z][\w.'&-]*){0,2}))"
_FAN_OF = rx(
    r"\b(?:I'm|I\s+am|I've\s+been|I\s+was\s+raised|I\s+grew\s+up)\s+(?:an?\s+)?(?:(?:huge|big|"
    r"massive|lifelong|life-long|diehard|die-hard|die\s+hard|loyal|long-suffering|proud|"
    rf"devoted|total)\s+)*{_SIDE}\s+(fan|supporter|fanatic)\b"
)
_SUPPORT = rx(
    r"\bI(?:\s+|(?='))(?:\w+\s+)?(?:support|root\s+for|cheer\s+for|bleed\s+for|"
    r"'ve\s+(?:always\s+)?supported|have\s+(?:always\s+)?supported|'ve\s+been\s+rooting\s+for|"
    r"'ve\s+been\s+(?:suffering|living\s+and\s+dying)(?:\s+along)?\s+with|"
    r"'m\s+(?:suffering|living\s+and\s+dying)(?:\s+along)?\s+with)\s+"
    rf"{_SIDE}"
)
# not a side: a person spoken to, a pronoun, a day or a cause
_NOT_SIDE = frozenset({"you", "him", "her", "them", "it", "me", "god"})


def r_fandom(s: str, m: Msg) -> Iterator[Candidate]:
    x = _FAN_OF.search(s) or _SUPPORT.search(s)
    if not x or re.search(r"\b(?:not|never|n't)\s+(?:\w+\s+)?$", s[: x.start(1)]):
        return
    side = x.group(1).strip()
    first = re.sub(r"^the\s+", "", side, flags=re.I).split(maxsplit=1)[0].casefold()
    if first in NOT_NAMES_CF or first in _NOT_SIDE:
        return
    said = x.group(0).lower()
    how = (
        "fan"
        if x.re is _FAN_OF
        else "suffering along with them"
        if "suffer" in said
        else ("supports")
    )
    yield cand("likes", f"{side} ({how})", s, confidence=0.75)


SENTENCE_RULES = (r_fandom,)
