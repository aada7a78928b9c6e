"""The latency benchmark's plumbing: synthetic turns, the bulk load, the query cache, the
vector cache's appends and the ``bench latency`` command (real SQLite files, fake vectors)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from soulmem.bench.latency import rss_mb, run_latency
from soulmem.bench.synthetic import (
    LANGUAGES,
    bulk_load,
    synthetic_questions,
    synthetic_turns,
)
from soulmem.cli import app
from soulmem.clock import ManualClock
from soulmem.config import Config
from soulmem.embed import FakeEmbedder
from soulmem.embed.cache import QueryCache
from soulmem.engine import Memory
from soulmem.errors import EmbedderError, InvalidInput
from soulmem.recall.rank import event_text
from soulmem.recall.tokenize import _count_tokens, count_tokens, tokenize
from soulmem.store.sqlite.store import SQLiteStore

runner = CliRunner()


def test_synthetic_turns_are_deterministic_and_cycle_languages() -> None:
    a = list(synthetic_turns(9, seed=3))
    assert a == list(synthetic_turns(9, seed=3))
    assert a != list(synthetic_turns(9, seed=4))
    assert [t.language for t in a] == list(LANGUAGES) * 3
    assert list(synthetic_turns(4, seed=3, start=5)) == a[5:9]
    assert all(a[i].at < a[i + 1].at for i in range(8))


def test_synthetic_questions_are_distinct_and_language_k_mod_3() -> None:
    qs = synthetic_questions(30, seed=1)
    assert len(set(qs)) == 30
    assert all(any("\uac00" <= c <= "\ud7a3" for c in q) for q in qs[0::3])  # Hangul
    assert all(any("\u3040" <= c <= "\u30ff" for c in q) for q in qs[1::3])  # kana
    assert all(q.isascii() for q in qs[2::3])


def test_bulk_load_writes_what_observe_writes(tmp_path: Path) -> None:
    embedder = FakeEmbedder()
    with Memory.open(tmp_path / "bulk.db", embedder=embedder) as mem:
        scope = mem.scope(user_id="u", agent_id="a")
        turns = list(synthetic_turns(250, seed=2))
        assert bulk_load(mem.store, embedder, scope.scope, turns, pool=16, batch=100) == 250
        assert mem.store.count_events(scope.scope) == 250
        stats = mem.store.stats()["counts"]
        assert stats["memories"] == 250 and stats["embeddings"] == 250
        events = mem.store.recent_events(scope.scope, 250)
        assert [e.user_text for e in events] == [t.text for t in turns]
        # reply links chain the turns; every turn has its memory; lexical and dense both find it
        links = mem.store.reply_links([events[10].id])
        assert sorted(links) == sorted(
            [(events[10].id, events[9].id), (events[11].id, events[10].id)]
        )
        assert set(mem.store.memories_for_events([e.id for e in events])) == {e.id for e in events}
        target = events[123]
        assert mem.store.lexical_search(scope.scope, ["zzz"], 5) == []
        words = tokenize(event_text(target, None))
        assert mem.store.lexical_search(scope.scope, words, 5)[0].owner_id == target.id


def test_bulk_load_vectors_are_unit_and_near_their_pool_vector(tmp_path: Path) -> None:
    embedder = FakeEmbedder()
    with Memory.open(tmp_path / "v.db", embedder=embedder) as mem:
        scope = mem.scope(user_id="u", agent_id="a")
        turns = list(synthetic_turns(40, seed=0))
        bulk_load(mem.store, embedder, scope.scope, turns, pool=4, noise=0.1)
        pool = embedder.embed_documents([t.text for t in turns[:4]])
        events = mem.store.recent_events(scope.scope, 40)
        for i in (0, 5, 39):
            hits = mem.store.dense_search(scope.scope, embedder.name, "event", pool[i % 4], 40)
            sim = {h.owner_id: h.similarity for h in hits}[events[i].id]
            assert 0.95 < sim <= 1.0 + 1e-6


def test_put_embeddings_rejects_a_shape_mismatch_and_writes_nothing(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "s.db", clock=ManualClock())
    try:
        scope = Memory(store, embedder=FakeEmbedder()).scope(user_id="u", agent_id="a").scope
        with pytest.raises(InvalidInput), store.transaction() as tx:
            tx.put_embeddings(scope, "event", "m", ["a", "b"], np.ones((3, 4), np.float32))
        assert store.stats()["counts"]["embeddings"] == 0
    finally:
        store.close()


def test_vector_cache_appends_match_a_fresh_load(tmp_path: Path) -> None:
    """Turns observed one by one into a cached scope (appended in place, growing the buffer)
    are searched exactly as after a cold load of the same rows."""
    embedder = FakeEmbedder()
    path = tmp_path / "grow.db"
    with Memory.open(path, embedder=embedder) as mem:
        scope = mem.scope(user_id="u", agent_id="a")
        bulk_load(mem.store, embedder, scope.scope, list(synthetic_turns(30)), pool=8)
        query = embedder.embed_query("Mina ramen Busan")
        for turn in synthetic_turns(25, seed=9):
            scope.observe(turn.text)
            mem.store.dense_search(scope.scope, embedder.name, "event", query, 5)  # cache it
        warm = mem.store.dense_search(scope.scope, embedder.name, "event", query, 80)
        every = [h.owner_id for h in warm]
        extra = [every[-1], every[40], "ev_not_there", every[10]]
        warm_top = mem.store.dense_search(
            scope.scope, embedder.name, "event", query, 5, include_ids=extra
        )
    with Memory.open(path, embedder=embedder) as cold_mem:
        cold = cold_mem.store.dense_search(scope.scope, embedder.name, "event", query, 80)
        cold_top = cold_mem.store.dense_search(
            scope.scope, embedder.name, "event", query, 5, include_ids=extra
        )
    assert len(warm) == 55
    assert [(h.owner_id, round(h.similarity, 6)) for h in warm] == [
        (h.owner_id, round(h.similarity, 6)) for h in cold
    ]
    # the top 5, then the asked-for ids outside it, in row order; unknown ids are skipped
    assert [h.owner_id for h in warm_top] == [h.owner_id for h in cold_top]
    assert [h.owner_id for h in warm_top][:5] == every[:5]
    assert {h.owner_id for h in warm_top[5:]} == {every[-1], every[40], every[10]}


def test_query_cache_is_an_lru_of_read_only_vectors() -> None:
    embedder = FakeEmbedder()
    cache = QueryCache(size=2)
    a = cache.get(embedder, "alpha")
    assert np.array_equal(a, embedder.embed_query("alpha"))
    assert not a.flags.writeable
    assert cache.get(embedder, "alpha") is a
    cache.get(embedder, "beta")
    cache.get(embedder, "gamma")  # evicts alpha (least recently used)
    assert (cache.hits, cache.misses) == (1, 3)
    assert cache.get(embedder, "alpha") is not a
    other = FakeEmbedder(dim=32)
    assert cache.get(other, "alpha").shape == (32,)  # keyed by model too
    off = QueryCache(size=0)
    assert off.get(embedder, "x") is not off.get(embedder, "x")


def test_recall_reuses_the_query_vector_and_returns_the_same_context(tmp_path: Path) -> None:
    with Memory.open(tmp_path / "q.db", embedder=FakeEmbedder()) as mem:
        scope = mem.scope(user_id="u", agent_id="a")
        for turn in synthetic_turns(20):
            scope.observe(turn.text)
        # a budget nothing is cut from: the director's note shows only in the first context
        first = scope.recall("What did Mina say about ramen?", rehearse=False, budget_tokens=50_000)
        second = scope.recall(
            "What did Mina say about ramen?", rehearse=False, budget_tokens=50_000
        )
        assert mem.query_cache.hits == 1
        turns = [[i.id for i in ctx.items if i.kind == "turn"] for ctx in (first, second)]
        assert turns[0] and turns[1] == turns[0]


def test_count_tokens_cached_equals_uncached() -> None:
    for text in ("hello world", "안녕하세요 반가워요", "今日は" * 10, "x " * 3000):
        assert count_tokens(text) == _count_tokens(text)
        assert count_tokens(text) == _count_tokens(text)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.text(alphabet=st.sampled_from('ab 12 한국어 日本語 かな."\\\t\r\u3000é😀'), max_size=40),
        max_size=8,
    ),
    st.integers(min_value=0, max_value=3),
)
def test_a_text_costs_its_lines_counted_apart(lines: list[str], long: int) -> None:
    """``count_tokens`` sums the (remembered) costs of a text's lines, one token a line
    break: exactly what counting the whole text costs, long lines and empty ones included."""
    text = "\n".join([*lines, "가나 다라" * 500 * long])
    assert count_tokens(text) == _count_tokens(text)
    assert count_tokens(text) == _count_tokens(text)  # the lines remembered


def test_run_latency_reports_each_size(tmp_path: Path) -> None:
    result = run_latency([60, 150], FakeEmbedder(), operations=3, db_dir=tmp_path)
    assert set(result) == {"60", "150"}
    for size, row in result.items():
        assert row["memories"] >= int(size)
        for key in ("recall_ms", "observe_ms", "recall_idle_ms", "recall_warm_ms"):
            assert 0 < row[key]["p50"] <= row[key]["p95"]
        for key in ("recall_ms", "observe_ms"):
            assert row[key]["p95"] <= row[key]["max"]
        assert set(row["recall_ms_by_language"]) == set(LANGUAGES)
        assert set(row["stages_ms"]) == {"embed_query", "lexical", "dense"}
        assert row["rss_mb"] > 10
        assert row["warmed_start"]["warm_s"] >= 0 and row["warmed_start"]["first_recall_ms"] > 0
    assert result["60"]["memories"] == 60 + 4  # bulk 60, then one first turn and 3 timed
    assert result["150"]["memories"] == 150 + 4
    assert list(tmp_path.iterdir()) == []  # the temporary store is gone


@pytest.mark.parametrize("sizes", [[], [0], [10, -1]])
def test_run_latency_rejects_bad_sizes(sizes: list[int]) -> None:
    with pytest.raises(InvalidInput):
        run_latency(sizes, FakeEmbedder())


def test_rss_is_reported() -> None:
    rss = rss_mb()
    assert 0 < rss["now"] <= rss["peak"]


def test_cli_bench_latency_prints_json() -> None:
    args = ["bench", "latency", "--memories", "30,45", "--operations", "2"]
    result = runner.invoke(app, [*args, "--embedder", "fake", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert set(out) == {"30", "45"}
    assert out["45"]["recall_ms"]["p95"] > 0


@pytest.mark.parametrize("value", ["ten", "0", ""])
def test_cli_bench_latency_rejects_bad_sizes(value: str) -> None:
    result = runner.invoke(app, ["bench", "latency", "--memories", value, "--embedder", "fake"])
    assert result.exit_code != 0
    assert "--memories" in result.output


@pytest.mark.parametrize("parallel", [False, True])
def test_recall_is_the_same_with_the_query_embedded_inline_or_on_a_thread(
    tmp_path: Path, parallel: bool
) -> None:
    config = Config().with_recall(parallel_embed=parallel)
    with Memory.open(tmp_path / "p.db", embedder=FakeEmbedder(), config=config) as mem:
        scope = mem.scope(user_id="u", agent_id="a")
        for turn in synthetic_turns(30):
            scope.observe(turn.text)
        got = scope.recall("Mina ramen Busan", rehearse=False, max_items=10)
    with Memory.open(tmp_path / "p.db", embedder=FakeEmbedder()) as mem:
        mem.query_cache = QueryCache(0)
        want = mem.scope(user_id="u", agent_id="a").recall(
            "Mina ramen Busan", rehearse=False, max_items=10
        )
    turns = [[i.id for i in ctx.items if i.kind == "turn"] for ctx in (got, want)]
    # notes shown once take slots (and budget) the first time, so the first context may skip
    # a long turn the second one shows: the turns both show must come in the same order
    both = set(turns[0]) & set(turns[1])
    assert len(both) >= 3 and turns[0][:3] == turns[1][:3]
    assert [t for t in turns[0] if t in both] == [t for t in turns[1] if t in both]


def test_a_failing_embedder_fails_recall_either_way(tmp_path: Path) -> None:
    class Broken(FakeEmbedder):
        def embed_query(self, text: str) -> Any:
            raise EmbedderError("down")

    for parallel in (False, True):
        config = Config().with_recall(parallel_embed=parallel)
        path = tmp_path / f"b{parallel}.db"
        with (
            Memory.open(path, embedder=Broken(), config=config) as mem,
            pytest.raises(EmbedderError),
        ):
            mem.scope(user_id="u", agent_id="a").recall("anything")
