"""Changes the user announces: a shop opened, a new home town of residence, a new favourite idol."""

from __future__ import annotations

import re

from soulmem.perceive.facts.ko_base import Msg, Sent, is_other, np_value
from soulmem.perceive.facts.ko_friend import friend_named_rule
from soulmem.perceive.facts.ko_kinds import classify
from soulmem.perceive.facts.ko_people import people_rule
from soulmem.perceive.facts.ko_places import place_value
from soulmem.perceive.facts.ko_switch import switch_rule
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
_BIAS_IN = re.compile(r"(?P<v>(?:[\w]+\s)?[\w]+?)(?:한테|에게)\s*입덕(?:했|함|해서|해버|하고|한)")
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
    for rx, mode in ((_BIAS_OUT, "end"), (_BIAS_IS, "set"), (_BIAS_IN, "set")):
        mt = rx.search(t)
        v = np_value(mt.group("v"), 2) if mt else ""
        if mt and v and classify(v) not in (None, "favorite_music"):
            continue  # "제 최애는 흑임자라떼": a favourite drink, not an idol
        if mt and v:
            # "내 최애는 카엘이야": the user's own word for it is kept, as they will ask by it
            v = f"{v} (최애)" if mode == "set" and "최애" in t else v
            m.add(s, "favorite_artist", v, mode=mode, prefix=t[: mt.start()])


#: the sentence rules that run after the identity ones in ``ko``
LATE_RULES = (people_rule, change_rule, switch_rule, staples_rule, friend_named_rule)
