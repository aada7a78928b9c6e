"""The embedded SQLite store: migrations, WAL, atomic observe, one writer, many readers."""

from __future__ import annotations

import sqlite3
import threading
from datetime import timedelta
from pathlib import Path

import numpy as np
import pytest

from soulmem import Memory, StoreBusy, StoreClosed
from soulmem.clock import SystemClock
from soulmem.embed import FakeEmbedder
from soulmem.model import EventLink, Source
from soulmem.store.base import ContextKeys
from soulmem.store.sqlite import SQLiteStore
from soulmem.store.sqlite.connection import migrations


def count(path: Path, table: str) -> int:
    with sqlite3.connect(path) as conn:
        return int(conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0])


def test_migrations_are_named_and_recorded(file_mem: Memory) -> None:
    names = [name for name, _ in migrations()]
    assert names and names[0] == "0001_initial"
    assert isinstance(file_mem.store, SQLiteStore)
    assert file_mem.store.applied_migrations() == names


def test_reopening_does_not_reapply_migrations(tmp_path: Path) -> None:
    path = tmp_path / "a.db"
    Memory.open(path, embedder=FakeEmbedder()).close()
    with Memory.open(path, embedder=FakeEmbedder()) as mem:
        assert isinstance(mem.store, SQLiteStore)
        assert mem.store.applied_migrations() == [name for name, _ in migrations()]


def test_unknown_migration_in_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "a.db"
    Memory.open(path, embedder=FakeEmbedder()).close()
    with sqlite3.connect(path) as conn:
        conn.execute("INSERT INTO _soulmem_migrations (name) VALUES ('9999_future')")
    from soulmem import MigrationError

    with pytest.raises(MigrationError, match="9999_future"):
        Memory.open(path, embedder=FakeEmbedder())


