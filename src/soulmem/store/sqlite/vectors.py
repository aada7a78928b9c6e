"""Exact dense search over one scope's vectors with numpy, cached per process.

The cache for (scope, model, kind) is checked against ``vector_versions`` (one primary-key
lookup): rows appended since the last look are loaded alone (an index range seek on rowid);
anything else (a delete, another process's rewrite) reloads the scope.
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
    matrix: Matrix


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
    ) -> tuple[list[str], Matrix]:
        row = conn.execute(
            "SELECT version, count FROM vector_versions "
            "WHERE scope_key = ? AND model = ? AND owner_kind = ?",
            (scope_key, model, owner_kind),
        ).fetchone()
        key = (scope_key, model, owner_kind)
        if row is None:
            return [], np.zeros((0, 0), dtype=np.float32)
        version, count = int(row[0]), int(row[1])
        with self._lock:
            entry = self._entries.get(key)
            if entry is not None and entry.version == version:
                return entry.ids, entry.matrix
            since = entry.max_rowid if entry is not None else 0
            rows = conn.execute(
                "SELECT rowid, owner_id, vector FROM embeddings WHERE "
                f"{SCOPE_WHERE} AND model = ? AND owner_kind = ? AND rowid > ? ORDER BY rowid",
                (*scope_params, model, owner_kind, since),
            ).fetchall()
            if entry is not None and entry.count + len(rows) == count and rows:
                ids = entry.ids + [r[1] for r in rows]
                new = np.vstack([np.frombuffer(r[2], dtype=np.float32) for r in rows])
                matrix = np.vstack([entry.matrix, new]) if entry.matrix.size else new
            elif entry is not None and entry.count == count and not rows:
                ids, matrix = entry.ids, entry.matrix
            else:
                rows = conn.execute(
                    "SELECT rowid, owner_id, vector FROM embeddings WHERE "
                    f"{SCOPE_WHERE} AND model = ? AND owner_kind = ? ORDER BY rowid",
                    (*scope_params, model, owner_kind),
                ).fetchall()
                ids = [r[1] for r in rows]
                matrix = (
                    np.vstack([np.frombuffer(r[2], dtype=np.float32) for r in rows])
                    if rows
                    else np.zeros((0, 0), dtype=np.float32)
                )
            max_rowid = int(rows[-1][0]) if rows else (entry.max_rowid if entry else 0)
            self._entries[key] = _Entry(version, len(ids), max_rowid, ids, matrix)
            return ids, matrix

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
