"""A ``soulmem serve`` subprocess for the benches: start on a free loopback port, wait until
it answers, stop it politely or kill it with SIGKILL (the crash trials)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from soulmem.client import Client
from soulmem.errors import SoulmemError

__all__ = ["UNLIMITED", "ServerProcess", "free_port", "running_server"]

#: ``soulmem serve`` options for load benches: one key sends everything, so no rate limit
UNLIMITED = ("--rate-limit", "0")


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class ServerProcess:
    """``soulmem serve --db <db>`` in a child process (so client and server share no GIL).

    ``db`` is anything ``soulmem serve --db`` takes: a file path, ``sqlite:///path`` or a
    database URL."""

    def __init__(self, db: str | Path, embedder: str, *, extra: tuple[str, ...] = ()) -> None:
        self.db = str(db)
        self.embedder = embedder
        self.extra = extra
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 120.0) -> str:
        """Start the server and wait until /v1/health answers; returns the base URL."""
        command = [
            sys.executable,
            "-c",
            "from soulmem.cli import main; main()",
            "serve",
            "--db",
            self.db,
            "--port",
            str(self.port),
            "--embedder",
            self.embedder,
            "--log-level",
            "warning",
            *self.extra,
        ]
        env = {**os.environ, "OMP_NUM_THREADS": os.environ.get("OMP_NUM_THREADS", "1")}
        self.process = subprocess.Popen(command, env=env)
        deadline = time.monotonic() + timeout
        with Client(self.url, timeout=5.0) as probe:
            while True:
                if self.process.poll() is not None:
                    raise SoulmemError(f"the server exited with {self.process.returncode}")
                try:
                    probe.health()
                    return self.url
                except SoulmemError:
                    if time.monotonic() > deadline:
                        self.kill()
                        raise
                    time.sleep(0.05)

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, as in a crash or an OOM kill."""
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
        if self.process is not None:
            self.process.wait()

    def stop(self) -> None:
        """SIGTERM, then SIGKILL after 10 s."""
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.kill()


@contextmanager
def running_server(
    db: str | Path, embedder: str, *, extra: tuple[str, ...] = (), timeout: float = 120.0
) -> Iterator[str]:
    """``soulmem serve`` on a free loopback port in a subprocess; yields its base URL."""
    server = ServerProcess(db, embedder, extra=extra)
    try:
        yield server.start(timeout)
    finally:
        server.stop()
