"""The PostgreSQL store's integrity check: what the server does not enforce by itself.

PostgreSQL keeps declared foreign keys and its own pages consistent; what can still go wrong
is soulmem's: references that are not declared as foreign keys (vectors, lexical documents
and memory sources point at records by id), the lexical index's postings and collection
statistics (maintained by hand in the writing transaction), vectors whose stored dimension
is not their length, and, where the ``amcheck`` extension is installed (or can be), the
B-tree indexes' own structure (``bt_index_check``)."""

from __future__ import annotations

import psycopg

from soulmem.store.postgres.dialect import Connection
from soulmem.store.postgres.lexical import SHARDS

__all__ = ["ORPHAN_CHECKS", "OWNERS", "integrity_problems"]

_SHARD = f"(('x0' || substr(scope_key, 2, 7))::bit(32)::int % {SHARDS})"

#: owner_kind -> the table whose ``id`` a vector or a lexical document of that kind points at
OWNERS = {"event": "events", "memory": "memories", "fact": "facts"}
_KINDS = ", ".join(f"'{kind}'" for kind in OWNERS)

#: name -> a query counting rows that are wrong (point at nothing, disagree with their data)
ORPHAN_CHECKS: dict[str, str] = {
    **{
        f"{label} without their {kind}": (
            f"SELECT count(*) FROM {table} x WHERE x.owner_kind = '{kind}' "
            f"AND NOT EXISTS (SELECT 1 FROM {owner} o WHERE o.id = x.owner_id)"
        )
        for table, label in (("embeddings", "embeddings"), ("lexical_docs", "lexical documents"))
        for kind, owner in OWNERS.items()
    },
    "embeddings of an unknown kind": (
        f"SELECT count(*) FROM embeddings WHERE owner_kind NOT IN ({_KINDS})"
    ),
    "lexical documents of an unknown kind": (
        f"SELECT count(*) FROM lexical_docs WHERE owner_kind NOT IN ({_KINDS})"
    ),
    "embeddings whose dim is not their length": (
        "SELECT count(*) FROM embeddings WHERE vector_dims(vector) != dim"
    ),
    "lexical postings in another scope than their document": (
        "SELECT count(*) FROM lexical_terms t JOIN lexical_docs d ON d.rowid = t.doc "
        "WHERE t.scope_key != d.scope_key"
    ),
    "lexical document lengths that differ from their postings": (
        "SELECT count(*) FROM lexical_docs d WHERE d.length != 1 + COALESCE("
        "(SELECT sum(tf) FROM lexical_terms t WHERE t.doc = d.rowid), 0)"
    ),
    "lexical document frequencies that differ from the postings": (
        "SELECT count(*) FROM lexical_df AS kept "
        f"FULL JOIN (SELECT term, {_SHARD} AS shard, count(*) AS n FROM lexical_terms "
        "GROUP BY 1, 2) AS counted USING (term, shard) "
        "WHERE kept.n IS DISTINCT FROM counted.n"
    ),
    "lexical collection sizes that differ from the documents": (
        "SELECT count(*) FROM (SELECT shard, docs, tokens FROM lexical_stats "
        "WHERE docs != 0 OR tokens != 0) AS kept "
        f"FULL JOIN (SELECT {_SHARD} AS shard, count(*) AS docs, sum(length) AS tokens "
        "FROM lexical_docs GROUP BY 1) AS counted USING (shard) "
        "WHERE kept.docs IS DISTINCT FROM counted.docs "
        "OR kept.tokens IS DISTINCT FROM counted.tokens"
    ),
    "memory sources without their event": (
        "SELECT count(*) FROM memory_sources s "
        "WHERE NOT EXISTS (SELECT 1 FROM events v WHERE v.id = s.event_id)"
    ),
}


def integrity_problems(conn: Connection) -> list[str]:
    """Every problem found (empty: all is well). ``conn`` is an autocommit connection."""
    problems: list[str] = []
    for name, query in ORPHAN_CHECKS.items():
        count = int(conn.execute(query).fetchone()[0])
        if count:
            problems.append(f"{name}: {count}")
    return problems + _btree_problems(conn)


def _btree_problems(conn: Connection) -> list[str]:
    """``bt_index_check`` of every B-tree index of the current schema, when amcheck is
    available (a server without the extension's files skips this part)."""
    try:
        conn.execute("CREATE EXTENSION IF NOT EXISTS amcheck")
    except psycopg.Error:
        return []
    indexes = conn.execute(
        "SELECT c.oid::regclass::text, c.oid FROM pg_index i "
        "JOIN pg_class c ON c.oid = i.indexrelid "
        "JOIN pg_am a ON a.oid = c.relam "
        "JOIN pg_namespace n ON n.oid = c.relnamespace "
        "WHERE a.amname = 'btree' AND n.nspname = current_schema() AND i.indisvalid "
        "ORDER BY 1"
    ).fetchall()
    problems: list[str] = []
    for name, oid in indexes:
        try:
            conn.execute("SELECT bt_index_check(?::oid, true)", (oid,))
        except psycopg.Error as exc:
            problems.append(f"index {name}: {str(exc).strip()}")
    return problems
