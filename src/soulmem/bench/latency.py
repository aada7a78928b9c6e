"""Latency at scale: ``observe`` and ``recall`` on the embedded store at 10k-100k memories.

For each size (ascending, one store grown from the previous size) synthetic ko/ja/en turns
are bulk-loaded (:mod:`soulmem.bench.synthetic`), then real calls are timed on top:

* ``observe_ms`` / ``recall_ms``: a chat loop, ``observe`` a new turn (with the in-process
  upkeep that falls due), then ``recall`` a question never asked before (p50, p95 and the
  slowest call, ``max``: the upkeep that falls due every 25 turns shows there);
* ``recall_idle_ms``: as many new questions with no writes in between;
* ``recall_warm_ms``: those questions again (their vectors come from the query cache);
* ``stages_ms``: the query embedding, the lexical search and the dense search timed alone.

The first observe and the first recall after a bulk load (loading the vectors into the
cache) are reported apart, and ``warmed_start``: a second engine's ``Memory.warm()`` on the
file and its first recall after it (what a server starts with).
"""

from __future__ import annotations

import resource
import tempfile
import time
from collections.abc import Callable, Sequence
from datetime import timedelta
from pathlib import Path
from typing import Any

from soulmem.bench.stats import summarize_ms
from soulmem.bench.synthetic import (
    LANGUAGES,
    SPACING,
    START,
    bulk_load,
    synthetic_questions,
    synthetic_turns,
)
from soulmem.clock import ManualClock
from soulmem.embed.base import Embedder
from soulmem.errors import InvalidInput
from soulmem.model import Scope
from soulmem.recall.tokenize import tokenize

__all__ = ["rss_mb", "run_latency"]


def rss_mb() -> dict[str, float]:
    """The process's resident memory now and at its peak, in MiB (Linux /proc, else peak)."""
    try:
        fields = dict(
            line.split(":", 1)
            for line in Path("/proc/self/status").read_text().splitlines()
            if ":" in line
        )
        now_kb, peak_kb = int(fields["VmRSS"].split()[0]), int(fields["VmHWM"].split()[0])
    except (OSError, KeyError, ValueError):
        peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        now_kb = peak_kb
    return {"now": round(now_kb / 1024, 1), "peak": round(peak_kb / 1024, 1)}


def _p50_p95(seconds: Sequence[float]) -> dict[str, float | None]:
    summary = summarize_ms(seconds)
    return {"p50": summary["p50"], "p95": summary["p95"]}


def _warmed_start(
    path: Path, embedder: Embedder, clock: ManualClock, scope: Scope, question: str
) -> dict[str, float]:
    """A second engine on the file, as a server starts: ``Memory.warm()`` timed, then its
    first recall (measured after the RSS above: this engine holds copies of its own)."""
    from soulmem.engine import Memory

    other = Memory.open(path, embedder=embedder, clock=clock)
    try:
        t0 = time.perf_counter()
        other.warm([scope])
        warm_s = time.perf_counter() - t0
        t0 = time.perf_counter()
        other.scope(scope.user_id, scope.agent_id, scope.world_id).recall(question, rehearse=False)
        first = time.perf_counter() - t0
    finally:
        other.close()
    return {"warm_s": round(warm_s, 2), "first_recall_ms": round(first * 1000, 1)}


def _recalls(scope: Any, questions: Sequence[str]) -> list[float]:
    took: list[float] = []
    for question in questions:
        t0 = time.perf_counter()
        scope.recall(question)
        took.append(time.perf_counter() - t0)
    return took


def _languages_from(index: int) -> list[str]:
    """The languages of synthetic questions ``index``, ``index + 1``, ... (they cycle)."""
    return [LANGUAGES[(index + i) % len(LANGUAGES)] for i in range(len(LANGUAGES))]


def _stages(mem: Any, scope: Scope, questions: Sequence[str]) -> dict[str, Any]:
    """Recall's big steps timed alone: the query embedding (uncached), the lexical search,
    the dense search over the scope's turns."""
    store, embedder = mem.store, mem.embedder
    limit = mem.config.recall.candidates
    embed_s: list[float] = []
    lexical_s: list[float] = []
    dense_s: list[float] = []
    for question in questions:
        t0 = time.perf_counter()
        vector = embedder.embed_query(question)
        embed_s.append(time.perf_counter() - t0)
        tokens = tokenize(question)
        t0 = time.perf_counter()
        store.lexical_search(scope, tokens, limit)
        lexical_s.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        store.dense_search(scope, embedder.name, "event", vector, limit)
        dense_s.append(time.perf_counter() - t0)
    return {
        "embed_query": _p50_p95(embed_s),
        "lexical": _p50_p95(lexical_s),
        "dense": _p50_p95(dense_s),
    }


