"""SQLite connections: pragmas, named migrations, the single writer and its retries."""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from importlib import resources
from pathlib import Path

from soulmem.errors import MigrationError, StoreBusy, StoreClosed, StoreError
from soulmem.store.sql import pending_migrations
from soulmem.store.sqlite.decay import add_math

__all__ = ["Connections", "migrations"]

BUSY_TIMEOUT_MS = 5_000
WRITE_RETRIES = 5
#: commits in a row that may skip the automatic checkpoint (``begin(checkpoint=False)``)
UNCHECKED_COMMITS = 64
#: attempts to switch a file to WAL and migrate it while other processes open it too
OPEN_RETRIES = 10


def migrations() -> list[tuple[str, str]]:
    """(name, sql) of every migration shipped in the package, in order."""
    folder = resources.files("soulmem.store.sqlite") / "migrations"
    found = sorted(
        (item.name.removesuffix(".sql"), item.read_text(encoding="utf-8"))
        for item in folder.iterdir()
        if item.name.endswith(".sql")
    )
    return found


def _configure(conn: sqlite3.Connection, *, in_memory: bool, busy_timeout_ms: int) -> None:
    conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("PRAGMA secure_delete = ON")  # deleted text is overwritten, not left behind
    if not in_memory:
        conn.execute("PRAGMA synchronous = NORMAL")
    add_math(conn)


