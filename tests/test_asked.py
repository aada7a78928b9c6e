"""A question that names a fact's subject by a word of its own puts that subject's facts first
(``recall/asked.py``, ``assemble.fact_items``)."""

from __future__ import annotations

import pytest

from soulmem import ManualClock, Memory
from soulmem.embed import E5Embedder
from soulmem.recall.asked import asked_subjects


@pytest.mark.parametrize(
    ("query", "subjects"),
    [
        ("私の大好物なんだっけ？", {"favorite_food"}),
        ("what's my comfort food again?", {"favorite_food"}),
        ("내 최애 음식 뭐였게?", {"favorite_food"}),
        ("who's my best mate again?", {"best_friend"}),
        ("제일 친한 친구 이름 기억나?", {"best_friend"}),
        ("うちの推し芸人だれやった？", {"favorite_artist"}),
        ("what do I do for fun?", {"hobby"}),
        ("나 요즘 연애 상태 어떻게 됨?", {"relationship_status"}),
        ("what's my favourite food and my favourite drink?", {"favorite_food", "favorite_drink"}),
        # identity subjects are shown always; a question of nothing listed names nothing
        ("where do I live?", set()),
        ("내 MBTI 뭐라 그랬지?", set()),
        ("今日の天気どう？", set()),
    ],
)
def test_the_subjects_a_question_names(query: str, subjects: set[str]) -> None:
    assert asked_subjects(query) == subjects


@pytest.mark.slow
def test_the_named_subject_leads_the_facts(e5: E5Embedder, clock: ManualClock) -> None:
    mem = Memory.open(":memory:", embedder=e5, clock=clock)
    luna = mem.scope("u1", "luna")
    for text in (
        "好きな食べ物は茶碗蒸しです。",
        "好きな色はオレンジです。",
        "好きな飲み物はほうじ茶です。",
        "趣味は釣りです。",
        "好きな映画はサマーウォーズです。",
    ):
        luna.observe(user=text, assistant="そうなんだ！")
        clock.advance(minutes=3)
    subjects = {f.subject for f in luna.facts()}
    assert {"favorite_food", "favorite_color", "favorite_drink", "hobby"} <= subjects
    # by similarity alone "大好物" sits nearer the hobby and the drink than the food
    ctx = luna.recall("私の大好物なんだっけ？", budget_tokens=800)
    facts = [i for i in ctx.items if i.kind == "fact" and i.section == "facts"]
    assert facts and "茶碗蒸し" in facts[0].text, [i.text for i in facts]
    mem.close()
