"""The panel's account pages: logging in and out, the static files, the tenant's scopes
(home) and erasing everything about a user.
"""

from __future__ import annotations

import hmac
import secrets
from importlib import resources
from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import Response

from soulmem.errors import NotFound, SoulmemError, Unauthorized
from soulmem.web.render import CsrfField, _error_page, _forbidden, guarded, redirect, render
from soulmem.web.session import (
    COOKIE,
    LOGIN_COOKIE,
    SESSION_SECONDS,
    _flash,
    _state,
    _whoami,
    api,
    current_session,
)
from soulmem.web.views_scope import ScopeRef

__all__ = ["router"]

_STATIC = {"panel.css": "text/css; charset=utf-8", "panel.js": "text/javascript; charset=utf-8"}

router = APIRouter(include_in_schema=False)


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
