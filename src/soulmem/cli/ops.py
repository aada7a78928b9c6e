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
    jobs: Annotated[
        str,
        typer.Option(
            help="Comma-separated job kinds this worker answers with the rules each round "
            "(maintain; also extract, summarize, distill, reflect, imagine); '' for none."
        ),
    ] = "maintain",
) -> None:
    """Keep running maintenance for every scope and the queued internal jobs (the memory
    workers of seed 000). Several workers may share one database: each job is leased
    atomically, so none is done twice."""
    from soulmem.jobs.internal import RULES, InternalWorker

    if interval <= 0:
        raise typer.BadParameter("interval must be positive")
    kinds = [k.strip() for k in jobs.split(",") if k.strip()]
    unknown = sorted(set(kinds) - set(RULES))
    if unknown:
        raise typer.BadParameter(f"no rule-based executor for {unknown}")
    done = 0
    with open_memory(db, embedder) as mem:
        runner = InternalWorker(mem, kinds=kinds) if kinds else None
        while True:
            started = time.monotonic()
            reports = mem.maintain()
            ran = sum(len(r.ran) for r in reports)
            line = f"round {done + 1}: {len(reports)} scopes, {ran} duties"
            if runner is not None:
                report = runner.run_round()
                line += f", {report.leased} jobs {report.outcomes or ''}".rstrip()
            typer.echo(line, err=True)
            done += 1
            if rounds and done >= rounds:
                return
            time.sleep(max(0.0, interval - (time.monotonic() - started)))
