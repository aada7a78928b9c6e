"""LoCoMo turn-retrieval benchmark: does ``recall`` surface the turns that answer a question?

Each LoCoMo conversation is observed turn by turn into a fresh scope; then every QA of the
selected categories is asked through ``recall`` and the ranked items are mapped back to the
dialog turns they came from. Reported: R@5/R@10/R@20 (mean fraction of a QA's evidence turns
in the top k) and All@10 (share of QAs with all evidence in the top 10), overall and per
category, plus observe/recall latency. The dataset (CC BY-NC 4.0) is never bundled: the path
is always passed in. See ``shared/datasets/locomo/README.md`` for the format and its defects.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Protocol

from soulmem.bench.stats import mean_percent, summarize_ms

__all__ = [
    "QA",
    "Conversation",
    "EvidenceStats",
    "Turn",
    "all_at_k",
    "clean_evidence",
    "load_conversations",
    "observe_conversation",
    "parse_session_datetime",
    "ranked_turns",
    "recall_at_k",
    "run_locomo",
    "select_conversations",
]

TURN_SPACING = timedelta(seconds=5)
"""Offset added per turn index inside a session, so turn order survives in timestamps."""

KS = (5, 10, 20)
_MONTH_NAMES = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_MONTHS = {m: i for i, m in enumerate(_MONTH_NAMES, 1)}
_DATE_RE = re.compile(
    r"\s*(\d{1,2}):(\d{2})\s*([ap])\.?m\.?\s+on\s+(\d{1,2})\s+([a-z]+)\.?,?\s+(\d{4})\s*",
    re.IGNORECASE | re.ASCII,
)
_SESSION_RE = re.compile(r"session_(\d+)", re.ASCII)
_ID_RE = re.compile(r"D:?(\d+):(\d+)", re.ASCII)
_ID_SPLIT_RE = re.compile(r"[;,\s]+")


@dataclass(frozen=True, slots=True)
class Turn:
    dia_id: str
    speaker: str
    text: str
    session: int
    at: datetime
    caption: str | None = None


@dataclass(frozen=True, slots=True)
class QA:
    question: str
    category: int
    evidence: tuple[Any, ...]
    answer: str | None = None


@dataclass(frozen=True, slots=True)
class Conversation:
    sample_id: str
    speakers: tuple[str, str]
    turns: tuple[Turn, ...]
    qas: tuple[QA, ...]

    @property
    def dia_ids(self) -> set[str]:
        return {t.dia_id for t in self.turns}


@dataclass(slots=True)
class EvidenceStats:
    """Counts of the evidence-id repairs made by :func:`clean_evidence`."""

    strings: int = 0  # raw evidence entries seen
    split: int = 0  # entries holding several ids ("D8:6; D9:17")
    fixed_format: int = 0  # "D:11:26" -> "D11:26"
    leading_zero: int = 0  # "D30:05" -> "D30:5"
    unparseable: int = 0  # dropped: not a dia id at all ("D", non-strings)
    dangling: int = 0  # dropped: well-formed but no such turn
    duplicates: int = 0  # dropped: repeated within one QA

    def add(self, other: EvidenceStats) -> None:
        for f in fields(self):
            setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))

    def as_dict(self) -> dict[str, int]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


def parse_session_datetime(text: str) -> datetime:
    """Parse LoCoMo's ``"1:56 pm on 8 May, 2023"`` into an aware UTC datetime."""
    m = _DATE_RE.fullmatch(text)
    month = _MONTHS.get(m.group(5)[:3].lower()) if m else None
    if m is None or month is None:
        raise ValueError(f"unrecognised LoCoMo session date: {text!r}")
    hour, minute = int(m.group(1)), int(m.group(2))
    if not 1 <= hour <= 12:
        raise ValueError(f"unrecognised LoCoMo session date: {text!r}")
    hour = hour % 12 + (12 if m.group(3).lower() == "p" else 0)
    return datetime(int(m.group(6)), month, int(m.group(4)), hour, minute, tzinfo=UTC)


def load_conversations(path: str | Path) -> list[Conversation]:
    """Load a LoCoMo JSON file (a list of samples) into :class:`Conversation` records.

    Sessions are the ``session_N`` lists that exist (not the date keys), in N order; each turn
    gets its session's datetime plus ``TURN_SPACING`` times its index.
    """
    raw = json.loads(Path(path).read_text(encoding="utf-8"))
    return [_parse_sample(sample) for sample in raw]


