"""The memories' decay as a clock (seed 003, in SQL both backends share): a decay writes one
row, not every memory's.

The decay (every 5 turns) multiplies the strength of each active, non-M0 memory above a floor
by a factor of its type, intensity and importance. As an UPDATE of every such row it rewrote
the whole memories table at each decay (37 MB at 100k memories: 370-500 ms an observe, and a
checkpoint that the recall after it paid for). Now the scope's ``decay_clock`` row counts its
decays (``epoch``) and keeps the rule of the last one; a memory row keeps its strength as of
the epoch in its ``strength_epoch``, and every read applies the decays since
(:data:`STRENGTH_NOW`, in SQL, so filters on strength see the same value). The decays a
memory takes between two writes are the ones the UPDATE would have made: while it is active,
not M0 and above the floor, one factor a decay, and the factor is its own as of its last write
(a write of the row, or of its status, first stores the strength as of the clock: ``settle``).
A decay with another rule settles the scope's memories under the old rule first.
"""

from __future__ import annotations

import math
import sqlite3
from collections.abc import Sequence
from dataclasses import astuple, dataclass

from soulmem.errors import InvalidInput
from soulmem.model import MemoryType, Scope
from soulmem.store.sql import SqlConnection
from soulmem.store.sqlite.rows import scope_params

__all__ = [
    "CLOCK_JOIN",
    "EPOCH_OF_ROW",
    "EPOCH_OF_SCOPE",
    "STRENGTH_NOW",
    "DecayRule",
    "add_math",
    "advance",
    "settle",
]

#: the clock of each memory row ``m`` (none: the scope never decayed)
CLOCK_JOIN = (
    "LEFT JOIN decay_clock d ON d.user_id = m.user_id AND d.agent_id = m.agent_id "
    "AND d.world_id = m.world_id"
)
#: the scope's epoch, for a row written now (the parameters: the scope's three columns)
EPOCH_OF_SCOPE = (
    "coalesce((SELECT epoch FROM decay_clock WHERE user_id = ? AND agent_id = ? "
    "AND world_id = ?), 0)"
)
#: the same inside an UPDATE of memories
EPOCH_OF_ROW = (
    "coalesce((SELECT epoch FROM decay_clock c WHERE c.user_id = memories.user_id "
    "AND c.agent_id = memories.agent_id AND c.world_id = memories.world_id), 0)"
)


_BASE = (
    "(CASE m.memory_type WHEN 'semantic' THEN d.base_semantic "
    "WHEN 'emotional' THEN d.base_emotional ELSE d.base_episodic END)"
)
_WEIGHT = "(d.emotion_weight * m.intensity + d.importance_weight * m.importance)"
#: below 1 (the rule's cap is): each decay shrinks the strength. The scalar min of SQLite is
#: LEAST on PostgreSQL (store/postgres/dialect.py).
_FACTOR = f"min(d.cap, {_WEIGHT} + (1 - {_WEIGHT}) * {_BASE})"
_STEPS = "(d.epoch - m.strength_epoch)"
#: the step that first leaves the strength at or below the floor (the decay stops there)
_TO_FLOOR = f"ceil(ln(d.above / m.strength) / ln({_FACTOR}))"
#: the strength of memory row ``m`` now, under its scope's clock ``d`` (:data:`CLOCK_JOIN`);
#: a factor that is not positive (from an intensity or importance far outside 0..1) leaves 0
STRENGTH_NOW = (
    "(CASE WHEN d.epoch > m.strength_epoch AND m.status = 'active' AND m.tier != 'M0' "
    f"AND m.strength > d.above THEN coalesce(m.strength * pow({_FACTOR}, "
    f"min({_STEPS}, {_TO_FLOOR})), 0.0) ELSE m.strength END)"
)

_RULE_COLUMNS = (
    "above",
    "cap",
    "emotion_weight",
    "importance_weight",
    "base_episodic",
    "base_semantic",
    "base_emotional",
)


