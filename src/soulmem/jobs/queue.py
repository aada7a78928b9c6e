"""The job queue: enqueue, lease, submit (validated, applied once), fail with backoff, dead.

States::

    queued --lease--> leased --valid result--> done
       ^                |  \\--invalid result / error, attempts < max--> queued (run_after =
       |                |                                   now + backoff)
       |                \\--invalid result / error, attempts = max--> dead
       \\------ lease expired: leased again by the next lease call (attempts + 1); a job
                whose lease expired ``max_attempts`` times is dead instead

* ``attempts`` counts leases; it is also the lease's fencing token: a submission names the
  attempt it answers, and only the worker holding that attempt's lease can finish the job.
* Backoff after the n-th failed attempt: ``min(backoff_max_s, backoff_base_s * 2 ** (n - 1))``
  (30 s, 60 s, 120 s, ... by default).
* Idempotent: a second submission for a job that is done (or dead) changes nothing and
  returns the first outcome, marked ``duplicate``.
* A worker whose lease expired and was taken by another worker is refused (``refused``); a
  late result whose lease expired but nobody took the job is still accepted.
* Exactly once on SQLite: the guarded ``UPDATE jobs ... WHERE status = 'leased' AND
  leased_by = ? AND attempts = ?`` and the memory writes of the result happen in one
  ``BEGIN IMMEDIATE`` transaction on the single writer, so two workers (threads or
  processes) can never both finish one job, and a result is never applied twice.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from soulmem.errors import InvalidInput, NotFound
from soulmem.jobs.kinds import InvalidResult, build_payload, kind
from soulmem.model import Job, Scope, new_id
from soulmem.store.base import StoreWriter

if TYPE_CHECKING:
    from soulmem.engine import Memory as Engine

__all__ = ["JobQueue", "Outcome", "QueueConfig", "backoff", "enqueue"]

TERMINAL = ("done", "dead")
MAX_ERROR = 2000


@dataclass(frozen=True, slots=True)
class QueueConfig:
    lease_seconds: float = 60.0
    max_lease_seconds: float = 3600.0
    backoff_base_s: float = 30.0
    backoff_max_s: float = 3600.0
    max_attempts: int = 5


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a submission did. status: ``done`` (applied), ``retry`` (rejected, queued again
    at ``retry_at``), ``dead`` (rejected for the last time) or ``refused`` (this worker does
    not hold the job's lease; nothing changed)."""

    job_id: str
    status: str
    duplicate: bool = False
    result: dict[str, Any] | None = None
    error: str | None = None
    retry_at: datetime | None = None
    attempts: int = 0
    extra: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "job_id": self.job_id,
            "status": self.status,
            "duplicate": self.duplicate,
            "result": self.result,
            "error": self.error,
            "retry_at": None if self.retry_at is None else self.retry_at.isoformat(),
            "attempts": self.attempts,
        }


def backoff(attempts: int, base_s: float, max_s: float) -> timedelta:
    """The wait before the next try after the ``attempts``-th failed attempt."""
    return timedelta(seconds=min(max_s, base_s * 2 ** max(0, attempts - 1)))


class _LeaseLost(Exception):
    """Raised inside the finishing transaction to roll it back."""


def _check_worker(worker: object) -> str:
    if not isinstance(worker, str) or not worker.strip() or len(worker) > 128:
        raise InvalidInput("worker must be a name of 1 to 128 characters")
    return worker


