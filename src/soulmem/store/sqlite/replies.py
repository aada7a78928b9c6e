"""The file's reply links (``event_links`` of kind ``reply_to``) held in process memory.

Recall asks for the reply links of a few hundred turns several times a query (the neighbours of
the best matches, every candidate's neighbours; the context keys read them as rows, from
``keyrows.py``, which follows this copy); as SQL each ask is two index seeks per turn, about
4 ms a recall at 100k turns. Links are only ever added by observe (one
from each new turn to the turn before it) and removed with their events, so a copy stays
current cheaply:

* new links are the rows past the largest ``rowid`` the copy has seen: read only those;
* any update or delete of a link bumps ``link_version`` (a trigger, migration 0008), and the
  copy is read again whole. A rowid that SQLite reuses after the last row was deleted is
  covered by the same bump.

Every writer, process and path is covered, as the triggers sit on the table. ``clear`` drops
the copy (erase, close).
"""

from __future__ import annotations

import sys
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from soulmem.store.sql import SqlConnection
from soulmem.store.sqlite.copies import FileCopy

__all__ = ["RECENT_LINKS", "ReplyGraph", "ReplyState"]

T = TypeVar("T")

#: the links a copy remembers in the order it added them (``ReplyState.recent``)
RECENT_LINKS = 4096

_LINKS = "SELECT rowid, from_event_id, to_event_id FROM event_links WHERE kind = 'reply_to'"


@dataclass(slots=True)
class ReplyState:
    version: int
    max_rowid: int = 0
    #: a turn -> the turns it replies to, and the turns that reply to it (oldest link first)
    replies_to: dict[str, tuple[str, ...]] = field(default_factory=dict)
    replied_by: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: how many links this state has added, and the last ``RECENT_LINKS`` of them (reply,
    #: replied-to), for copies kept beside this one (``keyrows.py``)
    added: int = 0
    recent: deque[tuple[str, str]] = field(default_factory=lambda: deque(maxlen=RECENT_LINKS))

    def add(self, rows: Iterable[tuple[int, str, str]]) -> None:
        intern, to_of, by_of = sys.intern, self.replies_to, self.replied_by
        for rowid, from_id, to_id in rows:
            reply, to = intern(str(from_id)), intern(str(to_id))
            if to not in to_of.get(reply, ()):
                to_of[reply] = (*to_of.get(reply, ()), to)
                by_of[to] = (*by_of.get(to, ()), reply)
                self.added += 1
                self.recent.append((reply, to))
            self.max_rowid = max(self.max_rowid, int(rowid))


class ReplyGraph(FileCopy[ReplyState]):
    """The file's reply links in memory; :meth:`links` answers like the SQL it replaces."""

    def links(self, conn: SqlConnection, event_ids: Sequence[str]) -> list[tuple[str, str]]:
        """(reply, replied-to) for every reply link from or to one of ``event_ids``: the
        links of the first turn asked first, each link once."""
        with self._lock:
            state = self._current(conn)
            found: dict[tuple[str, str], None] = {}
            for event_id in event_ids:
                for to in state.replies_to.get(event_id, ()):
                    found[(event_id, to)] = None
                for reply in state.replied_by.get(event_id, ()):
                    found[(reply, event_id)] = None
            return list(found)

    def reading(self, conn: SqlConnection, read: Callable[[ReplyState], T]) -> T:
        """``read(state)`` on the current links, with no other thread changing them."""
        with self._lock:
            return read(self._current(conn))

    def _current(self, conn: SqlConnection) -> ReplyState:
        row = conn.execute(
            "SELECT (SELECT version FROM link_version WHERE id = 1), "
            "(SELECT max(rowid) FROM event_links)"
        ).fetchone()
        version = int(row[0] or 0) if row is not None else 0
        max_rowid = int(row[1] or 0) if row is not None else 0
        state = self._state
        if state is None or state.version != version or max_rowid < state.max_rowid:
            state = ReplyState(version)
            state.add(conn.execute(_LINKS + " ORDER BY rowid").fetchall())
            state.max_rowid = max(state.max_rowid, max_rowid)
            self._state = state
        elif max_rowid > state.max_rowid:
            state.add(conn.execute(_LINKS + " AND rowid > ? ORDER BY rowid", (state.max_rowid,)))
            state.max_rowid = max(state.max_rowid, max_rowid)
        return state
