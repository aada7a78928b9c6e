"""Imagination Land (seed 000 §7), rule-based: from recent memories, the user's facts and the
current context, imagine one proactive scenario and the line the character could say.

Each pattern of :data:`PATTERNS` has a trigger rule (a matcher over the context, the memories
and the facts) and per-language templates (``en``/``ko``/``ja``) for the scenario (the
character's idea) and the action (what it would say). :func:`imagine` scores every candidate
of every pattern, multiplies the score by the pattern's learned weight (see
:func:`feedback_weight`), drops any candidate that touches a forbidden topic, and returns the
best one as an :class:`Idea`, or ``None`` when nothing fits. The same inputs always give the
same idea; ``rng_seed`` only picks among a pattern's wording variants. The word lists and
the wordings live in :mod:`soulmem.imagine.cues` (the cue lexicons are re-exported here).

Pure functions: no storage, no clock, no network. The engine enforces the daily cap
(:data:`MAX_PER_DAY`, see :func:`daily_remaining`), stores the idea as an M30 memory and an
``Imagination`` record, and feeds the user's reaction back into the weights.
"""

from __future__ import annotations

import random
import re
import string
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from types import MappingProxyType
from typing import Final

from soulmem.imagine.cues import (
    ACTIVITIES,
    ACTIVITY_PHRASES,
    FAVORITES,
    OFFER,
    PROGRESS,
    SILENCE,
    TEMP,
    TEMPERATURE,
    TEMPLATES,
    TIME_OF,
    TIRED,
    TOGETHER,
    UPCOMING,
    WEATHER,
    WEATHER_ALONE,
    WEATHER_LEAD,
    Variants,
)
from soulmem.model import Memory, Source, shorten
from soulmem.recall.tokenize import detect_language

__all__ = [
    "FEEDBACK_FACTORS",
    "MAX_PER_DAY",
    "PATTERNS",
    "PROGRESS",
    "TIRED",
    "TOGETHER",
    "UPCOMING",
    "WEIGHT_CAP",
    "WEIGHT_FLOOR",
    "Idea",
    "ImagineContext",
    "Pattern",
    "daily_remaining",
    "feedback_weight",
    "imagine",
]

#: Seed 000: at most three imaginations a day.
MAX_PER_DAY: Final = 3
#: Multiplier per feedback kind, and the bounds of a learned weight.
FEEDBACK_FACTORS: Final[Mapping[str, float]] = MappingProxyType(
    {"good": 1.2, "ignored": 0.9, "refused": 0.6}
)
WEIGHT_CAP: Final = 3.0
WEIGHT_FLOOR: Final = 0.1

LANGUAGES: Final = ("en", "ko", "ja")
_NO_WEIGHTS: Final[Mapping[str, float]] = MappingProxyType({})


@dataclass(frozen=True)
class ImagineContext:
    """The current moment. ``time_of_day`` (morning/afternoon/evening/night, or its ko/ja
    word) is derived from ``now`` when None; ``activity`` is free text in any language."""

    now: datetime
    time_of_day: str | None = None
    idle_minutes: float | None = None
    activity: str | None = None
    weather: str | None = None
    language: str | None = None

    def __post_init__(self) -> None:
        if self.idle_minutes is not None and not self.idle_minutes >= 0:
            raise ValueError("idle_minutes must be a non-negative number")
        tod = self.time_of_day
        if tod is not None and tod.strip().casefold() not in TIME_OF:
            raise ValueError(f"unknown time_of_day {tod!r}; use morning/afternoon/evening/night")

    @property
    def resolved_time_of_day(self) -> str:
        if self.time_of_day is not None:
            return TIME_OF[self.time_of_day.strip().casefold()]
        hour = self.now.hour
        if 5 <= hour < 12:
            return "morning"
        if 12 <= hour < 17:
            return "afternoon"
        return "evening" if 17 <= hour < 21 else "night"


@dataclass(frozen=True)
class Idea:
    """One imagined scenario and the suggested action, with the memories that triggered it."""

    pattern: str
    scenario: str
    action: str
    trigger_memory_ids: tuple[str, ...]
    score: float = 0.0
    language: str = "en"


# ---------------------------------------------------------------------------------------
# Signals: what the matchers look at


