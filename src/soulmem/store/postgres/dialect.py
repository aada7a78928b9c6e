"""Running the shared SQL (written for SQLite in ``store/sqlite``) on PostgreSQL.

:func:`translate` rewrites the few SQLite forms the shared statements use into PostgreSQL
(placeholders, ``INSERT OR IGNORE/REPLACE``, ``json_set``, the scalar ``min`` and ``max`` of
several arguments);
:func:`statement` also turns each ``IN (?, ..., ?)`` list into ``= ANY(?)`` with one array
parameter, so that a statement has one text whatever the list's length: psycopg then prepares
it once per connection (``prepare_threshold``) instead of the server parsing and planning a
new text with one parameter per id on every call. :class:`Connection` wraps a psycopg
connection so that it answers like ``sqlite3`` does
(:class:`soulmem.store.sql.SqlConnection`), with rows readable by position and by name.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import psycopg
from psycopg.rows import RowMaker

__all__ = ["Connection", "Cursor", "Row", "row_factory", "statement", "translate"]

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
_MIN_MAX = re.compile(r"\b(min|max)\(")
_IN_LIST = re.compile(r"\b(NOT )?IN \((\?(?:\s*,\s*\?)*)\)")


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
    sql = _scalar_min_max(sql)
    return sql.replace("?", "%s")


def _scalar_min_max(sql: str) -> str:
    """SQLite's ``min(a, b, ...)`` and ``max(...)`` of several arguments as PostgreSQL's
    ``LEAST`` and ``GREATEST`` (with one argument they are aggregates in both)."""
    out: list[str] = []
    end = 0
    for found in _MIN_MAX.finditer(sql):
        depth, comma = 0, False
        for ch in sql[found.end() :]:
            if ch == "(":
                depth += 1
            elif ch == ")":
                if depth == 0:
                    break
                depth -= 1
            elif ch == "," and depth == 0:
                comma = True
                break
        if comma:
            name = "LEAST(" if found.group(1) == "min" else "GREATEST("
            out.extend((sql[end : found.start()], name))
            end = found.end()
    out.append(sql[end:])
    return "".join(out)


@functools.lru_cache(maxsize=1024)
def statement(sql: str) -> tuple[str, tuple[tuple[int, int], ...]]:
    """The PostgreSQL form of one shared statement with its ``IN (?, ..., ?)`` lists as
    ``= ANY(?)`` (``NOT IN``: ``<> ALL(?)``), and (first parameter, count) of each list, in
    order (see :func:`grouped`)."""
    lists: list[tuple[int, int]] = []
    parts: list[str] = []
    end = marks = 0
    for found in _IN_LIST.finditer(sql):
        marks += sql.count("?", end, found.start())
        count = found.group(2).count("?")
        lists.append((marks, count))
        marks += count
        parts.extend((sql[end : found.start()], "<> ALL(?)" if found.group(1) else "= ANY(?)"))
        end = found.end()
    parts.append(sql[end:])
    return translate("".join(parts)), tuple(lists)


def grouped(parameters: Sequence[Any], lists: tuple[tuple[int, int], ...]) -> Sequence[Any]:
    """``parameters`` with each list's run of parameters as one list (an array)."""
    if not lists:
        return parameters
    out: list[Any] = []
    done = 0
    for first, count in lists:
        out.extend(parameters[done:first])
        out.append(list(parameters[first : first + count]))
        done = first + count
    out.extend(parameters[done:])
    return out


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
    """A statement's results. In pipeline mode (:class:`Connection` of a write transaction)
    they arrive at the pipeline's next sync: reading them syncs first."""

    def __init__(self, cursor: psycopg.Cursor[Row], pipeline: psycopg.Pipeline | None) -> None:
        self._cursor = cursor
        self._pipeline = pipeline

    def _results(self) -> psycopg.Cursor[Row]:
        if self._pipeline is not None and self._cursor.pgresult is None:
            self._pipeline.sync()
        return self._cursor

    @property
    def rowcount(self) -> int:
        return self._results().rowcount

    def fetchone(self) -> Any:
        cur = self._results()
        return cur.fetchone() if cur.description else None

    def fetchall(self) -> list[Any]:
        cur = self._results()
        return cur.fetchall() if cur.description else []

    def __iter__(self) -> Iterator[Any]:
        return iter(self.fetchall())


class Connection:
    """A psycopg connection answering the shared SQL like ``sqlite3`` does. With
    ``pipeline`` (psycopg's pipeline mode) statements are sent without waiting for their
    results: the round trip is paid when a result is read, or once at the end."""

    def __init__(
        self, conn: psycopg.Connection[Any], pipeline: psycopg.Pipeline | None = None
    ) -> None:
        self.raw = conn
        self.pipeline = pipeline

    def execute(self, sql: str, parameters: Any = (), /) -> Cursor:
        text, lists = statement(sql)
        cur = self.raw.cursor(row_factory=row_factory)
        cur.execute(text, grouped(_params(parameters), lists))
        return Cursor(cur, self.pipeline)

    def executemany(self, sql: str, parameters: Iterable[Any], /) -> Cursor:
        text, lists = statement(sql)
        cur = self.raw.cursor(row_factory=row_factory)
        rows = [grouped(_params(p), lists) for p in parameters]
        if rows:
            cur.executemany(text, rows)
        return Cursor(cur, self.pipeline)


def _params(parameters: Any) -> Sequence[Any]:
    return tuple(parameters) if parameters is not None else ()
