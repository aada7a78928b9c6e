"""``soulmem bench ...``: benchmarks that print JSON."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

__all__ = ["bench_app"]

bench_app = typer.Typer(help="Benchmarks (print JSON).", no_args_is_help=True)
DEFAULT_LOCOMO = Path("../shared/datasets/locomo/locomo_dev.json")

# the options several benchmarks share
JsonFlag = Annotated[bool, typer.Option("--json", help="Print only the JSON result.")]
EmbedderName = Annotated[str, typer.Option(help="e5 (default), e5-bundled or use.")]
LocomoFile = Annotated[Path, typer.Option(help="LoCoMo JSON file.")]
FirstN = Annotated[int | None, typer.Option(help="Only the first N.")]


def progress_printer(as_json: bool) -> Callable[[str], None]:
    """Progress lines on stderr, none with ``--json`` (the JSON stays alone on stdout)."""
    console = Console(stderr=True)

    def say(message: str) -> None:
        if not as_json:
            console.print(message)

    return say


def locomo_file(data: Path) -> Path:
    """``data`` if it exists, else a usage error that says where LoCoMo lives."""
    if not data.exists():
        raise typer.BadParameter(f"{data} not found (LoCoMo lives in ../shared/datasets)")
    return data


@bench_app.command("locomo")
def locomo(
    data: LocomoFile = DEFAULT_LOCOMO,
    as_json: JsonFlag = False,
    embedder: EmbedderName = "e5",
    conversations: FirstN = None,
    out: Annotated[Path | None, typer.Option(help="Also write the JSON here.")] = None,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            help="'postgres' (a private embedded server) or a postgresql:// server URL: each "
            "conversation gets a fresh database there. Default: SQLite in memory.",
        ),
    ] = None,
) -> None:
    """LoCoMo turn retrieval: R@5/10/20, All@10 per category, recall and observe latency."""
    from contextlib import ExitStack

    from soulmem.bench.locomo import run_locomo
    from soulmem.embed import embedder_by_name
    from soulmem.engine import Memory
    from soulmem.store import POSTGRES_SCHEMES

    locomo_file(data)
    if db is not None and db != "postgres" and not db.startswith(POSTGRES_SCHEMES):
        raise typer.BadParameter("--db must be 'postgres' or a postgresql:// URL")
    model = embedder_by_name(embedder)
    console = Console(stderr=True)

    def progress(done: int, total: int) -> None:
        if not as_json:
            console.print(f"conversation {done}/{total}")

    with ExitStack() as stack:
        databases: list[str] = []
        new_database: Callable[[str], str] | None = None
        if db is not None:
            from soulmem.store.postgres.embedded import scratch_databases

            new_database = stack.enter_context(scratch_databases(None if db == "postgres" else db))

        def open_memory() -> Memory:
            if new_database is None:
                return Memory.open(":memory:", embedder=model)
            databases.append(new_database(f"soulmem_locomo_{len(databases)}"))
            return Memory.open(databases[-1], embedder=model)

        result = run_locomo(
            data, conversations=conversations, progress=progress, memory_factory=open_memory
        )
    result["embedder"] = model.name
    result["backend"] = "sqlite" if db is None else "postgres"
    text = json.dumps(result, ensure_ascii=False)
    if out is not None:
        out.write_text(text + "\n", encoding="utf-8")
    print(text)


@bench_app.command("adaptor")
def adaptor(
    data: LocomoFile = DEFAULT_LOCOMO,
    as_json: JsonFlag = False,
    embedder: EmbedderName = "e5",
    conversations: FirstN = None,
    steps: Annotated[int, typer.Option(min=1, help="Adam steps per fit.")] = 1000,
    write: Annotated[
        Path | None,
        typer.Option(
            help="Write the weights trained on every conversation here (a file, or a folder "
            "such as src/soulmem/data for the packaged adaptor).",
        ),
    ] = None,
) -> None:
    """Train the query adaptor on LoCoMo; report R@10 leaving each conversation out."""
    from soulmem.bench.adaptor import Hyper, run_adaptor
    from soulmem.embed import embedder_by_name
    from soulmem.engine import Memory

    locomo_file(data)
    model = embedder_by_name(embedder)
    progress = progress_printer(as_json)

    result = run_adaptor(
        data,
        lambda: Memory.open(":memory:", embedder=model),
        model.name,
        hyper=Hyper(steps=steps),
        conversations=conversations,
        out=write,
        progress=progress,
    )
    print(json.dumps(result, ensure_ascii=False))


DEFAULT_SYNK = Path("../shared/datasets/synk")


@bench_app.command("synk")
def synk(
    data: Annotated[
        list[Path] | None, typer.Argument(help="Scenario files (default: all in ../shared).")
    ] = None,
    as_json: JsonFlag = False,
    embedder: EmbedderName = "e5",
    details: Annotated[bool, typer.Option(help="Include misses and identity facts.")] = False,
    questions: Annotated[
        Path | None,
        typer.Option(
            help="Ask the probes in these words: a JSON object, scenario id -> one question "
            "per probe (e.g. tests/data/synk_english_questions.json, English questions to "
            "the Korean and Japanese chats).",
        ),
    ] = None,
) -> None:
    """SYNK 100-turn scenarios: probe hits, stale values, identity accuracy, context size."""
    from soulmem.bench.synk import run_synk
    from soulmem.embed import embedder_by_name
    from soulmem.engine import Memory

    paths = data or sorted(DEFAULT_SYNK.glob("synk_*.json"))
    missing = [str(p) for p in paths if not p.exists()]
    if not paths or missing:
        raise typer.BadParameter(f"scenario files not found: {missing or DEFAULT_SYNK}")
    asked: dict[str, list[str]] = {}
    if questions is not None:
        try:
            raw = json.loads(questions.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise typer.BadParameter(f"--questions: {exc}") from exc
        if not isinstance(raw, dict):
            raise typer.BadParameter("--questions must hold a JSON object")
        asked = {k: v for k, v in raw.items() if isinstance(v, list)}
    model = embedder_by_name(embedder)
    result = run_synk(
        paths,
        memory_factory=lambda clock: Memory.open(":memory:", embedder=model, clock=clock),
        details=details,
        questions=asked,
    )
    result["embedder"] = model.name
    print(json.dumps(result, ensure_ascii=False, indent=None if as_json else 2))


DEFAULT_EMOTIONS = Path("tests/data/emotions")


@bench_app.command("emotions")
def emotions(
    data: Annotated[Path, typer.Option(help="Folder of labelled {ko,ja,en}.jsonl.")] = (
        DEFAULT_EMOTIONS
    ),
    as_json: JsonFlag = False,
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


@bench_app.command("reliability")
def reliability(
    as_json: JsonFlag = False,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            help="Run every part on this database (file path, sqlite:///path or "
            "postgresql://...), or 'postgres': each part on a fresh database of a private "
            "embedded PostgreSQL. Default: temporary SQLite files.",
        ),
    ] = None,
    trials: Annotated[int, typer.Option(help="Crash trials (SIGKILL and restart).")] = 20,
    concurrency_runs: Annotated[int, typer.Option(help="Runs of concurrent processes.")] = 3,
    processes: Annotated[int, typer.Option(help="Processes per concurrency run.")] = 8,
    turns: Annotated[int, typer.Option(help="Observes per process.")] = 20,
    schemathesis_cases: Annotated[
        int, typer.Option(help="Schemathesis cases per operation and mode.")
    ] = 25,
    seed: Annotated[int | None, typer.Option(help="Seed for kill times and cases.")] = None,
) -> None:
    """Crash safety, concurrency, schemathesis and the erase audit in one JSON object."""
    from contextlib import ExitStack

    from soulmem.bench.reliability import run_reliability
    from soulmem.store import POSTGRES_SCHEMES

    if min(trials, concurrency_runs, turns, schemathesis_cases) < 1 or processes < 2:
        raise typer.BadParameter("counts must be positive (and processes at least 2)")
    console = Console(stderr=True)
    with ExitStack() as stack:
        new_database: Callable[[str], str] | None = None
        if db == "postgres":
            from soulmem.store.postgres.embedded import scratch_databases

            new_database = stack.enter_context(scratch_databases(None))
        result = run_reliability(
            None if db == "postgres" else db,
            trials=trials,
            concurrency_runs=concurrency_runs,
            processes=processes,
            turns=turns,
            schemathesis_cases=schemathesis_cases,
            seed=seed,
            progress=None if as_json else console.print,
            new_database=new_database,
        )
    postgres = db is not None and (db == "postgres" or db.startswith(POSTGRES_SCHEMES))
    result["backend"] = "postgres" if postgres else "sqlite"
    print(json.dumps(result, ensure_ascii=False, indent=None if as_json else 2))


@bench_app.command("scale")
def scale(
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            help="An empty database (file path, sqlite:///path or postgresql://...); default: "
            "a private embedded PostgreSQL.",
        ),
    ] = None,
    memories: Annotated[int, typer.Option(help="Synthetic memories to load.")] = 100_000,
    per_scope: Annotated[int, typer.Option(help="Memories per scope (user).")] = 1000,
    queries: Annotated[int, typer.Option(help="Timed recalls.")] = 200,
    observes: Annotated[int, typer.Option(help="Timed observes.")] = 100,
    as_json: JsonFlag = False,
    embedder: EmbedderName = "e5",
    reuse: Annotated[
        bool,
        typer.Option(
            help="--db already holds the load of an earlier bench scale run with the same "
            "--memories and --per-scope: time it again without loading (load_s: null).",
        ),
    ] = False,
    query_seed: Annotated[
        int | None,
        typer.Option(
            help="Draw the timed queries afresh with this seed (same vocabulary); default: "
            "the queries that follow the load, which a --reuse run repeats.",
        ),
    ] = None,
) -> None:
    """Load time, recall / observe latency and database size at N memories (synthetic data
    written through the store; queries embedded for real)."""
    from contextlib import ExitStack, nullcontext

    from soulmem.bench.scale import run_scale
    from soulmem.clock import ManualClock
    from soulmem.embed import embedder_by_name
    from soulmem.engine import Memory
    from soulmem.store import POSTGRES_SCHEMES

    if memories <= 0 or per_scope <= 0 or queries <= 0 or observes <= 0:
        raise typer.BadParameter("--memories, --per-scope, --queries and --observes must be > 0")
    console = Console(stderr=True)
    with ExitStack() as stack:
        location = db
        if location is None:
            from soulmem.store.postgres.embedded import scratch_databases, server_cache_mb

            # a private server with the cache a database server would have (a quarter of RAM)
            server = scratch_databases(None, shared_buffers_mb=server_cache_mb())
            location = stack.enter_context(server)("soulmem_scale")
        postgres = location.startswith(POSTGRES_SCHEMES)
        mem = stack.enter_context(
            Memory.open(location, embedder=embedder_by_name(embedder), clock=ManualClock())
        )
        if reuse and db is None:
            raise typer.BadParameter("--reuse needs --db (the database loaded before)")
        events = mem.store.stats()["counts"]["events"]
        if reuse and events < memories:
            raise typer.BadParameter(f"{db} holds {events} events: not a load of {memories}")
        if events and not reuse:
            raise typer.BadParameter(f"{db} is not empty: bench scale loads its own data")
        store: Any = mem.store

        def progress(done: int) -> None:
            if not as_json and done % 20_000 == 0:
                console.print(f"loaded {done}/{memories}")

        result = run_scale(
            mem,
            memories=memories,
            backend="postgres" if postgres else "sqlite",
            db_size=store.size_bytes,
            per_scope=per_scope,
            queries=queries,
            observes=observes,
            progress=progress,
            bulk=store.bulk_load() if postgres and not reuse else nullcontext(),
            loaded=reuse,
            query_seed=query_seed,
        )
    print(json.dumps(result, ensure_ascii=False, indent=None if as_json else 2))


@bench_app.command("concurrency")
def concurrency(
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            help="postgresql://... (an empty database); default: a private embedded PostgreSQL.",
        ),
    ] = None,
    clients: Annotated[int, typer.Option(help="Concurrent clients (threads).")] = 8,
    turns: Annotated[int, typer.Option(help="Turns each client writes.")] = 1000,
    servers: Annotated[int, typer.Option(help="soulmem serve processes.")] = 2,
    workers: Annotated[int, typer.Option(help="soulmem worker processes.")] = 2,
    embedder: Annotated[str, typer.Option(help="fake (default: measures the store), e5.")] = (
        "fake"
    ),
) -> None:
    """API and worker processes on one database, clients writing at once: turns lost or
    duplicated (both must be 0)."""
    from contextlib import ExitStack

    from soulmem.bench.fleet import run_fleet

    if min(clients, turns, servers) <= 0 or workers < 0:
        raise typer.BadParameter("--clients, --turns and --servers must be > 0")
    with ExitStack() as stack:
        location = db
        if location is None:
            from soulmem.store.postgres.embedded import scratch_databases

            location = stack.enter_context(scratch_databases(None))("soulmem_concurrency")
        result = run_fleet(
            location,
            clients=clients,
            turns=turns,
            servers=servers,
            workers=workers,
            embedder=embedder,
        )
    print(json.dumps(result, ensure_ascii=False))


@bench_app.command("latency")
def latency(
    memories: Annotated[
        str, typer.Option(help="Comma-separated store sizes, ascending.")
    ] = "10000,100000",
    as_json: JsonFlag = False,
    embedder: EmbedderName = "e5",
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
    progress = progress_printer(as_json)

    result = run_latency(
        sizes, embedder_by_name(embedder), operations=operations, seed=seed, progress=progress
    )
    print(json.dumps(result, ensure_ascii=False, indent=None if as_json else 2))


@bench_app.command("embedders")
def embedders(
    names: Annotated[
        str, typer.Option("--embedders", help="Comma-separated embedder names.")
    ] = "e5,e5-bundled",
    data: LocomoFile = DEFAULT_LOCOMO,
    as_json: JsonFlag = False,
    questions: Annotated[int, typer.Option(min=1, help="LoCoMo questions to embed.")] = 200,
    turns: Annotated[int, typer.Option(min=1, help="LoCoMo turns to embed.")] = 200,
    batch: Annotated[int, typer.Option(min=1, help="Turns per batch call.")] = 32,
    rounds: Annotated[int, typer.Option(min=1, help="Alternating rounds.")] = 2,
) -> None:
    """Per-call cost of each embedder (query, single turn, batches) on LoCoMo text, side by
    side, and how far apart two engines of the same model put the same text."""
    from soulmem.bench.embedders import run_embedders
    from soulmem.embed import embedder_by_name

    locomo_file(data)
    wanted = list(dict.fromkeys(n.strip() for n in names.split(",") if n.strip()))
    if not wanted:
        raise typer.BadParameter("--embedders must name at least one embedder")
    models = {name: embedder_by_name(name) for name in wanted}
    result = run_embedders(
        data, models, questions=questions, turns=turns, batch=batch, rounds=rounds
    )
    print(json.dumps(result, ensure_ascii=False, indent=None if as_json else 2))


@bench_app.command("vs-mem0")
def vs_mem0(
    data: LocomoFile = DEFAULT_LOCOMO,
    as_json: JsonFlag = False,
    embedder: Annotated[
        str, typer.Option(help="e5 (default), e5-bundled or use, for both systems.")
    ] = "e5",
    conversations: FirstN = None,
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

    locomo_file(data)
    if mem0_embed not in ("inprocess", "http"):
        raise typer.BadParameter("--mem0-embed must be inprocess or http")
    progress = progress_printer(as_json)

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