class JobQueue:
    """The queue over one engine's store (any number of these, in any number of processes,
    may work on one database)."""

    def __init__(self, engine: Engine, config: QueueConfig | None = None) -> None:
        self.engine = engine
        self.config = config if config is not None else QueueConfig()

    @property
    def store(self) -> Any:
        return self.engine.store

    # -- enqueue -------------------------------------------------------------------------

    def enqueue(
        self,
        kind_name: str,
        scope: Scope,
        payload: Mapping[str, Any] | None = None,
        *,
        tenant: str | None = None,
        dedupe_key: str | None = None,
        max_attempts: int | None = None,
        delay_s: float = 0.0,
    ) -> Job:
        """Queue a job; its payload is completed from memory by its kind (``kinds.py``).
        A job with the same ``dedupe_key`` is not queued twice (the existing one returns)."""
        if not isinstance(scope, Scope):
            raise InvalidInput("a job needs a Scope")
        attempts = self.config.max_attempts if max_attempts is None else max_attempts
        if isinstance(attempts, bool) or not isinstance(attempts, int) or not 1 <= attempts <= 50:
            raise InvalidInput("max_attempts must be 1 to 50")
        if dedupe_key is not None and (not isinstance(dedupe_key, str) or len(dedupe_key) > 256):
            raise InvalidInput("dedupe_key must be a string of at most 256 characters")
        full = build_payload(self.engine, kind_name, scope, payload or {})
        now = self.engine.clock.now()
        job = Job(
            id=new_id("job"),
            kind=kind_name,
            payload=full,
            status="queued",
            attempts=0,
            run_after=now + timedelta(seconds=max(0.0, delay_s)),
            scope=scope,
            tenant=tenant,
            max_attempts=attempts,
            created_at=now,
            dedupe_key=dedupe_key,
        )
        stored: Job = self.store.enqueue_job(job)
        return stored

    # -- lease -----------------------------------------------------------------------------

    def lease(
        self,
        kinds: Sequence[str],
        worker: str,
        *,
        lease_seconds: float | None = None,
        limit: int = 1,
        tenant: str | None = None,
    ) -> list[Job]:
        """Atomically lease up to ``limit`` due jobs of these kinds (queued ones whose time has
        come, and leased ones whose lease expired). A job leased more than ``max_attempts``
        times (its leases kept expiring) is dead-lettered instead of handed out."""
        _check_worker(worker)
        for name in kinds:
            kind(name)
        seconds = self.config.lease_seconds if lease_seconds is None else lease_seconds
        if not 0 < seconds <= self.config.max_lease_seconds:
            raise InvalidInput(f"lease_seconds must be in (0, {self.config.max_lease_seconds}]")
        if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= 100:
            raise InvalidInput("limit must be 1 to 100")
        leased: list[Job] = []
        while len(leased) < limit:
            now = self.engine.clock.now()
            got: list[Job] = self.store.lease_jobs(
                list(kinds),
                worker,
                now,
                timedelta(seconds=seconds),
                limit=limit - len(leased),
                tenant=tenant,
            )
            if not got:
                break
            for job in got:
                if job.attempts > job.max_attempts:
                    # we hold its lease now, so nobody else can touch it
                    self.store.finish_job(
                        job.id,
                        status="dead",
                        now=now,
                        error=_join(job.error, f"lease expired {job.max_attempts} times"),
                    )
                else:
                    leased.append(job)
        return leased

    # -- submit / fail -----------------------------------------------------------------------

    def submit(
        self,
        job_id: str,
        worker: str,
        result: Mapping[str, Any],
        *,
        attempt: int | None = None,
    ) -> Outcome:
        """Validate ``result`` and apply it to memory together with marking the job done.
        An invalid result fails the job (retry with backoff, dead after max_attempts)."""
        _check_worker(worker)
        job = self._get(job_id)
        if job.status in TERMINAL:
            return _settled(job)
        if not _holds(job, worker, attempt):
            return _refused(job)
        spec = kind(job.kind)
        try:
            if not isinstance(result, Mapping):
                raise InvalidResult("a result must be a JSON object")
            cleaned = spec.validate(job.payload, result)
            step = spec.prepare(self.engine, job, cleaned)
        except InvalidResult as exc:
            return self._fail(job, f"invalid result: {exc}")
        now = self.engine.clock.now()
        record: dict[str, Any] = {"answer": cleaned}
        try:
            with self.store.transaction() as tx:
                if not _guarded(tx, job, "done", now, result=record):
                    raise _LeaseLost
                record["applied"] = step(tx)
                _set_result(tx, job.id, record)
        except _LeaseLost:
            return self._after_lost(job_id)
        except InvalidResult as exc:
            return self._fail(job, f"invalid result: {exc}")
        return Outcome(job.id, "done", result=record, attempts=job.attempts)

    def fail(self, job_id: str, worker: str, error: str, *, attempt: int | None = None) -> Outcome:
        """The worker could not do the job (its LLM failed, ...): retry with backoff, or dead
        after ``max_attempts``."""
        _check_worker(worker)
        job = self._get(job_id)
        if job.status in TERMINAL:
            return _settled(job)
        if not _holds(job, worker, attempt):
            return _refused(job)
        return self._fail(job, f"worker error: {str(error)[:MAX_ERROR]}")

    def _fail(self, job: Job, error: str) -> Outcome:
        now = self.engine.clock.now()
        dead = job.attempts >= job.max_attempts
        retry_at = (
            None
            if dead
            else now + backoff(job.attempts, self.config.backoff_base_s, self.config.backoff_max_s)
        )
        status = "dead" if dead else "queued"
        message = error[:MAX_ERROR]
        try:
            with self.store.transaction() as tx:
                if not _guarded(tx, job, status, now, error=message, run_after=retry_at):
                    raise _LeaseLost
        except _LeaseLost:
            return self._after_lost(job.id)
        return Outcome(
            job.id,
            "dead" if dead else "retry",
            error=message,
            retry_at=retry_at,
            attempts=job.attempts,
        )

    def _after_lost(self, job_id: str) -> Outcome:
        current = self._get(job_id)
        return _settled(current) if current.status in TERMINAL else _refused(current)

    # -- reads -------------------------------------------------------------------------------

    def _get(self, job_id: str) -> Job:
        if not isinstance(job_id, str) or not job_id:
            raise InvalidInput("job_id must be a non-empty string")
        job: Job | None = self.store.get_job(job_id)
        if job is None:
            raise NotFound(f"no job {job_id!r}")
        return job

    def get(self, job_id: str) -> Job:
        return self._get(job_id)

    def jobs(self, status: str | None = None, tenant: str | None = None) -> list[Job]:
        found: list[Job] = self.store.jobs(status=status, tenant=tenant)
        return found


