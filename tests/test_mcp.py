"""The MCP server, driven by the ``mcp`` SDK's own client: in-process, over stdio (the
``soulmem mcp`` command as a subprocess) and over streamable HTTP (``soulmem mcp --http``)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest

pytest.importorskip("mcp")

from mcp import Client
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp_types import CallToolResult, TextContent, TextResourceContents

from soulmem import ManualClock, Memory
from soulmem.bench.server import free_port
from soulmem.embed import FakeEmbedder
from soulmem.mcp import build_server
from soulmem.model import InboxItem

TOOLS = {"remember", "recall", "search_facts", "forget", "restore", "inbox", "soul"}
TIMEOUT_S = 60


def soulmem_command() -> list[str]:
    """The installed console script next to this interpreter, else the same via -c."""
    script = Path(sys.executable).with_name("soulmem")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "from soulmem.cli import main; main()"]


def run_async(fn: Callable[[], Awaitable[None]]) -> None:
    async def bounded() -> None:
        with anyio.fail_after(TIMEOUT_S):
            await fn()

    anyio.run(bounded)


def text_of(result: CallToolResult) -> str:
    return "\n".join(c.text for c in result.content if isinstance(c, TextContent))


def structured(result: CallToolResult) -> dict[str, Any]:
    assert not result.is_error, text_of(result)
    data: dict[str, Any] | None = result.structured_content
    assert data is not None
    return data


async def remember_then_recall(client: Client) -> None:
    """The acceptance path: every tool listed, remember a fact, recall it, read SOUL.md."""
    listed = await client.list_tools()
    assert {t.name for t in listed.tools} == TOOLS
    created = structured(
        await client.call_tool("remember", {"user": "My cat is called Mochi", "session_id": "s1"})
    )
    assert created["event_id"].startswith("ev_")
    assert created["memory_id"]
    recalled = await client.call_tool("recall", {"query": "what is my cat called?"})
    out = structured(recalled)
    assert "Mochi" in out["text"]
    assert "Mochi" in text_of(recalled)
    assert any("Mochi" in item["text"] and item["kind"] == "turn" for item in out["items"])
    assert all({"kind", "text", "score"} <= item.keys() for item in out["items"])
    soul = await client.read_resource("soulmem://soul")
    content = soul.contents[0]
    assert isinstance(content, TextResourceContents)
    assert content.mime_type == "text/markdown"
    assert content.text.startswith("# SOUL.md")
    working = await client.read_resource("soulmem://working-set")
    assert isinstance(working.contents[0], TextResourceContents)
    assert "My cat is called Mochi" in working.contents[0].text


# -- in-process -------------------------------------------------------------------------------


@pytest.fixture
def memory(clock: ManualClock) -> Iterator[Memory]:
    engine = Memory.open(":memory:", embedder=FakeEmbedder(), clock=clock)
    yield engine
    engine.close()


def test_in_process_remember_recall(memory: Memory) -> None:
    async def go() -> None:
        async with Client(build_server(memory, "u", "a")) as client:
            await remember_then_recall(client)

    run_async(go)


def test_tools_resources_and_errors(memory: Memory) -> None:
    other = memory.scope("someone-else", "a")
    foreign = other.observe(user="My dog is called Rex", session_id="x")
    assert foreign.memory is not None
    foreign_id = foreign.memory.id

    async def go() -> None:
        async with Client(build_server(memory, "u", "a")) as client:
            resources = await client.list_resources()
            assert {str(r.uri) for r in resources.resources} == {
                "soulmem://soul",
                "soulmem://working-set",
            }
            first = structured(await client.call_tool("remember", {"user": "I live in Seoul."}))
            structured(await client.call_tool("remember", {"user": "My name is Alex."}))
            facts = structured(await client.call_tool("search_facts", {}))["facts"]
            values = {f["value"] for f in facts}
            assert {"Seoul", "Alex"} <= values, facts
            assert all({"subject", "value", "category"} <= f.keys() for f in facts)
            seoul = structured(await client.call_tool("search_facts", {"query": "seoul"}))
            assert [f["value"] for f in seoul["facts"]] == ["Seoul"]
            none = structured(await client.call_tool("search_facts", {"query": "zebra"}))
            assert none["facts"] == []

            memory_id = first["memory_id"]
            forgotten = structured(await client.call_tool("forget", {"memory_id": memory_id}))
            assert forgotten["memory_id"] == memory_id and forgotten["purge_at"]
            again = await client.call_tool("forget", {"memory_id": memory_id})
            assert again.is_error and "not active" in text_of(again)
            restored = structured(await client.call_tool("restore", {"memory_id": memory_id}))
            assert restored["memory_id"] == memory_id

            assert structured(await client.call_tool("inbox", {}))["items"] == []
            soul = await client.call_tool("soul", {})
            assert not soul.is_error and text_of(soul).startswith("# SOUL.md")

            # soulmem errors come back as tool errors with their message; the server lives on
            empty = await client.call_tool("remember", {})
            assert empty.is_error and "InvalidInput" in text_of(empty)
            bad_budget = await client.call_tool("recall", {"query": "x", "budget_tokens": 0})
            assert bad_budget.is_error and "budget_tokens" in text_of(bad_budget)
            missing = await client.call_tool("restore", {"memory_id": "mem_nope"})
            assert missing.is_error and "NotFound" in text_of(missing)
            # another scope's memory is invisible here
            other_scope = await client.call_tool("forget", {"memory_id": foreign_id})
            assert other_scope.is_error and "NotFound" in text_of(other_scope)
            recall = structured(await client.call_tool("recall", {"query": "where do I live?"}))
            assert "Seoul" in recall["text"] and "Rex" not in recall["text"]

    run_async(go)
    assert other.memory(foreign_id).status == "active"


def test_inbox_lists_pending_proposals_read_only(memory: Memory, clock: ManualClock) -> None:
    scoped = memory.scope("u", "a")
    with memory.store.transaction() as tx:  # a proposal that only the owner may decide
        tx.put_inbox(
            InboxItem(
                id="inbox_belief_1",
                scope=scoped.scope,
                kind="belief",
                status="pending",
                created_at=clock.now(),
                payload={"key": "kindness", "statement": "I am kind.", "confidence": 0.9},
            )
        )

    async def go() -> None:
        async with Client(build_server(memory, "u", "a")) as client:
            (item,) = structured(await client.call_tool("inbox", {}))["items"]
            assert item["id"] == "inbox_belief_1" and item["status"] == "pending"
            assert item["payload"]["statement"] == "I am kind."
            tools = {t.name: t for t in (await client.list_tools()).tools}
            assert tools["inbox"].annotations is not None
            assert tools["inbox"].annotations.read_only_hint is True
            assert "decide" not in tools  # no tool approves anything
        # another scope's server sees none of it
        async with Client(build_server(memory, "u2", "a")) as client:
            assert structured(await client.call_tool("inbox", {}))["items"] == []

    run_async(go)
    assert [i.status for i in scoped.inbox()] == ["pending"]


# -- over stdio -------------------------------------------------------------------------------


def test_stdio_remember_recall(tmp_path: Path) -> None:
    command, *prefix = soulmem_command()
    params = StdioServerParameters(
        command=command,
        args=[
            *prefix,
            "mcp",
            "--db",
            str(tmp_path / "stdio.db"),
            "--user",
            "u",
            "--agent",
            "a",
            "--embedder",
            "fake",
        ],
        env={"OMP_NUM_THREADS": "1"},
        cwd=tmp_path,
    )
    errlog = tmp_path / "stderr.log"

    async def go() -> None:
        with errlog.open("w", encoding="utf-8") as err:
            async with Client(stdio_client(params, errlog=err)) as client:
                await remember_then_recall(client)

    try:
        run_async(go)
    except BaseException:
        print(errlog.read_text(encoding="utf-8"), file=sys.stderr)
        raise
    # the turn went to the file the command was given
    check = Memory.open(tmp_path / "stdio.db", embedder=FakeEmbedder())
    try:
        assert [e.user_text for e in check.scope("u", "a").events()] == ["My cat is called Mochi"]
    finally:
        check.close()


# -- over streamable HTTP ---------------------------------------------------------------------


def wait_for_port(proc: subprocess.Popen[bytes], port: int, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"soulmem mcp --http exited with {proc.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise TimeoutError(f"nothing listened on port {port} within {timeout} s")


@pytest.fixture
def http_server(tmp_path: Path) -> Iterator[str]:
    port = free_port()
    errlog = (tmp_path / "http-stderr.log").open("wb")
    proc = subprocess.Popen(
        [
            *soulmem_command(),
            "mcp",
            "--http",
            "--port",
            str(port),
            "--db",
            str(tmp_path / "http.db"),
            "-u",
            "u",
            "-a",
            "a",
            "--embedder",
            "fake",
        ],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=errlog,
        env={**os.environ, "OMP_NUM_THREADS": "1"},
    )
    try:
        wait_for_port(proc, port)
        yield f"http://127.0.0.1:{port}/mcp"
    except BaseException:
        proc.terminate()
        proc.wait(10)
        errlog.close()
        print((tmp_path / "http-stderr.log").read_text(encoding="utf-8"), file=sys.stderr)
        raise
    finally:
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(10)
        errlog.close()


def test_http_remember_recall(http_server: str) -> None:
    async def go() -> None:
        async with Client(http_server) as client:
            await remember_then_recall(client)
        # a second client (a new session) sees the same memory
        async with Client(http_server) as client:
            facts = structured(await client.call_tool("recall", {"query": "my cat"}))
            assert "Mochi" in json.dumps(facts)

    run_async(go)
