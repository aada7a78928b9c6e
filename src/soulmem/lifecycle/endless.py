"""Endless mode (seed 001): one continuous memory without session boundaries.

This module holds the rule-based pieces, all pure functions over the records (no storage,
no network, time passed in): the working set, the consolidation triggers and the graduation
ladder, and re-exports the summaries (:mod:`soulmem.lifecycle.summaries`) and the continuity
score, links and threads (:mod:`soulmem.lifecycle.continuity`).

**Working set** (seed 001 §2.1): the newest events of the last 24 hours, at most 100.

**Consolidation** (seed 001 §4.2, the hybrid option): due when *any* of

* ``"interval"``: at least ``every`` (1 h) has passed since the last consolidation;
* ``"events"``: at least ``max_events`` (100) events arrived since the last consolidation;
* ``"idle"``: events arrived since the last consolidation and the newest of them is at least
  ``idle`` (30 min) old ("consolidation during sleep").

Every threshold fires *at* its value (``>=``), not one second later. Nothing fires while no
event arrived since the last consolidation: there is nothing to consolidate. With no
consolidation yet, the interval trigger has no starting point and does not fire; the other
two do.

**Graduation** (seed 001 §3.1): L0 raw -> L1 structured -> L2 validated -> L3 verified ->
L4 active, see :func:`graduate`.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Final

from soulmem.lifecycle.continuity import (
    CONTINUITY_WEIGHTS,
    causal_links,
    continuity,
    overlap,
    threads,
    topic_links,
    topic_tokens,
)
from soulmem.lifecycle.summaries import main_topics, roll_up, summarize_events
from soulmem.model import Event

__all__ = [
    "CONFIRMATIONS_VALIDATED",
    "CONFIRMATIONS_VERIFIED",
    "CONSOLIDATE_EVENTS",
    "CONSOLIDATE_EVERY",
    "CONSOLIDATE_IDLE",
    "CONTINUITY_WEIGHTS",
    "LEVELS",
    "WORKING_SET_AGE",
    "WORKING_SET_EVENTS",
    "causal_links",
    "consolidation_due",
    "continuity",
    "graduate",
    "main_topics",
    "overlap",
    "roll_up",
    "summarize_events",
    "threads",
    "topic_links",
    "topic_tokens",
    "working_set",
]

#: Seed 001 numbers (DESIGN.md "Seed numbers").
WORKING_SET_EVENTS: Final = 100
WORKING_SET_AGE: Final = timedelta(hours=24)
CONSOLIDATE_EVERY: Final = timedelta(hours=1)
CONSOLIDATE_EVENTS: Final = 100
CONSOLIDATE_IDLE: Final = timedelta(minutes=30)


def working_set(
    events: Sequence[Event],
    now: datetime,
    max_events: int = WORKING_SET_EVENTS,
    max_age: timedelta = WORKING_SET_AGE,
) -> list[Event]:
    """The working set at ``now``: the newest ``max_events`` events that are at most
    ``max_age`` old (an event exactly ``max_age`` old is still in), oldest first.

    Events after ``now`` have not happened yet at ``now`` and are left out. Order is by time,
    then ``seq``, then id, whatever the order of ``events``.
    """
    if max_events < 0:
        raise ValueError("max_events must not be negative")
    if max_age < timedelta(0):
        raise ValueError("max_age must not be negative")
    oldest = now - max_age
    recent = sorted((e for e in events if oldest <= e.at <= now), key=lambda e: (e.at, e.seq, e.id))
    return recent[len(recent) - max_events :] if max_events else []


def consolidation_due(
    *,
    now: datetime,
    last_consolidation: datetime | None,
    events_since: int,
    last_event_at: datetime | None,
    every: timedelta = CONSOLIDATE_EVERY,
    max_events: int = CONSOLIDATE_EVENTS,
    idle: timedelta = CONSOLIDATE_IDLE,
) -> str | None:
    """Why a consolidation is due now (``"interval"``, ``"events"`` or ``"idle"``), or
    ``None``; see the module notes for the rules.

    ``events_since`` counts the events since ``last_consolidation`` (all events when there
    was none); ``last_event_at`` is the time of the newest of them. When several triggers
    fire, the first of interval, events, idle is named.
    """
    if events_since < 0:
        raise ValueError("events_since must not be negative")
    if max_events < 1:
        raise ValueError("max_events must be positive")
    if every <= timedelta(0) or idle <= timedelta(0):
        raise ValueError("every and idle must be positive")
    if events_since == 0:
        return None
    if last_consolidation is not None and now - last_consolidation >= every:
        return "interval"
    if events_since >= max_events:
        return "events"
    if last_event_at is not None and now - last_event_at >= idle:
        return "idle"
    return None


LEVELS: Final = ("L0 raw", "L1 structured", "L2 validated", "L3 verified", "L4 active")
#: Confirmations (since the last contradiction) that make a record validated / verified.
CONFIRMATIONS_VALIDATED: Final = 2
CONFIRMATIONS_VERIFIED: Final = 4


def graduate(
    level: int, *, confirmations: int, contradictions: int, referenced_recently: bool
) -> int:
    """The next graduation level (index into :data:`LEVELS`) of a record at ``level``.

    Called at each consolidation pass with:

    * ``confirmations``: independent confirmations of the record since its last
      contradiction (the caller restarts the count at a contradiction);
    * ``contradictions``: contradictions recorded since the previous pass;
    * ``referenced_recently``: whether recall used the record lately.

    Rules, in order:

    1. Each new contradiction lowers the level by one (not below L0); no promotion in the
       same pass.
    2. Otherwise the record earns: L1 structured (it has been consolidated, which is what
       this pass does), L2 validated at :data:`CONFIRMATIONS_VALIDATED` (2) confirmations,
       L3 verified at :data:`CONFIRMATIONS_VERIFIED` (4), and L4 active when it would be
       verified and is referenced recently. Promotion may skip levels when the evidence is
       already there.
    3. Without contradictions a record keeps its level, except that L4 active falls back to
       L3 verified when it is no longer referenced recently (it stays verified).
    """
    if not 0 <= level < len(LEVELS):
        raise ValueError(f"level must be within 0..{len(LEVELS) - 1}")
    if confirmations < 0 or contradictions < 0:
        raise ValueError("confirmations and contradictions must not be negative")
    if contradictions:
        return max(0, level - contradictions)
    earned = 1
    if confirmations >= CONFIRMATIONS_VALIDATED:
        earned = 2
    if confirmations >= CONFIRMATIONS_VERIFIED:
        earned = 3
    current = 3 if level == 4 and not referenced_recently else level
    new = max(current, earned)
    if new == 3 and referenced_recently:
        new = 4
    return new
