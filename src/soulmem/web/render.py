"""Rendering the panel's pages: the Jinja2 environment, security headers, error pages.

Jinja2 autoescaping is on for every template and no user content is marked safe, so memory
text (HTML, ``<script>``, markdown) is always shown as text; a strict
Content-Security-Policy forbids inline scripts and styles and any other origin.
"""

from __future__ import annotations

import json
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from jinja2 import Environment, PackageLoader

from soulmem.errors import NotFound, PermissionDenied, SoulmemError, Unauthorized
from soulmem.web.session import Session, _csrf_ok, _state, current_session

__all__ = ["CSP", "EMOTION_COLOURS", "CsrfField", "guarded", "redirect", "render"]

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
CSP = (
    "default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; "
    "frame-ancestors 'none'"
)


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


# -- refusals and errors ---------------------------------------------------------------------


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
