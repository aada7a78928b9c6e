"""Endless mode (seed 001): score recalled turns by how they continue the current context."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime

from soulmem.lifecycle.continuity import continuity, topic_tokens
from soulmem.recall.items import RecallItem
from soulmem.store.base import Store

__all__ = ["with_continuity"]


def with_continuity(
    store: Store,
    items: Sequence[RecallItem],
    query: str,
    now: datetime,
    files: Sequence[str],
    entities: Sequence[str],
    weight: float,
) -> list[RecallItem]:
    """Add ``why["continuity"]`` to every turn and ``weight`` times it to its score."""
    turns = {e.id: e for e in store.get_events([i.id for i in items if i.kind == "turn"])}
    tokens = topic_tokens(query)
    scored: list[RecallItem] = []
    for item in items:
        event = turns.get(item.id) if item.kind == "turn" else None
        if event is None:
            scored.append(item)
            continue
        parts = continuity(tokens, now, set(files), set(entities), event)
        why = {**item.why, "continuity": round(parts["score"], 4)}
        scored.append(replace(item, score=round(item.score + weight * parts["score"], 6), why=why))
    scored.sort(key=lambda item: (-item.score, item.id))
    return scored
