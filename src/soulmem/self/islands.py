"""Personality islands (seed 000 §4): themes, founding, the status machine and warnings.

An island is founded by core (M0) memories that share a *theme*. Themes come from a small
multilingual lexicon (:data:`THEMES`, Korean / Japanese / English keywords) matched on the
memory text, with the memory's emotions as a tie-breaker; a memory that matches no theme
gets its own ``"topic:<word>"`` theme named after its most frequent content word.

Status machine (:func:`transition`, all times from the caller's clock)::

    active      -- no founding M0 alive ----------------------------> shaking (since now)
    shaking     -- a founding M0 alive again (restore wins) --------> active  (since now)
    shaking     -- now - since >= collapse_after (7 days) ----------> collapsed (since now)
    collapsed   -- a founding M0 alive (restored, or a new same-theme
                   M0 joined via found_or_join) --------------------> rebuilding (since now)
    rebuilding  -- a founding M0 alive and now - since >= 1 day ----> active  (since now)
    rebuilding  -- no founding M0 alive ----------------------------> shaking (since now)

"Enough memories have gathered" (seed 000: rebuilding -> active) is made precise as: the
island has had a living founder for at least ``rebuild_after`` (one day) since it began
rebuilding. Founding ids are never removed (a restored memory must find its island again).

Everything here is a pure function over records: no storage, no clock of its own. The theme
lexicon lives in :mod:`soulmem.self.themes` (re-exported here).
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Final

from soulmem.errors import InvalidInput
from soulmem.model import Island, IslandStatus, Memory, Tier
from soulmem.recall.tokenize import detect_language
from soulmem.self.themes import THEMES, Theme

__all__ = [
    "LANGUAGES",
    "THEMES",
    "Theme",
    "found_or_join",
    "island_strength",
    "memory_language",
    "owner_name",
    "theme_emoji",
    "theme_label",
    "theme_of",
    "theme_short_en",
    "transition",
    "warnings_for",
]

#: Languages with their own words; anything else is rendered in English.
LANGUAGES: Final = ("en", "ko", "ja")

_BY_KEY: Final[dict[str, Theme]] = {theme.key: theme for theme in THEMES}

#: Fallback theme labels: ``topic:<word>`` islands and memories without any content word.
_TOPIC_EMOJI: Final = "🏝️"
_NO_WORD: Final[dict[str, str]] = {"en": "a core memory", "ko": "핵심 기억", "ja": "コアメモリー"}
_OWNER_DEFAULT: Final[dict[str, str]] = {"en": "my owner", "ko": "주인", "ja": "ご主人"}

# ---------------------------------------------------------------------------------------
# Language, owner and wording helpers


def memory_language(memory: Memory) -> str:
    """``"en"``, ``"ko"`` or ``"ja"``: the memory's own language, else detected, else en."""
    if memory.language in LANGUAGES:
        return memory.language
    detected = detect_language(memory.content)
    return detected if detected in LANGUAGES else "en"


def _has_batchim(word: str) -> bool:
    last = word[-1:] if word else ""
    return "가" <= last <= "힣" and (ord(last) - 0xAC00) % 28 != 0


def _wordset(text: str) -> frozenset[str]:
    return frozenset(text.split())


_LABEL: Final = re.compile(
    r"^\s*(?:[\[(【][^\]\)】\n]{0,40}[\])】]\s*)?"  # optional date prefix
    r"([A-Z][\w'.\-]{0,20}|[가-힣ぁ-んァ-ヶー一-龯]{1,12})\s*[:：]"
)
_GENERIC_LABELS: Final = _wordset(
    "user human me assistant ai bot system 나 유저 사용자 어시스턴트 캐릭터 ユーザー 私 "
    "アシスタント"
)


def owner_name(memories: Sequence[Memory]) -> str | None:
    """The owner's name from a leading speaker label (``"Mina: ..."``), if any memory has one.

    Generic labels (``user``, ``assistant``, ``유저`` ...) do not count; the first name found
    (in the given order) wins.
    """
    for memory in memories:
        match = _LABEL.match(memory.content)
        if match and match.group(1).casefold() not in _GENERIC_LABELS:
            return match.group(1)
    return None


