"""Korean dates said the old way and the days they mark (soulmem.perceive.facts.ko): a lunar
birthday in native words ("시월 초사흘이 내 날인디", "생일을 음력으로 쇠요") and a wedding day
set in the family ("큰애가 드디어 날을 잡았거든요 … 5월 17일 토요일에 식 올려요")."""

from __future__ import annotations

import re

from soulmem.perceive.facts.ko_base import Msg, Sent

__all__ = ["date_rule", "wedding_rule"]

_MONTHS = {
    "정월": 1,
    "일월": 1,
    "이월": 2,
    "삼월": 3,
    "사월": 4,
    "오월": 5,
    "유월": 6,
    "칠월": 7,
    "팔월": 8,
    "구월": 9,
    "시월": 10,
    "십일월": 11,
    "동짓달": 11,
    "십이월": 12,
    "섣달": 12,
}
_DAYS = {
    "초하루": 1,
    "초이틀": 2,
    "초사흘": 3,
    "초나흘": 4,
    "초닷새": 5,
    "초엿새": 6,
    "초이레": 7,
    "초여드레": 8,
    "초아흐레": 9,
    "초열흘": 10,
    "열하루": 11,
    "열이틀": 12,
    "열사흘": 13,
    "열나흘": 14,
    "보름": 15,
    "열엿새": 16,
    "열이레": 17,
    "열여드레": 18,
    "열아흐레": 19,
    "스무날": 20,
    "스무하루": 21,
    "스무이틀": 22,
    "스무사흘": 23,
}


def _alt(words: dict[str, int]) -> str:
    return "|".join(sorted(words, key=len, reverse=True))


_NATIVE_DATE = re.compile(
    rf"(?<![가-힣])(?P<m>{_alt(_MONTHS)})\s*(?P<d>{_alt(_DAYS)})(?=이|은|는|에|날|요|께|[\s,.!~]|$)"
)
_NUM_DATE = re.compile(r"(?P<m>1[0-2]|0?[1-9])\s*월\s*(?P<d>3[01]|[12]\d|0?[1-9])\s*일")
# "시월 초사흘이 내 날인디", "섣달 그믐께 태어났어요": the day is the user's own
_MY_DAY = re.compile(r"(?:내|제|나의)\s*(?:날|생일|생신)|태어|생일|생신|낳으셨")
_LUNAR = re.compile(r"음력")
# "큰애가 드디어 날을 잡았거든요": someone's wedding day was set
_DAY_SET = re.compile(
    r"(?P<w>큰애|작은애|큰딸|작은딸|큰아들|작은아들|딸|아들|동생|여동생|남동생|언니|누나|형|오빠|막내|조카|"
    r"친구|[가-힣]{2}이)(?:가|이)?\s*(?:드디어|이번에|결국)?\s*(?:날(?:을|짜를)?\s*잡았|결혼\s*날짜를?\s*잡았)"
)
_WEDDING = re.compile(r"식\s*(?:을\s*)?올|결혼식|결혼(?:해|한대|하기로|식을)")


def _birthday(m: Msg, s: Sent) -> bool:
    mt = _NATIVE_DATE.search(s.text)
    if not mt or (not _MY_DAY.search(s.text) and not _MY_DAY.search(m.text)):
        return False
    lunar = "음력 " if _LUNAR.search(m.text) else ""
    date = f"{lunar}{_MONTHS[mt.group('m')]}월 {_DAYS[mt.group('d')]}일"
    said = f"{mt.group('m')} {mt.group('d')}"
    return m.add(s, "birthday", f"{date} ({said})", prefix=s.text[: mt.start()])


def wedding_rule(m: Msg) -> None:
    """A family member's or friend's wedding day the user is getting ready for: read over the
    whole message, as the sentences after "큰애가 날을 잡았거든요" are about that wedding."""
    who = _DAY_SET.search(m.text)
    if not who or not _WEDDING.search(m.text) or "upcoming_event" in m.taken:
        return
    for s in m.sents:
        mt = _NUM_DATE.search(s.text)
        native = _NATIVE_DATE.search(s.text)
        if s.question or not (mt or native) or not _WEDDING.search(s.text):
            continue
        if mt:
            date = f"{int(mt.group('m'))}월 {int(mt.group('d'))}일"
        elif native:
            date = f"{_MONTHS[native.group('m')]}월 {_DAYS[native.group('d')]}일"
        w = who.group("w")
        w = w[:-1] if w.endswith("이") and w not in ("막내",) and len(w) == 3 else w
        m.add(s, "upcoming_event", f"{w} 결혼식 ({date})", confidence=0.7)
        return


def date_rule(m: Msg, s: Sent) -> None:
    if "birthday" not in m.taken:
        _birthday(m, s)
