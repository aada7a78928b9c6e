"""A scripted LLM for tests: answers from a list or a function, records every call."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from soulmem.errors import LLMError

__all__ = ["FakeLLM"]

Reply = dict[str, Any] | Exception


class FakeLLM:
    def __init__(self, replies: list[Reply] | Callable[[str], Reply]) -> None:
        self._replies = replies
        self.calls: list[dict[str, Any]] = []

    @property
    def name(self) -> str:
        return "fake-llm"

    def complete_json(
        self, *, system: str, user: str, schema: dict[str, Any], timeout: float
    ) -> dict[str, Any]:
        self.calls.append({"system": system, "user": user, "schema": schema, "timeout": timeout})
        if callable(self._replies):
            reply = self._replies(user)
        elif self._replies:
            reply = self._replies.pop(0)
        else:
            raise LLMError("FakeLLM has no reply left")
        if isinstance(reply, Exception):
            raise reply
        return reply
