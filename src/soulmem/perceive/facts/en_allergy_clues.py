"""English rules for an allergy told by its reaction, not by the word "allergic".

"One strawberry and I'm covered in hives", "Bryony brought strawberries ... One bite and I
come up in hives", "my real allergy is being transferred to Aldous, walnuts are my nemesis":
a reaction (hives, a rash, swelling, a closing throat) after one piece of something, or the
user's own allergy named beside an allergen; "shrimp make my face like a balloon"; a question
that takes the allergy for granted ("will I ever grow out of being allergic to kiwi").
"""

from __future__ import annotations

from collections.abc import Iterator

from soulmem.perceive.facts.base import Candidate
from soulmem.perceive.facts.en_lex import ALLERGENS, FOODS, alt
from soulmem.perceive.facts.en_util import Msg, cand, phrase, rx

__all__ = ["MESSAGE_RULES", "SENTENCE_RULES"]

_ALLERGEN = alt(ALLERGENS)
_REACT = (
    r"(?:(?:come|came|break|broke)\s+(?:up|out)\s+in\s+(?:hives|a\s+rash|welts|blotches)|"
    r"(?:'m|\s+am|\s+get|\s+got|\s+was)\s+(?:\w+\s+)?(?:covered\s+in\s+(?:hives|a\s+rash|welts)|"
    r"hives)|swell\s+up|puff\s+up|my\s+(?:throat|lips|tongue|face|mouth)\s+(?:closes|swells|"
    r"starts?\s+to\s+swell|goes\s+numb|itches|(?:goes|blows\s+up|puffs\s+up)\s+like\s+an?\s+"
    r"(?:[\w-]+\s+)?(?:balloon|beach\s+ball|football|pufferfish|puffer\s+fish))"
    r"|need\s+my\s+epi-?pen|end\s+up\s+in\s+(?:A&E|"
    r"the\s+ER|hospital))"
)
# "One strawberry and I'm covered in hives", "a single peanut and my throat closes"
_ONE_AND = rx(
    rf"\b(?:one|a\s+single|just\s+one|a\s+bite\s+of\s+(?:an?\s+)?|a\s+bit\s+of|a\s+trace\s+of|"
    rf"a\s+sip\s+of)\s+((?:[\w-]+\s+)?[\w-]+?)\s+and\s+(?:I\b(?:\s+|')?|(?=my\b)){_REACT}"
)
_ONE_BITE = rx(
    rf"\b(?:one|a\s+single|just\s+one)\s+(?:bite|mouthful|taste|sip)\s+and\s+I\b\s*{_REACT}"
)
_FOOD_WORD = rx(rf"\b({_ALLERGEN}|{alt(FOODS)})\b")
# "my real allergy is being transferred to Aldous, walnuts are my nemesis"
_MY_ALLERGY = rx(r"\bmy\s+(?:real|actual|own|worst|main|big|bad|only)\s+allerg(?:y|ies)\b")
# "shrimp make my face like a balloon", "peanuts make my throat close up"
_MAKES_ME = rx(
    rf"(?:^|[,;.!]\s+|\b(?:and|but|because|cos|since)\s+)({_ALLERGEN})\s+(?:make|makes|made|gives?|gave)"
    r"\s+(?:my\s+(?:face|lips|throat|tongue|skin|eyes|mouth)|me)\s+(?:\w+\s+){0,3}?(?:swell\w*|"
    r"balloon|itch\w*|hives|rash|puff\w*|blow\s+up|close\w*|break\s+out)\b"
)
# a question that takes the allergy for granted: "will I ever grow out of being allergic to kiwi"
_PRESUPPOSED = rx(
    r"\b(?:why\s+am\s+I|I(?:'ll|\s+will)?\s+(?:ever\s+)?(?:grow\s+out\s+of|stop|outgrow)\s+being)"
    r"\s+(?:so\s+)?allergic\s+to\s+"
)
_NOT_FOOD = frozenset({"bite", "mouthful", "taste", "sip", "thing", "time", "day", "more", "of"})


def r_reaction(s: str, m: Msg) -> Iterator[Candidate]:
    x = _ONE_AND.search(s)
    if x:
        what = x.group(1).lower()
        last = what.split()[-1]
        if last not in _NOT_FOOD and (
            _FOOD_WORD.fullmatch(last) or _FOOD_WORD.fullmatch(last + "s") or last.endswith("y")
        ):
            yield cand("allergy", what, s, confidence=0.75)
            return
    x = _MY_ALLERGY.search(s)
    if x:
        found = _FOOD_WORD.search(s, x.end()) or _FOOD_WORD.search(s)
        if found and found.group(1).lower() in ALLERGENS:
            yield cand("allergy", found.group(1).lower(), s, confidence=0.75)


def m_said_in_passing(m: Msg) -> Iterator[Candidate]:
    """A reaction caused by an allergen, or an allergy a question of the user's presupposes."""
    for s in m.all_sents:
        x = _MAKES_ME.search(s)
        if x:
            yield cand("allergy", x.group(1).lower(), s, confidence=0.75)
            return
        x = _PRESUPPOSED.search(s)
        p = phrase(s[x.end() :], 3) if x else None
        if p:
            yield cand("allergy", p.rstrip("?"), s, confidence=0.7)
            return


def m_bite_reaction(m: Msg) -> Iterator[Candidate]:
    """ "One bite and I come up in hives": the food named before it in the message."""
    for i, s in enumerate(m.sents):
        if not _ONE_BITE.search(s):
            continue
        before = " ".join((*m.sents[max(0, i - 2) : i], s))
        foods = [f.group(1).lower() for f in _FOOD_WORD.finditer(before)]
        foods = [f for f in foods if f in ALLERGENS]
        if foods:
            yield cand("allergy", foods[-1], s, confidence=0.7)
            return


SENTENCE_RULES = (r_reaction,)
MESSAGE_RULES = (m_bite_reaction, m_said_in_passing)
