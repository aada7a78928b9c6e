"""The FastAPI application: routers, error shapes, body limit and request metrics.

Every error is JSON ``{"error": {"code", "message"}}``: soulmem errors with their own status
and code, bad requests with 400 / 413 / 422, and anything unexpected with a bare 500 (the
traceback goes to the server log, never to the client). Endpoints are plain ``def`` so the
synchronous engine runs in the threadpool, never on the event loop.
"""

from __future__ import annotations

import importlib.util
import json
import socket
import threading
import time
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from soulmem.api.limits import RateLimiter
from soulmem.config import DEFAULT_MAX_BODY_BYTES, ServiceLimits
from soulmem.engine import Memory
from soulmem.errors import RateLimited, SoulmemError

__all__ = [
    "DEFAULT_MAX_BODY_BYTES",
    "Metrics",
    "create_app",
    "error_response",
    "serve_in_thread",
]

_SAMPLES = 2_000


def error_response(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


class Metrics:
    """Request counts and latencies per route template (the last samples of each)."""

    def __init__(self) -> None:
        self.started = time.monotonic()
        self.requests = 0
        self._routes: dict[str, tuple[deque[float], list[int]]] = {}

    def record(self, route: str, status: int, seconds: float) -> None:
        self.requests += 1
        samples, counts = self._routes.setdefault(route, (deque(maxlen=_SAMPLES), [0, 0]))
        samples.append(seconds * 1000)
        counts[0] += 1
        if status >= 400:
            counts[1] += 1

    def snapshot(self) -> dict[str, Any]:
        routes = {}
        for route, (samples, (count, errors)) in sorted(self._routes.items()):
            ordered = sorted(samples)
            routes[route] = {
                "count": count,
                "errors": errors,
                "p50_ms": round(_percentile(ordered, 0.50), 3),
                "p95_ms": round(_percentile(ordered, 0.95), 3),
            }
        return {
            "uptime_s": round(time.monotonic() - self.started, 3),
            "requests": self.requests,
            "routes": routes,
        }


def _percentile(ordered: list[float], q: float) -> float:
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


class _BodyTooLarge(Exception):
    pass


class ServiceMiddleware:
    """Pure ASGI: refuses bodies over the limit with 413 (declared or streamed), and times
    every request for the metrics."""

    def __init__(self, app: ASGIApp, metrics: Metrics, max_body_bytes: int) -> None:
        self.app = app
        self.metrics = metrics
        self.max_body_bytes = max_body_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 500
        limit = self.max_body_bytes
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > limit):
            response = (
                error_response(413, "input_too_large", f"request body over {limit} bytes")
                if declared.isdigit()
                else error_response(400, "invalid_request", "malformed Content-Length")
            )
            await response(scope, receive, send)
            self.metrics.record("(refused)", response.status_code, time.perf_counter() - started)
            return
        received = 0
        too_large = False
        replaced = False

        async def limited_receive() -> Message:
            nonlocal received, too_large
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    too_large = True
                    raise _BodyTooLarge
            return message

        async def tracked_send(message: Message) -> None:
            nonlocal status, replaced
            if replaced:
                return
            if message["type"] == "http.response.start":
                if too_large:  # whatever the app made of the cut body, the answer is 413
                    replaced = True
                    status = 413
                    body = json.dumps(
                        {"error": {"code": "input_too_large", "message": "request body too large"}}
                    ).encode()
                    await send(
                        {
                            "type": "http.response.start",
                            "status": 413,
                            "headers": [
                                (b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode()),
                            ],
                        }
                    )
                    await send({"type": "http.response.body", "body": body})
                    return
                status = int(message["status"])
            await send(message)

        try:
            await self.app(scope, limited_receive, tracked_send)
        finally:
            route = scope.get("route")
            name = getattr(route, "path", None) or "(unmatched)"
            self.metrics.record(
                f"{scope.get('method', '')} {name}", status, time.perf_counter() - started
            )


