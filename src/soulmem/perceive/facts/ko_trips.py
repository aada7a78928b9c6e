"""Korean rules for trips the user has planned (soulmem.perceive.facts.ko).

"다음 달에 친구랑 오사카 가! 라멘 먹으러" names a destination with a time; it is only read
as a trip when the message talks about travel (여행, 휴가, 비행기, 숙소 ...), so "내일 병원
가" stays a plain errand. "11월에 휴가 일주일 냈어" is a trip still without a place; "휴가
어디 가는지 말 안 했지? 포르투갈!!" names the place right after asking it oneself.
"""

from __future__ import annotations

import re

from soulmem.perceive.facts.ko_base import Msg, Sent, is_other
from soulmem.perceive.facts.ko_lex import EVENTS, FILLERS, WHEN, alt
from soulmem.perceive.facts.ko_places import place_value

__all__ = ["trip_rule"]

_TRAVEL_CUE = re.compile(
    r"여행|휴가|비행기|항공권|공항|숙소|호텔|게스트하우스|축제|렌터카|배낭|해외|캐리어|환전|관광|"
    r"투어|출국|여권|일정|명소|리조트"
)
_WHEN_TRIP = (
    rf"(?:(?:{WHEN})(?:\s*(?:초|중순|말))?|\d{{1,2}}\s*월(?:\s*(?:초|중순|말))?|이번\s*(?:여름|겨울|연휴|방학)|"
    r"(?:여름|겨울)\s*(?:휴가|방학)\s*때|다음\s*연휴|연휴\s*때)"
)
_WITH = r"(?:(?:\S+\s)?\S+?(?:이랑|랑|하고|와|과)\s*(?:같이\s*|둘이서?\s*)?|(?:혼자|둘이서?)\s*)?"
_TRIP_GO = re.compile(
    rf"(?P<w>{_WHEN_TRIP})\s*(?:에|에는|엔|쯤)?\s*{_WITH}"
    r"(?P<p>[가-힣A-Za-z]{2,8}(?:\s(?!놀러|여행|같이)[가-힣A-Za-z]{2,8})?)\s*(?:여행\s*)?(?:놀러\s*)?"
    r"(?:가(?=$|\s|[,!]|거든|요)|갈\s*거|가기로|간다|갑니다|떠나|날아가)"
)
_PURPOSE = re.compile(r"(?P<why>(?:[가-힣]+\s)?[가-힣]+\s*(?:보러|하러|먹으러))(?=\s|$|[.!?~,])")
_LEAVE = re.compile(
    rf"(?P<w>{_WHEN_TRIP})\s*(?:에|에는|엔|쯤)?\s*(?:여름\s*|겨울\s*)?휴가(?:를|도)?\s*"
    r"(?P<d>열흘|보름|일주일|이\s*주|\d+\s*(?:일|박\s*\d+\s*일)|[한두세]\s*달)?\s*(?:\S+\s)?"
    r"(?:냈|잡았|받았|썼|내기로|쓰기로|신청했)"
)
# "휴가 어디 가는지 말 안 했지?", "여행 어디 가냐고?": the user asks where, then answers
_WHERE_ASK = re.compile(r"(?:휴가|여행)\S*\s*(?:때\s*)?어디")
_PLACE_ALONE = re.compile(r"^(?P<p>[가-힣A-Za-z]{2,10}?)(?:이야|야|임|이에요|예요)?$")
# "아 여행지 말 안 했네 후쿠오카임!": the place named right after saying it was not told yet
_PLACE_TOLD = re.compile(
    r"(?:여행지|목적지|행선지|어디\s*가는지|어디로\s*가는지)(?:를|는|도)?\s*(?:말\s*|얘기\s*)?"
    r"(?:안\s*했|못\s*했)\w{0,3}\s*[,，]?\s*(?P<p>[가-힣A-Za-z]{2,10}?)(?:이야|야|임|이에요|예요|로|으로)?$"
)
# "다음 달 말에 2박 3일로 가기로 했거든": a trip settled before its place is said
_TRIP_SET = re.compile(
    rf"(?P<w>{_WHEN_TRIP})\s*(?:에|에는|엔|쯤)?\s*(?P<d>\d+\s*박\s*\d+\s*일|당일치기|일주일)?(?:로|으로)?\s*"
    r"(?:여행\s*)?(?:가기로|떠나기로)\s*(?:했|함|결정|확정)"
)
# "태식이가 … 가자고 해서": the other only suggested it; the user is the one going
_SUGGESTED = re.compile(r"^.*(?:자고\s*해서|자고\s*하길래|자고\s*하니까|자길래|재서|자고)\s")
_NOT_TRIP = re.compile(rf"(?:^|\s)(?:{alt(EVENTS)}|가고|가서|놀러|같이|혼자)$")
_NOT_PLACE = frozenset({"가고", "가서", "놀러", "같이", "혼자", "진짜", "거기", "여기"})


