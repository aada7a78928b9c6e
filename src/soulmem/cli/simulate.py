"""``soulmem simulate``: live a synthetic year through the real engine on a fast clock."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

__all__ = ["simulate"]


def simulate(
    days: Annotated[int, typer.Option(help="How many days to live.", min=1)] = 365,
    seed: Annotated[int, typer.Option(help="Seed of the synthetic life.")] = 0,
    report: Annotated[
        Path | None,
        typer.Option(help="Write the tier chart: out.html (inline SVG) or out.png."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    embedder: Annotated[
        str, typer.Option("--embedder", help="use (fast, default), e5 (best recall) or fake.")
    ] = "use",
    language: Annotated[str, typer.Option(help="Language of the life: en, ko or ja.")] = "en",
    db: Annotated[
        str, typer.Option("--db", help="Database file, ':memory:' (default) or sqlite:///path.")
    ] = ":memory:",
    turns_min: Annotated[int, typer.Option(help="Fewest turns per day.", min=1)] = 3,
    turns_max: Annotated[int, typer.Option(help="Most turns per day.", min=1)] = 5,
) -> None:
    """Simulate a character's life (daily chats, recurring topics, strong moments, trivia,
    "remember this", a simulated owner deciding the inbox) and report what the memory tiers,
    the personality islands, the beliefs and the relationship did over it."""
    from soulmem.lifecycle.report import write_report
    from soulmem.lifecycle.simulate import simulate as run

    console = Console(stderr=True)
    if not as_json:
        console.print(f"[dim]living {days} days (seed {seed}, {language}, {embedder})...[/dim]")
    result = run(
        days,
        seed,
        language=language,
        embedder=embedder,
        db=db,
        turns_per_day=(turns_min, turns_max),
    )
    summary = dict(result.summary)
    if report is not None:
        summary["report"] = str(write_report(report, result.timeline, result.summary))
    if as_json:
        print(json.dumps(summary, ensure_ascii=False))
        return
    out = Console()
    tiers = summary["tiers_final"]
    out.print("tiers at the end: " + ", ".join(f"{name} {count}" for name, count in tiers.items()))
    for key in (
        "promotions",
        "distillations",
        "forgotten",
        "restored",
        "purged",
        "inbox_m0_candidates",
        "m0_without_approval",
        "islands_active",
        "beliefs_approved",
        "beliefs_refused",
        "imaginations",
        "recurring_facts_recalled_at_end",
        "elapsed_s",
    ):
        out.print(f"{key}: {summary[key]}")
    start, end = summary["relationship_level_start"], summary["relationship_level_end"]
    out.print(f"relationship: {start} -> {end}")
    if report is not None:
        out.print(f"report: {summary['report']}")
