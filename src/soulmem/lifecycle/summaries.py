"""Rule-based summaries of a period's events (seed 001 §4.3, seed 004 daily/weekly).

Everything here is a pure, deterministic function of the records: no storage, no network,
no LLM. An LLM summariser may replace :func:`summarize_events` where one is configured; this
is the path that always works.

A summary is a few labelled lines in the period's main language (Korean, Japanese or
English; any other language gets the English labels)::

    12 turns, 2025-03-01 09:00–17:30
    Mood: joy
    Topics: guitar, Mina, concert
    Notable: “I finally played the whole song without a mistake!”
    Files: notes/setlist.md
    Entities: Mina

* **Topics** are the terms that occur in the most events (then most often, then first):
  English words keyed by their stem (``tokenize``) but shown as written, capitalised names
  kept capitalised; Korean words with a trailing particle removed (``카페에서`` -> ``카페``);
  Japanese katakana and kanji words of two or more characters. Stopwords and chat filler
  (``ok``, ``진짜``, ``今日``) never become topics.
* **Notable** lines are the user's statements with the highest emotional intensity
  (:func:`soulmem.perceive.emotion.analyze_emotion`), then the longest, shortened to whole
  sentences where possible.
* **Mood** is the emotion tag with the largest summed intensity over the user's statements
  (omitted when everything is neutral).
* **Files** and **Entities** come from ``Event.files`` / ``Event.entities``, most frequent
  first.

The text never exceeds ``max_chars``: when it would, items are dropped from the least
important line first (entities, files, mood, notable, topics) down to one item each, then
whole lines, and only then is the header cut with ``…``.

:func:`roll_up` merges daily summaries into a weekly text (seed 004 A-3: rolled up from the
daily summaries, no new job): topics ranked by the number of days they appear on, the day-by-
day flow of each day's first topic, and the most intense notable lines across the days.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final

from soulmem.model import Event, Source, Summary, shorten
from soulmem.perceive.emotion import analyze_emotion
from soulmem.recall.tokenize import detect_language, tokenize

__all__ = [
    "SUMMARY_LANGUAGES",
    "event_text",
    "main_language",
    "main_topics",
    "roll_up",
    "summarize_events",
]

#: Languages with their own labels; any other language is written with the English ones.
SUMMARY_LANGUAGES: Final = ("ko", "ja", "en")

_LABELS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "topics": "Topics: ",
        "notable": "Notable: ",
        "files": "Files: ",
        "entities": "Entities: ",
        "mood": "Mood: ",
        "flow": "Flow: ",
        "highlights": "Highlights: ",
    },
    "ko": {
        "topics": "화제: ",
        "notable": "인상적인 말: ",
        "files": "파일: ",
        "entities": "등장: ",
        "mood": "분위기: ",
        "flow": "흐름: ",
        "highlights": "하이라이트: ",
    },
    "ja": {
        "topics": "話題: ",
        "notable": "印象的な発言: ",
        "files": "ファイル: ",
        "entities": "登場: ",
        "mood": "気分: ",
        "flow": "流れ: ",
        "highlights": "ハイライト: ",
    },
}

_LIST_SEP: Final = {"en": ", ", "ko": ", ", "ja": "、"}
_QUOTES: Final = {"en": ("“", "”"), "ko": ("“", "”"), "ja": ("「", "」")}
# Quote marks inside a quoted line are replaced so that the line can be parsed back.
_QUOTE_SAFE: Final = str.maketrans("“”「」", '""『』')
_QUOTE_RE: Final = re.compile(r"“([^”]*)”|「([^」]*)」")

_EMOTION_NAMES: Final[dict[str, dict[str, str]]] = {
    "ko": {
        "joy": "기쁨",
        "sadness": "슬픔",
        "anger": "분노",
        "fear": "두려움",
        "disgust": "혐오",
        "anxiety": "불안",
        "envy": "부러움",
        "ennui": "권태",
        "nostalgia": "그리움",
    },
    "ja": {
        "joy": "喜び",
        "sadness": "悲しみ",
        "anger": "怒り",
        "fear": "恐れ",
        "disgust": "嫌悪",
        "anxiety": "不安",
        "envy": "羨望",
        "ennui": "退屈",
        "nostalgia": "懐かしさ",
    },
}

#: Longest notable line, in characters (also at most a quarter of ``max_chars``).
QUOTE_CHARS: Final = 80
#: Most items per line before fitting to ``max_chars``.
MAX_TOPICS: Final = 5
MAX_QUOTES: Final = 2
MAX_LISTED: Final = 5

# ---------------------------------------------------------------------------------------
# Terms (topic candidates)

_TERM_RE: Final = re.compile(
    r"(?P<ko>[\uac00-\ud7a3]+)"
    r"|(?P<kata>[\u30a1-\u30fa\u30fc]+)"
    r"|(?P<han>[\u3005\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+)"
    r"|(?P<lat>[A-Za-z\u00c0-\u024f][A-Za-z0-9\u00c0-\u024f]*(?:['’][A-Za-z]+)?)"
)
_SENTENCE_ENDS: Final = ".!?…。！？\n"
_OPENERS: Final = " \t\"'“‘(["


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_EN_FILLER_WORDS: Final = (
    "ok okay yeah yes yep nope lol haha hehe hmm oh ah hi hello hey thanks thank please "
    "like really think know want get got go going gonna wanna would could should also well "
    "one lot thing things something anything nothing everything way much many make made "
    "today now still even maybe sure right good great nice cool let say said tell told "
    "see look feel time day"
)
#: Stems of English chat filler (computed with the same tokenizer as the topic keys).
_EN_FILLER: Final = frozenset(t for w in _EN_FILLER_WORDS.split() for t in tokenize(w))

_KO_STOP: Final = _words(
    "나 너 저 그 이 것 거 수 때 좀 더 또 잘 왜 뭐 다 이거 그거 저거 여기 거기 저기 우리 "
    "저희 너희 오늘 어제 내일 지금 진짜 정말 너무 그냥 그래 근데 그리고 그래서 하지만 "
    "그런데 때문 같이 많이 다시 아직 이제 요즘 생각 하나 제가 내가 니가 네가 무슨 어떤 "
    "이런 그런 저런 ㅋㅋ ㅎㅎ 응 네 아니 맞아 그럼 혹시 정도 조금 모두 전부 자기"
)
_JA_STOP: Final = _words(
    "今日 昨日 明日 本当 自分 私達 今度 最近 一緒 大丈夫 何か 何 時間 今回 全部 結構 "
    "少し 多分 絶対 普通 一番 毎日 気持 感じ 場合 事 物 方"
)

# Korean particles, longest first, with the batchim they need on the syllable before them
# (True: a final consonant, False: none, None: either).
_KO_PARTICLES: Final[tuple[tuple[str, bool | None], ...]] = (
    ("에서는", None),
    ("에게는", None),
    ("한테는", None),
    ("에서도", None),
    ("까지는", None),
    ("부터는", None),
    ("으로는", True),
    ("이라는", True),
    ("이랑은", True),
    ("에서", None),
    ("에게", None),
    ("한테", None),
    ("까지", None),
    ("부터", None),
    ("처럼", None),
    ("보다", None),
    ("하고", None),
    ("으로", True),
    ("이랑", True),
    ("이나", True),
    ("라는", False),
    ("은", True),
    ("는", False),
    ("이", True),
    ("가", False),
    ("을", True),
    ("를", False),
    ("과", True),
    ("와", False),
    ("랑", False),
    ("로", False),
    ("에", None),
    ("의", None),
    ("도", None),
    ("만", None),
)
# Particles after which a one-syllable noun is still believed (책을, 집에, 밥을, 차로).
_KO_STRONG: Final = frozenset({"을", "를", "에", "에서", "으로", "로"})
# Endings of predicates (verbs/adjectives), which are no topics.
_KO_PREDICATE_END: Final = frozenset(
    "다요어아지네죠고서게해했니까며면데야자래나든던는은을한된될할었았겠"
)


def _has_batchim(syllable: str) -> bool:
    code = ord(syllable) - 0xAC00
    return 0 <= code < 11172 and code % 28 != 0


def _korean_noun(word: str) -> str | None:
    for particle, batchim in _KO_PARTICLES:
        if len(word) > len(particle) and word.endswith(particle):
            stem = word[: -len(particle)]
            if batchim is not None and _has_batchim(stem[-1]) != batchim:
                continue
            if len(stem) == 1 and particle not in _KO_STRONG:
                return None
            return None if stem in _KO_STOP else stem
    if len(word) < 2 or word[-1] in _KO_PREDICATE_END or word in _KO_STOP:
        return None
    return word


@dataclass(frozen=True, slots=True)
class _Term:
    key: str
    surface: str
    name: bool


def _terms(text: str) -> list[_Term]:
    """Topic candidates of ``text`` in order (key for counting, surface for display)."""
    text = unicodedata.normalize("NFKC", text)
    out: list[_Term] = []
    for match in _TERM_RE.finditer(text):
        ko, kata, han, lat = match.group("ko", "kata", "han", "lat")
        if ko is not None:
            noun = _korean_noun(ko)
            if noun is not None:
                out.append(_Term(noun, noun, False))
        elif kata is not None:
            if len(kata.strip("ー")) >= 2:
                out.append(_Term(kata, kata, False))
        elif han is not None:
            if len(han) >= 2 and han not in _JA_STOP:
                out.append(_Term(han, han, False))
        elif lat is not None:
            word = re.sub(r"['’]s$", "", lat)
            if "'" in word or "’" in word:
                continue
            tokens = tokenize(word)
            if len(tokens) != 1 or tokens[0] in _EN_FILLER or len(tokens[0]) < 2:
                continue
            before = text[max(0, match.start() - 20) : match.start()].rstrip(_OPENERS)
            initial = not before or before[-1] in _SENTENCE_ENDS
            name = (word[0].isupper() and not initial) or (len(word) >= 2 and word.isupper())
            if len(word) < 3 and not name:
                continue
            out.append(_Term(tokens[0], word if name else word.lower(), name))
    return out


def event_text(event: Event) -> str:
    """What an event says: the user's words, image descriptions and the reply."""
    parts = [event.user_text or "", *event.images, event.assistant_text or ""]
    return "\n".join(p for p in parts if p)


