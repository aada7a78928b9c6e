"""A question about the user themself can be shown the turns without the character's replies
(``recall/asked.about_user``, ``RecallConfig.own_reply_chars``, ``Event.render``)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

import pytest

from soulmem import ManualClock, Memory
from soulmem.config import Config, RecallConfig
from soulmem.embed import FakeEmbedder
from soulmem.errors import ConfigError
from soulmem.model import Event, Scope
from soulmem.recall.asked import about_user


@pytest.mark.parametrize(
    "query",
    [
        "where do I live now?",
        "what's my dog called again?",
        "내 이름 기억함?",
        "저 휴가 어디로 간다고 했죠?",
        "우리 고양이 이름 기억나요?",
        "うちの名前ちゃんと覚えてる？",
        "俺いまどこ住みだっけ？",
        "小生の郷里はどちらでございましたか",
    ],
)
def test_questions_about_the_user(query: str) -> None:
    assert about_user(query)


@pytest.mark.parametrize(
    "query",
    [
        "What did Melanie paint?",
        "When did Caroline go to the support group?",
        "What do you like?",
        "너 이름 뭐야?",
        "好きなドラマは？",
        "Mia's birthday?",
    ],
)
def test_questions_about_someone_else(query: str) -> None:
    assert not about_user(query)


def test_a_reply_of_no_characters_is_left_out() -> None:
    at = datetime(2025, 1, 1, tzinfo=UTC)
    turn = Event(
        id="ev_1",
        scope=Scope("u", "a"),
        at=at,
        created_at=at,
        user_text="I adopted a puppy named Bori",
        assistant_text="What a lovely name! Tell me everything.",
        user_name="Ana",
        assistant_name="Luna",
    )
    assert "Luna" not in turn.render(with_date=False, reply_chars=0)
    assert "Luna: What a lovely name!" in turn.render(with_date=False, reply_chars=20)
    alone = replace(turn, user_text=None)
    assert alone.render(with_date=False, reply_chars=0).startswith("Luna: What a lovely")


def test_the_setting_is_checked() -> None:
    with pytest.raises(ConfigError):
        Config(recall=RecallConfig(own_reply_chars=-1))
    with pytest.raises(ConfigError):
        Config(recall=RecallConfig(own_reply_after=-1))
    assert (Config().recall.own_reply_chars, Config().recall.own_reply_after) == (0, 1)


def test_recall_leaves_the_replies_out_only_for_questions_about_the_user() -> None:
    config = Config(recall=RecallConfig(own_reply_chars=0, own_reply_after=0))
    with Memory.open(
        ":memory:", embedder=FakeEmbedder(), clock=ManualClock(), config=config
    ) as mem:
        scope = mem.scope(user_id="u", agent_id="a")
        scope.observe(
            user="I adopted a puppy named Bori last week",
            assistant="Bori! My own cat Miso would be jealous.",
            assistant_name="Luna",
        )
        own = scope.recall("what's my puppy called?", budget_tokens=2000).text
        other = scope.recall("what is Luna's cat called?", budget_tokens=2000).text
    assert "Bori last week" in own and "Miso" not in own
    assert "Bori last week" in other and "Miso" in other


def test_the_best_turns_keep_their_replies() -> None:
    """The reply of the best turn may name what the user only implied ("the dug I mean" ->
    "a greyhound"): the first ``own_reply_after`` turns keep it, the rest show none; with
    ``own_reply_chars`` None every turn keeps it."""
    turns = [
        ("jinty nicked a trainer and put it in her bed. the dug I mean", "Jinty the greyhound!"),
        ("took jinty to the vet, she's limping", "Poor girl, give her a scratch from Luna."),
        ("jinty's paw is all better btw", "Zoomies restored, tell her Luna is proud."),
    ]

    def shown(config: Config) -> list[str]:
        with Memory.open(
            ":memory:", embedder=FakeEmbedder(), clock=ManualClock(), config=config
        ) as mem:
            scope = mem.scope(user_id="u", agent_id="a")
            for user, reply in turns:
                scope.observe(user=user, assistant=reply, assistant_name="Luna")
            ctx = scope.recall("what kind of dog is my jinty?", budget_tokens=2000)
        return [i.text for i in ctx.items if i.kind == "turn"]

    texts = shown(Config())
    assert len(texts) == 3
    assert "Luna:" in texts[0] and not any("Luna:" in t for t in texts[1:])
    later = shown(Config(recall=RecallConfig(own_reply_after=2)))
    assert ["Luna:" in t for t in later] == [True, True, False]
    whole = shown(Config(recall=RecallConfig(own_reply_chars=None)))
    assert all("Luna:" in t for t in whole)
