"""The tenant matrix beyond the JSON API (tests/test_api_tenancy.py): the web panel and the
MCP server; and the agent role, which can never approve inbox items or change core memories
(M0) or beliefs through any door."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import anyio
import pytest
from fastapi.testclient import TestClient

from panel_seed import AGENT, TENANT, USER, Seeded, seed  # tests/ is on sys.path
from soulmem.api import create_app, create_key
from soulmem.model import Tier

pytest.importorskip("mcp")

#: words from mina's memories (tests/panel_seed.py)
MINA = ("Lisbon", "basil", "Oslo", "나비")


@dataclass
class World:
    seeded: Seeded
    db: Path
    agent: str
    other_owner: str
    other_secret: str


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    db = tmp_path_factory.mktemp("isolation") / "soul.db"
    seeded = seed(db)
    store = seeded.mem.store
    agent = create_key(store, TENANT, role="agent")[1]
    other_owner = create_key(store, "beta", role="owner")[1]
    secret = "Beta's vault phrase is cobalt-heron"
    seeded.mem.scope("beta::bob", AGENT).observe(user=secret)
    yield World(seeded, db, agent, other_owner, secret)
    seeded.mem.close()


def rows(db: Path, where: str = "") -> dict[str, list[str]]:
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        out = {}
        for (table,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'"):
            columns = [r[1] for r in conn.execute(f"PRAGMA table_info({table})")]
            if table.startswith("sqlite_") or (where and "user_id" not in columns):
                continue
            query = f"SELECT * FROM {table}" + (f" WHERE {where}" if where else "")
            out[table] = sorted(repr(r) for r in conn.execute(query))
        return out
    finally:
        conn.close()


def acme_rows(w: World) -> dict[str, list[str]]:
    return rows(w.db, f"user_id LIKE '{TENANT}::%'")


def self_rows(w: World) -> dict[str, list[str]]:
    """What only the owner may change: beliefs, islands, the inbox, SOUL.md, and M0."""
    everything = rows(w.db)
    keep = ("beliefs", "belief_versions", "islands", "inbox", "soul_versions")
    out = {t: everything[t] for t in keep if t in everything}
    out["m0"] = [r for r in everything["memories"] if f"'{Tier.M0.value}'" in r]
    return out


def csrf(html: str) -> str:
    found = re.search(r'name="csrf_token" value="([^"]+)"', html)
    assert found, html[:300]
    return found.group(1)


def panel_requests(w: World, user: str) -> list[tuple[str, str, dict[str, str]]]:
    """Every panel view and action, aimed at ``user`` and at acme's record ids."""
    s = w.seeded
    base = f"/s/{user}/{AGENT}"
    memory = s.memories["sunrise"]
    views = ["", "/cliff", "/facts", "/relationship", "/self", "/inbox", "/timeline"]
    requests = [("GET", base + v, {}) for v in views]
    requests += [
        ("GET", f"{base}?q=moved", {}),
        ("GET", f"{base}/memories/{memory}", {}),
        ("GET", f"/u/{user}/erase", {}),
        ("POST", f"{base}/memories/{memory}/delete", {}),
        ("POST", f"{base}/memories/{s.queued_id}/restore", {}),
        ("POST", f"{base}/inbox/{s.inbox_ids['belief']}/decide", {"decision": "approve"}),
        ("POST", f"{base}/inbox/{s.inbox_ids['m0_candidate']}/decide", {"decision": "approve"}),
        ("POST", f"/u/{user}/erase", {"confirm": user}),
    ]
    return requests


def test_panel_owner_of_another_tenant_sees_and_changes_nothing(world: World) -> None:
    before = acme_rows(world)
    with TestClient(create_app(world.seeded.mem), follow_redirects=False) as browser:
        form = browser.get("/login")
        browser.post("/login", data={"api_key": world.other_owner, "csrf_token": csrf(form.text)})
        token = csrf(browser.get("/").text)
        for user in (USER, f"{TENANT}::{USER}", f"{TENANT}%3A%3A{USER}"):
            for method, path, data in panel_requests(world, user):
                if method == "GET":
                    response = browser.get(path)
                else:
                    response = browser.post(path, data={**data, "csrf_token": token})
                assert response.status_code in (200, 303, 400, 403, 404), (path, response.text)
                body = response.text
                assert not [x for x in MINA if x in body], path
        # the control: mina's own owner does see it
        own = {"Authorization": f"Bearer {world.seeded.owner_key}"}
        assert all(x in browser.get(f"/s/{USER}/{AGENT}", headers=own).text for x in MINA)
    assert acme_rows(world) == before


