"""Hybrid ranking of a scope's past turns and derived memories for a query.

Two kinds of records are searched, each with its own vectors and lexical tokens:

* turns (events): the conversation history, every observed turn, as it was said;
* derived memories: memories whose text is not a single turn (consolidated, distilled).

A turn carries the importance and strength of its memory "orb" (the episodic memory it
created or reinforced), so the lifecycle shapes what surfaces without losing history.

cosine    = (1 - 2 * pair_weight) * cos(turn) + pair_weight * cos(key(the turn before, turn))
            + pair_weight * cos(key(turn, the turn after))      (context keys, for turns)
key(a, b) = (vector(a) + vector(b)) / |vector(a) + vector(b)|  (b replies to a)
match     = lexical_weight * minmax(bm25) + (1 - lexical_weight) * cosine
            + speaker_weight * [the turn's speaker is named in the query]
match    += neighbour_weight * (best match of the turns it replies to or that reply to it)
match    -= session_weight * (how far its session's best match falls behind the best session)
relevance = minmax(match)
final     = w_similarity * relevance + w_importance * importance + w_strength * strength
            + recency_weight * recency - question_weight * [every side of the turn ends asking]
            - unanswered_weight * [the user only asked; the reply is a placeholder]
            + adaptor_weight * (query * w) . vector    (the model's learned adaptor, if any)

Candidates are the lexical top-N, the dense top-N of each kind, the reply neighbours of
the best ``neighbour_candidates`` turns and the working set (the scope's last turns), which
is always considered; context keys re-score candidates, they add none. Only the best
``finalists`` of them by what the index tells (match, neighbours, adaptor) and the working
set have their memories read and are scored, from each turn's head (``Store.event_heads``:
session, speakers, whether it says anything or asks; every candidate's head counts in
``relevance``, so a finalist scores what it would among all). No turn is read to rank:
:class:`Ranked` reads a turn whole only when an iteration reaches its item. Every component
is kept in ``why`` (``dense`` with the keys mixed in, ``adapted`` the adaptor's score).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from typing import ParamSpec, TypeVar

import numpy as np

from soulmem.config import RecallConfig
from soulmem.embed.base import Embedder, Vector
from soulmem.model import Event, Memory, Scope, format_date
from soulmem.recall.adaptor import QueryAdaptor
from soulmem.recall.fusion import (
    Array,
    Table,
    minmax,
    minmax_array,
    sessions_array,
    with_context,
)
from soulmem.recall.items import RecallItem
from soulmem.recall.pack import Room
from soulmem.recall.speakers import named_speakers
from soulmem.recall.tokenize import tokenize
from soulmem.store.base import ContextKeys, EventHead, MemoryWeight, Store, VectorHit, head_of

__all__ = [
    "Ranked",
    "Ranker",
    "event_text",
    "has_text",
    "memory_text",
]

Key = tuple[str, str]  # (owner_kind, id)
P = ParamSpec("P")
T = TypeVar("T")

#: A turn whose memory was forgotten (or never made) ranks as a weak, plain memory.
ORPHAN_IMPORTANCE = 0.5
ORPHAN_STRENGTH = 0.3
BARE_QUESTION_IMPORTANCE = 0.1
#: the kinds searched by vector, in the order their hits join the candidates
_DENSE_KINDS = ("event", "memory")


def event_text(event: Event, reply_chars: int | None) -> str:
    """How a turn is indexed, embedded and shown: its date first (people ask "when")."""
    return event.render(with_date=True, reply_chars=reply_chars)


def has_text(event: Event) -> bool:
    """Whether a turn has anything to index (said text or an image description)."""
    return bool(event.user_text or event.assistant_text or event.images)


def memory_text(memory: Memory) -> str:
    """How a memory is indexed, embedded and shown: its date first."""
    return f"[{format_date(memory.occurred_at)}] {memory.content}"


def neighbours_of(links: Iterable[tuple[str, str]]) -> dict[str, set[str]]:
    """Each turn -> the turns it replies to or that reply to it, from (reply, to) links."""
    near: dict[str, set[str]] = {}
    for reply, to in links:
        near.setdefault(reply, set()).add(to)
        near.setdefault(to, set()).add(reply)
    return near


@dataclass(slots=True)
class Neighbours:
    """Reply links already read: ``links`` holds every link of the turns in ``asked`` (and
    some of other turns)."""

    links: list[tuple[str, str]]
    asked: set[str]

    def complete(self, store: Store, event_ids: Sequence[str]) -> list[tuple[str, str]]:
        """Every link of ``event_ids`` (and some others), reading only the turns not asked
        yet."""
        unasked = [i for i in event_ids if i not in self.asked]
        return [*self.links, *store.reply_links(unasked)]


#: the components of a score every item has, in the order ``why`` shows them
_PARTS = ("lexical", "dense", "relevance", "importance", "strength", "recency")


@dataclass(slots=True)
class _Scored:
    """A finalist scored: a turn (``memory`` None) or a derived memory, not yet an item;
    ``least`` is a lower bound of what its text costs (``EventHead.least``; 0: unknown).
    Its ``why`` is made only for the items an iteration reaches."""

    score: float
    id: str
    #: the values of ``_PARTS``, unrounded
    parts: tuple[float, ...]
    #: the components only some items have (speaker, asks, adapted)
    extra: tuple[tuple[str, float], ...]
    memory_id: str | None
    memory: Memory | None
    least: int

    def why(self) -> dict[str, float]:
        why = {name: round(value, 4) for name, value in zip(_PARTS, self.parts, strict=True)}
        why.update((name, round(value, 4)) for name, value in self.extra)
        return why


class Ranked:
    """Scored items, best first. A turn is read whole (its text, its date) only when an
    iteration reaches its item, in batches that grow (``FIRST_BATCH``, then twice as many
    each time). ``len`` is the number of items scored; an iteration leaves out an item whose
    turn was removed before it was read."""

    FIRST_BATCH = 32
    __slots__ = ("_in_hand", "_reply_chars", "_scored", "_short_replies", "_store")

    def __init__(
        self,
        store: Store,
        scored: list[_Scored],
        in_hand: Mapping[str, Event],
        reply_chars: int | None,
        short_replies: tuple[int, int] | None = None,
    ) -> None:
        self._store = store
        self._scored = scored
        self._in_hand = in_hand
        self._reply_chars = reply_chars
        self._short_replies = short_replies

    def __len__(self) -> int:
        return len(self._scored)

    def __iter__(self) -> Iterator[RecallItem]:
        return self.within(None)

    def within(self, room: Room | None) -> Iterator[RecallItem]:
        """The items, leaving out every turn whose text costs more than ``room.left`` tokens
        (``tokens_at_least``): unread when its batch is read, unmade when the iteration
        reaches it; an item a packing that takes items while they fit would drop (``pack``
        keeps ``room`` current). None: every item. With ``short_replies`` (n, chars), the
        turns after the first n show about chars of their reply (0: none)."""
        start, size = 0, self.FIRST_BATCH
        reply_chars, turns = self._reply_chars, 0
        while start < len(self._scored):
            batch = self._scored[start : start + size]
            start, size = start + len(batch), size * 2
            if room is not None:
                batch = [e for e in batch if e.least <= room.left]
            unread = [e.id for e in batch if e.memory is None and e.id not in self._in_hand]
            rows = {event.id: event for event in self._store.get_events(unread)}
            for entry in batch:
                if room is not None and entry.least > room.left:
                    continue  # the room shrank since the batch was read: no longer fits
                if self._short_replies is not None and turns >= self._short_replies[0]:
                    reply_chars = self._short_replies[1]
                item = self._item(entry, rows, reply_chars)
                if item is not None:
                    turns += item.kind == "turn"
                    yield item

    def _item(
        self, entry: _Scored, rows: Mapping[str, Event], reply_chars: int | None
    ) -> RecallItem | None:
        sources: tuple[str, ...]
        if entry.memory is None:
            event = self._in_hand.get(entry.id) or rows.get(entry.id)
            if event is None or not has_text(event):
                return None
            kind, text = "turn", event_text(event, reply_chars)
            sources, at = (event.id,), event.at
        else:
            kind, text = "memory", memory_text(entry.memory)
            sources, at = entry.memory.source_event_ids, entry.memory.occurred_at
        return RecallItem(
            kind=kind,
            id=entry.id,
            text=text,
            score=entry.score,
            source_event_ids=sources,
            at=at,
            why=entry.why(),
            memory_id=entry.memory_id,
        )


@dataclass(slots=True)
class Ranker:
    store: Store
    embedder: Embedder
    config: RecallConfig
    reply_chars: int | None = None
    #: (n, chars): the turns after the first n taken show about chars of their reply, 0 none
    #: (a question about the user: ``RecallConfig.own_reply_chars``); None: as reply_chars
    short_replies: tuple[int, int] | None = None
    #: threads for independent reads (None: one after the other, on the calling thread)
    reads: Executor | None = None
    #: the embedding model's learned query weighting (``recall/adaptor.py``), if it has one
    adaptor: QueryAdaptor | None = None
    #: a thread for the dense searches while the query is still being embedded elsewhere:
    #: they wait there for its vector, then run while this thread reads the turns found so
    #: far (None: here, after those reads)
    searches: Executor | None = None

    def _soon(self, read: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> Callable[[], T]:
        """``read(*args)`` started on ``reads`` (or run now); call the result to get it."""
        if self.reads is None:
            value = read(*args, **kwargs)
            return lambda: value
        return self.reads.submit(read, *args, **kwargs).result

    @staticmethod
    def _beside(pool: Executor, read: Callable[[list[str]], T], ids: list[str]) -> Callable[[], T]:
        """``read(ids)`` started on ``pool``; call the result to get it. Where the pool has not
        started it by then (busy with another recall's searches), it is read on the calling
        thread instead of waiting behind them."""
        future = pool.submit(read, ids)

        def result() -> T:
            return read(ids) if future.cancel() else future.result()

        return result

    def rank(
        self,
        scope: Scope,
        query: str,
        working_set: Sequence[Event],
        query_vector: Vector | Callable[[], Vector] | None = None,
    ) -> list[RecallItem]:
        """Every scored item, best first (each turn read whole)."""
        return list(self.ranked(scope, query, working_set, query_vector))

    def ranked(
        self,
        scope: Scope,
        query: str,
        working_set: Sequence[Event],
        query_vector: Vector | Callable[[], Vector] | None = None,
    ) -> Ranked:
        """The items scored, best first, as :class:`Ranked`: a turn is read whole only when
        its item is taken (in batches), so a context that stops after a few dozen items
        reads no more turns than that."""
        cfg = self.config
        lexical: dict[str, float] = {}
        kinds: dict[str, str] = {}
        for found in self.store.lexical_search(scope, tokenize(query), cfg.candidates):
            lexical[found.owner_id] = found.score
            kinds[found.owner_id] = found.owner_kind
        n = len(working_set)
        recent = {event.id: (i + 1) / n for i, event in enumerate(working_set)}
        kinds.update(dict.fromkeys(recent, "event"))
        # the memories of the turns found so far (lexical, working set) are read while the
        # query is embedded (on a worker thread with ``parallel_embed``): they do not depend
        # on its vector. The dense searches need the vector and the candidates found so far:
        # they wait for the vector on the ``searches`` thread (they are mostly native code,
        # which runs beside this thread's reads; reads moved there too only contend for the
        # interpreter lock: measured slower)
        early = [c for c, kind in kinds.items() if kind == "event"]
        wanted = {kind: [i for i, k in kinds.items() if k == kind] for kind in _DENSE_KINDS}
        searched: Future[list[list[VectorHit]]] | None = None
        if callable(query_vector) and self.searches is not None:
            searched = self.searches.submit(self._dense, scope, query_vector, wanted)
        early_orbs = self._soon(self.store.memories_for_events, early)
        if query_vector is None:
            query_vector = self.embedder.embed_query(query)
        elif callable(query_vector):  # still being embedded: wait only now, after those reads
            query_vector = query_vector()
        by_kind = (
            searched.result() if searched is not None else self._dense(scope, query_vector, wanted)
        )
        dense: dict[str, float] = {}
        for kind, hits in zip(_DENSE_KINDS, by_kind, strict=True):
            for hit in hits:
                dense[hit.owner_id] = hit.similarity
                kinds[hit.owner_id] = kind
        # with a ``searches`` thread (now idle), the memories of the turns the dense search
        # found are read there while this one reads reply links and context keys (most of
        # them become finalists)
        early_read = set(early)
        dense_events = [c for c in dense if kinds[c] == "event" and c not in early_read]
        dense_orbs: Callable[[], dict[str, list[MemoryWeight]]] = dict
        if self.searches is not None and dense_events:
            dense_orbs = self._beside(self.searches, self.store.memories_for_events, dense_events)
            early_read.update(dense_events)
        lexical_norm = minmax(lexical)
        # with ``reads`` threads, the context keys of the turns found so far are read while
        # their neighbours are looked for, the neighbours' keys after; without, all in one read
        # after (a key's score does not depend on the keys read with it)
        early_keys = cfg.pair_weight > 0 and self.reads is not None
        keyed = [c for c in dense if kinds[c] == "event"] if early_keys else []
        keys_first = self._keys_soon(scope, query_vector, keyed)
        near = self._add_neighbours(scope, query_vector, kinds, lexical_norm, dense)
        candidates = list(dict.fromkeys([*lexical, *dense, *recent]))
        if not candidates:
            return Ranked(self.store, [], {}, self.reply_chars, self.short_replies)
        event_ids = [c for c in candidates if kinds[c] == "event"]
        memory_ids = [c for c in candidates if kinds[c] == "memory"]
        # what the index tells of every candidate (reply links, context keys, the adaptor's
        # score; no rows): at once when ``reads`` has threads
        want_links = cfg.neighbour_weight > 0
        links_soon = self._soon(near.complete, self.store, event_ids if want_links else [])
        asked = set(keyed)
        keyed = (
            [c for c in event_ids if c in dense and c not in asked] if cfg.pair_weight > 0 else []
        )
        keys_then = self._keys_soon(scope, query_vector, keyed)
        adapted_soon = self._soon(self._adapted, scope, query_vector, event_ids, memory_ids)
        # every candidate turn's head (session, speakers, whether it says anything or asks),
        # the working set's too (from the store's heads: cheaper than from the turns in
        # hand, which serve only a turn the store does not know)
        in_hand = {event.id: event for event in working_set}
        heads = self.store.event_heads(event_ids)
        heads.update((c, head_of(e)) for c, e in in_hand.items() if c not in heads)
        if cfg.pair_weight > 0:
            first, then = keys_first(), keys_then()
            keys = ContextKeys({**first.before, **then.before}, {**first.after, **then.after})
            with_context(dense, keys, cfg.pair_weight)
        links, adapted = links_soon(), adapted_soon()
        floor = min(dense.values()) if dense else 0.0
        # from here every candidate's values are arrays in candidate order (``table``)
        table = Table(candidates, floor, links)
        lexical_of = table.values(lexical_norm, 0.0)
        dense_of = table.values(dense, floor)
        adapted_of = table.values(adapted, 0.0)
        # each candidate's lexical + dense match, with its context keys (the finalists are
        # picked by it, and fusion starts from it)
        weight = cfg.lexical_weight
        match = weight * lexical_of + (1.0 - weight) * dense_of
        chosen: Sequence[int] = range(len(candidates))
        if 0 < cfg.finalists < len(candidates):
            chosen = self._finalists(table, match, adapted_of, recent)
        finalists = [candidates[i] for i in chosen]
        # the memories of the finalist turns not read early, and the derived memories
        final_events = [c for c in finalists if kinds[c] == "event" and c in heads]
        orbs_soon = self._soon(
            self.store.memories_for_events, [c for c in final_events if c not in early_read]
        )
        memories_soon = self._soon(
            self.store.get_memories, [c for c in finalists if kinds[c] == "memory"]
        )
        spoken = [head.speakers for head in heads.values()]
        named = named_speakers(query, spoken) if cfg.speaker_weight > 0 else set()
        relevance = minmax_array(self._fuse(table, match, heads, named)).tolist()
        lexical_list, dense_list, adapted_list = (
            lexical_of.tolist(),
            dense_of.tolist(),
            adapted_of.tolist(),
        )
        orbs_of = {**early_orbs(), **dense_orbs(), **orbs_soon()}
        memories = {m.id: m for m in memories_soon()}
        scored: list[_Scored] = []
        w_similarity, w_importance, w_strength = cfg.w_similarity, cfg.w_importance, cfg.w_strength
        w_recency, w_question = cfg.recency_weight, cfg.question_weight
        w_unanswered = cfg.unanswered_weight
        w_adaptor = cfg.adaptor_weight
        for i in chosen:
            cid = candidates[i]
            recency = recent.get(cid, 0.0)
            asks = unanswered = False
            memory: Memory | None = None
            extra: tuple[tuple[str, float], ...] = ()
            if kinds[cid] == "event":
                head = heads.get(cid)
                if head is None or not head.said:
                    continue
                orbs = orbs_of.get(cid, ())
                if len(orbs) == 1:
                    orb: MemoryWeight | None = orbs[0]
                else:
                    orb = max(orbs, key=lambda m: (m.importance, m.strength), default=None)
                if orb is not None:
                    importance, strength, orb_id = orb.importance, orb.strength, orb.memory_id
                else:
                    importance = BARE_QUESTION_IMPORTANCE if head.bare else ORPHAN_IMPORTANCE
                    strength, orb_id = ORPHAN_STRENGTH, None
                asks, unanswered = head.asks, head.unanswered
                least = head.least
                if named:
                    extra = (("speaker", float(bool(head.speakers & named))),)
                if asks:
                    extra = (*extra, ("asks", 1.0))
            else:
                memory = memories.get(cid)
                if memory is None or memory.status != "active":
                    continue
                importance, strength, orb_id = memory.importance, memory.strength, cid
                least = 0
            score = (
                w_similarity * relevance[i]
                + w_importance * importance
                + w_strength * strength
                + w_recency * recency
                - w_question * asks
                - w_unanswered * unanswered
                + w_adaptor * adapted_list[i]
            )
            parts = (lexical_list[i], dense_list[i], relevance[i], importance, strength, recency)
            if cid in adapted:
                extra = (*extra, ("adapted", adapted[cid]))
            scored.append(_Scored(round(score, 6), cid, parts, extra, orb_id, memory, least))
        scored.sort(key=lambda entry: (-entry.score, entry.id))
        return Ranked(self.store, scored, in_hand, self.reply_chars, self.short_replies)

    def _dense(
        self,
        scope: Scope,
        query_vector: Vector | Callable[[], Vector],
        wanted: dict[str, list[str]],
    ) -> list[list[VectorHit]]:
        """The dense top-N of each kind (``_DENSE_KINDS``), with the similarity of the
        ``wanted`` candidates of that kind found so far."""
        vector = query_vector() if callable(query_vector) else query_vector
        limit = self.config.candidates
        return [
            self.store.dense_search(
                scope, self.embedder.name, kind, vector, limit, include_ids=wanted[kind]
            )
            for kind in _DENSE_KINDS
        ]

    def _adapted(
        self, scope: Scope, query_vector: Vector, event_ids: list[str], memory_ids: list[str]
    ) -> dict[str, float]:
        """Each candidate's adapted score, ``(query * w) . vector`` (none without an adaptor)."""
        if self.adaptor is None or self.config.adaptor_weight <= 0:
            return {}
        weighted = self.adaptor.apply(query_vector)
        out: dict[str, float] = {}
        for kind, ids in (("event", event_ids), ("memory", memory_ids)):
            if ids:
                out.update(self.store.similarities(scope, self.embedder.name, kind, weighted, ids))
        return out

    def _keys_soon(
        self, scope: Scope, query_vector: Vector, event_ids: list[str]
    ) -> Callable[[], ContextKeys]:
        if not event_ids:
            return lambda: ContextKeys({}, {})
        return self._soon(
            self.store.context_keys, scope, self.embedder.name, query_vector, event_ids
        )

    def _add_neighbours(
        self,
        scope: Scope,
        query_vector: Vector,
        kinds: dict[str, str],
        lexical_norm: dict[str, float],
        dense: dict[str, float],
    ) -> Neighbours:
        """The turns that reply to (or are replied to by) the best matching turns join the
        candidates with their own similarity: an answer often shares no words with the
        question its neighbour matched ("Congrats on the promotion!" -> "I'm an assistant
        manager now"). Returns the neighbours read (complete for the turns asked)."""
        cfg = self.config
        if cfg.neighbour_weight <= 0 or cfg.neighbour_candidates <= 0:
            return Neighbours([], set())
        floor = min(dense.values()) if dense else 0.0
        events = [cid for cid, kind in kinds.items() if kind == "event"]
        events.sort(key=lambda cid: -self._match(cid, lexical_norm, dense, floor))
        best = events[: cfg.neighbour_candidates]
        links = self.store.reply_links(best)
        near = neighbours_of(links)
        extra = list(dict.fromkeys(o for ids in near.values() for o in ids if o not in kinds))
        if extra:
            found = self.store.similarities(scope, self.embedder.name, "event", query_vector, extra)
            for cid, similarity in found.items():
                dense.setdefault(cid, similarity)
                kinds.setdefault(cid, "event")
        return Neighbours(links, set(best))

    def _match(
        self, cid: str, lexical_norm: dict[str, float], dense: dict[str, float], floor: float
    ) -> float:
        """The weighted sum of a record's lexical and dense scores (``floor``: no vector)."""
        weight = self.config.lexical_weight
        return weight * lexical_norm.get(cid, 0.0) + (1.0 - weight) * dense.get(cid, floor)

    def _finalists(
        self, table: Table, match: Array, adapted: Array, recent: dict[str, float]
    ) -> list[int]:
        """The positions of the ``finalists`` best candidates by what the index tells of them
        (their match with the reply neighbours' share, as ``relevance`` weighs it, and the
        adaptor's score), and of the working set, in candidate order. The others are not
        scored (their sessions and speakers still shape everyone's relevance): what only
        their rows would add (the importance and strength of their memory, whether they ask)
        seldom lifts one of them past the finalists into the few items a context holds
        (measured on LoCoMo, ``RecallConfig.finalists``)."""
        cfg = self.config
        level = minmax_array(table.with_neighbours(match, cfg.neighbour_weight))
        by_index = np.lexsort(
            (np.array(table.ids), -(cfg.w_similarity * level + cfg.adaptor_weight * adapted))
        )
        kept = np.zeros(len(table.ids), bool)
        kept[by_index[: cfg.finalists]] = True
        kept[[table.index[cid] for cid in recent]] = True
        return np.flatnonzero(kept).tolist()

    def _fuse(
        self, table: Table, match: Array, heads: dict[str, EventHead], named: set[str]
    ) -> Array:
        """Each candidate's lexical + dense ``match``, then the query-aware steps: the named
        speaker, reply neighbours, the session of the best matches."""
        cfg = self.config
        speaks = np.zeros(len(table.ids))
        if named:
            for i, cid in enumerate(table.ids):
                head = heads.get(cid)
                if head is not None and head.speakers & named:
                    speaks[i] = 1.0
        fused = table.with_neighbours(match + cfg.speaker_weight * speaks, cfg.neighbour_weight)
        if cfg.session_weight > 0:
            sessions = [head.session_id if (head := heads.get(c)) else None for c in table.ids]
            return sessions_array(fused, sessions, cfg.session_weight)
        return fused
