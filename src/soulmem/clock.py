"""Time comes from an injected clock, so a test can live a year in a second."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta
from typing import Protocol, runtime_checkable

from soulmem.errors import UsageError

__all__ = ["DAY", "Clock", "ManualClock", "SystemClock", "ensure_aware", "from_iso", "to_iso"]


@runtime_checkable
class Clock(Protocol):
    """Something that tells the current time as a timezone-aware UTC datetime."""

    def now(self) -> datetime: ...


class SystemClock:
    """The wall clock."""

    def now(self) -> datetime:
        return datetime.now(UTC)


class ManualClock:
    """A clock that only moves when told to: the deterministic fake for tests and simulations."""

    def __init__(self, start: datetime | None = None) -> None:
        self._now = ensure_aware(start) if start else datetime(2025, 1, 1, tzinfo=UTC)
        self._lock = threading.Lock()

    def now(self) -> datetime:
        with self._lock:
            return self._now

    def advance(self, delta: timedelta | None = None, **kwargs: float) -> datetime:
        """Move forward by ``delta`` or by ``timedelta(**kwargs)``; returns the new time."""
        step = delta if delta is not None else timedelta(**kwargs)
        if step < timedelta(0):
            raise UsageError("a clock cannot go backwards")
        with self._lock:
            self._now += step
            return self._now

    def set(self, when: datetime) -> None:
        with self._lock:
            self._now = ensure_aware(when)


def ensure_aware(value: datetime) -> datetime:
    """Naive datetimes are taken as UTC; aware ones are converted to UTC."""
    if value.tzinfo is None:
        return value.replace(tzinfo=UTC)
    return value.astimezone(UTC)


def from_iso(text: str) -> datetime:
    return ensure_aware(datetime.fromisoformat(text))


def to_iso(value: datetime) -> str:
    return ensure_aware(value).isoformat(timespec="microseconds")


DAY = timedelta(days=1)
