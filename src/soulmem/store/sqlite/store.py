"""SQLiteStore: the embedded default backend of the Store protocol."""

from __future__ import annotations

import logging
import sqlite3
import time
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

from soulmem.clock import Clock
from soulmem.errors import StoreError
from soulmem.model import Event, Fact, Memory, Revision, Scope
from soulmem.store.base import (
    ContextKeys,
    EventHead,
    LexicalHit,
    MemoryWeight,
    Vector,
    VectorHit,
)
from soulmem.store.sql import SqlConnection
from soulmem.store.sqlite.connection import BUSY_TIMEOUT_MS, Connections
from soulmem.store.sqlite.decay import CLOCK_JOIN, STRENGTH_NOW
from soulmem.store.sqlite.erase import EraseUser
from soulmem.store.sqlite.heads import TurnHeads
from soulmem.store.sqlite.keyrows import KeyRows
from soulmem.store.sqlite.lexicon import LexicalIndex
from soulmem.store.sqlite.lifecycle import LifecycleReads
from soulmem.store.sqlite.quantized import top_k
from soulmem.store.sqlite.replies import ReplyGraph
from soulmem.store.sqlite.rowdots import key_scores, row_scores
from soulmem.store.sqlite.rows import (
    EVENT_COLUMNS,
    SCOPE_WHERE,
    chunks,
    event_from_row,
    fact_from_row,
    memory_from_row,
    revision_from_row,
    scope_from_row,
    scope_params,
)
from soulmem.store.sqlite.self_reads import SelfReads
from soulmem.store.sqlite.service import ServiceStore
from soulmem.store.sqlite.vectors import VectorCache
from soulmem.store.sqlite.writer import Writer, scope_token

__all__ = ["SQLiteStore", "scope_token"]

log = logging.getLogger(__name__)

#: an event row ``{t}`` that has something to index (said text or an image description)
_HAS_TEXT = "({t}.user_text IS NOT NULL OR {t}.assistant_text IS NOT NULL OR {t}.images != '[]')"


