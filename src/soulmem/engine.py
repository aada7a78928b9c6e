"""The engine: ``Memory`` (a store, an embedder, a clock, a config) and its per-scope handle.

Orchestration only: analysis lives in ``perceive``, ranking and packing in ``recall``,
storage behind the ``Store`` protocol.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor, Future
from dataclasses import replace
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Any

from soulmem import character, indexing, model
from soulmem.clock import Clock, SystemClock
from soulmem.config import Config
from soulmem.embed.base import Embedder, Vector
from soulmem.embed.cache import QueryCache
from soulmem.errors import InvalidInput, InvalidScope, NotFound, PermissionDenied, StoreBusy
from soulmem.imagine.imagination import ImagineContext
from soulmem.lifecycle import tiers
from soulmem.lifecycle.approval import decide
from soulmem.lifecycle.maintain import WORLD, MaintenanceReport, maintain_scope, maintain_worlds
from soulmem.llm.base import LLM
from soulmem.model import Event, Fact, ForgettingEntry, Scope, Tier
from soulmem.observe import ObserveResult, bring_current, observe_turn
from soulmem.perceive.analyze import FactExtractor
from soulmem.perceive.facts.llm import LLMFactExtractor
from soulmem.recall.adaptor import QueryAdaptor, adaptor_for
from soulmem.recall.asked import about_user
from soulmem.recall.assemble import fact_items
from soulmem.recall.context import packed_context
from soulmem.recall.continuity import with_continuity
from soulmem.recall.items import Context, RecallItem
from soulmem.recall.rank import Ranked, Ranker
from soulmem.recall.threads import RecallThreads
from soulmem.recall.tokenize import TOKENIZER_VERSION
from soulmem.recall.told_before import EarlierStates
from soulmem.self.islands import warnings_for
from soulmem.social.relationship import deltas_from_mapping
from soulmem.social.update import apply_deltas
from soulmem.store import open_store
from soulmem.store.base import Store
from soulmem.validate import TURN_OPTIONS, check_text, validate_turn
from soulmem.warmup import warm_up

__all__ = ["Memory", "ObserveResult", "ScopedMemory"]

log = logging.getLogger(__name__)


class Memory:
    """A soulmem memory engine over one store.

    >>> mem = Memory.open(":memory:", embedder=FakeEmbedder())   # doctest: +SKIP
    >>> luna = mem.scope(user_id="u1", agent_id="luna")           # doctest: +SKIP
    """

    def __init__(
        self,
        store: Store,
        *,
        embedder: Embedder | None = None,
        clock: Clock | None = None,
        config: Config | None = None,
        llm: LLM | None = None,
        llm_timeout: float = 2.0,
        auto_maintain: bool = True,
    ) -> None:
        self.store = store
        self.auto_maintain = auto_maintain
        self.llm = llm
        self.fact_extractor: FactExtractor | None = (
            None if llm is None else LLMFactExtractor(llm, timeout=llm_timeout)
        )
        self.clock: Clock = clock if clock is not None else SystemClock()
        self._embedder = embedder
        self.config: Config = config if config is not None else Config()
        self._listeners: list[Callable[[ObserveResult], None]] = []
        self.query_cache = QueryCache(self.config.recall.query_cache_size)
        self._threads = RecallThreads(getattr(store, "backend", "sqlite"))
        self._check_lexical_index()

    @property
    def embedder(self) -> Embedder:
        """The embedding model (the bundled default is loaded on first use)."""
        if self._embedder is None:
            from soulmem.embed import default_embedder

            self._embedder = default_embedder()
        return self._embedder

    @classmethod
    def open(
        cls,
        location: str | Path | None = None,
        *,
        embedder: Embedder | None = None,
        clock: Clock | None = None,
        config: Config | None = None,
        llm: LLM | None = None,
        llm_timeout: float = 2.0,
        auto_maintain: bool = True,
    ) -> Memory:
        """Open (creating if needed) the store at ``location``: a file path, ``":memory:"``,
        ``sqlite:///path``, or None for the default file under the user's data directory."""
        clock = clock if clock is not None else SystemClock()
        return cls(
            open_store(location, clock=clock),
            embedder=embedder,
            clock=clock,
            config=config,
            llm=llm,
            llm_timeout=llm_timeout,
            auto_maintain=auto_maintain,
        )

    def scope(
        self, user_id: str, agent_id: str, world_id: str | None = None, **unknown: Any
    ) -> ScopedMemory:
        """A handle on one user x character (x world) scope."""
        if unknown:
            raise InvalidScope(
                f"unknown scope fields: {', '.join(sorted(unknown))} "
                "(a scope is user_id, agent_id and optionally world_id)"
            )
        return ScopedMemory(self, Scope(user_id, agent_id, world_id))

    def scopes(self) -> list[Scope]:
        return self.store.scopes()

    def warm(self, scopes: Iterable[Scope] | None = None, *, max_turns: int = 1_000_000) -> int:
        """Build ahead what the first recall of each scope would (``warmup.py``); by default
        the latest scopes while their turns add up to ``max_turns``. How many scopes."""
        return warm_up(self, scopes, max_turns)

    def maintain(self, now: datetime | None = None) -> list[MaintenanceReport]:
        """Run whatever maintenance is due, for every scope and world (memory workers)."""
        reports = [
            maintain_scope(self, scope, now)
            for scope in self.store.iter_scopes()
            if scope.user_id != WORLD
        ]
        return reports + maintain_worlds(self, now)

    # -- the owner's door: only these change the self ---------------------------------

    def decide(
        self, scope: Scope, item_id: str, *, approve: bool, reason: str = ""
    ) -> model.InboxItem:
        """The owner's decision on an inbox proposal: an M0 promotion, a belief change, an
        island warning (the agent-facing ``ScopedMemory`` cannot decide)."""
        return decide(
            self.store, scope, item_id, approve=approve, reason=reason, now=self.clock.now()
        )

    def nudge(self, scope: Scope, kind: str, text: str) -> Fact:
        """Inject a preference, a forbidden topic or a suggestion (seed 004) that recall
        and imagination respect."""
        return character.nudge(self.store, scope, kind, text, self.clock.now())

    def remove_core_memory(self, scope: Scope, memory_id: str) -> list[str]:
        """Move a core (M0) memory to the forgetting queue (restorable for 7 days); returns
        the warnings about the personality islands it holds up."""
        memory = ScopedMemory(self, scope).memory(memory_id)
        if memory.tier != Tier.M0 or memory.status != "active":
            raise InvalidInput(f"memory {memory_id!r} is not an active core memory")
        islands = self.store.islands(scope)
        alive = {m.id for m in self.store.memories_in(scope, (Tier.M0,))}
        warnings = warnings_for(memory_id, islands, alive_m0_ids=alive)
        entry = tiers.enqueue(
            memory.id, scope, memory.tier, "manual", self.clock.now(), self.config.tiers
        )
        with self.store.transaction() as tx:
            tx.queue_forgetting([entry])
        return warnings

    def on_observe(self, listener: Callable[[ObserveResult], None]) -> None:
        """Call ``listener`` after each committed observe (never for a rolled-back one)."""
        self._listeners.append(listener)

    def _check_lexical_index(self) -> None:
        """Index and query terms must come from the same tokenizer: when the stored index was
        built by another tokenizer version, rebuild it."""
        stored = self.store.get_meta("tokenizer_version")
        if stored == str(TOKENIZER_VERSION):
            return
        if stored is not None:
            self.reindex()
        with self.store.transaction() as tx:
            tx.set_meta("tokenizer_version", str(TOKENIZER_VERSION))

    def reindex(self, batch: int = 500) -> int:
        """Re-tokenize every turn, derived memory and current fact; returns the count."""
        return indexing.reindex(self, batch)

    def reembed(self, batch: int = 64) -> int:
        """Embed every turn, derived memory and current fact that has no vector from the
        current model; returns the count. Run after changing the embedder: old vectors stay
        but are never mixed in (search only reads vectors of the current model)."""
        return indexing.reembed(self, batch)

    def export(self, scope: Scope | None = None) -> Iterator[dict[str, Any]]:
        """Every event (the source of truth) as JSON-ready dicts, oldest first."""
        for event in self.store.iter_events(scope):
            record = model.to_dict(event)
            record.pop("seq", None)
            record["type"] = "event"
            yield record

    def import_records(
        self, records: Iterable[dict[str, Any]], *, default_scope: Scope | None = None
    ) -> int:
        """Observe turns from dicts (``soulmem export`` output or plain turns with user /
        assistant / at / session_id and user_id / agent_id). Returns how many were imported."""
        count = 0
        for number, record in enumerate(records, start=1):
            if not isinstance(record, dict):
                raise InvalidInput(f"record {number}: expected a JSON object")
            scope = _record_scope(record, default_scope, number)
            fields: dict[str, Any] = {
                "user": record.get("user", record.get("user_text")),
                "assistant": record.get("assistant", record.get("assistant_text")),
            }
            for key in TURN_OPTIONS:
                if key in record:
                    fields[key] = record[key]
            ScopedMemory(self, scope).observe(**fields)
            count += 1
        return count

    def erase_user(self, user_id: str) -> int:
        """Delete everything stored about ``user_id`` in every scope (events, facts,
        memories, vectors, index entries, jobs, summaries, the self) and drop this process's
        caches of text; irreversible. Returns how many rows were deleted."""
        from soulmem.recall.tokenize import clear_word_cache

        deleted = self.store.erase_user(user_id)
        clear_word_cache()
        return deleted

    @property
    def adaptor(self) -> QueryAdaptor | None:
        """The embedding model's learned query weighting for ranking (``recall/adaptor.py``),
        or None when the model has none."""
        return adaptor_for(self.embedder.name)

    def working_set(self, scope: Scope) -> list[Event]:
        """The scope's last turns, which recall always considers (none when the config
        leaves the working set out)."""
        cfg = self.config.recall
        if not (cfg.include_working_set and cfg.working_set_turns):
            return []
        return self.store.recent_events(scope, cfg.working_set_turns)

    def ranker(self, *, items: int = 0, adaptor: bool = True, every: bool = False) -> Ranker:
        """The ranker recall uses, with candidates and finalists enough for ``items`` items;
        ``adaptor=False`` leaves the model's adaptor out and ``every=True`` scores every
        candidate, not only the finalists (what ``soulmem bench adaptor`` trains on)."""
        cfg = self.config.recall
        finalists = 0 if every or not cfg.finalists else max(cfg.finalists, items)
        cfg = replace(cfg, candidates=max(cfg.candidates, items), finalists=finalists)
        return Ranker(
            self.store,
            self.embedder,
            cfg,
            reply_chars=self.config.memory_reply_chars,
            reads=self.read_pool(),
            adaptor=self.adaptor if adaptor else None,
            searches=self._threads.search_pool,
        )

    def read_pool(self) -> Executor | None:
        """Worker threads for recall's independent reads (``RecallConfig.parallel_reads``),
        or None to read one after the other."""
        return self._threads.reads(self.config.recall.parallel_reads)

    def query_vector_soon(self, text: str) -> Future[Vector]:
        """The query's vector, served from :attr:`query_cache` when asked before; embedded on
        a worker thread while the caller reads the store, or here before returning
        (``RecallConfig.parallel_embed``, see ``recall/threads.py``)."""
        return self._threads.embed_soon(
            self.config.recall.parallel_embed, partial(self.query_cache.get, self.embedder, text)
        )

    def close(self) -> None:
        self._threads.close()
        self.store.close()

    def __enter__(self) -> Memory:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _emit(self, result: ObserveResult) -> None:
        for listener in self._listeners:
            listener(result)


