"""What the in-process copies of the file's rows (the lexical postings, the reply links, the
turns' heads) share: one state, a lock around it, a way to bring it up to date ahead of the
first read (:meth:`FileCopy.warm`) and a way to drop it (erase, close)."""

from __future__ import annotations

import threading
from typing import Generic, TypeVar

from soulmem.store.sql import SqlConnection

__all__ = ["FileCopy"]

S = TypeVar("S")


class FileCopy(Generic[S]):
    """A copy of some of the file's rows held in process memory; ``_state`` is None until the
    first read builds it (``_current``), and again after :meth:`clear`."""

    def __init__(self) -> None:
        self._state: S | None = None
        self._lock = threading.Lock()

    def _current(self, conn: SqlConnection) -> S:
        """The state, built or brought up to date from ``conn`` (called under the lock)."""
        raise NotImplementedError

    def warm(self, conn: SqlConnection) -> None:
        """Build the copy now (or bring it up to date), as the first read would."""
        with self._lock:
            self._current(conn)

    def refresh(self, conn: SqlConnection) -> None:
        """Bring the copy up to date if it has been built (a copy not built stays so)."""
        with self._lock:
            if self._state is not None:
                self._current(conn)

    def clear(self) -> None:
        with self._lock:
            self._state = None
