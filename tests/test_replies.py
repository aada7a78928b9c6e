"""Reply links on SQLite come from an in-process copy of ``event_links`` (replies.py): it must
answer exactly what the SQL it replaced answers, and follow every write, from any process."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from pathlib import Path

import pytest

from soulmem import Memory
from soulmem.embed import FakeEmbedder
from soulmem.model import EventLink
from soulmem.store.sqlite import SQLiteStore

TURNS = [
    "I adopted a puppy named Bori last week",
    "강아지 이름이 뭐야? 보리라고 했지?",
    "Yes, Bori! She chews everything",
    "先週、京都で紅葉を見た",
    "My sister came along for the hike",
    "言ったよね、姉と一緒に行ったって",
]


def sql_links(store: SQLiteStore, event_ids: Sequence[str]) -> set[tuple[str, str]]:
    """What the SQL read of the links answers (the read before the copy)."""
    marks = ",".join("?" * len(event_ids))
    with store._read() as conn:
        rows = conn.execute(
            "SELECT from_event_id, to_event_id FROM event_links WHERE kind = 'reply_to' "
            f"AND (from_event_id IN ({marks}) OR to_event_id IN ({marks}))",
            [*event_ids, *event_ids],
        ).fetchall()
    return {(str(a), str(b)) for a, b in rows}


def all_events(store: SQLiteStore) -> list[str]:
    with store._read() as conn:
        return [str(r[0]) for r in conn.execute("SELECT id FROM events ORDER BY rowid")]


def assert_same_as_sql(store: SQLiteStore) -> int:
    """Every turn alone, runs of turns, every turn at once and an unknown id: the same links,
    each once."""
    ids = all_events(store)
    asks = [[i] for i in ids] + [ids[k : k + 3] for k in range(0, len(ids), 2)]
    asks += [ids, [*ids[:2], "no-such-turn"], []]
    for asked in asks:
        got = store.reply_links(asked)
        assert len(got) == len(set(got)), asked
        assert set(got) == (sql_links(store, asked) if asked else set()), asked
    return len(store.reply_links(ids))


def observe_all(mem: Memory, user_id: str, texts: Sequence[str]) -> None:
    scope = mem.scope(user_id=user_id, agent_id="luna")
    for text in texts:
        scope.observe(user=text, assistant="I see.")


@pytest.fixture
def mem(tmp_path: Path) -> Memory:
    mem = Memory.open(tmp_path / "replies.db", embedder=FakeEmbedder(), auto_maintain=False)
    observe_all(mem, "alice", TURNS)
    observe_all(mem, "bob", TURNS[::-1])
    return mem


def test_links_are_the_sqls(mem: Memory) -> None:
    store = mem.store
    assert isinstance(store, SQLiteStore)
    assert assert_same_as_sql(store) == 2 * (len(TURNS) - 1)
    # a link of another kind is not a reply
    a, b = all_events(store)[:2]
    with store.transaction() as tx:
        tx.insert_link(EventLink(from_event_id=a, to_event_id=b, kind="same_topic"))
    assert assert_same_as_sql(store) == 2 * (len(TURNS) - 1)


def test_new_links_are_read_without_a_rebuild(mem: Memory, tmp_path: Path) -> None:
    store = mem.store
    assert isinstance(store, SQLiteStore)
    assert_same_as_sql(store)
    built = store._replies._state
    observe_all(mem, "alice", ["One more thing about Bori", "She learned to sit!"])
    # another process observes into the same file
    with Memory.open(tmp_path / "replies.db", embedder=FakeEmbedder()) as other:
        observe_all(other, "carol", ["처음 왔어요", "반가워요"])
    assert assert_same_as_sql(store) == 2 * (len(TURNS) - 1) + 2 + 1
    assert store._replies._state is built  # read past the rowid it had seen, not again


def test_deletes_from_any_process_rebuild_the_copy(mem: Memory, tmp_path: Path) -> None:
    store = mem.store
    assert isinstance(store, SQLiteStore)
    assert_same_as_sql(store)
    built = store._replies._state
    # a plain connection deletes a link: the trigger bumps the version
    other = sqlite3.connect(tmp_path / "replies.db")
    with other:
        other.execute("PRAGMA foreign_keys = ON")
        version = other.execute("SELECT version FROM link_version").fetchone()[0]
        other.execute("DELETE FROM event_links WHERE rowid = (SELECT max(rowid) FROM event_links)")
        assert other.execute("SELECT version FROM link_version").fetchone()[0] == version + 1
        other.execute("UPDATE event_links SET weight = 0.5 WHERE kind = 'reply_to'")
        assert other.execute("SELECT version FROM link_version").fetchone()[0] > version + 1
    other.close()
    assert assert_same_as_sql(store) == 2 * (len(TURNS) - 1) - 1
    assert store._replies._state is not built
    # an erase in another process removes bob's turns and, by cascade, their links
    with Memory.open(tmp_path / "replies.db", embedder=FakeEmbedder()) as eraser:
        eraser.erase_user("bob")
    assert assert_same_as_sql(store) == len(TURNS) - 1


def test_erase_and_close_drop_the_copy(mem: Memory) -> None:
    store = mem.store
    assert isinstance(store, SQLiteStore)
    assert_same_as_sql(store)
    mem.erase_user("alice")
    assert store._replies._state is None
    assert assert_same_as_sql(store) == len(TURNS) - 1
    mem.close()
    assert store._replies._state is None
