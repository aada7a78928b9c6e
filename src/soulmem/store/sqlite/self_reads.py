"""Reads of the self and social layers, mixed into SQLiteStore."""

from __future__ import annotations

import json
from collections.abc import Sequence
from contextlib import AbstractContextManager
from datetime import datetime
from typing import Protocol

from soulmem.clock import from_iso
from soulmem.model import (
    Affect,
    Belief,
    Imagination,
    Island,
    Mood,
    Note,
    Relationship,
    Scene,
    Scope,
)
from soulmem.store.sql import SqlConnection
from soulmem.store.sqlite.rows import SCOPE_WHERE, iso, scope_params
from soulmem.store.sqlite.self_rows import (
    belief_from_row,
    imagination_from_row,
    island_from_row,
    mood_from_row,
    note_from_row,
    relationship_from_row,
    scene_from_row,
)

__all__ = ["SelfReads"]


class _Host(Protocol):
    def _read(self) -> AbstractContextManager[SqlConnection]: ...


class SelfReads:
    def relationship(self: _Host, scope: Scope) -> Relationship:
        with self._read() as conn:
            row = conn.execute(
                f"SELECT * FROM relationships WHERE {SCOPE_WHERE}", scope_params(scope)
            ).fetchone()
        return Relationship(scope=scope) if row is None else relationship_from_row(row)

    def relationship_log(self: _Host, scope: Scope, limit: int = 100) -> list[dict[str, object]]:
        import json

        with self._read() as conn:
            rows = conn.execute(
                f"SELECT * FROM relationship_log WHERE {SCOPE_WHERE} ORDER BY at DESC, rowid DESC "
                "LIMIT ?",
                (*scope_params(scope), limit),
            ).fetchall()
        return [
            {
                "id": r["id"],
                "changes": json.loads(r["changes"]),
                "reason": r["reason"],
                "evidence": json.loads(r["evidence"]),
                "session_id": r["session_id"],
                "at": r["at"],
            }
            for r in rows
        ]

    def mood(self: _Host, scope: Scope) -> Mood:
        with self._read() as conn:
            row = conn.execute(
                f"SELECT * FROM moods WHERE {SCOPE_WHERE}", scope_params(scope)
            ).fetchone()
        return Mood(scope=scope) if row is None else mood_from_row(row)

    def islands(self: _Host, scope: Scope) -> list[Island]:
        with self._read() as conn:
            rows = conn.execute(
                f"SELECT * FROM islands WHERE {SCOPE_WHERE} ORDER BY created_at, rowid",
                scope_params(scope),
            ).fetchall()
        return [island_from_row(r) for r in rows]

    def beliefs(self: _Host, scope: Scope, status: str | None = None) -> list[Belief]:
        query = f"SELECT * FROM beliefs WHERE {SCOPE_WHERE}"
        params: list[object] = list(scope_params(scope))
        if status is not None:
            query += " AND status = ?"
            params.append(status)
        with self._read() as conn:
            rows = conn.execute(query + " ORDER BY created_at, rowid", params).fetchall()
        return [belief_from_row(r) for r in rows]

    def belief_versions(self: _Host, belief_id: str) -> list[dict[str, object]]:
        with self._read() as conn:
            rows = conn.execute(
                "SELECT version, statement, confidence, reason, at FROM belief_versions "
                "WHERE belief_id = ? ORDER BY version",
                (belief_id,),
            ).fetchall()
        return [dict(r) for r in rows]

    def soul(self: _Host, scope: Scope) -> tuple[int, str] | None:
        """The latest approved SOUL.md (version, text)."""
        with self._read() as conn:
            row = conn.execute(
                f"SELECT version, text FROM soul_versions WHERE {SCOPE_WHERE} "
                "ORDER BY version DESC LIMIT 1",
                scope_params(scope),
            ).fetchone()
        return None if row is None else (int(row[0]), str(row[1]))

    def soul_versions(self: _Host, scope: Scope) -> list[tuple[int, str, datetime]]:
        """Every approved SOUL.md of the scope: (version, text, approved_at), oldest first."""
        with self._read() as conn:
            rows = conn.execute(
                f"SELECT version, text, approved_at FROM soul_versions WHERE {SCOPE_WHERE} "
                "ORDER BY version",
                scope_params(scope),
            ).fetchall()
        return [(int(r[0]), str(r[1]), from_iso(r[2])) for r in rows]

    def event_affects(self: _Host, event_ids: Sequence[str]) -> dict[str, Affect]:
        """The stored affect of each event that has one."""
        found: dict[str, Affect] = {}
        with self._read() as conn:
            for start in range(0, len(event_ids), 500):
                part = list(event_ids[start : start + 500])
                rows = conn.execute(
                    "SELECT event_id, emotions, intensity, valence, arousal, dominance FROM "
                    f"event_affects WHERE event_id IN ({','.join('?' * len(part))})",
                    part,
                ).fetchall()
                for r in rows:
                    found[r[0]] = Affect(
                        emotions=json.loads(r[1]),
                        intensity=r[2],
                        valence=r[3],
                        arousal=r[4],
                        dominance=r[5],
                    )
        return found

    def scenes(self: _Host, scope: Scope) -> list[Scene]:
        with self._read() as conn:
            rows = conn.execute(
                f"SELECT * FROM scenes WHERE {SCOPE_WHERE} ORDER BY started_at",
                scope_params(scope),
            ).fetchall()
        return [scene_from_row(r) for r in rows]

    def imaginations(self: _Host, scope: Scope, since: datetime | None = None) -> list[Imagination]:
        query = f"SELECT * FROM imaginations WHERE {SCOPE_WHERE}"
        params: list[object] = list(scope_params(scope))
        if since is not None:
            query += " AND created_at >= ?"
            params.append(iso(since))
        with self._read() as conn:
            rows = conn.execute(query + " ORDER BY created_at, rowid", params).fetchall()
        return [imagination_from_row(r) for r in rows]

    def pattern_weights(self: _Host, scope: Scope) -> dict[str, float]:
        with self._read() as conn:
            rows = conn.execute(
                f"SELECT pattern, weight FROM imagination_patterns WHERE {SCOPE_WHERE}",
                scope_params(scope),
            ).fetchall()
        return {r[0]: float(r[1]) for r in rows}

    def pending_notes(self: _Host, scope: Scope) -> list[Note]:
        with self._read() as conn:
            rows = conn.execute(
                f"SELECT * FROM notes WHERE {SCOPE_WHERE} AND applied_at IS NULL "
                "ORDER BY created_at, rowid",
                scope_params(scope),
            ).fetchall()
        return [note_from_row(r) for r in rows]
