"""Per-scope routes: observe, recall, facts, relationship, SOUL.md, export and import."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import StreamingResponse

from soulmem.api.auth import external_user, scoped
from soulmem.api.schemas import (
    MAX_LIMIT,
    FactOut,
    ImportIn,
    ImportOut,
    ObserveIn,
    ObserveOut,
    Page,
    RecallIn,
    RecallOut,
    RelationshipOut,
    SoulOut,
    page,
    record_out,
)
from soulmem.engine import ScopedMemory
from soulmem.errors import InvalidInput
from soulmem.validate import TURN_OPTIONS, validate_turn

__all__ = ["router"]

router = APIRouter(prefix="/v1/scopes/{user_id}/{agent_id}", tags=["scope"])

Scoped = Annotated[ScopedMemory, Depends(scoped())]
Limit = Annotated[int, Query(ge=1, le=MAX_LIMIT)]
Offset = Annotated[int, Query(ge=0, le=1_000_000_000)]


@router.post("/observe", response_model=ObserveOut)
def observe(body: ObserveIn, mem: Scoped) -> dict[str, Any]:
    """Append one turn (either side may be missing) and everything derived from it."""
    result = mem.observe(**body.model_dump())
    return {
        "event_id": result.event.id,
        "memory_id": result.memory.id if result.memory else None,
        "event": record_out(result.event),
        "facts_added": [record_out(f) for f in result.facts_added],
        "facts_closed": [record_out(f) for f in result.facts_closed],
    }


@router.post("/recall", response_model=RecallOut)
def recall(body: RecallIn, mem: Scoped, request: Request) -> dict[str, Any]:
    """The prompt context for a query: identity facts, then the best memories, in budget
    (``budget_tokens`` and ``max_items`` are capped by the server's limits)."""
    limits = request.app.state.limits
    if body.budget_tokens is not None and body.budget_tokens > limits.max_recall_budget_tokens:
        raise InvalidInput(
            f"budget_tokens must be at most {limits.max_recall_budget_tokens} on this server"
        )
    if body.max_items is not None and body.max_items > limits.max_recall_items:
        raise InvalidInput(f"max_items must be at most {limits.max_recall_items} on this server")
    ctx = mem.recall(
        body.query,
        budget_tokens=body.budget_tokens,
        max_items=body.max_items,
        rehearse=body.rehearse,
        files=body.files,
        entities=body.entities,
    )
    return record_out(ctx)


@router.get("/facts", response_model=Page[FactOut])
def facts(mem: Scoped, limit: Limit = 100, offset: Offset = 0) -> dict[str, Any]:
    """Current facts about the user, oldest first."""
    return page([record_out(f) for f in mem.facts()], limit, offset)


@router.get("/relationship", response_model=RelationshipOut)
def relationship(mem: Scoped) -> dict[str, Any]:
    rel = mem.relationship()
    return {**record_out(rel), "intimacy": rel.intimacy, "level": rel.level}


@router.get("/soul", response_model=SoulOut)
def soul(mem: Scoped) -> dict[str, Any]:
    """SOUL.md: the character's sense of self as the owner approved it."""
    return {"agent_id": mem.scope.agent_id, "text": mem.soul()}


@router.get(
    "/export",
    response_class=StreamingResponse,
    responses={200: {"content": {"application/x-ndjson": {}}, "description": "JSONL events"}},
)
def export(mem: Scoped) -> StreamingResponse:
    """Every event of the scope (the source of truth) as JSONL, oldest first."""
    records = mem.engine.export(mem.scope)

    def lines() -> Iterator[bytes]:
        for record in records:
            yield (json.dumps(_external(record), ensure_ascii=False) + "\n").encode()

    return StreamingResponse(lines(), media_type="application/x-ndjson")


def _external(record: dict[str, Any]) -> dict[str, Any]:
    scope = record.get("scope")
    if isinstance(scope, dict) and isinstance(scope.get("user_id"), str):
        record["scope"] = {**scope, "user_id": external_user(scope["user_id"])}
    return record


@router.post("/import", response_model=ImportOut)
def import_(body: ImportIn, mem: Scoped) -> dict[str, Any]:
    """Observe exported events or plain turns into this scope. Every record is checked first:
    one bad record imports nothing."""
    turns = [_turn(number, record) for number, record in enumerate(body.records, start=1)]
    limits = mem.engine.config.limits
    for number, fields in enumerate(turns, start=1):
        try:
            validate_turn(limits, **fields)
        except InvalidInput as exc:
            raise type(exc)(f"record {number}: {exc}") from exc
    for fields in turns:
        mem.observe(**fields)
    return {"imported": len(turns)}


def _turn(number: int, record: dict[str, Any]) -> dict[str, Any]:
    fields: dict[str, Any] = {
        "user": record.get("user", record.get("user_text")),
        "assistant": record.get("assistant", record.get("assistant_text")),
    }
    fields.update({key: record[key] for key in TURN_OPTIONS if key in record})
    for key in ("images", "files", "entities"):
        if isinstance(fields.get(key), tuple):
            fields[key] = list(fields[key])
    return fields