class SQLiteStore(LifecycleReads, SelfReads, ServiceStore, EraseUser):
    """Store protocol on one SQLite file (or ``:memory:``)."""

    def __init__(
        self, path: str | Path, *, clock: Clock, busy_timeout_ms: int = BUSY_TIMEOUT_MS
    ) -> None:
        self.clock = clock
        self._db = Connections(path, busy_timeout_ms=busy_timeout_ms)
        self._vectors = VectorCache()
        self._lexicon = LexicalIndex()
        self._replies = ReplyGraph()
        self._heads = TurnHeads()
        self._key_rows = KeyRows()
        self.location = self._db.path

    # -- writes ---------------------------------------------------------------------------

    @contextmanager
    def transaction(self) -> Iterator[Writer]:
        """Everything written in the block commits together; after-commit callbacks run only
        once the commit succeeded."""
        with self._writing(checkpoint=True) as writer:
            yield writer

    def rehearse(self, memory_ids: Sequence[str], at: datetime) -> None:
        """A recall's rehearsal of the memories it returned (their reference counts), in a
        transaction of its own that leaves the WAL's checkpoint to the next other write."""
        with self._writing(checkpoint=False) as writer:
            writer.touch_memories(memory_ids, at)

    @contextmanager
    def _writing(self, *, checkpoint: bool) -> Iterator[Writer]:
        with self._db.begin(checkpoint=checkpoint) as conn:
            writer = Writer(conn)
            try:
                yield writer
            except sqlite3.Error as exc:
                raise StoreError(f"write failed: {exc}") from exc
        for callback in writer.callbacks:
            callback()

    # -- reads ----------------------------------------------------------------------------

    def _read(self) -> AbstractContextManager[SqlConnection]:
        return self._db.read()

    def _begin(self) -> AbstractContextManager[SqlConnection]:
        return self._db.begin()

    def compact(self) -> None:
        """After purges: merge the lexical index (dropping deleted entries) and checkpoint the
        WAL, so removed text leaves the database files (secure_delete zeroes freed pages)."""
        with self._begin() as conn:
            conn.execute("INSERT INTO lexical (lexical) VALUES ('optimize')")
        # a reader of an older snapshot keeps the frames that still hold the removed text in
        # the WAL past the busy timeout: look again a few times (without waiting on it, so a
        # purge stalls at most 1.4 s more) rather than leave them until the next checkpoint
        if self._db.checkpoint():
            return
        for pause in (0.1, 0.3, 1.0):
            time.sleep(pause)
            if self._db.checkpoint(wait=False):
                return
        log.warning(
            "the WAL of %s could not be truncated after a purge: a reader still holds an "
            "older snapshot (removed text stays in the WAL until the next checkpoint)",
            self._db.path,
        )

    def check_integrity(self) -> list[str]:
        """What is wrong with the database file: SQLite's integrity and foreign-key checks and
        the FTS index's own check; an empty list when all is well."""
        problems: list[str] = []
        with self._db.read() as conn:
            problems += [str(r[0]) for r in conn.execute("PRAGMA integrity_check")]
            problems = [p for p in problems if p != "ok"]
            problems += [
                f"foreign key: {r[0]} rowid {r[1]} -> {r[2]}"
                for r in conn.execute("PRAGMA foreign_key_check")
            ]
        try:
            with self._db.begin() as conn:
                conn.execute("INSERT INTO lexical (lexical) VALUES ('integrity-check')")
        except sqlite3.DatabaseError as exc:
            problems.append(f"lexical index: {exc}")
        return problems

    def last_event(self, scope: Scope) -> Event | None:
        with self._read() as conn:
            row = conn.execute(
                f"SELECT {EVENT_COLUMNS} FROM events WHERE {SCOPE_WHERE} ORDER BY seq DESC LIMIT 1",
                scope_params(scope),
            ).fetchone()
        return None if row is None else event_from_row(row)

    def recent_events(self, scope: Scope, limit: int) -> list[Event]:
        with self._read() as conn:
            rows = conn.execute(
                f"SELECT {EVENT_COLUMNS} FROM events WHERE {SCOPE_WHERE} ORDER BY seq DESC LIMIT ?",
                (*scope_params(scope), limit),
            ).fetchall()
        return [event_from_row(r) for r in reversed(rows)]

    def get_events(self, ids: Sequence[str]) -> list[Event]:
        if not ids:
            return []
        found: dict[str, Event] = {}
        with self._read() as conn:
            for chunk in chunks(list(dict.fromkeys(ids)), 500):
                marks = ",".join("?" * len(chunk))
                for row in conn.execute(
                    f"SELECT {EVENT_COLUMNS} FROM events WHERE id IN ({marks})", chunk
                ):
                    event = event_from_row(row)
                    found[event.id] = event
        return [found[i] for i in ids if i in found]

    def event_heads(self, ids: Sequence[str]) -> dict[str, EventHead]:
        """From the in-process copy of every turn's head (``heads.py``)."""
        if not ids:
            return {}
        with self._read() as conn:
            return self._heads.heads(conn, ids)

    def iter_events(self, scope: Scope | None = None, batch: int = 500) -> Iterator[Event]:
        last = 0
        while True:
            with self._read() as conn:
                if scope is None:
                    rows = conn.execute(
                        f"SELECT {EVENT_COLUMNS} FROM events WHERE seq > ? ORDER BY seq LIMIT ?",
                        (last, batch),
                    ).fetchall()
                else:
                    rows = conn.execute(
                        f"SELECT {EVENT_COLUMNS} FROM events WHERE {SCOPE_WHERE} AND seq > ? "
                        "ORDER BY seq LIMIT ?",
                        (*scope_params(scope), last, batch),
                    ).fetchall()
            if not rows:
                return
            for row in rows:
                yield event_from_row(row)
            last = rows[-1]["seq"]

    def count_events(self, scope: Scope) -> int:
        with self._read() as conn:
            row = conn.execute(
                f"SELECT count(*) FROM events WHERE {SCOPE_WHERE}", scope_params(scope)
            ).fetchone()
        return int(row[0])

    def get_memories(self, ids: Sequence[str]) -> list[Memory]:
        if not ids:
            return []
        found: dict[str, Memory] = {}
        with self._read() as conn:
            for chunk in chunks(list(dict.fromkeys(ids)), 400):
                marks = ",".join("?" * len(chunk))
                sources: dict[str, list[str]] = {}
                for r in conn.execute(
                    f"SELECT memory_id, event_id FROM memory_sources WHERE memory_id IN ({marks}) "
                    "ORDER BY rowid",
                    chunk,
                ):
                    sources.setdefault(r[0], []).append(r[1])
                for row in conn.execute(
                    f"SELECT m.*, {STRENGTH_NOW} AS strength_now FROM memories m {CLOCK_JOIN} "
                    f"WHERE m.id IN ({marks})",
                    chunk,
                ):
                    found[row["id"]] = memory_from_row(
                        row, tuple(sources.get(row["id"], ())), strength=row["strength_now"]
                    )
        return [found[i] for i in ids if i in found]

    def list_memories(
        self, scope: Scope, *, status: str = "active", limit: int = 100, offset: int = 0
    ) -> list[Memory]:
        with self._read() as conn:
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
            with self._read() as conn:
                rows = conn.execute(
                    "SELECT rowid, id FROM memories WHERE rowid > ? ORDER BY rowid LIMIT ?",
                    (last, batch),
                ).fetchall()
            if not rows:
                return
            yield from self.get_memories([r[1] for r in rows])
            last = int(rows[-1][0])

    def get_meta(self, key: str) -> str | None:
        with self._read() as conn:
            row = conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def superseded_facts(self, scope: Scope) -> list[Fact]:
        with self._read() as conn:
            rows = conn.execute(
                f"SELECT * FROM facts WHERE {SCOPE_WHERE} AND valid_to IS NOT NULL "
                "ORDER BY valid_from",
                scope_params(scope),
            ).fetchall()
        return [fact_from_row(r) for r in rows]

    def revisions(self, target_kind: str, target_id: str) -> list[Revision]:
        with self._read() as conn:
            rows = conn.execute(
                "SELECT * FROM revisions WHERE target_kind = ? AND target_id = ? "
                "ORDER BY at, rowid",
                (target_kind, target_id),
            ).fetchall()
        return [revision_from_row(r) for r in rows]

    def current_facts(self, scope: Scope) -> list[Fact]:
        with self._read() as conn:
            rows = conn.execute(
                f"SELECT * FROM facts WHERE {SCOPE_WHERE} AND valid_to IS NULL ORDER BY valid_from",
                scope_params(scope),
            ).fetchall()
        return [fact_from_row(r) for r in rows]

    def scopes(self) -> list[Scope]:
        with self._read() as conn:
            rows = conn.execute(
                "SELECT DISTINCT user_id, agent_id, world_id FROM events "
                "ORDER BY user_id, agent_id, world_id"
            ).fetchall()
        return [scope_from_row(r) for r in rows]

    def lexical_search(self, scope: Scope, tokens: Sequence[str], limit: int) -> list[LexicalHit]:
        if not tokens:
            return []
        with self._read() as conn:
            # ranked in memory with FTS5's bm25(lexical, 0.0, 1.0) (lexicon.py): the same
            # scores as a MATCH, without scoring every posting of the query's terms in FTS5
            ranked = self._lexicon.search(conn, scope_token(scope), tokens, limit)
        return [LexicalHit(kind, owner, score) for kind, owner, score in ranked]

    def dense_search(
        self,
        scope: Scope,
        model: str,
        owner_kind: str,
        query: Vector,
        limit: int,
        include_ids: Sequence[str] = (),
    ) -> list[VectorHit]:
        if limit <= 0:  # only the similarity of include_ids: no scan of the scope
            similar = self.similarities(scope, model, owner_kind, query, include_ids)
            return [VectorHit(owner_kind, i, v) for i, v in similar.items()]
        with self._read() as conn:
            ids, matrix, positions, codes = self._vectors.matrix(
                conn, scope_token(scope), scope_params(scope), model, owner_kind
            )
        live = len(matrix)  # ``ids`` may run past the rows this version holds
        if not live:
            return []
        if matrix.shape[1] != query.shape[0]:
            raise StoreError(
                f"vector dimension mismatch for {model}: {matrix.shape[1]} != {query.shape[0]}"
            )
        q = query.astype(np.float32)

        def rows_of(wanted: set[str]) -> list[int]:  # in row order, as a scan would give them
            return sorted(i for i in (positions.get(w, -1) for w in wanted) if 0 <= i < live)

        k = min(limit, live)
        found = top_k(codes, matrix, q, k) if codes is not None else None
        if found is not None:  # the exact top k, proved from the int8 codes
            top, top_sims = found
        else:
            sims = matrix @ q
            top = np.argpartition(-sims, k - 1)[:k] if k < live else np.arange(live)
            top = top[np.argsort(-sims[top], kind="stable")]
            top_sims = sims[top]
        hits = [VectorHit(owner_kind, ids[i], float(v)) for i, v in zip(top, top_sims, strict=True)]
        if include_ids:
            seen = {hit.owner_id for hit in hits}
            rows = rows_of(set(include_ids) - seen)
            if rows:
                sims_of = zip(rows, row_scores(matrix, rows, q).tolist(), strict=True)
                hits.extend(VectorHit(owner_kind, ids[i], v) for i, v in sims_of)
        return hits

    def similarities(
        self, scope: Scope, model: str, owner_kind: str, query: Vector, ids: Sequence[str]
    ) -> dict[str, float]:
        """From the scope's cached vectors, in row order."""
        with self._read() as conn:
            rows = self._vectors.matrix(
                conn, scope_token(scope), scope_params(scope), model, owner_kind
            )
        live = len(rows.matrix)
        if not live:
            return {}
        if rows.matrix.shape[1] != query.shape[0]:
            width = rows.matrix.shape[1]
            raise StoreError(f"vector dimension mismatch for {model}: {width} != {query.shape[0]}")
        positions = rows.positions
        # in row order, as a scan would give them
        at = sorted(i for i in (positions.get(w, -1) for w in set(ids)) if 0 <= i < live)
        if not at:
            return {}
        scores = row_scores(rows.matrix, at, query).tolist()
        owners = rows.ids
        return {owners[i]: v for i, v in zip(at, scores, strict=True)}

    def reply_links(self, event_ids: Sequence[str]) -> list[tuple[str, str]]:
        """(reply, replied-to) for every reply_to link from or to one of ``event_ids``, from
        the in-process copy of the file's links (``replies.py``)."""
        if not event_ids:
            return []
        with self._read() as conn:
            return self._replies.links(conn, list(dict.fromkeys(event_ids)))

    def context_keys(
        self, scope: Scope, model: str, query: Vector, event_ids: Sequence[str]
    ) -> ContextKeys:
        """From the scope's cached vectors (the matrix dense search scans) and each row's
        partner rows (``keyrows.py``): one position read a turn, the rest gathered at once."""
        keys = ContextKeys({}, {})
        token = scope_token(scope)
        with self._read() as conn:
            rows = self._vectors.matrix(conn, token, scope_params(scope), model, "event")
            live = len(rows.matrix)
            if not live or not event_ids:
                return keys
            before, after = self._replies.reading(
                conn, partial(self._key_rows.partners, (token, model), rows)
            )
        asked = list(dict.fromkeys(event_ids))
        at = np.fromiter((rows.positions.get(i, -1) for i in asked), np.int64, len(asked))
        held = np.flatnonzero((at >= 0) & (at < live))
        own = at[held]
        to, by = before[own], after[own]
        has_to, has_by = (to >= 0) & (to < live), (by >= 0) & (by < live)
        # a key is (reply + replied-to): a turn's own key, then the key of its reply
        replies = np.concatenate([own[has_to], by[has_by]])
        replied = np.concatenate([to[has_to], own[has_by]])
        if not len(replies):
            return keys
        scores = key_scores(rows.matrix, replies, replied, query).tolist()
        split = int(has_to.sum())
        keys.before.update(zip((asked[i] for i in held[has_to]), scores[:split], strict=True))
        keys.after.update(zip((asked[i] for i in held[has_by]), scores[split:], strict=True))
        return keys

    def warm(self, scope: Scope, model: str) -> None:
        """Build now what the scope's first recall would build: the file's turn heads, reply
        links and lexical postings, and the scope's vectors of ``model`` with their int8
        codes and context-key rows (100k turns: about 6 s the first time, nothing after)."""
        self._bring_current(scope, model, build=True)

    def refresh(self, scope: Scope, model: str) -> None:
        """Bring current, after a write, the copies of :meth:`warm` that this process has
        built (each reads only what changed); builds none."""
        self._bring_current(scope, model, build=False)

    def _bring_current(self, scope: Scope, model: str, *, build: bool) -> None:
        token, params = scope_token(scope), scope_params(scope)
        with self._read() as conn:
            for copy in (self._heads, self._replies, self._lexicon):
                if build:
                    copy.warm(conn)
                else:
                    copy.refresh(conn)
            kinds = ("fact", "memory", "event")
            held = [kind for kind in kinds if build or self._vectors.holds((token, model, kind))]
            rows = {kind: self._vectors.matrix(conn, token, params, model, kind) for kind in held}
            turns = rows.get("event")
            if turns is None or not len(turns.matrix):
                return
            if build or self._key_rows.holds((token, model)):
                self._replies.reading(conn, partial(self._key_rows.partners, (token, model), turns))

    def memories_for_events(self, event_ids: Sequence[str]) -> dict[str, list[MemoryWeight]]:
        result: dict[str, list[MemoryWeight]] = {}
        with self._read() as conn:
            for chunk in chunks(list(dict.fromkeys(event_ids)), 500):
                marks = ",".join("?" * len(chunk))
                # CROSS JOIN fixes SQLite's join order (its planner otherwise may scan every
                # active memory: 17 s a recall at 100k memories): the sources by event (from
                # the index alone, migration 0009), then each memory by key
                for row in conn.execute(
                    f"SELECT s.event_id, m.id, m.importance, {STRENGTH_NOW} "
                    f"FROM memory_sources s CROSS JOIN memories m {CLOCK_JOIN} "
                    f"WHERE s.event_id IN ({marks}) AND m.id = s.memory_id "
                    "AND m.status = 'active' ORDER BY s.rowid",
                    chunk,
                ):
                    result.setdefault(row[0], []).append(
                        MemoryWeight(row[1], float(row[2]), float(row[3]))
                    )
        return result

    def unembedded(self, owner_kind: str, model: str, limit: int) -> list[str]:
        table, alive = {
            "memory": (
                "memories",
                "t.status = 'active' AND (t.promoted_from != '[]' OR t.memory_type = 'semantic')",
            ),
            "fact": ("facts", "t.valid_to IS NULL"),
            "event": ("events", _HAS_TEXT.format(t="t")),
        }[owner_kind]
        with self._read() as conn:
            rows = conn.execute(
                f"SELECT t.id FROM {table} t LEFT JOIN embeddings e ON e.owner_kind = ? "
                f"AND e.owner_id = t.id AND e.model = ? WHERE e.owner_id IS NULL AND {alive} "
                "ORDER BY t.rowid LIMIT ?",
                (owner_kind, model, limit),
            ).fetchall()
        return [r[0] for r in rows]

    def get_facts(self, ids: Sequence[str]) -> list[Fact]:
        found: dict[str, Fact] = {}
        with self._read() as conn:
            for chunk in chunks(list(dict.fromkeys(ids)), 500):
                marks = ",".join("?" * len(chunk))
                for row in conn.execute(f"SELECT * FROM facts WHERE id IN ({marks})", chunk):
                    found[row["id"]] = fact_from_row(row)
        return [found[i] for i in ids if i in found]

    def stats(self) -> dict[str, Any]:
        with self._read() as conn:
            counts = {
                table: int(conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0])
                for table in ("events", "memories", "facts", "embeddings", "revisions", "jobs")
            }
        return {"backend": "sqlite", "location": self.location, "counts": counts}

    def applied_migrations(self) -> list[str]:
        return self._db.applied_migrations()

    def size_bytes(self) -> int:
        """Bytes on disk: the database file and its WAL (0 for ``:memory:``)."""
        if self._db.in_memory:
            return 0
        files = [Path(self.location), Path(self.location + "-wal")]
        return sum(f.stat().st_size for f in files if f.exists())

    def close(self) -> None:
        self._db.close()
        self._drop_caches()

    def _drop_caches(self) -> None:
        self._vectors.clear()
        self._lexicon.clear()
        self._replies.clear()
        self._heads.clear()
        self._key_rows.clear()
