"""Keeping the search indexes in step with the records: what is indexed, and rebuilding.

Indexed (vectors from the current embedder + lexical tokens):

* every turn (event) with text: the conversation history as it was said;
* derived memories (distilled or consolidated from several turns): their own text;
* current facts: ``label: value``.

A memory made from one turn is found through that turn, so it is not indexed twice.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, TypeVar

from soulmem.model import Memory, MemoryType
from soulmem.recall.assemble import fact_text
from soulmem.recall.rank import event_text, has_text, memory_text
from soulmem.recall.tokenize import tokenize

if TYPE_CHECKING:
    from soulmem.engine import Memory as Engine

__all__ = ["is_derived", "reembed", "reindex"]

T = TypeVar("T")


def is_derived(memory: Memory) -> bool:
    """A memory whose text is its own (distilled/consolidated), not a copy of one turn."""
    return bool(memory.promoted_from) or memory.memory_type == MemoryType.SEMANTIC


def reindex(engine: Engine, batch: int = 500) -> int:
    """Re-tokenize every turn, derived memory and current fact; returns the count."""
    store, reply = engine.store, engine.config.memory_reply_chars
    done = 0
    for chunk in _chunks((e for e in store.iter_events() if has_text(e)), batch):
        with store.transaction() as tx:
            for event in chunk:
                tx.index_tokens(event.scope, "event", event.id, tokenize(event_text(event, reply)))
        done += len(chunk)
    for derived in _chunks((m for m in store.iter_memories() if is_derived(m)), batch):
        with store.transaction() as tx:
            for memory in derived:
                tx.index_tokens(memory.scope, "memory", memory.id, tokenize(memory_text(memory)))
        done += len(derived)
    for scope in store.scopes():
        facts = store.current_facts(scope)
        if facts:
            with store.transaction() as tx:
                for fact in facts:
                    body = fact_text(fact.subject, fact.value)
                    tx.index_tokens(scope, "fact", fact.id, tokenize(body))
            done += len(facts)
    return done


def reembed(engine: Engine, batch: int = 64) -> int:
    """Embed every indexed record that has no vector from the current model."""
    store, embedder, reply = engine.store, engine.embedder, engine.config.memory_reply_chars
    model = embedder.name
    done = 0
    while ids := store.unembedded("event", model, batch):
        events = store.get_events(ids)
        vectors = embedder.embed_documents([event_text(e, reply) for e in events])
        with store.transaction() as tx:
            for event, vector in zip(events, vectors, strict=True):
                tx.put_embedding(event.scope, "event", event.id, model, vector)
        done += len(events)
    while ids := store.unembedded("memory", model, batch):
        memories = store.get_memories(ids)
        vectors = embedder.embed_documents([memory_text(m) for m in memories])
        with store.transaction() as tx:
            for memory, vector in zip(memories, vectors, strict=True):
                tx.put_embedding(memory.scope, "memory", memory.id, model, vector)
        done += len(memories)
    while ids := store.unembedded("fact", model, batch):
        facts = store.get_facts(ids)
        vectors = embedder.embed_documents([fact_text(f.subject, f.value) for f in facts])
        with store.transaction() as tx:
            for fact, vector in zip(facts, vectors, strict=True):
                tx.put_embedding(fact.scope, "fact", fact.id, model, vector)
        done += len(facts)
    return done


def _chunks(items: Iterable[T], size: int) -> Iterable[Sequence[T]]:
    chunk: list[T] = []
    for item in items:
        chunk.append(item)
        if len(chunk) >= size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk
