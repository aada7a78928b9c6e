"""Turn fact candidates into state changes: new facts, confirmations, supersessions.

Facts are superseded, never overwritten: the old row gets ``valid_to``, the new one starts,
and a revision records before/after, the reason and the evidence event. Subjects that are
single-valued (name, age, residence, ...) hold one current value; multi-valued subjects
(allergies, hobbies, pets, ...) let values coexist. Repeating a known value raises its
confidence by 0.1 up to 2.0 (seed 004).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime

from soulmem.model import Fact, Revision, Scope, new_id, to_dict
from soulmem.perceive.facts.base import Candidate
from soulmem.perceive.facts.known import value_keys
from soulmem.perceive.subjects import RETRACTED, spec

__all__ = ["FactChanges", "resolve_facts", "same_value"]

CONFIDENCE_STEP = 0.1
CONFIDENCE_MAX = 2.0


@dataclass(slots=True)
class FactChanges:
    added: list[Fact] = field(default_factory=list)
    confirmed: list[Fact] = field(default_factory=list)
    closed: list[Fact] = field(default_factory=list)
    revisions: list[Revision] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.added or self.confirmed or self.closed)


def same_value(a: str, b: str) -> bool:
    """Two values name the same thing (case- and space-insensitive)."""
    return "".join(a.casefold().split()) == "".join(b.casefold().split())


def _core(value: str) -> str:
    """The value without the parenthesised phrase the rules may keep beside it."""
    for opener in ("(", "（"):
        if opener in value:
            value = value.split(opener, 1)[0]
    return "".join(value.casefold().split())


def _matches(a: str, b: str) -> bool:
    ca, cb = _core(a), _core(b)
    return same_value(a, b) or (bool(ca) and ca == cb)


def _note(value: str) -> str:
    """The parenthesised phrase the rules may keep beside a value ("" when none)."""
    for opener in ("(", "（"):
        if opener in value:
            return "".join(value.split(opener, 1)[1].casefold().split()).rstrip(")）")
    return ""


def _adds_detail(old: str, new: str) -> bool:
    """``new`` names the same thing as ``old`` with a detail ``old`` does not hold."""
    note = _note(new)
    return bool(note) and not same_value(old, new) and note not in "".join(old.casefold().split())


def resolve_facts(
    scope: Scope,
    candidates: Sequence[Candidate],
    current: Sequence[Fact],
    *,
    event_id: str,
    now: datetime,
) -> FactChanges:
    """Apply the user's candidates to the scope's current facts (others are not stored)."""
    changes = FactChanges()
    live: list[Fact] = [f for f in current if f.about == "user"]

    def close(fact: Fact, reason: str) -> None:
        closed = replace(fact, valid_to=now)
        changes.closed.append(closed)
        live.remove(fact)
        changes.revisions.append(
            _revision(scope, closed, to_dict(fact), to_dict(closed), reason, event_id, now)
        )

    def add(
        candidate: Candidate, reason: str, before: Fact | None, evidence: tuple[str, ...] = ()
    ) -> None:
        fact = _fact_of(scope, candidate, now, (*evidence, event_id))
        changes.added.append(fact)
        live.append(fact)
        changes.revisions.append(
            _revision(
                scope,
                fact,
                None if before is None else to_dict(before),
                to_dict(fact),
                reason,
                event_id,
                now,
            )
        )

    for candidate in candidates:
        if candidate.about != "user":
            continue
        item = spec(candidate.subject)
        same_subject = [f for f in live if f.subject == candidate.subject]
        if candidate.mode == "set" and not candidate.negated and _names_nothing(candidate):
            continue
        if candidate.mode == "retract":
            # "not single anymore": a current value it names ends; else it is kept as said
            # and taken back (closed at once), for recall to mark what named it as past
            named = [f for f in live if _names_value(candidate.value, f)]
            for fact in named:
                close(fact, "ended")
            if not named:
                _taken_back(changes, scope, candidate, event_id, now)
            continue
        if candidate.mode == "end" or candidate.negated:
            ends_all = item.single and candidate.mode == "end"
            told_now = {f.id for f in changes.added}
            for fact in same_subject:
                if fact.id in told_now and ends_all:
                    continue  # "quit the café, now at the bakery": the end is the old value's
                if ends_all or _matches(fact.value, candidate.value):
                    close(fact, "ended" if candidate.mode == "end" else "negated")
            continue
        if candidate.mode == "refine" and same_subject:
            old = same_subject[-1]
            if same_value(old.value, candidate.value):
                _confirm(changes, old, live, event_id, now, scope)
                continue
            close(old, "refined")
            # a refinement keeps the earlier turns as evidence: they still hold
            add(
                candidate, "refined", old, tuple(e for e in old.evidence_event_ids if e != event_id)
            )
            continue
        match = next((f for f in same_subject if _matches(f.value, candidate.value)), None)
        if match is not None and _adds_detail(match.value, candidate.value):
            # the same value told again with a new detail ("彼女がいる" -> "遠距離恋愛中"):
            # the newer telling is shown, the earlier turns stay its evidence
            close(match, "refined")
            add(candidate, "refined", match, match.evidence_event_ids)
            continue
        if match is not None:
            _confirm(changes, match, live, event_id, now, scope)
            continue
        if item.single and same_subject and _says_less(candidate.value, same_subject[-1].value):
            # "바닷가" after "통영 (바닷가)", "부산 근처" after "통영": part of what the user
            # said, or vaguer, is no correction of it
            _confirm(changes, same_subject[-1], live, event_id, now, scope)
            continue
        if item.single and same_subject:
            for old in same_subject:
                close(old, "corrected")
            add(candidate, "corrected", same_subject[-1])
            continue
        add(candidate, "observed", None)
    _close_told_together(changes, live, close)
    return changes


#: subjects that name one thing from different sides: a part-time job at a bakery is also
#: a workplace, told in the same words
_WORK = frozenset({"job", "workplace", "part_time_job"})


def _close_told_together(
    changes: FactChanges, live: list[Fact], close: Callable[[Fact, str], None]
) -> None:
    """A work value closed by this message closes the other work subjects' value that names
    the same thing and was told in the same turns ("駅前のパン屋でパート" gave a workplace and a
    part-time job; a new part-time job ends both), unless this message told it again."""
    told_now = {f.id for f in (*changes.added, *changes.confirmed)}
    for gone in [f for f in changes.closed if f.subject in _WORK]:
        for fact in [f for f in live if f.subject in _WORK and f.subject != gone.subject]:
            if (
                fact in live
                and fact.id not in told_now
                and set(fact.evidence_event_ids) <= set(gone.evidence_event_ids)
                and _names_same(fact.value, gone.value)
            ):
                close(fact, "ended")


#: only "a new one": "새 회사", "新しい会社", "a new job" (not "New York": a name is capitalised)
_ONLY_NEW = re.compile(
    r"^(?:(?:새|새로운|다른)\s+[가-힣]+|(?:新しい|別の)\S+|(?:an?\s+|the\s+)?(?:new|another)\s+\S+)$"
)


def _names_nothing(candidate: Candidate) -> bool:
    """The value is only a word of its subject's own name ("시험" as an upcoming exam, "試験",
    "exam"), or only "a new one" (``_ONLY_NEW``), with no detail beside it: it names no
    particular one."""
    if _ONLY_NEW.match(candidate.value.strip()):
        return True
    core = "".join(candidate.value.casefold().split())
    item = spec(candidate.subject)
    words = {w.casefold() for label in (item.en, item.ko, item.ja) for w in label.split()}
    return core in words or (len(core) >= 2 and any(core in label for label in (item.ko, item.ja)))


#: a value that only says roughly where: "부산 근처", "대구 쪽", "大阪のほう", "near Leeds"
_VAGUE = re.compile(
    r"(?:근처|쪽|부근|인근|언저리|어딘가|辺り|あたり|のほう|の方|付近|近く)$|^(?:near|around|somewhere)\b",
    re.IGNORECASE,
)


_CAME_FROM = re.compile(r"moved|from|から|에서|이사|引っ越|転勤|이직|転職", re.IGNORECASE)


def _says_less(new: str, old: str) -> bool:
    """``new`` tells part of ``old`` (its words are in it: "바닷가" of "통영 (바닷가)"), or only
    roughly where (``_VAGUE``)."""
    core = _core(new)
    if _VAGUE.search(re.split(r"\s*[(（]", new, maxsplit=1)[0].strip()):
        return True
    if len(core) < 2 or core == _core(old):
        return False
    # the old value's note may name where the user came from ("Guelph (moved from
    # Kitchener)"): going back there is a correction
    note = _note(old)
    return core in _core(old) or (core in note and not _CAME_FROM.search(note))


def _names_value(name: str, fact: Fact) -> bool:
    """``name`` is the fact's value or one of the words that name it ("영통" of "수원 영통")."""
    if fact.subject == RETRACTED:
        return False
    low = name.casefold()
    # "no more Milo dinosaur" names "Milo dinosaur extra powder": the value's first words
    lead = len(low) >= 5 and re.match(re.escape(low) + r"(?:\s|[(（])", fact.value.casefold())
    return (
        bool(lead)
        or low == _core(fact.value)
        or low in {k.casefold() for k in value_keys(fact.value, fact.subject)}
    )


