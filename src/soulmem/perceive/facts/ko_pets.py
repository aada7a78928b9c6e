"""Pets told in ways the relation rules (soulmem.perceive.facts.ko_rel) do not read: a name said
before the words that say it is a name ("호떡이 우리 고슴도치 이름임", "보리는 내 고양이
이름이에요"), a pet told as one more of the household ("식구가 하나 더 있습니다... 시츄 한
마리요") and a known pet called by its name ("우리 복실이 녀석 얘기를 하자면"). The animal is the
user's when 우리 / 내 / 제 owns it; a name joins the pet already known."""

from __future__ import annotations

import re

from soulmem.perceive.facts.ko_base import Msg, is_other, word_ok
from soulmem.perceive.facts.ko_lex import ANIMALS, BREEDS, PERSONS, alt

__all__ = ["PET_NOT_NAMES", "pet_household", "pet_named_first"]

# words that stand where a pet's name would ("우리 강아지 이름이야": the copula is no name)
PET_NOT_NAMES = frozenset(
    {"이름", "진짜", "완전", "너무", "되게", "엄청", "지금", "요즘", "어디"}
    | {"야", "이야", "에요", "예요", "이에요", "임", "입니다"}
)

_NAME_FIRST = re.compile(
    rf"(?:^|\s)(?P<n>[가-힣]{{1,5}}?)(?:이)?(?:가|는|은)?\s*(?:우리|내|울|제)\s*(?:집\s*)?"
    rf"(?P<a>{alt(ANIMALS)}|{alt(BREEDS)}|댕댕이|멍멍이|냥이)\s*(?:의\s*)?이름"
    r"(?:이야|야|임|이에요|예요|입니다|이거든|이고|인데|이라서|이라)(?=$|[\s.,!?~ㅋㅎㅠㅜ])"
)
_NOT_NAMES = frozenset({"그게", "이게", "저게", "그건", "이건", "그", "이", "저", "아", "참"})
_WORD = {"냥이": "고양이", "댕댕이": "강아지", "멍멍이": "강아지"}


# "식구가 하나 더 있습니다... 작은딸이 맡기고 간 시츄 한 마리요": one more of the household,
# an animal
_ONE_MORE = re.compile(r"식구(?:가|도)?\s*(?:하나|한\s*명|한\s*마리)\s*(?:더\s*)?(?:있|생겼|늘었)")
_ANIMAL_SAID = re.compile(
    rf"(?:^|\s)(?P<a>{alt(ANIMALS)}|{alt(BREEDS)})\s*(?:한\s*마리|한\s*놈|하나)?\s*"
    r"(?:요|이요|예요|이에요|입니다|야|이야|임|이거든|거든)?(?=$|[\s.,!…])"
)
# "우리 복실이 녀석 얘기를 또 하자면": the pet known, now called by name
_CALLED = re.compile(r"(?:^|\s)(?:우리|울|제|내)\s+(?P<n>[가-힣]{2,3}?)(?:이)?\s*(?:녀석|놈)")
# ... in a message that speaks of an animal's doings (not "우리 손주 녀석이 벌써 걸어요")
_ANIMAL_DOINGS = re.compile(
    r"산책|짖|꼬리|사료|간식|털|물고|물어|핥|멍멍|야옹|목줄|발바닥|낑낑|이름(?:은|을|이)|지어\s*줬"
)


def pet_household(m: Msg) -> None:
    """A pet told as one more of the household, or a known pet called by its name."""
    if any(c.subject == "pet" for c in m.out):
        return
    current = list(m.ctx.current.get("pet", ()))
    cue = _ONE_MORE.search(m.text)
    if cue and not is_other(m.text[: cue.start()], m.names):
        for s in m.sents:
            mt = _ANIMAL_SAID.search(s.text)
            if mt and not s.question and m.text.find(s.text) >= cue.start():
                animal = _WORD.get(mt.group("a"), mt.group("a"))
                if not any(animal in v for v in current):
                    m.add(s, "pet", animal, confidence=0.7)
                return
    named = [v for v in current if "'" in v]
    for s in m.sents:
        mt = _CALLED.search(s.text)
        if mt and current and not named and not s.question and _ANIMAL_DOINGS.search(m.text):
            n = mt.group("n")
            if word_ok(n) and n not in PET_NOT_NAMES and n not in PERSONS:
                m.add(s, "pet", f"{current[-1]} '{n}'", mode="refine", confidence=0.7)
                return


def pet_named_first(m: Msg) -> None:
    """ "호떡이 우리 고슴도치 이름임": the pet takes the name said before its own word."""
    if any(c.subject == "pet" and "'" in c.value for c in m.out):
        return
    for s in m.sents:
        mt = _NAME_FIRST.search(s.text)
        if not mt or s.question or is_other(s.text[: mt.start("n")], m.names):
            continue
        name, animal = mt.group("n"), _WORD.get(mt.group("a"), mt.group("a"))
        if (
            name in _NOT_NAMES
            or name in PET_NOT_NAMES
            or not word_ok(name)
            or re.search(r"[다요]$", name)
        ):
            continue
        # the animal alone, just read from the same words, gives way to it with its name
        m.out[:] = [c for c in m.out if not (c.subject == "pet" and c.value == animal)]
        current = list(m.ctx.current.get("pet", ()))
        match = [v for v in current if animal in v] or current[-1:]
        if match and f"'{name}'" in match[-1]:
            return
        if match:
            old = match[-1]
            word = animal if animal in old else old.split()[0]
            m.add(s, "pet", old.replace(word, f"{word} '{name}'", 1), mode="refine")
        else:
            m.add(s, "pet", f"{animal} '{name}'", confidence=0.75)
        return
