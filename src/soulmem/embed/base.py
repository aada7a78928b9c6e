"""The Embedder protocol: text in, unit-length float32 vectors out."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from soulmem.errors import EmbedderError

__all__ = ["Embedder", "Vector", "first_row", "normalize_rows"]

Vector = npt.NDArray[np.float32]


@runtime_checkable
class Embedder(Protocol):
    """A text embedding model.

    ``name`` identifies the model and its version: vectors are stored with it, so changing the
    model re-embeds instead of mixing vector spaces. Queries and documents may be embedded
    differently (e5 uses "query: " / "passage: " prefixes).
    """

    @property
    def name(self) -> str: ...

    @property
    def dim(self) -> int: ...

    def embed_documents(self, texts: Sequence[str]) -> Vector:
        """(len(texts), dim) unit-length rows."""
        ...

    def embed_query(self, text: str) -> Vector:
        """(dim,) unit-length vector."""
        ...


def normalize_rows(matrix: npt.ArrayLike, *, dim: int, name: str) -> Vector:
    """Validate shape and finiteness, and scale rows to unit length."""
    array = np.asarray(matrix, dtype=np.float32)
    if array.ndim == 1:
        array = array.reshape(1, -1)
    if array.ndim != 2 or array.shape[1] != dim:
        raise EmbedderError(f"{name} returned shape {array.shape}, expected (n, {dim})")
    if not np.all(np.isfinite(array)):
        raise EmbedderError(f"{name} returned non-finite values")
    norms = np.linalg.norm(array, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    return np.ascontiguousarray(array / norms, dtype=np.float32)


def first_row(matrix: Vector) -> Vector:
    return np.ascontiguousarray(matrix[0], dtype=np.float32)