def theme_label(key: str, language: str, owner: str | None = None) -> str:
    """The readable theme for ``key`` in ``language`` (``topic:<word>`` gives the word)."""
    lang = language if language in LANGUAGES else "en"
    theme = _BY_KEY.get(key)
    if theme is None:
        word = key.partition(":")[2]
        return word or _NO_WORD[lang]
    who = owner or _OWNER_DEFAULT[lang]
    wa = "과의" if _has_batchim(who) else "와의"
    return theme.labels[lang].format(owner=who, wa=wa)


def theme_emoji(key: str) -> str:
    """The emoji of a theme key (lexicon themes have their own; topics get an island)."""
    theme = _BY_KEY.get(key)
    return theme.emoji if theme is not None else _TOPIC_EMOJI


def theme_short_en(key: str) -> str | None:
    """A short English name of a lexicon theme (the seed's ``(Bond with Owner)``), else None."""
    theme = _BY_KEY.get(key)
    return theme.short_en if theme is not None else None


# ---------------------------------------------------------------------------------------
# Theme detection


def _normalise(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


_EN_STOP: Final = _wordset(
    """a about after again all also always am an and any are as at be because been before
    but by came can come could day did do does done even ever every feel felt first for from
    gave get gets give go going got had has have he her him his how i if in into is it its
    just know knew last let like lot made make many me mine more most much my never new not
    of on one only or our out over really said say says she should so some still than that
    the their them then there they thing things think this thought time to today told too
    up us very want wanted was we went were what when where which while who why will with
    would yesterday you your good great best nice wonderful amazing love loved happy"""
)
_KO_PARTICLES: Final = (
    "에서는",
    "에게서",
    "으로는",
    "와의",
    "과의",
    "에서",
    "에게",
    "한테",
    "으로",
    "이랑",
    "하고",
    "까지",
    "부터",
    "처럼",
    "보다",
    "은",
    "는",
    "이",
    "가",
    "을",
    "를",
    "에",
    "의",
    "도",
    "와",
    "과",
    "로",
    "랑",
)
_KO_STOP: Final = _wordset(
    "나 너 우리 저 제 내 오늘 어제 내일 정말 진짜 그리고 그냥 너무 처음 다시 매우 지금 그때 "
    "이제 항상 모두 것 수 때 말"
)
_JA_STOP: Final = _wordset("今日 昨日 明日 私 僕 俺 自分 本当 時間 今回 最初")
_WORDS: Final = re.compile(r"[a-z][a-z'\-]*[a-z]|[가-힣]+|[ァ-ヶー]{2,}|[一-龯々]{2,}")


def _content_words(text: str, language: str) -> list[str]:
    """Candidate content words in text order (labels removed, stopwords dropped)."""
    body = _LABEL.sub("", text, count=1)
    out: list[str] = []
    for match in _WORDS.finditer(_normalise(body)):
        word = match.group()
        if "가" <= word[0] <= "힣":
            for particle in _KO_PARTICLES:
                if word.endswith(particle) and len(word) > len(particle) + 1:
                    word = word[: -len(particle)]
                    break
            if len(word) < 2 or word in _KO_STOP:
                continue
        elif word[0].isascii():
            if len(word) < 3 or word in _EN_STOP or (language != "en" and len(word) < 4):
                continue
        elif word in _JA_STOP:
            continue
        out.append(word)
    return out


def _scores(memory: Memory) -> dict[str, float]:
    text = _normalise(memory.content)
    scores: dict[str, float] = {}
    for theme in THEMES:
        hits = sum(1 for pattern in theme.patterns if pattern.search(text))
        if hits:
            bonus = sum(
                0.5 * min(1.0, max(0.0, memory.emotions.get(e, 0.0))) for e in theme.emotions
            )
            scores[theme.key] = hits + bonus
    return scores


def theme_of(memory: Memory, *, owner: str | None = None) -> tuple[str, str]:
    """``(theme_key, readable theme in the memory's language)`` by rules.

    The lexicon theme with the most distinct keyword hits wins; the memory's emotions add
    up to 0.5 per matching emotion, but only to themes that already have a keyword hit (an
    emotion alone does not make a theme); ties go to the earlier theme of :data:`THEMES`.
    The bond theme names the owner: ``owner``, else a leading speaker label of the memory
    (``"Mina: ..."``), else "my owner" / "주인" / "ご主人". Without any keyword the theme is
    ``("topic:<word>", word)`` for the most frequent content word (first seen wins a tie);
    a memory with no content word at all gets ``("topic", "a core memory")``.
    """
    language = memory_language(memory)
    scores = _scores(memory)
    if scores:
        order = {theme.key: index for index, theme in enumerate(THEMES)}
        key = min(scores, key=lambda k: (-scores[k], order[k]))
        who = owner if owner is not None else owner_name([memory])
        return key, theme_label(key, language, who)
    words = _content_words(memory.content, language)
    if not words:
        return "topic", _NO_WORD[language]
    counts = Counter(words)
    best = max(counts.values())
    word = next(w for w in words if counts[w] == best)
    return f"topic:{word}", word


# ---------------------------------------------------------------------------------------
# Founding, strength and the status machine


def island_strength(living_founders: int, references: int) -> float:
    """Strength 0..1 from the living founding memories and their total reference count.

    ``1 - 0.5**living * exp(-references / 10)``, rounded to 3 places: one fresh founder is
    0.5, a founder referenced 10 times ~0.82, 20 times ~0.93; two fresh founders 0.75.
    No living founder is 0.0.
    """
    if living_founders <= 0:
        return 0.0
    refs = max(0, references)
    return round(1.0 - 0.5**living_founders * math.exp(-refs / 10.0), 3)


_STATUS_PREFERENCE: Final = {
    IslandStatus.ACTIVE: 0,
    IslandStatus.REBUILDING: 1,
    IslandStatus.SHAKING: 2,
    IslandStatus.COLLAPSED: 3,
}


def _same_theme(island: Island, key: str, label: str) -> bool:
    if island.theme_key:
        return island.theme_key == key
    return _normalise(island.theme) == _normalise(label)  # legacy rows without a key


def found_or_join(
    islands: Sequence[Island],
    m0: Memory,
    now: datetime,
    new_id: Callable[[], str],
    *,
    owner: str | None = None,
) -> tuple[Island, bool]:
    """The island this core memory belongs to, and whether it is a new one.

    An island of the same scope and theme key is joined: the memory is added to its founding
    ids (once); a shaking or collapsed island becomes ``rebuilding`` (``status_since=now``);
    an active or rebuilding one keeps its status. With several islands of the theme, the
    active one is preferred, then rebuilding, shaking, collapsed. Otherwise a new active
    island is founded with strength :func:`island_strength` (1, references of the memory).
    Raises :class:`~soulmem.errors.InvalidInput` when ``m0`` is not a core (M0) memory.
    """
    if m0.tier != Tier.M0:
        raise InvalidInput(f"only core (M0) memories found islands, got {m0.tier.value}")
    key, label = theme_of(m0, owner=owner)
    candidates = [
        island for island in islands if island.scope == m0.scope and _same_theme(island, key, label)
    ]
    if candidates:
        island = min(candidates, key=lambda i: _STATUS_PREFERENCE[i.status])
        founders = island.founding_memory_ids
        if m0.id not in founders:
            founders = (*founders, m0.id)
        status, since = island.status, island.status_since
        if status in (IslandStatus.SHAKING, IslandStatus.COLLAPSED):
            status, since = IslandStatus.REBUILDING, now
        joined = replace(
            island,
            founding_memory_ids=founders,
            status=status,
            status_since=since,
            theme_key=island.theme_key or key,
        )
        return joined, False
    island = Island(
        id=new_id(),
        scope=m0.scope,
        theme=label,
        status=IslandStatus.ACTIVE,
        strength=island_strength(1, m0.reference_count),
        founding_memory_ids=(m0.id,),
        created_at=now,
        status_since=now,
        theme_key=key,
    )
    return island, True


def transition(
    island: Island,
    alive_m0_ids: set[str],
    now: datetime,
    *,
    collapse_after: timedelta = timedelta(days=7),
    rebuild_after: timedelta = timedelta(days=1),
    references: Mapping[str, int] | None = None,
) -> Island:
    """The island after one step of the status machine (see the module docstring) at ``now``.

    ``alive_m0_ids`` are the ids of the scope's living core memories (any superset is fine;
    only the island's founders are looked at). A change of status sets ``status_since=now``.
    Strength: with ``references`` (memory id -> reference count; missing ids count 0) it
    is recomputed as :func:`island_strength` over the living founders, so an island without
    living founders has 0.0; without ``references`` it is kept, except that a collapsed
    island always has 0.0. Calling it again with the same arguments changes nothing more.
    """
    living = [mid for mid in island.founding_memory_ids if mid in alive_m0_ids]
    status, since = island.status, island.status_since
    if status == IslandStatus.ACTIVE:
        if not living:
            status, since = IslandStatus.SHAKING, now
    elif status == IslandStatus.SHAKING:
        if living:  # a restore wins over a late collapse
            status, since = IslandStatus.ACTIVE, now
        elif now - since >= collapse_after:
            status, since = IslandStatus.COLLAPSED, now
    elif status == IslandStatus.COLLAPSED:
        if living:
            status, since = IslandStatus.REBUILDING, now
    elif status == IslandStatus.REBUILDING:
        if not living:
            status, since = IslandStatus.SHAKING, now
        elif now - since >= rebuild_after:
            status, since = IslandStatus.ACTIVE, now
    strength = island.strength
    if references is not None:
        strength = island_strength(len(living), sum(references.get(mid, 0) for mid in living))
    if status == IslandStatus.COLLAPSED:
        strength = 0.0
    if (status, since, strength) == (island.status, island.status_since, island.strength):
        return island
    return replace(island, status=status, status_since=since, strength=strength)


# ---------------------------------------------------------------------------------------
# Warnings

_WARN_LAST: Final[dict[str, str]] = {
    "en": "⚠️ The '{theme}' island stands on this core memory: deleting or editing it will "
    "make the island shake, and it collapses after {days} days without a restore.",
    "ko": "⚠️ '{theme}' 섬이 이 핵심 기억 위에 서 있어요. 지우거나 고치면 섬이 흔들리고, "
    "{days}일 안에 복원하지 않으면 무너져요.",
    "ja": "⚠️ 「{theme}」の島はこのコアメモリーの上に立っています。削除や編集をすると島が揺らぎ、"
    "{days}日以内に復元しないと崩壊します。",
}
_WARN_SHARED: Final[dict[str, str]] = {
    "en": "⚠️ The '{theme}' island is partly founded on this core memory: deleting or editing "
    "it weakens the island.",
    "ko": "⚠️ '{theme}' 섬의 토대 중 하나가 이 핵심 기억이에요. 지우거나 고치면 섬이 약해져요.",
    "ja": "⚠️ 「{theme}」の島はこのコアメモリーにも支えられています。"
    "削除や編集をすると島が弱まります。",
}


def warnings_for(
    memory_id: str,
    islands: Sequence[Island],
    *,
    alive_m0_ids: set[str] | None = None,
    collapse_after: timedelta = timedelta(days=7),
) -> list[str]:
    """One warning per island that ``memory_id`` holds up, in the island's language.

    Collapsed islands are skipped (nothing left to shake); islands keep the given order.
    The warning says the island will shake when this memory is its last living founder:
    when ``alive_m0_ids`` is ``None`` every founder counts as alive, so an island with other
    founders gets the milder "partly founded" warning.
    """
    days = max(1, round(collapse_after / timedelta(days=1)))
    out: list[str] = []
    for island in islands:
        if memory_id not in island.founding_memory_ids:
            continue
        if island.status == IslandStatus.COLLAPSED:
            continue
        others = [
            mid
            for mid in island.founding_memory_ids
            if mid != memory_id and (alive_m0_ids is None or mid in alive_m0_ids)
        ]
        detected = detect_language(island.theme)
        language = detected if detected in LANGUAGES else "en"
        template = (_WARN_SHARED if others else _WARN_LAST)[language]
        out.append(template.format(theme=island.theme, days=days))
    return out
