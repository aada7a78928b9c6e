"""Exact dense search over one scope's vectors with numpy, cached per process.

The cache for (scope, model, kind) is checked against ``vector_versions`` (one primary-key
lookup): rows appended since the last look are loaded alone (an index range seek on rowid);
anything else (a delete, another process's rewrite) reloads the scope. Appends land in
spare rows of a buffer that grows by half when full, so a turn observed into a 100k-vector
scope copies one row, not the matrix. Scopes of ``quantized.MIN_ROWS`` rows or more also
keep int8 codes of their rows (``quantized.py``), appended the same way.
"""

from __future__ import annotations

import sys
import threading
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from soulmem.store.sql import SqlConnection
from soulmem.store.sqlite import quantized
from soulmem.store.sqlite.quantized import Codes
from soulmem.store.sqlite.rows import SCOPE_WHERE

__all__ = ["Rows", "VectorCache"]

Matrix = npt.NDArray[np.float32]


class Rows(NamedTuple):
    """A scope's vectors: owner ids, their rows, owner id -> row and the rows' int8 codes
    (None below ``quantized.MIN_ROWS`` or without the scan). ``ids`` and ``positions`` are
    shared with later versions, which only add to them: ``len(matrix)`` is this version's
    row count, and an id or row at or past it is not in this version."""

    ids: list[str]
    matrix: Matrix
    positions: dict[str, int]
    codes: Codes | None


@dataclass(slots=True)
class _Codes:
    """The growable buffers behind ``Codes`` (rows past the entry's live count are room)."""

    center: Matrix
    codes: npt.NDArray[np.int8]
    scales: Matrix
    max_err: float
    sums: npt.NDArray[np.int32]
    max_norm: float

    def view(self, live: int) -> Codes:
        return Codes(
            self.center,
            self.codes[:live],
            self.scales[:live],
            self.max_err,
            self.sums[:live],
            self.max_norm,
        )


@dataclass(slots=True)
class _Entry:
    version: int
    count: int
    max_rowid: int
    #: owner ids by row (and ``positions``, owner id -> row): both shared by later versions
    #: of the entry, which only add to them (see ``Rows``)
    ids: list[str]
    buffer: Matrix  # rows [0, count) are live; the rest is room to append
    positions: dict[str, int]
    codes: _Codes | None = None

    @property
    def rows(self) -> Rows:
        live = self.count
        codes = self.codes.view(live) if self.codes is not None else None
        return Rows(self.ids, self.buffer[:live], self.positions, codes)


def _placed(buffer: npt.NDArray[Any], live: int, new: npt.NDArray[Any]) -> npt.NDArray[Any]:
    """``buffer`` with ``new`` after its ``live`` rows: in place when they fit, else a copy
    grown by half (readers of the old buffer keep theirs)."""
    if not buffer.size or buffer.shape[1:] != new.shape[1:]:
        return np.ascontiguousarray(new)
    if live + len(new) > len(buffer):
        size = max(live + len(new), live + live // 2 + 16)
        grown = np.empty((size, *new.shape[1:]), buffer.dtype)
        grown[:live] = buffer[:live]
        buffer = grown
    buffer[live : live + len(new)] = new
    return buffer


def _codes_for(entry: _Entry | None, buffer: Matrix, live: int, added: int) -> _Codes | None:
    """The codes of ``buffer[:live]``: the entry's with the last ``added`` rows encoded
    around its center, or all rows encoded anew (None below the size, for a dimension that is
    not a multiple of 16, or without the scan)."""
    if live < quantized.MIN_ROWS or buffer.shape[1] % 16 or not quantized.available():
        return None
    old = entry.codes if entry is not None else None
    if old is None or not added or added == live:
        center = buffer[:live].mean(axis=0, dtype=np.float64).astype(np.float32)
        return _Codes(center, *quantized.encode(buffer[:live], center))
    codes, scales, max_err, sums, max_norm = quantized.encode(
        buffer[live - added : live], old.center
    )
    return _Codes(
        old.center,
        _placed(old.codes, live - added, codes),
        _placed(old.scales, live - added, scales),
        max(old.max_err, max_err),
        _placed(old.sums, live - added, sums),
        max(old.max_norm, max_norm),
    )


class VectorCache:
    def __init__(self) -> None:
        self._entries: dict[tuple[str, str, str], _Entry] = {}
        self._lock = threading.Lock()

    def matrix(
        self,
        conn: SqlConnection,
        scope_key: str,
        scope_params: tuple[str, str, str],
        model: str,
        owner_kind: str,
    ) -> Rows:
        """The scope's vectors of one kind for one model, from the cache when current."""
        row = conn.execute(
            "SELECT version, count FROM vector_versions "
            "WHERE scope_key = ? AND model = ? AND owner_kind = ?",
            (scope_key, model, owner_kind),
        ).fetchone()
        key = (scope_key, model, owner_kind)
        if row is None:
            return Rows([], np.zeros((0, 0), dtype=np.float32), {}, None)
        version, count = int(row[0]), int(row[1])
        with self._lock:
            entry = self._entries.get(key)
            if entry is not None and entry.version == version:
                return entry.rows
            since = entry.max_rowid if entry is not None else 0
            rows = conn.execute(
                "SELECT rowid, owner_id, vector FROM embeddings WHERE "
                f"{SCOPE_WHERE} AND model = ? AND owner_kind = ? AND rowid > ? ORDER BY rowid",
                (*scope_params, model, owner_kind, since),
            ).fetchall()
            if entry is not None and entry.count + len(rows) == count and rows:
                new = np.vstack([np.frombuffer(r[2], dtype=np.float32) for r in rows])
                buffer = _placed(entry.buffer, entry.count, new)
                ids, positions = entry.ids, entry.positions
                del ids[entry.count :]  # what an append that failed half-way left
                added = [sys.intern(r[1]) for r in rows]
                ids.extend(added)
                positions.update((owner_id, entry.count + i) for i, owner_id in enumerate(added))
                codes = _codes_for(entry, buffer, len(ids), len(rows))
            elif entry is not None and entry.count == count and not rows:
                ids, buffer, positions = entry.ids, entry.buffer, entry.positions
                codes = entry.codes
            else:
                rows = conn.execute(
                    "SELECT rowid, owner_id, vector FROM embeddings WHERE "
                    f"{SCOPE_WHERE} AND model = ? AND owner_kind = ? ORDER BY rowid",
                    (*scope_params, model, owner_kind),
                ).fetchall()
                # interned, as every in-process copy's ids are: recall looks each copy's ids
                # up in the others' dicts, which then match a key by identity without
                # reading its (by then uncached) string
                ids = [sys.intern(r[1]) for r in rows]
                positions = {owner_id: i for i, owner_id in enumerate(ids)}
                buffer = (
                    np.vstack([np.frombuffer(r[2], dtype=np.float32) for r in rows])
                    if rows
                    else np.zeros((0, 0), dtype=np.float32)
                )
                codes = _codes_for(None, buffer, len(ids), len(ids))
            max_rowid = int(rows[-1][0]) if rows else (entry.max_rowid if entry else 0)
            fresh = _Entry(version, len(ids), max_rowid, ids, buffer, positions, codes)
            self._entries[key] = fresh
            return fresh.rows

    def holds(self, key: tuple[str, str, str]) -> bool:
        """Whether (scope key, model, owner kind) has been read into the cache."""
        with self._lock:
            return key in self._entries

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
