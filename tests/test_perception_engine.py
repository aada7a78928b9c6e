"""Perception through the engine: affect stored, facts with corrections and revisions,
identity always recalled, past values marked, "remember this", the analyze API."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

import soulmem
from soulmem import InvalidInput, ManualClock, Memory
from soulmem.cli import app
from soulmem.recall.assemble import PAST_MARKER


def test_affect_is_stored_on_the_event_and_the_memory(file_mem: Memory, tmp_path: Path) -> None:
    r = file_mem.scope("u1", "luna").observe(user="I'm so happy today!!! I got the job!")
    assert r.memory is not None and r.analysis is not None
    assert r.memory.emotions and next(iter(r.memory.emotions)) == "joy"
    assert r.memory.intensity > 0
    with sqlite3.connect(tmp_path / "soul.db") as conn:
        emotions, valence = conn.execute(
            "SELECT emotions, valence FROM event_affects WHERE event_id = ?", (r.event.id,)
        ).fetchone()
    assert "joy" in json.loads(emotions) and valence > 0


def test_correction_supersedes_and_recall_shows_only_the_current_value(
    mem: Memory, clock: ManualClock
) -> None:
    luna = mem.scope("u1", "luna")
    first = luna.observe(user="I live in Denver, in a tiny apartment.", assistant="Nice!")
    clock.advance(days=3)
    for i in range(3):
        luna.observe(user=f"Random chatter number {i} about the weather.")
    second = luna.observe(user="Big news: I moved to Boulder last weekend!", assistant="Wow!")
    (residence,) = [f for f in luna.facts() if f.subject == "current_residence"]
    assert "Boulder" in residence.value
    assert second.event.id in residence.evidence_event_ids
    assert second.facts_closed and "Denver" in second.facts_closed[0].value
    revisions = mem.store.revisions("fact", residence.id)
    assert revisions[0].reason == "corrected"
    assert revisions[0].before is not None and "Denver" in revisions[0].before["value"]
    assert revisions[0].evidence_event_ids == (second.event.id,)
    ctx = luna.recall("Where do I live now?", budget_tokens=800)
    for line in ctx.text.splitlines():
        if "Denver" in line:
            assert PAST_MARKER in line or "Boulder" in line, line
    assert "Boulder" in ctx.text
    assert first.event.id  # the planting turn is still an event: events are never edited
    past = luna.recall("Where did I live before?", budget_tokens=800)
    assert any(
        line.startswith(f"- {PAST_MARKER}") and "Denver" in line for line in past.text.splitlines()
    )


def test_a_turn_that_names_an_old_value_again_is_shown_as_past(
    mem: Memory, clock: ManualClock
) -> None:
    luna = mem.scope("u1", "luna")
    luna.observe(user="my bf Callum says hi lol", assistant="Hi Callum!")
    clock.advance(days=2)
    # names the partner again, says nothing new: the turn joins the fact's evidence
    again = luna.observe(user="ugh, callum is being weird again", assistant="Oh no.")
    (partner,) = [f for f in luna.facts() if f.subject == "partner"]
    assert again.event.id in partner.evidence_event_ids
    assert not again.facts_added and not again.facts_closed
    clock.advance(days=2)
    luna.observe(user="me n callum broke up. I'm dating Tobias now, my new bf", assistant="Oh!")
    ctx = luna.recall("who is callum being weird about?", budget_tokens=800)
    lines = [line for line in ctx.text.splitlines() if "weird" in line]
    assert lines and all(line.startswith(f"- {PAST_MARKER}") for line in lines), ctx.text


def test_a_turn_is_past_for_the_subject_it_told_an_old_value_of(
    mem: Memory, clock: ManualClock
) -> None:
    luna = mem.scope("u1", "luna")
    # one turn tells a status and an exam; the exam is refined later (the turn stays its
    # evidence), the status changes: the turn is past for the status all the same
    luna.observe(user="I have a big exam next Saturday, and I'm single since college.")
    clock.advance(days=1)
    luna.observe(user="Oh and that exam? It's the LSAT.")
    clock.advance(days=1)
    luna.observe(user="I'm not single anymore! I'm dating Priya now.")
    (status,) = [f for f in luna.facts() if f.subject == "relationship_status"]
    (exam,) = [f for f in luna.facts() if f.subject == "upcoming_exam"]
    assert "Priya" in status.value and "LSAT" in exam.value and len(exam.evidence_event_ids) == 2
    ctx = luna.recall("am I single?", budget_tokens=800)
    lines = [line for line in ctx.text.splitlines() if "since college" in line]
    assert lines and all(line.startswith(f"- {PAST_MARKER}") for line in lines), ctx.text


def test_a_memory_that_names_an_old_value_is_shown_as_past_whoever_said_it(
    mem: Memory, clock: ManualClock
) -> None:
    luna = mem.scope("u1", "luna")
    luna.observe(user="My favourite drink is a vanilla latte.", assistant="Sweet choice!")
    clock.advance(days=1)
    # the character names the drink; the user's side says nothing of it
    luna.observe(user="the usual please", assistant="One vanilla latte, warm, coming up!")
    luna.observe(user="I want to learn latte art someday", assistant="Fun!")
    clock.advance(days=1)
    luna.observe(user="my favourite drink is matcha now", assistant="Matcha it is.")
    ctx = luna.recall("what's the usual drink you make me?", budget_tokens=800)
    lines = [line for line in ctx.text.splitlines() if "vanilla latte" in line.casefold()]
    assert lines and all(line.startswith(f"- {PAST_MARKER}") for line in lines), ctx.text
    # one word of a two-word value is not the value
    art = luna.recall("what do I want to learn?", budget_tokens=800)
    assert any("latte art" in line and PAST_MARKER not in line for line in art.text.splitlines()), (
        art.text
    )


def test_identity_facts_survive_any_item_cap(mem: Memory) -> None:
    luna = mem.scope("u1", "luna")
    luna.observe(user="Hi, I'm Jordan Reyes.")
    luna.observe(user="I grew up in Tucson.")
    luna.observe(user="I'm allergic to peanuts.")
    for i in range(20):
        luna.observe(user=f"filler message {i} about clouds")
    identity = [f for f in luna.facts() if f.category == soulmem.model.FactCategory.IDENTITY]
    assert len(identity) >= 3
    ctx = luna.recall("clouds", max_items=1, budget_tokens=2000)
    for fact in identity:
        assert fact.value in ctx.text


def test_third_party_statements_are_not_the_users(mem: Memory) -> None:
    luna = mem.scope("u1", "luna")
    luna.observe(user="My sister's birthday is on May 2nd and she lives in Seattle.")
    luna.observe(user="When is your birthday, Luna?", assistant="Mine is on October 31st.")
    subjects = {(f.subject, f.value) for f in luna.facts()}
    assert not any(s == "birthday" for s, _ in subjects)
    assert not any(s == "current_residence" for s, _ in subjects)


def test_split_fact_is_refined(mem: Memory) -> None:
    luna = mem.scope("u1", "luna")
    luna.observe(user="I can't stay out late, my dog gets lonely.")
    luna.observe(user="Anyway, work was busy today.")
    luna.observe(user="Oh, that dog I mentioned? That's Biscuit. He's a beagle.")
    pets = [f for f in luna.facts() if f.subject == "pet"]
    assert len(pets) == 1 and "Biscuit" in pets[0].value
    assert len(pets[0].evidence_event_ids) == 2


def test_remember_request_marks_the_memory(mem: Memory) -> None:
    r = mem.scope("u1", "luna").observe(user="Please remember that my exam is on Friday.")
    assert r.memory is not None and r.memory.remember and r.memory.importance >= 0.8
    plain = mem.scope("u1", "luna").observe(user="We had tacos for dinner tonight.")
    assert plain.memory is not None and not plain.memory.remember


def test_analyze_api_and_command() -> None:
    result = soulmem.analyze("내 생일은 3월 15일이야! 너무 기뻐, 꼭 기억해줘").to_dict()
    assert result["language"] == "ko"
    assert result["emotions"][0]["tag"] == "joy"
    assert result["remember"] is True
    assert {"subject": "birthday", "category": "identity"}.items() <= result["facts"][0].items()
    assert "3월 15일" in result["facts"][0]["value"]
    assert set(result["vad"]) == {"v", "a", "d"}
    out = CliRunner().invoke(app, ["analyze", "I'm allergic to peanuts", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["facts"][0]["subject"] == "allergy" and data["remember"] is False
    with pytest.raises(InvalidInput):
        soulmem.analyze(42)  # type: ignore[arg-type]
