"""Who a question is about: the scope's speakers that the question names.

A conversation between named people (a group chat, a transcript) is asked about one of them
("What did Ana paint?"). The names come from the turns themselves (who spoke), never from a
list: a name counts as named when the question holds it as a word (any case, with or
without a possessive), or for names in scripts written without spaces, as a substring.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["named_speakers"]


def _mentions(query: str, name: str) -> bool:
    words = name.split()
    if not words:
        return False
    if not name.isascii():
        return words[0] in query
    # the full name, or its first word (people are asked about by their given name)
    pattern = r"\b(?:" + re.escape(name) + "|" + re.escape(words[0]) + r")\b"
    return re.search(pattern, query, re.IGNORECASE) is not None


def named_speakers(query: str, spoken: Iterable[frozenset[str]]) -> set[str]:
    """Speakers of some turns (``spoken``: each turn's ``EventHead.speakers``: the names of
    the sides that said something) whom ``query``
    names, when naming them tells turns apart: empty if nobody is named or if every turn has
    a named speaker."""
    spoken = list(spoken)
    everyone = set().union(*spoken) if spoken else set()
    named = {name for name in everyone if _mentions(query, name)}
    if not named or all(names & named for names in spoken):
        return set()
    return named
