"""The embedded store's dense search ranks from vectors cached per process (vectors.py), kept
current by a version row with the scope's vector count: after any put, replacement, bulk put
or delete, from this process or another, it must rank exactly as a cold process does."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from soulmem.clock import SystemClock
from soulmem.model import Scope
from soulmem.store.sqlite import SQLiteStore
from soulmem.store.sqlite.rows import scope_params
from soulmem.store.sqlite.vectors import Rows
from soulmem.store.sqlite.writer import scope_token

ALICE = Scope("alice", "bot")
BOB = Scope("bob", "bot")
MODEL = "test-model"
rng = np.random.default_rng(7)


def unit(n: int) -> np.ndarray:
    m = rng.standard_normal((n, 8)).astype(np.float32)
    return m / np.linalg.norm(m, axis=1, keepdims=True)


def put(store: SQLiteStore, scope: Scope, owner_id: str, vector: np.ndarray) -> None:
    with store.transaction() as tx:
        tx.put_embedding(scope, "event", owner_id, MODEL, vector)


def assert_like_a_cold_process(store: SQLiteStore, path: Path) -> None:
    cold = SQLiteStore(path, clock=SystemClock())
    try:
        for scope in (ALICE, BOB):
            for query in unit(3):
                got = store.dense_search(scope, MODEL, "event", query, 50)
                want = cold.dense_search(scope, MODEL, "event", query, 50)
                assert [(h.owner_id, round(h.similarity, 6)) for h in got] == [
                    (h.owner_id, round(h.similarity, 6)) for h in want
                ]
        with store._read() as conn:
            for scope in (ALICE, BOB):
                kept = conn.execute(
                    "SELECT count FROM vector_versions WHERE scope_key = ? AND model = ?",
                    (scope_token(scope), MODEL),
                ).fetchone()
                rows = conn.execute(
                    "SELECT count(*) FROM embeddings WHERE user_id = ? AND model = ?",
                    (scope.user_id, MODEL),
                ).fetchone()
                assert (kept[0] if kept else 0) == rows[0]
    finally:
        cold.close()


def test_the_cache_follows_puts_replacements_and_other_processes(tmp_path: Path) -> None:
    path = tmp_path / "vec.db"
    store = SQLiteStore(path, clock=SystemClock())
    for i, vector in enumerate(unit(6)):
        put(store, ALICE, f"a{i}", vector)
    put(store, BOB, "b0", unit(1)[0])
    assert_like_a_cold_process(store, path)  # cached here
    put(store, ALICE, "a6", unit(1)[0])  # a new row: appended
    put(store, ALICE, "a2", unit(1)[0])  # a replaced row: same count, new vector
    assert_like_a_cold_process(store, path)
    other = SQLiteStore(path, clock=SystemClock())
    put(other, ALICE, "a7", unit(1)[0])
    put(other, ALICE, "a0", unit(1)[0])
    with other.transaction() as tx:
        tx.put_embeddings(BOB, "event", MODEL, ["b1", "b2", "b0"], unit(3))
    other.close()
    assert_like_a_cold_process(store, path)
    with store.transaction() as tx:  # a delete outside the writer's methods: counted again
        tx.conn.execute("DELETE FROM embeddings WHERE owner_id = 'a3'")
        tx._bump_vectors(ALICE, MODEL, "event")
    put(store, ALICE, "a8", unit(1)[0])
    assert_like_a_cold_process(store, path)
    store.close()


def test_an_older_version_keeps_its_rows_while_appends_share_the_lists(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "vec.db", clock=SystemClock())
    try:
        for i, vector in enumerate(unit(4)):
            put(store, ALICE, f"a{i}", vector)

        def rows() -> Rows:
            with store._read() as conn:
                return store._vectors.matrix(
                    conn, scope_token(ALICE), scope_params(ALICE), MODEL, "event"
                )

        old = rows()
        put(store, ALICE, "a4", unit(1)[0])  # appended in place: the id list is shared
        new = rows()
        assert len(old.matrix) == 4 and len(new.matrix) == 5
        assert new.ids[:5] == ["a0", "a1", "a2", "a3", "a4"]
        assert old.positions["a4"] == 4 >= len(old.matrix)  # past the old version's rows
        assert np.array_equal(old.matrix, new.matrix[:4])
        # an append that failed half-way (ids added, the entry not replaced) leaves no trace
        entry = next(iter(store._vectors._entries.values()))
        entry.ids.append("stray")
        put(store, ALICE, "a5", unit(1)[0])
        assert rows().ids == ["a0", "a1", "a2", "a3", "a4", "a5"]
        hits = store.dense_search(ALICE, MODEL, "event", rows().matrix[5], 1)
        assert [h.owner_id for h in hits] == ["a5"]
    finally:
        store.close()
