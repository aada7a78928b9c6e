"""Promotion rules (seed 000) and the memories they create.

M30 -> M90, any of: the same topic 3 times among M30 memories (those are distilled into
one), reference_count >= 3, intensity > 0.7, an explicit "remember this".
M90 -> M365, any of: reference_count >= 5 with a reference in the last 90 days, intensity >
0.8 with two or more emotions, a personality island linked. ("Changed the character's
behaviour" has no signal yet.)
M365 -> M0: never automatic. A memory kept for a year (since what it remembers happened),
referenced 10+ times and tied to the self (an island, an explicit request, or distilled
knowledge) becomes a candidate in the human's inbox.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime, timedelta

from soulmem.config import TierConfig
from soulmem.lifecycle.distill import distill
from soulmem.model import Memory, MemoryType, Tier, new_id

__all__ = [
    "DISTILLED",
    "m0_candidate",
    "merge",
    "promote_m30_alone",
    "promote_m90_alone",
]

DISTILLED = "distilled"


def promote_m30_alone(memory: Memory, cfg: TierConfig) -> list[str]:
    """Why a single M30 memory goes to M90 ([] when it does not)."""
    reasons = []
    if memory.reference_count >= cfg.promote_m30_references:
        reasons.append("referenced")
    if memory.intensity > cfg.promote_m30_intensity:
        reasons.append("strong feeling")
    if memory.remember:
        reasons.append("asked to remember")
    return reasons


def promote_m90_alone(memory: Memory, now: datetime, cfg: TierConfig) -> list[str]:
    reasons = []
    recent = memory.last_referenced_at is not None and now - memory.last_referenced_at <= (
        timedelta(days=90)
    )
    if memory.reference_count >= cfg.promote_m90_references and recent:
        reasons.append("referenced")
    if memory.intensity > cfg.promote_m90_intensity and len(memory.emotions) >= 2:
        reasons.append("deep experience")
    if memory.island_id is not None:
        reasons.append("island")
    return reasons


def m0_candidate(memory: Memory, now: datetime, cfg: TierConfig) -> bool:
    kept_a_year = now - memory.occurred_at >= timedelta(days=365)
    tied_to_self = (
        memory.island_id is not None or memory.remember or memory.memory_type == MemoryType.SEMANTIC
    )
    return (
        memory.tier == Tier.M365
        and kept_a_year
        and memory.reference_count >= cfg.m0_candidate_references
        and tied_to_self
    )


def merge(
    group: Sequence[Memory],
    tier: Tier,
    now: datetime,
    expires_at: datetime | None,
    *,
    max_chars: int = 160,
    essence: Callable[[Sequence[str], str | None, int], str] | None = None,
) -> Memory:
    """One distilled memory standing for a group: the shared pattern without the dates,
    with ``promoted_from`` links and every source turn."""
    ordered = sorted(group, key=lambda m: m.occurred_at)
    texts = [m.content for m in ordered]
    language = next((m.language for m in ordered if m.language), None)
    emotions: dict[str, float] = {}
    for memory in ordered:
        for tag, score in memory.emotions.items():
            emotions[tag] = max(emotions.get(tag, 0.0), score)
    return Memory(
        id=new_id("mem"),
        scope=ordered[0].scope,
        content=(essence or _distill)(texts, language, max_chars),
        tier=tier,
        memory_type=MemoryType.SEMANTIC,
        created_at=now,
        occurred_at=ordered[0].occurred_at,
        expires_at=expires_at,
        emotions=dict(sorted(emotions.items(), key=lambda kv: -kv[1])),
        intensity=max(m.intensity for m in ordered),
        importance=max(m.importance for m in ordered),
        strength=max(m.strength for m in ordered),
        reference_count=sum(m.reference_count for m in ordered),
        last_referenced_at=max(
            (m.last_referenced_at for m in ordered if m.last_referenced_at), default=None
        ),
        source_event_ids=tuple(dict.fromkeys(e for m in ordered for e in m.source_event_ids)),
        promoted_from=tuple(m.id for m in ordered),
        island_id=next((m.island_id for m in ordered if m.island_id), None),
        source=ordered[0].source,
        language=language,
        remember=any(m.remember for m in ordered),
        mention_count=sum(m.mention_count for m in ordered),
        tier_since=now,
        knowledge_level=1,
    )


def _distill(texts: Sequence[str], language: str | None, max_chars: int) -> str:
    return distill(texts, language, max_chars=max_chars)


def retire(memory: Memory, status: str = DISTILLED) -> Memory:
    """An original that a distilled memory now stands for: out of recall, no expiry."""
    return replace(memory, status=status, expires_at=None)
