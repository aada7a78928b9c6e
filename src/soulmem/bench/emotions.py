"""Emotion tagging measured on a labelled set (one ``<lang>.jsonl`` per language, lines
``{"text", "tags"}``): macro-F1 over the 10 tags, per language, plus per-tag F1."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from soulmem.embed.base import Embedder
from soulmem.model import EMOTIONS

__all__ = ["run_emotions"]


def _f1(gold: list[set[str]], pred: list[set[str]], tag: str) -> float | None:
    tp = sum(tag in g and tag in p for g, p in zip(gold, pred, strict=True))
    fp = sum(tag not in g and tag in p for g, p in zip(gold, pred, strict=True))
    fn = sum(tag in g and tag not in p for g, p in zip(gold, pred, strict=True))
    if tp + fp + fn == 0:
        return None
    return 2 * tp / (2 * tp + fp + fn)


def run_emotions(folder: Path, embedder: Embedder | None = None) -> dict[str, Any]:
    from soulmem.perceive.analyze import analyze
    from soulmem.perceive.emotion import analyze_emotion, macro_f1

    result: dict[str, Any] = {
        "prototypes": None if embedder is None else embedder.name,
        "languages": {},
    }
    for path in sorted(folder.glob("*.jsonl")):
        lines = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x]
        gold = [set(item["tags"]) for item in lines]
        started = time.perf_counter()
        pred = [set(analyze_emotion(item["text"], embedder=embedder).emotions) for item in lines]
        elapsed = time.perf_counter() - started
        started = time.perf_counter()
        for item in lines:  # the whole rule-based analysis (emotion, facts, remember) of a turn
            analyze(item["text"])
        analyzed = time.perf_counter() - started
        per_tag = {tag: _f1(gold, pred, tag) for tag in EMOTIONS}
        result["languages"][path.stem] = {
            "n": len(lines),
            "macro_f1": round(macro_f1(gold, pred), 3),
            "per_tag_f1": {k: None if v is None else round(v, 3) for k, v in per_tag.items()},
            "ms_per_message": round(elapsed / max(1, len(lines)) * 1000, 3),
            "analyze_ms_per_message": round(analyzed / max(1, len(lines)) * 1000, 3),
        }
    return result
