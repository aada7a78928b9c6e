"""``soulmem bench reliability``: crash trials, concurrent processes, schemathesis and the
erase audit, on one database location, summed into one JSON object.

``db`` None runs every part on its own SQLite file in a temporary directory; a path or a
database URL runs every part there (each part writes under fresh random user ids, so a
shared database is fine). ``new_database(name)`` (for example the one of
``soulmem.store.postgres.embedded.scratch_databases``) gives every part a fresh database of
its own instead.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from soulmem.bench.concurrency import run_concurrency
from soulmem.bench.crash import run_crash_trials
from soulmem.bench.erase import run_erase_probe
from soulmem.bench.fuzz import run_schemathesis

__all__ = ["run_reliability"]


def run_reliability(
    db: str | None = None,
    *,
    trials: int = 20,
    concurrency_runs: int = 3,
    processes: int = 8,
    turns: int = 20,
    schemathesis_cases: int = 25,
    seed: int | None = None,
    progress: Callable[[str], None] | None = None,
    new_database: Callable[[str], str] | None = None,
) -> dict[str, Any]:
    """Every part; the result holds the acceptance keys (``crash_trials``, ``acknowledged``,
    ``lost``, ``duplicated``, ``concurrency_runs``, ``schemathesis_cases``,
    ``schemathesis_failures``, ``erase_marker_hits``) and the details of each part."""
    say = progress or (lambda _: None)
    with tempfile.TemporaryDirectory(prefix="soulmem-reliability-") as tmp:

        def where(part: str) -> str:
            if new_database is not None:
                return new_database(f"soulmem_reliability_{part}")
            return db if db is not None else str(Path(tmp) / f"{part}.db")

        say(f"crash trials: {trials}")
        crash = run_crash_trials(where("crash"), trials, seed=seed)
        say(f"concurrency: {concurrency_runs} runs of {processes} processes")
        concurrency = run_concurrency(
            where("concurrency"), concurrency_runs, processes=processes, turns=turns
        )
        say(f"schemathesis: up to {schemathesis_cases} cases per operation and mode")
        fuzz = run_schemathesis(where("fuzz"), schemathesis_cases, seed=seed)
        say("erase audit")
        erase = run_erase_probe(where("erase"))
    crash_part = crash.as_dict()
    concurrency_part = concurrency.as_dict()
    return {
        "crash_trials": crash.trials,
        "acknowledged": crash.acknowledged + concurrency.acknowledged,
        "lost": crash.lost + concurrency.lost,
        "duplicated": crash.duplicated + concurrency.duplicated,
        "concurrency_runs": concurrency.runs,
        "schemathesis_cases": fuzz.cases,
        "schemathesis_failures": fuzz.failures,
        "erase_marker_hits": erase["erase_marker_hits"],
        "integrity_failures": crash.integrity_failures,
        "leaked_errors": concurrency.leaked_errors,
        "export_roundtrip_identical": erase["export_roundtrip_identical"],
        "crash": crash_part,
        "concurrency": concurrency_part,
        "schemathesis": {**fuzz.as_dict(), "statuses": fuzz.statuses},
        "erase": erase,
        "problems": (crash.problems + concurrency.problems + fuzz.problems)[:20],
    }
