"""Train and evaluate a model's query adaptor (``recall/adaptor.py``) on LoCoMo conversations.

Every conversation is observed into a fresh scope, as ``soulmem bench locomo`` does; each
question is ranked without the adaptor (every candidate scored, not only the finalists
recall scores), and every candidate turn or memory with a vector becomes a row
``x = query * vector`` with the ranker's final score and a label (it comes from an evidence
turn of the question). The weights ``w`` minimise, over the questions,

    mean over pairs (evidence e, one of the ``negatives`` best-scored other candidates n) of
        log(1 + exp(-(score_e + x_e . w - score_n - x_n . w)))      + l2 * |w|^2

by full-batch Adam from ``w = 0``: the evidence should end above the turns the ranker put
near it. Recall then adds ``adaptor_weight * x . w`` to each candidate's score.

The report measures what the weights give on conversations they were not trained on:
leave one conversation out (train on the others, rank the held-out one's questions), R@10
without and with the adaptor, overall and per category. ``out`` writes the weights trained on
all conversations, with that report inside the file.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from soulmem.bench.locomo import (
    clean_evidence,
    load_conversations,
    observe_conversation,
    recall_at_k,
    select_conversations,
)
from soulmem.bench.stats import mean_percent
from soulmem.errors import InvalidInput
from soulmem.recall.adaptor import QueryAdaptor, adaptor_path, model_of

__all__ = ["Hyper", "Question", "collect", "evaluate", "fit_weights", "run_adaptor"]

KINDS = {"turn": "event", "memory": "memory"}


@dataclass(frozen=True, slots=True)
class Hyper:
    l2: float = 1e-3
    negatives: int = 60
    steps: int = 1000
    learning_rate: float = 0.01


@dataclass(frozen=True, slots=True)
class Question:
    """One question's candidates, in the ranker's order: scores without the adaptor, rows
    ``query * vector`` (zeros for a candidate without a vector), evidence labels, and the
    dialog turns each candidate covers (for R@10)."""

    group: str  # the conversation: folds never split one
    category: int
    scores: np.ndarray  # (n,) float64
    rows: np.ndarray  # (n, dim) float64
    evidence: np.ndarray  # (n,) bool
    turns: tuple[tuple[str, ...], ...]
    gold: frozenset[str]


def _question(
    engine: Any, scope: Any, question: str, gold: frozenset[str], e2d: dict[str, str]
) -> tuple[np.ndarray, np.ndarray, np.ndarray, tuple[tuple[str, ...], ...]]:
    """``question`` ranked as recall ranks it, without the adaptor (``engine``: an opened
    ``soulmem.Memory``)."""
    working = engine.working_set(scope)
    query = engine.query_cache.get(engine.embedder, question)
    items = engine.ranker(adaptor=False, every=True).rank(scope, question, working, query)
    vectors: dict[str, np.ndarray] = {}
    for kind, owner_kind in KINDS.items():
        ids = [i.id for i in items if i.kind == kind]
        if ids:
            got = engine.store.vectors_for(scope, engine.embedder.name, owner_kind, ids)
            vectors.update(got)
    dim = int(np.asarray(query).shape[0])
    q = np.asarray(query, dtype=np.float64)
    rows = np.zeros((len(items), dim))
    for n, item in enumerate(items):
        vector = vectors.get(item.id)
        if vector is not None:
            rows[n] = q * np.asarray(vector, dtype=np.float64)
    scores = np.array([item.score for item in items], dtype=np.float64)
    turns = tuple(tuple(e2d[s] for s in item.source_event_ids if s in e2d) for item in items)
    evidence = np.array([bool(gold.intersection(t)) for t in turns], dtype=bool)
    return scores, rows, evidence, turns


def collect(
    data_path: str | Path,
    memory_factory: Callable[[], Any],
    *,
    categories: Sequence[int] = (1, 2, 3, 4),
    conversations: Sequence[str] | int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[Question]:
    """Observe each conversation into a fresh memory from ``memory_factory`` and turn its
    questions into training rows (see the module docstring)."""
    convs = select_conversations(load_conversations(data_path), conversations)
    out: list[Question] = []
    for done, conv in enumerate(convs, start=1):
        mem = memory_factory()
        try:
            handle = mem.scope(user_id="locomo", agent_id=conv.sample_id)
            e2d = observe_conversation(handle, conv)
            for qa in conv.qas:
                if qa.category not in categories:
                    continue
                gold, _ = clean_evidence(qa.evidence, conv.dia_ids)
                if not gold:
                    continue
                scores, rows, evidence, turns = _question(
                    mem, handle.scope, qa.question, frozenset(gold), e2d
                )
                out.append(
                    Question(
                        conv.sample_id, qa.category, scores, rows, evidence, turns, frozenset(gold)
                    )
                )
        finally:
            mem.close()
        if progress is not None:
            progress(done, len(convs))
    return out


def _gradient(questions: Sequence[Question], w: np.ndarray, hyper: Hyper) -> np.ndarray:
    grad = 2.0 * hyper.l2 * w
    for q in questions:
        if not q.evidence.any() or q.evidence.all():
            continue
        score = q.scores + q.rows @ w
        negatives = np.flatnonzero(~q.evidence)
        negatives = negatives[np.argsort(-score[negatives], kind="stable")[: hyper.negatives]]
        positives = np.flatnonzero(q.evidence)
        margin = score[positives][:, None] - score[negatives][None, :]
        coef = -0.5 * (1.0 - np.tanh(margin / 2.0))  # d/dm log(1 + exp(-m)), stable
        grad += (coef.sum(axis=1) @ q.rows[positives] - coef.sum(axis=0) @ q.rows[negatives]) / (
            len(questions)
        )
    return grad


def fit_weights(questions: Sequence[Question], hyper: Hyper = Hyper()) -> np.ndarray:
    """The adaptor's weights for ``questions`` (full-batch Adam from zero)."""
    if not questions:
        raise InvalidInput("no questions to train on")
    dim = questions[0].rows.shape[1]
    w = np.zeros(dim)
    m = np.zeros(dim)
    v = np.zeros(dim)
    beta1, beta2 = 0.9, 0.999
    for t in range(1, hyper.steps + 1):
        g = _gradient(questions, w, hyper)
        m = beta1 * m + (1 - beta1) * g
        v = beta2 * v + (1 - beta2) * g * g
        step = (m / (1 - beta1**t)) / (np.sqrt(v / (1 - beta2**t)) + 1e-8)
        w -= hyper.learning_rate * step
    return w


