"""Rows of the self and social layers: relationship, mood, islands, beliefs, scenes,
imagination, director notes."""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime

from soulmem.clock import from_iso
from soulmem.model import (
    Belief,
    Imagination,
    Island,
    IslandStatus,
    Mood,
    Note,
    Relationship,
    Scene,
)
from soulmem.store.sqlite.rows import scope_from_row

__all__ = [
    "belief_from_row",
    "imagination_from_row",
    "island_from_row",
    "mood_from_row",
    "note_from_row",
    "relationship_from_row",
    "scene_from_row",
]


def _opt(text: str | None) -> datetime | None:
    return None if text is None else from_iso(text)


def relationship_from_row(row: sqlite3.Row) -> Relationship:
    return Relationship(
        scope=scope_from_row(row),
        trust=row["trust"],
        affection=row["affection"],
        respect=row["respect"],
        rivalry=row["rivalry"],
        familiarity=row["familiarity"],
        speech_style=row["speech_style"],
        shared_experiences=tuple(json.loads(row["shared_experiences"])),
        emotional_history=tuple(json.loads(row["emotional_history"])),
        updated_at=_opt(row["updated_at"]),
        last_seen_at=_opt(row["last_seen_at"]),
    )


def mood_from_row(row: sqlite3.Row) -> Mood:
    return Mood(
        scope=scope_from_row(row),
        valence=row["valence"],
        arousal=row["arousal"],
        dominance=row["dominance"],
        updated_at=_opt(row["updated_at"]),
    )


def island_from_row(row: sqlite3.Row) -> Island:
    return Island(
        id=row["id"],
        scope=scope_from_row(row),
        theme=row["theme"],
        status=IslandStatus(row["status"]),
        strength=row["strength"],
        founding_memory_ids=tuple(json.loads(row["founding_memory_ids"])),
        created_at=from_iso(row["created_at"]),
        status_since=from_iso(row["status_since"]),
        theme_key=row["theme_key"],
    )


def belief_from_row(row: sqlite3.Row) -> Belief:
    return Belief(
        id=row["id"],
        scope=scope_from_row(row),
        statement=row["statement"],
        confidence=row["confidence"],
        supporting_memory_ids=tuple(json.loads(row["supporting_memory_ids"])),
        island_id=row["island_id"],
        version=row["version"],
        approved=bool(row["approved"]),
        created_at=from_iso(row["created_at"]),
        status=row["status"],
        key=row["belief_key"],
        language=row["language"],
    )


def scene_from_row(row: sqlite3.Row) -> Scene:
    return Scene(
        id=row["id"],
        scope=scope_from_row(row),
        session_id=row["session_id"],
        place=row["place"],
        time_of_day=row["time_of_day"],
        participants=tuple(json.loads(row["participants"])),
        tone=row["tone"],
        topics=tuple(json.loads(row["topics"])),
        started_at=from_iso(row["started_at"]),
        ended_at=_opt(row["ended_at"]),
    )


def imagination_from_row(row: sqlite3.Row) -> Imagination:
    return Imagination(
        id=row["id"],
        scope=scope_from_row(row),
        pattern=row["pattern"],
        scenario=row["scenario"],
        action=row["action"],
        created_at=from_iso(row["created_at"]),
        memory_id=row["memory_id"],
        feedback=row["feedback"],
    )


def note_from_row(row: sqlite3.Row) -> Note:
    return Note(
        id=row["id"],
        scope=scope_from_row(row),
        text=row["text"],
        deltas=json.loads(row["deltas"]),
        created_at=from_iso(row["created_at"]),
        applied_at=_opt(row["applied_at"]),
    )
