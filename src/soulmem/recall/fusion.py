"""The fusion steps of ranking on the candidates' values: a min-max, a turn's share of its
reply neighbours' values, its session's standing, its context keys mixed into its
similarity (``recall/rank.py`` has the formula they make up).

Ranking keeps every candidate's values as arrays in one candidate order (:class:`Table`):
the same operations in the same order as on dicts, so the same floats, without a Python
step per candidate for each. ``minmax`` and ``with_sessions`` are the same steps on dicts.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import numpy as np
import numpy.typing as npt

from soulmem.store.base import ContextKeys

__all__ = [
    "Array",
    "Table",
    "minmax",
    "minmax_array",
    "sessions_array",
    "with_context",
    "with_sessions",
]

Array = npt.NDArray[np.float64]


def minmax(values: dict[str, float]) -> dict[str, float]:
    """Scale to [0, 1]; a single value (or all equal) maps to 1."""
    scaled = minmax_array(np.fromiter(values.values(), np.float64, len(values)))
    return dict(zip(values, scaled.tolist(), strict=True))


def minmax_array(values: Array) -> Array:
    """:func:`minmax` of an array."""
    if not len(values):
        return values
    low, high = float(values.min()), float(values.max())
    if high - low < 1e-12:
        return np.ones_like(values)
    return (values - low) / (high - low)


class Table:
    """The candidates in a fixed order, for values kept as arrays in that order: ``edges``
    holds each reply link between two candidates both ways (positions of the turn and of
    its neighbour), ``floor`` the value of a candidate without a vector."""

    __slots__ = ("edges", "floor", "ids", "index")

    def __init__(self, ids: list[str], floor: float, links: Iterable[tuple[str, str]]) -> None:
        self.ids = ids
        self.floor = floor
        self.index = {cid: i for i, cid in enumerate(ids)}
        ends: list[int] = []
        for reply, to in links:
            i, j = self.index.get(reply), self.index.get(to)
            if i is not None and j is not None:
                ends += (i, j, j, i)
        pairs = np.array(ends, np.intp).reshape(-1, 2)
        self.edges = (pairs[:, 0], pairs[:, 1])

    def values(self, by_id: Mapping[str, float], default: float) -> Array:
        """``by_id``'s value of each candidate (``default`` for one it lacks)."""
        get = by_id.get
        return np.fromiter((get(cid, default) for cid in self.ids), np.float64, len(self.ids))

    def with_neighbours(self, values: Array, weight: float) -> Array:
        """Each value plus ``weight`` x the best of its reply neighbours' values (``floor``
        for none): a turn next to a matching turn (question -> answer)."""
        if weight <= 0:
            return values
        turn, neighbour = self.edges
        best = np.full(len(values), -np.inf)
        np.maximum.at(best, turn, values[neighbour])
        best[best == -np.inf] = self.floor
        return values + weight * best


def with_context(dense: dict[str, float], keys: ContextKeys, weight: float) -> None:
    """Mix each turn's context keys into its similarity (in place): its key with the turn
    before it and the key of the turn that replies to it, ``weight`` each. A key that is
    missing (the first turn of a session, a history loaded without them) counts as the
    turn's own similarity."""
    for cid in set(keys.before) | set(keys.after):
        own = dense[cid]
        dense[cid] = (1.0 - 2.0 * weight) * own + weight * (
            keys.before.get(cid, own) + keys.after.get(cid, own)
        )


def with_sessions(
    fused: dict[str, float], sessions: Mapping[str, str | None], weight: float
) -> dict[str, float]:
    """A turn shares in how well its session matches: each session is scored by its best
    turn, and a turn loses up to ``weight`` as its session falls behind the best session.
    Turns without a session, derived memories (neither is in ``sessions``, turn id -> its
    session) and a single session are left as they are."""
    values = np.fromiter(fused.values(), np.float64, len(fused))
    out = sessions_array(values, [sessions.get(cid) for cid in fused], weight)
    return dict(zip(fused, out.tolist(), strict=True))


def sessions_array(fused: Array, sessions: Sequence[str | None], weight: float) -> Array:
    """:func:`with_sessions` of an array: ``sessions`` holds each value's session (None:
    none)."""
    code: dict[str, int] = {}
    codes = np.fromiter(
        (-1 if s is None else code.setdefault(s, len(code)) for s in sessions),
        np.intp,
        len(sessions),
    )
    if len(code) < 2:
        return fused
    has = codes >= 0
    best = np.full(len(code), -np.inf)
    np.maximum.at(best, codes[has], fused[has])
    level = minmax_array(best)
    out = fused.copy()
    out[has] -= weight * (1.0 - level[codes[has]])
    return out
