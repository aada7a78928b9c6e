"""Assemble the ranked items of a context: facts first, memories by hybrid rank.

* Every current identity fact about the user, always, in registry order: no cap applies.
* Other current facts by similarity to the query: before the memories, at most
  ``moment_facts`` of them and only those within ``fact_margin`` of the best fact's
  similarity (a fact the query is about, not the whole profile); the rest after them
  (packed while the budget lasts). Facts of a subject the query names by a word of its
  own ("大好物", "comfort food", "최애 음식": ``asked``) come first, and before the memories.
* Memories by hybrid rank. A memory drawn from a turn whose fact was later superseded is
  shown with the past-marker, so an old value never reads as current; so is a turn that
  spoke of a changing state before its current value was told as a change
  (``told_before``), when the old value was never read.
* Superseded facts only when the query asks about the past, each marked as past.

The past-marker is ``PAST_MARKER`` at the start of an item's text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace

from soulmem.embed.base import Embedder, Vector
from soulmem.model import Fact, FactCategory, Scope, format_date
from soulmem.perceive.facts.known import value_keys
from soulmem.perceive.subjects import RETRACTED, SUBJECTS, label
from soulmem.recall.asked import asked_subjects
from soulmem.recall.items import RecallItem
from soulmem.recall.tokenize import detect_language
from soulmem.recall.told_before import EarlierStates
from soulmem.store.base import Store

__all__ = ["PAST_MARKER", "asks_about_past", "fact_items", "fact_text", "mark_past"]

PAST_MARKER = "(past)"

_PAST_QUERY = re.compile(
    r"\b(?:used\s+to|before|previously|formerly|originally|at\s+first|back\s+then|"
    r"in\s+the\s+past|anymore|no\s+longer|old\s+(?:job|address|place|number))\b"
    r"|전에|예전|원래|처음엔|처음에|옛날|과거"
    r"|前は|以前|昔|もともと|元々|最初は|前の",
    re.IGNORECASE,
)
_ORDER = {key: i for i, key in enumerate(SUBJECTS)}


def asks_about_past(query: str) -> bool:
    return bool(_PAST_QUERY.search(query))


def fact_text(subject: str, value: str) -> str:
    """How a fact is shown, embedded and indexed: ``label: value`` in the value's language."""
    return f"{label(subject, detect_language(value))}: {value}"


def _item(fact: Fact, score: float, section: str, *, past: bool = False) -> RecallItem:
    text = fact_text(fact.subject, fact.value)
    if past:
        until = f" (until {format_date(fact.valid_to)})" if fact.valid_to else ""
        text = f"{PAST_MARKER} {text}{until}"
    return RecallItem(
        kind="fact",
        id=fact.id,
        text=text,
        score=round(score, 6),
        source_event_ids=fact.evidence_event_ids,
        at=fact.valid_from,
        why={"confidence": fact.confidence},
        section=section,
    )


def fact_items(
    store: Store,
    embedder: Embedder,
    scope: Scope,
    query: str,
    query_vector: Vector | None,
    *,
    current: Sequence[Fact],
    superseded: Sequence[Fact],
    moment_facts: int,
    fact_margin: float,
) -> tuple[list[RecallItem], list[RecallItem]]:
    """(items to place before the memories, items to place after them)."""
    facts = [f for f in current if f.about == "user"]
    identity = sorted(
        (f for f in facts if f.category == FactCategory.IDENTITY),
        key=lambda f: (_ORDER.get(f.subject, len(_ORDER)), f.valid_from),
    )
    before = [_item(f, 1.0, "identity") for f in identity]
    others = [f for f in facts if f.category != FactCategory.IDENTITY]
    similarity: dict[str, float] = {}
    if others and query_vector is not None:
        similarity = {
            hit.owner_id: hit.similarity
            for hit in store.dense_search(scope, embedder.name, "fact", query_vector, len(facts))
        }
    # the subjects the question names by a word of theirs first ("大好物" -> favourite food)
    asked = asked_subjects(query)
    others.sort(key=lambda f: (f.subject not in asked, -similarity.get(f.id, 0.0)))
    ranked = [_item(f, similarity.get(f.id, 0.0), "facts") for f in others]
    named = min(sum(f.subject in asked for f in others), moment_facts)
    best = max((similarity.get(f.id, 0.0) for f in others), default=0.0)
    near = named + sum(
        similarity.get(f.id, 0.0) >= best - fact_margin for f in others[named:moment_facts]
    )
    before.extend(ranked[:near])
    after = ranked[near:]
    if superseded and asks_about_past(query):
        past = [f for f in superseded if f.about == "user"]
        after[:0] = [_item(f, 0.0, "facts", past=True) for f in reversed(past)]
    return before, after


