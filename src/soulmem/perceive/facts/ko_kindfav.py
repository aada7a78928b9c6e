"""Korean rules for a favourite named by its kind (soulmem.perceive.facts.ko): "노래는 뭐니
뭐니 해도 나훈아지요", "꽃은 나는 동백이 좋아요", "손이 가는 색이 있어요. 연보라요."."""

from __future__ import annotations

import re

from soulmem.perceive.facts.ko_base import Msg, Sent, np_value
from soulmem.perceive.facts.ko_kinds import classify
from soulmem.perceive.facts.ko_lex import COLORS

__all__ = ["keep_team", "kind_favourite"]

# the kind word -> the subject its favourite goes to ("" : by the value, else "likes")
_KINDS = {
    "노래": "favorite_artist",
    "가수": "favorite_artist",
    "음악": "favorite_music",
    "음식": "favorite_food",
    "먹는\\s*거": "favorite_food",
    "반찬": "favorite_food",
    "음료": "favorite_drink",
    "커피": "favorite_drink",
    "술": "favorite_drink",
    "차": "favorite_drink",
    "색": "favorite_color",
    "색깔": "favorite_color",
    "계절": "favorite_season",
    "영화": "favorite_movie",
    "드라마": "favorite_movie",
    "책": "favorite_book",
    "운동": "sport",
    "꽃": "likes",
    "과일": "likes",
    "간식": "likes",
    "디저트": "likes",
    "동물": "likes",
}
_KIND = "|".join(sorted(_KINDS, key=len, reverse=True))
_END = r"(?:이지요|지요|이죠|죠|이지|지|이야|야|이에요|예요|에요|입니다|임)(?=$|[\s.,!?~ㅋㅎ])"
# "노래는 뭐니 뭐니 해도 나훈아지요", "나는 뭐니 뭐니 해도 벌교 꼬막이 최고예요"
_ABOVE_ALL = re.compile(
    rf"(?:(?P<k>{_KIND})(?:은|는|으론|으로는)\s*)?(?:(?:나는|난|저는|전)\s*)?"
    r"(?:뭐니\s*뭐니\s*해도|누가\s*뭐래도|이러니\s*저러니\s*해도)\s*"
    rf"(?P<v>[^\s.!?,]+?(?:\s[^\s.!?,]+?)?)(?:(?:이|가)\s*(?:최고|짱|으뜸|제일이)\w*|{_END}|$)"
)
# "커피는 무조건 아아", "술은 늘 소맥이지": the one always taken of a kind
_ALWAYS_OF = re.compile(
    rf"(?:^|\s)(?P<k>{_KIND})(?:은|는|으론|으로는)\s*(?:무조건|오로지|오직|항상|늘)\s*"
    rf"(?P<v>[^\s.!?,]+?(?:\s[^\s.!?,]+?)?)(?:{_END}|$)"
)
# "꽃은 나는 동백이 좋아요", "색은 연보라가 제일 좋아"
_KIND_LIKE = re.compile(
    rf"(?:^|\s)(?P<k>{_KIND})(?:은|는)\s*(?:(?:나는|난|저는|전)\s*)?"
    r"(?P<v>[^\s.!?,]+?)(?:이|가)\s*(?:제일\s*|젤\s*|가장\s*|참\s*|그렇게\s*)?좋(?:아|더라|던데|은)"
)
# "손이 가는 색이 있어요. 연보라요.": the kind told first, the value in the next sentence
_KIND_AHEAD = re.compile(
    rf"(?:손이\s*가는|끌리는|좋아하는|사족을\s*못\s*쓰는|환장하는)\s*(?P<k>{_KIND})(?:이|가)\s*"
    r"(?:딱\s*)?(?:하나\s*)?있"
)
_ALONE = re.compile(rf"^(?P<v>[^\s.!?,]{{1,10}}?)(?:이요|요|{_END})?$")
# "뭐니 뭐니 해도 건강이지": a saying about what matters, not a favourite
_NOT_FAV = frozenset({"건강", "돈", "가족", "사람", "자식", "최고", "제일", "내", "나"})


def _subject(kind: str | None, value: str) -> str:
    for key, subject in _KINDS.items():
        if kind and re.fullmatch(key, kind):
            return subject
    return classify(value) or "likes"


def _add(m: Msg, s: Sent, kind: str | None, raw: str, prefix: str) -> bool:
    v = np_value(raw, 2)
    if not v or v in _NOT_FAV or v.split()[-1] in _NOT_FAV:
        return False
    subject = _subject(kind, v)
    if subject in m.taken:
        return False
    if subject == "favorite_color":
        v = COLORS.get(v, v)
    elif subject == "likes" and kind:
        v = f"{v} ({kind})"
    return m.add(s, subject, v, confidence=0.8, prefix=prefix, loose=True)


# "먹는 거 얘기허자면, 나는 뭐니 뭐니 해도 …": the kind set as the topic of the message
_TOPIC = re.compile(
    rf"(?P<k>{_KIND})\s*(?:얘기|이야기)\S*|(?P<j>{_KIND})\s*(?:말인데|말이면|하면|라면|이라면|로\s*치면)"
)
# "먹는 거라면... 미꾸라지를 푹 고아서 체에 내린 그 탕이 최고입니다": under a topic, the best one
_BEST = re.compile(
    r"(?:^|\s)(?:그\s*|이\s*)?(?P<v>[가-힣A-Za-z]{1,10})(?:이|가)\s*(?:최고|으뜸|제일이|일품)"
)
# a dish named by its kind after what goes in it: the ingredient with it ("미꾸라지 … 탕")
_DISH_HEAD = re.compile(r"^(?:탕|국|찌개|죽|전|찜|구이|볶음|무침|국수|밥|조림)$")
_OBJECT = re.compile(r"(?:^|\s)(?P<o>[가-힣]{2,8})(?:를|을)\s")


