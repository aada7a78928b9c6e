"""Helpers shared by the CLI commands."""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape

from soulmem.embed import embedder_by_name
from soulmem.engine import Memory
from soulmem.errors import InvalidInput, SoulmemError
from soulmem.model import Scope
from soulmem.recall.items import Context

__all__ = ["open_memory", "print_context", "read_jsonl", "warming"]

log = logging.getLogger(__name__)


def open_memory(db: str | None, embedder: str) -> Memory:
    return Memory.open(db, embedder=embedder_by_name(embedder))


@contextmanager
def warming(mem: Memory, scopes: Sequence[Scope] | None = None) -> Iterator[threading.Thread]:
    """``mem.warm(scopes)`` on a thread while the body serves, so that the first requests
    find the model loaded and the store's copies built (100k turns: about 6 s, which the
    first recall would otherwise spend); a request that comes sooner waits for the part it
    needs. Joined on the way out, before the memory closes."""

    def run() -> None:
        try:
            mem.warm(scopes)
        except SoulmemError as exc:  # requests build what they need themselves
            log.warning("warm-up stopped: %s", exc)

    thread = threading.Thread(target=run, name="soulmem-warm", daemon=True)
    thread.start()
    try:
        yield thread
    finally:
        thread.join()


def read_jsonl(path: Path) -> Iterator[dict[str, Any]]:
    try:
        handle = path.open(encoding="utf-8")
    except OSError as exc:
        raise InvalidInput(f"cannot read {path}: {exc}") from exc
    with handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError as exc:
                raise InvalidInput(f"{path}:{number}: not valid JSON ({exc.msg})") from exc
            yield record


def print_context(
    console: Console, ctx: Context, *, limit: int = 5, skip_identity: bool = False
) -> None:
    """The top items, each with its score and why it ranked there (identity facts, which
    every context starts with, can be left out)."""
    fixed = ("identity", "owner", "character")
    items = [i for i in ctx.items if not (skip_identity and i.section in fixed)]
    if skip_identity and len(items) < len(ctx.items):
        console.print(
            f"[dim]({len(ctx.items) - len(items)} lines about who the user is and the "
            "character come first)[/dim]"
        )
    for rank, item in enumerate(items[:limit], start=1):
        why = " ".join(
            f"{key}={value:.2f}"
            for key, value in item.why.items()
            if key in ("lexical", "dense", "recency") and value
        )
        text = item.text if len(item.text) <= 160 else item.text[:157] + "..."
        console.print(
            f"[bold]{rank}.[/bold] [cyan]{item.kind}[/cyan] score={item.score:.3f} "
            f"[dim]{escape(why)}[/dim]\n   {escape(text)}"
        )
    console.print(
        f"[dim]{ctx.used_tokens}/{ctx.budget_tokens} tokens, {len(ctx.items)} items[/dim]"
    )
