"""A character with a self: islands and beliefs from core memories, SOUL.md, the owner's
inbox decisions, imagination, nudges and director notes (seeds 000, 003, 004).

Only the owner changes the self: the agent-facing ``ScopedMemory`` proposes, and
``Memory.decide`` (the owner-facing door) approves or rejects. More than 30 % of the
beliefs changed in one day (a session) is refused.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from soulmem.errors import InvalidInput, LLMError, NotFound, SelfProtection
from soulmem.imagine.director import QUIET_NOTES, reflect
from soulmem.imagine.imagination import (
    ImagineContext,
    daily_remaining,
    feedback_weight,
    imagine,
)
from soulmem.llm.base import LLM
from soulmem.model import (
    Belief,
    Event,
    Fact,
    FactCategory,
    Imagination,
    InboxItem,
    IslandStatus,
    Memory,
    MemoryType,
    Note,
    Scope,
    Source,
    Tier,
    new_id,
)
from soulmem.recall.items import RecallItem
from soulmem.self.beliefs import Proposal, propose_beliefs, within_limit
from soulmem.self.islands import found_or_join, memory_language, owner_name, transition
from soulmem.self.soul import diff_soul, render_soul
from soulmem.social.mood import describe
from soulmem.social.relationship import deltas_from_mapping
from soulmem.social.update import apply_deltas
from soulmem.store.base import Store

__all__ = [
    "NUDGE_KINDS",
    "apply_notes",
    "context_items",
    "decide_belief",
    "feedback",
    "imagine_now",
    "nudge",
    "reflect_now",
    "refresh_self",
    "soul_text",
]

NUDGE_KINDS = ("preference", "forbidden", "suggestion")
REJECT_PENALTY = 0.1
TOP_BELIEFS = 3
DAY = timedelta(days=1)


def _alive_m0(store: Store, scope: Scope) -> list[Memory]:
    return [m for m in store.memories_in(scope, (Tier.M0,)) if m.status == "active"]


def refresh_self(
    store: Store, scope: Scope, now: datetime, name: str, llm: LLM | None = None
) -> dict[str, int]:
    """Islands for core memories, their status, and belief proposals for the owner."""
    counts = {"islands_founded": 0, "island_warnings": 0, "beliefs_proposed": 0}
    m0 = _alive_m0(store, scope)
    owner = owner_name(m0)
    islands = store.islands(scope)
    with store.transaction() as tx:
        for memory in m0:
            if memory.island_id and any(i.id == memory.island_id for i in islands):
                continue
            island, created = found_or_join(
                islands, memory, now, lambda: new_id("isl"), owner=owner
            )
            islands = [i for i in islands if i.id != island.id] + [island]
            tx.put_island(island)
            tx.save_memory(replace(memory, island_id=island.id))
            counts["islands_founded"] += int(created)
        alive = {m.id for m in m0}
        refs = {m.id: m.reference_count for m in m0}
        for island in list(islands):
            moved = transition(island, alive, now, references=refs)
            if moved != island:
                tx.put_island(moved)
                if moved.status == IslandStatus.SHAKING and island.status != moved.status:
                    tx.put_inbox(
                        _item(
                            scope,
                            "island_warning",
                            now,
                            {
                                "island_id": island.id,
                                "theme": island.theme,
                                "message": f"'{island.theme}' is shaking: its core memories "
                                "are gone",
                            },
                        )
                    )
                    counts["island_warnings"] += 1
    counts["beliefs_proposed"] = _propose(store, scope, now, name, llm)
    return counts


def _propose(store: Store, scope: Scope, now: datetime, name: str, llm: LLM | None) -> int:
    m0 = store.get_memories([m.id for m in _alive_m0(store, scope)])
    if not m0:
        return 0
    islands = store.islands(scope)
    beliefs = {b.key: b for b in store.beliefs(scope) if b.status in ("active", "rejected")}
    pending = {str(i.payload.get("key")) for i in store.inbox(scope) if i.kind == "belief"}
    proposals = [
        p
        for p in _phrased(propose_beliefs(m0, islands, owner=owner_name(m0)), m0, llm)
        if p.key not in pending
        and (p.key not in beliefs or beliefs[p.key].statement != p.statement)
        and not (p.key in beliefs and beliefs[p.key].status == "rejected")
    ]
    if not proposals:
        return 0
    before = soul_text(store, scope, name)
    with store.transaction() as tx:
        for proposal in proposals:
            after = _render_with(store, scope, name, proposal)
            tx.put_inbox(
                _item(
                    scope,
                    "belief",
                    now,
                    {
                        "key": proposal.key,
                        "statement": proposal.statement,
                        "confidence": round(proposal.confidence, 3),
                        "supporting_memory_ids": list(proposal.supporting_memory_ids),
                        "island_id": proposal.island_id,
                        "previous": beliefs[proposal.key].statement
                        if proposal.key in beliefs
                        else None,
                        "soul_diff": diff_soul(before, after),
                    },
                )
            )
    return len(proposals)


_STATEMENT: dict[str, Any] = {
    "type": "object",
    "properties": {"statement": {"type": "string"}},
    "required": ["statement"],
}


def _phrased(proposals: list[Proposal], m0: Sequence[Memory], llm: LLM | None) -> list[Proposal]:
    """With an LLM, each belief is phrased from its core memories ("I am ..."); the rule
    template stays when the LLM fails."""
    if llm is None:
        return proposals
    texts = {m.id: m.content for m in m0}
    phrased = []
    for proposal in proposals:
        memories = "\n".join(texts[i] for i in proposal.supporting_memory_ids if i in texts)
        try:
            answer = llm.complete_json(
                system="From these core memories of a character, write one sentence of its "
                "sense of self in the memories' language, starting with 'I' (or 나는 / 私は).",
                user=memories,
                schema=_STATEMENT,
                timeout=10.0,
            )
            statement = answer.get("statement")
        except LLMError:
            statement = None
        usable = isinstance(statement, str) and 0 < len(statement.strip()) <= 300
        phrased.append(proposal._replace(statement=str(statement).strip()) if usable else proposal)
    return phrased


def _render_with(store: Store, scope: Scope, name: str, proposal: Proposal) -> str:
    beliefs = [b for b in store.beliefs(scope, "active") if b.key != proposal.key]
    beliefs.append(_belief_from(scope, proposal, datetime.min, version=1, status="active"))
    return render_soul(name, store.islands(scope), beliefs, _language(store, scope))


def _belief_from(
    scope: Scope,
    proposal: Proposal,
    now: datetime,
    *,
    version: int,
    status: str,
    belief_id: str | None = None,
) -> Belief:
    return Belief(
        id=belief_id or new_id("bel"),
        scope=scope,
        statement=proposal.statement,
        confidence=proposal.confidence,
        supporting_memory_ids=proposal.supporting_memory_ids,
        island_id=proposal.island_id,
        version=version,
        approved=status == "active",
        created_at=now,
        status=status,
        key=proposal.key,
    )


def _language(store: Store, scope: Scope) -> str:
    m0 = _alive_m0(store, scope)
    return memory_language(m0[0]) if m0 else "en"


def soul_text(store: Store, scope: Scope, name: str) -> str:
    """The current SOUL.md: the latest approved version, else a rendering of what exists."""
    saved = store.soul(scope)
    if saved is not None:
        return saved[1]
    return render_soul(
        name, store.islands(scope), store.beliefs(scope, "active"), _language(store, scope)
    )


def decide_belief(
    store: Store, item: InboxItem, approve: bool, reason: str, now: datetime, name: str
) -> None:
    """Approve (a new version, SOUL.md rewritten) or reject (confidence lowered)."""
    scope, payload = item.scope, item.payload
    existing = next((b for b in store.beliefs(scope) if b.key == payload["key"]), None)
    proposal = Proposal(
        str(payload["key"]),
        str(payload["statement"]),
        float(payload["confidence"]),
        tuple(str(x) for x in payload["supporting_memory_ids"]),
        payload.get("island_id"),
    )
    if approve and existing is not None and existing.status == "active":
        # a change of an existing belief: at most 30 % of the self within a day (new beliefs
        # only add to the self, so a young character can grow its first beliefs freely)
        active = store.beliefs(scope, "active")
        today = [
            i
            for i in store.inbox(scope, status="approved")
            if i.kind == "belief"
            and i.payload.get("previous") is not None
            and i.decided_at
            and now - i.decided_at < DAY
        ]
        if not within_limit(len(active), len(today) + 1):
            raise SelfProtection(
                f"refused: approving this would change {len(today) + 1} of {len(active)} "
                "beliefs within a day (more than 30% of the self at once)"
            )
    with store.transaction() as tx:
        if approve:
            version = existing.version + 1 if existing else 1
            belief = _belief_from(
                scope,
                proposal,
                now,
                version=version,
                status="active",
                belief_id=existing.id if existing else None,
            )
            tx.put_belief(belief, f"approved by the owner: {reason}", now)
        elif existing is not None:
            lowered = replace(
                existing,
                confidence=max(0.0, existing.confidence - REJECT_PENALTY),
                version=existing.version + 1,
            )
            tx.put_belief(lowered, f"change rejected by the owner: {reason}", now)
        else:
            rejected = _belief_from(scope, proposal, now, version=1, status="rejected")
            rejected = replace(rejected, confidence=max(0.0, proposal.confidence - REJECT_PENALTY))
            tx.put_belief(rejected, f"rejected by the owner: {reason}", now)
    if approve:
        previous = store.soul(scope)
        text = render_soul(
            name, store.islands(scope), store.beliefs(scope, "active"), _language(store, scope)
        )
        with store.transaction() as tx:
            tx.put_soul(scope, (previous[0] if previous else 0) + 1, text, now)


def imagine_now(
    store: Store, scope: Scope, ctx: ImagineContext, now: datetime, ttl: timedelta | None
) -> Imagination | None:
    """At most three ideas a day (seed 000), stored as M30 memories."""
    earlier = [i.created_at for i in store.imaginations(scope, since=now - DAY)]
    if daily_remaining(earlier, now) <= 0:
        return None
    memories = store.list_memories(scope, limit=60)
    facts = [(f.subject, f.value) for f in store.current_facts(scope) if f.about == "user"]
    forbidden = [f.value for f in _nudges(store, scope) if f.kind == "forbidden"]
    idea = imagine(memories, facts, ctx, weights=store.pattern_weights(scope), forbidden=forbidden)
    if idea is None:
        return None
    memory = Memory(
        id=new_id("mem"),
        scope=scope,
        content=f"(imagined) {idea.scenario} {idea.action}",
        tier=Tier.M30,
        memory_type=MemoryType.EPISODIC,
        created_at=now,
        occurred_at=now,
        expires_at=None if ttl is None else now + ttl,
        source=Source.PROACTIVE,
        language=idea.language,
        tier_since=now,
        importance=0.3,
    )
    record = Imagination(
        id=new_id("img"),
        scope=scope,
        pattern=idea.pattern,
        scenario=idea.scenario,
        action=idea.action,
        created_at=now,
        memory_id=memory.id,
    )
    with store.transaction() as tx:
        tx.insert_memory(memory)
        tx.put_imagination(record)
    return record


def feedback(store: Store, scope: Scope, imagination_id: str, verdict: str) -> float:
    """The user's reaction strengthens or weakens that pattern; returns the new weight."""
    record = next((i for i in store.imaginations(scope) if i.id == imagination_id), None)
    if record is None:
        raise NotFound(f"no imagination {imagination_id!r} in this scope")
    try:
        weight = feedback_weight(store.pattern_weights(scope).get(record.pattern, 1.0), verdict)
    except ValueError as exc:
        raise InvalidInput(str(exc)) from exc
    with store.transaction() as tx:
        tx.set_pattern_weight(scope, record.pattern, weight)
        tx.put_imagination(replace(record, feedback=verdict))
    return weight


