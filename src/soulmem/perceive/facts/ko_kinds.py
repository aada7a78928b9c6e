"""Which favourite a liked Korean thing is (``classify``: "라떼" a drink, "떡볶이" a food,
"재즈" music), from the lexicons."""

from __future__ import annotations

import re

from soulmem.perceive.facts.ko_lex import (
    ANIMALS,
    COLORS,
    DRINKS,
    FOOD_SUFFIXES,
    FOODS,
    GENRES,
    MUSIC,
    SPORTS,
    alt,
)

__all__ = ["classify"]

_DRINK_IN = re.compile(alt(DRINKS))
_FOOD_IN = re.compile(alt(f for f in FOODS if len(f) > 1))
_MUSIC_FULL = re.compile(rf"(?:[0-9]+년대\s*)?(?:{alt(MUSIC)})(?:\s*음악|\s*노래)?")
_GENRE_FULL = re.compile(rf"(?:{alt(GENRES)})(?:\s*소설|\s*책)?")


def classify(v: str) -> str | None:
    """The favourite_* subject a liked thing belongs to, from the lexicons."""
    if _DRINK_IN.search(v):
        return "favorite_drink"
    if v in FOODS or v.endswith(FOOD_SUFFIXES) or _FOOD_IN.search(v):
        return "favorite_food"
    if _MUSIC_FULL.fullmatch(v):
        return "favorite_music"
    if v in COLORS:
        return "favorite_color"
    if v in ("봄", "여름", "가을", "겨울"):
        return "favorite_season"
    if v in SPORTS:
        return "sport"
    if _GENRE_FULL.fullmatch(v):
        return "book_genre"
    if v in ANIMALS:
        return "favorite_animal"
    if v.endswith(("영화", "드라마")) and len(v) > 2:
        return "favorite_movie"
    return None
