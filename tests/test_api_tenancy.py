"""Tenant isolation: for every endpoint, a key of tenant A never reads or changes tenant B.

User ids live in their tenant's namespace (``alpha::bob`` and ``beta::bob`` are different
users), so tenant A has three ways to aim at B's data, and each is tested on every endpoint:
naming B's tenant in the user id (403), B's record ids (404 or 403), and B's user name
(which is A's own, empty user: nothing of B's is shown or changed).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from soulmem import Memory
from soulmem.api import create_app, create_key
from soulmem.api.app import serve_in_thread
from soulmem.config import Config, SurpriseConfig
from soulmem.embed import FakeEmbedder
from soulmem.model import InboxItem, Scope, new_id

SECRET = "Bob's locker code is 4815"


@dataclass
class World:
    url: str
    db: Path
    mem: Memory
    keys: dict[str, str]
    memory_id: str
    queued_id: str
    inbox_id: str


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    db = tmp_path_factory.mktemp("tenancy") / "soul.db"
    mem = Memory.open(
        db, embedder=FakeEmbedder(), config=Config(surprise=SurpriseConfig(enabled=False))
    )
    store = mem.store
    keys = {
        "a_agent": create_key(store, "alpha", role="agent")[1],
        "a_owner": create_key(store, "alpha", role="owner")[1],
        "a_admin": create_key(store, "alpha", role="admin")[1],
        "a_bound": create_key(store, "alpha", role="agent", user_id="amy")[1],
        "b_owner": create_key(store, "beta", role="owner")[1],
    }
    revoked, revoked_key = create_key(store, "alpha", role="owner")
    store.revoke_key(revoked.id, mem.clock.now())
    keys["a_revoked"] = revoked_key
    bob = mem.scope("beta::bob", "luna")
    kept = bob.observe(user=SECRET, assistant="I won't tell.").memory
    queued = bob.observe(user="My birthday is on May 2.").memory
    assert kept is not None and queued is not None
    bob.forget(queued.id)
    inbox = InboxItem(
        id=new_id("inbox"),
        scope=Scope("beta::bob", "luna"),
        kind="m0_candidate",
        payload={"memory_id": kept.id},
        status="pending",
        created_at=mem.clock.now(),
    )
    with store.transaction() as tx:
        tx.put_inbox(inbox)
    with serve_in_thread(create_app(mem)) as url:
        yield World(url, db, mem, keys, kept.id, queued.id, inbox.id)
    mem.close()


def endpoints(user: str, w: World) -> list[tuple[str, str, Any]]:
    """Every endpoint, aimed at ``user`` and at B's record ids."""
    base = f"/v1/scopes/{user}/luna"
    return [
        ("POST", f"{base}/observe", {"user": "hello there"}),
        ("POST", f"{base}/recall", {"query": "locker code"}),
        ("GET", f"{base}/facts", None),
        ("GET", f"{base}/memories", None),
        ("GET", f"{base}/memories/{w.memory_id}", None),
        ("DELETE", f"{base}/memories/{w.memory_id}", None),
        ("POST", f"{base}/memories/{w.queued_id}/restore", None),
        ("GET", f"{base}/forgetting", None),
        ("GET", f"{base}/inbox?status=all", None),
        ("POST", f"{base}/inbox/{w.inbox_id}/decide", {"approve": True, "reason": "x"}),
        ("GET", f"{base}/relationship", None),
        ("GET", f"{base}/soul", None),
        ("GET", f"{base}/export", None),
        ("POST", f"{base}/import", {"records": [{"user": "imported turn"}]}),
        # the panel's JSON routes
        ("GET", f"{base}/search?q=locker", None),
        ("GET", f"{base}/memories/{w.memory_id}/detail", None),
        ("GET", f"{base}/facts/history", None),
        ("GET", f"{base}/relationship/history", None),
        ("GET", f"{base}/self", None),
        ("GET", f"{base}/timeline", None),
        ("DELETE", f"/v1/users/{user}", None),
    ]


BY_ID = ("/memories/mem_", "/restore", "/decide")


def dump(db: Path, where: str = "") -> dict[str, list[str]]:
    """Every row of every table (or only those matching ``where`` in tables that have it)."""
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        tables = [
            r[0]
            for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            if not r[0].startswith("sqlite_")
        ]
        result = {}
        for table in tables:
            columns = [r[1] for r in conn.execute(f"PRAGMA table_info({table})")]
            if where and "user_id" not in columns:
                continue
            query = f"SELECT * FROM {table}" + (f" WHERE {where}" if where else "")
            result[table] = sorted(repr(row) for row in conn.execute(query))
        return result
    finally:
        conn.close()


def call(w: World, key: str, method: str, path: str, body: Any) -> httpx.Response:
    headers = {"Authorization": f"Bearer {w.keys[key]}"}
    return httpx.request(method, w.url + path, json=body, headers=headers, timeout=30)


def beta_rows(w: World) -> dict[str, list[str]]:
    return dump(w.db, "user_id LIKE 'beta::%'")


@pytest.mark.parametrize("key", ["a_agent", "a_owner", "a_admin"])
@pytest.mark.parametrize("user", ["beta::bob", "beta%3A%3Abob"])
def test_naming_another_tenant_is_forbidden(world: World, key: str, user: str) -> None:
    before = dump(world.db)
    for method, path, body in endpoints(user, world):
        response = call(world, key, method, path, body)
        assert response.status_code == 403, (method, path, response.text)
        assert response.json()["error"]["code"] == "permission_denied"
    assert dump(world.db) == before


