"""The rule-based executor ``soulmem worker`` runs: it leases jobs like any brain, answers
them with soulmem's own rules (no LLM) and submits through the same validate-and-apply path.

``maintain`` (a scope's due maintenance) is internal only. The brain kinds ``extract``,
``summarize``, ``distill``, ``reflect`` and ``imagine`` have rule-based answers too, so a
deployment without any LLM brain can still drain them (``soulmem worker --jobs
maintain,summarize``); ``dialogue`` needs a brain.
"""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from soulmem.errors import SoulmemError
from soulmem.imagine.director import reflect
from soulmem.imagine.imagination import ImagineContext, imagine
from soulmem.jobs.queue import JobQueue, Outcome
from soulmem.lifecycle.distill import distill
from soulmem.lifecycle.maintain import maintain_scope
from soulmem.lifecycle.summaries import summarize_events
from soulmem.model import Job
from soulmem.perceive.facts import FactContext
from soulmem.perceive.facts.extract import extract_facts

if TYPE_CHECKING:
    from soulmem.engine import Memory as Engine

__all__ = ["RULES", "InternalWorker", "RoundReport", "default_worker_name", "rule_answer"]

log = logging.getLogger(__name__)

Rule = Callable[["Engine", Job], dict[str, Any]]


def default_worker_name(prefix: str = "worker") -> str:
    return f"{prefix}:{socket.gethostname()}:{os.getpid()}"


def _extract(engine: Engine, job: Job) -> dict[str, Any]:
    payload = job.payload
    known = {k: tuple(v) for k, v in (payload.get("known") or {}).items()}
    found = extract_facts(
        str(payload["text"]), FactContext(current=known), language=payload.get("language")
    )
    return {
        "facts": [
            {
                "subject": c.subject,
                "value": c.value,
                "about": c.about,
                "negated": c.negated,
                "mode": c.mode,
            }
            for c in found
            # a value already known, as stored, is a re-mention: observe confirmed it already
            if not (c.mode == "set" and not c.negated and c.value in known.get(c.subject, ()))
        ]
    }


def _summarize(engine: Engine, job: Job) -> dict[str, Any]:
    events = engine.store.get_events([str(i) for i in job.payload["event_ids"]])
    return {"text": summarize_events(sorted(events, key=lambda e: e.at))}


def _distill(engine: Engine, job: Job) -> dict[str, Any]:
    texts = [str(t) for t in job.payload["texts"]]
    return {"text": distill(texts, job.payload.get("language"), max_chars=160)}


def _reflect(engine: Engine, job: Job) -> dict[str, Any]:
    events = engine.store.get_events([str(i) for i in job.payload["event_ids"]])
    note, deltas = reflect(sorted(events, key=lambda e: e.at))
    return {"note": note or "(nothing stood out)", "deltas": deltas}


def _imagine(engine: Engine, job: Job) -> dict[str, Any]:
    if job.scope is None:
        raise SoulmemError("an imagine job needs a scope")
    context = job.payload.get("context") or {}
    ctx = ImagineContext(now=engine.clock.now(), **context)
    memories = engine.store.list_memories(job.scope, limit=60)
    facts = [(str(s), str(v)) for s, v in job.payload.get("facts", [])]
    idea = imagine(
        memories,
        facts,
        ctx,
        weights=engine.store.pattern_weights(job.scope),
        forbidden=[str(f) for f in job.payload.get("forbidden", [])],
    )
    if idea is None:
        raise SoulmemError("nothing fits this moment")
    return {"pattern": idea.pattern, "scenario": idea.scenario, "action": idea.action}


def _maintain(engine: Engine, job: Job) -> dict[str, Any]:
    if job.scope is None:
        raise SoulmemError("a maintain job needs a scope")
    return {"report": maintain_scope(engine, job.scope).to_dict()}


RULES: dict[str, Rule] = {
    "extract": _extract,
    "summarize": _summarize,
    "distill": _distill,
    "reflect": _reflect,
    "imagine": _imagine,
    "maintain": _maintain,
}


def rule_answer(engine: Engine, job: Job) -> dict[str, Any]:
    """The rules' answer to ``job`` (in its kind's schema)."""
    rule = RULES.get(job.kind)
    if rule is None:
        raise SoulmemError(f"no rule-based answer for {job.kind!r} jobs")
    return rule(engine, job)


@dataclass(slots=True)
class RoundReport:
    leased: int = 0
    outcomes: dict[str, int] = field(default_factory=dict)

    def add(self, outcome: Outcome) -> None:
        self.outcomes[outcome.status] = self.outcomes.get(outcome.status, 0) + 1


class InternalWorker:
    """Leases ``kinds`` and answers with the rules until nothing is due (one round)."""

    def __init__(
        self,
        engine: Engine,
        *,
        kinds: Sequence[str] = ("maintain",),
        name: str | None = None,
        queue: JobQueue | None = None,
        lease_seconds: float = 300.0,
    ) -> None:
        unknown = set(kinds) - set(RULES)
        if unknown:
            raise SoulmemError(f"no rule-based executor for: {', '.join(sorted(unknown))}")
        self.engine = engine
        self.kinds = tuple(kinds)
        self.name = name or default_worker_name()
        self.queue = queue or JobQueue(engine)
        self.lease_seconds = lease_seconds

    def run_job(self, job: Job) -> Outcome:
        try:
            answer = rule_answer(self.engine, job)
        except (SoulmemError, ValueError, TypeError, KeyError) as exc:
            log.info("rule-based %s job %s failed: %s", job.kind, job.id, exc)
            return self.queue.fail(job.id, self.name, str(exc), attempt=job.attempts)
        return self.queue.submit(job.id, self.name, answer, attempt=job.attempts)

    def run_round(self, max_jobs: int = 1000, tenant: str | None = None) -> RoundReport:
        report = RoundReport()
        while report.leased < max_jobs:
            jobs = self.queue.lease(
                self.kinds, self.name, lease_seconds=self.lease_seconds, tenant=tenant
            )
            if not jobs:
                break
            for job in jobs:
                report.leased += 1
                report.add(self.run_job(job))
        return report
