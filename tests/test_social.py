"""Social layer: relationship cues (ko/ja/en, negation), apply/clamp/levels/speech style,
history and experience caps, long mood, scenes."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta, timezone

import pytest

from soulmem.model import Affect, Event, Mood, Relationship, Scope
from soulmem.social import mood as moodmod
from soulmem.social.relationship import (
    FAMILIES,
    SPEECH_STYLES,
    Delta,
    apply,
    deltas_from_mapping,
    emotional_entry,
    level_of,
    push_experience,
    push_history,
    shared_experience,
    turn_deltas,
)
from soulmem.social.scenes import extract_place, scene_for, time_of_day, topics_of

SCOPE = Scope("u1", "a1")
NOW = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
NEUTRAL = Affect(emotions={"neutral": 1.0})


def cue_totals(text: str, language: str | None = None) -> dict[str, float]:
    """Axis totals of a turn's cues (without the per-turn familiarity)."""
    totals: dict[str, float] = {}
    for delta in turn_deltas(text, None, NEUTRAL, language=language):
        if delta.reason.startswith("time spent together"):
            continue
        totals[delta.axis] = totals.get(delta.axis, 0.0) + delta.amount
    return totals


def families_of(text: str) -> set[str]:
    labels = {family.label: name for name, family in FAMILIES.items()}
    found = set()
    for delta in turn_deltas(text, None, NEUTRAL):
        label = delta.reason.split(":")[0].split(" (")[0]
        if label in labels:
            found.add(labels[label])
    return found


# ---------------------------------------------------------------------------------------
# Cue families, per language

CUES: dict[str, dict[str, list[str]]] = {
    "gratitude": {
        "en": ["Thank you so much!", "thanks for the help", "I really appreciate it"],
        "ko": ["고마워", "정말 감사합니다", "도와줘서 고마웠어"],
        "ja": ["ありがとう！", "本当に助かった", "感謝してる"],
    },
    "compliment": {
        "en": ["You're so sweet", "you are the best", "I love you"],
        "ko": ["너 진짜 귀여워", "사랑해", "너를 정말 좋아해"],
        "ja": ["君が好き", "愛してるよ", "優しいね"],
    },
    "ability": {
        "en": ["You're so smart", "Well done!", "great job on that"],
        "ko": ["너 정말 대단해", "잘했어!", "역시 천재야"],
        "ja": ["さすが！", "天才だね", "よくやったね"],
    },
    "apology": {
        "en": ["I'm sorry about yesterday", "I apologize", "my bad"],
        "ko": ["미안해", "죄송해요", "내가 잘못했어"],
        "ja": ["ごめんね", "申し訳ない", "悪かった"],
    },
    "promise_kept": {
        "en": ["I did what I promised", "I kept my promise", "Here it is, as promised"],
        "ko": ["약속 지켰어", "약속대로 왔어", "약속을 꼭 지켰지"],
        "ja": ["約束守ったよ", "約束通り来たよ", "約束をちゃんと守った"],
    },
    "promise_broken": {
        "en": ["I broke my promise", "I didn't keep my promise", "I couldn't do what I promised"],
        "ko": ["약속 못 지켰어", "약속을 어겼어", "약속 까먹었어"],
        "ja": ["約束破った", "約束守れなかった", "約束を忘れてた"],
    },
    "lie": {
        "en": ["I lied to you", "that was a lie", "I was lying"],
        "ko": ["거짓말했어", "사실 너를 속였어", "뻥이었어"],
        "ja": ["嘘ついた", "騙したんだ", "うそをついた"],
    },
    "trust": {
        "en": ["I trust you", "I believe in you", "I really count on you"],
        "ko": ["널 믿어", "너를 정말 믿어", "당신을 믿을게"],
        "ja": ["信じてる", "君を信頼してる", "頼りにしてる"],
    },
    "secret": {
        "en": ["This is a secret", "I've never told anyone this", "between you and me"],
        "ko": ["비밀인데", "아무한테도 말 안 했어", "너한테만 말하는 건데"],
        "ja": ["秘密なんだけど", "誰にも言ってない", "君にだけ話すね"],
    },
    "insult": {
        "en": ["You're stupid", "I hate you", "shut up"],
        "ko": ["바보야", "멍청하긴", "꺼져"],
        "ja": ["バカ", "お前なんか嫌い", "役立たず"],
    },
    "conflict": {
        "en": ["Leave me alone", "I'm so angry at you", "you never listen"],
        "ko": ["그만해", "너 때문에 다 망쳤어", "너한테 진짜 실망이야"],
        "ja": ["いい加減にして", "ふざけんな", "あなたのせいだ"],
    },
    "competition": {
        "en": ["I'll beat you next time", "I won't lose", "Let's race!"],
        "ko": ["내가 이길 거야", "절대 안 질 거야", "내기하자"],
        "ja": ["負けないから", "勝負しよう", "次は絶対勝つ"],
    },
}

