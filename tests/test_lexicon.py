"""Lexical search on SQLite ranks from an in-memory copy of the FTS table (lexicon.py): it must
return exactly what FTS5's own ``bm25()`` returns, and follow every write, from any process."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from soulmem import Memory
from soulmem.clock import SystemClock
from soulmem.embed import FakeEmbedder
from soulmem.model import Scope
from soulmem.recall.tokenize import tokenize
from soulmem.store.base import LexicalHit
from soulmem.store.sqlite import SQLiteStore, lexicon
from soulmem.store.sqlite.writer import scope_token

ALICE = Scope("alice", "bot")
BOB = Scope("bob", "bot")

TEXTS = [
    "I went hiking in the Alps with my sister last May",
    "My sister loves painting sunsets by the lake",
    "지난 5월에 언니랑 알프스에서 등산했어",
    "언니는 호숫가에서 노을 그리는 걸 좋아해",
    "先月、姉と京都で紅葉を見に行った",
    "姉は湖のそばで夕焼けの絵を描くのが好き",
    "The lake was cold but the hike was worth it, hiking is my thing",
    "등산 등산 등산: 주말마다 산에 가",
    "京都の紅葉はきれいだった。また京都に行きたい",
    "",
]

QUERIES = [
    "When did I go hiking with my sister?",
    "언니랑 어디서 등산했지?",
    "京都で何を見た?",
    "lake painting sunset",
    "등산",
    "something nobody said",
]


def fts5_hits(store: SQLiteStore, scope: Scope, tokens: Sequence[str], limit: int) -> list:
    """What a MATCH ranked by FTS5 itself returns (the search before the in-memory copy)."""
    quoted = " OR ".join('"' + t + '"' for t in dict.fromkeys(tokens))
    query = f'scope_key : "{scope_token(scope)}" AND tokens : ({quoted})'
    with store._read() as conn:
        rows = conn.execute(
            "SELECT d.owner_kind, d.owner_id, f.score FROM (SELECT rowid, "
            "bm25(lexical, 0.0, 1.0) AS score FROM lexical WHERE lexical MATCH ? "
            "ORDER BY score, rowid LIMIT ?) f JOIN lexical_docs d ON d.rowid = f.rowid "
            "ORDER BY f.score, f.rowid",
            (query, limit),
        ).fetchall()
    return [LexicalHit(r[0], r[1], -float(r[2])) for r in rows]


def index(store: SQLiteStore, scope: Scope, owner_id: str, text: str) -> None:
    with store.transaction() as tx:
        tx.index_tokens(scope, "event", owner_id, tokenize(text))


def assert_same_as_fts5(store: SQLiteStore, limit: int = 50) -> int:
    """Every query in both scopes: the same documents, order and scores (to the bit)."""
    found = 0
    for scope in (ALICE, BOB):
        for query in QUERIES:
            tokens = tokenize(query)
            expected = fts5_hits(store, scope, tokens, limit)
            assert store.lexical_search(scope, tokens, limit) == expected, (scope, query)
            found += len(expected)
    return found


@pytest.fixture(params=["compiled", "numpy"])
def summing(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Each test runs with the BM25 sums in C (``store/csrc/bm25.c``) and in numpy."""
    if request.param == "numpy":
        monkeypatch.setattr(lexicon, "_accumulate", lambda: None)
    elif lexicon._accumulate() is None:
        pytest.skip("the compiled BM25 sums are not built here")
    return str(request.param)


@pytest.fixture
def store(tmp_path: Path, summing: str) -> SQLiteStore:
    store = SQLiteStore(tmp_path / "lex.db", clock=SystemClock())
    for i, text in enumerate(TEXTS):
        index(store, ALICE, f"a{i}", text)
        index(store, BOB, f"b{i}", text[::-1] if i % 2 else text)
    return store


def test_ranking_is_fts5s_to_the_bit(store: SQLiteStore) -> None:
    assert assert_same_as_fts5(store) > 20
    # a limit inside a run of equal scores keeps the older documents (rowid order)
    tokens = tokenize("sister")
    assert store.lexical_search(ALICE, tokens, 1) == fts5_hits(store, ALICE, tokens, 1)
    assert store.lexical_search(ALICE, [], 10) == []
    assert store.lexical_search(Scope("nobody", "bot"), tokens, 10) == []


