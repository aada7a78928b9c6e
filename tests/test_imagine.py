"""Imagination Land (seed 000 §7) and director notes (seed 003 §10), rule-based."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from soulmem.imagine import (
    MAX_PER_DAY,
    PATTERNS,
    Idea,
    ImagineContext,
    daily_remaining,
    feedback_weight,
    imagine,
    reflect,
)
from soulmem.model import Affect, Event, Memory, MemoryType, Scope, Source, Tier

SCOPE = Scope("user", "pet")
NOW = datetime(2025, 3, 10, 22, 30, tzinfo=UTC)  # a Monday night
AFTERNOON = NOW.replace(hour=14)
LANGS = ("en", "ko", "ja")


def mem(
    mid: str,
    content: str,
    *,
    days: float = 1.0,
    language: str | None = None,
    **extra: Any,
) -> Memory:
    at = NOW - timedelta(days=days)
    return Memory(
        id=mid,
        scope=SCOPE,
        content=content,
        tier=Tier.M30,
        memory_type=MemoryType.EPISODIC,
        created_at=at,
        occurred_at=at,
        expires_at=None,
        language=language,
        **extra,
    )


def ev(eid: str, text: str | None, hours: float = 0.0, language: str | None = None) -> Event:
    return Event(
        id=eid,
        scope=SCOPE,
        at=NOW + timedelta(hours=hours),
        created_at=NOW + timedelta(hours=hours),
        user_text=text,
        assistant_text="...",
        language=language,
    )


# Per language: a rainy late-work context, a favorite drink, and memories for each pattern.
WORK_LATE = {"en": "working late", "ko": "야근 중", "ja": "残業中"}
RAIN = {"en": "rain", "ko": "비", "ja": "雨"}
DRINK = {"en": "latte", "ko": "라떼", "ja": "ラテ"}
PASSED = {
    "en": "user: I passed the bar exam! assistant: Congratulations!",
    "ko": "user: 나 자격증 시험 합격했어! assistant: 축하해!",
    "ja": "user: 資格試験に合格した！ assistant: おめでとう！",
}
BEACH = {
    "en": "user: we went to the beach together and laughed all day",
    "ko": "user: 우리 같이 바다 가서 하루 종일 웃었지",
    "ja": "user: 一緒に海に行って一日中笑ったね",
}
INTERVIEW = {
    "en": "user: I have a job interview tomorrow",
    "ko": "user: 내일 면접이 있어",
    "ja": "user: 明日面接があるんだ",
}
TIRED = {
    "en": "user: I'm so tired, work has been brutal",
    "ko": "user: 요즘 너무 피곤해",
    "ja": "user: 最近すごく疲れてる",
}
EXAM_FACT = {"en": "the math exam", "ko": "수학 시험", "ja": "数学の試験"}


def rainy_late(lang: str, **kw: Any) -> ImagineContext:
    return ImagineContext(now=NOW, activity=WORK_LATE[lang], weather=RAIN[lang], **kw)


def assert_in_language(idea: Idea, lang: str) -> None:
    text = idea.scenario + idea.action
    assert idea.language == lang
    if lang == "ko":
        assert any("가" <= c <= "힣" for c in text)
    elif lang == "ja":
        assert any("぀" <= c <= "ヿ" for c in text)
    else:
        assert text.isascii() or "—" in text


# ---------------------------------------------------------------------------------------
# imagine: every pattern in every language


@pytest.mark.parametrize("lang", LANGS)
def test_suggest_favorite_on_a_rainy_late_night(lang: str) -> None:
    idea = imagine([], [("favorite_drink", DRINK[lang])], rainy_late(lang, language=lang))
    assert idea is not None
    assert idea.pattern == "suggest_favorite"
    assert DRINK[lang] in idea.action and DRINK[lang] in idea.scenario
    assert_in_language(idea, lang)
    if lang == "en":
        assert idea.action == "It's raining and you're working late — how about a warm latte?"
    elif lang == "ko":
        assert idea.action.startswith("비 오는데 야근 중이네") and "따뜻한 라떼" in idea.action
    else:
        assert "雨" in idea.action and "温かいラテ" in idea.action


@pytest.mark.parametrize("lang", LANGS)
def test_comfort_when_tired(lang: str) -> None:
    idea = imagine([], [], rainy_late(lang, language=lang))
    assert idea is not None and idea.pattern == "comfort_when_tired"
    assert_in_language(idea, lang)
    # a tired memory alone (no activity) also triggers it, citing the memory
    tired = mem("t1", TIRED[lang], days=0.5, language=lang)
    idea = imagine([tired], [], ImagineContext(now=AFTERNOON))
    assert idea is not None and idea.pattern == "comfort_when_tired"
    assert idea.trigger_memory_ids == ("t1",)
    assert_in_language(idea, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_celebrate_progress(lang: str) -> None:
    passed = mem("p1", PASSED[lang], days=2, language=lang, emotions={"joy": 0.9})
    idea = imagine([passed], [], ImagineContext(now=AFTERNOON))
    assert idea is not None and idea.pattern == "celebrate_progress"
    assert idea.trigger_memory_ids == ("p1",)
    assert_in_language(idea, lang)
    # the quote is the user's words, without the speaker labels or the reply
    assert "user:" not in idea.action and "assistant" not in idea.action


@pytest.mark.parametrize("lang", LANGS)
def test_recall_shared_joy(lang: str) -> None:
    beach = mem("b1", BEACH[lang], days=40, language=lang, emotions={"joy": 0.8})
    idea = imagine([beach], [], ImagineContext(now=AFTERNOON, idle_minutes=45))
    assert idea is not None and idea.pattern == "recall_shared_joy"
    assert idea.trigger_memory_ids == ("b1",)
    assert_in_language(idea, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_check_in_after_silence(lang: str) -> None:
    plain = mem("s1", BEACH[lang], days=3, language=lang)
    ctx = ImagineContext(now=AFTERNOON, idle_minutes=3 * 24 * 60)
    idea = imagine([plain], [], ctx)
    assert idea is not None and idea.pattern == "check_in_after_silence"
    assert idea.trigger_memory_ids == ("s1",)
    assert {"en": "3 days", "ko": "3일", "ja": "3日"}[lang] in idea.action
    assert_in_language(idea, lang)
    # without any memory it still checks in, with the plain wording
    idea = imagine([], [], ImagineContext(now=AFTERNOON, idle_minutes=300, language=lang))
    assert idea is not None and idea.pattern == "check_in_after_silence"
    assert idea.trigger_memory_ids == ()
    assert_in_language(idea, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_remind_upcoming_from_a_fact_or_a_memory(lang: str) -> None:
    ctx = ImagineContext(now=AFTERNOON, language=lang)
    idea = imagine([], [("upcoming_exam", EXAM_FACT[lang])], ctx)
    assert idea is not None and idea.pattern == "remind_upcoming"
    assert {"en": "math exam", "ko": "수학 시험이", "ja": "数学の試験"}[lang] in idea.action
    assert_in_language(idea, lang)
    interview = mem("i1", INTERVIEW[lang], days=0.5, language=lang)
    idea = imagine([interview], [], ImagineContext(now=AFTERNOON))
    assert idea is not None and idea.pattern == "remind_upcoming"
    assert idea.trigger_memory_ids == ("i1",)
    assert_in_language(idea, lang)


def test_the_table_documents_every_pattern_in_every_language() -> None:
    assert set(PATTERNS) == {
        "comfort_when_tired",
        "celebrate_progress",
        "recall_shared_joy",
        "check_in_after_silence",
        "suggest_favorite",
        "remind_upcoming",
    }
    for key, pattern in PATTERNS.items():
        assert pattern.key == key and pattern.trigger
        assert set(pattern.templates) == set(LANGS)
        assert all(pattern.templates[lang] for lang in LANGS)


def test_language_follows_the_context_then_the_memories() -> None:
    passed = mem("p1", PASSED["ko"], days=1)  # language detected from the text
    idea = imagine([passed], [], ImagineContext(now=AFTERNOON))
    assert idea is not None and idea.language == "ko"
    idea = imagine([passed], [], ImagineContext(now=AFTERNOON, language="ja-JP"))
    assert idea is not None and idea.language == "ja"
    idea = imagine([], [("favorite_drink", "tea")], ImagineContext(now=NOW, language="fr"))
    assert idea is not None and idea.language == "en"


def test_korean_particles_follow_the_last_syllable() -> None:
    ctx = ImagineContext(now=AFTERNOON, language="ko")
    idea = imagine([], [("upcoming_event", "발표")], ctx)
    assert idea is not None and "발표가 있지" in idea.action
    idea = imagine([], [("upcoming_event", "면접")], ctx)
    assert idea is not None and "면접이 있지" in idea.action


def test_english_articles() -> None:
    ctx = ImagineContext(now=NOW, weather="hot", language="en")
    idea = imagine([], [("favorite_drink", "americano")], ctx)
    assert idea is not None and "a cold americano" in idea.action
    idea = imagine([], [("favorite_drink", "iced tea")], ImagineContext(now=NOW, idle_minutes=90))
    assert idea is not None and "a warm iced tea" not in idea.action


# ---------------------------------------------------------------------------------------
# nothing fits, forbidden topics, weights, determinism


def test_none_when_nothing_fits() -> None:
    calm = ImagineContext(now=AFTERNOON, language="en")
    assert imagine([], [], calm) is None
    neutral = mem("n1", "user: I had a sandwich for lunch", days=0.2)
    assert imagine([neutral], [("name", "Mina")], calm) is None
    # a favorite alone is no reason to bring it up on a calm afternoon
    assert imagine([neutral], [("favorite_drink", "latte")], calm) is None
    # memories that are not active, and earlier imaginations, never trigger ideas
    gone = mem("g1", PASSED["en"], days=1, status="queued")
    own = mem("o1", PASSED["en"], days=1, source=Source.PROACTIVE)
    assert imagine([gone, own], [], calm) is None


def test_forbidden_topic_skips_the_candidate() -> None:
    facts = [("favorite_drink", "latte")]
    idea = imagine([], facts, rainy_late("en"), forbidden=["LATTE"])
    assert idea is not None and idea.pattern == "comfort_when_tired"
    assert "latte" not in (idea.scenario + idea.action).lower()


def test_forbidden_topic_in_the_wording_falls_back_to_a_plain_variant() -> None:
    facts = [("favorite_drink", "라떼")]
    idea = imagine([], facts, rainy_late("ko"), forbidden=["야근"])
    assert idea is not None and idea.pattern == "suggest_favorite"
    assert "야근" not in idea.scenario + idea.action
    assert "라떼" in idea.action


def test_forbidden_topic_in_a_source_memory() -> None:
    passed = mem("p1", PASSED["en"], days=1, emotions={"joy": 0.9})
    ctx = ImagineContext(now=AFTERNOON)
    assert imagine([passed], [], ctx, forbidden=["Bar Exam"]) is None
    assert imagine([passed], [], ctx, forbidden=["", "  "]) is not None  # blanks ignored


def test_disliked_and_allergy_facts_are_forbidden_too() -> None:
    facts = [("favorite_drink", "peanut latte"), ("allergy", "peanut")]
    idea = imagine([], facts, rainy_late("en"))
    assert idea is not None and idea.pattern == "comfort_when_tired"
    facts = [("favorite_food", "ramen"), ("favorite_drink", "cola"), ("disliked", "cola")]
    idea = imagine([], facts, rainy_late("en"))
    assert idea is not None and "ramen" in idea.action


def test_weights_change_the_choice() -> None:
    facts = [("favorite_drink", "latte")]
    assert imagine([], facts, rainy_late("en")).pattern == "suggest_favorite"  # type: ignore[union-attr]
    idea = imagine([], facts, rainy_late("en"), weights={"suggest_favorite": 0.5})
    assert idea is not None and idea.pattern == "comfort_when_tired"
    assert idea.score == pytest.approx(0.85)
    idea = imagine([], facts, rainy_late("en"), weights={"comfort_when_tired": 1.2})
    assert idea is not None and idea.pattern == "comfort_when_tired"
    # a weight of zero disables a pattern; when all fitting ones are off, nothing fits
    off = {"suggest_favorite": 0.0, "comfort_when_tired": 0.0}
    assert imagine([], facts, rainy_late("en"), weights=off) is None


def test_learned_feedback_moves_a_pattern_down() -> None:
    facts = [("favorite_drink", "latte")]
    weight = 1.0
    for _ in range(2):
        weight = feedback_weight(weight, "refused")
    idea = imagine([], facts, rainy_late("en"), weights={"suggest_favorite": weight})
    assert idea is not None and idea.pattern == "comfort_when_tired"


def test_deterministic_and_seeded_variants() -> None:
    facts = [("favorite_drink", "latte")]
    first = imagine([], facts, rainy_late("en"))
    assert first == imagine([], facts, rainy_late("en"))
    seeded = {imagine([], facts, rainy_late("en"), rng_seed=s) for s in range(12)}
    assert all(i is not None and i.pattern == "suggest_favorite" for i in seeded)
    assert len(seeded) == 2  # the wording with the situation, and the plain one
    assert imagine([], facts, rainy_late("en"), rng_seed=5) == imagine(
        [], facts, rainy_late("en"), rng_seed=5
    )


def test_context_time_of_day_and_validation() -> None:
    assert ImagineContext(now=NOW.replace(hour=7)).resolved_time_of_day == "morning"
    assert ImagineContext(now=NOW.replace(hour=13)).resolved_time_of_day == "afternoon"
    assert ImagineContext(now=NOW.replace(hour=18)).resolved_time_of_day == "evening"
    assert ImagineContext(now=NOW.replace(hour=2)).resolved_time_of_day == "night"
    assert ImagineContext(now=NOW, time_of_day="밤").resolved_time_of_day == "night"
    assert ImagineContext(now=NOW, time_of_day="朝").resolved_time_of_day == "morning"
    with pytest.raises(ValueError, match="time_of_day"):
        ImagineContext(now=NOW, time_of_day="teatime")
    with pytest.raises(ValueError, match="idle_minutes"):
        ImagineContext(now=NOW, idle_minutes=-1)


def test_working_at_night_counts_as_working_late() -> None:
    ctx = ImagineContext(now=NOW, activity="coding", language="en")
    idea = imagine([], [], ctx)
    assert idea is not None and idea.pattern == "comfort_when_tired"
    assert "working late" in idea.action


# ---------------------------------------------------------------------------------------
# feedback and the daily cap


@pytest.mark.parametrize(
    ("weight", "feedback", "expected"),
    [
        (1.0, "good", 1.2),
        (1.0, "ignored", 0.9),
        (1.0, "refused", 0.6),
        (2.9, "good", 3.0),  # capped
        (3.0, "good", 3.0),
        (0.15, "refused", 0.1),  # floored
        (0.1, "ignored", 0.1),
        (1.0, " Good ", 1.2),
    ],
)
def test_feedback_weight(weight: float, feedback: str, expected: float) -> None:
    assert feedback_weight(weight, feedback) == pytest.approx(expected)


def test_feedback_weight_rejects_unknown_feedback() -> None:
    with pytest.raises(ValueError, match="feedback"):
        feedback_weight(1.0, "meh")


def test_repeated_good_feedback_saturates() -> None:
    weight = 1.0
    for _ in range(20):
        weight = feedback_weight(weight, "good")
    assert weight == 3.0


def test_daily_remaining() -> None:
    assert MAX_PER_DAY == 3
    assert daily_remaining([], NOW) == 3
    today = [NOW.replace(hour=8), NOW.replace(hour=12)]
    yesterday = [NOW - timedelta(days=1)]
    assert daily_remaining(today + yesterday, NOW) == 1
    assert daily_remaining([*today, NOW.replace(hour=9), NOW.replace(hour=10)], NOW) == 0


# ---------------------------------------------------------------------------------------
# reflect: director notes


def test_reflect_empty() -> None:
    assert reflect([]) == ("", {})


@pytest.mark.parametrize(
    ("lang", "texts", "note"),
    [
        (
            "en",
            ("I'm so tired today", "thanks for listening", "thank you, really"),
            "The user sounded tired and thanked you twice; be gentle and keep it short.",
        ),
        (
            "ko",
            ("오늘 너무 피곤해", "고마워", "진짜 고마워"),
            "유저: 피곤해 보임, 고맙다고 두 번 말함. 다음 턴: 부드럽게, 짧게 답할 것.",
        ),
        (
            "ja",
            ("今日は疲れた", "ありがとう", "本当にありがとう"),
            "ユーザー: 疲れている様子、2回お礼を言った。次のターン: 優しく、短めに返すこと。",
        ),
    ],
)
def test_reflect_tired_and_thankful(lang: str, texts: tuple[str, ...], note: str) -> None:
    events = [ev(str(i), text, hours=i) for i, text in enumerate(texts)]
    text, deltas = reflect(events)
    assert text == note
    assert deltas["affection"] > 0 and deltas["trust"] > 0 and deltas["familiarity"] > 0
    assert "rivalry" not in deltas
    assert all(abs(v) <= 5 for v in deltas.values())


@pytest.mark.parametrize(
    ("lang", "text"),
    [("en", "shut up, you're useless"), ("ko", "짜증나 진짜"), ("ja", "うるさい、もういい")],
)
def test_reflect_conflict(lang: str, text: str) -> None:
    note, deltas = reflect([ev("1", text)], language=lang)
    assert deltas["affection"] < 0 and deltas["rivalry"] > 0 and deltas["trust"] < 0
    expected = {"en": "calm", "ko": "차분하게", "ja": "落ち着いて"}[lang]
    assert expected in note


def test_reflect_praise_apology_secret_and_joy() -> None:
    _, deltas = reflect([ev("1", "you're the best, great job")])
    assert deltas["affection"] > 0 and deltas["respect"] > 0
    note, deltas = reflect([ev("1", "sorry about yesterday")])
    assert "apologized" in note and deltas["rivalry"] < 0 and deltas["trust"] > 0
    note, deltas = reflect([ev("1", "이건 비밀인데 나 이직 준비 중이야")])
    assert note.startswith("유저: 개인적인 이야기를 털어놓음") and deltas["trust"] >= 1.5
    note, _ = reflect([ev("1", "今日は本当に嬉しい！")])
    assert "ご機嫌" in note and "一緒に喜ぶ" in note


def test_reflect_long_silence_lowers_familiarity() -> None:
    events = [ev("1", "see you", 0), ev("2", "I'm back", 24 * 10)]
    note, deltas = reflect(events)
    assert "came back after 10 days" in note
    assert deltas["familiarity"] < 0
    note, _ = reflect(events, language="ko")
    assert "10일 만에 돌아옴" in note


def test_reflect_uses_affects_by_position() -> None:
    events = [ev("1", "hmm", 0), ev("2", "whatever", 1)]
    angry = Affect(emotions={"anger": 0.8}, intensity=0.7, valence=-0.6)
    calm = Affect(emotions={"neutral": 1.0}, intensity=0.1)
    _, deltas = reflect(events, [calm, angry])
    assert deltas["rivalry"] > 0 and deltas["affection"] < 0
    sad = Affect(emotions={"sadness": 0.7}, intensity=0.6, valence=-0.5)
    note, deltas = reflect(events, [sad, calm], language="ja")
    assert "落ち込んでいる様子" in note and deltas["trust"] > 0
    # a weak affect is noise
    weak = Affect(emotions={"anger": 0.9}, intensity=0.2)
    assert "rivalry" not in reflect(events, [weak, weak])[1]


def test_reflect_language_detection_and_defaults() -> None:
    note, _ = reflect([ev("1", "오늘 뭐 먹지")])
    assert note.startswith("특별한 신호 없음")
    note, _ = reflect([ev("1", "what should I eat")], language="ja")
    assert note.startswith("特に目立った様子はなし")
    note, _ = reflect([ev("1", "what should I eat", language="ko")])
    assert note.startswith("특별한")
    note, _ = reflect([ev("1", "ok", 0), ev("2", "hm", 1), ev("3", "yes", 2)])
    assert note == "Keep replies brief."


def test_reflect_is_deterministic_and_order_independent() -> None:
    events = [ev("1", "I'm so tired", 0), ev("2", "thanks", 1), ev("3", "you're amazing", 2)]
    first = reflect(events)
    assert first == reflect(list(reversed(events)))
    assert first == reflect(events)


def test_reflect_reads_only_recent_turns_and_bounds_deltas() -> None:
    events = [ev(str(i), "thank you so much, you're the best", i) for i in range(50)]
    _, deltas = reflect(events)
    assert deltas == {"trust": 1.0, "affection": 5.0, "respect": 2.0, "familiarity": 2.0}


def test_reflect_cues_about_other_things_are_not_about_the_character() -> None:
    _, deltas = reflect([ev("1", "the movie was amazing, I'm angry at my boss though")])
    assert "respect" not in deltas and "rivalry" not in deltas
