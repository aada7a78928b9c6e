"""Lexical search with FTS5's BM25, ranked from a copy of the index in process memory.

FTS5 scores every document holding any query term; a Korean or Japanese question is 20-30
unigram and bigram terms, several of them in a third of all documents, so at 100k documents
the ``MATCH`` took 20 ms at p50 and 45-50 ms at p95. This copy holds the same documents as
numpy postings and ranks them with FTS5's ``bm25(lexical, 0.0, 1.0)`` operation by operation
(k1 = 1.2, b = 0.75, IDF and average length over the whole table, IDF floored at 1e-6, each
document's terms summed in query order), so it returns the scores SQLite computes. The
per-posting sums run in C where ``soulmem.store._bm25`` was built (``store/csrc/bm25.c``,
numpy's operations in numpy's order), else in numpy.

Each document's owner (the record it indexes, from ``lexical_docs``) is kept beside it, so a
search reads nothing by rowid.

The copy is per process and per file. Triggers log the rowid of every inserted, re-indexed
or deleted document in ``lexical_changes`` (migration 0007); a search first reads the log
past the last position it saw (an index range seek) and applies only those documents. Changed
and removed documents leave dead slots and their replacements go to a small side index, and
the postings are rebuilt from the table once those outnumber a quarter of the documents.
"""

from __future__ import annotations

import array
import ctypes
import functools
import itertools
import math
import sys
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from soulmem.native import native_function
from soulmem.store.base import BM25_B, BM25_K1
from soulmem.store.sql import SqlConnection
from soulmem.store.sqlite.copies import FileCopy

__all__ = ["LexicalIndex"]

Owner = tuple[str, str]
#: a document: rowid, scope key, tokens (space-separated), the record it belongs to
Document = tuple[int, str, str, Owner | None]
_DOCUMENTS = (
    "SELECT l.rowid, l.scope_key, l.tokens, d.owner_kind, d.owner_id FROM lexical l "
    "LEFT JOIN lexical_docs d ON d.rowid = l.rowid"
)

K1 = BM25_K1
B = BM25_B
#: rebuild the postings once changed documents exceed this share of the documents
_REBUILD_SHARE = 0.25
_REBUILD_MIN = 1024

Ints = npt.NDArray[np.int64]
Int32s = npt.NDArray[np.int32]
Floats = npt.NDArray[np.float64]


@dataclass(slots=True)
class _Postings:
    """Documents (slots) holding each term, with the term's frequency in them (CSR)."""

    starts: Ints  # term id -> first entry; term ids past the end have none here
    slots: Int32s
    tfs: Int32s

    def of(self, term: int) -> tuple[Int32s, Int32s]:
        if term + 1 >= len(self.starts):
            return _NONE, _NONE
        lo, hi = int(self.starts[term]), int(self.starts[term + 1])
        return self.slots[lo:hi], self.tfs[lo:hi]


_NONE: Int32s = np.zeros(0, dtype=np.int32)


