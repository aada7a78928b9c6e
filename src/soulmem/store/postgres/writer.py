"""The writes of one PostgreSQL transaction: the shared writer, with vectors in pgvector and
the lexical index of ``lexical.py``."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from soulmem.model import Scope
from soulmem.store.base import Vector
from soulmem.store.postgres import lexical
from soulmem.store.postgres.dialect import Connection
from soulmem.store.sqlite.rows import scope_params
from soulmem.store.sqlite.writer import Writer, scope_token

__all__ = ["PgWriter"]


class PgWriter(Writer):
    def __init__(self, conn: Connection) -> None:
        super().__init__(conn)
        self.pg = conn

    def put_embedding(
        self, scope: Scope, owner_kind: str, owner_id: str, model: str, vector: Vector
    ) -> None:
        data = np.ascontiguousarray(vector, dtype=np.float32)
        self.conn.execute(
            "INSERT INTO embeddings (owner_kind, owner_id, model, dim, user_id, agent_id, "
            "world_id, vector) VALUES (?,?,?,?,?,?,?,?) ON CONFLICT (owner_kind, owner_id, "
            "model) DO UPDATE SET dim = EXCLUDED.dim, vector = EXCLUDED.vector",
            (owner_kind, owner_id, model, int(data.shape[0]), *scope_params(scope), data),
        )

    def index_tokens(
        self, scope: Scope, owner_kind: str, owner_id: str, tokens: Sequence[str]
    ) -> None:
        lexical.index(self.pg, scope_token(scope), owner_kind, owner_id, tokens)

    def _unindex(self, owner_kind: str, owner_ids: Sequence[str]) -> None:
        docs = self.conn.execute(
            "SELECT rowid FROM lexical_docs WHERE owner_kind = ? AND owner_id = ANY(?)",
            (owner_kind, list(owner_ids)),
        ).fetchall()
        if docs:
            lexical.unindex(self.pg, [int(doc[0]) for doc in docs])

    def _bump_vectors(
        self, scope: Scope, model: str, owner_kind: str, added: int | None = None
    ) -> None:
        """Nothing to do: no process keeps a copy of the vectors (pgvector searches them)."""
