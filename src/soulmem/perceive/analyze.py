"""One message in, its understanding out: language, emotions, facts, "remember this"."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from soulmem.embed.base import Embedder
from soulmem.model import Affect
from soulmem.perceive.facts import Candidate, FactContext, extract_facts
from soulmem.perceive.remember import asks_to_remember
from soulmem.perceive.subjects import spec
from soulmem.recall.tokenize import detect_language
from soulmem.validate import check_text

__all__ = ["Analysis", "FactExtractor", "analyze"]

MAX_ANALYZE_CHARS = 200_000


@dataclass(frozen=True, slots=True)
class Analysis:
    language: str
    affect: Affect
    facts: tuple[Candidate, ...] = ()
    remember: bool = False
    extra: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """The documented JSON shape of ``soulmem analyze --json``."""
        emotions = sorted(self.affect.emotions.items(), key=lambda kv: -kv[1])
        return {
            "language": self.language,
            "emotions": [{"tag": tag, "score": round(score, 3)} for tag, score in emotions],
            "intensity": round(self.affect.intensity, 3),
            "vad": {
                "v": round(self.affect.valence, 3),
                "a": round(self.affect.arousal, 3),
                "d": round(self.affect.dominance, 3),
            },
            "facts": [
                {
                    "subject": c.subject,
                    "value": c.value,
                    "category": spec(c.subject).category.value,
                    "kind": spec(c.subject).kind,
                    "about": c.about,
                    "negated": c.negated,
                    "mode": c.mode,
                    "confidence": round(c.confidence, 3),
                }
                for c in self.facts
            ],
            "remember": self.remember,
        }


FactExtractor = Callable[[str, FactContext, str | None], list[Candidate]]


def _rules(text: str, context: FactContext, language: str | None) -> list[Candidate]:
    return extract_facts(text, context, language=language)


def analyze(
    text: str,
    *,
    context: FactContext | None = None,
    embedder: Embedder | None = None,
    language: str | None = None,
    extractor: FactExtractor | None = None,
) -> Analysis:
    """Analyse one user message without storing anything. ``extractor`` replaces the
    rule-based fact extraction (an ``LLMFactExtractor`` falls back to the rules itself)."""
    from soulmem.perceive.emotion import analyze_emotion

    checked = check_text("text", text, limit=MAX_ANALYZE_CHARS, allow_none=False)
    assert checked is not None
    text = checked
    lang = language or detect_language(text) or "other"
    extract = extractor or _rules
    return Analysis(
        language=lang,
        affect=analyze_emotion(text, language=lang, embedder=embedder),
        facts=tuple(extract(text, context or FactContext(), lang)),
        remember=asks_to_remember(text),
    )
