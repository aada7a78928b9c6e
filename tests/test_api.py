"""The HTTP API: error shapes over a real server, OpenAPI, pagination, erase, the CLI."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from soulmem import Memory
from soulmem.api import create_app, create_key
from soulmem.api.app import serve_in_thread
from soulmem.cli import app as cli
from soulmem.config import Config, SurpriseConfig
from soulmem.embed import FakeEmbedder
from soulmem.store.sqlite.writer import scope_token

OBSERVE = "/v1/scopes/u1/luna/observe"


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def served(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[str, dict[str, str]]]:
    db = str(tmp_path_factory.mktemp("api") / "soul.db")
    if request.param == "postgres":
        db = request.getfixturevalue("pg_new_database")()
    mem = Memory.open(
        db, embedder=FakeEmbedder(), config=Config(surprise=SurpriseConfig(enabled=False))
    )
    _, key = create_key(mem.store, "acme", role="owner")
    with serve_in_thread(create_app(mem, max_body_bytes=1_000_000)) as url:
        yield url, {"Authorization": f"Bearer {key}"}
    mem.close()


def post(served: tuple[str, dict[str, str]], path: str, **kwargs: Any) -> httpx.Response:
    url, headers = served
    return httpx.post(url + path, headers={**headers, **kwargs.pop("headers", {})}, **kwargs)


def error_of(response: httpx.Response) -> tuple[int, str]:
    body = response.json()
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message"}
    assert body["error"]["message"] and "Traceback" not in response.text
    return response.status_code, body["error"]["code"]


JSON = {"Content-Type": "application/json"}


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (b"{not json", (400, "invalid_json")),
        (b'{"user": "\xff\xfe caf\xe9"}', (400, "invalid_json")),
        (b"", (422, "validation_error")),
        (b"[1, 2]", (422, "validation_error")),
        (b'{"user": 5}', (422, "validation_error")),
        (b'{"user": "hi", "salience": "lots"}', (422, "validation_error")),
        (b'{"user": "hi", "colour": "red"}', (422, "validation_error")),
        (b'{"user": "hi", "images": "not a list"}', (422, "validation_error")),
        (b"{}", (400, "invalid_input")),
        (b'{"user": "   "}', (400, "invalid_input")),
        (b'{"user": "hi", "salience": 11}', (400, "invalid_input")),
        (b'{"user": "hi", "source": "telepathy"}', (400, "invalid_input")),
        (b'{"user": "hi", "at": "yesterday-ish"}', (400, "invalid_input")),
        (json.dumps({"user": "x" * 200_001}).encode(), (413, "input_too_large")),
        (json.dumps({"user": "x" * 2_000_000}).encode(), (413, "input_too_large")),
    ],
)
def test_bad_observe_bodies_get_json_errors(
    served: tuple[str, dict[str, str]], body: bytes, expected: tuple[int, str]
) -> None:
    assert error_of(post(served, OBSERVE, content=body, headers=JSON)) == expected


def test_a_streamed_body_over_the_limit_is_413(served: tuple[str, dict[str, str]]) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"user": "'
        for _ in range(40):
            yield b"x" * 50_000
        yield b'"}'

    response = post(served, OBSERVE, content=chunks(), headers=JSON)
    assert error_of(response) == (413, "input_too_large")


@pytest.mark.parametrize(
    ("method", "path", "body", "expected"),
    [
        ("POST", "/v1/scopes/u1/luna/recall", {"query": 3}, (422, "validation_error")),
        (
            "POST",
            "/v1/scopes/u1/luna/recall",
            {"query": "a", "max_items": 0},
            (422, "validation_error"),
        ),
        ("GET", "/v1/scopes/u1/luna/memories?limit=501", None, (422, "validation_error")),
        ("GET", "/v1/scopes/u1/luna/memories?offset=-1", None, (422, "validation_error")),
        ("GET", "/v1/scopes/u1/luna/memories?limit=ten", None, (422, "validation_error")),
        ("GET", "/v1/scopes/u1/luna/memories/mem_nope", None, (404, "not_found")),
        ("DELETE", "/v1/scopes/u1/luna/memories/mem_nope", None, (404, "not_found")),
        ("POST", "/v1/scopes/u1/luna/memories/mem_nope/restore", None, (404, "not_found")),
        ("POST", "/v1/scopes/u1/luna/inbox/nope/decide", {"approve": True}, (404, "not_found")),
        (
            "POST",
            "/v1/scopes/u1/luna/inbox/nope/decide",
            {"approve": "maybe"},
            (422, "validation_error"),
        ),
        ("GET", "/v1/scopes/u1/luna/inbox?status=weird", None, (422, "validation_error")),
        ("POST", "/v1/scopes/u1/luna/import", {"records": [1]}, (422, "validation_error")),
        ("POST", "/v1/scopes/u1/luna/import", {"records": [{"user": ""}]}, (400, "invalid_input")),
        ("GET", "/v1/scopes/u1/luna/facts?world_id=" + "w" * 300, None, (422, "validation_error")),
        ("GET", "/v1/nowhere", None, (404, "not_found")),
        ("PUT", "/v1/health", None, (405, "method_not_allowed")),
    ],
)
def test_bad_requests_get_json_errors(
    served: tuple[str, dict[str, str]], method: str, path: str, body: Any, expected: tuple[int, str]
) -> None:
    url, headers = served
    response = httpx.request(method, url + path, json=body, headers=headers)
    assert error_of(response) == expected


def test_unexpected_failures_are_a_bare_500(mem: Memory) -> None:
    _, key = create_key(mem.store, "acme", role="admin")

    def broken() -> dict[str, Any]:
        raise RuntimeError("secret detail from deep inside")

    mem.store.stats = broken  # type: ignore[method-assign]
    client = TestClient(create_app(mem), raise_server_exceptions=False)
    response = client.get("/v1/metrics", headers={"X-API-Key": key})
    assert response.status_code == 500
    assert response.json() == {"error": {"code": "internal_error", "message": "internal error"}}


def test_openapi_schema_is_served(served: tuple[str, dict[str, str]]) -> None:
    url, _ = served
    schema = httpx.get(url + "/openapi.json").json()
    paths = schema["paths"]
    for path in ("/observe", "/recall", "/facts", "/memories", "/forgetting", "/inbox", "/soul"):
        assert f"/v1/scopes/{{user_id}}/{{agent_id}}{path}" in paths
    assert "/v1/users/{user_id}" in paths and "/v1/health" in paths and "/v1/metrics" in paths
    assert "ObserveIn" in schema["components"]["schemas"]


def test_lists_are_paginated(served: tuple[str, dict[str, str]]) -> None:
    url, headers = served
    texts = ["I like plums.", "I run on Tuesdays.", "My cat is Nabi.", "I work at a bakery."]
    for text in texts:
        assert post(served, "/v1/scopes/pager/luna/observe", json={"user": text}).status_code == 200
    seen: list[str] = []
    offset: int | None = 0
    while offset is not None:
        page = httpx.get(
            url + "/v1/scopes/pager/luna/memories",
            params={"limit": 3, "offset": offset},
            headers=headers,
        ).json()
        assert page["limit"] == 3 and page["offset"] == offset
        seen += [m["id"] for m in page["items"]]
        offset = page["next_offset"]
    assert len(seen) == len(set(seen)) == 4
    facts = httpx.get(url + "/v1/scopes/pager/luna/facts?limit=1", headers=headers).json()
    assert len(facts["items"]) <= 1 and set(facts) == {"items", "limit", "offset", "next_offset"}


def test_erase_user_leaves_no_row_behind(tmp_path: Path) -> None:
    db = tmp_path / "erase.db"
    mem = Memory.open(db, embedder=FakeEmbedder())
    scopes = [("t::gone", "luna", None), ("t::gone", "rex", "w1"), ("t::kept", "luna", None)]
    for user, agent, world in scopes:
        scoped = mem.scope(user, agent, world)
        for text in ("My name is Mina.", "I love green tea.", "I moved to Busan in May."):
            scoped.observe(user=text, assistant="Noted!", session_id="s1")
        if user == "t::gone":
            scoped.observe(user="My locker code is zebra-4815.", assistant="Safe with me.")
        scoped.maintain()
    store = mem.store
    deleted = store.erase_user("t::gone")
    assert deleted > 0
    conn = sqlite3.connect(db)
    try:
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        for table in tables:
            columns = [r[1] for r in conn.execute(f"PRAGMA table_info({table})")]
            if "user_id" in columns:
                count = conn.execute(
                    f"SELECT count(*) FROM {table} WHERE user_id = 't::gone'"
                ).fetchone()[0]
                assert count == 0, table
        gone = [scope_token(mem.scope(u, a, w).scope) for u, a, w in scopes[:2]]
        for token in gone:
            assert (
                conn.execute(
                    "SELECT count(*) FROM lexical WHERE scope_key = ?", (token,)
                ).fetchone()[0]
                == 0
            )
            assert (
                conn.execute(
                    "SELECT count(*) FROM vector_versions WHERE scope_key = ?", (token,)
                ).fetchone()[0]
                == 0
            )
        docs = conn.execute("SELECT count(*) FROM lexical_docs").fetchone()[0]
        assert docs == conn.execute("SELECT count(*) FROM lexical").fetchone()[0]
        assert (
            conn.execute(
                "SELECT count(*) FROM memory_sources "
                "WHERE memory_id NOT IN (SELECT id FROM memories)"
            ).fetchone()[0]
            == 0
        )
        assert (
            conn.execute(
                "SELECT count(*) FROM event_affects WHERE event_id NOT IN (SELECT id FROM events)"
            ).fetchone()[0]
            == 0
        )
    finally:
        conn.close()
    assert "Busan" in mem.scope("t::kept", "luna").recall("where do I live?").text
    again = mem.scope("t::gone", "luna")
    again.observe(user="Hello, I am new here.")
    assert "Mina" not in again.recall("what is my name?").text
    mem.close()
    files = [p for p in tmp_path.iterdir() if p.name.startswith("erase.db")]
    assert not any(b"zebra" in p.read_bytes() for p in files)


def test_cli_keys_create_list_revoke(tmp_path: Path) -> None:
    runner = CliRunner()
    db = str(tmp_path / "keys.db")
    result = runner.invoke(
        cli, ["keys", "create", "--tenant", "acme", "--role", "owner", "--db", db]
    )
    assert result.exit_code == 0, result.output
    key = result.stdout.strip().splitlines()[-1]
    assert key.startswith("sm_") and " " not in key
    listed = runner.invoke(cli, ["keys", "list", "--db", db])
    record = json.loads(listed.stdout.strip().splitlines()[-1])
    assert record["tenant"] == "acme" and record["role"] == "owner" and key not in listed.stdout
    assert runner.invoke(cli, ["keys", "revoke", record["id"], "--db", db]).exit_code == 0
    bad = runner.invoke(cli, ["keys", "create", "--tenant", "acme", "--role", "root", "--db", db])
    assert bad.exit_code != 0


def test_cli_keys_can_be_used_on_the_server(tmp_path: Path) -> None:
    db = tmp_path / "k.db"
    runner = CliRunner()
    result = runner.invoke(cli, ["keys", "create", "--tenant", "t", "--db", str(db)])
    key = result.stdout.strip().splitlines()[-1]
    mem = Memory.open(db, embedder=FakeEmbedder())
    try:
        client = TestClient(create_app(mem))
        ok = client.get("/v1/scopes/u/luna/facts", headers={"Authorization": f"Bearer {key}"})
        assert ok.status_code == 200
        record = mem.store.list_keys("t")[0]
        mem.store.revoke_key(record.id, mem.clock.now())
        gone = client.get("/v1/scopes/u/luna/facts", headers={"Authorization": f"Bearer {key}"})
        assert gone.status_code == 401
    finally:
        mem.close()


def test_serve_refuses_a_remote_host_without_allow_remote() -> None:
    result = CliRunner().invoke(cli, ["serve", "--host", "0.0.0.0", "--db", ":memory:"])
    assert result.exit_code != 0 and "allow-remote" in result.output


def test_bench_api_reports_latency_per_concurrency() -> None:
    result = CliRunner().invoke(
        cli,
        ["bench", "api", "--json", "--clients", "1,2", "--seconds", "0.5", "--embedder", "fake"],
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert set(report) == {"1", "2"}
    for level in report.values():
        assert level["observe_ms"]["p50"] > 0 and level["recall_ms"]["p95"] > 0
        assert level["rps"] > 0 and level["errors"] == 0
