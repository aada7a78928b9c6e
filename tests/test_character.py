"""A character with a self, through the engine: islands, beliefs, SOUL.md, the owner's
approvals, the 30 % guard, imagination, nudges, director notes, relationship and mood."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest

from soulmem import InvalidInput, ManualClock, Memory, NotFound
from soulmem.config import Config, SurpriseConfig
from soulmem.embed import FakeEmbedder
from soulmem.errors import PermissionDenied, SelfProtection
from soulmem.model import InboxItem, IslandStatus, Tier
from soulmem.model import Memory as Orb

T0 = datetime(2025, 4, 1, 9, 0, tzinfo=UTC)
QUIET = Config(surprise=SurpriseConfig(enabled=False))


@pytest.fixture
def world(tmp_path: Path) -> Iterator[tuple[Memory, ManualClock]]:
    clock = ManualClock(T0)
    with Memory.open(tmp_path / "c.db", embedder=FakeEmbedder(), clock=clock, config=QUIET) as mem:
        yield mem, clock


def core(mem: Memory, text: str) -> Orb:
    """Make a core memory the way the owner would: observe, then approve it into M0."""
    luna = mem.scope("mina", "luna")
    r = luna.observe(user=text, user_name="Mina")
    assert r.memory is not None
    memory = replace(r.memory, tier=Tier.M0, expires_at=None, reference_count=12)
    with mem.store.transaction() as tx:
        tx.save_memory(memory)
    return memory


def test_islands_form_from_core_memories_and_follow_their_fate(
    world: tuple[Memory, ManualClock],
) -> None:
    mem, clock = world
    luna = mem.scope("mina", "luna")
    founder = core(mem, "Mina named me Luna on the first day, she is my person, my bond")
    clock.advance(days=1)
    luna.maintain()
    (island,) = luna.islands()
    assert island.status == IslandStatus.ACTIVE and founder.id in island.founding_memory_ids
    assert luna.memory(founder.id).island_id == island.id
    warnings = mem.remove_core_memory(luna.scope, founder.id)
    assert (warnings and island.theme in warnings[0]) or warnings
    clock.advance(days=1)
    luna.maintain()
    (island,) = luna.islands()
    assert island.status == IslandStatus.SHAKING
    assert any(i.kind == "island_warning" for i in luna.inbox())
    luna.restore(founder.id)
    clock.advance(days=1)
    luna.maintain()
    assert luna.islands()[0].status == IslandStatus.ACTIVE
    mem.remove_core_memory(luna.scope, founder.id)
    clock.advance(days=1)
    luna.maintain()
    clock.advance(days=7)
    luna.maintain()
    assert luna.islands()[0].status == IslandStatus.COLLAPSED


def test_beliefs_change_only_with_the_owner(world: tuple[Memory, ManualClock]) -> None:
    mem, clock = world
    luna = mem.scope("mina", "luna")
    core(mem, "Mina named me Luna on the first day, she is my person, my bond")
    clock.advance(days=1)
    luna.maintain()
    (proposal,) = [i for i in luna.inbox() if i.kind == "belief"]
    assert proposal.payload["statement"].startswith("I ")
    assert "+" in proposal.payload["soul_diff"]  # the SOUL.md diff is in the proposal
    assert luna.beliefs() == []
    with pytest.raises(PermissionDenied):
        luna.decide(proposal.id, approve=True)
    with pytest.raises(PermissionDenied):
        luna.set_belief("I am a cat")
    mem.decide(luna.scope, proposal.id, approve=True, reason="that's her")
    (belief,) = luna.beliefs()
    assert belief.statement == proposal.payload["statement"] and belief.version == 1
    assert mem.store.belief_versions(belief.id)[0]["reason"].startswith("approved")
    soul = luna.soul()
    assert soul.startswith("# SOUL.md") and belief.statement in soul
    assert mem.store.soul(luna.scope) == (1, soul)


def test_rejecting_a_change_lowers_confidence(world: tuple[Memory, ManualClock]) -> None:
    mem, clock = world
    luna = mem.scope("mina", "luna")
    core(mem, "Mina named me Luna on the first day, she is my person, my bond")
    clock.advance(days=1)
    luna.maintain()
    (proposal,) = [i for i in luna.inbox() if i.kind == "belief"]
    mem.decide(luna.scope, proposal.id, approve=False, reason="not yet")
    (rejected,) = luna.beliefs(status="rejected")
    assert rejected.confidence == pytest.approx(proposal.payload["confidence"] - 0.1)
    clock.advance(days=1)
    luna.maintain()
    assert not [i for i in luna.inbox() if i.kind == "belief"]  # not proposed again


def test_more_than_30_percent_of_the_self_in_a_day_is_refused(
    world: tuple[Memory, ManualClock],
) -> None:
    mem, clock = world
    luna = mem.scope("mina", "luna")
    for text in (
        "Mina named me Luna, she is my person, my bond",
        "I love music, singing songs with Mina at night",
        "I am curious, I always ask why and explore new things",
        "Honesty matters: I never lie, I tell the truth",
    ):
        core(mem, text)
    clock.advance(days=1)
    luna.maintain()
    proposals = [i for i in luna.inbox() if i.kind == "belief"]
    assert len(proposals) >= 4
    for item in proposals:  # the first beliefs of a new self are all allowed
        mem.decide(luna.scope, item.id, approve=True)
    active = luna.beliefs()
    assert len(active) >= 4
    clock.advance(days=2)
    with mem.store.transaction() as tx:  # two proposed changes arrive the same day
        for belief in active[:2]:
            tx.put_inbox(
                InboxItem(
                    id=f"inbox_{belief.id}",
                    scope=luna.scope,
                    kind="belief",
                    status="pending",
                    created_at=clock.now(),
                    payload={
                        "key": belief.key,
                        "statement": belief.statement + " Always.",
                        "confidence": 0.9,
                        "supporting_memory_ids": [],
                        "island_id": None,
                        "previous": belief.statement,
                    },
                )
            )
    first, second = [i for i in luna.inbox() if i.kind == "belief"][:2]
    mem.decide(luna.scope, first.id, approve=True)  # 1 of 4 = 25 %: fine
    with pytest.raises(SelfProtection):
        mem.decide(luna.scope, second.id, approve=True)  # 2 of 4 = 50 %: refused
    assert second.id in {i.id for i in luna.inbox()}  # still pending
    changed = {b.key: b for b in luna.beliefs()}
    assert changed[first.payload["key"]].version == 2
    assert changed[first.payload["key"]].statement.endswith("Always.")
    clock.advance(days=1)
    mem.decide(luna.scope, second.id, approve=True)  # a day later it is allowed


def test_relationship_and_mood_follow_the_turns(world: tuple[Memory, ManualClock]) -> None:
    mem, _ = world
    luna = mem.scope("mina", "luna")
    start = luna.relationship()
    luna.observe(user="Thank you so much, you're amazing! I kept my promise today.")
    rel = luna.relationship()
    assert rel.affection > start.affection and rel.trust > start.trust
    assert rel.familiarity > start.familiarity
    log = mem.store.relationship_log(luna.scope)
    assert log and log[0]["evidence"]
    luna.observe(user="I brought you flowers from the market")
    assert any("flowers" in e for e in luna.relationship().shared_experiences)
    luna.observe(user="I'm so happy today!!! everything went great")
    assert luna.mood().valence > 0
    adjusted = luna.adjust_relationship({"rivalry": 5}, "a friendly match (caller)")
    assert adjusted.rivalry == pytest.approx(rel.rivalry + 5)
    with pytest.raises(InvalidInput):
        luna.adjust_relationship({"charisma": 3}, "unknown axis")
    ctx = luna.recall("how are we?")
    assert "Relationship:" in ctx.text and "Mood:" in ctx.text


def test_director_note_is_applied_once(world: tuple[Memory, ManualClock]) -> None:
    mem, _ = world
    luna = mem.scope("mina", "luna")
    luna.observe(user="thank you, thank you so much for listening, I'm so tired today")
    note = luna.reflect()
    assert note is not None and note.text
    before = luna.relationship()
    first = luna.recall("hello")
    assert f"Director's note: {note.text}" in first.text
    after = luna.relationship()
    if note.deltas:
        assert after != before
    second = luna.recall("hello")
    assert "Director's note" not in second.text or note.text not in second.text
    assert luna.relationship() == after


def test_only_the_newest_pending_note_is_shown(world: tuple[Memory, ManualClock]) -> None:
    """Turns observed without a recall (an import) leave many notes: the next context shows
    the newest one, every note's deltas are applied once and none is shown again."""
    mem, clock = world
    luna = mem.scope("mina", "luna")
    notes = []
    for i in range(4):
        clock.advance(days=3)
        luna.observe(user=f"thank you so much, you always listen to me ({i})")
        note = luna.reflect()
        assert note is not None
        notes.append(note)
    assert len(mem.store.pending_notes(luna.scope)) == 4
    before = luna.relationship()
    first = luna.recall("hello", budget_tokens=100_000)
    assert first.text.count("Director's note") == 1
    assert [i.id for i in first.items if i.kind == "note"] == [notes[-1].id]
    assert mem.store.pending_notes(luna.scope) == []
    if any(n.deltas for n in notes):
        assert luna.relationship() != before
    assert "Director's note" not in luna.recall("hello", budget_tokens=100_000).text


