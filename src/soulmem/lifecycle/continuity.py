"""Context continuity and the derived event graph (seed 001 §4.4, seed 002 §4).

Pure functions over events: the continuity score of a past event against the current
context, ``same_topic`` and ``caused_by`` links between events, and context threads.

**Topic tokens.** :func:`topic_tokens` is :func:`soulmem.recall.tokenize.tokenize` without
the tokens that carry no topic: single Hangul/kana characters and kana bigrams with
hiragana (particles and endings: ``는``, ``を``, ``した``; Korean bigrams and kanji/katakana
keep the words), common Korean ending/particle bigrams (``했어``, ``에서``), a few generic
single kanji (``私``, ``今``) and chat filler (``ok``, ``really``, ``ㅋㅋ``, ``今日``). Pass
query tokens made the same way.

**Overlap coefficient, not Jaccard**, for the topic part of :func:`continuity`: a query (the
current context) is a few tokens, a turn is dozens, and Korean/Japanese turns add a bigram
per character. Jaccard ``|A∩B| / |A∪B|`` is then bounded by ``|A| / |B|``: a query fully
contained in a long turn scores about 0.1 and the topic weight hardly counts, and shorter
turns beat longer ones on length alone. The overlap coefficient ``|A∩B| / min(|A|, |B|)``
measures how much of the smaller side is covered (1.0 for full containment) regardless of
the turn's length.

**Links between turns** (:func:`topic_links`) use the overlap coefficient *saturating* at
:data:`LINK_SATURATION` (3) shared tokens: ``|A∩B| / min(|A|, |B|, 3)``. Two turns of a
conversation about one thing typically share one or two content words among five to ten
tokens each, which the plain coefficient scores 0.1-0.2; here one shared topic token scores
1/3 (a link at the default threshold 0.3), two 2/3 and three or more 1.0, while short turns
keep the plain coefficient ("pasta?" after a turn about pasta: 1.0).
"""

from __future__ import annotations

import heapq
import itertools
import math
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from datetime import datetime, timedelta
from typing import Final

from soulmem.lifecycle.summaries import event_text
from soulmem.model import Event, EventLink
from soulmem.recall.tokenize import tokenize

__all__ = [
    "CAUSAL_CUES",
    "CONTINUITY_WEIGHTS",
    "LINK_SATURATION",
    "causal_links",
    "continuity",
    "overlap",
    "refers_back",
    "threads",
    "topic_links",
    "topic_tokens",
]

#: Seed 001 §4.4: topic, time, file, entity.
CONTINUITY_WEIGHTS: Final = (0.3, 0.3, 0.2, 0.2)
#: Shared topic tokens at which a same_topic link is certain (weight 1.0).
LINK_SATURATION: Final = 3

_SMALL_KANA_OR_HANGUL: Final = re.compile(
    r"^(?:[\u1100-\u11ff\u3131-\u318e\uac00-\ud7af\u3041-\u30ff]"
    r"|[\u3041-\u30ff]*[\u3041-\u309f][\u3041-\u30ff]*)$"
)
_FILLER_WORDS: Final = (
    "ok okay yeah yes yep nope lol haha hehe hmm oh ah hi hello hey thanks thank please "
    "really like think know want get got go going gonna wanna would could should also well "
    "thing things something anything nothing much many make made today now still even maybe "
    "sure right good great nice cool let say said tell told see look feel time day "
    "ㅋㅋ ㅎㅎ ㅠㅠ ㅜㅜ 진짜 정말 너무 그냥 그래 근데 맞아 "
    "今日 昨日 明日 本当 最近 自分 大丈夫"
)
# Common Korean endings and particles, as the bigrams the tokenizer makes of them.
_KO_GRAMMAR: Final = (
    "있어 있다 있는 있었 없어 없다 없는 했어 했다 했는 했던 하는 하고 하다 하면 해서 해요 "
    "해야 어요 아요 에요 예요 세요 셨어 니다 습니 는데 은데 인데 거야 거든 건데 같아 같은 "
    "같다 싶어 싶다 이야 이다 이랑 에서 에게 으로 까지 부터 처럼 보다 한테 그런 그거 이거 "
    "저거 우리 나는 너는 내가 제가 저는 오늘 어제 요즘 지금 그리 그래 래서 지만 었어 았어 "
    "였어 겠어 겠다 었다 았다 였다 는지 을까 할까 해줘 구나 네요 군요 잖아 라고 다고 어서 "
    "아서 니까 면서 려고 으면 하기 되는 돼서 됐어 된다 이었 였는 어서 는거 은거 하는"
)
_HAN_GENERIC: Final = "私僕俺何今日事物方人時中上下前後行来見言思出入気本当"


