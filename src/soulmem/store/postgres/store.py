"""PostgresStore: the Store protocol on PostgreSQL, for several API and worker processes.

The reads and writes that are plain SQL are shared with the SQLite store (run through
``dialect.py``); what differs lives here: the pool and transactions, dense search with
pgvector, lexical search (``lexical.py``), job leases that skip rows another worker holds,
and the statistics/compaction.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from datetime import datetime
from typing import Any

import numpy as np

from soulmem.clock import Clock
from soulmem.errors import StoreError
from soulmem.model import Memory, Scope
from soulmem.store.base import ContextKeys, EventHead, LexicalHit, Vector, VectorHit
from soulmem.store.postgres import integrity, lexical
from soulmem.store.postgres.bulk import BULK_TABLES, BulkWriter, drop_secondary_indexes
from soulmem.store.postgres.connection import PgConnections, redact
from soulmem.store.postgres.dialect import Connection
from soulmem.store.postgres.writer import PgWriter
from soulmem.store.sql import SqlConnection
from soulmem.store.sqlite.decay import CLOCK_JOIN, STRENGTH_NOW
from soulmem.store.sqlite.heads import HEAD_COLUMNS, head_from_row
from soulmem.store.sqlite.rows import SCOPE_WHERE, memory_from_row, scope_params
from soulmem.store.sqlite.store import SQLiteStore
from soulmem.store.sqlite.writer import scope_token

__all__ = ["PostgresStore"]

#: the reply links from (0) or to (1) the asked turns, with the query's inner product with
#: each link's context key (``key_similarities``: (q.a + q.b) / |a + b|, |a + b|^2 = |a|^2 +
#: |b|^2 + 2 a.b, ``a`` and ``b`` the two turns' vectors). The links first, then each turn's
#: vector once, looked up by key (``= ANY(ARRAY(...))``: an index lookup whatever the
#: statistics say; joined to the links on a fresh database the planner started from every
#: vector of the model, 15 ms for 600 links on a 300-turn scope)
CONTEXT_KEYS_SQL = (
    "WITH l AS MATERIALIZED (SELECT 0 AS side, from_event_id, to_event_id FROM event_links "
    "WHERE kind = 'reply_to' AND from_event_id = ANY(?) UNION ALL SELECT 1, from_event_id, "
    "to_event_id FROM event_links WHERE kind = 'reply_to' AND to_event_id = ANY(?)), "
    "v AS MATERIALIZED (SELECT owner_id, vector, -(vector <#> ?::vector) AS s, "
    "vector_norm(vector) AS n FROM embeddings WHERE owner_kind = 'event' AND model = ? "
    "AND owner_id = ANY(ARRAY(SELECT from_event_id FROM l UNION SELECT to_event_id FROM l))) "
    "SELECT l.side, l.from_event_id, l.to_event_id, ((a.s + b.s) / GREATEST(sqrt(a.n ^ 2 "
    "+ b.n ^ 2 - 2 * (a.vector <#> b.vector)), 1e-12))::float8 FROM l "
    "JOIN v a ON a.owner_id = l.from_event_id JOIN v b ON b.owner_id = l.to_event_id"
)

REPLY_LINKS_SQL = (
    "SELECT from_event_id, to_event_id FROM event_links WHERE kind = 'reply_to' "
    "AND from_event_id = ANY(?) UNION SELECT from_event_id, to_event_id FROM event_links "
    "WHERE kind = 'reply_to' AND to_event_id = ANY(?)"
)

#: Dimensions with an HNSW index (migration 0001): the default e5 model's.
HNSW_DIMS = frozenset({384})
#: Vectors in one scope from which dense search goes through HNSW instead of ranking exactly.
HNSW_MIN_SCOPE = 20_000
#: Memory for the index builds after a bulk load: the HNSW build is far slower once its graph
#: outgrows it (1M e5 vectors: about 2 GB).
BULK_INDEX_MEMORY = "2GB"
HNSW_INDEX = (
    "CREATE INDEX IF NOT EXISTS embeddings_hnsw_384 ON embeddings "
    "USING hnsw ((vector::vector(384)) vector_ip_ops) WHERE dim = 384"
)


class PostgresStore(SQLiteStore):
    """Store protocol on a PostgreSQL database (``postgresql://user:pass@host/db``)."""

    backend = "postgres"
    _LOCK_DUE = " FOR UPDATE SKIP LOCKED"

    def __init__(self, url: str, *, clock: Clock, pool_size: int = 8) -> None:
        self.clock = clock
        self._pg = PgConnections(url, max_size=pool_size)
        self.location = redact(url)

    @contextmanager
    def transaction(self) -> Iterator[PgWriter]:
        with self._pg.begin() as conn:
            writer = PgWriter(conn)
            yield writer
        for callback in writer.callbacks:
            callback()

    def rehearse(self, memory_ids: Sequence[str], at: datetime) -> None:
        with self.transaction() as tx:
            tx.touch_memories(memory_ids, at)

    def _read(self) -> AbstractContextManager[SqlConnection]:
        return self._pg.read()

    def _begin(self) -> AbstractContextManager[SqlConnection]:
        return self._pg.begin()

    def _drop_caches(self) -> None:
        """Nothing to drop: every read goes to the server."""

    def warm(self, scope: Scope, model: str) -> None:
        """Nothing to build: every read goes to the server."""

    def refresh(self, scope: Scope, model: str) -> None:
        """Nothing to bring current: every read goes to the server."""

    def reply_links(self, event_ids: Sequence[str]) -> list[tuple[str, str]]:
        """(reply, replied-to) for every reply_to link from or to one of ``event_ids``, read
        on the server (the embedded store keeps a copy of the links instead)."""
        asked = list(dict.fromkeys(event_ids))
        if not asked:
            return []
        with self._pg.read() as conn:
            rows = conn.execute(REPLY_LINKS_SQL, (asked, asked)).fetchall()
        return list(dict.fromkeys((str(a), str(b)) for a, b in rows))

    def event_heads(self, ids: Sequence[str]) -> dict[str, EventHead]:
        """Read on the server (the embedded store keeps a copy of the heads instead)."""
        asked = list(dict.fromkeys(ids))
        if not asked:
            return {}
        with self._pg.read() as conn:
            rows = conn.execute(
                f"SELECT id, {HEAD_COLUMNS} FROM events WHERE id = ANY(?)", (asked,)
            ).fetchall()
        return {str(row[0]): head_from_row(row[1:]) for row in rows}

    def compact(self) -> None:
        """Reclaim the space of removed rows (PostgreSQL overwrites nothing in place: VACUUM
        makes dead tuples' space reusable)."""
        with self._pg.read() as conn:
            for table in ("events", "memories", "embeddings", "lexical_docs", "lexical_terms"):
                conn.execute(f"VACUUM {table}")

    def _forget_scopes(self, conn: SqlConnection, tokens: list[str]) -> None:
        assert isinstance(conn, Connection)
        for token in tokens:
            lexical.unindex_scope(conn, token)

    def lexical_search(self, scope: Scope, tokens: Sequence[str], limit: int) -> list[LexicalHit]:
        if not tokens:
            return []
        with self._pg.read() as conn:
            return lexical.search(conn, scope_token(scope), tokens, limit)

    def dense_search(
        self,
        scope: Scope,
        model: str,
        owner_kind: str,
        query: Vector,
        limit: int,
        include_ids: Sequence[str] = (),
    ) -> list[VectorHit]:
        """Inner product (e5 vectors are unit length, as in the SQLite store). A scope's
        vectors are read by the scope index and ranked exactly (the same hits as SQLite);
        only a scope of HNSW_MIN_SCOPE vectors or more is searched through the HNSW index
        (approximate, iterative scan so the scope filter cannot starve it)."""
        q = np.ascontiguousarray(query, dtype=np.float32)
        dim = int(q.shape[0])
        where = _vectors_where(dim)
        params = (*scope_params(scope), model, owner_kind)
        wanted = sorted(set(include_ids))
        hnsw = dim in HNSW_DIMS
        asked = _asked(dim)  # the vectors of ``include_ids`` (tag 1)
        if limit <= 0:  # only the similarity of include_ids
            similar = self.similarities(scope, model, owner_kind, q, wanted)
            return [VectorHit(owner_kind, i, v) for i, v in similar.items()]
        # One round trip unless the scope is big: the scope's size, counted up to
        # HNSW_MIN_SCOPE (tag 2), the exact ranking while it is under that (tag 0), the
        # vectors of ``include_ids`` (tag 1), and, only when the scope has no vector of this
        # length, one of another length (tag 3: a dimension mismatch).
        size = (
            f"size AS (SELECT count(*) AS n FROM (SELECT 1 FROM embeddings WHERE {where} "
            f"LIMIT {HNSW_MIN_SCOPE if hnsw else 1}) AS s)"
        )
        parts = [
            f"(SELECT 0, owner_id, -(vector <#> ?::vector({dim})) FROM embeddings WHERE {where} "
            f"AND {'(SELECT n FROM size) < ' + str(HNSW_MIN_SCOPE) if hnsw else 'TRUE'} "
            f"ORDER BY vector <#> ?::vector({dim}) LIMIT ?)",
            "SELECT 2, NULL, n FROM size",
            f"(SELECT 3, NULL, dim FROM embeddings WHERE {SCOPE_WHERE} AND model = ? "
            f"AND owner_kind = ? AND dim != {dim} AND (SELECT n FROM size) = 0 LIMIT 1)",
        ]
        args: list[Any] = [*params, q, *params, q, limit, *params]
        if wanted:
            parts.append(asked)
            args += [q, *params, wanted]
        with self._pg.read() as conn:
            rows = conn.execute(f"WITH {size} {' UNION ALL '.join(parts)}", args).fetchall()
            scope_size = next(int(r[2]) for r in rows if r[0] == 2)
            if hnsw and scope_size >= HNSW_MIN_SCOPE:  # a big scope: approximate, through HNSW
                column = f"vector::vector({dim})"
                rows += conn.execute(
                    f"SELECT 0, owner_id, -({column} <#> ?::vector({dim})) FROM embeddings "
                    f"WHERE {where} ORDER BY {column} <#> ?::vector({dim}) LIMIT ?",
                    (q, *params, q, limit),
                ).fetchall()
        other = next((r[2] for r in rows if r[0] == 3), None)
        if other is not None:
            raise StoreError(f"vector dimension mismatch for {model}: {int(other)} != {dim}")
        hits = [VectorHit(owner_kind, str(r[1]), float(r[2])) for r in rows if r[0] == 0]
        found = {hit.owner_id for hit in hits}
        hits.extend(
            VectorHit(owner_kind, str(r[1]), float(r[2]))
            for r in rows
            if r[0] == 1 and str(r[1]) not in found
        )
        return hits

    def similarities(
        self, scope: Scope, model: str, owner_kind: str, query: Vector, ids: Sequence[str]
    ) -> dict[str, float]:
        wanted = sorted(set(ids))
        if not wanted:
            return {}
        q = np.ascontiguousarray(query, dtype=np.float32)
        params = (*scope_params(scope), model, owner_kind)
        with self._pg.read() as conn:
            rows = conn.execute(_asked(int(q.shape[0])), [q, *params, wanted]).fetchall()
        return {str(r[1]): float(r[2]) for r in rows}

    def get_memories(self, ids: Sequence[str]) -> list[Memory]:
        """The memories and their sources in one statement (SQLite reads them in two)."""
        if not ids:
            return []
        with self._pg.read() as conn:
            rows = conn.execute(
                f"SELECT m.*, {STRENGTH_NOW} AS strength_now, ARRAY(SELECT s.event_id "
                "FROM memory_sources s WHERE s.memory_id = m.id ORDER BY s.rowid) AS _sources "
                f"FROM memories m {CLOCK_JOIN} WHERE m.id = ANY(?)",
                (list(dict.fromkeys(ids)),),
            ).fetchall()
        found = {
            row["id"]: memory_from_row(row, tuple(row["_sources"]), strength=row["strength_now"])
            for row in rows
        }
        return [found[i] for i in ids if i in found]

    def vectors_for(
        self, scope: Scope, model: str, owner_kind: str, ids: Sequence[str]
    ) -> dict[str, Vector]:
        if not ids:
            return {}
        with self._pg.read() as conn:
            rows = conn.execute(
                "SELECT owner_id, vector FROM embeddings WHERE owner_kind = ? AND model = ? "
                "AND owner_id = ANY(?)",
                (owner_kind, model, list(ids)),
            ).fetchall()
        return {str(r[0]): _array(r[1]) for r in rows}

    def context_keys(
        self, scope: Scope, model: str, query: Vector, event_ids: Sequence[str]
    ) -> ContextKeys:
        """The similarities are computed by the server: a float per key comes back, not two
        vectors (about 600 keys a recall)."""
        keys = ContextKeys({}, {})
        if not event_ids:
            return keys
        asked, q = list(dict.fromkeys(event_ids)), np.ascontiguousarray(query, np.float32)
        with self._pg.read() as conn:
            rows = conn.execute(CONTEXT_KEYS_SQL, (asked, asked, q, model)).fetchall()
        for side, reply, to, similarity in rows:
            if side:
                keys.after[str(to)] = float(similarity)
            else:
                keys.before[str(reply)] = float(similarity)
        return keys

    @contextmanager
    def bulk_load(self) -> Iterator[BulkWriter]:
        """Load many new records in one transaction with COPY (see ``bulk.py``), into an
        otherwise idle database (the load locks the tables it fills). The secondary indexes
        of those tables and the HNSW index are dropped for the load and built once after it
        (a sorted build is much faster than growing each index a row at a time), with
        BULK_INDEX_MEMORY for the builds; then the lexical statistics are recomputed, the
        tables vacuumed and analysed, and a checkpoint taken where the role may."""
        with self._pg.begin(pipeline=False) as conn:  # COPY runs outside pipelines
            conn.execute("SET LOCAL synchronous_commit = off")
            # the statistics are recomputed over every posting: the server's parallelism
            conn.execute("SET LOCAL max_parallel_workers_per_gather TO DEFAULT")
            conn.execute("DROP INDEX IF EXISTS embeddings_hnsw_384")
            rebuild = drop_secondary_indexes(conn.raw, BULK_TABLES)
            writer = BulkWriter(conn.raw)
            yield writer
            writer.flush()
            conn.execute(f"SET LOCAL maintenance_work_mem = '{BULK_INDEX_MEMORY}'")
            for definition in rebuild:
                conn.execute(definition)
            lexical.rebuild_statistics(conn)
        with self._pg.read() as conn:
            conn.execute(f"SET maintenance_work_mem = '{BULK_INDEX_MEMORY}'")
            conn.execute(HNSW_INDEX)
            conn.execute("RESET maintenance_work_mem")
            # VACUUM, not only ANALYZE: it sets the loaded rows' hint bits and visibility map
            # now, so the first reads do not dirty every page they touch; then the dirty pages
            # are written at once (a CHECKPOINT, where this role may) instead of during reads
            conn.execute("VACUUM (ANALYZE)")
            may_checkpoint = conn.execute(
                "SELECT rolsuper OR pg_has_role(current_user, 'pg_checkpoint', 'MEMBER') "
                "FROM pg_roles WHERE rolname = current_user"
            ).fetchone()
            if may_checkpoint and may_checkpoint[0]:
                conn.execute("CHECKPOINT")

    def size_bytes(self) -> int:
        with self._pg.read() as conn:
            return int(conn.execute("SELECT pg_database_size(current_database())").fetchone()[0])

    def stats(self) -> dict[str, Any]:
        found = super().stats()
        found["backend"] = self.backend
        return found

    def applied_migrations(self) -> list[str]:
        return self._pg.applied_migrations()

    def check_integrity(self) -> list[str]:
        """What is wrong with the database: references that are not foreign keys pointing at
        nothing, a lexical index out of step with its records, vectors of the wrong length,
        damaged B-tree indexes (``integrity.py``); an empty list when all is well."""
        with self._pg.read() as conn:
            assert isinstance(conn, Connection)
            return integrity.integrity_problems(conn)

    def close(self) -> None:
        self._pg.close()


def _array(value: Any) -> Vector:
    """A vector column's value (pgvector's Vector, or an array) as float32."""
    data = value.to_numpy() if hasattr(value, "to_numpy") else value
    return np.asarray(data, dtype=np.float32)


def _vectors_where(dim: int) -> str:
    """A scope's vectors of one model, kind and length (parameters: the scope's, model,
    kind)."""
    return f"{SCOPE_WHERE} AND model = ? AND owner_kind = ? AND dim = {dim}"


def _asked(dim: int) -> str:
    """(1, owner id, similarity) of the vectors of some ids (parameters: the query, the
    ``_vectors_where`` ones, the ids)."""
    return (
        f"(SELECT 1, owner_id, -(vector <#> ?::vector)::float8 FROM embeddings "
        f"WHERE {_vectors_where(dim)} AND owner_id = ANY(?))"
    )
