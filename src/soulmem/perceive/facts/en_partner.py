"""English rules for a partner named beside the word that makes them one (``partner``).

"I've been married twenty years", "me and the missus have been married since 2001": the
user's marriage told by its length (``relationship_status``).

"his name's Tomasz and ... he's my boyfriend now", "Tomasz is my boyfriend", "I'm seeing
someone. her name is Ana": the name and the relationship come in separate clauses of one
message. Only "my" boyfriend/girlfriend/partner or the user "seeing/dating someone" counts;
"my sister's boyfriend", an ex ("he was my boyfriend") and a question are not read.
"""

from __future__ import annotations

from collections.abc import Iterator

from soulmem.perceive.facts.base import Candidate
from soulmem.perceive.facts.en_util import NAME, Msg, cand, cap_name, rx

__all__ = ["MESSAGE_RULES"]

_KIND = r"(boyfriend|girlfriend|partner|bf|gf|fianc[ée]e?)"
# "he's my boyfriend now", "she is my girlfriend", "Tomasz is my boyfriend"
_IS_MY = rx(
    rf"(?:\b(?-i:he|she|He|She)(?:'s|\s+is)|\b({NAME})(?:'s|\s+is))\s+(?:officially\s+|now\s+)?"
    rf"my\s+(?:new\s+)?{_KIND}\b(?!\s+(?:in|for)\b)"
)
_SEEING = rx(
    r"\b(?:I'm|I\s+am|I've\s+been)\s+(?:now\s+|officially\s+)?(?:seeing|dating|with)\s+"
    r"(?:someone|somebody|a\s+(?:guy|girl|man|woman|lad))\b"
)
_HIS_NAME = rx(rf"\b(his|her|their)\s+name(?:'s|\s+is)\s+({NAME})")
_PAST = rx(r"\b(?:was|used\s+to\s+be|ex|broke\s+up|split|dumped|left\s+me)\b")
_KIND_OF = {"his": "boyfriend", "her": "girlfriend"}


def m_partner_named(m: Msg) -> Iterator[Candidate]:
    text = " ".join(m.sents)
    if _PAST.search(text) or m.current("partner"):
        return
    x = _IS_MY.search(text)
    seeing = _SEEING.search(text)
    if not x and not seeing:
        return
    name = x.group(1) if x and x.group(1) else None
    kind = x.group(2).lower() if x else ""
    if not name:
        n = _HIS_NAME.search(text)
        if not n:
            return
        name = n.group(2)
        kind = kind or _KIND_OF.get(n.group(1).lower(), "partner")
    if not cap_name(name):
        return
    kind = {"bf": "boyfriend", "gf": "girlfriend"}.get(kind, kind)
    yield cand("partner", f"{name} ({kind})", text, confidence=0.75)


# "I've been married twenty years", "me and the missus have been married since 2001"
_MARRIED_FOR = rx(
    r"\b(?:I(?:'ve|\s+have)|we(?:'ve|\s+have)|(?:me|I)\s+(?:and|n|&)\s+(?:the\s+|my\s+)?(?:wife|"
    r"husband|missus|missis|hubby|other\s+half|(?-i:[A-Z][a-z]+))\s+(?:have|'ve))\s+been\s+"
    r"(?:happily\s+)?married\s+((?:for\s+)?(?:about\s+|nearly\s+|almost\s+|over\s+)?[\w-]+\s+"
    r"years?|since\s+(?:19|20)\d\d)\b"
)


def m_married_for(m: Msg) -> Iterator[Candidate]:
    for s in m.sents:
        x = _MARRIED_FOR.search(s)
        if x and not _PAST.search(s):
            yield cand("relationship_status", f"married ({x.group(1)})", s, confidence=0.75)
            return


# "PROPOSED!!! I'm engaged!!!", "we got married on Saturday": the partner's role moves on
_NOW_ENGAGED = rx(
    r"\b(?:I'm|I\s+am|we're|we\s+are|we\s+got|I\s+got|just\s+got)\s+(?:officially\s+|finally\s+)?"
    r"(engaged|married)\b"
)
_ROLE_NOTE = rx(r"\s*\((?:boyfriend|girlfriend|bf|gf|partner)\)\s*$")


def m_partner_moves_on(m: Msg) -> Iterator[Candidate]:
    """The current partner told as a boyfriend or girlfriend ("Declan (boyfriend)") becomes a
    fiancé(e) or a spouse when the user says they are engaged or married now."""
    for s in m.sents:
        x = _NOW_ENGAGED.search(s)
        if not x or _PAST.search(s):
            continue
        role = "fiancé" if x.group(1).lower() == "engaged" else "spouse"
        for value in m.current("partner"):
            if _ROLE_NOTE.search(value):
                new = f"{_ROLE_NOTE.sub('', value)} ({role})"
                yield cand("partner", new, s, confidence=0.75, mode="refine")
        return


MESSAGE_RULES = (m_partner_named, m_married_for, m_partner_moves_on)
