"""The reference brain worker: leases jobs from a soulmem server, answers each with any
OpenAI-compatible LLM and submits the answer.

Loop: ``POST /v1/jobs/lease`` {kinds, worker, lease_seconds, limit} -> for each job call the
LLM with the job's ``system`` / ``prompt`` / ``schema`` (handed out with the lease) ->
``POST /v1/jobs/{id}/result`` {worker, attempt, result} (or {worker, attempt, error} when the
LLM failed, so the server retries the job later with backoff). The server validates every
answer before it touches memory; this worker trusts nothing it sends.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import httpx

from soulmem.errors import LLMError
from soulmem.jobs.internal import default_worker_name
from soulmem.jobs.kinds import BRAIN_KINDS, KINDS
from soulmem.llm.base import LLM

__all__ = ["BrainStats", "BrainWorker"]

log = logging.getLogger(__name__)


@dataclass(slots=True)
class BrainStats:
    leased: int = 0
    submitted: int = 0
    failed: int = 0
    outcomes: dict[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "leased": self.leased,
            "submitted": self.submitted,
            "failed": self.failed,
            "outcomes": dict(self.outcomes),
        }


def _api_root(url: str) -> str:
    root = url.rstrip("/")
    return root.removesuffix("/v1")


class BrainWorker:
    def __init__(
        self,
        url: str,
        api_key: str | None,
        llm: LLM,
        *,
        kinds: Sequence[str] = BRAIN_KINDS,
        worker: str | None = None,
        lease_seconds: int = 120,
        batch: int = 1,
        llm_timeout: float = 60.0,
        poll_interval: float = 2.0,
        client: httpx.Client | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        unknown = set(kinds) - set(BRAIN_KINDS)
        if unknown or not kinds:
            raise ValueError(f"kinds must be among {', '.join(BRAIN_KINDS)}")
        self.root = _api_root(url)
        self.llm = llm
        self.kinds = list(kinds)
        self.worker = worker or default_worker_name("brain")
        self.lease_seconds = lease_seconds
        self.batch = batch
        self.llm_timeout = llm_timeout
        self.poll_interval = poll_interval
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._own_client = client is None
        self.client = client or httpx.Client(headers=headers, timeout=30.0)
        if client is not None and api_key:
            self.client.headers.update(headers)
        self._sleep = sleep
        self.stats = BrainStats()

    def close(self) -> None:
        if self._own_client:
            self.client.close()

    def __enter__(self) -> BrainWorker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- one job ---------------------------------------------------------------------------

    def lease(self, limit: int | None = None) -> list[dict[str, Any]]:
        response = self.client.post(
            f"{self.root}/v1/jobs/lease",
            json={
                "kinds": self.kinds,
                "worker": self.worker,
                "lease_seconds": self.lease_seconds,
                "limit": limit or self.batch,
            },
        )
        response.raise_for_status()
        jobs: list[dict[str, Any]] = response.json()["jobs"]
        self.stats.leased += len(jobs)
        return jobs

    def answer(self, job: dict[str, Any]) -> dict[str, Any]:
        """The LLM's answer to ``job`` (prompt and schema from the lease, else this soulmem's
        own kinds)."""
        spec = KINDS[job["kind"]]
        system = job.get("system") or spec.system
        prompt = job.get("prompt") or spec.prompt(job.get("payload") or {})
        schema = job.get("schema") or spec.schema
        return self.llm.complete_json(
            system=system, user=prompt, schema=schema, timeout=self.llm_timeout
        )

    def handle(self, job: dict[str, Any]) -> dict[str, Any]:
        body: dict[str, Any] = {"worker": self.worker, "attempt": job.get("attempt")}
        try:
            body["result"] = self.answer(job)
        except LLMError as exc:
            log.info("LLM failed on %s job %s: %s", job.get("kind"), job.get("id"), exc)
            body["error"] = f"{type(exc).__name__}: {exc}"
            self.stats.failed += 1
        response = self.client.post(f"{self.root}/v1/jobs/{job['id']}/result", json=body)
        if response.status_code not in (200, 409):
            response.raise_for_status()
        outcome: dict[str, Any] = response.json()
        status = str(outcome.get("status"))
        self.stats.outcomes[status] = self.stats.outcomes.get(status, 0) + 1
        self.stats.submitted += 1
        return outcome

    # -- the loop --------------------------------------------------------------------------

    def run(self, *, max_jobs: int = 0, idle_exit: float | None = None) -> BrainStats:
        """Lease and answer until ``max_jobs`` were handled (0: no limit) or, with
        ``idle_exit``, nothing was leased for that many seconds."""
        idle_since = time.monotonic()
        handled = 0
        while not max_jobs or handled < max_jobs:
            jobs = self.lease(min(self.batch, max_jobs - handled) if max_jobs else None)
            if not jobs:
                if idle_exit is not None and time.monotonic() - idle_since >= idle_exit:
                    break
                self._sleep(self.poll_interval)
                continue
            for job in jobs:
                self.handle(job)
                handled += 1
            idle_since = time.monotonic()
        return self.stats
