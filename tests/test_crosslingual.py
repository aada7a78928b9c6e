"""Questions in another language than the memories: English questions to the Korean and
Japanese SYNK dev chats (hand-translated probes, tests/data/synk_english_questions.json),
in a store of that chat alone and in one that holds an English conversation first."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from soulmem import ManualClock, Memory
from soulmem.bench.locomo import load_conversations, observe_conversation
from soulmem.bench.synk import run_synk
from soulmem.embed import E5Embedder, FakeEmbedder
from soulmem.errors import InvalidInput

DATASETS = Path(__file__).resolve().parents[1].parent / "shared" / "datasets"
ENGLISH = json.loads(
    (Path(__file__).parent / "data" / "synk_english_questions.json").read_text(encoding="utf-8")
)


def _scenario(language: str) -> Path:
    path = DATASETS / "synk" / f"synk_{language}_dev.json"
    if not path.exists():
        pytest.skip(f"{path} not found (../shared/datasets beside the repo)")
    return path


def test_one_english_question_per_probe_in_order() -> None:
    for language in ("ko", "ja"):
        data = json.loads(_scenario(language).read_text(encoding="utf-8"))
        asked = ENGLISH[data["id"]]
        assert len(asked) == len(data["probes"])
        assert all(q.isascii() and q.strip() for q in asked)


def test_the_questions_given_are_the_ones_asked() -> None:
    path = _scenario("ko")
    probes = len(json.loads(path.read_text(encoding="utf-8"))["probes"])
    result = run_synk(
        [path],
        memory_factory=lambda clock: Memory.open(":memory:", embedder=FakeEmbedder(), clock=clock),
        details=True,
        questions={"synk_ko_dev": ["zzz qqq"] * probes},
    )
    (scenario,) = result["scenarios"]
    assert scenario["misses"]  # a meaningless question misses what only search would find
    assert {m["question"] for m in scenario["misses"]} == {"zzz qqq"}
    with pytest.raises(InvalidInput):
        run_synk(
            [path],
            memory_factory=lambda clock: Memory.open(":memory:", clock=clock),
            questions={"synk_ko_dev": ["one question for 29 probes"]},
        )


@pytest.mark.slow
@pytest.mark.parametrize(
    ("language", "english_first", "at_least"),
    [("ko", False, 28), ("ja", False, 27), ("ko", True, 26), ("ja", True, 27)],
)
def test_english_questions_find_korean_and_japanese_memories(
    language: str, english_first: bool, at_least: int, e5: E5Embedder
) -> None:
    """Measured when written (29 probes each): alone ko 29, ja 28; after 150 turns of an
    English LoCoMo conversation in the same scope ko 27, ja 28 (in Korean or Japanese: 29 of
    29 either way). The bound leaves one probe of slack."""
    path = _scenario(language)
    data = json.loads(path.read_text(encoding="utf-8"))
    english: Any = None
    if english_first:
        locomo = DATASETS / "locomo" / "locomo_dev.json"
        if not locomo.exists():
            pytest.skip(f"{locomo} not found")
        conv = load_conversations(locomo)[0]
        english = replace(conv, turns=conv.turns[:150])

    def open_memory(clock: ManualClock) -> Memory:
        mem = Memory.open(":memory:", embedder=e5, clock=clock)
        if english is not None:  # the scope the scenario will use, filled first
            scope = mem.scope(user_id=data.get("user_name_hint") or "user", agent_id=data["id"])
            observe_conversation(scope, english)
        return mem

    result = run_synk([path], memory_factory=open_memory, questions=ENGLISH)
    (scenario,) = result["scenarios"]
    assert scenario["stale"] == 0
    assert scenario["hits"] >= at_least, scenario
