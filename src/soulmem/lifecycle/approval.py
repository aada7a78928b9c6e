"""Decisions only the human may take (seed 000): promoting a memory to M0 (core memory),
accepting or refusing a change of the character's beliefs, acknowledging island warnings.

The agent-facing calls never reach this module; ``Memory.decide`` is the owner-facing door.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from soulmem.character import decide_belief
from soulmem.errors import InvalidInput, NotFound
from soulmem.model import InboxItem, Revision, Scope, Tier, new_id
from soulmem.store.base import Store

__all__ = ["decide"]


def decide(
    store: Store,
    scope: Scope,
    item_id: str,
    *,
    approve: bool,
    reason: str,
    now: datetime,
    name: str | None = None,
) -> InboxItem:
    items = {i.id: i for i in store.inbox(scope, status=None)}
    item = items.get(item_id)
    if item is None:
        raise NotFound(f"no inbox item {item_id!r} in this scope")
    if item.status != "pending":
        raise InvalidInput(f"inbox item {item_id!r} was already {item.status}")
    if not isinstance(reason, str):
        raise InvalidInput("reason must be a string")
    if item.kind == "belief":
        decide_belief(store, item, approve, reason, now, name or scope.agent_id)
    decided = replace(
        item,
        status="approved" if approve else "rejected",
        decided_at=now,
        decision_reason=reason,
    )
    with store.transaction() as tx:
        tx.put_inbox(decided)
        if approve and item.kind == "m0_candidate":
            (memory,) = store.get_memories([str(item.payload["memory_id"])]) or (None,)
            if memory is None or memory.status != "active":
                raise NotFound("the memory of this proposal no longer exists")
            core = replace(memory, tier=Tier.M0, tier_since=now, expires_at=None)
            tx.save_memory(core)
            tx.insert_revision(
                Revision(
                    id=new_id("rev"),
                    scope=scope,
                    target_kind="memory",
                    target_id=memory.id,
                    before={"tier": memory.tier.value},
                    after={"tier": Tier.M0.value},
                    reason=f"approved by the owner: {reason}",
                    evidence_event_ids=(),
                    at=now,
                )
            )
    return decided
