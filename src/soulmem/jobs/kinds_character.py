"""Brain-job kinds that speak for the character: ``reflect`` (a director's note),
``imagine`` (a proactive idea), ``dialogue`` (a suggested reply, kept in the job's result
only), and the internal ``maintain`` (a scope's due maintenance, run by ``soulmem worker``).

See :mod:`soulmem.jobs.kinds` for what each part of a :class:`~soulmem.jobs.kinds_base.Kind`
does; :data:`CHARACTER_KINDS` is registered there.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from soulmem.errors import InvalidInput
from soulmem.imagine.director import AXES, QUIET_NOTES
from soulmem.imagine.imagination import PATTERNS, daily_remaining
from soulmem.jobs.kinds_base import (
    DAY,
    MAX_IDEA,
    MAX_LINES,
    InvalidResult,
    Kind,
    Step,
    _line,
    _lines_prompt,
    _only,
    _scope_of,
    _text,
)
from soulmem.lifecycle import tiers
from soulmem.model import Imagination, Job, Memory, MemoryType, Note, Scope, Source, Tier, new_id
from soulmem.store.base import StoreWriter

if TYPE_CHECKING:
    from soulmem.engine import Memory as Engine

__all__ = ["CHARACTER_KINDS", "NOTE_SCHEMA", "REPLY_SCHEMA"]

MAX_NOTE = 400
MAX_NOTE_DELTA = 10.0
MAX_REPLY = 4000


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


CHARACTER_KINDS: tuple[Kind, ...] = (
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