def mark_past(
    items: Iterable[RecallItem],
    *,
    current: Sequence[Fact],
    superseded: Sequence[Fact],
    earlier: EarlierStates | None = None,
) -> Iterator[RecallItem]:
    """Prefix the past-marker to memories that came from turns whose facts were superseded
    (except a turn that still holds up the current value of that subject: the correction,
    or an earlier telling a refinement kept). Subject by subject: a turn that told an old
    status and an exam still coming is past for the status. Items are taken from ``items``
    only as they are asked for. With ``earlier``, a turn that spoke of a changing state
    before its current value was told as a change is past too (``told_before``)."""
    superseded = [f for f in superseded if f.about == "user"]
    if not superseded and not earlier:
        yield from items
        return
    corrected_subjects = {f.subject for f in superseded}
    still_current: dict[str, set[str]] = {}
    for f in current:
        if f.subject in corrected_subjects:
            still_current.setdefault(f.subject, set()).update(f.evidence_event_ids)
    # a name taken back ("Raro's off") marks what names it, not the turn that took it back
    for f in superseded:
        if f.subject == RETRACTED:
            still_current.setdefault(f.subject, set()).update(f.evidence_event_ids)
    past_events = {
        e
        for f in superseded
        if f.subject != RETRACTED
        for e in f.evidence_event_ids
        if e not in still_current.get(f.subject, ())
    }
    named = _old_names(superseded, current)
    for item in items:
        past = item.kind != "fact" and (
            past_events.intersection(item.source_event_ids)
            or any(
                sum(bool(p.search(item.text)) for p in patterns) >= needed
                and not still_current.get(subject, set()).intersection(item.source_event_ids)
                for subject, patterns, needed in named
            )
            or (earlier is not None and earlier.past(item.text, item.at, item.source_event_ids))
        )
        yield replace(item, text=f"{PAST_MARKER} {item.text}") if past else item


def _old_names(
    superseded: Sequence[Fact], current: Sequence[Fact]
) -> list[tuple[str, list[re.Pattern[str]], int]]:
    """Per old value, its subject, a pattern for each word that names it and none of the
    subject's current values ("서울 강남구" -> "서울 마포구" leaves 강남구), and how many of
    them a text must hold to name it: one where one is left, else two (a lone "hall" does
    not name "dish room at the dining hall"). A memory that names an old value speaks of it,
    whoever said it."""
    now: dict[str, str] = {}
    for f in current:
        now[f.subject] = now.get(f.subject, "") + " " + f.value.casefold()
    out = []
    for f in superseded:
        keys = {
            k for k in value_keys(f.value, f.subject) if k.casefold() not in now.get(f.subject, "")
        }
        if keys:
            # whole words where words are spaced; Korean and Japanese attach their particles;
            # a name taken back may be cut short ("Raro" of "Rarotonga")
            end = "" if f.subject == RETRACTED else r"\b"
            patterns = [
                re.compile(rf"\b{re.escape(k)}{end}" if k.isascii() else re.escape(k), re.I)
                for k in sorted(keys)
            ]
            out.append((f.subject, patterns, min(2, len(patterns))))
    return out