def _stop_tokens() -> frozenset[str]:
    stop: set[str] = set(_KO_GRAMMAR.split()) | set(_HAN_GENERIC)
    for word in _FILLER_WORDS.split():
        tokens = tokenize(word)
        # CJK words: the whole-word bigram only, not the single characters in it
        stop.update(tokens if word.isascii() else [t for t in tokens if len(t) > 1])
    return frozenset(stop)


_STOP: Final = _stop_tokens()


def topic_tokens(text: str) -> set[str]:
    """The distinct tokens of ``text`` that say what it is about (see the module notes)."""
    return {t for t in tokenize(text) if t not in _STOP and not _SMALL_KANA_OR_HANGUL.match(t)}


def overlap(a: set[str], b: set[str], *, saturation: int | None = None) -> float:
    """Overlap coefficient ``|a∩b| / min(|a|, |b|)``, 0.0 if either is empty. With
    ``saturation`` the denominator is at most that: ``|a∩b| / min(|a|, |b|, saturation)``,
    capped at 1.0."""
    if not a or not b:
        return 0.0
    size = min(len(a), len(b))
    if saturation is not None:
        if saturation < 1:
            raise ValueError("saturation must be positive")
        size = min(size, saturation)
    return min(1.0, len(a & b) / size)


def _folded(values: Iterable[str]) -> set[str]:
    return {v.strip().casefold() for v in values if v and v.strip()}


def continuity(
    query_tokens: set[str],
    query_time: datetime,
    query_files: set[str],
    query_entities: set[str],
    event: Event,
    *,
    event_tokens: set[str] | None = None,
    half_life: timedelta = timedelta(hours=24),
    weights: tuple[float, float, float, float] = CONTINUITY_WEIGHTS,
) -> dict[str, float]:
    """How much ``event`` continues the current context, seed 001 §4.4.

    Returns ``topic``, ``time``, ``file``, ``entity`` and ``score``, each in 0..1:

    * ``topic``: overlap coefficient of ``query_tokens`` and the event's topic tokens
      (``event_tokens``, default :func:`topic_tokens` of the event's text);
    * ``time``: ``0.5 ** (age / half_life)``: 1.0 at the query time, 0.5 one half-life
      away (either direction: an event after ``query_time`` is as near as one before);
    * ``file``: overlap coefficient of ``query_files`` and ``event.files`` (exact paths);
    * ``entity``: overlap coefficient of ``query_entities`` and ``event.entities``
      (case-insensitive);
    * ``score``: the weighted sum with ``weights`` (topic, time, file, entity), divided by
      the sum of the weights, so that it stays in 0..1 (the default weights sum to 1.0,
      making it the plain weighted sum). An empty side of a part scores 0 for that part.
    """
    if half_life <= timedelta(0):
        raise ValueError("half_life must be positive")
    if len(weights) != 4 or any(w < 0 or not math.isfinite(w) for w in weights):
        raise ValueError("weights must be four finite non-negative numbers")
    total = sum(weights)
    if total <= 0:
        raise ValueError("weights must not all be zero")
    tokens = event_tokens if event_tokens is not None else topic_tokens(event_text(event))
    age = abs((query_time - event.at).total_seconds())
    parts = {
        "topic": overlap(query_tokens, tokens),
        "time": 0.5 ** (age / half_life.total_seconds()),
        "file": overlap(set(query_files), set(event.files)),
        "entity": overlap(_folded(query_entities), _folded(event.entities)),
    }
    score = sum(w * v for w, v in zip(weights, parts.values(), strict=True)) / total
    parts["score"] = min(1.0, max(0.0, score))
    return parts


def _by_scope(events: Iterable[Event]) -> list[list[Event]]:
    """Events grouped by scope, each group oldest first (time, seq, id)."""
    groups: dict[str, list[Event]] = {}
    for event in events:
        groups.setdefault(event.scope.key, []).append(event)
    return [
        sorted(group, key=lambda e: (e.at, e.seq, e.id))
        for _, group in sorted(groups.items(), key=lambda kv: kv[0])
    ]


def _strongest_latest(link: tuple[float, int]) -> tuple[float, int]:
    return -link[0], -link[1]


