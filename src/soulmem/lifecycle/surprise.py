"""The surprise filter of seed 003: is a new turn news, or something already remembered?

Bands on the similarity to the nearest remembered turn (seed defaults, ``SurpriseConfig``):

* ``>= reinforce_at`` (0.85): the same thing again; the existing memory gets +0.2 strength
  and +1 mention, and the turn becomes one more of its sources;
* ``dampen_at`` .. ``reinforce_at`` (0.6-0.85): nothing new; stored with 30 % less importance
  when it matters (importance >= 0.7), otherwise not made into a memory (the turn itself
  stays in the history and is still recalled);
* ``< dampen_at``: news; importance is boosted by up to 0.3.

The seed's thresholds were set for its own embedding. Cosine similarities of other models
live in narrower bands (multilingual-e5: any two conversational turns ~0.86 on average,
measured on LoCoMo and SYNK turns), so similarities are first rescaled to
``(cos - floor) / (1 - floor)`` with the model's floor, then compared with the seed numbers.
Explicit "remember this" and strongly felt turns are always stored.
"""

from __future__ import annotations

from dataclasses import dataclass

from soulmem.config import SurpriseConfig

__all__ = ["SIMILARITY_FLOORS", "Verdict", "judge", "rescale"]

#: mean cosine of unrelated turns, per model family (prefix of Embedder.name)
SIMILARITY_FLOORS: dict[str, float] = {
    "multilingual-e5": 0.86,
    "use-multilingual": 0.30,
}

DAMPEN_FACTOR = 0.7


def floor_for(model_name: str, configured: float | None) -> float:
    if configured is not None:
        return configured
    for prefix, floor in SIMILARITY_FLOORS.items():
        if model_name.startswith(prefix):
            return floor
    return 0.0


def rescale(cosine: float, floor: float) -> float:
    if floor >= 1.0:
        return cosine
    return max(0.0, min(1.0, (cosine - floor) / (1.0 - floor)))


@dataclass(frozen=True, slots=True)
class Verdict:
    action: str  # "reinforce" | "store" | "skip"
    importance: float
    similarity: float


def judge(
    similarity: float | None, importance: float, cfg: SurpriseConfig, *, keep: bool = False
) -> Verdict:
    """What to do with a new turn whose nearest remembered turn has ``similarity``
    (already rescaled; None when there is nothing to compare with). ``keep`` forces a new
    memory (explicit request, strong feeling)."""
    if similarity is None:
        return Verdict("store", min(1.0, importance + cfg.boost_max), 0.0)
    if similarity >= cfg.reinforce_at and not keep:
        return Verdict("reinforce", importance, similarity)
    if similarity >= cfg.dampen_at and not keep:
        if importance >= cfg.dampen_min_importance:
            return Verdict("store", importance * DAMPEN_FACTOR, similarity)
        return Verdict("skip", importance, similarity)
    if similarity >= cfg.reinforce_at:  # kept although it repeats: store as it is
        return Verdict("store", importance, similarity)
    boost = min(cfg.boost_max, (1.0 - similarity) * cfg.boost_max)
    return Verdict("store", min(1.0, importance + boost), similarity)
