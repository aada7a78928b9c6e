"""The character's long mood (seed 002 ``long_mood_state``): one VAD row, revised by events.

The long mood is a background feeling, so it moves slowly. For each event:

1. **Decay.** Since ``mood.updated_at`` the mood relaxes toward neutral (0, 0, 0) with a
   half-life (default 3 days): each axis is multiplied by ``0.5 ** (elapsed / half_life)``.
   A clock that went backwards decays nothing.
2. **Pull.** The mood then moves toward the event's VAD by ``rate = weight * intensity``
   (default weight 0.1): ``m += rate * (event - m)``. A neutral event (intensity 0) does not
   pull at all; only the decay moves the mood then.
3. Each axis is clamped to -1..1 and ``updated_at`` becomes ``now``.

:func:`describe` names the mood in a short phrase for the recall context line ("calm and
content", "조금 우울함", "少し不安").
"""

from __future__ import annotations

import math
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Final

from soulmem.model import Affect, Mood

__all__ = ["decay_mood", "describe", "mood_state", "update_mood"]

#: Below this on both valence and arousal the mood is "even".
NEUTRAL_BAND: Final = 0.1
#: Valence/arousal magnitude that counts as "slight" (below) and "strong" (at or above).
SLIGHT: Final = 0.3
STRONG: Final = 0.6


def _clamp(value: float) -> float:
    return max(-1.0, min(1.0, value))


def decay_mood(mood: Mood, now: datetime, *, half_life: timedelta = timedelta(days=3)) -> Mood:
    """``mood`` relaxed toward neutral for the time since ``mood.updated_at`` (unchanged
    ``updated_at``: this is a view for "now", not a revision)."""
    if half_life <= timedelta(0):
        raise ValueError("half_life must be positive")
    if mood.updated_at is None or now <= mood.updated_at:
        return mood
    factor = 0.5 ** ((now - mood.updated_at) / half_life)
    return replace(
        mood,
        valence=mood.valence * factor,
        arousal=mood.arousal * factor,
        dominance=mood.dominance * factor,
    )


def update_mood(
    mood: Mood,
    affect: Affect,
    now: datetime,
    *,
    half_life: timedelta = timedelta(days=3),
    weight: float = 0.1,
) -> Mood:
    """The long mood after one event with ``affect`` at ``now`` (see the module doc)."""
    if not 0.0 <= weight <= 1.0:
        raise ValueError("weight must be within 0..1")
    decayed = decay_mood(mood, now, half_life=half_life)
    intensity = affect.intensity if math.isfinite(affect.intensity) else 0.0
    rate = weight * max(0.0, min(1.0, intensity))

    def pull(current: float, target: float) -> float:
        target = _clamp(target) if math.isfinite(target) else 0.0
        return _clamp(current + rate * (target - current))

    return replace(
        decayed,
        valence=pull(decayed.valence, affect.valence),
        arousal=pull(decayed.arousal, affect.arousal),
        dominance=pull(decayed.dominance, affect.dominance),
        updated_at=now if mood.updated_at is None else max(now, mood.updated_at),
    )


def mood_state(mood: Mood) -> tuple[str, int]:
    """``(state, strength)``: state one of even, content, cheerful, down, irritated, anxious,
    restless, tired; strength 0 slight, 1 moderate, 2 strong."""
    v, a, d = mood.valence, mood.arousal, mood.dominance
    if abs(v) < NEUTRAL_BAND and abs(a) < NEUTRAL_BAND:
        return "even", 0
    if abs(v) >= NEUTRAL_BAND:
        magnitude = abs(v)
        if v > 0:
            state = "cheerful" if a >= 0.15 else "content"
        elif a >= 0.15:
            state = "irritated" if d >= 0 else "anxious"
        else:
            state = "down"
    else:
        magnitude = abs(a)
        state = "restless" if a > 0 else "tired"
    strength = 0 if magnitude < SLIGHT else (2 if magnitude >= STRONG else 1)
    return state, strength


# state -> (slight, moderate, strong) phrases per language.
_PHRASES: Final[dict[str, dict[str, tuple[str, str, str]]]] = {
    "en": {
        "even": ("calm and even", "calm and even", "calm and even"),
        "content": ("a little content", "calm and content", "deeply content"),
        "cheerful": ("a little cheerful", "cheerful and lively", "excited and elated"),
        "down": ("a little down", "down and gloomy", "very low"),
        "irritated": ("a little irritated", "irritated", "angry and tense"),
        "anxious": ("a little uneasy", "anxious", "very anxious"),
        "restless": ("a little restless", "restless", "tense and on edge"),
        "tired": ("a little tired", "tired and sluggish", "exhausted"),
    },
    "ko": {
        "even": ("평온함", "평온함", "평온함"),
        "content": ("조금 편안함", "편안하고 만족스러움", "아주 만족스러움"),
        "cheerful": ("조금 들뜸", "기분이 좋고 들뜸", "몹시 신남"),
        "down": ("조금 우울함", "우울함", "많이 우울함"),
        "irritated": ("조금 짜증스러움", "짜증스러움", "많이 화가 남"),
        "anxious": ("조금 불안함", "불안함", "많이 불안함"),
        "restless": ("조금 안절부절못함", "안절부절못함", "몹시 긴장됨"),
        "tired": ("조금 나른함", "지치고 나른함", "몹시 지침"),
    },
    "ja": {
        "even": ("落ち着いている", "落ち着いている", "落ち着いている"),
        "content": ("少し満ち足りている", "穏やかで満ち足りている", "とても満ち足りている"),
        "cheerful": ("少し浮かれている", "明るく弾んでいる", "とてもわくわくしている"),
        "down": ("少し落ち込んでいる", "落ち込んでいる", "とても落ち込んでいる"),
        "irritated": ("少しいらいら", "いらいらしている", "とても怒っている"),
        "anxious": ("少し不安", "不安", "とても不安"),
        "restless": ("少しそわそわ", "そわそわしている", "とても張り詰めている"),
        "tired": ("少しだるい", "疲れてだるい", "とても疲れている"),
    },
}


def describe(mood: Mood, language: str | None = "en") -> str:
    """A short phrase for the mood in ``language`` ("ko", "ja"; anything else: English)."""
    state, strength = mood_state(mood)
    table = _PHRASES.get(language or "en", _PHRASES["en"])
    return table[state][strength]
