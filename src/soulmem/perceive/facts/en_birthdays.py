"""English rules for the user's birthday: a date, a month, a holiday ("I'm a Fourth of July
baby", "I be Boxing Day pikin"), and not the character's own said back."""

from __future__ import annotations

import re
from collections.abc import Iterator

from soulmem.perceive.facts.base import Candidate
from soulmem.perceive.facts.en_lex import (
    HOLIDAYS,
    MONTHS,
    alt,
)
from soulmem.perceive.facts.en_util import NAME, Msg, cand, rx

__all__ = ["r_birthday"]

_ORD = {
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
    "tenth": 10,
    "eleventh": 11,
    "twelfth": 12,
    "thirteenth": 13,
    "fourteenth": 14,
    "fifteenth": 15,
    "sixteenth": 16,
    "seventeenth": 17,
    "eighteenth": 18,
    "nineteenth": 19,
    "twentieth": 20,
    "thirtieth": 30,
}
_ORD_RE = (
    (
        r"(?:twenty[\s-](?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)|"
        r"thirty[\s-]first|"
    )
    + "|".join(sorted(_ORD, key=len, reverse=True))
    + ")"
)
_MON = alt(tuple(MONTHS))
_DAY = rf"(?:\d{{1,2}}(?:st|nd|rd|th)?|{_ORD_RE})"
_DATE = rx(
    rf"\b(?:(?P<m1>{_MON})\.?\s+(?:the\s+)?(?P<d1>{_DAY})\b(?:,?\s+(?P<y1>(?:19|20)\d\d))?"
    rf"|(?:the\s+)?(?P<d2>{_DAY})\s+(?:of\s+)?(?P<m2>{_MON})\b(?:,?\s+(?P<y2>(?:19|20)\d\d))?)"
)
# "11/14", "14/11/1998": month first unless the first number cannot be a month
_NUM_DATE = re.compile(r"(?<![\d/])(\d{1,2})/(\d{1,2})(?:/((?:19|20)?\d\d))?(?![\d/])")
_MONTH_NAMES = tuple(dict.fromkeys(MONTHS.values()))
_HOLI = tuple((rx(rf"\b(?:{p})\b"), md, label) for p, md, label in HOLIDAYS)
_BDAY_CUE = rx(
    r"^\W*(?:a\s+|an\s+|total\s+|proper\s+)?[\w'\s-]{2,25}\b(?:baby|pikin)\b|"
    r"^\W*(?:birthday|bday|b-day)(?:'s|s|\s+is)\s|"
    r"\b(?:my\s+(?:birthday|bday|b-day)|I\s+was\s+born|born\s+on|I'm\s+an?\s+[\w'\s]{2,25}baby"
    r"|I\s+be\s+[\w'\s]{2,25}pikin"
    r"|I(?:\s+|(?='))(?:just\s+)?turned\s+\w+)\b"
)
_BDAY_MONTH = rx(rf"\b(?:my\s+(?:birthday|bday)(?:'s|\s+is)?|I\s+was\s+born)\s+in\s+({_MON})\b")
_BDAY_MONTH_BABY = rx(rf"\bI'm\s+an?\s+({_MON})\s+baby\b")
_OTHER_BDAY = rx(rf"\b((?:my\s+(?:\w+\s+)?\w+|{NAME}|his|her|their))(?:'s|')\s+(?:birthday|bday)\b")


def _day(text: str) -> int | None:
    t = text.lower().rstrip("stndrh") if text[0].isdigit() else text.lower()
    if t.isdigit():
        return int(t)
    t = t.replace(" ", "-")
    if t in _ORD:
        return _ORD[t]
    if "-" in t:
        a, b = t.split("-", 1)
        base = {"twenty": 20, "thirty": 30}.get(a)
        if base is not None and b in _ORD:
            return base + _ORD[b]
    return None


def _date_in(text: str) -> str | None:
    # the holiday named first ("Boxing Day pikin ... Christmas rice": Boxing Day)
    named = sorted((hm.start(), md, label) for pat, md, label in _HOLI if (hm := pat.search(text)))
    if named:
        _at, md, label = named[0]
        if md == "July 4" and _NOT_US.search(text):
            return None
        return f"{md} ({label})"
    x = _DATE.search(text)
    if x:
        mon = MONTHS[(x.group("m1") or x.group("m2")).lower().rstrip(".")]
        d = _day(x.group("d1") or x.group("d2"))
        y = x.group("y1") or x.group("y2")
        if d is None or not 1 <= d <= 31:
            return None
        if mon == "May" and x.group("m1") and x.group("m1") == "may":
            return None  # "may" the verb
        return f"{mon} {d}" + (f", {y}" if y else "")
    x = _NUM_DATE.search(text)
    if x:
        a, b = int(x.group(1)), int(x.group(2))
        mo, d = (a, b) if a <= 12 else (b, a)
        if not (1 <= mo <= 12 and 1 <= d <= 31):
            return None
        year = x.group(3) or ""
        if len(year) == 2:
            year = ("19" if int(year) > 30 else "20") + year
        return f"{_MONTH_NAMES[mo - 1]} {d}{', ' + year if year else ''} ({x.group()})"
    return None


# "Halloween baby!! that's so you": a date said back about the listener's birthday
_YOURS = rx(r"\b(?:your\s+(?:birthday|bday)|that's\s+so\s+you)\b")
_MINE = rx(r"\bmy\s+(?:birthday|bday)\b|\bI\s+was\s+born\b")
# "born on Independence Day, the Philippine one not the American one": another country's
_NOT_US = rx(
    r"\bnot\s+(?:the\s+)?(?:American|US|U\.S\.)|\b(?!American\b)[A-Z]\w+(?:ese|ian|ine|ish|can)\s+"
    r"(?:one|independence)\b",
    0,
)


def r_birthday(s: str, m: Msg) -> Iterator[Candidate]:
    if _YOURS.search(m.text) and not _MINE.search(m.text):
        return
    other = _OTHER_BDAY.search(s)
    if other and not re.match(r"my\s+(?:birthday|bday)", other.group(0), re.I):
        who = other.group(1)
        if who.lower() != "my":
            d = _date_in(s[other.end() :])
            if d:
                yield cand("birthday", d, s, about="other", confidence=0.6)
            return
    x = _BDAY_MONTH.search(s) or _BDAY_MONTH_BABY.search(s)
    if x:
        yield cand("birthday", MONTHS[x.group(1).lower()], s, confidence=0.6)
        return
    cue = _BDAY_CUE.search(s)
    if not cue:
        # "I turned 26 last week! Fourth of July, fireworks": the cue is in the message
        if not (
            re.search(
                r"\bmy\s+(?:birthday|bday)\b|\bI(?:\s+|(?='))(?:just\s+)?turned\b",
                m.statements,
                re.I,
            )
        ):
            return
        if not re.match(r"^\W*(?:the\s+)?[\w']+(?:\s+[\w']+){0,3}\s*[,!.]", s):
            return  # only a short fragment naming the date
    d = _date_in(s)
    if d and cue and _echoes_character(s, cue, m.ctx.previous_assistant_text):
        return  # "Christmas baby! So you Capricorn?": the character's birthday, said back
    if d:
        yield cand("birthday", d, s, confidence=0.85)


def _echoes_character(s: str, cue: re.Match[str], character: str | None) -> bool:
    """A bare "X baby" naming the day the character's last message named (theirs)."""
    if not character or re.search(r"\b(?:I|I'm|my)\b", cue.group(0)):
        return False
    return any(p.search(s) and p.search(character) for p, _md, _label in _HOLI)
