"""``soulmem bench scale``: recall and observe latency, load time and size at N memories.

Embedding a million texts with e5 takes hours on a small machine, so the store is filled with
synthetic data written through the store's own writer (the rows ``observe`` makes for a turn:
the event, its memory, the source link, the event's vector and its lexical document):
multilingual texts (en / ko / ja pseudo-words drawn with a Zipf law, so term frequencies look
like language) and random unit vectors. Queries and the timed observes use the real embedder.
The data is spread over scopes of ``per_scope`` memories (a service holds many users; recall
works inside one scope).

The timed calls measure the steady state of a scope with that history: the engine's clock
(a :class:`~soulmem.clock.ManualClock`) stands just after the last loaded turn, so nothing
has expired yet, and each scope's upkeep is recorded as done at its last turn — calendar
duties at that time, the turn-counted ones (decay, consolidation, ...) with counters
staggered over the scopes, so that about one timed observe in ``every`` runs each of them,
as along a real history. Untimed observes and recalls in a scratch scope (one per language) load
the model and the rule tables first. With another clock (the system clock) the data is a year old
and the first observe of each scope expires its whole history: that one-off catch-up is
what the observe numbers would then show.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from datetime import UTC, datetime, timedelta
from typing import Any

import numpy as np

from soulmem.bench.stats import percentile
from soulmem.clock import ManualClock
from soulmem.engine import Memory
from soulmem.lifecycle.maintain import PERIODS
from soulmem.model import Event, EventLink, MemoryType, Scope, Tier
from soulmem.model import Memory as Orb
from soulmem.observe import TURN_DUTIES
from soulmem.recall.tokenize import tokenize

__all__ = ["SyntheticText", "run_scale"]

T0 = datetime(2025, 1, 1, tzinfo=UTC)
_LATIN = [c + v for c in "bdfghklmnprstvz" for v in "aeiou"]
_HANGUL = [chr(0xAC00 + i * 28) for i in range(0, 399, 3)]
_KANA = [chr(c) for c in range(0x3042, 0x3093)] + [chr(c) for c in range(0x30A2, 0x30F3)]
_KANJI = [chr(c) for c in range(0x4E00, 0x4E00 + 2000, 7)]


class SyntheticText:
    """Pseudo-words of three scripts, drawn with a Zipf law from a fixed vocabulary."""

    def __init__(self, seed: int = 0, vocabulary: int = 20_000) -> None:
        self.rng = np.random.default_rng(seed)
        words: dict[str, list[str]] = {"en": [], "ko": [], "ja": []}
        rng = np.random.default_rng(seed + 1)
        for _ in range(vocabulary):
            words["en"].append("".join(rng.choice(_LATIN, size=int(rng.integers(2, 4)))))
            words["ko"].append("".join(rng.choice(_HANGUL, size=int(rng.integers(2, 4)))))
            kana = "".join(rng.choice(_KANA, size=int(rng.integers(2, 4))))
            words["ja"].append(kana if rng.random() < 0.6 else "".join(rng.choice(_KANJI, size=2)))
        self.words = words
        self.vocabulary = vocabulary

    def sentence(self, words: int | None = None, language: str | None = None) -> str:
        drawn = ("en", "ko", "ja")[int(self.rng.integers(0, 3))]
        language = language or drawn
        n = words or int(self.rng.integers(6, 15))
        ranks = np.minimum(self.rng.zipf(1.25, size=n), self.vocabulary) - 1
        chosen = [self.words[language][int(r)] for r in ranks]
        return ("" if language == "ja" else " ").join(chosen)


def _load(
    mem: Memory,
    count: int,
    per_scope: int,
    text: SyntheticText,
    progress: Callable[[int], None] | None,
    bulk: Any | None,
    batch: int = 2000,
) -> list[Scope]:
    """Write ``count`` turns with their memories, vectors and lexical documents: through
    ``bulk`` (a writer for the whole load) or in transactions of ``batch`` turns."""
    dim = mem.embedder.dim
    rng = np.random.default_rng(7)
    scopes = [Scope(f"user{i:06d}", "luna") for i in range((count + per_scope - 1) // per_scope)]
    last: dict[Scope, str] = {}
    done = 0
    while done < count:
        n = min(batch, count - done)
        vectors = rng.standard_normal((n, dim)).astype(np.float32)
        vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
        with nullcontext(bulk) if bulk is not None else mem.store.transaction() as tx:
            for j in range(n):
                k = done + j
                scope = scopes[k // per_scope]
                at = T0 + timedelta(minutes=k % per_scope)
                content = text.sentence()
                event = tx.insert_event(
                    Event(
                        id=f"ev_{uuid.uuid4().hex}",
                        scope=scope,
                        at=at,
                        created_at=at,
                        session_id="s1",
                        user_text=content,
                    )
                )
                if scope in last:
                    tx.insert_link(EventLink(event.id, last[scope], "reply_to", 1.0))
                last[scope] = event.id
                tx.insert_memory(
                    Orb(
                        id=f"mem_{uuid.uuid4().hex}",
                        scope=scope,
                        content=content,
                        tier=Tier.M30,
                        memory_type=MemoryType.EPISODIC,
                        created_at=at,
                        occurred_at=at,
                        expires_at=at + timedelta(days=30),
                        source_event_ids=(event.id,),
                        tier_since=at,
                    )
                )
                tx.put_embedding(scope, "event", event.id, mem.embedder.name, vectors[j])
                tx.index_tokens(scope, "event", event.id, tokenize(content))
        done += n
        if progress is not None:
            progress(done)
    return scopes


def _replay(count: int, per_scope: int, text: SyntheticText) -> list[Scope]:
    """The scopes :func:`_load` fills, and ``text`` drawn as far as the load draws it (so
    that the timed queries are the same as after a load)."""
    for _ in range(count):
        text.sentence()
    return [Scope(f"user{i:06d}", "luna") for i in range((count + per_scope - 1) // per_scope)]


def _record_upkeep(mem: Memory, scopes: list[Scope], per_scope: int) -> None:
    """Each scope's upkeep as done at its last turn; turn counters staggered over scopes."""
    last = T0 + timedelta(minutes=per_scope - 1)
    decay = mem.config.decay
    every = {
        "decay": decay.every_turns,
        "consolidate": decay.consolidate_every_turns,
        "promote_mentions": decay.promote_every_turns,
        "prune": decay.prune_every_turns,
        "reflect": mem.config.reflect_every_turns,
    }
    with mem.store.transaction() as tx:
        for index, scope in enumerate(scopes):
            for duty in PERIODS:
                tx.set_maintenance(scope, duty, last_run=last, counter=0)
            for duty in TURN_DUTIES:
                tx.set_maintenance(scope, duty, last_run=last, counter=index % every[duty])


