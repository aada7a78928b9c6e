"""The brain-job queue: leases, expiry, idempotent submission, concurrency, backoff,
dead-letter, and each kind's result applied to memory."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from dataclasses import replace
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from soulmem import ManualClock, Memory
from soulmem.embed import FakeEmbedder
from soulmem.engine import ObserveResult
from soulmem.errors import InvalidInput, NotFound
from soulmem.jobs import JobQueue, QueueConfig, backoff, enqueue
from soulmem.jobs.internal import InternalWorker, rule_answer
from soulmem.jobs.kinds import BRAIN_KINDS, KINDS, apply, describe
from soulmem.model import Scope, Tier

SCOPE = Scope("u1", "luna")
FACTS = {
    "facts": [
        {"subject": "pet", "value": "cat named Mochi", "about": "user", "negated": False,
         "mode": "set"}
    ]
}  # fmt: skip


def _turn(mem: Memory, text: str = "I have a cat named Mochi.") -> str:
    return mem.scope("u1", "luna").observe(user=text, assistant="Cute!").event.id


def _queue(mem: Memory, **overrides: Any) -> JobQueue:
    return JobQueue(mem, QueueConfig(backoff_base_s=10, backoff_max_s=100, **overrides))


def _extract_job(mem: Memory, queue: JobQueue, **kwargs: Any) -> str:
    event_id = _turn(mem, "오늘 날씨 좋다")  # nothing the rules would extract
    return queue.enqueue("extract", SCOPE, {"event_id": event_id}, **kwargs).id


def _pets(mem: Memory) -> list[str]:
    return [f.value for f in mem.scope("u1", "luna").facts() if f.subject == "pet"]


# -- leases ------------------------------------------------------------------------------------


def test_lease_expiry_returns_the_job_to_others(mem: Memory, clock: ManualClock) -> None:
    queue = _queue(mem)
    job_id = _extract_job(mem, queue)
    [first] = queue.lease(["extract"], "w1", lease_seconds=30)
    assert first.id == job_id and first.attempts == 1 and first.leased_by == "w1"
    assert queue.lease(["extract"], "w2") == []  # held
    clock.advance(seconds=31)
    [again] = queue.lease(["extract"], "w2", lease_seconds=30)
    assert again.id == job_id and again.attempts == 2 and again.leased_by == "w2"
    late = queue.submit(job_id, "w1", FACTS, attempt=1)  # the first lease is gone
    assert late.status == "refused" and _pets(mem) == []
    assert queue.submit(job_id, "w2", FACTS, attempt=2).status == "done"
    assert _pets(mem) == ["cat named Mochi"]


def test_late_result_is_accepted_while_nobody_else_took_the_job(
    mem: Memory, clock: ManualClock
) -> None:
    queue = _queue(mem)
    job_id = _extract_job(mem, queue)
    queue.lease(["extract"], "w1", lease_seconds=30)
    clock.advance(seconds=60)
    assert queue.submit(job_id, "w1", FACTS).status == "done"
    assert queue.lease(["extract"], "w2") == []


def test_same_worker_cannot_answer_an_older_attempt(mem: Memory, clock: ManualClock) -> None:
    queue = _queue(mem)
    job_id = _extract_job(mem, queue)
    queue.lease(["extract"], "w1", lease_seconds=10)
    clock.advance(seconds=11)
    queue.lease(["extract"], "w1", lease_seconds=10)  # the same name leased it again
    assert queue.submit(job_id, "w1", FACTS, attempt=1).status == "refused"
    assert queue.submit(job_id, "w1", FACTS, attempt=2).status == "done"


def test_lease_only_matching_kinds_and_tenant(mem: Memory) -> None:
    queue = _queue(mem)
    event_id = _turn(mem)
    queue.enqueue("extract", SCOPE, {"event_id": event_id}, tenant="t1")
    assert queue.lease(["summarize"], "w") == []
    assert queue.lease(["extract"], "w", tenant="t2") == []
    assert len(queue.lease(["extract"], "w", tenant="t1")) == 1
    with pytest.raises(InvalidInput):
        queue.lease(["nonsense"], "w")
    with pytest.raises(InvalidInput):
        queue.lease(["extract"], "")


# -- submissions -------------------------------------------------------------------------------


def test_duplicate_submission_is_idempotent(mem: Memory) -> None:
    queue = _queue(mem)
    job_id = _extract_job(mem, queue)
    queue.lease(["extract"], "w1")
    first = queue.submit(job_id, "w1", FACTS, attempt=1)
    assert first.status == "done" and not first.duplicate
    facts_before = mem.scope("u1", "luna").facts()
    other = {"facts": [{**FACTS["facts"][0], "value": "dog named Rex"}]}
    second = queue.submit(job_id, "w1", other, attempt=1)
    assert second.status == "done" and second.duplicate
    assert second.result == first.result  # the first outcome, unchanged
    assert mem.scope("u1", "luna").facts() == facts_before
    stored = queue.get(job_id)
    assert stored.status == "done" and stored.result == first.result
    assert stored.result is not None and stored.result["applied"]["facts_added"]


def test_malformed_result_is_rejected_and_retried_with_backoff(
    mem: Memory, clock: ManualClock
) -> None:
    queue = _queue(mem)
    job_id = _extract_job(mem, queue)
    queue.lease(["extract"], "w1")
    bad = {"facts": [{"subject": "favourite_spaceship", "value": "x", "about": "user"}]}
    outcome = queue.submit(job_id, "w1", bad, attempt=1)
    assert outcome.status == "retry" and "invalid result" in (outcome.error or "")
    assert outcome.retry_at == clock.now() + timedelta(seconds=10)
    assert _pets(mem) == []  # nothing touched memory
    job = queue.get(job_id)
    assert job.status == "queued" and job.error and job.lease_until is None
    assert queue.lease(["extract"], "w2") == []  # not before the backoff
    clock.advance(seconds=10)
    [again] = queue.lease(["extract"], "w2")
    assert again.attempts == 2
    second = queue.submit(job_id, "w2", {"facts": "nope"}, attempt=2)
    assert second.retry_at == clock.now() + timedelta(seconds=20)  # doubled
    clock.advance(seconds=20)
    queue.lease(["extract"], "w2")
    assert queue.submit(job_id, "w2", FACTS, attempt=3).status == "done"
    assert _pets(mem) == ["cat named Mochi"]


@pytest.mark.parametrize(
    "bad",
    [
        {},
        {"facts": [{"subject": "pet", "value": "", "about": "user", "mode": "set"}]},
        {"facts": [{"subject": "pet", "value": "x" * 500, "about": "user"}]},
        {"facts": [{"subject": "pet", "value": "cat", "about": "user", "mode": "rewrite"}]},
        {"facts": [42]},
    ],
)
def test_extract_validation(mem: Memory, bad: dict[str, Any]) -> None:
    queue = _queue(mem)
    job_id = _extract_job(mem, queue)
    queue.lease(["extract"], "w1")
    assert queue.submit(job_id, "w1", bad).status == "retry"


def test_dead_letter_after_max_attempts(mem: Memory, clock: ManualClock) -> None:
    queue = _queue(mem)
    job_id = _extract_job(mem, queue, max_attempts=3)
    statuses = []
    for attempt in (1, 2, 3):
        [job] = queue.lease(["extract"], "w1")
        assert job.attempts == attempt
        statuses.append(queue.fail(job_id, "w1", "LLM timed out", attempt=attempt).status)
        clock.advance(seconds=1000)
    assert statuses == ["retry", "retry", "dead"]
    assert queue.get(job_id).status == "dead"
    assert queue.lease(["extract"], "w1") == []
    again = queue.submit(job_id, "w1", FACTS)
    assert again.status == "dead" and again.duplicate and _pets(mem) == []
    assert [j.id for j in queue.jobs(status="dead")] == [job_id]


def test_expired_leases_count_as_attempts(mem: Memory, clock: ManualClock) -> None:
    queue = _queue(mem)
    job_id = _extract_job(mem, queue, max_attempts=2)
    for _ in range(2):
        assert len(queue.lease(["extract"], "w1", lease_seconds=5)) == 1
        clock.advance(seconds=6)
    assert queue.lease(["extract"], "w1") == []
    job = queue.get(job_id)
    assert job.status == "dead" and "lease expired 2 times" in (job.error or "")


def test_backoff_is_exponential_and_capped() -> None:
    assert [backoff(n, 30, 3600).total_seconds() for n in (1, 2, 3, 4, 10)] == [
        30,
        60,
        120,
        240,
        3600,
    ]


def test_unknown_job_and_bad_payloads(mem: Memory) -> None:
    queue = _queue(mem)
    with pytest.raises(NotFound):
        queue.submit("job_missing", "w", FACTS)
    with pytest.raises(InvalidInput):
        queue.enqueue("teleport", SCOPE, {})
    with pytest.raises(NotFound):
        queue.enqueue("extract", SCOPE, {"event_id": "ev_missing"})
    with pytest.raises(InvalidInput):
        queue.enqueue("extract", SCOPE, {"event_id": _turn(mem), "junk": 1})


def test_dedupe_key_queues_once(mem: Memory) -> None:
    event_id = _turn(mem)
    a = enqueue(mem, "extract", SCOPE, {"event_id": event_id}, dedupe_key=f"x:{event_id}")
    b = enqueue(mem, "extract", SCOPE, {"event_id": event_id}, dedupe_key=f"x:{event_id}")
    assert a.id == b.id and len(mem.store.jobs()) == 1


def test_engine_listener_queues_an_extract_job_per_turn(mem: Memory) -> None:
    def queue_extract(r: ObserveResult) -> None:
        if r.event.user_text:
            enqueue(mem, "extract", r.event.scope, {"event_id": r.event.id})

    mem.on_observe(queue_extract)
    _turn(mem, "hello there")
    mem.scope("u1", "luna").observe(assistant="assistant only")
    jobs = mem.store.jobs()
    assert [j.kind for j in jobs] == ["extract"]
    assert jobs[0].payload["text"] == "hello there"


# -- concurrency -------------------------------------------------------------------------------


def _drain(queue: JobQueue, name: str, seen: list[str]) -> None:
    while True:
        jobs = queue.lease(["dialogue"], name, lease_seconds=600)
        if not jobs:
            return
        for job in jobs:
            seen.append(job.id)
            outcome = queue.submit(job.id, name, {"reply": f"hi from {name}"}, attempt=1)
            assert outcome.status == "done"


def _dialogue_jobs(mem: Memory, n: int) -> set[str]:
    _turn(mem)
    return {enqueue(mem, "dialogue", SCOPE, {"message": f"hello {i}"}).id for i in range(n)}


def test_threads_never_lease_the_same_job(shared_location: str, clock: ManualClock) -> None:
    path = shared_location
    engines = [Memory.open(path, embedder=FakeEmbedder(), clock=clock) for _ in range(2)]
    try:
        ids = _dialogue_jobs(engines[0], 60)
        seen: dict[str, list[str]] = {f"w{i}": [] for i in range(6)}
        threads = [
            threading.Thread(target=_drain, args=(JobQueue(engines[i % 2]), name, got))
            for i, (name, got) in enumerate(seen.items())
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        leased = [job_id for got in seen.values() for job_id in got]
        assert len(leased) == len(set(leased)) == len(ids)
        assert set(leased) == ids
        assert all(j.status == "done" for j in engines[0].store.jobs())
    finally:
        for engine in engines:
            engine.close()


_CHILD = """
import json, pathlib, sys, time
from soulmem import Memory
from soulmem.embed import FakeEmbedder
from soulmem.jobs import JobQueue
name, path, marks = sys.argv[1], sys.argv[2], pathlib.Path(sys.argv[3])
seen = []
with Memory.open(path, embedder=FakeEmbedder()) as mem:
    queue = JobQueue(mem)
    (marks / name).touch()  # ready; start together
    while not (marks / "go").exists():
        time.sleep(0.005)
    while True:
        jobs = queue.lease(["dialogue"], name, lease_seconds=600)
        if not jobs:
            break
        for job in jobs:
            seen.append(job.id)
            out = queue.submit(job.id, name, {"reply": name}, attempt=job.attempts)
            assert out.status == "done", out
            time.sleep(0.005)  # a little work per job, so both processes get to compete
