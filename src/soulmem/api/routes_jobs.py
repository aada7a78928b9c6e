"""Brain jobs over HTTP (seed 004 §4): a user-owned worker leases jobs of its tenant, answers
them with its own LLM and submits the answer; soulmem validates it before it touches memory.

Owner and admin keys only (a brain is the tenant's own worker); a key sees and leases only
its tenant's jobs.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from soulmem.api.auth import Principal, external_user, internal_scope, require
from soulmem.engine import Memory
from soulmem.errors import InvalidInput, NotFound
from soulmem.jobs.kinds import BRAIN_KINDS, describe
from soulmem.jobs.queue import JobQueue
from soulmem.model import Job

__all__ = ["router"]

router = APIRouter(prefix="/v1/jobs", tags=["jobs"])

Owner = Annotated[Principal, Depends(require("owner", "admin"))]
Name = Annotated[str, Field(min_length=1, max_length=128)]


class LeaseIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    kinds: list[str] = Field(min_length=1, max_length=len(BRAIN_KINDS))
    worker: Name
    lease_seconds: int = Field(default=120, ge=1, le=3600)
    limit: int = Field(default=1, ge=1, le=50)


class ResultIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    worker: Name
    attempt: int | None = Field(default=None, ge=1)
    result: dict[str, Any] | None = None
    error: str | None = Field(default=None, max_length=2000)


class EnqueueIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    kind: str
    user_id: Name
    agent_id: Name
    world_id: str | None = Field(default=None, max_length=128)
    payload: dict[str, Any] = Field(default_factory=dict)
    dedupe_key: str | None = Field(default=None, max_length=256)
    max_attempts: int | None = Field(default=None, ge=1, le=50)


def _engine(request: Request) -> Memory:
    memory: Memory = request.app.state.memory
    return memory


def _job_out(job: Job, *, with_prompt: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": job.id,
        "kind": job.kind,
        "status": job.status,
        "attempt": job.attempts,
        "max_attempts": job.max_attempts,
        "run_after": job.run_after.isoformat(),
        "lease_until": None if job.lease_until is None else job.lease_until.isoformat(),
        "scope": None
        if job.scope is None
        else {
            "user_id": external_user(job.scope.user_id),
            "agent_id": job.scope.agent_id,
            "world_id": job.scope.world_id,
        },
        "payload": job.payload,
        "result": job.result,
        "error": job.error,
    }
    if with_prompt:
        out.update(describe(job))
    return out


def _own_job(queue: JobQueue, principal: Principal, job_id: str) -> Job:
    job = queue.get(job_id)
    if job.tenant != principal.tenant:
        raise NotFound(f"no job {job_id!r}")
    return job


@router.post("/lease")
def lease(body: LeaseIn, principal: Owner, request: Request) -> dict[str, Any]:
    """Lease up to ``limit`` due jobs of these kinds (the tenant's own). Each comes with the
    ``system`` and ``prompt`` to send to an LLM and the JSON ``schema`` its answer must match;
    submit it with the job's ``attempt`` before ``lease_until``."""
    unknown = sorted(set(body.kinds) - set(BRAIN_KINDS))
    if unknown:
        raise InvalidInput(
            f"unknown job kinds {unknown} (a brain may lease {', '.join(BRAIN_KINDS)})"
        )
    jobs = JobQueue(_engine(request)).lease(
        body.kinds,
        body.worker,
        lease_seconds=body.lease_seconds,
        limit=body.limit,
        tenant=principal.tenant,
    )
    return {"jobs": [_job_out(j, with_prompt=True) for j in jobs]}


@router.post("/{job_id}/result")
def submit(job_id: str, body: ResultIn, principal: Owner, request: Request) -> JSONResponse:
    """Submit a result (or the worker's ``error``). status: ``done`` (validated and applied),
    ``retry`` (rejected; queued again at ``retry_at``), ``dead`` (rejected for the last time),
    ``refused`` (409: this worker's lease is gone; nothing changed). A repeated submission for
    a finished job returns the first outcome with ``duplicate: true``."""
    queue = JobQueue(_engine(request))
    _own_job(queue, principal, job_id)
    if (body.result is None) == (body.error is None):
        raise InvalidInput("send exactly one of result and error")
    if body.result is not None:
        outcome = queue.submit(job_id, body.worker, body.result, attempt=body.attempt)
    else:
        outcome = queue.fail(job_id, body.worker, str(body.error), attempt=body.attempt)
    return JSONResponse(outcome.to_dict(), status_code=409 if outcome.status == "refused" else 200)


@router.post("", status_code=201)
def enqueue(body: EnqueueIn, principal: Owner, request: Request) -> dict[str, Any]:
    """Queue a job for the tenant's brains; the payload is completed from memory (e.g.
    ``{"kind": "extract", "payload": {"event_id": ...}}`` adds the turn's text)."""
    scope = internal_scope(principal, body.user_id, body.agent_id, body.world_id)
    if body.kind not in BRAIN_KINDS:
        raise InvalidInput(f"kind must be one of {', '.join(BRAIN_KINDS)}")
    job = JobQueue(_engine(request)).enqueue(
        body.kind,
        scope,
        body.payload,
        tenant=principal.tenant,
        dedupe_key=None if body.dedupe_key is None else f"{principal.tenant}::{body.dedupe_key}",
        max_attempts=body.max_attempts,
    )
    return _job_out(job)


@router.get("")
def list_jobs(
    principal: Owner,
    request: Request,
    status: Annotated[str | None, Query(pattern="^(queued|leased|done|dead)$")] = None,
    limit: Annotated[int, Query(ge=1, le=1000)] = 100,
) -> dict[str, Any]:
    """The tenant's jobs (newest last), optionally of one status."""
    jobs = JobQueue(_engine(request)).jobs(status=status, tenant=principal.tenant)
    return {"jobs": [_job_out(j) for j in jobs[-limit:]]}


@router.get("/{job_id}")
def get_job(job_id: str, principal: Owner, request: Request) -> dict[str, Any]:
    """One job with its result (a dialogue job's suggested reply is in ``result.applied``)."""
    return _job_out(_own_job(JobQueue(_engine(request)), principal, job_id))
