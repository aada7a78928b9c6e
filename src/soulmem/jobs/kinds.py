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
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from soulmem.clock import from_iso
from soulmem.errors import InvalidInput, LLMError, NotFound
from soulmem.imagine.director import AXES, QUIET_NOTES
from soulmem.imagine.imagination import PATTERNS, daily_remaining
from soulmem.lifecycle import tiers
from soulmem.lifecycle.llm import DISTILL_PROMPT, SUMMARY_PROMPT
from soulmem.lifecycle.promotion import DISTILLED, merge, retire
from soulmem.model import (
    Imagination,
    Job,
    Memory,
    MemoryType,
    Note,
    Scope,
    Source,
    Summary,
    Tier,
    new_id,
)
from soulmem.perceive.facts.llm import FACT_SCHEMA, _validate
from soulmem.perceive.facts.llm import SYSTEM as FACT_SYSTEM
from soulmem.perceive.resolve import resolve_facts
from soulmem.recall.assemble import fact_text
from soulmem.recall.rank import memory_text
from soulmem.recall.tokenize import tokenize
from soulmem.store.base import StoreWriter

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

Step = Callable[[StoreWriter], dict[str, Any]]

MAX_LINES = 200
LINE_CHARS = 500
MAX_TEXT = 1000
MAX_NOTE = 400
MAX_NOTE_DELTA = 10.0
MAX_IDEA = 300
MAX_REPLY = 4000
DAY = timedelta(days=1)


class InvalidResult(InvalidInput):
    """A brain's answer does not match its kind's schema or cannot be applied; the job is
    failed (retried with backoff, then dead-lettered)."""


@dataclass(frozen=True, slots=True)
class Kind:
    name: str
    system: str
    schema: dict[str, Any]
    build: Callable[[Engine, Scope, Mapping[str, Any]], dict[str, Any]]
    prompt: Callable[[Mapping[str, Any]], str]
    validate: Callable[[Mapping[str, Any], Mapping[str, Any]], dict[str, Any]]
    prepare: Callable[[Engine, Job, dict[str, Any]], Step]


# -- helpers -------------------------------------------------------------------------------


def _text(name: str, value: object, limit: int) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InvalidResult(f"{name} must be a non-empty string")
    if len(value.strip()) > limit:
        raise InvalidResult(f"{name} is longer than {limit} characters")
    return value.strip()


def _ids(name: str, value: object) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise InvalidInput(f"payload.{name} must be a list of ids")
    return list(value)


def _scope_of(job: Job) -> Scope:
    if job.scope is None:
        raise InvalidResult(f"job {job.id} has no scope")
    return job.scope


def _line(text: str) -> str:
    return text if len(text) <= LINE_CHARS else text[: LINE_CHARS - 1] + "…"


def _only(allowed: Sequence[str], given: Mapping[str, Any]) -> None:
    unknown = set(given) - set(allowed)
    if unknown:
        raise InvalidInput(f"unknown payload fields: {', '.join(sorted(unknown))}")


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


def _lines_prompt(payload: Mapping[str, Any]) -> str:
    return "\n".join(str(line) for line in payload.get("lines", []))


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


# -- reflect: a director's note ----------------------------------------------------------------

REFLECT_SYSTEM = (
    "You are the director of a character chat. Read the recent turns and write a one-sentence "
    "note for the character's next reply, and small relationship deltas (axes "
    f"{', '.join(AXES)}, each within +-{MAX_NOTE_DELTA:.0f}). Answer only with JSON."
)
NOTE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "note": {"type": "string"},
        "deltas": {"type": "object", "additionalProperties": {"type": "number"}},
    },
    "required": ["note", "deltas"],
}


def _reflect_build(engine: Engine, scope: Scope, given: Mapping[str, Any]) -> dict[str, Any]:
    _only(("turns",), given)
    turns = given.get("turns", 20)
    if isinstance(turns, bool) or not isinstance(turns, int) or not 1 <= turns <= MAX_LINES:
        raise InvalidInput(f"payload.turns must be 1 to {MAX_LINES}")
    events = sorted(engine.store.recent_events(scope, turns), key=lambda e: e.at)
    if not events:
        raise InvalidInput("no turns to reflect on")
    return {"event_ids": [e.id for e in events], "lines": [_line(e.render()) for e in events]}