def test_a_single_scope_without_changes_reads_postings_unfiltered(
    tmp_path: Path, summing: str
) -> None:
    """One scope and no changed document: the postings are used as they are; a deleted or
    re-indexed document (a dead slot) brings the filter back."""
    store = SQLiteStore(tmp_path / "one.db", clock=SystemClock())
    for i, text in enumerate(TEXTS):
        index(store, ALICE, f"a{i}", text)
    assert assert_same_as_fts5(store) > 10
    state = store._lexicon._state
    assert state is not None and len(state.scopes) == 1 and state.used == len(state.slot_of)
    with store.transaction() as tx:
        tx.conn.execute("DELETE FROM lexical_docs WHERE owner_id = 'a0'")
    index(store, ALICE, "a1", "nothing about mountains any more")
    assert assert_same_as_fts5(store) > 5
    owners = {h.owner_id for h in store.lexical_search(ALICE, tokenize("hiking sister lake"), 50)}
    assert "a0" not in owners and "a1" not in owners


def test_follows_reindex_delete_and_other_connections(store: SQLiteStore, tmp_path: Path) -> None:
    assert_same_as_fts5(store)  # the copy is built here
    index(store, ALICE, "a0", "nothing about mountains any more")  # re-indexed in place
    index(store, ALICE, "new", "hiking 등산 紅葉 sister")
    with store.transaction() as tx:
        tx.conn.execute("DELETE FROM lexical_docs WHERE owner_id = 'a1'")
    # another process writes the same file (a plain connection: only the triggers log it)
    other = sqlite3.connect(tmp_path / "lex.db")
    with other:
        rowid = other.execute(
            "INSERT INTO lexical_docs (owner_kind, owner_id) VALUES ('memory', 'elsewhere') "
            "RETURNING rowid"
        ).fetchone()[0]
        other.execute(
            "INSERT INTO lexical (rowid, scope_key, tokens) VALUES (?, ?, ?)",
            (rowid, scope_token(BOB), " ".join(tokenize("등산 hiking with my sister"))),
        )
    other.close()
    assert_same_as_fts5(store)
    owners = {h.owner_id for h in store.lexical_search(ALICE, tokenize("hiking sister"), 50)}
    assert "new" in owners and "a0" not in owners
    assert "elsewhere" in {h.owner_id for h in store.lexical_search(BOB, tokenize("등산"), 50)}


def test_many_changes_rebuild_the_postings(
    store: SQLiteStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(lexicon, "_REBUILD_MIN", 4)
    assert_same_as_fts5(store)
    built = store._lexicon._state
    for i in range(12):
        index(store, BOB, f"b{i}" if i < 5 else f"n{i}", TEXTS[(i + 3) % len(TEXTS)])
    assert_same_as_fts5(store)
    assert store._lexicon._state is not built  # reloaded from the table, not patched


def test_erase_leaves_no_word_in_memory(tmp_path: Path) -> None:
    with Memory.open(tmp_path / "erase.db", embedder=FakeEmbedder()) as mem:
        scope = mem.scope(user_id="alice", agent_id="bot")
        scope.observe("my secret word is zanzibarite")
        tokens = tokenize("zanzibarite")
        assert mem.store.lexical_search(scope.scope, tokens, 10)
        mem.erase_user("alice")
        state = mem.store._lexicon._state  # type: ignore[attr-defined]
        assert state is None or tokens[0] not in state.terms
        assert mem.store.lexical_search(scope.scope, tokens, 10) == []


@pytest.mark.skipif(lexicon._accumulate() is None, reason="the compiled sums are not built here")
@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.lists(st.tuples(st.integers(0, 499), st.integers(1, 40)), min_size=1, max_size=120),
        min_size=1,
        max_size=12,
    ),
    st.lists(st.floats(1e-6, 12.0), min_size=12, max_size=12),
    st.floats(1.0, 400.0),
    st.integers(0, 2**32 - 1),
)
def test_the_compiled_sums_are_numpys_to_the_bit(
    terms: list[list[tuple[int, int]]], idfs: list[float], avgdl: float, seed: int
) -> None:
    """Repeated slots, many terms on one document, lengths far from the average: the C
    loop gives numpy's float64 scores bit for bit (the order of every operation and sum)."""
    lengths = np.random.default_rng(seed).integers(1, 2000, 500).astype(np.float64)
    slots = [np.array([s for s, _ in postings], dtype=np.int32) for postings in terms]
    tfs = [np.array([f for _, f in postings], dtype=np.int32) for postings in terms]
    weights = idfs[: len(terms)]
    compiled, compiled_found = lexicon._scores(slots, tfs, weights, lengths, avgdl)
    with pytest.MonkeyPatch.context() as off:
        off.setattr(lexicon, "_accumulate", lambda: None)
        plain, plain_found = lexicon._scores(slots, tfs, weights, lengths, avgdl)
    assert compiled.dtype == plain.dtype == np.float64
    assert compiled.tobytes() == plain.tobytes()
    held = {int(s) for a in slots for s in a}
    assert sorted(compiled_found.tolist()) == plain_found.tolist() == sorted(held)
    assert len(compiled_found) == len(held)  # each slot once