def _taken_back(
    changes: FactChanges, scope: Scope, candidate: Candidate, event_id: str, now: datetime
) -> None:
    fact = _fact_of(scope, candidate, now, (event_id,), until=now)
    changes.added.append(fact)
    changes.revisions.append(
        _revision(scope, fact, None, to_dict(fact), "retracted", event_id, now)
    )


def _fact_of(
    scope: Scope,
    candidate: Candidate,
    now: datetime,
    evidence: tuple[str, ...],
    until: datetime | None = None,
) -> Fact:
    """The user's fact a candidate tells, from ``now`` (until ``until``, if closed)."""
    item = spec(candidate.subject)
    return Fact(
        id=new_id("fact"),
        scope=scope,
        kind=item.kind,
        subject=candidate.subject,
        value=candidate.value,
        category=item.category,
        confidence=max(0.0, min(CONFIDENCE_MAX, candidate.confidence)),
        valid_from=now,
        valid_to=until,
        evidence_event_ids=evidence,
        about="user",
    )


def _names_same(a: str, b: str) -> bool:
    ca, cb = _core(a), _core(b)
    return bool(ca) and bool(cb) and (ca in cb or cb in ca)


def _confirm(
    changes: FactChanges, fact: Fact, live: list[Fact], event_id: str, now: datetime, scope: Scope
) -> None:
    evidence = fact.evidence_event_ids
    if event_id not in evidence:
        evidence = (*evidence, event_id)
    confirmed = replace(
        fact,
        confidence=min(CONFIDENCE_MAX, fact.confidence + CONFIDENCE_STEP),
        evidence_event_ids=evidence,
    )
    live[live.index(fact)] = confirmed
    for i, earlier in enumerate(changes.confirmed):
        if earlier.id == fact.id:
            changes.confirmed[i] = confirmed
            break
    else:
        changes.confirmed.append(confirmed)
    changes.revisions.append(
        _revision(scope, confirmed, to_dict(fact), to_dict(confirmed), "confirmed", event_id, now)
    )


def _revision(
    scope: Scope,
    fact: Fact,
    before: dict[str, object] | None,
    after: dict[str, object] | None,
    reason: str,
    event_id: str,
    now: datetime,
) -> Revision:
    return Revision(
        id=new_id("rev"),
        scope=scope,
        target_kind="fact",
        target_id=fact.id,
        before=before,
        after=after,
        reason=reason,
        evidence_event_ids=(event_id,),
        at=now,
    )
