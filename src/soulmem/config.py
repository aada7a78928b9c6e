"""Every tunable number in one place. Defaults are the seed numbers of DESIGN.md."""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any

from soulmem.errors import ConfigError

__all__ = [
    "DEFAULT_MAX_BODY_BYTES",
    "Config",
    "DecayConfig",
    "LimitsConfig",
    "RecallConfig",
    "ServiceLimits",
    "SurpriseConfig",
    "TierConfig",
]


@dataclass(frozen=True, slots=True)
class TierConfig:
    """Seed 000: memory tiers, their TTLs in days (None = no expiry) and the forgetting queue."""

    ttl_days: dict[str, int | None] = field(
        default_factory=lambda: {"M30": 30, "M90": 90, "M365": 365, "M0": None}
    )
    forgetting_queue_days: int = 7
    promote_m30_topic_repeats: int = 3
    promote_m30_references: int = 3
    promote_m30_intensity: float = 0.7
    promote_m90_references: int = 5
    promote_m90_intensity: float = 0.8
    m0_candidate_references: int = 10
    self_change_limit: float = 0.30
    island_collapse_days: int = 7
    imagination_per_day: int = 3


@dataclass(frozen=True, slots=True)
class SurpriseConfig:
    """Seed 003: surprise filter bands on new memories."""

    reinforce_at: float = 0.85
    dampen_at: float = 0.6
    reinforce_strength: float = 0.2
    dampen_min_importance: float = 0.7
    boost_max: float = 0.3
    #: cosine of unrelated texts for the embedder in use; None = the measured table in
    #: soulmem.lifecycle.surprise
    similarity_floor: float | None = None
    enabled: bool = True


@dataclass(frozen=True, slots=True)
class DecayConfig:
    """Seed 003: emotion-weighted decay and the maintenance cadence (in turns)."""

    every_turns: int = 5
    base: dict[str, float] = field(
        default_factory=lambda: {"episodic": 0.95, "emotional": 0.97, "semantic": 0.98}
    )
    emotion_weight: float = 0.4
    importance_weight: float = 0.3
    cap: float = 0.995
    consolidate_every_turns: int = 10
    promote_every_turns: int = 10
    prune_every_turns: int = 25
    cluster_similarity: float = 0.80
    semantic_after_mentions: int = 3
    prune_below_strength: float = 0.15
    cap_per_scope: int | None = None


