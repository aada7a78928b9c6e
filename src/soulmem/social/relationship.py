"""What a turn does to the relationship (seed 003 §2-1), by rule, in Korean, Japanese and English.

The relationship has five axes 0..100 (trust, affection, respect, rivalry, familiarity); the
intimacy score and its level come from :class:`soulmem.model.Relationship` (seed formula
``affection*0.35 + trust*0.25 + familiarity*0.25 + respect*0.15 - rivalry*0.1``, levels at
20/40/60/80). This module turns one turn into small, explained :class:`Delta` values and
applies them. Everything is pure and deterministic: no storage, no clock, no network.

Cues are read from the **user's** text (what the user does to the character); the assistant's
side only counts as time spent together. Each cue family fires at most once per turn, so
"thanks, thank you!!" is one gratitude. Amounts per family (:data:`FAMILIES`), with examples
en / ko / ja:

* gratitude: affection +2 (thanks / 고마워 / ありがとう)
* compliment: affection +3 (you're so sweet / 귀여워 / 君が好き)
* praise of ability: respect +3, affection +1 (well done / 대단해 / さすが)
* apology: trust +2, affection +1 (I'm sorry / 미안해 / ごめん)
* promise kept: trust +4 (I did what I promised / 약속 지켰어 / 約束守ったよ)
* promise made: trust +1 (I promise / 약속할게 / 約束する)
* promise broken: trust -5 (I broke my promise / 약속 못 지켰어 / 約束破った)
* lie: trust -4 (I lied to you / 거짓말했어 / 嘘ついた)
* trust shown: trust +2 (I trust you / 널 믿어 / 信じてる)
* distrust: trust -3 (I don't trust you / 못 믿어 / 信用できない)
* secret or vulnerability: trust +3, affection +2 (it's a secret / 비밀인데 / 誰にも言ってない)
* insult: affection -4, rivalry +2 (you're stupid / 바보 / バカ)
* conflict: affection -2, rivalry +2 (leave me alone / 그만해 / いい加減にして)
* put-down: affection -2 (thanks for nothing / 도움이 안 돼 / 使えない)
* competitive talk: rivalry +3 (I'll beat you / 내가 이길 거야 / 負けないから)

Negation (cheap, per clause): English "not/never/n't" among the three words before a cue or
inside it, Korean "안/못" before or "-지 않/말/못", "아니" after, Japanese "じゃない/ない/
ません" after. A negated cue is cancelled, or turned into its opposite where that is what
people mean: negated gratitude, compliment or praise -> put-down ("안 고마워", "you're not
smart"); negated apology -> conflict ("I'm not sorry"); negated promise kept -> promise broken
("I never kept my promise"); negated trust -> distrust ("I can't trust you"). Cues that
already contain a negation ("I won't lose", "負けない", "말이 안 통해") are not negatable.

Always, per turn: familiarity +0.5 (time spent together). A long absence (``gap`` >= 7 days)
costs familiarity -1 per full week, at most -3. The turn's affect is a weak signal when its
intensity is at least 0.2: joy/nostalgia affection +1 x intensity; anger affection -1 x and
rivalry +0.5 x intensity; disgust affection -1 x intensity; envy rivalry +0.5 x intensity;
sadness/fear/anxiety (the user opening up) trust +0.5 x intensity.

Speech style follows the level. The seed names three styles (formal / casual / intimate) for
five levels without a table; soulmem uses stranger and acquaintance -> formal, friend and
close_friend -> casual, intimate -> intimate (:data:`SPEECH_STYLES`).

The cue tables live in :mod:`soulmem.social.cues` and shared experiences in
:mod:`soulmem.social.experience`; their public names are re-exported here.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any, Final

from soulmem.model import Affect, Relationship
from soulmem.social.cues import (
    COMPILED,
    EN_NEG,
    FAMILIES,
    JA_NEG_AFTER,
    KO_NEG_AFTER,
    KO_NEG_BEFORE,
    Family,
    cue_languages,
)
from soulmem.social.experience import shared_experience

__all__ = [
    "AXES",
    "FAMILIES",
    "LEVELS",
    "SPEECH_STYLES",
    "Delta",
    "Family",
    "apply",
    "deltas_from_mapping",
    "emotional_entry",
    "level_of",
    "push_experience",
    "push_history",
    "shared_experience",
    "speech_style_for",
    "turn_deltas",
]

AXES: Final = ("trust", "affection", "respect", "rivalry", "familiarity")

#: Seed 003 level thresholds, highest first; below the last one: "stranger".
LEVELS: Final = (
    (80.0, "intimate"),
    (60.0, "close_friend"),
    (40.0, "friend"),
    (20.0, "acquaintance"),
)

#: Level -> speech style (the seed's three styles over its five levels; see module doc).
SPEECH_STYLES: Final[Mapping[str, str]] = {
    "stranger": "formal",
    "acquaintance": "formal",
    "friend": "casual",
    "close_friend": "casual",
    "intimate": "intimate",
}

TURN_FAMILIARITY: Final = 0.5
ABSENCE: Final = timedelta(days=7)
ABSENCE_PER_WEEK: Final = 1.0
ABSENCE_MAX: Final = 3.0
AFFECT_MIN_INTENSITY: Final = 0.2


@dataclass(frozen=True)
class Delta:
    """A change of one axis, with the human-readable reason (the cue that caused it)."""

    axis: str
    amount: float
    reason: str

    def __post_init__(self) -> None:
        if self.axis not in AXES:
            raise ValueError(f"unknown relationship axis {self.axis!r}; expected one of {AXES}")
        if isinstance(self.amount, bool) or not isinstance(self.amount, int | float):
            raise TypeError("amount must be a number")
        if not math.isfinite(self.amount):
            raise ValueError("amount must be finite")


# Affect tag -> (axis, amount per unit of intensity) pairs.
_AFFECT_RULES: Final[Mapping[str, tuple[tuple[str, float], ...]]] = {
    "joy": (("affection", 1.0),),
    "nostalgia": (("affection", 1.0),),
    "anger": (("affection", -1.0), ("rivalry", 0.5)),
    "disgust": (("affection", -1.0),),
    "envy": (("rivalry", 0.5),),
    "sadness": (("trust", 0.5),),
    "fear": (("trust", 0.5),),
    "anxiety": (("trust", 0.5),),
}


# ---------------------------------------------------------------------------------------
# Text helpers

_CLAUSE_END: Final = re.compile(r"[.!?。！？\n;,、，]")


def _normalize(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).lower()
    return text.replace("\u2019", "'").replace("\u2018", "'")


def _clause_bounds(text: str, start: int, end: int) -> tuple[int, int]:
    left = 0
    for match in _CLAUSE_END.finditer(text, 0, start):
        left = match.end()
    right_match = _CLAUSE_END.search(text, end)
    return left, right_match.start() if right_match else len(text)


def _negated(text: str, start: int, end: int, language: str) -> bool:
    left, right = _clause_bounds(text, start, end)
    before, inside, after = text[left:start], text[start:end], text[end:right]
    if language == "en":
        window = " ".join(before.split()[-3:])
        return bool(EN_NEG.search(window) or EN_NEG.search(inside))
    if language == "ko":
        return bool(KO_NEG_BEFORE.search(before[-4:]) or KO_NEG_AFTER.search(after))
    return bool(JA_NEG_AFTER.search(after))


def _family_deltas(family_name: str, reason: str) -> list[Delta]:
    family = FAMILIES[family_name]
    return [Delta(axis, amount, reason) for axis, amount in family.deltas]


def _scan(text: str, languages: Sequence[str]) -> dict[str, tuple[str, str | None]]:
    """family -> (cue text, negated family label or None), first hit per family."""
    plain: dict[str, str] = {}
    negated: dict[str, str] = {}
    for cue in COMPILED:
        if cue.language not in languages or cue.family in plain:
            continue
        for match in cue.pattern.finditer(text):
            if not match.group().strip():
                continue
            if cue.negatable and _negated(text, match.start(), match.end(), cue.language):
                negated.setdefault(cue.family, match.group().strip())
                continue
            plain[cue.family] = match.group().strip()
            break
    hits: dict[str, tuple[str, str | None]] = {}
    for family in FAMILIES:
        if family in plain:
            hits[family] = (plain[family], None)
    for family, cue_text in negated.items():
        if family in plain:
            continue
        target = FAMILIES[family].on_negation
        if target is not None and target not in hits:
            hits[target] = (cue_text, FAMILIES[family].label)
    return hits


# ---------------------------------------------------------------------------------------
# Public API


def turn_deltas(
    user_text: str | None,
    assistant_text: str | None,
    affect: Affect,
    *,
    language: str | None = None,
    gap: timedelta | None = None,
) -> list[Delta]:
    """The relationship deltas of one turn, each with its reason (see the module doc).

    ``language`` is a hint ("ko", "ja", "en"); the scripts in the text are always read too
    (an unsupported language such as "fr" turns the English cues off). ``gap`` is the time
    since the user was last seen. Deterministic; order: cue families in table order, then
    the affect signal, then familiarity.
    """
    deltas: list[Delta] = []
    if user_text:
        text = _normalize(user_text)
        hits = _scan(text, cue_languages(text, language))
        for family, (cue_text, negated_label) in hits.items():
            label = FAMILIES[family].label
            cue = cue_text if len(cue_text) <= 40 else cue_text[:39] + "…"
            if negated_label is None:
                reason = f"{label}: '{cue}'"
            else:
                reason = f"{label} (negated {negated_label}): '{cue}'"
            deltas.extend(_family_deltas(family, reason))
    tag = affect.primary
    if tag in _AFFECT_RULES and affect.intensity >= AFFECT_MIN_INTENSITY:
        intensity = min(1.0, affect.intensity)
        for axis, per_unit in _AFFECT_RULES[tag]:
            amount = round(per_unit * intensity, 3)
            deltas.append(Delta(axis, amount, f"turn felt {tag} (intensity {intensity:.2f})"))
    if user_text or assistant_text:
        deltas.append(Delta("familiarity", TURN_FAMILIARITY, "time spent together (one turn)"))
    if gap is not None and gap >= ABSENCE:
        weeks = gap // ABSENCE
        amount = -min(ABSENCE_MAX, ABSENCE_PER_WEEK * weeks)
        deltas.append(Delta("familiarity", amount, f"long absence ({gap.days} days)"))
    return deltas


def deltas_from_mapping(values: Mapping[str, float], reason: str) -> list[Delta]:
    """Deltas from an axis -> amount mapping (a director's note, seed 003 §10)."""
    return [Delta(axis, float(amount), reason) for axis, amount in values.items() if amount]


def level_of(score: float) -> str:
    """Seed 003 level of an intimacy score: >=80 intimate, >=60 close_friend, >=40 friend,
    >=20 acquaintance, else stranger (the same thresholds as ``Relationship.level``)."""
    for bound, name in LEVELS:
        if score >= bound:
            return name
    return "stranger"


def speech_style_for(level: str) -> str:
    """The speech style of a level (:data:`SPEECH_STYLES`)."""
    try:
        return SPEECH_STYLES[level]
    except KeyError:
        raise ValueError(f"unknown level {level!r}") from None


def _clamp(value: float) -> float:
    return max(0.0, min(100.0, value))


def apply(rel: Relationship, deltas: Sequence[Delta], now: datetime) -> Relationship:
    """``rel`` with ``deltas`` added (each axis clamped to 0..100), the speech style of the
    new level, and ``updated_at``/``last_seen_at`` set to ``now``."""
    totals = dict.fromkeys(AXES, 0.0)
    for delta in deltas:
        if not isinstance(delta, Delta):
            raise TypeError(f"expected Delta, got {type(delta).__name__}")
        totals[delta.axis] += delta.amount
    changed = replace(
        rel,
        trust=_clamp(rel.trust + totals["trust"]),
        affection=_clamp(rel.affection + totals["affection"]),
        respect=_clamp(rel.respect + totals["respect"]),
        rivalry=_clamp(rel.rivalry + totals["rivalry"]),
        familiarity=_clamp(rel.familiarity + totals["familiarity"]),
        updated_at=now,
        last_seen_at=now,
    )
    return replace(changed, speech_style=speech_style_for(changed.level))


def emotional_entry(affect: Affect, now: datetime) -> dict[str, Any]:
    """One emotional-history entry (seed 003): ``{emotion, intensity, at}`` (ISO time)."""
    return {
        "emotion": affect.primary,
        "intensity": round(max(0.0, min(1.0, affect.intensity)), 3),
        "at": now.isoformat(),
    }


def push_history(rel: Relationship, entry: Mapping[str, Any], keep: int = 50) -> Relationship:
    """``rel`` with ``entry`` appended to its emotional history, keeping the last ``keep``."""
    if keep < 0:
        raise ValueError("keep must be >= 0")
    history = (*rel.emotional_history, dict(entry))
    return replace(rel, emotional_history=history[-keep:] if keep else ())


def push_experience(rel: Relationship, text: str, keep: int = 20) -> Relationship:
    """``rel`` with ``text`` as its newest shared experience (a repeat moves to the end),
    keeping the last ``keep`` (seed 003: the 20 most recent)."""
    if keep < 0:
        raise ValueError("keep must be >= 0")
    text = " ".join(text.split())
    if not text:
        return rel
    items = (*(item for item in rel.shared_experiences if item != text), text)
    return replace(rel, shared_experiences=items[-keep:] if keep else ())
