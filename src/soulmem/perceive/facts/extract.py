"""Dispatch a user message to the rules of its language(s) and clean the result."""

from __future__ import annotations

from soulmem.perceive.facts.base import Candidate, FactContext, LanguageRules
from soulmem.perceive.facts.known import ended_values
from soulmem.perceive.facts.retracted import retracted
from soulmem.perceive.facts.shape import is_fragment, trimmed
from soulmem.perceive.subjects import RETRACTED
from soulmem.recall.tokenize import detect_language

__all__ = ["extract_facts"]


def _rules(language: str) -> LanguageRules | None:
    if language == "en":
        from soulmem.perceive.facts.en import extract
    elif language == "ko":
        from soulmem.perceive.facts.ko import extract
    elif language == "ja":
        from soulmem.perceive.facts.ja import extract
    else:
        return None
    return extract


# emoji written for the marks ("何歳だっけ❓"): the rules read questions by their marks
_MARKS = str.maketrans({"❓": "?", "❔": "?", "❗": "!", "❕": "!", "⁉": "!?", "‼": "!!"})


def extract_facts(
    text: str, context: FactContext | None = None, *, language: str | None = None
) -> list[Candidate]:
    """Facts stated in one user message (rules of the message's language)."""
    if not text or not text.strip():
        return []
    text = text.translate(_MARKS)
    lang = language or detect_language(text)
    rules = _rules(lang)
    if rules is None:
        return []
    ctx = context or FactContext()
    found = rules(text, ctx)
    found += [Candidate(RETRACTED, name, mode="retract") for name in retracted(text, lang)]
    if ctx.current:  # a value the user gave, now said to be over, ends first
        found = [*ended_values(text, lang, ctx.current, (c.subject for c in found)), *found]
    seen: set[tuple[str, str, str, bool, str]] = set()
    result: list[Candidate] = []
    for candidate in found:
        value = trimmed(" ".join(candidate.value.split()), lang)
        if not value or not candidate.subject:
            continue
        if candidate.mode == "set" and not candidate.negated and is_fragment(value, lang):
            continue
        key = (
            candidate.subject,
            value.casefold(),
            candidate.about,
            candidate.negated,
            candidate.mode,
        )
        if key in seen:
            continue
        seen.add(key)
        result.append(candidate if value == candidate.value else _with_value(candidate, value))
    return result


def _with_value(candidate: Candidate, value: str) -> Candidate:
    from dataclasses import replace

    return replace(candidate, value=value)
