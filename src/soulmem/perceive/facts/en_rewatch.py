"""English rule for a film, show or book the user goes back to and knows by heart.

"Put on Local Hero again tonight. I can recite the whole thing", "watched Heat again, I know
it by heart", "I've started Middlemarch again ... my sixth time through": a title taken up
again, and, in the same message, the user knowing it by heart ("the whole thing", "it",
"every line") or counting the times. The title alone again ("watched Heat again") is not
enough: people rewatch what they dislike too.
Subject: ``favorite_movie`` (a show: ``likes``; a book: ``favorite_book``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from soulmem.perceive.facts.base import Candidate
from soulmem.perceive.facts.en_lex import NOT_NAMES_CF
from soulmem.perceive.facts.en_util import Msg, cand, rx

__all__ = ["MESSAGE_RULES"]

_TITLE = (
    r"(?-i:[A-Z0-9][\w'&:.-]*(?:\s+(?:(?:the|of|to|a|an|in|and|on|for|at|with|from|&|is|"
    r"my)\s+)*[A-Z0-9][\w'&:.-]*){0,5})"
)
_AGAIN = rx(
    r"(?:^\W*|\bI(?:\s+|(?='))(?:just\s+|'m\s+|'ve\s+|have\s+)?)(?:put(?:ting)?\s+on|"
    r"watch(?:ed|ing)|re-?watch(?:ed|ing)|stuck\s+on|read(?:ing)?|re-?read(?:ing)?|finished|had|"
    r"start(?:ed|ing)|picked\s+up|begun|began)\s+"
    rf"({_TITLE})\s+(?:on\s+)?again\b"
)
_BY_HEART = rx(
    r"\bI\s+(?:can|could)\s+(?:\w+\s+)?(?:recite|quote)\s+(?:the\s+(?:whole|entire)\s+thing|it|"
    r"every\s+(?:single\s+)?(?:line|word|page|scene))|\bI\s+know\s+(?:it|the\s+whole\s+thing)\s+"
    r"(?:by\s+heart|off\s+by\s+heart|word\s+for\s+word)|\bI\s+know\s+every\s+(?:single\s+)?"
    r"(?:line|word|scene)\b"
    # "it must be my sixth time through": a count of times is the same sign
    r"|\b(?:my|the|for\s+the|about\s+the)\s+(?:second|third|fourth|fifth|sixth|seventh|"
    r"eighth|ninth|tenth|twelfth|twentieth|hundredth|umpteenth|nth|\d+(?:st|nd|rd|th))\s+"
    r"time(?:\s+through|\s+round|\s+now)?\b"
)
_NEUTRAL = rx(r"\b(?:start(?:ed|ing)|picked\s+up|begun|began)\b")
_SHOWY = rx(r"\b(?:show|series|season|episodes?|sitcom|anime)\b")
_BOOKY = rx(r"\b(?:book|novel|page|chapter|read|reread|re-read)\b")


def m_rewatch(m: Msg) -> Iterator[Candidate]:
    text = " ".join(m.sents)
    x = _AGAIN.search(text)
    known = _BY_HEART.search(text, x.end()) if x else None
    if not x or not known:
        return
    title = x.group(1).rstrip(".")
    bare = re.sub(r"^(?:The|A|An)\s+", "", title)
    if not bare or bare.split(maxsplit=1)[0].casefold() in NOT_NAMES_CF:
        return
    subject = "favorite_movie"
    if _SHOWY.search(text):
        subject = "likes"
    elif _BOOKY.search(text):
        subject = "favorite_book"
    elif _NEUTRAL.search(x.group(0)):
        subject = "likes"
    how = known.group(0) if re.search(r"time\b", known.group(0)) else "knows it by heart"
    yield cand(subject, f"{title} (goes back to it, {how})", x.group(0))


# "Sunday tea is always on trays in front of the Royle Family repeats", "every night I fall
# asleep to Friends reruns": a show's reruns as a standing habit of the user's
_RERUNS = rx(
    rf"\b(?:in\s+front\s+of|watch(?:ing|ed)?|to|with|on)\s+(?:the\s+|old\s+)?({_TITLE})\s+"
    r"(?:repeats|reruns|re-runs|box\s*sets?|omnibus|marathons?)\b"
)
_HABIT = rx(
    r"\b(?:always|every|each|religiously|without\s+fail|never\s+miss|on\s+(?:sundays|"
    r"saturdays|weekends)|our\s+tradition|ritual)\b"
)

_OTHER = rx(r"\b(?:he|she|they|his|her|their|your|you|my\s+(?!own\b)\w+)\b")


def m_reruns(m: Msg) -> Iterator[Candidate]:
    for sent in m.sents:
        x = _RERUNS.search(sent)
        if not x or not _HABIT.search(sent) or _OTHER.search(sent[: x.start()]):
            continue
        title = re.sub(r"^(?:The|A|An)\s+", "", x.group(1).rstrip("."))
        if title and title.split(maxsplit=1)[0].casefold() not in NOT_NAMES_CF:
            yield cand("likes", f"{title} (always watches the repeats)", sent, confidence=0.7)
            return


MESSAGE_RULES = (m_rewatch, m_reruns)
