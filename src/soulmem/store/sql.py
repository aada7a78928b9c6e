"""The DB-API surface the SQL backends share: what the SQLite modules call on a connection.

``sqlite3.Connection`` satisfies it as is; the PostgreSQL backend wraps a psycopg connection in
an adapter that does (``store/postgres/dialect.py``), so the reads and writes written once in
``store/sqlite`` run on both.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Protocol

from soulmem.errors import MigrationError

__all__ = ["SqlConnection", "SqlCursor", "pending_migrations"]


class SqlCursor(Protocol):
    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def __iter__(self) -> Iterator[Any]: ...


class SqlConnection(Protocol):
    def execute(self, sql: str, parameters: Any = ..., /) -> SqlCursor: ...

    def executemany(self, sql: str, parameters: Iterable[Any], /) -> SqlCursor: ...


def pending_migrations(
    applied: Iterable[str], known: Sequence[tuple[str, str]]
) -> list[tuple[str, str]]:
    """The ``(name, sql)`` migrations still to apply, in order; a database that has applied
    one this soulmem does not know (a newer version wrote it) is refused."""
    done = set(applied)
    unknown = done - {name for name, _ in known}
    if unknown:
        raise MigrationError(
            f"database has migrations this soulmem does not know: {sorted(unknown)}; "
            "upgrade soulmem"
        )
    return [(name, sql) for name, sql in known if name not in done]
