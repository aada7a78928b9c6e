"""Recall's worker threads: one embeds the query while the store is read
(``RecallConfig.parallel_embed``) and one more runs the dense searches as soon as the vector
is there (both start together); two read the candidates at once (``parallel_reads``). Each
pool is made on first use and shut down with the engine."""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from typing import TypeVar

from soulmem.cpus import usable_cpus

__all__ = ["RecallThreads", "usable_cpus"]

T = TypeVar("T")


class RecallThreads:
    """An engine's recall threads; ``backend`` decides the defaults (None settings)."""

    def __init__(self, backend: str) -> None:
        self.backend = backend
        self._embed: ThreadPoolExecutor | None = None
        self._search: ThreadPoolExecutor | None = None
        self._reads: ThreadPoolExecutor | None = None
        self._lock = threading.Lock()

    @property
    def embedding(self) -> bool:
        """Whether the query-embedding thread has been started."""
        return self._embed is not None

    @property
    def search_pool(self) -> Executor | None:
        """The thread for dense searches that wait for a query being embedded (None until the
        embedding thread is started): they run there one after another, beside the callers'
        reads, and never hold up the embeddings asked after them."""
        return self._search

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
                self._search = ThreadPoolExecutor(1, thread_name_prefix="soulmem-search")
            pool = self._embed
        return pool.submit(embed)

    def close(self) -> None:
        with self._lock:
            # searches first: one may be waiting for an embedding, which its pool still runs
            pools = [self._search, self._embed, self._reads]
            self._search = self._embed = self._reads = None
        for pool in pools:
            if pool is not None:
                pool.shutdown(wait=True)
