"""Is a turn worth remembering on its own? Questions that got no real answer are not.

A turn whose user side only asks (every sentence is a question) and whose other side says
nothing of substance carries no new information: it should not outrank the turns that do
when the same question comes back later.
"""

from __future__ import annotations

import re

__all__ = ["ends_asking", "is_bare_question"]

_SENTENCES = re.compile(r"[^.!?。！？\n]+[.!?。！？]*")
_QUESTION_END = re.compile(
    r"(?:[?？]|"
    r"(?:니|냐|나요|까|까요|지|죠|었지|였지|더라|던가|대|래)\s*[~.!]*$|"
    r"(?:か|かな|っけ|だっけ|の|かしら)\s*[~〜.!！]*$)"
)
_FILLER = re.compile(r"^[\W_]*(?:\w{0,3})?[\W_]*$")


def _is_question(sentence: str) -> bool:
    s = sentence.strip()
    return bool(s) and bool(_QUESTION_END.search(s))


def ends_asking(user: str | None, assistant: str | None) -> bool:
    """True when every side of the turn that says something ends with a question: the turn
    asks, and what answers it comes after it. A side that tells ("I got a puppy!") keeps
    the turn telling, whatever the other side asks back."""
    sides = [text for text in (user, assistant) if text and text.strip()]
    return bool(sides) and all(_last_is_question(text) for text in sides)


_TERMINATORS = ".!?。！？"


def _last_is_question(text: str) -> bool:
    """Whether the last sentence of ``text`` (as ``_SENTENCES`` splits it) is a question,
    found from the end of the text (recall asks it of every candidate turn)."""
    said = text.rstrip()
    end = len(said.rstrip(_TERMINATORS))
    if not end or said[end - 1] == "\n":  # terminators with no words before them
        return _last_is_question_split(text)
    if "?" in said[end:] or "？" in said[end:]:
        return True
    if said.isascii():  # no question mark ends it, and no Korean or Japanese ending can
        return False
    start = 1 + max(
        said.rfind(".", 0, end),
        said.rfind("!", 0, end),
        said.rfind("?", 0, end),
        said.rfind("。", 0, end),
        said.rfind("！", 0, end),
        said.rfind("？", 0, end),
        said.rfind("\n", 0, end),
    )
    return _is_question(said[start:])


def _last_is_question_split(text: str) -> bool:
    last = None
    for match in _SENTENCES.finditer(text):
        if match.group(0).strip():
            last = match.group(0)
    return last is not None and _is_question(last)


def is_bare_question(user: str | None, assistant: str | None) -> bool:
    """True when the user only asked and the reply carries nothing (absent, a placeholder
    such as "…", or a couple of characters)."""
    if not user or not user.strip():
        return False
    reply = (assistant or "").strip()
    if reply and not _FILLER.match(reply):
        return False
    if user.isascii() and "?" not in user:  # no sentence of it can be a question
        return False
    sentences = [m.group(0) for m in _SENTENCES.finditer(user) if m.group(0).strip()]
    if not sentences:
        return False
    questions = sum(_is_question(s) for s in sentences)
    # allow one short lead-in ("Okay, quick check.") before the questions
    return questions == len(sentences) or (
        questions >= 2 and questions == len(sentences) - 1 and len(sentences[0]) < 60
    )