@dataclass(frozen=True)
class _Signals:
    lang: str
    now: datetime
    tod: str
    weather: str | None
    activity: str | None  # work_late / work / study / exercise / raw / None
    activity_raw: str | None
    tired_now: bool
    idle: float | None
    memories: Sequence[Memory]  # usable ones, newest first
    facts: tuple[tuple[str, str], ...]

    def age_days(self, memory: Memory) -> float:
        now, then = self.now, memory.occurred_at
        if (now.tzinfo is None) != (then.tzinfo is None):
            now, then = now.replace(tzinfo=None), then.replace(tzinfo=None)
        return (now - then).total_seconds() / 86400.0

    def recent(self, days: float) -> list[Memory]:
        return [m for m in self.memories if -1.0 <= self.age_days(m) <= days]


@dataclass(frozen=True)
class _Candidate:
    score: float
    slots: dict[str, str]
    memory_ids: tuple[str, ...] = ()
    sources: tuple[str, ...] = ()  # texts the forbidden filter also checks


Matcher = Callable[[_Signals], list[_Candidate]]


@dataclass(frozen=True)
class Pattern:
    """A pattern of the table: its trigger rule (``trigger`` describes ``match``) and the
    (scenario, action) template pairs per language. A pair is used only when every
    ``{slot}`` it names was filled by the match."""

    key: str
    trigger: str
    match: Matcher = field(repr=False)
    templates: Variants = field(repr=False)


