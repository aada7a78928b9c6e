"""Short replies that answer the character's last question (en).

The character asks "How old are you, by the way?" and the user says "25 lol": the reply alone
states nothing, but read against the question it is the user's age. This rule

1. finds which subjects the character's last message asks the user about (``_ASKS``: a few
   question patterns per subject, addressed to the user with "you/your"; "How old is your
   dog?" or "What's your sister's name?" ask about someone else and match nothing; a chat
   question without its mark or in chat spelling, "where r u from btw", counts too);
2. accepts only a short reply that gives a value: a bare value or fragment ("25", "in Osaka
   now", "haha it's March 3rd", "29! you?"), after dropping chatter ("lol", "honestly") and
   a lead-in ("it's", "just", "I'm"); a bare value of up to three words may be followed
   by talk about it ("duluth lol. basically a freezer."); it refuses a question back, a
   negation or deflection ("no", "guess!", "that's a secret", "idk"), a reply about someone
   else ("my sister is 30"), and long chit-chat;
3. turns the value into the plain first-person statement the existing rules read
   ("I'm 25 years old", "My birthday is March 3rd") and keeps what those rules give for the
   asked subject, so values keep their normal forms.

Where the message asks two things and the reply reads as a value for both, nothing is kept.
Candidates keep ``about="user"``, confidence 0.7 and the reply as evidence. A reply the
existing rules already read for the subject ("I'm a nurse") adds nothing here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from soulmem.perceive.facts.base import Candidate, FactContext
from soulmem.perceive.facts.en_lex import NOT_NAMES_CF
from soulmem.perceive.facts.en_util import NAME, rx

__all__ = ["answers"]

CONFIDENCE = 0.7
_MAX_WORDS = 7
_FIRST_WORDS = 3
_INTERJECTION = rx(
    r"^\W*(?:ugh|hmm+|wow|omg|aw+|oof|yikes|god|man|dude|bro|well|yeah|yes|no|nah|ok|okay|"
    r"sure|true|same|haha+|lol+|lmao|oh|ah|um+|uh+|honestly|wait|fair|ha|heh|damn|jeez)\b"
)

_FAV = (
    r"(?:what(?:'?s|\s+is)|what\s+are|which\s+is|who(?:'s|\s+is|\s+are)|got\s+a"
    r"|do\s+you\s+have\s+a)\s+your\s+favou?rite"
)


def _fav(*nouns: str) -> str:
    alt = "|".join(nouns)
    return rf"\b{_FAV}\s+(?:{alt})\b|\bwhat\s+(?:{alt})\s+do\s+you\s+like\s+(?:best|most)\b"


# subject -> question pattern (searched in the character's question sentences)
_ASKS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (subject, rx(pattern))
    for subject, pattern in (
        ("age", r"\bhow\s+old\s+are\s+you\b|\byour\s+age\b"),
        (
            "birthday",
            r"\bwhen(?:'?s|\s+is)\s+your\s+(?:birthday|bday)\b|\bwhen\s+were\s+you\s+born\b"
            r"|\bwhat\s+(?:day|date)\s+is\s+your\s+(?:birthday|bday)\b",
        ),
        (
            "name",
            r"\bwhat(?:'?s|\s+is)\s+your\s+(?:first\s+|actual\s+|real\s+|full\s+)?name\b"
            r"|\bwho\s+are\s+you\s*(?:,[^?]*)?\?",
        ),
        (
            "nickname",
            r"\bwhat\s+(?:should|can|do)\s+I\s+call\s+you\b|\byour\s+nickname\b"
            r"|\bwhat\s+do\s+(?:people|your\s+friends)\s+call\s+you\b",
        ),
        ("height", r"\bhow\s+tall\s+are\s+you\b|\byour\s+height\b"),
        ("blood_type", r"\byour\s+blood\s+type\b|\bwhat\s+blood\s+type\s+are\s+you\b"),
        ("mbti", r"\byour\s+(?:mbti|personality\s+type)\b|\bwhat(?:'?s|\s+is)?\s+your\s+mbti\b"),
        (
            "zodiac",
            r"\byour\s+(?:zodiac|star|astrological)\s+sign\b|\bwhat\s+sign\s+are\s+you\b"
            r"|\byour\s+zodiac\b",
        ),
        ("handedness", r"\bare\s+you\s+(?:left|right)[- ]handed\b|\bleft[- ]handed\s+or\s+right"),
        (
            "hometown",
            r"\bwhere\s+did\s+you\s+grow\s+up\b|\bwhere\s+are\s+you\s+(?:originally\s+)?from\b"
            r"|\byour\s+hometown\b|\bwhere\s+were\s+you\s+(?:born|raised)\b",
        ),
        (
            "current_residence",
            r"\bwhere\s+do\s+you\s+live\b|\bwhere\s+are\s+you\s+(?:living|based|staying)\b"
            r"|\bwhere\s+do\s+you\s+stay\b",
        ),
        (
            "job",
            r"\bwhat\s+do\s+you\s+do\s+(?:for\s+(?:work|a\s+living)|at\s+work)\b"
            r"|\bwhat(?:'?s|\s+is)\s+your\s+(?:job|work|profession|occupation)\b"
            r"|\bwhat\s+(?:kind\s+of\s+)?(?:job|work)\s+do\s+you\s+do\b",
        ),
        ("workplace", r"\bwhere\s+do\s+you\s+work\b|\bwhich\s+company\s+do\s+you\s+work\b"),
        (
            "school",
            r"\bwhat\s+(?:school|college|university|uni)\s+do\s+you\s+(?:go\s+to|attend)\b"
            r"|\bwhere\s+do\s+you\s+(?:go\s+to\s+school|study)\b",
        ),
        (
            "major",
            r"\byour\s+major\b|\bwhat\s+are\s+you\s+studying\b|\bwhat\s+do\s+you\s+study\b"
            r"|\bwhat\s+are\s+you\s+majoring\s+in\b",
        ),
        ("pet", r"\bdo\s+you\s+have\s+(?:any\s+)?pets?\b"),
        ("allergy", r"\bare\s+you\s+allergic\s+to\b|\bdo\s+you\s+have\s+(?:any\s+)?allergies\b"),
        (
            "phobia",
            r"\bwhat\s+are\s+you\s+(?:most\s+)?(?:afraid|scared)\s+of\b|\byour\s+(?:biggest\s+)?fear\b",
        ),
        (
            "language",
            r"\bwhat\s+languages?\s+do\s+you\s+speak\b|\bhow\s+many\s+languages\s+do\s+you\s+speak\b",
        ),
        ("religion", r"\bare\s+you\s+religious\b|\byour\s+religion\b"),
        (
            "family",
            r"\bdo\s+you\s+have\s+(?:any\s+)?(?:siblings|brothers\s+or\s+sisters|kids|children)\b",
        ),
        ("diet", r"\bare\s+you\s+(?:a\s+)?(?:vegetarian|vegan)\b|\byour\s+diet\b"),
        ("gender", r"\byour\s+gender\b"),
        ("favorite_food", _fav("food", "dish", "meal")),
        ("favorite_drink", _fav("drink") + r"|\bwhat\s+do\s+you\s+like\s+to\s+drink\b"),
        (
            "favorite_music",
            _fav("music", "genre", "song", "band")
            + r"|\bwhat\s+(?:kind|sort)\s+of\s+music\s+do\s+you\s+(?:listen\s+to|like)\b",
        ),
        ("favorite_color", _fav("colou?r")),
        ("favorite_season", _fav("season")),
        ("favorite_movie", _fav("movie", "film")),
        ("favorite_book", _fav("book", "novel")),
        ("favorite_game", _fav("game", "video\\s+game")),
        ("favorite_animal", _fav("animal")),
        ("favorite_artist", _fav("artist", "singer")),
        ("favorite_place", _fav("place", "city")),
        ("sport", r"\bdo\s+you\s+play\s+any\s+sports?\b|\bwhat\s+sports?\s+do\s+you\s+play\b"),
        (
            "hobby",
            r"\bwhat\s+do\s+you\s+(?:like\s+to\s+)?do\s+(?:(?:in\s+your|for)\s+(?:free|spare)\s+time"
            r"|for\s+fun)\b"
            r"|\byour\s+hobb(?:y|ies)\b|\bany\s+hobbies\b",
        ),
        (
            "relationship_status",
            r"\bare\s+you\s+(?:seeing\s+anyone|single|dating(?:\s+anyone)?|married|taken)\b",
        ),
        (
            "partner",
            r"\bwhat(?:'?s|\s+is)\s+your\s+(?:partner|boyfriend|girlfriend|bf|gf)(?:'s|s)\s+name\b",
        ),
        ("best_friend", r"\bwho(?:'?s|\s+is)\s+your\s+best\s+friend\b"),
    )
)

# how each subject's value is put back into a statement the existing rules read
_SAY: dict[str, str] = {
    "age": "I'm {v}",
    "birthday": "My birthday is {v}",
    "name": "My name is {v}",
    "nickname": "Call me {v}",
    "height": "I'm {v} tall",
    "blood_type": "My blood type is {v}",
    "mbti": "My MBTI is {v}",
    "zodiac": "My zodiac sign is {v}",
    "handedness": "I'm {v}",
    "hometown": "I grew up in {v}",
    "current_residence": "I live in {v}",
    "job": "I work as {v}",
    "workplace": "I work at {v}",
    "school": "I go to {v}",
    "major": "I major in {v}",
    "pet": "I have {v}",
    "allergy": "I'm allergic to {v}",
    "phobia": "I'm afraid of {v}",
    "language": "I speak {v}",
    "religion": "I'm {v}",
    "family": "I have {v}",
    "diet": "I'm {v}",
    "gender": "I'm {v}",
    "favorite_food": "My favorite food is {v}",
    "favorite_drink": "My favorite drink is {v}",
    "favorite_music": "My favorite music is {v}",
    "favorite_color": "My favorite color is {v}",
    "favorite_season": "My favorite season is {v}",
    "favorite_movie": "My favorite movie is {v}",
    "favorite_book": "My favorite book is {v}",
    "favorite_game": "My favorite game is {v}",
    "favorite_animal": "My favorite animal is {v}",
    "favorite_artist": "My favorite artist is {v}",
    "favorite_place": "My favorite place is {v}",
    "sport": "I play {v}",
    "hobby": "My hobby is {v}",
    "relationship_status": "I'm {v}",
    "partner": "My partner's name is {v}",
    "best_friend": "My best friend is {v}",
}

# where a statement gives nothing, a short name-like value may stand as it is
_AS_IS = frozenset(
    {
        "name",
        "partner",
        "best_friend",
        "favorite_movie",
        "favorite_book",
        "favorite_game",
        "favorite_artist",
        "favorite_color",
        "favorite_season",
        "favorite_animal",
        "blood_type",
        "mbti",
        "gender",
    }
)

NAME_RE = re.compile(NAME)
_QUESTION_SENT = re.compile(r"[^.!?\n]*\?")
# chat drops the question mark: "where r u from btw, u always complain about the heat"
_BARE_QUESTION = rx(
    r"(?:^|(?<=[.!\n])\s*)(?:(?:ok|okay|so|and|anyway|btw|same|also|lol)\W+)*"
    r"(?:where|what|how|who|when|which)\b[^.!?\n]*(?=[.!\n]|$)"
)
_CHATTER = rx(
    r"\b(?:lol+|lmao+|haha+|hehe+|ha|xd|honestly|tbh|obviously|for\s+sure|always|actually"
    r"|probably|mostly|i\s+guess|i\s+think|btw|fr|ngl|now|these\s+days|right\s+now|currently)\b"
    r"|:\)|:\(|:d|:p|;\)|<3|[!~]+"
)
_LEAD = rx(
    r"^(?:(?:oh|ah|um+|uh+|hmm+|well|yeah|yep|yes|yup|ok|okay|so|haha|lol)\b[\s,.]*)*"
    r"(?:(?:it's|its|it\s+is|that's|thats|that\s+would\s+be|i'm|i\s+am|im|just|only|around|about|"
    r"like)\s+)?"
)
_ASK_BACK = rx(r"^\W*(?:and\s+|what\s+about\s+|how\s+about\s+)?(?:you|u|yours|wbu|hbu|hby)\W*$")
_ASK_BACK_TAIL = rx(
    r"(?<=\w)\s*(?:[,!.]\s*|\s+)(?:and\s+|what\s+about\s+|how\s+about\s+)?"
    r"(?:(?:you|u|yours)\s*\?+|wbu|hbu|hby)\W*$"
)
_REFUSE = rx(
    r"n't\b|\b(?:no|nope|not|never|none|nothing|dont|cant|guess|secret|rather|dunno|idk"
    r"|no\s+idea|can't\s+say|same|private|whatever|everything|anything|nobody|nowhere"
    r"|somewhere|someone|something|sometimes|depends|you\s+first|why|who\s+knows|than"
    r"|question|story|complicated|hard\s+to"
    r"|tough|choose|pick|wait|what|sure|hello|hi|hey|nice\s+to|thanks?|you|u|your|yours"
    r"|but|used\s+to|anymore|died|passed\s+away|ex"
    r"|old\s+enough|mind\s+your)\b"
)
_OTHER = rx(
    r"\b(?:my|his|her|their|our)\s+(?:\w+\s+)?(?:is|was|are|'s)\b|^\W*(?:he|she|they|we)\b"
    r"|\b(?:my|his|her|their)\s+(?:mom|mum|mother|dad|father|sister|brother|friend|wife"
    r"|husband|son|daughter|dog|cat|boss|partner|boyfriend|girlfriend)\b"
)
# a reply that speaks in full is the existing rules' to read
_FULL_STATEMENT = rx(r"\b(?:I|I've|I'd|me|my|mine)\b(?!'m\b)")


# a character that writes in chat spelling: "where r u from", "how old r u", "ur job"
_CHAT_SPELLING = (
    (re.compile(r"\br\s+u\b", re.I), "are you"),
    (re.compile(r"\bu\b", re.I), "you"),
    (re.compile(r"\bur\b", re.I), "your"),
    (re.compile(r"\bwhats\b", re.I), "what's"),
    (re.compile(r"\bwheres\b", re.I), "where's"),
    (re.compile(r"\bwhos\b", re.I), "who's"),
)


def asked(assistant_text: str) -> list[str]:
    """Subjects the character's message asks the user about, in order of asking."""
    found: list[tuple[int, str]] = []
    text = assistant_text.replace("’", "'")
    for pat, rep in _CHAT_SPELLING:
        text = pat.sub(rep, text)
    for q in (*_QUESTION_SENT.finditer(text), *_BARE_QUESTION.finditer(text)):
        for subject, pattern in _ASKS:
            if pattern.search(q.group(0)) and subject not in {s for _, s in found}:
                found.append((q.start(), subject))
    return [s for _, s in sorted(found, key=lambda t: t[0])]


