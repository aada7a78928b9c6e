"""Erasing a user: every row of one user_id, in every table, then compaction."""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Protocol

from soulmem.model import Scope
from soulmem.store.sql import SqlConnection
from soulmem.store.sqlite.writer import scope_token

__all__ = ["EraseUser"]

#: Tables with a user_id column. Rows that hang off them (event_links, event_affects,
#: event_thread_members, memory_sources, belief_versions) go with them by ON DELETE CASCADE.
USER_TABLES = (
    "events",
    "event_threads",
    "facts",
    "revisions",
    "memories",
    "embeddings",
    "forgetting_queue",
    "relationships",
    "relationship_log",
    "scenes",
    "moods",
    "islands",
    "beliefs",
    "summaries",
    "inbox",
    "jobs",
    "notes",
    "imaginations",
    "imagination_patterns",
    "soul_versions",
    "maintenance",
    "scope_settings",
    "decay_clock",
)

#: Lexical documents are named by (owner_kind, owner_id); these tables own them.
_OWNERS = ("events", "memories", "facts", "summaries")


class _Host(Protocol):
    def _begin(self) -> AbstractContextManager[SqlConnection]: ...

    def compact(self) -> None: ...

    def _drop_caches(self) -> None: ...

    def _forget_scopes(self, conn: SqlConnection, tokens: list[str]) -> None: ...


class EraseUser:
    def _forget_scopes(self, conn: SqlConnection, tokens: list[str]) -> None:
        """Drop the lexical documents and vector versions of these scopes (by scope token)."""
        for token in tokens:
            rowids = [
                r[0]
                for r in conn.execute(
                    "SELECT rowid FROM lexical WHERE lexical MATCH ?",
                    (f'scope_key : "{token}"',),
                )
            ]
            for rowid in rowids:
                conn.execute("DELETE FROM lexical WHERE rowid = ?", (rowid,))
                conn.execute("DELETE FROM lexical_docs WHERE rowid = ?", (rowid,))
            conn.execute("DELETE FROM vector_versions WHERE scope_key = ?", (token,))

    def erase_user(self: _Host, user_id: str) -> int:
        """Delete every row of ``user_id`` (all of its scopes) from every table, with the
        lexical index entries and vector versions of its scopes, then compact so the data
        leaves the files. Returns how many rows were deleted from the user tables."""
        deleted = 0
        with self._begin() as conn:
            scopes = {
                Scope(r[0], r[1], r[2] or None)
                for table in USER_TABLES
                for r in conn.execute(
                    f"SELECT DISTINCT user_id, agent_id, world_id FROM {table} "
                    "WHERE user_id = ? AND agent_id IS NOT NULL",
                    (user_id,),
                )
            }
            self._forget_scopes(conn, [scope_token(scope) for scope in scopes])
            for table in _OWNERS:  # documents whose FTS row was already gone
                conn.execute(
                    f"DELETE FROM lexical_docs WHERE owner_id IN "
                    f"(SELECT id FROM {table} WHERE user_id = ?)",
                    (user_id,),
                )
            for table in USER_TABLES:
                deleted += conn.execute(
                    f"DELETE FROM {table} WHERE user_id = ?", (user_id,)
                ).rowcount
        self._drop_caches()  # no erased word or vector stays in this process's memory
        self.compact()
        return deleted
