"""Fact extraction by an LLM (when configured), validated, with the rules as fallback."""

from __future__ import annotations

import logging
from typing import Any

from soulmem.errors import LLMError
from soulmem.llm.base import LLM
from soulmem.perceive.facts.base import Candidate, FactContext
from soulmem.perceive.facts.extract import extract_facts
from soulmem.perceive.subjects import SUBJECTS

__all__ = ["FACT_SCHEMA", "LLMFactExtractor"]

log = logging.getLogger(__name__)

FACT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "facts": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "subject": {"type": "string"},
                    "value": {"type": "string"},
                    "about": {"type": "string", "enum": ["user", "assistant", "other"]},
                    "negated": {"type": "boolean"},
                    "mode": {"type": "string", "enum": ["set", "refine", "end"]},
                },
                "required": ["subject", "value", "about", "negated", "mode"],
            },
        }
    },
    "required": ["facts"],
}

SYSTEM = (
    "You extract durable personal facts that the USER states about themselves in one chat "
    "message. Answer only with JSON matching the schema. subject must be one of: "
    + ", ".join(SUBJECTS)
    + ". value: short, in the message's language, keeping the user's words for names. "
    "about: 'user' only for the speaker's own facts; facts about the character are "
    "'assistant', about anyone else 'other'. negated: true when the user denies it. mode: "
    "'refine' when the message adds detail to a fact mentioned earlier, 'end' when a fact "
    "stopped being true. Questions, hypotheticals and actions are not facts. Return "
    '{"facts": []} when there is none.'
)

MAX_VALUE = 200


class LLMFactExtractor:
    """Calls the LLM with a time limit; on any failure or unusable answer the rule-based
    extractor answers instead (``last_source`` tells which one did)."""

    def __init__(self, llm: LLM, *, timeout: float = 2.0) -> None:
        self.llm = llm
        self.timeout = timeout
        self.last_source = "rules"

    def __call__(self, text: str, context: FactContext, language: str | None) -> list[Candidate]:
        known = "; ".join(f"{k}={' | '.join(v)}" for k, v in context.current.items())
        prompt = f"Known facts: {known or 'none'}\nMessage: {text}"
        try:
            answer = self.llm.complete_json(
                system=SYSTEM, user=prompt, schema=FACT_SCHEMA, timeout=self.timeout
            )
            candidates = _validate(answer)
        except LLMError as exc:
            log.info("LLM fact extraction failed (%s); using rules", exc)
            self.last_source = "rules"
            return extract_facts(text, context, language=language)
        self.last_source = "llm"
        return candidates


def _validate(answer: dict[str, Any]) -> list[Candidate]:
    items = answer.get("facts")
    if not isinstance(items, list):
        raise LLMError("answer has no facts list")
    result: list[Candidate] = []
    for item in items:
        if not isinstance(item, dict):
            raise LLMError("a fact is not an object")
        subject, value = item.get("subject"), item.get("value")
        about, mode = item.get("about", "user"), item.get("mode", "set")
        if not isinstance(subject, str) or subject not in SUBJECTS:
            raise LLMError(f"unknown subject {subject!r}")
        if not isinstance(value, str) or not value.strip() or len(value) > MAX_VALUE:
            raise LLMError("a fact value is empty or too long")
        if about not in ("user", "assistant", "other") or mode not in ("set", "refine", "end"):
            raise LLMError("bad about/mode")
        result.append(
            Candidate(
                subject=subject,
                value=value.strip(),
                about=about,
                negated=bool(item.get("negated", False)),
                mode=mode,
                confidence=0.7,
                evidence=value.strip(),
            )
        )
    return result
