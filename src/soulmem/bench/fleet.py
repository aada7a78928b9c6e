"""``soulmem bench concurrency``: several API and worker processes on one database, many
clients writing at once; counts turns lost or duplicated.

Two ``soulmem serve`` processes and two ``soulmem worker`` processes (maintenance and the
internal jobs every round) share the database; each client (a thread, its own user) sends
its turns to the servers in turn, each text unique. Afterwards every client's scope must hold
exactly its turns, once each.
"""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from collections import Counter
from contextlib import ExitStack
from typing import Any

from soulmem.api.auth import SEPARATOR
from soulmem.bench.server import UNLIMITED, running_server
from soulmem.client import Client
from soulmem.errors import SoulmemError
from soulmem.model import Scope

__all__ = ["run_fleet"]


def _worker(db: str, embedder: str) -> subprocess.Popen[bytes]:
    command = [
        sys.executable,
        "-c",
        "from soulmem.cli import main; main()",
        "worker",
        "--db",
        db,
        "--interval",
        "0.5",
        "--embedder",
        embedder,
    ]
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def run_fleet(
    db: str,
    *,
    clients: int = 8,
    turns: int = 1000,
    servers: int = 2,
    workers: int = 2,
    embedder: str = "fake",
) -> dict[str, Any]:
    from soulmem.api.auth import create_key
    from soulmem.clock import SystemClock
    from soulmem.store import open_store

    store = open_store(db, clock=SystemClock())
    try:
        _, key = create_key(store, "bench", role="agent", label="bench concurrency")
    finally:
        store.close()
    failures: list[str] = []
    lock = threading.Lock()
    with ExitStack() as stack:
        urls = [
            stack.enter_context(running_server(db, embedder, extra=UNLIMITED))
            for _ in range(servers)
        ]
        procs = [_worker(db, embedder) for _ in range(workers)]
        for proc in procs:
            stack.callback(proc.wait, 30)
            stack.callback(proc.terminate)
        start = threading.Barrier(clients + 1)

        def client(number: int) -> None:
            with ExitStack() as mine:
                scopes = [
                    mine.enter_context(Client(url, api_key=key, timeout=120.0)).scope(
                        user_id=f"client{number}", agent_id="luna"
                    )
                    for url in urls
                ]
                start.wait()
                for i in range(turns):
                    try:
                        scopes[i % len(scopes)].observe(
                            user=f"client {number} turn {i}: the red ball", session_id="s1"
                        )
                    except SoulmemError as exc:
                        with lock:
                            failures.append(f"client {number} turn {i}: {exc}")

        threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
        for thread in threads:
            thread.start()
        start.wait()
        began = time.perf_counter()
        for thread in threads:
            thread.join()
        seconds = time.perf_counter() - began
        dead = [p.returncode for p in procs if p.poll() is not None]
    store = open_store(db, clock=SystemClock())
    try:
        lost = duplicated = 0
        for number in range(clients):
            texts = Counter(
                e.user_text
                for e in store.iter_events(Scope(f"bench{SEPARATOR}client{number}", "luna"))
            )
            expected = {f"client {number} turn {i}: the red ball" for i in range(turns)}
            lost += len(expected - set(texts))
            duplicated += sum(n - 1 for n in texts.values() if n > 1)
            duplicated += sum(n for t, n in texts.items() if t not in expected)
    finally:
        store.close()
    return {
        "servers": servers,
        "workers": workers,
        "clients": clients,
        "turns_per_client": turns,
        "lost": lost,
        "duplicated": duplicated,
        "failed_requests": len(failures),
        "failures": failures[:5],
        "workers_exited_early": len(dead),
        "seconds": round(seconds, 1),
        "turns_per_s": round(clients * turns / seconds, 1) if seconds > 0 else None,
        "embedder": embedder,
    }
