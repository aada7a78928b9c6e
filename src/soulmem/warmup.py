"""Building ahead what a scope's first recall builds (``Memory.warm``): the embedding model,
and on SQLite the store's in-process copies (``SQLiteStore.warm``), so that a server's first
requests answer at once."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from soulmem.model import Scope
from soulmem.store.base import Store

if TYPE_CHECKING:
    from soulmem.engine import Memory

__all__ = ["busiest_scopes", "warm_up"]


def warm_up(engine: Memory, scopes: Iterable[Scope] | None, max_turns: int) -> int:
    """Load ``engine``'s embedding model and warm each of ``scopes`` (None: the latest scopes
    while their turns add up to ``max_turns``; on SQLite a scope's vectors stay in memory,
    about 1.5 KB a turn with e5). Returns how many scopes were warmed."""
    engine.embedder.embed_query("warm")
    chosen = list(scopes) if scopes is not None else busiest_scopes(engine.store, max_turns)
    for scope in chosen:
        engine.store.warm(scope, engine.embedder.name)
    return len(chosen)


def busiest_scopes(store: Store, max_turns: int) -> list[Scope]:
    """The scopes with turns, the one with the latest turn first, while their turns add up
    to ``max_turns`` at most."""
    last = {scope: store.last_event(scope) for scope in store.scopes()}
    chosen: list[Scope] = []
    for scope in sorted(last, key=lambda s: -(event.seq if (event := last[s]) else 0)):
        max_turns -= store.count_events(scope)
        if max_turns < 0:
            break
        chosen.append(scope)
    return chosen