CASES = [
    (family, language, text)
    for family, by_language in CUES.items()
    for language, texts in by_language.items()
    for text in texts
]


@pytest.mark.parametrize(("family", "language", "text"), CASES)
def test_cue_families_in_each_language(family: str, language: str, text: str) -> None:
    assert family in families_of(text)
    totals = cue_totals(text)
    for axis, amount in FAMILIES[family].deltas:
        assert totals.get(axis, 0.0) * amount > 0  # same direction as the family's rule


def test_praise_of_ability_adds_respect_but_plain_compliment_does_not() -> None:
    assert cue_totals("You're so smart") == {"respect": 3.0, "affection": 1.0}
    assert cue_totals("You're so sweet") == {"affection": 3.0}
    assert cue_totals("thanks") == {"affection": 2.0}


def test_amounts_are_small_and_documented() -> None:
    for family in FAMILIES.values():
        for axis, amount in family.deltas:
            assert 1.0 <= abs(amount) <= 5.0, (family.label, axis)
    assert cue_totals("I broke my promise") == {"trust": -5.0}
    assert cue_totals("I did what I promised") == {"trust": 4.0}
    assert cue_totals("You're stupid") == {"affection": -4.0, "rivalry": 2.0}


def test_each_family_fires_once_per_turn() -> None:
    assert cue_totals("thanks, thank you!! I appreciate it, 고마워") == {"affection": 2.0}


def test_reasons_name_the_cue() -> None:
    deltas = turn_deltas("약속 지켰어!", None, NEUTRAL)
    assert any("promise kept" in d.reason and "약속 지켰" in d.reason for d in deltas)


def test_plain_statements_change_only_familiarity() -> None:
    for text in ["I live in Denver", "서울에 살아", "東京に住んでる", "I love pizza"]:
        deltas = turn_deltas(text, "ok", NEUTRAL)
        assert [(d.axis, d.amount) for d in deltas] == [("familiarity", 0.5)]


# ---------------------------------------------------------------------------------------
# Negation


@pytest.mark.parametrize(
    "text",
    ["You're not stupid", "I don't hate you", "바보 아니야", "バカじゃない", "I never lied to you"],
)
def test_negated_negative_cues_are_cancelled(text: str) -> None:
    assert cue_totals(text) == {}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("안 고마워", {"affection": -2.0}),
        ("고맙지 않아", {"affection": -2.0}),
        ("thanks for nothing", {"affection": -2.0}),
        ("You're not smart", {"affection": -2.0}),
        ("I don't like you", {"affection": -2.0}),
        ("上手じゃない", {"affection": -2.0}),
        ("I'm not sorry", {"affection": -2.0, "rivalry": 2.0}),
        ("I never kept my promise", {"trust": -5.0}),
        ("I can't trust you", {"trust": -3.0}),
        ("못 믿어", {"trust": -3.0}),
    ],
)
def test_negation_turns_cues_into_their_opposite(text: str, expected: dict[str, float]) -> None:
    assert cue_totals(text) == expected


def test_negation_is_not_applied_to_cues_that_contain_it() -> None:
    assert cue_totals("I won't lose") == {"rivalry": 3.0}
    assert cue_totals("負けないから") == {"rivalry": 3.0}
    assert cue_totals("not bad!") == {"respect": 3.0, "affection": 1.0}


def test_negation_stays_within_the_clause() -> None:
    assert cue_totals("I'm not hungry, thanks") == {"affection": 2.0}


def test_false_friends_do_not_fire() -> None:
    assert cue_totals("I would like you to help me") == {}
    assert cue_totals("ばかりだ") == {}
    assert cue_totals("sorry to hear that") == {}


def test_unsupported_language_turns_english_cues_off() -> None:
    assert cue_totals("thanks", language="fr") == {}
    assert cue_totals("고마워", language="fr") == {"affection": 2.0}


# ---------------------------------------------------------------------------------------
# Familiarity, absence, affect


