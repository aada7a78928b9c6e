"""The social layer (seed 003 §2-1, seed 002 long mood): relationship, mood and scenes.

Pure, deterministic rules over records, with no storage and no network:

* :mod:`~soulmem.social.relationship`: what a turn does to the five relationship axes
  (:func:`turn_deltas`, :func:`apply`), intimacy levels and speech style, emotional history
  and shared experiences (behaviour toward or with the character).
* :mod:`~soulmem.social.mood`: the character's long mood, moved slowly by each event's VAD and
  relaxing toward neutral with a half-life (:func:`update_mood`, :func:`describe`).
* :mod:`~soulmem.social.scenes`: a session's turns told as a scene (:func:`scene_for`).
"""

from soulmem.social.mood import decay_mood, describe, update_mood
from soulmem.social.relationship import (
    AXES,
    SPEECH_STYLES,
    Delta,
    apply,
    deltas_from_mapping,
    emotional_entry,
    level_of,
    push_experience,
    push_history,
    shared_experience,
    speech_style_for,
    turn_deltas,
)
from soulmem.social.scenes import scene_for, time_of_day

__all__ = [
    "AXES",
    "SPEECH_STYLES",
    "Delta",
    "apply",
    "decay_mood",
    "deltas_from_mapping",
    "describe",
    "emotional_entry",
    "level_of",
    "push_experience",
    "push_history",
    "scene_for",
    "shared_experience",
    "speech_style_for",
    "time_of_day",
    "turn_deltas",
    "update_mood",
]
