"""``Memory.warm``: what a scope's first recall would build is built ahead (the embedded
store's in-process copies), and recall answers the same whether or not it ran; the servers
run it on a thread while they start (``cli.common.warming``)."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from soulmem import ManualClock, Memory
from soulmem.cli.common import warming
from soulmem.embed import FakeEmbedder
from soulmem.errors import StoreError
from soulmem.model import Scope
from soulmem.store.sqlite import SQLiteStore
from soulmem.store.sqlite.writer import scope_token

#: (user, assistant) turns in three languages, for two scopes
CHATS = {
    ("u1", "luna"): [
        ("I adopted a puppy named Bori last week", "What a lovely name!"),
        ("先週、京都で紅葉を見た", "どこが一番きれいだった？"),
        ("오늘 강아지랑 한강 공원에 갔어", "보리가 좋아했겠다!"),
        ("Do you remember my puppy's name?", "Of course, Bori!"),
    ],
    ("u2", "sora"): [
        ("내 생일은 3월 15일이야", "기억할게!"),
        ("I started learning the cello", "How exciting!"),
        ("チェロの先生はとても優しい", "よかったね"),
    ],
}
QUESTIONS = ["What is my puppy called?", "강아지 이름이 뭐야?", "チェロの先生は？", "birthday"]


def fill(mem: Memory, clock: ManualClock, chats: dict[tuple[str, str], list[tuple[str, str]]]):
    for (user, agent), turns in chats.items():
        scope = mem.scope(user_id=user, agent_id=agent)
        for said, answer in turns:
            scope.observe(user=said, assistant=answer, session_id="s1")
            clock.advance(minutes=3)


def answers(mem: Memory) -> list[list[tuple[str, str, float]]]:
    out = []
    for user, agent in CHATS:
        scope = mem.scope(user_id=user, agent_id=agent)
        for question in QUESTIONS:
            ctx = scope.recall(question, rehearse=False)
            out.append([(item.kind, item.id, round(item.score, 9)) for item in ctx.items])
    return out


def copies_built(store: SQLiteStore) -> bool:
    return all(c._state is not None for c in (store._heads, store._replies, store._lexicon))


def test_warm_builds_every_scope_and_recall_answers_the_same(
    shared_location: str, clock: ManualClock
) -> None:
    writer = Memory.open(shared_location, embedder=FakeEmbedder(), clock=clock)
    try:
        fill(writer, clock, CHATS)
        warmed = Memory.open(shared_location, embedder=FakeEmbedder(), clock=clock)
        cold = Memory.open(shared_location, embedder=FakeEmbedder(), clock=clock)
        try:
            assert warmed.warm() == 2
            if type(warmed.store) is SQLiteStore:  # (PostgresStore reads on the server)
                assert copies_built(warmed.store)
                assert not copies_built(cold.store)
                kinds = {key[2] for key in warmed.store._vectors._entries}
                assert {"event", "fact"} <= kinds  # (no memory has a vector of its own)
            assert answers(warmed) == answers(cold)
            # turns written after the warm-up (by another engine) are found by both
            fill(writer, clock, {("u1", "luna"): [("My puppy Bori learned to sit", "Good girl!")]})
            assert warmed.warm([Scope("u1", "luna")]) == 1
            answers(cold)  # the first recalls after new turns settle the scope's state
            assert answers(warmed) == answers(cold)
        finally:
            warmed.close()
            cold.close()
    finally:
        writer.close()


def test_warm_takes_the_latest_scopes_while_their_turns_fit(
    shared_location: str, clock: ManualClock
) -> None:
    with Memory.open(shared_location, embedder=FakeEmbedder(), clock=clock) as writer:
        fill(writer, clock, CHATS)  # luna's 4 turns, then sora's 3: sora is the latest
    with Memory.open(shared_location, embedder=FakeEmbedder(), clock=clock) as mem:
        assert mem.warm(max_turns=2) == 0
        assert mem.warm(max_turns=3) == 1
        if type(mem.store) is SQLiteStore:  # only sora's vectors were loaded
            sora = scope_token(Scope("u2", "sora"))
            assert {key[0] for key in mem.store._vectors._entries} == {sora}
        assert mem.warm(max_turns=6) == 1
        assert mem.warm(max_turns=7) == 2
        assert mem.warm() == 2


def test_warm_on_an_empty_store(mem: Memory) -> None:
    assert mem.warm() == 0
    assert mem.warm([Scope("nobody", "none")]) == 1  # a scope without turns: nothing to build
    assert mem.scope(user_id="nobody", agent_id="none").recall("anything").items == ()


def test_warming_runs_on_a_thread_and_is_joined(tmp_path: Path, clock: ManualClock) -> None:
    mem = Memory.open(tmp_path / "soul.db", embedder=FakeEmbedder(), clock=clock)
    try:
        fill(mem, clock, CHATS)
        mem.close()
        mem = Memory.open(tmp_path / "soul.db", embedder=FakeEmbedder(), clock=clock)
        assert isinstance(mem.store, SQLiteStore)
        with warming(mem) as thread:
            assert thread.name == "soulmem-warm"
        assert not thread.is_alive()
        assert copies_built(mem.store)
    finally:
        mem.close()


def test_a_failed_warm_up_is_logged_not_raised(
    mem: Memory, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(scope: Scope, model: str) -> None:
        raise StoreError("the file went away")

    mem.scope(user_id="u1", agent_id="luna").observe(user="hello", assistant="hi")
    monkeypatch.setattr(mem.store, "warm", broken)
    with caplog.at_level(logging.WARNING, logger="soulmem.cli.common"), warming(mem) as thread:
        thread.join()
    assert "warm-up stopped: the file went away" in caplog.text