def topic_links(
    events: Sequence[Event], threshold: float = 0.3, *, max_per_event: int | None = 3
) -> list[tuple[str, str, float]]:
    """``same_topic`` links ``(later_id, earlier_id, weight)`` within each scope.

    The weight is the overlap coefficient of the two events' :func:`topic_tokens`,
    saturating at :data:`LINK_SATURATION` shared tokens; a pair links when it reaches
    ``threshold``. Each event links to at most ``max_per_event`` earlier events (the
    strongest; ties: the most recent), ``None`` for all. Ordered by the later event, then
    by weight (strongest first).
    """
    if not 0.0 < threshold <= 1.0:
        raise ValueError("threshold must be within (0, 1]")
    if max_per_event is not None and max_per_event < 1:
        raise ValueError("max_per_event must be positive or None")
    links: list[tuple[str, str, float]] = []
    for group in _by_scope(events):
        token_sets = [topic_tokens(event_text(e)) for e in group]
        # only an earlier event sharing a token can reach the threshold (> 0): each event's
        # shared counts from the postings of the events before it, not from every pair (a
        # day of 3,000 imported turns: 4.5 million pairs, 10 s)
        postings: dict[str, list[int]] = {}
        sizes = [min(len(tokens), LINK_SATURATION) for tokens in token_sets]
        for i, tokens in enumerate(token_sets):
            shared: Counter[int] = Counter()
            for token in tokens:
                earlier = postings.setdefault(token, [])
                shared.update(earlier)
                earlier.append(i)
            # ``overlap`` with the saturation, from the count of shared tokens
            size = sizes[i]
            found = [
                (weight, j)
                for j, count in shared.items()
                if (weight := min(1.0, count / min(size, sizes[j]))) >= threshold
            ]
            if max_per_event is None:
                found.sort(key=_strongest_latest)
            else:  # the same as sorting, then taking the first
                found = heapq.nsmallest(max_per_event, found, key=_strongest_latest)
            links.extend((group[i].id, group[j].id, w) for w, j in found)
    return links


#: Words with which a turn says it follows from what came just before (seed 002 caused_by).
CAUSAL_CUES: Final = {
    "en": ("because", "so (at the start of a clause)", "that's why", "that is why", "therefore"),
    "ko": ("때문에", "그래서", "그러니까", "덕분에", "탓에"),
    "ja": ("だから", "ので", "のせいで", "それで", "そのため"),
}
_CAUSAL_RE: Final = re.compile(
    r"\bbecause\b|\btherefore\b|\bthat(?:'|’|\s+i)s\s+why\b"
    r"|(?:^|[.,;:!?]\s*|\band\s+|\bbut\s+)so\b(?!\s+(?:much|many|far|good|bad|well)\b)"
    r"|때문에|그래서|그러니까|덕분에|탓에"
    r"|だから|ので|のせいで|それで|そのため",
    re.IGNORECASE,
)


def refers_back(text: str) -> bool:
    """Whether ``text`` has a causal cue word (:data:`CAUSAL_CUES`). English "so" counts only
    where it starts a clause ("So I stayed home", not "I'm so tired")."""
    return bool(text) and _CAUSAL_RE.search(text) is not None


def causal_links(
    events: Sequence[Event], *, max_gap: timedelta | None = None
) -> list[tuple[str, str]]:
    """``caused_by`` links ``(event_id, previous_event_id)``: a turn whose user text (or, for
    an event without one, its other text) has a causal cue word is linked to the event right
    before it in its scope, when that one is at most ``max_gap`` earlier (``None``: any gap).
    """
    links: list[tuple[str, str]] = []
    for group in _by_scope(events):
        for previous, event in itertools.pairwise(group):
            if max_gap is not None and event.at - previous.at > max_gap:
                continue
            if refers_back(event.user_text or event.assistant_text or ""):
                links.append((event.id, previous.id))
    return links


def threads(
    events: Sequence[Event], links: Iterable[tuple[str, str, float] | EventLink]
) -> list[list[str]]:
    """Context threads: connected components of the ``same_topic`` links over ``events``.

    Every event belongs to exactly one thread (an event without links is a thread of its
    own). ``links`` are :func:`topic_links` tuples or :class:`EventLink` records (only kind
    ``same_topic`` counts); links to events not in ``events`` are ignored. Each thread lists
    ids oldest first; threads are ordered by their first event.
    """
    ordered = sorted(events, key=lambda e: (e.at, e.seq, e.id))
    parent = {e.id: e.id for e in ordered}

    def find(node: str) -> str:
        while parent[node] != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node

    for link in links:
        if isinstance(link, EventLink):
            if link.kind != "same_topic":
                continue
            a, b = link.from_event_id, link.to_event_id
        else:
            a, b = link[0], link[1]
        if a in parent and b in parent:
            root_a, root_b = find(a), find(b)
            if root_a != root_b:
                parent[root_a] = root_b
    groups: dict[str, list[str]] = {}
    for event in ordered:
        groups.setdefault(find(event.id), []).append(event.id)
    return list(groups.values())  # dicts keep insertion order: by each thread's first event
