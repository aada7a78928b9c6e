"""The writes of one SQLite transaction (the StoreWriter protocol)."""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime

import numpy as np

from soulmem.model import Affect, Event, EventLink, Fact, Memory, Revision, Scope
from soulmem.store.base import Vector
from soulmem.store.sqlite.rows import SCOPE_WHERE, dumps, fact_from_row, iso, scope_params

__all__ = ["Writer", "scope_token"]


def scope_token(scope: Scope) -> str:
    """One FTS token that stands for a scope (letters and digits only)."""
    return "s" + hashlib.blake2b(scope.key.encode("utf-8"), digest_size=10).hexdigest()


class Writer:
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
            "language, remember) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
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
                int(memory.remember),
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

    def current_facts(self, scope: Scope) -> list[Fact]:
        rows = self.conn.execute(
            f"SELECT * FROM facts WHERE {SCOPE_WHERE} AND valid_to IS NULL ORDER BY valid_from",
            scope_params(scope),
        ).fetchall()
        return [fact_from_row(r) for r in rows]

    def update_fact(self, fact_id: str, *, confidence: float, evidence: Sequence[str]) -> None:
        self.conn.execute(
            "UPDATE facts SET confidence = ?, evidence = ? WHERE id = ?",
            (confidence, dumps(list(evidence)), fact_id),
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
    return replace(event, seq=seq)
