"""int8 codes of a large scope's vectors, and an exact top-k search that reads them first.

Each vector x is kept as a code c (int8) with a scale s around the scope's center m:
x ~ m + s * c, and the code's error e = |x - (m + s * c)| is known (its largest over the
scope is ``max_err``). For a unit query q the code's score differs from the true cosine by at
most |q . (x - m - s c)| <= e (Cauchy-Schwarz). So: score every row from its code (a quarter
of the float32 bytes, ``store/csrc/vecscan.c``), re-score the best ``k + 1000`` (or 4k) rows
from their float32 vectors, and keep that answer only when every row left out scores below
the k-th exact score even with its error added: then it is the exact top k, the same rows
a float32 scan gives. When the bound cannot prove it (scores too close), the caller scans.

Where the CPU has AVX-512 VNNI the query is quantized as well, q ~ t k (k int8, t its scale),
and the codes are scored by integer products at the speed they are read from memory (4.1
-> 2.7 ms at 100k x 384 here). That costs at most |(q - t k) . (s c)| <=
|q - t k| * ``max_norm`` (the largest |s c| of the scope) more, which the bound adds.

Only where the compiled scan was built and the CPU has AVX-512 (``available()``).
"""

from __future__ import annotations

import ctypes
import functools
import os
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from soulmem.cpus import usable_cpus
from soulmem.native import native_function
from soulmem.store.sqlite.rowdots import row_scores

__all__ = ["MIN_ROWS", "Codes", "available", "encode", "largest", "quantize_query", "top_k"]

#: below this many rows the float32 scan is already fast (and the codes not worth keeping)
MIN_ROWS = 20_000
#: rows re-scored exactly: the best k + MARGIN_ROWS (at least 4 k) by their codes
MARGIN_ROWS = 1000
#: float32 rounding in either score and in the error itself, far above what 384 products
#: accumulate
_SLACK = 1e-4
#: about this many values guess where the best rows' scores start (``largest``)
_SAMPLE = 2048
#: rows encoded at a time
_BLOCK = 4096
#: rows scanned at a time: the calling thread and a helper take chunks until none is left
#: (a scan from DRAM is bound by one core's memory traffic: two cores halve it)
_CHUNK = 4096

Matrix = npt.NDArray[np.float32]


_POINTER, _SIZE = ctypes.c_void_p, ctypes.c_int64


def _bind(supported: str, name: str, argtypes: list[Any]) -> ctypes._CFuncPtr | None:  # type: ignore[name-defined]
    """The scan ``name`` of ``store/csrc/vecscan.c``, or None where ``supported()`` says no."""
    return native_function(Path(__file__).parents[1], "_vecscan", supported, name, None, argtypes)


@functools.cache
def _scan_u8() -> ctypes._CFuncPtr | None:  # type: ignore[name-defined]
    """``vs_scan_u8_shared`` (integer products with a quantized query), or None where the
    CPU lacks AVX-512 VNNI."""
    p, n = _POINTER, _SIZE
    argtypes = [p, p, p, n, ctypes.c_int32, p, ctypes.c_float, ctypes.c_float, p, n, p]
    return _bind("vs_vnni_supported", "vs_scan_u8_shared", argtypes)


@functools.cache
def _scan() -> ctypes._CFuncPtr | None:  # type: ignore[name-defined]
    """``vs_scan_i8_shared`` (float products), or None where it cannot run."""
    p, n = _POINTER, _SIZE
    argtypes = [p, p, n, ctypes.c_int32, p, ctypes.c_float, p, n, p]
    return _bind("vs_supported", "vs_scan_i8_shared", argtypes)


