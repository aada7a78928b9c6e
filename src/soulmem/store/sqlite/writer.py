"""The writes of one SQLite transaction (the StoreWriter protocol)."""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

import numpy as np

from soulmem.errors import InvalidInput
from soulmem.model import (
    Affect,
    Event,
    EventLink,
    Fact,
    ForgettingEntry,
    InboxItem,
    Memory,
    Revision,
    Scope,
    Summary,
)
from soulmem.store.base import Vector
from soulmem.store.sql import SqlConnection
from soulmem.store.sqlite.decay import EPOCH_OF_ROW, EPOCH_OF_SCOPE, DecayRule, advance, settle
from soulmem.store.sqlite.rows import (
    SCOPE_WHERE,
    chunks,
    dumps,
    fact_from_row,
    iso,
    scope_params,
)
from soulmem.store.sqlite.self_writer import SelfWrites

__all__ = ["Writer", "event_columns", "memory_columns", "scope_token"]


def scope_token(scope: Scope) -> str:
    """One FTS token that stands for a scope (letters and digits only)."""
    return "s" + hashlib.blake2b(scope.key.encode("utf-8"), digest_size=10).hexdigest()


class Writer(SelfWrites):
    """The writes of one transaction on the writer connection."""

    def __init__(self, conn: SqlConnection) -> None:
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
        columns = event_columns(event)
        names = ", ".join(columns)
        marks = ", ".join("?" * len(columns))
        row = self.conn.execute(
            f"INSERT INTO events ({names}) VALUES ({marks}) RETURNING seq", list(columns.values())
        ).fetchone()
        return _replace_seq(event, int(row[0]))

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
        columns = memory_columns(memory)
        names = ", ".join(columns)
        marks = ", ".join("?" * len(columns))
        self.conn.execute(
            f"INSERT INTO memories ({names}, strength_epoch) VALUES ({marks}, {EPOCH_OF_SCOPE})",
            [*columns.values(), *scope_params(memory.scope)],
        )
        self._sources(memory)

    def save_memory(self, memory: Memory) -> None:
        """Write every mutable column of an existing memory, and its sources (its strength as
        of the scope's decay clock)."""
        columns = memory_columns(memory)
        for fixed in ("id", "user_id", "agent_id", "world_id", "created_at"):
            columns.pop(fixed)
        assignments = ", ".join(f"{name} = ?" for name in columns)
        self.conn.execute(
            f"UPDATE memories SET {assignments}, strength_epoch = {EPOCH_OF_ROW} WHERE id = ?",
            [*columns.values(), memory.id],
        )
        self._sources(memory)

    def _sources(self, memory: Memory) -> None:
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

    # -- lifecycle -------------------------------------------------------------------------

    def queue_forgetting(self, entries: Sequence[ForgettingEntry]) -> None:
        # few statements for any number of entries (a prune may queue 100k memories at
        # once); a queued memory stops decaying, at its strength as of the clock
        for chunk in chunks([entry.memory_id for entry in entries], 500):
            settle(self.conn, f"m.id IN ({','.join('?' * len(chunk))})", [chunk])
        self.conn.executemany(
            "UPDATE memories SET status = 'queued', expires_at = NULL WHERE id = ?",
            [(entry.memory_id,) for entry in entries],
        )
        # the entries of one prune share their two times: each is formatted once (190k
        # formats took 0.34 s of a 95k prune)
        stamp = functools.cache(iso)
        self.conn.executemany(
            "INSERT OR REPLACE INTO forgetting_queue (memory_id, user_id, agent_id, world_id, "
            "reason, previous_tier, queued_at, purge_at) VALUES (?,?,?,?,?,?,?,?)",
            [
                (
                    entry.memory_id,
                    *scope_params(entry.scope),
                    entry.reason,
                    entry.previous_tier.value,
                    stamp(entry.queued_at),
                    stamp(entry.purge_at),
                )
                for entry in entries
            ],
        )

    def unqueue_forgetting(self, memory_id: str) -> None:
        self.conn.execute("DELETE FROM forgetting_queue WHERE memory_id = ?", (memory_id,))

    def purge_memories(self, memory_ids: Sequence[str]) -> list[str]:
        """Remove the memories' text, vectors, index entries and history everywhere; redact
        the source events that no memory still comes from: their text, images, lexical
        documents and vectors. Returns the redacted event ids (each once, in the order of the
        memories and their sources). The same as purging the memories one at a time, in a
        few statements per 500 of them (98k memories one at a time, about 11 statements
        each, took 8-12 s)."""
        sources: dict[str, None] = {}
        vectors: set[tuple[Scope, str, str]] = set()  # (scope, model, owner kind) to bump
        for asked in chunks(list(dict.fromkeys(memory_ids)), 500):
            marks = ",".join("?" * len(asked))
            found = {
                str(r[0]): Scope(r[1], r[2], r[3] or None)
                for r in self.conn.execute(
                    f"SELECT id, user_id, agent_id, world_id FROM memories WHERE id IN ({marks})",
                    asked,
                )
            }
            chunk = [i for i in asked if i in found]
            if not chunk:
                continue
            marks = ",".join("?" * len(chunk))
            linked: dict[str, list[str]] = {}
            for memory_id, event_id in self.conn.execute(
                "SELECT memory_id, event_id FROM memory_sources "
                f"WHERE memory_id IN ({marks}) ORDER BY rowid",
                chunk,
            ):
                linked.setdefault(str(memory_id), []).append(str(event_id))
            sources.update((e, None) for i in chunk for e in linked.get(i, ()))
            vectors.update(
                (found[str(r[0])], str(r[1]), "memory")
                for r in self.conn.execute(
                    "SELECT owner_id, model FROM embeddings "
                    f"WHERE owner_kind = 'memory' AND owner_id IN ({marks})",
                    chunk,
                )
            )
            self.conn.execute(
                f"DELETE FROM embeddings WHERE owner_kind = 'memory' AND owner_id IN ({marks})",
                chunk,
            )
            self._unindex("memory", chunk)
            for table, column in (
                ("revisions", "target_kind = 'memory' AND target_id"),
                ("forgetting_queue", "memory_id"),
                ("memory_sources", "memory_id"),
                ("memories", "id"),
            ):
                self.conn.execute(f"DELETE FROM {table} WHERE {column} IN ({marks})", chunk)
        redacted: list[str] = []
        for chunk in chunks(list(sources), 500):
            marks = ",".join("?" * len(chunk))
            still = {
                str(r[0])
                for r in self.conn.execute(
                    f"SELECT DISTINCT event_id FROM memory_sources WHERE event_id IN ({marks})",
                    chunk,
                )
            }
            gone = [e for e in chunk if e not in still]
            if not gone:
                continue
            self.conn.executemany(
                "UPDATE events SET user_text = NULL, assistant_text = NULL, images = '[]', "
                "metadata = json_set(metadata, '$.redacted', 'forgotten') WHERE id = ?",
                [(e,) for e in gone],
            )
            # a redacted turn's words (its lexical document) and its vector go with its text
            self._unindex("event", gone)
            marks = ",".join("?" * len(gone))
            vectors.update(
                (Scope(r[0], r[1], r[2] or None), str(r[3]), "event")
                for r in self.conn.execute(
                    "SELECT DISTINCT user_id, agent_id, world_id, model FROM embeddings "
                    f"WHERE owner_kind = 'event' AND owner_id IN ({marks})",
                    gone,
                )
            )
            self.conn.execute(
                f"DELETE FROM embeddings WHERE owner_kind = 'event' AND owner_id IN ({marks})",
                gone,
            )
            redacted.extend(gone)
        for scope, model, kind in sorted(vectors, key=lambda v: (v[0].key, v[1], v[2])):
            self._bump_vectors(scope, model, kind)
        return redacted

    def _unindex(self, owner_kind: str, owner_ids: Sequence[str]) -> None:
        """Drop the records' lexical documents."""
        marks = ",".join("?" * len(owner_ids))
        docs = [
            (int(r[0]),)
            for r in self.conn.execute(
                f"SELECT rowid FROM lexical_docs WHERE owner_kind = ? AND owner_id IN ({marks})",
                (owner_kind, *owner_ids),
            )
        ]
        self.conn.executemany("DELETE FROM lexical WHERE rowid = ?", docs)
        self.conn.executemany("DELETE FROM lexical_docs WHERE rowid = ?", docs)

    def _bump_vectors(
        self, scope: Scope, model: str, owner_kind: str, added: int | None = None
    ) -> None:
        """A new version of the scope's vectors of ``model`` and ``owner_kind``, with their
        count: ``added`` to the count kept (one put: counting a 100k scope cost 6.6 ms an
        observe), or counted again (None: a delete, a bulk put, or no row yet)."""
        if added is not None:
            cur = self.conn.execute(
                "UPDATE vector_versions SET version = version + 1, count = count + ? "
                "WHERE scope_key = ? AND model = ? AND owner_kind = ?",
                (added, scope_token(scope), model, owner_kind),
            )
            if cur.rowcount:
                return
        self.conn.execute(
            "INSERT INTO vector_versions (scope_key, model, owner_kind, version, count) "
            "VALUES (?, ?, ?, 1, (SELECT count(*) FROM embeddings WHERE "
            f"{SCOPE_WHERE} AND model = ? AND owner_kind = ?)) "
            "ON CONFLICT (scope_key, model, owner_kind) DO UPDATE SET version = version + 1, "
            "count = excluded.count",
            (scope_token(scope), model, owner_kind, *scope_params(scope), model, owner_kind),
        )

    def decay_strength(
        self,
        scope: Scope,
        *,
        bases: dict[str, float],
        emotion_weight: float,
        importance_weight: float,
        cap: float,
        above: float,
    ) -> int:
        """strength *= min(cap, base + (1 - base) * (ew * intensity + iw * importance)) for
        the scope's active memories above ``above`` (M0 excepted): one step of the scope's
        decay clock (store/sqlite/decay.py), not a write of every row."""
        rule = DecayRule.of(
            bases,
            emotion_weight=emotion_weight,
            importance_weight=importance_weight,
            cap=cap,
            above=above,
        )
        return advance(self.conn, scope, rule)

    def set_maintenance(
        self, scope: Scope, duty: str, *, last_run: datetime | None, counter: int
    ) -> None:
        self.conn.execute(
            "INSERT INTO maintenance (user_id, agent_id, world_id, duty, last_run, counter) "
            "VALUES (?,?,?,?,?,?) ON CONFLICT (user_id, agent_id, world_id, duty) DO UPDATE "
            "SET last_run = excluded.last_run, counter = excluded.counter",
            (*scope_params(scope), duty, iso(last_run), counter),
        )

    def bump_counters(self, scope: Scope, duties: Sequence[str]) -> None:
        """One more turn for each duty's counter (created at 1 when missing)."""
        self.conn.executemany(
            "INSERT INTO maintenance (user_id, agent_id, world_id, duty, counter) "
            "VALUES (?,?,?,?,1) ON CONFLICT (user_id, agent_id, world_id, duty) DO UPDATE "
            "SET counter = maintenance.counter + 1",
            [(*scope_params(scope), duty) for duty in duties],
        )

    def set_mode(self, scope: Scope, mode: str, at: datetime) -> None:
        self.conn.execute(
            "INSERT INTO scope_settings (user_id, agent_id, world_id, mode, updated_at) "
            "VALUES (?,?,?,?,?) ON CONFLICT (user_id, agent_id, world_id) DO UPDATE "
            "SET mode = excluded.mode, updated_at = excluded.updated_at",
            (*scope_params(scope), mode, iso(at)),
        )

    def put_summary(self, summary: Summary) -> None:
        self.conn.execute(
            "INSERT INTO summaries (id, user_id, agent_id, world_id, period, starts_at, ends_at, "
            "text, event_ids) VALUES (?,?,?,?,?,?,?,?,?) ON CONFLICT "
            "(user_id, agent_id, world_id, period, starts_at) DO UPDATE SET "
            "ends_at = excluded.ends_at, text = excluded.text, event_ids = excluded.event_ids",
            (
                summary.id,
                *scope_params(summary.scope),
                summary.period,
                iso(summary.starts_at),
                iso(summary.ends_at),
                summary.text,
                dumps(list(summary.event_ids)),
            ),
        )

    def delete_summary(self, summary_id: str) -> None:
        self.conn.execute("DELETE FROM summaries WHERE id = ?", (summary_id,))

    def finish_leased_job(
        self,
        job_id: str,
        *,
        leased_by: str | None,
        attempts: int,
        status: str,
        now: datetime,
        result: dict[str, Any] | None = None,
        error: str | None = None,
        run_after: datetime | None = None,
    ) -> bool:
        cur = self.conn.execute(
            "UPDATE jobs SET status = ?, result = ?, error = ?, updated_at = ?, "
            "lease_until = NULL, run_after = COALESCE(?, run_after) "
            "WHERE id = ? AND status = 'leased' AND leased_by = ? AND attempts = ?",
            (
                status,
                None if result is None else dumps(result),
                error,
                iso(now),
                iso(run_after),
                job_id,
                leased_by,
                attempts,
            ),
        )
        return cur.rowcount == 1

    def set_job_result(self, job_id: str, record: dict[str, Any]) -> None:
        self.conn.execute(
            "UPDATE jobs SET result = ? WHERE id = ?",
            (json.dumps(record, ensure_ascii=False, default=str), job_id),
        )

    def put_inbox(self, item: InboxItem) -> None:
        self.conn.execute(
            "INSERT INTO inbox (id, user_id, agent_id, world_id, kind, payload, status, "
            "created_at, decided_at, decision_reason) VALUES (?,?,?,?,?,?,?,?,?,?) "
            "ON CONFLICT (id) DO UPDATE SET status = excluded.status, "
            "decided_at = excluded.decided_at, decision_reason = excluded.decision_reason, "
            "payload = excluded.payload",
            (
                item.id,
                *scope_params(item.scope),
                item.kind,
                dumps(item.payload),
                item.status,
                iso(item.created_at),
                iso(item.decided_at),
                item.decision_reason,
            ),
        )

    def add_to_thread(
        self, scope: Scope, thread_id: str, title: str, event_ids: Sequence[str], at: datetime
    ) -> None:
        self.conn.execute(
            "INSERT INTO event_threads (id, user_id, agent_id, world_id, title, created_at, "
            "updated_at) VALUES (?,?,?,?,?,?,?) ON CONFLICT (id) DO UPDATE SET "
            "updated_at = excluded.updated_at",
            (thread_id, *scope_params(scope), title, iso(at), iso(at)),
        )
        self.conn.executemany(
            "INSERT OR IGNORE INTO event_thread_members (thread_id, event_id) VALUES (?, ?)",
            [(thread_id, e) for e in event_ids],
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
        replaced = self.conn.execute(
            "SELECT 1 FROM embeddings WHERE owner_kind = ? AND owner_id = ? AND model = ?",
            (owner_kind, owner_id, model),
        ).fetchone()
        self.conn.execute(
            "INSERT OR REPLACE INTO embeddings (owner_kind, owner_id, model, dim, user_id, "
            "agent_id, world_id, vector) VALUES (?,?,?,?,?,?,?,?)",
            (owner_kind, owner_id, model, int(data.shape[0]), *scope_params(scope), data.tobytes()),
        )
        self._bump_vectors(scope, model, owner_kind, added=0 if replaced else 1)

    def put_embeddings(
        self, scope: Scope, owner_kind: str, model: str, owner_ids: Sequence[str], matrix: Vector
    ) -> None:
        """The bulk path of :meth:`put_embedding`: many rows of one scope, model and kind, and
        one version bump (per-row bumps count the scope's vectors each time)."""
        data = np.ascontiguousarray(matrix, dtype=np.float32)
        if data.ndim != 2 or data.shape[0] != len(owner_ids):
            raise InvalidInput(f"{len(owner_ids)} ids for a matrix of shape {data.shape}")
        params = scope_params(scope)
        self.conn.executemany(
            "INSERT OR REPLACE INTO embeddings (owner_kind, owner_id, model, dim, user_id, "
            "agent_id, world_id, vector) VALUES (?,?,?,?,?,?,?,?)",
            (
                (owner_kind, owner_id, model, int(data.shape[1]), *params, row.tobytes())
                for owner_id, row in zip(owner_ids, data, strict=True)
            ),
        )
        self._bump_vectors(scope, model, owner_kind)

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


def event_columns(event: Event) -> dict[str, object]:
    """Column -> value of an events row (without seq, which the database assigns)."""
    user_id, agent_id, world_id = scope_params(event.scope)
    return {
        "id": event.id,
        "user_id": user_id,
        "agent_id": agent_id,
        "world_id": world_id,
        "session_id": event.session_id,
        "source": event.source.value,
        "at": iso(event.at),
        "created_at": iso(event.created_at),
        "user_text": event.user_text,
        "assistant_text": event.assistant_text,
        "user_name": event.user_name,
        "assistant_name": event.assistant_name,
        "images": dumps(list(event.images)),
        "files": dumps(list(event.files)),
        "entities": dumps(list(event.entities)),
        "salience": event.salience,
        "language": event.language,
        "metadata": dumps(event.metadata),
    }


def _replace_seq(event: Event, seq: int) -> Event:
    return replace(event, seq=seq)


def memory_columns(memory: Memory) -> dict[str, object]:
    user_id, agent_id, world_id = scope_params(memory.scope)
    return {
        "id": memory.id,
        "user_id": user_id,
        "agent_id": agent_id,
        "world_id": world_id,
        "content": memory.content,
        "tier": memory.tier.value,
        "memory_type": memory.memory_type.value,
        "status": memory.status,
        "created_at": iso(memory.created_at),
        "occurred_at": iso(memory.occurred_at),
        "expires_at": iso(memory.expires_at),
        "emotions": dumps(memory.emotions),
        "intensity": memory.intensity,
        "importance": memory.importance,
        "strength": memory.strength,
        "reference_count": memory.reference_count,
        "last_referenced_at": iso(memory.last_referenced_at),
        "promoted_from": dumps(list(memory.promoted_from)),
        "island_id": memory.island_id,
        "source": memory.source.value,
        "language": memory.language,
        "remember": int(memory.remember),
        "mention_count": memory.mention_count,
        "tier_since": iso(memory.tier_since),
        "knowledge_level": memory.knowledge_level,
    }
