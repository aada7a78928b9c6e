"""Each turn's context-key partners as rows of its scope's cached vectors, for
``SQLiteStore.context_keys``.

A turn's own context key pairs its vector with the vector of the turn it replies to; its
"after" key is the key of the turn that replies to it (``ContextKeys``). Recall asks for the
keys of a few hundred candidate turns a query. Looking each one's links up in the reply copy
(``replies.py``) and each linked turn's row up in the vectors' positions took four reads of
dictionaries as large as the file a turn, most of them cache misses (100k turns: 2.8 ms a
recall). Here every row of a scope's event vectors knows the row of the turn it replies to
and of the turn that replies to it (two int32 arrays): a recall reads one position a turn and
gathers the rest with numpy.

Where a turn has more than one link on a side (an import, links written by hand), the latest
link counts: the turn it replied to last, the turn that replied to it last.

The arrays follow both copies they are made from: rows appended to the vectors and links the
reply copy added (it remembers its last ``RECENT_LINKS``) update the rows they touch; a copy
read again whole (a delete, another process's rewrite), or more new links than it remembers,
builds them again (100k turns: about 0.1 s). A row or partner at or past a version's row
count is not in that version: the caller drops it, as it drops positions past it.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from soulmem.store.sqlite.replies import ReplyState
from soulmem.store.sqlite.vectors import Rows

__all__ = ["KeyRows", "Partners"]

Partners = tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]


@dataclass(slots=True)
class _Entry:
    #: the vector rows' ``ids`` and the reply state the arrays were made from
    ids: list[str]
    links: ReplyState
    #: how many of ``ids`` and of the state's added links are reflected in the arrays
    rows: int
    added: int
    #: by row: the row of the turn it replies to, of the turn that replies to it (-1: none)
    before: npt.NDArray[np.int32]
    after: npt.NDArray[np.int32]


class KeyRows:
    """The partner rows of each (scope, model)'s event vectors."""

    def __init__(self) -> None:
        self._entries: dict[tuple[str, str], _Entry] = {}
        self._lock = threading.Lock()

    def partners(self, key: tuple[str, str], rows: Rows, links: ReplyState) -> Partners:
        """(before, after) for ``rows`` (at least its live rows): by row, the row of the turn
        it replies to and of the turn that replies to it, -1 for none. Call it with no other
        thread changing ``links`` (``ReplyGraph.reading``)."""
        live = len(rows.matrix)
        with self._lock:
            entry = self._entries.get(key)
            if (
                entry is None
                or entry.ids is not rows.ids
                or entry.links is not links
                or links.added - entry.added > len(links.recent)
            ):
                entry = _built(rows, links, live)
                self._entries[key] = entry
            elif entry.rows < live or entry.added < links.added:
                _update(entry, rows, links, live)
            return entry.before, entry.after

    def holds(self, key: tuple[str, str]) -> bool:
        """Whether the partners of (scope key, model) have been made."""
        with self._lock:
            return key in self._entries

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()


def _built(rows: Rows, links: ReplyState, live: int) -> _Entry:
    positions, to_of, by_of = rows.positions, links.replies_to, links.replied_by
    ids = rows.ids[:live]
    before = np.array(
        [positions.get(to[-1], -1) if (to := to_of.get(i)) else -1 for i in ids], np.int32
    )
    after = np.array(
        [positions.get(by[-1], -1) if (by := by_of.get(i)) else -1 for i in ids], np.int32
    )
    return _Entry(rows.ids, links, live, links.added, before, after)


def _update(entry: _Entry, rows: Rows, links: ReplyState, live: int) -> None:
    """The arrays with the rows appended since ``entry.rows`` and the links added since
    ``entry.added``: every row either touches is looked up again."""
    positions, to_of, by_of = rows.positions, links.replies_to, links.replied_by
    if live > len(entry.before):
        size = max(live, len(entry.before) + len(entry.before) // 2 + 16)
        entry.before = _grown(entry.before, size)
        entry.after = _grown(entry.after, size)
    touched = set(rows.ids[entry.rows : live])
    for back in range(links.added - entry.added, 0, -1):  # the new links, from the deque's end
        touched.update(links.recent[-back])
    for turn in list(touched):  # a new row is the partner of the rows it links to
        touched.update(to_of.get(turn, ()))
        touched.update(by_of.get(turn, ()))
    for turn in touched:
        row = positions.get(turn, -1)
        if 0 <= row < max(live, entry.rows):
            tos, bys = to_of.get(turn), by_of.get(turn)
            entry.before[row] = positions.get(tos[-1], -1) if tos else -1
            entry.after[row] = positions.get(bys[-1], -1) if bys else -1
    entry.rows = max(entry.rows, live)
    entry.added = links.added


def _grown(array: npt.NDArray[np.int32], size: int) -> npt.NDArray[np.int32]:
    """A copy of ``array`` with room for ``size`` rows, the new ones -1 (readers of the old
    array keep theirs)."""
    grown = np.full(size, -1, np.int32)
    grown[: len(array)] = array
    return grown
