"""Side by side with Mem0 OSS on LoCoMo: the same turns, the same embedder, the same queries.

Mem0 (``mem0ai``) is never a soulmem dependency: it lives in a separate benchmark
environment (``make bench-mem0``). It runs fully offline: Qdrant in local on-disk ("path")
mode, ``infer=False`` (no LLM is called; a placeholder LLM config is given because Mem0
builds one), telemetry off, its data directory in a temporary folder, and soulmem's own
embedder either handed to it in-process (``mem0_embed="inprocess"``, the default: no HTTP
hop, the same call soulmem makes) or served through a local OpenAI-compatible endpoint
(``"http"``: Mem0's stock OpenAI embedder pointed at :class:`EmbeddingServer`).

Every turn is written into both systems, alternating which goes first, and every question
is asked of both the same way, so machine noise hits both. Each system gets the same text
for a turn: its date, speaker, words and image caption. Recall@10 is computed for both with
:func:`soulmem.bench.locomo.ranked_turns` / :func:`recall_at_k` over the dialogue ids.
"""

from __future__ import annotations

import importlib.util
import os
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Literal

from soulmem.bench.embed_server import EmbeddingServer
from soulmem.bench.locomo import (
    Conversation,
    Turn,
    clean_evidence,
    load_conversations,
    ranked_turns,
    recall_at_k,
    select_conversations,
)
from soulmem.bench.stats import mean_percent, summarize_ms
from soulmem.embed.base import Embedder
from soulmem.errors import DependencyMissing, InvalidInput
from soulmem.model import format_date

__all__ = ["INSTALL_HINT", "import_mem0", "require_mem0", "run_vs_mem0", "turn_text"]

INSTALL_HINT = (
    "Mem0 is not installed here (it is never a soulmem dependency). Create the benchmark "
    "environment with `make bench-mem0` (a .venv-bench with soulmem and mem0ai) and run "
    "`.venv-bench/bin/soulmem bench vs-mem0 --json`."
)
K = 10
ASK = 20  # results asked of each system per question (R@10 needs 10 turns after facts)


def require_mem0() -> None:
    """Raise :class:`DependencyMissing` (with how to install it) unless Mem0 is importable."""
    if importlib.util.find_spec("mem0") is None:
        raise DependencyMissing(INSTALL_HINT)


def import_mem0(data_dir: Path) -> Any:
    """Mem0's ``Memory`` class, with telemetry off and its home in ``data_dir``."""
    os.environ["MEM0_TELEMETRY"] = "False"
    os.environ["MEM0_DIR"] = str(data_dir)
    try:
        from mem0 import Memory
    except ImportError as exc:
        raise DependencyMissing(INSTALL_HINT) from exc
    return Memory


def turn_text(turn: Turn) -> str:
    """What Mem0 is given for a turn: the text soulmem indexes for it (date, speaker, words,
    image caption)."""
    shared = f" (shared {turn.caption})" if turn.caption else ""
    return f"[{format_date(turn.at)}] {turn.speaker}: {turn.text}{shared}"


class _InProcessEmbedder:
    """Mem0's embedder interface (``embed(text, memory_action)``) over a soulmem embedder."""

    def __init__(self, embedder: Embedder) -> None:
        self.embedder = embedder

    def embed(self, text: str, memory_action: str | None = None) -> list[float]:
        if memory_action == "search":
            return [float(x) for x in self.embedder.embed_query(text)]
        return [float(x) for x in self.embedder.embed_documents([text])[0]]

    def embed_batch(self, texts: list[str], memory_action: str = "add") -> list[list[float]]:
        return [self.embed(t, memory_action) for t in texts]


def _mem0_config(tmp: Path, base_url: str, dim: int) -> dict[str, Any]:
    return {
        "vector_store": {
            "provider": "qdrant",
            "config": {
                "collection_name": "locomo",
                "path": str(tmp / "qdrant"),
                "on_disk": True,
                "embedding_model_dims": dim,
            },
        },
        "embedder": {
            "provider": "openai",
            "config": {
                "model": "soulmem-local",
                "api_key": "local",
                "openai_base_url": base_url,
                "embedding_dims": dim,
            },
        },
        # never called with infer=False; Mem0 builds an LLM client from its config anyway
        "llm": {
            "provider": "openai",
            "config": {"model": "unused", "api_key": "unused", "openai_base_url": base_url},
        },
        "history_db_path": str(tmp / "history.db"),
    }


