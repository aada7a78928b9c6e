"""Endless-mode recall, world summaries, event links, graduation, LLM distillation."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from soulmem import LLMTimeout, ManualClock, Memory
from soulmem.embed import FakeEmbedder
from soulmem.lifecycle.llm import distiller
from soulmem.lifecycle.maintain import WORLD
from soulmem.llm import FakeLLM
from soulmem.model import Scope

T0 = datetime(2025, 3, 3, 10, 0, tzinfo=UTC)


def test_endless_recall_returns_a_continuity_score(tmp_path: Path) -> None:
    clock = ManualClock(T0)
    with Memory.open(tmp_path / "c.db", embedder=FakeEmbedder(), clock=clock) as mem:
        agent = mem.scope("dev", "coder")
        agent.observe(user="refactored the tokenizer", files=["src/tokenize.py"])
        clock.advance(hours=2)
        agent.observe(user="fixed the login page css", files=["web/login.css"])
        session = agent.recall("tokenizer", files=["src/tokenize.py"])
        assert session.continuity is None
        agent.set_mode("endless")
        ctx = agent.recall("tokenizer", files=["src/tokenize.py"])
        assert ctx.continuity is not None and 0 < ctx.continuity <= 1
        turns = [i for i in ctx.items if i.kind == "turn"]
        assert turns[0].text.endswith("refactored the tokenizer")
        assert turns[0].why["continuity"] > turns[-1].why["continuity"]


def test_world_daily_summary_spans_its_agents(tmp_path: Path) -> None:
    clock = ManualClock(T0)
    with Memory.open(tmp_path / "w.db", embedder=FakeEmbedder(), clock=clock) as mem:
        mem.scope("u1", "knight", world_id="castle").observe(user="We fortified the gate")
        mem.scope("u1", "mage", world_id="castle").observe(user="I brewed a storm potion")
        mem.scope("u1", "other").observe(user="unrelated world-less chat")
        clock.advance(days=1)
        mem.maintain()
        (summary,) = mem.store.summaries(Scope(WORLD, WORLD, "castle"), "world_day")
        assert len(summary.event_ids) == 2
        mem.maintain()  # again the same day: nothing new
        assert len(mem.store.summaries(Scope(WORLD, WORLD, "castle"), "world_day")) == 1


def test_daily_duty_links_turns_and_builds_threads(tmp_path: Path) -> None:
    clock = ManualClock(T0)
    with Memory.open(tmp_path / "l.db", embedder=FakeEmbedder(), clock=clock) as mem:
        luna = mem.scope("u1", "luna")
        luna.observe(user="my guitar string snapped during practice")
        luna.observe(user="bought new guitar strings today")
        luna.observe(user="so that's why I was late for dinner")
        clock.advance(days=1)
        report = luna.maintain()
        assert report.counts.get("links", 0) >= 2


def test_llm_distillation_falls_back_to_the_rules() -> None:
    texts = ["[1 May 2025] Mina: coffee at the corner cafe", "[2 May 2025] Mina: corner cafe again"]
    assert distiller(None)(texts, "en", 160).startswith("Often")
    good = distiller(FakeLLM([{"text": "Mina loves the corner cafe"}]))
    assert good(texts, "en", 160) == "Mina loves the corner cafe"
    slow = distiller(FakeLLM([LLMTimeout("slow")]))
    assert slow(texts, "en", 160) == distiller(None)(texts, "en", 160)


def test_graduation_rises_with_confirmation(tmp_path: Path) -> None:
    from dataclasses import replace

    from soulmem.config import Config, DecayConfig, SurpriseConfig

    clock = ManualClock(T0)
    config = Config(
        surprise=SurpriseConfig(enabled=False), decay=DecayConfig(cluster_similarity=0.6)
    )
    with Memory.open(tmp_path / "g.db", embedder=FakeEmbedder(), clock=clock, config=config) as mem:
        luna = mem.scope("u1", "luna")
        for day in range(3):
            clock.set(T0 + timedelta(days=day))
            luna.observe(user=f"went to the corner cafe for a latte again {day}")
        clock.set(T0 + timedelta(days=7))
        luna.maintain()
        (derived,) = [m for m in luna.memories() if m.promoted_from]
        assert derived.knowledge_level == 1
        with mem.store.transaction() as tx:
            tx.save_memory(replace(derived, mention_count=4))
        clock.set(T0 + timedelta(days=14))
        luna.maintain()
        assert luna.memory(derived.id).knowledge_level == 3
