"""A recall's packed context: its sections in priority order, packed to the budget."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain

from soulmem.model import Fact
from soulmem.recall.assemble import mark_past
from soulmem.recall.items import Context, RecallItem
from soulmem.recall.pack import Room, pack
from soulmem.recall.rank import Ranked
from soulmem.recall.tokenize import count_tokens, tokens_at_least
from soulmem.recall.told_before import EarlierStates

__all__ = ["packed_context"]


def packed_context(
    query: str,
    *,
    before: Sequence[RecallItem],
    about: Sequence[RecallItem],
    memories: Sequence[RecallItem] | Ranked,
    after: Sequence[RecallItem],
    current: Sequence[Fact],
    superseded: Sequence[Fact],
    earlier: EarlierStates | None = None,
    budget_tokens: int,
    max_items: int,
) -> Context:
    """The identity facts, the character's items, the other facts placed before the
    memories, the memories (past-marked), the facts after them: packed in that order. Every
    uncapped item comes first, so the packing stops at the item cap; a lazily read ranking
    (``Ranked``) is read only as far as the packing looks, and a turn that cannot fit the
    tokens still free (``Room``) is not read at all."""
    room = Room(budget_tokens)
    taken = memories.within(room) if isinstance(memories, Ranked) else memories
    identity = len([i for i in before if i.section == "identity"])
    ranked = chain(
        before[:identity],
        about,
        before[identity:],
        mark_past(taken, current=current, superseded=superseded, earlier=earlier),
        after,
    )
    return pack(
        query,
        ranked,
        budget_tokens=budget_tokens,
        count_tokens=count_tokens,
        max_items=max_items,
        tokens_at_least=tokens_at_least,
        offered=len(before) + len(about) + len(memories) + len(after),
        room=room,
    )
