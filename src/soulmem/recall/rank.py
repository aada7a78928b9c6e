"""Hybrid ranking of a scope's past turns and derived memories for a query.

Two kinds of records are searched, each with its own vectors and lexical tokens:

* turns (events): the conversation history, every observed turn, as it was said;
* derived memories: memories whose text is not a single turn (consolidated, distilled).

A turn carries the importance and strength of its memory "orb" (the episodic memory it
created or reinforced), so the lifecycle shapes what surfaces without losing history.

relevance = minmax( lexical_weight * minmax(bm25) + (1 - lexical_weight) * cosine )
final     = w_similarity * relevance + w_importance * importance + w_strength * strength
            + recency_weight * recency

Candidates are the lexical top-N, the dense top-N of each kind and the working set (the
scope's last turns), which is always considered. Every component is kept in ``why``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from soulmem.config import RecallConfig
from soulmem.embed.base import Embedder, Vector
from soulmem.model import Event, Memory, Scope, format_date
from soulmem.perceive.informative import is_bare_question
from soulmem.recall.items import RecallItem
from soulmem.recall.tokenize import tokenize
from soulmem.store.base import Store

__all__ = ["Ranker", "event_text", "memory_text", "minmax"]

Key = tuple[str, str]  # (owner_kind, id)

#: A turn whose memory was forgotten (or never made) ranks as a weak, plain memory.
ORPHAN_IMPORTANCE = 0.5
ORPHAN_STRENGTH = 0.3
BARE_QUESTION_IMPORTANCE = 0.1


def minmax(values: dict[str, float]) -> dict[str, float]:
    """Scale to [0, 1]; a single value (or all equal) maps to 1."""
    if not values:
        return {}
    low, high = min(values.values()), max(values.values())
    if high - low < 1e-12:
        return dict.fromkeys(values, 1.0)
    return {k: (v - low) / (high - low) for k, v in values.items()}


def event_text(event: Event, reply_chars: int | None) -> str:
    """How a turn is indexed, embedded and shown: its date first (people ask "when")."""
    return event.render(with_date=True, reply_chars=reply_chars)


def memory_text(memory: Memory) -> str:
    """How a memory is indexed, embedded and shown: its date first."""
    return f"[{format_date(memory.occurred_at)}] {memory.content}"


@dataclass(slots=True)
class Ranker:
    store: Store
    embedder: Embedder
    config: RecallConfig
    reply_chars: int | None = None

    def rank(
        self,
        scope: Scope,
        query: str,
        working_set: Sequence[Event],
        query_vector: Vector | Callable[[], Vector] | None = None,
    ) -> list[RecallItem]:
        cfg = self.config
        lexical: dict[str, float] = {}
        kinds: dict[str, str] = {}
        for found in self.store.lexical_search(scope, tokenize(query), cfg.candidates):
            lexical[found.owner_id] = found.score
            kinds[found.owner_id] = found.owner_kind
        n = len(working_set)
        recent = {event.id: (i + 1) / n for i, event in enumerate(working_set)}
        kinds.update(dict.fromkeys(recent, "event"))
        if query_vector is None:
            query_vector = self.embedder.embed_query(query)
        elif callable(query_vector):  # still being embedded: wait only now, after the lexical step
            query_vector = query_vector()
        dense: dict[str, float] = {}
        for kind in ("event", "memory"):
            wanted = [i for i, k in kinds.items() if k == kind]
            for hit in self.store.dense_search(
                scope, self.embedder.name, kind, query_vector, cfg.candidates, include_ids=wanted
            ):
                dense[hit.owner_id] = hit.similarity
                kinds[hit.owner_id] = kind
        candidates = list(dict.fromkeys([*lexical, *dense, *recent]))
        if not candidates:
            return []
        lexical_norm = minmax(lexical)
        floor = min(dense.values()) if dense else 0.0
        fused = {
            cid: cfg.lexical_weight * lexical_norm.get(cid, 0.0)
            + (1.0 - cfg.lexical_weight) * dense.get(cid, floor)
            for cid in candidates
        }
        event_ids = [c for c in candidates if kinds[c] == "event"]
        if cfg.neighbour_weight > 0:  # a turn next to a matching turn (question -> answer)
            near = self.store.reply_neighbours(event_ids)
            fused = {
                cid: value
                + cfg.neighbour_weight
                * max((fused[o] for o in near.get(cid, ()) if o in fused), default=floor)
                for cid, value in fused.items()
            }
        relevance = minmax(fused)
        events = {e.id: e for e in self.store.get_events(event_ids)}
        orbs_of = self.store.memories_for_events(event_ids)
        memory_ids = [c for c in candidates if kinds[c] == "memory"]
        orb_ids = {m for ids in orbs_of.values() for m in ids}
        memories = {m.id: m for m in self.store.get_memories([*memory_ids, *orb_ids])}
        items: list[RecallItem] = []
        for cid in candidates:
            if kinds[cid] == "event":
                event = events.get(cid)
                if event is None or not (event.user_text or event.assistant_text or event.images):
                    continue
                orbs = [memories[m] for m in orbs_of.get(cid, ()) if m in memories]
                orb = max(orbs, key=lambda m: (m.importance, m.strength), default=None)
                importance = orb.importance if orb else ORPHAN_IMPORTANCE
                if orb is None and is_bare_question(event.user_text, event.assistant_text):
                    importance = BARE_QUESTION_IMPORTANCE
                strength = orb.strength if orb else ORPHAN_STRENGTH
                text, at = event_text(event, self.reply_chars), event.at
                sources: tuple[str, ...] = (event.id,)
                kind, item_id = "turn", cid
                orb_id = orb.id if orb else None
            else:
                memory = memories.get(cid)
                if memory is None or memory.status != "active":
                    continue
                importance, strength = memory.importance, memory.strength
                text, sources, at = memory_text(memory), memory.source_event_ids, memory.occurred_at
                kind, item_id, orb_id = "memory", cid, cid
            recency = recent.get(cid, 0.0)
            score = (
                cfg.w_similarity * relevance[cid]
                + cfg.w_importance * importance
                + cfg.w_strength * strength
                + cfg.recency_weight * recency
            )
            why = {
                "lexical": round(lexical_norm.get(cid, 0.0), 4),
                "dense": round(dense.get(cid, floor), 4),
                "relevance": round(relevance[cid], 4),
                "importance": round(importance, 4),
                "strength": round(strength, 4),
                "recency": round(recency, 4),
            }
            items.append(
                RecallItem(
                    kind=kind,
                    id=item_id,
                    text=text,
                    score=round(score, 6),
                    source_event_ids=sources,
                    at=at,
                    why=why,
                    memory_id=orb_id,
                )
            )
        items.sort(key=lambda item: (-item.score, item.id))
        return items