def test_every_turn_adds_familiarity_and_empty_turn_nothing() -> None:
    assert turn_deltas(None, "hello", NEUTRAL) == [
        Delta("familiarity", 0.5, "time spent together (one turn)")
    ]
    assert turn_deltas(None, None, NEUTRAL) == []
    assert turn_deltas("", "", NEUTRAL) == []


@pytest.mark.parametrize(
    ("gap", "expected"),
    [
        (timedelta(days=6, hours=23), 0.0),
        (timedelta(days=7), -1.0),
        (timedelta(days=20), -2.0),
        (timedelta(days=400), -3.0),
    ],
)
def test_long_absence_costs_familiarity(gap: timedelta, expected: float) -> None:
    deltas = turn_deltas("hi", None, NEUTRAL, gap=gap)
    absence = sum(d.amount for d in deltas if d.reason.startswith("long absence"))
    assert absence == expected


def test_affect_is_a_weak_signal() -> None:
    joy = Affect(emotions={"joy": 0.8}, intensity=0.6, valence=0.6)
    anger = Affect(emotions={"anger": 0.8}, intensity=0.5, valence=-0.5)
    weak = Affect(emotions={"joy": 0.5}, intensity=0.1)
    joy_deltas = [d for d in turn_deltas("hi", None, joy) if "felt" in d.reason]
    assert [(d.axis, d.amount) for d in joy_deltas] == [("affection", 0.6)]
    anger_deltas = [d for d in turn_deltas("hi", None, anger) if "felt" in d.reason]
    assert [(d.axis, d.amount) for d in anger_deltas] == [("affection", -0.5), ("rivalry", 0.25)]
    assert not [d for d in turn_deltas("hi", None, weak) if "felt" in d.reason]
    assert all(abs(d.amount) <= 1.0 for d in joy_deltas + anger_deltas)


def test_turn_deltas_are_deterministic() -> None:
    text = "고마워, 근데 약속 못 지켰어. I'll beat you!"
    assert turn_deltas(text, "x", NEUTRAL) == turn_deltas(text, "x", NEUTRAL)


def test_delta_validates_axis_and_amount() -> None:
    with pytest.raises(ValueError, match="axis"):
        Delta("love", 1.0, "x")
    with pytest.raises(ValueError, match="finite"):
        Delta("trust", float("nan"), "x")
    assert deltas_from_mapping({"trust": 2, "rivalry": 0}, "director note") == [
        Delta("trust", 2.0, "director note")
    ]


# ---------------------------------------------------------------------------------------
# apply, intimacy, levels, speech style


def seed_formula(rel: Relationship) -> float:
    return (
        rel.affection * 0.35
        + rel.trust * 0.25
        + rel.familiarity * 0.25
        + rel.respect * 0.15
        - rel.rivalry * 0.1
    )


def test_intimacy_matches_seed_formula() -> None:
    rng = random.Random(7)
    for _ in range(200):
        t, a, r, v, f = (rng.uniform(0, 100) for _ in range(5))
        rel = Relationship(SCOPE, trust=t, affection=a, respect=r, rivalry=v, familiarity=f)
        assert rel.intimacy == pytest.approx(max(0.0, min(100.0, seed_formula(rel))))
        assert rel.level == level_of(rel.intimacy)
    rel = Relationship(SCOPE, trust=80, affection=60, respect=40, rivalry=20, familiarity=10)
    assert rel.intimacy == pytest.approx(21 + 20 + 2.5 + 6 - 2)


@pytest.mark.parametrize(
    ("score", "level"),
    [
        (0.0, "stranger"),
        (19.99, "stranger"),
        (20.0, "acquaintance"),
        (39.99, "acquaintance"),
        (40.0, "friend"),
        (59.99, "friend"),
        (60.0, "close_friend"),
        (79.99, "close_friend"),
        (80.0, "intimate"),
        (100.0, "intimate"),
    ],
)
def test_level_boundaries(score: float, level: str) -> None:
    assert level_of(score) == level
    # The same boundary through Relationship.level: only familiarity contributes (x 0.25).
    rel = Relationship(SCOPE, trust=0, affection=0, respect=0, rivalry=0, familiarity=score * 4)
    if score * 4 <= 100:
        assert rel.level == level


def test_apply_clamps_and_sets_times() -> None:
    rel = Relationship(SCOPE, trust=98, affection=2)
    out = apply(rel, [Delta("trust", 5, "a"), Delta("affection", -5, "b")], NOW)
    assert (out.trust, out.affection) == (100.0, 0.0)
    assert out.updated_at == NOW and out.last_seen_at == NOW
    assert rel.trust == 98  # records are immutable
    with pytest.raises(TypeError):
        apply(rel, [("trust", 1.0)], NOW)  # type: ignore[list-item]


def test_apply_sums_deltas_per_axis() -> None:
    rel = Relationship(SCOPE)
    deltas = turn_deltas("고마워! 너 정말 대단해", "응", NEUTRAL)
    out = apply(rel, deltas, NOW)
    assert out.affection == 50 + 2 + 1
    assert out.respect == 53
    assert out.familiarity == 0.5


@pytest.mark.parametrize(
    ("axes", "level", "style"),
    [
        ((0, 0, 0, 0), "stranger", "formal"),
        ((0, 0, 0, 80), "acquaintance", "formal"),
        ((50, 50, 50, 30), "friend", "casual"),
        ((70, 70, 70, 70), "close_friend", "casual"),
        ((90, 90, 90, 70), "intimate", "intimate"),
    ],
)
def test_speech_style_per_level(
    axes: tuple[float, float, float, float], level: str, style: str
) -> None:
    trust, affection, respect, familiarity = axes
    rel = Relationship(SCOPE, trust=trust, affection=affection, respect=respect)
    out = apply(rel, [Delta("familiarity", familiarity, "test")], NOW)
    assert out.level == level
    assert out.speech_style == style == SPEECH_STYLES[level]


def test_speech_style_intimate_and_back_to_formal() -> None:
    rel = Relationship(SCOPE, trust=90, affection=90, respect=90, familiarity=70)
    out = apply(rel, [], NOW)
    assert out.level == "intimate" and out.speech_style == "intimate"
    cold = apply(out, [Delta(axis, -100, "fall-out") for axis in ("trust", "affection")], NOW)
    assert cold.level in ("stranger", "acquaintance") and cold.speech_style == "formal"


def test_repeated_turns_grow_the_relationship_from_stranger() -> None:
    rel = Relationship(SCOPE, trust=0, affection=0, respect=0)
    assert rel.level == "stranger"
    for _ in range(40):
        rel = apply(rel, turn_deltas("thanks, you're so kind", "welcome", NEUTRAL), NOW)
    assert rel.affection == 100.0
    assert rel.level in ("acquaintance", "friend")


# ---------------------------------------------------------------------------------------
# Emotional history and shared experiences


def test_emotional_entry_and_history_cap() -> None:
    affect = Affect(emotions={"joy": 0.7, "nostalgia": 0.4}, intensity=0.81234)
    entry = emotional_entry(affect, NOW)
    assert entry == {"emotion": "joy", "intensity": 0.812, "at": NOW.isoformat()}
    rel = Relationship(SCOPE)
    for i in range(60):
        rel = push_history(rel, {**entry, "intensity": i / 100})
    assert len(rel.emotional_history) == 50
    assert rel.emotional_history[0]["intensity"] == 0.10
    assert rel.emotional_history[-1]["intensity"] == 0.59
    assert push_history(rel, entry, keep=3).emotional_history[-1] == entry
    assert len(push_history(rel, entry, keep=3).emotional_history) == 3


def test_experience_cap_and_repeat() -> None:
    rel = Relationship(SCOPE)
    for i in range(25):
        rel = push_experience(rel, f"exp {i}")
    assert len(rel.shared_experiences) == 20
    assert rel.shared_experiences[0] == "exp 5"
    rel = push_experience(rel, "exp 10")
    assert rel.shared_experiences[-1] == "exp 10"
    assert rel.shared_experiences.count("exp 10") == 1
    assert push_experience(rel, "   ") == rel


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I brought you flowers", "I brought you flowers"),
        ("Guess what? We watched the sunset together.", "We watched the sunset together"),
        ("I made you a cake!", "I made you a cake"),
        ("Here's a little gift for you.", "Here's a little gift for you"),
        ("*hugs you tightly*", "hugs you tightly"),
        ("꽃 사왔어", "꽃 사왔어"),
        ("우리 같이 영화 봤잖아", "우리 같이 영화 봤잖아"),
        ("너 주려고 쿠키 만들어 왔어", "너 주려고 쿠키 만들어 왔어"),
        ("プレゼント持ってきたよ", "プレゼント持ってきたよ"),
        ("一緒に花火見たね", "一緒に花火見たね"),
    ],
)
def test_shared_experience_detects_behaviour(text: str, expected: str) -> None:
    assert shared_experience(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "I live in Denver",
        "I got a new job",
        "My sister is a nurse",
        "Did we watch the sunset together?",
        "I didn't bring you anything",
        "서울에 살아",
        "우리 같이 가자",
        "같이 영화 봤어?",
        "東京に住んでる",
        "一緒に行こう",
        "",
        None,
    ],
)
def test_shared_experience_ignores_facts_plans_and_questions(text: str | None) -> None:
    assert shared_experience(text) is None


