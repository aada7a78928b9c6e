"""Hybrid ranking of a scope's memories for a query.

relevance = minmax( lexical_weight * minmax(bm25) + (1 - lexical_weight) * cosine )
final     = w_similarity * relevance + w_importance * importance + w_strength * strength
            + recency_weight * recency

Candidates are the lexical top-N, the dense top-N and the memories of the working set (the
scope's last turns), which are always considered. Every component is kept in ``why``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from soulmem.config import RecallConfig
from soulmem.embed.base import Embedder, Vector
from soulmem.model import Event, Memory, Scope
from soulmem.recall.items import RecallItem
from soulmem.recall.tokenize import tokenize
from soulmem.store.base import Store

__all__ = ["Ranker", "minmax"]


def minmax(values: dict[str, float]) -> dict[str, float]:
    """Scale to [0, 1]; a single value (or all equal) maps to 1."""
    if not values:
        return {}
    low, high = min(values.values()), max(values.values())
    if high - low < 1e-12:
        return dict.fromkeys(values, 1.0)
    return {k: (v - low) / (high - low) for k, v in values.items()}


@dataclass(slots=True)
class Ranker:
    store: Store
    embedder: Embedder
    config: RecallConfig

    def rank(
        self,
        scope: Scope,
        query: str,
        working_set: Sequence[Event],
        query_vector: Vector | None = None,
    ) -> list[RecallItem]:
        cfg = self.config
        tokens = tokenize(query)
        lexical = {
            hit.owner_id: hit.score
            for hit in self.store.lexical_search(scope, tokens, cfg.candidates)
            if hit.owner_kind == "memory"
        }
        recent_position: dict[str, float] = {}
        if working_set:
            by_event = self.store.memories_for_events([e.id for e in working_set])
            n = len(working_set)
            for position, event in enumerate(working_set):
                for memory_id in by_event.get(event.id, ()):
                    recent_position[memory_id] = (position + 1) / n
        if query_vector is None:
            query_vector = self.embedder.embed_query(query)
        dense = {
            hit.owner_id: hit.similarity
            for hit in self.store.dense_search(
                scope,
                self.embedder.name,
                "memory",
                query_vector,
                cfg.candidates,
                include_ids=[*lexical, *recent_position],
            )
        }
        candidates = list(dict.fromkeys([*lexical, *dense, *recent_position]))
        if not candidates:
            return []
        lexical_norm = minmax(lexical)
        floor = min(dense.values()) if dense else 0.0
        fused = {
            mid: cfg.lexical_weight * lexical_norm.get(mid, 0.0)
            + (1.0 - cfg.lexical_weight) * dense.get(mid, floor)
            for mid in candidates
        }
        relevance = minmax(fused)
        memories = {m.id: m for m in self.store.get_memories(candidates)}
        items: list[RecallItem] = []
        for mid in candidates:
            memory = memories.get(mid)
            if memory is None or memory.status != "active":
                continue
            recency = recent_position.get(mid, 0.0)
            score = (
                cfg.w_similarity * relevance[mid]
                + cfg.w_importance * memory.importance
                + cfg.w_strength * memory.strength
                + cfg.recency_weight * recency
            )
            items.append(
                RecallItem(
                    kind="memory",
                    id=mid,
                    text=memory_text(memory),
                    score=round(score, 6),
                    source_event_ids=memory.source_event_ids,
                    at=memory.occurred_at,
                    why={
                        "lexical": round(lexical_norm.get(mid, 0.0), 4),
                        "dense": round(dense.get(mid, floor), 4),
                        "relevance": round(relevance[mid], 4),
                        "importance": memory.importance,
                        "strength": round(memory.strength, 4),
                        "recency": round(recency, 4),
                    },
                )
            )
        items.sort(key=lambda item: (-item.score, item.id))
        return items


def memory_text(memory: Memory) -> str:
    """How a memory is indexed, embedded and shown: its date first (people ask "when")."""
    from soulmem.model import format_date

    return f"[{format_date(memory.occurred_at)}] {memory.content}"
