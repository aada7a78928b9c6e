"""Reads the memory lifecycle needs (expiry, the forgetting queue, cadences, summaries,
the inbox), mixed into SQLiteStore."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager
from datetime import datetime
from typing import Protocol, Unpack

import numpy as np

from soulmem.clock import from_iso
from soulmem.model import Event, ForgettingEntry, InboxItem, Memory, Scope, Summary, Tier
from soulmem.store.base import MemoryFilters, Vector
from soulmem.store.sql import SqlConnection
from soulmem.store.sqlite.decay import CLOCK_JOIN, STRENGTH_NOW
from soulmem.store.sqlite.rows import (
    EVENT_COLUMNS,
    SCOPE_WHERE,
    event_from_row,
    iso,
    scope_from_row,
    scope_params,
)

__all__ = ["LifecycleReads"]


class _Host(Protocol):
    def _read(self) -> AbstractContextManager[SqlConnection]: ...

    def get_memories(self, ids: Sequence[str]) -> list[Memory]: ...

    def memory_ids_in(
        self,
        scope: Scope,
        tiers: Sequence[Tier] | None = None,
        status: str = "active",
        **filters: Unpack[MemoryFilters],
    ) -> list[str]: ...


def _opt(text: str | None) -> datetime | None:
    return None if text is None else from_iso(text)


class LifecycleReads:
    def expired_memories(
        self: _Host, now: datetime, limit: int = 500, scope: Scope | None = None
    ) -> list[tuple[str, Tier]]:
        query = (
            "SELECT id, tier FROM memories WHERE status = 'active' AND expires_at IS NOT NULL "
            "AND expires_at <= ?"
        )
        params: list[object] = [iso(now)]
        if scope is not None:
            query += f" AND {SCOPE_WHERE}"
            params.extend(scope_params(scope))
        with self._read() as conn:
            rows = conn.execute(query + " ORDER BY expires_at LIMIT ?", [*params, limit])
            return [(r[0], Tier(r[1])) for r in rows]

    def purge_due(
        self: _Host, now: datetime, limit: int = 500, scope: Scope | None = None
    ) -> list[str]:
        """The queued memories whose restore window has closed (of one scope, or every
        scope), the longest due first."""
        query = "SELECT memory_id FROM forgetting_queue WHERE purge_at <= ?"
        params: list[object] = [iso(now)]
        if scope is not None:
            query += f" AND {SCOPE_WHERE}"
            params.extend(scope_params(scope))
        params.append(limit)
        with self._read() as conn:
            return [r[0] for r in conn.execute(query + " ORDER BY purge_at LIMIT ?", params)]

    def forgetting_queue(
        self: _Host, scope: Scope, memory_id: str | None = None
    ) -> list[ForgettingEntry]:
        query = f"SELECT * FROM forgetting_queue WHERE {SCOPE_WHERE}"
        params: list[object] = list(scope_params(scope))
        if memory_id is not None:
            query += " AND memory_id = ?"
            params.append(memory_id)
        with self._read() as conn:
            rows = conn.execute(query + " ORDER BY purge_at", params).fetchall()
        return [
            ForgettingEntry(
                memory_id=r["memory_id"],
                scope=scope_from_row(r),
                reason=r["reason"],
                queued_at=from_iso(r["queued_at"]),
                purge_at=from_iso(r["purge_at"]),
                previous_tier=Tier(r["previous_tier"]),
            )
            for r in rows
        ]

    def memories_in(
        self: _Host,
        scope: Scope,
        tiers: Sequence[Tier] | None = None,
        status: str = "active",
        **filters: Unpack[MemoryFilters],
    ) -> list[Memory]:
        return self.get_memories(self.memory_ids_in(scope, tiers, status, **filters))

    def memory_ids_in(
        self: _Host,
        scope: Scope,
        tiers: Sequence[Tier] | None = None,
        status: str = "active",
        **filters: Unpack[MemoryFilters],
    ) -> list[str]:
        query = (
            f"SELECT m.id FROM memories m {CLOCK_JOIN} WHERE m.user_id = ? AND m.agent_id = ? "
            "AND m.world_id = ? AND m.status = ?"
        )
        params: list[object] = [*scope_params(scope), status]
        if tiers:
            query += f" AND m.tier IN ({','.join('?' * len(tiers))})"
            params.extend(t.value for t in tiers)
        if "memory_type" in filters:
            query += " AND m.memory_type = ?"
            params.append(filters["memory_type"])
        if "min_mentions" in filters:
            query += " AND m.mention_count >= ?"
            params.append(filters["min_mentions"])
        if "weaker_than" in filters:
            query += f" AND {STRENGTH_NOW} < ?"
            params.append(filters["weaker_than"])
        if filters.get("unreferenced"):
            query += " AND m.mention_count = 0 AND m.reference_count = 0 AND m.remember = 0"
        query += " ORDER BY m.rowid DESC"
        if "newest" in filters:
            query += " LIMIT ?"
            params.append(filters["newest"])
        with self._read() as conn:
            ids = [r[0] for r in conn.execute(query, params)]
        return list(reversed(ids))

    def tier_counts(self: _Host, scope: Scope | None = None) -> dict[str, int]:
        query = "SELECT tier, count(*) FROM memories WHERE status = 'active'"
        params: tuple[str, ...] = ()
        if scope is not None:
            query += f" AND {SCOPE_WHERE}"
            params = scope_params(scope)
        with self._read() as conn:
            found = {r[0]: int(r[1]) for r in conn.execute(query + " GROUP BY tier", params)}
        return {tier.value: found.get(tier.value, 0) for tier in Tier}

    def maintenance(self: _Host, scope: Scope) -> dict[str, tuple[datetime | None, int]]:
        with self._read() as conn:
            rows = conn.execute(
                f"SELECT duty, last_run, counter FROM maintenance WHERE {SCOPE_WHERE}",
                scope_params(scope),
            ).fetchall()
        return {r[0]: (_opt(r[1]), int(r[2])) for r in rows}

    def mode(self: _Host, scope: Scope) -> str:
        with self._read() as conn:
            row = conn.execute(
                f"SELECT mode FROM scope_settings WHERE {SCOPE_WHERE}", scope_params(scope)
            ).fetchone()
        return "session" if row is None else str(row[0])

    def events_between(self: _Host, scope: Scope, start: datetime, end: datetime) -> list[Event]:
        with self._read() as conn:
            rows = conn.execute(
                f"SELECT {EVENT_COLUMNS} FROM events WHERE {SCOPE_WHERE} AND at >= ? AND at < ? "
                "ORDER BY at, seq",
                (*scope_params(scope), iso(start), iso(end)),
            ).fetchall()
        return [event_from_row(r) for r in rows]

    def summaries(self: _Host, scope: Scope, period: str) -> list[Summary]:
        with self._read() as conn:
            rows = conn.execute(
                f"SELECT * FROM summaries WHERE {SCOPE_WHERE} AND period = ? ORDER BY starts_at",
                (*scope_params(scope), period),
            ).fetchall()
        return [
            Summary(
                id=r["id"],
                scope=scope_from_row(r),
                period=r["period"],
                starts_at=from_iso(r["starts_at"]),
                ends_at=from_iso(r["ends_at"]),
                text=r["text"],
                event_ids=tuple(json.loads(r["event_ids"])),
            )
            for r in rows
        ]

    def inbox(self: _Host, scope: Scope, status: str | None = "pending") -> list[InboxItem]:
        query = f"SELECT * FROM inbox WHERE {SCOPE_WHERE}"
        params: list[object] = list(scope_params(scope))
        if status is not None:
            query += " AND status = ?"
            params.append(status)
        with self._read() as conn:
            rows = conn.execute(query + " ORDER BY created_at, rowid", params).fetchall()
        return [
            InboxItem(
                id=r["id"],
                scope=scope_from_row(r),
                kind=r["kind"],
                payload=json.loads(r["payload"]),
                status=r["status"],
                created_at=from_iso(r["created_at"]),
                decided_at=_opt(r["decided_at"]),
                decision_reason=r["decision_reason"],
            )
            for r in rows
        ]

    def vectors_for(
        self: _Host, scope: Scope, model: str, owner_kind: str, ids: Sequence[str]
    ) -> dict[str, Vector]:
        found: dict[str, Vector] = {}
        with self._read() as conn:
            for start in range(0, len(ids), 500):
                chunk = list(ids[start : start + 500])
                marks = ",".join("?" * len(chunk))
                for r in conn.execute(
                    f"SELECT owner_id, vector FROM embeddings WHERE owner_kind = ? AND model = ? "
                    f"AND owner_id IN ({marks})",
                    (owner_kind, model, *chunk),
                ):
                    found[r[0]] = np.frombuffer(r[1], dtype=np.float32)
        return found

    def scopes_in_world(self: _Host, world_id: str) -> list[Scope]:
        with self._read() as conn:
            rows = conn.execute(
                "SELECT DISTINCT user_id, agent_id, world_id FROM events WHERE world_id = ?",
                (world_id,),
            ).fetchall()
        return [scope_from_row(r) for r in rows]

    def iter_scopes(self: _Host) -> Iterator[Scope]:
        with self._read() as conn:
            rows = conn.execute(
                "SELECT DISTINCT user_id, agent_id, world_id FROM memories "
                "UNION SELECT DISTINCT user_id, agent_id, world_id FROM events"
            ).fetchall()
        yield from (scope_from_row(r) for r in rows)
