"""The panel's per-scope pages: memories (orbs by tier and emotion) and one memory, the
forgetting cliff, facts, the relationship chart, the self model, the inbox and the timeline.

Each page fetches what it shows through the HTTP API with the session's key
(:func:`soulmem.web.session.api`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Annotated, Any
from urllib.parse import quote, urlencode

from fastapi import APIRouter, Form, Request
from fastapi.responses import Response

from soulmem.client import Client
from soulmem.errors import NotFound, SoulmemError
from soulmem.web.render import (
    CsrfField,
    _dominant,
    _emotion_list,
    _error_page,
    guarded,
    redirect,
    render,
)
from soulmem.web.session import _flash, api, current_session

__all__ = ["ScopeRef", "router"]

TIERS = ("M0", "M365", "M90", "M30")
AXES = ("trust", "affection", "respect", "rivalry", "familiarity")

router = APIRouter(include_in_schema=False)


# -- scope helpers ----------------------------------------------------------------------------


@dataclass(frozen=True)
class ScopeRef:
    user_id: str
    agent_id: str
    world_id: str | None

    @property
    def base(self) -> str:
        return f"/s/{quote(self.user_id, safe='')}/{quote(self.agent_id, safe='')}"

    @property
    def qs(self) -> str:
        return "?" + urlencode({"world_id": self.world_id}) if self.world_id else ""

    def url(self, suffix: str = "") -> str:
        return self.base + suffix + self.qs


def _scope(user_id: str, agent_id: str, request: Request) -> ScopeRef:
    world = request.query_params.get("world_id") or None
    return ScopeRef(user_id, agent_id, world)


def view(
    template: str, active: str
) -> Callable[[Callable[..., dict[str, Any]]], Callable[..., Response]]:
    """Wraps a loader ``(client_scope, client, request) -> context`` into a GET page."""

    def decorate(load: Callable[..., dict[str, Any]]) -> Callable[..., Response]:
        def page(request: Request, user_id: str, agent_id: str) -> Response:
            session = current_session(request)
            if session is None:
                return redirect("/login")
            ref = _scope(user_id, agent_id, request)
            try:
                with api(request, session) as client:
                    cs = client.scope(ref.user_id, ref.agent_id, ref.world_id)
                    context = load(cs, client, request)
            except SoulmemError as exc:
                return _error_page(request, session, exc)
            return render(request, template, session, scope=ref, active=active, **context)

        page.__name__ = load.__name__
        page.__doc__ = load.__doc__
        return page

    return decorate


def _now(request: Request) -> datetime:
    clock = getattr(getattr(request.app.state, "memory", None), "clock", None)
    now = clock.now() if clock is not None else datetime.now(UTC)
    return now if isinstance(now, datetime) else datetime.now(UTC)


def _time_left(purge_at: str, now: datetime) -> str:
    try:
        end = datetime.fromisoformat(purge_at)
    except ValueError:
        return ""
    if end.tzinfo is None:
        end = end.replace(tzinfo=UTC)
    if now.tzinfo is None:
        now = now.replace(tzinfo=UTC)
    seconds = (end - now).total_seconds()
    if seconds <= 0:
        return "due now"
    days, rest = divmod(int(seconds), 86400)
    hours, rest = divmod(rest, 3600)
    if days:
        return f"{days}d {hours}h left"
    return f"{hours}h {rest // 60}m left"


# -- scope views ------------------------------------------------------------------------------


@router.get("/s/{user_id}/{agent_id}")
@view("memories.html", "memories")
def memories(cs: Any, client: Client, request: Request) -> dict[str, Any]:
    """Memories as orbs coloured by emotion, grouped by tier; ``?q=`` searches."""
    q = request.query_params.get("q", "")[:500]
    status = "queued" if request.query_params.get("status") == "queued" else "active"
    try:
        offset = max(0, int(request.query_params.get("offset", "0")))
    except ValueError:
        offset = 0
    found = cs.search(q, status=status, limit=500, offset=offset)
    groups: dict[str, list[dict[str, Any]]] = {tier: [] for tier in TIERS}
    for memory in found["items"]:
        memory["emotion"] = _dominant(memory.get("emotions"))
        memory["size"] = min(4, max(1, math.ceil(float(memory.get("strength") or 0) * 4)))
        groups.setdefault(memory["tier"], []).append(memory)
    return {
        "q": q,
        "status": status,
        "groups": groups,
        "count": len(found["items"]),
        "next_offset": found["next_offset"],
    }


@router.get("/s/{user_id}/{agent_id}/memories/{memory_id}")
def memory_detail(request: Request, user_id: str, agent_id: str, memory_id: str) -> Response:
    session = current_session(request)
    if session is None:
        return redirect("/login")
    ref = _scope(user_id, agent_id, request)
    try:
        with api(request, session) as client:
            detail = client.scope(ref.user_id, ref.agent_id, ref.world_id).memory_detail(memory_id)
    except SoulmemError as exc:
        return _error_page(request, session, exc)
    memory = detail["memory"]
    memory["emotion"] = _dominant(memory.get("emotions"))
    left = ""
    if detail.get("forgetting"):
        left = _time_left(detail["forgetting"]["purge_at"], _now(request))
    return render(
        request,
        "memory.html",
        session,
        scope=ref,
        active="memories",
        detail=detail,
        memory=memory,
        time_left=left,
    )


@router.post("/s/{user_id}/{agent_id}/memories/{memory_id}/delete")
def delete_memory(
    request: Request, user_id: str, agent_id: str, memory_id: str, csrf_token: CsrfField = ""
) -> Response:
    session, refused = guarded(request, csrf_token)
    if refused is not None or session is None:
        return refused or redirect("/login")
    ref = _scope(user_id, agent_id, request)
    try:
        with api(request, session) as client:
            client.scope(ref.user_id, ref.agent_id, ref.world_id).forget(memory_id)
    except SoulmemError as exc:
        _flash(session, "error", f"Not deleted: {exc}")
        return redirect(ref.url(f"/memories/{quote(memory_id, safe='')}"))
    _flash(session, "ok", "Moved to the forgetting cliff: restorable for 7 days.")
    return redirect(ref.url())


@router.post("/s/{user_id}/{agent_id}/memories/{memory_id}/restore")
def restore_memory(
    request: Request, user_id: str, agent_id: str, memory_id: str, csrf_token: CsrfField = ""
) -> Response:
    session, refused = guarded(request, csrf_token)
    if refused is not None or session is None:
        return refused or redirect("/login")
    ref = _scope(user_id, agent_id, request)
    try:
        with api(request, session) as client:
            client.scope(ref.user_id, ref.agent_id, ref.world_id).restore(memory_id)
    except SoulmemError as exc:
        _flash(session, "error", f"Not restored: {exc}")
    else:
        _flash(session, "ok", "Restored: the memory is back in its tier.")
    return redirect(ref.url("/cliff"))


@router.get("/s/{user_id}/{agent_id}/cliff")
@view("cliff.html", "cliff")
def cliff(cs: Any, client: Client, request: Request) -> dict[str, Any]:
    """The forgetting queue, soonest purge first, with the time left and a restore button."""
    now = _now(request)
    entries = sorted(cs.forgetting_queue(), key=lambda e: e["purge_at"])
    contents: dict[str, dict[str, Any]] = {}
    for entry in entries:
        try:
            contents[entry["memory_id"]] = cs.memory(entry["memory_id"])
        except NotFound:
            continue
    for entry in entries:
        entry["time_left"] = _time_left(entry["purge_at"], now)
        memory = contents.get(entry["memory_id"], {})
        entry["content"] = memory.get("content", "")
        entry["language"] = memory.get("language")
        entry["emotion"] = _dominant(memory.get("emotions"))
    return {"entries": entries}


@router.get("/s/{user_id}/{agent_id}/facts")
@view("facts.html", "facts")
def facts(cs: Any, client: Client, request: Request) -> dict[str, Any]:
    """Facts grouped by kind and subject: the current value, superseded ones, revisions."""
    groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for fact in cs.fact_history():
        groups.setdefault((fact["kind"], fact["subject"]), []).append(fact)
    ordered = []
    for (kind, subject), items in groups.items():
        items.sort(key=lambda f: (not f["current"], f["valid_from"]), reverse=False)
        ordered.append({"kind": kind, "subject": subject, "facts": items})
    return {"groups": ordered}


def _radar(rel: dict[str, Any]) -> dict[str, Any]:
    cx = cy = 160.0
    radius = 110.0
    axes = []
    points = []
    rings = []
    for ring in (0.25, 0.5, 0.75, 1.0):
        pts = []
        for i in range(len(AXES)):
            angle = -math.pi / 2 + 2 * math.pi * i / len(AXES)
            pts.append(
                f"{cx + radius * ring * math.cos(angle):.1f},"
                f"{cy + radius * ring * math.sin(angle):.1f}"
            )
        rings.append(" ".join(pts))
    for i, axis in enumerate(AXES):
        angle = -math.pi / 2 + 2 * math.pi * i / len(AXES)
        value = max(0.0, min(100.0, float(rel.get(axis) or 0.0)))
        r = radius * value / 100
        points.append(f"{cx + r * math.cos(angle):.1f},{cy + r * math.sin(angle):.1f}")
        axes.append(
            {
                "name": axis,
                "value": value,
                "x2": f"{cx + radius * math.cos(angle):.1f}",
                "y2": f"{cy + radius * math.sin(angle):.1f}",
                "lx": f"{cx + (radius + 26) * math.cos(angle):.1f}",
                "ly": f"{cy + (radius + 18) * math.sin(angle) + 4:.1f}",
                "bar": f"{value * 2:.1f}",
            }
        )
    return {"cx": cx, "cy": cy, "axes": axes, "points": " ".join(points), "rings": rings}


@router.get("/s/{user_id}/{agent_id}/relationship")
@view("relationship.html", "relationship")
def relationship(cs: Any, client: Client, request: Request) -> dict[str, Any]:
    """The five axes as a radar chart, the level, and the change log."""
    rel = cs.relationship()
    return {"rel": rel, "chart": _radar(rel), "history": cs.relationship_history()}


def _diff_lines(diff: str) -> list[tuple[str, str]]:
    lines = []
    for line in diff.splitlines():
        if line.startswith(("+++", "---")):
            kind = "head"
        elif line.startswith("@@"):
            kind = "hunk"
        elif line.startswith("+"):
            kind = "add"
        elif line.startswith("-"):
            kind = "del"
        else:
            kind = "same"
        lines.append((kind, line))
    return lines


@router.get("/s/{user_id}/{agent_id}/self")
@view("self.html", "self")
def self_view(cs: Any, client: Client, request: Request) -> dict[str, Any]:
    """Islands, beliefs with confidence and versions, SOUL.md and its latest diff."""
    data = cs.self_model()
    return {
        "islands": data["islands"],
        "beliefs": data["beliefs"],
        "soul": data["soul"],
        "diff": _diff_lines(data["soul"].get("diff") or ""),
    }


@router.get("/s/{user_id}/{agent_id}/inbox")
@view("inbox.html", "inbox")
def inbox(cs: Any, client: Client, request: Request) -> dict[str, Any]:
    """Pending proposals to approve or reject with a reason, then the decided ones."""
    items = cs.inbox("all")
    pending = [i for i in items if i["status"] == "pending"]
    decided = [i for i in items if i["status"] != "pending"]
    decided.sort(key=lambda i: i.get("decided_at") or "", reverse=True)
    return {"pending": pending, "decided": decided[:50]}


@router.post("/s/{user_id}/{agent_id}/inbox/{item_id}/decide")
def decide(
    request: Request,
    user_id: str,
    agent_id: str,
    item_id: str,
    decision: Annotated[str, Form(max_length=16)] = "",
    reason: Annotated[str, Form(max_length=2000)] = "",
    csrf_token: CsrfField = "",
) -> Response:
    session, refused = guarded(request, csrf_token)
    if refused is not None or session is None:
        return refused or redirect("/login")
    ref = _scope(user_id, agent_id, request)
    if decision not in ("approve", "reject"):
        _flash(session, "error", "Choose approve or reject.")
        return redirect(ref.url("/inbox"))
    try:
        with api(request, session) as client:
            client.decide(
                ref.user_id,
                ref.agent_id,
                item_id,
                decision == "approve",
                reason.strip(),
                world_id=ref.world_id,
            )
    except SoulmemError as exc:
        _flash(session, "error", f"Not decided: {exc}")
    else:
        _flash(session, "ok", "Approved." if decision == "approve" else "Rejected.")
    return redirect(ref.url("/inbox"))


@router.get("/s/{user_id}/{agent_id}/timeline")
@view("timeline.html", "timeline")
def timeline(cs: Any, client: Client, request: Request) -> dict[str, Any]:
    """The latest events, newest first, coloured by their emotion."""
    events = cs.timeline(200)
    for event in events:
        affect = event.get("affect") or {}
        event["emotion"] = _dominant(affect.get("emotions"))
        event["emotions_sorted"] = _emotion_list(affect.get("emotions"))
    return {"events": events}