def create_app(
    memory: Memory, *, max_body_bytes: int | None = None, limits: ServiceLimits | None = None
) -> FastAPI:
    """The soulmem HTTP API over ``memory`` (kept in ``app.state.memory``), within
    ``limits`` (``max_body_bytes``, when given, overrides the limits' body size)."""
    limits = limits or ServiceLimits()
    if max_body_bytes is not None:
        limits = replace(limits, max_body_bytes=max_body_bytes)
    from soulmem import __version__
    from soulmem.api import routes_inbox, routes_memories, routes_scope, routes_service

    app = FastAPI(
        title="soulmem",
        version=__version__,
        description="Long-term memory for AI characters and agents. "
        "Every request but /v1/health needs an API key (Authorization: Bearer <key>).",
        responses={
            400: {"model": _error_model(), "description": "bad input"},
            401: {"model": _error_model(), "description": "missing, unknown or revoked key"},
            403: {"model": _error_model(), "description": "not allowed for this key"},
            404: {"model": _error_model(), "description": "not found in this scope"},
            413: {"model": _error_model(), "description": "request body or a field too large"},
            422: {"model": _error_model(), "description": "request failed validation"},
            429: {"model": _error_model(), "description": "over the key's request rate"},
            503: {"model": _error_model(), "description": "database busy: retry"},
        },
    )
    app.state.memory = memory
    app.state.limits = limits
    app.state.rate_limiter = RateLimiter(limits.rate_per_minute, limits.rate_burst)
    app.state.metrics = Metrics()
    for module in (routes_scope, routes_memories, routes_inbox, routes_service):
        app.include_router(module.router)
    if importlib.util.find_spec("soulmem.api.routes_jobs") is not None:
        from soulmem.api.routes_jobs import router as jobs_router  # type: ignore[import-not-found,unused-ignore]

        app.include_router(jobs_router)
    from soulmem.api import routes_panel
    from soulmem.web import install_panel

    app.include_router(routes_panel.router)
    install_panel(app)
    _install_error_handlers(app)
    app.add_middleware(
        ServiceMiddleware, metrics=app.state.metrics, max_body_bytes=limits.max_body_bytes
    )
    return app


def _error_model() -> type:
    from soulmem.api.schemas import ErrorOut

    return ErrorOut


def _install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(SoulmemError)
    async def soulmem_error(request: Request, exc: SoulmemError) -> JSONResponse:
        status = exc.status
        if isinstance(exc, RateLimited):
            response = error_response(status, exc.code, str(exc))
            response.headers["Retry-After"] = str(exc.retry_after)
            return response
        if status >= 500:
            return error_response(status, exc.code, "internal error" if status == 500 else str(exc))
        return error_response(status, exc.code, str(exc))

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        if any(e.get("type") == "json_invalid" for e in errors):
            return error_response(400, "invalid_json", "the request body is not valid JSON")
        return error_response(422, "validation_error", _describe(errors))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = {
            400: "invalid_request",
            404: "not_found",
            405: "method_not_allowed",
        }.get(exc.status_code, "http_error")
        if exc.status_code == 400 and "parsing the body" in str(exc.detail):
            return error_response(
                400, "invalid_json", "the request body is not UTF-8 JSON (or is nested too deeply)"
            )
        return error_response(exc.status_code, code, str(exc.detail))

    @app.exception_handler(Exception)
    async def internal_error(request: Request, exc: Exception) -> JSONResponse:
        return error_response(500, "internal_error", "internal error")


def _describe(errors: Any) -> str:
    parts = []
    for error in list(errors)[:5]:
        where = ".".join(str(p) for p in error.get("loc", ()) if p != "body") or "body"
        parts.append(f"{where}: {error.get('msg', 'invalid')}")
    return "; ".join(parts) or "invalid request"


@contextmanager
def serve_in_thread(app: FastAPI, *, timeout: float = 30.0) -> Iterator[str]:
    """Run ``app`` with uvicorn on a free loopback port in a background thread (tests,
    embedding a server in a program); yields the base URL and shuts the server down after."""
    import uvicorn

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(app, log_level="warning", ws="none", lifespan="off")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + timeout
        while not server.started:
            if not thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the uvicorn server did not start")
            time.sleep(0.01)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout)
        sock.close()