def _value(reply: str) -> str | None:
    """The bare value a short reply gives, or None when it gives none."""
    text = " ".join(reply.replace("’", "'").split())
    text = _ASK_BACK_TAIL.sub("", text)
    parts = [p.strip() for p in re.split(r"(?<=[.!?])\s+", text) if p.strip()]
    # "29! you?", "summer, you?": an answer, then the question back
    while len(parts) > 1 and _ASK_BACK.match(parts[-1]):
        parts.pop()
    # "duluth lol. basically a freezer.": a bare value first, then talk about it
    if (
        len(parts) > 1
        and len(re.findall(r"[\w'-]+", _CHATTER.sub(" ", parts[0]))) <= _FIRST_WORDS
        and not _INTERJECTION.match(parts[0])
    ):
        parts = parts[:1]
    if len(parts) != 1:
        return None
    v = parts[0]
    if "?" in v or _OTHER.search(v):
        return None
    v = _CHATTER.sub(" ", v)
    if _REFUSE.search(v):
        return None
    v = " ".join(v.split()).strip(" ,;:.-—")
    v = _LEAD.sub("", v).strip(" ,;:.-—")
    if not v or not re.search(r"\w", v) or len(v.split()) > _MAX_WORDS:
        return None
    if _FULL_STATEMENT.search(v):
        return None
    return v


