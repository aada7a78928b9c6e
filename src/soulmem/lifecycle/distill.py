"""Rule-based consolidation helpers: cluster similar memories, distill a group into one.

Seed 003 consolidates episodic memories whose embeddings are similar (cosine >= 0.80) into
one semantic memory; seed 000 promotes repeated M30 memories with *distillation*: several
dated episodes ("2월 15일 삐돌이가 카페에서 아메리카노 마심", ...) become one shorter memory that
keeps the recurring pattern and drops dates and one-off details. The LLM prompt of seed 000
is the optional upgrade; this module is the deterministic, offline default.

:func:`cluster` groups ids by **average-link** agglomerative clustering over cosine
similarity: two groups merge while the mean similarity of all their cross pairs is at least
``threshold``. Connected components (single link) were rejected because they chain: A~B and
B~C at 0.85 pull A and C into one semantic memory even when A and C share nothing (0.4).
Average link keeps every group's mean pairwise similarity >= ``threshold``, which is what
"a cluster with similarity >= 0.80" means, without complete link's brittleness (one weak
pair splitting an otherwise tight group).

:func:`distill` works in five steps:

1. strip the ``[8 May 2023]`` prefix, speaker labels (``Mina:``) and time expressions
   (times, day names, explicit and relative dates: "on Tuesday", "yesterday", "3월 15일",
   "先週の金曜") — habitual ones such as "every Saturday", "매주 토요일", "毎週土曜" stay
   (:mod:`soulmem.lifecycle.distill_text`);
2. tokenize every cleaned text with :func:`~soulmem.recall.tokenize.tokenize` and keep the
   terms that most texts share (document frequency >= max(2, ceil(n / 2)));
3. pick the most representative sentence — highest summed document frequency of its shared
   terms — from the user's side (the assistant's only when the user's lines share nothing);
4. compress it: drop clauses scoring under half the best clause (and, in Korean, words
   without a shared term), repair the dangling connective of a cut clause ("갔는데" ->
   "갔어", "行って" -> "行った");
5. render it with a per-language template that states the pattern, who, and the count;
   when too long drop the weakest clauses, then the speaker, then cut with "…" — never
   longer than ``max_chars``.

Cost: :func:`cluster` is O(n^3) in numpy up to n = 2048 (fine for the seed's 50-memory
batches; about 0.2 s at n = 1000); above that it is one blocked O(n^2 d) pass to find the
components of the threshold graph, then O(k^3) per component of k rows, memory O(256 n)
(it used to build the n x n matrix: 1 GB at 10k, 74 GiB at 100k); :func:`distill` is
linear in the input text.

Everything here is pure and deterministic: no storage, no network, no randomness.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from soulmem.lifecycle.distill_text import (
    ASSISTANT_LABELS,
    DATE_PREFIX,
    USER_LABELS,
    pick_user,
    split_turns,
)
from soulmem.recall.tokenize import detect_language, tokenize

__all__ = ["TEMPLATES", "cluster", "distill", "essence_language"]

# Float32 embeddings of two vectors built at exactly the threshold land a hair below it.
_SIM_EPSILON: Final = 1e-6

# ---------------------------------------------------------------------------------------
# Clustering


#: Up to this many rows :func:`cluster` works on the whole similarity matrix at once (the
#: seed's algorithm, byte for byte); above it the rows are first split into the connected
#: components of the ``similarity >= threshold`` graph, found block by block.
DIRECT_MAX: Final = 2048
#: Rows of the similarity matrix computed per block while looking for components.
_BLOCK_ROWS: Final = 256
#: A component larger than this is clustered in windows of this many members (input
#: order): average link is O(k^3) time and O(k^2) memory in a component of k rows.
WINDOW_MAX: Final = 2048
#: Component edges are found in float32 with this much slack, so a component is never
#: smaller than the exact float64 one (a larger one changes nothing, see ``cluster``).
_EDGE_SLACK: Final = 1e-4


def cluster(
    ids: Sequence[str],
    vectors: npt.NDArray[np.float32],
    threshold: float = 0.80,
    min_size: int = 2,
) -> list[list[str]]:
    """Group ``ids`` whose vectors are similar; largest group first.

    Average-link agglomerative clustering over cosine similarity (rows are normalised here,
    so unit vectors are not required): the most similar pair of groups merges while the
    mean cosine over all their cross pairs is ``>= threshold``. Zero vectors never join a
    group. Only groups with at least ``min_size`` members are returned. Members keep the
    input order; groups are sorted by size (descending), then by their first member's input
    position, so the result is deterministic.

    Memory stays bounded for any n: above :data:`DIRECT_MAX` rows the input is cut into
    the connected components of the ``cosine >= threshold`` graph (computed in blocks of
    rows, never as an n x n matrix) and each component is clustered on its own. That gives
    the same groups: a merge needs a mean cross similarity ``>= threshold``, so at least
    one cross pair at or above it, so no group ever spans two components, and merges in
    one component never change similarities in another. A component above
    :data:`WINDOW_MAX` members (near-duplicates by the thousand) is clustered in windows
    of that size in input order — the one place where the result is an approximation.

    Raises :class:`ValueError` when ``vectors`` is not a 2-D array with one row per id, ids
    repeat, ``threshold`` is not finite or ``min_size < 1``.
    """
    matrix = np.asarray(vectors, dtype=np.float64)
    if matrix.ndim != 2 or matrix.shape[0] != len(ids):
        raise ValueError(
            f"vectors must be a 2-D array with one row per id, got shape {matrix.shape} "
            f"for {len(ids)} ids"
        )
    if len(set(ids)) != len(ids):
        raise ValueError("ids must be unique")
    if not math.isfinite(threshold):
        raise ValueError("threshold must be finite")
    if min_size < 1:
        raise ValueError("min_size must be at least 1")
    count = len(ids)
    if count == 0:
        return []
    norms = np.linalg.norm(matrix, axis=1)
    usable = np.isfinite(norms) & (norms > 0.0)
    unit = np.zeros_like(matrix)
    unit[usable] = matrix[usable] / norms[usable, None]
    cut = threshold - _SIM_EPSILON
    if count <= DIRECT_MAX:
        groups = _average_link(unit, usable, cut)
    else:
        groups = []
        covered = np.zeros(count, dtype=bool)
        for part in _parts(unit, usable, cut):
            covered[part] = True
            groups.extend(part[g] for g in _average_link(unit[part], usable[part], cut))
        if min_size <= 1:  # rows with no edge at all are groups of one
            groups.extend(np.flatnonzero(~covered)[:, None])
    kept = [sorted(int(i) for i in group) for group in groups if len(group) >= min_size]
    kept.sort(key=lambda group: (-len(group), group[0]))
    return [[ids[index] for index in group] for group in kept]


def _average_link(
    unit: npt.NDArray[np.float64], usable: npt.NDArray[np.bool_], cut: float
) -> list[npt.NDArray[np.intp]]:
    """Average-link groups (row indices, ascending) of all rows, singletons included."""
    count = unit.shape[0]
    sims = unit @ unit.T
    sims[~usable, :] = -np.inf
    sims[:, ~usable] = -np.inf
    np.fill_diagonal(sims, -np.inf)
    members: list[list[int]] = [[index] for index in range(count)]
    alive = [True] * count
    for _ in range(count - 1):
        flat = int(np.argmax(sims))  # first maximum in row-major order: (i, j) with i < j
        first, second = divmod(flat, count)
        if not sims[first, second] >= cut:
            break
        size_a, size_b = len(members[first]), len(members[second])
        merged = (size_a * sims[first] + size_b * sims[second]) / (size_a + size_b)
        sims[first, :] = merged
        sims[:, first] = merged
        sims[first, first] = -np.inf
        sims[second, :] = -np.inf
        sims[:, second] = -np.inf
        members[first] = sorted(members[first] + members[second])
        members[second] = []
        alive[second] = False
    return [np.asarray(group, dtype=np.intp) for index, group in enumerate(members) if alive[index]]


def _parts(
    unit: npt.NDArray[np.float64], usable: npt.NDArray[np.bool_], cut: float
) -> list[npt.NDArray[np.intp]]:
    """Row indices (ascending) of each connected component of the ``sim >= cut`` graph over
    the usable rows, components above :data:`WINDOW_MAX` cut into windows; rows without an
    edge (and unusable rows) are left out — they can only be singletons."""
    count = unit.shape[0]
    # union-find on arrays: a root is the smallest row of its component, and every row's
    # parent is smaller than it (near-duplicates make millions of edges: one at a time in
    # Python they took seconds)
    parent = np.arange(count)
    rows = np.flatnonzero(usable)
    single = unit[rows].astype(np.float32)
    edge = np.float32(cut - _EDGE_SLACK)
    linked = np.zeros(count, dtype=bool)
    for start in range(0, len(rows), _BLOCK_ROWS):
        block = single[start : start + _BLOCK_ROWS] @ single.T
        left, right = np.nonzero(block >= edge)
        left += start
        keep = right > left
        a, b = rows[left[keep]], rows[right[keep]]
        linked[a] = linked[b] = True
        while len(a):
            root_a, root_b = _roots(parent, a), _roots(parent, b)
            parent[a], parent[b] = root_a, root_b  # shorter paths next time
            apart = root_a != root_b
            a, b, root_a, root_b = a[apart], b[apart], root_a[apart], root_b[apart]
            # each larger root joins a smaller one (of several, the smallest); the pairs
            # still apart go round again
            np.minimum.at(parent, np.maximum(root_a, root_b), np.minimum(root_a, root_b))
    groups: dict[int, list[int]] = {}
    nodes = np.flatnonzero(linked)
    for node, root in zip(nodes.tolist(), _roots(parent, nodes).tolist(), strict=True):
        groups.setdefault(root, []).append(node)
    parts: list[npt.NDArray[np.intp]] = []
    for members in groups.values():
        for at in range(0, len(members), WINDOW_MAX):
            parts.append(np.asarray(members[at : at + WINDOW_MAX], dtype=np.intp))
    return parts


def _roots(parent: npt.NDArray[np.intp], nodes: npt.NDArray[np.intp]) -> npt.NDArray[np.intp]:
    """The root of each node (``parent`` points from a row to a smaller one, a root to
    itself)."""
    found = parent[nodes]
    while True:
        up = parent[found]
        if np.array_equal(up, found):
            return found
        found = up


# ---------------------------------------------------------------------------------------
# Templates

#: ``(template for N >= 2 without a speaker, with a speaker)``; ``{essence}``, ``{n}`` and
#: ``{who}`` are filled in. Each names the pattern ("often") and how many memories back it,
#: so a reader (human or LLM) can tell a distilled habit from a single episode.
TEMPLATES: Final[dict[str, tuple[str, str]]] = {
    "en": ("Often: {essence} (seen {n} times)", "Often ({who}): {essence} (seen {n} times)"),
    "ko": ("자주 있는 일: {essence} ({n}번)", "자주 있는 일({who}): {essence} ({n}번)"),
    "ja": ("よくあること：{essence}（{n}回）", "よくあること（{who}）：{essence}（{n}回）"),
    # Other languages: no words, only the count.
    "": ("{essence} (×{n})", "{who}: {essence} (×{n})"),
}

# ---------------------------------------------------------------------------------------
# Terms and scoring


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    if decomposed.isascii():
        return decomposed
    # Drop combining marks only next to Latin letters ("café" -> "cafe"); Hangul and kana
    # must be recomposed untouched.
    kept = "".join(
        char
        for char in decomposed
        if not (unicodedata.combining(char) and "\u0300" <= char <= "\u036f")
    )
    return unicodedata.normalize("NFC", kept)


def _terms(text: str) -> set[str]:
    """Content terms: tokenize() output without digits and one-character tokens."""
    return {token for token in tokenize(_fold(text)) if len(token) > 1 and not token.isdigit()}


# ---------------------------------------------------------------------------------------
# Sentences, clauses and compression

_SENTENCES: Final = re.compile(r"[^.!?。！？\n]+(?:[.!?。！？…]+|$)")
_CLAUSE_SPLIT: Final = {
    "en": re.compile(r"\s*[,;]\s+|\s+[-–—]\s+|\s+(?=but\s)"),
    "ko": re.compile(r"\s*[,;]\s*|(?<=는데|은데|인데|지만)\s+"),
    "ja": re.compile(r"[、，,;]\s*|(?<=けど)|(?<=けれど)"),
}
_TRAILING_PUNCT: Final = re.compile(r"[\s.!?。！？…~～,、，;:]+$")
_EN_DANGLING: Final = re.compile(r"\s+(?:and|but|so|because|or)$", re.IGNORECASE)
_KO_PAST: Final = 20  # jongseong index of ㅆ


def _close_ko(clause: str) -> str:
    for ending in ("는데", "은데", "지만"):
        if clause.endswith(ending) and len(clause) > len(ending):
            stem = clause[: -len(ending)]
            last = stem[-1]
            if "가" <= last <= "힣" and (ord(last) - 0xAC00) % 28 == _KO_PAST:
                return stem + "어"
            return clause
    if clause.endswith("인데") and len(clause) > 2:
        return clause[:-2] + "이야"
    return clause


def _close_ja(clause: str) -> str:
    for ending in ("けれど", "けど"):
        if clause.endswith(ending) and len(clause) > len(ending):
            return clause[: -len(ending)]
    if len(clause) > 1 and clause[-1] in "てで" and clause[-2] not in "はがをにのもと":
        return clause[:-1] + ("た" if clause[-1] == "て" else "だ")
    return clause


def _close(clause: str, language: str) -> str:
    clause = _TRAILING_PUNCT.sub("", clause)
    if language == "ko":
        return _close_ko(clause)
    if language == "ja":
        return _close_ja(clause)
    return _EN_DANGLING.sub("", clause)


@dataclass(frozen=True, slots=True)
class _Clause:
    start: int  # span inside the sentence, separators excluded
    end: int
    score: int
    position: int


def _clauses(sentence: str, language: str, weight: dict[str, int]) -> list[_Clause]:
    splitter = _CLAUSE_SPLIT.get(language, _CLAUSE_SPLIT["en"])
    bounds = [0]
    for match in splitter.finditer(sentence):
        bounds.extend((match.start(), match.end()))
    bounds.append(len(sentence))
    out: list[_Clause] = []
    for start, end in zip(bounds[::2], bounds[1::2], strict=True):
        part = sentence[start:end]
        if not _TRAILING_PUNCT.sub("", part).strip():
            continue
        score = sum(weight.get(term, 0) for term in _terms(part))
        out.append(_Clause(start, end, score, len(out)))
    return out


def _drop_ko_words(clause: str, weight: dict[str, int]) -> str:
    """Drop Korean words (eojeol) that share nothing; the predicate and short words stay."""
    words = clause.split()
    if len(words) < 3:
        return clause
    kept = [
        word
        for index, word in enumerate(words)
        if index == len(words) - 1
        or not (terms := _terms(word))
        or any(term in weight for term in terms)
    ]
    return " ".join(kept) if len(kept) >= 2 else clause


def _select(clauses: list[_Clause], several: bool) -> list[_Clause]:
    """Clauses worth keeping, best first: those sharing terms (with several memories: at
    least half as much as the best clause, which drops one-off details riding on
    grammatical overlap)."""
    if not clauses:
        return []
    top = max(clause.score for clause in clauses)
    floor = max(1, (top + 1) // 2) if several else 1
    kept = [clause for clause in clauses if clause.score >= floor]
    if not kept:
        kept = [min(clauses, key=lambda clause: (-clause.score, clause.position))]
    return sorted(kept, key=lambda clause: (-clause.score, clause.position))


def _render_essence(
    sentence: str, kept: list[_Clause], language: str, weight: dict[str, int], several: bool
) -> str:
    """The kept clauses in text order; neighbours keep their original separator."""
    ordered = sorted(kept, key=lambda clause: clause.position)
    separator = "、" if language == "ja" else ", "
    text = ""
    for index, clause in enumerate(ordered):
        piece = sentence[clause.start : clause.end].strip()
        if language == "ko" and several:
            piece = _drop_ko_words(piece, weight)
        if index == len(ordered) - 1:
            piece = _close(piece, language)
        if index == 0:
            text = piece
        elif clause.position == ordered[index - 1].position + 1:
            text += sentence[ordered[index - 1].end : clause.start] + piece
        else:
            text = text.rstrip(",、， ") + separator + piece
    text = text.strip()
    return _capitalize(text) if language == "en" else text


def _capitalize(text: str) -> str:
    return text[:1].upper() + text[1:] if text[:1].islower() else text


_EN_FIRST_PERSON: Final = re.compile(r"^I (?=[a-z])")


def _third_person(essence: str, speaker: str) -> str | None:
    """``"I went ..."`` -> ``"Mina went ..."`` for a named English speaker, else ``None``."""
    if speaker.casefold() in USER_LABELS | ASSISTANT_LABELS:
        return None
    if not _EN_FIRST_PERSON.match(essence):
        return None
    return _EN_FIRST_PERSON.sub(f"{speaker} ", essence, count=1)


def _truncate(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    if limit <= 1:
        return text[:limit]
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    if space >= limit // 2:
        cut = cut[:space]
    return cut.rstrip(" ,、，") + "…"


# ---------------------------------------------------------------------------------------
# Public API


def essence_language(texts: Sequence[str]) -> str:
    """The language the memories are written in: ``"ko"``, ``"ja"``, ``"en"`` or ``"other"``.

    Majority vote of :func:`~soulmem.recall.tokenize.detect_language` over the texts (date
    prefixes and speaker labels removed); ties go to the language of all texts together.
    Returns ``""`` when every text is blank.
    """
    votes: Counter[str] = Counter()
    bodies: list[str] = []
    for text in texts:
        body = " ".join(turn.text for turn in split_turns(text)) or text
        language = detect_language(body)
        if language:
            votes[language] += 1
            bodies.append(body)
    if not votes:
        return ""
    best = max(votes.values())
    leaders = {language for language, count in votes.items() if count == best}
    if len(leaders) == 1:
        return next(iter(leaders))
    overall = detect_language(" ".join(bodies))
    return overall if overall in leaders else sorted(leaders)[0]


def distill(
    texts: Sequence[str],
    language: str | None = None,
    *,
    max_chars: int = 160,
    user: str | None = None,
) -> str:
    """Distill several related memory texts into ONE shorter text that keeps the pattern.

    ``texts`` may start with a date prefix (``"[8 May 2023] "``) and contain speaker labels
    (``"Mina: ... Luna: ..."``). Dates, times, day names and one-off details are dropped;
    the most representative sentence (the one sharing most terms with the other texts) is
    compressed to its shared clauses and rendered with :data:`TEMPLATES` in ``language``
    (detected with :func:`essence_language` when ``None``; unknown languages get a neutral
    ``"<essence> (×N)"``), e.g. ``"Often: Mina went to the café on the corner (seen 4
    times)"`` or ``"자주 있는 일(민아): 모퉁이 카페에 갔어 (4번)"``: the speaker of the chosen
    line is named (English ``"I went"`` becomes ``"Mina went"``). A single text is only
    cleaned (no pattern template, since one episode is no pattern). The
    user's lines are preferred over the assistant's: ``user`` names the user's speaker label;
    otherwise a generic label ("user", "유저", "ユーザー") or the speaker who opens most
    memories is taken as the user.

    The result is never empty and never longer than ``max_chars``. Raises
    :class:`ValueError` when ``texts`` holds no non-blank text or ``max_chars < 1``.
    """
    if max_chars < 1:
        raise ValueError("max_chars must be at least 1")
    originals = [text for text in texts if text and not text.isspace()]
    if not originals:
        raise ValueError("distill() needs at least one non-blank text")
    lang = language if language is not None else essence_language(originals)
    memories = [split_turns(text) for text in originals]
    count = len(originals)

    # Terms shared by most memories, weighted by how many memories hold them.
    frequency: Counter[str] = Counter()
    for turns in memories:
        frequency.update(set().union(*(_terms(turn.text) for turn in turns)) if turns else set())
    min_df = 1 if count == 1 else max(2, math.ceil(count / 2))
    weight = {term: df for term, df in frequency.items() if df >= min_df}

    # Candidate sentences: (user side?, score, -length, -memory, -turn, -sentence, ...).
    user_label = pick_user(memories, user)
    best: tuple[bool, int, int, int, int, int] | None = None
    chosen: tuple[str | None, str] | None = None
    for mem_index, turns in enumerate(memories):
        for turn in turns:
            is_user = turn.speaker is None or turn.speaker == user_label
            for sent_index, match in enumerate(_SENTENCES.finditer(turn.text)):
                sentence = match.group().strip()
                if not _TRAILING_PUNCT.sub("", sentence):
                    continue
                score = sum(weight.get(term, 0) for term in _terms(sentence))
                key = (
                    is_user and score > 0,
                    score,
                    -len(sentence),
                    -mem_index,
                    -turn.order,
                    -sent_index,
                )
                if best is None or key > best:
                    best, chosen = key, (turn.speaker, sentence)
    if chosen is None:  # everything was a date or punctuation: fall back to the raw text
        speaker, sentence = None, DATE_PREFIX.sub("", originals[0], count=1).strip()
        sentence = sentence or originals[0].strip()
    else:
        speaker, sentence = chosen

    several = count > 1
    clauses = _clauses(sentence, lang, weight)
    kept = _select(clauses, several)
    template_lang = lang if lang in TEMPLATES else ""
    single = ("{essence}", "{who}：{essence}" if lang == "ja" else "{who}: {essence}")
    plain, labelled = TEMPLATES[template_lang] if several else single
    who = speaker or ""

    def render(parts: list[_Clause], *, use_label: bool) -> tuple[str, str]:
        """(template, essence) for these clauses."""
        essence = (
            _render_essence(sentence, parts, lang, weight, several)
            if parts
            else _close(sentence, lang)
        ) or sentence
        if speaker and use_label:
            if lang == "en" and (named := _third_person(essence, speaker)) is not None:
                return plain, named
            return labelled, essence
        return plain, essence

    # Drop the weakest clauses while too long; then lose the speaker; then cut the text.
    parts = kept
    while True:
        template, essence = render(parts, use_label=True)
        rendered = template.format(essence=essence, n=count, who=who)
        if len(rendered) <= max_chars or len(parts) <= 1:
            break
        parts = parts[:-1]
    if len(rendered) <= max_chars:
        return rendered
    template, essence = render(parts, use_label=False)
    rendered = template.format(essence=essence, n=count, who=who)
    if len(rendered) <= max_chars:
        return rendered
    budget = max_chars - len(template.format(essence="", n=count, who=who))
    if budget >= 8:
        return template.format(essence=_truncate(essence, budget), n=count, who=who)
    return _truncate(essence, max_chars)
