"""API keys and the job queue on SQLite (the single writer makes leases atomic)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from contextlib import AbstractContextManager
from datetime import datetime, timedelta
from typing import Any, Protocol

from soulmem.clock import from_iso
from soulmem.model import ApiKey, Job, Scope
from soulmem.store.sql import SqlConnection
from soulmem.store.sqlite.rows import dumps, iso

__all__ = ["ServiceStore"]


class _Host(Protocol):
    _LOCK_DUE: str

    def _read(self) -> AbstractContextManager[SqlConnection]: ...

    def _begin(self) -> AbstractContextManager[SqlConnection]: ...


def _opt(text: str | None) -> datetime | None:
    return None if text is None else from_iso(text)


def _key(row: sqlite3.Row) -> ApiKey:
    return ApiKey(
        id=row["id"],
        tenant=row["tenant"],
        role=row["role"],
        user_id=row["user_id"],
        label=row["label"],
        created_at=from_iso(row["created_at"]),
        revoked_at=_opt(row["revoked_at"]),
    )


def _job(row: sqlite3.Row) -> Job:
    scope = None
    if row["user_id"] is not None and row["agent_id"] is not None:
        scope = Scope(row["user_id"], row["agent_id"], row["world_id"] or None)
    return Job(
        id=row["id"],
        kind=row["kind"],
        payload=json.loads(row["payload"]),
        status=row["status"],
        attempts=row["attempts"],
        run_after=from_iso(row["run_after"]),
        scope=scope,
        lease_until=_opt(row["lease_until"]),
        result=None if row["result"] is None else json.loads(row["result"]),
        error=row["error"],
        leased_by=row["leased_by"],
        tenant=row["tenant"],
        max_attempts=row["max_attempts"],
        created_at=_opt(row["created_at"]),
        dedupe_key=row["dedupe_key"],
    )


class ServiceStore:
    #: Appended to the query that picks due jobs (PostgreSQL: lock them, skip those another
    #: worker is leasing; SQLite's single writer already serialises leases).
    _LOCK_DUE = ""

    # -- API keys ---------------------------------------------------------------------------

    def create_key(self: _Host, key: ApiKey, key_hash: str) -> None:
        with self._begin() as conn:
            conn.execute(
                "INSERT INTO api_keys (id, tenant, role, user_id, key_hash, label, created_at) "
                "VALUES (?,?,?,?,?,?,?)",
                (
                    key.id,
                    key.tenant,
                    key.role,
                    key.user_id,
                    key_hash,
                    key.label,
                    iso(key.created_at),
                ),
            )

    def key_by_hash(self: _Host, key_hash: str) -> ApiKey | None:
        with self._read() as conn:
            row = conn.execute("SELECT * FROM api_keys WHERE key_hash = ?", (key_hash,)).fetchone()
        return None if row is None else _key(row)

    def revoke_key(self: _Host, key_id: str, at: datetime) -> bool:
        with self._begin() as conn:
            cur = conn.execute(
                "UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL",
                (iso(at), key_id),
            )
            return cur.rowcount > 0

    def list_keys(self: _Host, tenant: str | None = None) -> list[ApiKey]:
        query, params = "SELECT * FROM api_keys", []
        if tenant is not None:
            query, params = query + " WHERE tenant = ?", [tenant]
        with self._read() as conn:
            return [_key(r) for r in conn.execute(query + " ORDER BY created_at", params)]

    # -- jobs -------------------------------------------------------------------------------

    def enqueue_job(self: _Host, job: Job) -> Job:
        """Queue a job; a job with the same ``dedupe_key`` is not queued twice (the existing
        one is returned)."""
        with self._begin() as conn:
            if job.dedupe_key is not None:
                row = conn.execute(
                    "SELECT * FROM jobs WHERE dedupe_key = ?", (job.dedupe_key,)
                ).fetchone()
                if row is not None:
                    return _job(row)
            scope = job.scope
            cur = conn.execute(
                "INSERT INTO jobs (id, kind, user_id, agent_id, world_id, payload, status, "
                "attempts, run_after, created_at, updated_at, dedupe_key, tenant, max_attempts) "
                "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?) ON CONFLICT (dedupe_key) DO NOTHING",
                (
                    job.id,
                    job.kind,
                    scope.user_id if scope else None,
                    scope.agent_id if scope else None,
                    (scope.world_id or "") if scope else None,
                    dumps(job.payload),
                    "queued",
                    0,
                    iso(job.run_after),
                    iso(job.created_at),
                    iso(job.created_at),
                    job.dedupe_key,
                    job.tenant,
                    job.max_attempts,
                ),
            )
            if cur.rowcount == 0:  # another process queued the same dedupe_key meanwhile
                row = conn.execute(
                    "SELECT * FROM jobs WHERE dedupe_key = ?", (job.dedupe_key,)
                ).fetchone()
                return _job(row)
            return job

    def lease_jobs(
        self: _Host,
        kinds: Sequence[str],
        worker: str,
        now: datetime,
        lease_for: timedelta,
        limit: int = 1,
        tenant: str | None = None,
    ) -> list[Job]:
        """Atomically lease due jobs of these kinds: queued ones whose time has come and
        leased ones whose lease expired (those go back to work)."""
        if not kinds:
            return []
        marks = ",".join("?" * len(kinds))
        tenant_sql = "" if tenant is None else " AND tenant = ?"
        params: list[Any] = [*kinds, iso(now), iso(now)]
        if tenant is not None:
            params.append(tenant)
        with self._begin() as conn:
            rows = conn.execute(
                f"SELECT id FROM jobs WHERE kind IN ({marks}) AND ((status = 'queued' AND "
                f"run_after <= ?) OR (status = 'leased' AND lease_until <= ?)){tenant_sql} "
                f"ORDER BY run_after, rowid LIMIT ?{self._LOCK_DUE}",
                [*params, limit],
            ).fetchall()
            ids = [r[0] for r in rows]
            for job_id in ids:
                conn.execute(
                    "UPDATE jobs SET status = 'leased', lease_until = ?, leased_by = ?, "
                    "attempts = attempts + 1, updated_at = ? WHERE id = ?",
                    (iso(now + lease_for), worker, iso(now), job_id),
                )
            if not ids:
                return []
            found = conn.execute(
                f"SELECT * FROM jobs WHERE id IN ({','.join('?' * len(ids))})", ids
            ).fetchall()
        order = {job_id: i for i, job_id in enumerate(ids)}
        return sorted((_job(r) for r in found), key=lambda j: order[j.id])

    def get_job(self: _Host, job_id: str) -> Job | None:
        with self._read() as conn:
            row = conn.execute("SELECT * FROM jobs WHERE id = ?", (job_id,)).fetchone()
        return None if row is None else _job(row)

    def finish_job(
        self: _Host,
        job_id: str,
        *,
        status: str,
        now: datetime,
        result: dict[str, Any] | None = None,
        error: str | None = None,
        run_after: datetime | None = None,
    ) -> None:
        """done (with result), queued again (with run_after, after a failure) or dead."""
        with self._begin() as conn:
            conn.execute(
                "UPDATE jobs SET status = ?, result = ?, error = ?, updated_at = ?, "
                "lease_until = NULL, run_after = COALESCE(?, run_after) WHERE id = ?",
                (
                    status,
                    None if result is None else dumps(result),
                    error,
                    iso(now),
                    iso(run_after),
                    job_id,
                ),
            )

    def jobs(self: _Host, status: str | None = None, tenant: str | None = None) -> list[Job]:
        query, params = "SELECT * FROM jobs WHERE 1 = 1", list[str]()
        if status is not None:
            query += " AND status = ?"
            params.append(status)
        if tenant is not None:
            query += " AND tenant = ?"
            params.append(tenant)
        with self._read() as conn:
            return [_job(r) for r in conn.execute(query + " ORDER BY rowid", params)]
