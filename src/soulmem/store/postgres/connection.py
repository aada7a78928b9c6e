"""PostgreSQL connections: a pool, named migrations (recorded like SQLite's), transactions."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from importlib import resources
from typing import Any

import psycopg
from pgvector.psycopg import register_vector
from psycopg.pq import TransactionStatus
from psycopg_pool import ConnectionPool

from soulmem.errors import StoreBusy, StoreClosed, StoreError
from soulmem.store.postgres.dialect import Connection
from soulmem.store.sql import pending_migrations

__all__ = ["PgConnections", "migrations", "redact"]

#: Serialises migrations of processes starting together (pg_advisory_xact_lock key).
_MIGRATION_LOCK = 0x50554C4D  # "SOUL"

#: SQLSTATEs of conflicts between concurrent transactions (deadlock, serialization failure,
#: lock wait past ``lock_timeout``).
_CONFLICTS = {"40P01", "40001", "55P03"}
#: How long a write waits for a lock another transaction holds (SQLite's busy_timeout).
LOCK_TIMEOUT_MS = 5000


def migrations() -> list[tuple[str, str]]:
    """(name, sql) of every PostgreSQL migration shipped in the package, in order."""
    folder = resources.files("soulmem.store.postgres") / "migrations"
    return sorted(
        (item.name.removesuffix(".sql"), item.read_text(encoding="utf-8"))
        for item in folder.iterdir()
        if item.name.endswith(".sql")
    )


class PgConnections:
    """A pool of autocommit connections: reads run one statement each, writes inside an
    explicit transaction (:meth:`begin`)."""

    def __init__(
        self,
        url: str,
        *,
        min_size: int = 1,
        max_size: int = 8,
        lock_timeout_ms: int = LOCK_TIMEOUT_MS,
    ) -> None:
        self.url = url
        self.lock_timeout_ms = int(lock_timeout_ms)
        self._closed = False
        self._lock = threading.Lock()
        try:
            with psycopg.connect(url, autocommit=True) as conn:
                _migrate(conn)
            self._pool = ConnectionPool(
                url,
                min_size=min_size,
                max_size=max_size,
                kwargs={"autocommit": True},
                configure=_configure,
                open=True,
                name="soulmem",
            )
        except psycopg.Error as exc:
            raise StoreError(f"cannot open database {redact(url)}: {exc}") from exc

    def applied_migrations(self) -> list[str]:
        with self.read() as conn:
            return [
                r[0] for r in conn.execute("SELECT name FROM _soulmem_migrations ORDER BY name")
            ]

    @contextmanager
    def read(self) -> Iterator[Connection]:
        self._check_open()
        with self._pool.connection() as raw:
            try:
                yield Connection(raw)
            except psycopg.Error as exc:
                raise StoreError(f"read failed: {exc}") from exc

    @contextmanager
    def begin(self, *, pipeline: bool = True) -> Iterator[Connection]:
        """One transaction: COMMIT when the block ends, ROLLBACK if it raises. Waiting for a
        lock another transaction holds is bounded (``lock_timeout_ms``); a conflict with a
        concurrent transaction (deadlock, serialization failure, that wait running out) rolls
        back and raises StoreBusy: nothing was written.

        With ``pipeline`` (psycopg's pipeline mode) BEGIN, the lock bound and every statement
        whose result is not read are sent without waiting, and COMMIT with them: a
        transaction of writes costs one round trip. An error surfaces at the next read or at
        COMMIT, and rolls everything back all the same. Without it (COPY cannot run in a
        pipeline), BEGIN and the bound go in one round trip."""
        self._check_open()
        bound = f"SET LOCAL lock_timeout = {self.lock_timeout_ms}"
        with self._pool.connection() as raw:
            try:
                try:
                    if pipeline:
                        with raw.pipeline() as pipe:
                            raw.execute(b"BEGIN")
                            raw.execute(bound.encode())
                            yield Connection(raw, pipe)
                            raw.execute(b"COMMIT")
                    else:
                        raw.execute(f"BEGIN; {bound}".encode())  # one simple query
                        yield Connection(raw)
                        if raw.info.transaction_status == TransactionStatus.INERROR:
                            raise StoreError("write failed: a statement of it failed")
                        raw.execute(b"COMMIT")
                except BaseException:
                    if raw.info.transaction_status != TransactionStatus.IDLE:
                        with suppress(psycopg.Error):
                            raw.execute(b"ROLLBACK")
                    raise
            except psycopg.Error as exc:
                if exc.sqlstate in _CONFLICTS:
                    raise StoreBusy(f"write conflicted with another transaction: {exc}") from exc
                raise StoreError(f"write failed: {exc}") from exc

    def _check_open(self) -> None:
        if self._closed:
            raise StoreClosed("the store was closed")

    def close(self) -> None:
        with self._lock:
            if self._closed:
                return
            self._closed = True
            self._pool.close()


#: Candidates an HNSW search keeps (pgvector's default is 40): at least the dense candidates
#: recall asks for (``RecallConfig.candidates``, 100), measured in docs/postgres.md.
HNSW_EF_SEARCH = 100


def _configure(conn: psycopg.Connection[Any]) -> None:
    register_vector(conn)
    # an HNSW scan filtered by scope keeps scanning until it found enough rows of the scope;
    # no parallel workers: soulmem's statements read one scope (milliseconds), and starting
    # a worker costs more than it saves (recall's lexical search: p95 6.7 -> 2.4 ms at 1M)
    conn.execute(
        f"SET hnsw.iterative_scan = strict_order; SET hnsw.ef_search = {HNSW_EF_SEARCH}; "
        "SET max_parallel_workers_per_gather = 0".encode()
    )


def _migrate(conn: psycopg.Connection[Any]) -> None:
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (_MIGRATION_LOCK,))
        conn.execute(
            "CREATE TABLE IF NOT EXISTS _soulmem_migrations (name TEXT PRIMARY KEY, "
            "applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"
        )
        done = [str(r[0]) for r in conn.execute("SELECT name FROM _soulmem_migrations")]
        for name, sql in pending_migrations(done, migrations()):
            conn.execute(sql.encode("utf-8"))  # the whole file: simple-query protocol
            conn.execute("INSERT INTO _soulmem_migrations (name) VALUES (%s)", (name,))


def redact(url: str) -> str:
    """The URL without its password."""
    if "@" not in url or "://" not in url:
        return url
    scheme, rest = url.split("://", 1)
    credentials, host = rest.rsplit("@", 1)
    return f"{scheme}://{credentials.split(':', 1)[0]}@{host}"
