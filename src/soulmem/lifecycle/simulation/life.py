"""The plan of a simulated life: every turn of the year, decided up front from a seed.

:func:`build_life` needs no engine: it turns a language's :class:`Script` and a seed into the
prologue (imported history), the daily turns, the rescue days and the end-of-year probes.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from soulmem.errors import InvalidInput
from soulmem.lifecycle.simulation.english import EN
from soulmem.lifecycle.simulation.japanese import JA
from soulmem.lifecycle.simulation.korean import KO
from soulmem.lifecycle.simulation.script import Script, pick
from soulmem.perceive.remember import asks_to_remember

__all__ = [
    "IMAGINE_MINUTE",
    "LANGUAGES",
    "OWNER_MINUTE",
    "PROLOGUE_DAYS",
    "START",
    "Evening",
    "Life",
    "Turn",
    "at",
    "build_life",
]

START = datetime(2025, 1, 1, 3, 0, tzinfo=UTC)
#: two weeks of imported backstory: its first days are a year old by the last M0 check
PROLOGUE_DAYS = 14
#: the character's evening: when it imagines, and when the owner opens the inbox
IMAGINE_MINUTE = 20 * 60 + 30
OWNER_MINUTE = 21 * 60 + 30
BONDING_SHARE = 1 / 6  # days with a bonding turn in the evening
IMAGINING_SHARE = 1 / 3  # evenings on which the character tries to imagine something
VERDICTS = ("good", "ignored", "refused")

LANGUAGES: dict[str, Script] = {"en": EN, "ko": KO, "ja": JA}


@dataclass(frozen=True, slots=True)
class Turn:
    day: int  # negative: the imported prologue
    minute: int  # minutes after midnight
    kind: str  # prologue | topic | question | trivia | strong | remember | bonding
    user: str
    assistant: str  # for a question: filled in from what the character recalls
    topic: str | None = None
    answer: str | None = None  # what a question asks for


@dataclass(frozen=True, slots=True)
class Evening:
    """An evening on which the character tries to imagine a proactive idea, and how the user
    will take it if one comes."""

    day: int
    activity: str | None
    weather: str | None
    idle_minutes: float
    verdict: str  # good | ignored | refused


@dataclass(frozen=True, slots=True)
class Life:
    language: str
    days: int
    turns: tuple[Turn, ...]
    rescue_days: frozenset[int]
    probes: tuple[tuple[str, str, str], ...]  # (topic, question, answer)
    evenings: tuple[Evening, ...] = ()


def build_life(
    days: int, seed: int, language: str = "en", turns_per_day: tuple[int, int] = (3, 5)
) -> Life:
    """The whole year as a deterministic plan (no engine involved)."""
    if language not in LANGUAGES:
        raise InvalidInput(f"language must be one of {', '.join(LANGUAGES)}, got {language!r}")
    low, high = turns_per_day
    if not 1 <= low <= high:
        raise InvalidInput(f"turns per day must be 1 <= low <= high, got {turns_per_day!r}")
    script = LANGUAGES[language]
    rng = random.Random(seed)
    turns: list[Turn] = []
    for offset, text in enumerate(script.prologue):
        day = -PROLOGUE_DAYS + offset * PROLOGUE_DAYS // len(script.prologue)
        reply = script.remember_reply if asks_to_remember(text) else pick(rng, script.replies)
        turns.append(Turn(day, 19 * 60 + offset, "prologue", text, reply))

    strong_days = _spaced_days(rng, days, 14, 28)
    remember_days = _spaced_days(rng, days, 50, 90)
    strong_pool = list(script.strong)
    remember_pool = list(script.remember)
    rng.shuffle(strong_pool)
    rng.shuffle(remember_pool)
    topic_weights = [6, 3, 4, 3, 3, 2]
    answers = {t.key: t.answer for t in script.topics}
    extra: dict[int, list[tuple[str, str, str, str | None]]] = {}
    for number, day in enumerate(strong_days):
        arc = strong_pool[number % len(strong_pool)]
        for offset, text in enumerate(arc):  # a moment, then the days after it
            if day + offset < days:
                warm = pick(rng, script.warm_replies)
                extra.setdefault(day + offset, []).append(("strong", text, warm, None))
    for number, day in enumerate(remember_days[: len(remember_pool)]):
        extra.setdefault(day, []).append(
            ("remember", remember_pool[number], script.remember_reply, None)
        )
    adopted = at(-PROLOGUE_DAYS, 0)
    for day in range(days):
        date = at(day, 0)
        if date.day == adopted.day:  # the cat's monthly "adoption day"
            months = (date.year - adopted.year) * 12 + date.month - adopted.month
            text = script.anniversary.format(months=months)
            extra.setdefault(day, []).append(("topic", text, pick(rng, script.replies), "cat"))
    for day in range(days):
        count = rng.randint(low, high)
        plan: list[tuple[str, str, str, str | None]] = list(extra.get(day, []))
        while len(plan) < count:
            roll = rng.random()
            if roll < 0.42:
                topic = rng.choices(script.topics, weights=topic_weights[: len(script.topics)])[0]
                plan.append(
                    ("topic", pick(rng, topic.statements), pick(rng, script.replies), topic.key)
                )
            elif roll < 0.5:
                topic = rng.choices(script.topics, weights=topic_weights[: len(script.topics)])[0]
                plan.append(("question", pick(rng, topic.questions), "", topic.key))
            else:
                plan.append(("trivia", script.trivia(rng), pick(rng, script.replies), None))
        rng.shuffle(plan)
        minute = 8 * 60 + rng.randint(0, 60)
        for kind, user, assistant, topic_key in plan:
            answer = answers[topic_key] if kind == "question" and topic_key else None
            turns.append(Turn(day, minute, kind, user, assistant, topic_key, answer))
            minute += rng.randint(60, 180)
            minute = min(minute, 23 * 60 + 50)
    rescue_days = frozenset(d for d in range(days) if d % 14 == 10 and rng.random() < 0.8)
    probes = tuple((t.key, t.probe, t.answer) for t in script.topics)
    turns, evenings = _character_days(script, seed, days, turns)
    return Life(language, days, tuple(turns), rescue_days, probes, evenings)


def _character_days(
    script: Script, seed: int, days: int, turns: list[Turn]
) -> tuple[list[Turn], tuple[Evening, ...]]:
    """The user's bonding turns (thanks, praise, gifts, time together: what raises the
    relationship) and the evenings the character imagines on. A separate random stream, so
    the rest of the life is the same as without them."""
    rng = random.Random(f"{seed}:character")
    last: dict[int, int] = {}
    for turn in turns:
        last[turn.day] = max(last.get(turn.day, 0), turn.minute)
    bonding: list[Turn] = []
    evenings: list[Evening] = []
    for day in range(days):
        if rng.random() < BONDING_SHARE:
            minute = min(max(last.get(day, 0), 20 * 60) + rng.randint(20, 90), 23 * 60 + 55)
            text = pick(rng, script.bonding)
            bonding.append(Turn(day, minute, "bonding", text, pick(rng, script.warm_replies)))
        if rng.random() < IMAGINING_SHARE:
            activity, weather = script.evenings[rng.randrange(len(script.evenings))]
            verdict = rng.choices(VERDICTS, weights=(6, 3, 1))[0]
            evenings.append(Evening(day, activity, weather, float(rng.randint(30, 240)), verdict))
    merged = sorted([*turns, *bonding], key=lambda t: t.day)  # stable: each day stays in order
    return merged, tuple(evenings)


def _spaced_days(rng: random.Random, days: int, low: int, high: int) -> list[int]:
    found: list[int] = []
    day = rng.randint(3, low)
    while day < days:
        found.append(day)
        day += rng.randint(low, high)
    return found


def at(day: int, minute: int) -> datetime:
    """The moment ``minute`` minutes after midnight on simulated day ``day``."""
    return START.replace(hour=0) + timedelta(days=day, minutes=minute)
