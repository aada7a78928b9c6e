"""Operator commands: maintenance once, a worker that keeps running it, and copying a
database into PostgreSQL."""

from __future__ import annotations

import json
import time
from typing import Annotated

import typer

from soulmem.cli.common import open_memory

__all__ = ["maintain", "migrate", "worker"]


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


def migrate(
    source: Annotated[
        str, typer.Option("--from", help="The SQLite database: a file path or sqlite:///path.")
    ],
    target: Annotated[
        str, typer.Option("--to", help="An empty PostgreSQL database: postgresql://...")
    ],
) -> None:
    """Copy everything from an embedded SQLite database into PostgreSQL (one transaction:
    all or nothing). Prints the rows copied per table as JSON."""
    from soulmem.store import POSTGRES_SCHEMES

    if not target.startswith(POSTGRES_SCHEMES):
        raise typer.BadParameter("--to must be a postgresql:// URL")
    if "://" in source and not source.startswith("sqlite:///"):
        raise typer.BadParameter("--from must be a SQLite file path or sqlite:///path")
    from soulmem.store.postgres.copy import copy_sqlite_to_postgres

    copied = copy_sqlite_to_postgres(source, target)
    print(json.dumps({"copied": copied}))