def enqueue(
    engine: Engine,
    kind: str,
    scope: Scope,
    payload: Mapping[str, Any] | None = None,
    *,
    tenant: str | None = None,
    dedupe_key: str | None = None,
    max_attempts: int | None = None,
) -> Job:
    """Queue a ``kind`` job for ``scope`` (for brains or ``soulmem worker``); see
    :meth:`JobQueue.enqueue`."""
    return JobQueue(engine).enqueue(
        kind, scope, payload, tenant=tenant, dedupe_key=dedupe_key, max_attempts=max_attempts
    )


# -- helpers ---------------------------------------------------------------------------------


def _join(previous: str | None, message: str) -> str:
    return message if not previous else f"{message} (last error: {previous})"[:MAX_ERROR]


def _holds(job: Job, worker: str, attempt: int | None) -> bool:
    return (
        job.status == "leased"
        and job.leased_by == worker
        and (attempt is None or attempt == job.attempts)
    )


def _settled(job: Job) -> Outcome:
    return Outcome(
        job.id,
        job.status,
        duplicate=True,
        result=job.result,
        error=job.error,
        attempts=job.attempts,
    )


def _refused(job: Job) -> Outcome:
    return Outcome(
        job.id,
        "refused",
        error=f"this worker does not hold the job's lease (job is {job.status})",
        attempts=job.attempts,
    )


def _guarded(
    tx: StoreWriter,
    job: Job,
    status: str,
    now: datetime,
    *,
    result: dict[str, Any] | None = None,
    error: str | None = None,
    run_after: datetime | None = None,
) -> bool:
    """Move ``job`` to ``status`` only if the lease it was read with is still the current
    one (compare-and-set inside the caller's write transaction); False otherwise."""
    return tx.finish_leased_job(
        job.id,
        leased_by=job.leased_by,
        attempts=job.attempts,
        status=status,
        now=now,
        result=result,
        error=error,
        run_after=run_after,
    )


def _set_result(tx: StoreWriter, job_id: str, record: dict[str, Any]) -> None:
    tx.set_job_result(job_id, record)
