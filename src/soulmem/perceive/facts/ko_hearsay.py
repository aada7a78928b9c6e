"""Whose words a Korean sentence passes on: the names of other people known in a message and
hearsay ("연화는 개성에서 자랐대") that reports someone else's facts (soulmem.perceive.facts.ko)."""

from __future__ import annotations

import re

from soulmem.perceive.facts.base import FactContext
from soulmem.perceive.facts.ko_base import Sent, is_other
from soulmem.perceive.facts.ko_lex import NONPERSON, USER_WORDS

__all__ = ["FIRST_PERSON", "hearsay", "known_names"]


def known_names(text: str, context: FactContext) -> frozenset[str]:
    names: set[str] = set()
    if context.assistant_name:
        names.add(context.assistant_name)
    for key in ("best_friend", "friend", "partner", "spouse", "coworker"):
        for value in context.current.get(key, ()):
            head = value.split()[0] if value.split() else ""
            if head:
                names.add(head.strip("'\""))
    names.update(n for v in context.current.get("pet", ()) for n in re.findall(r"'(\w+)'", v))
    for mt in re.finditer(r"(\w{2,3})\s*(?:씨|님|경|쌤|선배|놈|녀석)(?!\w)", text):
        names.add(mt.group(1))
    return frozenset(names)


_HEARSAY_END = re.compile(
    r"(?:[았었였했됐랐났겠있없좋싫]대|[가-힣]래|(?:는|하|이)?다더라|[다라]던데|[다라]더라)(?:요)?$"
)
_OWNED = re.compile(
    r"^(\w{2,3}?)(?:의)?\s+(?:최애|생일|고향|이름|취미|직업|나이|키|꿈|집|남친|여친|제일\s*좋아하는)"
)
_HEARSAY_NOT = frozenset({"그래", "노래", "몰래", "오래", "얼래", "이래", "저래", "내래"})
FIRST_PERSON = re.compile(
    r"(?:^|\s)(?:(?:나|내|저|제)(?:는|도|가|보고|한테|랑|를|의|까지)?|난|날|전|우리)(?:\s|$)"
)


_HEARD_THAT = re.compile(r"(?:[다라]며|[다라]면서)(?:요)?$")


def hearsay(sent: Sent, names: frozenset[str]) -> bool:
    """A sentence passing on what someone else said about themselves ("연화는 개성에서 자랐대"):
    a hearsay ending, no "나", and someone else as the topic of its first clause."""
    tokens = sent.text.split()
    if not tokens or tokens[-1] in _HEARSAY_NOT:
        return False
    last = tokens[-1]
    if _HEARD_THAT.search(last) and not re.match(r"(?:나|난|내가|저|전|제가)\s", sent.text):
        return True  # "검정고시 본다며", "이사 간다면서요": what one heard of another
    ends = bool(_HEARSAY_END.search(last))
    if not ends and last.endswith(("대", "대요")):
        stem = last[: -2 if last.endswith("대요") else -1]
        ends = bool(stem) and "가" <= stem[-1] <= "힣" and (ord(stem[-1]) - 0xAC00) % 28 == 4
        ends = ends and last not in ("반대", "군대", "안대", "한대")
    if not ends or FIRST_PERSON.search(sent.text):
        return False
    first = re.split(r"[,，]|(?:지만|는데|은데|인데|던데|니까|[는은인헌]디)\s", sent.text)[0]
    owner = _OWNED.match(first)  # "연화 최애 음식은 …래": someone's favourite, said without 의
    if owner and owner.group(1) not in USER_WORDS and owner.group(1) not in NONPERSON:
        return True
    return is_other(first + " ", names, loose=True)
