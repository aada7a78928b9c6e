"""Turn heads on SQLite come from an in-process copy of ``events`` (heads.py): it must answer
exactly what the rows answer, and follow every write, from any process."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from soulmem import Memory
from soulmem.embed import FakeEmbedder
from soulmem.model import Event
from soulmem.perceive.informative import ends_asking, is_bare_question
from soulmem.recall.items import RecallItem
from soulmem.recall.pack import render_line
from soulmem.recall.quoted import quoted_tokens_at_least
from soulmem.recall.rank import has_text
from soulmem.recall.tokenize import count_tokens, tokens_at_least
from soulmem.store.base import EventHead, head_of
from soulmem.store.sqlite import SQLiteStore

#: (user, assistant) turns in three languages: telling, asking, bare questions, one side only
TURNS = [
    ("I adopted a puppy named Bori last week", "What a lovely name!"),
    ("강아지 이름이 뭐야?", ""),
    ("Did you walk her today? Was it fun?", "…"),
    ("先週、京都で紅葉を見た", "どこが一番きれいだった？"),
    ("", "Shall we plan the next hike?"),
    ("오늘 뭐 했어?", "집에서 쉬었어"),
    ("京都に行ったっけ？", ""),
]


def spoken_by(event: Event) -> set[str]:
    """The names of the sides of a turn that said something."""
    sides = ((event.user_name, event.user_text), (event.assistant_name, event.assistant_text))
    return {name for name, text in sides if text and name}


def all_events(store: SQLiteStore) -> list[str]:
    with store._read() as conn:
        return [str(r[0]) for r in conn.execute("SELECT id FROM events ORDER BY seq")]


def assert_same_as_rows(store: SQLiteStore) -> int:
    """Every turn's head is what its row gives; unknown ids are left out."""
    ids = all_events(store)
    heads = store.event_heads([*ids, "no-such-turn"])
    events = store.get_events(ids)
    assert heads == {e.id: head_of(e, quoted_tokens_at_least) for e in events}
    for event in events:
        head = heads[event.id]
        assert head.speakers == spoken_by(event)
        assert head.said == has_text(event)
        assert head.asks == ends_asking(event.user_text, event.assistant_text)
        assert head.bare == is_bare_question(event.user_text, event.assistant_text)
        # a placeholder reply ("…") leaves a bare question unanswered; no reply side does not
        assert head.unanswered == (head.bare and bool(event.assistant_text))
    walked = sum(e.user_text == TURNS[2][0] for e in events)  # asked, answered with "…"
    assert sum(h.unanswered for h in heads.values()) == walked
    assert store.event_heads([]) == {}
    return len(heads)


def observe_all(mem: Memory, user_id: str, session: str) -> None:
    scope = mem.scope(user_id=user_id, agent_id="luna")
    for user, assistant in TURNS:
        scope.observe(
            user=user or None,
            assistant=assistant or None,
            user_name="Ana",
            assistant_name="Luna",
            session_id=session,
        )


def sqlite_store(mem: Memory) -> SQLiteStore:
    assert isinstance(mem.store, SQLiteStore)
    return mem.store


@pytest.fixture
def mem(tmp_path: Path) -> Memory:
    mem = Memory.open(tmp_path / "heads.db", embedder=FakeEmbedder(), auto_maintain=False)
    observe_all(mem, "alice", "s1")
    observe_all(mem, "bob", "s2")
    return mem


def test_heads_are_the_rows(mem: Memory) -> None:
    store = sqlite_store(mem)
    assert assert_same_as_rows(store) == 2 * len(TURNS)
    heads = store.event_heads(all_events(store))
    # the flags tell the turns apart: some ask, some are bare questions, all say something
    assert {h.asks for h in heads.values()} == {True, False}
    assert {h.bare for h in heads.values()} == {True, False}
    assert all(h.said for h in heads.values())
    assert {h.session_id for h in heads.values()} == {"s1", "s2"}
    # the turns share their session's id and their speakers' set
    assert len({id(h.session_id) for h in heads.values()}) == 2
    assert len({id(h.speakers) for h in heads.values()}) <= 3
    # what a turn's line costs at least: the user's side, else the other's, with the
    # speaker's name, counted as quoted (tighter than by its bytes); never more than the
    # turn's line costs, shortened or not (``test_quoted.py``)
    events = {e.id: e for e in store.get_events(list(heads))}
    for event_id, head in heads.items():
        event = events[event_id]
        side = f"{event.user_name or 'user'}: {event.user_text}"
        if not event.user_text:
            side = f"{event.assistant_name or 'assistant'}: {event.assistant_text}"
        assert head.least == quoted_tokens_at_least(side) >= tokens_at_least(side)
        assert head.least > count_tokens(event.user_text or "")
        for reply_chars in (None, 10):
            line = render_line(
                RecallItem("turn", event_id, event.render(reply_chars=reply_chars), 0)
            )
            assert head.least <= count_tokens(line)


def test_new_turns_are_read_without_a_rebuild(mem: Memory, tmp_path: Path) -> None:
    store = sqlite_store(mem)
    assert_same_as_rows(store)
    built = store._heads._state
    observe_all(mem, "alice", "s3")
    # another process observes into the same file
    with Memory.open(tmp_path / "heads.db", embedder=FakeEmbedder()) as other:
        observe_all(other, "carol", "s4")
    assert assert_same_as_rows(store) == 4 * len(TURNS)
    assert store._heads._state is built  # read past the seq it had seen, not again


