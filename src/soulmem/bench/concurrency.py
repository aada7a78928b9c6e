"""Concurrency: several processes observe into the same database at once, half of them into
one shared scope and half into scopes of their own, with recalls in between.

Audit: every turn whose ``observe`` returned is stored exactly once, nothing is stored
twice, a turn refused with ``StoreBusy`` (the bounded wait for the write lock ran out) is not
stored, and no other error (a raw "database is locked" above all) reaches the caller.
``db`` is what ``Memory.open`` takes, so the same run works on any backend.
"""

from __future__ import annotations

import multiprocessing
import secrets
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from soulmem.errors import ConfigError, StoreBusy

__all__ = ["ConcurrencyReport", "run_concurrency"]


@dataclass
class ConcurrencyReport:
    runs: int = 0
    processes: int = 0
    acknowledged: int = 0
    busy: int = 0
    lost: int = 0
    duplicated: int = 0
    leaked_errors: int = 0
    #: refused with StoreBusy yet stored (a refusal must change nothing)
    refused_stored: int = 0
    problems: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "concurrency_runs": self.runs,
            "concurrency_processes": self.processes,
            "concurrency_acknowledged": self.acknowledged,
            "concurrency_busy": self.busy,
            "concurrency_lost": self.lost,
            "concurrency_duplicated": self.duplicated,
            "concurrency_leaked_errors": self.leaked_errors,
            "concurrency_refused_stored": self.refused_stored,
        }


def _user(run: str, number: int, shared: int) -> str:
    return f"conc-{run}-{'shared' if number < shared else number}"


def _worker(
    db: str,
    run: str,
    number: int,
    shared: int,
    turns: int,
    start: Any,
    results: Any,
) -> None:
    """One process: ``turns`` observes (a recall after every third), then report
    (number, acknowledged texts, busy texts, leaked errors)."""
    from soulmem.embed import FakeEmbedder
    from soulmem.engine import Memory

    acked: list[str] = []
    busy: list[str] = []
    leaked: list[str] = []
    try:
        mem = Memory.open(db, embedder=FakeEmbedder())
    except Exception as exc:  # reported, not raised: the parent audits
        results.put((number, acked, busy, [f"open: {type(exc).__name__}: {exc}"]))
        return
    try:
        scope = mem.scope(_user(run, number, shared), "luna")
        start.wait()
        for turn in range(turns):
            text = f"turn {run} p{number} n{turn}"
            try:
                scope.observe(user=text, assistant="ok", session_id="s")
                acked.append(text)
            except StoreBusy:
                busy.append(text)
            except Exception as exc:
                leaked.append(f"observe: {type(exc).__name__}: {exc}")
            if turn % 3 == 2:
                try:
                    scope.recall(f"turn p{number}", rehearse=turn % 2 == 0)
                except StoreBusy:
                    pass
                except Exception as exc:
                    leaked.append(f"recall: {type(exc).__name__}: {exc}")
    finally:
        mem.close()
        results.put((number, acked, busy, leaked))


def run_concurrency(
    db: str, runs: int = 1, *, processes: int = 8, turns: int = 20
) -> ConcurrencyReport:
    """``runs`` rounds of ``processes`` processes with ``turns`` observes each."""
    from soulmem.clock import SystemClock
    from soulmem.model import Scope
    from soulmem.store import open_store

    if runs < 1 or processes < 2 or turns < 1:
        raise ConfigError("runs >= 1, processes >= 2 and turns >= 1 are needed")
    context = multiprocessing.get_context("spawn")
    report = ConcurrencyReport(processes=processes)
    shared = processes // 2
    for _ in range(runs):
        run = secrets.token_hex(4)
        start = context.Event()
        results = context.Queue()
        workers = [
            context.Process(
                target=_worker, args=(db, run, n, shared, turns, start, results), daemon=True
            )
            for n in range(processes)
        ]
        for worker in workers:
            worker.start()
        start.set()
        outcomes = [results.get(timeout=600) for _ in workers]
        for worker in workers:
            worker.join(60)
        acked = [text for _, a, _, _ in outcomes for text in a]
        refused = {text for _, _, b, _ in outcomes for text in b}
        store = open_store(db, clock=SystemClock())
        try:
            users = dict.fromkeys(_user(run, n, shared) for n in range(processes))
            stored = Counter(
                str(event.user_text)
                for user in users
                for event in store.iter_events(Scope(user, "luna"))
            )
        finally:
            store.close()
        report.runs += 1
        report.acknowledged += len(acked)
        report.busy += len(refused)
        for number, _, _, leaked in outcomes:
            report.leaked_errors += len(leaked)
            report.problems += [f"process {number}: {e}" for e in leaked[:3]]
        lost = [text for text in acked if stored[text] == 0]
        report.lost += len(lost)
        report.problems += [f"lost {text}" for text in lost[:5]]
        report.duplicated += sum(n - 1 for n in stored.values() if n > 1)
        ghosts = [text for text in refused if stored[text]]
        report.refused_stored += len(ghosts)
        report.problems += [f"refused but stored: {text}" for text in ghosts[:5]]
        if any(code != 0 for code in (w.exitcode for w in workers)):
            report.problems.append("a worker process exited abnormally")
    return report
