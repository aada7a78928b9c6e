"""Changes the user announces: a shop opened, a new home town of residence, a new favourite idol."""

from __future__ import annotations

import re

from soulmem.perceive.facts.ko_base import Msg, Sent, is_other, np_value
from soulmem.perceive.facts.ko_friend import friend_named_rule
from soulmem.perceive.facts.ko_kinds import classify
from soulmem.perceive.facts.ko_people import people_rule
from soulmem.perceive.facts.ko_places import place_value
from soulmem.perceive.facts.ko_switch import end_first, switch_rule
from soulmem.perceive.facts.ko_taste_change import staples_rule

__all__ = ["LATE_RULES", "change_rule"]

_SHOP = (
    r"[가-힣]{0,6}(?:가게|식당|카페|빵집|떡집|꽃집|분식집|미용실|공방|상회|매장|슈퍼|국밥집|치킨집)"
)
# "반찬가게를 하나 차렸어요", "꽃집 연 지 보름": a shop the user opened is their work
_OPENED = re.compile(
    rf"(?P<v>{_SHOP})(?:을|를)?\s*(?:하나\s*|새로\s*|조그맣게\s*)?(?:차렸|차려서|차린|오픈했|"
    rf"개업했|열었)|(?P<w>{_SHOP})\s*(?:연|차린|오픈한|개업한)\s*지"
)
# "이제 나는 대전 사람이 아니고 옥천 사람이에요": the place one now belongs to is home
_NOW_FROM = re.compile(
    r"(?:(?P<old>[가-힣]+)\s*사람이\s*아니(?:고|라)\s*|이제\s*(?:나는\s*|난\s*|저는\s*|전\s*)?)"
    r"(?P<v>(?:[가-힣]+\s)?[가-힣]+?)\s*사람이(?:에요|야|예요|다|입니다|지요|죠|라)"
)
# "내 최애는 X야", "X한테 입덕했어", "X 탈덕했어": the idol one is a fan of now
_BIAS_IS = re.compile(
    r"최애(?:는|가)\s*(?:이제\s*|요즘\s*|무조건\s*)?(?P<v>(?:[\w]+\s)?[\w]+?)"
    r"(?:이야|야|이에요|예요|임|이지|지|이고|인데|이라|라)(?=$|[\s,!?~ㅋㅎㅠㅜ])"
)
# "퍼플레인 시온한테 치임" (read as 치였어), "X한테 꽂혔어": fallen for, the new 최애
_BIAS_IN = re.compile(
    r"(?P<v>(?:[\w]+\s)?[\w]+?)(?:한테|에게)\s*(?:입덕(?:했|함|해서|해버|하고|한)|치였|꽂혔|꽂힘|"
    r"치여\s*버렸|빠졌(?=어|다|음|는데|거든))"
)
# "윤슬이 내 최애임": the one named before 내 최애, when it is no food, drink or the like
_BIAS_BEFORE = re.compile(
    r"(?:^|\s)(?P<v>[\w]{2,10}?)(?:이|가|은|는)?\s+(?:내|제|나의|저의)\s*(?:요즘\s*)?최애"
    r"(?:야|이야|예요|이에요|임|지|이지|입니다|다)?(?=$|[\s.,!?~ㅋㅎㅠㅜ])"
)
_BIAS_OUT = re.compile(r"(?P<v>(?:[\w]+\s)?[\w]+?)(?:을|를)?\s*탈덕(?:했|함|해서|해버|하고|한)")


