"""Memory workers: run whatever is due for a scope, by the injected clock.

Cadences (seed 003, counted in turns by ``observe``): decay every 5 turns, consolidation
and promotion by mentions every 10, pruning every 25. Calendar duties (seed 000): expiry
into the forgetting queue and purges at every run; M30 -> M90 weekly; M90 -> M365 and M0
candidates monthly; daily and weekly summaries (seed 004); a yearly report. Endless-mode
scopes (seed 001) also consolidate their working set when 1 h passed, 100 events arrived or
the conversation has been idle for 30 min.

Each duty records when it last ran, so running maintenance twice changes nothing the
second time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

import numpy as np

from soulmem.character import reflect_now, refresh_self
from soulmem.indexing import is_derived
from soulmem.lifecycle import tiers
from soulmem.lifecycle.daily import WORLD, DailyDuties, MaintenanceReport, maintain_worlds
from soulmem.lifecycle.distill import cluster
from soulmem.lifecycle.endless import consolidation_due, graduate, working_set
from soulmem.lifecycle.llm import distiller, summarizer
from soulmem.lifecycle.promotion import (
    m0_candidate,
    merge,
    promote_m30_alone,
    promote_m90_alone,
    retire,
)
from soulmem.lifecycle.summaries import roll_up
from soulmem.lifecycle.surprise import floor_for
from soulmem.model import (
    InboxItem,
    Memory,
    MemoryType,
    Scope,
    Tier,
    new_id,
)
from soulmem.recall.rank import memory_text
from soulmem.recall.tokenize import tokenize

if TYPE_CHECKING:
    from soulmem.engine import Memory as Engine

__all__ = ["PERIODS", "WORLD", "MaintenanceReport", "maintain_scope", "maintain_worlds"]

DAY = timedelta(days=1)
PERIODS: dict[str, timedelta] = {
    "promote_m30": 7 * DAY,
    "promote_m90": 30 * DAY,
    "m0_candidates": 30 * DAY,
    "daily_summary": DAY,
    "weekly_summary": 7 * DAY,
    "graduation": 7 * DAY,
    "self": DAY,
    "yearly_report": 365 * DAY,
}
CONSOLIDATION_MAX = 50  # episodic memories looked at per consolidation (seed 003)
LIVE = (Tier.M30, Tier.M90, Tier.M365, Tier.M0)


def maintain_scope(engine: Engine, scope: Scope, now: datetime | None = None) -> MaintenanceReport:
    now = now or engine.clock.now()
    worker = _Worker(engine, scope, now)
    worker.run()
    return worker.report


class _Worker(DailyDuties):
    def __init__(self, engine: Engine, scope: Scope, now: datetime) -> None:
        self.engine = engine
        self.store = engine.store
        self.cfg = engine.config
        self.scope = scope
        self.now = now
        self.report = MaintenanceReport(scope)
        self.state = self.store.maintenance(scope)
        self.distill = distiller(engine.llm)
        self.summarize = summarizer(engine.llm)

    # -- scheduling -------------------------------------------------------------------------

    def run(self) -> None:
        self._expire()
        decay = self.cfg.decay
        for duty, every, action in (
            ("decay", decay.every_turns, self._decay),
            ("consolidate", decay.consolidate_every_turns, self._consolidate),
            ("promote_mentions", decay.promote_every_turns, self._promote_mentions),
            ("prune", decay.prune_every_turns, self._prune),
            ("reflect", self.cfg.reflect_every_turns, self._reflect),
        ):
            _, counter = self.state.get(duty, (None, 0))
            if counter >= every:
                action()
                self._done(duty)
        for duty, action in (
            ("promote_m30", self._promote_m30),
            ("promote_m90", self._promote_m90),
            ("m0_candidates", self._m0_candidates),
            ("daily_summary", self._daily_summaries),
            ("weekly_summary", self._weekly_summaries),
            ("graduation", self._graduate),
            ("self", self._self),
            ("yearly_report", self._yearly_report),
        ):
            last, _ = self.state.get(duty, (None, 0))
            if last is None or self.now - last >= PERIODS[duty]:
                action()
                self._done(duty)
        if self.store.mode(self.scope) == "endless":
            self._endless()
        self._purge()

    def _done(self, duty: str) -> None:
        self.report.ran.append(duty)
        with self.store.transaction() as tx:
            tx.set_maintenance(self.scope, duty, last_run=self.now, counter=0)

    # -- tiers and the forgetting queue -------------------------------------------------------

    def _expire(self) -> None:
        # ids and tiers only: a bulk import's memories expire together, 100k read whole took
        # seconds
        self._forget(
            self.store.expired_memories(self.now, limit=100_000, scope=self.scope), "expired"
        )

    def _purge(self) -> None:
        # filtered in SQL: loading the scope's whole queue to pick its due entries took
        # about a second an observe once 100k memories waited in it
        ids = self.store.purge_due(self.now, limit=100_000, scope=self.scope)
        if not ids:
            return
        with self.store.transaction() as tx:
            redacted = set(tx.purge_memories(ids))
        if redacted:
            self._scrub_summaries(redacted)
            self._redo_scenes(self.store.get_events(sorted(redacted)))
        self.store.compact()
        self.report.add("purged", len(ids))

    def _scrub_summaries(self, redacted: set[str]) -> None:
        """Summaries that quoted forgotten turns are rewritten from what remains."""
        for period in ("day", "working_set", "week"):
            for summary in self.store.summaries(self.scope, period):
                if not redacted.intersection(summary.event_ids):
                    continue
                remaining = [e for e in summary.event_ids if e not in redacted]
                if period == "week":
                    days = [
                        s
                        for s in self.store.summaries(self.scope, "day")
                        if summary.starts_at <= s.starts_at < summary.ends_at
                    ]
                    text = roll_up(days) if days else ""
                else:
                    events = [
                        e
                        for e in self.store.get_events(remaining)
                        if e.user_text or e.assistant_text
                    ]
                    text = self.summarize(events) if events else ""
                with self.store.transaction() as tx:
                    if text:
                        tx.put_summary(replace(summary, text=text, event_ids=tuple(remaining)))
                    else:
                        tx.delete_summary(summary.id)

    # -- seed 003 dynamics ----------------------------------------------------------------------

    def _decay(self) -> None:
        decay = self.cfg.decay
        with self.store.transaction() as tx:
            n = tx.decay_strength(
                self.scope,
                bases=decay.base,
                emotion_weight=decay.emotion_weight,
                importance_weight=decay.importance_weight,
                cap=decay.cap,
                above=0.1,
            )
        self.report.add("decayed", n)

    def _prune(self) -> None:
        decay = self.cfg.decay
        # filtered in SQL, and only the ids read: at 100k memories loading the whole tier
        # took seconds a run, and 98k weak memories read whole before queueing, 4 s
        weak = self.store.memory_ids_in(
            self.scope, (Tier.M30,), weaker_than=decay.prune_below_strength, unreferenced=True
        )
        doomed = [(memory_id, Tier.M30) for memory_id in weak]
        if decay.cap_per_scope is not None:
            active = [m for m in self.store.memories_in(self.scope, LIVE) if m.tier != Tier.M0]
            excess = len(active) - len(weak) - decay.cap_per_scope
            if excess > 0:
                left = set(weak)
                rest = sorted(
                    (m for m in active if m.id not in left),
                    key=lambda m: m.importance * m.strength,
                )
                doomed.extend((m.id, m.tier) for m in rest[:excess])
        self._forget(doomed, "displaced")
        self.report.add("pruned", len(doomed))

    def _promote_mentions(self) -> None:
        decay = self.cfg.decay
        due = self.store.memories_in(
            self.scope,
            LIVE,
            memory_type=MemoryType.EPISODIC.value,
            min_mentions=decay.semantic_after_mentions,
        )  # filtered in SQL: only the rows that change are loaded, not the whole scope
        changed = [
            replace(m, memory_type=MemoryType.SEMANTIC, importance=max(m.importance, 0.8))
            for m in due
        ]
        self._save(changed)
        self._index(changed)
        self.report.add("semantic", len(changed))

    def _consolidate(self) -> None:
        episodic = [
            m
            for m in self.store.memories_in(
                self.scope, (Tier.M30,), newest=CONSOLIDATION_MAX, memory_type="episodic"
            )
        ]
        groups = self._groups(episodic, self.cfg.decay.cluster_similarity, min_size=2)
        made = 0
        for group in groups:
            expiry = tiers.expires_at(Tier.M30, self.now, self.cfg.tiers)
            merged = merge(group, Tier.M30, self.now, expiry, essence=self.distill)
            self._replace(group, merged, "consolidated")
            made += 1
        self.report.add("consolidated", made)

    # -- seed 000 promotion ----------------------------------------------------------------------

    def _promote_m30(self) -> None:
        tcfg = self.cfg.tiers
        m30 = self.store.memories_in(self.scope, (Tier.M30,))
        grouped: set[str] = set()
        expiry = tiers.expires_at(Tier.M90, self.now, tcfg)
        for group in self._groups(
            m30, self.cfg.decay.cluster_similarity, min_size=tcfg.promote_m30_topic_repeats
        ):
            self._replace(
                group, merge(group, Tier.M90, self.now, expiry, essence=self.distill), "distilled"
            )
            grouped.update(m.id for m in group)
            self.report.add("promotions")
            self.report.add("distillations")
        alone = [
            tiers.promote(m, Tier.M90, self.now, tcfg)
            for m in m30
            if m.id not in grouped and promote_m30_alone(m, tcfg)
        ]
        self._save(alone)
        self.report.add("promotions", len(alone))

    def _promote_m90(self) -> None:
        tcfg = self.cfg.tiers
        ready = [
            m
            for m in self.store.memories_in(self.scope, (Tier.M90,))
            if promote_m90_alone(m, self.now, tcfg)
        ]
        expiry = tiers.expires_at(Tier.M365, self.now, tcfg)
        grouped: set[str] = set()
        for group in self._groups(ready, self.cfg.decay.cluster_similarity, min_size=2):
            self._replace(
                group, merge(group, Tier.M365, self.now, expiry, essence=self.distill), "distilled"
            )
            grouped.update(m.id for m in group)
            self.report.add("promotions")
            self.report.add("distillations")
        alone = [tiers.promote(m, Tier.M365, self.now, tcfg) for m in ready if m.id not in grouped]
        self._save(alone)
        self.report.add("promotions", len(alone))

    def _m0_candidates(self) -> None:
        tcfg = self.cfg.tiers
        proposed = {
            str(item.payload.get("memory_id"))
            for item in self.store.inbox(self.scope, status=None)
            if item.kind == "m0_candidate"
        }
        fresh = [
            m
            for m in self.store.memories_in(self.scope, (Tier.M365,))
            if m.id not in proposed and m0_candidate(m, self.now, tcfg)
        ]
        if not fresh:
            return
        with self.store.transaction() as tx:
            for memory in fresh:
                tx.put_inbox(
                    InboxItem(
                        id=new_id("inbox"),
                        scope=self.scope,
                        kind="m0_candidate",
                        payload={
                            "memory_id": memory.id,
                            "content": memory.content,
                            "reference_count": memory.reference_count,
                        },
                        status="pending",
                        created_at=self.now,
                    )
                )
        self.report.add("m0_candidates", len(fresh))

    # -- summaries --------------------------------------------------------------------------

    def _graduate(self) -> None:
        """Knowledge graduation (seed 001): consolidated knowledge rises with confirmation
        and falls when a fact drawn from it is contradicted."""
        last, _ = self.state.get("graduation", (None, 0))
        contradicted = {
            e
            for f in self.store.superseded_facts(self.scope)
            if f.valid_to is not None and (last is None or f.valid_to > last)
            for e in f.evidence_event_ids
        }
        changed = []
        for memory in self.store.memories_in(self.scope, LIVE):
            if not is_derived(memory):
                continue
            recent = memory.last_referenced_at is not None and (
                self.now - memory.last_referenced_at <= timedelta(days=30)
            )
            level = graduate(
                max(1, memory.knowledge_level),
                confirmations=memory.mention_count + memory.reference_count,
                contradictions=int(bool(contradicted.intersection(memory.source_event_ids))),
                referenced_recently=recent,
            )
            if level != memory.knowledge_level:
                changed.append(replace(memory, knowledge_level=level))
        self._save(changed)
        self.report.add("graduated", len(changed))

    def _self(self) -> None:
        """Islands from core memories, their status, belief proposals (seed 000)."""
        for key, n in refresh_self(
            self.store, self.scope, self.now, self.scope.agent_id, self.engine.llm
        ).items():
            self.report.add(key, n)

    def _reflect(self) -> None:
        """The director's note for the next turn (seed 003 §10)."""
        if reflect_now(self.store, self.scope, self.now, llm=self.engine.llm) is not None:
            self.report.add("notes")

    def _endless(self) -> None:
        last, _ = self.state.get("endless_consolidation", (None, 0))
        recent = self.store.recent_events(self.scope, self.cfg.working_set_events)
        since = [e for e in recent if last is None or e.created_at > last]
        reason = consolidation_due(
            now=self.now,
            last_consolidation=last,
            events_since=len(since),
            last_event_at=since[-1].created_at if since else None,
        )
        if reason is None:
            return
        window = working_set(
            recent,
            self.now,
            self.cfg.working_set_events,
            timedelta(hours=self.cfg.working_set_hours),
        )
        if window:
            self._summary(
                "working_set",
                window[0].at,
                self.now,
                self.summarize(window),
                [e.id for e in window],
            )
        self._done("endless_consolidation")
        self.report.add(f"consolidation_{reason}")

    # -- helpers ----------------------------------------------------------------------------

    def _groups(
        self, memories: Sequence[Memory], threshold: float, min_size: int
    ) -> list[list[Memory]]:
        if len(memories) < min_size:
            return []
        model = self.engine.embedder.name
        firsts = {m.id: m.source_event_ids[0] for m in memories if m.source_event_ids}
        own = self.store.vectors_for(self.scope, model, "memory", [m.id for m in memories])
        turns = self.store.vectors_for(self.scope, model, "event", list(firsts.values()))
        ids, rows = [], []
        for memory in memories:
            vector = own.get(memory.id)
            if vector is None and memory.id in firsts:
                vector = turns.get(firsts[memory.id])
            if vector is not None:
                ids.append(memory.id)
                rows.append(vector)
        if len(ids) < min_size:
            return []
        floor = floor_for(model, self.cfg.surprise.similarity_floor)
        raw = floor + threshold * (1.0 - floor)  # the seed's threshold on the model's scale
        by_id = {m.id: m for m in memories}
        found = cluster(ids, np.vstack(rows).astype(np.float32), raw, min_size)
        return [[by_id[i] for i in group] for group in found]

    def _replace(self, group: Sequence[Memory], merged: Memory, status: str) -> None:
        vector = self.engine.embedder.embed_documents([memory_text(merged)])[0]
        with self.store.transaction() as tx:
            tx.insert_memory(merged)
            tx.put_embedding(self.scope, "memory", merged.id, self.engine.embedder.name, vector)
            tx.index_tokens(self.scope, "memory", merged.id, tokenize(memory_text(merged)))
            for memory in group:
                tx.save_memory(retire(memory, status))

    def _index(self, memories: Sequence[Memory]) -> None:
        derived = [m for m in memories if is_derived(m)]
        if not derived:
            return
        vectors = self.engine.embedder.embed_documents([memory_text(m) for m in derived])
        with self.store.transaction() as tx:
            for memory, vector in zip(derived, vectors, strict=True):
                tx.put_embedding(self.scope, "memory", memory.id, self.engine.embedder.name, vector)
                tx.index_tokens(self.scope, "memory", memory.id, tokenize(memory_text(memory)))

    def _save(self, memories: Sequence[Memory]) -> None:
        if memories:
            with self.store.transaction() as tx:
                for memory in memories:
                    tx.save_memory(memory)

    def _forget(self, memories: Sequence[tuple[str, Tier]], reason: str) -> None:
        """Queue each (memory id, its tier) of the scope for forgetting."""
        if not memories:
            return
        entries = [
            tiers.enqueue(memory_id, self.scope, tier, reason, self.now, self.cfg.tiers)
            for memory_id, tier in memories
        ]
        with self.store.transaction() as tx:
            tx.queue_forgetting(entries)
        self.report.add("forgotten", len(memories))


def _day(when: datetime) -> datetime:
    return when.replace(hour=0, minute=0, second=0, microsecond=0)
