"""The observe pipeline: validate, analyse, then write everything of one turn atomically.

Slow work (embedding) happens before the write transaction, so the write lock is held only
for inserts. Fact resolution runs inside the transaction against the facts as they are
then, so two writers cannot both supersede the same fact.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from soulmem import model
from soulmem.config import Config
from soulmem.embed.base import Vector
from soulmem.errors import StoreError
from soulmem.lifecycle.surprise import Verdict, floor_for, judge, rescale
from soulmem.model import Event, EventLink, Fact, MemoryType, Revision, Scope, Tier, new_id
from soulmem.perceive.analyze import Analysis, analyze
from soulmem.perceive.facts import FactContext
from soulmem.perceive.facts.known import named_again
from soulmem.perceive.informative import is_bare_question
from soulmem.perceive.resolve import FactChanges, resolve_facts
from soulmem.recall.assemble import fact_text
from soulmem.recall.rank import event_text
from soulmem.recall.tokenize import detect_language, tokenize
from soulmem.social.update import social_change, write_social
from soulmem.store.base import StoreWriter
from soulmem.validate import Turn

if TYPE_CHECKING:
    from soulmem.engine import Memory

__all__ = ["ObserveResult", "bring_current", "observe_turn"]

log = logging.getLogger(__name__)

REMEMBER_IMPORTANCE = 0.8
#: turn-cadence duties counted by observe and run by maintenance (seed 003)
TURN_DUTIES = ("decay", "consolidate", "promote_mentions", "prune", "reflect")
BARE_QUESTION_IMPORTANCE = 0.1
CONTEXT_TURNS = 4


@dataclass(frozen=True, slots=True)
class ObserveResult:
    """What one observed turn created or changed."""

    event: Event
    memory: model.Memory | None
    analysis: Analysis | None = None
    reinforced: model.Memory | None = None
    surprise: Verdict | None = None
    links: tuple[EventLink, ...] = ()
    facts_added: tuple[Fact, ...] = ()
    facts_confirmed: tuple[Fact, ...] = ()
    facts_closed: tuple[Fact, ...] = ()
    revisions: tuple[Revision, ...] = ()
    changes: dict[str, Any] = field(default_factory=dict)


def bring_current(engine: Memory, scope: Scope) -> None:
    """Once a turn and its upkeep are committed: this process's copies of the file read them
    now, not at the next recall, which is what a reply waits for (at 100k: recall about 0.2
    ms faster at the median and 0.3-0.7 at p95, observe 0.8 ms slower; docs/benchmarks.md).
    A copy that cannot read them now reads them at its next use: the turn is committed."""
    try:
        engine.store.refresh(scope, engine.embedder.name)
    except StoreError as exc:
        log.info("copies of %s left to their next read: %s", scope, exc)


def _asked_before(recent: list[Event], turn: Turn) -> str | None:
    """The character's last message, which the user may be answering: only within the same
    session (a question from another conversation is not being answered now)."""
    if not recent or recent[-1].session_id != turn.session_id:
        return None
    return recent[-1].assistant_text


def observe_turn(engine: Memory, scope: Scope, turn: Turn) -> ObserveResult:
    now = engine.clock.now()
    store = engine.store
    user_text = turn.user or ""
    recent = store.recent_events(scope, CONTEXT_TURNS) if user_text else []
    context = FactContext(
        previous_user_texts=tuple(e.user_text for e in recent if e.user_text),
        current=_by_subject(store.current_facts(scope)) if user_text else {},
        user_name=turn.user_name,
        assistant_name=turn.assistant_name,
        previous_assistant_text=_asked_before(recent, turn),
    )
    analysis = analyze(
        user_text or turn.assistant or " ".join(turn.images),
        context=context,
        extractor=engine.fact_extractor if user_text else None,
    )
    if not user_text:  # facts and requests come from the user's side only
        analysis = Analysis(language=analysis.language, affect=analysis.affect)
    event = _event_from_turn(scope, turn, now)
    text = event_text(event, engine.config.memory_reply_chars)
    fact_texts = [fact_text(c.subject, c.value) for c in analysis.facts if c.about == "user"]
    vectors = engine.embedder.embed_documents([text, *fact_texts])
    fact_vectors = dict(zip(fact_texts, vectors[1:], strict=True))
    model_name = engine.embedder.name
    memory, reinforced, verdict = _remember(engine, scope, event, analysis, vectors[0], now)
    social = social_change(store, event, analysis.affect, now)
    with store.transaction() as tx:
        previous = tx.last_event_id(scope)
        event = tx.insert_event(event)
        links: list[EventLink] = []
        if previous is not None:
            link = EventLink(from_event_id=event.id, to_event_id=previous, kind="reply_to")
            tx.insert_link(link)
            links.append(link)
        tx.insert_affect(event.id, analysis.affect)
        tx.put_embedding(scope, "event", event.id, model_name, vectors[0])
        tx.index_tokens(scope, "event", event.id, tokenize(text))
        if memory is not None:
            tx.insert_memory(memory)
        if reinforced is not None:
            reinforced = replace(
                reinforced, source_event_ids=(*reinforced.source_event_ids, event.id)
            )
            tx.save_memory(reinforced)
        tx.bump_counters(scope, TURN_DUTIES)
        write_social(tx, social, event, now)
        known = tx.current_facts(scope)
        changes = resolve_facts(scope, analysis.facts, known, event_id=event.id, now=now)
        _named_again(tx, known, changes, event.id, user_text, analysis.language)
        for fact in changes.closed:
            tx.close_fact(fact.id, now)
        for fact in changes.confirmed:
            tx.update_fact(fact.id, confidence=fact.confidence, evidence=fact.evidence_event_ids)
        for fact in changes.added:
            tx.insert_fact(fact)
            body = fact_text(fact.subject, fact.value)
            vector = fact_vectors.get(body)
            if vector is None:  # a merged value nobody embedded yet (rare)
                vector = engine.embedder.embed_documents([body])[0]
            tx.put_embedding(scope, "fact", fact.id, model_name, vector)
            tx.index_tokens(scope, "fact", fact.id, tokenize(body))
        for revision in changes.revisions:
            tx.insert_revision(revision)
        result = ObserveResult(
            event=event,
            memory=memory,
            reinforced=reinforced,
            surprise=verdict,
            analysis=analysis,
            links=tuple(links),
            facts_added=tuple(changes.added),
            facts_confirmed=tuple(changes.confirmed),
            facts_closed=tuple(changes.closed),
            revisions=tuple(changes.revisions),
        )
        tx.after_commit(lambda: engine._emit(result))
    return result


def _named_again(
    tx: StoreWriter,
    known: list[Fact],
    changes: FactChanges,
    event_id: str,
    user_text: str,
    language: str,
) -> None:
    """A turn that names a value the user gave (and does not change it) becomes evidence of
    it: once the value is corrected, the turn is shown as past too."""
    if not user_text:
        return
    touched = {f.id for f in (*changes.added, *changes.confirmed, *changes.closed)}
    for fact in known:
        if fact.about != "user" or fact.id in touched or event_id in fact.evidence_event_ids:
            continue
        if named_again(user_text, language, fact.subject, fact.value):
            tx.update_fact(
                fact.id, confidence=fact.confidence, evidence=(*fact.evidence_event_ids, event_id)
            )


def _by_subject(facts: list[Fact]) -> dict[str, tuple[str, ...]]:
    grouped: dict[str, list[str]] = {}
    for fact in facts:
        if fact.about == "user":
            grouped.setdefault(fact.subject, []).append(fact.value)
    return {k: tuple(v) for k, v in grouped.items()}


def _event_from_turn(scope: Scope, turn: Turn, now: datetime) -> Event:
    text = " ".join(t for t in (turn.user, turn.assistant) if t)
    return Event(
        id=new_id("ev"),
        scope=scope,
        at=turn.at or now,
        created_at=now,
        session_id=turn.session_id,
        source=turn.source,
        user_text=turn.user,
        assistant_text=turn.assistant,
        user_name=turn.user_name,
        assistant_name=turn.assistant_name,
        images=turn.images,
        files=turn.files,
        entities=turn.entities,
        salience=turn.salience,
        language=detect_language(text or " ".join(turn.images)),
        metadata=turn.metadata,
    )


def _remember(
    engine: Memory,
    scope: Scope,
    event: Event,
    analysis: Analysis,
    vector: Vector,
    now: datetime,
) -> tuple[model.Memory | None, model.Memory | None, Verdict | None]:
    """The surprise filter: (new memory, reinforced memory, verdict)."""
    config = engine.config
    importance = 0.5 if event.salience is None else max(0.0, min(1.0, event.salience / 10))
    if event.salience is None and is_bare_question(event.user_text, event.assistant_text):
        importance = BARE_QUESTION_IMPORTANCE
    if analysis.remember:
        importance = max(importance, REMEMBER_IMPORTANCE)
    keep = analysis.remember or analysis.affect.intensity > config.tiers.promote_m30_intensity
    if not config.surprise.enabled:
        return _episodic(event, config, now, analysis, importance), None, None
    nearest = _nearest_memory(engine, scope, vector)
    floor = floor_for(engine.embedder.name, config.surprise.similarity_floor)
    similarity = None if nearest is None else rescale(nearest[1], floor)
    verdict = judge(similarity, importance, config.surprise, keep=keep)
    if verdict.action == "reinforce" and nearest is not None and nearest[0] is not None:
        old = nearest[0]
        return (
            None,
            replace(
                old,
                strength=min(1.0, old.strength + config.surprise.reinforce_strength),
                mention_count=old.mention_count + 1,
            ),
            verdict,
        )
    if verdict.action == "skip":
        return None, None, verdict
    # a repeat of a turn that was never made into a memory: remember it this time
    return _episodic(event, config, now, analysis, verdict.importance), None, verdict


def _nearest_memory(
    engine: Memory, scope: Scope, vector: Vector
) -> tuple[model.Memory | None, float] | None:
    """The most similar earlier turn's similarity, with its active memory (None when that
    turn was not made into a memory); None when the scope has no turn yet."""
    store = engine.store
    hits = store.dense_search(scope, engine.embedder.name, "event", vector, 1)
    if not hits:
        return None
    hit = hits[0]
    orbs = store.memories_for_events([hit.owner_id]).get(hit.owner_id, [])
    memories = [m for m in store.get_memories([o.memory_id for o in orbs]) if m.status == "active"]
    best = max(memories, key=lambda m: m.strength) if memories else None
    return best, hit.similarity


def _episodic(
    event: Event, config: Config, now: datetime, analysis: Analysis, importance: float
) -> model.Memory:
    ttl = config.tiers.ttl_days.get(Tier.M30.value)
    affect = analysis.affect
    emotional = affect.intensity >= config.tiers.promote_m30_intensity
    return model.Memory(
        id=new_id("mem"),
        scope=event.scope,
        content=event.render(with_date=False, reply_chars=config.memory_reply_chars),
        tier=Tier.M30,
        memory_type=MemoryType.EMOTIONAL if emotional else MemoryType.EPISODIC,
        created_at=now,
        occurred_at=event.at,
        expires_at=None if ttl is None else now + timedelta(days=ttl),
        emotions=dict(affect.emotions),
        intensity=affect.intensity,
        importance=importance,
        source_event_ids=(event.id,),
        source=event.source,
        language=event.language,
        remember=analysis.remember,
        tier_since=now,
    )
