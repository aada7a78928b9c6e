"""The canonical fact subjects: category, how many values may hold at once, seed-004 kind,
and a label per language for rendering.

``single`` subjects hold one current value (a new value supersedes the old: a correction);
``multi`` subjects let values coexist (several allergies, hobbies, pets), as in seed 002's
table of state kinds that may coexist over time.
"""

from __future__ import annotations

from dataclasses import dataclass

from soulmem.model import FactCategory

__all__ = ["RETRACTED", "SUBJECTS", "SubjectSpec", "label", "spec"]

ID, PREF, SIT, REL = (
    FactCategory.IDENTITY,
    FactCategory.PREFERENCE,
    FactCategory.SITUATION,
    FactCategory.RELATIONSHIP,
)


@dataclass(frozen=True, slots=True)
class SubjectSpec:
    key: str
    category: FactCategory
    single: bool
    kind: str  # seed 004: profile / preference / forbidden / suggestion (and fact)
    en: str
    ko: str
    ja: str


def _s(
    key: str, category: FactCategory, single: bool, kind: str, en: str, ko: str, ja: str
) -> SubjectSpec:
    return SubjectSpec(key, category, single, kind, en, ko, ja)


_ALL = [
    # identity: who the user is
    _s("name", ID, True, "profile", "name", "이름", "名前"),
    _s("nickname", ID, True, "profile", "preferred name", "호칭", "呼び名"),
    _s("age", ID, True, "profile", "age", "나이", "年齢"),
    _s("birthday", ID, True, "profile", "birthday", "생일", "誕生日"),
    _s("gender", ID, True, "profile", "gender", "성별", "性別"),
    _s("height", ID, True, "profile", "height", "키", "身長"),
    _s("blood_type", ID, True, "profile", "blood type", "혈액형", "血液型"),
    _s("mbti", ID, True, "profile", "MBTI", "MBTI", "MBTI"),
    _s("zodiac", ID, True, "profile", "zodiac sign", "별자리", "星座"),
    _s("handedness", ID, True, "profile", "handedness", "주로 쓰는 손", "利き手"),
    _s("hometown", ID, True, "profile", "hometown", "고향", "出身地"),
    _s("current_residence", ID, True, "profile", "lives in", "사는 곳", "住まい"),
    _s("job", ID, True, "profile", "job", "직업", "仕事"),
    _s("workplace", ID, True, "profile", "workplace", "직장", "勤務先"),
    _s("school", ID, True, "profile", "school", "학교", "学校"),
    _s("major", ID, True, "profile", "major", "전공", "専攻"),
    _s("family", ID, False, "profile", "family", "가족", "家族"),
    _s("pet", ID, False, "profile", "pet", "반려동물", "ペット"),
    _s("allergy", ID, False, "forbidden", "allergy", "알레르기", "アレルギー"),
    _s("phobia", ID, False, "forbidden", "phobia", "무서워하는 것", "苦手・恐怖症"),
    _s("health", ID, False, "profile", "health", "건강", "健康"),
    _s("diet", ID, True, "profile", "diet", "식단", "食生活"),
    _s("language", ID, False, "profile", "speaks", "사용 언어", "話せる言語"),
    _s("religion", ID, True, "profile", "religion", "종교", "宗教"),
    # preferences
    _s("favorite_food", PREF, True, "preference", "favorite food", "좋아하는 음식", "好きな食べ物"),
    _s(
        "favorite_drink",
        PREF,
        True,
        "preference",
        "favorite drink",
        "좋아하는 음료",
        "好きな飲み物",
    ),
    _s("favorite_music", PREF, True, "preference", "favorite music", "좋아하는 음악", "好きな音楽"),
    _s("favorite_color", PREF, True, "preference", "favorite color", "좋아하는 색", "好きな色"),
    _s(
        "favorite_season",
        PREF,
        True,
        "preference",
        "favorite season",
        "좋아하는 계절",
        "好きな季節",
    ),
    _s("favorite_movie", PREF, True, "preference", "favorite movie", "좋아하는 영화", "好きな映画"),
    _s("favorite_book", PREF, True, "preference", "favorite book", "좋아하는 책", "好きな本"),
    _s(
        "book_genre",
        PREF,
        True,
        "preference",
        "favorite book genre",
        "좋아하는 책 장르",
        "好きな本のジャンル",
    ),
    _s("favorite_game", PREF, True, "preference", "favorite game", "좋아하는 게임", "好きなゲーム"),
    _s(
        "favorite_animal",
        PREF,
        True,
        "preference",
        "favorite animal",
        "좋아하는 동물",
        "好きな動物",
    ),
    _s(
        "favorite_artist",
        PREF,
        True,
        "preference",
        "favorite artist",
        "좋아하는 아티스트",
        "好きなアーティスト",
    ),
    _s("favorite_place", PREF, True, "preference", "favorite place", "좋아하는 장소", "好きな場所"),
    _s("sport", PREF, False, "preference", "sport", "운동", "スポーツ"),
    _s("hobby", PREF, False, "preference", "hobby", "취미", "趣味"),
    _s("likes", PREF, False, "preference", "likes", "좋아하는 것", "好きなもの"),
    _s("disliked", PREF, False, "forbidden", "dislikes", "싫어하는 것", "嫌いなもの"),
    _s("suggestion", PREF, False, "suggestion", "asked the character to", "부탁", "お願い"),
    # situation: what is going on now
    _s("upcoming_exam", SIT, False, "fact", "upcoming exam", "다가오는 시험", "今度の試験"),
    _s("upcoming_event", SIT, False, "fact", "upcoming event", "다가오는 일정", "今度の予定"),
    _s("part_time_job", SIT, True, "fact", "part-time job", "아르바이트", "アルバイト"),
    _s("goal", SIT, False, "fact", "goal", "목표", "目標"),
    _s("current_project", SIT, False, "fact", "working on", "진행 중인 일", "取り組んでいること"),
    _s("situation", SIT, False, "fact", "current situation", "요즘 상황", "近況"),
    # a name the user took back ("Raro's off"): kept closed, so memories naming it read past
    _s("retracted", SIT, False, "fact", "said before, taken back", "취소한 말", "取り消したこと"),
    # relationships: the people in the user's life
    _s("relationship_status", REL, True, "fact", "relationship status", "연애 상태", "恋愛状況"),
    _s("partner", REL, True, "fact", "partner", "연인", "恋人"),
    _s("spouse", REL, True, "fact", "spouse", "배우자", "配偶者"),
    _s("best_friend", REL, False, "fact", "best friend", "가장 친한 친구", "親友"),
    _s("friend", REL, False, "fact", "friend", "친구", "友達"),
    _s("coworker", REL, False, "fact", "coworker", "동료", "同僚"),
]

SUBJECTS: dict[str, SubjectSpec] = {item.key: item for item in _ALL}
#: the subject of a name the user took back (``perceive/facts/retracted.py``)
RETRACTED = "retracted"


def spec(subject: str) -> SubjectSpec:
    """The spec of a subject; unknown subjects are multi-valued situation facts."""
    found = SUBJECTS.get(subject)
    if found is None:
        return SubjectSpec(subject, SIT, False, "fact", subject.replace("_", " "), subject, subject)
    return found


def label(subject: str, language: str | None) -> str:
    item = spec(subject)
    if language == "ko":
        return item.ko
    if language == "ja":
        return item.ja
    return item.en