def _statement(event: Event) -> str:
    """The user's words, or (for observations and notifications) whatever the event says."""
    return event.user_text or event.assistant_text or ""


def _ordered(events: Iterable[Event]) -> list[Event]:
    return sorted(events, key=lambda e: (e.at, e.seq, e.id))


def main_language(texts: Iterable[str]) -> str:
    """The most frequent of ko/ja/en among ``texts`` (ties: the first seen), else ``"en"``."""
    counts = Counter(lang for text in texts if (lang := detect_language(text)) in _LABELS)
    return counts.most_common(1)[0][0] if counts else "en"


def _rank_terms(docs: Sequence[tuple[list[_Term], bool]], k: int) -> list[str]:
    """Top ``k`` surfaces: by documents containing the key (user documents break ties),
    then total count, then first appearance. Names win the display form of their key."""
    doc_freq: Counter[str] = Counter()
    user_freq: Counter[str] = Counter()
    total: Counter[str] = Counter()
    first: dict[str, int] = {}
    surfaces: dict[str, Counter[str]] = {}
    names: dict[str, Counter[str]] = {}
    position = 0
    for terms, from_user in docs:
        keys = {t.key for t in terms}
        doc_freq.update(keys)
        if from_user:
            user_freq.update(keys)
        for term in terms:
            total[term.key] += 1
            first.setdefault(term.key, position)
            position += 1
            target = names if term.name else surfaces
            target.setdefault(term.key, Counter())[term.surface] += 1
    ranked = sorted(
        first, key=lambda key: (-doc_freq[key], -user_freq[key], -total[key], first[key])
    )
    out: list[str] = []
    for key in ranked[:k]:
        forms = names.get(key) or surfaces[key]
        out.append(forms.most_common(1)[0][0])
    return out


