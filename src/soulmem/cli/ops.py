"""Operator commands: maintenance once, or a worker that keeps running it."""

from __future__ import annotations

import json
import time
from typing import Annotated

import typer

from soulmem.cli.common import open_memory

__all__ = ["maintain", "worker"]


def maintain(
    db: Annotated[str | None, typer.Option("--db", help="Database file or URL.")] = None,
    embedder: Annotated[str, typer.Option(help="e5 (default) or use.")] = "e5",
) -> None:
    """Run whatever maintenance is due (expiry, purges, promotion, summaries) once."""
    with open_memory(db, embedder) as mem:
        reports = [r.to_dict() for r in mem.maintain()]
    print(json.dumps({"scopes": len(reports), "reports": reports}, ensure_ascii=False))


def worker(
    db: Annotated[str | None, typer.Option("--db", help="Database file or URL.")] = None,
    interval: Annotated[float, typer.Option(help="Seconds between rounds.")] = 60.0,
    rounds: Annotated[int, typer.Option(help="Stop after N rounds (0: run forever).")] = 0,
    embedder: Annotated[str, typer.Option(help="e5 (default) or use.")] = "e5",
) -> None:
    """Keep running maintenance for every scope (the memory workers of seed 000)."""
    if interval <= 0:
        raise typer.BadParameter("interval must be positive")
    done = 0
    with open_memory(db, embedder) as mem:
        while True:
            started = time.monotonic()
            reports = mem.maintain()
            ran = sum(len(r.ran) for r in reports)
            typer.echo(f"round {done + 1}: {len(reports)} scopes, {ran} duties", err=True)
            done += 1
            if rounds and done >= rounds:
                return
            time.sleep(max(0.0, interval - (time.monotonic() - started)))
