"""Shared helpers of the English fact rules: the message, sentences, phrase and place capture."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from soulmem.perceive.facts.base import Candidate, FactContext
from soulmem.perceive.facts.en_dialect import normalise
from soulmem.perceive.facts.en_lex import MONTHS, NOT_NAMES_CF

__all__ = [
    "FIRST",
    "NAME",
    "Msg",
    "Rule",
    "cand",
    "cap_name",
    "clean",
    "head",
    "lc",
    "phrase",
    "place",
    "rx",
]

_IGNORE = re.I


def rx(pattern: str, flags: int = _IGNORE) -> re.Pattern[str]:
    return re.compile(pattern, flags)


# a person's name: capitalised, case-sensitive even inside re.I patterns
NAME = r"(?-i:[A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]+(?:[-'][A-Z]?[a-zß-öø-ÿ]+)?)"
FIRST = re.compile(r"\b(?:I|I'm|I've|I'd|I'll|me|my|mine|myself)\b")

_QUOTES = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "–": "—", "\u00a0": " "})
_ABBR = re.compile(r"\b(?:Dr|Mr|Mrs|Ms|St|Jr|Sr|vs|Mt|Prof|etc|approx|No)\.$")
_SPLIT = re.compile(r"[.!?]+[\"')]*(?=\s|$)|\n+")
# "and whats my favourite colour, hint, look at the chairs": a question after a conjunction,
# and typed without its apostrophe
_QUESTION_START = rx(
    r"^\W*(?:(?:and|so|ok|okay|also|then|oh|right|now)\W+)?(?:what|when|where|who|whose|why"
    r"|how|which)(?:'?s|\s+is|\s+are|\s+do|\s+did|(?:\s+[a-z]+){0,2}\s+(?:do|does|did|am|are|"
    r"was|were|have|has|can|should|would|will)\s+(?:I|you|we)\b)"
)
_HYPO = rx(
    r"(?<!\bas\sif\s)(?<!\bas\sthough\s)(?<!\blike\s)\b(?:I'd(?!\s+say)|I\s+would(?!\s+say)|I\s+wish|if\s+I\s+(?:were|was|had|could)"
    r"|imagine|pretend|suppose|supposing|what\s+if|let's\s+say|in\s+another\s+life"
    r"|someday|one\s+day\s+I'll|I'll\s+never\s+be|wouldn't\s+it)\b"
)


def _sentences(text: str) -> list[str]:
    out: list[str] = []
    start = 0
    for m in _SPLIT.finditer(text):
        if m.group().startswith(".") and _ABBR.search(text[start : m.start() + 1]):
            continue
        piece = text[start : m.end()].strip()
        if piece:
            out.append(piece)
        start = m.end()
    rest = text[start:].strip()
    if rest:
        out.append(rest)
    return out


# "What's weighing on me is that I'm forty-four now.": a pseudo-cleft, not a question
_CLEFT = rx(
    r"^\W*(?:(?:and|so|but)\W+)?what(?:'s|\s+is|\s+was)?\s+[^?]*?\s(?:is|was)\s+"
    r"(?:that|how|when|I|I'm|my)\s"
)


# a question about oneself inside unpunctuated speech ("next one where am I living at these
# days and what's my old dog's name"): typed by voice, without a question mark
_ASKS_MINE = rx(
    r"\b(?:what(?:'s|\s+is|\s+was|\s+were)\s+my|where\s+(?:am|do|did)\s+I|"
    r"who(?:'s|\s+is|\s+was)\s+my|what\s+do\s+I)\b"
)


_TELLS = rx(r"\bI(?:'m|'ve|\s+(?:have|got|am|live|work|was|had|love|like))\b")


def _is_question(s: str) -> bool:
    if s.rstrip("\"') ").endswith("?"):
        return True
    mine = _ASKS_MINE.search(s)
    if mine and not re.search(r"[.!]\W*$", s) and not _TELLS.search(s[: mine.start()]):
        return True
    return bool(_QUESTION_START.search(s)) and not _CLEFT.search(s)


# chat spelling without the apostrophe or the capital ("im 23", "ive got", "i live")
_TYPOS = (
    (re.compile(r"\b[Ii]m\b(?!')"), "I'm"),
    (re.compile(r"\b[Ii]ve\b(?!')"), "I've"),
    (re.compile(r"\b[Ii]'(m|ve|d|ll)\b"), r"I'\1"),
    (re.compile(r"(?<![\w'-])i(?![\w'-])"), "I"),
    (re.compile(r"\b(don|can|didn|doesn|isn|wasn|haven|won)t\b", re.I), r"\1't"),
)
# a statement closed by a tag question: "I'm 41, is that crazy?" -> "I'm 41,"
_TAG = rx(
    r",\s*(?:is|isn't|was|am|are|does|do|did|right|you\s+know|ya\s+know|or|huh|no|eh|what"
    r"|how\s+about|and\s+you|wbu|hbu|lol)\b[^,]*\?[\"')\s]*$"
)
_ASKS = rx(
    r"^\W*(?:do|does|did|is|are|am|was|were|can|could|would|will|should|have|has|shall|may"
    r"|might|what|when|where|who|whose|why|how|which)\b"
)
# a chat statement that drops its "I": "just turned 29", "been driving trucks", "majoring in X"
_CHATTER = (
    r"(?:(?:lol|lmao|haha|ok|okay|oh|ah|yeah|yep|well|so|and|also|but|honestly|tbh|ugh|ooc|"
    r"irl|btw|fwiw)\W+)*"
)
_DROPPED_I = rx(
    rf"^(\W*{_CHATTER})(?=(?:(?:just|finally|recently|officially|actually|also|still|"
    r"literally)\s+)*(?:was|went|got|turned|moved|grew\s+up|started|took|adopted|rescued|lived"
    r"|packed\s+up|sold|relocated|retired|retrained|accepted|handed"
    r"|studied|majored|graduated|quit|became|switched|spent)\b)"
)
_DROPPED_IVE = rx(rf"^(\W*{_CHATTER})(?=been\s+\w+ing\b|lived\s+in\b)")
_DROPPED_IM = rx(
    rf"^(\W*{_CHATTER})(?=(?:(?:currently|still|now|also)\s+)?(?:majoring|studying|working|"
    r"living|learning|dating|based|allergic|terrified|fluent|married|single|engaged)\b"
    r"|(?:just|only)\s+an?\s+\w+)"
)


# role-play: "the real me has a beagle" is the user speaking of themselves
_REAL_ME = rx(r"\bthe\s+real(?:[\s-]life)?\s+me\s+((?:also|still|actually)\s+)?([a-z]+)\b")
_REAL_VERB = {"has": "have", "is": "am", "does": "do", "was": "was"}


def _real_me(x: re.Match[str]) -> str:
    adv, verb = x.group(1) or "", x.group(2)
    verb = _REAL_VERB.get(verb.lower()) or (
        verb[:-1] if verb.endswith("s") and not verb.endswith("ss") else verb
    )
    return f"I {adv}{verb}"


# a lowercase chat ("my bf callum thinks...") names people in lowercase: a word in a
# name's slot, before a verb or a break, is capitalised so the name rules read it
_KIN = (
    r"(?:bf|gf|boyfriend|girlfriend|partner|husband|hubby|wife|fianc[ée]e?|sis|sister|bro|"
    r"brother|cousin|nan|gran|grandma|grandpa|son|daughter|niece|nephew|bestie|bff|"
    r"best\s+friend|bestfriend|mate|friend|pal|flatmate|roommate|housemate|coworker|"
    r"colleague|dog|cat|puppy|kitten|pup)"
)
_LOW_NAME = re.compile(
    rf"(?i:\b(?:(?:my|our)\s+(?:(?:little|lil|big|baby|older|younger|twin|new|old|best)\s+)?"
    rf"{_KIN}|this\s+(?:guy|girl|lad|dude|boy)|me\s+(?:n|and|&))\s+)([a-z][a-z'-]{{2,}})"
    r"(?=\s*(?:[,.!?;:)]|$)|\s+(?:and|n|is|was|'s|has|had|just|thinks|says|said|wants|asked|"
    r"texted|keeps|got|gets|loves|hates|likes|can|will|who|from|broke|lol|tho|btw|is|"
    r"came|comes|told|tells)\b)"
)
_NOT_LOW_NAME = frozenset(
    str.split(
        "and the who just really always never literally actually also still even only lowkey "
        "kinda sorta tho though lol lmao rn too said says thinks wants got gets has had was "
        "can will who from and but not now then here there today tonight"
    )
)


def _low_names(t: str) -> str:
    if re.search(r"\b[A-Z][a-z]", t.replace("I'", "")):
        return t

    def up(x: re.Match[str]) -> str:
        w = x.group(1)
        if w in _NOT_LOW_NAME or w.endswith(("ly", "ing", "ed")) or w in NOT_NAMES_CF:
            return x.group(0)
        return x.group(0)[: -len(w)] + w[:1].upper() + w[1:]

    return _LOW_NAME.sub(up, t)


_I = re.compile(r"\b(?:I|I'm|I've|I'd|I'll)\b")
# a sentence whose subject is someone else: a subjectless one after it goes on about them
_THEIRS = rx(
    r"^\W*(?:(?:my|our|his|her|their|your)\s+(?:[\w-]+\s+)?[\w-]+(?:'s)?\s+(?!and\s+I\b)"
    r"|(?-i:He|She|They|he|she|they)\b|(?-i:[A-Z][a-z]+)\s+(?:is|was|has|had|got|just)\b)"
)


def _with_subject(s: str, before: str = "") -> str:
    """The sentence with the "I" a chat message dropped put back (not after a sentence
    about someone else: "My sister is a nurse. Got married last year.")."""
    if before and _THEIRS.search(before) and not _I.search(before) and not FIRST.search(s):
        return s
    for pat, subj in ((_DROPPED_IVE, "I've "), (_DROPPED_I, "I "), (_DROPPED_IM, "I'm ")):
        x = pat.match(s)
        if x:
            rest = s[x.end() :]
            return f"{x.group(1)}{subj}{rest[:1].lower()}{rest[1:]}"
    return s


def _statement(s: str) -> str | None:
    """The sentence as a statement; a tag question keeps its statement part."""
    if not _is_question(s):
        return s
    x = _TAG.search(s)
    if x and not _ASKS.search(s) and FIRST.search(s[: x.start()]):
        return s[: x.start()]
    return None


_SAYS = rx(
    r"\s+(?:always\s+|keeps\s+|still\s+)?(?:says|said|thinks|thought|reckons|told\s+me|"
    r"tells\s+me|swears)(?:\s+that)?\s*$"
)
_CLAUSE_END = re.compile(r"(?:,\s+(?:and|but|so)|;|\s—)\s+")


def _real_part(s: str) -> str | None:
    """The sentence without its hypothetical: "I have a beagle, and I'd want him aboard"
    keeps its first clause; one hypothetical from the start drops the sentence."""
    x = _HYPO.search(s)
    if not x:
        return s
    said = _SAYS.search(s[: x.start()])
    if said and said.start() > 0:
        # "My buddy Hector always says I'd make a great poker player": someone's words about
        # the user; the clause that says who said it stays
        return s[: said.start()]
    cuts = [c.start() for c in _CLAUSE_END.finditer(s, 0, x.start())]
    return s[: cuts[-1]] if cuts and FIRST.search(s[: cuts[-1]]) else None


@dataclass(frozen=True, slots=True)
class Msg:
    """One user message, split for the rules."""

    text: str
    all_sents: tuple[str, ...]
    sents: tuple[str, ...]  # statements: no questions, no first-person hypotheticals
    ctx: FactContext

    @staticmethod
    def of(text: str, ctx: FactContext) -> Msg:
        t = " ".join(text.translate(_QUOTES).split())
        for pat, rep in _TYPOS:
            t = pat.sub(rep, t)
        t = _low_names(_REAL_ME.sub(_real_me, normalise(t)))
        raw = _sentences(t)
        alls = tuple(_with_subject(s, raw[i - 1] if i else "") for i, s in enumerate(raw))
        kept = (_statement(s) for s in alls)
        stmts = tuple(c for c in (_real_part(s) for s in kept if s) if c)
        return Msg(t, alls, stmts, ctx)

    def current(self, subject: str) -> tuple[str, ...]:
        return tuple(self.ctx.current.get(subject, ()))

    @property
    def statements(self) -> str:
        return " ".join(self.sents)


Rule = Callable[[str, Msg], Iterable[Candidate]]


def cand(
    subject: str,
    value: str,
    evidence: str,
    *,
    about: str = "user",
    negated: bool = False,
    confidence: float = 0.8,
    mode: str = "set",
) -> Candidate:
    return Candidate(
        subject=subject,
        value=lc(subject, clean(value)),
        about=about,
        negated=negated,
        confidence=confidence,
        mode=mode,
        evidence=evidence.strip(),
    )


def clean(value: str) -> str:
    v = " ".join(value.split()).strip(" ,;:—.")
    return v.replace("( ", "(").replace(" )", ")").replace("()", "").strip()


def head(value: str) -> str:
    """The value before its parenthesised detail, casefolded."""
    return value.split(" (", 1)[0].strip().casefold()


_CUT = rx(
    r"\s*(?:[,;:!?()\"]|(?<!\bSt)(?<!\bDr)(?<!\bMt)(?<!\bMr)(?<!\bMs)(?<!\bJr)(?<!\bMrs)\.|\s[—-]\s|—|\b(?:and\s+then|and\s+I|but|so|because|cause|'cause|since"
    r"|when|whenever|while|which|who|that's|where|though|although|if|unless|until|lol|haha"
    r"|right\s+now|these\s+days|anyway|every\s+time|all\s+the\s+time|to\s+be\s+honest|tbh"
    r"|honestly|btw|by\s+the\s+way|too|either|anymore|now|lately|again|on\s+repeat|on\s+loop|tho"
    r"|(?-i:(?:last|this|next)\s+(?:year|month|week|summer|winter|spring|autumn|night))"
    r"|nonstop|non-stop|all\s+day|constantly|every\s+(?:single\s+)?day)\b)"
)
_BAD_START = rx(
    r"^(?:(?-i:it|It)|this|that|these|those|you|your|him|her|them|they|he|she|we|us|how|what|when"
    r"|why|where|who|the\s+way|to|about|being\s+here|here|there|so|such|myself|yourself"
    r"|everything|everyone|anything|nothing|something|someone|some\s+of|all\s+of|one\s+of"
    r"|a\s+little|a\s+bit|lot|very|really|too|more|less|doing|going|having|getting)\b"
)


def phrase(
    rest: str, max_words: int = 6, *, allow_bad: bool = False, article: bool = False
) -> str | None:
    """The noun phrase at the start of ``rest``, cut at a clause boundary."""
    m = _CUT.search(rest)
    p = (rest[: m.start()] if m else rest).strip(" \"'")
    if not article:
        p = re.sub(r"^(?:a|an|some|lots\s+of|a\s+lot\s+of|tons\s+of)\s+", "", p, flags=_IGNORE)
    if not p or len(p.split()) > max_words:
        return None
    if not allow_bad and _BAD_START.search(p):
        return None
    return p


_CAPSEQ = re.compile(
    r"[A-Z][\w.'&-]*(?:\s+(?:(?:of|de|del|la|le|upon|on|the|am|du|di|da|and)\s+)?[A-Z][\w.'&-]*)*"
)
_STATE = re.compile(r",\s*([A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*)?)")
_PLACE_NOUN = rx(
    r"^(?!(?:this|that)\s)(?:the\s+|a\s+|an\s+)?(?:[\w'-]+\s+){0,3}?(?:town|city|village|suburbs?|farm|island|"
    r"countryside|coast|neighbou?rhood|area|county|state|country|base|ranch|reservation|"
    r"mountains|valley|desert|border)\b(?:\s+(?:in|near|outside(?:\s+of)?|of|on)\s+"
    r"[A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*)*)?"
)
_NOT_PLACE = frozenset(
    {"i", "home", "here", "there", "work", "school", "college", "earth", "heaven", "hell"}
)


def place(rest: str) -> str | None:
    """A place named at the start of ``rest``: 'Tucson', 'Tucson, Arizona', 'a farm in Iowa'."""
    r = rest.lstrip()
    m = _CAPSEQ.match(r)
    if m:
        p = m.group().rstrip(".")
        first = p.split()[0].casefold()
        if first in _NOT_PLACE or first in NOT_NAMES_CF or first in MONTHS:
            return None
        tail = r[m.end() :]
        st = _STATE.match(tail)
        if st and st.group(1).split()[0].casefold() not in NOT_NAMES_CF:
            p = f"{p}, {st.group(1)}"
        return p
    m = _PLACE_NOUN.match(r)
    if m:
        return m.group().rstrip(".")
    return None


_COMMON_SUBJECTS = frozenset(
    {
        "favorite_food",
        "favorite_drink",
        "favorite_color",
        "favorite_season",
        "favorite_animal",
        "favorite_music",
        "book_genre",
        "sport",
        "hobby",
        "disliked",
        "phobia",
        "allergy",
    }
)


def lc(subject: str, value: str) -> str:
    """'Sushi' (capitalised only as a sentence start) -> 'sushi' for common-noun subjects."""
    words = value.split()
    if (
        subject in _COMMON_SUBJECTS
        and words
        and words[0][:1].isupper()
        and words[0][1:2].islower()
        and not any(w[:1].isupper() for w in words[1:])
    ):
        return value[0].lower() + value[1:]
    return value


def cap_name(token: str) -> bool:
    return bool(re.fullmatch(NAME, token)) and token.casefold() not in NOT_NAMES_CF
