"""Mapping between records and SQLite rows (JSON columns, ISO times, scope columns)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Sequence
from datetime import datetime
from functools import lru_cache
from typing import Any

from soulmem.clock import from_iso, to_iso
from soulmem.model import (
    Event,
    Fact,
    FactCategory,
    Memory,
    MemoryType,
    Revision,
    Scope,
    Source,
    Tier,
)

__all__ = [
    "EVENT_COLUMNS",
    "chunks",
    "dumps",
    "event_from_row",
    "fact_from_row",
    "iso",
    "memory_from_row",
    "revision_from_row",
    "scope_from_row",
    "scope_params",
]

SCOPE_WHERE = "user_id = ? AND agent_id = ? AND world_id = ?"


def scope_params(scope: Scope) -> tuple[str, str, str]:
    return (scope.user_id, scope.agent_id, scope.world_id or "")


def scope_from_row(row: sqlite3.Row) -> Scope:
    return _scope(row["user_id"], row["agent_id"], row["world_id"] or None)


@lru_cache(maxsize=1024)
def _scope(user_id: str, agent_id: str, world_id: str | None) -> Scope:
    """Scopes are immutable and few: one validated instance each (recall decodes hundreds
    of rows of the same scope)."""
    return Scope(user_id, agent_id, world_id)


def _strings(text: str) -> tuple[Any, ...]:
    """A JSON array column as a tuple; the common empty array without the JSON parser."""
    return () if text == "[]" else tuple(json.loads(text))


def _object(text: str) -> Any:
    return {} if text == "{}" else json.loads(text)


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def iso(value: datetime | None) -> str | None:
    return None if value is None else to_iso(value)


def _opt_time(text: str | None) -> datetime | None:
    return None if text is None else from_iso(text)


#: the columns every read of events selects, in the order :func:`event_from_row` takes them
EVENT_COLUMNS = (
    "id, user_id, agent_id, world_id, at, created_at, session_id, source, user_text, "
    "assistant_text, user_name, assistant_name, images, files, entities, salience, language, "
    "metadata, seq"
)


def event_from_row(row: Sequence[Any]) -> Event:
    """An event from a row of ``SELECT {EVENT_COLUMNS}``, taken by position (a lookup by
    name scans a row's columns: recall decodes hundreds of events)."""
    (
        event_id,
        user_id,
        agent_id,
        world_id,
        at,
        created_at,
        session_id,
        source,
        user_text,
        assistant_text,
        user_name,
        assistant_name,
        images,
        files,
        entities,
        salience,
        language,
        metadata,
        seq,
    ) = row
    return Event(
        id=event_id,
        scope=_scope(user_id, agent_id, world_id or None),
        at=from_iso(at),
        created_at=from_iso(created_at),
        session_id=session_id,
        source=Source(source),
        user_text=user_text,
        assistant_text=assistant_text,
        user_name=user_name,
        assistant_name=assistant_name,
        images=_strings(images),
        files=_strings(files),
        entities=_strings(entities),
        salience=salience,
        language=language,
        metadata=_object(metadata),
        seq=seq,
    )


def memory_from_row(
    row: sqlite3.Row, sources: tuple[str, ...], *, strength: float | None = None
) -> Memory:
    """The memory of ``row``; ``strength``, when given, in place of the row's (SQLite stores
    it as of the scope's decay clock: store/sqlite/decay.py)."""
    return Memory(
        id=row["id"],
        scope=scope_from_row(row),
        content=row["content"],
        tier=Tier(row["tier"]),
        memory_type=MemoryType(row["memory_type"]),
        created_at=from_iso(row["created_at"]),
        occurred_at=from_iso(row["occurred_at"]),
        expires_at=_opt_time(row["expires_at"]),
        emotions=_object(row["emotions"]),
        intensity=row["intensity"],
        importance=row["importance"],
        strength=row["strength"] if strength is None else strength,
        reference_count=row["reference_count"],
        last_referenced_at=_opt_time(row["last_referenced_at"]),
        source_event_ids=sources,
        promoted_from=_strings(row["promoted_from"]),
        island_id=row["island_id"],
        source=Source(row["source"]),
        language=row["language"],
        status=row["status"],
        remember=bool(row["remember"]),
        mention_count=row["mention_count"],
        tier_since=_opt_time(row["tier_since"]),
        knowledge_level=row["knowledge_level"],
    )


def fact_from_row(row: sqlite3.Row) -> Fact:
    return Fact(
        id=row["id"],
        scope=scope_from_row(row),
        kind=row["kind"],
        subject=row["subject"],
        value=row["value"],
        category=FactCategory(row["category"]),
        confidence=row["confidence"],
        valid_from=from_iso(row["valid_from"]),
        valid_to=_opt_time(row["valid_to"]),
        evidence_event_ids=tuple(json.loads(row["evidence"])),
        about=row["about"],
        negated=bool(row["negated"]),
    )


def revision_from_row(row: sqlite3.Row) -> Revision:
    return Revision(
        id=row["id"],
        scope=scope_from_row(row),
        target_kind=row["target_kind"],
        target_id=row["target_id"],
        before=None if row["before"] is None else json.loads(row["before"]),
        after=None if row["after"] is None else json.loads(row["after"]),
        reason=row["reason"],
        evidence_event_ids=tuple(json.loads(row["evidence"])),
        at=from_iso(row["at"]),
    )


def chunks(items: list[str], size: int) -> Iterator[list[str]]:
    """``items`` in runs of ``size`` (the ids of one ``IN (...)`` list each)."""
    for start in range(0, len(items), size):
        yield items[start : start + size]
