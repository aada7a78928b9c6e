"""Endless mode (seed 001): working set, consolidation triggers, summaries, continuity,
links and threads (seed 002), daily/weekly roll-up (seed 004) and graduation."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest

from soulmem.lifecycle.endless import (
    CONTINUITY_WEIGHTS,
    LEVELS,
    causal_links,
    consolidation_due,
    continuity,
    graduate,
    main_topics,
    overlap,
    roll_up,
    summarize_events,
    threads,
    topic_links,
    topic_tokens,
    working_set,
)
from soulmem.model import Event, EventLink, Scope, Source, Summary

T0 = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)
SCOPE = Scope("user", "char")
OTHER = Scope("user", "other-char")


def ev(
    i: int,
    user: str | None,
    reply: str | None = None,
    *,
    at: datetime | None = None,
    scope: Scope = SCOPE,
    files: tuple[str, ...] = (),
    entities: tuple[str, ...] = (),
    source: Source = Source.CONVERSATION,
    session: str | None = None,
) -> Event:
    when = at if at is not None else T0 + timedelta(minutes=10 * i)
    return Event(
        id=f"e{i}",
        scope=scope,
        at=when,
        created_at=when,
        user_text=user,
        assistant_text=reply,
        files=files,
        entities=entities,
        source=source,
        session_id=session,
        seq=i,
    )


EN = [
    ev(0, "I started learning guitar last week.", "That's exciting! Which guitar?"),
    ev(1, "My guitar teacher Mina is really strict.", "Strict teachers help.", entities=("Mina",)),
    ev(2, "What's for dinner?", "Maybe pasta?"),
    ev(
        3,
        "I finally played the whole song on guitar without a mistake!! I'm so happy!",
        "Wonderful!",
        files=("notes/setlist.md",),
    ),
    ev(4, "So I want to play at Mina's concert.", "Go for it.", entities=("Mina",)),
]
KO = [
    ev(0, "요즘 기타를 배우기 시작했어", "오 멋지다! 어떤 기타야?"),
    ev(1, "기타 선생님이 너무 엄격해서 힘들어", "엄격한 선생님이 도움이 될 거야"),
    ev(2, "오늘 저녁은 파스타 먹었어", "맛있었어?"),
    ev(3, "드디어 기타로 노래 한 곡을 실수 없이 쳤어! 너무 기뻐!", "대단해!"),
    ev(4, "그래서 민아 콘서트에서 기타 치고 싶어", "좋아"),
]
JA = [
    ev(0, "最近ギターを習い始めたんだ", "いいね！どんなギター？"),
    ev(1, "ギターの先生がすごく厳しくて大変", "厳しい先生は役に立つよ"),
    ev(2, "今日の夕飯はパスタだった", "おいしかった？"),
    ev(3, "やっと一曲ミスなしでギターを弾けた！本当に嬉しい！", "すごい！"),
    ev(4, "だから美奈のコンサートでギターを弾きたい", "いいね"),
]


# ---------------------------------------------------------------------------------------
# Working set


def _stream(count: int, step: timedelta = timedelta(minutes=1)) -> list[Event]:
    return [ev(i, f"turn {i}", at=T0 + i * step) for i in range(count)]


def test_working_set_keeps_the_newest_100_oldest_first() -> None:
    events = _stream(150)
    now = events[-1].at
    kept = working_set(events, now)
    assert [e.id for e in kept] == [f"e{i}" for i in range(50, 150)]


def test_working_set_exactly_100_and_101() -> None:
    hundred = _stream(100)
    assert len(working_set(hundred, hundred[-1].at)) == 100
    more = _stream(101)
    kept = working_set(more, more[-1].at)
    assert len(kept) == 100
    assert kept[0].id == "e1"


def test_working_set_age_boundary_is_inclusive_at_24h() -> None:
    now = T0 + timedelta(hours=24)
    exactly = ev(0, "old", at=T0)
    just_over = ev(1, "older", at=T0 - timedelta(seconds=1))
    fresh = ev(2, "new", at=now)
    future = ev(3, "not yet", at=now + timedelta(seconds=1))
    kept = working_set([fresh, future, just_over, exactly], now)
    assert [e.id for e in kept] == ["e0", "e2"]


def test_working_set_order_and_options() -> None:
    events = _stream(10)
    shuffled = events[:]
    random.Random(3).shuffle(shuffled)
    now = events[-1].at
    assert working_set(shuffled, now) == events
    assert working_set(events, now, max_events=3) == events[-3:]
    assert working_set(events, now, max_events=0) == []
    assert working_set(events, now, max_age=timedelta(minutes=2)) == events[-3:]
    assert working_set([], now) == []
    with pytest.raises(ValueError):
        working_set(events, now, max_events=-1)


# ---------------------------------------------------------------------------------------
# Consolidation triggers


def _due(
    now: datetime,
    *,
    last_consolidation: datetime | None = T0,
    events_since: int = 1,
    last_event_at: datetime | None = None,  # None here: the newest event is at ``now``
    every: timedelta = timedelta(hours=1),
    max_events: int = 100,
    idle: timedelta = timedelta(minutes=30),
) -> str | None:
    return consolidation_due(
        now=now,
        last_consolidation=last_consolidation,
        events_since=events_since,
        last_event_at=now if last_event_at is None else last_event_at,
        every=every,
        max_events=max_events,
        idle=idle,
    )


def test_interval_fires_at_exactly_one_hour() -> None:
    hour = T0 + timedelta(hours=1)
    assert _due(hour) == "interval"
    assert _due(hour - timedelta(seconds=1)) is None


def test_events_fire_at_exactly_100() -> None:
    now = T0 + timedelta(minutes=5)
    assert _due(now, events_since=100) == "events"
    assert _due(now, events_since=99) is None


def test_idle_fires_at_exactly_30_minutes() -> None:
    last = T0 + timedelta(minutes=10)
    assert _due(last + timedelta(minutes=30), last_event_at=last) == "idle"
    assert _due(last + timedelta(minutes=30, seconds=-1), last_event_at=last) is None


def test_nothing_new_nothing_due() -> None:
    later = T0 + timedelta(days=3)
    assert (
        consolidation_due(now=later, last_consolidation=None, events_since=0, last_event_at=None)
        is None
    )
    assert _due(later, events_since=0, last_event_at=T0) is None


def test_never_consolidated_uses_count_and_idle_only() -> None:
    now = T0 + timedelta(hours=5)
    assert _due(now, last_consolidation=None) is None
    assert _due(now, last_consolidation=None, events_since=100) == "events"
    assert _due(now, last_consolidation=None, last_event_at=now - timedelta(minutes=30)) == "idle"


def test_trigger_precedence_and_custom_thresholds() -> None:
    now = T0 + timedelta(hours=2)
    assert _due(now, events_since=500, last_event_at=T0) == "interval"
    assert _due(T0 + timedelta(minutes=1), events_since=500, last_event_at=T0) == "events"
    assert _due(T0 + timedelta(minutes=10), every=timedelta(minutes=10)) == "interval"
    assert _due(T0 + timedelta(minutes=1), events_since=5, max_events=5) == "events"
    with pytest.raises(ValueError):
        _due(now, events_since=-1)
    with pytest.raises(ValueError):
        _due(now, idle=timedelta(0))
    with pytest.raises(ValueError):
        _due(now, max_events=0)


# ---------------------------------------------------------------------------------------
# Summaries


@pytest.mark.parametrize(
    ("events", "topic", "label"),
    [(EN, "guitar", "Topics: "), (KO, "기타", "화제: "), (JA, "ギター", "話題: ")],
    ids=["en", "ko", "ja"],
)
def test_summary_in_main_language_mentions_main_topic(
    events: list[Event], topic: str, label: str
) -> None:
    text = summarize_events(events)
    assert 0 < len(text) <= 400
    topics_line = next(line for line in text.splitlines() if line.startswith(label))
    assert topics_line[len(label) :].startswith(topic)
    assert main_topics(events)[0] == topic


@pytest.mark.parametrize("events", [EN, KO, JA], ids=["en", "ko", "ja"])
def test_summary_never_exceeds_max_chars(events: list[Event]) -> None:
    for max_chars in (1, 2, 5, 10, 20, 40, 60, 80, 120, 200, 400, 1000):
        text = summarize_events(events, max_chars=max_chars)
        assert 0 < len(text) <= max_chars
    many = [ev(i, f"A very long line about guitar number {i}. " * 20) for i in range(50)]
    assert len(summarize_events(many, max_chars=400)) <= 400


def test_summary_keeps_the_topic_when_short() -> None:
    text = summarize_events(EN, max_chars=100)
    assert "guitar" in text
    assert text.splitlines()[0].startswith("5 turns")


def test_summary_content() -> None:
    text = summarize_events(EN)
    assert text.splitlines()[0] == "5 turns, 2025-03-01 09:00–09:40"
    assert "Mina" in text  # capitalised name, kept as written
    assert "notes/setlist.md" in text
    assert "Entities: Mina" in text
    assert "Mood: joy" in text
    notable = next(line for line in text.splitlines() if line.startswith("Notable: "))
    assert "I finally played the whole song" in notable  # the most emotional statement


def test_summary_is_deterministic_and_order_free() -> None:
    shuffled = EN[:]
    random.Random(7).shuffle(shuffled)
    assert summarize_events(shuffled) == summarize_events(EN)
    assert summarize_events(EN) == summarize_events(EN)


def test_summary_language_and_edge_cases() -> None:
    assert summarize_events([]) == ""
    assert summarize_events(KO, language="en").startswith("5 turns")
    assert summarize_events(EN, language="ko").startswith("대화 5턴")
    assert summarize_events(EN, language="fr").startswith("5 turns")
    assert summarize_events(KO).startswith("대화 5턴")
    assert summarize_events(JA).startswith("会話5ターン")
    with pytest.raises(ValueError):
        summarize_events(EN, max_chars=0)


def test_summary_counts_other_events_sessions_and_days() -> None:
    events = [
        ev(0, "Working on the parser.", session="s1"),
        ev(1, "Parser tests pass.", session="s2", at=T0 + timedelta(days=1)),
        ev(2, None, "Build finished", source=Source.NOTIFICATION, session="s2"),
    ]
    header = summarize_events(events).splitlines()[0]
    assert header == "2 turns (+1 other event), 2025-03-01 09:00–2025-03-02 09:00, 2 sessions"
    only = summarize_events([events[2]])
    assert only.startswith("1 event, ")


def test_korean_topics_drop_particles_and_predicates() -> None:
    events = [
        ev(0, "카페에서 친구를 만났어"),
        ev(1, "그 카페는 커피가 맛있어"),
        ev(2, "친구랑 카페에 또 가고 싶어"),
    ]
    topics = main_topics(events)
    assert topics[:2] == ["카페", "친구"]
    assert not any(t.endswith(("어", "다", "요")) for t in topics)


# ---------------------------------------------------------------------------------------
# Weekly roll-up


def _daily(days: list[list[Event]]) -> list[Summary]:
    return [
        Summary(
            id=f"d{i}",
            scope=SCOPE,
            period="daily",
            starts_at=T0 + timedelta(days=i),
            ends_at=T0 + timedelta(days=i + 1),
            text=summarize_events(events),
            event_ids=tuple(e.id for e in events),
        )
        for i, events in enumerate(days)
    ]


def test_roll_up_merges_topics_across_days() -> None:
    week = _daily([EN, EN[:2], EN[2:]])
    text = roll_up(week)
    lines = text.splitlines()
    assert lines[0] == "2025-03-01–2025-03-03: 3 days, 10 events"
    assert lines[1].startswith("Topics: guitar (2 days)")
    assert any(line.startswith("Flow: 03-01 guitar → 03-02 guitar") for line in lines)
    highlights = next(line for line in lines if line.startswith("Highlights: "))
    assert "I finally played the whole song" in highlights
    assert len(text) <= 600
    assert roll_up(list(reversed(week))) == text


@pytest.mark.parametrize(
    ("days", "first"), [(KO, "화제: 기타(3일)"), (JA, "話題: ギター（3日）")], ids=["ko", "ja"]
)
def test_roll_up_in_korean_and_japanese(days: list[Event], first: str) -> None:
    text = roll_up(_daily([days, days[:2], days[3:]]))
    assert text.splitlines()[1].startswith(first)


def test_roll_up_within_max_chars_and_edge_cases() -> None:
    week = _daily([EN, KO, JA, EN[:3], KO[2:], JA[1:], EN])
    for max_chars in (1, 10, 50, 100, 200, 600):
        text = roll_up(week, max_chars=max_chars)
        assert 0 < len(text) <= max_chars
    assert roll_up([]) == ""
    with pytest.raises(ValueError):
        roll_up(week, max_chars=0)


def test_roll_up_of_free_text_and_of_roll_ups() -> None:
    free = [
        Summary("x0", SCOPE, "daily", T0, T0 + timedelta(days=1), "We talked about chess."),
        Summary(
            "x1",
            SCOPE,
            "daily",
            T0 + timedelta(days=1),
            T0 + timedelta(days=2),
            "More chess openings today.",
        ),
    ]
    text = roll_up(free)
    assert "Topics: chess (2 days)" in text
    weekly = Summary("w", SCOPE, "weekly", T0, T0 + timedelta(days=7), roll_up(_daily([EN, EN])))
    assert "Topics: guitar" in roll_up([weekly])  # the "(2 days)" counts are not topics


# ---------------------------------------------------------------------------------------
# Continuity


def test_continuity_weights_and_ranges() -> None:
    event = ev(0, "guitar practice", files=("a.py",), entities=("Mina",), at=T0)
    full = continuity({"guitar"}, T0, {"a.py"}, {"mina"}, event)
    assert full == {"topic": 1.0, "time": 1.0, "file": 1.0, "entity": 1.0, "score": 1.0}
    only_time = continuity({"chess"}, T0, {"b.py"}, {"Jun"}, event)
    assert only_time["score"] == pytest.approx(CONTINUITY_WEIGHTS[1])
    topic_and_time = continuity({"guitar"}, T0, set(), set(), event)
    assert topic_and_time["score"] == pytest.approx(0.6)
    files_only = continuity(set(), T0 + timedelta(days=3650), {"a.py"}, set(), event)
    assert files_only["score"] == pytest.approx(0.2, abs=1e-6)
    entity_only = continuity(set(), T0 + timedelta(days=3650), set(), {"MINA"}, event)
    assert entity_only["score"] == pytest.approx(0.2, abs=1e-6)


def test_continuity_time_decay_half_life() -> None:
    event = ev(0, "x", at=T0)
    day = continuity(set(), T0 + timedelta(hours=24), set(), set(), event)
    assert day["time"] == pytest.approx(0.5)
    before = continuity(set(), T0 - timedelta(hours=24), set(), set(), event)
    assert before["time"] == pytest.approx(0.5)
    hour = continuity(
        set(), T0 + timedelta(hours=1), set(), set(), event, half_life=timedelta(hours=1)
    )
    assert hour["time"] == pytest.approx(0.5)
    week = continuity(set(), T0 + timedelta(days=7), set(), set(), event)
    assert week["time"] == pytest.approx(2**-7)


def test_continuity_topic_is_overlap_not_jaccard() -> None:
    long_turn = ev(0, "I practised guitar scales, chords and a new song with my teacher today")
    tokens = topic_tokens(long_turn.user_text or "")
    result = continuity({"guitar"}, T0, set(), set(), long_turn)
    assert result["topic"] == 1.0  # Jaccard would give 1 / len(tokens)
    assert len(tokens) > 5
    assert continuity({"guitar"}, T0, set(), set(), long_turn, event_tokens={"x"})["topic"] == 0


def test_continuity_all_parts_in_range_and_custom_weights() -> None:
    rng = random.Random(11)
    vocab = ["guitar", "song", "mina", "pasta", "chess", "a.py", "b.py"]
    for i in range(200):
        event = ev(
            i,
            " ".join(rng.sample(vocab, 3)),
            at=T0 + timedelta(hours=rng.randint(-100, 100)),
            files=tuple(rng.sample(["a.py", "b.py", "c.py"], rng.randint(0, 2))),
            entities=tuple(rng.sample(["Mina", "Jun"], rng.randint(0, 2))),
        )
        weights = (rng.random(), rng.random(), rng.random(), rng.random() + 0.01)
        result = continuity(
            set(rng.sample(vocab, 2)), T0, {"a.py"}, {"Mina"}, event, weights=weights
        )
        assert set(result) == {"topic", "time", "file", "entity", "score"}
        assert all(0.0 <= v <= 1.0 for v in result.values())
        expected = sum(
            w * result[k] for w, k in zip(weights, ("topic", "time", "file", "entity"), strict=True)
        ) / sum(weights)
        assert result["score"] == pytest.approx(expected)
    event = ev(0, "guitar", at=T0)
    topic_heavy = continuity(
        {"guitar"}, T0 + timedelta(days=30), set(), set(), event, weights=(1, 0, 0, 0)
    )
    assert topic_heavy["score"] == 1.0
    with pytest.raises(ValueError):
        continuity(set(), T0, set(), set(), event, weights=(0, 0, 0, 0))
    with pytest.raises(ValueError):
        continuity(set(), T0, set(), set(), event, weights=(-1, 1, 1, 1))
    with pytest.raises(ValueError):
        continuity(set(), T0, set(), set(), event, half_life=timedelta(0))


def test_topic_tokens_drop_particles_and_filler() -> None:
    assert topic_tokens("ok lol I really like guitar") == {"guitar"}
    ko = topic_tokens("기타를 쳤어 ㅋㅋ")
    assert "기타" in ko
    assert "를" not in ko
    assert "ㅋㅋ" not in ko
    ja = topic_tokens("ギターを弾いた")
    assert "ギタ" in ja
    assert "を" not in ja
    assert "いた" not in ja
    assert overlap(set(), {"a"}) == 0.0
    assert overlap({"a", "b", "c", "d"}, {"a", "x", "y", "z"}) == 0.25
    assert overlap({"a", "b", "c", "d"}, {"a", "x", "y", "z"}, saturation=3) == pytest.approx(1 / 3)


# ---------------------------------------------------------------------------------------
# Links and threads


@pytest.mark.parametrize("events", [EN, KO, JA], ids=["en", "ko", "ja"])
def test_topic_links_and_threads(events: list[Event]) -> None:
    links = topic_links(events)
    assert links
    ids = {e.id: i for i, e in enumerate(events)}
    for later, earlier, weight in links:
        assert ids[later] > ids[earlier]
        assert 0.3 <= weight <= 1.0
    assert all(link[0] != "e2" and link[1] != "e2" for link in links)  # dinner is off topic
    assert threads(events, links) == [["e0", "e1", "e3", "e4"], ["e2"]]


def _pairwise_topic_links(
    events: list[Event], threshold: float, max_per_event: int | None
) -> list[tuple[str, str, float]]:
    """``topic_links`` the plain way: ``overlap`` of every pair within a scope."""
    from soulmem.lifecycle.continuity import LINK_SATURATION, _by_scope
    from soulmem.lifecycle.summaries import event_text

    links: list[tuple[str, str, float]] = []
    for group in _by_scope(events):
        tokens = [topic_tokens(event_text(e)) for e in group]
        for i in range(1, len(group)):
            found = [
                (w, j)
                for j in range(i)
                if (w := overlap(tokens[i], tokens[j], saturation=LINK_SATURATION)) >= threshold
            ]
            found.sort(key=lambda wj: (-wj[0], -wj[1]))
            links.extend((group[i].id, group[j].id, w) for w, j in found[:max_per_event])
    return links


@pytest.mark.parametrize("seed", range(6))
def test_topic_links_from_postings_are_the_pairwise_links(seed: int) -> None:
    """Links found from each token's postings are every pair's overlap's, in the same order,
    with the same weights: turns in three languages from a small vocabulary (so that many
    pairs share one, two or more tokens), two scopes interleaved, some turns empty."""
    rng = random.Random(seed)
    words = [
        "guitar",
        "lesson",
        "teacher",
        "song",
        "river",
        "bridge",
        "city",
        "train",
        "dinner",
        "recipe",
        "기타",
        "수업",
        "선생님",
        "노래",
        "강",
        "다리",
        "도시",
        "기차",
        "ギター",
        "授業",
        "先生",
        "歌",
        "川",
        "橋",
        "町",
        "電車",
    ]
    events = [
        ev(
            i,
            " ".join(rng.sample(words, rng.randint(0, 6))) or None,
            " ".join(rng.sample(words, rng.randint(0, 3))) or None,
            scope=rng.choice((SCOPE, OTHER)),
        )
        for i in range(rng.randint(20, 80))
    ]
    for threshold, most in ((0.3, 3), (0.5, None), (0.7, 1), (1.0, 2)):
        expected = _pairwise_topic_links(events, threshold, most)
        assert topic_links(events, threshold, max_per_event=most) == expected
    assert _pairwise_topic_links(events, 0.3, 3)  # the vocabulary makes links


def test_topic_links_options_and_scopes() -> None:
    other = ev(9, "guitar guitar teacher", scope=OTHER, at=T0 + timedelta(minutes=5))
    links = topic_links([*EN, other])
    assert all("e9" not in (a, b) for a, b, _ in links)
    assert topic_links(EN, threshold=1.0) == []
    capped = topic_links(EN, max_per_event=1)
    assert len({later for later, _, _ in capped}) == len(capped)
    assert len(topic_links(EN, max_per_event=None)) >= len(topic_links(EN))
    with pytest.raises(ValueError):
        topic_links(EN, threshold=0)
    with pytest.raises(ValueError):
        topic_links(EN, max_per_event=0)


def test_causal_links_cue_words() -> None:
    cases = [
        ("I missed the bus because it rained.", True),
        ("So I stayed home.", True),
        ("It was cold, so I stayed home.", True),
        ("That's why I'm late.", True),
        ("I'm so tired.", False),
        ("Nice weather.", False),
        ("비가 와서 그래서 못 갔어", True),
        ("시험 때문에 바빠", True),
        ("오늘은 날씨가 좋다", False),
        ("だから行かなかった", True),
        ("雨なので家にいた", True),
        ("雨のせいで遅れた", True),
        ("いい天気だね", False),
    ]
    for text, expected in cases:
        events = [ev(0, "Something happened."), ev(1, text)]
        assert causal_links(events) == ([("e1", "e0")] if expected else []), text


def test_causal_links_follow_the_scope_and_gap() -> None:
    a = ev(0, "The server crashed.")
    b = ev(1, "Unrelated chat", scope=OTHER)
    c = ev(2, "Because of the crash I restarted it.")
    assert causal_links([c, b, a]) == [("e2", "e0")]
    assert causal_links([ev(0, "Because."), ev(1, "x")]) == []  # the first has no previous
    late = ev(5, "So it broke.", at=T0 + timedelta(days=2))
    assert causal_links([a, late]) == [("e5", "e0")]
    assert causal_links([a, late], max_gap=timedelta(hours=6)) == []
    assert [x for x, _ in causal_links(EN)] == ["e4"]
    assert causal_links(KO) == [("e4", "e3")]
    assert causal_links(JA) == [("e4", "e3")]


def test_threads_from_event_links_and_unknown_ids() -> None:
    events = _stream(5)
    links: list[tuple[str, str, float] | EventLink] = [
        EventLink("e3", "e0", "same_topic", 0.5),
        EventLink("e4", "e1", "reply_to"),  # other kinds do not make threads
        ("e4", "e2", 0.4),
        ("e4", "missing", 1.0),
    ]
    assert threads(events, links) == [["e0", "e3"], ["e1"], ["e2", "e4"]]
    assert threads([], links) == []
    assert threads(list(reversed(events)), []) == [[f"e{i}"] for i in range(5)]


# ---------------------------------------------------------------------------------------
# Graduation


def test_levels() -> None:
    assert LEVELS == ("L0 raw", "L1 structured", "L2 validated", "L3 verified", "L4 active")


def test_graduation_up() -> None:
    level = graduate(0, confirmations=0, contradictions=0, referenced_recently=False)
    assert level == 1  # consolidated: structured
    assert graduate(1, confirmations=1, contradictions=0, referenced_recently=False) == 1
    assert graduate(1, confirmations=2, contradictions=0, referenced_recently=False) == 2
    assert graduate(2, confirmations=3, contradictions=0, referenced_recently=False) == 2
    assert graduate(2, confirmations=4, contradictions=0, referenced_recently=False) == 3
    assert graduate(3, confirmations=4, contradictions=0, referenced_recently=True) == 4
    assert graduate(2, confirmations=3, contradictions=0, referenced_recently=True) == 2
    assert graduate(0, confirmations=9, contradictions=0, referenced_recently=True) == 4


def test_graduation_down() -> None:
    assert graduate(4, confirmations=9, contradictions=1, referenced_recently=True) == 3
    assert graduate(3, confirmations=4, contradictions=2, referenced_recently=False) == 1
    assert graduate(1, confirmations=0, contradictions=5, referenced_recently=False) == 0
    assert graduate(0, confirmations=0, contradictions=1, referenced_recently=False) == 0
    # a demoted record keeps its level until confirmed again (the count restarted)
    assert graduate(2, confirmations=0, contradictions=0, referenced_recently=True) == 2
    # active falls back to verified when no longer referenced
    assert graduate(4, confirmations=0, contradictions=0, referenced_recently=False) == 3
    assert graduate(4, confirmations=0, contradictions=0, referenced_recently=True) == 4


def test_graduation_rejects_bad_input() -> None:
    with pytest.raises(ValueError):
        graduate(5, confirmations=0, contradictions=0, referenced_recently=False)
    with pytest.raises(ValueError):
        graduate(-1, confirmations=0, contradictions=0, referenced_recently=False)
    with pytest.raises(ValueError):
        graduate(1, confirmations=-1, contradictions=0, referenced_recently=False)
