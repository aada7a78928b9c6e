"""``soulmem migrate``: copy an embedded SQLite database into an empty PostgreSQL one.

Every table is copied row by row in insertion order, in one PostgreSQL transaction (all or
nothing): the same columns on both sides, vectors converted from SQLite blobs to pgvector,
event sequence numbers kept (and the sequence moved past them). The lexical index is rebuilt
from the SQLite index's token lists, so both stores rank alike afterwards.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import psycopg
from pgvector.psycopg import register_vector

from soulmem.clock import SystemClock
from soulmem.errors import InvalidInput, StoreError
from soulmem.store.postgres import lexical
from soulmem.store.postgres.dialect import Connection
from soulmem.store.postgres.store import PostgresStore

__all__ = ["copy_sqlite_to_postgres"]

#: Derived or backend-specific tables: not copied (the lexical index is rebuilt; the vector
#: and link versions and the event change log only keep SQLite's in-process copies current).
_SKIP = {
    "lexical",
    "lexical_docs",
    "vector_versions",
    "link_version",
    "event_changes",
    "_soulmem_migrations",
}


def _tables(src: sqlite3.Connection) -> list[str]:
    """User tables in creation order (parents before the tables that reference them)."""
    return [
        str(r[0])
        for r in src.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
            "AND name NOT LIKE 'lexical_%' ORDER BY rowid"
        )
        if r[0] not in _SKIP
    ]


def _rows(src: sqlite3.Connection, table: str, columns: list[str]) -> Iterator[tuple[Any, ...]]:
    names = ", ".join(columns)
    cursor = src.execute(f"SELECT {names} FROM {table} ORDER BY rowid")
    while batch := cursor.fetchmany(2000):
        yield from batch


def copy_sqlite_to_postgres(
    source: str | Path, target: str, *, progress: Callable[[str, int], None] | None = None
) -> dict[str, int]:
    """Copy every row of the SQLite database at ``source`` into the PostgreSQL database at
    ``target`` (migrated first; it must hold no events, memories or facts). Returns rows
    copied per table (``lexical`` = documents indexed)."""
    path = Path(str(source).removeprefix("sqlite:///"))
    if not path.is_file():
        raise InvalidInput(f"no SQLite database at {path}")
    PostgresStore(target, clock=SystemClock(), pool_size=1).close()  # migrate the target
    src = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    copied: dict[str, int] = {}
    try:
        with psycopg.connect(target) as conn:
            register_vector(conn)
            for table in ("events", "memories", "facts"):
                row = conn.execute(f"SELECT 1 FROM {table} LIMIT 1").fetchone()
                if row is not None:
                    raise InvalidInput(f"the target database is not empty ({table} has rows)")
            with conn.transaction():
                for table in _tables(src):
                    columns = [str(r[1]) for r in src.execute(f"PRAGMA table_info({table})")]
                    vector = columns.index("vector") if table == "embeddings" else -1
                    count = 0
                    with conn.cursor().copy(
                        f"COPY {table} ({', '.join(columns)}) FROM STDIN"
                    ) as copy:
                        for row in _rows(src, table, columns):
                            values = list(row)
                            if vector >= 0:
                                values[vector] = np.frombuffer(values[vector], dtype=np.float32)
                            copy.write_row(values)
                            count += 1
                    copied[table] = count
                    if progress is not None:
                        progress(table, count)
                conn.execute(
                    "SELECT setval(pg_get_serial_sequence('events', 'seq'), "
                    "(SELECT coalesce(max(seq), 0) + 1 FROM events), false)"
                )
                copied["lexical"] = _copy_lexical(src, Connection(conn))
    except (sqlite3.Error, psycopg.Error) as exc:
        raise StoreError(f"migration failed, nothing was copied: {exc}") from exc
    finally:
        src.close()
    return copied


def _copy_lexical(src: sqlite3.Connection, conn: Connection) -> int:
    count = 0
    for scope_key, tokens, kind, owner in src.execute(
        "SELECT l.scope_key, l.tokens, d.owner_kind, d.owner_id FROM lexical l "
        "JOIN lexical_docs d ON d.rowid = l.rowid ORDER BY l.rowid"
    ):
        lexical.index(conn, str(scope_key), str(kind), str(owner), str(tokens).split())
        count += 1
    return count
