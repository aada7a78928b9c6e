"""The transparency panel's routes: login, sessions, CSRF, and one page per view.

Security model:

* Only ``owner`` and ``admin`` keys may log in (``POST /login``); the key is checked by
  calling ``GET /v1/whoami`` with it. The browser gets an opaque, HMAC-signed session id in
  an HttpOnly, SameSite=Strict cookie; the key itself stays in a server-side session table.
  ``Authorization: Bearer <key>`` is accepted instead of the cookie.
* Every POST carries a ``csrf_token`` form field (per session; for bearer callers derived
  from the key); a missing or wrong one is 403 and changes nothing.
* Jinja2 autoescaping is on for every template and no user content is marked safe, so
  memory text (HTML, ``<script>``, markdown) is always shown as text; a strict
  Content-Security-Policy forbids inline scripts and styles and any other origin.
* Every view is fetched through :class:`soulmem.Client` from the same HTTP API, called
  in-process (``InProcessTransport``) with the session's key: the panel never touches the
  engine directly, so it sees exactly what the key may see.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import math
import os
import secrets
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from importlib import resources
from typing import Annotated, Any
from urllib.parse import quote, urlencode

import anyio
import anyio.from_thread
import httpx
from fastapi import APIRouter, FastAPI, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from jinja2 import Environment, PackageLoader

from soulmem.client import Client
from soulmem.errors import NotFound, PermissionDenied, SoulmemError, Unauthorized

__all__ = [
    "CSP",
    "EMOTION_COLOURS",
    "InProcessTransport",
    "PanelState",
    "install_panel",
    "router",
]

#: Seed 000's emotion colours (nostalgia is a pink + blue gradient).
EMOTION_COLOURS: dict[str, str] = {
    "joy": "#f5c518",
    "sadness": "#2f6fde",
    "anger": "#d62828",
    "fear": "#8e44ad",
    "disgust": "#2e9e44",
    "anxiety": "#f28c28",
    "envy": "#169c94",
    "ennui": "#1f2f6b",
    "nostalgia": "linear-gradient(135deg, #f4a6c6, #4a8fe7)",
    "neutral": "#9aa0a6",
}
TIERS = ("M0", "M365", "M90", "M30")
AXES = ("trust", "affection", "respect", "rivalry", "familiarity")
CSP = (
    "default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; "
    "frame-ancestors 'none'"
)
COOKIE = "soulmem_session"
LOGIN_COOKIE = "soulmem_login"
SESSION_SECONDS = 12 * 3600
_INTERNAL_BASE = "http://soulmem.internal"
_STATIC = {"panel.css": "text/css; charset=utf-8", "panel.js": "text/javascript; charset=utf-8"}

router = APIRouter(include_in_schema=False)


# -- sessions ---------------------------------------------------------------------------------


@dataclass
class Session:
    """One logged-in browser (or one bearer request): the key stays on the server."""

    key: str
    key_id: str
    tenant: str
    role: str
    user_id: str | None
    csrf: str
    expires: float
    sid: str | None = None
    flashes: list[tuple[str, str]] = field(default_factory=list)


class PanelState:
    """The server secret and the session table (in memory: a restart logs everyone out)."""

    def __init__(self, secret: bytes | None = None) -> None:
        env = os.environ.get("SOULMEM_SECRET")
        self.secret = secret or (env.encode() if env else secrets.token_bytes(32))
        self._sessions: dict[str, Session] = {}
        self._lock = threading.Lock()

    def sign(self, value: str) -> str:
        mac = hmac.new(self.secret, value.encode(), hashlib.sha256).hexdigest()
        return f"{value}.{mac}"

    def unsign(self, signed: str | None) -> str | None:
        if not signed or "." not in signed:
            return None
        value, _, _ = signed.rpartition(".")
        return value if hmac.compare_digest(self.sign(value), signed) else None

    def create(self, key: str, who: dict[str, Any]) -> Session:
        sid = secrets.token_urlsafe(32)
        session = Session(
            key=key,
            key_id=str(who["key_id"]),
            tenant=str(who["tenant"]),
            role=str(who["role"]),
            user_id=who.get("user_id"),
            csrf=secrets.token_urlsafe(32),
            expires=time.time() + SESSION_SECONDS,
            sid=sid,
        )
        with self._lock:
            now = time.time()
            for old in [k for k, s in self._sessions.items() if s.expires < now]:
                del self._sessions[old]
            self._sessions[sid] = session
        return session

    def get(self, sid: str) -> Session | None:
        with self._lock:
            session = self._sessions.get(sid)
            if session is not None and session.expires < time.time():
                del self._sessions[sid]
                return None
            return session

    def drop(self, sid: str | None) -> None:
        if sid:
            with self._lock:
                self._sessions.pop(sid, None)

    def bearer_csrf(self, key: str) -> str:
        return hmac.new(self.secret, b"bearer:" + key.encode(), hashlib.sha256).hexdigest()


def install_panel(app: FastAPI, secret: bytes | None = None) -> None:
    """Mount the panel's routes at ``/`` of ``app`` (called by ``create_app``)."""
    app.state.panel = PanelState(secret)
    app.include_router(router)


