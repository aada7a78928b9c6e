"""Domain records for every layer of DESIGN.md.

Plain, frozen dataclasses: the store maps them to rows, the engine passes them around, the
API layers serialise them with :func:`to_dict`. No record knows which backend holds it.
"""

from __future__ import annotations

import dataclasses
import enum
import re
import uuid
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from soulmem.errors import InvalidScope

__all__ = [
    "EMOTIONS",
    "Affect",
    "ApiKey",
    "Belief",
    "Event",
    "EventLink",
    "Fact",
    "FactCategory",
    "ForgettingEntry",
    "Imagination",
    "InboxItem",
    "Island",
    "IslandStatus",
    "Job",
    "Memory",
    "MemoryType",
    "Mood",
    "Note",
    "Relationship",
    "Revision",
    "Scene",
    "Scope",
    "Source",
    "Summary",
    "Tier",
    "new_id",
    "to_dict",
]

#: The 10 emotion tags of seed 000.
EMOTIONS: tuple[str, ...] = (
    "joy",
    "sadness",
    "anger",
    "fear",
    "disgust",
    "anxiety",
    "envy",
    "ennui",
    "nostalgia",
    "neutral",
)


def new_id(prefix: str) -> str:
    """A random, globally unique id with a readable prefix (``ev_…``, ``mem_…``)."""
    return f"{prefix}_{uuid.uuid4().hex}"


class Tier(enum.StrEnum):
    M30 = "M30"
    M90 = "M90"
    M365 = "M365"
    M0 = "M0"


class MemoryType(enum.StrEnum):
    EPISODIC = "episodic"
    SEMANTIC = "semantic"
    EMOTIONAL = "emotional"


class Source(enum.StrEnum):
    CONVERSATION = "conversation"
    OBSERVATION = "observation"
    NOTIFICATION = "notification"
    REMINDER = "reminder"
    PROACTIVE = "proactive"


class FactCategory(enum.StrEnum):
    IDENTITY = "identity"
    PREFERENCE = "preference"
    SITUATION = "situation"
    RELATIONSHIP = "relationship"


class IslandStatus(enum.StrEnum):
    ACTIVE = "active"
    SHAKING = "shaking"
    COLLAPSED = "collapsed"
    REBUILDING = "rebuilding"


@dataclass(frozen=True, slots=True)
class Scope:
    """Who a record belongs to: a user and a character (agent), optionally a world/story."""

    user_id: str
    agent_id: str
    world_id: str | None = None

    def __post_init__(self) -> None:
        for name in ("user_id", "agent_id", "world_id"):
            value = getattr(self, name)
            if value is None and name == "world_id":
                continue
            if not isinstance(value, str):
                raise InvalidScope(f"{name} must be a string, got {type(value).__name__}")
            if not value.strip():
                raise InvalidScope(f"{name} must not be empty")
            if len(value) > 256 or any(ord(c) < 32 for c in value):
                raise InvalidScope(f"{name} must be at most 256 printable characters")

    @property
    def key(self) -> str:
        """A stable string key (used for indexing); unambiguous because of the separators."""
        return "\x1f".join((self.user_id, self.agent_id, self.world_id or ""))


@dataclass(frozen=True, slots=True)
class Affect:
    """Emotions of one event (seed 000 tags with weights), intensity 0..1, VAD -1..1 (seed 002)."""

    emotions: dict[str, float] = field(default_factory=dict)
    intensity: float = 0.0
    valence: float = 0.0
    arousal: float = 0.0
    dominance: float = 0.0

    @property
    def primary(self) -> str:
        if not self.emotions:
            return "neutral"
        return max(self.emotions.items(), key=lambda kv: kv[1])[0]


@dataclass(frozen=True, slots=True)
class Event:
    """One turn (user + assistant together) or another observed happening. Append-only."""

    id: str
    scope: Scope
    at: datetime
    created_at: datetime
    session_id: str | None = None
    source: Source = Source.CONVERSATION
    user_text: str | None = None
    assistant_text: str | None = None
    user_name: str | None = None
    assistant_name: str | None = None
    images: tuple[str, ...] = ()
    files: tuple[str, ...] = ()
    entities: tuple[str, ...] = ()
    salience: float | None = None
    language: str | None = None
    metadata: dict[str, Any] = field(default_factory=dict)
    seq: int = 0

    def render(self, *, with_date: bool = True, reply_chars: int | None = None) -> str:
        """The event as text: date, speakers and what they said, image descriptions included.
        ``reply_chars`` shortens the assistant's side to about that many characters (whole
        sentences where possible) when the user spoke too; 0 leaves it out then."""
        parts: list[str] = []
        if self.user_text:
            parts.append(side_text(self.user_name, self.user_text, speaker="user"))
        if self.images:
            parts.append("(shared " + "; ".join(self.images) + ")")
        if self.assistant_text and not (reply_chars == 0 and self.user_text):
            reply = self.assistant_text
            if reply_chars is not None and self.user_text:
                reply = shorten(reply, reply_chars)
            parts.append(side_text(self.assistant_name, reply, speaker="assistant"))
        body = " ".join(parts) if len(parts) > 1 else (parts[0] if parts else "")
        if with_date:
            return f"[{format_date(self.at)}] {body}"
        return body


