"""What recall returns: ranked items with provenance, and the packed prompt context."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

__all__ = ["Context", "RecallItem"]


@dataclass(frozen=True, slots=True)
class RecallItem:
    """One ranked piece of context.

    ``kind`` is ``fact``, ``turn`` (a past turn, as it was said) or ``memory`` (a derived
    memory: consolidated or distilled from several turns); ``source_event_ids`` are the
    events it came from (its provenance); ``memory_id`` is the memory behind a turn or a
    memory (what recall rehearses); ``why`` holds the score's components, for explanation.
    """

    kind: str
    id: str
    text: str
    score: float
    source_event_ids: tuple[str, ...] = ()
    at: datetime | None = None
    why: dict[str, float] = field(default_factory=dict)
    section: str = "memories"
    memory_id: str | None = None


@dataclass(frozen=True, slots=True)
class Context:
    """A prompt-ready block (``text``) and the items it holds, best first."""

    query: str
    text: str
    items: tuple[RecallItem, ...]
    budget_tokens: int
    used_tokens: int
    dropped: int = 0
    #: endless mode: how well the best recalled turn continues the current context
    #: (seed 001: topic 0.3, time 0.3, file 0.2, entity 0.2); None in session mode
    continuity: float | None = None

    def __str__(self) -> str:
        return self.text
