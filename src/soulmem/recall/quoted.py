"""Conversation text as a context quotes it, and what a piece of it costs there at least.

A context shows what people said as one quoted line (``pack.render_line``): line breaks
folded to a space (:func:`fold`), the ends stripped, then written as a JSON string
(:func:`quote`: quotes, backslashes and control characters escaped). Ranking wants to know,
before it reads a turn, whether its line can still fit: :func:`quoted_tokens_at_least`
gives a lower bound of a line's cost from one piece of its text, tight enough to leave
unread the turns that cannot fit (``EventHead.least``).
"""

from __future__ import annotations

import json
import re
from typing import Final

from soulmem.recall.tokenize import count_tokens, tokens_at_least

__all__ = ["fold", "quote", "quoted_tokens_at_least"]

_BREAKS: Final = re.compile(r"[\r\n\u2028\u2029\x0b\x0c\x85]+")


def fold(text: str) -> str:
    """``text`` on one line: each run of line breaks a space."""
    return _BREAKS.sub(" ", text)


def quote(text: str) -> str:
    """``text`` as a JSON string (non-ASCII characters kept as they are)."""
    return json.dumps(text, ensure_ascii=False)


def quoted_tokens_at_least(piece: str) -> int:
    """A lower bound of what a quoted line costs (``count_tokens``) when its text holds
    ``piece`` whole, at its start or after a space, and at its end or before a space.

    The count is a sum over runs (a word, a run of spaces, one punctuation character...):
    in the line, ``piece`` is folded and escaped character by character, and its runs are
    the runs of ``quote(fold(piece))`` counted alone: a quote or a space next to a run that
    neither starts nor ends with a space never joins it. So the bound is that count, exact
    for a line of ``piece`` alone. Where the folded piece starts or ends with whitespace
    (which the line may strip, or escape into a letter that joins the next word: a tab is
    ``\\t``), it is :func:`tokens_at_least` instead, which holds wherever the text lands.
    """
    folded = fold(piece)
    if not folded or folded[0].isspace() or folded[-1].isspace():
        return tokens_at_least(piece)
    return count_tokens(quote(folded)[1:-1])
