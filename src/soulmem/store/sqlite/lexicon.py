"""Lexical search with FTS5's BM25, ranked from a copy of the index in process memory.

FTS5 scores every document holding any query term; a Korean or Japanese question is 20-30
unigram and bigram terms, several of them in a third of all documents, so at 100k documents
the ``MATCH`` took 20 ms at p50 and 45-50 ms at p95. This copy holds the same documents as
numpy postings and ranks them with FTS5's ``bm25(lexical, 0.0, 1.0)`` operation by operation
(k1 = 1.2, b = 0.75, IDF and average length over the whole table, IDF floored at 1e-6, each
document's terms summed in query order), so it returns the scores SQLite computes.

The copy is per process and per file. Triggers log the rowid of every inserted, re-indexed
or deleted document in ``lexical_changes`` (migration 0007); a search first reads the log
past the last position it saw (an index range seek) and applies only those documents. Changed
and removed documents leave dead slots and their replacements go to a small side index, and
the postings are rebuilt from the table once those outnumber a quarter of the documents.
"""

from __future__ import annotations

import math
import threading
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from soulmem.store.sql import SqlConnection

__all__ = ["K1", "B", "LexicalIndex"]

K1 = 1.2
B = 0.75
#: rebuild the postings once changed documents exceed this share of the documents
_REBUILD_SHARE = 0.25
_REBUILD_MIN = 1024

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]


@dataclass(slots=True)
class _Postings:
    """Documents (slots) holding each term, with the term's frequency in them."""

    starts: Ints  # term id -> first posting; term ids past the end have none here
    slots: Ints
    tfs: Floats

    def of(self, term: int) -> tuple[Ints, Floats]:
        if term + 1 >= len(self.starts):
            return _NO_INTS, _NO_FLOATS
        lo, hi = int(self.starts[term]), int(self.starts[term + 1])
        return self.slots[lo:hi], self.tfs[lo:hi]


_NO_INTS: Ints = np.zeros(0, dtype=np.int64)
_NO_FLOATS: Floats = np.zeros(0, dtype=np.float64)


@dataclass(slots=True)
class _State:
    seq: int
    terms: dict[str, int] = field(default_factory=dict)
    scopes: dict[str, int] = field(default_factory=dict)
    #: per slot: the document's rowid, scope, length in tokens (scope token included), and
    #: whether it is current; slots are never reused
    rowids: list[int] = field(default_factory=list)
    scope_of: list[int] = field(default_factory=list)
    length: list[float] = field(default_factory=list)
    alive: list[bool] = field(default_factory=list)
    slot_of: dict[int, int] = field(default_factory=dict)
    #: per slot: its terms and their frequencies (to take a removed document out of ``df``)
    doc_terms: list[tuple[tuple[int, ...], tuple[int, ...]]] = field(default_factory=list)
    df: Counter[int] = field(default_factory=Counter)
    total_length: float = 0.0
    base: _Postings | None = None
    #: postings of the documents added after ``base`` was built: term -> (slots, tfs)
    side: dict[int, tuple[list[int], list[int]]] = field(default_factory=dict)
    changed: int = 0
    #: numpy views of the per-slot lists, rebuilt when slots were added or changed
    arrays: tuple[Ints, Floats, npt.NDArray[np.bool_]] | None = None

    def add(self, rowid: int, scope_key: str, tokens: Sequence[str], *, side: bool) -> None:
        slot = len(self.rowids)
        counts = Counter(self.terms.setdefault(t, len(self.terms)) for t in tokens)
        ids = tuple(counts)
        freqs = tuple(counts.values())
        self.rowids.append(rowid)
        self.scope_of.append(self.scopes.setdefault(scope_key, len(self.scopes)))
        self.length.append(float(len(tokens) + 1))  # + the scope_key column's one token
        self.alive.append(True)
        self.slot_of[rowid] = slot
        self.doc_terms.append((ids, freqs))
        self.df.update(ids)
        self.total_length += len(tokens) + 1
        if side:
            for term, tf in zip(ids, freqs, strict=True):
                slots, tfs = self.side.setdefault(term, ([], []))
                slots.append(slot)
                tfs.append(tf)
        self.arrays = None

    def remove(self, rowid: int) -> None:
        slot = self.slot_of.pop(rowid, None)
        if slot is None:
            return
        self.alive[slot] = False
        self.total_length -= self.length[slot]
        self.df.subtract(self.doc_terms[slot][0])
        self.doc_terms[slot] = ((), ())
        self.arrays = None

    def build_postings(self) -> None:
        """Postings for every slot so far, in slot order within each term."""
        terms: list[int] = []
        slots: list[int] = []
        tfs: list[int] = []
        for slot, (ids, freqs) in enumerate(self.doc_terms):
            terms.extend(ids)
            slots.extend([slot] * len(ids))
            tfs.extend(freqs)
        term_arr = np.asarray(terms, dtype=np.int64)
        order = np.argsort(term_arr, kind="stable")
        counts = np.bincount(term_arr, minlength=len(self.terms))
        starts = np.zeros(len(counts) + 1, dtype=np.int64)
        np.cumsum(counts, out=starts[1:])
        self.base = _Postings(
            starts,
            np.asarray(slots, dtype=np.int64)[order],
            np.asarray(tfs, dtype=np.float64)[order],
        )
        self.side = {}

    def views(self) -> tuple[Ints, Floats, npt.NDArray[np.bool_]]:
        if self.arrays is None:
            self.arrays = (
                np.asarray(self.scope_of, dtype=np.int64),
                np.asarray(self.length, dtype=np.float64),
                np.asarray(self.alive, dtype=np.bool_),
            )
        return self.arrays


