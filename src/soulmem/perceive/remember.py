"""Explicit "remember this" requests (seed 000: an explicit request promotes a memory)."""

from __future__ import annotations

import re

__all__ = ["asks_to_remember"]

_PATTERNS = re.compile(
    "|".join(
        [
            # English: "remember that ...", "don't forget ...", "keep in mind", "note that"
            r"\b(?:please\s+)?remember\s+(?:that|this|it|me|my|i|when)\b",
            r"\bremember\s*[:!]",
            r"\b(?:do\s*n[o']?t|never)\s+forget\b",
            r"\bkeep\s+(?:that|this|it)\s+in\s+mind\b",
            r"\bmake\s+a\s+(?:mental\s+)?note\b",
            r"\b(?:write|jot)\s+(?:that|this|it)\s+down\b",
            # Korean: 기억해(줘/둬/놔), 잊지 마, 꼭 알아둬, 메모해
            r"기억\s*해\s*(?:줘|둬|놔|주세요|두세요|요|$|[.!~ ])",
            r"기억\s*(?:해|하)\s*(?:줄래|줄 수)",
            r"기억(?:해)?\s*두",
            r"잊(?:지|으면)\s*(?:마|말아|안\s*돼)",
            r"꼭\s*알아\s*(?:둬|두세요|줘)",
            r"메모\s*해\s*(?:줘|둬)",
            # Japanese: 覚えておいて / 覚えといて / 忘れないで / 覚えてて
            r"覚えて(?:おいて|おいてね|おいてください|て|てね|ください|いて)",
            r"覚えといて",
            r"忘れ(?:ないで|んといて|ちゃだめ|ちゃダメ|ないでね)",
            r"メモして(?:おいて|おいてね|ね)?",
        ]
    ),
    re.IGNORECASE,
)

_QUESTION = re.compile(
    r"(?:\bdo\s+you\s+remember\b|기억\s*(?:나|하)\s*[니냐나요]|覚えてる[？?])", re.I
)


def asks_to_remember(text: str) -> bool:
    """True when the message explicitly asks the character to remember something
    (a question like "do you remember ...?" is not such a request)."""
    if not text:
        return False
    return bool(_PATTERNS.search(text)) and not _QUESTION.search(text)
