"""Brain-job kinds that work on memory itself: ``extract`` (facts from one turn),
``summarize`` (a period's summary) and ``distill`` (one derived memory for a group).

See :mod:`soulmem.jobs.kinds` for what each part of a :class:`~soulmem.jobs.kinds_base.Kind`
does; :data:`MEMORY_KINDS` is registered there.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import TYPE_CHECKING, Any

from soulmem.clock import from_iso
from soulmem.errors import InvalidInput, LLMError, NotFound
from soulmem.jobs.kinds_base import (
    DAY,
    MAX_IDEA,
    MAX_LINES,
    InvalidResult,
    Kind,
    Step,
    _ids,
    _line,
    _lines_prompt,
    _only,
    _scope_of,
    _text,
)
from soulmem.lifecycle import tiers
from soulmem.lifecycle.llm import DISTILL_PROMPT, SUMMARY_PROMPT
from soulmem.lifecycle.promotion import DISTILLED, merge, retire
from soulmem.model import Job, Scope, Summary, Tier, new_id
from soulmem.perceive.facts.llm import FACT_SCHEMA, _validate
from soulmem.perceive.facts.llm import SYSTEM as FACT_SYSTEM
from soulmem.perceive.resolve import resolve_facts
from soulmem.recall.assemble import fact_text
from soulmem.recall.rank import memory_text
from soulmem.recall.tokenize import tokenize
from soulmem.store.base import StoreWriter

if TYPE_CHECKING:
    from soulmem.engine import Memory as Engine

__all__ = ["MEMORY_KINDS"]

MAX_TEXT = 1000

_TEXT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"text": {"type": "string"}},
    "required": ["text"],
}


# -- extract: facts from one turn ------------------------------------------------------------


def _extract_build(engine: Engine, scope: Scope, given: Mapping[str, Any]) -> dict[str, Any]:
    _only(("event_id",), given)
    event_id = given.get("event_id")
    if not isinstance(event_id, str):
        raise InvalidInput("an extract job needs payload.event_id")
    found = engine.store.get_events([event_id])
    if not found or found[0].scope != scope:
        raise NotFound(f"no event {event_id!r} in this scope")
    event = found[0]
    if not event.user_text:
        raise InvalidInput("facts come from the user's side; this turn has no user text")
    known: dict[str, list[str]] = {}
    for fact in engine.store.current_facts(scope):
        if fact.about == "user":
            known.setdefault(fact.subject, []).append(fact.value)
    return {
        "event_id": event.id,
        "text": event.user_text,
        "language": event.language,
        "known": known,
    }


def _extract_prompt(payload: Mapping[str, Any]) -> str:
    known = payload.get("known") or {}
    listed = "; ".join(f"{k}={' | '.join(v)}" for k, v in known.items())
    return f"Known facts: {listed or 'none'}\nMessage: {payload['text']}"


def _extract_validate(payload: Mapping[str, Any], result: Mapping[str, Any]) -> dict[str, Any]:
    try:
        candidates = _validate(dict(result))
    except LLMError as exc:
        raise InvalidResult(str(exc)) from exc
    return {
        "facts": [
            {
                "subject": c.subject,
                "value": c.value,
                "about": c.about,
                "negated": c.negated,
                "mode": c.mode,
            }
            for c in candidates
        ]
    }


def _extract_prepare(engine: Engine, job: Job, cleaned: dict[str, Any]) -> Step:
    scope = _scope_of(job)
    try:
        candidates = _validate(cleaned)
    except LLMError as exc:  # pragma: no cover - cleaned answers always validate
        raise InvalidResult(str(exc)) from exc
    texts = [fact_text(c.subject, c.value) for c in candidates if c.about == "user"]
    vectors = dict(zip(texts, engine.embedder.embed_documents(texts), strict=True)) if texts else {}
    model_name, now = engine.embedder.name, engine.clock.now()
    event_id = str(job.payload["event_id"])

    def step(tx: StoreWriter) -> dict[str, Any]:
        changes = resolve_facts(
            scope, candidates, tx.current_facts(scope), event_id=event_id, now=now
        )
        for fact in changes.closed:
            tx.close_fact(fact.id, now)
        for fact in changes.confirmed:
            tx.update_fact(fact.id, confidence=fact.confidence, evidence=fact.evidence_event_ids)
        for fact in changes.added:
            tx.insert_fact(fact)
            body = fact_text(fact.subject, fact.value)
            vector = vectors.get(body)
            if vector is None:
                vector = engine.embedder.embed_documents([body])[0]
            tx.put_embedding(scope, "fact", fact.id, model_name, vector)
            tx.index_tokens(scope, "fact", fact.id, tokenize(body))
        for revision in changes.revisions:
            tx.insert_revision(revision)
        return {
            "facts_added": [f.id for f in changes.added],
            "facts_confirmed": [f.id for f in changes.confirmed],
            "facts_closed": [f.id for f in changes.closed],
        }

    return step


# -- summarize: one period's summary ---------------------------------------------------------


def _summarize_build(engine: Engine, scope: Scope, given: Mapping[str, Any]) -> dict[str, Any]:
    _only(("event_ids", "period", "starts_at", "ends_at"), given)
    period = given.get("period", "day")
    if not isinstance(period, str) or not period or len(period) > 32:
        raise InvalidInput("payload.period must be a short string (day, week, ...)")
    if "event_ids" in given:
        ids = _ids("event_ids", given["event_ids"])
        events = [e for e in engine.store.get_events(ids) if e.scope == scope]
        if not events:
            raise NotFound("none of these events is in this scope")
    else:
        end = _when(given.get("ends_at")) or engine.clock.now()
        start = _when(given.get("starts_at")) or end - DAY
        events = engine.store.events_between(scope, start, end)
        if not events:
            raise InvalidInput("no turns in that period to summarise")
    events = sorted(events, key=lambda e: e.at)[-MAX_LINES:]
    starts = _when(given.get("starts_at")) or events[0].at
    ends = _when(given.get("ends_at")) or events[-1].at
    return {
        "period": period,
        "starts_at": starts.isoformat(),
        "ends_at": ends.isoformat(),
        "event_ids": [e.id for e in events],
        "lines": [_line(e.render()) for e in events],
    }


def _when(value: object) -> datetime | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise InvalidInput("times must be ISO-8601 strings")
    try:
        return from_iso(value)
    except ValueError as exc:
        raise InvalidInput(f"not an ISO-8601 time: {value!r}") from exc


def _text_validate(payload: Mapping[str, Any], result: Mapping[str, Any]) -> dict[str, Any]:
    return {"text": _text("text", result.get("text"), MAX_TEXT)}


def _summarize_prepare(engine: Engine, job: Job, cleaned: dict[str, Any]) -> Step:
    scope, payload = _scope_of(job), job.payload
    summary = Summary(
        id=new_id("sum"),
        scope=scope,
        period=str(payload["period"]),
        starts_at=from_iso(payload["starts_at"]),
        ends_at=from_iso(payload["ends_at"]),
        text=cleaned["text"],
        event_ids=tuple(payload["event_ids"]),
    )

    def step(tx: StoreWriter) -> dict[str, Any]:
        tx.put_summary(summary)  # replaces the rule-based one of the same period and start
        return {"summary_id": summary.id, "period": summary.period}

    return step


# -- distill: one derived memory for a group ---------------------------------------------------


def _distill_build(engine: Engine, scope: Scope, given: Mapping[str, Any]) -> dict[str, Any]:
    _only(("memory_ids", "tier"), given)
    ids = _ids("memory_ids", given.get("memory_ids"))
    tier = given.get("tier", Tier.M90.value)
    if tier not in (Tier.M30.value, Tier.M90.value, Tier.M365.value):
        raise InvalidInput("payload.tier must be M30, M90 or M365")
    memories = [
        m for m in engine.store.get_memories(ids) if m.scope == scope and m.status == "active"
    ]
    if len(memories) < 2:
        raise InvalidInput("distilling needs at least two active memories of this scope")
    memories.sort(key=lambda m: m.occurred_at)
    return {
        "memory_ids": [m.id for m in memories],
        "tier": tier,
        "language": next((m.language for m in memories if m.language), None),
        "texts": [_line(m.content) for m in memories],
    }


def _texts_prompt(payload: Mapping[str, Any]) -> str:
    return "\n".join(str(t) for t in payload.get("texts", []))


def _distill_validate(payload: Mapping[str, Any], result: Mapping[str, Any]) -> dict[str, Any]:
    return {"text": _text("text", result.get("text"), MAX_IDEA)}


def _distill_prepare(engine: Engine, job: Job, cleaned: dict[str, Any]) -> Step:
    scope, now = _scope_of(job), engine.clock.now()
    ids = [str(i) for i in job.payload["memory_ids"]]
    group = [m for m in engine.store.get_memories(ids) if m.scope == scope and m.status == "active"]
    if len(group) < 2:
        gone = sorted(set(ids) - {m.id for m in group})

        def skipped(tx: StoreWriter) -> dict[str, Any]:
            return {"skipped": "the memories are no longer active", "gone": gone}

        return skipped
    tier = Tier(job.payload["tier"])
    text = cleaned["text"]
    merged = merge(
        group,
        tier,
        now,
        tiers.expires_at(tier, now, engine.config.tiers),
        essence=lambda texts, language, max_chars: text,
    )
    body = memory_text(merged)
    vector = engine.embedder.embed_documents([body])[0]
    model_name = engine.embedder.name

    def step(tx: StoreWriter) -> dict[str, Any]:
        tx.insert_memory(merged)
        tx.put_embedding(scope, "memory", merged.id, model_name, vector)
        tx.index_tokens(scope, "memory", merged.id, tokenize(body))
        for memory in group:
            tx.save_memory(retire(memory, DISTILLED))
        return {"memory_id": merged.id, "retired": [m.id for m in group]}

    return step


MEMORY_KINDS: tuple[Kind, ...] = (
    Kind(
        "extract",
        FACT_SYSTEM,
        FACT_SCHEMA,
        _extract_build,
        _extract_prompt,
        _extract_validate,
        _extract_prepare,
    ),
    Kind(
        "summarize",
        SUMMARY_PROMPT,
        _TEXT_SCHEMA,
        _summarize_build,
        _lines_prompt,
        _text_validate,
        _summarize_prepare,
    ),
    Kind(
        "distill",
        DISTILL_PROMPT,
        _TEXT_SCHEMA,
        _distill_build,
        _texts_prompt,
        _distill_validate,
        _distill_prepare,
    ),
)
