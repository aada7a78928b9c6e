"""What a message says of a value the user already gave, in any of the three languages.

* **Over.** The language rules read most corrections as a new value ("I'm a UX writer
  now"), which replaces the old one. Some messages only say the old value stopped being
  true, naming it: "no more paralegal life", "Biscuit passed away last week", "회기동 고시원
  뺐어", "カラオケのバイト辞めた". Left current, that value would be shown as true from then
  on, so :func:`ended_values` ends it: a current fact of the subjects below whose value's key
  word stands next to an ending cue gives an ``"end"`` candidate for it (placed before the
  message's other candidates, so a new value in the same message is kept). Only the user's
  own facts are known here, so a key word can only end the user's value; a cue about someone
  else's ("my sister quit her job") names no value the user gave.
* **Named again.** "my bf callum is being weird" says nothing new, but it is about the
  partner the user gave: :func:`named_again` tells the observer so, the turn joins the
  fact's evidence, and once the value is corrected the turn is shown as past like the one
  that first told it (its old value is never read as current).
* **Named at all.** Recall marks as past a memory that names an old value's key word (the
  character's "vanilla latte, warm, as always?" once the user's drink changed):
  :func:`value_keys` gives those words, whatever the subject.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from soulmem.perceive.facts.base import Candidate
from soulmem.recall.tokenize import detect_language

__all__ = ["ended_values", "named_again", "value_keys"]

_WORK = frozenset({"job", "workplace", "part_time_job", "school"})
_HOME = frozenset({"current_residence"})
_LOVE = frozenset({"partner"})
_PET = frozenset({"pet"})
#: the subjects whose values end (jobs, homes, partners, pets), not traits or tastes
_SUBJECTS = ("job", "workplace", "part_time_job", "school", "current_residence", "partner", "pet")

# (the subjects a cue ends, the cue): {K} is the key word, the cue stands on one side of it
_CUES: dict[str, tuple[tuple[frozenset[str], str], ...]] = {
    "en": (
        (_WORK | _HOME, r"\bno\s+more\s+(?:\w+\s+){0,2}?{K}"),
        (_WORK | _HOME, r"\bno\s+longer\s+(?:an?\s+|at\s+(?:the\s+)?|in\s+)?(?:\w+\s+)?{K}"),
        (_WORK | _HOME, r"\bnot\s+(?:an?\s+|at\s+(?:the\s+)?)?{K}\s+any\s*more\b"),
        (
            _WORK,
            r"\b(?:quit|quitting|resigned\s+from|got\s+fired\s+from|done\s+with)\s+"
            r"(?:my\s+|the\s+|being\s+an?\s+)?(?:\w+\s+)?{K}",
        ),
        (_WORK | _LOVE, r"\b(?:ex-|ex\s+|former\s+|formerly\s+(?:an?\s+)?){K}"),
        (_WORK, r"{K}(?:'s)?\s+(?:days\s+)?(?:is\s+|are\s+|was\s+)?(?:over|history|behind\s+me)\b"),
        (_WORK, r"\bgave\s+(?:my\s+)?(?:two\s+weeks|notice)\s+at\s+(?:the\s+)?{K}"),
        (
            _LOVE,
            r"\bbroke\s+up\s+with\s+{K}|{K}\s+(?:and\s+I\s+)?(?:broke\s+up|split\s+up|dumped\s+me)",
        ),
        (_HOME, r"\bmov(?:ed|ing)\s+(?:out\s+of|away\s+from)\s+(?:my\s+|the\s+)?(?:\w+\s+)?{K}"),
        (_PET, r"{K},?\s+(?:passed(?:\s+away|\s+on)?|died|crossed\s+the\s+rainbow\s+bridge)\b"),
        (_PET, r"\b(?:RIP|rest\s+in\s+peace),?\s+(?:my\s+|sweet\s+|old\s+)*{K}"),
    ),
    "ko": (
        (
            _WORK,
            r"{K}\S{0,4}(?:\s+\S{1,4})?\s*"
            r"(?:그만\s*뒀|그만\s*두|관뒀|때려\s*치|때려쳤|퇴사|잘렸|졸업했|정리했|정리하고|접었|접고)",
        ),
        (
            _LOVE,
            r"{K}\S{0,3}\s*(?:헤어(?:졌|짐)|끝났|끝남)"
            r"|(?:전\s*)(?:남친|여친|남자\s*친구|여자\s*친구)\s*{K}",
        ),
        (_HOME, r"{K}\S{0,4}(?:\s+\S{1,4})?\s*(?:뺐|뺌|떠났|떠남)"),
        (_PET, r"{K}\S{0,3}(?:\s+\S{1,5}){0,2}?\s*(?:무지개\s*다리|하늘나라|죽었)"),
    ),
    "ja": (
        (
            _WORK,
            r"{K}[^\s。!?、]{0,6}?(?:を|は|も)?(?:辞め|やめた|やめて|やめる|やめま|退職|卒業|クビ)",
        ),
        (_HOME, r"{K}[^\s。!?、]{0,6}?(?:を|は|も)?(?:引き払|卒業)"),
        (_LOVE, r"{K}[^\s。!?、]{0,3}?(?:と|とは)別れ|元(?:彼|カレ|カノ|彼氏|彼女)の?{K}"),
        (_PET, r"{K}[^\s。!?、]{0,3}?(?:が|は)?(?:亡くな|死ん|虹の橋)"),
    ),
}
#: an ending only wished, asked for or supposed ("辞めてほしいって言われた", "그만두고 싶다",
#: "thinking of quitting the bakery"): nothing is over yet. ja / ko: what follows the cue;
#: en: what comes before it
_NOT_DONE = {
    "ja": re.compile(
        r"(?:たい|たく|てほし|ほし|てって|って|たら|ら|れば|よう|ろ|させ|ない|なかっ|ません|そう|かな)"
    ),
    "ko": re.compile(
        r"\S{0,2}?(?:고\s*싶|면|ㄹ까|을까|할까|려고|려나|지\s*마|지\s*말|지\s*않|지\s*못|라고|래)"
    ),
    "en": re.compile(
        r"(?:(?:want(?:s|ed)?|asked|told|tells|begg(?:ed|ing)|need(?:s|ed)?|plan(?:s|ning)?)"
        r"\s+(?:me\s+|him\s+|her\s+)?to|wanna|going\s+to|gonna|might|may|should|could|"
        r"would|if\s+I|thinking\s+(?:of|about)|about\s+to|never)"
        r"\s+(?:\w+\s+)?$",
        re.IGNORECASE,
    ),
}
_STOP_EN = frozenset(
    {"named", "called", "the", "and", "with", "from", "that", "does", "part", "time", "job"}
    | {"moved", "there", "moving", "about", "years", "old", "for", "near", "in", "at"}
    | {"apartment", "flat", "house", "unit", "place", "room", "studio", "condo", "little"}
)
#: a pet's name as its value shows it: "dog named Biscuit", "거북이 '장군'", "フェレット「ちくわ」"
_PET_NAME = re.compile(r"(?:named|called)\s+([A-Z][\w'-]+)|'([^']+)'|「([^」]+)」")
_COMPILED: dict[tuple[str, str, str], re.Pattern[str]] = {}


def _pattern(language: str, subject: str, key: str) -> re.Pattern[str] | None:
    found = _COMPILED.get((language, subject, key))
    if found is None:
        word = re.escape(key)
        if language == "en":
            word = rf"\b{word}\b"
        cues = [cue.replace("{K}", word) for kinds, cue in _CUES[language] if subject in kinds]
        if not cues:
            return None
        found = re.compile("|".join(cues), re.IGNORECASE)
        if len(_COMPILED) < 4096:
            _COMPILED[(language, subject, key)] = found
    return found


def _keys(value: str, language: str, subject: str) -> list[str]:
    """The words of a value that name it: "paralegal", "회기동 고시원" -> 회기동, 고시원; a pet
    only by its name (another's beagle dying is not the user's Biscuit)."""
    if subject == "pet":
        named = _PET_NAME.search(value)
        return [next(g for g in named.groups() if g)] if named else []
    head = re.split(r"\s*[(（]", value, maxsplit=1)[0]
    if language == "en":
        words = re.findall(r"[A-Za-z][\w'-]*", head)
        return [w for w in words if len(w) >= 3 and w.casefold() not in _STOP_EN]
    if language == "ko":
        return [w for w in re.findall(r"[가-힣A-Za-z]{2,}", head)]
    # Japanese: runs of kanji, katakana or latin letters (カラオケ, 北千住, 古着屋)
    return re.findall(r"[一-龯々ァ-ヺーA-Za-z]{2,}", head)


def value_keys(value: str, subject: str) -> list[str]:
    """The words that name ``value`` of ``subject`` in a text (its language read from the
    value): "바닐라라떼(따뜻하게)" -> 바닐라라떼; a pet only by its name; none for numbers
    alone ("21 years old")."""
    language = detect_language(value)
    return _keys(value, language if language in _CUES else "en", subject)


def ended_values(
    text: str, language: str, current: Mapping[str, tuple[str, ...]], taken: Iterable[str]
) -> list[Candidate]:
    """``"end"`` candidates for the user's current values that ``text`` says are over.
    ``taken``: subjects the language rules already gave a candidate for (left to them)."""
    if language not in _CUES:
        return []
    # a new value replaces a single one anyway; pets coexist, so a death still ends one
    skip = set(taken) - {"pet"}
    out: list[Candidate] = []
    for subject in _SUBJECTS:
        if subject in skip:
            continue
        for value in current.get(subject, ()):
            for key in _keys(value, language, subject):
                pattern = _pattern(language, subject, key)
                match = pattern.search(text) if pattern is not None else None
                if match and not _only_wished(text, match, language):
                    out.append(
                        Candidate(subject, value, mode="end", confidence=0.7, evidence=match[0])
                    )
                    break
    return out


def _only_wished(text: str, match: re.Match[str], language: str) -> bool:
    not_done = _NOT_DONE.get(language)
    if not_done is None:
        return False
    if language == "en":
        return not_done.search(text[max(0, match.start() - 40) : match.start()]) is not None
    return not_done.match(text, match.end()) is not None


def named_again(text: str, language: str, subject: str, value: str) -> bool:
    """Whether ``text`` names a key word of the user's ``value`` for ``subject`` (one of the
    subjects that end: jobs, homes, partners, pets)."""
    if language not in _CUES or subject not in _SUBJECTS:
        return False
    for key in _keys(value, language, subject):
        word = rf"\b{re.escape(key)}\b" if language == "en" else re.escape(key)
        if re.search(word, text, re.IGNORECASE):
            return True
    return False