def _reflect_validate(payload: Mapping[str, Any], result: Mapping[str, Any]) -> dict[str, Any]:
    note = _text("note", result.get("note"), MAX_NOTE)
    deltas = result.get("deltas", {})
    if not isinstance(deltas, dict):
        raise InvalidResult("deltas must be an object of axis -> number")
    clean: dict[str, float] = {}
    for axis, value in deltas.items():
        if axis not in AXES:
            raise InvalidResult(f"unknown relationship axis {axis!r}")
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise InvalidResult(f"delta for {axis} is not a number")
        clean[axis] = max(-MAX_NOTE_DELTA, min(MAX_NOTE_DELTA, float(value)))
    return {"note": note, "deltas": clean}


def _reflect_prepare(engine: Engine, job: Job, cleaned: dict[str, Any]) -> Step:
    scope, now = _scope_of(job), engine.clock.now()

    def step(tx: StoreWriter) -> dict[str, Any]:
        if cleaned["note"] in QUIET_NOTES and not cleaned["deltas"]:
            return {"skipped": "a quiet note is not stored"}
        note = Note(
            id=new_id("note"),
            scope=scope,
            text=cleaned["note"],
            deltas=dict(cleaned["deltas"]),
            created_at=now,
        )
        tx.put_note(note)
        return {"note_id": note.id}

    return step


# -- imagine: a proactive idea ---------------------------------------------------------------

IMAGINE_SYSTEM = (
    "You are the imagination of a character. From what it remembers about the user and the "
    "moment described, propose ONE short proactive idea: a scenario (what the character "
    "noticed or thought of) and an action (what it could say or do), in the user's language. "
    "Never touch the forbidden topics. pattern: one of the listed patterns, or 'free'."
)


def _imagine_schema() -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {
            "pattern": {"type": "string", "enum": [*PATTERNS, "free"]},
            "scenario": {"type": "string"},
            "action": {"type": "string"},
        },
        "required": ["pattern", "scenario", "action"],
    }


def _imagine_build(engine: Engine, scope: Scope, given: Mapping[str, Any]) -> dict[str, Any]:
    _only(("activity", "idle_minutes", "weather", "time_of_day", "language"), given)
    for name in ("activity", "weather", "time_of_day", "language"):
        value = given.get(name)
        if value is not None and (not isinstance(value, str) or len(value) > 64):
            raise InvalidInput(f"payload.{name} must be a short string")
    idle = given.get("idle_minutes")
    if idle is not None and (isinstance(idle, bool) or not isinstance(idle, int | float)):
        raise InvalidInput("payload.idle_minutes must be a number")
    facts = [[f.subject, f.value] for f in engine.store.current_facts(scope) if f.about == "user"]
    forbidden = [
        f.value
        for f in engine.store.current_facts(scope)
        if f.about == "owner" and f.kind == "forbidden"
    ]
    memories = engine.store.list_memories(scope, limit=20)
    return {
        "context": {k: v for k, v in given.items() if v is not None},
        "now": engine.clock.now().isoformat(),
        "facts": facts,
        "forbidden": forbidden,
        "memories": [_line(m.content) for m in memories],
        "patterns": list(PATTERNS),
    }


def _imagine_prompt(payload: Mapping[str, Any]) -> str:
    facts = "; ".join(f"{s}={v}" for s, v in payload.get("facts", []))
    return (
        f"Now: {payload.get('now')}\nMoment: {payload.get('context') or {}}\n"
        f"Facts about the user: {facts or 'none'}\n"
        f"Forbidden topics: {', '.join(payload.get('forbidden', [])) or 'none'}\n"
        f"Patterns: {', '.join(payload.get('patterns', []))}\n"
        "Recent memories:\n" + "\n".join(str(m) for m in payload.get("memories", []))
    )


def _imagine_validate(payload: Mapping[str, Any], result: Mapping[str, Any]) -> dict[str, Any]:
    scenario = _text("scenario", result.get("scenario"), MAX_IDEA)
    action = _text("action", result.get("action"), MAX_IDEA)
    pattern = result.get("pattern", "free")
    if not isinstance(pattern, str) or pattern not in (*PATTERNS, "free"):
        raise InvalidResult(f"unknown imagination pattern {pattern!r}")
    said = f"{scenario} {action}".casefold()
    for topic in payload.get("forbidden", []):
        if str(topic).strip() and str(topic).casefold() in said:
            raise InvalidResult(f"the idea touches a forbidden topic ({topic})")
    return {"pattern": pattern, "scenario": scenario, "action": action}