class _Helper:
    """One helper thread for the scan (none on a single core), made again after a fork."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._pool: ThreadPoolExecutor | None = None
        self._pid = 0

    def pool(self) -> ThreadPoolExecutor | None:
        if usable_cpus() < 2:
            return None
        with self._lock:
            if self._pool is None or self._pid != os.getpid():
                self._pool = ThreadPoolExecutor(1, thread_name_prefix="soulmem-scan")
                self._pid = os.getpid()
            return self._pool


_HELPER = _Helper()


def _help(scan: Any, keep: tuple[Any, ...], args: tuple[Any, ...]) -> None:
    """The helper's share of a scan. ``keep`` holds the arrays ``args`` points into (this
    call's arguments live until it returns), so a helper that starts after the caller
    finished alone still finds them, and no chunk left."""
    scan(*args)


def _scan_all(codes: Codes, q: Matrix, bias: float, out: Matrix, *, helper: bool = True) -> None:
    """``out[r]`` = the code score of every row for the float query ``q``."""
    scan = _scan()
    assert scan is not None
    n, d = codes.codes.shape
    _shared(scan, n, (codes.codes, codes.scales, q, out), (n, d, q, bias, out), helper=helper)


def _scan_all_u8(
    codes: Codes,
    q: npt.NDArray[np.uint8],
    t: float,
    bias: float,
    out: Matrix,
    *,
    helper: bool = True,
) -> None:
    """``out[r]`` = the code score of every row for the quantized query ``t * (q - 128)``."""
    scan = _scan_u8()
    assert scan is not None
    n, d = codes.codes.shape
    keep = (codes.codes, codes.scales, codes.sums, q, out)
    _shared(scan, n, keep, (codes.sums, n, d, q, t, bias, out), helper=helper)


def _shared(
    scan: Any, n: int, keep: tuple[Any, ...], args: tuple[Any, ...], *, helper: bool
) -> None:
    """Run a ``*_shared`` scan of ``n`` rows (``keep``: the arrays its pointers point into,
    codes and scales first; ``args``: its arguments after those two, arrays as themselves)
    on the calling thread and, for big scopes, a helper thread at once (each takes chunks
    of rows until none is left)."""
    job = np.zeros(2, dtype=np.int64)  # the next chunk, the rows done
    pointers = tuple(a.ctypes.data if isinstance(a, np.ndarray) else a for a in args)
    call = (keep[0].ctypes.data, keep[1].ctypes.data, *pointers, _CHUNK, job.ctypes.data)
    pool = _HELPER.pool() if helper and n >= 2 * _CHUNK else None
    share = None
    if pool is not None:
        try:
            share = pool.submit(_help, scan, (*keep, job), call)
        except RuntimeError:  # shutting down: scan alone
            share = None
    scan(*call)
    if share is not None and int(job[1]) != n:  # the helper is still on its last chunk
        share.result()


def available() -> bool:
    """Whether the compiled int8 scan is built and runs on this CPU."""
    return _scan() is not None


@dataclass(frozen=True, slots=True)
class Codes:
    """Rows ``[0, len(scales))`` of a scope's codes (views; later appends do not show)."""

    center: Matrix  # (d,)
    codes: npt.NDArray[np.int8]  # (n, d)
    scales: Matrix  # (n,)
    max_err: float
    sums: npt.NDArray[np.int32]  # (n,) each code's sum
    max_norm: float  # the largest |s c|


def encode(
    rows: Matrix, center: Matrix
) -> tuple[npt.NDArray[np.int8], Matrix, float, npt.NDArray[np.int32], float]:
    """(codes, scales, largest error, each code's sum, largest |s c|) of ``rows`` around
    ``center``, a block of rows at a time (a few MB of temporaries whatever the scope's
    size)."""
    n, d = rows.shape
    codes = np.empty((n, d), dtype=np.int8)
    scales = np.empty(n, dtype=np.float32)
    sums = np.empty(n, dtype=np.int32)
    max_err = max_norm = 0.0
    for start in range(0, n, _BLOCK):
        resid = rows[start : start + _BLOCK] - center
        scale = np.abs(resid).max(axis=1) / np.float32(127.0)
        inverse = np.divide(1.0, scale, out=np.zeros_like(scale), where=scale > 0)
        block = np.clip(np.rint(resid * inverse[:, None]), -127, 127)
        codes[start : start + _BLOCK] = block
        scales[start : start + _BLOCK] = scale
        # the block's integers, summed and squared in float32 exactly (below 2 ** 24)
        sums[start : start + _BLOCK] = block.sum(axis=1)
        norms = np.sqrt(np.einsum("ij,ij->i", block, block).astype(np.float64)) * scale
        max_norm = max(max_norm, float(norms.max()) * (1 + 1e-6))  # float32 scales: rounding
        resid -= block * scale[:, None]  # what the code misses of each row
        max_err = max(max_err, float(np.sqrt(np.einsum("ij,ij->i", resid, resid).max())))
    return codes, scales, max_err, sums, max_norm


