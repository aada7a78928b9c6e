"""A learned query-side weighting of an embedding model's dimensions, for ranking turns.

A general embedding model scores a question against a past turn with the plain dot product
``q . d``. Recall adds ``adaptor_weight * (q * w) . d`` to each candidate's final score,
where ``w`` holds one weight per dimension, learned for the model with a pairwise objective
(an evidence turn above the turns the ranker put near it) on top of the ranker's own scores.
That score is the similarity of the question to the candidate's own vector read with a
question-aware weighting: a second look at the same vectors, nothing more is stored.

Weights ship inside the package as JSON (``soulmem/data/adaptor-<model>.json``), one file a
model, with how they were trained and what leave-one-conversation-out evaluation measured
(``soulmem bench adaptor`` writes them and reports that). A model without a file (USE, an
OpenAI-compatible endpoint, the test fake) ranks without an adaptor; ``adaptor_weight`` 0
turns it off.
"""

from __future__ import annotations

import functools
import json
import math
from dataclasses import dataclass
from importlib import resources
from typing import Any

import numpy as np

from soulmem.embed.base import Vector
from soulmem.errors import ConfigError

__all__ = ["QueryAdaptor", "adaptor_for", "adaptor_path", "model_of"]


def model_of(embedder_name: str) -> str:
    """An embedder's model without its engine version (``model@engine-1.2``): the vectors, and
    so the adaptor, belong to the model."""
    return embedder_name.split("@", 1)[0]


def adaptor_path(model: str) -> str:
    """The file name of ``model``'s adaptor inside ``soulmem/data``."""
    safe = "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in model)
    return f"adaptor-{safe}.json"


@dataclass(frozen=True, slots=True)
class QueryAdaptor:
    model: str
    weights: Vector  # float32, one per dimension
    meta: dict[str, Any]

    @property
    def dim(self) -> int:
        return int(self.weights.shape[0])

    def apply(self, query: Vector) -> Vector:
        """``query * weights``: dotted with a stored vector it gives the adapted score."""
        if query.shape != self.weights.shape:
            raise ConfigError(
                f"adaptor for {self.model} has {self.dim} dimensions, the query {query.shape}"
            )
        return (query.astype(np.float32) * self.weights).astype(np.float32)

    @classmethod
    def from_json(cls, text: str) -> QueryAdaptor:
        try:
            doc = json.loads(text)
            model = str(doc["model"])
            weights = np.asarray(doc["weights"], dtype=np.float32)
        except (ValueError, KeyError, TypeError) as exc:
            raise ConfigError(f"unreadable adaptor file: {exc}") from exc
        if weights.ndim != 1 or weights.size == 0:
            raise ConfigError(f"adaptor for {model}: weights must be a non-empty list")
        if not all(math.isfinite(float(x)) for x in weights):
            raise ConfigError(f"adaptor for {model}: weights must be finite numbers")
        meta = {k: v for k, v in doc.items() if k not in ("model", "weights")}
        return cls(model=model, weights=weights, meta=meta)

    def to_json(self) -> str:
        doc = {
            "model": self.model,
            **self.meta,
            "weights": [round(float(x), 6) for x in self.weights],
        }
        return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"


@functools.lru_cache(maxsize=16)
def adaptor_for(embedder_name: str) -> QueryAdaptor | None:
    """The packaged adaptor of ``embedder_name``'s model, or None when it has none."""
    model = model_of(embedder_name)
    source = resources.files("soulmem").joinpath("data", adaptor_path(model))
    if not source.is_file():
        return None
    adaptor = QueryAdaptor.from_json(source.read_text(encoding="utf-8"))
    if adaptor.model != model:
        raise ConfigError(f"{adaptor_path(model)} holds the adaptor of {adaptor.model}")
    return adaptor
