"""The file's turns as ranking sees them (``EventHead``), held in process memory.

Recall scores a few hundred candidate turns a query, and of each it needs only its head: the
session, who spoke, whether it says anything, whether it asks, what its text costs at least.
As SQL each turn is two B-tree seeks (the id index, then the row) and a decode of the whole
row. With the heads here ranking reads no rows, and only the turns a context looks at are
read whole (``recall/rank.py``). Turns are inserted by observe and rarely change afterwards,
so a copy stays current cheaply:

* new turns are the rows past the largest ``seq`` the copy has seen (``seq`` is the rowid
  and AUTOINCREMENT: never reused): read only those;
* an update of a column a head is made of (a purge removes a turn's text) or a delete (an
  erase) logs the turn in ``event_changes`` (triggers, migration 0010): the copy reads the
  turns logged since it last looked, and drops those that are gone.

Every writer, process and path is covered, as the triggers sit on the table. ``clear``
drops the copy (erase, close). The first read builds it (100k turns: about 3.5 s, most of it
``ends_asking``, ``is_bare_question`` and the token count that bounds a turn's line,
``quoted_tokens_at_least``); its session ids and speakers are shared: 100k turns hold about
20 MB.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from soulmem.recall.quoted import quoted_tokens_at_least
from soulmem.recall.tokenize import tokens_at_least
from soulmem.store.base import EventHead, event_head
from soulmem.store.sql import SqlConnection
from soulmem.store.sqlite.copies import FileCopy

__all__ = ["HEAD_COLUMNS", "TurnHeads", "head_from_row"]

#: the columns a head is made of, in the order :func:`head_from_row` takes them
HEAD_COLUMNS = "session_id, user_name, assistant_name, user_text, assistant_text, images"
_HEADS = f"SELECT id, {HEAD_COLUMNS} FROM events"
_COLUMNS = ", ".join(f"e.{c.strip()}" for c in HEAD_COLUMNS.split(","))
#: the turns logged since a change: (change, id logged, id if the turn still exists, columns)
_CHANGED = (
    f"SELECT c.change, c.event_id, e.id, {_COLUMNS} FROM event_changes c "
    "LEFT JOIN events e ON e.seq = c.event_seq WHERE c.change > ? ORDER BY c.change"
)


def head_from_row(
    row: Sequence[Any],
    shared: dict[Any, Any] | None = None,
    least: Callable[[str], int] = tokens_at_least,
) -> EventHead:
    """A head from the columns of ``HEAD_COLUMNS``, in that order (``shared``, ``least``:
    see :func:`event_head`)."""
    session_id, user_name, assistant_name, user_text, assistant_text, images = row
    has_images = images not in (None, "", "[]")
    return event_head(
        session_id, user_name, assistant_name, user_text, assistant_text, has_images, shared, least
    )


@dataclass(slots=True)
class _State:
    change: int
    max_seq: int = 0
    heads: dict[str, EventHead] = field(default_factory=dict)
    #: one object per distinct session id and set of speakers
    shared: dict[Any, Any] = field(default_factory=dict)

    def add(self, rows: Iterable[Sequence[Any]]) -> None:
        """Rows of ``_HEADS`` (``id`` and the head's columns)."""
        heads, shared = self.heads, self.shared
        for row in rows:  # ids interned, as every copy's (``vectors.py``)
            heads[sys.intern(row[0])] = head_from_row(row[1:], shared, quoted_tokens_at_least)


class TurnHeads(FileCopy[_State]):
    """Every turn's head in memory; :meth:`heads` answers like a read of the rows."""

    def heads(self, conn: SqlConnection, event_ids: Sequence[str]) -> dict[str, EventHead]:
        """event id -> its head, for the ids of turns that exist."""
        with self._lock:
            known = self._current(conn).heads
            return {i: head for i in event_ids if (head := known.get(i)) is not None}

    def _current(self, conn: SqlConnection) -> _State:
        row = conn.execute(
            "SELECT (SELECT max(change) FROM event_changes), (SELECT max(seq) FROM events)"
        ).fetchone()
        change = int(row[0] or 0) if row is not None else 0
        max_seq = int(row[1] or 0) if row is not None else 0
        state = self._state
        if state is None:  # the changes logged from here on are read again: they repeat
            state = _State(change, max_seq)
            state.add(conn.execute(_HEADS + " WHERE seq <= ?", (max_seq,)))
            self._state = state
            return state
        if change > state.change:
            for changed in conn.execute(_CHANGED, (state.change,)).fetchall():
                state.change = max(state.change, int(changed[0]))
                if changed[2] is None:  # deleted
                    state.heads.pop(changed[1], None)
                elif changed[2] in state.heads:  # a turn seen before: read it again
                    state.heads[changed[2]] = head_from_row(
                        changed[3:], state.shared, quoted_tokens_at_least
                    )
        if max_seq > state.max_seq:
            state.add(
                conn.execute(
                    _HEADS + " WHERE seq > ? AND seq <= ?", (state.max_seq, max_seq)
                ).fetchall()
            )
            state.max_seq = max_seq
        return state
