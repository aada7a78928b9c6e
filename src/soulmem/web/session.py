"""The panel's login sessions, cookies and CSRF tokens, and its in-process API client.

Only ``owner`` and ``admin`` keys may log in (``POST /login``); the key is checked by calling
``GET /v1/whoami`` with it. The browser gets an opaque, HMAC-signed session id in an
HttpOnly, SameSite=Strict cookie; the key itself stays in a server-side session table
(:class:`PanelState`). ``Authorization: Bearer <key>`` is accepted instead of the cookie.
Every POST carries a ``csrf_token`` form field (per session; for bearer callers derived from
the key). Every view is fetched through :class:`soulmem.Client`, called in-process
(:class:`InProcessTransport`) with the session's key.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import anyio
import anyio.from_thread
import httpx
from fastapi import Request

from soulmem.client import Client
from soulmem.errors import SoulmemError

__all__ = [
    "COOKIE",
    "LOGIN_COOKIE",
    "SESSION_SECONDS",
    "InProcessTransport",
    "PanelState",
    "Session",
    "api",
    "current_session",
]

COOKIE = "soulmem_session"
LOGIN_COOKIE = "soulmem_login"
SESSION_SECONDS = 12 * 3600
_INTERNAL_BASE = "http://soulmem.internal"


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


def _flash(session: Session, kind: str, message: str) -> None:
    if session.sid is not None:  # bearer callers have no session to carry it
        session.flashes.append((kind, message))