@dataclass(frozen=True, slots=True)
class RecallConfig:
    """How recall ranks and packs.

    ``final = w_similarity * relevance + w_importance * importance + w_strength * strength``
    is the seed weighting (0.7 / 0.2 / 0.1). ``relevance`` fuses min-max normalised lexical
    scores with dense cosine similarity (weighted sum, ``lexical_weight`` on the lexical side),
    plus a small recency bonus for recent turns.
    """

    w_similarity: float = 0.7
    w_importance: float = 0.2
    w_strength: float = 0.1
    lexical_weight: float = 0.1
    recency_weight: float = 0.02
    recency_half_life_days: float = 30.0
    #: lexical and dense candidates of each kind (LoCoMo dev R@10 at session_weight 0.15:
    #: 60 -> 75.6, 100 -> 76.2; re-swept with everything since, each conversation asked with
    #: the adaptor trained on the other five, R@10 / multi-hop: 60 -> 80.08 / 48.56, 80 ->
    #: 80.13 / 48.89, 100 -> 80.31 / 49.54; 60 is about 2 ms faster at 100k memories)
    candidates: int = 100
    working_set_turns: int = 30
    max_items: int = 20
    moment_facts: int = 10
    #: of those, only the facts within this of the best fact's similarity come before the
    #: memories, the rest after them (LoCoMo dev context recall at 500 / 1000 / 2000 tokens:
    #: no margin 63.7 / 79.4 / 85.7, 0.01 -> 69.1 / 80.4 / 86.0, 0.02 -> 80.2 at 1000,
    #: 0.03 -> 66.0 / 79.9 / 86.0; SYNK holdout ja 28 -> 27 of 29 at 0.01, unchanged at 0.02)
    fact_margin: float = 0.02
    #: endless mode: weight of the continuity score (seed 001) in a turn's final score
    continuity_weight: float = 0.1
    default_budget_tokens: int = 800
    include_working_set: bool = True
    #: a turn next to a matching turn (a question and its answer) shares this much of its
    #: relevance (measured on LoCoMo dev: 0 -> 68.7, 0.1 -> 69.7, 0.2 -> 71.0, 0.3 -> 71.6 R@10)
    neighbour_weight: float = 0.3
    #: the reply neighbours of this many best-matching turns join the candidates (LoCoMo dev
    #: R@10 / ctx@1000: 0 -> 76.6 / 78.1, 10 -> 77.4 / 78.7, 20 -> 77.4 / 78.8, 40 -> 77.3 / 78.9)
    neighbour_candidates: int = 20
    #: only this many candidates (the best by what the index tells: their lexical and dense
    #: match with context keys and reply neighbours, and the adaptor's score) have their turns
    #: and memories read and are scored, and the working set; of the others only their
    #: sessions and speakers are read (every candidate's relevance depends on them), so a
    #: finalist scores what it would among all. 0 scores every candidate (about 260 a
    #: question). LoCoMo dev R@10 / multi-hop / context recall at 500 / 1000 / 2000 tokens,
    #: in-sample and leaving each conversation out of the adaptor's training: every
    #: candidate 80.9 / 51.2 / 70.7 / 81.1 / 86.5 and 80.3 / 49.5 / 69.8 / 80.6 / 86.6;
    #: 150 the same (R@20 85.3 against 85.2); 100: 80.8 / 51.4 / 70.7 / 81.1 / 86.4 and
    #: 80.2 / 49.5 / 69.8 / 80.5 / 86.3. 100k memories, alternating per recall: p50 / p95
    #: 41.3 / 50.9 -> 38.0 / 47.2 ms at 150 (188 of 200 contexts the same), 39.1 / 48.4 ->
    #: 33.7 / 43.5 at 100 (117 of 200; 95% of the packed turns)
    finalists: int = 150
    #: a turn's similarity mixes in, this much each, those of its two context keys: its
    #: vector summed with the turn before it, and the next turn's summed with it (normalised;
    #: LoCoMo dev R@10 / ctx@1000 before the fact margin: 0 -> 77.4 / 78.8, 0.15 -> 77.9 /
    #: 78.6, 0.25 -> 77.9 / 79.0, 0.35 -> 78.3 / 78.9; keys embedded as one text instead, at
    #: 0.25: 78.1 / 79.4, for a second, longer embedding per observed turn); at most 0.5
    pair_weight: float = 0.35
    #: query vectors kept (least recently used dropped); 0 embeds every query afresh
    query_cache_size: int = 256
    #: embed the query on a worker thread while the store is read (the turns found by the
    #: lexical search and the working set are read meanwhile) and search the vectors with
    #: it on another thread while those reads go on. None (the default): where the
    #: process may run on two CPUs or more, and always on PostgreSQL, whose reads wait on the
    #: server (1M memories: recall p95 45-49 ms threaded vs 52-55 ms inline, docs/postgres.md).
    #: SQLite at 100k turns, quiet 2-core machine, fresh questions: p50/p95 31-33 / 34-37 ms
    #: threaded vs 37-39 / 41-43 ms inline. On one CPU, or at a load average of 7 on two (the
    #: hand-off then cost more than the overlap saved: LoCoMo recall p50/p95 35.9/64.6 ms
    #: threaded vs 32.9/52.3 ms inline, before those early reads), set it False
    parallel_embed: bool | None = None
    #: read the candidates' turns, their memories and their reply links at once, on worker
    #: threads. None (the default): only on PostgreSQL, where each is a wait on the server
    #: (looked up by id, the pages of a cold cache are read from disk one by one; measured in
    #: docs/postgres.md). Off on SQLite, whose reads are in-process work
    parallel_reads: bool | None = None
    #: a turn spoken by someone the query names ("What did Ana paint?") gains this much
    #: (LoCoMo dev R@10 before the session step: 0 -> 71.6, 0.03 -> 73.1, 0.05 -> 73.5,
    #: 0.1 -> 72.7, 0.2 -> 70.5)
    speaker_weight: float = 0.05
    #: a turn loses up to this much as its session's best match falls behind the best
    #: session's (LoCoMo dev R@10, 60 candidates: 0 -> 73.5, 0.05 -> 75.4, 0.15 -> 75.9,
    #: 0.3 -> 75.2, 0.5 -> 74.3; 100 candidates: 0.1 -> 76.6, 0.15 -> 76.2, 0.2 -> 76.0)
    session_weight: float = 0.1
    #: a turn whose every side that speaks ends with a question loses this much of its final
    #: score: it asks, the turn after it answers (sharing its match by ``neighbour_weight``).
    #: LoCoMo dev R@10 / context recall at 1000 tokens: 0 -> 78.3 / 80.4, 0.03 -> 78.9 /
    #: 80.5, 0.05 -> 78.8 / 80.8, 0.07 -> 79.0 / 80.8, 0.1 -> 78.7 / 80.2, 0.2 -> 77.6 / 79.3
    question_weight: float = 0.05
    #: a turn whose user only asked (``perceive/informative.is_bare_question``) and whose
    #: reply is a placeholder ("…") loses this much more: it holds nothing to recall, yet it
    #: matches the same question asked again better than the turn that told the answer. A
    #: turn with no reply side at all (one speaker a turn, as LoCoMo's) is not touched: the
    #: next turn answers it. SYNK (dev, holdout and 24 fresh scenarios, 894 probes): 0 ->
    #: 777 hits, 0.15 -> 786, 0.3 -> 792, 0.5 -> 795, 1.0 -> 795, no scenario losing one;
    #: the untouched set 64 -> 65 of 72 at 0.5; LoCoMo unchanged (no reply side)
    unanswered_weight: float = 0.5
    #: for a question about the user themself (a first-person word: "my", "내", "俺の"), the
    #: turns after the best ``own_reply_after`` show about this many characters of their
    #: reply, 0 none: the user's words answer such a question, and more turns fit the budget;
    #: the best turn keeps its reply, which may name what the user only implied ("Jinty! What
    #: a fabulous name for a greyhound"). None keeps ``Config.memory_reply_chars`` for every
    #: question. SYNK (docs/benchmarks.md): the tuned sets with the ninth and tenth batches
    #: 1,725 -> 1,734 of 1,794 probes (every reply left out: 1,738, two scenarios a probe
    #: below their floors; the best three kept: 1,732); the untouched eleventh, seventh and
    #: ``bench/scenarios`` 361 -> 382 of 432 (stale 7 -> 9; all left out 383, best three 374)
    own_reply_chars: int | None = 0
    own_reply_after: int = 1
    #: the embedding model's learned query weighting (``recall/adaptor.py``) adds this much
    #: of its score to each candidate's final score; 0 turns it off, as does a model without
    #: one. LoCoMo dev R@10 on conversations the weights were not trained on (leave one
    #: out): 0 -> 78.8, 1 -> 80.2 (multi-hop 45.5 -> 49.6); in-sample 80.9
    adaptor_weight: float = 1.0