def _parse_sample(sample: Mapping[str, Any]) -> Conversation:
    conv = sample["conversation"]
    sessions = sorted(
        int(m.group(1))
        for key, value in conv.items()
        if (m := _SESSION_RE.fullmatch(key)) and isinstance(value, list)
    )
    turns: list[Turn] = []
    for n in sessions:
        start = parse_session_datetime(conv[f"session_{n}_date_time"])
        for i, t in enumerate(conv[f"session_{n}"]):
            caption = t.get("blip_caption") or None
            turns.append(
                Turn(
                    dia_id=str(t["dia_id"]),
                    speaker=str(t["speaker"]),
                    text=str(t["text"]),
                    session=n,
                    at=start + i * TURN_SPACING,
                    caption=str(caption) if caption is not None else None,
                )
            )
    qas = tuple(
        QA(
            question=str(q["question"]),
            category=int(q["category"]),
            evidence=tuple(q.get("evidence") or ()),
            answer=str(q["answer"]) if q.get("answer") is not None else None,
        )
        for q in sample.get("qa", ())
    )
    speakers = (str(conv.get("speaker_a", "")), str(conv.get("speaker_b", "")))
    return Conversation(str(sample["sample_id"]), speakers, tuple(turns), qas)


def clean_evidence(raw: Iterable[Any], valid_ids: set[str]) -> tuple[list[str], EvidenceStats]:
    """Repair a QA's evidence list as described in the dataset README; never raises.

    Splits multi-id strings on ``;``, ``,`` and whitespace, maps ``D:11:26`` to ``D11:26``,
    strips leading zeros, drops unparseable and dangling ids and duplicates (counting each).
    """
    stats = EvidenceStats()
    out: list[str] = []
    for entry in raw:
        stats.strings += 1
        if not isinstance(entry, str):
            stats.unparseable += 1
            continue
        parts = [p for p in _ID_SPLIT_RE.split(entry.strip("()[] \t\n")) if p]
        if len(parts) > 1:
            stats.split += 1
        if not parts:
            stats.unparseable += 1
        for part in parts:
            candidate = part.strip("()[]")
            m = _ID_RE.fullmatch(candidate)
            if m is None:
                stats.unparseable += 1
                continue
            session, turn = (g.lstrip("0") or "0" for g in m.groups())
            if candidate.startswith("D:"):
                stats.fixed_format += 1
            if session != m.group(1) or turn != m.group(2):
                stats.leading_zero += 1
            dia_id = f"D{session}:{turn}"
            if dia_id not in valid_ids:
                stats.dangling += 1
            elif dia_id in out:
                stats.duplicates += 1
            else:
                out.append(dia_id)
    return out, stats


def recall_at_k(ranked: Sequence[str], evidence: Sequence[str], k: int) -> float:
    """Fraction of ``evidence`` found in the first ``k`` of ``ranked`` (0.0 if no evidence)."""
    gold = set(evidence)
    if not gold:
        return 0.0
    return len(gold.intersection(ranked[:k])) / len(gold)


def all_at_k(ranked: Sequence[str], evidence: Sequence[str], k: int) -> float:
    """1.0 if every evidence id is in the first ``k`` of ``ranked``, else 0.0 (0.0 if empty)."""
    gold = set(evidence)
    return 1.0 if gold and gold.issubset(ranked[:k]) else 0.0


class _Item(Protocol):
    @property
    def source_event_ids(self) -> Sequence[str]: ...


def ranked_turns(
    items: Iterable[_Item], event_to_dia: Mapping[str, str], limit: int | None = None
) -> list[str]:
    """Map ranked recall items to distinct LoCoMo turns in first-seen order.

    An item whose sources span several turns covers them all, in source order; sources that
    are not turns are ignored. Stops once ``limit`` distinct turns are covered.
    """
    seen: dict[str, None] = {}
    for item in items:
        for event_id in item.source_event_ids:
            dia = event_to_dia.get(event_id)
            if dia is not None and dia not in seen:
                seen[dia] = None
                if limit is not None and len(seen) >= limit:
                    return list(seen)
    return list(seen)


def select_conversations(
    convs: list[Conversation], which: Sequence[str] | int | None
) -> list[Conversation]:
    if which is None:
        return convs
    if isinstance(which, int):
        return convs[:which]
    wanted = list(which)
    by_id = {c.sample_id: c for c in convs}
    missing = [w for w in wanted if w not in by_id]
    if missing:
        raise ValueError(f"unknown LoCoMo sample_id(s): {missing}")
    return [by_id[w] for w in wanted]


def _metrics(rows: Sequence[Mapping[str, float]]) -> dict[str, float | None]:
    keys = [f"R@{k}" for k in KS] + ["All@10"]
    return {key: mean_percent([r[key] for r in rows]) for key in keys}


def observe_conversation(
    scope: Any, conv: Conversation, took: list[float] | None = None
) -> dict[str, str]:
    """Observe ``conv``'s turns in order into ``scope`` (a ``soulmem`` scope handle), each
    with its speaker, date, session and image caption; returns event id -> dialog id.
    ``took`` collects each observe's seconds."""
    event_to_dia: dict[str, str] = {}
    for turn in conv.turns:
        kwargs: dict[str, Any] = {"user": turn.text, "user_name": turn.speaker}
        kwargs |= {"at": turn.at, "session_id": f"session_{turn.session}"}
        if turn.caption:
            kwargs["images"] = [turn.caption]
        t0 = time.perf_counter()
        result = scope.observe(**kwargs)
        if took is not None:
            took.append(time.perf_counter() - t0)
        event = getattr(result, "event", None)
        if event is not None:
            event_to_dia[str(event.id)] = turn.dia_id
    return event_to_dia


