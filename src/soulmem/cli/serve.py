"""``soulmem serve``, ``soulmem keys create|revoke|list`` and ``soulmem bench api``."""

from __future__ import annotations

import ipaddress
import json
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from typing import Annotated

import typer

from soulmem.config import ServiceLimits
from soulmem.store.base import Store

__all__ = ["bench_api", "is_loopback", "keys_app", "serve"]

keys_app = typer.Typer(help="API keys of the HTTP service.", no_args_is_help=True)

_LIMITS = ServiceLimits()

DbOption = Annotated[
    str | None,
    typer.Option("--db", help="Database file, ':memory:', sqlite:///path or postgresql://..."),
]


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def serve(
    db: DbOption = None,
    host: Annotated[str, typer.Option(help="Interface to bind (loopback by default).")] = (
        "127.0.0.1"
    ),
    port: Annotated[int, typer.Option(help="TCP port.")] = 8765,
    allow_remote: Annotated[
        bool, typer.Option("--allow-remote", help="Allow binding a non-loopback interface.")
    ] = False,
    embedder: Annotated[str, typer.Option(help="e5 (default), use or fake.")] = "e5",
    log_level: Annotated[str, typer.Option(help="uvicorn log level.")] = "info",
    brain_jobs: Annotated[
        str, typer.Option(help="Queue brain jobs for every turn: extract, reflect, dialogue.")
    ] = "",
    rate_limit: Annotated[
        int, typer.Option(help="Requests a minute per API key (0: no limit).")
    ] = _LIMITS.rate_per_minute,
    rate_burst: Annotated[
        int, typer.Option(help="Requests a key may send at once before the rate applies.")
    ] = _LIMITS.rate_burst,
    max_body_mb: Annotated[
        float, typer.Option(help="Largest request body in MiB.")
    ] = _LIMITS.max_body_bytes / 1024 / 1024,
    max_recall_tokens: Annotated[
        int, typer.Option(help="Largest budget_tokens a recall may ask for.")
    ] = _LIMITS.max_recall_budget_tokens,
    warm: Annotated[
        bool,
        typer.Option(
            help="Load the model and build the in-memory indexes of the latest scopes (up to "
            "a million turns) on a thread at start, so that no first recall pays for it."
        ),
    ] = True,
) -> None:
    """Run the HTTP API (FastAPI + uvicorn). Every request but /v1/health needs a key made
    with `soulmem keys create`. Limits and their defaults: docs/reliability.md."""
    if not is_loopback(host):
        if not allow_remote:
            raise typer.BadParameter(
                f"{host} is not a loopback address; pass --allow-remote to serve beyond this "
                "machine (put TLS in front of it)",
                param_hint="--host",
            )
        typer.echo(
            f"warning: serving on {host}: reachable beyond this machine; use TLS in front",
            err=True,
        )
    if not 0 < port < 65536:
        raise typer.BadParameter("port must be 1..65535", param_hint="--port")
    import uvicorn

    from soulmem.api import create_app
    from soulmem.cli.common import open_memory, warming
    from soulmem.errors import ConfigError
    from soulmem.jobs.wiring import queue_on_observe

    try:
        limits = ServiceLimits(
            max_body_bytes=int(max_body_mb * 1024 * 1024),
            rate_per_minute=rate_limit,
            rate_burst=rate_burst,
            max_recall_budget_tokens=max_recall_tokens,
        )
    except ConfigError as exc:
        raise typer.BadParameter(str(exc)) from exc
    with open_memory(db, embedder) as mem, warming(mem) if warm else nullcontext():
        queue_on_observe(mem, brain_jobs.split(","))
        uvicorn.run(create_app(mem, limits=limits), host=host, port=port, log_level=log_level)


@keys_app.command("create")
def keys_create(
    tenant: Annotated[str, typer.Option(help="Tenant the key belongs to.")],
    role: Annotated[str, typer.Option(help="agent, owner or admin.")] = "agent",
    user: Annotated[
        str | None, typer.Option("--user", help="Bind the key to this user only.")
    ] = None,
    label: Annotated[str, typer.Option(help="A note about the key.")] = "",
    db: DbOption = None,
) -> None:
    """Create a key; the key itself is printed once, alone on the last line."""
    from soulmem.api.auth import create_key

    with _store(db) as store:
        record, plaintext = create_key(store, tenant, role=role, user_id=user, label=label)
    typer.echo(f"created {record.id} (tenant {record.tenant}, role {record.role})", err=True)
    typer.echo(plaintext)


@keys_app.command("revoke")
def keys_revoke(
    key_id: Annotated[str, typer.Argument(help="The key's id (key_...).")],
    db: DbOption = None,
) -> None:
    """Revoke a key: requests with it get 401 from now on."""
    from soulmem.clock import SystemClock
    from soulmem.errors import NotFound

    with _store(db) as store:
        if not store.revoke_key(key_id, SystemClock().now()):
            raise NotFound(f"no active key {key_id!r}")
    typer.echo(f"revoked {key_id}")


@keys_app.command("list")
def keys_list(
    tenant: Annotated[str | None, typer.Option(help="Only this tenant's keys.")] = None,
    db: DbOption = None,
) -> None:
    """Every key (never the key itself), one JSON object a line."""
    from soulmem.model import to_dict

    with _store(db) as store:
        for key in store.list_keys(tenant):
            typer.echo(json.dumps(to_dict(key), ensure_ascii=False))


def bench_api(
    as_json: Annotated[bool, typer.Option("--json", help="Print only the JSON result.")] = False,
    clients: Annotated[str, typer.Option(help="Concurrency levels, comma-separated.")] = ("1,8,32"),
    seconds: Annotated[float, typer.Option(help="Seconds per level.")] = 10.0,
    embedder: Annotated[str, typer.Option(help="e5 (default), use or fake.")] = "e5",
) -> None:
    """Observe and recall latency (p50/p95) and requests/s over HTTP on loopback, closed loop,
    at each concurrency level (the bench runs its own server)."""
    from soulmem.bench.api import run_api_bench

    try:
        levels = [int(c) for c in clients.split(",") if c.strip()]
    except ValueError as exc:
        raise typer.BadParameter("clients must be integers like 1,8,32") from exc
    if not levels or min(levels) < 1 or seconds <= 0:
        raise typer.BadParameter("clients must be positive integers and seconds > 0")
    result = run_api_bench(levels, seconds=seconds, embedder=embedder)
    print(json.dumps(result, indent=None if as_json else 2))


@contextmanager
def _store(db: str | None) -> Iterator[Store]:
    """The store alone (no embedder, no engine), closed on exit."""
    from soulmem.clock import SystemClock
    from soulmem.store import open_store

    store = open_store(db, clock=SystemClock())
    try:
        yield store
    finally:
        store.close()
