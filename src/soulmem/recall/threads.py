"""Recall's worker threads: one embeds the query while the store is read
(``RecallConfig.parallel_embed``) and then searches the vectors with it, two read the
candidates at once (``parallel_reads``). Each pool is made on first use and shut down with
the engine."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from typing import TypeVar

__all__ = ["RecallThreads", "usable_cpus"]

T = TypeVar("T")


def usable_cpus() -> int:
    """CPUs this process may run on (its affinity, where the platform tells it)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


class RecallThreads:
    """An engine's recall threads; ``backend`` decides the defaults (None settings)."""

    def __init__(self, backend: str) -> None:
        self.backend = backend
        self._embed: ThreadPoolExecutor | None = None
        self._reads: ThreadPoolExecutor | None = None
        self._lock = threading.Lock()

    @property
    def embedding(self) -> bool:
        """Whether the query-embedding thread has been started."""
        return self._embed is not None

    @property
    def embedding_pool(self) -> Executor | None:
        """The query-embedding thread (None until it is started): work queued there runs
        after the embeddings asked before it."""
        return self._embed

    def reads(self, setting: bool | None) -> Executor | None:
        """Threads for recall's independent reads, or None to read one after the other.
        ``setting`` None: on PostgreSQL, whose reads wait on the server."""
        if not (self.backend == "postgres" if setting is None else setting):
            return None
        with self._lock:
            if self._reads is None:
                self._reads = ThreadPoolExecutor(2, thread_name_prefix="soulmem-read")
            return self._reads

    def embed_soon(self, setting: bool | None, embed: Callable[[], T]) -> Future[T]:
        """``embed()`` on the embedding thread, or here before returning. ``setting`` None:
        where this process may run on two CPUs or more, and always on PostgreSQL (the model
        releases the GIL, so the caller reads the store meanwhile)."""
        if setting is None:
            setting = self.backend == "postgres" or usable_cpus() >= 2
        if not setting:
            done: Future[T] = Future()
            try:
                done.set_result(embed())
            except Exception as exc:
                done.set_exception(exc)
            return done
        with self._lock:
            if self._embed is None:
                self._embed = ThreadPoolExecutor(1, thread_name_prefix="soulmem-embed")
            pool = self._embed
        return pool.submit(embed)

    def close(self) -> None:
        with self._lock:
            pools = [self._embed, self._reads]
            self._embed = self._reads = None
        for pool in pools:
            if pool is not None:
                pool.shutdown(wait=True)