def answers(
    text: str,
    context: FactContext,
    rules: Callable[[str, FactContext], list[Candidate]],
    already: list[Candidate],
) -> list[Candidate]:
    """Facts a short reply gives as an answer to ``context.previous_assistant_text``.

    ``rules`` reads a plain statement (the language's own rules, without this one);
    ``already`` is what those rules read from the reply itself."""
    if not context.previous_assistant_text:
        return []
    subjects = asked(context.previous_assistant_text)
    if not subjects:
        return []
    value = _value(text)
    if value is None:
        return []
    have = {c.subject for c in already if c.about == "user"}
    plain = replace(context, previous_assistant_text=None, current={}, previous_user_texts=())
    got: dict[str, list[Candidate]] = {}
    for subject in subjects:
        statement = _SAY.get(subject)
        if statement is None:
            continue
        v = _strip_for(subject, value)
        if subject in _SAY_NEAR and _NEAR.match(v):
            statement = _SAY_NEAR[subject]
        kin = (subject, *_KIN.get(subject, ()))
        found = [
            c
            for c in rules(statement.format(v=v), plain)
            if c.subject in kin and c.about == "user" and not c.negated and c.mode == "set"
        ]
        if not found and subject in _AS_IS and _name_like(subject, v):
            if subject in _PEOPLE and v.islower():
                v = " ".join(w[:1].upper() + w[1:] for w in v.split())
            found = [Candidate(subject=subject, value=v)]
        if found:
            got[subject] = found
    if len(got) != 1:
        return []
    found = next(iter(got.values()))
    if found[0].subject in have:
        return []
    evidence = text.strip()
    return [replace(c, confidence=CONFIDENCE, evidence=evidence) for c in found[:1]]


