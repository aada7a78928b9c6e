"""Turns that spoke of a changing state before its current value was told.

A correction whose old value the rules never read ("연애? 솔로 3년차임" ... later "소개팅한
분이랑 사귀기로 함 ㅋㅋ 솔로 졸업함") leaves no superseded fact, so the old turn would read
as current beside the new value. For the states that change (where the user lives, works
or studies, whom they date), a turn is shown as past when

* it was told before the subject's current value was,
* the user's side of it speaks of the subject (a cue of the subject's own: "live in",
  "사는 데", "バイト", "솔로") in a sentence that is not a question (or is a short echo of
  the topic asked about before the answer: "バイト？駅前のコンビニで週3"), and the turn
  names none of the current value's key words, and
* the turn that told the current value tells a change ("now", "moved", "이제", "졸업",
  "辞めて", "始め"): a value told as new replaced something, so what the user said of the
  subject before it is an earlier state. A first telling ("I work at a bakery") marks
  nothing before it.

Turns are read (the telling ones once a recall, a memory's own when its text meets the
cheap tests) only as a memory needs them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import TypeVar

from soulmem.model import Event, Fact
from soulmem.perceive.facts.known import value_keys

__all__ = ["EarlierStates"]

_I = re.IGNORECASE
_K = TypeVar("_K")

_LOVE = re.compile(
    r"\b(?:(?:I'm|im|I\s+am|still|been|stay(?:ing)?|forever|happily)\s+single|single\s+life|"
    r"dating|boyfriend|girlfriend|bf|gf|seeing\s+(?:someone|somebody)|"
    r"in\s+a\s+relationship|relationship\s+status)\b"
    r"|연애|솔로|모쏠|사귀|남친|여친|남자\s?친구|여자\s?친구|애인"
    r"|彼氏|恋人|付き合|恋愛|独り身|彼女(?:持ち|いない|がいる|ができ|でき)",
    _I,
)
_HOME = re.compile(
    r"\b(?:live[sd]?\s+in|living\s+in|moved\s+(?:in|to|here)|my\s+(?:flat|apartment|apt)|"
    r"stay(?:ing)?\s+in)\b"
    r"|사는\s?(?:곳|데|동네)|살고\s?있|자취|원룸"
    r"|住んで|住み|住まい|一人暮らし|実家暮らし",
    _I,
)
_WORK = re.compile(
    r"\b(?:my\s+(?:job|boss|workplace|shifts?)|night\s+shifts?|I\s+work\s+(?:as|at|for|in)|"
    r"I'm\s+working\s+(?:as|at|for)|part[\s-]time)\b"
    r"|직업|직장|알바|회사\s?다니"
    r"|仕事|職場|バイト|パート|勤め|勤務|夜勤|シフト",
    _I,
)
_SCHOOL = re.compile(
    r"\b(?:my\s+(?:school|uni|university|college|major)|study(?:ing)?\s+at)\b"
    r"|학교|대학|학과|전공|学校|大学|学部|専攻",
    _I,
)

#: the single-valued subjects whose values change, and the cue of each
_CUES: dict[str, re.Pattern[str]] = {
    "relationship_status": _LOVE,
    "partner": _LOVE,
    "current_residence": _HOME,
    "job": _WORK,
    "workplace": _WORK,
    "part_time_job": _WORK,
    "school": _SCHOOL,
}

#: words one of which every match of a cue holds (lower case): a text without any of them
#: is passed over without running the cue's pattern
_ANCHORS: dict[re.Pattern[str], tuple[str, ...]] = {
    _LOVE: (
        *("single", "dating", "boyfriend", "girlfriend", "bf", "gf", "seeing", "relationship"),
        *("연애", "솔로", "모쏠", "사귀", "남친", "여친", "친구", "애인"),
        *("彼氏", "恋人", "付き合", "恋愛", "独り身", "彼女"),
    ),
    _HOME: (
        *("live", "living", "moved", "my flat", "my apartment", "my apt", "stay"),
        *("사는", "살고", "자취", "원룸", "住ん", "住み", "住まい", "暮らし"),
    ),
    _WORK: (
        *("my job", "my boss", "my workplace", "shift", "i work", "i'm working", "part"),
        *("직업", "직장", "알바", "회사", "仕事", "職場", "バイト", "パート", "勤"),
        *("夜勤", "シフト"),
    ),
    _SCHOOL: (
        *("my school", "my uni", "my college", "my major", "study"),
        *("학교", "대학", "학과", "전공", "学校", "大学", "学部", "専攻"),
    ),
}

#: a value told as a change
_CHANGE = re.compile(
    r"\b(?:now|moved|moving|just\s+(?:got|started)|started|starting|"
    r"switched|promoted|anymore|no\s+longer|quit|left|got\s+together|"
    r"asked\s+(?:me|her|him)\s+out|official(?:ly)?)\b"
    r"|이제|이사|새로|옮겼|옮김|그만|관뒀|관둠|졸업|사귀기로|시작|바꿨|바뀜|바뀌었|"
    r"이직|퇴사|입사|취직"
    r"|今は|今度から|来週から|来月から|引っ越|新しい|辞め|やめ|始め|転職|卒業|"
    r"付き合うことに|付き合い始め|になった|変わ|移っ",
    _I,
)


_SENTENCES = re.compile(r"(?<=[.!?。！？\n])\s*")


#: a question this short before an answer echoes the topic asked about ("バイト？駅前のコンビニ
#: で週3", "Job? I'm at the café", "알바? 편의점에서 함"): the user speaks of it
_ECHO_CHARS = 8


def _statements(text: str) -> list[str]:
    """The sentences of ``text`` that are not questions, with a short question that opens
    an answer (an echo of the topic asked about)."""
    sentences = [s for s in _SENTENCES.split(text) if s]
    return [
        s
        for i, s in enumerate(sentences)
        if s[-1] not in "?？"
        or (i == 0 < len(sentences) - 1 and len(s.strip().rstrip("?？")) <= _ECHO_CHARS)
    ]


#: what a turn's text tells never changes (events are append-only), so these answers are
#: kept across recalls, bounded: (fact id, its evidence) -> told as a change; (event id,
#: cue) -> the user's statements in the turn hold the cue. Booleans only: no text is kept
_TOLD_AS_CHANGE: dict[tuple[str, tuple[str, ...]], bool] = {}
_SPOKE_OF: dict[tuple[str, str], bool] = {}
_KEEP = 50_000


def _remember(cache: dict[_K, bool], key: _K, value: bool) -> None:
    if len(cache) >= _KEEP:
        cache.clear()
    cache[key] = value


class _State:
    __slots__ = ("cue", "evidence", "key", "keys", "since")

    def __init__(self, fact: Fact, cue: re.Pattern[str], keys: list[re.Pattern[str]]) -> None:
        self.key = (fact.id, fact.evidence_event_ids)
        self.since = fact.valid_from
        self.evidence = fact.evidence_event_ids
        self.cue = cue
        self.keys = keys

    def names_value(self, text: str) -> bool:
        return any(k.search(text) for k in self.keys)


class EarlierStates:
    """The user's current values of changing subjects; :meth:`past` tells whether a turn
    spoke of an earlier state of one of them."""

    def __init__(
        self, current: Sequence[Fact], read: Callable[[Sequence[str]], Sequence[Event]]
    ) -> None:
        self._read = read
        self._changed: set[int] | None = None
        self._states: list[_State] = []
        for f in current:
            cue = _CUES.get(f.subject)
            if cue is None or f.about != "user" or f.negated or not f.evidence_event_ids:
                continue
            # a key word that is itself a cue ("연애 중", "single") tells no state apart
            keys = [
                re.compile(rf"\b{re.escape(k)}\b" if k.isascii() else re.escape(k), _I)
                for k in value_keys(f.value, f.subject)
                if not cue.search(k)
            ]
            self._states.append(_State(f, cue, keys))

    def __bool__(self) -> bool:
        return bool(self._states)

    def past(self, text: str, at: datetime | None, source_event_ids: Sequence[str]) -> bool:
        if at is None:
            return False
        # cheapest first: the time, then the states told as a change (one read a recall),
        # then each cue once, then the value's words, then the turn's own user side
        changed = [
            s for i, s in enumerate(self._states) if at < s.since and i in self._told_as_change()
        ]
        if not changed:
            return False
        cues: dict[re.Pattern[str], bool] = {}
        lowered = text.lower()
        hits = []
        for s in changed:
            if s.cue not in cues:
                cues[s.cue] = any(a in lowered for a in _ANCHORS[s.cue]) and (
                    s.cue.search(text) is not None
                )
            if cues[s.cue] and not s.names_value(text):
                hits.append(s)
        if not hits:
            return False
        return any(self._spoke_of(source_event_ids, s.cue) for s in hits)

    def _spoke_of(self, ids: Sequence[str], cue: re.Pattern[str]) -> bool:
        """Whether the user's statements (not the questions) in the turns ``ids`` hold
        ``cue``."""
        missing = [i for i in ids if (i, cue.pattern) not in _SPOKE_OF]
        if missing:
            for e in self._read(missing):
                said = " ".join(_statements(e.user_text or ""))
                for other in _ANCHORS:
                    _remember(_SPOKE_OF, (e.id, other.pattern), other.search(said) is not None)
        return any(_SPOKE_OF.get((i, cue.pattern), False) for i in ids)

    def _told_as_change(self) -> set[int]:
        if self._changed is None:
            missing = [s for s in self._states if s.key not in _TOLD_AS_CHANGE]
            if missing:
                ids = list(dict.fromkeys(e for s in missing for e in s.evidence))
                said = {e.id: e.user_text or "" for e in self._read(ids)}
                for s in missing:
                    changed = any(_CHANGE.search(said.get(e, "")) for e in s.evidence)
                    _remember(_TOLD_AS_CHANGE, s.key, changed)
            self._changed = {
                i for i, s in enumerate(self._states) if _TOLD_AS_CHANGE.get(s.key, False)
            }
        return self._changed
