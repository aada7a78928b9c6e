"""Fact rules for en: see soulmem.perceive.facts.base.Candidate for the contract.

Rule-based, no model. A message is normalised (Scots and informal spellings read as standard
English by ``en_dialect``) and split into sentences; questions and
first-person hypotheticals ("I'd kill for a ramen", "if I were rich") are dropped; each rule
(``en_names_ages``, ``en_places_work``, ``en_family_health``, ``en_favorites``,
``en_things``, ``en_relations``, ``en_other``, the cue-word rules of ``en_broad``, habits
``en_habits``, fandom ``en_fandom``, fears ``en_fears``) reads one statement sentence;
message-level rules complete facts split over turns ("my dog" ... "That's Waffles. He's a
corgi") from ``context.current`` (``en_relations``, ``en_pet_clues``, ``en_kin_names``) or
read what spans sentences (``en_trips``, ``en_partner``, ``en_rewatch``, ``en_praise``).
Finally, candidates that only repeat what ``context.current`` already holds are dropped, so
re-mentions stay quiet.

All patterns are compiled at import; nothing is mutated at run time (thread-safe).
"""

from __future__ import annotations

import re
from dataclasses import replace

from soulmem.perceive.facts import (
    en_allergy_clues,
    en_answers,
    en_broad,
    en_changes,
    en_cravings,
    en_family_health,
    en_fandom,
    en_favorites,
    en_fears,
    en_habits,
    en_intro,
    en_kin_names,
    en_names_ages,
    en_other,
    en_partner,
    en_pet_clues,
    en_places_work,
    en_praise,
    en_relations,
    en_rewatch,
    en_things,
    en_topic_wise,
    en_trips,
)
from soulmem.perceive.facts.base import Candidate, FactContext
from soulmem.perceive.facts.en_util import Msg, head
from soulmem.perceive.subjects import spec

__all__ = ["extract"]

_RULES = (
    en_names_ages.SENTENCE_RULES
    + en_places_work.SENTENCE_RULES
    + en_family_health.SENTENCE_RULES
    + en_favorites.SENTENCE_RULES
    + en_things.SENTENCE_RULES
    + en_relations.SENTENCE_RULES
    + en_broad.SENTENCE_RULES
    + en_habits.SENTENCE_RULES
    + en_fandom.SENTENCE_RULES
    + en_fears.SENTENCE_RULES
    + en_other.SENTENCE_RULES
    + en_changes.SENTENCE_RULES
    + en_allergy_clues.SENTENCE_RULES
    + en_intro.SENTENCE_RULES
    + en_topic_wise.SENTENCE_RULES
)
_MSG_RULES = (
    en_relations.MESSAGE_RULES
    + en_broad.MESSAGE_RULES
    + en_trips.MESSAGE_RULES
    + en_pet_clues.MESSAGE_RULES
    + en_partner.MESSAGE_RULES
    + en_rewatch.MESSAGE_RULES
    + en_kin_names.MESSAGE_RULES
    + en_praise.MESSAGE_RULES
    + en_changes.MESSAGE_RULES
    + en_allergy_clues.MESSAGE_RULES
    + en_cravings.MESSAGE_RULES
    + en_fears.MESSAGE_RULES
)

# a value that starts as a clause or a predicate is a capture that missed its object
# ("doing something I love is awesome" -> "is awesome"; "- it's tricky")
_NOT_A_VALUE = re.compile(
    r"^(?:[^\w(]|(?:is|are|was|were|am|been|being|makes|seems)\b"
    r"|(?:it|that|this|there|they|he|she)(?:'s|'re|\s+is|\s+are|\s+was)\b)",
    re.IGNORECASE,
)
# "the precision of it": a value anchored on a pronoun names nothing by itself
_DANGLING = re.compile(r"\b(?:of|about|with|in)\s+(?:it|that|this|them)$", re.IGNORECASE)
# a trailing adverbial belongs to the sentence, not to the value
_TAIL = re.compile(r"(?:\s+(?:as\s+well|too|more\s+than\s+ever|still))$", re.IGNORECASE)


def extract(text: str, context: FactContext) -> list[Candidate]:
    """Facts the user states about themselves in one English message."""
    if not text or not text.strip():
        return []
    msg = Msg.of(text, context)
    found: list[Candidate] = []
    for sentence in msg.sents:
        for rule in _RULES:
            found.extend(rule(sentence, msg))
    for mrule in _MSG_RULES:
        found.extend(mrule(msg))
    if context.previous_assistant_text:
        found.extend(en_answers.answers(text, context, extract, found))
    return _settle(_merge(found), context)


def _merge(found: list[Candidate]) -> list[Candidate]:
    """One message: drop values that are not one (a clause or a predicate; a trailing
    "as well" is cut), keep the richest value per single-valued subject, drop
    repeated heads."""
    out: list[Candidate] = []
    for raw in found:
        c = replace(raw, value=_TAIL.sub("", raw.value.strip()))
        if not c.value or _NOT_A_VALUE.match(c.value) or _dangling(c):
            continue
        clash = None
        for i, o in enumerate(out):
            if (o.subject, o.about, o.negated, o.mode) != (c.subject, c.about, c.negated, c.mode):
                continue
            same = head(o.value) in head(c.value) or head(c.value) in head(o.value)
            if same or (spec(c.subject).single and c.about == "user" and c.mode == "set"):
                clash = i
                break
        if clash is None:
            out.append(c)
        elif len(c.value) > len(out[clash].value) and _richer(c, out[clash]):
            out[clash] = c
    # a refine of a subject makes a plain set of the same subject redundant
    refined = {c.subject for c in out if c.mode == "refine"}
    return [c for c in out if not (c.mode == "set" and c.subject in refined)]


def _dangling(c: Candidate) -> bool:
    return c.subject in _LIKING and bool(_DANGLING.search(head(c.value)))


_LIKING = frozenset({"likes", "disliked", "hobby"})


def _richer(new: Candidate, old: Candidate) -> bool:
    return new.confidence >= old.confidence - 0.15


def _stem(word: str) -> str:
    if word.endswith("ies"):
        return word[:-3] + "y"
    return word[:-2] if word.endswith(("ches", "shes", "oes")) else word.rstrip("s")


def _plural(a: str, b: str) -> bool:
    """ "strawberry" and "strawberries": one thing said in the singular and the plural."""
    return a != b and " " not in a and " " not in b and _stem(a) == _stem(b)


def _settle(found: list[Candidate], context: FactContext) -> list[Candidate]:
    """A repeat of what the user's current facts already say confirms that value as it is
    stored (the turn becomes its evidence, so it is marked past once the value is
    corrected); upgrade richer repeats to refine."""
    out: list[Candidate] = []
    for c in found:
        if c.about != "user" or c.negated or c.mode != "set":
            out.append(c)
            continue
        current = tuple(context.current.get(c.subject, ()))
        new = head(c.value)
        known = next(
            (v for v in current if new == head(v) or new in v.casefold() or _plural(new, head(v))),
            None,
        )
        if known is not None:
            out.append(replace(c, value=known))
            continue
        if current and not spec(c.subject).single and head(current[-1]) in new:
            out.append(replace(c, mode="refine"))
            continue
        out.append(c)
    return out