def run_scale(
    mem: Memory,
    *,
    memories: int,
    backend: str,
    db_size: Callable[[], int],
    per_scope: int = 1000,
    queries: int = 200,
    observes: int = 100,
    seed: int = 0,
    progress: Callable[[int], None] | None = None,
    bulk: AbstractContextManager[Any] | None = None,
    loaded: bool = False,
    query_seed: int | None = None,
) -> dict[str, Any]:
    """Fill ``mem`` (an empty store) with ``memories`` synthetic memories, then time
    ``queries`` recalls and ``observes`` observes in random scopes. ``bulk`` (PostgreSQL's
    ``bulk_load()``) gives one writer for the whole load; whatever it does on closing (COPY,
    index builds) counts in ``load_s``. ``loaded``: ``mem`` already holds the load of an
    earlier run with the same ``memories``, ``per_scope`` and ``seed`` (kept to time it
    again): nothing is loaded (``load_s`` is None), the same queries are drawn.
    ``query_seed``: draw the timed queries (their scopes and words, from the load's
    vocabulary) and observes afresh with this seed instead of the ones after the load, so a
    ``loaded`` run does not replay queries an earlier run cached."""
    text = SyntheticText(seed)
    started = time.perf_counter()
    if loaded:
        scopes = _replay(memories, per_scope, text)
    else:
        with bulk if bulk is not None else nullcontext() as writer:
            scopes = _load(mem, memories, per_scope, text, progress, writer)
    load_s = None if loaded else time.perf_counter() - started
    _record_upkeep(mem, scopes, per_scope)
    clock = mem.clock if isinstance(mem.clock, ManualClock) else None
    if clock is not None:
        clock.set(T0 + timedelta(minutes=per_scope))
    warm = mem.scope("warmup", "luna")
    for language in ("en", "ko", "ja"):  # each language's rule tables load on first use
        warm.observe(user=text.sentence(language=language))
        warm.recall(text.sentence(3, language=language))
    rng = np.random.default_rng(seed + 2)
    if query_seed is not None:
        text.rng = np.random.default_rng([seed, query_seed])
        rng = np.random.default_rng([seed, query_seed, 2])
    recall_s: list[float] = []
    for _ in range(queries):
        scope = scopes[int(rng.integers(0, len(scopes)))]
        query = text.sentence(int(rng.integers(2, 5)))
        t = time.perf_counter()
        mem.scope(scope.user_id, scope.agent_id).recall(query)
        recall_s.append(time.perf_counter() - t)
    observe_s: list[float] = []
    for _ in range(observes):
        scope = scopes[int(rng.integers(0, len(scopes)))]
        if clock is not None:
            clock.advance(seconds=20)
        t = time.perf_counter()
        mem.scope(scope.user_id, scope.agent_id).observe(user=text.sentence())
        observe_s.append(time.perf_counter() - t)

    def ms(values: list[float]) -> dict[str, float]:
        return {
            q: round(percentile([v * 1000 for v in values], p), 2)
            for q, p in (("p50", 50), ("p95", 95))
        }

    return {
        "backend": backend,
        "memories": memories,
        "scopes": len(scopes),
        "load_s": None if load_s is None else round(load_s, 1),
        "load_per_s": round(memories / load_s, 1) if load_s else None,
        "recall_ms": ms(recall_s),
        "observe_ms": ms(observe_s),
        "db_mb": round(db_size() / 1e6, 1),
        "embedder": mem.embedder.name,
    }
