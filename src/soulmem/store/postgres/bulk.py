"""Loading many records into PostgreSQL at once with COPY (benchmarks, large imports).

:class:`BulkWriter` takes the writes ``observe`` makes for a turn (events, links, memories,
vectors, lexical documents) with the same arguments as the transaction writer, buffers the
rows and COPYs them table by table; event sequence numbers and document ids are drawn from
the tables' own sequences. The lexical statistics are recomputed once at the end
(:func:`soulmem.store.postgres.lexical.rebuild_statistics`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Any

import numpy as np
import psycopg

from soulmem.model import Event, EventLink, Memory, Scope
from soulmem.store.base import Vector
from soulmem.store.sqlite.rows import scope_params
from soulmem.store.sqlite.writer import event_columns, memory_columns, scope_token

__all__ = ["BULK_TABLES", "BulkWriter", "drop_secondary_indexes"]

#: Tables in the order their rows are copied (parents first).
_ORDER = (
    "events",
    "event_links",
    "memories",
    "memory_sources",
    "embeddings",
    "lexical_docs",
    "lexical_terms",
)


BULK_TABLES = _ORDER


def drop_secondary_indexes(conn: psycopg.Connection[Any], tables: Sequence[str]) -> list[str]:
    """Drop the indexes of ``tables`` that back no constraint (primary keys, unique and
    foreign-key checks stay) and return their definitions, to be run again after a bulk
    load: one sorted build per index instead of a b-tree insertion per copied row."""
    rows = conn.execute(
        "SELECT i.indexname, i.indexdef FROM pg_indexes i WHERE i.schemaname = "
        "current_schema() AND i.tablename = ANY(%s) AND NOT EXISTS (SELECT 1 FROM "
        "pg_constraint c WHERE c.conname = i.indexname) ORDER BY i.indexname",
        (list(tables),),
    ).fetchall()
    for name, _ in rows:
        conn.execute(f'DROP INDEX "{name}"')
    return [str(definition) for _, definition in rows]


class BulkWriter:
    """Buffered writes of one bulk load (call :meth:`flush` to COPY what is buffered)."""

    def __init__(self, conn: psycopg.Connection[Any], flush_every: int = 20_000) -> None:
        self.conn = conn
        self.flush_every = flush_every
        self._rows: dict[str, list[Sequence[Any]]] = {table: [] for table in _ORDER}
        self._columns: dict[str, list[str]] = {}
        self._ids: dict[str, Iterator[int]] = {}
        self._epochs: dict[Scope, int] = {}

    def _epoch(self, scope: Scope) -> int:
        """The scope's decay epoch, the one its new memories' strength is as of
        (store/sqlite/decay.py)."""
        if scope not in self._epochs:
            row = self.conn.execute(
                "SELECT epoch FROM decay_clock WHERE user_id = %s AND agent_id = %s "
                "AND world_id = %s",
                scope_params(scope),
            ).fetchone()
            self._epochs[scope] = 0 if row is None else int(row[0])
        return self._epochs[scope]

    def _next_id(self, sequence: str) -> int:
        """A value of ``sequence``, reserved a thousand at a time."""
        for _ in range(2):
            try:
                return next(self._ids[sequence])
            except (KeyError, StopIteration):
                rows = self.conn.execute(
                    "SELECT nextval(%s) FROM generate_series(1, 1000)", (sequence,)
                ).fetchall()
                self._ids[sequence] = iter(int(r[0]) for r in rows)
        raise AssertionError("unreachable")

    def _add(self, table: str, columns: dict[str, object]) -> None:
        self._columns.setdefault(table, list(columns))
        self._rows[table].append(list(columns.values()))
        if len(self._rows["events"]) + len(self._rows["memories"]) >= self.flush_every:
            self.flush()

    def insert_event(self, event: Event) -> Event:
        seq = self._next_id("events_seq_seq")
        self._add("events", {"seq": seq, **event_columns(event)})
        return replace(event, seq=seq)

    def insert_link(self, link: EventLink) -> None:
        self._add(
            "event_links",
            {
                "from_event_id": link.from_event_id,
                "to_event_id": link.to_event_id,
                "kind": link.kind,
                "weight": link.weight,
            },
        )

    def insert_memory(self, memory: Memory) -> None:
        self._add(
            "memories", {**memory_columns(memory), "strength_epoch": self._epoch(memory.scope)}
        )
        for event_id in memory.source_event_ids:
            self._add("memory_sources", {"memory_id": memory.id, "event_id": event_id})

    def put_embedding(
        self, scope: Scope, owner_kind: str, owner_id: str, model: str, vector: Vector
    ) -> None:
        data = np.ascontiguousarray(vector, dtype=np.float32)
        user_id, agent_id, world_id = scope_params(scope)
        self._add(
            "embeddings",
            {
                "owner_kind": owner_kind,
                "owner_id": owner_id,
                "model": model,
                "dim": int(data.shape[0]),
                "user_id": user_id,
                "agent_id": agent_id,
                "world_id": world_id,
                "vector": data,
            },
        )

    def index_tokens(
        self, scope: Scope, owner_kind: str, owner_id: str, tokens: Sequence[str]
    ) -> None:
        """A new document (records loaded in bulk are new: nothing to replace)."""
        doc = self._next_id("lexical_docs_rowid_seq")
        key = scope_token(scope)
        self._add(
            "lexical_docs",
            {
                "rowid": doc,
                "owner_kind": owner_kind,
                "owner_id": owner_id,
                "scope_key": key,
                "length": len(tokens) + 1,
            },
        )
        for term, tf in Counter(tokens).items():
            self._add("lexical_terms", {"scope_key": key, "term": term, "doc": doc, "tf": tf})

    def flush(self) -> None:
        for table in _ORDER:
            rows = self._rows[table]
            if not rows:
                continue
            names = ", ".join(self._columns[table])
            with self.conn.cursor().copy(f"COPY {table} ({names}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row(row)
            rows.clear()
