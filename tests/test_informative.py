from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from soulmem.perceive.informative import (
    _last_is_question,
    _last_is_question_split,
    ends_asking,
    is_bare_question,
)


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


@pytest.mark.parametrize(
    ("user", "assistant", "asks"),
    [
        ("I started kickboxing. Have you tried it?", None, True),
        ("Have you tried it? I started kickboxing.", None, False),
        ("What do you do for work?", "I teach piano.", False),
        ("I got a puppy named Coco!", "Aww, how old is she?", False),
        ("Guess what I did today?", "Did you go hiking?", True),
        ("요즘 뭐 배우고 있어?", None, True),
        ("요즘 킥복싱 배우고 있어.", None, False),
        ("先週どこに行ったっけ", None, True),
        ("先週京都に行った。", None, False),
        ("", None, False),
    ],
)
def test_ends_asking(user: str, assistant: str | None, asks: bool) -> None:
    assert ends_asking(user, assistant) is asks


@settings(max_examples=1000)
@given(st.text(alphabet=st.sampled_from(list("ab 까요지니か.!?。！？~\n\t\u3000")), max_size=30))
def test_the_last_sentence_found_from_the_end_is_the_split_one(text: str) -> None:
    assert _last_is_question(text) == _last_is_question_split(text)


def _bare_by_every_sentence(user: str | None, assistant: str | None) -> bool:
    """``is_bare_question`` without its shortcuts: every sentence split and looked at."""
    from soulmem.perceive.informative import _FILLER, _SENTENCES, _is_question

    if not user or not user.strip():
        return False
    sentences = [m.group(0) for m in _SENTENCES.finditer(user) if m.group(0).strip()]
    if not sentences:
        return False
    questions = sum(_is_question(s) for s in sentences)
    only_questions = questions == len(sentences) or (
        questions >= 2 and questions == len(sentences) - 1 and len(sentences[0]) < 60
    )
    reply = (assistant or "").strip()
    return only_questions and (not reply or bool(_FILLER.match(reply)))


@settings(max_examples=300, deadline=None)
@given(
    st.text(alphabet=st.sampled_from(list("ab 까요지니か.!?。！？~\n")), max_size=40),
    st.one_of(st.none(), st.text(alphabet=st.sampled_from(list("ab …?.")), max_size=8)),
)
def test_bare_question_shortcuts_change_nothing(user: str, assistant: str | None) -> None:
    """The reply is looked at first, and an ASCII text without "?" has no question in it:
    the same answers as splitting every sentence (recall asks this of every turn it loads)."""
    assert is_bare_question(user, assistant) == _bare_by_every_sentence(user, assistant)
