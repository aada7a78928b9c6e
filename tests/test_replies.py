"""Reply links on SQLite come from an in-process copy of ``event_links`` (replies.py): it must
answer exactly what the SQL it replaced answers, and follow every write, from any process."""

from __future__ import annotations

import sqlite3
from collections import deque
from collections.abc import Sequence
from pathlib import Path

import pytest

from soulmem import Memory
from soulmem.embed import FakeEmbedder
from soulmem.model import EventLink, Scope
from soulmem.store.sqlite import SQLiteStore
from soulmem.store.sqlite.rows import scope_params
from soulmem.store.sqlite.writer import scope_token

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


# -- the partner rows kept for context keys (keyrows.py) ------------------------------------


def kept_partners(store: SQLiteStore, user_id: str) -> dict[str, tuple[str | None, str | None]]:
    """Each turn with a vector -> (the turn it replies to, the turn that replies to it) as the
    kept partner rows tell (None: none with a vector)."""
    scope, model = Scope(user_id, "luna"), FakeEmbedder().name
    with store._read() as conn:
        rows = store._vectors.matrix(conn, scope_token(scope), scope_params(scope), model, "event")
        key = (scope_token(scope), model)
        before, after = store._replies.reading(
            conn, lambda links: store._key_rows.partners(key, rows, links)
        )
    live = len(rows.matrix)

    def turn(row: int) -> str | None:
        return rows.ids[row] if 0 <= row < live else None

    return {rows.ids[r]: (turn(int(before[r])), turn(int(after[r]))) for r in range(live)}


def sql_partners(store: SQLiteStore, user_id: str) -> dict[str, tuple[str | None, str | None]]:
    """The same from the file: each side's latest reply link, if its turn has a vector."""
    with store._read() as conn:
        embedded = {
            str(r[0])
            for r in conn.execute(
                "SELECT owner_id FROM embeddings WHERE owner_kind = 'event' AND user_id = ?",
                (user_id,),
            )
        }

        def latest(column: str, other: str, turn: str) -> str | None:
            row = conn.execute(
                f"SELECT {other} FROM event_links WHERE kind = 'reply_to' AND {column} = ? "
                "ORDER BY rowid DESC LIMIT 1",
                (turn,),
            ).fetchone()
            return str(row[0]) if row is not None and row[0] in embedded else None

        return {
            t: (
                latest("from_event_id", "to_event_id", t),
                latest("to_event_id", "from_event_id", t),
            )
            for t in embedded
        }


def test_partner_rows_follow_every_write(mem: Memory, tmp_path: Path) -> None:
    """Rows and links appended (here or by another process) update the kept partner rows in
    place; a link written by hand between old turns too; a delete builds them again. At every
    step they say what the file says."""
    store = mem.store
    assert isinstance(store, SQLiteStore)
    assert kept_partners(store, "alice") == sql_partners(store, "alice")
    built = next(iter(store._key_rows._entries.values()))
    observe_all(mem, "alice", ["One more thing about Bori", "She learned to sit!"])
    assert kept_partners(store, "alice") == sql_partners(store, "alice")
    with Memory.open(tmp_path / "replies.db", embedder=FakeEmbedder()) as other:
        observe_all(other, "alice", ["또 왔어요", "보리는 잘 지내요?"])
    # a later turn replies to the first turn too: the first turn's reply is now that turn
    ids = all_events(store)
    with store.transaction() as tx:
        tx.insert_link(EventLink(from_event_id=ids[-1], to_event_id=ids[0], kind="reply_to"))
    kept = kept_partners(store, "alice")
    assert kept == sql_partners(store, "alice")
    assert kept[ids[0]][1] == ids[-1] and kept[ids[-1]][0] == ids[0]
    assert next(iter(store._key_rows._entries.values())) is built  # updated, not built again
    # a link deleted by a plain connection: the reply copy is read again, and the rows built
    other_db = sqlite3.connect(tmp_path / "replies.db")
    with other_db:
        other_db.execute(
            "DELETE FROM event_links WHERE rowid = (SELECT max(rowid) FROM event_links)"
        )
    other_db.close()
    assert kept_partners(store, "alice") == sql_partners(store, "alice")
    assert next(iter(store._key_rows._entries.values())) is not built


def test_partner_rows_are_built_again_past_the_links_remembered(
    mem: Memory, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """More new links than the reply copy remembers: the partner rows are built again."""
    store = mem.store
    assert isinstance(store, SQLiteStore)
    assert kept_partners(store, "alice") == sql_partners(store, "alice")
    built = next(iter(store._key_rows._entries.values()))
    state = store._replies._state
    assert state is not None
    monkeypatch.setattr(state, "recent", deque(maxlen=1))
    # written by another process (an observe here would read each link as it comes)
    with Memory.open(tmp_path / "replies.db", embedder=FakeEmbedder()) as other:
        observe_all(other, "alice", ["Bori met a cat today", "The cat was not impressed"])
    assert kept_partners(store, "alice") == sql_partners(store, "alice")
    assert next(iter(store._key_rows._entries.values())) is not built
