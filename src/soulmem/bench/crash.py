"""Crash safety: concurrent observes over HTTP, SIGKILL of the server at a random moment,
restart, and an audit: every turn that got a success response is stored exactly once, no
turn is stored twice, and the database passes its integrity check.

One trial: clients (some sharing a scope, some alone in theirs) send numbered turns with
unique texts to a running ``soulmem serve``; a random delay after the first few answers
the server is killed with SIGKILL (no shutdown code runs); the database is checked; a fresh
server is started on it and every scope of the trial is read back over HTTP (``/export``).
The restarted server serves the next trial, so N trials start N + 1 servers. ``db`` is what
``soulmem serve --db`` takes, so the same trials run on any backend the server can open.
"""

from __future__ import annotations

import random
import secrets
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from soulmem.bench.server import UNLIMITED, ServerProcess
from soulmem.client import Client
from soulmem.errors import ConfigError, SoulmemError

__all__ = ["CrashReport", "integrity_problems", "make_key", "run_crash_trials"]

#: clients per trial; the first ``_SHARED`` of them write into one shared scope
_CLIENTS = 4
_SHARED = 2
#: the kill waits for this many acknowledged turns (at most _WARMUP_TIMEOUT_S) first
_WARMUP_TURNS = 8
_WARMUP_TIMEOUT_S = 30.0


@dataclass
class CrashReport:
    trials: int = 0
    acknowledged: int = 0
    lost: int = 0
    duplicated: int = 0
    #: turns that reached the database but whose answer was cut by the kill (allowed)
    unacknowledged_stored: int = 0
    integrity_failures: int = 0
    problems: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "crash_trials": self.trials,
            "acknowledged": self.acknowledged,
            "lost": self.lost,
            "duplicated": self.duplicated,
            "unacknowledged_stored": self.unacknowledged_stored,
            "integrity_failures": self.integrity_failures,
        }


def make_key(db: str, tenant: str, role: str = "agent") -> str:
    """A fresh API key in the database at ``db`` (the server need not run)."""
    from soulmem.api.auth import create_key
    from soulmem.clock import SystemClock
    from soulmem.store import open_store

    store = open_store(db, clock=SystemClock())
    try:
        return create_key(store, tenant, role=role, label="reliability bench")[1]
    finally:
        store.close()


def integrity_problems(db: str) -> list[str]:
    """The backend's own integrity check of the database at ``db`` (empty: all is well)."""
    from soulmem.clock import SystemClock
    from soulmem.store import open_store

    store = open_store(db, clock=SystemClock())
    try:
        check = getattr(store, "check_integrity", None)
        if check is None:
            raise ConfigError(f"{type(store).__name__} has no integrity check")
        problems: list[str] = check()
        return problems
    finally:
        store.close()


def run_crash_trials(
    db: str,
    trials: int,
    *,
    embedder: str = "fake",
    kill_after: tuple[float, float] = (0.3, 1.2),
    seed: int | None = None,
) -> CrashReport:
    """``trials`` kill-and-restart rounds against the database at ``db``."""
    if trials < 1:
        raise ConfigError("trials must be at least 1")
    rng = random.Random(seed)
    run = secrets.token_hex(4)  # texts stay unique when a database is reused
    key = make_key(db, "crash")
    report = CrashReport()
    server = ServerProcess(db, embedder, extra=UNLIMITED)
    server.start()
    try:
        for trial in range(trials):
            sent, acked = _load_until_killed(server, key, run, trial, rng.uniform(*kill_after))
            problems = integrity_problems(db)
            if problems:
                report.integrity_failures += 1
                report.problems += [f"trial {trial}: {p}" for p in problems[:5]]
            server = ServerProcess(db, embedder, extra=UNLIMITED)
            server.start()
            stored = _stored_texts(server.url, key, run, trial)
            report.trials += 1
            report.acknowledged += len(acked)
            for text, event_id in acked.items():
                ids = stored.get(text, [])
                if not ids:
                    report.lost += 1
                    report.problems.append(f"trial {trial}: lost {text}")
                elif event_id not in ids:
                    report.problems.append(f"trial {trial}: {text} stored under another id")
            for text, ids in stored.items():
                if len(ids) > 1:
                    report.duplicated += len(ids) - 1
                    report.problems.append(f"trial {trial}: {text} stored {len(ids)} times")
                if text not in sent:
                    report.problems.append(f"trial {trial}: {text} was never sent")
            report.unacknowledged_stored += len(set(stored) - set(acked))
    finally:
        server.stop()
    return report


def _scope_user(run: str, trial: int, client: int) -> str:
    return f"crash-{run}-{trial}-{'shared' if client < _SHARED else client}"


def _load_until_killed(
    server: ServerProcess, key: str, run: str, trial: int, kill_after: float
) -> tuple[set[str], dict[str, str]]:
    """Clients observe until the server dies; returns (every text sent, text -> event id of
    every turn the server acknowledged)."""
    sent: set[str] = set()
    acked: dict[str, str] = {}
    lock = threading.Lock()
    killed = threading.Event()

    def client(number: int) -> None:
        with Client(server.url, api_key=key, timeout=30.0) as http:
            scope = http.scope(user_id=_scope_user(run, trial, number), agent_id="luna")
            turn = 0
            while not killed.is_set():
                text = f"turn {run} t{trial} c{number} n{turn}"
                turn += 1
                with lock:
                    sent.add(text)
                try:
                    result = scope.observe(user=text, assistant="ok", session_id=f"s{trial}")
                except SoulmemError:
                    if killed.is_set():
                        return
                    time.sleep(0.01)  # a refusal (busy store): not acknowledged, go on
                    continue
                with lock:
                    acked[text] = result.event_id

    threads = [threading.Thread(target=client, args=(n,), daemon=True) for n in range(_CLIENTS)]
    for thread in threads:
        thread.start()
    # the random moment is counted from the first acknowledged turns, so a slow machine
    # still kills a server in full flight
    deadline = time.monotonic() + _WARMUP_TIMEOUT_S
    while time.monotonic() < deadline:
        with lock:
            if len(acked) >= _WARMUP_TURNS:
                break
        time.sleep(0.01)
    time.sleep(kill_after)
    server.kill()
    killed.set()
    for thread in threads:
        thread.join(60)
    return sent, acked


def _stored_texts(url: str, key: str, run: str, trial: int) -> dict[str, list[str]]:
    """text -> ids of the events that hold it, in every scope of the trial."""
    found: dict[str, list[str]] = {}
    users = dict.fromkeys(_scope_user(run, trial, n) for n in range(_CLIENTS))
    with Client(url, api_key=key, timeout=60.0) as http:
        for user in users:
            for record in http.scope(user_id=user, agent_id="luna").export():
                text = str(record.get("user_text"))
                found.setdefault(text, []).append(str(record.get("id")))
    return found
