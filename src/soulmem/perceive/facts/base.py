"""What a language's fact rules return, and what they may look at."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

__all__ = ["Candidate", "FactContext", "LanguageRules"]


@dataclass(frozen=True, slots=True)
class Candidate:
    """One fact found in a user message.

    ``subject``: a key of ``soulmem.perceive.subjects.SUBJECTS`` (unknown keys are allowed
    but land as multi-valued situation facts).
    ``value``: human-readable, in the message's language, normalised where a canonical form
    exists (``"26 years old"``, ``"25세"``, ``"26歳"``, ``"July 4"``), keeping the user's own
    phrase in parentheses when it says more (``"July 4 (Fourth of July)"``).
    ``about``: ``"user"`` for the speaker; ``"assistant"`` for the character spoken to;
    ``"other"`` for anyone else (a friend's birthday is not the user's).
    ``negated``: the message denies the fact (``"I don't have any pets"``); value then names
    what is denied.
    ``mode``: ``"set"`` asserts the value; ``"refine"`` adds detail to the subject's current
    value (split facts: ``"I have a dog"`` ... ``"That's Waffles"`` -> value is the merged
    ``"dog named Waffles"``); ``"end"`` says the current value stopped being true (``"I quit
    the convenience store job"``) without naming a new one; ``"retract"`` (subject
    ``"retracted"``) takes back a name the user said ("Raro's off"): a current fact it names
    ends, else it is kept as said and taken back.
    ``evidence``: the part of the message the fact came from.
    """

    subject: str
    value: str
    about: str = "user"
    negated: bool = False
    confidence: float = 0.8
    mode: str = "set"
    evidence: str = ""


@dataclass(frozen=True, slots=True)
class FactContext:
    """What rules may consult besides the message itself."""

    previous_user_texts: tuple[str, ...] = ()
    current: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    user_name: str | None = None
    assistant_name: str | None = None
    #: the character's last message before this one: a short reply may answer its question
    #: ("How old are you?" -> "25 lol")
    previous_assistant_text: str | None = None


class LanguageRules(Protocol):
    def __call__(self, text: str, context: FactContext) -> list[Candidate]: ...
