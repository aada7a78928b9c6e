"""Reading a database below the store: every row of every table, and the raw bytes of the
files, for audits (did a rejected request write anything? is an erased user's text gone?).

``db`` is a SQLite path (or ``sqlite:///path``) or a ``postgresql://`` URL; Postgres is read
with plain queries over every table of the current schema (it has no files to read).
"""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

from soulmem.errors import DependencyMissing, InvalidInput

__all__ = ["fingerprint", "is_postgres", "marker_hits", "sqlite_files", "table_rows"]

_SQLITE_SUFFIXES = ("", "-wal", "-shm", "-journal")


def is_postgres(db: str) -> bool:
    return db.startswith(("postgres://", "postgresql://"))


def _sqlite_path(db: str) -> Path:
    path = db.removeprefix("sqlite:///")
    if not path or path == ":memory:" or "://" in path:
        raise InvalidInput(f"{db!r} is not a database file")
    return Path(path).expanduser()


def sqlite_files(db: str) -> list[Path]:
    """The database file and its companions (WAL, shared memory, rollback journal)."""
    base = _sqlite_path(db)
    return [p for p in (Path(f"{base}{s}") for s in _SQLITE_SUFFIXES) if p.exists()]


def table_rows(db: str) -> dict[str, list[str]]:
    """Every row of every table, as sorted text, read without the store."""
    if is_postgres(db):
        return _postgres_rows(db)
    conn = sqlite3.connect(f"file:{_sqlite_path(db)}?mode=ro", uri=True)
    try:
        tables = [
            str(r[0])
            for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            if not str(r[0]).startswith("sqlite_")
        ]
        return {
            t: sorted(repr(tuple(r)) for r in conn.execute(f'SELECT * FROM "{t}"')) for t in tables
        }
    finally:
        conn.close()


def _postgres_rows(url: str) -> dict[str, list[str]]:
    try:
        import psycopg
    except ImportError as exc:
        raise DependencyMissing.for_extra("psycopg", "postgres") from exc
    with psycopg.connect(url) as conn:
        tables = [
            str(r[0])
            for r in conn.execute(
                "SELECT table_name FROM information_schema.tables "
                "WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'"
            )
        ]
        return {
            t: sorted(str(r[0]) for r in conn.execute(f'SELECT t::text FROM "{t}" AS t'))
            for t in tables
        }


def fingerprint(db: str) -> str:
    """A hash of every row of every table: equal before and after means nothing was written."""
    digest = hashlib.sha256()
    for table, rows in sorted(table_rows(db).items()):
        digest.update(table.encode())
        for row in rows:
            digest.update(row.encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


def marker_hits(db: str, marker: str) -> dict[str, int]:
    """Where ``marker`` (or its lowercase form, as the lexical index stores it) still occurs:
    file name -> count of occurrences in the raw bytes (SQLite: the database, WAL and
    journal files), or table name -> rows (Postgres). Empty when nothing is left."""
    needles = {marker, marker.lower()}
    hits: dict[str, int] = {}
    if is_postgres(db):
        for table, rows in table_rows(db).items():
            count = sum(any(n in row for n in needles) for row in rows)
            if count:
                hits[table] = count
        return hits
    for path in sqlite_files(db):
        data = path.read_bytes()
        count = sum(
            data.count(n.encode(encoding)) for n in needles for encoding in ("utf-8", "utf-16-le")
        )
        if count:
            hits[path.name] = count
    return hits
