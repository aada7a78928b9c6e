"""What the in-process copies of the file's rows (the lexical postings, the reply links) share:
one state, a lock around it, and a way to drop it (erase, close)."""

from __future__ import annotations

import threading
from typing import Generic, TypeVar

__all__ = ["FileCopy"]

S = TypeVar("S")


class FileCopy(Generic[S]):
    """A copy of some of the file's rows held in process memory; ``_state`` is None until the
    first read builds it, and again after :meth:`clear`."""

    def __init__(self) -> None:
        self._state: S | None = None
        self._lock = threading.Lock()

    def clear(self) -> None:
        with self._lock:
            self._state = None
