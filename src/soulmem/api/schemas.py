"""Request and response models of the HTTP API (pydantic; the OpenAPI schema comes from them)."""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from soulmem.api.auth import external_user
from soulmem.model import to_dict

__all__ = [
    "MAX_LIMIT",
    "DecideIn",
    "EraseOut",
    "ErrorOut",
    "FactOut",
    "ForgettingOut",
    "HealthOut",
    "ImportIn",
    "ImportOut",
    "InboxItemOut",
    "MemoryOut",
    "MetricsOut",
    "ObserveIn",
    "ObserveOut",
    "Page",
    "RecallIn",
    "RecallItemOut",
    "RecallOut",
    "RelationshipOut",
    "ScopeOut",
    "SoulOut",
    "page",
    "record_out",
]

T = TypeVar("T")

MAX_LIMIT = 500


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ErrorBody(BaseModel):
    code: str
    message: str


class ErrorOut(BaseModel):
    error: ErrorBody


class ScopeOut(BaseModel):
    user_id: str
    agent_id: str
    world_id: str | None = None


class Page(BaseModel, Generic[T]):
    """One page of a list: ``next_offset`` is None on the last page."""

    items: list[T]
    limit: int
    offset: int
    next_offset: int | None


# -- requests ---------------------------------------------------------------------------------


class ObserveIn(_In):
    """One turn; the same fields as ``ScopedMemory.observe``."""

    user: str | None = None
    assistant: str | None = None
    session_id: str | None = None
    at: str | None = Field(default=None, description="ISO-8601 time of the turn")
    user_name: str | None = None
    assistant_name: str | None = None
    source: str = "conversation"
    images: list[str] | None = None
    files: list[str] | None = None
    entities: list[str] | None = None
    salience: float | None = None
    metadata: dict[str, Any] | None = None


class RecallIn(_In):
    query: str
    budget_tokens: int | None = Field(default=None, ge=1, le=1_000_000)
    max_items: int | None = Field(default=None, ge=1, le=10_000)
    rehearse: bool = True
    files: list[str] = Field(default_factory=list, max_length=256)
    entities: list[str] = Field(default_factory=list, max_length=256)


class DecideIn(_In):
    approve: bool
    reason: str = Field(default="", max_length=2_000)


class ImportIn(_In):
    """Exported events or plain turns; every record goes into the scope of the URL (scope
    fields inside records are ignored)."""

    records: list[dict[str, Any]] = Field(max_length=10_000)


# -- responses --------------------------------------------------------------------------------


class ObserveOut(BaseModel):
    event_id: str
    memory_id: str | None
    event: dict[str, Any]
    facts_added: list[dict[str, Any]] = Field(default_factory=list)
    facts_closed: list[dict[str, Any]] = Field(default_factory=list)


class RecallItemOut(BaseModel):
    kind: str
    id: str
    text: str
    score: float
    source_event_ids: list[str]
    at: str | None = None
    why: dict[str, float] = Field(default_factory=dict)
    section: str = "memories"
    memory_id: str | None = None


class RecallOut(BaseModel):
    query: str
    text: str
    items: list[RecallItemOut]
    budget_tokens: int
    used_tokens: int
    dropped: int = 0
    continuity: float | None = None


class FactOut(BaseModel):
    id: str
    scope: ScopeOut
    kind: str
    subject: str
    value: str
    category: str
    confidence: float
    valid_from: str
    valid_to: str | None = None
    evidence_event_ids: list[str]
    about: str
    negated: bool


class MemoryOut(BaseModel):
    id: str
    scope: ScopeOut
    content: str
    tier: str
    memory_type: str
    created_at: str
    occurred_at: str
    expires_at: str | None
    emotions: dict[str, float]
    intensity: float
    importance: float
    strength: float
    reference_count: int
    last_referenced_at: str | None
    source_event_ids: list[str]
    promoted_from: list[str]
    island_id: str | None
    source: str
    language: str | None
    status: str
    remember: bool
    mention_count: int
    tier_since: str | None
    knowledge_level: int


class ForgettingOut(BaseModel):
    memory_id: str
    scope: ScopeOut
    reason: str
    queued_at: str
    purge_at: str
    previous_tier: str


class InboxItemOut(BaseModel):
    id: str
    scope: ScopeOut
    kind: str
    payload: dict[str, Any]
    status: str
    created_at: str
    decided_at: str | None = None
    decision_reason: str | None = None


class RelationshipOut(BaseModel):
    scope: ScopeOut
    trust: float
    affection: float
    respect: float
    rivalry: float
    familiarity: float
    speech_style: str
    shared_experiences: list[str]
    emotional_history: list[dict[str, Any]]
    updated_at: str | None
    last_seen_at: str | None
    intimacy: float
    level: str


class SoulOut(BaseModel):
    agent_id: str
    text: str


class ImportOut(BaseModel):
    imported: int


class EraseOut(BaseModel):
    user_id: str
    deleted_rows: int


class HealthOut(BaseModel):
    status: str
    version: str


class RouteTiming(BaseModel):
    count: int
    errors: int
    p50_ms: float
    p95_ms: float


class MetricsOut(BaseModel):
    uptime_s: float
    requests: int
    routes: dict[str, RouteTiming]
    store: dict[str, Any]


def record_out(record: Any) -> dict[str, Any]:
    """``to_dict`` with every scope's user id as its tenant knows it."""
    data = to_dict(record)
    _externalize(data)
    return data


def _externalize(data: Any) -> None:
    if isinstance(data, dict):
        scope = data.get("scope")
        if isinstance(scope, dict) and isinstance(scope.get("user_id"), str):
            scope["user_id"] = external_user(scope["user_id"])
        for value in data.values():
            if isinstance(value, dict | list):
                _externalize(value)
    elif isinstance(data, list):
        for value in data:
            _externalize(value)


def page(items: list[Any], limit: int, offset: int) -> dict[str, Any]:
    """One page of an in-memory list."""
    chunk = items[offset : offset + limit]
    more = offset + limit < len(items)
    return {
        "items": chunk,
        "limit": limit,
        "offset": offset,
        "next_offset": offset + limit if more else None,
    }
