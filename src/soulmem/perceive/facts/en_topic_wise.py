"""English rule for a preference led by its topic with "-wise" (``favorite_*``).

"Drink wise im boring, Vimto.", "Food-wise, it's curry every time", "music wise I'm all
about Ajay-Atul": the topic word names the subject and the answer comes after a short
self-description or a comma. Only a short noun phrase closing the clause is read; a
pronoun, a determiner ("the", "my") or a clause ("I don't care") is not a favourite.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from soulmem.perceive.facts.base import Candidate
from soulmem.perceive.facts.en_util import Msg, cand, rx

__all__ = ["SENTENCE_RULES"]

_TOPIC = {
    "drink": "favorite_drink",
    "drinks": "favorite_drink",
    "food": "favorite_food",
    "music": "favorite_music",
    "film": "favorite_movie",
    "films": "favorite_movie",
    "movie": "favorite_movie",
    "movies": "favorite_movie",
    "book": "favorite_book",
    "books": "favorite_book",
}
_LEAD = rx(
    r"^\W*(?:(?:and|also|oh|so|but|right|ok|okay)\W+)*(drinks?|food|music|films?|movies?|"
    r"books?)[\s-]?wise\b\W*"
)
# "im boring,", "I'm simple:", "it's always", "I'm all about", "strictly", "mostly"
_FILLER = rx(
    r"^(?:(?:I'm|im|I\s+am)\s+(?:(?:very|pretty|so|dead|well|quite)\s+)?(?:boring|basic|simple|"
    r"easy|predictable|old[\s-]school|a\s+creature\s+of\s+habit)\s*[,:—-]?\s*(?:just\s+|it's\s+)?|"
    r"(?:it's|its|it\s+is)\s+(?:always\s+|all\s+|just\s+|mostly\s+)?|(?:I'm|im|I\s+am)\s+all\s+"
    r"about\s+|(?:strictly|mostly|always|just|only)\s+)"
)
_VALUE = re.compile(
    r"^([A-Za-z][\w'&-]*(?:\s+[\w'&-]+){0,3}?)\s*(?:[.!,;:]|$|\s+(?:all\s+the|every|"
    r"or|and\s+that's|don't|no\s+question)\b)"
)
_NOT = rx(
    r"^(?:I|i|it|its|it's|that|this|the|my|your|a|an|whatever|anything|nothing|everything|"
    r"not|no|never|dunno|idk|same|depends|you|we|they|he|she)\b"
)


def r_topic_wise(s: str, m: Msg) -> Iterator[Candidate]:
    x = _LEAD.search(s)
    if not x:
        return
    rest = s[x.end() :]
    f = _FILLER.match(rest)
    if f:
        rest = rest[f.end() :]
    v = _VALUE.match(rest)
    if not v or _NOT.match(v.group(1)):
        return
    value = v.group(1).strip()
    yield cand(_TOPIC[x.group(1).lower()], value, s, confidence=0.7)


SENTENCE_RULES = (r_topic_wise,)
