"""``soulmem bench api``: observe / recall latency and throughput over HTTP on loopback.

The bench starts its own server (``soulmem serve`` in a subprocess, so client and server do
not share a GIL) on a fresh database in a temporary directory, makes an agent key, and for
each concurrency level runs that many closed-loop clients (each its own user, alternating
observe and recall, the next request sent when the last answered) for a fixed time.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from soulmem.bench.stats import percentile
from soulmem.client import Client
from soulmem.errors import SoulmemError

__all__ = ["run_api_bench", "running_server"]

_TURNS = (
    ("I have a corgi named Waffles.", "Cute! How old is Waffles?"),
    ("My birthday is on March 15.", "I'll remember that."),
    ("I started learning the piano last month.", "How is it going?"),
    ("We went hiking on Mount Tam on Sunday.", "That sounds lovely."),
)
_QUERIES = ("what is my dog called?", "when is my birthday?", "what did we do on Sunday?")


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def running_server(db: str | Path, embedder: str, timeout: float = 120.0) -> Iterator[str]:
    """``soulmem serve`` on a free loopback port in a subprocess; yields its base URL."""
    port = free_port()
    command = [
        sys.executable,
        "-c",
        "from soulmem.cli import main; main()",
        "serve",
        "--db",
        str(db),
        "--port",
        str(port),
        "--embedder",
        embedder,
        "--log-level",
        "warning",
    ]
    env = {**os.environ, "OMP_NUM_THREADS": os.environ.get("OMP_NUM_THREADS", "1")}
    process = subprocess.Popen(command, env=env)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + timeout
        with Client(url, timeout=5.0) as probe:
            while True:
                if process.poll() is not None:
                    raise SoulmemError(f"the bench server exited with {process.returncode}")
                try:
                    probe.health()
                    break
                except SoulmemError:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.1)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def run_api_bench(
    levels: Sequence[int], *, seconds: float = 10.0, embedder: str = "e5"
) -> dict[str, Any]:
    """``{"<clients>": {"observe_ms": {"p50", "p95"}, "recall_ms": {...}, "rps"}, ...}``."""
    from soulmem.api.auth import create_key
    from soulmem.clock import SystemClock
    from soulmem.store import open_store

    with tempfile.TemporaryDirectory(prefix="soulmem-bench-") as tmp:
        db = Path(tmp) / "bench.db"
        store = open_store(db, clock=SystemClock())
        try:
            _, key = create_key(store, "bench", role="agent", label="bench api")
        finally:
            store.close()
        with running_server(db, embedder) as url:
            with Client(url, api_key=key) as warm:  # first use loads the model
                scope = warm.scope(user_id="warmup", agent_id="luna")
                for user, assistant in _TURNS:
                    scope.observe(user=user, assistant=assistant, session_id="s0")
                scope.recall(_QUERIES[0])
            return {str(n): _level(url, key, n, seconds) for n in levels}


def _level(url: str, key: str, clients: int, seconds: float) -> dict[str, Any]:
    observe_ms: list[float] = []
    recall_ms: list[float] = []
    failures: list[str] = []
    lock = threading.Lock()
    start = threading.Barrier(clients + 1)
    deadline = [0.0]

    def worker(number: int) -> None:
        mine_obs: list[float] = []
        mine_rec: list[float] = []
        with Client(url, api_key=key, timeout=60.0) as client:
            scope = client.scope(user_id=f"c{clients}-{number}", agent_id="luna")
            start.wait()
            step = 0
            while time.perf_counter() < deadline[0]:
                began = time.perf_counter()
                try:
                    if step % 2 == 0:
                        user, assistant = _TURNS[(step // 2) % len(_TURNS)]
                        scope.observe(user=user, assistant=assistant, session_id="s1")
                        mine_obs.append((time.perf_counter() - began) * 1000)
                    else:
                        scope.recall(_QUERIES[(step // 2) % len(_QUERIES)])
                        mine_rec.append((time.perf_counter() - began) * 1000)
                except SoulmemError as exc:
                    with lock:
                        failures.append(f"{type(exc).__name__}: {exc}")
                step += 1
        with lock:
            observe_ms.extend(mine_obs)
            recall_ms.extend(mine_rec)

    threads = [threading.Thread(target=worker, args=(i,), daemon=True) for i in range(clients)]
    for thread in threads:
        thread.start()
    began = time.perf_counter()
    deadline[0] = began + seconds
    start.wait()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - began
    done = len(observe_ms) + len(recall_ms)
    return {
        "observe_ms": _summary(observe_ms),
        "recall_ms": _summary(recall_ms),
        "rps": round(done / elapsed, 1) if elapsed > 0 else 0.0,
        "requests": done,
        "errors": len(failures),
    }


def _summary(values: list[float]) -> dict[str, float]:
    return {
        "p50": round(percentile(values, 50), 2) if values else 0.0,
        "p95": round(percentile(values, 95), 2) if values else 0.0,
    }
