"""SYNK scenarios: does the context for a probe question hold the planted fact?

For each scenario (format: ../shared/datasets/synk/README.md) turns are observed in order into
a fresh scope; before turn ``t`` is observed, every probe with ``at == t`` is answered with
``recall(question, budget_tokens=800)``. A probe is a hit when one of its ``answer_any``
strings is in the context text (case-insensitive). It is stale when a line of the context
holds a ``stale_any`` string, none of the ``answer_any`` strings, and not the past-marker
(superseded values are shown only on lines marked ``(past)``).
``identity_accuracy``: the share of the scenario's identity facts for which, after the last
turn, the scope holds a current identity fact whose value contains an ``answer_any`` string.

``questions`` asks the probes in other words, for example in another language than the chat
(``tests/data/synk_english_questions.json``: English questions to the Korean and Japanese
chats): scenario id -> one question per probe, in the probes' order; the answers stay the
probes' own.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from soulmem.bench.stats import percentile
from soulmem.clock import ManualClock
from soulmem.errors import InvalidInput
from soulmem.model import FactCategory
from soulmem.recall.assemble import PAST_MARKER
from soulmem.recall.tokenize import count_tokens

__all__ = ["is_stale_line", "run_synk", "score_context"]

BUDGET = 800
START = datetime(2025, 1, 1, 9, 0, tzinfo=UTC)


def _has(text: str, needles: Sequence[str]) -> bool:
    low = text.casefold()
    return any(n.casefold() in low for n in needles)


def is_stale_line(line: str, answers: Sequence[str], stale: Sequence[str]) -> bool:
    body = line.lstrip("- ").lstrip()
    if body.startswith(PAST_MARKER):
        return False
    return _has(line, stale) and not _has(line, answers)


def score_context(text: str, answers: Sequence[str], stale: Sequence[str]) -> tuple[bool, bool]:
    """(hit, stale) for one probe's context."""
    hit = _has(text, answers)
    stale_hit = bool(stale) and any(
        is_stale_line(line, answers, stale) for line in text.splitlines()
    )
    return hit, stale_hit


def _scenario(
    path: Path,
    factory: Callable[[ManualClock], Any],
    details: bool,
    questions: Mapping[str, Sequence[str]],
) -> dict[str, Any]:
    data = json.loads(path.read_text(encoding="utf-8"))
    probes = [dict(probe) for probe in data["probes"]]
    asked = questions.get(data["id"])
    if asked is not None:
        if len(asked) != len(probes) or not all(isinstance(q, str) and q for q in asked):
            raise InvalidInput(
                f"{data['id']}: {len(probes)} questions expected (one per probe, in order), "
                f"got {len(asked)}"
            )
        for probe, question in zip(probes, asked, strict=True):
            probe["question"] = question
    clock = ManualClock(START)
    mem = factory(clock)
    probes_by_turn: dict[int, list[dict[str, Any]]] = {}
    for probe in probes:
        probes_by_turn.setdefault(int(probe["at"]), []).append(probe)
    hits = stale = 0
    tokens: list[float] = []
    misses: list[dict[str, Any]] = []
    recall_s: list[float] = []
    try:
        scope = mem.scope(user_id=data.get("user_name_hint") or "user", agent_id=data["id"])
        assistant = data.get("character", {}).get("name")
        for turn in data["turns"]:
            for probe in probes_by_turn.get(int(turn["t"]), []):
                started = time.perf_counter()
                ctx = scope.recall(probe["question"], budget_tokens=BUDGET, rehearse=False)
                recall_s.append(time.perf_counter() - started)
                tokens.append(count_tokens(ctx.text))
                hit, was_stale = score_context(
                    ctx.text, probe["answer_any"], probe.get("stale_any", [])
                )
                hits += hit and not was_stale
                stale += was_stale
                if details and (not hit or was_stale):
                    misses.append(
                        {
                            "at": probe["at"],
                            "question": probe["question"],
                            "fact": probe["fact"],
                            "stale": was_stale,
                            "context": ctx.text,
                        }
                    )
            scope.observe(
                user=turn["user"],
                assistant=turn["assistant"],
                assistant_name=assistant,
                session_id=data["id"],
            )
            clock.advance(minutes=3)
        current = [f for f in scope.facts() if f.category == FactCategory.IDENTITY]
        identity = [f for f in data["facts"] if f["category"] == "identity"]
        right = sum(any(_has(f.value, fact["answer_any"]) for f in current) for fact in identity)
    finally:
        mem.close()
    result: dict[str, Any] = {
        "id": data["id"],
        "language": data.get("language"),
        "probes": len(data["probes"]),
        "hits": hits,
        "stale": stale,
        "identity_accuracy": round(right / len(identity), 3) if identity else None,
        "context_tokens_p95": round(percentile(tokens, 95), 1) if tokens else 0,
        "recall_ms_p95": round(percentile(recall_s, 95) * 1000, 2) if recall_s else 0,
    }
    if details:
        result["misses"] = misses
        result["identity_facts"] = [f"{f.subject}: {f.value}" for f in current]
    return result


def run_synk(
    paths: Sequence[str | Path],
    *,
    memory_factory: Callable[[ManualClock], Any],
    details: bool = False,
    questions: Mapping[str, Sequence[str]] | None = None,
) -> dict[str, Any]:
    """Score every scenario file; ``memory_factory(clock)`` opens a fresh soulmem.Memory.
    ``questions``: scenario id -> the probes asked in these words instead (one per probe)."""
    started = time.perf_counter()
    scenarios = [_scenario(Path(p), memory_factory, details, questions or {}) for p in paths]
    return {
        "scenarios": scenarios,
        "total": {
            "probes": sum(s["probes"] for s in scenarios),
            "hits": sum(s["hits"] for s in scenarios),
            "stale": sum(s["stale"] for s in scenarios),
        },
        "budget_tokens": BUDGET,
        "elapsed_s": round(time.perf_counter() - started, 2),
    }
