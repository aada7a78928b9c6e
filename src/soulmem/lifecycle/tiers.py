"""Tiers, TTLs and the forgetting queue (seed 000), as pure record transitions.

M30 / M90 / M365 live 30 / 90 / 365 days from when they entered their tier; M0 never
expires. An expired (or displaced, or manually forgotten) memory leaves recall and waits in
the forgetting queue for 7 days: it can be restored to its tier with a fresh TTL, or it is
purged for good.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta

from soulmem.config import TierConfig
from soulmem.errors import InvalidInput
from soulmem.model import ForgettingEntry, Memory, Scope, Tier

__all__ = ["QUEUED", "enqueue", "promote", "restore", "ttl"]

QUEUED = "queued"
REASONS = ("expired", "displaced", "manual")


def ttl(tier: Tier, config: TierConfig) -> timedelta | None:
    days = config.ttl_days.get(tier.value)
    return None if days is None else timedelta(days=days)


def expires_at(tier: Tier, since: datetime, config: TierConfig) -> datetime | None:
    life = ttl(tier, config)
    return None if life is None else since + life


def enqueue(
    memory_id: str, scope: Scope, tier: Tier, reason: str, now: datetime, config: TierConfig
) -> ForgettingEntry:
    """The entry in the forgetting queue of a memory of ``scope`` now in ``tier``;
    ``Transaction.queue_forgetting`` writes it and marks the memory ``QUEUED``, with no
    expiry."""
    if reason not in REASONS:
        choices = ", ".join(REASONS)
        raise InvalidInput(f"unknown forgetting reason {reason!r}; one of {choices}")
    return ForgettingEntry(
        memory_id=memory_id,
        scope=scope,
        reason=reason,
        queued_at=now,
        purge_at=now + timedelta(days=config.forgetting_queue_days),
        previous_tier=tier,
    )


def restore(memory: Memory, entry: ForgettingEntry, now: datetime, config: TierConfig) -> Memory:
    """Back to its tier, active, with the TTL starting again."""
    return replace(
        memory,
        status="active",
        tier=entry.previous_tier,
        tier_since=now,
        expires_at=expires_at(entry.previous_tier, now, config),
        strength=max(memory.strength, 0.5),
    )


def promote(memory: Memory, tier: Tier, now: datetime, config: TierConfig) -> Memory:
    return replace(memory, tier=tier, tier_since=now, expires_at=expires_at(tier, now, config))