# ---------------------------------------------------------------------------------------
# Mood


def test_mood_moves_slowly_toward_event_vad() -> None:
    joy = Affect(emotions={"joy": 0.9}, intensity=0.8, valence=0.7, arousal=0.5, dominance=0.3)
    mood = Mood(SCOPE)
    one = moodmod.update_mood(mood, joy, NOW)
    assert 0 < one.valence < 0.1  # one event: a small step (0.1 x 0.8 of the way)
    assert one.valence == pytest.approx(0.1 * 0.8 * 0.7)
    assert one.updated_at == NOW
    current = mood
    for i in range(100):
        current = moodmod.update_mood(current, joy, NOW + timedelta(minutes=i))
    assert 0.6 < current.valence <= 0.7  # converges to the events' valence, never past it


def test_neutral_events_and_time_pull_toward_zero() -> None:
    mood = Mood(SCOPE, valence=-0.8, arousal=0.4, dominance=-0.2, updated_at=NOW)
    same_time = moodmod.update_mood(mood, NEUTRAL, NOW)
    assert same_time.valence == -0.8  # neutral event, no time: unchanged
    later = moodmod.update_mood(mood, NEUTRAL, NOW + timedelta(days=3))
    assert later.valence == pytest.approx(-0.4)  # one half-life
    assert later.arousal == pytest.approx(0.2)
    much_later = moodmod.update_mood(mood, NEUTRAL, NOW + timedelta(days=30))
    assert abs(much_later.valence) < 0.001
    custom = moodmod.update_mood(
        mood, NEUTRAL, NOW + timedelta(days=1), half_life=timedelta(days=1)
    )
    assert custom.valence == pytest.approx(-0.4)


def test_mood_clamps_and_ignores_backwards_clock() -> None:
    mood = Mood(SCOPE, valence=0.5, updated_at=NOW)
    wild = Affect(emotions={"joy": 1.0}, intensity=5.0, valence=9.0, arousal=-9.0)
    out = moodmod.update_mood(mood, wild, NOW - timedelta(days=10), weight=1.0)
    assert out.valence == 1.0 and out.arousal == -1.0
    assert out.updated_at == NOW  # never moves back
    with pytest.raises(ValueError):
        moodmod.update_mood(mood, wild, NOW, weight=2.0)
    with pytest.raises(ValueError):
        moodmod.update_mood(mood, wild, NOW, half_life=timedelta(0))


def test_mood_is_deterministic() -> None:
    sad = Affect(emotions={"sadness": 0.8}, intensity=0.6, valence=-0.5, arousal=-0.3)
    a = moodmod.update_mood(Mood(SCOPE, updated_at=NOW), sad, NOW + timedelta(hours=5))
    b = moodmod.update_mood(Mood(SCOPE, updated_at=NOW), sad, NOW + timedelta(hours=5))
    assert a == b


@pytest.mark.parametrize(
    ("vad", "en", "ko", "ja"),
    [
        ((0.0, 0.0, 0.0), "calm and even", "평온함", "落ち着いている"),
        ((0.4, 0.0, 0.0), "calm and content", "편안하고 만족스러움", "穏やかで満ち足りている"),
        ((0.7, 0.5, 0.3), "excited and elated", "몹시 신남", "とてもわくわくしている"),
        ((-0.2, -0.1, 0.0), "a little down", "조금 우울함", "少し落ち込んでいる"),
        ((-0.2, 0.3, -0.3), "a little uneasy", "조금 불안함", "少し不安"),
        ((-0.5, 0.5, 0.4), "irritated", "짜증스러움", "いらいらしている"),
        ((0.0, -0.4, 0.0), "tired and sluggish", "지치고 나른함", "疲れてだるい"),
    ],
)
def test_describe_mood(vad: tuple[float, float, float], en: str, ko: str, ja: str) -> None:
    mood = Mood(SCOPE, *vad)
    assert moodmod.describe(mood, "en") == en
    assert moodmod.describe(mood, "ko") == ko
    assert moodmod.describe(mood, "ja") == ja
    assert moodmod.describe(mood, None) == en
    assert moodmod.describe(mood, "fr") == en


# ---------------------------------------------------------------------------------------
# Scenes