# -- calling the API in-process -----------------------------------------------------------------


class InProcessTransport(httpx.BaseTransport):
    """A synchronous httpx transport that sends requests to an ASGI app in the same process.

    The panel's handlers run in the server's worker threads; each API call hops back onto
    the event loop (``anyio.from_thread``) and goes through the app's full stack:
    authentication, tenancy, error handlers, body limits and metrics.
    """

    def __init__(self, app: Any) -> None:
        self._asgi = httpx.ASGITransport(app=app)

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        body = request.read()
        forwarded = httpx.Request(
            request.method, request.url, headers=request.headers, content=body
        )

        async def call() -> tuple[int, list[tuple[bytes, bytes]], bytes]:
            response = await self._asgi.handle_async_request(forwarded)
            content = await response.aread()
            return response.status_code, response.headers.raw, content

        try:
            status, headers, content = anyio.from_thread.run(call)
        except RuntimeError:  # not in a worker thread of a running loop: use a private one
            status, headers, content = anyio.run(call)
        return httpx.Response(status, headers=headers, content=content, request=request)


@contextmanager
def api(request: Request, session: Session) -> Iterator[Client]:
    """A :class:`soulmem.Client` on this app, authenticated with the session's key."""
    client = Client(_INTERNAL_BASE, api_key=session.key, transport=InProcessTransport(request.app))
    try:
        yield client
    finally:
        client.close()


# -- rendering --------------------------------------------------------------------------------

_env = Environment(
    loader=PackageLoader("soulmem.web", "templates"),
    autoescape=True,  # everywhere, whatever the file name
    trim_blocks=True,
    lstrip_blocks=True,
)


def _dominant(emotions: dict[str, float] | None) -> str:
    if not emotions:
        return "neutral"
    name, score = max(emotions.items(), key=lambda kv: (kv[1], kv[0] != "neutral"))
    if score <= 0:
        return "neutral"
    return name if name in EMOTION_COLOURS else "neutral"


def _emotion_list(emotions: dict[str, float] | None) -> list[tuple[str, float]]:
    return sorted(((k, v) for k, v in (emotions or {}).items() if v > 0), key=lambda kv: -kv[1])


def _when(value: str | None) -> str:
    if not value:
        return ""
    return value.replace("T", " ")[:16]


def _pct(value: Any) -> str:
    try:
        return f"{float(value) * 100:.0f}%"
    except (TypeError, ValueError):
        return ""


def _pretty(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2, sort_keys=True)


_env.filters.update(when=_when, pct=_pct, pretty=_pretty, seg=lambda v: quote(str(v), safe=""))
_env.globals.update(
    dominant=_dominant,
    emotion_list=_emotion_list,
    EMOTIONS=list(EMOTION_COLOURS),
)