def logged(conn: sqlite3.Connection) -> int:
    return int(conn.execute("SELECT count(*) FROM event_changes").fetchone()[0])


def test_changes_from_any_process_are_read_without_a_rebuild(mem: Memory, tmp_path: Path) -> None:
    store = sqlite_store(mem)
    assert_same_as_rows(store)
    built = store._heads._state
    first, second = all_events(store)[:2]
    other = sqlite3.connect(tmp_path / "heads.db")
    with other:
        # a column no head is made of: nothing logged
        other.execute("UPDATE events SET salience = 0.9 WHERE id = ?", (first,))
        assert logged(other) == 0
        # a purge takes a turn's text: the trigger logs it
        other.execute(
            "UPDATE events SET user_text = NULL, assistant_text = NULL WHERE id = ?", (first,)
        )
        other.execute("UPDATE events SET session_id = 's9' WHERE id = ?", (second,))
        other.execute("UPDATE events SET user_text = 'and again?' WHERE id = ?", (second,))
        assert logged(other) == 2  # one row per turn, its latest change
    other.close()
    assert assert_same_as_rows(store) == 2 * len(TURNS)
    assert store.event_heads([first])[first] == EventHead("s1", frozenset(), said=False)
    assert store.event_heads([second])[second].session_id == "s9"
    assert store.event_heads([second])[second].asks
    # an erase in another process removes bob's turns
    with Memory.open(tmp_path / "heads.db", embedder=FakeEmbedder()) as eraser:
        eraser.erase_user("bob")
    assert assert_same_as_rows(store) == len(TURNS)
    assert store._heads._state is built  # read what changed, not everything again
    # a fresh copy of the same file answers the same
    with Memory.open(tmp_path / "heads.db", embedder=FakeEmbedder()) as fresh:
        ids = all_events(store)
        assert sqlite_store(fresh).event_heads(ids) == store.event_heads(ids)


def test_erase_and_close_drop_the_copy(mem: Memory) -> None:
    """An erase drops the copy (the next read builds it from what is left), so does close."""
    store = sqlite_store(mem)
    assert_same_as_rows(store)
    mem.erase_user("alice")
    assert store._heads._state is None
    left = store.event_heads(all_events(store))
    assert store._heads._state is not None and len(left) == len(TURNS)
    assert {head.session_id for head in left.values()} == {"s2"}
    mem.close()
    assert store._heads._state is None


def test_observe_brings_the_built_copies_current_and_builds_none(tmp_path: Path) -> None:
    """An observe reads its turn into this process's copies that a recall built (so the
    next recall reads nothing of it), and builds no copy a recall has not asked for."""
    from soulmem.store.sqlite.writer import scope_token

    mem = Memory.open(tmp_path / "fresh.db", embedder=FakeEmbedder(), auto_maintain=False)
    store = sqlite_store(mem)
    scope = mem.scope(user_id="ana", agent_id="luna")
    scope.observe(user="I adopted a puppy named Bori", session_id="s1")
    event_key = (scope_token(scope.scope), mem.embedder.name, "event")
    assert store._heads._state is None and store._lexicon._state is None
    assert store._replies._state is None and not store._vectors.holds(event_key)
    scope.recall("the puppy")  # builds them
    heads, lexicon, replies = store._heads._state, store._lexicon._state, store._replies._state
    assert heads is not None and lexicon is not None and replies is not None
    seen = (heads.max_seq, lexicon.seq, replies.max_rowid, store._vectors._entries[event_key].count)
    for user in ("강아지 이름은 보리야", "京都で紅葉を見た"):
        turn = scope.observe(user=user, session_id="s1").event.id
        assert turn in heads.heads  # read by the observe, into the same copy
        assert store._replies._state is replies and replies.replies_to.get(turn)
        assert store._vectors.holds(event_key)
    assert heads.max_seq > seen[0] and lexicon.seq > seen[1] and replies.max_rowid > seen[2]
    assert store._vectors._entries[event_key].count == seen[3] + 2
    assert store._heads._state is heads and store._lexicon._state is lexicon
    # the reads a recall makes find them current
    assert_same_as_rows(store)
    found = scope.recall("京都の紅葉").items
    assert any("京都" in item.text for item in found)
    mem.close()


def test_a_refresh_that_fails_leaves_the_observed_turn_committed(
    mem: Memory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The refresh runs after the commit: its failure is logged, the observe still returns
    the turn, and the copies read it at their next use."""
    from soulmem.errors import StoreBusy

    store = sqlite_store(mem)
    assert_same_as_rows(store)

    def busy(*_: object) -> None:
        raise StoreBusy("simulated")

    monkeypatch.setattr(store, "refresh", busy)
    turn = mem.scope(user_id="alice", agent_id="luna").observe(user="그래도 저장돼야 해")
    assert store.get_events([turn.event.id])[0].user_text == "그래도 저장돼야 해"
    assert turn.event.id in store.event_heads([turn.event.id])
    assert assert_same_as_rows(store) == 2 * len(TURNS) + 1