# a place given with its own preposition ("just outside Lyon")
_NEAR = rx(r"^(?:near|outside|around|close\s+to|north|south|east|west)\b")
_SAY_NEAR = {
    "hometown": "I grew up {v}",
    "current_residence": "I live {v}",
    "workplace": "I work {v}",
}
# the existing rules may file the answer under a neighbouring subject (rock climbing: sport)
_KIN: dict[str, tuple[str, ...]] = {"hobby": ("sport",), "sport": ("hobby",)}

_PREP = rx(r"^(?:in|at|from|near|to)\s+")


def _strip_for(subject: str, value: str) -> str:
    if subject in {"hometown", "current_residence", "workplace", "school"}:
        v = _PREP.sub("", value)
        # a place typed in lowercase ("duluth") is still a name
        return v.title() if v.islower() and len(v.split()) <= 3 else v
    if subject == "age" and re.fullmatch(r"\d{1,3}", value):
        return f"{value} years old"
    if subject == "job" and not re.match(r"(?i)an?\s", value):
        return ("an " if value[:1].casefold() in "aeiou" else "a ") + value
    return value


_PEOPLE = frozenset({"name", "partner", "best_friend"})


def _name_like(subject: str, value: str) -> bool:
    words = value.split()
    if not 0 < len(words) <= 4 or re.search(r"[^\w\s'&:.-]", value):
        return False
    if subject in _PEOPLE:
        # a chat reply in lowercase ("its ruben") still gives a name
        if any(w.casefold() in NOT_NAMES_CF for w in words):
            return False
        words = [w[:1].upper() + w[1:] if w.islower() else w for w in words]
        # a person's name: one to three capitalised words ("Aiko", "Mary Jo")
        return len(words) <= 3 and all(NAME_RE.fullmatch(w) for w in words)
    return True