print(json.dumps(seen))
"""


def test_two_processes_never_lease_the_same_job(shared_location: str, tmp_path: Path) -> None:
    path = shared_location
    with Memory.open(path, embedder=FakeEmbedder()) as mem:
        ids = _dialogue_jobs(mem, 200)
    children = [
        subprocess.Popen(
            [sys.executable, "-c", _CHILD, f"p{i}", path, str(tmp_path)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for i in range(2)
    ]
    deadline = time.monotonic() + 60
    while not all((tmp_path / f"p{i}").exists() for i in range(2)):
        assert time.monotonic() < deadline and all(c.poll() is None for c in children)
        time.sleep(0.01)
    (tmp_path / "go").touch()
    results = [child.communicate(timeout=120) for child in children]
    assert all(child.returncode == 0 for child in children), results
    per_child = [json.loads(out) for out, _ in results]
    assert all(per_child), "both processes should have done some of the work"
    leased = [job_id for got in per_child for job_id in got]
    assert len(leased) == len(set(leased)) == len(ids) and set(leased) == ids
    with Memory.open(path, embedder=FakeEmbedder()) as mem:
        jobs = mem.store.jobs()
        assert {j.status for j in jobs} == {"done"}
        assert {j.leased_by for j in jobs} <= {"p0", "p1"}


# -- each kind applied -------------------------------------------------------------------------


def _run(mem: Memory, kind: str, payload: dict[str, Any], result: dict[str, Any]) -> Any:
    queue = _queue(mem)
    job = queue.enqueue(kind, SCOPE, payload)
    [leased] = queue.lease([kind], "w")
    return queue.submit(job.id, "w", result, attempt=leased.attempts)


def test_summarize_writes_a_summary(mem: Memory, clock: ManualClock) -> None:
    first = _turn(mem, "We went hiking at Bukhansan.")
    second = _turn(mem, "My legs hurt now.")
    outcome = _run(mem, "summarize", {"event_ids": [first, second]}, {"text": "A hike; sore."})
    assert outcome.status == "done"
    made = outcome.result["applied"]["summary_id"]
    [summary] = [s for s in mem.store.summaries(SCOPE, "day") if s.id == made]
    assert summary.text == "A hike; sore." and summary.event_ids == (first, second)


def test_distill_writes_a_derived_memory_and_retires_the_group(mem: Memory) -> None:
    for text in ("I love rainy days", "Yesterday I bought a red umbrella", "Storms scare Mochi"):
        mem.scope("u1", "luna").observe(user=text)
    ids = [m.id for m in mem.scope("u1", "luna").memories()]
    assert len(ids) >= 2
    outcome = _run(mem, "distill", {"memory_ids": ids}, {"text": "Loves the rain."})
    assert outcome.status == "done"
    made = mem.scope("u1", "luna").memory(outcome.result["applied"]["memory_id"])
    assert made.content == "Loves the rain." and made.tier == Tier.M90
    assert set(made.promoted_from) == set(ids)
    assert all(m.status == "distilled" for m in mem.store.get_memories(ids))
    ctx = mem.scope("u1", "luna").recall("rain", rehearse=False)
    assert any(i.memory_id == made.id for i in ctx.items)


def test_reflect_writes_a_note_with_clamped_deltas(mem: Memory) -> None:
    _turn(mem, "Thank you so much, you always cheer me up")
    result = {"note": "Be warm; they are grateful.", "deltas": {"trust": 50, "affection": 2}}
    outcome = _run(mem, "reflect", {}, result)
    assert outcome.status == "done"
    [note] = mem.store.pending_notes(SCOPE)
    assert note.text == "Be warm; they are grateful."
    assert note.deltas == {"trust": 10.0, "affection": 2.0}
    bad = _run(mem, "reflect", {}, {"note": "x", "deltas": {"loyalty": 1}})
    assert bad.status == "retry"


def test_imagine_writes_an_idea_and_respects_forbidden_topics(mem: Memory) -> None:
    _turn(mem)
    mem.nudge(SCOPE, "forbidden", "exams")
    bad = _run(mem, "imagine", {}, {"pattern": "free", "scenario": "exams soon", "action": "?"})
    assert bad.status == "retry" and "forbidden" in (bad.error or "")
    idea = {"pattern": "free", "scenario": "It is raining.", "action": "Ask about Mochi."}
    outcome = _run(mem, "imagine", {"activity": "work"}, idea)
    assert outcome.status == "done"
    [record] = mem.store.imaginations(SCOPE)
    assert record.action == "Ask about Mochi."
    assert record.memory_id is not None
    assert mem.scope("u1", "luna").memory(record.memory_id).content.startswith("(imagined)")


def test_dialogue_reply_is_kept_in_the_result_only(mem: Memory) -> None:
    _turn(mem)
    before = len(mem.scope("u1", "luna").memories())
    outcome = _run(mem, "dialogue", {"message": "What is my cat called?"}, {"reply": "Mochi!"})
    assert outcome.result["applied"] == {"reply": "Mochi!"}
    job = mem.store.jobs()[-1]
    assert "Mochi" in job.payload["context"]  # the brain got the memory context
    assert len(mem.scope("u1", "luna").memories()) == before


def test_apply_without_the_queue(mem: Memory) -> None:
    event_id = _turn(mem, "오늘 날씨 좋다")
    job = _queue(mem).enqueue("extract", SCOPE, {"event_id": event_id})
    assert apply(mem, job, FACTS)["facts_added"]
    assert _pets(mem) == ["cat named Mochi"]


def test_every_kind_describes_its_prompt_and_schema(mem: Memory) -> None:
    _turn(mem)
    job = enqueue(mem, "reflect", SCOPE, {})
    described = describe(job)
    assert described["schema"]["required"] == ["note", "deltas"]
    assert "Cute!" in described["prompt"]
    assert set(BRAIN_KINDS) < set(KINDS)


# -- the internal (rule-based) worker ------------------------------------------------------------


def test_internal_worker_runs_maintain_and_rule_kinds(mem: Memory) -> None:
    first = _turn(mem, "I went to Busan with Mina.")
    enqueue(mem, "maintain", SCOPE, {})
    enqueue(mem, "summarize", SCOPE, {"event_ids": [first]})
    worker = InternalWorker(mem, kinds=("maintain", "summarize"), name="internal")
    report = worker.run_round()
    assert report.leased == 2 and report.outcomes == {"done": 2}
    assert mem.store.summaries(SCOPE, "day")
    assert worker.run_round().leased == 0


def test_rule_answers_pass_their_own_validation(mem: Memory) -> None:
    event_id = _turn(mem, "I have a cat named Mochi.")
    job = enqueue(mem, "extract", SCOPE, {"event_id": event_id})
    assert rule_answer(mem, job) == {"facts": []}  # observe's rules already know it
    fresh = replace(job, payload={**job.payload, "known": {}})
    answer = rule_answer(mem, fresh)
    assert KINDS["extract"].validate(fresh.payload, answer) == FACTS


def test_serve_can_queue_brain_jobs_for_every_turn(tmp_path: Path) -> None:
    from soulmem.jobs.wiring import queue_on_observe

    with Memory.open(tmp_path / "w.db", embedder=FakeEmbedder()) as mem:
        queue_on_observe(mem, ["extract", "reflect"])
        scope = mem.scope("acme::u1", "luna")
        r = scope.observe(user="I have a cat named Mochi", assistant="cute")
        scope.observe(assistant="only the character spoke")
        jobs = mem.store.jobs()
        kinds = sorted(j.kind for j in jobs)
        assert kinds == ["extract", "reflect", "reflect"]
        extract = next(j for j in jobs if j.kind == "extract")
        assert extract.tenant == "acme" and extract.payload["event_id"] == r.event.id
        with pytest.raises(InvalidInput):
            queue_on_observe(mem, ["imagine"])