@pytest.mark.parametrize("key", ["a_agent", "a_owner", "a_admin"])
def test_another_tenants_records_are_not_found(world: World, key: str) -> None:
    """B's ids under A's "bob" (A's own user): 404 (403 for an agent deciding)."""
    before = dump(world.db)
    for method, path, body in endpoints("bob", world):
        if not any(marker in path for marker in BY_ID):
            continue
        response = call(world, key, method, path, body)
        assert response.status_code in (403, 404), (method, path, response.text)
        assert SECRET not in response.text
    assert dump(world.db) == before


@pytest.mark.parametrize("key", ["a_agent", "a_owner", "a_admin", "a_bound"])
def test_the_same_user_name_is_another_user(world: World, key: str) -> None:
    """A's "bob" is not B's bob: nothing of B's is shown, and B's rows never change."""
    before = beta_rows(world)
    for method, path, body in endpoints("bob", world):
        response = call(world, key, method, path, body)
        assert response.status_code in (200, 403, 404), (method, path, response.text)
        assert response.status_code < 500
        assert SECRET not in response.text and "beta" not in response.text
        assert world.memory_id not in response.text or response.status_code == 404
    assert beta_rows(world) == before
    # B still sees everything of its own
    response = call(world, "b_owner", "GET", "/v1/scopes/bob/luna/export", None)
    assert response.status_code == 200 and SECRET in response.text


def test_bound_agent_key_touches_its_user_only(world: World) -> None:
    before = dump(world.db)
    for method, path, body in endpoints("bob", world):
        response = call(world, "a_bound", method, path, body)
        assert response.status_code == 403, (method, path)
    assert dump(world.db) == before
    ok = call(world, "a_bound", "POST", "/v1/scopes/amy/luna/observe", {"user": "Hi, I'm Amy."})
    assert ok.status_code == 200 and ok.json()["event"]["scope"]["user_id"] == "amy"


@pytest.mark.parametrize("key", ["a_revoked", "missing", "malformed"])
def test_without_a_valid_key_every_endpoint_is_401(world: World, key: str) -> None:
    before = dump(world.db)
    for method, path, body in [*endpoints("bob", world), ("GET", "/v1/metrics", None)]:
        if key == "missing":
            headers = {}
        elif key == "malformed":
            headers = {"Authorization": "Basic Ym9iOmJvYg=="}
        else:
            headers = {"X-API-Key": world.keys[key]}
        response = httpx.request(method, world.url + path, json=body, headers=headers)
        assert response.status_code == 401, (method, path)
        assert response.json()["error"]["code"] == "unauthorized"
    assert dump(world.db) == before


def test_agent_role_cannot_decide_erase_or_read_metrics(world: World) -> None:
    alpha = world.mem.scope("alpha::carol", "luna")
    memory = alpha.observe(user="Carol loves the sea.").memory
    assert memory is not None
    item = InboxItem(
        id=new_id("inbox"),
        scope=Scope("alpha::carol", "luna"),
        kind="m0_candidate",
        payload={"memory_id": memory.id},
        status="pending",
        created_at=world.mem.clock.now(),
    )
    with world.mem.store.transaction() as tx:
        tx.put_inbox(item)
    before = dump(world.db)
    decide = f"/v1/scopes/carol/luna/inbox/{item.id}/decide"
    assert call(world, "a_agent", "POST", decide, {"approve": True}).status_code == 403
    assert call(world, "a_agent", "DELETE", "/v1/users/carol", None).status_code == 403
    assert call(world, "a_agent", "GET", "/v1/metrics", None).status_code == 403
    assert call(world, "a_owner", "GET", "/v1/metrics", None).status_code == 403
    assert dump(world.db) == before
    assert call(world, "a_owner", "POST", decide, {"approve": False}).status_code == 200
    assert call(world, "a_admin", "GET", "/v1/metrics", None).status_code == 200


def test_another_tenants_brain_jobs_are_invisible(world: World) -> None:
    """The brain-job door: B's job is not listed, leased, read or answered by A's keys."""
    from soulmem.jobs.queue import enqueue

    bob = Scope("beta::bob", "luna")
    job = enqueue(world.mem, "dialogue", bob, {"message": SECRET}, tenant="beta")
    before = dump(world.db)
    for key in ("a_owner", "a_admin"):
        listed = call(world, key, "GET", "/v1/jobs", None)
        assert listed.status_code == 200 and job.id not in listed.text and SECRET not in listed.text
        leased = call(world, key, "POST", "/v1/jobs/lease", {"kinds": ["dialogue"], "worker": "w"})
        assert leased.status_code == 200 and leased.json()["jobs"] == []
        assert call(world, key, "GET", f"/v1/jobs/{job.id}", None).status_code == 404
        answer = {"worker": "w", "result": {"reply": "hi"}}
        assert call(world, key, "POST", f"/v1/jobs/{job.id}/result", answer).status_code == 404
    for method, path, body in (
        ("GET", "/v1/jobs", None),
        ("POST", "/v1/jobs/lease", {"kinds": ["dialogue"], "worker": "w"}),
        ("GET", f"/v1/jobs/{job.id}", None),
    ):
        assert call(world, "a_agent", method, path, body).status_code == 403
    assert dump(world.db) == before
    seen = call(world, "b_owner", "GET", f"/v1/jobs/{job.id}", None)
    assert seen.status_code == 200 and SECRET in seen.text  # the control: B sees its own