def _recall10(q: Question, w: np.ndarray | None) -> float:
    """R@10 of ``q`` ranked by the ranker's scores (plus ``x . w``): distinct turns in order."""
    score = q.scores if w is None else q.scores + q.rows @ w
    order = np.argsort(-score, kind="stable")  # ties keep the ranker's order
    seen: dict[str, None] = {}
    for i in order:
        seen.update(dict.fromkeys(q.turns[int(i)]))
        if len(seen) >= 10:
            break
    return recall_at_k(list(seen)[:10], sorted(q.gold), 10)


def _summary(by: dict[int, list[float]]) -> dict[str, Any]:
    every = [r for rows in by.values() for r in rows]
    return {
        "R@10": mean_percent(every),
        "by_category": {str(c): mean_percent(by[c]) for c in sorted(by)},
        "n": len(every),
    }


def evaluate(questions: Sequence[Question], w: np.ndarray | None) -> dict[str, Any]:
    """R@10 (percent) overall and per category, ranking with ``x . w`` added (None: the
    ranker's own order)."""
    by: dict[int, list[float]] = {}
    for q in questions:
        by.setdefault(q.category, []).append(_recall10(q, w))
    return _summary(by)


def run_adaptor(
    data_path: str | Path,
    memory_factory: Callable[[], Any],
    embedder_name: str,
    *,
    hyper: Hyper = Hyper(),
    conversations: Sequence[str] | int | None = None,
    out: str | Path | None = None,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Leave-one-conversation-out report, and with ``out`` the adaptor trained on all."""
    say = progress or (lambda _msg: None)
    started = time.perf_counter()
    questions = collect(
        data_path,
        memory_factory,
        conversations=conversations,
        progress=lambda done, total: say(f"observed and ranked {done}/{total} conversations"),
    )
    groups = list(dict.fromkeys(q.group for q in questions))
    if len(groups) < 2:
        raise InvalidInput("leave-one-conversation-out needs two conversations or more")
    plain: dict[int, list[float]] = {}
    adapted: dict[int, list[float]] = {}
    folds = []
    for group in groups:
        test = [q for q in questions if q.group == group]
        w = fit_weights([q for q in questions if q.group != group], hyper)
        for q in test:
            plain.setdefault(q.category, []).append(_recall10(q, None))
            adapted.setdefault(q.category, []).append(_recall10(q, w))
        folds.append(
            {
                "held_out": group,
                "without": evaluate(test, None)["R@10"],
                "with": evaluate(test, w)["R@10"],
            }
        )
        say(f"fold {group}: {folds[-1]}")
    without, with_adaptor = _summary(plain), _summary(adapted)
    report: dict[str, Any] = {
        "dataset": Path(data_path).stem,
        "model": model_of(embedder_name),
        "n_conversations": len(groups),
        "n_questions": len(questions),
        "hyper": {
            "l2": hyper.l2,
            "negatives": hyper.negatives,
            "steps": hyper.steps,
            "learning_rate": hyper.learning_rate,
        },
        "leave_one_conversation_out": {
            "without": without,
            "with": with_adaptor,
            "folds": folds,
        },
    }
    if out is not None:
        weights = fit_weights(questions, hyper)
        report["in_sample"] = {"without": without, "with": evaluate(questions, weights)}
        adaptor = QueryAdaptor(
            model=model_of(embedder_name),
            weights=weights.astype(np.float32),
            meta={
                "trained_by": "soulmem bench adaptor",
                "trained_on": report["dataset"],
                "n_conversations": len(groups),
                "n_questions": len(questions),
                "hyper": report["hyper"],
                "leave_one_conversation_out_R@10": {
                    "without": without["R@10"],
                    "with": with_adaptor["R@10"],
                },
            },
        )
        target = Path(out)
        if target.is_dir():
            target = target / adaptor_path(adaptor.model)
        target.write_text(adaptor.to_json(), encoding="utf-8")
        report["written"] = str(target)
    report["elapsed_s"] = round(time.perf_counter() - started, 2)
    return report
