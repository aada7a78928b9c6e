"""Per-call embedding cost on real chat text, embedders side by side (`soulmem bench embedders`).

Each embedder embeds the same LoCoMo questions one at a time (``query_ms``), the same turns
one at a time (``turn_ms``) and in batches of ``batch`` (``batch_turns_per_s``), in
alternating rounds so machine noise hits all of them. Embedders of the same model (``e5``
and ``e5-bundled``: one model, two engines) are also compared vector by vector: the lowest
cosine between their vectors for the same text (``agreement``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import numpy as np

from soulmem.bench.locomo import load_conversations
from soulmem.bench.stats import summarize_ms
from soulmem.embed.base import Embedder
from soulmem.errors import InvalidInput

__all__ = ["run_embedders"]

T = TypeVar("T")


def _texts(path: str | Path, questions: int, turns: int) -> tuple[list[str], list[str]]:
    convs = load_conversations(path)
    asked = [qa.question for conv in convs for qa in conv.qas][:questions]
    said = [turn.text for conv in convs for turn in conv.turns][:turns]
    return asked, said


def _timed(call: Callable[[T], object], items: Sequence[T]) -> list[float]:
    """Seconds of ``call(item)`` for each item, in order."""
    out = []
    for item in items:
        started = time.perf_counter()
        call(item)
        out.append(time.perf_counter() - started)
    return out


def run_embedders(
    data: str | Path,
    embedders: dict[str, Embedder],
    *,
    questions: int = 200,
    turns: int = 200,
    batch: int = 32,
    rounds: int = 2,
) -> dict[str, Any]:
    """Per-call timings of each embedder in ``embedders`` (name -> embedder) on the first
    ``questions`` questions and ``turns`` turns of the LoCoMo file ``data``."""
    if not embedders:
        raise InvalidInput("name at least one embedder")
    if min(questions, turns, batch, rounds) < 1:
        raise InvalidInput("questions, turns, batch and rounds must be positive")
    asked, said = _texts(data, questions, turns)
    if not asked or not said:
        raise InvalidInput(f"{data} holds no questions or turns")
    for embedder in embedders.values():  # loads each model before anything is timed
        embedder.embed_query(asked[0])
        embedder.embed_documents(said[:1])
    query_s: dict[str, list[float]] = {name: [] for name in embedders}
    turn_s: dict[str, list[float]] = {name: [] for name in embedders}
    batch_s: dict[str, float] = dict.fromkeys(embedders, 0.0)
    for _ in range(rounds):
        for name, e in embedders.items():
            query_s[name] += _timed(e.embed_query, asked)
            turn_s[name] += _timed(e.embed_documents, [[t] for t in said])
            chunks = [said[i : i + batch] for i in range(0, len(said), batch)]
            batch_s[name] += sum(_timed(e.embed_documents, chunks))
    result: dict[str, Any] = {
        name: {
            "model": e.name,
            "engine": getattr(e, "engine_in_use", None),
            "query_ms": summarize_ms(query_s[name]),
            "turn_ms": summarize_ms(turn_s[name]),
            "batch_turns_per_s": round(rounds * len(said) / batch_s[name], 1),
        }
        for name, e in embedders.items()
    }
    result["agreement"] = _agreement(embedders, asked, said)
    result["texts"] = {"questions": len(asked), "turns": len(said), "batch": batch}
    result["rounds"] = rounds
    return result


def _agreement(
    embedders: dict[str, Embedder], asked: list[str], said: list[str]
) -> dict[str, dict[str, float]]:
    """For each pair of embedders of the same model: the lowest cosine between their
    vectors of the same question and of the same turn."""
    out: dict[str, dict[str, float]] = {}
    names = list(embedders)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            ea, eb = embedders[a], embedders[b]
            if ea.name != eb.name:
                continue
            queries = [float(ea.embed_query(q) @ eb.embed_query(q)) for q in asked]
            docs = np.sum(ea.embed_documents(said) * eb.embed_documents(said), axis=1)
            out[f"{a} vs {b}"] = {
                "min_cosine_queries": round(min(queries), 6),
                "min_cosine_turns": round(float(docs.min()), 6),
            }
    return out