def test_file_database_uses_wal(file_mem: Memory, tmp_path: Path) -> None:
    with sqlite3.connect(tmp_path / "soul.db") as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_observe_is_atomic(
    file_mem: Memory, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A failure in the middle of observe leaves no row of the turn behind."""
    luna = file_mem.scope("u1", "luna")
    luna.observe(user="first turn", assistant="ok")
    emitted: list[object] = []
    file_mem.on_observe(emitted.append)

    from soulmem.store.sqlite import writer as writer_module

    def boom(*args: object, **kwargs: object) -> None:
        raise sqlite3.OperationalError("disk I/O error (simulated)")

    monkeypatch.setattr(writer_module.Writer, "index_tokens", boom)
    with pytest.raises(Exception, match="simulated"):
        luna.observe(user="second turn", assistant="this must vanish")
    db = tmp_path / "soul.db"
    for table, expected in (
        ("events", 1),
        ("memories", 1),
        ("embeddings", 1),
        ("event_links", 0),
        ("memory_sources", 1),
        ("lexical_docs", 1),
    ):
        assert count(db, table) == expected, table
    assert emitted == []  # after-commit listeners never see a rolled-back write
    monkeypatch.undo()
    luna.observe(user="third turn")
    assert len(emitted) == 1
    assert [e.user_text for e in luna.events()] == ["first turn", "third turn"]


def test_reply_to_links_each_turn_to_the_previous_event_of_its_scope(mem: Memory) -> None:
    a = mem.scope("u1", "luna")
    b = mem.scope("u2", "luna")
    first = a.observe(user="one")
    b.observe(user="other scope")
    second = a.observe(user="two")
    assert first.links == ()
    assert [(link.from_event_id, link.to_event_id, link.kind) for link in second.links] == [
        (second.event.id, first.event.id, "reply_to")
    ]


def test_writer_waits_then_raises_store_busy(tmp_path: Path) -> None:
    path = tmp_path / "busy.db"
    store = SQLiteStore(path, clock=__import__("soulmem").SystemClock(), busy_timeout_ms=50)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        with pytest.raises(StoreBusy), store.transaction():
            pass
    finally:
        other.execute("ROLLBACK")
        other.close()
    with store.transaction():
        pass
    store.close()


def test_opening_waits_while_another_process_holds_the_new_file(tmp_path: Path) -> None:
    """Processes opening one new file at once: the WAL switch and the migrations are retried
    past a short lock instead of failing with "database is locked"."""
    path = tmp_path / "new.db"
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN EXCLUSIVE")
    release = threading.Timer(0.3, lambda: other.execute("ROLLBACK"))
    release.start()
    try:
        store = SQLiteStore(path, clock=SystemClock(), busy_timeout_ms=10)
    finally:
        release.join()
        other.close()
    assert store.applied_migrations() == [name for name, _ in migrations()]
    store.close()


def test_opening_a_file_locked_for_good_raises_store_busy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from soulmem.store.sqlite import connection

    monkeypatch.setattr(connection, "OPEN_RETRIES", 2)
    path = tmp_path / "held.db"
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StoreBusy):
            SQLiteStore(path, clock=SystemClock(), busy_timeout_ms=10)
    finally:
        other.execute("ROLLBACK")
        other.close()


def test_readers_run_concurrently_with_the_writer(file_mem: Memory) -> None:
    luna = file_mem.scope("u1", "luna")
    luna.observe(user="seed")
    errors: list[BaseException] = []
    stop = threading.Event()

    def reader() -> None:
        try:
            while not stop.is_set():
                events = luna.events(limit=1000)
                assert events and events[0].user_text == "seed"
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=reader) for _ in range(3)]
    for t in threads:
        t.start()
    for i in range(40):
        luna.observe(user=f"turn {i}")
    stop.set()
    for t in threads:
        t.join()
    assert errors == []
    assert file_mem.store.count_events(luna.scope) == 41


def test_data_survives_reopen(shared_location: str) -> None:
    path = shared_location
    with Memory.open(path, embedder=FakeEmbedder()) as mem:
        mem.scope("u1", "luna").observe(user="I love strawberries")
    with Memory.open(path, embedder=FakeEmbedder()) as mem:
        ctx = mem.scope("u1", "luna").recall("strawberries")
        assert "strawberries" in ctx.text


def test_closed_store_raises(shared_location: str) -> None:
    mem = Memory.open(shared_location, embedder=FakeEmbedder())
    mem.close()
    with pytest.raises(StoreClosed):
        mem.scope("u", "a").events()


def test_changing_the_model_reembeds_instead_of_mixing(shared_location: str) -> None:
    path = shared_location
    with Memory.open(path, embedder=FakeEmbedder(32, name="old")) as mem:
        mem.scope("u1", "luna").observe(user="my cat is called Mochi")
    with Memory.open(path, embedder=FakeEmbedder(48, name="new")) as mem:
        luna = mem.scope("u1", "luna")
        assert mem.reembed() == 2  # the memory and the fact "pet: ... Mochi"
        assert mem.reembed() == 0
        ctx = luna.recall("cat Mochi")
        top = next(item for item in ctx.items if item.kind == "turn")
        assert "Mochi" in top.text and top.why["dense"] > 0
    if path.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(path) as pg:
            models = sorted(r[0] for r in pg.execute("SELECT model FROM embeddings"))
    else:
        with sqlite3.connect(path) as conn:
            models = sorted(r[0] for r in conn.execute("SELECT model FROM embeddings"))
    assert models == ["new-48", "new-48", "old-32", "old-32"]


def test_lexical_index_is_rebuilt_when_the_tokenizer_changes(tmp_path: Path) -> None:
    path = tmp_path / "tok.db"
    with Memory.open(path, embedder=FakeEmbedder()) as mem:
        mem.scope("u1", "luna").observe(user="the hedgehog sleeps")
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT value FROM meta WHERE key='tokenizer_version'").fetchone()
        conn.execute("UPDATE meta SET value = 'old' WHERE key = 'tokenizer_version'")
        conn.execute("DELETE FROM lexical")  # an index from another tokenizer, now gone
    with Memory.open(path, embedder=FakeEmbedder(8, name="other")) as mem:
        ctx = mem.scope("u1", "luna").recall("hedgehog")
        turns = [i for i in ctx.items if i.kind == "turn"]
        assert turns and turns[0].why["lexical"] == 1.0
    from soulmem.recall.tokenize import TOKENIZER_VERSION

    with sqlite3.connect(path) as conn:
        value = conn.execute("SELECT value FROM meta WHERE key='tokenizer_version'").fetchone()
    assert value == (str(TOKENIZER_VERSION),)


def test_both_backends_have_the_same_migrations_and_recall_reads_use_indexes(
    file_mem: Memory, tmp_path: Path
) -> None:
    from soulmem.store.postgres.connection import migrations as pg_migrations

    assert [name for name, _ in pg_migrations()] == [name for name, _ in migrations()]
    conn = sqlite3.connect(tmp_path / "soul.db")
    plan = " ".join(
        str(row[3])
        for row in conn.execute(
            "EXPLAIN QUERY PLAN SELECT * FROM notes WHERE user_id = ? AND agent_id = ? AND "
            "world_id = ? AND applied_at IS NULL ORDER BY created_at, rowid",
            ("u", "a", ""),
        )
    )
    memories_plan = [
        str(row[3])
        for row in conn.execute(
            "EXPLAIN QUERY PLAN SELECT s.event_id, m.id, m.importance, m.strength "
            "FROM memory_sources s CROSS JOIN memories m WHERE s.event_id IN (?, ?) "
            "AND m.id = s.memory_id AND m.status = 'active' ORDER BY s.rowid",
            ("e1", "e2"),
        )
    ]
    conn.close()
    assert "USING INDEX notes_scope_pending" in plan, plan
    # the sources by event first, from the index alone (it holds the memory id), then each
    # memory by key (never a scan of memories)
    assert "COVERING INDEX memory_sources_event_memory" in memories_plan[0], memories_plan
    assert not any(p.startswith("SCAN") for p in memories_plan), memories_plan


def test_memories_for_events_gives_each_turns_active_memories_with_their_weights(
    mem: Memory,
) -> None:
    from dataclasses import replace

    from soulmem.store import MemoryWeight

    s = mem.scope("u", "luna")
    first = s.observe(user="I adopted a cat named Miso today")
    second = s.observe(user="My grandmother taught me to bake bread when I was ten")
    assert first.memory is not None and second.memory is not None
    ids = [first.event.id, second.event.id]
    orbs = {e: mem.store.memories_for_events([e])[e] for e in ids}
    assert all(len(found) == 1 for found in orbs.values())
    memories = {m.id: m for m in mem.store.get_memories([o[0].memory_id for o in orbs.values()])}
    for event_id in ids:
        weight = orbs[event_id][0]
        assert isinstance(weight, MemoryWeight)
        memory = memories[weight.memory_id]
        assert memory.source_event_ids == (event_id,)
        assert (weight.importance, weight.strength) == (memory.importance, memory.strength)
    archived = memories[orbs[first.event.id][0].memory_id]
    with mem.store.transaction() as tx:
        tx.save_memory(replace(archived, status="archived"))
    assert mem.store.memories_for_events([*ids, "ev_missing"]) == {
        second.event.id: orbs[second.event.id]
    }


def test_event_heads_give_each_turns_session_and_speakers(
    shared_location: str, backend: str
) -> None:
    """What ranking reads of every candidate instead of its row: the same session, speakers
    and flags as the whole turn gives, on both backends (a side that said nothing names
    nobody). SQLite keeps its heads, so it bounds a line's cost by a token count; PostgreSQL
    makes them per query, by byte counts."""
    from soulmem.recall.quoted import quoted_tokens_at_least
    from soulmem.recall.tokenize import tokens_at_least
    from soulmem.store.base import head_of

    with Memory.open(shared_location, embedder=FakeEmbedder()) as mem:
        s = mem.scope("u", "luna")
        turns = [
            s.observe(user="오늘 로마에 도착했어", user_name="민지", session_id="s1"),
            s.observe(
                user="ローマはどう?", assistant="great", user_name="Ana", assistant_name="Bo"
            ),
            s.observe(assistant="nobody asked", user_name="Ana", assistant_name="Bo"),
            s.observe(user="a quiet note", session_id="s2"),
            s.observe(user="京都に行ったっけ？", session_id="s2"),
        ]
        ids = [t.event.id for t in turns]
        heads = mem.store.event_heads([*ids, "ev_missing"])
        events = {e.id: e for e in mem.store.get_events(ids)}
    least = quoted_tokens_at_least if backend == "sqlite" else tokens_at_least
    assert heads == {i: head_of(events[i], least) for i in ids}
    assert [heads[i].speakers for i in ids] == [
        {"민지"},
        {"Ana", "Bo"},
        {"Bo"},
        frozenset(),
        frozenset(),
    ]
    assert [heads[i].session_id for i in ids] == ["s1", None, None, "s2", "s2"]
    assert [(heads[i].asks, heads[i].bare) for i in ids] == [(False, False)] * 4 + [(True, True)]


def test_context_keys_pair_a_turn_with_the_turn_before_it_in_its_session(
    shared_location: str,
) -> None:
    """A turn's context key is the normalised sum of its vector and the vector of the turn it
    replies to, computed from the turns' own vectors: a new model's vectors give its keys with
    no other step."""
    path = shared_location
    texts = [("s1", "my cat is called Mochi"), ("s1", "what does Mochi eat?"), ("s2", "hello")]

    def key(vectors: dict[str, np.ndarray], a: str, b: str, query: np.ndarray) -> float:
        both = vectors[a] + vectors[b]
        return float(both @ query / np.linalg.norm(both))

    with Memory.open(path, embedder=FakeEmbedder(32, name="old")) as mem:
        luna = mem.scope("u1", "luna")
        ids = [luna.observe(user=t, session_id=s).event.id for s, t in texts]
        vectors = mem.store.vectors_for(luna.scope, "old-32", "event", ids)
        # the second turn's key is its own ("before") and the first turn's "after" key; the
        # first turn replies to nothing: no "before" key
        query = mem.embedder.embed_query("what does my cat eat")
        keys = mem.store.context_keys(luna.scope, "old-32", query, ids)
        assert set(keys.before) == {ids[1], ids[2]} and set(keys.after) == {ids[0], ids[1]}
        assert keys.before[ids[1]] == pytest.approx(key(vectors, ids[0], ids[1], query), abs=1e-5)
        assert keys.after[ids[0]] == pytest.approx(keys.before[ids[1]], abs=1e-6)
        assert keys.before[ids[2]] == pytest.approx(key(vectors, ids[1], ids[2], query), abs=1e-5)
        assert keys.before[ids[1]] > 0.1  # "cat", "eat" and "Mochi" are in the key
        assert mem.store.context_keys(luna.scope, "new-48", query, ids) == ContextKeys({}, {})
        # many turns asked at once (read in parts): each side keeps its own similarities
        third = luna.observe(user="she eats salmon and rice", session_id="s2").event.id
        vectors = mem.store.vectors_for(luna.scope, "old-32", "event", [*ids, third])
        near = mem.embedder.embed_query("salmon and rice")
        asked = [ids[0], *(f"ev_missing{i}" for i in range(450)), third]
        keys = mem.store.context_keys(luna.scope, "old-32", near, asked)
        assert keys.after == {ids[0]: pytest.approx(key(vectors, ids[0], ids[1], near), abs=1e-5)}
        assert keys.before == {third: pytest.approx(key(vectors, ids[2], third, near), abs=1e-5)}
        assert keys.after[ids[0]] != pytest.approx(keys.before[third], abs=1e-3)
    new = FakeEmbedder(48, name="new")
    with Memory.open(path, embedder=new) as mem:
        luna = mem.scope("u1", "luna")
        mem.reembed()
        query = new.embed_query("what does my cat eat")
        keys = mem.store.context_keys(luna.scope, "new-48", query, ids[:2])
        vectors = mem.store.vectors_for(luna.scope, "new-48", "event", ids)
        assert keys.before == {ids[1]: pytest.approx(key(vectors, ids[0], ids[1], query), abs=1e-5)}
        assert mem.store.check_integrity() == []


def test_context_keys_are_the_same_in_any_order_or_grouping(file_mem: Memory) -> None:
    """A key's score depends on its two turns alone: asked in any order, alone or among
    others, a turn's keys are the same floats in every process. (Scored as one BLAS product,
    a row's rounding changed with the rows beside it: scores differed by 1e-6 between two
    recalls, and with them near ties.) A turn with two replies keeps the latest reply's key."""
    luna = file_mem.scope("u1", "luna")
    ids = [luna.observe(user=f"turn {i} about the garden").event.id for i in range(8)]
    store = file_mem.store
    name = file_mem.embedder.name
    query = file_mem.embedder.embed_query("the garden")
    order = [ids[3], ids[0], ids[7], ids[5], ids[1], ids[6], ids[2], ids[4], ids[0]]
    every = store.context_keys(luna.scope, name, query, order)
    assert set(every.before) == set(ids[1:]) and set(every.after) == set(ids[:-1])
    assert store.context_keys(luna.scope, name, query, ids[::-1]) == every
    for turn in ids:
        alone = store.context_keys(luna.scope, name, query, [turn])
        assert alone.before == {t: v for t, v in every.before.items() if t == turn}
        assert alone.after == {t: v for t, v in every.after.items() if t == turn}
    # a later turn replies to the first one too (a link written by hand)
    late = luna.observe(user="a late word about the garden").event.id
    with store.transaction() as tx:
        tx.insert_link(EventLink(from_event_id=late, to_event_id=ids[0], kind="reply_to"))
    vectors = store.vectors_for(luna.scope, name, "event", [ids[0], late])
    both = vectors[late] + vectors[ids[0]]
    keys = store.context_keys(luna.scope, name, query, [ids[0], late])
    assert keys.after[ids[0]] == pytest.approx(float(both @ query / np.linalg.norm(both)), abs=1e-5)
    assert keys.before[late] == keys.after[ids[0]]


