"""What each brain-job kind carries, what the brain must answer, and how an answer is applied.

Every kind has:

* ``build(engine, scope, given)``: the payload the engine queues, completed from memory (the
  turn's text, the day's turns, the memories to distil, ...) so that a brain needs nothing
  but the payload;
* ``system`` and ``prompt(payload)``: what a brain sends to its LLM, and ``schema``: the JSON
  schema its answer must match (both are also handed out with every lease);
* ``validate(payload, result)``: the answer cleaned, or :class:`InvalidResult`; nothing
  touches memory before this passed;
* ``prepare(engine, job, cleaned)``: the slow part (embeddings) done outside the write
  lock; it returns a step that writes through a :class:`~soulmem.store.base.StoreWriter`
  inside the same transaction that marks the job done (so a result is applied exactly once).

Kinds: ``extract`` (facts from one turn), ``summarize`` (a period's summary), ``distill``
(one derived memory for a group), ``reflect`` (a director's note), ``imagine`` (a proactive
idea), ``dialogue`` (a suggested reply, kept in the job's result only) and the internal
``maintain`` (a scope's due maintenance, run by ``soulmem worker``).

This module is the registry and the entry points (:func:`build_payload`, :func:`apply`,
:func:`describe`); :class:`Kind` and the shared checks are in :mod:`soulmem.jobs.kinds_base`,
the kinds themselves in :mod:`soulmem.jobs.kinds_memory` and
:mod:`soulmem.jobs.kinds_character`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from soulmem.errors import InvalidInput
from soulmem.jobs.kinds_base import InvalidResult, Kind
from soulmem.jobs.kinds_character import CHARACTER_KINDS, NOTE_SCHEMA, REPLY_SCHEMA
from soulmem.jobs.kinds_memory import MEMORY_KINDS
from soulmem.model import Job, Scope

if TYPE_CHECKING:
    from soulmem.engine import Memory as Engine

__all__ = [
    "BRAIN_KINDS",
    "INTERNAL_KINDS",
    "KINDS",
    "NOTE_SCHEMA",
    "REPLY_SCHEMA",
    "InvalidResult",
    "Kind",
    "apply",
    "build_payload",
    "describe",
    "kind",
]

KINDS: dict[str, Kind] = {k.name: k for k in (*MEMORY_KINDS, *CHARACTER_KINDS)}
#: what an external brain (an LLM worker) may lease
BRAIN_KINDS: tuple[str, ...] = ("extract", "summarize", "distill", "reflect", "imagine", "dialogue")
#: what ``soulmem worker`` runs by default (the rule-based executor may also run brain kinds)
INTERNAL_KINDS: tuple[str, ...] = ("maintain",)


def kind(name: str) -> Kind:
    found = KINDS.get(name)
    if found is None:
        raise InvalidInput(f"unknown job kind {name!r} (known: {', '.join(KINDS)})")
    return found


def build_payload(
    engine: Engine, name: str, scope: Scope, given: Mapping[str, Any]
) -> dict[str, Any]:
    """The payload the engine queues for ``name``, completed from memory."""
    if not isinstance(given, Mapping):
        raise InvalidInput("payload must be an object")
    return kind(name).build(engine, scope, given)


def apply(engine: Engine, job: Job, result: Mapping[str, Any]) -> dict[str, Any]:
    """Validate ``result`` for ``job`` and write it to memory in one transaction, without
    any job bookkeeping (the queue's ``submit`` does both together). Returns what changed."""
    if not isinstance(result, Mapping):
        raise InvalidResult("a result must be a JSON object")
    spec = kind(job.kind)
    cleaned = spec.validate(job.payload, result)
    step = spec.prepare(engine, job, cleaned)
    with engine.store.transaction() as tx:
        return step(tx)


def describe(job: Job) -> dict[str, Any]:
    """How to answer ``job``: its kind's system prompt, user prompt and JSON schema."""
    spec = kind(job.kind)
    return {"system": spec.system, "prompt": spec.prompt(job.payload), "schema": spec.schema}