def main_topics(events: Sequence[Event], k: int = MAX_TOPICS) -> list[str]:
    """The ``k`` main topics of ``events`` as display words (see the module notes)."""
    if k < 1:
        raise ValueError("k must be positive")
    # One document per event: a topic counts once per turn, whoever mentioned it.
    docs = [(_terms(event_text(e)), bool(e.user_text)) for e in _ordered(events)]
    return _rank_terms(docs, k)


# ---------------------------------------------------------------------------------------
# Fitting labelled lines into max_chars


@dataclass(slots=True)
class _Line:
    rank: int  # 0 is the header, which is never dropped; higher ranks drop first
    prefix: str
    items: list[str] = field(default_factory=list)
    sep: str = ", "


def _render(lines: Sequence[_Line]) -> str:
    return "\n".join(line.prefix + line.sep.join(line.items) for line in lines if line.items)


def _fit(lines: Sequence[_Line], max_chars: int) -> str:
    by_weakness = sorted(lines, key=lambda line: -line.rank)
    text = _render(lines)
    for line in by_weakness:  # first: fewer items, least important line first
        while len(text) > max_chars and len(line.items) > 1:
            line.items.pop()
            text = _render(lines)
    for line in by_weakness:  # then: whole lines, except the header
        if len(text) <= max_chars:
            break
        if line.rank > 0:
            line.items.clear()
            text = _render(lines)
    if len(text) > max_chars:
        text = text[: max_chars - 1].rstrip() + "…"
    return text