class LexicalIndex:
    """The file's lexical documents in memory; :meth:`search` ranks one scope's."""

    def __init__(self) -> None:
        self._state: _State | None = None
        self._lock = threading.Lock()

    def clear(self) -> None:
        with self._lock:
            self._state = None

    def search(
        self, conn: SqlConnection, scope_key: str, tokens: Sequence[str], limit: int
    ) -> list[tuple[int, float]]:
        """(rowid, BM25 score) of the ``limit`` best documents of the scope holding any of
        the tokens, best first (ties: older documents first)."""
        terms = list(dict.fromkeys(tokens))
        if not terms or limit <= 0:
            return []
        with self._lock:
            state = self._current(conn)
            scope = state.scopes.get(scope_key)
            n_docs = len(state.slot_of)
            if scope is None or n_docs == 0:
                return []
            return _rank(state, scope, terms, limit, n_docs)

    def _current(self, conn: SqlConnection) -> _State:
        row = conn.execute("SELECT max(seq) FROM lexical_changes").fetchone()
        seq = int(row[0]) if row is not None and row[0] is not None else 0
        state = self._state
        if state is not None and state.seq == seq:
            return state
        if state is None or seq < state.seq:
            return self._load(conn, seq)
        docs = [
            int(r[0])
            for r in conn.execute(
                "SELECT doc FROM lexical_changes WHERE seq > ? AND seq <= ?", (state.seq, seq)
            )
        ]
        if state.changed + len(docs) > max(_REBUILD_MIN, _REBUILD_SHARE * len(state.slot_of)):
            return self._load(conn, seq)
        for doc in docs:
            state.remove(doc)
        for rowid, scope_key, text in _documents(conn, docs):
            state.add(rowid, scope_key, text.split(), side=True)
        state.changed += len(docs)
        state.seq = seq
        return state

    def _load(self, conn: SqlConnection, seq: int) -> _State:
        state = _State(seq)
        rows = conn.execute("SELECT rowid, scope_key, tokens FROM lexical ORDER BY rowid")
        for rowid, scope_key, text in rows:
            state.add(int(rowid), str(scope_key), str(text or "").split(), side=False)
        state.build_postings()
        self._state = state
        return state


def _documents(conn: SqlConnection, docs: Iterable[int]) -> list[tuple[int, str, str]]:
    out: list[tuple[int, str, str]] = []
    for doc in sorted(docs):
        row = conn.execute(
            "SELECT rowid, scope_key, tokens FROM lexical WHERE rowid = ?", (doc,)
        ).fetchone()
        if row is not None:
            out.append((int(row[0]), str(row[1]), str(row[2] or "")))
    return out


def _rank(
    state: _State, scope: int, terms: list[str], limit: int, n_docs: int
) -> list[tuple[int, float]]:
    scope_of, length, alive = state.views()
    avgdl = state.total_length / n_docs
    hit_slots: list[Ints] = []
    hit_scores: list[Floats] = []
    for token in terms:  # query order: each document's terms are summed in it, as FTS5 does
        term = state.terms.get(token)
        if term is None:
            continue
        hits = state.df[term]
        if hits <= 0:
            continue
        idf = math.log((n_docs - hits + 0.5) / (hits + 0.5))
        if idf <= 0.0:
            idf = 1e-6
        slots, tfs = state.base.of(term) if state.base is not None else (_NO_INTS, _NO_FLOATS)
        side = state.side.get(term)
        if side is not None:
            slots = np.concatenate([slots, np.asarray(side[0], dtype=np.int64)])
            tfs = np.concatenate([tfs, np.asarray(side[1], dtype=np.float64)])
        keep = alive[slots] & (scope_of[slots] == scope)
        slots, tfs = slots[keep], tfs[keep]
        if not len(slots):
            continue
        hit_slots.append(slots)
        hit_scores.append(
            idf * ((tfs * (K1 + 1.0)) / (tfs + K1 * (1 - B + B * length[slots] / avgdl)))
        )
    if not hit_slots:
        return []
    # bincount adds each slot's weights in input order: the query order of FTS5's sum
    scores = np.bincount(
        np.concatenate(hit_slots), weights=np.concatenate(hit_scores), minlength=len(alive)
    )
    found = np.flatnonzero(scores)
    if len(found) > limit:
        found = found[np.argpartition(-scores[found], limit - 1)[:limit]]
        cut = scores[found].min()
        # keep every document tied with the last one kept, then order by (score, rowid)
        found = np.flatnonzero(scores >= cut)
    rowids = [state.rowids[s] for s in found]
    ranked = sorted(zip(rowids, scores[found].tolist(), strict=True), key=lambda p: (-p[1], p[0]))
    return ranked[:limit]
