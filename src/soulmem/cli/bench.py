"""``soulmem bench ...``: benchmarks that print JSON."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

__all__ = ["bench_app"]

bench_app = typer.Typer(help="Benchmarks (print JSON).", no_args_is_help=True)
DEFAULT_LOCOMO = Path("../shared/datasets/locomo/locomo_dev.json")


@bench_app.command("locomo")
def locomo(
    data: Annotated[Path, typer.Option(help="LoCoMo JSON file.")] = DEFAULT_LOCOMO,
    as_json: Annotated[bool, typer.Option("--json", help="Print only the JSON result.")] = False,
    embedder: Annotated[str, typer.Option(help="e5 (default) or use.")] = "e5",
    conversations: Annotated[int | None, typer.Option(help="Only the first N.")] = None,
    out: Annotated[Path | None, typer.Option(help="Also write the JSON here.")] = None,
) -> None:
    """LoCoMo turn retrieval: R@5/10/20, All@10 per category, recall and observe latency."""
    from soulmem.bench.locomo import run_locomo
    from soulmem.embed import embedder_by_name
    from soulmem.engine import Memory

    if not data.exists():
        raise typer.BadParameter(f"{data} not found (LoCoMo lives in ../shared/datasets)")
    model = embedder_by_name(embedder)
    console = Console(stderr=True)

    def progress(done: int, total: int) -> None:
        if not as_json:
            console.print(f"conversation {done}/{total}")

    result = run_locomo(
        data,
        conversations=conversations,
        progress=progress,
        memory_factory=lambda: Memory.open(":memory:", embedder=model),
    )
    result["embedder"] = model.name
    text = json.dumps(result, ensure_ascii=False)
    if out is not None:
        out.write_text(text + "\n", encoding="utf-8")
    print(text)