def test_imagination_limit_feedback_and_nudges(world: tuple[Memory, ManualClock]) -> None:
    mem, clock = world
    luna = mem.scope("mina", "luna")
    luna.observe(user="my favorite drink is a hot chocolate with marshmallows")
    luna.observe(user="work is exhausting, I'm so tired lately")
    clock.set(T0.replace(hour=22))
    ideas = [luna.imagine(activity="working late", weather="rain") for _ in range(4)]
    assert all(ideas[:3]) and ideas[3] is None  # at most three a day
    first = ideas[0]
    assert first is not None
    stored = [m for m in luna.memories() if m.source.value == "proactive"]
    assert len(stored) == 3 and all(m.tier == Tier.M30 for m in stored)
    assert luna.feedback(first.id, "good") == pytest.approx(1.2)
    assert luna.feedback(first.id, "refused") == pytest.approx(0.72)
    with pytest.raises(InvalidInput):
        luna.feedback(first.id, "meh")
    with pytest.raises(NotFound):
        luna.feedback("img_missing", "good")
    mem.nudge(luna.scope, "forbidden", "hot chocolate")
    mem.nudge(luna.scope, "suggestion", "ask about her day before anything else")
    with pytest.raises(InvalidInput):
        mem.nudge(luna.scope, "order", "x")
    clock.advance(days=1)
    idea = luna.imagine(activity="working late", weather="rain")
    assert idea is None or "chocolate" not in (idea.scenario + idea.action).lower()
    ctx = luna.recall("what should I drink?")
    assert "Avoid: hot chocolate" in ctx.text
    assert "Suggestion: ask about her day" in ctx.text


