"""int8 codes of a large scope's vectors (store/sqlite/quantized.py): their error bound
holds for any query (float or quantized), the search they drive returns the float32 scan's
top k exactly or steps aside (with either scan), and the codes the store caches follow
appends, replacements and deletes."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import numpy as np
import pytest

from native_build import expect_built  # tests/ is on sys.path
from soulmem.clock import SystemClock
from soulmem.model import Scope
from soulmem.store.sqlite import SQLiteStore, quantized
from soulmem.store.sqlite.quantized import (
    Codes,
    available,
    encode,
    largest,
    quantize_query,
    top_k,
)
from soulmem.store.sqlite.rows import scope_params
from soulmem.store.sqlite.writer import scope_token

SCAN = ("avx512f", "avx512bw", "avx512vl", "avx512dq")
needs_scan = pytest.mark.skipif(not available(), reason="the int8 scan is not built here")
needs_vnni = pytest.mark.skipif(
    quantized._scan_u8() is None, reason="the integer scan is not built here or lacks VNNI"
)
ALICE = Scope("alice", "bot")
MODEL = "test-model"


def clustered(n: int, d: int, seed: int) -> np.ndarray:
    """Unit rows around a few shared directions, like a text embedder's (no exact ties)."""
    rng = np.random.default_rng(seed)
    common = rng.standard_normal(d) * 2.0
    centres = rng.standard_normal((12, d)) + common
    rows = centres[rng.integers(0, 12, n)] + 0.6 * rng.standard_normal((n, d))
    return (rows / np.linalg.norm(rows, axis=1, keepdims=True)).astype(np.float32)


def queries(n: int, d: int, seed: int) -> list[np.ndarray]:
    return list(clustered(n, d, seed + 1000))


def test_the_scan_is_built_where_it_can_run() -> None:
    if expect_built(*SCAN):
        assert available()
    if expect_built(*SCAN, "avx512_vnni"):
        assert quantized._scan_u8() is not None


def test_the_error_bound_holds_for_any_unit_query() -> None:
    rows = clustered(3000, 64, seed=1)
    center = rows.mean(axis=0).astype(np.float32)
    codes, scales, max_err, sums, max_norm = encode(rows, center)
    assert codes.dtype == np.int8 and int(np.abs(codes.astype(np.int32)).max()) <= 127
    assert 0 < max_err < 0.05
    wide = codes.astype(np.int64)
    assert np.array_equal(sums, wide.sum(axis=1))
    assert float((np.linalg.norm(wide, axis=1) * scales).max()) <= max_norm
    rng = np.random.default_rng(2)
    for raw in [*queries(40, 64, seed=1), *rng.standard_normal((10, 64)).astype(np.float32)]:
        q = raw / np.linalg.norm(raw)
        approx = float(center @ q) + scales * (codes.astype(np.float32) @ q)
        assert float(np.abs(rows @ q - approx).max()) <= max_err + 1e-5
        # the quantized query: its own error, |q - t k| times the largest |s c|, on top
        unsigned, t, q_err = quantize_query(q)
        assert unsigned.dtype == np.uint8 and 0 < q_err < 0.05
        k = unsigned.astype(np.int64) - 128
        assert float(np.linalg.norm(q - t * k)) <= q_err
        approx = float(center @ q) + scales * t * (wide @ k)
        assert float(np.abs(rows @ q - approx).max()) <= max_err + q_err * max_norm + 1e-5


@needs_scan
@pytest.mark.parametrize("scan", ["integer", "float"])
def test_the_top_k_is_the_float_scans(monkeypatch: pytest.MonkeyPatch, scan: str) -> None:
    if scan == "integer" and quantized._scan_u8() is None:
        pytest.skip("the integer scan is not built here or lacks VNNI")
    if scan == "float":
        monkeypatch.setattr(quantized, "_scan_u8", lambda: None)
    monkeypatch.setattr(quantized, "MARGIN_ROWS", 48)  # few re-scored: both outcomes happen
    rows = clustered(6000, 64, seed=3)
    center = rows.mean(axis=0).astype(np.float32)
    codes = Codes(center, *encode(rows, center))
    proved = stepped_aside = 0
    for q in queries(60, 64, seed=3):
        for k in (1, 10, 100):
            found = top_k(codes, rows, q, k)
            if found is None:
                stepped_aside += 1
                continue
            proved += 1
            got, sims = found
            exact = rows @ q
            want = np.argsort(-exact, kind="stable")[:k]
            assert got.tolist() == want.tolist()
            assert np.allclose(sims, exact[got], atol=1e-6)
    assert proved > 100  # the codes nearly always prove it
    assert stepped_aside + proved == 180