def event(
    i: int,
    user: str | None,
    assistant: str | None = "응",
    *,
    at: datetime = NOW,
    session: str | None = "s1",
    metadata: dict[str, str] | None = None,
) -> Event:
    return Event(
        id=f"ev{i}",
        scope=SCOPE,
        at=at + timedelta(minutes=i),
        created_at=at,
        session_id=session,
        user_text=user,
        assistant_text=assistant,
        user_name="Mina",
        assistant_name="Aria",
        metadata=metadata or {},
        seq=i,
    )


def test_scene_from_a_session_in_english() -> None:
    events = [
        event(2, "The coffee at the cafe is great. I love this coffee", "Glad you like it"),
        event(0, "Let's meet at the cafe", "Sure, see you there"),
        event(1, "I'm so happy to see you! The coffee smells great", "Me too!"),
    ]
    scene = scene_for(events, "sc1")
    assert scene.id == "sc1" and scene.scope == SCOPE and scene.session_id == "s1"
    assert scene.place == "cafe"
    assert scene.time_of_day == "afternoon"
    assert scene.participants == ("Mina", "Aria")
    assert scene.tone == "joy"
    assert scene.topics[0] == "coffee"
    assert "cafe" in scene.topics
    assert scene.started_at == NOW and scene.ended_at == NOW + timedelta(minutes=2)


def test_scene_in_korean_and_japanese() -> None:
    ko = scene_for(
        [
            event(0, "집에서 영화 보는 중이야"),
            event(1, "영화가 너무 슬퍼 ㅠㅠ"),
            event(2, "영화 끝났어"),
        ],
        "ko",
    )
    assert ko.place == "집"
    assert ko.tone == "sadness"
    assert ko.topics[0] == "영화"
    ja = scene_for(
        [
            event(0, "カフェでケーキ食べてる", "いいね"),
            event(1, "ケーキ美味しい！嬉しい", "よかった"),
        ],
        "ja",
    )
    assert ja.place == "カフェ"
    assert ja.tone == "joy"
    assert ja.topics[0] == "ケーキ"


def test_scene_time_of_day_and_timezone() -> None:
    night_utc = datetime(2025, 3, 1, 23, 30, tzinfo=UTC)
    assert time_of_day(night_utc) == "night"
    assert time_of_day(night_utc, timezone(timedelta(hours=9))) == "morning"
    assert time_of_day(datetime(2025, 3, 1, 18, 0)) == "evening"  # naive = UTC
    assert [time_of_day(NOW.replace(hour=h)) for h in (4, 5, 11, 12, 16, 17, 20, 21)] == [
        "night",
        "morning",
        "morning",
        "afternoon",
        "afternoon",
        "evening",
        "evening",
        "night",
    ]
    scene = scene_for([event(0, "hi", at=night_utc)], "s", tz=timezone(timedelta(hours=9)))
    assert scene.time_of_day == "morning"


def test_scene_with_given_affects_and_metadata_place() -> None:
    events = [event(0, "hello", "hi", metadata={"place": "rooftop"}), event(1, "ok")]
    affects = {"ev0": Affect(emotions={"anxiety": 0.9}, intensity=0.7)}
    scene = scene_for(events, "s", affects=affects)
    assert scene.tone == "anxiety"
    assert scene.place == "rooftop"


def test_scene_without_place_or_emotion_and_bad_input() -> None:
    scene = scene_for([event(0, "I live in Denver", None), event(1, None, "Noted")], "s")
    assert scene.place is None
    assert scene.tone == "neutral"
    assert scene.participants == ("Mina", "Aria")
    with pytest.raises(ValueError):
        scene_for([], "s")
    other = Event(id="x", scope=Scope("u2", "a1"), at=NOW, created_at=NOW, user_text="hi")
    with pytest.raises(ValueError):
        scene_for([event(0, "hi"), other], "s")
    mixed = scene_for([event(0, "a", session="s1"), event(1, "b", session="s2")], "s")
    assert mixed.session_id is None


def test_place_and_topic_helpers() -> None:
    assert extract_place("we had dinner at home") == "home"
    assert extract_place("I'm at the park now") == "park"
    assert extract_place("공원에서 산책했어") == "공원"
    assert extract_place("지방에서 왔어") is None
    assert extract_place("駅で待ってる") == "駅"
    assert extract_place("nothing here") is None
    topics = topics_of(["I really like jazz", "jazz bars downtown are the best"], limit=2)
    assert topics == ("jazz", "bars")
