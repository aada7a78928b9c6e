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


DEFAULT_SYNK = Path("../shared/datasets/synk")


@bench_app.command("synk")
def synk(
    data: Annotated[
        list[Path] | None, typer.Argument(help="Scenario files (default: all in ../shared).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print only the JSON result.")] = False,
    embedder: Annotated[str, typer.Option(help="e5 (default) or use.")] = "e5",
    details: Annotated[bool, typer.Option(help="Include misses and identity facts.")] = False,
) -> None:
    """SYNK 100-turn scenarios: probe hits, stale values, identity accuracy, context size."""
    from soulmem.bench.synk import run_synk
    from soulmem.embed import embedder_by_name
    from soulmem.engine import Memory

    paths = data or sorted(DEFAULT_SYNK.glob("synk_*.json"))
    missing = [str(p) for p in paths if not p.exists()]
    if not paths or missing:
        raise typer.BadParameter(f"scenario files not found: {missing or DEFAULT_SYNK}")
    model = embedder_by_name(embedder)
    result = run_synk(
        paths,
        memory_factory=lambda clock: Memory.open(":memory:", embedder=model, clock=clock),
        details=details,
    )
    result["embedder"] = model.name
    print(json.dumps(result, ensure_ascii=False, indent=None if as_json else 2))


DEFAULT_EMOTIONS = Path("tests/data/emotions")


@bench_app.command("emotions")
def emotions(
    data: Annotated[Path, typer.Option(help="Folder of labelled {ko,ja,en}.jsonl.")] = (
        DEFAULT_EMOTIONS
    ),
    as_json: Annotated[bool, typer.Option("--json", help="Print only the JSON result.")] = False,
    prototypes: Annotated[
        str | None, typer.Option(help="Also compare with prototype sentences in this embedder.")
    ] = None,
) -> None:
    """Emotion tagging against a labelled set: macro-F1 per language."""
    from soulmem.bench.emotions import run_emotions
    from soulmem.embed import embedder_by_name

    if not data.is_dir():
        raise typer.BadParameter(f"{data} is not a folder of labelled .jsonl files")
    model = embedder_by_name(prototypes) if prototypes else None
    result = run_emotions(data, model)
    print(json.dumps(result, ensure_ascii=False, indent=None if as_json else 2))


@bench_app.command("latency")
def latency(
    memories: Annotated[
        str, typer.Option(help="Comma-separated store sizes, ascending.")
    ] = "10000,100000",
    as_json: Annotated[bool, typer.Option("--json", help="Print only the JSON result.")] = False,
    embedder: Annotated[str, typer.Option(help="e5 (default) or use.")] = "e5",
    operations: Annotated[int, typer.Option(help="observe+recall pairs per size.")] = 100,
    seed: Annotated[int, typer.Option(help="Synthetic data seed.")] = 0,
) -> None:
    """observe/recall p50/p95 and memory use at each store size (synthetic ko/ja/en turns,
    bulk-loaded into a temporary embedded store; real calls timed on top)."""
    from soulmem.bench.latency import run_latency
    from soulmem.embed import embedder_by_name

    try:
        sizes = [int(part) for part in memories.split(",") if part.strip()]
    except ValueError as exc:
        raise typer.BadParameter(f"--memories must be comma-separated integers: {exc}") from exc
    if not sizes or min(sizes) < 1:
        raise typer.BadParameter("--memories must list positive sizes")
    if operations < 1:
        raise typer.BadParameter("--operations must be positive")
    console = Console(stderr=True)

    def progress(message: str) -> None:
        if not as_json:
            console.print(message)

    result = run_latency(
        sizes, embedder_by_name(embedder), operations=operations, seed=seed, progress=progress
    )
    print(json.dumps(result, ensure_ascii=False, indent=None if as_json else 2))


@bench_app.command("vs-mem0")
def vs_mem0(
    data: Annotated[Path, typer.Option(help="LoCoMo JSON file.")] = DEFAULT_LOCOMO,
    as_json: Annotated[bool, typer.Option("--json", help="Print only the JSON result.")] = False,
    embedder: Annotated[str, typer.Option(help="e5 (default) or use, for both systems.")] = "e5",
    conversations: Annotated[int | None, typer.Option(help="Only the first N.")] = None,
    questions: Annotated[
        int | None, typer.Option(help="At most N questions per conversation.")
    ] = None,
    mem0_embed: Annotated[
        str, typer.Option(help="inprocess (default) or http (a local /v1/embeddings).")
    ] = "inprocess",
    out: Annotated[Path | None, typer.Option(help="Also write the JSON here.")] = None,
) -> None:
    """Side by side with Mem0 OSS (installed only in the benchmark environment: make
    bench-mem0): ingest time, search p50/p95 and R@10 of both on the same LoCoMo turns."""
    from soulmem.bench.vs_mem0 import run_vs_mem0
    from soulmem.embed import embedder_by_name

    if not data.exists():
        raise typer.BadParameter(f"{data} not found (LoCoMo lives in ../shared/datasets)")
    if mem0_embed not in ("inprocess", "http"):
        raise typer.BadParameter("--mem0-embed must be inprocess or http")
    console = Console(stderr=True)

    def progress(message: str) -> None:
        if not as_json:
            console.print(message)

    result = run_vs_mem0(
        data,
        embedder_by_name(embedder),
        conversations=conversations,
        questions=questions,
        mem0_embed="http" if mem0_embed == "http" else "inprocess",
        progress=progress,
    )
    text = json.dumps(result, ensure_ascii=False)
    if out is not None:
        out.write_text(text + "\n", encoding="utf-8")
    print(text)
