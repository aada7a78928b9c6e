"""English rules for a fear said without "afraid" or "scared" (``phobia``).

- "I've got a real thing about deep water", "I have a thing about needles": a "thing about"
  something (not "a thing for", which is a liking);
- "I cannot be in a room with balloons", "I can't be around needles", "I can't go near
  spiders": a thing the user cannot be near;
- "balloons scare the life out of me", "heights make me panic": the thing as the subject.

- "There was a frog in my watering can ... I've been terrified of the things since I was a
  girl": a fear of "them", "the things" points to what the sentence before brought in;
- "my character has a perfectly reasonable fear of horses and so do I": a fear shared.

Someone else's fear ("my sister has a thing about clowns") is not read: the rules need "I".
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from soulmem.perceive.facts.base import Candidate
from soulmem.perceive.facts.en_util import Msg, cand, phrase, rx

__all__ = ["MESSAGE_RULES", "SENTENCE_RULES"]

_THING_ABOUT = rx(
    r"\bI(?:'ve\s+got|\s+have|\s+got|\s+have\s+got|'ve\s+always\s+had|\s+always\s+had)\s+"
    r"(?:a|this)\s+(?:real\s+|serious\s+|big\s+|proper\s+|massive\s+|weird\s+|huge\s+|genuine\s+|"
    r"bit\s+of\s+a\s+)?thing\s+(?:about|with)\s+"
)
_CANT_BE_NEAR = rx(
    r"\bI\s+(?:can't|cannot|can\s+not|couldn't)\s+(?:(?:even|physically|ever)\s+)?(?:be\s+in\s+"
    r"(?:a|the\s+same)\s+room\s+(?:with|as)|be\s+(?:anywhere\s+)?(?:near|around)|go\s+near|"
    r"look\s+at)\s+"
)
_SCARE_ME = rx(
    r"(?:^\W*|[,;—]\s*|\b(?:and|but)\s+)([a-z]+(?:\s+[a-z]+)?)\s+(?:scare|scares|terrify|terrifies"
    r"|frighten|frightens)\s+the\s+(?:life|hell|living\s+daylights|crap|shit|bejesus|heck)\s+out"
    r"\s+of\s+me\b|(?:^\W*|[,;—]\s*|\b(?:and|but)\s+)([a-z]+(?:\s+[a-z]+)?)\s+make\s+me\s+"
    r"(?:panic|freeze|scream|shake|hyperventilate)\b"
)
# a person, a task or a pronoun one cannot bear is not a fear object
_NOT_FEAR = rx(
    r"^(?:it|this|that|them|him|her|you|people|anyone|someone|my|his|her|their|the\s+way|"
    r"work|this\s+job|it\s+anymore|the\s+idea)\b"
)
_FEAR_HINT = rx(
    r"\b(?:scar\w+|afraid|terrif\w+|fear|panic\w*|phobi\w+|freak\w*|nightmare|bang|pop\w*|"
    r"creep\w*|shak\w+|sweat\w*|scream\w*|puddle|flinch\w*|ridiculous|irrational|excuse|"
    r"faint\w*|pass\s+out|heart\s+rac\w+)\b"
)
# "a thing about" is a fear where the message also says the user cannot bear it
_AVERSE = rx(r"\b(?:can't|cannot|don't\s+make\s+me|won't|nope|never)\b")
# a "thing about" something liked: "a thing about clean sheets, love them"
_LIKED = rx(r"\b(?:love|adore|obsess\w*|favou?rite|best)\b")
_EXAMPLE = rx(r"^\s*[:—-]\s*(anything\s+[^,.;!?]{3,40})")


def r_fears(s: str, m: Msg) -> Iterator[Candidate]:
    x = _THING_ABOUT.search(s)
    if x and (_FEAR_HINT.search(m.text) or _AVERSE.search(m.text)) and not _LIKED.search(s):
        p = phrase(s[x.end() :], 4)
        if p and not _NOT_FEAR.match(p):
            rest = s[x.end() + len(p) :]
            ex = _EXAMPLE.match(rest)
            detail = f" ({ex.group(1).strip()})" if ex else ""
            yield cand("phobia", f"{p}{detail}", s, confidence=0.65)
            return
    x = _CANT_BE_NEAR.search(s)
    if x and _FEAR_HINT.search(m.text):
        p = phrase(s[x.end() :], 4)
        if p and not _NOT_FEAR.match(p) and not re.match(r"(?:the\s+)?(?:same|one)\b", p):
            yield cand("phobia", p, s, confidence=0.65)
            return
    x = _SCARE_ME.search(s)
    if x:
        p = x.group(1) or x.group(2)
        if p and not _NOT_FEAR.match(p):
            yield cand("phobia", p, s, confidence=0.7)


_FEAR_OF_THEM = rx(
    r"\bI(?:'m|\s+am|'ve\s+(?:always\s+)?been|\s+have\s+(?:always\s+)?been|\s+was)\s+(?:\w+\s+)?"
    r"(?:afraid|scared|terrified|frightened|petrified)\s+of\s+(?:them|the\s+things|those\s+things|"
    r"the\s+(?:little\s+)?(?:beasts|creatures|critters|buggers))\b"
)
# what the sentence before brought in: "There was a frog in my watering can"
_BROUGHT_IN = rx(
    r"\b(?:there\s+was|there\s+were|I\s+(?:saw|found|spotted))\s+(?:an?|some|two|three)\s+([a-z]+)\b"
)
_SHARED = rx(
    r"\b(?:has|have|had)\s+(?:an?\s+)?(?:[\w-]+\s+){0,3}?(?:fear|phobia|terror)\s+of\s+"
    r"([a-z]+(?:\s+(?!and\b)[a-z]+)?)\s*,?\s+(?:and\s+)?(?:so\s+do\s+I|me\s+too|same\s+(?:for|with)\s+me)\b"
)


def m_fear_back(m: Msg) -> Iterator[Candidate]:
    sents = m.sents
    for i, s in enumerate(sents):
        x = _SHARED.search(s)
        if x and not _NOT_FEAR.match(x.group(1)):
            yield cand("phobia", x.group(1), s, confidence=0.7)
            return
        if not _FEAR_OF_THEM.search(s):
            continue
        for before in reversed(sents[max(0, i - 2) : i + 1]):
            y = _BROUGHT_IN.search(before)
            if y:
                yield cand("phobia", y.group(1), s, confidence=0.65)
                return


SENTENCE_RULES = (r_fears,)
MESSAGE_RULES = (m_fear_back,)
