"""Read-only routes the transparency panel needs (and any other client may use).

``GET /v1/whoami``, ``GET /v1/scopes`` (the tenant's scopes) and, per scope, ``search``,
``memories/{id}/detail``, ``facts/history``, ``relationship/history``, ``self`` and
``timeline``. Same keys, roles and tenancy as every other route.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request

from soulmem.api.auth import SEPARATOR, Principal, external_user, require, scoped
from soulmem.api.schemas import MAX_LIMIT, page, record_out
from soulmem.engine import ScopedMemory
from soulmem.model import Scope
from soulmem.store.base import Store

__all__ = ["router"]

router = APIRouter(prefix="/v1", tags=["panel"])

Scoped = Annotated[ScopedMemory, Depends(scoped())]
Limit = Annotated[int, Query(ge=1, le=MAX_LIMIT)]
Offset = Annotated[int, Query(ge=0, le=1_000_000_000)]
SCOPE = "/scopes/{user_id}/{agent_id}"


@router.get("/whoami")
def whoami(principal: Annotated[Principal, Depends(require())]) -> dict[str, Any]:
    """The calling key: id, tenant, role and bound user (never the key itself)."""
    return {
        "key_id": principal.key_id,
        "tenant": principal.tenant,
        "role": principal.role,
        "user_id": principal.user_id,
    }


@router.get("/scopes")
def scopes(
    request: Request,
    principal: Annotated[Principal, Depends(require())],
    limit: Limit = 100,
    offset: Offset = 0,
) -> dict[str, Any]:
    """The user x character (x world) scopes of the caller's tenant that have events."""
    prefix = principal.tenant + SEPARATOR
    found = []
    for scope in request.app.state.memory.store.scopes():
        if not scope.user_id.startswith(prefix):
            continue
        user = external_user(scope.user_id)
        if principal.user_id is not None and user != principal.user_id:
            continue
        found.append({"user_id": user, "agent_id": scope.agent_id, "world_id": scope.world_id})
    return page(found, limit, offset)


@router.get(SCOPE + "/search")
def search(
    mem: Scoped,
    q: Annotated[str, Query(max_length=500)] = "",
    status: Annotated[str, Query(pattern="^[a-z_]{1,32}$")] = "active",
    limit: Limit = 100,
    offset: Offset = 0,
) -> dict[str, Any]:
    """Memories whose content contains ``q`` (case-insensitive; any script), newest first."""
    needle = q.casefold().strip()
    store = mem.engine.store
    hits: list[Any] = []
    start = 0
    while True:
        batch = store.list_memories(mem.scope, status=status, limit=500, offset=start)
        hits.extend(m for m in batch if not needle or needle in m.content.casefold())
        if len(batch) < 500:
            break
        start += 500
    return page([record_out(m) for m in hits], limit, offset)


@router.get(SCOPE + "/memories/{memory_id}/detail")
def memory_detail(memory_id: str, mem: Scoped) -> dict[str, Any]:
    """One memory with its source turns, the facts drawn from them, its revisions and its
    forgetting-queue entry (if queued)."""
    store = mem.engine.store
    memory = mem.memory(memory_id)
    sources = set(memory.source_event_ids)
    events = [e for e in store.get_events(list(memory.source_event_ids)) if e.scope == mem.scope]
    facts = [
        f
        for f in [*store.current_facts(mem.scope), *store.superseded_facts(mem.scope)]
        if sources.intersection(f.evidence_event_ids)
    ]
    queued = mem.forgetting_entry(memory_id)
    return {
        "memory": record_out(memory),
        "events": [_event_out(e, a) for e, a in zip(events, _affects(store, events), strict=True)],
        "facts": [record_out(f) for f in facts],
        "revisions": [record_out(r) for r in store.revisions("memory", memory_id)],
        "forgetting": record_out(queued) if queued is not None else None,
    }


@router.get(SCOPE + "/facts/history")
def fact_history(mem: Scoped, limit: Limit = 100, offset: Offset = 0) -> dict[str, Any]:
    """Every fact, current and superseded, each with its revisions (oldest first)."""
    store = mem.engine.store
    facts = sorted(
        [*store.current_facts(mem.scope), *store.superseded_facts(mem.scope)],
        key=lambda f: (f.kind, f.subject, f.valid_from),
    )
    items = []
    for fact in facts:
        item = record_out(fact)
        item["current"] = fact.valid_to is None
        item["revisions"] = [record_out(r) for r in store.revisions("fact", fact.id)]
        items.append(item)
    return page(items, limit, offset)


@router.get(SCOPE + "/relationship/history")
def relationship_history(
    mem: Scoped, limit: Annotated[int, Query(ge=1, le=MAX_LIMIT)] = 100
) -> dict[str, Any]:
    """The relationship's change log, newest first: changes, reason, evidence."""
    return {"items": mem.engine.store.relationship_log(mem.scope, limit)}


@router.get(SCOPE + "/self")
def self_model(mem: Scoped) -> dict[str, Any]:
    """Islands, beliefs (every status, with versions), SOUL.md versions and the latest diff."""
    store = mem.engine.store
    beliefs = []
    for belief in store.beliefs(mem.scope, None):
        item = record_out(belief)
        item["versions"] = store.belief_versions(belief.id)
        beliefs.append(item)
    versions = _soul_versions(store, mem.scope)
    text = mem.soul()
    diff = ""
    if len(versions) >= 2:
        old, new = versions[-2], versions[-1]
        diff = "".join(
            difflib.unified_diff(
                str(old["text"]).splitlines(keepends=True),
                str(new["text"]).splitlines(keepends=True),
                fromfile=f"SOUL.md v{old['version']}",
                tofile=f"SOUL.md v{new['version']}",
            )
        )
    return {
        "islands": [record_out(i) for i in store.islands(mem.scope)],
        "beliefs": beliefs,
        "soul": {"text": text, "versions": versions, "diff": diff},
    }


@router.get(SCOPE + "/timeline")
def timeline(mem: Scoped, limit: Annotated[int, Query(ge=1, le=MAX_LIMIT)] = 100) -> dict[str, Any]:
    """The latest events, newest first, each with its affect (emotions, intensity, VAD)."""
    store = mem.engine.store
    events = sorted(store.recent_events(mem.scope, limit), key=lambda e: e.seq, reverse=True)
    return {
        "items": [_event_out(e, a) for e, a in zip(events, _affects(store, events), strict=True)]
    }


def _event_out(event: Any, affect: dict[str, Any] | None) -> dict[str, Any]:
    data = record_out(event)
    data["affect"] = affect
    return data


def _affects(store: Store, events: Sequence[Any]) -> list[dict[str, Any] | None]:
    """The stored affect of each event (None where there is none), in order."""
    found = store.event_affects([e.id for e in events]) if events else {}
    return [
        None
        if (affect := found.get(e.id)) is None
        else {
            "emotions": affect.emotions,
            "intensity": affect.intensity,
            "valence": affect.valence,
            "arousal": affect.arousal,
            "dominance": affect.dominance,
        }
        for e in events
    ]


def _soul_versions(store: Store, scope: Scope) -> list[dict[str, Any]]:
    """Every approved SOUL.md version of the scope, oldest first."""
    return [
        {"version": version, "text": text, "at": at.isoformat()}
        for version, text, at in store.soul_versions(scope)
    ]