@dataclass(frozen=True, slots=True)
class LimitsConfig:
    """Input limits: anything larger is rejected with InputTooLarge before anything is written."""

    max_message_chars: int = 200_000
    max_field_chars: int = 512
    max_metadata_bytes: int = 64_000
    max_items_per_list: int = 256


@dataclass(frozen=True, slots=True)
class Config:
    tiers: TierConfig = field(default_factory=TierConfig)
    surprise: SurpriseConfig = field(default_factory=SurpriseConfig)
    decay: DecayConfig = field(default_factory=DecayConfig)
    recall: RecallConfig = field(default_factory=RecallConfig)
    limits: LimitsConfig = field(default_factory=LimitsConfig)
    #: director notes (seed 003 §10): a reflection every N turns
    reflect_every_turns: int = 5
    #: an episodic memory keeps the user's words whole and about this much of the reply
    #: (the event keeps everything); None keeps the whole reply
    memory_reply_chars: int | None = 100
    working_set_events: int = 100
    working_set_hours: float = 24.0

    def __post_init__(self) -> None:
        r = self.recall
        for name in (
            "w_similarity",
            "w_importance",
            "w_strength",
            "lexical_weight",
            "question_weight",
            "unanswered_weight",
        ):
            value = getattr(r, name)
            if not 0.0 <= value <= 1.0:
                raise ConfigError(f"recall.{name} must be within [0, 1], got {value!r}")
        if r.own_reply_chars is not None and (
            isinstance(r.own_reply_chars, bool) or r.own_reply_chars < 0
        ):
            raise ConfigError(f"recall.own_reply_chars must be >= 0, got {r.own_reply_chars!r}")
        if isinstance(r.own_reply_after, bool) or r.own_reply_after < 0:
            raise ConfigError(f"recall.own_reply_after must be >= 0, got {r.own_reply_after!r}")
        if not 0.0 <= r.fact_margin <= 2.0:
            raise ConfigError(f"recall.fact_margin must be within [0, 2], got {r.fact_margin!r}")
        if not 0.0 <= r.adaptor_weight <= 10.0:
            raise ConfigError(
                f"recall.adaptor_weight must be within [0, 10], got {r.adaptor_weight!r}"
            )
        if not 0.0 <= r.pair_weight <= 0.5:
            raise ConfigError(f"recall.pair_weight must be within [0, 0.5], got {r.pair_weight!r}")
        if r.finalists < 0:
            raise ConfigError(f"recall.finalists must be 0 (all) or positive, got {r.finalists!r}")
        if r.candidates < 1 or r.max_items < 1 or r.working_set_turns < 0:
            raise ConfigError("recall.candidates and recall.max_items must be positive")
        d = self.decay
        if not 0.0 < d.cap < 1.0 or not all(0.0 < b <= 1.0 for b in d.base.values()):
            raise ConfigError("decay.cap must be within (0, 1) and decay.base within (0, 1]")
        if d.emotion_weight < 0 or d.importance_weight < 0:
            raise ConfigError("decay.emotion_weight and decay.importance_weight must be >= 0")
        if self.limits.max_message_chars < 1:
            raise ConfigError("limits.max_message_chars must be positive")

    def with_recall(self, **changes: Any) -> Config:
        """A copy with some recall settings changed (unknown names raise ConfigError)."""
        known = {f.name for f in fields(RecallConfig)}
        unknown = set(changes) - known
        if unknown:
            raise ConfigError(f"unknown recall settings: {', '.join(sorted(unknown))}")
        return replace(self, recall=replace(self.recall, **changes))


DEFAULT_MAX_BODY_BYTES = 8 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class ServiceLimits:
    """Limits of the HTTP service (docs/reliability.md): request size, requests a minute
    per API key, and how much one recall may ask for."""

    max_body_bytes: int = DEFAULT_MAX_BODY_BYTES
    #: requests a minute per API key (a token bucket); 0 turns rate limiting off
    rate_per_minute: int = 6_000
    #: how many requests a key may send at once before the rate applies
    rate_burst: int = 300
    max_recall_budget_tokens: int = 32_000
    max_recall_items: int = 500

    def __post_init__(self) -> None:
        if self.max_body_bytes < 1 or self.rate_per_minute < 0 or self.rate_burst < 1:
            raise ConfigError("max_body_bytes and rate_burst must be >= 1, rate_per_minute >= 0")
        if self.max_recall_budget_tokens < 1 or self.max_recall_items < 1:
            raise ConfigError("recall caps must be at least 1")