def run_vs_mem0(
    data_path: str | Path,
    embedder: Embedder,
    *,
    conversations: Sequence[str] | int | None = None,
    questions: int | None = None,
    categories: Sequence[int] = (1, 2, 3, 4),
    mem0_embed: Literal["inprocess", "http"] = "inprocess",
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Ingest the selected LoCoMo conversations into soulmem and Mem0, ask every question
    (at most ``questions`` per conversation) of both; returns a JSON-ready report."""
    from soulmem.engine import Memory

    if mem0_embed not in ("inprocess", "http"):
        raise InvalidInput(f"mem0_embed must be 'inprocess' or 'http', got {mem0_embed!r}")
    require_mem0()
    say = progress or (lambda _msg: None)
    convs = select_conversations(load_conversations(data_path), conversations)
    wanted = set(categories)
    with tempfile.TemporaryDirectory(prefix="soulmem-vs-mem0-") as tmp_name:
        tmp = Path(tmp_name)
        mem0_class = import_mem0(tmp / "mem0home")
        with EmbeddingServer(embedder) as server:
            mem0 = mem0_class.from_config(_mem0_config(tmp, server.base_url, embedder.dim))
            if mem0_embed == "inprocess":
                mem0.embedding_model = _InProcessEmbedder(embedder)
            soul = Memory.open(tmp / "soulmem.db", embedder=embedder)
            try:
                report = _compare(soul, mem0, server, convs, wanted, questions, say)
            finally:
                soul.close()
                close = getattr(getattr(mem0.vector_store, "client", None), "close", None)
                if callable(close):
                    close()
            report["server_requests"] = server.requests
    report |= {
        "dataset": Path(data_path).stem,
        "embedder": embedder.name,
        "embedder_engine": getattr(embedder, "engine_in_use", None),
        "mem0_embed": mem0_embed,
        "k": K,
        "asked": ASK,
    }
    return report


class _Tally:
    """Per-system totals: ingest seconds, search seconds per question, R@10 per question."""

    def __init__(self) -> None:
        self.ingest = {"soulmem": 0.0, "mem0": 0.0}
        self.search: dict[str, list[float]] = {"soulmem": [], "mem0": []}
        self.recall: dict[str, list[float]] = {"soulmem": [], "mem0": []}


class _Pair:
    """One conversation held by both systems."""

    def __init__(self, soul: Any, mem0: Any, conv: Conversation, tally: _Tally) -> None:
        self.scope = soul.scope(user_id="locomo", agent_id=conv.sample_id)
        self.mem0 = mem0
        self.user_id = conv.sample_id
        self.tally = tally
        self.event_to_dia: dict[str, str] = {}

    def add_soulmem(self, turn: Turn) -> None:
        images = [turn.caption] if turn.caption else None
        t0 = time.perf_counter()
        result = self.scope.observe(
            turn.text,
            user_name=turn.speaker,
            at=turn.at,
            session_id=f"session_{turn.session}",
            images=images,
        )
        self.tally.ingest["soulmem"] += time.perf_counter() - t0
        self.event_to_dia[str(result.event.id)] = turn.dia_id

    def add_mem0(self, turn: Turn) -> None:
        message = {"role": "user", "content": turn_text(turn)}
        t0 = time.perf_counter()
        self.mem0.add(
            [message], user_id=self.user_id, metadata={"dia_id": turn.dia_id}, infer=False
        )
        self.tally.ingest["mem0"] += time.perf_counter() - t0

    def ask_soulmem(self, question: str, gold: list[str]) -> None:
        t0 = time.perf_counter()
        ctx = self.scope.recall(question, budget_tokens=100_000, max_items=ASK, rehearse=False)
        self.tally.search["soulmem"].append(time.perf_counter() - t0)
        memories = [i for i in ctx.items if i.kind != "fact"]
        ranked = ranked_turns(memories, self.event_to_dia, limit=K)
        self.tally.recall["soulmem"].append(recall_at_k(ranked, gold, K))

    def ask_mem0(self, question: str, gold: list[str]) -> None:
        t0 = time.perf_counter()
        found = self.mem0.search(question, top_k=ASK, filters={"user_id": self.user_id})
        self.tally.search["mem0"].append(time.perf_counter() - t0)
        ids = ((hit.get("metadata") or {}).get("dia_id") for hit in found.get("results", []))
        ranked = list(dict.fromkeys(str(d) for d in ids if d))
        self.tally.recall["mem0"].append(recall_at_k(ranked, gold, K))


def _compare(
    soul: Any,
    mem0: Any,
    server: EmbeddingServer,
    convs: Sequence[Conversation],
    wanted: set[int],
    questions: int | None,
    say: Callable[[str], None],
) -> dict[str, Any]:
    tally = _Tally()
    n_turns = 0
    for number, conv in enumerate(convs, start=1):
        pair = _Pair(soul, mem0, conv, tally)
        server.mode = "passage"
        for i, turn in enumerate(conv.turns):  # alternate who goes first
            first, second = (pair.add_soulmem, pair.add_mem0)[:: 1 if i % 2 == 0 else -1]
            first(turn)
            second(turn)
        n_turns += len(conv.turns)
        server.mode = "query"
        asked = 0
        for qa in conv.qas:
            if qa.category not in wanted or (questions is not None and asked >= questions):
                continue
            gold, _ = clean_evidence(qa.evidence, conv.dia_ids)
            if not gold:
                continue
            ask = (pair.ask_soulmem, pair.ask_mem0)[:: 1 if asked % 2 == 0 else -1]
            ask[0](qa.question, gold)
            ask[1](qa.question, gold)
            asked += 1
        say(f"conversation {number}/{len(convs)}: {len(conv.turns)} turns, {asked} questions")
    out: dict[str, Any] = {}
    for name in ("soulmem", "mem0"):
        lat = summarize_ms(tally.search[name])
        out[name] = {
            "ingest_s": round(tally.ingest[name], 2),
            "search_ms": {"p50": lat["p50"], "p95": lat["p95"]},
            f"R@{K}": mean_percent(tally.recall[name]),
        }
    soul_p95, mem0_p95 = out["soulmem"]["search_ms"]["p95"], out["mem0"]["search_ms"]["p95"]
    out["search_p95_ratio"] = (
        round(mem0_p95 / soul_p95, 2) if soul_p95 and mem0_p95 is not None else None
    )
    n_questions = len(tally.search["mem0"])
    out |= {"n_conversations": len(convs), "n_turns": n_turns, "n_questions": n_questions}
    return out
