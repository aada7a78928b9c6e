"""Lexical search on PostgreSQL with the ranking of the embedded store.

Documents are the token lists of soulmem's own tokenizer (the same terms SQLite's FTS5 table
holds). Ranking reproduces FTS5's ``bm25(lexical, 0.0, 1.0)`` as the SQLite store calls it
(k1 = 1.2, b = 0.75; the scope column weighs 0 but its one token counts in every document
length; IDF over the whole collection, floored at 1e-6), so both backends rank the same data
the same way. The collection statistics are maintained in the writing transaction.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from soulmem.store.base import BM25_B, BM25_K1, LexicalHit
from soulmem.store.postgres.dialect import Connection

__all__ = [
    "SHARDS",
    "index",
    "rebuild_statistics",
    "search",
    "shard_of",
    "unindex",
    "unindex_scope",
]

K1 = BM25_K1
B = BM25_B
#: Statistics rows per term (and for the collection), chosen by scope.
SHARDS = 8


def shard_of(scope_key: str) -> int:
    return int(scope_key[1:8], 16) % SHARDS


def index(
    conn: Connection, scope_key: str, owner_kind: str, owner_id: str, tokens: Sequence[str]
) -> None:
    """(Re)index one record's tokens."""
    old = conn.execute(
        "SELECT rowid FROM lexical_docs WHERE owner_kind = ? AND owner_id = ? FOR UPDATE",
        (owner_kind, owner_id),
    ).fetchone()
    if old is not None:
        unindex(conn, [int(old[0])])
    counts = Counter(tokens)
    length = len(tokens) + 1  # + the scope token of FTS5's scope_key column
    doc = int(
        conn.execute(
            "INSERT INTO lexical_docs (owner_kind, owner_id, scope_key, length) "
            "VALUES (?, ?, ?, ?) RETURNING rowid",
            (owner_kind, owner_id, scope_key, length),
        ).fetchone()[0]
    )
    terms = sorted(counts)
    if terms:
        conn.execute(
            "INSERT INTO lexical_terms (scope_key, term, doc, tf) "
            "SELECT ?, t, ?, n FROM unnest(?::text[], ?::bigint[]) AS u (t, n)",
            (scope_key, doc, terms, [counts[t] for t in terms]),
        )
    _count(conn, shard_of(scope_key), terms, docs=1, tokens=length)


def rebuild_statistics(conn: Connection) -> None:
    """Recompute document frequencies and collection sizes from the postings (after a bulk
    load); the same values :func:`index` maintains one document at a time."""
    shard = f"(('x0' || substr(scope_key, 2, 7))::bit(32)::int % {SHARDS})"
    conn.execute("DELETE FROM lexical_df")
    conn.execute("DELETE FROM lexical_stats")
    conn.execute(
        f"INSERT INTO lexical_df (term, shard, n) SELECT term, {shard}, count(*) "
        "FROM lexical_terms GROUP BY 1, 2"
    )
    conn.execute(
        f"INSERT INTO lexical_stats (shard, docs, tokens) SELECT {shard}, count(*), sum(length) "
        "FROM lexical_docs GROUP BY 1"
    )


def _count(conn: Connection, shard: int, terms: list[str], *, docs: int, tokens: int) -> None:
    """Add ``docs`` documents of ``tokens`` tokens, containing ``terms``, to the statistics
    (negative to remove). Terms are locked in sorted order so concurrent writers cannot
    deadlock on them. A term no document holds any more loses its row: the statistics keep
    no word of erased text."""
    if terms:
        conn.execute(
            "INSERT INTO lexical_df (term, shard, n) SELECT t, ?, ? FROM unnest(?::text[]) AS t "
            "ORDER BY t ON CONFLICT (term, shard) DO UPDATE SET n = lexical_df.n + EXCLUDED.n",
            (shard, docs, sorted(terms)),
        )
        if docs < 0:
            conn.execute(
                "DELETE FROM lexical_df WHERE shard = ? AND term = ANY(?) AND n <= 0",
                (shard, sorted(terms)),
            )
    conn.execute(
        "INSERT INTO lexical_stats (shard, docs, tokens) VALUES (?, ?, ?) ON CONFLICT (shard) "
        "DO UPDATE SET docs = lexical_stats.docs + EXCLUDED.docs, "
        "tokens = lexical_stats.tokens + EXCLUDED.tokens",
        (shard, docs, tokens),
    )


