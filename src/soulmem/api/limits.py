"""Requests per API key: a token bucket for each key (the numbers: ``ServiceLimits`` in
``soulmem.config``).

The service's limits and their defaults (``ServiceLimits()``; ``soulmem serve`` options in
brackets):

* request body: 8 MiB (``DEFAULT_MAX_BODY_BYTES``), refused with 413 before it is read
  whole; text fields are further bounded by the engine's ``LimitsConfig`` (200,000
  characters a message).
* requests per API key: 6,000 a minute, bursts of 300 [``--rate-limit``, ``--rate-burst``;
  ``--rate-limit 0`` turns it off]. Over it: 429 ``rate_limited`` with ``Retry-After``.
* recall: ``budget_tokens`` at most 32,000 and ``max_items`` at most 500
  [``--max-recall-tokens``]; above: 400 ``invalid_input`` (the library itself has no cap).
"""

from __future__ import annotations

import math
import threading
import time

from soulmem.errors import RateLimited

__all__ = ["RateLimiter"]


class RateLimiter:
    """A token bucket per key: ``burst`` requests at once, refilled at ``per_minute``."""

    def __init__(self, per_minute: int, burst: int) -> None:
        self.rate = per_minute / 60.0
        self.burst = float(burst)
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def check(self, key_id: str) -> None:
        """Take one request from the key's bucket; RateLimited when it is empty."""
        if self.rate <= 0:
            return
        now = time.monotonic()
        with self._lock:
            tokens, last = self._buckets.get(key_id, (self.burst, now))
            tokens = min(self.burst, tokens + (now - last) * self.rate)
            if tokens < 1.0:
                self._buckets[key_id] = (tokens, now)
                wait = math.ceil((1.0 - tokens) / self.rate)
                raise RateLimited(
                    f"too many requests for this API key (limit {round(self.rate * 60)} a "
                    f"minute, bursts of {int(self.burst)}); retry in {wait} s",
                    retry_after=wait,
                )
            self._buckets[key_id] = (tokens - 1.0, now)