def _clean(when: str) -> str:
    return " ".join(when.split())


def _destination(m: Msg, s: Sent) -> None:
    ask = m.sents[s.index - 1] if s.index > 0 else None
    mt = _PLACE_ALONE.match(s.text)
    if not (ask and ask.question and _WHERE_ASK.search(ask.text) and mt):
        mt = _PLACE_TOLD.search(s.text)
    if not mt:
        return
    place = mt.group("p")
    if place in FILLERS or place in _NOT_PLACE or not place_value(place, strict=False):
        return
    old = [v for v in m.ctx.current.get("upcoming_event", ()) if re.search(r"휴가|여행", v)]
    if old and place in old[-1]:
        return
    if old:
        m.add(s, "upcoming_event", f"{old[-1]} ({place})", mode="refine")
    else:
        m.add(s, "upcoming_event", f"{place} 여행", confidence=0.7)


# "우리 겜 11월 지스타 시연 부스 나가기로 함", "다음 달 마라톤 대회 나가": an event the user
# takes part in, with its time when said
_SHOWS = (
    r"(?:부스|박람회|전시회|페스티벌|행사|대회|시연회?|쇼케이스|컨퍼런스|발표회|공모전|경연|시합|"
    r"마라톤)"
)
_TAKE_PART = re.compile(
    rf"(?:(?P<w>{_WHEN_TRIP})\s*(?:에|엔)?\s*)?(?P<e>(?:[가-힣A-Za-z0-9]+\s){{0,3}}[가-힣A-Za-z0-9]*"
    rf"{_SHOWS})(?:에|에도|에는)?\s*(?:나가기로|참가하기로|출전하기로|참여하기로|나가게|참가하게|"
    r"출전하게)\s*(?:함|했|해|됐|되었|결정|확정)(?!\S*(?:으면|다면|더라면))"
)


def _take_part(m: Msg, s: Sent) -> None:
    mt = _TAKE_PART.search(s.text)
    if not mt or "upcoming_event" in m.taken:
        return
    words = [w for w in mt.group("e").split() if w not in FILLERS]
    when = _clean(mt.group("w") or "")
    value = " ".join([when, *words]).strip()
    if len(words) > 1 or when:
        m.add(s, "upcoming_event", value, prefix=s.text[: mt.start()])


def trip_rule(m: Msg, s: Sent) -> None:
    """A trip said with its time and place, a leave taken for one, an event taken part in."""
    _take_part(m, s)
    if "upcoming_event" in m.taken or not _TRAVEL_CUE.search(m.text):
        return
    t = s.text
    mt = _TRIP_GO.search(t)
    place = re.sub(r"(?:으로|에)$", "", mt.group("p")) if mt else ""
    if mt and place_value(place, strict=False) and not _NOT_TRIP.search(place):
        why = _PURPOSE.search(m.text, m.text.find(t) + mt.end())
        extra = f" ({why.group('why')})" if why else ""
        value = f"{_clean(mt.group('w'))} {place} 여행{extra}"
        if m.add(s, "upcoming_event", value, prefix=t[: mt.start()]):
            return
    mt = _LEAVE.search(t)
    if mt:
        days = f" ({_clean(mt.group('d'))})" if mt.group("d") else ""
        if m.add(
            s, "upcoming_event", f"{_clean(mt.group('w'))} 휴가{days}", prefix=t[: mt.start()]
        ):
            return
    mt = _TRIP_SET.search(t)
    if mt:
        days = f" ({_clean(mt.group('d'))})" if mt.group("d") else ""
        before = _SUGGESTED.sub("", t[: mt.start()])
        value = f"{_clean(mt.group('w'))} 여행{days}"
        if not is_other(before, m.names) and m.add(s, "upcoming_event", value):
            return
    _destination(m, s)
