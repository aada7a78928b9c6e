"""What the user takes back, in their own words, whatever it was: "Raro's off", "not single
anymore", "im dropping MechE", "Remember when I said fifty-four? Total fib", "오사카는 취소하고",
"이제 영통 아니고 광교 살아", "松本の家を引き払い", "大阪はキャンセル".

The rules read a correction when they know the new value's phrasing; when they do not, the
turns that told the old one would still read as current. Each name taken back here becomes a
``"retract"`` candidate: a current fact it names ends (``perceive/resolve.py``), and otherwise
it is kept as a value said before and taken back, so that recall marks the memories that name
it as past (``recall/assemble.mark_past``). Only the name is taken, never a whole clause.
"""

from __future__ import annotations

import re

from soulmem.perceive.facts.en_dialect import normalise

__all__ = ["retracted"]

_EN_STOP = frozenset(
    {"it", "that", "this", "sure", "really", "too", "so", "the", "a", "an", "going", "here"}
    | {"there", "that's", "i", "we", "you", "he", "she", "they", "me", "him", "her", "them"}
)
_CJK = r"[一-龯々ァ-ヺーA-Za-z0-9]{2,12}"
_KO = r"[가-힣A-Za-z0-9]{2,10}"
#: pronouns, and the plain words for a plan (the plan itself is not named by them)
_NOT_NAMES = frozenset(
    {"이거", "그거", "저거", "그것", "이것", "저것", "그건", "이건", "저건", "약속", "일정", "계획"}
    | {
        "예약",
        "수업",
        "모임",
        "여행",
        "予定",
        "約束",
        "予約",
        "旅行",
        "計画",
        "授業",
        "それ",
        "これ",
    }
    # what is cut off besides a habit: a call, a contact, a word
    | {"전화", "통화", "연락", "말", "관계", "인연", "발길", "숨", "흐름"}
    # a kind of work or place alone names none in particular ("알바 관둠": which one?)
    | {"알바", "회사", "직장", "일", "학교", "학원", "공부", "운동"}
)

#: a verb before the ending, not a name ("통화하다 끊었어": the call was cut off)
_KO_VERB = re.compile(r"(?:하다|하고|다가|해서|하면서|하는데)$")

