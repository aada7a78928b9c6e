"""A small LRU of query vectors: people and characters ask the same things again."""

from __future__ import annotations

import threading
from collections import OrderedDict

from soulmem.embed.base import Embedder, Vector

__all__ = ["QueryCache"]


class QueryCache:
    """Query vectors by (model name, text), least recently used dropped past ``size``.

    Returned vectors are read-only and shared between callers. ``size`` 0 turns it off.
    """

    def __init__(self, size: int = 256) -> None:
        self.size = max(0, int(size))
        self.hits = 0
        self.misses = 0
        self._vectors: OrderedDict[tuple[str, str], Vector] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, embedder: Embedder, text: str) -> Vector:
        key = (embedder.name, text)
        with self._lock:
            found = self._vectors.get(key)
            if found is not None:
                self._vectors.move_to_end(key)
                self.hits += 1
                return found
            self.misses += 1
        vector = embedder.embed_query(text)  # outside the lock: other threads may look up
        vector.flags.writeable = False
        if self.size:
            with self._lock:
                self._vectors[key] = vector
                self._vectors.move_to_end(key)
                while len(self._vectors) > self.size:
                    self._vectors.popitem(last=False)
        return vector

    def clear(self) -> None:
        with self._lock:
            self._vectors.clear()
