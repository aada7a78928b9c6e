"""LLM upgrades of distillation and summaries, each falling back to the rules."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any

from soulmem.errors import LLMError
from soulmem.lifecycle.distill import distill
from soulmem.lifecycle.summaries import summarize_events
from soulmem.llm.base import LLM
from soulmem.model import Event

__all__ = ["Distiller", "Summarizer", "distiller", "summarizer"]

log = logging.getLogger(__name__)

Distiller = Callable[[Sequence[str], "str | None", int], str]
Summarizer = Callable[[Sequence[Event]], str]

_TEXT: dict[str, Any] = {
    "type": "object",
    "properties": {"text": {"type": "string"}},
    "required": ["text"],
}
DISTILL_PROMPT = (
    "Here are N related memories. Distil their common essence into one or two sentences in "
    "the memories' language. Drop specific dates and situations; keep the person's "
    'character, relationships and patterns. Answer with JSON {"text": ...}.'
)
SUMMARY_PROMPT = (
    "Summarise these conversation turns in their language in a few short lines: topics, "
    'what happened, how it felt. Answer with JSON {"text": ...}.'
)


def _rule_distill(texts: Sequence[str], language: str | None, max_chars: int) -> str:
    return distill(texts, language, max_chars=max_chars)


def distiller(llm: LLM | None, timeout: float = 10.0) -> Distiller:
    """The rule-based distiller, or an LLM one that falls back to it."""
    if llm is None:
        return _rule_distill

    def run(texts: Sequence[str], language: str | None, max_chars: int) -> str:
        try:
            answer = llm.complete_json(
                system=DISTILL_PROMPT, user="\n".join(texts), schema=_TEXT, timeout=timeout
            )
            text = answer.get("text")
            if isinstance(text, str) and text.strip():
                return text.strip()[:max_chars]
            raise LLMError("empty distillation")
        except LLMError as exc:
            log.info("LLM distillation failed (%s); using the rules", exc)
            return _rule_distill(texts, language, max_chars)

    return run


def summarizer(llm: LLM | None, timeout: float = 10.0) -> Summarizer:
    if llm is None:
        return summarize_events

    def run(events: Sequence[Event]) -> str:
        lines = [e.render() for e in events]
        try:
            answer = llm.complete_json(
                system=SUMMARY_PROMPT, user="\n".join(lines), schema=_TEXT, timeout=timeout
            )
            text = answer.get("text")
            if isinstance(text, str) and text.strip():
                return text.strip()[:1000]
            raise LLMError("empty summary")
        except LLMError as exc:
            log.info("LLM summary failed (%s); using the rules", exc)
            return summarize_events(events)

    return run