def side_text(name: str | None, text: str, *, speaker: str) -> str:
    """One side of a turn as :meth:`Event.render` shows it: who said it (``speaker`` when the
    name is unknown) and what was said."""
    return f"{name or speaker}: {text}"


_SENTENCE_END = re.compile(r"(?<=[.!?。！？])\s*")


def shorten(text: str, limit: int) -> str:
    """At most about ``limit`` characters: whole sentences while they fit, else a cut with …"""
    if len(text) <= limit:
        return text
    kept = ""
    for sentence in _SENTENCE_END.split(text):
        if not sentence:
            continue
        candidate = f"{kept} {sentence}".strip() if kept else sentence
        if len(candidate) > limit:
            break
        kept = candidate
    return kept if kept else text[: max(1, limit - 1)].rstrip() + "…"


#: English month names, whatever the process's locale (``strftime('%B')`` follows LC_TIME, so
#: a host application's ``setlocale`` would change how dates are indexed and shown)
MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)


def format_date(value: datetime) -> str:
    """A date written the way people ask about it: ``8 May 2023`` (month names are searchable)."""
    return f"{value.day} {MONTHS[value.month - 1]} {value.year}"


@dataclass(frozen=True, slots=True)
class EventLink:
    """reply_to / same_topic / caused_by between two events of a scope."""

    from_event_id: str
    to_event_id: str
    kind: str = "reply_to"
    weight: float = 1.0


@dataclass(frozen=True, slots=True)
class Fact:
    """A piece of state with a validity interval; superseded, never overwritten."""

    id: str
    scope: Scope
    kind: str
    subject: str
    value: str
    category: FactCategory
    confidence: float
    valid_from: datetime
    valid_to: datetime | None = None
    evidence_event_ids: tuple[str, ...] = ()
    about: str = "user"
    negated: bool = False

    @property
    def current(self) -> bool:
        return self.valid_to is None


@dataclass(frozen=True, slots=True)
class Revision:
    """Before/after snapshot of a state change, with its reason and evidence. Append-only."""

    id: str
    scope: Scope
    target_kind: str
    target_id: str
    before: dict[str, Any] | None
    after: dict[str, Any] | None
    reason: str
    evidence_event_ids: tuple[str, ...]
    at: datetime


@dataclass(frozen=True, slots=True)
class Memory:
    """A memory "orb": content with tier, emotions, strength and provenance."""

    id: str
    scope: Scope
    content: str
    tier: Tier
    memory_type: MemoryType
    created_at: datetime
    occurred_at: datetime
    expires_at: datetime | None
    emotions: dict[str, float] = field(default_factory=dict)
    intensity: float = 0.0
    importance: float = 0.5
    strength: float = 1.0
    reference_count: int = 0
    last_referenced_at: datetime | None = None
    source_event_ids: tuple[str, ...] = ()
    promoted_from: tuple[str, ...] = ()
    island_id: str | None = None
    source: Source = Source.CONVERSATION
    language: str | None = None
    status: str = "active"
    remember: bool = False
    mention_count: int = 0
    tier_since: datetime | None = None
    knowledge_level: int = 0


@dataclass(frozen=True, slots=True)
class ForgettingEntry:
    memory_id: str
    scope: Scope
    reason: str
    queued_at: datetime
    purge_at: datetime
    previous_tier: Tier