def _nudges(store: Store, scope: Scope) -> list[Fact]:
    return [f for f in store.current_facts(scope) if f.about == "owner"]


def nudge(store: Store, scope: Scope, kind: str, text: str, now: datetime) -> Fact:
    """The owner injects a preference, a forbidden topic or a suggestion (seed 004)."""
    if kind not in NUDGE_KINDS:
        raise InvalidInput(f"nudge kind must be one of {', '.join(NUDGE_KINDS)}")
    if not isinstance(text, str) or not text.strip() or len(text) > 500:
        raise InvalidInput("a nudge needs 1 to 500 characters of text")
    fact = Fact(
        id=new_id("fact"),
        scope=scope,
        kind=kind,
        subject="nudge",
        value=text.strip(),
        category=FactCategory.PREFERENCE,
        confidence=2.0,
        valid_from=now,
        about="owner",
    )
    with store.transaction() as tx:
        tx.insert_fact(fact)
    return fact


def reflect_now(
    store: Store, scope: Scope, now: datetime, turns: int = 20, llm: LLM | None = None
) -> Note | None:
    """The director's note for the next turn: the LLM's when one is configured and answers
    usably, the rules' otherwise."""
    events = store.recent_events(scope, turns)
    text, deltas = reflect(events)
    if llm is not None and events:
        text, deltas = _llm_reflect(llm, events) or (text, deltas)
    if not text or (text in QUIET_NOTES and not deltas):
        return None  # nothing stood out: no note to crowd the next context
    note = Note(id=new_id("note"), scope=scope, text=text, deltas=deltas, created_at=now)
    with store.transaction() as tx:
        tx.put_note(note)
    return note