def test_every_read_of_events_gives_back_every_field(mem: Memory) -> None:
    """Events are decoded by column position: each read returns the event as written."""
    scope = mem.scope("u1", "luna", world_id="w1")
    mem.clock.advance(seconds=90)  # type: ignore[attr-defined]
    at = mem.clock.now() - timedelta(hours=3)
    result = scope.observe(
        user="I adopted a cat named Mochi",
        assistant="Congratulations on Mochi!",
        session_id="s-7",
        at=at,
        user_name="Mina",
        assistant_name="Luna",
        images=["a grey kitten on a sofa"],
        files=["notes/cats.md"],
        entities=["Mochi"],
        salience=0.8,
        metadata={"channel": "app", "n": 3},
    )
    (event,) = mem.store.get_events([result.event.id])
    expected = {
        "id": result.event.id,
        "scope": scope.scope,
        "at": at,
        "created_at": mem.clock.now(),
        "session_id": "s-7",
        "source": Source.CONVERSATION,
        "user_text": "I adopted a cat named Mochi",
        "assistant_text": "Congratulations on Mochi!",
        "user_name": "Mina",
        "assistant_name": "Luna",
        "images": ("a grey kitten on a sofa",),
        "files": ("notes/cats.md",),
        "entities": ("Mochi",),
        "salience": 0.8,
        "language": "en",
        "metadata": {"channel": "app", "n": 3},
    }
    assert {name: getattr(event, name) for name in expected} == expected
    assert event == result.event and event.seq > 0
    assert mem.store.last_event(scope.scope) == event
    assert mem.store.recent_events(scope.scope, 5) == [event]
    assert list(mem.store.iter_events(scope.scope)) == [event]
    start, end = at - timedelta(minutes=1), at + timedelta(minutes=1)
    assert mem.store.events_between(scope.scope, start, end) == [event]
