"""Shared experiences (seed 003 §16 priority 2): behaviour toward or with the character.

:func:`shared_experience` finds, by rule, the clause of a user's turn that shows something the
user did toward or with the character ("I brought you flowers", "같이 영화 봤잖아",
"一緒に花火見たね", "*hugs you*"); :func:`soulmem.social.relationship.push_experience` keeps
the relationship's most recent ones. Pure and deterministic: no storage, no clock, no network.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Final

from soulmem.social.cues import EN_NEG, JA_YOU, cue_languages

__all__ = ["shared_experience"]

_EXPERIENCE: Final[Mapping[str, tuple[re.Pattern[str], ...]]] = {
    "en": tuple(
        re.compile(p)
        for p in (
            r"\b(?:we|you and i|you and me|the two of us)\b.*\btogether\b",
            r"\bremember (?:when|the time|that time) we\b",
            r"\bi (?:[\w']+ )?(?:brought|bought|made|got|baked|cooked|wrote|drew|picked|knitted|"
            r"saved|gave) you\b",
            r"\bi (?:[\w']+ )?(?:brought|bought|made|got|baked|cooked|wrote|drew|picked|knitted|"
            r"saved) .{1,40}? for you\b",
            r"\b(?:here'?s|this is|i have|i've got) (?:a |an |some |something )?(?:[\w']+ )?"
            r"(?:gift|present|surprise|something) for you\b",
            r"\bi(?:'m| am) (?:giving|bringing|sending) you\b",
            r"\b(?:hugs?|hugged|hugging|kiss(?:es|ed)?|pats?|patted|holds?|held|holding) "
            r"you(?:r (?:hand|head))?\b",
        )
    ),
    "ko": tuple(
        re.compile(p)
        for p in (
            r"(?:같이|함께)\s*.{0,15}?(?:했|봤|갔|먹었|왔|만들었|불렀|놀았|걸었|찍었|들었|잖아|었지|았지)",
            r"(?:꽃|꽃다발|선물|케이크|편지|초콜릿|도시락|커피|간식|쿠키|반지|목걸이|인형)\s*"
            r"(?:을|를|이|도)?\s*(?:하나\s*)?(?:사\s*왔|가져\s*왔|사다\s*줬|사\s*줬|만들어\s*왔|"
            r"만들어\s*줬|준비했|챙겨\s*왔|줄게|주려고)",
            r"(?:너|널|너를|너한테|너에게|당신)\s*(?:을|를)?\s*(?:위해|주려고|줄려고|주고\s*싶어서)",
            r"(?:선물|서프라이즈)(?:이야|이에요|입니다|했)",
            r"안아\s*(?:줄게|줬|준다)|쓰다듬|손\s*(?:을\s*)?(?:잡았|잡아\s*줄)",
        )
    ),
    "ja": tuple(
        re.compile(p)
        for p in (
            r"一緒に.{0,15}?(?:した|見た|行った|食べた|作った|歌った|遊んだ|撮った|過ごした|飲んだ|"
            r"歩いた|たね|だね|たよね|たっけ)",
            r"(?:プレゼント|お土産|おみやげ|花束|花|ケーキ|手紙|チョコ|お弁当|クッキー).{0,4}?"
            r"(?:持ってきた|買ってきた|作ってきた|作った|あげる|どうぞ|渡し|用意した)",
            rf"{JA_YOU}(?:に|の(?:ため|為)に).{{0,10}}?(?:持ってきた|買ってきた|作ってきた|作った|"
            r"あげる|プレゼント)",
            r"抱きしめ|ハグ(?:する|した|して)|頭(?:を)?(?:撫で|なで)|手を(?:つな|繋)",
        )
    ),
}

_ACTION: Final = re.compile(r"\*([^*\n]{2,80})\*")
_CLAUSE: Final = re.compile(r"[^.!?。！？\n]+[.!?。！？]*")
_EXPERIENCE_NEG: Final[Mapping[str, re.Pattern[str]]] = {
    "en": EN_NEG,
    "ko": re.compile(r"(?:^|\s)(?:안|못)\s*\S*(?:었|았|했|왔|줬)|지\s*(?:않|못)"),
    "ja": re.compile(r"なかった|てない|ていない|ません"),
}
_SECOND_PERSON: Final = re.compile(rf"\byou\b|\byour\b|너|널|네게|당신|{JA_YOU}|一緒|같이|함께")
_EXPERIENCE_MAX: Final = 120


def _experience_in(clause: str, languages: Sequence[str]) -> bool:
    for language in languages:
        for pattern in _EXPERIENCE[language]:
            if pattern.search(clause) and not _EXPERIENCE_NEG[language].search(clause):
                return True
    return False


def _describe(original: str) -> str:
    text = " ".join(original.split()).strip(" .!。！~")
    return text if len(text) <= _EXPERIENCE_MAX else text[: _EXPERIENCE_MAX - 1] + "…"


def shared_experience(user_text: str | None, language: str | None = None) -> str | None:
    """A short description of something the user did toward or with the character ("I
    brought you flowers", "같이 영화 봤잖아", "一緒に花火見たね", "*hugs you*"), or None for
    plain statements, facts about the user ("I live in Denver"), negations and questions.

    The description is the clause that shows the behaviour (roleplay ``*actions*`` without
    their asterisks), whitespace collapsed, at most 120 characters.
    """
    if not user_text or not user_text.strip():
        return None
    original = unicodedata.normalize("NFKC", user_text).replace("\u2019", "'")
    lowered = original.lower()
    languages = cue_languages(lowered, language)
    if not languages:
        return None
    for match in _ACTION.finditer(original):
        inner = match.group(1).lower()
        if _experience_in(inner, languages) or _SECOND_PERSON.search(inner):
            return _describe(match.group(1))
    for match in _CLAUSE.finditer(original):
        clause = match.group()
        if "?" in clause or "？" in clause:
            continue
        if _experience_in(clause.lower(), languages):
            return _describe(clause)
    return None
