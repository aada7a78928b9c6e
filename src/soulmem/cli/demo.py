"""``soulmem demo``: ingest the shipped sample conversation, then answer a few queries."""

from __future__ import annotations

import json
import time
from importlib import resources

from rich.console import Console
from rich.markup import escape
from rich.progress import Progress

from soulmem.cli.common import open_memory, print_context
from soulmem.social.mood import describe

__all__ = ["DEMO_QUERIES", "run_demo"]

DEMO_QUERIES = (
    "When is Mina's birthday?",
    "내 강아지 이름이 뭐였지?",
    "大阪のどこに住んでいた？",
    "Does she have any allergies?",
    "What does she do on Saturdays?",
)


def run_demo(console: Console, *, db: str | None, embedder: str) -> None:
    text = (
        resources.files("soulmem.data")
        .joinpath("sample_conversation.jsonl")
        .read_text(encoding="utf-8")
    )
    turns = [json.loads(line) for line in text.splitlines() if line.strip()]
    console.print(
        f"[bold]soulmem demo[/bold]: {len(turns)} turns between Mina and Luna "
        "(Korean, Japanese, English), then recall."
    )
    with open_memory(db, embedder) as mem:
        luna = mem.scope(user_id="mina", agent_id="luna")
        started = time.perf_counter()
        with Progress(console=console, transient=False) as progress:
            task = progress.add_task("observing turns", total=len(turns))
            for turn in turns:
                luna.observe(**turn)
                progress.advance(task)
        console.print(f"observed {len(turns)} turns in {time.perf_counter() - started:.2f} s")
        console.rule("[bold]What Luna learned about Mina[/bold]")
        for fact in luna.facts():
            console.print(
                f"  [cyan]{fact.category.value:<12}[/cyan] {escape(fact.subject)}: "
                f"{escape(fact.value)} [dim](confidence {fact.confidence:.1f})[/dim]"
            )
        rel = luna.relationship()
        console.print(
            f"  [cyan]{'relationship':<12}[/cyan] {rel.level}, intimacy {rel.intimacy:.1f}, "
            f"speech {rel.speech_style}; mood: {escape(describe(luna.mood(), 'en'))}"
        )
        feelings = [m for m in luna.memories(limit=100) if m.intensity > 0]
        if feelings:
            console.rule("[bold]How the turns felt[/bold]")
            for memory in sorted(feelings, key=lambda m: -m.intensity)[:4]:
                tags = ", ".join(memory.emotions)
                text = memory.content if len(memory.content) < 90 else memory.content[:87] + "..."
                console.print(
                    f"  [magenta]{tags}[/magenta] ({memory.intensity:.2f}) {escape(text)}"
                )
        for query in DEMO_QUERIES:
            started = time.perf_counter()
            ctx = luna.recall(query, budget_tokens=500, rehearse=False)
            took = (time.perf_counter() - started) * 1000
            console.rule(f"[bold]{query}[/bold]  [dim]({took:.0f} ms)[/dim]")
            print_context(console, ctx, limit=3, skip_identity=True)
