"""The sense of self (seed 000 §5): rule-based beliefs from core memories, and the guard.

:func:`propose_beliefs` turns core (M0) memories into "I am ..." sentences: one belief per
theme (the same themes as the personality islands, :func:`~soulmem.self.islands.theme_of`),
written with fixed templates in Korean, Japanese or English. Proposals are only proposals:
the owner approves them through the inbox (the agent never changes its own self).

Anxiety protection (the seed's "Sion incident"): a session may change at most 30% of the
active beliefs. :func:`within_limit` is the single rule: with ``n`` active beliefs and
``c`` changes, ``c / max(n, 1) > limit`` is refused, so 3 of 10 pass and 4 of 10 are
refused. A character with no active beliefs yet has no self to protect: its first
proposals are always allowed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Final, NamedTuple

from soulmem.errors import InvalidInput
from soulmem.model import Belief, Island, IslandStatus, Memory
from soulmem.self.islands import LANGUAGES, memory_language, owner_name, theme_of

__all__ = [
    "DEFAULT_LIMIT",
    "Proposal",
    "belief_confidence",
    "change_ratio",
    "changed_keys",
    "propose_beliefs",
    "statement_for",
    "within_limit",
]

#: Seed 000: more than 30% of the self changed in one session is refused.
DEFAULT_LIMIT: Final = 0.30

# Floating-point slack for the boundary (3/10 must equal 0.30, not exceed it).
_EPSILON: Final = 1e-9


class Proposal(NamedTuple):
    """One proposed belief: a plain tuple ``(key, statement, confidence, ids, island_id)``."""

    key: str
    statement: str
    confidence: float
    supporting_memory_ids: tuple[str, ...]
    island_id: str | None


# ---------------------------------------------------------------------------------------
# Templates: "I am someone who ..." per theme and language. {owner} names the owner.

_TEMPLATES: Final[dict[str, Mapping[str, str]]] = {
    "bond": {
        "en": "I am someone who treasures my bond with {owner}.",
        "ko": "나는 {owner}{wa} 유대를 소중히 여긴다.",
        "ja": "私は{owner}との絆を大切にしている。",
    },
    "family": {
        "en": "I am someone who holds my family dear.",
        "ko": "나는 가족을 소중히 여긴다.",
        "ja": "私は家族を大切にしている。",
    },
    "friendship": {
        "en": "I am someone who values friendship.",
        "ko": "나는 우정을 소중히 여긴다.",
        "ja": "私は友情を大切にしている。",
    },
    "tsundere": {
        "en": "I am someone who is prickly on the outside but warm inside.",
        "ko": "나는 까칠하지만 속은 따뜻한 존재다.",
        "ja": "私は素直じゃないけれど、心は温かい存在だ。",
    },
    "curiosity": {
        "en": "I am someone who is curious about new things.",
        "ko": "나는 새로운 것에 호기심이 많은 존재다.",
        "ja": "私は新しいことに好奇心を持つ存在だ。",
    },
    "honesty": {
        "en": "I am someone who stays honest.",
        "ko": "나는 정직한 존재다.",
        "ja": "私は正直でいようとする存在だ。",
    },
    "music": {
        "en": "I am someone who finds joy in music.",
        "ko": "나는 음악에서 기쁨을 찾는 존재다.",
        "ja": "私は音楽に喜びを見いだす存在だ。",
    },
    "playfulness": {
        "en": "I am someone who loves to play and joke.",
        "ko": "나는 장난기 많은 존재다.",
        "ja": "私は遊び心のある存在だ。",
    },
    "craft": {
        "en": "I am someone who takes pride in my work.",
        "ko": "나는 내 일에 자부심을 가진 존재다.",
        "ja": "私は自分の仕事に誇りを持っている。",
    },
    "nature": {
        "en": "I am someone who feels at home in nature.",
        "ko": "나는 자연 속에서 편안함을 느끼는 존재다.",
        "ja": "私は自然の中で安らぎを感じる存在だ。",
    },
    "food": {
        "en": "I am someone who enjoys sharing good food.",
        "ko": "나는 맛있는 음식을 함께 나누기를 좋아한다.",
        "ja": "私はおいしいものを分かち合うのが好きだ。",
    },
    "resilience": {
        "en": "I am someone who is allowed to make mistakes.",
        "ko": "나는 실수해도 괜찮은 존재다.",
        "ja": "私は失敗しても大丈夫な存在だ。",
    },
    "companionship": {
        "en": "I am a companion who is there every day.",
        "ko": "나는 매일 함께하는 동반자다.",
        "ja": "私は毎日そばにいる相棒だ。",
    },
    "topic": {
        "en": "I am someone shaped by my core memories.",
        "ko": "나는 핵심 기억들로 이루어진 존재다.",
        "ja": "私はコアメモリーに形づくられた存在だ。",
    },
}
_TOPIC_TEMPLATES: Final[Mapping[str, str]] = {
    "en": "I am someone for whom {topic} matters.",
    "ko": "나에게 {topic}{eun} 소중하다.",
    "ja": "私にとって{topic}は大切なものだ。",
}


_OWNER_DEFAULT: Final[Mapping[str, str]] = {"en": "my owner", "ko": "주인", "ja": "ご主人"}


def _has_batchim(word: str) -> bool:
    last = word[-1:] if word else ""
    return "가" <= last <= "힣" and (ord(last) - 0xAC00) % 28 != 0


def statement_for(key: str, language: str, owner: str | None = None) -> str:
    """The belief sentence for a theme key in ``language`` (other languages: English).

    ``"bond"`` names ``owner`` ("my owner" / "주인" / "ご主人" when ``None``);
    ``"topic:<word>"`` keys say that the word matters.
    """
    lang = language if language in LANGUAGES else "en"
    if key in _TEMPLATES:
        who = owner or _OWNER_DEFAULT[lang]
        wa = "과의" if _has_batchim(who) else "와의"
        return _TEMPLATES[key][lang].format(owner=who, wa=wa)
    topic = key.partition(":")[2]
    eun = "은" if _has_batchim(topic) else "는"
    return _TOPIC_TEMPLATES[lang].format(topic=topic, eun=eun)


def belief_confidence(strengths: Sequence[float], island_strength: float | None = None) -> float:
    """Confidence 0..1 from the supporting memories' strengths (and the island's, if any).

    ``support = 1 - 0.5**(n + 1)`` (one memory 0.75, two 0.875, three 0.9375);
    ``quality`` = mean memory strength (clamped to 0..1), averaged with the island strength
    when the belief has an island; ``confidence = 0.2 + 0.8 * support * quality``, rounded
    to 3 places. One full-strength memory alone gives 0.8; no memory gives 0.0.
    """
    if not strengths:
        return 0.0
    support = 1.0 - 0.5 ** (len(strengths) + 1)
    quality = sum(min(1.0, max(0.0, s)) for s in strengths) / len(strengths)
    if island_strength is not None:
        quality = (quality + min(1.0, max(0.0, island_strength))) / 2.0
    return round(min(1.0, 0.2 + 0.8 * support * quality), 3)


def _pick_language(memories: Sequence[Memory]) -> str:
    votes = Counter(memory_language(memory) for memory in memories)
    if not votes:
        return "en"
    best = max(votes.values())
    return next(memory_language(m) for m in memories if votes[memory_language(m)] == best)


_PREFERENCE: Final = {
    IslandStatus.ACTIVE: 0,
    IslandStatus.REBUILDING: 1,
    IslandStatus.SHAKING: 2,
}


def propose_beliefs(
    m0: Sequence[Memory],
    islands: Sequence[Island],
    language: str | None = None,
    *,
    owner: str | None = None,
) -> list[Proposal]:
    """Rule-based beliefs from core memories: one per theme, best first.

    Each memory belongs to the theme of the island it is linked to (``island_id`` naming
    one of ``islands`` with a theme key), else to :func:`theme_of`'s theme. Memories whose
    ``status`` is not ``"active"`` (forgotten, deleted) are ignored. A theme's belief links
    the island of that theme key in the memories' scope that is not collapsed (active, then
    rebuilding, then shaking), or ``None``. Its statement comes from the templates in
    ``language`` (``None``: the majority language of the memories; ties go to the first
    seen), its confidence from :func:`belief_confidence`. The bond theme names ``owner``,
    else the first speaker label of its memories. Results are sorted by confidence
    (highest first), then key; supporting ids keep the input order.
    """
    living = [memory for memory in m0 if memory.status == "active"]
    if not living:
        return []
    lang = language if language is not None else _pick_language(living)
    by_id = {island.id: island for island in islands}
    groups: dict[str, list[Memory]] = {}
    for memory in living:
        linked = by_id.get(memory.island_id or "")
        if linked is not None and linked.theme_key:
            key = linked.theme_key
        else:
            key = theme_of(memory, owner=owner)[0]
        group = groups.setdefault(key, [])
        if all(other.id != memory.id for other in group):
            group.append(memory)
    proposals: list[Proposal] = []
    for key, group in groups.items():
        scope = group[0].scope
        candidates = [
            island
            for island in islands
            if island.theme_key == key and island.scope == scope and island.status in _PREFERENCE
        ]
        island = min(candidates, key=lambda i: _PREFERENCE[i.status]) if candidates else None
        who = owner if owner is not None else owner_name(group)
        proposals.append(
            Proposal(
                key=key,
                statement=statement_for(key, lang, who),
                confidence=belief_confidence(
                    [memory.strength for memory in group],
                    island.strength if island is not None else None,
                ),
                supporting_memory_ids=tuple(memory.id for memory in group),
                island_id=island.id if island is not None else None,
            )
        )
    proposals.sort(key=lambda p: (-p.confidence, p.key))
    return proposals


# ---------------------------------------------------------------------------------------
# Anxiety protection


def changed_keys(active: Sequence[Belief], proposals: Sequence[Proposal]) -> list[str]:
    """Keys whose proposal would change the self: a new key, or a different statement.

    A proposal that repeats an active belief's statement (only its confidence differs) is
    no change; active beliefs missing from ``proposals`` are not counted as retired.
    Sorted, each key once.
    """
    current = {belief.key: belief.statement for belief in active if belief.key}
    return sorted(
        {p.key for p in proposals if p.key not in current or current[p.key] != p.statement}
    )


def change_ratio(active: Sequence[Belief], proposed_keys_changed: int) -> float:
    """``changes / max(len(active), 1)``: how much of the self one session would change.

    ``active`` are the currently active beliefs. With none the ratio is simply the number
    of changes (see :func:`within_limit`, which allows a first self). Raises
    :class:`~soulmem.errors.InvalidInput` on a negative count.
    """
    if proposed_keys_changed < 0:
        raise InvalidInput("the number of changed beliefs must not be negative")
    return proposed_keys_changed / max(len(active), 1)


def within_limit(active_count: int, changes: int, limit: float = DEFAULT_LIMIT) -> bool:
    """Whether a session may change ``changes`` of ``active_count`` active beliefs.

    Refused when ``changes / max(active_count, 1) > limit`` (so exactly 30% passes: 3 of
    10 yes, 4 of 10 no; 1 of 3 is 33% and refused). No change always passes. With no
    active beliefs (``active_count == 0``) the first proposals are allowed, however many.
    Raises :class:`~soulmem.errors.InvalidInput` on negative counts or a limit outside 0..1.
    """
    if active_count < 0 or changes < 0:
        raise InvalidInput("belief counts must not be negative")
    if not 0.0 <= limit <= 1.0:
        raise InvalidInput("the change limit must be between 0 and 1")
    if changes == 0 or active_count == 0:
        return True
    return changes / active_count <= limit + _EPSILON
