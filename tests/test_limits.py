"""The service's limits: requests per key (429 with Retry-After), request size (413) and
recall caps (400), with the defaults docs/reliability.md documents."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from soulmem import Client, Memory
from soulmem.api import create_app, create_key
from soulmem.api.app import serve_in_thread
from soulmem.api.limits import RateLimiter
from soulmem.config import DEFAULT_MAX_BODY_BYTES, ServiceLimits
from soulmem.embed import FakeEmbedder
from soulmem.errors import ConfigError, RateLimited

OBSERVE = "/v1/scopes/u/luna/observe"


@pytest.fixture
def memory() -> Iterator[Memory]:
    mem = Memory.open(":memory:", embedder=FakeEmbedder())
    yield mem
    mem.close()


def events(mem: Memory) -> int:
    return sum(1 for _ in mem.store.iter_events())


def test_the_documented_defaults() -> None:
    limits = ServiceLimits()
    assert limits.max_body_bytes == DEFAULT_MAX_BODY_BYTES == 8 * 1024 * 1024
    assert (limits.rate_per_minute, limits.rate_burst) == (6_000, 300)
    assert (limits.max_recall_budget_tokens, limits.max_recall_items) == (32_000, 500)
    for bad in ({"rate_per_minute": -1}, {"rate_burst": 0}, {"max_recall_budget_tokens": 0}):
        with pytest.raises(ConfigError):
            ServiceLimits(**bad)


def test_a_key_over_its_rate_gets_429_and_writes_nothing(memory: Memory) -> None:
    _, key = create_key(memory.store, "acme")
    _, other = create_key(memory.store, "acme")
    app = create_app(memory, limits=ServiceLimits(rate_per_minute=6, rate_burst=3))
    with TestClient(app) as client:
        auth = {"Authorization": f"Bearer {key}"}
        for n in range(3):
            assert client.post(OBSERVE, json={"user": f"turn {n}"}, headers=auth).status_code == 200
        before = events(memory)
        refused = client.post(OBSERVE, json={"user": "one too many"}, headers=auth)
        assert refused.status_code == 429
        assert refused.json()["error"]["code"] == "rate_limited"
        assert "6 a minute" in refused.json()["error"]["message"]
        assert 1 <= int(refused.headers["Retry-After"]) <= 10
        assert events(memory) == before
        assert client.get("/v1/scopes/u/luna/facts", headers=auth).status_code == 429
        # another key has its own bucket; health needs no key and is never limited
        assert client.post(
            OBSERVE, json={"user": "hi"}, headers={"Authorization": f"Bearer {other}"}
        ).is_success
        assert client.get("/v1/health").status_code == 200


def test_the_client_raises_rate_limited_with_retry_after(memory: Memory) -> None:
    _, key = create_key(memory.store, "acme")
    app = create_app(memory, limits=ServiceLimits(rate_per_minute=1, rate_burst=1))
    with serve_in_thread(app) as url, Client(url, api_key=key) as client:
        luna = client.scope(user_id="u", agent_id="luna")
        luna.observe(user="first")
        with pytest.raises(RateLimited) as caught:
            luna.observe(user="second")
        assert caught.value.status == 429 and caught.value.retry_after >= 1


def test_the_bucket_refills_at_the_rate(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [1000.0]
    monkeypatch.setattr("soulmem.api.limits.time.monotonic", lambda: now[0])
    limiter = RateLimiter(per_minute=60, burst=2)
    limiter.check("k")
    limiter.check("k")
    with pytest.raises(RateLimited):
        limiter.check("k")
    now[0] += 1.0  # one request a second
    limiter.check("k")
    with pytest.raises(RateLimited):
        limiter.check("k")
    RateLimiter(per_minute=0, burst=1).check("k")  # 0: off


def test_body_size_and_recall_caps(memory: Memory) -> None:
    _, key = create_key(memory.store, "acme")
    limits = ServiceLimits(max_body_bytes=2_000, max_recall_budget_tokens=100, max_recall_items=5)
    auth = {"Authorization": f"Bearer {key}"}
    with TestClient(create_app(memory, limits=limits)) as client:
        big = client.post(OBSERVE, json={"user": "x" * 3_000}, headers=auth)
        assert big.status_code == 413 and big.json()["error"]["code"] == "input_too_large"
        recall = "/v1/scopes/u/luna/recall"
        ok = client.post(recall, json={"query": "x", "budget_tokens": 100}, headers=auth)
        assert ok.status_code == 200
        for body in ({"query": "x", "budget_tokens": 101}, {"query": "x", "max_items": 6}):
            response = client.post(recall, json=body, headers=auth)
            assert response.status_code == 400, body
            assert "on this server" in response.json()["error"]["message"]
    assert events(memory) == 0