@dataclass(frozen=True, slots=True)
class Relationship:
    """Seed 003 §2-1: five axes 0-100, the intimacy formula and its levels."""

    scope: Scope
    trust: float = 50.0
    affection: float = 50.0
    respect: float = 50.0
    rivalry: float = 0.0
    familiarity: float = 0.0
    speech_style: str = "formal"
    shared_experiences: tuple[str, ...] = ()
    emotional_history: tuple[dict[str, Any], ...] = ()
    updated_at: datetime | None = None
    last_seen_at: datetime | None = None

    @property
    def intimacy(self) -> float:
        """Seed 003 formula."""
        score = (
            self.affection * 0.35
            + self.trust * 0.25
            + self.familiarity * 0.25
            + self.respect * 0.15
            - self.rivalry * 0.1
        )
        return max(0.0, min(100.0, score))

    @property
    def level(self) -> str:
        score = self.intimacy
        for bound, name in ((80, "intimate"), (60, "close_friend"), (40, "friend")):
            if score >= bound:
                return name
        return "acquaintance" if score >= 20 else "stranger"


@dataclass(frozen=True, slots=True)
class Mood:
    """The character's long mood: one row per scope, revised."""

    scope: Scope
    valence: float = 0.0
    arousal: float = 0.0
    dominance: float = 0.0
    updated_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class Island:
    """Seed 000 §4: a personality island founded by core (M0) memories."""

    id: str
    scope: Scope
    theme: str
    status: IslandStatus
    strength: float
    founding_memory_ids: tuple[str, ...]
    created_at: datetime
    status_since: datetime
    theme_key: str = ""


@dataclass(frozen=True, slots=True)
class Belief:
    """Seed 000 §5: one sentence of the character's sense of self ("I am ...")."""

    id: str
    scope: Scope
    statement: str
    confidence: float
    supporting_memory_ids: tuple[str, ...]
    island_id: str | None
    version: int
    approved: bool
    created_at: datetime
    status: str = "proposed"  # proposed | active | rejected | retired
    key: str = ""
    language: str | None = None


@dataclass(frozen=True, slots=True)
class Scene:
    """A stretch of a session: where, when, who, in what tone, about what (seed 003)."""

    id: str
    scope: Scope
    session_id: str | None
    place: str | None
    time_of_day: str | None
    participants: tuple[str, ...]
    tone: str | None
    topics: tuple[str, ...]
    started_at: datetime
    ended_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class Imagination:
    """Seed 000 §7: a proactive idea drawn from memory, and how the user took it."""

    id: str
    scope: Scope
    pattern: str
    scenario: str
    action: str
    created_at: datetime
    memory_id: str | None = None
    feedback: str | None = None


@dataclass(frozen=True, slots=True)
class Note:
    """Seed 003 §10: a director's note for the next turn, with relationship deltas."""

    id: str
    scope: Scope
    text: str
    deltas: dict[str, float]
    created_at: datetime
    applied_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class Summary:
    id: str
    scope: Scope
    period: str
    starts_at: datetime
    ends_at: datetime
    text: str
    event_ids: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class InboxItem:
    id: str
    scope: Scope
    kind: str
    payload: dict[str, Any]
    status: str
    created_at: datetime
    decided_at: datetime | None = None
    decision_reason: str | None = None


@dataclass(frozen=True, slots=True)
class Job:
    """Queued work for memory workers and external "brains" (seed 004 §4).

    status: queued -> leased -> done, or back to queued (lease expired, failed with retries
    left) or dead (failed ``max_attempts`` times)."""

    id: str
    kind: str
    payload: dict[str, Any]
    status: str
    attempts: int
    run_after: datetime
    scope: Scope | None = None
    lease_until: datetime | None = None
    result: dict[str, Any] | None = None
    error: str | None = None
    leased_by: str | None = None
    tenant: str | None = None
    max_attempts: int = 5
    created_at: datetime | None = None
    dedupe_key: str | None = None


@dataclass(frozen=True, slots=True)
class ApiKey:
    """An API key record (the key itself is never stored, only its hash)."""

    id: str
    tenant: str
    role: str  # agent | owner | admin
    user_id: str | None
    label: str
    created_at: datetime
    revoked_at: datetime | None = None


def to_dict(record: Any) -> dict[str, Any]:
    """A JSON-ready dict of any record (datetimes as ISO strings, enums as values)."""

    def convert(value: Any) -> Any:
        if isinstance(value, datetime):
            return value.isoformat()
        if isinstance(value, enum.Enum):
            return value.value
        if isinstance(value, Scope):
            return {
                "user_id": value.user_id,
                "agent_id": value.agent_id,
                "world_id": value.world_id,
            }
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            return {f.name: convert(getattr(value, f.name)) for f in dataclasses.fields(value)}
        if isinstance(value, dict):
            return {k: convert(v) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return [convert(v) for v in value]
        return value

    result = convert(record)
    if not isinstance(result, dict):
        raise TypeError("to_dict expects a record")
    return result
