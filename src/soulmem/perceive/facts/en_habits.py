"""English rules for what the user does or eats out of habit, said without a preference word.

- a pastime told by when it is done: "I do pixel art when I should be studying", "I do
  calligraphy in my spare time", "in my free time I do stand-up", "I've been doing pixel art
  for years", "I spend my evenings doing pixel art", "I've been crocheting since I was 12"
  (``hobby``; a sport word goes to ``sport``);
- a guilty pleasure, weakness or vice: "my weakness is salt and vinegar crisps", "reality TV
  is my guilty pleasure" (``likes``, or ``favorite_drink``);
- a thing consumed in excess: "I get through an embarrassing amount of Jaffa Cakes", "I eat
  way too many Oreos", "I drink a ridiculous amount of Diet Coke" (``likes``, or
  ``favorite_drink`` for a drink).

Someone else's habit ("my sister does yoga when...") never matches: the rules read only "I".
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from soulmem.perceive.facts.base import Candidate
from soulmem.perceive.facts.en_lex import DRINK_HINT, DRINKS, HOBBIES, SPORTS, categorize
from soulmem.perceive.facts.en_util import Msg, cand, phrase, rx

__all__ = ["SENTENCE_RULES"]

# ---------------------------------------------------------------- pastime by its time

_PASTIME_WHEN = (
    r"(?:when\s+I\s+(?:should|could|ought\s+to)\s+be\s+\w+ing|instead\s+of\s+\w+ing"
    r"|in\s+my\s+(?:free|spare|down)\s*time|for\s+fun|to\s+(?:relax|unwind|"
    r"chill|destress|de-stress|switch\s+off)|as\s+a\s+hobby)"
)
_DO_WHEN = rx(
    r"\bI(?:\s+|(?='))(?:also\s+|still\s+|mostly\s+|mainly\s+|usually\s+)?do\s+"
    rf"((?:[\w-]+\s+){{0,2}}?[\w-]+)\s+{_PASTIME_WHEN}"
)
_WHEN_DO = rx(
    r"\b(?:in\s+my\s+(?:free|spare|down)\s*time|for\s+fun)"
    r",?\s+I(?:\s+|(?='))(?:mostly\s+|mainly\s+|usually\s+|also\s+)?do\s+"
    r"((?:[\w-]+\s+){0,2}?[\w-]+)(?=\s*(?:[,.!;—]|$|\s+(?:and|or|with|lol|haha)\b))"
)
# what one does that is a duty, a state or a pronoun, not a pastime
_NOT_PASTIME = rx(
    r"^(?:a|an|the|my|your|his|her|our|their|some|this|that|these|those|it|them|him|"
    r"nothing|everything|anything|something|stuff|things|whatever|what|this|lots|loads|"
    r"homework|chores|laundry|dishes|shifts?|nights|overtime|work|admin|errands|"
    r"the\s+\w+|not|no|too|so|more|less|best|well|fine|okay|ok)\b"
)


_LONG = (
    r"(?:for\s+(?:years|ages|decades|a\s+while|(?:\w+|\d+)\s+years)|since\s+I\s+was\s+"
    r"(?:\w+|\d+)|since\s+(?:high\s+school|school|uni|college|childhood))"
)
# "I've been doing pixel art for years", "I spend my evenings doing pixel art"
_DOING_LONG = rx(
    rf"\bI(?:'ve|\s+have)\s+been\s+doing\s+((?:[\w-]+\s+){{0,2}}?[\w-]+)\s+{_LONG}"
    r"|\bI\s+spend\s+(?:all\s+)?my\s+(?:free\s+time|spare\s+time|evenings|weekends|nights|"
    r"sundays|saturdays|days\s+off|breaks)\s+(?:doing|on|making|playing)\s+"
    r"((?:[\w-]+\s+){0,2}?[\w-]+)(?=\s*(?:[,.!;—]|$|\s+(?:and|or|lol|haha|because|cause)\b))"
)
_GERUND_LONG = rx(rf"\bI(?:'ve|\s+have)\s+been\s+([a-z]+ing)\s+{_LONG}")


def r_pastime(s: str, m: Msg) -> Iterator[Candidate]:
    g = _GERUND_LONG.search(s)
    if g and (g.group(1).lower() in HOBBIES or g.group(1).lower() in SPORTS):
        low = g.group(1).lower()
        yield cand("sport" if low in SPORTS else "hobby", low, s, confidence=0.7)
        return
    x = _DO_WHEN.search(s) or _WHEN_DO.search(s) or _DOING_LONG.search(s)
    if not x:
        return
    p = (x.group(1) or x.group(2) or "").strip() if x.re is _DOING_LONG else x.group(1).strip()
    if not p or _NOT_PASTIME.match(p) or re.search(r"\b(?:don't|never|not)\s+$", s[: x.start()]):
        return
    low = p.lower()
    subject = "sport" if low in SPORTS or low.split()[-1] in SPORTS else "hobby"
    yield cand(subject, low, s, confidence=0.7)


# ---------------------------------------------------------------- consumed in excess

_LOTS = (
    r"(?:an?\s+(?:embarrassing|ridiculous|obscene|unholy|shameful|stupid|insane|silly|"
    r"worrying|alarming|concerning|frankly\s+\w+|absurd|criminal|ungodly|unreasonable)\s+"
    r"(?:amount|number|quantity)\s+of|way\s+too\s+(?:many|much)|far\s+too\s+(?:many|much)"
    r"|so\s+(?:many|much)|tons\s+of|loads\s+of|my\s+body\s+weight\s+in)"
)
_CONSUME = rx(
    r"\bI(?:\s+|(?='))(?:probably\s+|honestly\s+|literally\s+|definitely\s+|still\s+|also\s+)?"
    r"(?:get\s+through|go\s+through|eat|munch|drink|demolish|inhale|devour|put\s+away|"
    rf"consume|snack\s+on|live\s+on|survive\s+on|run\s+on)\s+{_LOTS}\s+(?:of\s+)?"
)
# "what snack do I eat way too much of": a question asked without its question mark
_ASKED = rx(r"\b(?:what|which|how|who|where|when|why)\b[^,.;!?]*\b(?:do|did|does)\s+$")
_NOT_FOOD = rx(
    r"^(?:it|them|this|that|stuff|things|food|junk|crap|time|money|work|sleep|water|"
    r"coffee\s+cups|tissues|paper)\b"
)


def _is_drink(p: str) -> bool:
    low = p.casefold()
    return low in DRINKS or low.removesuffix("s") in DRINKS or bool(DRINK_HINT.search(p))


def r_excess(s: str, m: Msg) -> Iterator[Candidate]:
    x = _CONSUME.search(s)
    if not x or _ASKED.search(s[: x.start()] + " "):
        return
    p = phrase(s[x.end() :], 9)
    if p:
        p = re.split(r"\s+(?:on|at|in|during|every|per|a|each|before|after|while)\b", p)[0]
    if not p or len(p.split()) > 4 or _NOT_FOOD.match(p):
        return
    verb = "drinks" if re.search(r"\bdrink\b", x.group(0), re.I) else "gets through"
    drink = _is_drink(p)
    subject = "favorite_drink" if drink else "likes"
    yield cand(subject, f"{p} ({verb} loads)", s, confidence=0.7)


# ---------------------------------------------------------------- "my guilty pleasure"

_VICE = (
    r"(?:(?:biggest|one|only|secret|real|true|ultimate|greatest)\s+)?"
    r"(?:guilty\s+pleasure|weakness|vice)"
)
_MY_VICE = rx(rf"\bmy\s+{_VICE}\s+(?:is|are|has\s+(?:always\s+)?been)\s+")
_VICE_IS_MINE = rx(
    rf"(?:^\W*|[,;—]\s*|\b(?:and|but|honestly|ok)\s+)((?:[\w'-]+\s+){{0,3}}?[\w'-]+)\s+"
    rf"(?:is|are|has\s+always\s+been)\s+(?:definitely\s+|totally\s+|honestly\s+)?my\s+{_VICE}\b"
)


def r_vice(s: str, m: Msg) -> Iterator[Candidate]:
    x = _MY_VICE.search(s)
    p = phrase(s[x.end() :], 5) if x else None
    if not p:
        y = _VICE_IS_MINE.search(s)
        p = (
            y.group(1)
            if y and not re.match(r"(?:it|that|this|he|she|you)\b", y.group(1), re.I)
            else None
        )
        if p:
            p = re.sub(r"^(?:the|a|an)\s+", "", p, flags=re.I)
    if not p or _NOT_FOOD.match(p):
        return
    drink = _is_drink(p)
    what = (
        "weakness" if "weak" in s.lower() else "vice" if "vice" in s.lower() else "guilty pleasure"
    )
    yield cand("favorite_drink" if drink else "likes", f"{p} ({what})", s, confidence=0.7)


# ---------------------------------------------------------------- "a Dr Pepper man"

# "I'm a Dr Pepper man", "I'm a tea woman", "I'm a pizza guy": the kind of person one is by
# what one drinks or eats (a place, "a Yorkshire lad", and a trait, "a family man", are not)
_KIND_PERSON = rx(
    r"\b(?:I'm|I\s+am)\s+(?:such\s+)?an?\s+(?:total\s+|huge\s+|big\s+|real\s+|true\s+|"
    r"proper\s+|definite\s+|die-?hard\s+)?((?:[\w.'-]+\s+)?[\w'-]+)\s+(man|woman|gal|lady|lad|"
    r"dude|guy|girl|person)\b"
)


def r_kind_person(s: str, m: Msg) -> Iterator[Candidate]:
    x = _KIND_PERSON.search(s)
    if not x or re.search(r"\b(?:not|never)\s+(?:\w+\s+)?$", s[: x.start(1)]):
        return
    w = x.group(1)
    subject = categorize(w)
    if subject in ("favorite_drink", "favorite_food"):
        yield cand(subject, f"{w} ({w} {x.group(2).lower()})", s, confidence=0.75)


SENTENCE_RULES = (r_pastime, r_excess, r_vice, r_kind_person)
