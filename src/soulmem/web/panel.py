"""The transparency panel's router: the account pages and one page per scope view.

The parts: :mod:`soulmem.web.session` (login sessions, cookies, CSRF, the in-process API
client), :mod:`soulmem.web.render` (templates, security headers, error pages),
:mod:`soulmem.web.views_account` (login, logout, home, erase) and
:mod:`soulmem.web.views_scope` (memories, cliff, facts, relationship, self, inbox, timeline).

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

from fastapi import APIRouter, FastAPI

from soulmem.web import views_account, views_scope
from soulmem.web.render import CSP, EMOTION_COLOURS
from soulmem.web.session import InProcessTransport, PanelState

__all__ = [
    "CSP",
    "EMOTION_COLOURS",
    "InProcessTransport",
    "PanelState",
    "install_panel",
    "router",
]


#: every panel route: the account pages (login, home, erase), then the per-scope views
router = APIRouter(include_in_schema=False)
router.include_router(views_account.router)
router.include_router(views_scope.router)


def install_panel(app: FastAPI, secret: bytes | None = None) -> None:
    """Mount the panel's routes at ``/`` of ``app`` (called by ``create_app``)."""
    app.state.panel = PanelState(secret)
    app.include_router(router)
