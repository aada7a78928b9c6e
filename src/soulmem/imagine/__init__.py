"""Imagination Land and director notes (seeds 000 §7 and 003 §10), rule-based and pure.

:func:`imagine` turns recent memories, the user's facts and the current context into one
proactive :class:`Idea` (a scenario and a suggested action), weighted by what the user liked
before (:func:`feedback_weight`) and never touching a forbidden topic (seed 004 nudges).
:func:`reflect` reads the recent turns and writes a short director's note for the next turn
plus small relationship deltas.
"""

from soulmem.imagine.director import reflect
from soulmem.imagine.imagination import (
    FEEDBACK_FACTORS,
    MAX_PER_DAY,
    PATTERNS,
    Idea,
    ImagineContext,
    Pattern,
    daily_remaining,
    feedback_weight,
    imagine,
)

__all__ = [
    "FEEDBACK_FACTORS",
    "MAX_PER_DAY",
    "PATTERNS",
    "Idea",
    "ImagineContext",
    "Pattern",
    "daily_remaining",
    "feedback_weight",
    "imagine",
    "reflect",
]