# what a fandom calls itself -> the group ("저 캐럿이에요~ 세븐틴 콘서트 …")
_FANDOMS = {
    "아미": "BTS",
    "캐럿": "세븐틴",
    "원스": "트와이스",
    "블링크": "블랙핑크",
    "엑소엘": "엑소",
    "마이": "에스파",
    "버니즈": "뉴진스",
    "다이브": "아이브",
    "엔시티즌": "NCT",
    "스테이": "스트레이 키즈",
    "모아": "투모로우바이투게더",
    "엔진": "엔하이픈",
    "피어나": "르세라핌",
    "유애나": "아이유",
    "에이티니": "에이티즈",
    "팬텀": "샤이니",
    "몬베베": "몬스타엑스",
    "인스피릿": "인피니트",
    "럽블리": "러블리즈",
    "카시오페아": "동방신기",
    "엘프": "슈퍼주니어",
    "브이아이피": "빅뱅",
    "영웅시대": "임영웅",
}
_FANDOM = re.compile(
    r"(?:^|\s)(?:나|난|나는|저|전|저는)\s+(?:\S+\s)?(?P<f>"
    + "|".join(sorted(_FANDOMS, key=len, reverse=True))
    + r")(?:이에요|예요|이야|야|임|이거든|거든|인데|이라|라|입니다)(?!\w)"
    + r"(?!\s*(?:돼|되|해|하|겠|지))"
)


def kind_favourite(m: Msg, s: Sent) -> None:
    t = s.text
    season_by_signs(m, s)
    mt = _FANDOM.search(t)
    if mt and "favorite_artist" not in m.taken:
        group = _FANDOMS[mt.group("f")]
        m.add(s, "favorite_artist", f"{group} ({mt.group('f')})", prefix=t[: mt.start("f")])
    for rx in (_ABOVE_ALL, _ALWAYS_OF, _KIND_LIKE):
        mt = rx.search(t)
        if not mt:
            continue
        kind = mt.group("k")
        if not kind and (topic := _TOPIC.search(m.text[: m.text.find(t) + mt.start()])):
            kind = topic.group("k") or topic.group("j")
        if _add(m, s, kind, mt.group("v"), t[: mt.start()]):
            return
    topic = _TOPIC.search(m.text[: m.text.find(t)]) if s.index > 0 else None
    mt = _BEST.search(t) if topic else None
    if mt and topic:
        v = mt.group("v")
        obj = _OBJECT.search(t[: mt.start()]) if _DISH_HEAD.match(v) else None
        raw = f"{obj.group('o')} {v}" if obj else v
        if _add(m, s, topic.group("k") or topic.group("j"), raw, t[: mt.start()]):
            return
    mt = _KIND_AHEAD.search(t)
    if mt and s.index + 1 < len(m.sents):
        nxt = m.sents[s.index + 1]
        alone = _ALONE.match(nxt.text.strip())
        if alone and not nxt.question:
            _add(m, nxt, mt.group("k"), alone.group("v"), "")


# "계절은요, 나는 … 단풍이 울긋불긋 드는 그 무렵이 제일 좋아요": the season told by its signs
_SEASON_SIGNS = (
    ("가을", re.compile(r"단풍|낙엽|억새|햇밤|추수|누렇게\s*익|선선|코스모스|전어|찬바람")),
    ("봄", re.compile(r"벚꽃|개나리|진달래|새싹|꽃\s*피는|꽃이\s*피")),
    ("여름", re.compile(r"수박|해수욕|매미|장마|빙수")),
    ("겨울", re.compile(r"첫눈|눈\s*오는|눈이\s*오|눈사람|군고구마|붕어빵|함박눈")),
)
_SEASON_TOPIC = re.compile(r"계절(?:은|는|으로는|로는|로|중에는?|\s*얘기)")  # "계절로 치자면"
_BEST_TIME = re.compile(r"(?:무렵|때|철|시기|즈음|쯤)(?:이|가)?\s*(?:제일|젤|가장|참)\s*좋")


def season_by_signs(m: Msg, s: Sent) -> None:
    if "favorite_season" in m.taken or not _BEST_TIME.search(s.text):
        return
    if not _SEASON_TOPIC.search(m.text[: m.text.find(s.text) + len(s.text)]):
        return
    found = [(name, rx.search(s.text)) for name, rx in _SEASON_SIGNS]
    named = [(name, mt.group(0)) for name, mt in found if mt]
    if len({name for name, _ in named}) == 1:
        m.add(s, "favorite_season", named[0][0], confidence=0.7, loose=True)


def keep_team(m: Msg) -> None:
    """A singer named as the favourite does not displace the team the user roots for: the
    team, kept under the favourite artist until now, moves beside it."""
    if not any(c.subject == "favorite_artist" and c.mode == "set" for c in m.out):
        return
    for value in m.ctx.current.get("favorite_artist", ()):
        if value.endswith("(응원하는 팀)") and not any(value == c.value for c in m.out):
            sent = next((c for c in m.out if c.subject == "favorite_artist"), None)
            if sent is not None:
                m.add(Sent(sent.evidence, False, 0), "likes", value, confidence=0.7)
