"""The character's self (seed 000 §4-5): personality islands, beliefs and SOUL.md.

Pure, rule-based functions over records (no storage, no network, no clock of their own):

* :mod:`~soulmem.self.islands`: the theme of a core memory, founding or joining an island,
  the island status machine (active / shaking / collapsed / rebuilding) and the warnings
  shown before a core memory is deleted or edited;
* :mod:`~soulmem.self.beliefs`: "I am ..." beliefs proposed from core memories, and the
  anxiety protection (more than 30% of the self changed in one session is refused);
* :mod:`~soulmem.self.soul`: SOUL.md rendering in English, Korean or Japanese, and its diff.
"""

from soulmem.self.beliefs import (
    DEFAULT_LIMIT,
    Proposal,
    belief_confidence,
    change_ratio,
    changed_keys,
    propose_beliefs,
    statement_for,
    within_limit,
)
from soulmem.self.islands import (
    THEMES,
    Theme,
    found_or_join,
    island_strength,
    memory_language,
    owner_name,
    theme_emoji,
    theme_label,
    theme_of,
    theme_short_en,
    transition,
    warnings_for,
)
from soulmem.self.soul import diff_soul, render_soul, shown_beliefs

__all__ = [
    "DEFAULT_LIMIT",
    "THEMES",
    "Proposal",
    "Theme",
    "belief_confidence",
    "change_ratio",
    "changed_keys",
    "diff_soul",
    "found_or_join",
    "island_strength",
    "memory_language",
    "owner_name",
    "propose_beliefs",
    "render_soul",
    "shown_beliefs",
    "statement_for",
    "theme_emoji",
    "theme_label",
    "theme_of",
    "theme_short_en",
    "transition",
    "warnings_for",
    "within_limit",
]