@needs_scan
def test_the_top_k_of_a_large_scope_is_the_float_scans() -> None:
    """At 20k rows the best rows' scores are found from a sample first (``largest``)."""
    rows = clustered(20_000, 32, seed=5)
    center = rows.mean(axis=0).astype(np.float32)
    codes = Codes(center, *encode(rows, center))
    proved = 0
    for q in queries(30, 32, seed=5):
        found = top_k(codes, rows, q, 100)
        if found is None:
            continue
        proved += 1
        exact = rows @ q
        assert found[0].tolist() == np.argsort(-exact, kind="stable")[:100].tolist()
    assert proved >= 20


@needs_scan
def test_a_near_miss_is_settled_by_rescoring_the_rows_that_could_still_reach(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where the best ``wanted`` rows' code scores cannot prove the top k, the rows whose code
    score could still reach the k-th exact score are re-scored: the answer is still the
    float32 scan's, without a float32 scan of every row."""
    monkeypatch.setattr(quantized, "_scan_u8", lambda: None)  # the float products' scan
    monkeypatch.setattr(quantized, "MARGIN_ROWS", 0)  # 4k re-scored first
    rng = np.random.default_rng(8)
    common = rng.standard_normal(64) * 2.0
    rows = common + 0.02 * rng.standard_normal((6000, 64))  # one tight cluster: near misses
    rows = (rows / np.linalg.norm(rows, axis=1, keepdims=True)).astype(np.float32)
    center = rows.mean(axis=0).astype(np.float32)
    codes = Codes(center, *encode(rows, center))
    near_misses = 0
    for _ in range(40):
        q = common + rng.standard_normal(64)
        q = (q / np.linalg.norm(q)).astype(np.float32)
        exact = rows @ q
        approx = np.empty(len(rows), dtype=np.float32)
        quantized._scan_all(codes, q, float(q @ center), approx)
        cut = largest(approx, 41)  # the first step: the best 40 by code score
        first = np.flatnonzero(approx >= np.float32(cut))
        kth = np.sort(exact[first])[::-1][9]
        bound = codes.max_err * float(np.linalg.norm(q))
        near_misses += bool(cut + bound + quantized._SLACK >= kth)  # no proof from those
        found = top_k(codes, rows, q, 10)
        assert found is not None
        assert found[0].tolist() == np.argsort(-exact, kind="stable")[:10].tolist()
    assert near_misses >= 5


@pytest.mark.parametrize("shape", ["random", "ascending", "descending", "ties", "three values"])
def test_largest_is_the_mth_largest_value(shape: str) -> None:
    rng = np.random.default_rng(7)
    n = 50_000
    values = {
        "random": rng.standard_normal(n),
        "ascending": np.arange(n),
        "descending": np.arange(n)[::-1],
        "ties": np.repeat(rng.standard_normal(n // 100), 100),
        "three values": rng.integers(0, 3, n),
    }[shape].astype(np.float32)
    ordered = np.sort(values)
    for m in (1, 2, 101, 1101, 5000, n // 3, n):
        assert largest(values, m) == float(ordered[n - m])
    assert largest(values[:10], 3) == float(np.sort(values[:10])[7])


def _single(codes: Codes, q: np.ndarray, bias: float) -> np.ndarray:
    out = np.empty(len(codes.codes), dtype=np.float32)
    quantized._scan_all(codes, q, bias, out, helper=False)
    return out


@needs_scan
def test_the_shared_scan_gives_the_single_threads_scores(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two threads taking chunks score every row once, bit for bit as one thread does;
    a helper that starts only after the caller finished finds nothing left to do."""
    monkeypatch.setattr(quantized, "_CHUNK", 256)
    rows = clustered(256 * 9 + 37, 64, seed=8)  # not a whole number of chunks
    center = rows.mean(axis=0).astype(np.float32)
    codes = Codes(center, *encode(rows, center))
    for q in queries(5, 64, seed=8):
        shared = np.full(len(rows), np.nan, dtype=np.float32)
        quantized._scan_all(codes, q, 0.25, shared)
        assert np.array_equal(shared, _single(codes, q, 0.25))
    pool = quantized._HELPER.pool()
    if pool is None:
        pytest.skip("one core: no helper thread")
    gate = threading.Event()
    blocked = pool.submit(gate.wait)  # the helper is busy: the caller scans every chunk
    late = np.full(len(rows), np.nan, dtype=np.float32)
    quantized._scan_all(codes, queries(1, 64, seed=9)[0], 0.0, late)
    assert np.array_equal(late, _single(codes, queries(1, 64, seed=9)[0], 0.0))
    gate.set()
    blocked.result()
    pool.submit(lambda: None).result()  # the late share ran (and found no chunk)
    assert np.array_equal(late, _single(codes, queries(1, 64, seed=9)[0], 0.0))
    child = os.fork()  # a forked process has no helper thread: it gets one of its own
    if child == 0:
        forked = np.full(len(rows), np.nan, dtype=np.float32)
        quantized._scan_all(codes, q, 0.5, forked)
        same = np.array_equal(forked, _single(codes, q, 0.5))
        os._exit(0 if same and quantized._HELPER.pool() is not pool else 1)
    assert os.waitpid(child, 0)[1] == 0


@needs_vnni
def test_the_integer_scan_scores_what_its_formula_says(monkeypatch: pytest.MonkeyPatch) -> None:
    """out[r] = bias + s_r * t * (k . c_r), shared by two threads bit for bit as one thread
    scores it; for a dimension that is not a multiple of 64 too (the masked tail)."""
    monkeypatch.setattr(quantized, "_CHUNK", 256)
    for d in (64, 384, 80):
        rows = clustered(256 * 5 + 11, d, seed=d)
        center = rows.mean(axis=0).astype(np.float32)
        codes = Codes(center, *encode(rows, center))
        for q in queries(3, d, seed=d):
            unsigned, t, _ = quantize_query(q)
            k = unsigned.astype(np.int64) - 128
            want = 0.5 + codes.scales.astype(np.float64) * t * (codes.codes.astype(np.int64) @ k)
            shared = np.full(len(rows), np.nan, dtype=np.float32)
            quantized._scan_all_u8(codes, unsigned, t, 0.5, shared)
            assert np.allclose(shared, want, rtol=0, atol=1e-6)
            single = np.full(len(rows), np.nan, dtype=np.float32)
            quantized._scan_all_u8(codes, unsigned, t, 0.5, single, helper=False)
            assert np.array_equal(shared, single)


@needs_scan
def test_it_steps_aside_when_the_bound_cannot_decide() -> None:
    rows = np.repeat(clustered(1, 64, seed=4), 3000, axis=0)  # every row the same: all tie
    rows[:, 0] += np.linspace(0, 1e-4, 3000, dtype=np.float32)  # closer than the codes see
    rows /= np.linalg.norm(rows, axis=1, keepdims=True)
    center = rows.mean(axis=0).astype(np.float32)
    codes = Codes(center, *encode(rows, center))
    assert top_k(codes, rows, queries(1, 64, seed=4)[0], 10) is None


@needs_scan
def test_it_steps_aside_for_scores_that_are_not_numbers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(quantized, "_scan_u8", lambda: None)  # the float products: NaN scores
    rows = clustered(3000, 64, seed=6)
    center = rows.mean(axis=0).astype(np.float32)
    codes = Codes(center, *encode(rows, center))
    assert top_k(codes, rows, np.full(64, np.nan, np.float32), 10) is None


def test_small_scopes_and_other_dimensions_keep_no_codes(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "small.db", clock=SystemClock())
    try:
        with store.transaction() as tx:
            tx.put_embeddings(ALICE, "event", MODEL, ["a", "b"], clustered(2, 64, seed=5))
        with store._read() as conn:
            rows = store._vectors.matrix(
                conn, scope_token(ALICE), scope_params(ALICE), MODEL, "event"
            )
        assert rows.codes is None
    finally:
        store.close()


def _ranked(store: SQLiteStore, q: np.ndarray, k: int) -> list[tuple[str, float]]:
    return [
        (h.owner_id, round(h.similarity, 5))
        for h in store.dense_search(ALICE, MODEL, "event", q, k)
    ]


@needs_scan
def test_the_store_ranks_the_same_with_codes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(quantized, "MIN_ROWS", 500)
    monkeypatch.setattr(quantized, "MARGIN_ROWS", 64)
    path = tmp_path / "big.db"
    store = SQLiteStore(path, clock=SystemClock())
    rows = clustered(1500, 64, seed=6)
    ids = [f"e{i:05d}" for i in range(len(rows))]
    try:
        with store.transaction() as tx:
            tx.put_embeddings(ALICE, "event", MODEL, ids[:1400], rows[:1400])
        asked = queries(12, 64, seed=6)
        cold = SQLiteStore(path, clock=SystemClock())
        try:
            for step in range(4):
                for q in asked:
                    with_codes = _ranked(store, q, 20)
                    with monkeypatch.context() as off:
                        off.setattr(quantized, "available", lambda: False)
                        cold._vectors.clear()
                        want = _ranked(cold, q, 20)
                    assert with_codes == want, step
                entry = next(iter(store._vectors._entries.values()))
                assert entry.codes is not None and len(entry.rows.codes.scales) == len(entry.ids)
                live = entry.rows.codes  # each code's sum and the largest |s c| follow too
                wide = live.codes.astype(np.int64)
                assert np.array_equal(live.sums, wide.sum(axis=1))
                assert float((np.linalg.norm(wide, axis=1) * live.scales).max()) <= live.max_norm
                with store.transaction() as tx:
                    if step == 0:  # appended: the new rows' codes join the old ones
                        for i in range(1400, 1450):
                            tx.put_embedding(ALICE, "event", ids[i], MODEL, rows[i])
                    elif step == 1:  # replaced: the scope is read again
                        tx.put_embedding(ALICE, "event", ids[3], MODEL, rows[1499])
                    elif step == 2:  # a bulk put on top
                        tx.put_embeddings(ALICE, "event", MODEL, ids[1450:], rows[1450:])
        finally:
            cold.close()
    finally:
        store.close()
