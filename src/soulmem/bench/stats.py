"""Small statistics helpers shared by the benchmarks (no numpy needed)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

__all__ = ["mean_percent", "percentile", "summarize_ms"]


def percentile(values: Iterable[float], q: float) -> float:
    """Return the ``q``-th percentile (0-100) with linear interpolation between ranks.

    Matches ``numpy.percentile(values, q)`` with its default ("linear") method.
    Raises ``ValueError`` for an empty input or ``q`` outside [0, 100].
    """
    data = sorted(float(v) for v in values)
    if not data:
        raise ValueError("percentile() of an empty sequence")
    if not 0.0 <= q <= 100.0 or math.isnan(q):
        raise ValueError(f"percentile q must be within [0, 100], got {q!r}")
    pos = (len(data) - 1) * q / 100.0
    lo = math.floor(pos)
    hi = min(lo + 1, len(data) - 1)
    frac = pos - lo
    return data[lo] + (data[hi] - data[lo]) * frac


def summarize_ms(seconds: Sequence[float]) -> dict[str, float | None]:
    """Summarize durations given in seconds as ``{"p50", "p95", "max"}`` in milliseconds.

    Values are rounded to 2 decimals; an empty input gives ``None`` for each key.
    """
    if not seconds:
        return {"p50": None, "p95": None, "max": None}
    ms = [s * 1000.0 for s in seconds]
    return {
        "p50": round(percentile(ms, 50), 2),
        "p95": round(percentile(ms, 95), 2),
        "max": round(max(ms), 2),
    }


def mean_percent(fractions: Sequence[float]) -> float | None:
    """Mean of fractions in [0, 1], as a percentage rounded to 1 decimal (``None`` if empty)."""
    if not fractions:
        return None
    return round(100.0 * sum(fractions) / len(fractions), 1)
