"""English rules for a trip the user has booked or is off on (``upcoming_event``).

"we've finally booked it!! Reykjavik in february, five nights", "I booked flights to Lisbon
for May", "just booked a cabin in the Highlands for next month": the booking says the trip is
the user's and fixed; the destination is said right after "booked ... to/in" or opens the next
sentence with its time ("Reykjavik in february"); "off to Crete in June" says a trip with its
time. A trip someone else booked ("my sister booked
...") or a booked table, appointment or class is not read.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from soulmem.perceive.facts.base import Candidate
from soulmem.perceive.facts.en_lex import MONTHS, NOT_NAMES_CF
from soulmem.perceive.facts.en_util import Msg, cand, rx

__all__ = ["MESSAGE_RULES"]

_WHAT = (
    r"(?:it|(?:a|the|our|my)\s+(?:[\w-]+\s+){0,2}?(?:trip|holiday|vacation|getaway|flights?|"
    r"tickets?|cabin|hotel|week|weekend|break|honeymoon|cruise|airbnb)|flights|tickets)"
)
_BOOKED = rx(
    r"(?:^\W*(?:(?:so|and|oh|ok|okay|also|guess\s+what)\W+)*|\b(?:I|we)(?:'ve|\s+have)?\s+)"
    rf"(?:finally\s+|just\s+|already\s+|officially\s+|actually\s+)*(?:booked\s+{_WHAT}|"
    r"(?:got|bought|grabbed|paid\s+for)\s+(?:(?:the|our|my)\s+)?"
    r"(?:flights|plane\s+tickets|train\s+tickets)(?=\s+to\s+(?-i:[A-Z])))"
)
# "off to Lisbon next month", "I'm off to Crete in June": a trip with its time
_OFF_TO = rx(
    r"(?:^\W*(?:(?:so|and|oh|ok|okay|also)\W+)*|\b(?:I'm|I\s+am|we're|we\s+are)\s+)"
    r"(?:(?:finally|officially|actually|really)\s+)?off\s+to\s+"
)
_PLACE = r"(?-i:[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+){0,2})"
_MONTH = (
    r"(?:january|february|march|april|may|june|july|august|september|october|november|december)"
)
_WHEN = (
    rf"(?:(?:in|for|this|next)\s+(?:{_MONTH}|the\s+spring|the\s+summer|the\s+autumn|the\s+fall|"
    rf"summer|spring|autumn|fall|winter|week|month|year)\b|next\s+\w+|this\s+(?:weekend|"
    rf"summer|spring|autumn|fall|winter)|on\s+the\s+\d+\w*)"
)
_TO = rx(rf"^\s+(?:to|in|for)\s+(?:the\s+)?({_PLACE})(?:\s+({_WHEN}))?")
_OPENS = rx(rf"^\W*({_PLACE}),?\s+({_WHEN})")
_LATER_WHEN = rx(rf"\b({_WHEN})")
_SEE = rx(r"\b(?:to|hoping\s+to|want\s+to|gonna)\s+see\s+(the\s+[\w\s-]{3,25}?)(?=[,.!;]|$)")


def _month(when: str) -> str:
    return re.sub(
        _MONTH, lambda x: MONTHS.get(x.group().lower(), x.group()), when, flags=re.IGNORECASE
    )


def _place_ok(p: str) -> bool:
    first = p.split(maxsplit=1)[0].casefold()
    return first not in NOT_NAMES_CF and first not in MONTHS and first != "i"


def m_booked_trip(m: Msg) -> Iterator[Candidate]:
    sents = m.sents
    for s in sents:
        x = _OFF_TO.search(s)
        to = _TO.match(" to " + s[x.end() :]) if x else None
        if x and to and to.group(2) and _place_ok(to.group(1)):
            yield cand(
                "upcoming_event",
                f"trip to {to.group(1)} {_month(to.group(2))}",
                s,
                confidence=0.7,
            )
            return
    for i, s in enumerate(sents):
        x = _BOOKED.search(s)
        if not x or re.search(r"\b(?:he|she|they|my\s+\w+)\s+(?:\w+\s+)?booked\b", s, re.I):
            continue
        place = when = ""
        to = _TO.match(s[x.end() :])
        if to and _place_ok(to.group(1)):
            place, when = to.group(1), to.group(2) or ""
            rest = s[x.end() + to.end() :]
        elif i + 1 < len(sents):
            op = _OPENS.match(sents[i + 1])
            if not op or not _place_ok(op.group(1)):
                continue
            place, when = op.group(1), op.group(2)
            rest = sents[i + 1][op.end() :]
        else:
            continue
        if not when:
            w = _LATER_WHEN.search(rest)
            when = w.group(1) if w else ""
        see = _SEE.search(rest)
        value = f"trip to {place}" + (f" {_month(when)}" if when else "") + " (booked"
        value += f", to see {see.group(1)})" if see else ")"
        yield cand("upcoming_event", value, s, confidence=0.75)
        return


MESSAGE_RULES = (m_booked_trip,)