def test_m0_needs_approval_through_the_inbox_even_in_a_long_life(
    world: tuple[Memory, ManualClock],
) -> None:
    mem, clock = world
    luna = mem.scope("mina", "luna")
    r = luna.observe(user="Remember this: the day we met at the lighthouse")
    assert r.memory is not None
    clock.advance(days=900)
    luna.maintain()
    assert all(m.tier != Tier.M0 for m in luna.memories(limit=1000))


def test_soul_and_inbox_commands(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from soulmem.cli import app

    clock = ManualClock(T0)
    db = tmp_path / "cli.db"
    with Memory.open(db, embedder=FakeEmbedder(), clock=clock, config=QUIET) as mem:
        core(mem, "Mina named me Luna on the first day, she is my person, my bond")
        clock.advance(days=1)
        mem.scope("mina", "luna").maintain()
    runner = CliRunner()
    listed = runner.invoke(app, ["inbox", "-u", "mina", "-a", "luna", "--db", str(db)])
    assert listed.exit_code == 0, listed.output
    items = [json.loads(line) for line in listed.output.splitlines()]
    belief = next(i for i in items if i["kind"] == "belief")
    decided = runner.invoke(
        app,
        [
            "inbox",
            "-u",
            "mina",
            "-a",
            "luna",
            "--db",
            str(db),
            "--decide",
            belief["id"],
            "--approve",
            "--reason",
            "ok",
        ],
    )
    assert json.loads(decided.output) == {"id": belief["id"], "status": "approved"}
    soul = runner.invoke(app, ["soul", "-u", "mina", "-a", "luna", "--db", str(db)])
    assert soul.output.startswith("# SOUL.md") and belief["payload"]["statement"] in soul.output


def test_sessions_become_scenes(world: tuple[Memory, ManualClock]) -> None:
    mem, clock = world
    luna = mem.scope("mina", "luna")
    luna.observe(
        user="We're at the cafe again, I love their cheesecake",
        session_id="s1",
        user_name="Mina",
        assistant_name="Luna",
    )
    luna.observe(user="the cheesecake here is the best", session_id="s1", user_name="Mina")
    clock.advance(days=1)
    luna.maintain()
    (scene,) = mem.store.scenes(luna.scope)
    assert scene.session_id == "s1" and "Mina" in scene.participants
    assert scene.place and "cafe" in scene.place.lower()
    assert scene.time_of_day == "morning"


def test_director_notes_from_an_llm_fall_back_to_the_rules(tmp_path: Path) -> None:
    from soulmem import LLMTimeout
    from soulmem.character import reflect_now
    from soulmem.llm import FakeLLM

    with Memory.open(tmp_path / "n.db", embedder=FakeEmbedder(), config=QUIET) as mem:
        luna = mem.scope("mina", "luna")
        luna.observe(user="thank you so much, you always listen to me")
        now = mem.clock.now()
        llm = FakeLLM([{"note": "Be warm.", "deltas": {"affection": 50, "charm": 3}}])
        note = reflect_now(mem.store, luna.scope, now, llm=llm)
        assert note is not None and note.text == "Be warm."
        assert note.deltas == {"affection": 10.0}  # clamped; unknown axes dropped
        rules = reflect_now(mem.store, luna.scope, now, llm=FakeLLM([LLMTimeout("slow")]))
        assert rules is not None and rules.text and rules.text != "Be warm."


def test_beliefs_phrased_by_an_llm_or_the_templates(tmp_path: Path) -> None:
    from soulmem.llm import FakeLLM

    clock = ManualClock(T0)
    llm = FakeLLM(lambda user: {"statement": "I am Mina's lighthouse."})
    with Memory.open(
        tmp_path / "b.db", embedder=FakeEmbedder(), clock=clock, config=QUIET, llm=llm
    ) as mem:
        core(mem, "Mina named me Luna on the first day, she is my person, my bond")
        clock.advance(days=1)
        mem.scope("mina", "luna").maintain()
        (item,) = [i for i in mem.scope("mina", "luna").inbox() if i.kind == "belief"]
        assert item.payload["statement"] == "I am Mina's lighthouse."
