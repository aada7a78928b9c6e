"""Memory life across every boundary, driven by a fake clock."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from soulmem import InvalidInput, ManualClock, Memory, NotFound
from soulmem.config import Config, DecayConfig, SurpriseConfig
from soulmem.embed import FakeEmbedder
from soulmem.model import Memory as Orb
from soulmem.model import Revision, Tier, new_id

T0 = datetime(2025, 1, 6, 12, 0, tzinfo=UTC)  # a Monday


# every turn becomes a memory; short test texts with the hashed fake embedder look alike
# (they share the date and speaker), so clustering only joins near-identical ones here
QUIET = Config(surprise=SurpriseConfig(enabled=False), decay=DecayConfig(cluster_similarity=0.95))


@pytest.fixture
def life(shared_location: str) -> Iterator[tuple[Memory, ManualClock]]:
    clock = ManualClock(T0)
    engine = Memory.open(shared_location, embedder=FakeEmbedder(), clock=clock, config=QUIET)
    yield engine, clock
    engine.close()


def observe(mem: Memory, text: str) -> Orb:
    r = mem.scope("u1", "luna").observe(user=text)
    assert r.memory is not None
    return r.memory


def edit(mem: Memory, memory: Orb, **changes: object) -> Orb:
    changed = replace(mem.scope("u1", "luna").memory(memory.id), **changes)  # type: ignore[arg-type]
    with mem.store.transaction() as tx:
        tx.save_memory(changed)
    return changed


def status(mem: Memory, memory_id: str) -> tuple[str, Tier]:
    m = mem.scope("u1", "luna").memory(memory_id)
    return m.status, m.tier


def test_m30_expires_on_day_30_then_waits_7_days_then_is_purged(
    life: tuple[Memory, ManualClock], tmp_path: Path
) -> None:
    mem, clock = life
    luna = mem.scope("u1", "luna")
    orb = observe(mem, "zebra-marker-7731 went to the aquarium")
    clock.set(T0 + timedelta(days=29, hours=23, minutes=59))
    luna.maintain()
    assert status(mem, orb.id) == ("active", Tier.M30)
    clock.set(T0 + timedelta(days=30))
    report = luna.maintain()
    assert report.counts.get("forgotten") == 1
    assert status(mem, orb.id) == ("queued", Tier.M30)
    (entry,) = luna.forgetting_queue()
    assert (entry.memory_id, entry.reason) == (orb.id, "expired")
    assert entry.purge_at == T0 + timedelta(days=37)
    assert orb.id not in {i.memory_id for i in luna.recall("aquarium zebra-marker-7731").items}
    clock.set(T0 + timedelta(days=36, hours=23))
    luna.maintain()
    assert luna.forgetting_queue()
    clock.set(T0 + timedelta(days=37))
    assert luna.maintain().counts.get("purged") == 1
    with pytest.raises(NotFound):
        luna.memory(orb.id)
    assert luna.forgetting_queue() == []
    # the turn it came from is redacted: nothing of its text is searchable or embedded
    (turn,) = orb.source_event_ids
    assert mem.store.get_events([turn])[0].user_text is None
    assert mem.store.lexical_search(luna.scope, ["aquarium"], 10) == []
    assert mem.store.vectors_for(luna.scope, mem.embedder.name, "event", [turn]) == {}
    # no trace of the text anywhere in the database files (the lexical index keeps words)
    mem.close()
    for path in tmp_path.glob("life.db*"):
        data = path.read_bytes()
        for word in (b"zebra-marker-7731", b"zebra", b"aquarium"):
            assert word not in data, (path, word)


def test_upkeep_queues_and_purges_only_its_own_scopes_memories(
    life: tuple[Memory, ManualClock],
) -> None:
    """Expiry marks the memories queued and changes nothing else of them; the purge takes
    the due entries of the scope it runs for (selected in SQL), never another scope's due at
    the same moment."""
    mem, clock = life
    luna, nova = mem.scope("u1", "luna"), mem.scope("u1", "nova")
    mine = [observe(mem, text) for text in ("바다에 갔어", "港で釣りをした", "we sailed home")]
    theirs = nova.observe(user="nova remembers the lighthouse").memory
    assert theirs is not None
    clock.set(T0 + timedelta(days=30))
    assert luna.maintain().counts.get("forgotten") == 3
    for before in mine:
        after = luna.memory(before.id)
        assert after == replace(before, status="queued", expires_at=None)
    assert nova.memory(theirs.id).status == "active"
    assert nova.maintain().counts.get("forgotten") == 1
    clock.set(T0 + timedelta(days=37))
    assert luna.maintain().counts.get("purged") == 3
    assert luna.forgetting_queue() == []
    assert [e.memory_id for e in nova.forgetting_queue()] == [theirs.id]
    assert nova.forgetting_entry(theirs.id) == nova.forgetting_queue()[0]
    assert luna.forgetting_entry(theirs.id) is None  # another scope's
    assert nova.maintain().counts.get("purged") == 1
    assert nova.forgetting_entry(theirs.id) is None
    assert nova.forgetting_queue() == []


def test_prune_queues_weak_unused_memories_and_the_cap_the_weakest(shared_location: str) -> None:
    """Every 25 turns the prune queues the M30 memories below the strength floor that were
    never used; with a cap per scope, the weakest of the rest (importance x strength) follow
    until the cap holds, whatever their tier."""
    config = replace(QUIET, decay=replace(QUIET.decay, cap_per_scope=3))
    clock = ManualClock(T0)
    with Memory.open(shared_location, embedder=FakeEmbedder(), clock=clock, config=config) as mem:
        luna = mem.scope("u1", "luna")
        texts = ["바다에 갔어", "港で釣りをした", "we sailed home", "a red kite", "雨の日", "첫눈"]
        orbs = [observe(mem, text) for text in texts]
        edit(mem, orbs[0], strength=0.05)  # weak, never used: pruned
        edit(mem, orbs[1], strength=0.05, reference_count=1)  # weak but recalled: the cap's
        edit(mem, orbs[2], strength=0.2, importance=0.5, tier=Tier.M90)  # the cap's next
        for orb in orbs[3:]:
            edit(mem, orb, strength=0.8, importance=0.8)
        with mem.store.transaction() as tx:
            tx.set_maintenance(luna.scope, "prune", last_run=None, counter=25)
        assert luna.maintain().counts.get("pruned") == 3
        assert [luna.memory(o.id).status for o in orbs] == ["queued"] * 3 + ["active"] * 3
        queue = {e.memory_id: e for e in luna.forgetting_queue()}
        assert set(queue) == {o.id for o in orbs[:3]}
        assert [(queue[o.id].reason, queue[o.id].previous_tier) for o in orbs[:3]] == [
            ("displaced", Tier.M30),
            ("displaced", Tier.M30),
            ("displaced", Tier.M90),
        ]


def test_a_purge_makes_the_scenes_of_its_turns_again(life: tuple[Memory, ManualClock]) -> None:
    """A scene's place and topics are words of its turns: once a turn is redacted, the scene
    it was part of is made again from what is left."""
    mem, clock = life
    luna = mem.scope("u1", "luna")
    kept = luna.observe(user="I read a novel at the library", session_id="s1").memory
    gone = luna.observe(user="we went to the aquarium to see the penguins", session_id="s1")
    assert kept is not None and gone.memory is not None
    clock.set(T0 + timedelta(days=1, hours=1))
    luna.maintain()
    (scene,) = mem.store.scenes(luna.scope)
    assert "aquarium" in f"{scene.place} {scene.topics}"
    luna.forget(gone.memory.id)
    clock.set(T0 + timedelta(days=9))
    assert luna.maintain().counts.get("purged") == 1
    (again,) = mem.store.scenes(luna.scope)
    assert again.id == scene.id
    assert "aquarium" not in f"{again.place} {again.topics}"
    assert "penguin" not in f"{again.place} {again.topics}"
    assert mem.store.get_events([kept.source_event_ids[0]])[0].user_text is not None


def purge_setup(mem: Memory) -> dict[str, Orb]:
    """Turns in two scopes, each with its memory, and three memories made from several turns
    (each with a vector, a lexical document and a revision), so that turns are shared."""
    luna, nova = mem.scope("u1", "luna"), mem.scope("u1", "nova")
    orbs = {
        t: observe(mem, t) for t in ("바다에 갔어", "港で釣りをした", "we sailed home", "a kite")
    }
    other = nova.observe(user="nova remembers the lighthouse").memory
    assert other is not None
    a, b, c, d = (o.source_event_ids[0] for o in orbs.values())
    vector = mem.embedder.embed_documents(["derived"])[0]
    for name, sources in (("ab", (a, b)), ("bc", (b, c)), ("d", (d,))):
        derived = replace(orbs["a kite"], id=new_id("mem"), content=name, source_event_ids=sources)
        with mem.store.transaction() as tx:
            tx.insert_memory(derived)
            tx.put_embedding(luna.scope, "memory", derived.id, mem.embedder.name, vector)
            tx.index_tokens(luna.scope, "memory", derived.id, [name, "derived"])
            tx.insert_revision(
                Revision(new_id("rev"), luna.scope, "memory", derived.id, None, {}, "made", (), T0)
            )
        orbs[name] = derived
    orbs["nova"] = other
    return orbs


def test_purging_memories_together_is_purging_them_one_by_one(shared_location: str) -> None:
    """A turn is redacted once no memory comes from it any more, whether the memories that
    came from it leave in one call or in several; everything of a purged memory goes."""
    clock = ManualClock(T0)
    with Memory.open(shared_location, embedder=FakeEmbedder(), clock=clock, config=QUIET) as mem:
        orbs = purge_setup(mem)
        luna = mem.scope("u1", "luna")
        first = orbs["바다에 갔어"].source_event_ids[0]
        second = orbs["港で釣りをした"].source_event_ids[0]
        with mem.store.transaction() as tx:  # "ab" keeps the first turn, "bc" the second
            assert tx.purge_memories([orbs["바다에 갔어"].id, orbs["港で釣りをした"].id]) == []
        with mem.store.transaction() as tx:
            assert tx.purge_memories([orbs["ab"].id, "no-such-memory", orbs["ab"].id]) == [first]
        with mem.store.transaction() as tx:  # "bc" and "d" leave together, with their turns
            gone = tx.purge_memories([orbs["bc"].id, orbs["d"].id, orbs["a kite"].id])
        third = orbs["we sailed home"].source_event_ids[0]
        assert gone == [second, orbs["a kite"].source_event_ids[0]]
        assert third not in gone  # its own memory stays
        for name in ("ab", "bc", "d", "a kite"):
            with pytest.raises(NotFound):
                luna.memory(orbs[name].id)
            assert mem.store.revisions("memory", orbs[name].id) == []
        assert mem.store.vectors_for(luna.scope, mem.embedder.name, "memory", [orbs["d"].id]) == {}
        assert mem.store.lexical_search(luna.scope, ["derived"], 10) == []
        texts = {e.id: e.user_text for e in mem.store.get_events([first, second, third])}
        assert texts == {first: None, second: None, third: "we sailed home"}
        assert mem.scope("u1", "nova").memory(orbs["nova"].id).status == "active"
        with mem.store.transaction() as tx:
            assert tx.purge_memories([]) == []


def test_a_batch_purge_leaves_the_file_as_one_by_one_does(tmp_path: Path) -> None:
    """Every row of every table the same (FTS5's segments aside, compared through the
    table), whatever the batch."""
    clock = ManualClock(T0)
    with Memory.open(tmp_path / "a.db", embedder=FakeEmbedder(), clock=clock, config=QUIET) as mem:
        orbs = purge_setup(mem)
    (tmp_path / "b.db").write_bytes((tmp_path / "a.db").read_bytes())
    doomed = [orbs[name].id for name in ("ab", "港で釣りをした", "d", "bc", "nova")]
    dumps = []
    for name, batches in (("a.db", [doomed]), ("b.db", [[i] for i in doomed])):
        with Memory.open(tmp_path / name, embedder=FakeEmbedder(), clock=clock) as mem:
            redacted: list[str] = []
            for batch in batches:
                with mem.store.transaction() as tx:
                    redacted.extend(tx.purge_memories(batch))
        dumps.append((sorted(redacted), dump(tmp_path / name)))
    assert dumps[0] == dumps[1]
    assert len(dumps[0][0]) == 2  # the second turn (its three memories gone) and nova's


def dump(path: Path) -> dict[str, list[tuple[object, ...]]]:
    conn = sqlite3.connect(path)
    try:
        tables = [
            r[0]
            for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            if not r[0].startswith(("sqlite_", "lexical_data", "lexical_idx", "lexical_config"))
        ]
        out = {}
        for table in tables:
            rows = conn.execute(f"SELECT * FROM {table}").fetchall()
            names = [c[0] for c in conn.execute(f"SELECT * FROM {table} LIMIT 0").description]
            # counters that count statements, not state
            keep = [n not in ("version", "change", "seq") for n in names]
            out[table] = sorted(
                (tuple(v for v, k in zip(row, keep, strict=True) if k) for row in rows), key=repr
            )
        return out
    finally:
        conn.close()


def test_restore_puts_it_back_with_a_fresh_ttl(life: tuple[Memory, ManualClock]) -> None:
    mem, clock = life
    luna = mem.scope("u1", "luna")
    orb = observe(mem, "we watched the meteor shower")
    clock.set(T0 + timedelta(days=31))
    luna.maintain()
    clock.set(T0 + timedelta(days=33))
    restored = luna.restore(orb.id)
    assert restored.status == "active" and restored.tier == Tier.M30
    assert restored.expires_at == T0 + timedelta(days=63)
    assert luna.forgetting_queue() == []
    clock.set(T0 + timedelta(days=62))
    luna.maintain()
    assert status(mem, orb.id) == ("active", Tier.M30)
    with pytest.raises(NotFound):
        luna.restore(orb.id)


def test_manual_forget_and_bad_calls(life: tuple[Memory, ManualClock]) -> None:
    mem, _ = life
    luna = mem.scope("u1", "luna")
    orb = observe(mem, "a thing to forget")
    entry = luna.forget(orb.id)
    assert entry.reason == "manual"
    with pytest.raises(InvalidInput):
        luna.forget(orb.id)
    with pytest.raises(NotFound):
        luna.forget("mem_missing")


def test_m30_promotion_thresholds(life: tuple[Memory, ManualClock]) -> None:
    mem, clock = life
    luna = mem.scope("u1", "luna")
    refs2 = edit(mem, observe(mem, "alpha apples"), reference_count=2)
    refs3 = edit(mem, observe(mem, "bravo bananas"), reference_count=3)
    calm = edit(mem, observe(mem, "charlie cherries"), intensity=0.7)
    felt = edit(mem, observe(mem, "delta dates"), intensity=0.71)
    asked = observe(mem, "Please remember that my locker code is 4417")
    clock.set(T0 + timedelta(days=6, hours=23))
    luna.maintain()
    assert status(mem, refs3.id) == ("active", Tier.M30)  # weekly duty not due yet
    clock.set(T0 + timedelta(days=7))
    luna.maintain()
    assert status(mem, refs2.id)[1] == Tier.M30
    assert status(mem, refs3.id)[1] == Tier.M90
    assert status(mem, calm.id)[1] == Tier.M30
    assert status(mem, felt.id)[1] == Tier.M90
    assert status(mem, asked.id)[1] == Tier.M90
    promoted = luna.memory(refs3.id)
    assert promoted.expires_at == T0 + timedelta(days=7 + 90)


def test_same_topic_three_times_is_distilled(tmp_path: Path) -> None:
    clock = ManualClock(T0)
    config = replace(QUIET, decay=DecayConfig(cluster_similarity=0.6))
    mem = Memory.open(tmp_path / "d.db", embedder=FakeEmbedder(), clock=clock, config=config)
    luna = mem.scope("u1", "luna")
    originals = []
    for day in range(3):
        clock.set(T0 + timedelta(days=day))
        originals.append(observe(mem, f"went to the corner cafe for a latte again {day}"))
    observe(mem, "completely unrelated gardening note")
    clock.set(T0 + timedelta(days=7))
    report = luna.maintain()
    assert report.counts.get("distillations") == 1
    m90 = [m for m in luna.memories() if m.tier == Tier.M90]
    assert len(m90) == 1
    distilled = m90[0]
    assert set(distilled.promoted_from) == {m.id for m in originals}
    assert "cafe" in distilled.content.lower()
    assert set(distilled.source_event_ids) >= {e for m in originals for e in m.source_event_ids}
    assert all(luna.memory(m.id).status == "distilled" for m in originals)
    assert distilled.id in {i.id for i in luna.recall("corner cafe latte").items}


def test_m90_to_m365_thresholds(life: tuple[Memory, ManualClock]) -> None:
    mem, clock = life
    luna = mem.scope("u1", "luna")
    now = T0 + timedelta(days=1)
    cases = {
        "four": dict(reference_count=4, last_referenced_at=now),
        "five": dict(reference_count=5, last_referenced_at=now),
        "stale": dict(reference_count=9, last_referenced_at=T0 - timedelta(days=120)),
        "deep": dict(intensity=0.81, emotions={"joy": 0.9, "sadness": 0.6}),
        "shallow": dict(intensity=0.8, emotions={"joy": 0.9, "sadness": 0.6}),
        "single": dict(intensity=0.95, emotions={"joy": 0.9}),
    }
    orbs = {}
    for i, (name, changes) in enumerate(cases.items()):
        orbs[name] = edit(
            mem,
            observe(mem, f"{name} topic number {i} xyzzy{i}"),
            tier=Tier.M90,
            expires_at=T0 + timedelta(days=90),
            **changes,
        )
    clock.set(T0 + timedelta(days=30))
    luna.maintain()
    tiers = {name: status(mem, orb.id)[1] for name, orb in orbs.items()}
    assert tiers == {
        "four": Tier.M90,
        "five": Tier.M365,
        "stale": Tier.M90,
        "deep": Tier.M365,
        "shallow": Tier.M90,
        "single": Tier.M90,
    }


def test_m0_needs_the_owner_and_never_expires(life: tuple[Memory, ManualClock]) -> None:
    mem, clock = life
    luna = mem.scope("u1", "luna")
    orb = observe(mem, "Remember this: the day I adopted Mochi")
    edit(mem, orb, tier=Tier.M365, reference_count=10, expires_at=T0 + timedelta(days=900))
    clock.set(T0 + timedelta(days=360))
    luna.maintain()
    assert luna.inbox() == []  # not a year yet
    clock.set(T0 + timedelta(days=389))
    luna.maintain()
    assert luna.inbox() == []  # a year now, but the monthly duty is not due yet
    clock.set(T0 + timedelta(days=390))
    luna.maintain()
    (item,) = luna.inbox()
    assert item.kind == "m0_candidate" and item.payload["memory_id"] == orb.id
    clock.set(T0 + timedelta(days=800))
    luna.maintain()
    assert status(mem, orb.id)[1] == Tier.M365  # never promoted without approval
    assert len(luna.inbox()) == 1  # proposed once
    decided = mem.decide(luna.scope, item.id, approve=True, reason="yes, that made her")
    assert decided.status == "approved"
    core = luna.memory(orb.id)
    assert core.tier == Tier.M0 and core.expires_at is None
    with pytest.raises(InvalidInput):
        mem.decide(luna.scope, item.id, approve=True)
    with pytest.raises(InvalidInput):
        luna.forget(orb.id)
    clock.set(T0 + timedelta(days=365 * 10))
    luna.maintain()
    assert status(mem, orb.id) == ("active", Tier.M0)


def test_seed003_cadences_decay_and_prune(life: tuple[Memory, ManualClock]) -> None:
    mem, _ = life
    luna = mem.scope("u1", "luna")
    weak = edit(
        mem,
        observe(mem, "one-off trivia about pencils"),
        strength=0.155,
        intensity=0.0,
        importance=0.0,
    )
    for i in range(3):
        observe(mem, f"filler {i} {'x' * i} about clouds {i}")
    fifth = observe(mem, "the fifth turn")  # the decay counter reaches 5 here
    decayed = luna.memory(weak.id)
    assert decayed.strength == pytest.approx(0.155 * 0.95)
    assert luna.memory(fifth.id).strength < 1.0
    for i in range(20):
        observe(mem, f"more filler number {i} words {i * 7}")
    assert status(mem, weak.id)[0] == "queued"
    (entry,) = [e for e in luna.forgetting_queue() if e.memory_id == weak.id]
    assert entry.reason == "displaced"


def test_prune_spares_weak_memories_that_were_used(life: tuple[Memory, ManualClock]) -> None:
    """Only weak memories nobody mentioned, referenced or asked to keep are displaced."""
    mem, _ = life
    kinds = {
        "unused": {},
        "mentioned": {"mention_count": 1},
        "referenced": {"reference_count": 1},
        "kept": {"remember": True},
    }
    weak = {
        name: edit(
            mem,
            observe(mem, f"a weak {name} note about lamps {i}"),
            strength=0.12,
            intensity=0.0,
            importance=0.0,
            **change,
        )
        for i, (name, change) in enumerate(kinds.items())
    }
    for i in range(25):
        observe(mem, f"other talk number {i} about rivers {i * 3}")
    assert {name: status(mem, orb.id)[0] for name, orb in weak.items()} == {
        "unused": "queued",
        "mentioned": "active",
        "referenced": "active",
        "kept": "active",
    }


def test_maintenance_is_idempotent(life: tuple[Memory, ManualClock], tmp_path: Path) -> None:
    mem, clock = life
    luna = mem.scope("u1", "luna")
    for i in range(12):
        observe(mem, f"turn {i} about the sea and boats {i}")
    clock.set(T0 + timedelta(days=40))
    first = luna.maintain()
    assert first.ran
    dump1 = _dump(tmp_path / "life.db")
    second = luna.maintain()
    assert second.ran == [] and second.counts == {}
    assert _dump(tmp_path / "life.db") == dump1


def _dump(path: Path) -> list[str]:
    with sqlite3.connect(path) as conn:
        return list(conn.iterdump())


@pytest.mark.parametrize("reason", ["interval", "events", "idle"])
def test_endless_consolidation_triggers(tmp_path: Path, reason: str) -> None:
    clock = ManualClock(T0)
    with Memory.open(
        tmp_path / "e.db", embedder=FakeEmbedder(), clock=clock, auto_maintain=False
    ) as mem:
        agent = mem.scope("dev", "coder")
        agent.set_mode("endless")
        agent.observe(user="start of the session")
        assert "endless_consolidation" not in agent.maintain().ran
        clock.advance(minutes=30)
        assert agent.maintain().counts.get("consolidation_idle") == 1  # the baseline
        last = clock.now()

        def step(minutes: float, turns: int = 1) -> None:
            clock.set(last + timedelta(minutes=minutes))
            for i in range(turns):
                agent.observe(user=f"editing the parser, step {i}", files=["src/parser.py"])

        def due_at(minutes: float) -> bool:
            clock.set(last + timedelta(minutes=minutes))
            return "endless_consolidation" in agent.maintain().ran

        if reason == "interval":  # busy for an hour: neither idle nor 100 events
            for minute in (1, 21, 41, 59):
                step(minute)
            assert not due_at(59 + 59 / 60)
            assert due_at(60)
        elif reason == "events":
            step(1, turns=99)
            assert not due_at(1)
            step(1, turns=1)
            assert due_at(1)
        else:
            step(1)
            assert not due_at(1 + 29 + 59 / 60)
            assert due_at(31)
        summaries = mem.store.summaries(agent.scope, "working_set")
        assert "parser" in summaries[-1].text
        agent.set_mode("session")
        assert agent.mode == "session"
