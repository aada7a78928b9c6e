r"""What one language of a simulated life says: :class:`Script` and its :class:`Topic`\ s."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

__all__ = ["Script", "Topic", "pick"]


@dataclass(frozen=True, slots=True)
class Topic:
    key: str
    statements: tuple[str, ...]
    questions: tuple[str, ...]  # "do you remember ...?" turns
    probe: str  # asked at the end; the answer is not in the question
    answer: str


@dataclass(frozen=True, slots=True)
class Script:
    """Everything one language says."""

    topics: tuple[Topic, ...]
    prologue: tuple[str, ...]  # the first is the "remember this" adoption
    remember: tuple[str, ...]
    strong: tuple[tuple[str, ...], ...]  # a moment, then how it is still felt on the next days
    trivia: Callable[[random.Random], str]
    replies: tuple[str, ...]
    warm_replies: tuple[str, ...]
    remember_reply: str
    anniversary: str  # "{months}": every month on the day the cat was adopted
    answer_reply: str  # "{answer}": the character answers a "do you remember" from recall
    unsure_reply: str
    # things the user does toward the character: thanks, praise, gifts, time together
    bonding: tuple[str, ...]
    # the evening context the character imagines in: (activity or None, weather or None)
    evenings: tuple[tuple[str | None, str | None], ...]


def pick(rng: random.Random, options: Sequence[str]) -> str:
    return options[rng.randrange(len(options))]