def _check_max(max_chars: int) -> None:
    if max_chars < 1:
        raise ValueError("max_chars must be positive")


def _quote(text: str, language: str, limit: int) -> str:
    left, right = _QUOTES[language]
    clean = " ".join(text.split())
    clean = clean.translate(_QUOTE_SAFE)
    return f"{left}{shorten(clean, limit)}{right}"


def _span(events: Sequence[Event]) -> str:
    start, end = events[0].at, events[-1].at
    if start.date() == end.date():
        return f"{start:%Y-%m-%d %H:%M}–{end:%H:%M}"
    return f"{start:%Y-%m-%d %H:%M}–{end:%Y-%m-%d %H:%M}"


def _header(events: Sequence[Event], language: str) -> str:
    turns = sum(1 for e in events if e.source == Source.CONVERSATION)
    others = len(events) - turns
    sessions = len({e.session_id for e in events if e.session_id})
    span = _span(events)
    if language == "ko":
        head = f"대화 {turns}턴" if turns else f"기록 {others}건"
        head += f" (+기타 {others}건)" if turns and others else ""
        head += f", {span}"
        return head + (f", 세션 {sessions}개" if sessions > 1 else "")
    if language == "ja":
        head = f"会話{turns}ターン" if turns else f"記録{others}件"
        head += f"（他{others}件）" if turns and others else ""
        head += f"、{span}"
        return head + (f"、{sessions}セッション" if sessions > 1 else "")
    if turns:
        head = f"{turns} turn" + ("s" if turns != 1 else "")
        head += f" (+{others} other event" + ("s)" if others != 1 else ")") if others else ""
    else:
        head = f"{others} event" + ("s" if others != 1 else "")
    head += f", {span}"
    return head + (f", {sessions} sessions" if sessions > 1 else "")