def _record_scope(record: dict[str, Any], default: Scope | None, number: int) -> Scope:
    raw = record.get("scope")
    if isinstance(raw, dict):
        return Scope(raw.get("user_id"), raw.get("agent_id"), raw.get("world_id"))  # type: ignore[arg-type]
    if "user_id" in record or "agent_id" in record:
        return Scope(record.get("user_id"), record.get("agent_id"), record.get("world_id"))  # type: ignore[arg-type]
    if default is None:
        raise InvalidScope(f"record {number}: no user_id/agent_id and no default scope given")
    return default


class ScopedMemory:
    """observe / recall / inspect within one scope."""

    def __init__(self, engine: Memory, scope: Scope) -> None:
        self.engine = engine
        self.scope = scope

    # -- observe --------------------------------------------------------------------------

    def observe(
        self,
        user: str | None = None,
        assistant: str | None = None,
        *,
        session_id: str | None = None,
        at: datetime | str | None = None,
        user_name: str | None = None,
        assistant_name: str | None = None,
        source: str = "conversation",
        images: Sequence[str] | None = None,
        files: Sequence[str] | None = None,
        entities: Sequence[str] | None = None,
        salience: float | None = None,
        metadata: dict[str, Any] | None = None,
    ) -> ObserveResult:
        """Append one turn (either side may be missing) and everything derived from it, in one
        transaction. Bad input raises a UsageError before anything is written."""
        turn = validate_turn(
            self.engine.config.limits,
            user=user,
            assistant=assistant,
            session_id=session_id,
            at=at,
            user_name=user_name,
            assistant_name=assistant_name,
            source=source,
            images=list(images) if isinstance(images, tuple) else images,
            files=list(files) if isinstance(files, tuple) else files,
            entities=list(entities) if isinstance(entities, tuple) else entities,
            salience=salience,
            metadata=metadata,
        )
        result = observe_turn(self.engine, self.scope, turn)
        if self.engine.auto_maintain:  # the embedded default runs due upkeep in-process
            try:
                maintain_scope(self.engine, self.scope)
            except StoreBusy as exc:
                # the turn is committed: a refusal now would tell the caller it was not (and
                # a retry would store it twice). Upkeep that lost a lock race changed
                # nothing and stays due, so the next turn runs it.
                log.info("upkeep of %s deferred to the next turn: %s", self.scope, exc)
        bring_current(self.engine, self.scope)
        return result

    # -- recall ---------------------------------------------------------------------------

    def recall(
        self,
        query: str,
        *,
        budget_tokens: int | None = None,
        max_items: int | None = None,
        rehearse: bool = True,
        files: Sequence[str] = (),
        entities: Sequence[str] = (),
    ) -> Context:
        """Build the prompt context for ``query``: identity facts always, then the best
        memories by hybrid ranking, packed to ``budget_tokens``. Recalled memories count as
        referenced (rehearsal) unless ``rehearse=False``."""
        engine = self.engine
        cfg = engine.config.recall
        text = check_text(
            "query", query, limit=engine.config.limits.max_message_chars, allow_none=False
        )
        assert text is not None
        budget = cfg.default_budget_tokens if budget_tokens is None else budget_tokens
        if isinstance(budget, bool) or not isinstance(budget, int) or budget < 1:
            raise InvalidInput(f"budget_tokens must be a positive integer, got {budget_tokens!r}")
        limit = cfg.max_items if max_items is None else max_items
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
            raise InvalidInput(f"max_items must be a positive integer, got {max_items!r}")
        # with parallel_embed the query is embedded on a worker thread while the store is read
        # (facts, working set, lexical search); the vector is waited for only where needed
        pending = engine.query_vector_soon(text) if text.strip() else None
        working = engine.working_set(self.scope)
        current = engine.store.current_facts(self.scope)
        superseded = engine.store.superseded_facts(self.scope)
        endless = engine.store.mode(self.scope) == "endless"
        about = character.context_items(engine.store, self.scope, engine.clock.now(), current)
        # the ranked turns are read as the packing takes them (``Ranked``)
        memories: Sequence[RecallItem] | Ranked = []
        if pending is not None:
            ranker = engine.ranker(items=limit)
            if cfg.own_reply_chars is not None and about_user(text):  # the user's words answer
                ranker = replace(ranker, short_replies=(cfg.own_reply_after, cfg.own_reply_chars))
            memories = ranker.ranked(self.scope, text, working, pending.result)
        before, after = fact_items(
            engine.store,
            engine.embedder,
            self.scope,
            text,
            None if pending is None else pending.result(),
            current=current,
            superseded=superseded,
            moment_facts=cfg.moment_facts,
            fact_margin=cfg.fact_margin,
        )
        if endless:
            memories = with_continuity(
                engine.store,
                list(memories),
                text,
                engine.clock.now(),
                files,
                entities,
                cfg.continuity_weight,
            )
        context = packed_context(
            text,
            before=before,
            about=about,
            memories=memories,
            after=after,
            current=current,
            superseded=superseded,
            earlier=EarlierStates(current, engine.store.get_events),
            budget_tokens=budget,
            max_items=limit,
        )
        if endless:
            scores = [i.why["continuity"] for i in context.items if "continuity" in i.why]
            context = replace(context, continuity=max(scores, default=0.0))
        recalled = list(dict.fromkeys(i.memory_id for i in context.items if i.memory_id))
        if rehearse and recalled:
            engine.store.rehearse(recalled, engine.clock.now())
        return context

    # -- lifecycle ------------------------------------------------------------------------

    def maintain(self, now: datetime | None = None) -> MaintenanceReport:
        """Run whatever is due for this scope by the clock (idempotent)."""
        return maintain_scope(self.engine, self.scope, now)

    def forget(self, memory_id: str, reason: str = "manual") -> ForgettingEntry:
        """Move a memory into the forgetting queue (restorable for 7 days)."""
        memory = self.memory(memory_id)
        if memory.status != "active":
            raise InvalidInput(f"memory {memory_id!r} is {memory.status}, not active")
        if memory.tier == Tier.M0:
            raise InvalidInput("core memories (M0) are only removed with the owner's approval")
        now, config = self.engine.clock.now(), self.engine.config.tiers
        entry = tiers.enqueue(memory.id, self.scope, memory.tier, reason, now, config)
        with self.engine.store.transaction() as tx:
            tx.queue_forgetting([entry])
        return entry

    def restore(self, memory_id: str) -> model.Memory:
        """Rescue a memory from the forgetting queue: back to its tier, TTL reset."""
        entry = self.forgetting_entry(memory_id)
        if entry is None:
            raise NotFound(f"memory {memory_id!r} is not in the forgetting queue")
        restored = tiers.restore(
            self.memory(memory_id), entry, self.engine.clock.now(), self.engine.config.tiers
        )
        with self.engine.store.transaction() as tx:
            tx.save_memory(restored)
            tx.unqueue_forgetting(memory_id)
        return restored

    def forgetting_queue(self) -> list[ForgettingEntry]:
        return self.engine.store.forgetting_queue(self.scope)

    def forgetting_entry(self, memory_id: str) -> ForgettingEntry | None:
        """The memory's entry in the forgetting queue (None: it is not queued)."""
        return next(iter(self.engine.store.forgetting_queue(self.scope, memory_id)), None)

    def inbox(self, status: str | None = "pending") -> list[model.InboxItem]:
        return self.engine.store.inbox(self.scope, status)

    @property
    def mode(self) -> str:
        """``session`` (default) or ``endless`` (seed 001)."""
        return self.engine.store.mode(self.scope)

    def set_mode(self, mode: str) -> None:
        """Switch between session and endless mode; nothing is lost either way."""
        if mode not in ("session", "endless"):
            raise InvalidInput(f"mode must be 'session' or 'endless', got {mode!r}")
        with self.engine.store.transaction() as tx:
            tx.set_mode(self.scope, mode, self.engine.clock.now())

    # -- character (agent-facing: reads and proposals, never approvals) -----------------

    def relationship(self) -> model.Relationship:
        return self.engine.store.relationship(self.scope)

    def mood(self) -> model.Mood:
        return self.engine.store.mood(self.scope)

    def islands(self) -> list[model.Island]:
        return self.engine.store.islands(self.scope)

    def beliefs(self, status: str | None = "active") -> list[model.Belief]:
        return self.engine.store.beliefs(self.scope, status)

    def soul(self) -> str:
        """SOUL.md: the latest version the owner approved (or what exists so far)."""
        return character.soul_text(self.engine.store, self.scope, self.scope.agent_id)

    def adjust_relationship(self, deltas: dict[str, float], reason: str) -> model.Relationship:
        """Deltas supplied by the caller or an LLM ("trust": +3, ...), logged with a reason."""
        if not isinstance(deltas, dict) or not reason:
            raise InvalidInput("deltas must be a dict of axis -> amount, with a reason")
        try:
            parsed = deltas_from_mapping(deltas, reason)
        except (ValueError, TypeError) as exc:
            raise InvalidInput(str(exc)) from exc
        store, now = self.engine.store, self.engine.clock.now()
        with store.transaction() as tx:
            return apply_deltas(tx, store.relationship(self.scope), parsed, reason, now)

    def imagine(
        self,
        *,
        activity: str | None = None,
        idle_minutes: float | None = None,
        weather: str | None = None,
        time_of_day: str | None = None,
        language: str | None = None,
    ) -> model.Imagination | None:
        """A proactive idea from recent memories and the caller's context; at most 3 a day,
        each stored as an M30 memory (seed 000 §7). None when nothing fits."""
        now = self.engine.clock.now()
        try:
            ctx = ImagineContext(
                now=now,
                time_of_day=time_of_day,
                idle_minutes=idle_minutes,
                activity=activity,
                weather=weather,
                language=language,
            )
        except ValueError as exc:
            raise InvalidInput(str(exc)) from exc
        ttl = tiers.ttl(Tier.M30, self.engine.config.tiers)
        return character.imagine_now(self.engine.store, self.scope, ctx, now, ttl)

    def feedback(self, imagination_id: str, verdict: str) -> float:
        """ "good" strengthens the idea's pattern, "ignored" / "refused" weaken it."""
        return character.feedback(self.engine.store, self.scope, imagination_id, verdict)

    def reflect(self) -> model.Note | None:
        """Write a director's note for the next turn now (also run every 5 turns)."""
        return character.reflect_now(self.engine.store, self.scope, self.engine.clock.now())

    def decide(self, *args: object, **kwargs: object) -> None:
        """Refused: the agent cannot approve changes to itself; the owner decides through
        ``Memory.decide``."""
        raise PermissionDenied("only the owner can decide inbox proposals (Memory.decide)")

    def set_belief(self, *args: object, **kwargs: object) -> None:
        """Refused: the agent can never edit its own beliefs (seed 000)."""
        raise PermissionDenied("the agent cannot edit its own beliefs; the owner approves")

    # -- inspect --------------------------------------------------------------------------

    def events(self, limit: int = 50) -> list[Event]:
        return self.engine.store.recent_events(self.scope, limit)

    def memories(
        self, *, limit: int = 100, offset: int = 0, status: str = "active"
    ) -> list[model.Memory]:
        return self.engine.store.list_memories(
            self.scope, status=status, limit=limit, offset=offset
        )

    def memory(self, memory_id: str) -> model.Memory:
        found = self.engine.store.get_memories([memory_id])
        if not found or found[0].scope != self.scope:
            raise NotFound(f"no memory {memory_id!r} in this scope")
        return found[0]

    def facts(self) -> list[Fact]:
        return self.engine.store.current_facts(self.scope)
