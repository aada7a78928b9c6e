"""Rule-based fact extraction, one module of rules per language."""

from soulmem.perceive.facts.base import Candidate, FactContext
from soulmem.perceive.facts.extract import extract_facts

__all__ = ["Candidate", "FactContext", "extract_facts"]