def _counted(values: Iterable[str]) -> list[str]:
    """Distinct values, most frequent first (ties: first seen)."""
    counts = Counter(v for v in values if v)
    return [value for value, _ in counts.most_common()]


def summarize_events(
    events: Sequence[Event], language: str | None = None, max_chars: int = 400
) -> str:
    """A rule-based summary of a period's events, at most ``max_chars`` characters.

    ``language`` picks the labels (``ko``/``ja``/``en``; others get English); ``None`` uses
    the main language of the user's statements. Deterministic: the same events give the same
    text whatever their order in ``events``. No events give ``""``.
    """
    _check_max(max_chars)
    if not events:
        return ""
    ordered = _ordered(events)
    statements = [_statement(e) for e in ordered]
    lang = language if language is not None else main_language(statements)
    lang = lang if lang in _LABELS else "en"
    labels, sep = _LABELS[lang], _LIST_SEP[lang]

    affects = [
        (analyze_emotion(text, language=lang), index, text)
        for index, text in enumerate(statements)
        if text.strip()
    ]
    mood: dict[str, float] = {}
    for affect, _, _ in affects:
        if affect.primary != "neutral":
            mood[affect.primary] = mood.get(affect.primary, 0.0) + affect.intensity
    strongest = sorted(mood, key=lambda tag: -mood[tag])[:2]  # stable: ties keep first seen
    mood_items = [_EMOTION_NAMES.get(lang, {}).get(tag, tag) for tag in strongest]

    # Notable: the most intense statements, then the longest, then the earliest.
    notable = sorted(affects, key=lambda a: (-a[0].intensity, -len(a[2].strip()), a[1]))
    limit = max(8, min(QUOTE_CHARS, max_chars // 4))
    quotes: list[str] = []
    for _, _, text in notable:
        quoted = _quote(text, lang, limit)
        if quoted not in quotes:
            quotes.append(quoted)
        if len(quotes) == MAX_QUOTES:
            break

    lines = [
        _Line(0, "", [_header(ordered, lang)]),
        _Line(5, labels["mood"], mood_items, sep),
        _Line(1, labels["topics"], main_topics(ordered, MAX_TOPICS), sep),
        _Line(2, labels["notable"], quotes, " " if lang != "ja" else ""),
        _Line(3, labels["files"], _counted(f for e in ordered for f in e.files)[:MAX_LISTED], sep),
        _Line(
            4,
            labels["entities"],
            _counted(n for e in ordered for n in e.entities)[:MAX_LISTED],
            sep,
        ),
    ]
    return _fit(lines, max_chars)


# ---------------------------------------------------------------------------------------
# Weekly roll-up


@dataclass(frozen=True, slots=True)
class _Parsed:
    topics: list[str]
    quotes: list[str]


# "(3 days)", "(3일)", "（3日）" after a topic of a roll-up
_COUNT_SUFFIX: Final = re.compile(r"\s*[(（]\d+[^)）]*[)）]$")
_ALL_TOPIC_LABELS: Final = tuple(labels["topics"] for labels in _LABELS.values())
_ALL_QUOTE_LABELS: Final = tuple(
    labels[name] for labels in _LABELS.values() for name in ("notable", "highlights")
)


def _parse(text: str) -> _Parsed:
    """Topics and quoted lines of a summary written by :func:`summarize_events`; for any
    other text (an LLM's, say) the topics are extracted from the text itself."""
    topics: list[str] = []
    quotes: list[str] = []
    found = False
    for line in text.splitlines():
        for label in _ALL_TOPIC_LABELS:
            if line.startswith(label):
                found = True
                body = line[len(label) :]
                parts = (_COUNT_SUFFIX.sub("", t).strip() for t in re.split(r", |、", body))
                topics = [t for t in parts if t]
        if line.startswith(_ALL_QUOTE_LABELS):
            quotes.extend(a or b for a, b in _QUOTE_RE.findall(line))
    if not found:
        topics = _rank_terms([(_terms(text), True)], MAX_TOPICS)
    return _Parsed(topics, [q for q in quotes if q.strip()])


def roll_up(summaries: Sequence[Summary], language: str | None = None, max_chars: int = 600) -> str:
    """A weekly (or any longer period's) text merged from shorter summaries, rule-based.

    Topics are ranked by the number of summaries (days) they appear in, then by their best
    rank within a day, then by first appearance; the flow lists each day's first topic in
    time order; highlights are the most intense notable lines, one per day before a second
    from any day. At most ``max_chars`` characters; no summaries give ``""``.
    """
    _check_max(max_chars)
    if not summaries:
        return ""
    ordered = sorted(summaries, key=lambda s: (s.starts_at, s.id))
    lang = language if language is not None else main_language(s.text for s in ordered)
    lang = lang if lang in _LABELS else "en"
    labels, sep = _LABELS[lang], _LIST_SEP[lang]
    parsed = [_parse(s.text) for s in ordered]

    days: Counter[str] = Counter()
    best: dict[str, int] = {}
    first: dict[str, int] = {}
    for day, p in enumerate(parsed):
        for rank, topic in enumerate(dict.fromkeys(p.topics)):
            days[topic] += 1
            best[topic] = min(best.get(topic, rank), rank)
            first.setdefault(topic, day * 100 + rank)
    ranked = sorted(first, key=lambda t: (-days[t], best[t], first[t]))
    if lang == "ko":
        topic_items = [f"{t}({days[t]}일)" if days[t] > 1 else t for t in ranked]
    elif lang == "ja":
        topic_items = [f"{t}（{days[t]}日）" if days[t] > 1 else t for t in ranked]
    else:
        topic_items = [f"{t} ({days[t]} days)" if days[t] > 1 else t for t in ranked]

    flow = [
        f"{s.starts_at:%m-%d} {p.topics[0]}"
        for s, p in zip(ordered, parsed, strict=True)
        if p.topics
    ]

    # Highlights: the most intense line of each day first, then the rest.
    limit = max(8, min(QUOTE_CHARS, max_chars // 4))
    candidates: list[tuple[int, float, int, int, str]] = []
    for day, p in enumerate(parsed):
        scored = sorted(
            ((analyze_emotion(q, language=lang).intensity, len(q), q) for q in p.quotes),
            key=lambda x: (-x[0], -x[1]),
        )
        for order, (intensity, size, quote) in enumerate(scored):
            candidates.append((order, -intensity, -size, day, quote))
    highlights: list[str] = []
    for *_, quote in sorted(candidates):
        quoted = _quote(quote, lang, limit)
        if quoted not in highlights:
            highlights.append(quoted)
        if len(highlights) == 3:
            break

    start, end = ordered[0].starts_at, ordered[-1].starts_at
    day_count = len({s.starts_at.date() for s in ordered})
    events = sum(len(s.event_ids) for s in ordered)
    if lang == "ko":
        head = f"{start:%Y-%m-%d}–{end:%Y-%m-%d}: {day_count}일" + (
            f", 기록 {events}건" if events else ""
        )
    elif lang == "ja":
        head = f"{start:%Y-%m-%d}–{end:%Y-%m-%d}: {day_count}日間" + (
            f"、記録{events}件" if events else ""
        )
    else:
        head = f"{start:%Y-%m-%d}–{end:%Y-%m-%d}: {day_count} day" + ("s" if day_count != 1 else "")
        head += f", {events} events" if events else ""

    lines = [
        _Line(0, "", [head]),
        _Line(1, labels["topics"], topic_items[: MAX_TOPICS + 1], sep),
        _Line(3, labels["flow"], flow, " → "),
        _Line(2, labels["highlights"], highlights, " " if lang != "ja" else ""),
    ]
    return _fit(lines, max_chars)
