"""Korean rules for health, diet, religion, languages, zodiac, gender and goals
(soulmem.perceive.facts.ko)."""

from __future__ import annotations

import re

from soulmem.perceive.facts.ko_base import Gated, Msg, Sent, clean_np, word_ok
from soulmem.perceive.facts.ko_lex import HEALTH, LANGUAGES, alt

__all__ = ["misc_rule"]

# ---------------------------------------------------------------- health, diet, misc identity
_HEALTH = re.compile(
    rf"(?P<v>{alt(HEALTH)})(?:이|가|도|은|는)?\s*(?:있어|"
    rf"있거든|있는데|있고|앓|달고 살|심해|심하|때문에|"
    rf"약 먹|진단)"
)
_DIET = re.compile(
    r"(?P<v>비건|채식주의자|채식|페스코|락토|간헐적 단식|"
    r"키토|다이어트)\s*(?:이야|야|중|해|하고|하는 중|"
    r"이라|인데|이거든)"
)
_NO_DRINK = re.compile(r"술(?:은|을|도)?\s*(?:안|못|잘 못)\s*마셔")
_RELIGION = {"교회": "기독교", "성당": "천주교", "절": "불교"}
_RELIGION_RX = re.compile(
    r"(?P<v>교회|성당|절)(?:에|를|을)?\s*(?:다녀|다니고|다님|나가)(?!왔)|(?P<w>기독교|"
    r"천주교|불교|무교|무신론자)(?:야|이야|예요|이에요|인데|이라|신자)"
)
_LANG = re.compile(
    rf"(?P<v>{alt(LANGUAGES)})(?:를|을|는|도)?\s*(?:좀\s*|조금\s*|꽤\s*|"
    rf"잘\s*)?(?:할 줄 알|할 줄 아|잘해|좀 해|조금 해|해요|가능|원어민|네이티브|공부|배우고|"
    rf"배워|유창)"
)
_ZODIAC = re.compile(
    r"(?P<v>(?:물병|물고기|양|황소|쌍둥이|게|사자|처녀|"
    r"천칭|전갈|사수|궁수|염소)자리|[쥐소범토끼용뱀말양원숭이닭개돼지]{1,3}띠)(?:야|"
    r"이야|예요|이에요|인데|라서|라|임)"
)
_GENDER = re.compile(
    r"(?:^|\s)(?:나|난|나는|저|저는|전)\s+(?P<v>남자|여자)(?:야|예요|에요|입니다|인데)"
)


# ---------------------------------------------------------------- goal
_GOAL = Gated(
    r"(?P<v>[\w ]{2,20}?)(?:이|가)?\s*(?:되는 게|되는게|되는 것이|되기가)\s*(?:꿈|"
    r"목표)|(?:꿈|목표)(?:은|이|는)\s*(?P<w>[\w ]{2,20}?)\s*(?:이야|야|"
    r"예요|이에요|인데|이고|이라|라|되는 거|되기)",
    "꿈",
    "목표",
)


def _goal(m: Msg, s: Sent) -> None:
    mt = _GOAL.search(s.text)
    if mt:
        raw = mt.group("v") or mt.group("w")
        v = clean_np(raw, 3)
        if word_ok(v):
            suffix = " 되기" if mt.group("v") else ""
            m.add(s, "goal", v + suffix, prefix=s.text[: mt.start()])


def misc_rule(m: Msg, s: Sent) -> None:
    t = s.text
    mt = _HEALTH.search(t)
    if mt:
        m.add(s, "health", mt.group("v"), prefix=t[: mt.start()])
    mt = _DIET.search(t)
    if mt:
        m.add(s, "diet", mt.group("v"), prefix=t[: mt.start()])
    mt = _NO_DRINK.search(t)
    if mt:
        m.add(s, "diet", "술", negated=True, prefix=t[: mt.start()])
    mt = _RELIGION_RX.search(t)
    if mt:
        v = _RELIGION[mt.group("v")] if mt.group("v") else mt.group("w")
        m.add(s, "religion", v, prefix=t[: mt.start()])
    mt = _LANG.search(t)
    if mt:
        m.add(s, "language", mt.group("v"), prefix=t[: mt.start()])
    mt = _ZODIAC.search(t)
    if mt:
        m.add(s, "zodiac", mt.group("v"), prefix=t[: mt.start()])
    mt = _GENDER.search(t)
    if mt:
        m.add(s, "gender", mt.group("v"))
    _goal(m, s)
