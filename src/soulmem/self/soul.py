"""SOUL.md (seed 000 §4-5): the character's islands and sense of self, as Markdown.

:func:`render_soul` writes the seed's format with headings and labels in English, Korean
or Japanese::

    # SOUL.md

    Name: Luna

    ## Personality Islands

    ### 🏠 Bond with Mina
    - Founded by: mem_1 ("Mina gave me my name")
    - Strength: 0.90
    - Status: active

    ## Sense of Self

    - I am someone who treasures my bond with Mina. (confidence: 0.85)

The output is deterministic: islands are ordered by status (active, rebuilding, shaking),
then strength (highest first), theme and id; beliefs by confidence (highest first), key,
statement and id. Collapsed islands are not described, only listed under a short "fading"
note. Only active beliefs are shown (``status == "active"``, or ``approved`` while still
``"proposed"``). Memory content and statements are data: each is collapsed to one line
(so it cannot open a heading or a list) and memory quotes are shortened.

:func:`diff_soul` gives the unified diff between two renderings, for the inbox proposal.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from typing import Final

from soulmem.model import Belief, Island, IslandStatus, Memory
from soulmem.recall.tokenize import detect_language
from soulmem.self.islands import LANGUAGES, theme_emoji, theme_short_en

__all__ = ["diff_soul", "render_soul", "shown_beliefs"]

_TEXT: Final[dict[str, dict[str, str]]] = {
    "en": {
        "name": "Name",
        "updated": "Updated",
        "islands": "## Personality Islands",
        "self": "## Sense of Self",
        "fading": "### Fading",
        "founded": "Founded by",
        "strength": "Strength",
        "status": "Status",
        "confidence": "confidence",
        "none": "_(none yet)_",
        "since": "since {date}",
        "collapses": "collapses on {date} unless a core memory returns",
        "collapsed": "collapsed on {date}",
    },
    "ko": {
        "name": "이름",
        "updated": "갱신",
        "islands": "## 성격 섬",
        "self": "## 자아 감각",
        "fading": "### 희미해지는 섬",
        "founded": "세운 기억",
        "strength": "강도",
        "status": "상태",
        "confidence": "확신도",
        "none": "_(아직 없음)_",
        "since": "{date}부터",
        "collapses": "핵심 기억이 돌아오지 않으면 {date}에 무너짐",
        "collapsed": "{date}에 무너짐",
    },
    "ja": {
        "name": "名前",
        "updated": "更新",
        "islands": "## 性格の島",
        "self": "## 自己感覚",
        "fading": "### 薄れゆく島",
        "founded": "礎の記憶",
        "strength": "強さ",
        "status": "状態",
        "confidence": "確信度",
        "none": "_（まだない）_",
        "since": "{date}から",
        "collapses": "コアメモリーが戻らなければ{date}に崩壊",
        "collapsed": "{date}に崩壊",
    },
}
_STATUS: Final[dict[str, dict[IslandStatus, str]]] = {
    "en": {},
    "ko": {
        IslandStatus.ACTIVE: "활성",
        IslandStatus.SHAKING: "흔들림",
        IslandStatus.REBUILDING: "재건 중",
        IslandStatus.COLLAPSED: "무너짐",
    },
    "ja": {
        IslandStatus.ACTIVE: "活性",
        IslandStatus.SHAKING: "揺らぎ",
        IslandStatus.REBUILDING: "再建中",
        IslandStatus.COLLAPSED: "崩壊",
    },
}
_ORDER: Final = {IslandStatus.ACTIVE: 0, IslandStatus.REBUILDING: 1, IslandStatus.SHAKING: 2}
_SPACES: Final = re.compile(r"\s+")
_QUOTE_CHARS: Final = 60


def _one_line(text: str) -> str:
    return _SPACES.sub(" ", text).strip()


def _quote(text: str) -> str:
    line = _one_line(text).replace('"', "'")
    if len(line) > _QUOTE_CHARS:
        line = line[: _QUOTE_CHARS - 1].rstrip() + "…"
    return f'"{line}"'


def _date(value: datetime) -> str:
    return value.strftime("%Y-%m-%d")


def shown_beliefs(beliefs: Sequence[Belief]) -> list[Belief]:
    """The beliefs SOUL.md shows, in its order: active ones (or approved, still proposed)."""
    shown = [
        belief
        for belief in beliefs
        if belief.status == "active" or (belief.approved and belief.status == "proposed")
    ]
    return sorted(shown, key=lambda b: (-b.confidence, b.key, b.statement, b.id))


def _heading(island: Island) -> str:
    theme = _one_line(island.theme)
    text = f"### {theme_emoji(island.theme_key)} {theme}"
    alias = theme_short_en(island.theme_key)
    if alias and detect_language(theme) != "en" and alias.casefold() != theme.casefold():
        text += f" ({alias})"
    return text


def _status(island: Island, lang: str, collapse_after: timedelta) -> str:
    words = _TEXT[lang]
    name = _STATUS[lang].get(island.status)
    label = f"{name} ({island.status.value})" if name else island.status.value
    if island.status == IslandStatus.SHAKING:
        since = words["since"].format(date=_date(island.status_since))
        until = words["collapses"].format(date=_date(island.status_since + collapse_after))
        return f"{label}, {since}; {until}"
    if island.status == IslandStatus.REBUILDING:
        return f"{label}, {words['since'].format(date=_date(island.status_since))}"
    return label


def render_soul(
    name: str,
    islands: Sequence[Island],
    beliefs: Sequence[Belief],
    language: str = "en",
    *,
    now: datetime | None = None,
    memories: Mapping[str, Memory] | None = None,
    collapse_after: timedelta = timedelta(days=7),
) -> str:
    """SOUL.md for a character named ``name`` (see the module docstring for the format).

    ``language`` picks headings and labels (``"en"``, ``"ko"``, ``"ja"``; others: English);
    island themes and belief statements are shown as they are stored. ``now`` adds an
    "Updated" date line; ``memories`` (id -> memory) quotes each founding memory next to its
    id. A shaking island shows when it will collapse (``status_since + collapse_after``).
    The text ends with a newline.
    """
    lang = language if language in LANGUAGES else "en"
    words = _TEXT[lang]
    lines = ["# SOUL.md", "", f"{words['name']}: {_one_line(name)}"]
    if now is not None:
        lines.append(f"{words['updated']}: {_date(now)}")
    lines += ["", words["islands"], ""]

    standing = sorted(
        (island for island in islands if island.status in _ORDER),
        key=lambda i: (_ORDER[i.status], -i.strength, i.theme, i.id),
    )
    fading = sorted(
        (island for island in islands if island.status == IslandStatus.COLLAPSED),
        key=lambda i: (i.status_since, i.theme, i.id),
    )
    if not standing:
        lines += [words["none"], ""]
    for island in standing:
        founders = []
        for memory_id in island.founding_memory_ids:
            memory = memories.get(memory_id) if memories is not None else None
            founders.append(f"{memory_id} ({_quote(memory.content)})" if memory else memory_id)
        lines += [
            _heading(island),
            f"- {words['founded']}: {', '.join(founders) if founders else '-'}",
            f"- {words['strength']}: {island.strength:.2f}",
            f"- {words['status']}: {_status(island, lang, collapse_after)}",
            "",
        ]
    if fading:
        lines += [words["fading"], ""]
        for island in fading:
            when = words["collapsed"].format(date=_date(island.status_since))
            theme = _one_line(island.theme)
            lines.append(f"- {theme_emoji(island.theme_key)} {theme} — {when}")
        lines.append("")

    lines += [words["self"], ""]
    shown = shown_beliefs(beliefs)
    if not shown:
        lines.append(words["none"])
    for belief in shown:
        lines.append(
            f"- {_one_line(belief.statement)} ({words['confidence']}: {belief.confidence:.2f})"
        )
    return "\n".join(lines) + "\n"


def diff_soul(old: str, new: str) -> str:
    """A unified diff from ``old`` to ``new`` SOUL.md (``""`` when they are equal).

    File names are ``a/SOUL.md`` and ``b/SOUL.md``; a missing final newline is tolerated.
    """
    if old == new:
        return ""
    before = [line + "\n" for line in old.splitlines()]
    after = [line + "\n" for line in new.splitlines()]
    return "".join(difflib.unified_diff(before, after, fromfile="a/SOUL.md", tofile="b/SOUL.md"))
