"""Brain jobs (seed 004 §4): LLM work queued in the store, leased by workers, answered,
validated and applied to memory exactly once.

* :mod:`soulmem.jobs.queue`: enqueue / lease / submit / fail (backoff, dead-letter);
* :mod:`soulmem.jobs.kinds`: per kind the payload, the answer's JSON schema, its validator
  and how it is applied;
* :mod:`soulmem.jobs.brain`: the reference brain worker (any OpenAI-compatible LLM, over the
  HTTP API);
* :mod:`soulmem.jobs.internal`: the rule-based executor of ``soulmem worker``.

Queue an extraction job for every observed turn when a brain is running::

    from soulmem.jobs import enqueue

    def queue_extract(r):
        if r.event.user_text:  # facts come from the user's side only
            enqueue(mem, "extract", r.event.scope, {"event_id": r.event.id},
                    tenant=TENANT, dedupe_key=f"extract:{r.event.id}")

    mem.on_observe(queue_extract)
"""

from soulmem.jobs.kinds import BRAIN_KINDS, INTERNAL_KINDS, KINDS, InvalidResult, apply
from soulmem.jobs.queue import JobQueue, Outcome, QueueConfig, backoff, enqueue

__all__ = [
    "BRAIN_KINDS",
    "INTERNAL_KINDS",
    "KINDS",
    "InvalidResult",
    "JobQueue",
    "Outcome",
    "QueueConfig",
    "apply",
    "backoff",
    "enqueue",
]
