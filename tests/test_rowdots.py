"""Scores of chosen rows of a cached matrix (store/sqlite/rowdots.py): C, where it is built,
gives numpy's scores to float32 rounding, each score the same whatever rows are asked with
it, and positions outside the matrix are refused before any row is read."""

from __future__ import annotations

import numpy as np
import pytest

from native_build import expect_built  # tests/ is on sys.path
from soulmem.store.base import key_similarities
from soulmem.store.sqlite import rowdots
from soulmem.store.sqlite.rowdots import key_scores, row_scores

SCAN = ("avx512f", "avx512bw", "avx512vl", "avx512dq")
needs_c = pytest.mark.skipif(rowdots._dot_rows() is None, reason="the C scores are not built here")


def unit_rows(n: int, d: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    rows = rng.standard_normal((n, d)).astype(np.float32)
    return rows / np.linalg.norm(rows, axis=1, keepdims=True)


def without_c(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rowdots, "_dot_rows", lambda: None)
    monkeypatch.setattr(rowdots, "_key_rows", lambda: None)


def test_the_c_scores_are_built_where_they_can_run() -> None:
    if expect_built(*SCAN):
        assert rowdots._dot_rows() is not None
        assert rowdots._key_rows() is not None


@pytest.mark.parametrize("d", [384, 64, 48, 30])  # 48 and 30: the C loops' tail, numpy's
def test_row_scores_are_the_rows_inner_products(d: int) -> None:
    matrix = unit_rows(3000, d, seed=1)
    query = unit_rows(1, d, seed=2)[0]
    rows = np.random.default_rng(3).choice(3000, 700, replace=False)
    got = row_scores(matrix, rows, query)
    assert got.dtype == np.float32 and got.shape == (700,)
    want = matrix[rows].astype(np.float64) @ query.astype(np.float64)
    assert np.allclose(got, want, atol=1e-6)


def test_key_scores_are_the_keys_cosines() -> None:
    matrix = unit_rows(2000, 384, seed=4)
    query = unit_rows(1, 384, seed=5)[0]
    rng = np.random.default_rng(6)
    replies, replied = rng.integers(0, 2000, 500), rng.integers(0, 2000, 500)
    got = key_scores(matrix, replies, replied, query)
    keys = (matrix[replies] + matrix[replied]).astype(np.float64)
    want = keys @ query / np.linalg.norm(keys, axis=1)
    assert np.allclose(got, want, atol=1e-6)
    assert np.allclose(got, key_similarities(matrix[replies], matrix[replied], query), atol=1e-6)


@needs_c
def test_a_score_is_the_same_in_any_grouping() -> None:
    """C sums each score from its own rows in one order: asked alone, in another order or
    among other rows, a row scores the same to the bit."""
    matrix = unit_rows(5000, 384, seed=7)
    query = unit_rows(1, 384, seed=8)[0]
    rows = np.random.default_rng(9).choice(5000, 300, replace=False)
    together = row_scores(matrix, rows, query)
    alone = np.array([row_scores(matrix, [r], query)[0] for r in rows])
    backwards = row_scores(matrix, rows[::-1], query)[::-1]
    assert np.array_equal(together, alone) and np.array_equal(together, backwards)
    a, b = rows[:150], rows[150:]
    keys = key_scores(matrix, a, b, query)
    assert np.array_equal(keys[:10], key_scores(matrix, a[:10], b[:10], query))
    assert np.array_equal(keys[::-1], key_scores(matrix, a[::-1], b[::-1], query))


@needs_c
def test_c_and_numpy_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    matrix = unit_rows(4000, 384, seed=10)
    query = unit_rows(1, 384, seed=11)[0]
    rng = np.random.default_rng(12)
    rows, other = rng.choice(4000, 900, replace=False), rng.choice(4000, 900)
    fast = row_scores(matrix, rows, query), key_scores(matrix, rows, other, query)
    without_c(monkeypatch)
    slow = row_scores(matrix, rows, query), key_scores(matrix, rows, other, query)
    for c_scores, numpy_scores in zip(fast, slow, strict=True):
        assert np.abs(c_scores - numpy_scores).max() < 1e-6


def test_a_view_of_a_larger_buffer_is_read_in_place() -> None:
    """The store's matrix is the first rows of a buffer that grows: rows past it are never
    read, and a view that is not contiguous is scored by numpy."""
    buffer = unit_rows(1000, 64, seed=13)
    matrix = buffer[:600]
    query = unit_rows(1, 64, seed=14)[0]
    rows = np.arange(0, 500, 7)
    assert np.allclose(row_scores(matrix, rows, query), matrix[rows] @ query, atol=1e-6)
    strided = buffer[::2]
    assert np.allclose(row_scores(strided, rows, query), strided[rows] @ query, atol=1e-6)


@pytest.mark.parametrize("c", [True, False])
def test_positions_outside_the_matrix_are_refused(monkeypatch: pytest.MonkeyPatch, c: bool) -> None:
    if not c:
        without_c(monkeypatch)
    matrix = unit_rows(100, 64, seed=15)
    query = unit_rows(1, 64, seed=16)[0]
    for bad in ([0, 100], [-1, 3]):
        with pytest.raises(IndexError):
            row_scores(matrix, bad, query)
        with pytest.raises(IndexError):
            key_scores(matrix, bad, [1, 2], query)
    with pytest.raises(ValueError):
        key_scores(matrix, [1, 2, 3], [1, 2], query)


def test_nothing_asked_scores_nothing() -> None:
    matrix = unit_rows(50, 64, seed=17)
    query = unit_rows(1, 64, seed=18)[0]
    assert row_scores(matrix, [], query).shape == (0,)
    assert key_scores(matrix, [], [], query).shape == (0,)