def _grown(array: npt.NDArray[Any], size: int) -> npt.NDArray[Any]:
    """``array`` with room for ``size`` entries (by half again when it must grow)."""
    if size <= len(array):
        return array
    bigger = np.zeros(max(size, len(array) + len(array) // 2 + 64), dtype=array.dtype)
    bigger[: len(array)] = array
    return bigger


@dataclass(slots=True)
class _State:
    """The documents as numbered slots (never reused: a changed document gets a new one)."""

    seq: int
    terms: dict[str, int]
    scopes: dict[str, int]
    used: int  # slots [0, used) are taken
    #: per slot: rowid, scope, length in tokens (the scope column's one token included),
    #: whether it is current (arrays with spare room at the end)
    rowids: Ints
    scope_of: Ints
    length: Floats
    alive: npt.NDArray[np.bool_]
    slot_of: dict[int, int]
    #: per slot: the record the document belongs to (owner kind, owner id; None: none)
    owners: list[Owner | None]
    #: documents holding each term, among the current ones (spare room at the end)
    df: Ints
    total_length: float
    base: _Postings  # the slots the state was built with
    forward: _Postings  # the same by slot: each base slot's terms (``slots`` holds term ids)
    #: documents added since: term -> (slots, tfs), and slot -> (terms, tfs)
    side: dict[int, tuple[list[int], list[int]]] = field(default_factory=dict)
    side_docs: dict[int, tuple[list[int], list[int]]] = field(default_factory=dict)
    changed: int = 0

    def add(self, rowid: int, scope_key: str, tokens: Sequence[str], owner: Owner | None) -> None:
        slot = self.used
        self.used += 1
        self.owners.append(owner)
        for name in ("rowids", "scope_of", "length", "alive"):
            setattr(self, name, _grown(getattr(self, name), self.used))
        counts = Counter(self.terms.setdefault(t, len(self.terms)) for t in tokens)
        ids, freqs = list(counts), list(counts.values())
        self.rowids[slot] = rowid
        self.scope_of[slot] = self.scopes.setdefault(scope_key, len(self.scopes))
        self.length[slot] = len(tokens) + 1
        self.alive[slot] = True
        self.slot_of[rowid] = slot
        self.df = _grown(self.df, len(self.terms))
        self.df[ids] += 1
        self.total_length += len(tokens) + 1
        self.side_docs[slot] = (ids, freqs)
        for term, tf in zip(ids, freqs, strict=True):
            slots, tfs = self.side.setdefault(term, ([], []))
            slots.append(slot)
            tfs.append(tf)

    def remove(self, rowid: int) -> None:
        slot = self.slot_of.pop(rowid, None)
        if slot is None:
            return
        self.alive[slot] = False
        self.owners[slot] = None
        self.total_length -= float(self.length[slot])
        side = self.side_docs.pop(slot, None)
        ids = side[0] if side is not None else self.forward.of(slot)[0]
        self.df[ids] -= 1


def _built(seq: int, rows: Iterable[Document]) -> _State:
    """A state holding these documents (rowid order), its postings built with numpy."""
    terms: defaultdict[str, int] = defaultdict(itertools.count().__next__)
    scopes: defaultdict[str, int] = defaultdict(itertools.count().__next__)
    rowids: list[int] = []
    scope_of: list[int] = []
    sizes: list[int] = []
    owners: list[Owner | None] = []
    ids = array.array("q")  # 64-bit C integers: no Python object per token
    for rowid, scope_key, text, owner in rows:
        tokens = text.split()
        rowids.append(rowid)
        owners.append(owner)
        scope_of.append(scopes[scope_key])
        sizes.append(len(tokens))
        ids.extend(map(terms.__getitem__, tokens))
    n_terms = max(len(terms), 1)
    slot_arr = np.repeat(np.arange(len(rowids), dtype=np.int64), sizes)
    # one entry per (slot, term) with its count, in slot then term order
    slot_arr *= n_terms
    slot_arr += np.frombuffer(ids, dtype=np.int64) if ids else 0
    pairs, tfs = np.unique(slot_arr, return_counts=True)
    del slot_arr, ids
    pair_slots, pair_terms = (part.astype(np.int32) for part in np.divmod(pairs, n_terms))
    tf_arr = tfs.astype(np.int32)
    by_term = np.argsort(pair_terms, kind="stable")
    length = np.asarray(sizes, dtype=np.float64) + 1.0
    return _State(
        seq=seq,
        terms=dict(terms),
        scopes=dict(scopes),
        used=len(rowids),
        rowids=np.asarray(rowids, dtype=np.int64),
        scope_of=np.asarray(scope_of, dtype=np.int64),
        length=length,
        alive=np.ones(len(rowids), dtype=np.bool_),
        slot_of={rowid: slot for slot, rowid in enumerate(rowids)},
        owners=owners,
        df=np.bincount(pair_terms, minlength=len(terms)).astype(np.int64),
        total_length=float(length.sum()),
        base=_Postings(_starts(pair_terms, len(terms)), pair_slots[by_term], tf_arr[by_term]),
        forward=_Postings(_starts(pair_slots, len(rowids)), pair_terms, tf_arr),
    )


def _starts(keys: Int32s, size: int) -> Ints:
    """CSR offsets of sorted-by-key entries: entries of key k are [starts[k], starts[k+1])."""
    starts = np.zeros(size + 1, dtype=np.int64)
    np.cumsum(np.bincount(keys, minlength=size), out=starts[1:])
    return starts


class LexicalIndex(FileCopy[_State]):
    """The file's lexical documents in memory; :meth:`search` ranks one scope's."""

    def search(
        self, conn: SqlConnection, scope_key: str, tokens: Sequence[str], limit: int
    ) -> list[tuple[str, str, float]]:
        """(owner kind, owner id, BM25 score) of the ``limit`` best documents of the scope
        holding any of the tokens, best first (ties: older documents first); a document
        whose record is gone (no ``lexical_docs`` row) is left out after the limit."""
        terms = list(dict.fromkeys(tokens))
        if not terms or limit <= 0:
            return []
        with self._lock:
            state = self._current(conn)
            scope = state.scopes.get(scope_key)
            if scope is None or not state.slot_of:
                return []
            owners = state.owners
            return [
                (*owner, score)
                for slot, score in _rank(state, scope, terms, limit)
                if (owner := owners[slot]) is not None
            ]

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
        for rowid, scope_key, text, owner in _documents(conn, docs):
            state.add(rowid, scope_key, text.split(), owner)
        state.changed += len(docs)
        state.seq = seq
        return state

    def _load(self, conn: SqlConnection, seq: int) -> _State:
        kinds: dict[str, str] = {}
        # owner ids interned, as every copy's (``vectors.py``)
        owners = {
            int(r[0]): (kinds.setdefault(r[1], r[1]), sys.intern(r[2]))
            for r in conn.execute("SELECT rowid, owner_kind, owner_id FROM lexical_docs")
        }
        rows = conn.execute("SELECT rowid, scope_key, tokens FROM lexical ORDER BY rowid")
        state = _built(
            seq, ((int(r[0]), str(r[1]), str(r[2] or ""), owners.get(int(r[0]))) for r in rows)
        )
        self._state = state
        return state


def _documents(conn: SqlConnection, docs: Iterable[int]) -> list[Document]:
    out: list[Document] = []
    for doc in sorted(docs):
        row = conn.execute(_DOCUMENTS + " WHERE l.rowid = ?", (doc,)).fetchone()
        if row is not None:
            out.append(_document(row))
    return out


def _document(row: Sequence[Any]) -> Document:
    """A row of ``_DOCUMENTS``."""
    owner = None if row[3] is None else (str(row[3]), sys.intern(str(row[4])))
    return int(row[0]), str(row[1]), str(row[2] or ""), owner


def _scores(
    slots: list[Int32s], tfs: list[Int32s], idfs: list[float], length: Floats, avgdl: float
) -> tuple[Floats, Ints]:
    """Each slot's BM25 score: its postings' weights (term ``t`` has ``slots[t]`` with
    frequencies ``tfs[t]`` and ``idfs[t]``) summed in term order, as FTS5 sums them; and the
    slots holding any term (in no particular order; every weight is positive)."""
    accumulate = _accumulate()
    if accumulate is not None:  # the same operations in C (``store/csrc/bm25.c``)
        flat_slots = np.ascontiguousarray(np.concatenate(slots), dtype=np.int32)
        flat_tfs = np.ascontiguousarray(np.concatenate(tfs), dtype=np.int32)
        starts = np.zeros(len(slots) + 1, dtype=np.int64)
        np.cumsum([len(s) for s in slots], out=starts[1:])
        weights = np.asarray(idfs, dtype=np.float64)
        lengths = np.ascontiguousarray(length, dtype=np.float64)
        out = np.zeros(len(lengths), dtype=np.float64)
        found = np.empty(min(len(flat_slots), len(lengths)), dtype=np.int32)
        n_found = accumulate(
            len(slots),
            starts.ctypes.data,
            flat_slots.ctypes.data,
            flat_tfs.ctypes.data,
            weights.ctypes.data,
            lengths.ctypes.data,
            avgdl,
            K1,
            B,
            out.ctypes.data,
            found.ctypes.data,
        )
        return out, found[:n_found].astype(np.int64)
    weighted = [
        idf * ((f * (K1 + 1.0)) / (f + K1 * (1 - B + B * length[s] / avgdl)))
        for s, f, idf in zip(slots, (f.astype(np.float64) for f in tfs), idfs, strict=True)
    ]
    # bincount adds each slot's weights in input order: the query order of FTS5's sum
    sums = np.bincount(
        np.concatenate(slots), weights=np.concatenate(weighted), minlength=len(length)
    )
    return np.asarray(sums, dtype=np.float64), np.flatnonzero(sums)


@functools.cache
def _accumulate() -> ctypes._CFuncPtr | None:  # type: ignore[name-defined]
    """``bm25_accumulate`` (``store/csrc/bm25.c``), or None where it was not built."""
    pointer, real = ctypes.c_void_p, ctypes.c_double
    return native_function(
        Path(__file__).parents[1],
        "_bm25",
        "bm25_supported",
        "bm25_accumulate",
        ctypes.c_int64,
        [ctypes.c_int64, *[pointer] * 5, real, real, real, pointer, pointer],
    )


def _rank(state: _State, scope: int, terms: list[str], limit: int) -> list[tuple[int, float]]:
    """(slot, score) of the ``limit`` best documents, best first (ties: in rowid order)."""
    used = state.used
    scope_of, length, alive = state.scope_of[:used], state.length[:used], state.alive[:used]
    n_docs = len(state.slot_of)
    avgdl = state.total_length / n_docs
    # every slot current and of this scope (one scope, nothing changed): no filtering
    everyone = len(state.scopes) == 1 and n_docs == used
    hit_slots: list[Int32s] = []
    hit_tfs: list[Int32s] = []
    idfs: list[float] = []
    for token in terms:  # query order: each document's terms are summed in it, as FTS5 does
        term = state.terms.get(token)
        if term is None:
            continue
        hits = int(state.df[term])
        if hits <= 0:
            continue
        idf = math.log((n_docs - hits + 0.5) / (hits + 0.5))
        if idf <= 0.0:
            idf = 1e-6
        base_slots, base_tfs = state.base.of(term)
        side = state.side.get(term)
        if side is not None:
            base_slots = np.concatenate([base_slots, np.asarray(side[0], dtype=np.int32)])
            base_tfs = np.concatenate([base_tfs, np.asarray(side[1], dtype=np.int32)])
        if everyone:
            slots, tfs = base_slots, base_tfs
        else:
            keep = alive[base_slots] & (scope_of[base_slots] == scope)
            slots, tfs = base_slots[keep], base_tfs[keep]
        if not len(slots):
            continue
        hit_slots.append(slots)
        hit_tfs.append(tfs)
        idfs.append(idf)
    if not hit_slots:
        return []
    scores, found = _scores(hit_slots, hit_tfs, idfs, length, avgdl)
    if len(found) > limit:
        cut = scores[found[np.argpartition(-scores[found], limit - 1)[:limit]]].min()
        found = found[scores[found] >= cut]  # with every document tied with the last one
    ranked = sorted(
        zip(found.tolist(), scores[found].tolist(), state.rowids[found].tolist(), strict=True),
        key=lambda p: (-p[1], p[2]),
    )
    return [(slot, score) for slot, score, _ in ranked[:limit]]