def _headers(response: Response) -> Response:
    response.headers["Content-Security-Policy"] = CSP
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["X-Frame-Options"] = "DENY"
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["Cache-Control"] = "no-store"
    return response


def render(
    request: Request,
    template: str,
    session: Session | None,
    http_status: int = 200,
    **context: Any,
) -> HTMLResponse:
    flashes: list[tuple[str, str]] = []
    if session is not None:
        flashes, session.flashes = session.flashes, []
    context.setdefault("scope", None)
    context.setdefault("active", "")
    html = _env.get_template(template).render(
        session=session,
        csrf=session.csrf if session is not None else "",
        flashes=flashes,
        **context,
    )
    response = HTMLResponse(html, status_code=http_status)
    _headers(response)
    return response


def redirect(url: str) -> Response:
    return _headers(RedirectResponse(url, status_code=303))


# -- authentication and CSRF ------------------------------------------------------------------


def _state(request: Request) -> PanelState:
    state: PanelState = request.app.state.panel
    return state


def _bearer(request: Request) -> str | None:
    scheme, _, value = request.headers.get("authorization", "").partition(" ")
    return value.strip() if scheme.lower() == "bearer" and value.strip() else None


def _whoami(request: Request, key: str) -> dict[str, Any]:
    with Client(_INTERNAL_BASE, api_key=key, transport=InProcessTransport(request.app)) as client:
        return client.whoami()


def current_session(request: Request) -> Session | None:
    """The caller's session (cookie), or an ephemeral one for an owner's bearer key."""
    state = _state(request)
    key = _bearer(request)
    if key is not None:
        try:
            who = _whoami(request, key)
        except SoulmemError:
            return None
        if who.get("role") not in ("owner", "admin"):
            return None
        return Session(
            key=key,
            key_id=str(who["key_id"]),
            tenant=str(who["tenant"]),
            role=str(who["role"]),
            user_id=who.get("user_id"),
            csrf=state.bearer_csrf(key),
            expires=time.time() + 60,
        )
    sid = state.unsign(request.cookies.get(COOKIE))
    return state.get(sid) if sid else None


def _csrf_ok(session: Session, token: str) -> bool:
    return bool(token) and hmac.compare_digest(session.csrf.encode(), token.encode())


def _forbidden(request: Request, session: Session | None, message: str) -> HTMLResponse:
    return render(
        request, "error.html", session, http_status=403, title="Forbidden", message=message
    )


CsrfField = Annotated[str, Form()]


def guarded(request: Request, csrf_token: str) -> tuple[Session | None, Response | None]:
    """For POSTs: the session, or the response refusing the request (login / 403)."""
    session = current_session(request)
    if session is None:
        return None, _forbidden(request, None, "Log in with an owner key first.")
    if not _csrf_ok(session, csrf_token):
        return None, _forbidden(request, session, "Missing or invalid CSRF token.")
    return session, None


def _flash(session: Session, kind: str, message: str) -> None:
    if session.sid is not None:  # bearer callers have no session to carry it
        session.flashes.append((kind, message))


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


def _error_page(request: Request, session: Session, exc: SoulmemError) -> Response:
    if isinstance(exc, Unauthorized):
        _state(request).drop(session.sid)
        return redirect("/login")
    status = exc.status if isinstance(exc, NotFound | PermissionDenied) else 400
    if status >= 500:
        status = 502
    return render(
        request, "error.html", session, http_status=status, title="Error", message=str(exc)
    )


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


# -- login ------------------------------------------------------------------------------------


@router.get("/login")
def login_form(request: Request) -> Response:
    if current_session(request) is not None:
        return redirect("/")
    return _login_page(request, "", 200)


