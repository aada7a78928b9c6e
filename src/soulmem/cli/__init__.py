"""The ``soulmem`` command line (typer + rich)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from soulmem.cli import brain, character, ops, serve
from soulmem.cli.bench import bench_app
from soulmem.cli.common import open_memory, print_context
from soulmem.cli.demo import run_demo
from soulmem.cli.mcp_server import mcp_command
from soulmem.cli.simulate import simulate
from soulmem.errors import SoulmemError

__all__ = ["app", "main"]

app = typer.Typer(
    help="soulmem: long-term memory for AI characters and agents.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)
app.add_typer(bench_app, name="bench")
app.command()(ops.maintain)
app.command()(ops.worker)
app.command()(ops.migrate)
app.command()(brain.brain)
app.command()(character.soul)
app.command()(character.inbox)
app.command("simulate")(simulate)
app.command()(serve.serve)
app.add_typer(serve.keys_app, name="keys")
bench_app.command("api")(serve.bench_api)
app.command("mcp")(mcp_command)
console = Console()
err = Console(stderr=True)

DbOption = Annotated[
    str | None,
    typer.Option("--db", help="Database file, ':memory:', sqlite:///path or postgresql://..."),
]
UserOption = Annotated[str, typer.Option("--user", "-u", help="User id of the scope.")]
AgentOption = Annotated[str, typer.Option("--agent", "-a", help="Agent (character) id.")]
EmbedderOption = Annotated[
    str, typer.Option("--embedder", help="e5 (default, best recall) or use (fast).")
]


@app.command()
def demo(
    db: DbOption = ":memory:",
    embedder: EmbedderOption = "e5",
) -> None:
    """Ingest a shipped sample conversation and answer a few recall queries."""
    run_demo(console, db=db, embedder=embedder)


@app.command()
def observe(
    user_id: UserOption,
    agent_id: AgentOption,
    user: Annotated[str | None, typer.Option(help="What the user said.")] = None,
    assistant: Annotated[str | None, typer.Option(help="What the character said.")] = None,
    session: Annotated[str | None, typer.Option(help="Session id.")] = None,
    at: Annotated[str | None, typer.Option(help="ISO-8601 time of the turn.")] = None,
    db: DbOption = None,
    embedder: EmbedderOption = "e5",
) -> None:
    """Record one turn."""
    with open_memory(db, embedder) as mem:
        result = mem.scope(user_id, agent_id).observe(
            user=user, assistant=assistant, session_id=session, at=at
        )
    console.print_json(
        json.dumps({"event_id": result.event.id, "memory_id": result.memory and result.memory.id})
    )


@app.command()
def recall(
    query: Annotated[str, typer.Argument(help="What to remember.")],
    user_id: UserOption,
    agent_id: AgentOption,
    budget: Annotated[int, typer.Option(help="Token budget of the context.")] = 800,
    as_json: Annotated[bool, typer.Option("--json", help="Print items as JSON.")] = False,
    db: DbOption = None,
    embedder: EmbedderOption = "e5",
) -> None:
    """Build the prompt context for a query."""
    with open_memory(db, embedder) as mem:
        ctx = mem.scope(user_id, agent_id).recall(query, budget_tokens=budget)
    if as_json:
        items = [
            {
                "kind": i.kind,
                "id": i.id,
                "score": i.score,
                "text": i.text,
                "source_event_ids": list(i.source_event_ids),
                "why": i.why,
            }
            for i in ctx.items
        ]
        print(
            json.dumps(
                {"text": ctx.text, "items": items, "used_tokens": ctx.used_tokens},
                ensure_ascii=False,
            )
        )
    else:
        print_context(console, ctx)


@app.command()
def analyze(
    text: Annotated[str, typer.Argument(help="One user message.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Analyse one message (language, emotions, VAD, facts, remember) without storing it."""
    from soulmem.perceive.analyze import analyze as run_analysis

    result = run_analysis(text).to_dict()
    if as_json:
        print(json.dumps(result, ensure_ascii=False))
        return
    console.print_json(json.dumps(result, ensure_ascii=False))


@app.command("import")
def import_(
    file: Annotated[Path, typer.Argument(help="JSONL: one turn (or exported event) per line.")],
    user_id: Annotated[str | None, typer.Option("--user", "-u")] = None,
    agent_id: Annotated[str | None, typer.Option("--agent", "-a")] = None,
    db: DbOption = None,
    embedder: EmbedderOption = "e5",
) -> None:
    """Import turns from a JSONL file (lines without a scope go to --user/--agent)."""
    from soulmem.cli.common import read_jsonl
    from soulmem.model import Scope

    default = Scope(user_id, agent_id) if user_id and agent_id else None
    with open_memory(db, embedder) as mem:
        count = mem.import_records(read_jsonl(file), default_scope=default)
    console.print(f"imported {count} turns")


@app.command()
def export(
    user_id: Annotated[str | None, typer.Option("--user", "-u")] = None,
    agent_id: Annotated[str | None, typer.Option("--agent", "-a")] = None,
    db: DbOption = None,
) -> None:
    """Write every event (of one scope, or all) as JSONL to stdout."""
    from soulmem.model import Scope

    scope = Scope(user_id, agent_id) if user_id and agent_id else None
    from soulmem.engine import Memory

    with Memory.open(db) as mem:
        for record in mem.export(scope):
            sys.stdout.write(json.dumps(record, ensure_ascii=False) + "\n")


def main() -> None:
    try:
        app()
    except SoulmemError as exc:
        err.print(f"[red]error:[/red] {exc}")
        raise SystemExit(2) from exc
