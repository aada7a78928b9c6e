"""Tests for the LoCoMo benchmark harness (soulmem.bench.locomo) and its stats helpers."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from soulmem.bench.locomo import (
    TURN_SPACING,
    all_at_k,
    clean_evidence,
    load_conversations,
    parse_session_datetime,
    ranked_turns,
    recall_at_k,
    run_locomo,
)
from soulmem.bench.stats import mean_percent, percentile, summarize_ms

DEV_FILE = Path(__file__).parents[1].parent / "shared" / "datasets" / "locomo" / "locomo_dev.json"
VALID = {"D1:1", "D1:2", "D8:6", "D9:17", "D9:1", "D4:4", "D4:6", "D11:26", "D30:5"}


# --- clean_evidence: each defect kind named in the dataset README -------------------------


def test_clean_evidence_passes_good_ids_through() -> None:
    ids, stats = clean_evidence(["D1:1", "D1:2"], VALID)
    assert ids == ["D1:1", "D1:2"]
    assert stats.strings == 2
    assert stats.split == stats.unparseable == stats.dangling == stats.duplicates == 0


@pytest.mark.parametrize(
    ("raw", "expected"),
    [("D8:6; D9:17", ["D8:6", "D9:17"]), ("D9:1 D4:4 D4:6", ["D9:1", "D4:4", "D4:6"])],
)
def test_clean_evidence_splits_multi_id_strings(raw: str, expected: list[str]) -> None:
    ids, stats = clean_evidence([raw], VALID)
    assert ids == expected
    assert stats.split == 1


def test_clean_evidence_splits_on_commas() -> None:
    assert clean_evidence(["D1:1,D1:2"], VALID)[0] == ["D1:1", "D1:2"]


def test_clean_evidence_fixes_bad_format() -> None:
    ids, stats = clean_evidence(["D:11:26"], VALID)
    assert ids == ["D11:26"]
    assert stats.fixed_format == 1


def test_clean_evidence_strips_leading_zeros() -> None:
    ids, stats = clean_evidence(["D30:05", "D01:1"], VALID)
    assert ids == ["D30:5", "D1:1"]
    assert stats.leading_zero == 2


def test_clean_evidence_drops_unparseable() -> None:
    ids, stats = clean_evidence(["D", "", "hello", 7, None, "D1:1"], VALID)
    assert ids == ["D1:1"]
    assert stats.unparseable == 5


def test_clean_evidence_drops_dangling() -> None:
    ids, stats = clean_evidence(["D10:19", "D4:36", "D1:1"], VALID)
    assert ids == ["D1:1"]
    assert stats.dangling == 2


def test_clean_evidence_dedupes() -> None:
    ids, stats = clean_evidence(["D1:1", "D1:1", "D01:01"], VALID)
    assert ids == ["D1:1"]
    assert stats.duplicates == 2


def test_clean_evidence_empty_list() -> None:
    ids, stats = clean_evidence([], VALID)
    assert ids == []
    assert stats.strings == 0


def test_clean_evidence_stats_add() -> None:
    total = clean_evidence(["D", "D1:1"], VALID)[1]
    total.add(clean_evidence(["D"], VALID)[1])
    assert total.as_dict()["unparseable"] == 2
    assert total.strings == 3


@given(st.lists(st.one_of(st.text(), st.integers(), st.none())))
def test_clean_evidence_never_crashes(raw: list[Any]) -> None:
    ids, stats = clean_evidence(raw, VALID)
    assert set(ids) <= VALID
    assert len(ids) == len(set(ids))
    assert stats.strings == len(raw)


@given(st.lists(st.from_regex(r"D:?0*[0-9]{1,3}:0*[0-9]{1,3}", fullmatch=True)))
def test_clean_evidence_output_is_canonical(raw: list[str]) -> None:
    valid = {f"D{s}:{t}" for s in range(50) for t in range(50)}
    ids, _ = clean_evidence(raw, valid)
    for dia in ids:
        session, turn = dia[1:].split(":")
        assert str(int(session)) == session and str(int(turn)) == turn


# --- dates -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1:56 pm on 8 May, 2023", datetime(2023, 5, 8, 13, 56, tzinfo=UTC)),
        ("10:37 am on 27 June, 2023", datetime(2023, 6, 27, 10, 37, tzinfo=UTC)),
        ("12:09 am on 13 September, 2023", datetime(2023, 9, 13, 0, 9, tzinfo=UTC)),
        ("12:30 pm on 1 January, 2024", datetime(2024, 1, 1, 12, 30, tzinfo=UTC)),
    ],
)
def test_parse_session_datetime(text: str, expected: datetime) -> None:
    got = parse_session_datetime(text)
    assert got == expected
    assert got.tzinfo is UTC


@pytest.mark.parametrize(
    "text", ["", "yesterday", "13:00 pm on 8 May, 2023", "1:56 pm on 8 Foo, 2023"]
)
def test_parse_session_datetime_rejects_garbage(text: str) -> None:
    with pytest.raises(ValueError, match="unrecognised LoCoMo session date"):
        parse_session_datetime(text)


# --- metrics -----------------------------------------------------------------------------


def test_recall_at_k() -> None:
    ranked = ["D1:1", "D1:2", "D1:3", "D1:4"]
    assert recall_at_k(ranked, ["D1:2", "D1:9"], 2) == 0.5
    assert recall_at_k(ranked, ["D1:4"], 3) == 0.0
    assert recall_at_k(ranked, ["D1:4"], 4) == 1.0
    assert recall_at_k([], ["D1:1"], 10) == 0.0
    assert recall_at_k(ranked, [], 10) == 0.0


def test_all_at_k() -> None:
    ranked = ["D1:1", "D1:2", "D1:3"]
    assert all_at_k(ranked, ["D1:1", "D1:3"], 3) == 1.0
    assert all_at_k(ranked, ["D1:1", "D1:3"], 2) == 0.0
    assert all_at_k(ranked, [], 3) == 0.0


# --- ranked_turns ------------------------------------------------------------------------


@dataclass(frozen=True)
class Item:
    source_event_ids: tuple[str, ...]


EVENTS = {"e1": "D1:1", "e2": "D1:2", "e3": "D1:3", "e4": "D2:1"}


def test_ranked_turns_single_sources_in_rank_order() -> None:
    items = [Item(("e3",)), Item(("e1",)), Item(("e2",))]
    assert ranked_turns(items, EVENTS) == ["D1:3", "D1:1", "D1:2"]


def test_ranked_turns_multi_source_item_covers_all_its_turns_in_order() -> None:
    items = [Item(("e4", "e2")), Item(("e1",))]
    assert ranked_turns(items, EVENTS) == ["D2:1", "D1:2", "D1:1"]


def test_ranked_turns_skips_unknown_and_empty_sources() -> None:
    items = [Item(("fact-9",)), Item(()), Item(("x", "e2", "y"))]
    assert ranked_turns(items, EVENTS) == ["D1:2"]


def test_ranked_turns_dedupes_first_seen() -> None:
    items = [Item(("e1", "e1")), Item(("e2", "e1")), Item(("e1",))]
    assert ranked_turns(items, EVENTS) == ["D1:1", "D1:2"]


def test_ranked_turns_limit() -> None:
    items = [Item(("e1", "e2", "e3")), Item(("e4",))]
    assert ranked_turns(items, EVENTS, limit=2) == ["D1:1", "D1:2"]


# --- stats -------------------------------------------------------------------------------


def test_percentile_linear_interpolation() -> None:
    assert percentile([1.0, 2.0, 3.0, 4.0], 50) == 2.5
    assert percentile([10.0], 95) == 10.0
    assert percentile([3.0, 1.0, 2.0], 0) == 1.0
    assert percentile([3.0, 1.0, 2.0], 100) == 3.0
    assert percentile(range(1, 101), 95) == pytest.approx(95.05)
    with pytest.raises(ValueError):
        percentile([], 50)
    with pytest.raises(ValueError):
        percentile([1.0], 101)


def test_summarize_ms() -> None:
    assert summarize_ms([0.001, 0.002, 0.003]) == {"p50": 2.0, "p95": 2.9, "max": 3.0}
    assert summarize_ms([]) == {"p50": None, "p95": None, "max": None}
    assert mean_percent([1.0, 0.0, 0.5]) == 50.0
    assert mean_percent([]) is None


# --- loading -----------------------------------------------------------------------------


def _sample() -> dict[str, Any]:
    return {
        "sample_id": "conv-x",
        "conversation": {
            "speaker_a": "Ann",
            "speaker_b": "Bob",
            "session_1_date_time": "1:56 pm on 8 May, 2023",
            "session_1": [
                {"speaker": "Ann", "dia_id": "D1:1", "text": "hi"},
                {"speaker": "Bob", "dia_id": "D1:2", "text": "look", "blip_caption": "a dog"},
            ],
            "session_2_date_time": "9:00 am on 1 June, 2023",
            "session_2": [{"speaker": "Ann", "dia_id": "D2:1", "text": "again"}],
            "session_3_date_time": "9:00 am on 2 June, 2023",  # date key without session
        },
        "qa": [
            {"question": "q?", "answer": 2022, "evidence": ["D1:2"], "category": 2},
            {"question": "adv?", "adversarial_answer": "x", "evidence": [], "category": 5},
        ],
    }


def test_load_conversations_small(tmp_path: Path) -> None:
    path = tmp_path / "mini.json"
    path.write_text(json.dumps([_sample()]), encoding="utf-8")
    [conv] = load_conversations(path)
    assert conv.sample_id == "conv-x"
    assert conv.speakers == ("Ann", "Bob")
    assert [t.dia_id for t in conv.turns] == ["D1:1", "D1:2", "D2:1"]
    assert [t.session for t in conv.turns] == [1, 1, 2]
    start = datetime(2023, 5, 8, 13, 56, tzinfo=UTC)
    assert conv.turns[0].at == start
    assert conv.turns[1].at == start + TURN_SPACING
    assert conv.turns[1].caption == "a dog"
    assert conv.turns[0].caption is None
    assert conv.turns[2].at == datetime(2023, 6, 1, 9, 0, tzinfo=UTC)
    assert conv.qas[0].answer == "2022"
    assert conv.qas[1].answer is None
    assert conv.dia_ids == {"D1:1", "D1:2", "D2:1"}


def test_load_conversations_orders_sessions_numerically(tmp_path: Path) -> None:
    sample = _sample()
    c = sample["conversation"]
    c["session_10_date_time"] = "9:00 am on 1 July, 2023"
    c["session_10"] = [{"speaker": "Bob", "dia_id": "D10:1", "text": "later"}]
    path = tmp_path / "mini.json"
    path.write_text(json.dumps([sample]), encoding="utf-8")
    [conv] = load_conversations(path)
    assert [t.session for t in conv.turns] == [1, 1, 2, 10]


@pytest.mark.skipif(not DEV_FILE.exists(), reason=f"LoCoMo dev file not found at {DEV_FILE}")
def test_load_conversations_dev_file() -> None:
    convs = load_conversations(DEV_FILE)
    assert len(convs) == 6
    assert sum(len(c.turns) for c in convs) == 3435
    assert sum(len(c.qas) for c in convs) == 1157
    assert sum(1 for c in convs for t in c.turns if t.caption) == 758
    for conv in convs:
        times = [t.at for t in conv.turns]
        assert times == sorted(times)
        assert all(t.tzinfo is UTC for t in times)
    assert len({t.session for t in convs[0].turns}) == 19  # conv-26: 35 date keys, 19 sessions


@pytest.mark.skipif(not DEV_FILE.exists(), reason=f"LoCoMo dev file not found at {DEV_FILE}")
def test_dev_evidence_defects_are_counted() -> None:
    excluded = 0
    totals: dict[str, int] = {}
    for conv in load_conversations(DEV_FILE):
        for qa in conv.qas:
            ids, stats = clean_evidence(qa.evidence, conv.dia_ids)
            excluded += 0 if ids or qa.category == 5 else 1
            for key, value in stats.as_dict().items():
                totals[key] = totals.get(key, 0) + value
    assert totals["split"] == 1  # conv-26 "D8:6; D9:17"
    assert totals["fixed_format"] == 1  # conv-43 "D:11:26"
    assert totals["unparseable"] == 1  # conv-42 "D"
    assert totals["dangling"] >= 1  # conv-42 "D10:19"
    assert excluded >= 1


# --- run_locomo against a stub engine (fast; checks the harness, not soulmem) ------------


@dataclass
class _Event:
    id: str


@dataclass
class _Observed:
    event: _Event


class StubScope:
    """Ranks observed turns by words shared with the question; honours max_items."""

    def __init__(self) -> None:
        self.observed: list[dict[str, Any]] = []

    def observe(self, **kwargs: Any) -> _Observed:
        self.observed.append(kwargs)
        return _Observed(_Event(f"ev{len(self.observed)}"))

    def recall(self, query: str, *, budget_tokens: int, max_items: int, rehearse: bool) -> Any:
        assert budget_tokens in (100_000, 500, 1000, 2000)
        assert rehearse is False
        words = set(query.lower().strip("?").split())
        scored = [
            (-len(words & set(o["user"].split())), i, Item((f"ev{i + 1}", "not-a-turn")))
            for i, o in enumerate(self.observed)
        ]
        items = [Item(("fact-without-turn",))] + [item for *_, item in sorted(scored)]
        kept = items[:max_items]
        # the packed text holds the turns of the kept items (what context recall reads)
        text = "\n".join(
            self.observed[int(i.source_event_ids[0][2:]) - 1]["user"]
            for i in kept
            if i.source_event_ids[0].startswith("ev")
        )
        return type("Ctx", (), {"items": kept, "text": text})()


class StubMemory:
    def __init__(self) -> None:
        self.scopes: list[tuple[dict[str, str], StubScope]] = []
        self.closed = False

    def scope(self, **kwargs: str) -> StubScope:
        self.scopes.append((kwargs, StubScope()))
        return self.scopes[-1][1]

    def close(self) -> None:
        self.closed = True


def test_run_locomo_with_stub_engine(tmp_path: Path) -> None:
    sample = _sample()
    sample["qa"] += [
        {
            "question": "hi again",
            "answer": "x",
            "evidence": ["D1:1", "D2:1", "D9:9"],
            "category": 1,
        },
        {"question": "why?", "answer": "x", "evidence": [], "category": 3},
    ]
    path = tmp_path / "mini.json"
    path.write_text(json.dumps([sample]), encoding="utf-8")
    mems: list[StubMemory] = []

    def factory() -> StubMemory:
        mems.append(StubMemory())
        return mems[-1]

    result = run_locomo(path, memory_factory=factory, max_items=2)
    [mem] = mems
    assert mem.closed
    [(scope_kwargs, scope)] = mem.scopes
    assert scope_kwargs == {"user_id": "locomo", "agent_id": "conv-x"}
    assert [o["user_name"] for o in scope.observed] == ["Ann", "Bob", "Ann"]
    assert [o["session_id"] for o in scope.observed] == ["session_1", "session_1", "session_2"]
    assert "images" not in scope.observed[0]
    assert scope.observed[1]["images"] == ["a dog"]
    assert scope.observed[1]["at"] == datetime(2023, 5, 8, 13, 56, 5, tzinfo=UTC)

    # q "q?" (cat 2) shares no words: the single turn item is D1:1, evidence D1:2 -> miss.
    # "hi again" (cat 1): top turn D1:1, one of two valid ids -> 0.5; D9:9 is dangling.
    assert result["n_conversations"] == 1
    assert result["n_turns"] == 3
    assert result["n_qas"] == 2
    assert result["overall"] == {"R@5": 25.0, "R@10": 25.0, "R@20": 25.0, "All@10": 0.0}
    assert result["by_category"]["1"] == {
        "R@5": 50.0,
        "R@10": 50.0,
        "R@20": 50.0,
        "All@10": 0.0,
        "n": 1,
    }
    assert result["by_category"]["2"]["R@10"] == 0.0
    # the packed text of the stub holds the same turns at every budget: 25 % of evidence
    assert result["context_recall"] == {"500": 25.0, "1000": 25.0, "2000": 25.0}
    assert result["by_category"]["4"] == {
        "R@5": None,
        "R@10": None,
        "R@20": None,
        "All@10": None,
        "n": 0,
    }
    assert result["evidence"]["dangling"] == 1
    assert result["evidence"]["qas_excluded"] == 1
    assert result["latency_ms"]["recall"]["p50"] is not None
    assert result["observe_ms"]["p50"] is not None
    json.dumps(result)


def test_run_locomo_rejects_unknown_sample_id(tmp_path: Path) -> None:
    path = tmp_path / "mini.json"
    path.write_text(json.dumps([_sample()]), encoding="utf-8")
    with pytest.raises(ValueError, match="conv-nope"):
        run_locomo(path, conversations=["conv-nope"], memory_factory=StubMemory)


# --- end to end --------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.skipif(not DEV_FILE.exists(), reason=f"LoCoMo dev file not found at {DEV_FILE}")
def test_run_locomo_first_conversation_with_fake_embedder() -> None:
    soulmem = pytest.importorskip("soulmem")
    from soulmem.embed import FakeEmbedder

    calls: list[tuple[int, int]] = []
    result = run_locomo(
        DEV_FILE,
        conversations=1,
        memory_factory=lambda: soulmem.Memory.open(":memory:", embedder=FakeEmbedder()),
        progress=lambda done, total: calls.append((done, total)),
    )
    assert calls == [(1, 1)]
    assert result["n_conversations"] == 1
    assert result["n_turns"] == 419  # conv-26
    assert result["n_qas"] > 0
    assert set(result["overall"]) == {"R@5", "R@10", "R@20", "All@10"}
    assert set(result["by_category"]) == {"1", "2", "3", "4"}
    assert sum(c["n"] for c in result["by_category"].values()) == result["n_qas"]
    assert 0.0 <= result["overall"]["R@10"] <= 100.0
    assert result["overall"]["R@5"] <= result["overall"]["R@10"] <= result["overall"]["R@20"]
    assert result["latency_ms"]["p50"] == result["latency_ms"]["recall"]["p50"]
    assert set(result["observe_ms"]) == {"p50", "p95"}
    assert result["evidence"]["split"] == 1
    json.dumps(result)  # JSON-ready
