"""Exact dense search over one scope's vectors with numpy, cached per process.

The cache for (scope, model, kind) is checked against ``vector_versions`` (one primary-key
lookup): rows appended since the last look are loaded alone (an index range seek on rowid);
anything else (a delete, another process's rewrite) reloads the scope. Appends land in
spare rows of a buffer that grows by half when full, so a turn observed into a 100k-vector
scope copies one row, not the matrix.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from soulmem.store.sql import SqlConnection
from soulmem.store.sqlite.rows import SCOPE_WHERE

__all__ = ["VectorCache"]

Matrix = npt.NDArray[np.float32]


@dataclass(slots=True)
class _Entry:
    version: int
    count: int
    max_rowid: int
    ids: list[str]
    buffer: Matrix  # rows [0, len(ids)) are live; the rest is room to append
    #: owner id -> row; shared by later versions of the entry, which only add to it, so a
    #: reader of an older version checks ``row < len(its ids)``
    positions: dict[str, int]

    @property
    def matrix(self) -> Matrix:
        return self.buffer[: len(self.ids)]


def _append(entry: _Entry, new: Matrix) -> Matrix:
    """The entry's buffer with ``new`` rows after its live rows (in place when they fit)."""
    live = len(entry.ids)
    if not entry.buffer.size or entry.buffer.shape[1] != new.shape[1]:
        return np.ascontiguousarray(new)
    if live + len(new) > len(entry.buffer):
        grown = np.empty((max(live + len(new), live + live // 2 + 16), new.shape[1]), np.float32)
        grown[:live] = entry.buffer[:live]
        entry.buffer = grown
    entry.buffer[live : live + len(new)] = new
    return entry.buffer


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
    ) -> tuple[list[str], Matrix, dict[str, int]]:
        """(owner ids, their vectors as rows, owner id -> row); see ``_Entry.positions``."""
        row = conn.execute(
            "SELECT version, count FROM vector_versions "
            "WHERE scope_key = ? AND model = ? AND owner_kind = ?",
            (scope_key, model, owner_kind),
        ).fetchone()
        key = (scope_key, model, owner_kind)
        if row is None:
            return [], np.zeros((0, 0), dtype=np.float32), {}
        version, count = int(row[0]), int(row[1])
        with self._lock:
            entry = self._entries.get(key)
            if entry is not None and entry.version == version:
                return entry.ids, entry.matrix, entry.positions
            since = entry.max_rowid if entry is not None else 0
            rows = conn.execute(
                "SELECT rowid, owner_id, vector FROM embeddings WHERE "
                f"{SCOPE_WHERE} AND model = ? AND owner_kind = ? AND rowid > ? ORDER BY rowid",
                (*scope_params, model, owner_kind, since),
            ).fetchall()
            if entry is not None and entry.count + len(rows) == count and rows:
                new = np.vstack([np.frombuffer(r[2], dtype=np.float32) for r in rows])
                buffer = _append(entry, new)
                ids = entry.ids + [r[1] for r in rows]
                positions = entry.positions
                positions.update((r[1], len(entry.ids) + i) for i, r in enumerate(rows))
            elif entry is not None and entry.count == count and not rows:
                ids, buffer, positions = entry.ids, entry.buffer, entry.positions
            else:
                rows = conn.execute(
                    "SELECT rowid, owner_id, vector FROM embeddings WHERE "
                    f"{SCOPE_WHERE} AND model = ? AND owner_kind = ? ORDER BY rowid",
                    (*scope_params, model, owner_kind),
                ).fetchall()
                ids = [r[1] for r in rows]
                positions = {owner_id: i for i, owner_id in enumerate(ids)}
                buffer = (
                    np.vstack([np.frombuffer(r[2], dtype=np.float32) for r in rows])
                    if rows
                    else np.zeros((0, 0), dtype=np.float32)
                )
            max_rowid = int(rows[-1][0]) if rows else (entry.max_rowid if entry else 0)
            fresh = _Entry(version, len(ids), max_rowid, ids, buffer, positions)
            self._entries[key] = fresh
            return ids, fresh.matrix, positions

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