def unindex(conn: Connection, docs: Sequence[int]) -> None:
    """Remove these documents and their share of the statistics."""
    for doc in docs:
        terms = [
            r[0]
            for r in conn.execute(
                "DELETE FROM lexical_terms WHERE doc = ? RETURNING term", (doc,)
            ).fetchall()
        ]
        row = conn.execute(
            "DELETE FROM lexical_docs WHERE rowid = ? RETURNING scope_key, length", (doc,)
        ).fetchone()
        if row is None:
            continue
        _count(conn, shard_of(row[0]), terms, docs=-1, tokens=-int(row[1]))


def unindex_scope(conn: Connection, scope_key: str) -> None:
    docs = [
        int(r[0])
        for r in conn.execute("SELECT rowid FROM lexical_docs WHERE scope_key = ?", (scope_key,))
    ]
    unindex(conn, docs)


#: BM25 of the scope's documents holding any query term, best first, in one statement. The
#: arithmetic is FTS5's (and was the Python loop's) operation by operation, in float8, and
#: each document's terms are summed in query order (``ORDER BY`` inside ``sum``), so the
#: scores are the same doubles SQLite computes; only the ``limit`` winners come back.
_SEARCH = f"""
WITH q AS (SELECT u.t AS term, u.ord FROM unnest(?::text[]) WITH ORDINALITY AS u (t, ord)),
st AS (SELECT sum(docs)::float8 AS n, sum(tokens)::float8 AS tokens FROM lexical_stats),
df AS (SELECT term, sum(n)::float8 AS hits FROM lexical_df WHERE term = ANY(?) GROUP BY term),
idf AS (
  SELECT q.term, q.ord, ln((st.n - coalesce(df.hits, 0::float8) + 0.5::float8)
                           / (coalesce(df.hits, 0::float8) + 0.5::float8)) AS v
  FROM q CROSS JOIN st LEFT JOIN df ON df.term = q.term WHERE st.n > 0
),
scored AS (
  SELECT t.doc, min(d.owner_kind) AS owner_kind, min(d.owner_id) AS owner_id,
    sum(CASE WHEN i.v > 0::float8 THEN i.v ELSE 1e-6::float8 END
        * ((t.tf::float8 * ({K1}::float8 + 1.0::float8))
           / (t.tf::float8 + {K1}::float8 * (1::float8 - {B}::float8
                + {B}::float8 * d.length::float8 / (st.tokens / st.n))))
        ORDER BY i.ord) AS score
  FROM lexical_terms t JOIN idf i ON i.term = t.term JOIN lexical_docs d ON d.rowid = t.doc
  CROSS JOIN st
  WHERE t.scope_key = ? AND t.term = ANY(?)
  GROUP BY t.doc
)
SELECT owner_kind, owner_id, score FROM scored ORDER BY score DESC, doc LIMIT ?
"""


def search(conn: Connection, scope_key: str, tokens: Sequence[str], limit: int) -> list[LexicalHit]:
    """The ``limit`` best documents of the scope by BM25 (ties: older documents first),
    ranked by the server: IDF over the whole collection, floored at 1e-6 (FTS5's)."""
    terms = list(dict.fromkeys(tokens))
    if not terms or limit <= 0:
        return []
    rows = conn.execute(_SEARCH, (terms, terms, scope_key, terms, limit)).fetchall()
    return [LexicalHit(str(r[0]), str(r[1]), float(r[2])) for r in rows]