def quantize_query(q: Matrix) -> tuple[npt.NDArray[np.uint8], float, float]:
    """``q`` as unsigned bytes ``u`` with a scale ``t`` (q ~ t * (u - 128)), and the error
    |q - t * (u - 128)|."""
    peak = float(np.abs(q).max())
    t = float(np.float32(peak / 127.0)) if peak > 0 else 1.0  # the scan multiplies by a float32
    k = np.clip(np.rint(q.astype(np.float64) / t), -127, 127)
    err = float(np.linalg.norm(q.astype(np.float64) - t * k)) * (1 + 1e-6) + 1e-7
    return (k + 128).astype(np.uint8), t, err


def top_k(
    codes: Codes, matrix: Matrix, query: Matrix, k: int
) -> tuple[npt.NDArray[np.intp], Matrix] | None:
    """The exact top ``k`` rows of ``matrix @ query`` (rows, scores; best first, ties in row
    order), or None when the codes cannot prove it (or the scan is not available)."""
    n = len(codes.codes)
    wanted = max(k + MARGIN_ROWS, 4 * k)
    if _scan() is None or wanted >= n or k < 1:
        return None
    q = np.ascontiguousarray(query, dtype=np.float32)
    norm = float(np.linalg.norm(q))
    approx = np.empty(n, dtype=np.float32)
    bias = float(q @ codes.center)
    bound = codes.max_err * norm
    if _scan_u8() is not None:
        query_bytes, t, q_err = quantize_query(q)
        _scan_all_u8(codes, query_bytes, t, bias, approx)
        bound += q_err * codes.max_norm
    else:
        _scan_all(codes, q, bias, approx)
    cut = np.float32(largest(approx, wanted + 1))
    best = np.flatnonzero(approx >= cut)  # the best ``wanted`` rows and any tied with them
    # none (a score that is not a number) or codes that tie by the thousand: no proof
    if not k < len(best) <= 4 * wanted:
        return None
    exact = row_scores(matrix, best, q)
    top = np.argsort(-exact, kind="stable")[:k]
    # every row outside ``best`` has a code score below ``cut``
    kth = exact[top[-1]]
    if cut + bound + _SLACK >= kth:
        # not proved (about 2 questions in 100 miss by a hair): the rows whose code score
        # could still reach the ``k``-th exact score are re-scored too (a few more than
        # ``best``; before, the float32 scan of every row: 14-21 ms at 100k). Every other row
        # scores below ``kth``, which the best ``k`` of the wider set reach or beat.
        best = np.flatnonzero(approx >= np.float32(kth - bound - 2 * _SLACK))
        if len(best) > n // 8:  # re-scoring that many costs about what the scan does
            return None
        exact = row_scores(matrix, best, q)
        top = np.argsort(-exact, kind="stable")[:k]
    return best[top], exact[top]


def largest(values: Matrix, m: int) -> float:
    """The ``m``-th largest of ``values`` (1 <= m <= len). A partition of the whole array
    costs 0.6 ms at 100k rows; so first a guess from every ``stride``-th value that about
    ``2 m`` values reach, and the partition of only those (where fewer than ``m`` reach it,
    of every value)."""
    n = len(values)
    stride = n // _SAMPLE
    if stride >= 4 and 2 * m < n // 4:
        sample = values[::stride]
        above = min(len(sample) - 1, 2 * m // stride + 1)
        guess = np.partition(sample, len(sample) - 1 - above)[len(sample) - 1 - above]
        reached = values[values >= guess]
        if len(reached) >= m:
            return float(np.partition(reached, len(reached) - m)[len(reached) - m])
    return float(np.partition(values, n - m)[n - m])