def _login_page(request: Request, error: str, status: int) -> Response:
    token = secrets.token_urlsafe(32)
    response = render(
        request, "login.html", None, http_status=status, login_csrf=token, error=error
    )
    response.set_cookie(
        LOGIN_COOKIE,
        _state(request).sign(token),
        max_age=3600,
        httponly=True,
        samesite="strict",
        secure=request.url.scheme == "https",
        path="/login",
    )
    return response


@router.post("/login")
def login(
    request: Request,
    api_key: Annotated[str, Form(max_length=512)] = "",
    csrf_token: CsrfField = "",
) -> Response:
    state = _state(request)
    expected = state.unsign(request.cookies.get(LOGIN_COOKIE))
    if not expected or not csrf_token or not hmac.compare_digest(expected, csrf_token):
        return _forbidden(request, None, "Missing or invalid CSRF token: reload the login page.")
    key = api_key.strip()
    if not key:
        return _login_page(request, "Enter an API key.", 400)
    try:
        who = _whoami(request, key)
    except Unauthorized:
        return _login_page(request, "That key is unknown or revoked.", 401)
    except SoulmemError as exc:
        return _login_page(request, f"Could not check the key: {exc}", 400)
    if who.get("role") not in ("owner", "admin"):
        return _login_page(
            request,
            f"A {who.get('role')} key cannot open the panel: log in with an owner or admin key.",
            403,
        )
    session = state.create(key, who)
    response = redirect("/")
    response.set_cookie(
        COOKIE,
        state.sign(session.sid or ""),
        max_age=SESSION_SECONDS,
        httponly=True,
        samesite="strict",
        secure=request.url.scheme == "https",
        path="/",
    )
    response.delete_cookie(LOGIN_COOKIE, path="/login")
    return response


@router.post("/logout")
def logout(request: Request, csrf_token: CsrfField = "") -> Response:
    session, refused = guarded(request, csrf_token)
    if refused is not None or session is None:
        return refused or redirect("/login")
    _state(request).drop(session.sid)
    response = redirect("/login")
    response.delete_cookie(COOKIE, path="/")
    return response


@router.get("/static/{name}")
def static(name: str) -> Response:
    media = _STATIC.get(name)
    if media is None:
        raise NotFound(f"no static file {name!r}")
    data = resources.files("soulmem.web").joinpath("static", name).read_bytes()
    response = Response(data, media_type=media)
    response.headers["Cache-Control"] = "public, max-age=3600"
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response


# -- the tenant's scopes and erasing a user ---------------------------------------------------


@router.get("/")
def home(request: Request) -> Response:
    """The tenant's scopes, grouped by user."""
    session = current_session(request)
    if session is None:
        return redirect("/login")
    try:
        with api(request, session) as client:
            scopes = client.scopes()
    except SoulmemError as exc:
        return _error_page(request, session, exc)
    users: dict[str, list[ScopeRef]] = {}
    for item in scopes:
        ref = ScopeRef(item["user_id"], item["agent_id"], item.get("world_id"))
        users.setdefault(ref.user_id, []).append(ref)
    return render(request, "home.html", session, users=users)


@router.get("/u/{user_id}/erase")
def erase_form(request: Request, user_id: str) -> Response:
    session = current_session(request)
    if session is None:
        return redirect("/login")
    return render(request, "erase.html", session, user_id=user_id, error="")


@router.post("/u/{user_id}/erase")
def erase(
    request: Request,
    user_id: str,
    confirm: Annotated[str, Form(max_length=512)] = "",
    csrf_token: CsrfField = "",
) -> Response:
    session, refused = guarded(request, csrf_token)
    if refused is not None or session is None:
        return refused or redirect("/login")
    if confirm != user_id:
        message = "The confirmation does not match the user id: nothing was erased."
        return render(
            request, "erase.html", session, http_status=400, user_id=user_id, error=message
        )
    try:
        with api(request, session) as client:
            result = client.erase_user(user_id)
    except SoulmemError as exc:
        return _error_page(request, session, exc)
    _flash(session, "ok", f"Erased everything about {user_id} ({result['deleted_rows']} rows).")
    return redirect("/")


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
