"""A deterministic embedder for unit tests: hashed token features, no model, no network.

Texts that share tokens get similar vectors, so ranking logic can be tested meaningfully.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

import numpy as np

from soulmem.embed.base import Vector, first_row, normalize_rows

__all__ = ["FakeEmbedder"]


class FakeEmbedder:
    def __init__(self, dim: int = 64, *, name: str = "fake-hash") -> None:
        self.dim = dim
        self._name = f"{name}-{dim}"
        self.calls = 0

    @property
    def name(self) -> str:
        return self._name

    def _vector(self, text: str) -> list[float]:
        from soulmem.recall.tokenize import tokenize

        row = np.zeros(self.dim, dtype=np.float32)
        for token in tokenize(text) or [text]:
            digest = hashlib.blake2b(token.encode("utf-8"), digest_size=8).digest()
            index = int.from_bytes(digest[:4], "little") % self.dim
            sign = 1.0 if digest[4] % 2 else -1.0
            row[index] += sign
        if not row.any():
            row[0] = 1.0
        return [float(x) for x in row]

    def embed_documents(self, texts: Sequence[str]) -> Vector:
        self.calls += 1
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return normalize_rows([self._vector(t) for t in texts], dim=self.dim, name=self.name)

    def embed_query(self, text: str) -> Vector:
        return first_row(self.embed_documents([text]))
