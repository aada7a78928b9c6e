"""English rules for who the user is: name, age, height, blood type, MBTI, zodiac sign,
handedness (the birthday: ``en_birthdays``)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from soulmem.perceive.facts.base import Candidate
from soulmem.perceive.facts.en_birthdays import r_birthday
from soulmem.perceive.facts.en_lex import (
    FAMILY,
    LANGUAGES,
    NUMBER_RE,
    RELIGIONS,
    ZODIAC,
    alt,
    number,
)
from soulmem.perceive.facts.en_util import FIRST, NAME, Msg, cand, cap_name, rx

__all__ = ["SENTENCE_RULES"]

N = NUMBER_RE
_IM = r"(?:I'm|I\s+am)"
_NEG_BEFORE = rx(r"\b(?:not|n't|never|no\s+longer)\s+(?:\w+\s+)?$")

# ---------------------------------------------------------------- name


_FULL = rf"{NAME}(?:\s+{NAME}){{0,2}}"
_NAME_EXPLICIT = rx(
    rf"\b(?:my\s+(?:full\s+|real\s+|first\s+)?name(?:'s|\s+is)|^\W*(?:the\s+)?name's|"
    rf"{_IM}\s+called)\s+(?:actually\s+|really\s+|just\s+|officially\s+)?({_FULL})"
)
# "my full name anyway - it's Priyanka Deshmukh": the name after a dash or colon
_NAME_LATER = rx(
    rf"\bmy\s+(?:full\s+|real\s+|first\s+|actual\s+)?name\b[^.!?]{{0,30}}?(?:—|-|:)\s*"
    rf"(?:it's|it\s+is)?\s*({_FULL})"
)
_NAME_IM = rx(rf"\b(?:{_IM}|this\s+is)\s+({_FULL})(?:\s*(?:—|,|-)\s*({_FULL}))?")
# "Bob here", and the Indian English opener "Myself Snehal." / "Hello, myself Ravi from Pune"
_NAME_HERE = rx(
    rf"^\W*(?:(?:hi|hey|hello)\W+)*(?:myself\s+({_FULL})(?=\s*(?:[,.!;—-]|$|\s+(?:here|from|"
    rf"and)\b))|({_FULL})\s+here\b)"
)
# "anyway for the record it's Trudy Maclachlan, owner...": a name given for the record
_NAME_RECORD = rx(
    rf"\b(?:for\s+the\s+record|just\s+so\s+you\s+know|fyi)\W+(?:it's|I'm|(?:the\s+)?name's)"
    rf"\s+({_FULL})(?=\s*(?:[,.!;—]|$))"
)
# the opening message: "Euan, by the way, Euan Dalgleish."
_NAME_BTW = rx(
    rf"^\W*(?:it's\s+)?({_FULL}),?\s+(?:by\s+the\s+way|btw)(?:,?\s*({_FULL}))?(?=\s*(?:[.!;]|$))"
)
# the opening message in Nigerian Pidgin: "Good evening o! Na Chidinma Okafor be this."
_NAME_NA = rx(rf"\bna\s+({_FULL})\s+be\s+this\b")
# the opening message: "Uncle! Is me lah, Jia Hui. Goh Jia Hui, the girl ...", "hey it's me, Sam"
_NAME_ME = rx(
    rf"\b(?:it's|its|it\s+is|is)\s+me(?:\s+(?:lah|la|leh|again|here))?\s*[,—-]\s*({_FULL})"
)
_GREETING = rx(
    r"^\W*(?:hi|hey|hello|hiya|howdy|yo|greetings|heya|evening|morning|afternoon|"
    r"(?:good\s+)?(?:morning|evening|afternoon|day))\b"
    r"|\b(?:quick\s+intro|introduce\s+myself|about\s+me|nice\s+to\s+meet|it's\s+pronounced"
    r"|(?:it's\s+)?spelled|spelt|rhymes\s+with)\b"
)
_NICE = rx(r"^\s*(?:,|—|-)?\s*(?:nice|pleased|good)\s+to\s+meet")
_AGE_AFTER = rx(rf"^\s*,\s*{NUMBER_RE}\s*(?:,|$|and\b|years?\b|yo\b)")
_NICK = rx(
    rf"\b(?:call\s+me|I\s+go\s+by|(?:everyone|everybody|people|my\s+friends|they|who)"
    rf"(?:\s+\w+){{0,3}}?\s+(?:calls?|called|used\s+to\s+call)\s+me"
    # "on the CB everybody knew me as Tumbleweed", "everyone says spinz bc of how i bowl"
    rf"|(?:everyone|everybody|people|they)(?:\s+\w+){{0,3}}?\s+(?:knew|know|knows)\s+me\s+as"
    rf"|(?:everyone|everybody|people)\s+(?:says|say)(?=\s+{_FULL}\s+(?:bc|because|cos|cuz|coz)\b))"
    rf"\s+({_FULL}|(?-i:[A-Z]{{1,2}})(?![\w']))"
)
_NOT_INITIALS = frozenset({"OK", "AI", "IT", "TV", "PM", "AM", "ME", "US", "A", "I"})
_NOT_A_NAME = frozenset(w.casefold() for w in LANGUAGES | ZODIAC) | frozenset(RELIGIONS)


def _ok_name(n: str) -> bool:
    first = n.split(maxsplit=1)[0]
    return cap_name(first) and first.casefold() not in _NOT_A_NAME


def r_name(s: str, m: Msg) -> Iterator[Candidate]:
    x: re.Match[str] | None
    for x in _NICK.finditer(s):
        initials = x.group(1).isupper() and x.group(1) not in _NOT_INITIALS
        if initials or _ok_name(x.group(1)):
            yield cand("nickname", x.group(1), s)
    for x in _NAME_EXPLICIT.finditer(s):
        if _ok_name(x.group(1)):
            yield cand("name", x.group(1), s, confidence=0.9)
            return
    x = _NAME_LATER.search(s) or _NAME_RECORD.search(s)
    if x and _ok_name(x.group(1)):
        yield cand("name", x.group(1), s, confidence=0.85)
        return
    x = _NAME_BTW.search(s) if not m.ctx.previous_user_texts else None
    if x and _ok_name(x.group(1)):
        full = x.group(2) or ""
        same = full.split()[0] == x.group(1).split()[0] if full else False
        yield cand("name", full if same else x.group(1), s, confidence=0.8)
        return
    x = _NAME_NA.search(s) if not m.ctx.previous_user_texts else None
    if x and _ok_name(x.group(1)):
        yield cand("name", x.group(1), s, confidence=0.8)
        return
    x = _NAME_ME.search(s) if not m.ctx.previous_user_texts else None
    if x and _ok_name(x.group(1)):
        # the full name said next ("Jia Hui. Goh Jia Hui"), in this sentence or the next
        name = x.group(1)
        more = re.search(rf"\b((?:{NAME}\s+){{1,2}}{re.escape(name)})\b", m.text)
        full = more.group(1) if more else ""
        longer = name in full and len(full) > len(name) and _ok_name(full)
        yield cand("name", full if longer else name, s, confidence=0.8)
        return
    x = _NAME_HERE.search(s)
    if x and _ok_name(x.group(1) or x.group(2)):
        yield cand("name", x.group(1) or x.group(2), s)
        return
    for x in _NAME_IM.finditer(s):
        name, full = x.group(1), x.group(2)
        if not _ok_name(name):
            continue
        introduced = (
            _GREETING.search(m.text)
            or _NICE.search(s[x.end() :])
            or _AGE_AFTER.search(s[x.end() :])
            or not m.ctx.previous_user_texts  # the opening message introduces the speaker
        )
        if not introduced:
            continue
        if full and full.split()[0] == name.split()[0] and len(full) > len(name):
            name = full
        elif " " not in name:
            more = re.search(rf"\b{re.escape(name)}\s+({NAME})\b", m.text)
            if more and cap_name(more.group(1)):
                name = f"{name} {more.group(1)}"
        yield cand("name", name, s, confidence=0.85)
        return


# ---------------------------------------------------------------- age

_AGE_WHEN = (
    r"(?:\s+((?:just\s+)?(?:last|this)\s+\w+|yesterday|today|recently|on\s+\w+|in\s+\w+|"
    r"a\s+few\s+\w+\s+ago|\w+\s+\w+\s+ago))?"
)
_AGE_RULES = (
    (
        "turned",
        rx(rf"\bI(?:\s+|(?='))(?:just\s+|finally\s+|officially\s+)?turned\s+({N})\b{_AGE_WHEN}"),
    ),
    ("turning", rx(rf"\b(?:I'll\s+be|I'm\s+turning|I\s+turn)\s+({N})\b{_AGE_WHEN}")),
    (
        "turning",
        rx(
            rf"(?:^\W*|\b{_IM}\s+)(?:gonna|going\s+to)\s+be\s+({N})\b{_AGE_WHEN}"
            r"(?=\s*(?:[,.!;]|$|\s+(?:and|but|so|soon|next|lol)\b))"
        ),
    ),
    (
        "im",
        rx(
            rf"\b{_IM}\s+(?:only\s+|just\s+|almost\s+|nearly\s+|barely\s+|now\s+|actually\s+|"
            rf"really\s+|apparently\s+|officially\s+)?({N})"
            r"(\s*(?:years?|yrs?)[\s-]+old|\s*yo\b)?"
            r"(?=\s*(?:[,.!;)—]|$|\s+(?:now|and|but|so|this|myself|too|already|years?|yrs?"
            r"|btw|lol|haha|if|though|thank|thanks|ty|fully|ok|okay|tho|ngl|fr|dude|bro"
            r"|mate)\b|\s+[^\w\s]))"
        ),
    ),
    ("yearold", rx(rf"\b{_IM}\s+(?:an?\s+)?({N})[\s-]+years?[\s-]+old\b")),
    # "as a 50 year old woman I did not expect ...": the speaker's own "I" follows
    (
        "yearold",
        rx(rf"^\W*as\s+an?\s+({N})[\s-]+years?[\s-]+old\b(?=[^.!?]*\b(?-i:I|I'm|I've)\b)"),
    ),
    (
        "planet",
        rx(
            rf"\b({N})\s+years\s+(?:on\s+(?:this|the)\s+(?:planet|earth)|young|around\s+the\s+sun"
            r"|of\s+age|alive|on\s+earth)"
        ),
    ),
    ("myage", rx(rf"\bmy\s+age\s+is\s+({N})\b")),
    # "34 and my knees feel 70", "29 and still single": the age opening a sentence about oneself
    (
        "opens",
        rx(
            r"^\W*(\d\d)\s+and\s+(?=(?:my\s+(?:knees?|back|body|joints|bones|hips?|hair)|"
            r"I(?:'m)?\s+(?:still|already|feel)|still\s+(?:single|living|can't|no)|already\s+"
            r"(?:grey|gray|balding|retired))\b)"
        ),
    ),
    ("nameage", rx(rf"\b{_IM}\s+{NAME}(?:\s+{NAME})?,\s+({N})(?=\s*[,.!;—]|\s+and\b|$)")),
    # "this last one make me thirty-four", "my birthday made me 40": the birthday just had
    (
        "im",
        rx(
            rf"\b(?:this|that|the|my)\s+(?:last\s+)?(?:one|birthday|bday)\s+(?:make|made|makes)\s+"
            rf"me\s+({N})\b"
        ),
    ),
    # "Twenty-seven liao, but ...", "27 already lah": an age said bare, as done (Singlish)
    ("opens", rx(rf"^\W*({N})\s+(?:liao|already\s+(?:lah|la|leh))\b")),
)
_NOT_NOW = rx(r"\b(?:before|until|till|when|by\s+the\s+time|once|if|since|by)\s+$")
_DECADE = rx(
    r"\b(?:I'm|I\s+am)\s+in\s+my\s+(early\s+|mid\s+|late\s+)?(twenties|thirties|forties|"
    r"fifties|sixties|teens)\b"
)
_DECADE_N = {
    "teens": "10s",
    "twenties": "20s",
    "thirties": "30s",
    "forties": "40s",
    "fifties": "50s",
    "sixties": "60s",
}


def _said_numbers(text: str | None) -> set[int]:
    found = (number(x.group()) for x in re.finditer(N, text or "", re.I))
    return {n for n in found if n is not None}


def r_age(s: str, m: Msg) -> Iterator[Candidate]:
    x: re.Match[str] | None
    for kind, pat in _AGE_RULES:
        for x in pat.finditer(s):
            n = number(x.group(1))
            if n is None or not 5 <= n <= 110:
                continue
            if _NEG_BEFORE.search(s[: x.start(1)]) or _NOT_NOW.search(s[: x.start()]):
                continue
            if kind == "opens" and (n < 13 or n in _said_numbers(m.ctx.previous_assistant_text)):
                continue  # "59 and still up at 4am": the character's age said back
            raw = x.group(0).strip()
            when = x.group(2) if kind in ("turned", "turning") and x.lastindex == 2 else None
            if kind == "turned":
                detail = f"turned {n}" + (f" {when}" if when else "")
                yield cand("age", f"{n} years old ({detail})", s, confidence=0.9)
            elif kind == "turning":
                yield cand(
                    "age",
                    f"{n - 1} years old (turning {n}" + (f" {when})" if when else ")"),
                    s,
                    confidence=0.6,
                )
            elif kind == "planet":
                if not re.search(r"\b(?:I|me|my)\b", s) and s.find(x.group(0)) > 3:
                    continue
                word = x.group(1)
                note = (
                    f" ({raw[0].lower() + raw[1:]})"
                    if not word.isdigit() or "planet" in raw
                    else ""
                )
                yield cand("age", f"{n} years old{note}", s, confidence=0.8)
            else:
                yield cand("age", f"{n} years old", s, confidence=0.85)
            return
    x = _DECADE.search(s)
    if x:
        yield cand(
            "age",
            f"{_DECADE_N[x.group(2).lower()]} (in my {(x.group(1) or '')}{x.group(2).lower()})",
            s,
            confidence=0.6,
        )


# ---------------------------------------------------------------- height

_FTW = {"four": 4, "five": 5, "six": 6, "seven": 7}
_INW = {
    "nothing": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
}
_INW_RE = "|".join(_INW)
_H_ANCHOR = (
    r"(?:I'm|I\s+am|being|at|I\s+stand(?:\s+at)?|standing\s+at|my\s+height\s+is|I\s+measure|"
    r"height:?)\s+(?:(?:only|just|barely|almost|nearly|like|about|around|a\s+solid|a\s+whole)\s+)?"
)
_H_NUM = re.compile(
    rf"{_H_ANCHOR}(?P<ft>[4-7])\s*(?:'|ft\.?|feet|foot)\s*(?P<inch>1[01]|\d)?\s*(?:\"|''|in\.?|inches)?(?!\s*(?:away|from|behind|under|deep|long|wide))",
    re.I,
)
_H_WORD = re.compile(
    (
        rf"{_H_ANCHOR}(?P<ftw>four|five|six|seven)(?:[\s-](?:foot|feet))?"
        rf"(?:[\s-](?:(?P<inw>{_INW_RE})\b)|(?=\s+(?:feet|foot)\s+tall))"
    ),
    re.I,
)
_H_WORD2 = re.compile(
    (
        r"\b(?P<ftw>four|five|six|seven)[\s-](?:foot|feet)[\s-]?(?P<inw>one|two|three|four|five|"
        r"six|seven|eight|nine|ten|eleven)?\s*tall\b"
    ),
    re.I,
)
_H_CM = re.compile(
    (
        rf"(?:{_H_ANCHOR})(?P<cm>1[4-9]\d|2[01]\d)\s*(?:cm|centimet(?:er|re)s?)\b|"
        rf"\b(?P<cm2>1[4-9]\d|2[01]\d)\s*(?:cm|centimet(?:er|re)s?)\s+tall\b"
    ),
    re.I,
)
_H_M = re.compile(rf"{_H_ANCHOR}(?P<m>1[.,][4-9]\d)\s*(?:m|meters|metres)\b", re.I)


def _ft_value(ft: int, inch: int, said: str) -> str:
    cm = round((ft * 12 + inch) * 2.54)
    said = said.strip()
    shown = f"{ft}'{inch}\""
    extra = f"{said}, " if said and not said[0].isdigit() else ""
    return f"{shown} ({extra}about {cm} cm)"


def r_height(s: str, m: Msg) -> Iterator[Candidate]:
    if re.search(r"\b(?:he|she|they|his|her)\s+(?:is|'s|are)\b", s[:20], re.I):
        return
    for pat in (_H_WORD, _H_WORD2):
        x = pat.search(s)
        if x:
            ft = _FTW[x.group("ftw").lower()]
            inch = _INW.get((x.group("inw") or "nothing").lower(), 0)
            said = x.group(0)
            said = re.sub(rf"^{_H_ANCHOR}", "", said, flags=re.I)
            yield cand("height", _ft_value(ft, inch, said), s, confidence=0.85)
            return
    x = _H_NUM.search(s)
    if x:
        yield cand("height", _ft_value(int(x.group("ft")), int(x.group("inch") or 0), ""), s)
        return
    x = _H_CM.search(s)
    if x:
        cm = int(x.group("cm") or x.group("cm2"))
        inches = round(cm / 2.54)
        yield cand("height", f"{cm} cm (about {inches // 12}'{inches % 12}\")", s)
        return
    x = _H_M.search(s)
    if x:
        cm = round(float(x.group("m").replace(",", ".")) * 100)
        inches = round(cm / 2.54)
        yield cand("height", f"{cm} cm (about {inches // 12}'{inches % 12}\")", s)


# ---------------------------------------------------------------- blood, MBTI, zodiac, hand

_BT = r"(?-i:AB|A|B|O)"
_SIGN = r"(\s*[+-]|\s+positive|\s+negative|\s+pos\b|\s+neg\b)?"
_BLOOD = (
    rx(rf"\bblood\s*type(?:'s|\s+is|:)?\s+(?:type\s+)?({_BT}){_SIGN}"),
    rx(rf"\b{_IM}\s+(?:type\s+)?({_BT})(\s*[+-]|\s+positive|\s+negative|\s+pos|\s+neg)(?=\W|$)"),
    rx(rf"\btype\s+({_BT}){_SIGN}\s+blood\b"),
    rx(rf"\b(?:I'm|I\s+am|my\s+blood\s+is)\s+type\s+({_BT}){_SIGN}(?=\W|$)"),
)
_MBTI = re.compile(r"\b([EI][NS][TF][JP])(?:-([AT]))?\b")
_THIRD = rx(
    r"\b(?:he|she|they|his|her|their)(?:'s|\s+is|\s+are|'re)?\b|\bmy\s+(?:\w+\s+)?(?:sister|"
    r"brother|mom|dad|friend|partner|boyfriend|girlfriend|wife|husband)\b"
)
# "they made me take that personality test. INFP lol": the code alone, after the user's test
_TYPE_TEST = rx(r"\b(?:personalit(?:y|ies)|myers|mbti|16\s+types)\b")
_ME = re.compile(r"\b(?:I|I'm|I've|me|us|we)\b")
_SIGNS = "|".join(ZODIAC)
_ZODIAC = rx(
    rf"\b{_IM}\s+(?:such\s+|so\s+|totally\s+|definitely\s+)?(?:an?\s+)?(?:\w+\s+)?"
    rf"((?-i:{_SIGNS}))\b(?!\s+(?:survivor|patient|research|free|scare|diagnosis)\b)"
    rf"|\bmy\s+(?:zodiac\s+|star\s+|sun\s+)?sign\s+is\s+(\w+)"
)
# "typical capricorn here", "such a Leo": a sign as a self-label without "I'm"
_ZODIAC_FRAGMENT = rx(
    rf"^\W*(?:(?:typical|classic|such\s+an?|total|proud|true|big)\s+({_SIGNS})\b(?!\s+(?:is|are|"
    rf"was|were|season|survivor|patient|research)\b)|({_SIGNS})\s+here\b)"
)
_SOMEONE = rx(
    rf"\b(?:my|his|her|their|your)\s+(?:\w+\s+)?(?:{alt(FAMILY)}|ex|boss|friend|mate)s?\b"
)
_HAND = (
    rx(rf"\b{_IM}\s+(?:\w+\s+)?(left|right)[\s-]handed\b"),
    rx(rf"\b{_IM}\s+an?\s+(lefty|leftie|southpaw|righty)\b"),
    rx(r"\bI(?:\s+|(?='))(?:write|eat|throw|draw)\s+with\s+my\s+(left|right)\s+hand\b"),
    rx(rf"\b{_IM}\s+(ambidextrous)\b"),
)


def r_traits(s: str, m: Msg) -> Iterator[Candidate]:
    for pat in _BLOOD:
        x = pat.search(s)
        if x:
            sign = (x.group(2) or "").strip().lower()
            sign = {"positive": "+", "pos": "+", "negative": "-", "neg": "-"}.get(sign, sign)
            word = {"+": " positive", "-": " negative"}.get(sign, "")
            bt = x.group(1).upper()
            value = f"{bt}{sign} ({bt}{word})" if sign else bt
            yield cand("blood_type", value, s, confidence=0.9)
            break
    x = _MBTI.search(s)
    if x and re.match(r"\W*$", s[: x.start()]) and not FIRST.search(s) and not _THIRD.search(s):
        if any(_TYPE_TEST.search(o) and _ME.search(o) for o in m.sents if o != s):
            yield cand("mbti", x.group(), s, confidence=0.75)
    elif x and re.search(r"\b(?:I|I'm|me|my)\b", s):
        for x in _MBTI.finditer(s):  # "my wife is an ENFP and I'm an INTJ": one each
            before = s[: x.start()]
            about = (
                "other"
                if _THIRD.search(before) and not re.search(r"\bI'm\b|\bI\s+am\b", before[-30:])
                else "user"
            )
            code = x.group(1) + (f"-{x.group(2)}" if x.group(2) else "")
            yield cand("mbti", code, s, about=about, confidence=0.85)
    x = _ZODIAC.search(s)
    if x:
        sign = x.group(1) or (x.group(2) or "").capitalize()
        if sign in ZODIAC:
            yield cand("zodiac", sign, s)
    elif not _THIRD.search(s) and not _SOMEONE.search(s):
        x = _ZODIAC_FRAGMENT.search(s)
        if x:
            yield cand("zodiac", (x.group(1) or x.group(2)).capitalize(), s, confidence=0.7)
    for pat in _HAND:
        x = pat.search(s)
        if x:
            w = x.group(1).lower()
            side = {"lefty": "left", "leftie": "left", "southpaw": "left", "righty": "right"}.get(
                w, w
            )
            value = "ambidextrous" if side == "ambidextrous" else f"{side}-handed"
            neg = bool(_NEG_BEFORE.search(s[: x.start(1)]))
            yield cand("handedness", value, s, negated=neg, confidence=0.85)
            break


SENTENCE_RULES = (r_name, r_age, r_birthday, r_height, r_traits)