class Connections:
    """One writer connection behind a lock; one read connection per thread.

    ``:memory:`` databases cannot be shared between connections, so there every read also
    goes through the writer connection (serialised by the same lock).
    """

    def __init__(self, path: str | Path, *, busy_timeout_ms: int = BUSY_TIMEOUT_MS) -> None:
        self.busy_timeout_ms = busy_timeout_ms
        self.in_memory = str(path) == ":memory:"
        self.path = str(path)
        if not self.in_memory:
            Path(self.path).expanduser().parent.mkdir(parents=True, exist_ok=True)
            self.path = str(Path(self.path).expanduser())
        self._lock = threading.RLock()
        self._local = threading.local()
        self._readers: list[sqlite3.Connection] = []
        self._closed = False
        self._autocheckpoint = 1000  # SQLite's default; read from the writer once open
        self._unchecked = 0  # commits in a row that skipped the automatic checkpoint
        try:
            self._writer = self._open_writer()
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"cannot open database {self.path}: {exc}") from exc

    def _open_writer(self) -> sqlite3.Connection:
        """The writer connection, in WAL mode, migrated. Processes opening one new file at once
        contend for its lock, and the first pragmas and the switch to WAL do not always wait
        on busy_timeout (they may answer "locked", or the old mode, at once): the whole step
        is retried with backoff, then StoreBusy."""
        delay = 0.05
        for attempt in range(OPEN_RETRIES):
            last = attempt == OPEN_RETRIES - 1
            conn: sqlite3.Connection | None = None
            try:
                conn = self._writer = self._connect()
                if not self.in_memory:
                    mode = str(conn.execute("PRAGMA journal_mode = WAL").fetchone()[0])
                    if mode.lower() != "wal":
                        raise sqlite3.OperationalError(f"locked: still in {mode} mode")
                self._migrate()
                self._autocheckpoint = int(conn.execute("PRAGMA wal_autocheckpoint").fetchone()[0])
                return conn
            except sqlite3.OperationalError as exc:
                if conn is not None:
                    conn.close()
                if not _is_busy(exc):
                    raise
                if last:
                    raise StoreBusy(f"cannot open {self.path}: locked by another process") from exc
                time.sleep(delay)
                delay = min(delay * 2, 1.0)
        raise AssertionError("unreachable")  # pragma: no cover

    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(
            self.path,
            isolation_level=None,
            check_same_thread=False,
            timeout=self.busy_timeout_ms / 1000,
        )
        conn.row_factory = sqlite3.Row
        _configure(conn, in_memory=self.in_memory, busy_timeout_ms=self.busy_timeout_ms)
        return conn

    def _migrate(self) -> None:
        conn = self._writer
        with self._lock:
            conn.execute("BEGIN IMMEDIATE")
            try:
                conn.execute(
                    "CREATE TABLE IF NOT EXISTS _soulmem_migrations ("
                    "name TEXT PRIMARY KEY, applied_at TEXT NOT NULL DEFAULT "
                    "(strftime('%Y-%m-%dT%H:%M:%fZ','now')))"
                )
                done = [r[0] for r in conn.execute("SELECT name FROM _soulmem_migrations")]
                for name, sql in pending_migrations(done, migrations()):
                    for statement in _split_sql(sql):
                        conn.execute(statement)
                    conn.execute("INSERT INTO _soulmem_migrations (name) VALUES (?)", (name,))
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise

    def applied_migrations(self) -> list[str]:
        with self.read() as conn:
            return [
                r[0] for r in conn.execute("SELECT name FROM _soulmem_migrations ORDER BY name")
            ]

    @contextmanager
    def read(self) -> Iterator[sqlite3.Connection]:
        self._check_open()
        if self.in_memory:
            with self._lock:
                yield self._writer
            return
        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = self._connect()
            conn.execute("PRAGMA query_only = ON")
            self._local.conn = conn
            with self._lock:
                self._readers.append(conn)
        yield conn

    @contextmanager
    def begin(self, *, checkpoint: bool = True) -> Iterator[sqlite3.Connection]:
        """One BEGIN IMMEDIATE transaction on the writer: COMMIT when the block ends, ROLLBACK
        if it raises. Waiting for another process's write lock is bounded (busy_timeout, then a
        few retries with backoff); past that, StoreBusy and nothing written.

        ``checkpoint=False``: this commit does not run the automatic checkpoint, however long
        the WAL (the next commit that may will). For the small writes of a read path (a
        recall's rehearsal), which would otherwise now and then copy the WAL's pages into the
        file for everyone (10-130 ms at 100k memories). Only so many in a row
        (:data:`UNCHECKED_COMMITS`), so that reads alone never grow the WAL without end."""
        self._check_open()
        with self._lock:
            if not checkpoint and not self.in_memory and self._unchecked < UNCHECKED_COMMITS:
                with self._no_checkpoint(), self._begin() as conn:
                    yield conn
                self._unchecked += 1
                return
            with self._begin() as conn:
                yield conn
            self._unchecked = 0

    @contextmanager
    def _begin(self) -> Iterator[sqlite3.Connection]:
        delay = 0.05
        with self._lock:
            conn = self._writer
            for attempt in range(WRITE_RETRIES):
                try:
                    conn.execute("BEGIN IMMEDIATE")
                    break
                except sqlite3.OperationalError as exc:
                    if not _is_busy(exc) or attempt == WRITE_RETRIES - 1:
                        raise StoreBusy(f"database is locked by another writer: {exc}") from exc
                time.sleep(delay)
                delay *= 2
            try:
                yield conn
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise

    @contextmanager
    def _no_checkpoint(self) -> Iterator[None]:
        """The writer's automatic checkpoint off for the block (under the lock)."""
        self._writer.execute("PRAGMA wal_autocheckpoint = 0")
        try:
            yield
        finally:
            self._writer.execute(f"PRAGMA wal_autocheckpoint = {self._autocheckpoint}")

    def checkpoint(self, *, wait: bool = True) -> bool:
        """Copy the WAL into the database file and truncate it; whether it got all of it (a
        reader of an older snapshot, in this process or another, holds frames back past the
        busy timeout; ``wait=False``: no waiting for it at all). Always true for :memory:."""
        if self.in_memory:
            return True
        with self._lock:
            if not wait:
                self._writer.execute("PRAGMA busy_timeout = 0")
            try:
                row = self._writer.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
            finally:
                if not wait:
                    self._writer.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout_ms)}")
        return row is None or int(row[0]) == 0

    def _check_open(self) -> None:
        if self._closed:
            raise StoreClosed("the store was closed")

    def close(self) -> None:
        with self._lock:
            if self._closed:
                return
            self._closed = True
            for conn in self._readers:
                conn.close()
            self._readers.clear()
            if not self.in_memory:
                with suppress(sqlite3.Error):
                    self._writer.execute("PRAGMA optimize")
            self._writer.close()


def _is_busy(exc: sqlite3.OperationalError) -> bool:
    text = str(exc).lower()
    return "locked" in text or "busy" in text


def _split_sql(sql: str) -> list[str]:
    """Split a migration into statements (sqlite3.complete_statement knows where one ends)."""
    statements: list[str] = []
    buffer = ""
    for line in sql.splitlines(keepends=True):
        if not buffer and (not line.strip() or line.lstrip().startswith("--")):
            continue
        buffer += line
        if sqlite3.complete_statement(buffer):
            statements.append(buffer.strip())
            buffer = ""
    if buffer.strip():
        raise MigrationError(f"incomplete statement in migration: {buffer[:80]!r}")
    return statements