@dataclass(frozen=True, slots=True)
class DecayRule:
    """What one decay does: ``strength *= min(cap, base + (1 - base) * (emotion_weight *
    intensity + importance_weight * importance))`` for strengths above ``above``."""

    above: float
    cap: float
    emotion_weight: float
    importance_weight: float
    base_episodic: float
    base_semantic: float
    base_emotional: float

    @classmethod
    def of(
        cls,
        bases: dict[str, float],
        *,
        emotion_weight: float,
        importance_weight: float,
        cap: float,
        above: float,
    ) -> DecayRule:
        """The rule for these settings; a type missing from ``bases`` decays as episodic
        (0.95 when that is missing too)."""
        default = bases.get(MemoryType.EPISODIC.value, 0.95)
        base = {t: float(bases.get(t.value, default)) for t in MemoryType}
        if not 0 < cap < 1 or not all(0 < b <= 1 for b in base.values()):
            raise InvalidInput(f"decay needs 0 < cap < 1 and bases in (0, 1], got {cap}, {bases}")
        if emotion_weight < 0 or importance_weight < 0 or above <= 0:
            raise InvalidInput("decay needs weights >= 0 and a floor above 0")
        return cls(
            float(above),
            float(cap),
            float(emotion_weight),
            float(importance_weight),
            base[MemoryType.EPISODIC],
            base[MemoryType.SEMANTIC],
            base[MemoryType.EMOTIONAL],
        )


def advance(conn: SqlConnection, scope: Scope, rule: DecayRule) -> int:
    """One decay of the scope's memories under ``rule``; returns how many memories it applies
    to (the scope's active memories outside M0, with those already at the floor)."""
    params = scope_params(scope)
    row = conn.execute(
        f"SELECT {', '.join(_RULE_COLUMNS)} FROM decay_clock "
        "WHERE user_id = ? AND agent_id = ? AND world_id = ?",
        params,
    ).fetchone()
    if row is not None and tuple(row) != astuple(rule):
        settle(conn, "m.user_id = ? AND m.agent_id = ? AND m.world_id = ?", [params])
    names = ", ".join(_RULE_COLUMNS)
    marks = ", ".join("?" * len(_RULE_COLUMNS))
    updates = ", ".join(f"{name} = excluded.{name}" for name in _RULE_COLUMNS)
    conn.execute(  # the first decay is epoch 1; the rule is this decay's
        f"INSERT INTO decay_clock (user_id, agent_id, world_id, epoch, {names}) "
        f"VALUES (?, ?, ?, 1, {marks}) ON CONFLICT (user_id, agent_id, world_id) "
        f"DO UPDATE SET epoch = decay_clock.epoch + 1, {updates}",
        (*params, *astuple(rule)),
    )
    # from the scope index alone: counting only those above the floor read every row (210 ms
    # at 100k memories)
    under = conn.execute(
        "SELECT count(*) FROM memories WHERE user_id = ? AND agent_id = ? AND world_id = ? "
        "AND status = 'active' AND tier != 'M0'",
        params,
    ).fetchone()[0]
    return int(under)


def settle(conn: SqlConnection, where: str, rows: Sequence[Sequence[object]]) -> None:
    """Store the strength as of the clock in the memory rows ``m`` that ``where`` picks (once
    for each parameter row in ``rows``), before a write that changes whether or how they
    decay."""
    conn.executemany(
        f"UPDATE memories AS m SET strength = {STRENGTH_NOW}, strength_epoch = d.epoch "
        "FROM decay_clock AS d WHERE d.user_id = m.user_id AND d.agent_id = m.agent_id "
        f"AND d.world_id = m.world_id AND d.epoch > m.strength_epoch AND ({where})",
        rows,
    )


def add_math(conn: sqlite3.Connection) -> None:
    """:data:`STRENGTH_NOW` needs SQLite's math functions; a library built without them gets
    Python's."""
    try:
        conn.execute("SELECT pow(2, 2), ln(2), ceil(1.5)").fetchone()
    except sqlite3.OperationalError:
        conn.create_function("pow", 2, _pow, deterministic=True)
        conn.create_function("ln", 1, _ln, deterministic=True)
        conn.create_function("ceil", 1, _ceil, deterministic=True)


def _pow(x: float | None, y: float | None) -> float | None:
    return None if x is None or y is None else math.pow(x, y)


def _ln(x: float | None) -> float | None:
    return None if x is None or x <= 0 else math.log(x)


def _ceil(x: float | None) -> float | None:
    return None if x is None else float(math.ceil(x))
