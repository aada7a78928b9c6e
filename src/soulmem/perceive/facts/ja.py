"""Fact rules for ja: see soulmem.perceive.facts.base.Candidate for the contract."""

from __future__ import annotations

from soulmem.perceive.facts.base import Candidate, FactContext

__all__ = ["extract"]


def extract(text: str, context: FactContext) -> list[Candidate]:
    return []
