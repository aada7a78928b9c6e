"""soulmem.Client against a real uvicorn server on loopback: every endpoint, end to end."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import pytest

from soulmem import Client, Context, InvalidInput, Memory, NotFound, RecallItem
from soulmem.api import create_app, create_key
from soulmem.api.app import serve_in_thread
from soulmem.config import Config, SurpriseConfig
from soulmem.embed import FakeEmbedder
from soulmem.errors import InputTooLarge, PermissionDenied, Unauthorized
from soulmem.model import InboxItem, Scope, new_id


@dataclass
class Server:
    url: str
    mem: Memory
    agent: str
    owner: str
    admin: str


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("client") / "soul.db"
    config = Config(surprise=SurpriseConfig(enabled=False))  # every turn makes a memory
    mem = Memory.open(db, embedder=FakeEmbedder(), config=config)
    keys = {
        role: create_key(mem.store, "acme", role=role)[1] for role in ("agent", "owner", "admin")
    }
    with serve_in_thread(create_app(mem)) as url:
        yield Server(url, mem, keys["agent"], keys["owner"], keys["admin"])
    mem.close()


@pytest.fixture
def agent(server: Server) -> Iterator[Client]:
    with Client(server.url, api_key=server.agent) as client:
        yield client


@pytest.fixture
def owner(server: Server) -> Iterator[Client]:
    with Client(server.url, api_key=server.owner) as client:
        yield client


def test_observe_and_recall_like_the_in_process_api(agent: Client) -> None:
    luna = agent.scope(user_id="u1", agent_id="luna")
    first = luna.observe(
        user="My birthday is March 15.", assistant="I'll remember!", session_id="s1"
    )
    assert first.event_id.startswith("ev_") and first.memory_id
    assert first.event["scope"] == {"user_id": "u1", "agent_id": "luna", "world_id": None}
    assert any(f["subject"] == "birthday" for f in first.facts_added)
    luna.observe(
        user="I have a corgi named Waffles.",
        at=datetime(2025, 1, 2, tzinfo=UTC),
        images=["a corgi on a beach"],
        entities=["Waffles"],
        salience=7,
        metadata={"channel": "web"},
    )
    ctx = luna.recall("what is my dog called?", budget_tokens=400, max_items=10)
    assert isinstance(ctx, Context) and "Waffles" in ctx.text
    assert ctx.used_tokens <= 400
    assert all(isinstance(i, RecallItem) for i in ctx.items)
    turn = next(i for i in ctx.items if "Waffles" in i.text)
    assert turn.kind and turn.id and turn.score >= 0 and turn.source_event_ids and turn.why
    assert any(f["value"] == "March 15" for f in luna.facts())


def test_memories_forget_restore_and_the_queue(agent: Client) -> None:
    luna = agent.scope(user_id="u2", agent_id="luna")
    turns = (
        "I planted tomatoes in the garden today.",
        "My sister Jiwoo is visiting from Seoul next week.",
        "The printer at work broke again this morning.",
        "I finished reading a novel about lighthouse keepers.",
        "We are adopting a grey kitten named Mochi.",
    )
    ids = [luna.observe(user=text).memory_id for text in turns]
    assert all(ids)
    page = luna.memories(limit=2)
    assert len(page) == 2 and {m["id"] for m in page} <= set(ids)
    assert len(luna.memories(limit=2, offset=4)) == 1
    memory_id = ids[0]
    assert memory_id is not None
    assert luna.memory(memory_id)["content"]
    entry = luna.forget(memory_id)
    assert entry["memory_id"] == memory_id and entry["scope"]["user_id"] == "u2"
    assert [e["memory_id"] for e in luna.forgetting_queue()] == [memory_id]
    assert memory_id not in {m["id"] for m in luna.memories()}
    restored = luna.restore(memory_id)
    assert restored["status"] == "active" and luna.forgetting_queue() == []
    with pytest.raises(NotFound):
        luna.memory("mem_does_not_exist")
    with pytest.raises(NotFound):
        luna.restore(memory_id)


def test_inbox_is_decided_by_the_owner_only(server: Server, agent: Client, owner: Client) -> None:
    luna = agent.scope(user_id="u3", agent_id="luna")
    memory_id = luna.observe(user="We watched the sunrise together.").memory_id
    scope = Scope("acme::u3", "luna")
    item = InboxItem(
        id=new_id("inbox"),
        scope=scope,
        kind="m0_candidate",
        payload={"memory_id": memory_id},
        status="pending",
        created_at=server.mem.clock.now(),
    )
    with server.mem.store.transaction() as tx:
        tx.put_inbox(item)
    assert [i["id"] for i in luna.inbox()] == [item.id]
    with pytest.raises(PermissionDenied):
        agent.decide("u3", "luna", item.id, approve=True, reason="no")
    decided = owner.decide("u3", "luna", item.id, approve=True, reason="a core memory")
    assert decided["status"] == "approved" and decided["scope"]["user_id"] == "u3"
    assert luna.inbox() == [] and luna.inbox(status=None)[0]["status"] == "approved"
    assert luna.memory(str(memory_id))["tier"] == "M0"
    with pytest.raises(InvalidInput):
        owner.decide("u3", "luna", item.id, approve=False)


def test_character_reads(agent: Client) -> None:
    luna = agent.scope(user_id="u4", agent_id="luna")
    luna.observe(user="Thank you so much, you always cheer me up!", assistant="Anytime!")
    rel = luna.relationship()
    assert rel["scope"]["user_id"] == "u4" and 0 <= rel["intimacy"] <= 100 and rel["level"]
    assert isinstance(luna.soul(), str)


def test_export_import_round_trip(agent: Client) -> None:
    source = agent.scope(user_id="u5", agent_id="luna")
    source.observe(user="I live in Busan.", at="2024-05-01T10:00:00+00:00", session_id="s9")
    source.observe(assistant="Busan has great seafood.")
    exported = list(source.export())
    assert [r["type"] for r in exported] == ["event", "event"]
    assert exported[0]["scope"]["user_id"] == "u5" and exported[0]["session_id"] == "s9"
    copy = agent.scope(user_id="u5-copy", agent_id="luna")
    assert copy.import_records(exported) == 2
    again = list(copy.export())
    assert [r["user_text"] for r in again] == [r["user_text"] for r in exported]
    assert again[0]["at"] == exported[0]["at"]
    with pytest.raises(InvalidInput):  # one bad record: nothing imported
        copy.import_records([{"user": "fine"}, {"user": ""}])
    assert len(list(copy.export())) == 2


def test_world_scopes_are_separate(agent: Client) -> None:
    plain = agent.scope(user_id="u6", agent_id="luna")
    story = agent.scope(user_id="u6", agent_id="luna", world_id="w1")
    story.observe(user="In this story I am a knight named Aria.")
    assert plain.memories() == [] and len(story.memories()) == 1


def test_erase_user_removes_everything(server: Server, agent: Client, owner: Client) -> None:
    luna = agent.scope(user_id="u7", agent_id="luna")
    luna.observe(user="My name is Mina and I love tea.")
    agent.scope(user_id="u7", agent_id="rex", world_id="w").observe(user="hello rex")
    with pytest.raises(PermissionDenied):
        agent.erase_user("u7")
    result = owner.erase_user("u7")
    assert result["user_id"] == "u7" and result["deleted_rows"] > 0
    assert luna.memories() == [] and luna.facts() == [] and list(luna.export()) == []
    assert "Mina" not in luna.recall("what is my name?").text
    assert all(not s.user_id.startswith("acme::u7") for s in server.mem.store.scopes())


def test_health_metrics_and_errors(server: Server, agent: Client) -> None:
    assert agent.health()["status"] == "ok"
    with pytest.raises(PermissionDenied):
        agent.metrics()
    with Client(server.url, api_key=server.admin) as admin:
        metrics = admin.metrics()
    assert metrics["requests"] > 0 and "counts" in metrics["store"]
    assert any(route.endswith("/observe") for route in metrics["routes"])
    with Client(server.url) as anonymous:
        assert anonymous.health()["status"] == "ok"
        with pytest.raises(Unauthorized):
            anonymous.scope(user_id="u1", agent_id="luna").facts()
    luna = agent.scope(user_id="u8", agent_id="luna")
    with pytest.raises(InvalidInput) as caught:
        luna.observe()
    assert caught.value.status == 400 and caught.value.code == "invalid_input"
    with pytest.raises(InputTooLarge):
        luna.observe(user="x" * 200_001)
    with pytest.raises(InvalidInput):
        luna.recall("anything", budget_tokens=0)


def test_unreachable_server_raises_a_soulmem_error(tmp_path: Path) -> None:
    from soulmem import SoulmemError
    from soulmem.bench.server import free_port

    url = f"http://127.0.0.1:{free_port()}"
    with Client(url, api_key="x", timeout=2) as client, pytest.raises(SoulmemError):
        client.health()