_PATTERNS: dict[str, tuple[re.Pattern[str], ...]] = {
    "en": (
        # "Raro's off", "Iceland is officially cancelled": a plan called off, by its name
        re.compile(
            r"\b(?P<x>(?-i:[A-Z])[\w'-]+(?:\s+(?-i:[A-Z])[\w'-]+)?)(?:'s|\s+is|\s+was)\s+"
            r"(?:now\s+|officially\s+|totally\s+)?(?:off|cancell?ed|scrapped)\b",
            re.IGNORECASE,
        ),
        # "not single anymore", "no longer single"
        re.compile(
            r"\bnot\s+(?:an?\s+)?(?P<x>[a-z][\w-]{3,})\s+any\s?more\b|\bno\s+longer\s+(?:an?\s+)?"
            r"(?P<y>[a-z][\w-]{3,})\b",
            re.IGNORECASE,
        ),
        # "im dropping MechE", "ditched Spanish", "I quit Red Bull"
        re.compile(
            r"\b(?:dropping|dropped|ditching|ditched|quit|quitting|gave\s+up|giving\s+up)\s+"
            r"(?:my\s+)?(?P<x>(?-i:[A-Z])[\w&-]+(?:\s+(?-i:[A-Z])[\w&-]+)?)",
            re.IGNORECASE,
        ),
        # "shifting out of Hostel 10", "moved out of the Dorchester flat", "the Sacramento
        # apartment is all boxes", "the Zanesville house goes on the market": a home left
        re.compile(
            r"\b(?:mov|shift)(?:e|ed|ing)\s+out\s+of\s+(?:the\s+|my\s+|our\s+)?"
            r"(?P<x>(?-i:[A-Z])[\w'-]+(?:\s+(?:(?-i:[A-Z])[\w'-]+|\d+))?)",
            re.IGNORECASE,
        ),
        re.compile(
            r"\b(?:the|my|our)\s+(?P<x>(?-i:[A-Z])[\w'-]+)\s+(?:apartment|flat|house|place|room|condo)"
            r"\s+(?:is|'s|goes|went|is\s+going)\s+(?:all\s+|already\s+)*(?:in\s+|on\s+the\s+)?"
            r"(?:boxes|boxed\s+up|packed|empty|cleared\s+out|sold|market|up\s+for\s+sale)\b",
            re.IGNORECASE,
        ),
        # "bye bye Salthill, hello Oranmore", "bye bye Chula Vista commute": a home left
        re.compile(
            r"\b(?:good)?bye(?:\s+bye)?,?\s+(?P<x>(?-i:[A-Z])[\w'-]+(?:\s+(?-i:[A-Z])[\w'-]+)?)"
            r"(?=,?\s+hello\b|\s+(?:commute|apartment|flat|house|life|days)\b)",
            re.IGNORECASE,
        ),
        # "last day at Seafood City was today": a workplace left
        re.compile(
            r"\blast\s+(?:day|shift)\s+at\s+(?:the\s+)?(?P<x>(?-i:[A-Z])[\w'&-]+(?:\s+(?-i:[A-Z])[\w'&-]+)?)",
            re.IGNORECASE,
        ),
        # "no more Milo dinosaur", "said no more Dr Pepper not a one": a habit ended by name
        re.compile(
            r"\bno\s+more\s+(?P<x>(?-i:[A-Z])[\w'.&-]+(?:\s+(?-i:[A-Z])[\w'&-]+|"
            r"\s+[\w'&-]+(?=\s*[,.;!]|$))?)",
            re.IGNORECASE,
        ),
        # "chem was finishing me so i dropped it today": the thing named, then dropped as "it"
        re.compile(
            r"(?:^|[.!?]\s+)(?P<x>[a-z][\w-]{2,})\s+(?:was|is)\s+[^.!?]{0,40}?\bso\s+I(?:'ve)?\s+"
            r"(?:just\s+)?(?:dropped|quit|ditched|gave\s+up)\s+(?:it|that)\b",
            re.IGNORECASE,
        ),
        # Nigerian Pidgin: "Na the crochet. ... So I don drop am." (I have dropped it)
        re.compile(
            r"\bna\s+the\s+(?P<x>[a-z][\w-]{2,})\b[^?]{0,160}?\bI\s+don\s+(?:drop|stop|leave)\s+am\b",
            re.IGNORECASE,
        ),
        # "Remember when I said fifty-four? Total fib"
        re.compile(
            r"\bsaid\s+(?P<x>[\w-]+)\W{0,3}\s*(?:\w+\s+){0,3}?(?:fib|lie|lied|made\s+(?:it|that)"
            r"\s+up|wasn't\s+true|not\s+true)\b",
            re.IGNORECASE,
        ),
    ),
    "ko": (
        # "오사카는 취소하고", "이제 영통 아니고", "오사카 말고 제주로"
        re.compile(rf"(?:^|[\s,])(?P<x>{_KO}?)(?:은|는|도)?\s*취소(?:하|했|함|됐|됨|돼)"),
        re.compile(rf"(?:^|[\s,])이제\s+(?P<x>{_KO}?)(?:이|가)?\s*(?:아니고|아니라|아님|아냐)"),
        # "이제 보험회사 회계팀 말고 제약회사 인사팀": what it was, up to two words
        re.compile(rf"(?:^|[\s,])이제\s+(?P<x>(?:{_KO}\s+)?{_KO}?)\s*말고\s"),
        # "제약회사 때려치고 화장품회사로 감", "편의점 알바 관둠": a job or a place quit
        re.compile(
            rf"(?:^|[\s,])(?P<x>(?:{_KO}\s+)?{_KO}?)(?:은|는|도|을|를)?\s*"
            r"(?:때려치|관두|관뒀|관둠|그만두|그만뒀|그만둠)"
        ),
        # "이사끝남 신림 탈출": the place a move escaped
        re.compile(rf"(?s)^(?=.*이사).*?(?:^|[\s,])(?P<x>{_KO}?)\s*탈출"),
        # "나 핫식스 끊었음", "담배 끊었어": a habit quit (not a call: ``_NOT_NAMES``)
        re.compile(rf"(?:^|[\s,])(?P<x>{_KO}?)(?:은|는|도|을|를)?\s*끊었"),
        re.compile(rf"(?:^|[\s,])(?P<x>{_KO}?)\s*말고\s+\S+(?:으로|로|에)\s"),
    ),
    "ja": (
        # "大阪はキャンセル", "松本の家を引き払い", "松本じゃなくて"
        re.compile(rf"(?P<x>{_CJK})(?:は|も)?(?:キャンセル|中止|取りやめ|なしに)"),
        re.compile(rf"(?P<x>{_CJK})の(?:家|部屋|アパート|マンション)を引き払"),
        re.compile(rf"(?P<x>{_CJK})(?:じゃなくて|ではなく)"),
    ),
}


def retracted(text: str, language: str) -> list[str]:
    """The names ``text`` takes back (each once, in order)."""
    if language == "en":
        text = normalise(text)  # "quit sainsburys innit": a name in a lower-case message
    found: list[str] = []
    for pattern in _PATTERNS.get(language, ()):
        for match in pattern.finditer(text):
            name = next((g for g in match.groups() if g), "")
            name = name.strip()
            if (
                not name
                or name.casefold() in _EN_STOP
                or name in _NOT_NAMES
                or _KO_VERB.search(name)
            ):
                continue
            if name not in found:
                found.append(name)
    return found
