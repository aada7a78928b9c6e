"""SQLiteStore: the embedded default backend of the Store protocol."""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

import numpy as np

from soulmem.clock import Clock
from soulmem.errors import StoreError
from soulmem.model import Affect, Event, EventLink, Fact, Memory, Revision, Scope
from soulmem.store.base import LexicalHit, Vector, VectorHit
from soulmem.store.sqlite.connection import BUSY_TIMEOUT_MS, Connections
from soulmem.store.sqlite.rows import (
    SCOPE_WHERE,
    dumps,
    event_from_row,
    fact_from_row,
    iso,
    memory_from_row,
    scope_from_row,
    scope_params,
)
from soulmem.store.sqlite.vectors import VectorCache

__all__ = ["SQLiteStore", "scope_token"]


def scope_token(scope: Scope) -> str:
    """One FTS token that stands for a scope (letters and digits only)."""
    return "s" + hashlib.blake2b(scope.key.encode("utf-8"), digest_size=10).hexdigest()


def _fts_query(scope: Scope, tokens: Sequence[str]) -> str:
    quoted = " OR ".join('"' + t.replace('"', '""') + '"' for t in dict.fromkeys(tokens))
    return f'scope_key : "{scope_token(scope)}" AND tokens : ({quoted})'


class _Writer:
    """The writes of one transaction on the writer connection."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self.callbacks: list[Callable[[], None]] = []

    def after_commit(self, callback: Callable[[], None]) -> None:
        self.callbacks.append(callback)

    def last_event_id(self, scope: Scope) -> str | None:
        row = self.conn.execute(
            f"SELECT id FROM events WHERE {SCOPE_WHERE} ORDER BY seq DESC LIMIT 1",
            scope_params(scope),
        ).fetchone()
        return None if row is None else str(row[0])

    def insert_event(self, event: Event) -> Event:
        cur = self.conn.execute(
            "INSERT INTO events (id, user_id, agent_id, world_id, session_id, source, at, "
            "created_at, user_text, assistant_text, user_name, assistant_name, images, files, "
            "entities, salience, language, metadata) "
            "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (
                event.id,
                *scope_params(event.scope),
                event.session_id,
                event.source.value,
                iso(event.at),
                iso(event.created_at),
                event.user_text,
                event.assistant_text,
                event.user_name,
                event.assistant_name,
                dumps(list(event.images)),
                dumps(list(event.files)),
                dumps(list(event.entities)),
                event.salience,
                event.language,
                dumps(event.metadata),
            ),
        )
        seq = cur.lastrowid
        assert seq is not None
        return _replace_seq(event, seq)

    def set_meta(self, key: str, value: str) -> None:
        self.conn.execute(
            "INSERT INTO meta (key, value) VALUES (?, ?) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, value),
        )

    def insert_link(self, link: EventLink) -> None:
        self.conn.execute(
            "INSERT OR IGNORE INTO event_links (from_event_id, to_event_id, kind, weight) "
            "VALUES (?,?,?,?)",
            (link.from_event_id, link.to_event_id, link.kind, link.weight),
        )

    def insert_affect(self, event_id: str, affect: Affect) -> None:
        self.conn.execute(
            "INSERT INTO event_affects (event_id, emotions, intensity, valence, arousal, dominance)"
            " VALUES (?,?,?,?,?,?)",
            (
                event_id,
                dumps(affect.emotions),
                affect.intensity,
                affect.valence,
                affect.arousal,
                affect.dominance,
            ),
        )

    def insert_memory(self, memory: Memory) -> None:
        self.conn.execute(
            "INSERT INTO memories (id, user_id, agent_id, world_id, content, tier, memory_type, "
            "status, created_at, occurred_at, expires_at, emotions, intensity, importance, "
            "strength, reference_count, last_referenced_at, promoted_from, island_id, source, "
            "language) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (
                memory.id,
                *scope_params(memory.scope),
                memory.content,
                memory.tier.value,
                memory.memory_type.value,
                memory.status,
                iso(memory.created_at),
                iso(memory.occurred_at),
                iso(memory.expires_at),
                dumps(memory.emotions),
                memory.intensity,
                memory.importance,
                memory.strength,
                memory.reference_count,
                iso(memory.last_referenced_at),
                dumps(list(memory.promoted_from)),
                memory.island_id,
                memory.source.value,
                memory.language,
            ),
        )
        self.conn.executemany(
            "INSERT OR IGNORE INTO memory_sources (memory_id, event_id) VALUES (?, ?)",
            [(memory.id, event_id) for event_id in memory.source_event_ids],
        )

    def touch_memories(self, ids: Sequence[str], at: datetime) -> None:
        self.conn.executemany(
            "UPDATE memories SET reference_count = reference_count + 1, last_referenced_at = ? "
            "WHERE id = ?",
            [(iso(at), memory_id) for memory_id in ids],
        )

    def insert_fact(self, fact: Fact) -> None:
        self.conn.execute(
            "INSERT INTO facts (id, user_id, agent_id, world_id, kind, subject, value, category, "
            "about, negated, confidence, valid_from, valid_to, evidence) "
            "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (
                fact.id,
                *scope_params(fact.scope),
                fact.kind,
                fact.subject,
                fact.value,
                fact.category.value,
                fact.about,
                int(fact.negated),
                fact.confidence,
                iso(fact.valid_from),
                iso(fact.valid_to),
                dumps(list(fact.evidence_event_ids)),
            ),
        )

    def close_fact(self, fact_id: str, valid_to: datetime) -> None:
        self.conn.execute("UPDATE facts SET valid_to = ? WHERE id = ?", (iso(valid_to), fact_id))

    def insert_revision(self, revision: Revision) -> None:
        self.conn.execute(
            "INSERT INTO revisions (id, user_id, agent_id, world_id, target_kind, target_id, "
            "before, after, reason, evidence, at) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            (
                revision.id,
                *scope_params(revision.scope),
                revision.target_kind,
                revision.target_id,
                None if revision.before is None else dumps(revision.before),
                None if revision.after is None else dumps(revision.after),
                revision.reason,
                dumps(list(revision.evidence_event_ids)),
                iso(revision.at),
            ),
        )

    def put_embedding(
        self, scope: Scope, owner_kind: str, owner_id: str, model: str, vector: Vector
    ) -> None:
        data = np.ascontiguousarray(vector, dtype=np.float32)
        cur = self.conn.execute(
            "INSERT OR REPLACE INTO embeddings (owner_kind, owner_id, model, dim, user_id, "
            "agent_id, world_id, vector) VALUES (?,?,?,?,?,?,?,?)",
            (owner_kind, owner_id, model, int(data.shape[0]), *scope_params(scope), data.tobytes()),
        )
        del cur
        self.conn.execute(
            "INSERT INTO vector_versions (scope_key, model, owner_kind, version, count) "
            "VALUES (?, ?, ?, 1, (SELECT count(*) FROM embeddings WHERE "
            f"{SCOPE_WHERE} AND model = ? AND owner_kind = ?)) "
            "ON CONFLICT (scope_key, model, owner_kind) DO UPDATE SET version = version + 1, "
            "count = excluded.count",
            (scope_token(scope), model, owner_kind, *scope_params(scope), model, owner_kind),
        )

    def index_tokens(
        self, scope: Scope, owner_kind: str, owner_id: str, tokens: Sequence[str]
    ) -> None:
        row = self.conn.execute(
            "INSERT INTO lexical_docs (owner_kind, owner_id) VALUES (?, ?) "
            "ON CONFLICT (owner_kind, owner_id) DO UPDATE SET owner_id = excluded.owner_id "
            "RETURNING rowid",
            (owner_kind, owner_id),
        ).fetchone()
        rowid = int(row[0])
        self.conn.execute("DELETE FROM lexical WHERE rowid = ?", (rowid,))
        self.conn.execute(
            "INSERT INTO lexical (rowid, scope_key, tokens) VALUES (?, ?, ?)",
            (rowid, scope_token(scope), " ".join(tokens)),
        )


def _replace_seq(event: Event, seq: int) -> Event:
    from dataclasses import replace

    return replace(event, seq=seq)


class SQLiteStore:
    """Store protocol on one SQLite file (or ``:memory:``)."""

    def __init__(
        self, path: str | Path, *, clock: Clock, busy_timeout_ms: int = BUSY_TIMEOUT_MS
    ) -> None:
        self.clock = clock
        self._db = Connections(path, busy_timeout_ms=busy_timeout_ms)
        self._vectors = VectorCache()
        self.location = self._db.path

    # -- writes ---------------------------------------------------------------------------

    @contextmanager
    def transaction(self) -> Iterator[_Writer]:
        """Everything written in the block commits together; after-commit callbacks run only
        once the commit succeeded."""
        with self._db.begin() as conn:
            writer = _Writer(conn)
            try:
                yield writer
            except sqlite3.Error as exc:
                raise StoreError(f"write failed: {exc}") from exc
        for callback in writer.callbacks:
            callback()

    # -- reads ----------------------------------------------------------------------------

    def last_event(self, scope: Scope) -> Event | None:
        with self._db.read() as conn:
            row = conn.execute(
                f"SELECT * FROM events WHERE {SCOPE_WHERE} ORDER BY seq DESC LIMIT 1",
                scope_params(scope),
            ).fetchone()
        return None if row is None else event_from_row(row)

    def recent_events(self, scope: Scope, limit: int) -> list[Event]:
        with self._db.read() as conn:
            rows = conn.execute(
                f"SELECT * FROM events WHERE {SCOPE_WHERE} ORDER BY seq DESC LIMIT ?",
                (*scope_params(scope), limit),
            ).fetchall()
        return [event_from_row(r) for r in reversed(rows)]

    def get_events(self, ids: Sequence[str]) -> list[Event]:
        if not ids:
            return []
        found: dict[str, Event] = {}
        with self._db.read() as conn:
            for chunk in _chunks(list(dict.fromkeys(ids)), 500):
                marks = ",".join("?" * len(chunk))
                for row in conn.execute(f"SELECT * FROM events WHERE id IN ({marks})", chunk):
                    found[row["id"]] = event_from_row(row)
        return [found[i] for i in ids if i in found]

    def iter_events(self, scope: Scope | None = None, batch: int = 500) -> Iterator[Event]:
        last = 0
        while True:
            with self._db.read() as conn:
                if scope is None:
                    rows = conn.execute(
                        "SELECT * FROM events WHERE seq > ? ORDER BY seq LIMIT ?", (last, batch)
                    ).fetchall()
                else:
                    rows = conn.execute(
                        f"SELECT * FROM events WHERE {SCOPE_WHERE} AND seq > ? "
                        "ORDER BY seq LIMIT ?",
                        (*scope_params(scope), last, batch),
                    ).fetchall()
            if not rows:
                return
            for row in rows:
                yield event_from_row(row)
            last = rows[-1]["seq"]

    def count_events(self, scope: Scope) -> int:
        with self._db.read() as conn:
            row = conn.execute(
                f"SELECT count(*) FROM events WHERE {SCOPE_WHERE}", scope_params(scope)
            ).fetchone()
        return int(row[0])

    def get_memories(self, ids: Sequence[str]) -> list[Memory]:
        if not ids:
            return []
        found: dict[str, Memory] = {}
        with self._db.read() as conn:
            for chunk in _chunks(list(dict.fromkeys(ids)), 400):
                marks = ",".join("?" * len(chunk))
                sources: dict[str, list[str]] = {}
                for r in conn.execute(
                    f"SELECT memory_id, event_id FROM memory_sources WHERE memory_id IN ({marks}) "
                    "ORDER BY rowid",
                    chunk,
                ):
                    sources.setdefault(r[0], []).append(r[1])
                for row in conn.execute(f"SELECT * FROM memories WHERE id IN ({marks})", chunk):
                    found[row["id"]] = memory_from_row(row, tuple(sources.get(row["id"], ())))
        return [found[i] for i in ids if i in found]

    def list_memories(
        self, scope: Scope, *, status: str = "active", limit: int = 100, offset: int = 0
    ) -> list[Memory]:
        with self._db.read() as conn:
            ids = [
                r[0]
                for r in conn.execute(
                    f"SELECT id FROM memories WHERE {SCOPE_WHERE} AND status = ? "
                    "ORDER BY occurred_at DESC, rowid DESC LIMIT ? OFFSET ?",
                    (*scope_params(scope), status, limit, offset),
                )
            ]
        return self.get_memories(ids)

    def iter_memories(self, batch: int = 500) -> Iterator[Memory]:
        last = 0
        while True:
            with self._db.read() as conn:
                rows = conn.execute(
                    "SELECT rowid, id FROM memories WHERE rowid > ? ORDER BY rowid LIMIT ?",
                    (last, batch),
                ).fetchall()
            if not rows:
                return
            yield from self.get_memories([r[1] for r in rows])
            last = int(rows[-1][0])

    def get_meta(self, key: str) -> str | None:
        with self._db.read() as conn:
            row = conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def current_facts(self, scope: Scope) -> list[Fact]:
        with self._db.read() as conn:
            rows = conn.execute(
                f"SELECT * FROM facts WHERE {SCOPE_WHERE} AND valid_to IS NULL ORDER BY valid_from",
                scope_params(scope),
            ).fetchall()
        return [fact_from_row(r) for r in rows]

    def scopes(self) -> list[Scope]:
        with self._db.read() as conn:
            rows = conn.execute(
                "SELECT DISTINCT user_id, agent_id, world_id FROM events "
                "ORDER BY user_id, agent_id, world_id"
            ).fetchall()
        return [scope_from_row(r) for r in rows]

    def lexical_search(self, scope: Scope, tokens: Sequence[str], limit: int) -> list[LexicalHit]:
        if not tokens:
            return []
        with self._db.read() as conn:
            rows = conn.execute(
                "SELECT d.owner_kind, d.owner_id, bm25(lexical, 0.0, 1.0) AS rank "
                "FROM lexical JOIN lexical_docs d ON d.rowid = lexical.rowid "
                "WHERE lexical MATCH ? ORDER BY rank LIMIT ?",
                (_fts_query(scope, tokens), limit),
            ).fetchall()
        return [LexicalHit(r[0], r[1], -float(r[2])) for r in rows]

    def dense_search(
        self,
        scope: Scope,
        model: str,
        owner_kind: str,
        query: Vector,
        limit: int,
        include_ids: Sequence[str] = (),
    ) -> list[VectorHit]:
        with self._db.read() as conn:
            ids, matrix = self._vectors.matrix(
                conn, scope_token(scope), scope_params(scope), model, owner_kind
            )
        if not ids:
            return []
        if matrix.shape[1] != query.shape[0]:
            raise StoreError(
                f"vector dimension mismatch for {model}: {matrix.shape[1]} != {query.shape[0]}"
            )
        sims = matrix @ query.astype(np.float32)
        k = min(limit, len(ids))
        top = np.argpartition(-sims, k - 1)[:k] if k < len(ids) else np.arange(len(ids))
        top = top[np.argsort(-sims[top], kind="stable")]
        hits = [VectorHit(owner_kind, ids[i], float(sims[i])) for i in top]
        if include_ids:
            seen = {hit.owner_id for hit in hits}
            wanted = set(include_ids) - seen
            if wanted:
                hits.extend(
                    VectorHit(owner_kind, owner_id, float(sims[i]))
                    for i, owner_id in enumerate(ids)
                    if owner_id in wanted
                )
        return hits

    def memories_for_events(self, event_ids: Sequence[str]) -> dict[str, list[str]]:
        result: dict[str, list[str]] = {}
        with self._db.read() as conn:
            for chunk in _chunks(list(dict.fromkeys(event_ids)), 500):
                marks = ",".join("?" * len(chunk))
                for row in conn.execute(
                    "SELECT s.event_id, s.memory_id FROM memory_sources s JOIN memories m "
                    f"ON m.id = s.memory_id WHERE s.event_id IN ({marks}) AND m.status = 'active'",
                    chunk,
                ):
                    result.setdefault(row[0], []).append(row[1])
        return result

    def unembedded_memories(self, model: str, limit: int) -> list[str]:
        with self._db.read() as conn:
            rows = conn.execute(
                "SELECT m.id FROM memories m LEFT JOIN embeddings e ON e.owner_kind = 'memory' "
                "AND e.owner_id = m.id AND e.model = ? WHERE e.owner_id IS NULL "
                "AND m.status = 'active' ORDER BY m.rowid LIMIT ?",
                (model, limit),
            ).fetchall()
        return [r[0] for r in rows]

    def stats(self) -> dict[str, Any]:
        with self._db.read() as conn:
            counts = {
                table: int(conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0])
                for table in ("events", "memories", "facts", "embeddings", "revisions", "jobs")
            }
        return {"backend": "sqlite", "location": self.location, "counts": counts}

    def applied_migrations(self) -> list[str]:
        return self._db.applied_migrations()

    def close(self) -> None:
        self._db.close()
        self._vectors.clear()


def _chunks(items: list[str], size: int) -> Iterator[list[str]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]
