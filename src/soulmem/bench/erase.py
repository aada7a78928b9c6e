"""Erase audit: a user's turns carry a unique marker string everywhere a turn can put text
(both sides, names, entities, metadata, a fact, a queued brain job, summaries after
maintenance); the user's scopes are exported, the user is erased, and the raw database is
searched for the marker (SQLite: the database file and its WAL while the store is still
open, then again after close; Postgres: every row of every table). The export then imports
back (the user returns) and must export identically (ids and write times aside).
"""

from __future__ import annotations

import secrets
from typing import Any

from soulmem.bench.rawscan import marker_hits, table_rows
from soulmem.model import Scope

__all__ = ["canonical_export", "run_erase_probe"]

#: fields of an exported event that a re-import legitimately renews
_RENEWED = ("id", "created_at")


def canonical_export(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Exported events without the fields an import renews (for comparing round trips)."""
    return [{k: v for k, v in r.items() if k not in _RENEWED} for r in records]


def _turns(marker: str) -> list[dict[str, Any]]:
    return [
        {"user": f"I work at {marker.capitalize()}.", "assistant": "Nice to meet you!"},
        {"user": f"My favorite food is {marker}."},
        {
            "user": f"Remember this: my locker code is {marker}.",
            "assistant": f"I will keep {marker} safe.",
            "user_name": marker,
            "entities": [marker],
            "metadata": {"note": marker},
            "session_id": "s1",
        },
        {"user": f"I moved to Busan with {marker} in May.", "at": "2025-05-02T09:00:00+00:00"},
        {"user": "I love green tea.", "assistant": f"Green tea, {marker}? Noted."},
    ]


def run_erase_probe(db: str, *, marker: str | None = None) -> dict[str, Any]:
    """Fill, export, erase, scan, re-import. Returns the hit counts before the erase, while
    open after it and after close, whether the other user kept their data, and whether the
    round trip was identical."""
    from soulmem.embed import FakeEmbedder
    from soulmem.engine import Memory
    from soulmem.jobs.wiring import queue_on_observe

    marker = marker or f"zq{secrets.token_hex(6)}x"
    user = f"erase-{secrets.token_hex(4)}"
    other = Scope(f"{user}-kept", "luna")
    scopes = [Scope(user, "luna"), Scope(user, "rex", "w1")]
    mem = Memory.open(db, embedder=FakeEmbedder())
    try:
        queue_on_observe(mem, ["extract", "dialogue"])
        for scope in scopes:
            scoped = mem.scope(scope.user_id, scope.agent_id, scope.world_id)
            for turn in _turns(marker):
                scoped.observe(**turn)
            scoped.maintain()
        mem.scope(other.user_id, other.agent_id).observe(user="I live in Daegu.")
        exported = {scope: list(mem.export(scope)) for scope in scopes}
        before = sum(marker_hits(db, marker).values())
        tables = sorted(
            table
            for table, rows in table_rows(db).items()
            if any(marker in row or marker.capitalize() in row for row in rows)
        )
        deleted = mem.erase_user(user)
        open_hits = marker_hits(db, marker)
        kept = len(list(mem.store.iter_events(other)))
    finally:
        mem.close()
    closed_hits = marker_hits(db, marker)
    identical = _round_trip(db, user, exported)
    return {
        "erase_marker_hits_before": before,
        "erase_marker_tables_before": tables,
        "erase_deleted_rows": deleted,
        "erase_marker_hits": sum(open_hits.values()) + sum(closed_hits.values()),
        "erase_marker_places": sorted({*open_hits, *closed_hits}),
        "erase_other_user_events": kept,
        "export_roundtrip_identical": identical,
    }


def _round_trip(db: str, user: str, exported: dict[Scope, list[dict[str, Any]]]) -> bool:
    """Import the export back (the erased user returns); every scope must export the same
    events again. The user is erased again afterwards."""
    from soulmem.embed import FakeEmbedder
    from soulmem.engine import Memory

    mem = Memory.open(db, embedder=FakeEmbedder())
    try:
        for records in exported.values():
            mem.import_records(records)
        same = all(
            records and canonical_export(list(mem.export(scope))) == canonical_export(records)
            for scope, records in exported.items()
        )
        mem.erase_user(user)
        return same
    finally:
        mem.close()
