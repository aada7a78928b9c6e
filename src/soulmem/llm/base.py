"""The LLM protocol: one JSON-returning chat call."""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

__all__ = ["LLM"]


@runtime_checkable
class LLM(Protocol):
    """A chat model that answers with one JSON object matching ``schema``.

    Implementations raise ``LLMTimeout`` past ``timeout`` seconds, ``LLMUnavailable`` while
    the provider refuses work, and ``LLMError`` for anything else (including a reply that is
    not a JSON object).
    """

    @property
    def name(self) -> str: ...

    def complete_json(
        self, *, system: str, user: str, schema: dict[str, Any], timeout: float
    ) -> dict[str, Any]: ...
