"""Text cleaning for distillation: date prefixes, time expressions and speaker labels.

:func:`split_turns` cuts a memory text into speaker turns — the ``[8 May 2023]`` prefix
and the ``Mina:`` labels removed — and strips each turn's time expressions (times, day
names, explicit and relative dates: "on Tuesday", "yesterday", "3월 15일", "先週の金曜");
habitual ones such as "every Saturday", "매주 토요일", "毎週土曜" stay. :func:`pick_user`
tells which speaker label is the user's. Pure functions, used by
:mod:`soulmem.lifecycle.distill`.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Final

__all__ = [
    "ASSISTANT_LABELS",
    "DATE_PREFIX",
    "USER_LABELS",
    "Turn",
    "pick_user",
    "split_turns",
    "strip_times",
]

# ---------------------------------------------------------------------------------------
# Cleaning: date prefixes and time expressions

DATE_PREFIX: Final = re.compile(r"^\s*[\[(【][^\]\)】\n]{0,40}\d[^\]\)】\n]{0,40}[\])】]\s*")

_EN_MONTH: Final = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
)
_EN_ORD: Final = r"\d{1,2}(?:st|nd|rd|th)?"
_EN_PART: Final = r"(?:morning|afternoon|evening|night)"
_EN_DAY: Final = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day\b"
_EN_TIME: Final = re.compile(
    "|".join(
        [
            # explicit dates
            rf"\b(?:on\s+|in\s+)?(?:the\s+)?{_EN_ORD}\s+(?:of\s+)?{_EN_MONTH}(?:,?\s+\d{{4}})?\b",
            rf"\b(?:on\s+|in\s+)?{_EN_MONTH}\s+(?:the\s+)?{_EN_ORD}(?:,?\s+\d{{4}})?\b",
            rf"\b(?:in\s+)?{_EN_MONTH}\s+\d{{4}}\b",
            r"\b(?:on\s+)?\d{4}-\d{1,2}-\d{1,2}\b",
            r"\b(?:on\s+)?\d{1,2}/\d{1,2}(?:/\d{2,4})?\b",
            # times of day
            r"\b(?:at\s+|around\s+|about\s+)?\d{1,2}(?::\d{2})?\s*(?:[ap]\.m\.|[ap]m\b)",
            r"\b(?:at\s+|around\s+|about\s+)?\d{1,2}:\d{2}\b",
            r"\b(?:at\s+|around\s+)?\d{1,2}\s+o'clock\b",
            # day names ("every Saturday" and plural "on Saturdays" are habits: kept)
            rf"(?<!every )\b(?:(?:on|last|this|next|past)\s+)?{_EN_DAY}(?:\s+{_EN_PART})?",
            # relative dates
            r"\bthe\s+day\s+before\s+yesterday\b",
            rf"\byesterday(?:\s+{_EN_PART})?\b",
            r"\b(?:earlier\s+|later\s+)?today\b",
            r"\btonight\b",
            r"\btomorrow\b",
            rf"\b(?:this|last)\s+(?:{_EN_PART}|week|weekend|month|year)\b",
            r"\b(?:next)\s+(?:week|weekend|month|year)\b",
            r"\bthe\s+other\s+day\b",
            r"\b(?:a|an|one|two|three|four|five|six|a\s+few|a\s+couple\s+of|\d+)\s+"
            r"(?:days?|weeks?|months?|years?|hours?)\s+ago\b",
            r"\bjust\s+now\b",
            r"\brecently\b",
        ]
    ),
    re.IGNORECASE,
)

_KO_BEFORE: Final = r"(?<![가-힣0-9])"
_KO_PARTICLE: Final = r"(?:에는|에도|부터|까지|쯤에|쯤|에|엔|은|는|도|이|가)?(?![가-힣])"
_KO_PART: Final = r"(?:아침|점심|저녁|밤|오전|오후|새벽)"
_KO_TIME: Final = re.compile(
    _KO_BEFORE
    + "(?:"
    + "|".join(
        [
            r"(?:\d{2,4}\s*년\s*)?(?:\d{1,2}\s*월\s*)?\d{1,2}\s*일",
            r"\d{2,4}\s*년(?:\s*\d{1,2}\s*월)?",
            r"\d{1,2}\s*월",
            rf"(?:{_KO_PART}\s*)?\d{{1,2}}\s*시(?:\s*(?:\d{{1,2}}\s*분|반))?(?:\s*쯤)?",
            rf"(?:지난|이번|저번|다음)?\s*[월화수목금토일]요일(?:\s*{_KO_PART})?",
            rf"(?:그저께|그제|엊그제|어제|오늘|내일|모레|어젯밤|방금|아까|요전에)"
            rf"(?:\s*{_KO_PART})?",
            r"(?:지난|이번|저번|다음)\s*(?:주말|주|달|해|번)",
            r"(?:작년|올해|재작년|최근)",
            r"(?:며칠|몇\s*주|몇\s*달|\d+\s*(?:일|주|달|년))\s*전",
        ]
    )
    + ")"
    + _KO_PARTICLE,
)
# Day names right after 매주 ("every week") are habits, not dates: protected before cleaning.
_KO_HABIT_DAY: Final = re.compile(r"매주\s*([월화수목금토일])요일")
_HIDDEN_DAY: Final = re.compile("\x00(.)\x01")

_JA_PART: Final = r"(?:朝|昼|夕方|夜|晩|午前|午後)"
_JA_DAY: Final = r"[月火水木金土日]曜日?"
_JA_TIME: Final = re.compile(
    "(?:"
    + "|".join(
        [
            rf"(?:先週|今週|来週|この前|こないだ)の?{_JA_DAY}",
            r"(?:\d{2,4}年)?(?:\d{1,2}月)?\d{1,2}日",
            r"\d{2,4}年(?:\d{1,2}月)?",
            r"\d{1,2}月",
            rf"{_JA_PART}?\d{{1,2}}時(?:\d{{1,2}}分|半)?(?:頃|ごろ)?",
            rf"(?<!毎週)(?<!毎週の){_JA_DAY}",
            r"(?:一昨日|おととい|昨日|きのう|今日|きょう|明日|あした|今朝|昨夜|昨晩|今夜|今晩)",
            r"(?:先週末|今週末|先週|今週|来週|先月|今月|来月|去年|昨年|今年|先日|この前|こないだ"
            r"|さっき|最近)",
            r"(?:数日|\d+日|\d+週間|\d+か月|\d+ヶ月)前",
        ]
    )
    + rf")(?:の{_JA_PART})?(?:には|にも|に|は|も|の(?!{_JA_PART}))?[、,]?",
)

_SPACES: Final = re.compile(r"[ \t]+")
_SPACE_BEFORE_PUNCT: Final = re.compile(r"\s+([,.!?;:、。！？，])")
_LEADING_JUNK: Final = re.compile(r"^[\s,.;:、，。・\-–—]+")
_REPEATED_COMMA: Final = re.compile(r"([,、，])\s*(?:[,、，]\s*)+")
_COMMA_BEFORE_END: Final = re.compile(r"[,、，]\s*([.!?。！？])")
_EMPTY_PARENS: Final = re.compile(r"\(\s*\)|（\s*）")
# "I met her in May and on 5 June." loses both dates: the "and" left dangling goes too.
_EN_DANGLING_END: Final = re.compile(r"\s+(?:and|or|but)\s*(?=[.!?]|$)", re.IGNORECASE)
_EN_SENTENCE_START: Final = re.compile(r"(^|[.!?]\s+)([a-z])")


def _tidy(text: str) -> str:
    text = _EMPTY_PARENS.sub(" ", text)
    text = _SPACES.sub(" ", text)
    text = _SPACE_BEFORE_PUNCT.sub(r"\1", text)
    text = _REPEATED_COMMA.sub(r"\1 ", text)
    text = _COMMA_BEFORE_END.sub(r"\1", text)
    text = _LEADING_JUNK.sub("", text)
    text = _EN_DANGLING_END.sub("", text)
    text = _EN_SENTENCE_START.sub(lambda match: match.group(1) + match.group(2).upper(), text)
    return text.strip()


def strip_times(text: str) -> str:
    # "매주 토요일" is a habit: hide its day name from the Korean date pattern.
    text = _KO_HABIT_DAY.sub(lambda match: f"매주 \x00{match.group(1)}\x01", text)
    text = _EN_TIME.sub(" ", text)
    text = _KO_TIME.sub(" ", text)
    text = _JA_TIME.sub("", text)
    text = _HIDDEN_DAY.sub(r"\1요일", text)
    return _tidy(text)


# ---------------------------------------------------------------------------------------
# Speaker labels

_NAME_CJK: Final = r"[가-힣ぁ-んァ-ヶー一-龯]{1,12}"
_LABEL_START: Final = re.compile(
    rf"^\s*((?:[A-Z][\w'.\-]{{0,20}}(?: [A-Z][\w'.\-]{{0,20}}){{0,2}})|{_NAME_CJK}|user"
    rf"|assistant)\s*(?:[:：]\s+|：)"
)
_LABEL_INNER: Final = re.compile(
    rf"(?<=\s)((?:[A-Z][\w'.\-]{{0,20}})|{_NAME_CJK}|user|assistant)(?:[:：]\s+|：)"
    rf"|(?<=[。！？])((?:[A-Z][\w'.\-]{{0,20}})|{_NAME_CJK})(?:[:：]\s*)"
)

USER_LABELS: Final = frozenset(
    ["user", "human", "me", "나", "유저", "사용자", "ユーザー", "ユーザ", "私", "自分"]
)
ASSISTANT_LABELS: Final = frozenset(
    [
        "assistant",
        "ai",
        "bot",
        "character",
        "char",
        "system",
        "어시스턴트",
        "캐릭터",
        "봇",
        "ai 어시스턴트",
        "アシスタント",
        "キャラ",
        "ボット",
    ]
)


@dataclass(frozen=True, slots=True)
class Turn:
    speaker: str | None
    text: str  # cleaned: no date prefix, label or time expressions
    order: int  # position of the turn inside its memory


def split_turns(text: str) -> list[Turn]:
    body = DATE_PREFIX.sub("", text, count=1)
    speaker: str | None = None
    match = _LABEL_START.match(body)
    if match:
        speaker = match.group(1).strip()
        body = body[match.end() :]
    turns: list[Turn] = []
    start = 0
    for inner in _LABEL_INNER.finditer(body):
        turns.append(Turn(speaker, body[start : inner.start()], len(turns)))
        speaker = (inner.group(1) or inner.group(2)).strip()
        start = inner.end()
    turns.append(Turn(speaker, body[start:], len(turns)))
    out: list[Turn] = []
    for turn in turns:
        cleaned = strip_times(turn.text)
        if cleaned:
            out.append(Turn(turn.speaker, cleaned, len(out)))
    return out


def pick_user(memories: list[list[Turn]], preferred: str | None) -> str | None:
    """The user's speaker label: ``preferred``, a generic user label, else who opens most."""
    speakers = [turn.speaker for turns in memories for turn in turns if turn.speaker]
    if not speakers:
        return None
    if preferred is not None:
        for speaker in speakers:
            if speaker.casefold() == preferred.casefold():
                return speaker
    for speaker in speakers:
        if speaker.casefold() in USER_LABELS:
            return speaker
    openers = Counter(
        turns[0].speaker
        for turns in memories
        if turns and turns[0].speaker and turns[0].speaker.casefold() not in ASSISTANT_LABELS
    )
    if openers:
        best = max(openers.values())
        for speaker in speakers:  # earliest of the most frequent openers
            if openers.get(speaker) == best:
                return speaker
    for speaker in speakers:
        if speaker.casefold() not in ASSISTANT_LABELS:
            return speaker
    return None