def run_locomo(
    data_path: str | Path,
    *,
    db_path: str | Path = ":memory:",
    categories: Sequence[int] = (1, 2, 3, 4),
    conversations: Sequence[str] | int | None = None,
    max_items: int = 60,
    progress: Callable[[int, int], None] | None = None,
    memory_factory: Callable[[], Any] | None = None,
    rehearse: bool = False,
    context_budgets: Sequence[int] = (500, 1000, 2000),
) -> dict[str, Any]:
    """Run the LoCoMo retrieval benchmark and return a JSON-ready report.

    ``conversations`` is a list of sample ids or a maximum count; ``memory_factory`` returns
    an opened ``soulmem.Memory`` (default ``soulmem.Memory.open(db_path)``), one per
    conversation, closed afterwards. ``progress(done, total)`` is called per conversation.
    ``rehearse=False`` keeps questions independent (recall does not touch what it returns).
    """
    started = time.perf_counter()

    def default_factory() -> Any:
        import soulmem

        return soulmem.Memory.open(db_path)

    factory = memory_factory or default_factory
    convs = select_conversations(load_conversations(data_path), conversations)
    wanted = tuple(dict.fromkeys(int(c) for c in categories))
    evidence = EvidenceStats()
    excluded = 0
    rows: dict[int, list[dict[str, float]]] = {c: [] for c in wanted}
    context_rows: dict[int, list[float]] = {b: [] for b in context_budgets}
    observe_s: list[float] = []
    recall_s: list[float] = []
    n_turns = 0

    for done, conv in enumerate(convs, start=1):
        mem = factory()
        try:
            scope = mem.scope(user_id="locomo", agent_id=conv.sample_id)
            event_to_dia = observe_conversation(scope, conv, observe_s)
            n_turns += len(conv.turns)

            valid = conv.dia_ids
            texts = {t.dia_id: t.text for t in conv.turns}
            for qa in conv.qas:
                if qa.category not in rows:
                    continue
                gold, stats = clean_evidence(qa.evidence, valid)
                evidence.add(stats)
                if not gold:
                    excluded += 1
                    continue
                t0 = time.perf_counter()
                ctx = scope.recall(
                    qa.question, budget_tokens=100_000, max_items=max_items, rehearse=rehearse
                )
                recall_s.append(time.perf_counter() - t0)
                # Facts are a block shown first in every context, not a ranked retrieval: turn
                # recall is measured on the ranked memories.
                memories = [i for i in ctx.items if getattr(i, "kind", "memory") != "fact"]
                ranked = ranked_turns(memories, event_to_dia, limit=max(KS))
                row = {f"R@{k}": recall_at_k(ranked, gold, k) for k in KS}
                row["All@10"] = all_at_k(ranked, gold, 10)
                rows[qa.category].append(row)
                for budget in context_budgets:
                    packed = scope.recall(
                        qa.question, budget_tokens=budget, max_items=max_items, rehearse=False
                    ).text
                    context_rows[budget].append(
                        sum(_shown(texts[d], packed) for d in gold) / len(gold)
                    )
        finally:
            mem.close()
        if progress is not None:
            progress(done, len(convs))

    all_rows = [r for cat_rows in rows.values() for r in cat_rows]
    recall_lat, observe_lat = summarize_ms(recall_s), summarize_ms(observe_s)
    return {
        "dataset": Path(data_path).stem,
        "n_conversations": len(convs),
        "n_turns": n_turns,
        "n_qas": len(all_rows),
        "categories": list(wanted),
        "max_items": max_items,
        "rehearse": rehearse,
        "overall": _metrics(all_rows),
        # share of evidence turns whose text lands in the packed context at each budget
        "context_recall": {str(b): mean_percent(v) for b, v in context_rows.items()},
        "by_category": {
            str(c): {**_metrics(cat_rows), "n": len(cat_rows)} for c, cat_rows in rows.items()
        },
        "latency_ms": {
            "p50": recall_lat["p50"],
            "p95": recall_lat["p95"],
            "recall": recall_lat,
            "observe": observe_lat,
        },
        "observe_ms": {"p50": observe_lat["p50"], "p95": observe_lat["p95"]},
        "evidence": {**evidence.as_dict(), "qas_excluded": excluded},
        "elapsed_s": round(time.perf_counter() - started, 2),
    }


def _shown(text: str, packed: str) -> bool:
    """Whether a turn's whole text is in the packed context: said text is shown as a quoted
    string there (escaped quotes and backslashes), its whitespace folded."""
    folded = " ".join(text.split())
    return folded in packed or json.dumps(folded, ensure_ascii=False)[1:-1] in packed
