"""English rule for a food praised in a fragment after it was named (``favorite_food``).

"What helps is a macaroni pie from the chippy on the way home. Pastry, cheese, zero nutritional
value. Best thing on earth.": the verdict ("Best thing on earth", "Nothing beats it", "Food of
the gods") has no subject of its own; it points back to the food the user named just before in
the same message, with "I", "me" or "my" in that message (the user's own habit, not a friend's
order). The food is the last noun phrase before the verdict that ends in a food word.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from soulmem.perceive.facts.base import Candidate
from soulmem.perceive.facts.en_lex import FOODS
from soulmem.perceive.facts.en_util import Msg, cand, rx

__all__ = ["MESSAGE_RULES"]

_VERDICT = rx(
    r"^\W*(?:(?:honestly|genuinely|seriously|just|literally|easily)\s+)?(?:the\s+)?(?:best\s+thing"
    r"\s+(?:on\s+(?:earth|the\s+planet)|in\s+the\s+(?:world|universe)|ever|going|since\s+sliced"
    r"\s+bread)|nothing\s+(?:beats|comes\s+close\s+to|tops)\s+(?:it|them)|food\s+of\s+the\s+gods"
    r"|pure\s+heaven|heaven\s+on\s+(?:earth|a\s+plate)|ten\s+out\s+of\s+ten|10/10)\W*$"
)
_SINGLE_FOOD = frozenset(w for w in FOODS if " " not in w and len(w) > 2) - {
    "fried",
    "cream",
    "and",
    "hot",
    "ice",
    "dim",
    "sum",
    "pad",
    "mac",
}
_ME = rx(r"\b(?:I|I'm|I've|I'd|me)\b")
_FOOD_NP = rx(
    r"\b(?:a|an|some|the|my|those|these)\s+((?:[\w-]+\s+){0,2}?(?:"
    + "|".join(sorted(_SINGLE_FOOD, key=len, reverse=True))
    + r"))\b"
)


_THIRD = rx(r"\b(?:my|his|her|their)\s+\w+\s+(?:had|ordered|made|got|ate)\b|^\W*(?:he|she|they)\b")


def m_food_verdict(m: Msg) -> Iterator[Candidate]:
    sents = m.sents
    for i, s in enumerate(sents):
        if i == 0 or not _VERDICT.match(s):
            continue
        before = " ".join(sents[max(0, i - 2) : i])
        if not _ME.search(before) or _THIRD.search(before):
            continue
        foods = list(_FOOD_NP.finditer(before))
        if not foods:
            continue
        food = foods[-1].group(1).lower()
        if re.match(r"(?:other|same|whole|last|first)\b", food):
            continue
        verdict = s.strip(" .!").lower()
        yield cand("favorite_food", f"{food} ({verdict})", f"{before} {s}", confidence=0.65)
        return


MESSAGE_RULES = (m_food_verdict,)
