"""The DB-API surface the SQL backends share: what the SQLite modules call on a connection.

``sqlite3.Connection`` satisfies it as is; the PostgreSQL backend wraps a psycopg connection in
an adapter that does (``store/postgres/dialect.py``), so the reads and writes written once in
``store/sqlite`` run on both.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, Protocol

__all__ = ["SqlConnection", "SqlCursor"]


class SqlCursor(Protocol):
    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def __iter__(self) -> Iterator[Any]: ...


class SqlConnection(Protocol):
    def execute(self, sql: str, parameters: Any = ..., /) -> SqlCursor: ...

    def executemany(self, sql: str, parameters: Iterable[Any], /) -> SqlCursor: ...