_NOTE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "note": {"type": "string"},
        "deltas": {"type": "object", "additionalProperties": {"type": "number"}},
    },
    "required": ["note", "deltas"],
}
AXES = ("trust", "affection", "respect", "rivalry", "familiarity")
MAX_NOTE_DELTA = 10.0


def _llm_reflect(llm: LLM, events: Sequence[Event]) -> tuple[str, dict[str, float]] | None:
    prompt = "\n".join(e.render() for e in events)
    try:
        answer = llm.complete_json(
            system="You are the director of a character chat. Read the recent turns and write "
            "a one-sentence note for the character's next reply, and small relationship "
            f"deltas (axes {', '.join(AXES)}, each within +-{MAX_NOTE_DELTA:.0f}).",
            user=prompt,
            schema=_NOTE_SCHEMA,
            timeout=10.0,
        )
    except LLMError:
        return None
    note, deltas = answer.get("note"), answer.get("deltas")
    if not isinstance(note, str) or not note.strip() or not isinstance(deltas, dict):
        return None
    clean = {
        axis: max(-MAX_NOTE_DELTA, min(MAX_NOTE_DELTA, float(value)))
        for axis, value in deltas.items()
        if axis in AXES and isinstance(value, int | float)
    }
    return note.strip()[:400], clean


