"""Word lists and small helpers for the Korean fact rules (soulmem.perceive.facts.ko).

People words live here; topic lists live in ``ko_lex_food``, ``ko_lex_taste`` and
``ko_lex_life`` and are re-exported. Everything is immutable, built at import.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from soulmem.perceive.facts.ko_lex_food import ALLERGENS, DRINKS, FOOD_SUFFIXES, FOODS, words
from soulmem.perceive.facts.ko_lex_life import (
    CITIES,
    EVENTS,
    EXAM_SUBJECTS,
    EXAMS,
    HEALTH,
    HOLIDAYS,
    JOB_SUFFIXES,
    JOBS,
    LANGUAGES,
    PLACE_KINDS,
    WHEN,
)
from soulmem.perceive.facts.ko_lex_taste import (
    ANIMALS,
    BREEDS,
    COLORS,
    GENRES,
    HOBBIES,
    MUSIC,
    MUSIC_CUES,
    PHOBIAS,
    SPORTS,
)

__all__ = [
    "ALLERGENS",
    "ANIMALS",
    "BREEDS",
    "CITIES",
    "COLORS",
    "DRINKS",
    "EVENTS",
    "EXAMS",
    "EXAM_SUBJECTS",
    "FILLERS",
    "FOODS",
    "FOOD_SUFFIXES",
    "GENRES",
    "HEALTH",
    "HOBBIES",
    "HOLIDAYS",
    "JOBS",
    "JOB_SUFFIXES",
    "LANGUAGES",
    "MEMBERS",
    "MUSIC",
    "MUSIC_CUES",
    "NONPERSON",
    "PERSONS",
    "PHOBIAS",
    "PLACE_KINDS",
    "SPORTS",
    "USER_WORDS",
    "WHEN",
    "alt",
    "has_batchim",
    "native_number",
    "strip_josa",
    "words",
]


def alt(words: Iterable[str]) -> str:
    """A regex alternation of words, longest first."""
    return "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True))


def has_batchim(syllable: str) -> bool:
    code = ord(syllable) - 0xAC00
    return 0 <= code <= 11171 and code % 28 != 0


_TENS = {
    "열": 10,
    "스물": 20,
    "스무": 20,
    "서른": 30,
    "마흔": 40,
    "쉰": 50,
    "예순": 60,
    "일흔": 70,
    "여든": 80,
    "아흔": 90,
}
_UNITS = {
    "하나": 1,
    "한": 1,
    "둘": 2,
    "두": 2,
    "셋": 3,
    "세": 3,
    "석": 3,
    "넷": 4,
    "네": 4,
    "다섯": 5,
    "여섯": 6,
    "일곱": 7,
    "여덟": 8,
    "아홉": 9,
}
NATIVE_TENS = alt(_TENS)
NATIVE_UNITS = alt(_UNITS)


def native_number(word: str) -> int | None:
    """스물다섯 -> 25, 서른 -> 30, 다섯 -> 5, "25" -> 25; None when not a number."""
    word = word.replace(" ", "")
    if word.isdigit():
        return int(word)
    for tens, value in sorted(_TENS.items(), key=lambda kv: -len(kv[0])):
        if word.startswith(tens):
            rest = word[len(tens) :]
            if not rest:
                return value
            unit = _UNITS.get(rest)
            return value + unit if unit is not None else None
    return _UNITS.get(word)


# particles, longest first; (suffix, needs_batchim): None = any, True = after a final
# consonant, False = after a vowel
_JOSA: tuple[tuple[str, bool | None], ...] = (
    ("이라고", True),
    ("라고", False),
    ("에서는", None),
    ("에서도", None),
    ("에서", None),
    ("에게", None),
    ("한테", None),
    ("까지", None),
    ("부터", None),
    ("이랑", True),
    ("하고", None),
    ("처럼", None),
    ("보다", None),
    ("으로", True),
    ("에는", None),
    ("에도", None),
    ("이는", True),
    ("이가", True),
    ("이도", True),
    ("이야", True),
    ("이에요", True),
    ("예요", False),
    ("랑", False),
    ("로", False),
    ("엔", None),
    ("에", None),
    ("은", True),
    ("는", False),
    ("을", True),
    ("를", False),
    ("가", False),
    ("이", True),
    ("도", None),
    ("만", None),
    ("의", None),
    ("야", False),
)
_KEEP = frozenset(
    words(
        "가수, 강아지, 강원도, 거북이, 경기도, 경상도, 고래, 고양이, 구렁이, 나라, 다이어트, 도로, "
        "독도, 라면, 마라, 마을, 만화, 멍멍이, 삼색이, 야옹이, 오로라, 오만, 온도, 요가, 원숭이, "
        "작가, 전라도, 제주도, 지팡이, 충청도, 치즈, 코로나, 포도, 피자, 회의, 휴가"
    )
)

_KEEP_ENDINGS = ("볶이", "구이", "놀이", "잡이", "돼지", "꾸미", "라이", "파이", "마이", "토이")


def strip_josa(word: str) -> str:
    """Drop one trailing particle when it fits the word (고양이 stays, 오이는 -> 오이)."""
    if word in _KEEP_ALL or len(word) < 2 or word.endswith(_KEEP_ENDINGS):
        return word
    for suffix, batchim in _JOSA:
        if word.endswith(suffix) and len(word) > len(suffix):
            stem = word[: -len(suffix)]
            if stem in _KEEP_ALL or stem.endswith(_KEEP_ENDINGS):
                return stem
            noun = stem + "이"  # "떡볶이는", "고양이는": the 이 belongs to the noun
            if suffix.startswith("이") and (noun in _KEEP_ALL or noun.endswith(_KEEP_ENDINGS)):
                return noun
            last = stem[-1]
            if batchim is None or not ("가" <= last <= "힣"):
                return stem
            if has_batchim(last) == batchim:
                return stem
    return word


USER_WORDS = frozenset(
    words(
        "나, 나는, 나도, 나랑, 나를, 나보고, 나야, 나의, 나한테, 난, 날, 내, 내가, 본인, 저, 저는, "
        "저도, 저의, 저한테, 전, 제, 제가"
    )
)

PERSONS = frozenset(
    words(
        "걔, 걔네, 고모, 교수님, 그녀, 그분, 기사님, 남동생, 남자친구, 남친, 남편, 너, 너도, 넌, "
        "네가, 누나, 니가, 다들, 단짝, 당신, 동기, 동료, 동생, 룸메, 룸메이트, 베프, 부모님, "
        "부장님, 사람, 사람들, 사장님, 사촌, 삼촌, 선배, 선생님, 스승님, 쌤, 아내, 아버님, 아버지, "
        "아빠, 아저씨, 아줌마, 애인, 얘, 어머니, 어머님, 언니, 엄마, 여동생, 여자친구, 여친, 오빠, "
        "와이프, 외할머니, 이모, 쟤, 절친, 조카, 친구, 친구들, 친할머니, 팀장, 팀장님, 할머니, "
        "할아버지, 형, 후배, 양반, 영감, 큰애, 작은애, 큰놈, 작은놈, 막내, 사위, 며느리, 신랑감, "
        "사위감, 시어머니, 시아버지, 시어머님, 시아버님, 이장, 이웃, 과장, 과장님, 차장, 차장님, "
        "대리, 대리님, 아들, 딸, 주임, 실장, 실장님, 상사, 사수, 신입, 원장님, 손님, 녀석, 놈, "
        "남자, 여자"
    )
)

# topic-marked words that are not people (a "X는" before the object that is not a name)
NONPERSON = frozenset(
    words(
        "글씨, 날씨, 솜씨, 마음씨, 말씨, 맵시, 나이, 키, 생일, 고향, 직업, 이름, 혈액형, 전공, "
        "간식, 거기, 게임, 겨울, 계절, 고기, 과일, 과자, 그거, 그건, 그게, 그래도, 근데, 나, 내일, "
        "노래, 누가, 다음, 동물, 드라마, 디저트, 맥주, 메뉴, 뭐, 뭐가, 바다, 반찬, 밤, 보통, 사실, "
        "새벽, 색, 색깔, 소설, 술, 스포츠, 아무튼, 아침, 야채, 어제, 여기, 여름, 영화, 오늘, 오이, "
        "요리, 요새, 요즘, 우리, 운동, 원래, 음료, 음식, 음악, 이거, 이건, 이게, 이번, 장르, 저, "
        "저건, 저녁, 점심, 제일, 주말, 지금, 진짜, 차, 채소, 최고, 취미, 취향, 치즈, 커피, 특히, "
        "평소, 평일, 하나, 동네, 우리 동네"
    )
)

FILLERS = frozenset(
    words(
        "가장, 같이, 걍, 거의, 게다가, 그, 그나마, 그냥, 그래도, 그래서, 그러니까, 그런데, 그럼, "
        "그리고, 근데, 꼭, 나, 나는, 난, 내, 내가, 너무, 늘, 다, 더, 덜, 되게, 또, 막, 만약, 많이, "
        "매일, 맨날, 무조건, 뭐, 방금, 벌써, 보통, 사실, 살짝, 솔직히, 아, 아무튼, 아직, 아직도, "
        "암튼, 약간, 어제, 엄청, 엄청나게, 역시, 예전엔, 오, 오늘, 완전, 요새, 요즘, 요즘은, 우리, "
        "원래, 원래는, 이, 이제, 이제는, 일단, 저, 저는, 전, 정말, 제, 제가, 제발, 제일, 젤, 좀, "
        "주로, 지금, 지금은, 진짜, 참, 최근에, 특히, 평소에, 하나, 하지만, 한, 항상, 현재, 현재는, "
        "혹시, 혼자, 그렇게, 이렇게, 저렇게"
    )
)

MEMBERS = words(
    "부모님, 엄마, 아빠, 어머니, 아버지, 형, 오빠, 누나, 언니, 남동생, 여동생, 동생, 할머니, "
    "할아버지, 쌍둥이, 형제, 자매, 남매"
)

_KEEP_ALL = frozenset(_KEEP | set(FOODS) | set(ANIMALS) | set(DRINKS) | set(BREEDS) | set(SPORTS))
