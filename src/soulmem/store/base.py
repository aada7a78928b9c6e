"""The Store protocol: what the engine needs from a storage backend.

Writes happen inside :meth:`Store.transaction`, which yields a :class:`StoreWriter`; every row
written through it commits together or not at all. Callbacks registered with
:meth:`StoreWriter.after_commit` run only once the transaction committed (never for a write
that rolled back), like Datasette's pending events.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Protocol, TypedDict, Unpack

import numpy as np
import numpy.typing as npt

from soulmem.model import (
    Affect,
    ApiKey,
    Belief,
    Event,
    EventLink,
    Fact,
    ForgettingEntry,
    Imagination,
    InboxItem,
    Island,
    Job,
    Memory,
    Mood,
    Note,
    Relationship,
    Revision,
    Scene,
    Scope,
    Summary,
    Tier,
    side_text,
)
from soulmem.perceive.informative import ends_asking, is_bare_question
from soulmem.recall.tokenize import tokens_at_least

__all__ = [
    "BM25_B",
    "BM25_K1",
    "ContextKeys",
    "EventHead",
    "LexicalHit",
    "MemoryWeight",
    "Store",
    "StoreWriter",
    "VectorHit",
    "event_head",
    "head_of",
    "key_similarities",
]

Vector = npt.NDArray[np.float32]

#: The constants of SQLite FTS5's ``bm25()``, which every backend's lexical ranking reproduces
#: (the embedded store's in-memory copy, PostgreSQL's statement), so they rank alike.
BM25_K1 = 1.2
BM25_B = 0.75


@dataclass(frozen=True, slots=True)
class LexicalHit:
    owner_kind: str
    owner_id: str
    score: float


@dataclass(frozen=True, slots=True)
class VectorHit:
    owner_kind: str
    owner_id: str
    similarity: float


@dataclass(frozen=True, slots=True)
class MemoryWeight:
    """An active memory made from a turn, with what ranking the turn needs of it."""

    memory_id: str
    importance: float
    strength: float


class MemoryFilters(TypedDict, total=False):
    """What narrows :meth:`Store.memories_in` (each left out: no condition)."""

    #: only the newest N
    newest: int
    memory_type: str
    #: only those mentioned at least this many times
    min_mentions: int
    #: only those of strength below this
    weaker_than: float
    #: only those never mentioned, never referenced and not marked to remember
    unreferenced: bool


@dataclass(frozen=True, slots=True)
class EventHead:
    """What ranking needs of a turn besides its text: its session, who spoke in it (the
    names of the sides that said something), whether it says anything at all (text or an
    image), whether every side that speaks ends asking (``ends_asking``), whether it is a
    bare question (``is_bare_question``) and whether it is one that was left unanswered (a
    reply was written, but only a placeholder such as "…"), and what its text costs at least.
    Made by :func:`event_head`."""

    session_id: str | None
    speakers: frozenset[str]
    said: bool = True
    asks: bool = False
    bare: bool = False
    #: a lower bound of what the turn's line costs in a context, from the side every
    #: rendering shows whole (the user's, else the other's, with its speaker's name as
    #: ``Event.render`` writes it, at the start of the turn's text or after a space, and at
    #: its end or before a space): ``tokens_at_least`` or ``quoted_tokens_at_least`` of it
    least: int = 0
    unanswered: bool = False


def event_head(
    session_id: str | None,
    user_name: str | None,
    assistant_name: str | None,
    user_text: str | None,
    assistant_text: str | None,
    has_images: bool,
    shared: dict[Any, Any] | None = None,
    least: Callable[[str], int] = tokens_at_least,
) -> EventHead:
    """A turn's head from its columns (the same for every backend and for a turn in hand).
    ``shared`` (a copy of many heads) keeps one object per distinct session id and set of
    speakers. ``least`` bounds what the side shown whole costs: ``tokens_at_least`` (byte
    counts, for heads made per query) or the tighter ``quoted_tokens_at_least`` (a token
    count, for heads made once and kept)."""
    sides = ((user_name, user_text), (assistant_name, assistant_text))
    speakers = frozenset([name for name, text in sides if text and name])
    if shared is not None:
        speakers = shared.setdefault(speakers, speakers)
        if session_id is not None:
            session_id = shared.setdefault(session_id, session_id)
    bare = is_bare_question(user_text, assistant_text)
    return EventHead(
        session_id,
        speakers,
        bool(user_text or assistant_text or has_images),
        ends_asking(user_text, assistant_text),
        bare,
        least(
            side_text(user_name, user_text, speaker="user")
            if user_text
            else side_text(assistant_name, assistant_text, speaker="assistant")
            if assistant_text
            else ""  # images only: nothing shown whole
        ),
        bare and bool(assistant_text and assistant_text.strip()),
    )


def head_of(event: Event, least: Callable[[str], int] = tokens_at_least) -> EventHead:
    """The head of a turn already read (``least``: see :func:`event_head`)."""
    return event_head(
        event.session_id,
        event.user_name,
        event.assistant_name,
        event.user_text,
        event.assistant_text,
        bool(event.images),
        least=least,
    )


@dataclass(frozen=True, slots=True)
class ContextKeys:
    """A query's similarity to some turns' context keys. A turn's context key is the
    normalised sum of its vector and the vector of the turn before it (the turn its reply_to
    link points at): ``before[t]`` is turn ``t``'s own key, ``after[t]`` the key of the turn
    that replies to ``t``. Turns without such a key (or without vectors) are absent."""

    before: dict[str, float]
    after: dict[str, float]


def key_similarities(turns: Vector, previous: Vector, query: Vector) -> Vector:
    """``query``'s inner product with each context key ``(turn + previous) / |turn + previous|``
    (rows of ``turns`` and ``previous``). Each score depends on its own row alone (``einsum``
    sums each row the same way; a BLAS product's rounding changes with the rows beside it),
    so keys asked in any grouping or order score the same."""
    keys = turns + previous
    norms = np.maximum(np.sqrt(np.einsum("ij,ij->i", keys, keys)), 1e-12)
    products = np.einsum("ij,j->i", keys, np.asarray(query, np.float32))
    return np.asarray(products / norms, np.float32)


class StoreWriter(Protocol):
    """Writes of one transaction."""

    def last_event_id(self, scope: Scope) -> str | None:
        """The newest event of the scope, read inside the transaction."""
        ...

    def insert_event(self, event: Event) -> Event:
        """Insert and return the event with its sequence number set."""
        ...

    def insert_link(self, link: EventLink) -> None: ...

    def insert_affect(self, event_id: str, affect: Affect) -> None: ...

    def insert_memory(self, memory: Memory) -> None: ...

    def touch_memories(self, ids: Sequence[str], at: datetime) -> None: ...

    def insert_fact(self, fact: Fact) -> None: ...

    def current_facts(self, scope: Scope) -> list[Fact]:
        """Current facts of the scope, read inside the transaction."""
        ...

    def update_fact(self, fact_id: str, *, confidence: float, evidence: Sequence[str]) -> None:
        """Confirm a fact again: new confidence and evidence (a revision records it)."""
        ...

    def close_fact(self, fact_id: str, valid_to: datetime) -> None: ...

    def insert_revision(self, revision: Revision) -> None: ...

    def put_embedding(
        self, scope: Scope, owner_kind: str, owner_id: str, model: str, vector: Vector
    ) -> None: ...

    def index_tokens(
        self, scope: Scope, owner_kind: str, owner_id: str, tokens: Sequence[str]
    ) -> None: ...

    def set_meta(self, key: str, value: str) -> None: ...

    def save_memory(self, memory: Memory) -> None:
        """Write every mutable field of an existing memory (and add its sources)."""
        ...

    def queue_forgetting(self, entries: Sequence[ForgettingEntry]) -> None:
        """Move each entry's memory into the forgetting queue: the entry written, the
        memory ``queued`` with no expiry (its other fields as they are)."""
        ...

    def unqueue_forgetting(self, memory_id: str) -> None: ...

    def purge_memories(self, memory_ids: Sequence[str]) -> list[str]:
        """Remove the memories' text, vectors, index entries and history; redact source events
        no memory still comes from (returns their ids, each once). The same as purging them
        one at a time."""
        ...

    def decay_strength(
        self,
        scope: Scope,
        *,
        bases: dict[str, float],
        emotion_weight: float,
        importance_weight: float,
        cap: float,
        above: float,
    ) -> int:
        """Emotion-weighted decay of every active, non-M0 memory of the scope above ``above``;
        returns how many active, non-M0 memories the scope has."""
        ...

    def set_maintenance(
        self, scope: Scope, duty: str, *, last_run: datetime | None, counter: int
    ) -> None: ...

    def bump_counters(self, scope: Scope, duties: Sequence[str]) -> None: ...

    def set_mode(self, scope: Scope, mode: str, at: datetime) -> None: ...

    def put_summary(self, summary: Summary) -> None: ...

    def delete_summary(self, summary_id: str) -> None: ...

    def finish_leased_job(
        self,
        job_id: str,
        *,
        leased_by: str | None,
        attempts: int,
        status: str,
        now: datetime,
        result: dict[str, Any] | None = None,
        error: str | None = None,
        run_after: datetime | None = None,
    ) -> bool:
        """Compare-and-set: settle a job only while this lease (worker, attempt) still holds
        it; False, and nothing changed, otherwise."""
        ...

    def set_job_result(self, job_id: str, record: dict[str, Any]) -> None: ...

    def put_inbox(self, item: InboxItem) -> None: ...

    def add_to_thread(
        self, scope: Scope, thread_id: str, title: str, event_ids: Sequence[str], at: datetime
    ) -> None: ...

    # self and social layers
    def put_relationship(self, rel: Relationship) -> None: ...

    def log_relationship(
        self,
        scope: Scope,
        log_id: str,
        changes: dict[str, Any],
        reason: str,
        evidence: Sequence[str],
        session_id: str | None,
        at: datetime,
    ) -> None: ...

    def put_mood(self, mood: Mood) -> None: ...

    def put_island(self, island: Island) -> None: ...

    def put_belief(self, belief: Belief, reason: str, at: datetime) -> None:
        """Insert or update; every write adds a version-history row."""
        ...

    def put_soul(self, scope: Scope, version: int, text: str, at: datetime) -> None: ...

    def put_scene(self, scene: Scene) -> None: ...

    def put_imagination(self, idea: Imagination) -> None: ...

    def set_pattern_weight(self, scope: Scope, pattern: str, weight: float) -> None: ...

    def put_note(self, note: Note) -> None: ...

    def after_commit(self, callback: Callable[[], None]) -> None: ...


class Store(Protocol):
    """A backend holding every layer. Reads may run concurrently with one writer."""

    def transaction(self) -> AbstractContextManager[StoreWriter]: ...

    def rehearse(self, memory_ids: Sequence[str], at: datetime) -> None:
        """A recall's rehearsal: one more reference to each memory, at ``at``, committed on its
        own (the embedded store leaves its WAL checkpoint to the next other write)."""
        ...

    def last_event(self, scope: Scope) -> Event | None: ...

    def recent_events(self, scope: Scope, limit: int) -> list[Event]: ...

    def get_events(self, ids: Sequence[str]) -> list[Event]: ...

    def event_heads(self, ids: Sequence[str]) -> dict[str, EventHead]:
        """event id -> its session and speakers (ids not found are left out), without
        reading the turns whole."""
        ...

    def iter_events(self, scope: Scope | None = None, batch: int = 500) -> Iterator[Event]: ...

    def count_events(self, scope: Scope) -> int: ...

    def get_memories(self, ids: Sequence[str]) -> list[Memory]: ...

    def list_memories(
        self, scope: Scope, *, status: str = "active", limit: int = 100, offset: int = 0
    ) -> list[Memory]: ...

    def iter_memories(self, batch: int = 500) -> Iterator[Memory]:
        """Every memory of every scope, oldest first."""
        ...

    def current_facts(self, scope: Scope) -> list[Fact]: ...

    def superseded_facts(self, scope: Scope) -> list[Fact]:
        """Facts of the scope that stopped being current (valid_to set), oldest first."""
        ...

    def revisions(self, target_kind: str, target_id: str) -> list[Revision]: ...

    def get_meta(self, key: str) -> str | None: ...

    def scopes(self) -> list[Scope]: ...

    def warm(self, scope: Scope, model: str) -> None:
        """Build ahead whatever the scope's first recall with ``model`` would otherwise build
        (the embedded store's in-process copies); nothing where reads go to a server."""
        ...

    def refresh(self, scope: Scope, model: str) -> None:
        """After a write, bring current what a recall of the scope with ``model`` would
        otherwise bring current first (the in-process copies already built; builds nothing);
        nothing where reads go to a server."""
        ...

    def lexical_search(
        self, scope: Scope, tokens: Sequence[str], limit: int
    ) -> list[LexicalHit]: ...

    def dense_search(
        self,
        scope: Scope,
        model: str,
        owner_kind: str,
        query: Vector,
        limit: int,
        include_ids: Sequence[str] = (),
    ) -> list[VectorHit]:
        """The ``limit`` most similar records, plus the similarity of each of ``include_ids``
        (when it has a vector) even if it is not among them; ``limit`` 0 gives only those."""
        ...

    def similarities(
        self, scope: Scope, model: str, owner_kind: str, query: Vector, ids: Sequence[str]
    ) -> dict[str, float]:
        """id -> similarity to ``query`` of each of ``ids`` that has a vector: what
        ``dense_search`` with ``limit`` 0 gives, without a hit object each."""
        ...

    def reply_links(self, event_ids: Sequence[str]) -> list[tuple[str, str]]:
        """(reply, replied-to) for every reply_to link from or to one of ``event_ids``."""
        ...

    def context_keys(
        self, scope: Scope, model: str, query: Vector, event_ids: Sequence[str]
    ) -> ContextKeys:
        """``query``'s similarity (inner product) to the context keys of ``event_ids`` (turns
        of ``scope``), from ``model``'s vectors."""
        ...

    def memories_for_events(self, event_ids: Sequence[str]) -> dict[str, list[MemoryWeight]]:
        """event id -> the active memories sourced from it (oldest link first), with their
        importance and strength (no full rows: ranking needs only these)."""
        ...

    def unembedded(self, owner_kind: str, model: str, limit: int) -> list[str]:
        """Ids of the records of ``owner_kind`` that have no vector from ``model`` yet: turns
        with text (``"event"``), active derived memories (``"memory"``), current facts
        (``"fact"``)."""
        ...

    def get_facts(self, ids: Sequence[str]) -> list[Fact]: ...

    def stats(self) -> dict[str, Any]: ...

    # lifecycle reads
    def expired_memories(
        self, now: datetime, limit: int = 500, scope: Scope | None = None
    ) -> list[tuple[str, Tier]]:
        """The id and tier of each active memory whose TTL has run out (of one scope, or
        every scope), the longest expired first; the memories are not read."""
        ...

    def purge_due(
        self, now: datetime, limit: int = 500, scope: Scope | None = None
    ) -> list[str]: ...

    def forgetting_queue(self, scope: Scope, memory_id: str | None = None) -> list[ForgettingEntry]:
        """The scope's queue, the first to be purged first (only ``memory_id``'s entry, if
        given)."""
        ...

    def memories_in(
        self,
        scope: Scope,
        tiers: Sequence[Tier] | None = None,
        status: str = "active",
        **filters: Unpack[MemoryFilters],
    ) -> list[Memory]:
        """Memories of the scope in ``tiers`` (None: any) with ``status``, oldest first, as
        ``filters`` narrow them (:class:`MemoryFilters`). The filters run in the store: only
        the matching rows are loaded."""
        ...

    def memory_ids_in(
        self,
        scope: Scope,
        tiers: Sequence[Tier] | None = None,
        status: str = "active",
        **filters: Unpack[MemoryFilters],
    ) -> list[str]:
        """The ids of what :meth:`memories_in` gives, in its order, without reading the
        memories."""
        ...

    def tier_counts(self, scope: Scope | None = None) -> dict[str, int]: ...

    def maintenance(self, scope: Scope) -> dict[str, tuple[datetime | None, int]]: ...

    def mode(self, scope: Scope) -> str: ...

    def events_between(self, scope: Scope, start: datetime, end: datetime) -> list[Event]: ...

    def summaries(self, scope: Scope, period: str) -> list[Summary]: ...

    def inbox(self, scope: Scope, status: str | None = "pending") -> list[InboxItem]: ...

    def vectors_for(
        self, scope: Scope, model: str, owner_kind: str, ids: Sequence[str]
    ) -> dict[str, Vector]: ...

    def scopes_in_world(self, world_id: str) -> list[Scope]: ...

    def iter_scopes(self) -> Iterator[Scope]: ...

    # self and social layers
    def relationship(self, scope: Scope) -> Relationship: ...

    def relationship_log(self, scope: Scope, limit: int = 100) -> list[dict[str, object]]: ...

    def mood(self, scope: Scope) -> Mood: ...

    def islands(self, scope: Scope) -> list[Island]: ...

    def beliefs(self, scope: Scope, status: str | None = None) -> list[Belief]: ...

    def belief_versions(self, belief_id: str) -> list[dict[str, object]]: ...

    def soul(self, scope: Scope) -> tuple[int, str] | None: ...

    def soul_versions(self, scope: Scope) -> list[tuple[int, str, datetime]]: ...

    def event_affects(self, event_ids: Sequence[str]) -> dict[str, Affect]: ...

    def scenes(self, scope: Scope) -> list[Scene]: ...

    def imaginations(self, scope: Scope, since: datetime | None = None) -> list[Imagination]: ...

    def pattern_weights(self, scope: Scope) -> dict[str, float]: ...

    def pending_notes(self, scope: Scope) -> list[Note]: ...

    # service: API keys and the job queue
    def create_key(self, key: ApiKey, key_hash: str) -> None: ...

    def key_by_hash(self, key_hash: str) -> ApiKey | None: ...

    def revoke_key(self, key_id: str, at: datetime) -> bool: ...

    def list_keys(self, tenant: str | None = None) -> list[ApiKey]: ...

    def enqueue_job(self, job: Job) -> Job:
        """Queue a job (a job with the same dedupe_key is returned instead of a second)."""
        ...

    def lease_jobs(
        self,
        kinds: Sequence[str],
        worker: str,
        now: datetime,
        lease_for: timedelta,
        limit: int = 1,
        tenant: str | None = None,
    ) -> list[Job]:
        """Atomically lease due jobs (queued and due, or leased with an expired lease)."""
        ...

    def get_job(self, job_id: str) -> Job | None: ...

    def finish_job(
        self,
        job_id: str,
        *,
        status: str,
        now: datetime,
        result: dict[str, Any] | None = None,
        error: str | None = None,
        run_after: datetime | None = None,
    ) -> None: ...

    def jobs(self, status: str | None = None, tenant: str | None = None) -> list[Job]: ...

    def erase_user(self, user_id: str) -> int:
        """Delete every row of ``user_id`` in every table (then compact); returns the count."""
        ...

    def compact(self) -> None:
        """Make removed data leave the storage files (index merge, WAL checkpoint)."""
        ...

    def close(self) -> None: ...