def apply_notes(store: Store, scope: Scope, now: datetime) -> list[Note]:
    """The director's note for this recall: the newest pending one. Every pending note's
    relationship deltas are applied exactly once, and all are marked applied; older notes are
    not shown (each was written for a reply that has passed: after a long import without a
    recall, hundreds of stale notes would otherwise crowd out the memories)."""
    notes = store.pending_notes(scope)
    if not notes:
        return []
    with store.transaction() as tx:
        rel = store.relationship(scope)
        for note in notes:
            if note.deltas:
                rel = apply_deltas(
                    tx,
                    rel,
                    deltas_from_mapping(note.deltas, "director's note"),
                    f"director's note: {note.text[:80]}",
                    now,
                )
            tx.put_note(replace(note, applied_at=now))
    return notes[-1:]


def _item(scope: Scope, kind: str, now: datetime, payload: dict[str, Any]) -> InboxItem:
    return InboxItem(
        id=new_id("inbox"),
        scope=scope,
        kind=kind,
        payload=payload,
        status="pending",
        created_at=now,
    )


def context_items(
    store: Store, scope: Scope, now: datetime, facts: Sequence[Fact] | None = None
) -> list[RecallItem]:
    """What recall adds about the character itself: the owner's nudges, the relationship,
    the long mood, the newest pending director's note (deltas applied once), top beliefs.
    ``facts``: the scope's current facts when the caller has read them already."""
    items: list[RecallItem] = []
    labels = {"preference": "Prefers", "forbidden": "Avoid", "suggestion": "Suggestion"}
    nudges = _nudges(store, scope) if facts is None else [f for f in facts if f.about == "owner"]
    for fact in nudges:
        items.append(
            RecallItem(
                kind="nudge",
                id=fact.id,
                text=f"{labels[fact.kind]}: {fact.value}",
                score=1.0,
                section="owner",
            )
        )
    rel = store.relationship(scope)
    if rel.updated_at is not None:
        items.append(
            RecallItem(
                kind="relationship",
                id=f"rel:{scope.key}",
                score=1.0,
                section="character",
                text=f"Relationship: {rel.level} (intimacy {rel.intimacy:.1f}/100), speech "
                f"{rel.speech_style}; trust {rel.trust:.0f}, affection {rel.affection:.0f}",
            )
        )
    mood = store.mood(scope)
    if mood.updated_at is not None:
        items.append(
            RecallItem(
                kind="mood",
                id=f"mood:{scope.key}",
                score=1.0,
                section="character",
                text=f"Mood: {describe(mood, 'en')}",
            )
        )
    for note in apply_notes(store, scope, now):
        items.append(
            RecallItem(
                kind="note",
                id=note.id,
                text=f"Director's note: {note.text}",
                score=1.0,
                section="character",
            )
        )
    beliefs = sorted(store.beliefs(scope, "active"), key=lambda b: -b.confidence)[:TOP_BELIEFS]
    for belief in beliefs:
        items.append(
            RecallItem(
                kind="belief",
                id=belief.id,
                text=belief.statement,
                score=belief.confidence,
                section="character",
                source_event_ids=(),
            )
        )
    return items