def test_panel_refuses_the_agent_role_everywhere(world: World) -> None:
    before = rows(world.db)
    auth = {"Authorization": f"Bearer {world.agent}"}
    with TestClient(create_app(world.seeded.mem), follow_redirects=False) as browser:
        for method, path, data in panel_requests(world, USER):
            if method == "GET":
                response = browser.get(path, headers=auth)
                assert response.status_code in (303, 403), path
            else:
                response = browser.post(path, data={**data, "csrf_token": "x"}, headers=auth)
                assert response.status_code in (303, 403), path
            assert "Lisbon" not in response.text
    assert rows(world.db) == before


def test_http_agent_role_cannot_touch_the_self(world: World) -> None:
    """Approve, reject, forget a core memory, erase, or run brain jobs: all refused."""
    import httpx

    from soulmem.api.app import serve_in_thread

    s = world.seeded
    before = self_rows(world)
    base = f"/v1/scopes/{USER}/{AGENT}"
    attempts = [
        ("POST", f"{base}/inbox/{s.inbox_ids['belief']}/decide", {"approve": True}),
        ("POST", f"{base}/inbox/{s.inbox_ids['m0_candidate']}/decide", {"approve": True}),
        ("POST", f"{base}/inbox/{s.inbox_ids['belief']}/decide", {"approve": False}),
        ("DELETE", f"{base}/memories/{s.memories['core']}", None),
        ("DELETE", f"/v1/users/{USER}", None),
        ("POST", "/v1/jobs/lease", {"kinds": ["reflect"]}),
        ("POST", "/v1/jobs", {"kind": "reflect", "user_id": USER, "agent_id": AGENT}),
    ]
    with serve_in_thread(create_app(s.mem)) as url:
        for method, path, body in attempts:
            response = httpx.request(
                method, url + path, json=body, headers={"Authorization": f"Bearer {world.agent}"}
            )
            assert 400 <= response.status_code < 500, (path, response.text)
            assert response.json()["error"]["message"]
    assert self_rows(world) == before
    assert s.mem.scope(f"{TENANT}::{USER}", AGENT).memory(s.memories["core"]).tier == Tier.M0


def test_mcp_server_is_confined_to_its_scope_and_cannot_decide(world: World) -> None:
    from mcp import Client

    from soulmem.mcp import build_server

    s = world.seeded
    before_self = self_rows(world)
    before_bob = rows(world.db, "user_id LIKE 'beta::%'")
    server = build_server(s.mem, f"{TENANT}::jun", AGENT)  # jun's scope, next to mina's
    mina_ids = [*s.memories.values(), s.queued_id]

    async def probe() -> None:
        async with Client(server) as client:
            names = {t.name for t in (await client.list_tools()).tools}
            assert not names & {"decide", "approve", "reject", "erase", "set_belief"}
            texts = []
            for memory_id in mina_ids:
                for tool in ("forget", "restore"):
                    result = await client.call_tool(tool, {"memory_id": memory_id})
                    assert result.is_error, (tool, memory_id)
            for tool, args in (
                ("recall", {"query": "Lisbon basil cobalt heron vault"}),
                ("search_facts", {}),
                ("inbox", {}),
                ("soul", {}),
            ):
                result = await client.call_tool(tool, args)
                assert not result.is_error
                texts.append(str(result.structured_content) + str(result.content))
            working = await client.read_resource("soulmem://working-set")
            texts.append(str(working.contents))
            joined = "\n".join(texts)
            assert "Lisbon" not in joined and "basil" not in joined
            assert world.other_secret not in joined and "cobalt" not in joined
            assert not any(i in joined for i in s.inbox_ids.values())

    anyio.run(probe)
    assert self_rows(world) == before_self
    assert rows(world.db, "user_id LIKE 'beta::%'") == before_bob
