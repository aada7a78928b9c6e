"""Korean rules for health, diet, religion, languages, zodiac, gender and goals
(soulmem.perceive.facts.ko)."""

from __future__ import annotations

import re

from soulmem.perceive.facts.ko_base import Gated, Msg, Sent, clean_np, is_other, word_ok
from soulmem.perceive.facts.ko_lex import HEALTH, LANGUAGES, alt

__all__ = ["misc_rule"]

# ---------------------------------------------------------------- health, diet, misc identity
_HEALTH = re.compile(
    rf"(?P<v>{alt(HEALTH)})(?:이|가|도|은|는)?\s*(?:있어|"
    rf"있거든|있는데|있고|앓|달고 살|심해|심하|때문에|"
    rf"약 먹|진단)"
)
_DIET = re.compile(
    r"(?P<v>(?:페스코|락토\s*오보|락토|오보|플렉시테리언)\s*채식(?:주의자)?|"
    r"비건|채식주의자|채식|페스코|락토|간헐적 단식|"
    r"키토|다이어트)\s*(?:이야|야|중|해|하고|하는 중|"
    r"이라|인데|이거든|임|(?:한|하는|된)\s*지|(?:한|하는)\s*(?:편|사람))"
)
_FREE_DIET = re.compile(r"(?P<v>\w+?)\s*(?:안\s*먹는|없는|빼는|프리)\s*(?:식단|식이|다이어트)")
_NO_DRINK = re.compile(r"술(?:은|을|도)?\s*(?:안|못|잘 못)\s*마셔")
_RELIGION = {"교회": "기독교", "성당": "천주교", "절": "불교"}
_RELIGION_RX = re.compile(
    r"(?P<v>교회|성당|절)(?:에|를|을)?\s*(?:다녀|다니고|다님|다닌\s*지|다닌지|다니는\s*중|다녀요|"
    r"다니던\s*(?:게|거|것)|다닌\s*(?:게|거)|다녔|"
    r"다닙니다|나가)(?!왔)|(?P<w>기독교|"
    r"천주교|불교|무교|무신론자|개신교|가톨릭|원불교)(?:야|이야|예요|이에요|인데|이라|라서|라|임|"
    r"이거든|거든|\s*신자|\s*신앙|\s*집안|(?=\s*(?:이고|믿|다녀)))"
    r"|(?P<x>교회|성당)(?:에|를|을)?\s*(?:가|간다|나가)(?=$|\s|요|거든)"
)
_WEEKLY = re.compile(r"일요일|주일|매주|주말마다|일주일에|토요일마다|새벽기도|미사")
_LANGS = alt(LANGUAGES)
_LANG = re.compile(
    rf"(?P<v>(?:{_LANGS})(?:\s*(?:이랑|랑|하고|와|과|,)\s*(?:{_LANGS}))*)(?:를|을|는|도)?\s*"
    rf"(?:좀\s*|조금\s*|꽤\s*|잘\s*|다\s*)?(?:할 줄 알|할 줄 아|할\s*수\s*있|잘해|좀 해|조금 해|"
    rf"해요|가능|원어민|네이티브|공부|배우고|배워|유창)"
)
_LANG_ONE = re.compile(_LANGS)
_ZODIAC = re.compile(
    r"(?P<v>(?:물병|물고기|양|황소|쌍둥이|게|사자|처녀|"
    r"천칭|전갈|사수|궁수|염소)자리|[쥐소범토끼용뱀말양원숭이닭개돼지]{1,3}띠)(?:야|"
    r"이야|예요|이에요|인데|라서|라|임)"
)
_GENDER = re.compile(
    r"(?:^|\s)(?:나|난|나는|저|저는|전)\s+(?:\w+\s+)?(?:(?P<v>남자|여자)(?:야|예요|에요|입니다|인데|임|"
    r"이거든|거든|이고|고(?=\s)|라서|라(?=\s|$))|(?P<c>남|여)잔데)"
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
    mt = _FREE_DIET.search(t)
    if mt and "diet" not in m.taken and word_ok(mt.group("v")):
        m.add(s, "diet", f"{mt.group('v')} 프리 식단", prefix=t[: mt.start()])
    mt = _NO_DRINK.search(t)
    if mt:
        m.add(s, "diet", "술", negated=True, prefix=t[: mt.start()])
    mt = _RELIGION_RX.search(t)
    if mt and (not mt.group("x") or _WEEKLY.search(t)):
        word = mt.group("v") or mt.group("x")
        v = _RELIGION[word] if word else mt.group("w")
        m.add(s, "religion", v, prefix=t[: mt.start()])
    mt = _LANG.search(t)
    if mt:
        v = ", ".join(x.group(0) for x in _LANG_ONE.finditer(mt.group("v")))
        m.add(s, "language", v, prefix=t[: mt.start()])
    mt = _ZODIAC.search(t)
    if mt:
        m.add(s, "zodiac", mt.group("v"), prefix=t[: mt.start()])
    mt = _GENDER.search(t)
    # "나 동생이 여자라서": the word between may make someone else the subject
    if mt and not is_other(t[: mt.start("v") if mt.group("v") else mt.start("c")], m.names):
        m.add(s, "gender", mt.group("v") or f"{mt.group('c')}자")
    _goal(m, s)