def change_rule(m: Msg, s: Sent) -> None:
    t = s.text
    mt = _OPENED.search(t)
    if mt:
        v = mt.group("v") or mt.group("w")
        m.add(s, "job", f"{v} 운영", prefix=t[: mt.start()])
    mt = _NOW_FROM.search(t)
    if mt:
        v = place_value(mt.group("v"), strict=False, home=False)
        # judged on what comes before the match: "사람이" inside it is the user
        if v and not is_other(t[: mt.start()], m.names):
            m.add(s, "current_residence", v, confidence=0.9)
    club_rule(m, s)
    for rx, mode in (
        (_BIAS_OUT, "end"),
        (_BIAS_IS, "set"),
        (_BIAS_IN, "set"),
        (_BIAS_BEFORE, "set"),
    ):
        mt = rx.search(t)
        v = np_value(mt.group("v"), 2) if mt else ""
        if mt and v and classify(v) not in (None, "favorite_music"):
            continue  # "제 최애는 흑임자라떼": a favourite drink, not an idol
        if mt and v:
            # "내 최애는 카엘이야": the user's own word for it is kept, as they will ask by it
            v = f"{v} (최애)" if mode == "set" and "최애" in t else v
            if m.add(s, "favorite_artist", v, mode=mode, prefix=t[: mt.start()]) and mode == "set":
                _left_behind(m, s, v)


def _left_behind(m: Msg, s: Sent, new: str) -> None:
    """ "스텔라X 탈덕함… 요즘은 퍼플레인 시온한테 치임": a fan who left a group and fell for someone
    new leaves every 최애 held before, the group's member too."""
    if not any(c.subject == "favorite_artist" and c.mode == "end" for c in m.out):
        return
    held = [c.value for c in m.out if c.subject == "favorite_artist"]
    for value in m.ctx.current.get("favorite_artist", ()):
        if value not in held and new not in value:
            end_first(m, s, "favorite_artist", value)


# a school or campus club: "방송부", "댄스 동아리" (a bare X부 only when X is an activity, not
# "공부", "전부", "두부")
_CLUB_HEADS = (
    "방송|댄스|방송댄스|축구|농구|배구|야구|밴드|합창|미술|연극|영화|사진|문예|과학|로봇|코딩|컴퓨터|"
    "수학|독서|토론|신문|봉사|요리|만화|애니|배드민턴|탁구|육상|수영|검도|태권도|테니스|치어리딩|"
    "관현악|오케스트라|제과제빵|천문|발명|응원|보컬|힙합|게임|영어|문학|도서|학생회|댄스스포츠|"
    "힙합댄스|기타|피아노|바둑|체스|축제|환경|역사|수화|창업|경제|상담|풍물|사물놀이|마술|웹툰"
)
_CLUB = rf"(?P<v>(?:{_CLUB_HEADS})부|[가-힣A-Za-z]{{2,8}}\s?동아리)(?=[가-힣]*)"
_CLUB_IN = re.compile(
    rf"{_CLUB}(?:을|를|에|에서|도)?\s*(?:하는데|하고\s*있|하거든|해(?=$|\s|서|요)|함|했|들어갔|"
    r"들어감|가입|활동|부원|붙었|붙음|합격|입부|(?:오디션|면접)\s*(?:\S+\s+){0,2}?(?:붙|합격|통과))"
)
_CLUB_OUT = re.compile(
    rf"{_CLUB}(?:을|를|는|은|도)?\s*(?:때려치|때려침|그만두|그만뒀|그만둠|관두|관뒀|관둠|탈퇴|나왔|나옴|"
    r"접었|접음)"
)


def club_rule(m: Msg, s: Sent) -> None:
    """A club the user is in, or quit; a new one after "대신"."""
    t = s.text
    out = _CLUB_OUT.search(t)
    if out and not is_other(t[: out.start()], m.names):
        m.add(s, "club", out.group("v"), mode="end", prefix=t[: out.start()])
    start = out.end() if out else 0
    mt = _CLUB_IN.search(t, start)
    if mt and not re.search(r"싶|려고|할까", t[mt.end() : mt.end() + 6]):
        m.add(s, "club", mt.group("v"), prefix=t[: mt.start()])


#: the sentence rules that run after the identity ones in ``ko``
LATE_RULES = (people_rule, change_rule, switch_rule, staples_rule, friend_named_rule)
