"""Scores of chosen rows of a scope's cached vectors against a query: each row's inner
product (``row_scores``: the exact re-scoring after the int8 scan, the similarity of given
ids) and each context key's (``key_scores``: ``(a + b) / |a + b|`` for a reply ``a`` and the
turn ``b`` it replies to).

Where ``store/csrc/vecscan.c`` is built and the CPU has AVX-512 (``vs_dot_rows``,
``vs_key_rows``), C reads each row in place: no gathered copy of the rows (a recall at 100k
asks for about 1,100 scattered rows to re-score and 530 key pairs, each row a cache miss),
and the interpreter lock is released while it runs. Each score is summed in one fixed order
from its own rows, so it is the same whatever rows are asked with it; numpy, the fallback,
gives the same scores to float32 rounding (about 1e-7).
"""

from __future__ import annotations

import ctypes
import functools
from pathlib import Path

import numpy as np
import numpy.typing as npt

from soulmem.native import native_function
from soulmem.store.base import key_similarities

__all__ = ["key_scores", "row_scores"]

Matrix = npt.NDArray[np.float32]
Positions = npt.NDArray[np.int64]

_POINTER, _SIZE = ctypes.c_void_p, ctypes.c_int64
#: the C loops take 16 floats at a time
_LANES = 16


@functools.cache
def _dot_rows() -> ctypes._CFuncPtr | None:  # type: ignore[name-defined]
    p, n = _POINTER, _SIZE
    argtypes = [p, ctypes.c_int32, p, n, p, p]
    return native_function(
        Path(__file__).parents[1], "_vecscan", "vs_supported", "vs_dot_rows", None, argtypes
    )


@functools.cache
def _key_rows() -> ctypes._CFuncPtr | None:  # type: ignore[name-defined]
    p, n = _POINTER, _SIZE
    argtypes = [p, ctypes.c_int32, p, p, n, p, p]
    return native_function(
        Path(__file__).parents[1], "_vecscan", "vs_supported", "vs_key_rows", None, argtypes
    )


def _c_query(matrix: Matrix, query: Matrix, *rows: Positions) -> Matrix | None:
    """The query as C reads it, or None where C cannot read ``matrix`` in place (a copy of
    it would cost more than numpy's gather); every row position must be in range."""
    live = len(matrix)
    for positions in rows:
        if len(positions) and (int(positions.min()) < 0 or int(positions.max()) >= live):
            raise IndexError(f"row positions outside the {live} rows")
    if (
        matrix.dtype != np.float32
        or matrix.ndim != 2
        or not matrix.flags.c_contiguous
        or matrix.shape[1] % _LANES
        or query.shape != (matrix.shape[1],)
    ):
        return None
    return np.ascontiguousarray(query, dtype=np.float32)


def _int64(rows: npt.ArrayLike) -> Positions:
    return np.ascontiguousarray(rows, dtype=np.int64)


def row_scores(matrix: Matrix, rows: npt.ArrayLike, query: Matrix) -> Matrix:
    """``matrix[rows] @ query``, one float32 score a row position."""
    at = _int64(rows)
    function = _dot_rows()
    q = _c_query(matrix, query, at)
    if function is None or q is None or not len(at):
        return np.asarray(matrix[at] @ np.asarray(query, np.float32), np.float32)
    out = np.empty(len(at), dtype=np.float32)
    d = matrix.shape[1]
    function(matrix.ctypes.data, d, at.ctypes.data, len(at), q.ctypes.data, out.ctypes.data)
    return out


def key_scores(
    matrix: Matrix, replies: npt.ArrayLike, replied: npt.ArrayLike, query: Matrix
) -> Matrix:
    """``query``'s inner product with each context key ``(a + b) / |a + b|``, ``a`` the row
    of ``replies`` and ``b`` the row of ``replied`` at the same place."""
    a, b = _int64(replies), _int64(replied)
    if a.shape != b.shape:
        raise ValueError(f"{len(a)} replies for {len(b)} turns replied to")
    function = _key_rows()
    q = _c_query(matrix, query, a, b)
    if function is None or q is None or not len(a):
        return key_similarities(matrix[a], matrix[b], query)
    out = np.empty(len(a), dtype=np.float32)
    function(
        matrix.ctypes.data,
        matrix.shape[1],
        a.ctypes.data,
        b.ctypes.data,
        len(a),
        q.ctypes.data,
        out.ctypes.data,
    )
    return out