def _norm(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


def _lang(value: str | None) -> str | None:
    if not value:
        return None
    code = value.strip().lower().replace("_", "-").split("-")[0]
    return code if code in LANGUAGES else None


def _language(ctx: ImagineContext, memories: Sequence[Memory]) -> str:
    explicit = _lang(ctx.language)
    if explicit:
        return explicit
    counts = Counter(
        code
        for m in memories
        if (code := _lang(m.language) or _lang(detect_language(m.content))) is not None
    )
    if counts:
        return counts.most_common(1)[0][0]
    return _lang(detect_language(ctx.activity or "")) or "en"


def _signals(
    memories: Sequence[Memory], facts: Sequence[tuple[str, str]], ctx: ImagineContext
) -> _Signals:
    tod = ctx.resolved_time_of_day
    weather = None
    if ctx.weather:
        weather = next((k for k, cue in WEATHER if cue.search(ctx.weather)), None)
    raw = (ctx.activity or "").strip() or None
    kind = next((k for k, cue in ACTIVITIES if cue.search(raw)), "raw") if raw else None
    if kind == "work" and tod == "night":
        kind = "work_late"
    usable = [m for m in memories if m.status == "active" and m.source != Source.PROACTIVE]
    usable.sort(key=lambda m: (m.occurred_at.timestamp(), m.id), reverse=True)
    clean = tuple((s.strip(), v.strip()) for s, v in facts if s.strip() and v.strip())
    tired = kind == "work_late" or bool(raw and TIRED.search(raw))
    lang = _language(ctx, memories)
    return _Signals(lang, ctx.now, tod, weather, kind, raw, tired, ctx.idle_minutes, usable, clean)


# ---------------------------------------------------------------------------------------
# Phrases


def _final_consonant(word: str) -> bool | None:
    for char in reversed(word.strip()):
        if "가" <= char <= "힣":
            return (ord(char) - 0xAC00) % 28 != 0
        if char.isdigit():
            return char in "013678"
        if char.isalpha():
            return None
    return None


def _josa(word: str, with_batchim: str, without: str) -> str:
    has = _final_consonant(word)
    if has is None:
        return f"{word}{with_batchim}({without})"
    return word + (with_batchim if has else without)


def _activity_phrase(sig: _Signals) -> str | None:
    if sig.activity is None:
        return None
    if sig.activity != "raw":
        return ACTIVITY_PHRASES[sig.lang][sig.activity]
    raw = sig.activity_raw or ""
    if _lang(detect_language(raw)) != sig.lang:
        return None
    if sig.lang == "en":
        return f"you're {raw}"
    if sig.lang == "ko":
        return f"{raw}이네" if raw.endswith("중") else f"{raw} 중이네"
    return f"{raw}なんだね"


def _situation(sig: _Signals) -> dict[str, str]:
    """``situation`` (said to the user) and ``situation_they`` (the character's thought)."""
    lang = sig.lang
    key = sig.weather or ("night" if sig.tod == "night" and sig.activity != "work_late" else None)
    doing = _activity_phrase(sig)
    if doing is None and key is None:
        return {}
    if lang == "en":
        parts = [p for p in (WEATHER_LEAD["en"].get(key or ""), doing) if p]
        text = " and ".join(parts)
        text = text[0].upper() + text[1:]
        return {"situation": text, "situation_they": text.replace("you're", "they're")}
    if doing is None:
        text = WEATHER_ALONE[lang][key or ""]
    else:
        lead = WEATHER_LEAD[lang].get(key or "")
        text = f"{lead} {doing}" if lead and lang == "ko" else f"{lead or ''}{doing}"
    return {"situation": text, "situation_they": text}


_SPEAKER: Final = re.compile(r"^\s*[^:\s]{1,24}:\s+")
_NEXT_SPEAKER: Final = re.compile(r"\s+[^:\s]{1,24}:\s")


def _snippet(memory: Memory, limit: int = 60) -> str:
    """The memory's gist for quoting: the first speaker's words, about ``limit`` chars."""
    text = _SPEAKER.sub("", memory.content.strip(), count=1)
    cut = _NEXT_SPEAKER.search(text)
    if cut:
        text = text[: cut.start()]
    text = " ".join(shorten(text, limit).split())
    return text.strip("\"'“”「」") or memory.content.strip()[:limit]


def _strength(memory: Memory, *emotions: str) -> float:
    return max((memory.emotions.get(e, 0.0) for e in emotions), default=0.0)


# ---------------------------------------------------------------------------------------
# Matchers (one per pattern)


def _tired_memories(sig: _Signals) -> list[Memory]:
    found = [m for m in sig.recent(3) if TIRED.search(m.content)]
    found += [
        m
        for m in sig.recent(2)
        if m not in found and _strength(m, "sadness", "anxiety", "fear") >= 0.6
    ]
    return found


def _match_comfort(sig: _Signals) -> list[_Candidate]:
    mems = _tired_memories(sig)
    if not sig.tired_now and not mems:
        return []
    score = 0.55 + (0.15 if sig.tired_now else 0.0) + (0.05 if mems else 0.0)
    score += (0.1 if sig.tod == "night" else 0.0) + (0.05 if sig.weather else 0.0)
    return [_Candidate(score, _situation(sig), tuple(m.id for m in mems[:3]))]


def _match_favorite(sig: _Signals) -> list[_Candidate]:
    tired_mems = _tired_memories(sig)
    tired = sig.tired_now or bool(tired_mems)
    late = sig.tod in ("evening", "night")
    idle = sig.idle is not None and sig.idle >= 60
    if not (tired or sig.weather or late or idle):
        return []
    out: list[_Candidate] = []
    order = {subject: i for i, subject in enumerate(FAVORITES)}
    facts = sorted((f for f in sig.facts if f[0] in FAVORITES), key=lambda f: order[f[0]])
    for subject, value in facts:
        kind = FAVORITES[subject]
        score = 0.5 + (0.2 if tired else 0.0) + (0.1 if sig.weather else 0.0)
        score += 0.05 if late else 0.0
        temp = ""
        if kind == "drink" and (sig.weather or sig.tod == "night" or tired):
            score += 0.1
            if not TEMPERATURE.search(value):
                temp = TEMP[sig.lang][1 if sig.weather == "hot" else 0]
        elif kind == "food" and sig.tod in ("afternoon", "evening"):
            score += 0.05
        elif kind == "other":
            score -= 0.05
        article = "an" if (temp + value)[:1].lower() in tuple("aeiou") else "a"
        noun, offer = OFFER[sig.lang][kind]
        slots = dict(_situation(sig))
        slots |= {
            "item": value,
            "item_phrase": noun.format(a=article, t=temp, i=value),
            "suggestion": offer.format(a=article, t=temp, i=value),
        }
        if sig.lang == "ko":
            slots["item_obj"] = _josa(slots["item_phrase"], "을", "를")
        needle = _norm(value)
        mems = [m for m in sig.memories if needle in _norm(m.content)][:2]
        mems += tired_mems[:2]
        out.append(_Candidate(score, slots, tuple(m.id for m in mems), (value,)))
    return out


def _match_celebrate(sig: _Signals) -> list[_Candidate]:
    out = []
    for m in sig.recent(14):
        if PROGRESS.search(m.content):
            score = 0.65 + 0.1 * _strength(m, "joy") + (0.05 if sig.age_days(m) <= 2 else 0.0)
            out.append(_Candidate(score, {"memory": _snippet(m)}, (m.id,)))
    return out


def _match_shared_joy(sig: _Signals) -> list[_Candidate]:
    out = []
    for m in sig.memories:
        joy = _strength(m, "joy", "nostalgia")
        if sig.age_days(m) < 1 or joy < 0.4:
            continue
        score = 0.4 + 0.2 * joy + (0.05 if TOGETHER.search(m.content) else 0.0)
        score += 0.1 if sig.idle is not None and sig.idle >= 30 else 0.0
        score += 0.05 if sig.tod in ("evening", "night") else 0.0
        out.append(_Candidate(score, {"memory": _snippet(m)}, (m.id,)))
    return out


def _match_silence(sig: _Signals) -> list[_Candidate]:
    if sig.idle is None or sig.idle < 240:
        return []
    hours = sig.idle / 60.0
    latest = sig.memories[0] if sig.memories else None
    days = int(hours // 24)
    words = SILENCE[sig.lang]
    when = words[0] if days < 1 else words[1] if days == 1 else words[2].format(n=days)
    slots = {"when": when}
    ids: tuple[str, ...] = ()
    if latest is not None:
        slots["memory"] = _snippet(latest)
        ids = (latest.id,)
    return [_Candidate(0.45 + min(0.35, hours / 96.0), slots, ids)]


_UPCOMING_FACTS: Final = ("upcoming_exam", "upcoming_event")
_ARTICLE: Final = re.compile(r"^(the|my|a|an|our)\s+", re.IGNORECASE)


def _match_upcoming(sig: _Signals) -> list[_Candidate]:
    out = []
    evening = 0.05 if sig.tod in ("evening", "night") else 0.0
    for subject, value in sig.facts:
        if subject in _UPCOMING_FACTS:
            event = _ARTICLE.sub("", value) if sig.lang == "en" else value
            slots = {"event": event, "event_subj": _josa(event, "이", "가")}
            needle = _norm(value)
            ids = tuple(m.id for m in sig.memories if needle in _norm(m.content))[:2]
            out.append(_Candidate(0.7 + evening, slots, ids, (value,)))
    for m in sig.recent(7):
        if UPCOMING.search(m.content) and not PROGRESS.search(m.content):
            out.append(_Candidate(0.6 + evening, {"memory": _snippet(m)}, (m.id,)))
    return out


# ---------------------------------------------------------------------------------------
# The pattern table

_P = Pattern
PATTERNS: Final[Mapping[str, Pattern]] = MappingProxyType({p.key: p for p in (
    _P("remind_upcoming",
       "a current fact upcoming_exam/upcoming_event (0.70), or a memory of the last 7 days "
       "about an exam/interview/deadline/tomorrow that is not already done (0.60); "
       "+0.05 in the evening or at night",
       _match_upcoming, TEMPLATES["remind_upcoming"]),
    _P("celebrate_progress",
       "a memory of the last 14 days about passing/finishing/achieving something; "
       "0.65 + 0.1 x its joy, +0.05 within 2 days",
       _match_celebrate, TEMPLATES["celebrate_progress"]),
    _P("suggest_favorite",
       "a favorite fact (drink, food, music, hobby, likes, ...) and a reason: tiredness, "
       "weather, evening/night or 60+ idle minutes; 0.5 + 0.2 tired + 0.1 weather + 0.05 late, "
       "+0.1 for a drink in bad weather/at night/when tired, -0.05 for non-food/drink/music",
       _match_favorite, TEMPLATES["suggest_favorite"]),
    _P("comfort_when_tired",
       "the current activity is overtime/tiring, or a memory of the last 3 days says tired/"
       "stressed (or one of the last 2 days is sad/anxious >= 0.6); 0.55 + 0.15 activity "
       "+ 0.05 memory + 0.1 night + 0.05 weather",
       _match_comfort, TEMPLATES["comfort_when_tired"]),
    _P("check_in_after_silence",
       "idle for 4+ hours (mentions the newest memory when there is one); "
       "0.45 + hours/96 (at most +0.35)",
       _match_silence, TEMPLATES["check_in_after_silence"]),
    _P("recall_shared_joy",
       "a memory at least a day old with joy or nostalgia >= 0.4; 0.4 + 0.2 x that emotion "
       "+ 0.05 shared ('together') + 0.1 idle 30+ min + 0.05 evening/night",
       _match_shared_joy, TEMPLATES["recall_shared_joy"]),
)})  # fmt: skip
"""The patterns, in tie-break order. ``PATTERNS[key].trigger`` states each trigger rule."""

_ORDER: Final = {key: i for i, key in enumerate(PATTERNS)}
_FORBIDDEN_SUBJECTS: Final = ("disliked", "allergy", "phobia", "forbidden")


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def _touches(texts: Iterable[str], forbidden: Sequence[str]) -> bool:
    haystack = "\n".join(_norm(t) for t in texts)
    return any(term in haystack for term in forbidden)


def imagine(
    memories: Sequence[Memory],
    facts: Sequence[tuple[str, str]],
    ctx: ImagineContext,
    *,
    weights: Mapping[str, float] = _NO_WEIGHTS,
    forbidden: Sequence[str] = (),
    rng_seed: int | None = None,
) -> Idea | None:
    """Imagine the best-fitting proactive idea for this moment, or None when nothing fits.

    ``facts`` are current (subject, value) pairs (see ``perceive.subjects``). Each pattern's
    score is multiplied by ``weights.get(pattern, 1.0)``; a weight <= 0 disables it.
    ``forbidden`` topics (plus the values of ``disliked``/``allergy``/``phobia``/``forbidden``
    facts) are matched case-insensitively as substrings of the scenario, the action, the
    source memories and the fact used; a touching wording variant or candidate is skipped.
    The language is ``ctx.language``, else the memories' majority language, else English.
    Without ``rng_seed`` the first fitting wording is used; with one, ``random.Random(seed)``
    picks among the fitting wordings. Same inputs, same idea.
    """
    sig = _signals(memories, facts, ctx)
    banned = [_norm(t).strip() for t in forbidden if t and t.strip()]
    banned += [_norm(v) for s, v in sig.facts if s in _FORBIDDEN_SUBJECTS]
    by_id = {m.id: m for m in sig.memories}
    ranked: list[tuple[float, int, int, str, _Candidate]] = []
    for key, pattern in PATTERNS.items():
        weight = float(weights.get(key, 1.0))
        if not weight > 0:
            continue
        for i, cand in enumerate(pattern.match(sig)):
            ranked.append((-round(cand.score * weight, 6), _ORDER[key], i, key, cand))
    ranked.sort(key=lambda r: r[:3])
    rng = random.Random(rng_seed) if rng_seed is not None else None
    for neg_score, _, _, key, cand in ranked:
        sources = [by_id[i].content for i in cand.memory_ids if i in by_id]
        if _touches([*sources, *cand.sources], banned):
            continue
        fitting = [
            (scenario.format(**cand.slots), action.format(**cand.slots))
            for scenario, action in PATTERNS[key].templates[sig.lang]
            if _fields(scenario) | _fields(action) <= cand.slots.keys()
        ]
        fitting = [pair for pair in fitting if not _touches(pair, banned)]
        if not fitting:
            continue
        scenario, action = rng.choice(fitting) if rng is not None else fitting[0]
        return Idea(key, scenario, action, cand.memory_ids, round(-neg_score, 4), sig.lang)
    return None


def feedback_weight(weight: float, feedback: str) -> float:
    """The pattern weight after the user's reaction: ``good`` x1.2 (at most 3.0), ``ignored``
    x0.9, ``refused`` x0.6 (at least 0.1). Unknown feedback raises ValueError."""
    factor = FEEDBACK_FACTORS.get(str(feedback).strip().lower())
    if factor is None:
        raise ValueError(f"unknown feedback {feedback!r}; expected good, ignored or refused")
    return min(WEIGHT_CAP, max(WEIGHT_FLOOR, weight * factor))


def daily_remaining(
    previous: Iterable[datetime], now: datetime, *, limit: int = MAX_PER_DAY
) -> int:
    """How many more ideas may be imagined on ``now``'s calendar day, given when the earlier
    ones were created (seed 000: at most three a day)."""
    start = now.replace(hour=0, minute=0, second=0, microsecond=0)
    end = start + timedelta(days=1)
    used = 0
    for created in previous:
        at = created
        if (at.tzinfo is None) != (now.tzinfo is None):
            at = at.replace(tzinfo=now.tzinfo)
        elif at.tzinfo is not None:
            at = at.astimezone(now.tzinfo)
        if start <= at < end:
            used += 1
    return max(0, limit - used)
