"""English rules for a pet that is never introduced with "my" or "I have".

- "home now. the cat has claimed my side of the bed, she's a rescue": "the <pet>" acting on
  the user's own things at home is the user's pet (``pet``, with "rescue" kept);
- "Juniper has just sat on my phone ... she's a tortie": a name doing what only a pet does
  (sitting on a phone, purring, barking) names the user's known, still unnamed pet of that
  kind (``refine``), or adds a pet when a species or breed is said with it.

- "Gladstone — that's the tortoise", "Pixel says hi. named him after the first thing I ever
  debugged": a name said to be the pet, or a name the user says they gave, names the user's
  known unnamed pet of that kind (``refine``).

A pet of someone else ("the neighbour's cat", "my sister's dog") is not read.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from soulmem.perceive.facts.base import Candidate
from soulmem.perceive.facts.en_lex import CAT_BREEDS, DOG_BREEDS, NOT_NAMES_CF, PETS, alt
from soulmem.perceive.facts.en_util import NAME, Msg, cand, rx

__all__ = ["MESSAGE_RULES"]

_PETW = alt(PETS)
_OWN_THING = (
    r"my\s+(?:\w+\s+)?(?:bed|side\s+of\s+the\s+bed|pillow|chest|lap|feet|face|keyboard|laptop|"
    r"phone|sofa|couch|chair|desk|shoes?|socks?|slippers|jumper|hoodie|clothes|bag|"
    r"homework|notes|plants?|rug|carpet|blanket|duvet)"
)
# "the cat has claimed my side of the bed", "the dog ate my slippers again"
_THE_PET_MINE = rx(
    rf"(?:^|[.!?,]\s+|\b(?:now|and|so|but)\s+)the\s+(?:(?:old|little|wee|daft|stupid|silly)\s+)?"
    rf"({_PETW})\s+(?:has\s+|is\s+|just\s+|keeps\s+|always\s+|has\s+just\s+)*"
    rf"(?:\w+ed|\w+s|sat|ate|slept|lying|sleeping|sitting|asleep|curled\s+up)\b[^.!?]{{0,30}}?"
    rf"\b(?:on|in|under|off|at|of|through)?\s*{_OWN_THING}\b"
)
_RESCUE = rx(r"\b(?:she's|he's|she\s+is|he\s+is|it's)\s+(?:a\s+)?rescue\b|\brescue\b")
_OTHERS = rx(r"\b(?:neighbou?r'?s?|friend'?s|sister'?s|brother'?s|mum'?s|mom'?s|dad'?s|\w+'s)\s+")
# what only a pet does: "Juniper has just sat on my phone", "Biscuit barked all night"
_ACTS = (
    r"(?:(?:has\s+)?(?:just\s+)?(?:sat|sitting|lying|lay|slept|sleeping|curled\s+up)\s+on\s+my\s+"
    r"(?:phone|keyboard|laptop|chest|lap|feet|face|head|homework|book)|purr\w*|meow\w*|miaow\w*"
    r"|hiss\w*|bark\w*|wag\w*|growl\w*|knocked\s+\w+\s+off|(?:is|was)\s+(?:purring|barking|"
    r"meowing|wagging))\b"
)
_NAME_ACTS = rx(rf"(?:^|[.!?,]\s+|\b(?:ok|okay|oh|and|so|now)\s+)({NAME})\s+{_ACTS}")
_KIND = rx(
    rf"\b(?:she's|he's|she\s+is|he\s+is|it's)\s+(?:an?\s+)?(?:\w+\s+)?"
    rf"({alt(CAT_BREEDS | DOG_BREEDS)}|cat|dog|kitten|puppy)\b"
)


def _kind_of(word: str) -> str:
    w = word.lower()
    if w in CAT_BREEDS or w in ("cat", "kitten"):
        return "cat"
    if w in DOG_BREEDS or w in ("dog", "puppy"):
        return "dog"
    return w


def m_pet_clues(m: Msg) -> Iterator[Candidate]:
    text = " ".join(m.sents)
    cur = m.current("pet")
    x = _THE_PET_MINE.search(text)
    if x and not _OTHERS.search(text[max(0, x.start() - 20) : x.end()]):
        kind = x.group(1).lower()
        if not any(kind in v.casefold() for v in cur):
            rescue = " (rescue)" if _RESCUE.search(text) else ""
            yield cand("pet", f"{kind}{rescue}", x.group(0), confidence=0.7)
            return
    y = _NAME_ACTS.search(text)
    if not y:
        return
    name = y.group(1)
    if name.casefold() in NOT_NAMES_CF or any(name.casefold() in v.casefold() for v in cur):
        return
    kind_m = _KIND.search(text)
    kind = _kind_of(kind_m.group(1)) if kind_m else ""
    unnamed = [v for v in cur if " named " not in v and (not kind or kind in v.casefold())]
    if unnamed:
        base = re.sub(r"\s*\(.*$", "", unnamed[-1])
        yield cand("pet", f"{base} named {name}", y.group(0), mode="refine", confidence=0.7)
    elif kind:
        yield cand("pet", f"{kind} named {name}", y.group(0), confidence=0.65)


# "Gladstone — that's the tortoise"
_THATS_THE = rx(rf"({NAME})\s*(?:—|-|,|:)\s*that's\s+(?:the|my|our)\s+(?:\w+\s+)?({_PETW})\b")
# "Bantay! stop na! haha sorry that's his name, Bantay": the name said to be the pet's
_THATS_HIS_NAME = rx(
    rf"\b(?:that's|that\s+is)\s+(?:his|her)\s+name\b(?:\s*[,:—-]?\s*({NAME}))?|\b(?:his|her)\s+"
    rf"name\s+is\s+({NAME})"
)
_EXCLAIMED = re.compile(rf"(?:^|[.!?]\s+)({NAME})!")
# "Pixel says hi. named him after the first thing I ever debugged"
_NAMED_AFTER = rx(r"(?:^\W*|\bI\s+|\bwe\s+)named\s+(?:him|her|it)\s+after\b")
_LEAD_NAME = re.compile(rf"^\W*(?:(?:ok|okay|oh|and|so|btw|ooc)\W+)*({NAME})(?:'s)?\s+\w+")
_PET_WORD = rx(rf"\b({_PETW})\b")


def _same_kind(kind: str, value: str) -> bool:
    k = _kind_of(kind)
    return any(_kind_of(w) == k for w in re.findall(r"[\w-]+", value.casefold()))


def m_pet_named(m: Msg) -> Iterator[Candidate]:
    cur = m.current("pet")
    x = _THATS_THE.search(m.text)
    name, kind, said = (x.group(1), x.group(2), x.group(0)) if x else (None, "", "")
    if name is None and any(_NAMED_AFTER.search(s) for s in m.all_sents):
        lead = [y.group(1) for s in m.all_sents if (y := _LEAD_NAME.match(s))]
        lead = [n for n in lead if n.casefold() not in NOT_NAMES_CF]
        word = _PET_WORD.search(m.text)
        if len(set(lead)) == 1:
            name, kind, said = lead[0], word.group(1) if word else "", m.text
    y = _THATS_HIS_NAME.search(m.text) if name is None else None
    word = _PET_WORD.search(m.text)
    if y and word and re.search(rf"\bmy\s+(?:\w+\s+)?{re.escape(word.group(1))}\b", m.text, re.I):
        called = y.group(1) or y.group(2)
        if not called:
            shout = _EXCLAIMED.search(m.text)
            called = shout.group(1) if shout else None
        name, kind, said = called, word.group(1), y.group(0)
    if not name or name.casefold() in NOT_NAMES_CF:
        return
    if any(name.casefold() in v.casefold() for v in cur):
        return
    unnamed = [v for v in cur if " named " not in v and (not kind or _same_kind(kind, v))]
    if unnamed:
        base = re.sub(r"\s*\(.*$", "", unnamed[-1])
        yield cand("pet", f"{base} named {name}", said, mode="refine", confidence=0.7)
    elif kind and x and re.search(r"that's\s+(?:my|our)\b", said, re.I):
        yield cand("pet", f"{kind.lower()} named {name}", said, confidence=0.65)


MESSAGE_RULES = (m_pet_clues, m_pet_named)
