"""A gated rewrite: a message put in a standard form before the rules read it, only when it
(or one of the user's messages before it) shows the forms the rewrite is for."""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["rewrite"]


def rewrite(
    text: str,
    gate: re.Pattern[str],
    rules: Sequence[tuple[re.Pattern[str], str]],
    earlier: Sequence[str] = (),
) -> str:
    """``text`` with each rule applied in turn, when ``gate`` finds a form they rewrite in it
    or in one of the ``earlier`` messages."""
    if not gate.search(text) and not any(gate.search(e) for e in earlier):
        return text
    for pattern, repl in rules:
        text = pattern.sub(repl, text)
    return text