def run_latency(
    sizes: Sequence[int],
    embedder: Embedder,
    *,
    operations: int = 100,
    db_dir: str | Path | None = None,
    seed: int = 0,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Measure observe/recall latency at each size in ``sizes``; returns a JSON-ready dict
    keyed by the size (as a string). ``operations`` observe+recall pairs per size."""
    from soulmem.engine import Memory

    if not sizes or any(isinstance(n, bool) or n < 1 for n in sizes):
        raise InvalidInput(f"sizes must be positive integers, got {list(sizes)!r}")
    if operations < 1:
        raise InvalidInput(f"operations must be positive, got {operations!r}")
    ordered = sorted(set(sizes))
    say = progress or (lambda _msg: None)
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(dir=db_dir, prefix="soulmem-latency-") as tmp:
        clock = ManualClock(START)
        mem = Memory.open(Path(tmp) / "latency.db", embedder=embedder, clock=clock)
        try:
            scope = mem.scope(user_id="bench", agent_id="latency")
            loaded = 0
            extra = 0  # turns written by observe() on top of the bulk loads
            for size in ordered:
                started = time.perf_counter()
                turns = list(synthetic_turns(size - loaded - extra, seed=seed, start=loaded))
                bulk_load(mem.store, embedder, scope.scope, turns, seed=seed + size)
                loaded += len(turns)
                bulk_s = time.perf_counter() - started
                say(f"{size}: bulk-loaded {len(turns)} turns in {bulk_s:.1f} s")
                clock.set(START + loaded * SPACING + timedelta(minutes=1))
                chat = list(synthetic_turns(operations + 1, seed=seed + 1, start=loaded + extra))
                asked = synthetic_questions(2 * operations + 1, seed=seed + size)
                questions, idle_questions = asked[: operations + 1], asked[operations + 1 :]
                t0 = time.perf_counter()
                scope.observe(chat[0].text, user_name=chat[0].speaker, at=clock.now())
                first_observe = time.perf_counter() - t0
                t0 = time.perf_counter()
                scope.recall(questions[0])
                first_recall = time.perf_counter() - t0
                observe_s: list[float] = []
                recall_s: list[float] = []
                for turn, question in zip(chat[1:], questions[1:], strict=True):
                    clock.advance(seconds=20)
                    t0 = time.perf_counter()
                    scope.observe(turn.text, user_name=turn.speaker, at=clock.now())
                    observe_s.append(time.perf_counter() - t0)
                    t0 = time.perf_counter()
                    scope.recall(question)
                    recall_s.append(time.perf_counter() - t0)
                extra += len(chat)
                idle_s = _recalls(scope, idle_questions)  # new queries, no writes between
                warm_s = _recalls(scope, idle_questions)  # the same again: cached vectors
                recall, observe = summarize_ms(recall_s), summarize_ms(observe_s)
                by_language = {
                    lang: _p50_p95(recall_s[i :: len(LANGUAGES)])
                    for i, lang in enumerate(_languages_from(1))
                }
                results[str(size)] = {
                    "memories": mem.store.count_events(scope.scope),
                    "recall_ms": recall,
                    "recall_idle_ms": _p50_p95(idle_s),
                    "recall_warm_ms": _p50_p95(warm_s),
                    "recall_ms_by_language": by_language,
                    "stages_ms": _stages(mem, scope.scope, idle_questions),
                    "observe_ms": observe,
                    "first_observe_ms": round(first_observe * 1000, 1),
                    "first_recall_ms": round(first_recall * 1000, 1),
                    "bulk_load_s": round(bulk_s, 1),
                    "rss_mb": rss_mb()["now"],
                    "rss_peak_mb": rss_mb()["peak"],
                    "embedder": embedder.name,
                    "embedder_engine": getattr(embedder, "engine_in_use", None),
                    "operations": operations,
                }
                results[str(size)]["warmed_start"] = _warmed_start(
                    Path(tmp) / "latency.db", embedder, clock, scope.scope, asked[0]
                )
                say(f"{size}: {results[str(size)]}")
        finally:
            mem.close()
    return results
