"""Running the shared SQL (written for SQLite in ``store/sqlite``) on PostgreSQL.

:func:`translate` rewrites the few SQLite forms the shared statements use into PostgreSQL
(placeholders, ``INSERT OR IGNORE/REPLACE``, ``json_set``, the scalar two-argument ``min``);
:class:`Connection` wraps a psycopg connection so that it answers like ``sqlite3`` does
(:class:`soulmem.store.sql.SqlConnection`), with rows readable by position and by name.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import psycopg
from psycopg.rows import RowMaker

__all__ = ["Connection", "Cursor", "Row", "row_factory", "translate"]

#: Conflict target of each table written with INSERT OR REPLACE (its primary key).
_REPLACE_KEYS = {
    "forgetting_queue": "memory_id",
    "belief_versions": "belief_id, version",
    "scenes": "id",
    "imaginations": "id",
    "notes": "id",
    "embeddings": "owner_kind, owner_id, model",
}

_REPLACE = re.compile(r"INSERT OR REPLACE INTO (\w+) \(([^)]*)\)")
_IGNORE = re.compile(r"INSERT OR IGNORE INTO")
_JSON_SET = re.compile(r"json_set\((\w+), '\$\.(\w+)', '([^']*)'\)")
_MIN2 = re.compile(r"\bmin\(\?,")


@functools.lru_cache(maxsize=1024)
def translate(sql: str) -> str:
    """The PostgreSQL form of one shared statement."""
    sql = sql.replace("%", "%%")
    replace = _REPLACE.search(sql)
    if replace is not None:
        table, columns = replace.group(1), [c.strip() for c in replace.group(2).split(",")]
        keys = _REPLACE_KEYS[table]
        updates = ", ".join(
            f"{c} = EXCLUDED.{c}" for c in columns if c not in {k.strip() for k in keys.split(",")}
        )
        sql = sql.replace("INSERT OR REPLACE INTO", "INSERT INTO", 1)
        sql += f" ON CONFLICT ({keys}) DO UPDATE SET {updates}"
    elif _IGNORE.search(sql):
        sql = _IGNORE.sub("INSERT INTO", sql) + " ON CONFLICT DO NOTHING"
    sql = _JSON_SET.sub(r"jsonb_set(\1::jsonb, '{\2}', to_jsonb('\3'::text))::text", sql)
    sql = _MIN2.sub("LEAST(?,", sql)
    return sql.replace("?", "%s")


class Row(tuple[Any, ...]):
    """A result row readable by position and by column name (like ``sqlite3.Row``)."""

    __slots__ = ()
    _names: dict[str, int]

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, str):
            return tuple.__getitem__(self, self._names[key])
        return tuple.__getitem__(self, key)

    def keys(self) -> list[str]:
        return list(self._names)


@functools.lru_cache(maxsize=512)
def _row_class(names: tuple[str, ...]) -> type[Row]:
    """One Row class per result shape (statements repeat, so shapes do)."""
    index = {name: i for i, name in enumerate(names)}
    return type("Row", (Row,), {"__slots__": (), "_names": index})


def row_factory(cursor: psycopg.Cursor[Any]) -> RowMaker[Row]:
    kind = _row_class(tuple(column.name for column in cursor.description or []))

    def make(values: Sequence[Any]) -> Row:
        row: Row = kind(values)
        return row

    return make


class Cursor:
    def __init__(self, cursor: psycopg.Cursor[Row]) -> None:
        self._cursor = cursor

    @property
    def rowcount(self) -> int:
        return self._cursor.rowcount

    def fetchone(self) -> Any:
        return self._cursor.fetchone() if self._cursor.description else None

    def fetchall(self) -> list[Any]:
        return self._cursor.fetchall() if self._cursor.description else []

    def __iter__(self) -> Iterator[Any]:
        return iter(self.fetchall())


class Connection:
    """A psycopg connection answering the shared SQL like ``sqlite3`` does."""

    def __init__(self, conn: psycopg.Connection[Any]) -> None:
        self.raw = conn

    def execute(self, sql: str, parameters: Any = (), /) -> Cursor:
        cur = self.raw.cursor(row_factory=row_factory)
        cur.execute(translate(sql), _params(parameters))
        return Cursor(cur)

    def executemany(self, sql: str, parameters: Iterable[Any], /) -> Cursor:
        cur = self.raw.cursor(row_factory=row_factory)
        rows = [_params(p) for p in parameters]
        if rows:
            cur.executemany(translate(sql), rows)
        return Cursor(cur)


def _params(parameters: Any) -> Sequence[Any]:
    return tuple(parameters) if parameters is not None else ()
