"""The memories' decay as a clock (store/sqlite/decay.py): a decay writes one row, and every
read sees the strength the old UPDATE of every row gave, on both backends."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from soulmem import ConfigError, InvalidInput, ManualClock
from soulmem.config import Config, DecayConfig
from soulmem.embed import FakeEmbedder
from soulmem.engine import Memory as Engine
from soulmem.model import Event, ForgettingEntry, Memory, MemoryType, Scope, Tier, new_id
from soulmem.store.base import Store

T0 = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)
SCOPE = Scope("u1", "luna", None)
OTHER = Scope("u2", "luna", None)
BASES = {"episodic": 0.95, "emotional": 0.97, "semantic": 0.98}
RULE = {"bases": BASES, "emotion_weight": 0.4, "importance_weight": 0.3, "cap": 0.995}
FLOOR = 0.1


@pytest.fixture
def store(db_location: str) -> Iterator[Store]:
    engine = Engine.open(db_location, embedder=FakeEmbedder(), clock=ManualClock(T0))
    yield engine.store
    engine.close()


def orb(scope: Scope = SCOPE, **fields: object) -> Memory:
    memory = Memory(
        id=new_id("mem"),
        scope=scope,
        content="a memory",
        tier=Tier.M30,
        memory_type=MemoryType.EPISODIC,
        created_at=T0,
        occurred_at=T0,
        expires_at=None,
    )
    return replace(memory, **fields)  # type: ignore[arg-type]


def factor(m: Memory, bases: dict[str, float] = BASES, ew: float = 0.4, iw: float = 0.3) -> float:
    base = bases[m.memory_type.value]
    return min(0.995, base + (1 - base) * (ew * m.intensity + iw * m.importance))


def eager(m: Memory, steps: int, f: float) -> float:
    """What the UPDATE of every row made of the strength after ``steps`` decays."""
    s = m.strength
    for _ in range(steps):
        if s > FLOOR:
            s *= f
    return s


def decay(store: Store, scope: Scope = SCOPE, times: int = 1, **rule: object) -> None:
    for _ in range(times):
        with store.transaction() as tx:
            tx.decay_strength(scope, **{**RULE, **rule}, above=FLOOR)  # type: ignore[arg-type]


def put(store: Store, *memories: Memory) -> None:
    with store.transaction() as tx:
        for memory in memories:
            tx.insert_memory(memory)


def strength(store: Store, memory: Memory) -> float:
    (found,) = store.get_memories([memory.id])
    return found.strength


def test_reads_see_each_decay_as_the_update_of_every_row_did(store: Store) -> None:
    kinds = [
        orb(),
        orb(memory_type=MemoryType.EMOTIONAL, intensity=0.9, importance=0.8),
        orb(memory_type=MemoryType.SEMANTIC, importance=0.1),
        orb(strength=0.4, intensity=0.2),  # reaches the floor and stops there
        orb(strength=0.09),  # below the floor: never decays
        orb(tier=Tier.M0),  # the core does not decay
        orb(status="forgotten"),
        orb(importance=1.0, intensity=1.0),  # capped at 0.995
    ]
    put(store, *kinds)
    put(store, orb(OTHER))
    done = 0
    for times in (1, 6, 33):
        decay(store, times=times)
        done += times
        for m in kinds:
            decaying = m.status == "active" and m.tier != Tier.M0
            want = eager(m, done, factor(m)) if decaying else m.strength
            assert strength(store, m) == pytest.approx(want, rel=1e-9), (m, done)
    # another scope's clock never moved
    (other,) = store.memories_in(OTHER, [Tier.M30])
    assert other.strength == 1.0
    # the ranking's read and the prune's filter see the same strengths
    weak = store.memory_ids_in(SCOPE, [Tier.M30], weaker_than=0.15)
    assert set(weak) == {m.id for m in kinds if m.tier == Tier.M30 and strength(store, m) < 0.15}
    assert kinds[3].id in weak and kinds[7].id not in weak


def test_the_ranking_reads_the_decayed_strength(store: Store) -> None:
    with store.transaction() as tx:
        event = tx.insert_event(_event())
    memory = orb(source_event_ids=(event.id,), importance=0.2)
    put(store, memory)
    decay(store, times=3)
    (weight,) = store.memories_for_events([event.id])[event.id]
    assert weight.strength == pytest.approx(eager(memory, 3, factor(memory)), rel=1e-9)


def test_a_write_keeps_the_strength_and_the_new_fields_decide_the_next_decays(
    store: Store,
) -> None:
    memory = orb(intensity=0.0, importance=0.0)
    put(store, memory)
    decay(store, times=4)
    now = store.get_memories([memory.id])[0]
    assert now.strength == pytest.approx(0.95**4)
    promoted = replace(now, tier=Tier.M90, importance=1.0)
    with store.transaction() as tx:
        tx.save_memory(promoted)
    assert strength(store, memory) == pytest.approx(0.95**4)
    decay(store, times=2)
    assert strength(store, memory) == pytest.approx(0.95**4 * factor(promoted) ** 2)
    with store.transaction() as tx:
        tx.save_memory(replace(promoted, tier=Tier.M0, strength=0.5))
    decay(store, times=5)
    assert strength(store, memory) == 0.5


def test_a_queued_memory_keeps_the_strength_it_had_when_queued(store: Store) -> None:
    memory = orb(importance=0.0)
    put(store, memory)
    decay(store, times=3)
    with store.transaction() as tx:
        tx.queue_forgetting(
            [ForgettingEntry(memory.id, SCOPE, "displaced", T0, T0 + timedelta(days=7), Tier.M30)]
        )
    decay(store, times=6)
    (queued,) = store.get_memories([memory.id])
    assert queued.status == "queued"
    assert queued.strength == pytest.approx(0.95**3)


def test_a_new_rule_applies_from_its_first_decay(store: Store) -> None:
    memory = orb(importance=0.0)
    put(store, memory)
    decay(store, times=2)
    decay(store, times=3, bases={**BASES, "episodic": 0.5})
    assert strength(store, memory) == pytest.approx(0.95**2 * 0.5**3)
    late = orb(importance=0.0)
    put(store, late)  # written at the clock's epoch: none of the earlier decays apply
    decay(store, bases={**BASES, "episodic": 0.5})
    assert strength(store, late) == pytest.approx(0.5)
    decay(store)  # back to the first rule
    assert strength(store, late) == pytest.approx(0.5 * 0.95)
    assert strength(store, memory) == pytest.approx(0.95**2 * 0.5**4)  # below the floor: stops


def test_a_decay_writes_no_memory_row(file_mem: Engine) -> None:
    store = file_mem.store
    put(store, *[orb(importance=i / 500) for i in range(500)])
    decay(store)
    conn = store._db._writer  # type: ignore[attr-defined]
    before = conn.total_changes
    decay(store, times=3)
    assert conn.total_changes - before <= 3  # the clock's row, once a decay
    assert all(m.strength < 1.0 for m in store.memories_in(SCOPE, [Tier.M30]))


def test_a_rule_that_would_not_shrink_the_strength_is_refused(store: Store) -> None:
    for bad in ({"cap": 1.0}, {"bases": {"episodic": 0.0}}, {"emotion_weight": -0.1}):
        with pytest.raises(InvalidInput):
            decay(store, **bad)
    with pytest.raises(ConfigError):
        Config(decay=DecayConfig(cap=1.5))
    with pytest.raises(ConfigError):
        Config(decay=DecayConfig(base={"episodic": 1.2}))


def _event() -> Event:
    return Event(id=new_id("ev"), scope=SCOPE, at=T0, created_at=T0, user_text="we went to the sea")