def _imagine_prepare(engine: Engine, job: Job, cleaned: dict[str, Any]) -> Step:
    scope, now = _scope_of(job), engine.clock.now()
    earlier = [i.created_at for i in engine.store.imaginations(scope, since=now - DAY)]
    ttl = tiers.ttl(Tier.M30, engine.config.tiers)
    language = job.payload.get("context", {}).get("language")

    def step(tx: StoreWriter) -> dict[str, Any]:
        if daily_remaining(earlier, now) <= 0:
            return {"skipped": "three ideas a day already"}
        memory = Memory(
            id=new_id("mem"),
            scope=scope,
            content=f"(imagined) {cleaned['scenario']} {cleaned['action']}",
            tier=Tier.M30,
            memory_type=MemoryType.EPISODIC,
            created_at=now,
            occurred_at=now,
            expires_at=None if ttl is None else now + ttl,
            source=Source.PROACTIVE,
            language=language if isinstance(language, str) else None,
            tier_since=now,
            importance=0.3,
        )
        record = Imagination(
            id=new_id("img"),
            scope=scope,
            pattern=cleaned["pattern"],
            scenario=cleaned["scenario"],
            action=cleaned["action"],
            created_at=now,
            memory_id=memory.id,
        )
        tx.insert_memory(memory)
        tx.put_imagination(record)
        return {"imagination_id": record.id, "memory_id": memory.id}

    return step


# -- dialogue: a suggested reply (kept in the job's result only) --------------------------------

DIALOGUE_SYSTEM = (
    "You are the character in a long-running chat. Using the memory context (facts, "
    "relationship, notes and past turns), write the character's next reply to the user's "
    'message, in the user\'s language. Answer with JSON {"reply": ...}.'
)
REPLY_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"reply": {"type": "string"}},
    "required": ["reply"],
}


def _dialogue_build(engine: Engine, scope: Scope, given: Mapping[str, Any]) -> dict[str, Any]:
    _only(("message", "budget_tokens"), given)
    message = given.get("message")
    if not isinstance(message, str) or not message.strip():
        raise InvalidInput("a dialogue job needs payload.message")
    if len(message) > engine.config.limits.max_message_chars:
        raise InvalidInput("payload.message is too long")
    budget = given.get("budget_tokens", 800)
    if isinstance(budget, bool) or not isinstance(budget, int) or budget < 1:
        raise InvalidInput("payload.budget_tokens must be a positive integer")
    from soulmem.engine import ScopedMemory

    context = ScopedMemory(engine, scope).recall(message, budget_tokens=budget, rehearse=False)
    return {"message": message, "context": context.text, "agent_id": scope.agent_id}


def _dialogue_prompt(payload: Mapping[str, Any]) -> str:
    return (
        f"Character: {payload.get('agent_id')}\nMemory context:\n{payload.get('context')}\n\n"
        f"User: {payload['message']}"
    )


def _dialogue_validate(payload: Mapping[str, Any], result: Mapping[str, Any]) -> dict[str, Any]:
    return {"reply": _text("reply", result.get("reply"), MAX_REPLY)}


def _dialogue_prepare(engine: Engine, job: Job, cleaned: dict[str, Any]) -> Step:
    def step(tx: StoreWriter) -> dict[str, Any]:
        return {"reply": cleaned["reply"]}

    return step


# -- maintain: a scope's due maintenance (internal; run by ``soulmem worker``) ------------------


def _maintain_build(engine: Engine, scope: Scope, given: Mapping[str, Any]) -> dict[str, Any]:
    _only((), given)
    return {}


def _maintain_validate(payload: Mapping[str, Any], result: Mapping[str, Any]) -> dict[str, Any]:
    report = result.get("report")
    if not isinstance(report, dict):
        raise InvalidResult("a maintain result carries the maintenance report")
    return {"report": report}


def _maintain_prepare(engine: Engine, job: Job, cleaned: dict[str, Any]) -> Step:
    def step(tx: StoreWriter) -> dict[str, Any]:
        return {"ran": list(cleaned["report"].get("ran", []))}

    return step


KINDS: dict[str, Kind] = {
    k.name: k
    for k in (
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
        Kind(
            "reflect",
            REFLECT_SYSTEM,
            NOTE_SCHEMA,
            _reflect_build,
            _lines_prompt,
            _reflect_validate,
            _reflect_prepare,
        ),
        Kind(
            "imagine",
            IMAGINE_SYSTEM,
            _imagine_schema(),
            _imagine_build,
            _imagine_prompt,
            _imagine_validate,
            _imagine_prepare,
        ),
        Kind(
            "dialogue",
            DIALOGUE_SYSTEM,
            REPLY_SCHEMA,
            _dialogue_build,
            _dialogue_prompt,
            _dialogue_validate,
            _dialogue_prepare,
        ),
        Kind(
            "maintain",
            "",
            {"type": "object", "properties": {"report": {"type": "object"}}},
            _maintain_build,
            lambda payload: "",
            _maintain_validate,
            _maintain_prepare,
        ),
    )
}
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
