"""What one observed turn does to the relationship and the long mood (in observe's
transaction), and applying a director's note."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from soulmem.model import Affect, Event, Mood, Relationship, Revision, new_id, to_dict
from soulmem.social.mood import update_mood
from soulmem.social.relationship import (
    Delta,
    apply,
    emotional_entry,
    push_experience,
    push_history,
    shared_experience,
    turn_deltas,
)
from soulmem.store.base import Store, StoreWriter

__all__ = ["SocialChange", "apply_deltas", "social_change", "write_social"]


@dataclass(frozen=True, slots=True)
class SocialChange:
    relationship: Relationship
    deltas: tuple[Delta, ...]
    mood_before: Mood
    mood: Mood
    experience: str | None


def social_change(store: Store, event: Event, affect: Affect, now: datetime) -> SocialChange:
    rel = store.relationship(event.scope)
    gap = None if rel.last_seen_at is None else now - rel.last_seen_at
    deltas = turn_deltas(
        event.user_text, event.assistant_text, affect, language=event.language, gap=gap
    )
    updated = apply(rel, deltas, now)
    if affect.intensity > 0:
        updated = push_history(updated, emotional_entry(affect, now))
    experience = shared_experience(event.user_text, event.language)
    if experience:
        updated = push_experience(updated, experience)
    mood = store.mood(event.scope)
    return SocialChange(updated, tuple(deltas), mood, update_mood(mood, affect, now), experience)


def write_social(tx: StoreWriter, change: SocialChange, event: Event, now: datetime) -> None:
    tx.put_relationship(change.relationship)
    if change.deltas or change.experience:
        totals: dict[str, Any] = {}
        for delta in change.deltas:
            totals[delta.axis] = round(totals.get(delta.axis, 0.0) + delta.amount, 3)
        if change.experience:
            totals["shared_experience"] = change.experience
        tx.log_relationship(
            event.scope,
            new_id("rel"),
            totals,
            "; ".join(d.reason for d in change.deltas) or "shared experience",
            (event.id,),
            event.session_id,
            now,
        )
    tx.put_mood(change.mood)
    if change.mood != change.mood_before:
        tx.insert_revision(
            Revision(
                id=new_id("rev"),
                scope=event.scope,
                target_kind="mood",
                target_id=event.scope.key,
                before=_mood(change.mood_before),
                after=_mood(change.mood),
                reason="event affect",
                evidence_event_ids=(event.id,),
                at=now,
            )
        )


def apply_deltas(
    tx: StoreWriter,
    rel: Relationship,
    deltas: Sequence[Delta],
    reason: str,
    now: datetime,
    evidence: Sequence[str] = (),
) -> Relationship:
    """Apply caller- or LLM-supplied deltas (or a director's note), logged."""
    updated = apply(rel, deltas, now)
    tx.put_relationship(updated)
    totals = {d.axis: round(d.amount, 3) for d in deltas}
    tx.log_relationship(rel.scope, new_id("rel"), totals, reason, tuple(evidence), None, now)
    return updated


def _mood(mood: Mood) -> dict[str, Any]:
    data = to_dict(mood)
    data.pop("scope", None)
    return data
