"""Scenes (seed 003 §2-3): a stretch of a session told as where, when, who, tone and topics.

:func:`scene_for` groups turns by rule:

* **place**: the most mentioned place cue ("at the cafe", "집에서", "カフェで"; ties: the first
  mentioned), or an event's ``metadata["place"]``; None when nothing names a place.
* **time_of_day** of the first turn: morning 05-12, afternoon 12-17, evening 17-21, night
  21-05, in UTC (naive datetimes count as UTC) unless ``tz`` is given.
* **session_id**: the events' session, None when they come from several.
* **participants**: user and assistant names in order of appearance ("user"/"assistant"
  when a side spoke without a name).
* **tone**: the dominant emotion, the sum of ``weight * max(intensity, 0.1)`` per tag over the
  events, from the given affects (by event id) or else the rule-based emotion analysis of
  each turn's text; "neutral" when nothing else shows.
* **topics**: the most frequent content words: English words through
  :func:`soulmem.recall.tokenize.tokenize` (stopwords out, stems grouped, shown as the first
  surface form), Korean words without their particles, and Japanese kanji/katakana runs.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, tzinfo
from typing import Final

from soulmem.model import Affect, Event, Scene
from soulmem.perceive.emotion import analyze_emotion
from soulmem.recall.tokenize import tokenize

__all__ = ["extract_place", "scene_for", "time_of_day", "topics_of"]

_EN_PLACES: Final = (
    "coffee shop|cafe|café|park|beach|office|library|school|restaurant|bar|gym|station|"
    "kitchen|bedroom|living room|garden|museum|mall|hospital|cinema|movie theater|theater|"
    "classroom|rooftop|lake|river|mountain|forest|shop|store|train|bus|car|home|house|"
    "apartment|party|concert|zoo|aquarium|airport|hotel"
)
_PLACE_PATTERNS: Final = (
    re.compile(r"\bat home\b"),
    re.compile(rf"\b(?:at|in|to|inside|from) (?:the|a|an|my|your|our|this|that) ({_EN_PLACES})\b"),
    re.compile(
        r"(?<![가-힣])(카페|커피숍|집|공원|바다|해변|사무실|회사|도서관|학교|식당|술집|헬스장|역|부엌|"
        r"거실|정원|박물관|백화점|병원|영화관|극장|교실|옥상|호수|산|숲|가게|편의점|기차|버스|"
        r"호텔|공항|놀이공원|수족관|동물원)\s*(?:에서|에|으로|로)(?![가-힣])"
    ),
    re.compile(
        r"(カフェ|喫茶店|公園|海|ビーチ|オフィス|会社|図書館|学校|レストラン|居酒屋|ジム|駅|"
        r"台所|キッチン|部屋|庭|博物館|美術館|病院|映画館|教室|屋上|湖|山|森|コンビニ|電車|"
        r"ホテル|空港|遊園地|水族館|動物園|家)(?:で|に|へ)"
    ),
)


def _words(text: str) -> list[str]:
    return text.split()


_KO_PARTICLES: Final = tuple(
    sorted(
        _words(
            "에서는 에서도 에게서 한테서 으로는 이랑 하고 에서 에게 한테 으로 까지 부터 처럼 보다 "
            "이나 이라 라도 은 는 이 가 을 를 에 도 로 와 과 의 랑 나 만"
        ),
        key=len,
        reverse=True,
    )
)
_KO_VERBISH: Final = re.compile(r"(?:다|요|어|아|해|했|지|네|까|죠|고|게|자|야|니|래|데|서|면|며)$")
_KO_STOP: Final = frozenset(
    _words(
        "우리 너무 진짜 정말 그냥 오늘 어제 내일 이제 지금 나중 그거 이거 저거 그래 근데 그런 이런 "
        "같이 함께 조금 많이 아주 항상 다시 너희 자기 당신 사람 때문 생각"
    )
)
_JA_RUN: Final = re.compile(r"[\u4e00-\u9fff\u3005]{2,}|[\u30a1-\u30fa\u30fc]{2,}")
_JA_STOP: Final = frozenset(_words("今日 明日 昨日 本当 一緒 自分 時間 感じ 気持 ちょっと"))
_EN_EXTRA_STOP: Final = frozenset(
    _words(
        "like really think know get got go going went want yeah yes okay ok oh well good thank "
        "thanks lol one would could also much today time let let's make made said say see saw "
        "tell told feel felt way thing things something anything everything still even back "
        "maybe sure right come came take took look looked"
    )
)
_HANGUL_WORD: Final = re.compile(r"[가-힣]+")
_LATIN_WORD: Final = re.compile(r"[a-z][a-z'\-]*[a-z]|[a-z]")


def _texts(event: Event) -> list[str]:
    return [text for text in (event.user_text, event.assistant_text) if text]


def extract_place(text: str) -> str | None:
    """The first place cue of ``text`` ("cafe", "집", "カフェ", "home"), or None."""
    places = _places(text)
    return places[0] if places else None


def _places(text: str) -> list[str]:
    lowered = unicodedata.normalize("NFKC", text).lower()
    found: list[tuple[int, str]] = []
    for index, pattern in enumerate(_PLACE_PATTERNS):
        for match in pattern.finditer(lowered):
            place = "home" if index == 0 else match.group(1)
            found.append((match.start(), "cafe" if place == "café" else place))
    return [place for _, place in sorted(found)]


def time_of_day(at: datetime, tz: tzinfo | None = None) -> str:
    """morning (05-12), afternoon (12-17), evening (17-21) or night, in ``tz`` (default UTC;
    a naive ``at`` counts as UTC)."""
    aware = at if at.tzinfo is not None else at.replace(tzinfo=UTC)
    hour = aware.astimezone(tz or UTC).hour
    if 5 <= hour < 12:
        return "morning"
    if 12 <= hour < 17:
        return "afternoon"
    if 17 <= hour < 21:
        return "evening"
    return "night"


def _strip_particle(word: str) -> str:
    for particle in _KO_PARTICLES:
        if word.endswith(particle) and len(word) - len(particle) >= 2:
            return word[: -len(particle)]
    return word


def topics_of(texts: Sequence[str], limit: int = 5) -> tuple[str, ...]:
    """The ``limit`` most frequent content words of ``texts`` (ties: first seen first)."""
    counts: Counter[str] = Counter()
    first: dict[str, int] = {}
    surface: dict[str, str] = {}
    position = 0

    def add(key: str, shown: str) -> None:
        nonlocal position
        counts[key] += 1
        if key not in first:
            first[key] = position
            surface[key] = shown
        position += 1

    for text in texts:
        normal = unicodedata.normalize("NFKC", text).lower()
        for raw in _LATIN_WORD.findall(normal):
            word = raw.strip("'-")
            if len(word) < 3 or word in _EN_EXTRA_STOP:
                continue
            terms = tokenize(word)
            if len(terms) == 1:
                add(terms[0], word)
        for word in _HANGUL_WORD.findall(normal):
            stem = _strip_particle(word)
            if len(stem) >= 2 and stem not in _KO_STOP and not _KO_VERBISH.search(stem):
                add(stem, stem)
        for run in _JA_RUN.findall(normal):
            if run not in _JA_STOP:
                add(run, run)
    ranked = sorted(counts, key=lambda key: (-counts[key], first[key]))
    return tuple(surface[key] for key in ranked[:limit])


def _tone(events: Sequence[Event], affects: Mapping[str, Affect] | None) -> str:
    totals: dict[str, float] = {}
    for event in events:
        affect = affects.get(event.id) if affects is not None else None
        if affect is None:
            text = " ".join(_texts(event))
            if not text:
                continue
            affect = analyze_emotion(text, language=event.language)
        weight = max(affect.intensity, 0.1)
        for tag, score in affect.emotions.items():
            if tag != "neutral":
                totals[tag] = totals.get(tag, 0.0) + score * weight
    if not totals:
        return "neutral"
    return max(sorted(totals), key=lambda tag: totals[tag])


def scene_for(
    events: Sequence[Event],
    scene_id: str,
    *,
    tz: tzinfo | None = None,
    affects: Mapping[str, Affect] | None = None,
    max_topics: int = 5,
) -> Scene:
    """The scene of ``events`` (one session's turns, in any order; see the module doc)."""
    if not events:
        raise ValueError("a scene needs at least one event")
    ordered = sorted(events, key=lambda event: (event.at, event.seq))
    scope = ordered[0].scope
    if any(event.scope != scope for event in ordered):
        raise ValueError("all events of a scene must share one scope")
    place_counts: Counter[str] = Counter()
    place_first: dict[str, int] = {}
    participants: list[str] = []
    texts: list[str] = []
    for event in ordered:
        named = event.metadata.get("place") if isinstance(event.metadata, dict) else None
        places: list[str] = [named.strip()] if isinstance(named, str) and named.strip() else []
        for text in _texts(event):
            texts.append(text)
            places.extend(_places(text))
        for place in places:
            place_counts[place] += 1
            place_first.setdefault(place, len(place_first))
        if event.user_text or event.user_name:
            participants.append(event.user_name or "user")
        if event.assistant_text or event.assistant_name:
            participants.append(event.assistant_name or "assistant")
    scene_place = (
        min(place_counts, key=lambda name: (-place_counts[name], place_first[name]))
        if place_counts
        else None
    )
    session_ids = {event.session_id for event in ordered}
    return Scene(
        id=scene_id,
        scope=scope,
        session_id=ordered[0].session_id if len(session_ids) == 1 else None,
        place=scene_place,
        time_of_day=time_of_day(ordered[0].at, tz),
        participants=tuple(dict.fromkeys(participants)),
        tone=_tone(ordered, affects),
        topics=topics_of(texts, max_topics),
        started_at=ordered[0].at,
        ended_at=ordered[-1].at,
    )
