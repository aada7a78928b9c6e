"""Brain jobs over HTTP: a real uvicorn server with the jobs router, the reference brain
worker against a FakeLLM-backed OpenAI-compatible stub, and llama.cpp plumbing."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner

from soulmem import ManualClock, Memory, Scope
from soulmem.api.app import create_app, serve_in_thread
from soulmem.api.auth import create_key
from soulmem.cli import app as cli_app
from soulmem.jobs.brain import BrainWorker
from soulmem.llm import FakeLLM, OpenAICompatibleLLM
from soulmem.perceive.facts.llm import FACT_SCHEMA

MOCHI = {
    "facts": [
        {"subject": "pet", "value": "cat named Mochi", "about": "user", "negated": False,
         "mode": "set"}
    ]
}  # fmt: skip
INTERNAL = ("t1::u1", "luna")


@dataclass
class Server:
    url: str
    mem: Memory
    owner: str
    other_tenant: str
    agent: str

    def client(self, key: str) -> httpx.Client:
        return httpx.Client(
            base_url=self.url, headers={"Authorization": f"Bearer {key}"}, timeout=30
        )


@pytest.fixture
def server(mem: Memory) -> Iterator[Server]:
    _, owner = create_key(mem.store, "t1", "owner")
    _, other = create_key(mem.store, "t2", "owner")
    _, agent = create_key(mem.store, "t1", "agent")
    with serve_in_thread(create_app(mem)) as url:
        yield Server(url, mem, owner, other, agent)


def _turn(mem: Memory, text: str = "오늘 날씨 좋다") -> str:
    return mem.scope(*INTERNAL).observe(user=text, assistant="Nice").event.id


def _enqueue(client: httpx.Client, kind: str, payload: dict[str, Any]) -> dict[str, Any]:
    response = client.post(
        "/v1/jobs", json={"kind": kind, "user_id": "u1", "agent_id": "luna", "payload": payload}
    )
    assert response.status_code == 201, response.text
    job: dict[str, Any] = response.json()
    return job


def _lease(client: httpx.Client, worker: str, **extra: Any) -> list[dict[str, Any]]:
    response = client.post("/v1/jobs/lease", json={"kinds": ["extract"], "worker": worker, **extra})
    assert response.status_code == 200, response.text
    jobs: list[dict[str, Any]] = response.json()["jobs"]
    return jobs


def _pets(mem: Memory) -> list[str]:
    return [f.value for f in mem.scope(*INTERNAL).facts() if f.subject == "pet"]


# -- the protocol over HTTP ---------------------------------------------------------------------


def test_lease_submit_and_duplicate_over_http(server: Server, clock: ManualClock) -> None:
    with server.client(server.owner) as owner:
        queued = _enqueue(owner, "extract", {"event_id": _turn(server.mem)})
        assert queued["status"] == "queued" and queued["scope"]["user_id"] == "u1"
        [job] = _lease(owner, "brain-1", lease_seconds=30)
        assert job["id"] == queued["id"] and job["attempt"] == 1
        assert job["schema"] == FACT_SCHEMA and "Message: 오늘 날씨 좋다" in job["prompt"]
        assert _lease(owner, "brain-2") == []
        body = {"worker": "brain-1", "attempt": 1, "result": MOCHI}
        first = owner.post(f"/v1/jobs/{job['id']}/result", json=body)
        assert first.status_code == 200 and first.json()["status"] == "done"
        again = owner.post(f"/v1/jobs/{job['id']}/result", json=body)
        assert again.json()["duplicate"] is True
        assert again.json()["result"] == first.json()["result"]
        assert _pets(server.mem) == ["cat named Mochi"]
        listed = owner.get("/v1/jobs", params={"status": "done"}).json()["jobs"]
        assert [j["id"] for j in listed] == [job["id"]]
        assert owner.get(f"/v1/jobs/{job['id']}").json()["result"]["applied"]["facts_added"]


def test_expired_lease_is_refused_with_409(server: Server, clock: ManualClock) -> None:
    with server.client(server.owner) as owner:
        _enqueue(owner, "extract", {"event_id": _turn(server.mem)})
        [job] = _lease(owner, "slow", lease_seconds=10)
        clock.advance(seconds=11)
        [again] = _lease(owner, "fast")
        assert again["id"] == job["id"] and again["attempt"] == 2
        late = owner.post(
            f"/v1/jobs/{job['id']}/result", json={"worker": "slow", "attempt": 1, "result": MOCHI}
        )
        assert late.status_code == 409 and late.json()["status"] == "refused"
        assert _pets(server.mem) == []


def test_malformed_result_over_http_is_retried(server: Server, clock: ManualClock) -> None:
    with server.client(server.owner) as owner:
        _enqueue(owner, "extract", {"event_id": _turn(server.mem)})
        [job] = _lease(owner, "b")
        bad = owner.post(
            f"/v1/jobs/{job['id']}/result",
            json={"worker": "b", "attempt": 1, "result": {"facts": [{"subject": "??"}]}},
        )
        assert bad.status_code == 200 and bad.json()["status"] == "retry"
        assert bad.json()["retry_at"] is not None
        neither = owner.post(f"/v1/jobs/{job['id']}/result", json={"worker": "b"})
        assert neither.status_code == 400


def test_tenants_and_roles_are_enforced(server: Server) -> None:
    with server.client(server.owner) as owner:
        queued = _enqueue(owner, "extract", {"event_id": _turn(server.mem)})
    with server.client(server.other_tenant) as other:
        assert _lease(other, "thief") == []
        stolen = other.post(
            f"/v1/jobs/{queued['id']}/result", json={"worker": "thief", "result": MOCHI}
        )
        assert stolen.status_code == 404
        assert other.get("/v1/jobs").json()["jobs"] == []
    with server.client(server.agent) as agent:
        refused = agent.post("/v1/jobs/lease", json={"kinds": ["extract"], "worker": "a"})
        assert refused.status_code == 403
    with httpx.Client(base_url=server.url) as anonymous:
        assert anonymous.post("/v1/jobs/lease", json={}).status_code == 401
    with server.client(server.owner) as owner:
        inner = owner.post("/v1/jobs/lease", json={"kinds": ["maintain"], "worker": "w"})
        assert inner.status_code == 400


# -- the reference brain worker ---------------------------------------------------------------


class _Stub(BaseHTTPRequestHandler):
    llm: FakeLLM

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        messages = {m["role"]: m["content"] for m in body["messages"]}
        schema = body["response_format"]["json_schema"]["schema"]
        try:
            answer = self.llm.complete_json(
                system=messages["system"], user=messages["user"], schema=schema, timeout=5
            )
            content = json.dumps(answer)
        except Exception:
            content = "this is not JSON"
        data = json.dumps({"choices": [{"message": {"content": content}}]}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args: object) -> None:
        pass


def _reply(user: str) -> dict[str, Any]:
    if user.startswith("Known facts"):
        return MOCHI
    if user.startswith("Character:"):
        return {"reply": "Mochi is waiting for you!"}
    if "broken" in user:
        raise ValueError("the stub answers garbage")
    return {"text": "They talked about the weather."}


@pytest.fixture
def stub_llm() -> Iterator[tuple[str, FakeLLM]]:
    fake = FakeLLM(_reply)
    handler = type("Handler", (_Stub,), {"llm": fake})
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/v1", fake
    httpd.shutdown()
    httpd.server_close()


def test_brain_worker_end_to_end(server: Server, stub_llm: tuple[str, FakeLLM]) -> None:
    base_url, fake = stub_llm
    with server.client(server.owner) as owner:
        first = _turn(server.mem)
        extract = _enqueue(owner, "extract", {"event_id": first})
        summary = _enqueue(owner, "summarize", {"event_ids": [first]})
        dialogue = _enqueue(owner, "dialogue", {"message": "Do you remember my cat?"})
    llm = OpenAICompatibleLLM(base_url=base_url, model="stub")
    with BrainWorker(server.url, server.owner, llm, worker="brain-e2e", poll_interval=0.01) as b:
        stats = b.run(idle_exit=0.0)
    assert stats.leased == 3 and stats.outcomes == {"done": 3}
    assert len(fake.calls) == 3
    assert _pets(server.mem) == ["cat named Mochi"]
    assert any(
        s.text == "They talked about the weather."
        for s in server.mem.store.summaries(Scope(*INTERNAL), "day")
    )
    with server.client(server.owner) as owner:
        reply = owner.get(f"/v1/jobs/{dialogue['id']}").json()
        assert reply["result"]["applied"]["reply"] == "Mochi is waiting for you!"
        assert owner.get(f"/v1/jobs/{extract['id']}").json()["status"] == "done"
        assert owner.get(f"/v1/jobs/{summary['id']}").json()["status"] == "done"


def test_brain_reports_llm_failures_and_the_job_retries_then_dies(
    server: Server, stub_llm: tuple[str, FakeLLM], clock: ManualClock
) -> None:
    base_url, _ = stub_llm
    server.mem.scope(*INTERNAL).observe(user="this turn is broken", assistant="?")
    with server.client(server.owner) as owner:
        response = owner.post(
            "/v1/jobs",
            json={"kind": "reflect", "user_id": "u1", "agent_id": "luna", "max_attempts": 2},
        )
        job_id = response.json()["id"]
    llm = OpenAICompatibleLLM(base_url=base_url, model="stub")
    with BrainWorker(server.url, server.owner, llm, kinds=["reflect"], poll_interval=0.01) as b:
        first = b.run(max_jobs=1)
        assert first.failed == 1 and first.outcomes == {"retry": 1}
        clock.advance(seconds=3600)
        second = b.run(max_jobs=1)
        assert second.outcomes == {"retry": 1, "dead": 1}
    job = server.mem.store.get_job(job_id)
    assert job is not None and job.status == "dead" and "LLMError" in (job.error or "")


def test_brain_command_line(server: Server, stub_llm: tuple[str, FakeLLM]) -> None:
    base_url, _ = stub_llm
    with server.client(server.owner) as owner:
        _enqueue(owner, "extract", {"event_id": _turn(server.mem)})
    result = CliRunner().invoke(
        cli_app,
        ["brain", "--url", server.url, "--api-key", server.owner, "--llm-base-url", base_url,
         "--model", "stub", "--kinds", "extract", "--max-jobs", "1"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert json.loads(result.output.strip().splitlines()[-1])["outcomes"] == {"done": 1}
    assert _pets(server.mem) == ["cat named Mochi"]


def test_worker_command_runs_internal_jobs(tmp_path: Path) -> None:
    from soulmem.embed import FakeEmbedder
    from soulmem.jobs import enqueue

    db = tmp_path / "w.db"
    with Memory.open(db, embedder=FakeEmbedder()) as mem:
        event = mem.scope("u1", "luna").observe(user="We baked bread.").event.id
        enqueue(mem, "summarize", Scope("u1", "luna"), {"event_ids": [event]})
        enqueue(mem, "maintain", Scope("u1", "luna"), {})
    result = CliRunner().invoke(
        cli_app,
        ["worker", "--db", str(db), "--rounds", "1", "--embedder", "fake",
         "--jobs", "maintain,summarize"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    with Memory.open(db, embedder=FakeEmbedder()) as mem:
        assert {j.status for j in mem.store.jobs()} == {"done"}


# -- llama.cpp plumbing ----------------------------------------------------------------------------


@pytest.mark.slow
def test_brain_with_a_real_local_llm(server: Server, llama_server: str) -> None:
    """Plumbing: the brain leases, llama.cpp answers under the job's JSON schema, soulmem
    validates it: either applied (done) or rejected and queued again; never half-applied."""
    with server.client(server.owner) as owner:
        job = _enqueue(owner, "dialogue", {"message": "Say hello to me."})
    llm = OpenAICompatibleLLM(base_url=llama_server, model="smollm2", max_tokens=128)
    with BrainWorker(server.url, server.owner, llm, kinds=["dialogue"], llm_timeout=120) as b:
        stats = b.run(max_jobs=1)
    assert stats.submitted == 1
    stored = server.mem.store.get_job(job["id"])
    assert stored is not None and stored.status in ("done", "queued")
    if stored.status == "done":
        assert stored.result is not None and stored.result["applied"]["reply"].strip()
