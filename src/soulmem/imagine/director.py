"""Director notes (seed 003 §10), rule-based: a background "reflect" step reads the recent
turns and writes a short note for the next turn plus small relationship deltas by axis.

Signals come from the user's words (thanks, praise, conflict, apology, confiding, sadness,
tiredness, joy; en/ko/ja cue lists, counted once per turn; "conflict" is hostility or
irritation in the user's words, whoever it is aimed at) and, when given, from each
event's :class:`Affect` (anger, sadness/fear/anxiety, joy, ennui at intensity >= 0.4), plus
the gaps between turns (a silence of 3+ days). The note is written in the conversation's
language; deltas are on the 0-100 axes of :class:`~soulmem.model.Relationship`, a few points
at most.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from soulmem.imagine.imagination import TIRED
from soulmem.model import Affect, Event
from soulmem.recall.tokenize import detect_language

__all__ = ["AXES", "MAX_TURNS", "QUIET_NOTES", "SILENCE_DAYS", "reflect"]

AXES: Final = ("trust", "affection", "respect", "rivalry", "familiarity")
#: Only the most recent turns are read.
MAX_TURNS: Final = 20
#: A gap between two turns at least this long counts as a silence.
SILENCE_DAYS: Final = 3.0
_AFFECT_MIN: Final = 0.4


def _cues(*cues: str) -> re.Pattern[str]:
    parts = [rf"\b{re.escape(c)}\b" if c.isascii() else re.escape(c) for c in cues]
    return re.compile("|".join(parts), re.IGNORECASE)


_THANKS: Final = _cues(
    "thank", "thanks", "thx", "appreciate", "appreciated", "grateful",
    "고마워", "고맙", "감사", "ありがとう", "ありがと", "感謝", "サンキュー", "助かった", "助かる",
)  # fmt: skip
_PRAISE: Final = _cues(
    "you're the best", "you are the best", "great job", "good job", "well done",
    "you're amazing", "you're awesome", "you're so kind", "so smart", "love you",
    "you're great", "you're brilliant",
    "너 최고", "네가 최고", "넌 최고", "잘했어", "사랑해", "천재", "똑똑하네", "역시 너",
    "さすが", "大好き", "優しいね", "天才", "えらい", "頼りになる",
)  # fmt: skip
_CONFLICT: Final = _cues(
    "shut up", "hate you", "stupid", "idiot", "annoying", "you never", "useless",
    "leave me alone", "angry at you", "mad at you", "pissed", "dumb", "you're wrong",
    "짜증", "너 싫어", "너무해", "닥쳐", "바보", "멍청", "실망", "꺼져", "시끄러",
    "うるさい", "嫌い", "ムカつく", "むかつく", "バカ", "ばか", "腹立", "がっかり", "黙れ",
    "ふざけるな",
)  # fmt: skip
_APOLOGY: Final = _cues(
    "sorry", "apologize", "apologise", "apologies", "my bad",
    "미안", "죄송", "ごめん", "すみません", "申し訳",
)  # fmt: skip
_SECRET: Final = _cues(
    "secret", "never told anyone", "between us", "confess",
    "비밀", "처음 말하는", "아무한테도", "고백", "秘密", "内緒", "誰にも言ってない", "打ち明け",
)  # fmt: skip
_SAD: Final = _cues(
    "sad", "lonely", "depressed", "worried", "anxious", "scared", "upset", "crying", "cried",
    "슬퍼", "슬프", "우울", "외로", "걱정", "불안", "무서", "울고", "속상",
    "悲しい", "寂しい", "さみしい", "不安", "心配", "落ち込", "怖い", "泣",
)  # fmt: skip
_JOY: Final = _cues(
    "happy", "excited", "yay", "great news", "glad", "can't wait",
    "신나", "행복", "기뻐", "기쁘", "嬉しい", "うれしい", "楽しい", "やった", "幸せ",
)  # fmt: skip

# Per signal: delta per turn that shows it, and the bound of the total, per axis.
_DELTAS: Final[dict[str, tuple[tuple[str, float, float], ...]]] = {
    "thanks": (("affection", 0.5, 2.0), ("trust", 0.3, 1.0)),
    "praise": (("affection", 1.0, 3.0), ("respect", 0.5, 2.0)),
    "conflict": (("affection", -1.5, -4.5), ("rivalry", 1.5, 4.5), ("trust", -1.0, -3.0),
                 ("respect", -0.5, -2.0)),
    "apology": (("trust", 0.5, 1.5), ("rivalry", -0.5, -1.5)),
    "secret": (("trust", 1.5, 3.0),),
    "sad": (("trust", 0.5, 1.0),),
    "joy": (("affection", 0.3, 1.0),),
    "turn": (("familiarity", 0.2, 2.0),),
    "silence": (("familiarity", -1.0, -3.0),),
}  # fmt: skip

_OBSERVE: Final = {  # signal -> (en, ko, ja); {n} is a count phrase
    "conflict": ("got upset with you", "화가 나 있었음", "苛立っていた"),
    "sad": ("sounded down", "기분이 가라앉아 보임", "落ち込んでいる様子"),
    "tired": ("sounded tired", "피곤해 보임", "疲れている様子"),
    "silence": ("came back after {n} days", "{n}일 만에 돌아옴", "{n}日ぶりに戻ってきた"),
    "secret": ("shared something personal", "개인적인 이야기를 털어놓음", "打ち明け話をした"),
    "apology": ("apologized", "사과함", "謝った"),
    "joy": ("was in high spirits", "기분이 좋아 보임", "ご機嫌だった"),
    "thanks": ("thanked you{n}", "고맙다고{n} 말함", "{n}お礼を言った"),
    "praise": ("praised you", "칭찬해 줌", "褒めてくれた"),
    "bored": ("seemed bored", "지루해 보임", "退屈そうだった"),
}
_ADVISE: Final = {
    "conflict": ("stay calm, acknowledge their feelings and don't argue back",
                 "차분하게 감정을 인정하고 맞서지 말 것",
                 "落ち着いて気持ちを受け止め、言い返さないこと"),
    "sad": ("listen first and comfort them", "먼저 들어 주고 위로할 것",
            "まず話を聞いて寄り添うこと"),
    "tired": ("be gentle and keep it short", "부드럽게, 짧게 답할 것", "優しく、短めに返すこと"),
    "silence": ("welcome them back warmly, without guilt-tripping",
                "부담 주지 말고 반갑게 맞아 줄 것", "責めずに温かく迎えること"),
    "secret": ("treat what they shared with care and keep it private",
               "털어놓은 이야기를 소중히 하고 비밀을 지킬 것",
               "打ち明けてくれたことを大切にし、秘密を守ること"),
    "apology": ("accept the apology and move on gently", "사과를 받아 주고 부드럽게 넘어갈 것",
                "謝罪を受け入れて穏やかに進めること"),
    "joy": ("share their excitement", "기쁨을 함께 나눌 것", "一緒に喜ぶこと"),
    "bored": ("bring something fresh to talk about", "새로운 화제를 꺼내 볼 것",
              "新しい話題を振ってみること"),
    "thanks": ("accept it warmly", "따뜻하게 받아 줄 것", "素直に喜んで受け取ること"),
    "praise": ("accept it warmly", "따뜻하게 받아 줄 것", "素直に喜んで受け取ること"),
    "brief": ("keep replies brief", "짧게 답할 것", "短めに返すこと"),
}  # fmt: skip
#: the note when nothing stood out (callers may skip storing it)
QUIET_NOTES: Final = (
    "No strong signals; keep the conversation natural and follow the user's lead.",
    "특별한 신호 없음. 자연스럽게 대화를 이어 가며 유저의 흐름을 따를 것.",
    "特に目立った様子はなし。自然に会話を続け、ユーザーのペースに合わせること。",
)
_NEGATIVE: Final = ("conflict", "sad", "tired")
_LANG_INDEX: Final = {"en": 0, "ko": 1, "ja": 2}
_KO_COUNT: Final = {2: "두", 3: "세", 4: "네"}


@dataclass
class _Tally:
    counts: Counter[str]
    silence_days: int
    brief: bool


def _code(value: str | None) -> str | None:
    code = (value or "").strip().lower().replace("_", "-").split("-")[0]
    return code if code in _LANG_INDEX else None


def _language(language: str | None, events: Sequence[Event]) -> str:
    explicit = _code(language)
    if explicit:
        return explicit
    votes = Counter(code for e in events if (code := _code(e.language)) is not None)
    if votes:
        return votes.most_common(1)[0][0]
    text = " ".join(e.user_text or e.assistant_text or "" for e in events)
    return _code(detect_language(text)) or "en"


def _affect_signals(affect: Affect | None) -> set[str]:
    if affect is None or affect.intensity < _AFFECT_MIN:
        return set()
    emotions = affect.emotions
    found = set()
    if emotions.get("anger", 0.0) >= _AFFECT_MIN or emotions.get("disgust", 0.0) >= 0.6:
        found.add("conflict")
    if max(emotions.get(e, 0.0) for e in ("sadness", "fear", "anxiety")) >= _AFFECT_MIN:
        found.add("sad")
    if emotions.get("joy", 0.0) >= _AFFECT_MIN:
        found.add("joy")
    if emotions.get("ennui", 0.0) >= 0.5:
        found.add("bored")
    return found


_TEXT_SIGNALS: Final = (
    ("thanks", _THANKS),
    ("praise", _PRAISE),
    ("conflict", _CONFLICT),
    ("apology", _APOLOGY),
    ("secret", _SECRET),
    ("sad", _SAD),
    ("tired", TIRED),
    ("joy", _JOY),
)


def _tally(turns: Sequence[tuple[Event, Affect | None]]) -> _Tally:
    counts: Counter[str] = Counter()
    lengths: list[int] = []
    silence = 0
    previous: Event | None = None
    for event, affect in turns:
        if previous is not None:
            gap = _gap_days(previous, event)
            if gap >= SILENCE_DAYS:
                counts["silence"] += 1
                silence = int(gap)
        previous = event
        found = _affect_signals(affect)
        text = (event.user_text or "").strip()
        if text:
            counts["turn"] += 1
            lengths.append(len(text))
            found |= {name for name, cue in _TEXT_SIGNALS if cue.search(text)}
        counts.update(found)
    brief = len(lengths) >= 3 and sum(lengths) / len(lengths) < 12
    return _Tally(counts, silence, brief)


def _gap_days(earlier: Event, later: Event) -> float:
    a, b = earlier.at, later.at
    if (a.tzinfo is None) != (b.tzinfo is None):
        a, b = a.replace(tzinfo=None), b.replace(tzinfo=None)
    return (b - a).total_seconds() / 86400.0


def _deltas(counts: Counter[str]) -> dict[str, float]:
    totals = dict.fromkeys(AXES, 0.0)
    for signal, rules in _DELTAS.items():
        for axis, step, bound in rules:
            value = step * counts[signal]
            totals[axis] += max(value, bound) if step < 0 else min(value, bound)
    return {axis: round(v, 2) for axis, v in totals.items() if round(v, 2) != 0.0}


def _count_phrase(lang: str, n: int) -> str:
    if n <= 1:
        return ""
    if lang == "en":
        return " twice" if n == 2 else f" {n} times"
    if lang == "ko":
        return f" {_KO_COUNT.get(n, str(n))} 번"
    return f"{n}回"


def _note(tally: _Tally, lang: str) -> str:
    i = _LANG_INDEX[lang]
    counts = tally.counts
    present = [s for s in _OBSERVE if counts[s] > 0]
    observed = []
    for signal in present[:3]:
        n = tally.silence_days if signal == "silence" else counts[signal]
        phrase = _OBSERVE[signal][i]
        if signal == "silence":
            phrase = phrase.format(n=n)
        elif "{n}" in phrase:
            phrase = phrase.format(n=_count_phrase(lang, n))
        observed.append(phrase)
    negative = any(counts[s] for s in _NEGATIVE)
    advice: list[str] = []
    for signal in present:
        if signal in ("thanks", "praise") and negative:
            continue
        text = _ADVISE[signal][i]
        if text not in advice:
            advice.append(text)
    if tally.brief and not counts["tired"]:
        advice.append(_ADVISE["brief"][i])
    advice = advice[:2]
    if not observed and not advice:
        return QUIET_NOTES[i]
    if lang == "en":
        head = ", ".join(observed[:-1]) + " and " + observed[-1] if len(observed) > 1 else ""
        head = f"The user {head or observed[0]}" if observed else ""
        body = "; ".join(advice)
        if not head:
            return body[0].upper() + body[1:] + "."
        return f"{head}; {body}." if body else f"{head}."
    label, next_label, sep, stop = (
        ("유저", "다음 턴", ", ", ". ") if lang == "ko" else ("ユーザー", "次のターン", "、", "。")
    )
    parts = []
    if observed:
        parts.append(f"{label}: {sep.join(observed)}{stop}")
    if advice:
        parts.append(f"{next_label}: {sep.join(advice)}{stop}")
    return "".join(parts).strip()


def reflect(
    events: Sequence[Event],
    affects: Sequence[Affect] | None = None,
    language: str | None = None,
) -> tuple[str, dict[str, float]]:
    """A director's note for the next turn and relationship deltas by axis.

    ``affects`` (optional) are aligned with ``events`` by position. Only the last
    :data:`MAX_TURNS` events (by time) are read. The note is in ``language``, else the
    events' majority language, else the language their text is written in (ko/ja/en).
    Deterministic; no events give ``("", {})``.
    """
    if not events:
        return "", {}
    aligned = [
        (event, affects[i] if affects is not None and i < len(affects) else None, i)
        for i, event in enumerate(events)
    ]
    aligned.sort(key=lambda t: (_sort_key(t[0]), t[0].seq, t[2]))
    turns = [(event, affect) for event, affect, _ in aligned[-MAX_TURNS:]]
    tally = _tally(turns)
    lang = _language(language, [e for e, _ in turns])
    return _note(tally, lang), _deltas(tally.counts)


def _sort_key(event: Event) -> float:
    return event.at.timestamp()
