from __future__ import annotations

import pytest

from soulmem.perceive.informative import is_bare_question


@pytest.mark.parametrize(
    ("user", "assistant"),
    [
        ("When's my birthday? And where did I grow up?", "…"),
        ("Okay, quick check. What's my dog's name? What do I do for work?", ""),
        ("내 생일이 언제였지? 고향은 어디라고 했더라?", "…"),
        ("私の誕生日っていつだっけ？あと、出身どこだっけ？", None),
    ],
)
def test_unanswered_questions(user: str, assistant: str | None) -> None:
    assert is_bare_question(user, assistant)


@pytest.mark.parametrize(
    ("user", "assistant"),
    [
        ("When's my birthday?", "July 4th, the Fourth of July!"),
        ("I grew up in Tucson. What about you?", "…"),
        ("내 생일은 3월 15일이야", "…"),
        ("", "…"),
        ("東京に住んでる。", None),
    ],
)
def test_statements_or_answered(user: str, assistant: str | None) -> None:
    assert not is_bare_question(user, assistant)
