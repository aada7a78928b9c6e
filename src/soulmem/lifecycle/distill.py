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
   "先週の金曜") — habitual ones such as "every Saturday", "매주 토요일", "毎週土曜" stay;
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

Cost: :func:`cluster` is O(n^3) in numpy (fine for the seed's 50-memory batches; about
0.2 s at n = 1000); :func:`distill` is linear in the input text.

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

from soulmem.recall.tokenize import detect_language, tokenize

__all__ = ["TEMPLATES", "cluster", "distill", "essence_language"]

# Float32 embeddings of two vectors built at exactly the threshold land a hair below it.
_SIM_EPSILON: Final = 1e-6

# ---------------------------------------------------------------------------------------
# Clustering


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
    sims = unit @ unit.T
    sims[~usable, :] = -np.inf
    sims[:, ~usable] = -np.inf
    np.fill_diagonal(sims, -np.inf)
    members: list[list[int]] = [[index] for index in range(count)]
    alive = [True] * count
    cut = threshold - _SIM_EPSILON
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
    groups = [
        group for index, group in enumerate(members) if alive[index] and len(group) >= min_size
    ]
    groups.sort(key=lambda group: (-len(group), group[0]))
    return [[ids[index] for index in group] for group in groups]


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
# Cleaning: date prefixes and time expressions

_DATE_PREFIX: Final = re.compile(r"^\s*[\[(【][^\]\)】\n]{0,40}\d[^\]\)】\n]{0,40}[\])】]\s*")

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


def _strip_times(text: str) -> str:
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

_USER_LABELS: Final = frozenset(
    ["user", "human", "me", "나", "유저", "사용자", "ユーザー", "ユーザ", "私", "自分"]
)
_ASSISTANT_LABELS: Final = frozenset(
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
class _Turn:
    speaker: str | None
    text: str  # cleaned: no date prefix, label or time expressions
    order: int  # position of the turn inside its memory


def _split_turns(text: str) -> list[_Turn]:
    body = _DATE_PREFIX.sub("", text, count=1)
    speaker: str | None = None
    match = _LABEL_START.match(body)
    if match:
        speaker = match.group(1).strip()
        body = body[match.end() :]
    turns: list[_Turn] = []
    start = 0
    for inner in _LABEL_INNER.finditer(body):
        turns.append(_Turn(speaker, body[start : inner.start()], len(turns)))
        speaker = (inner.group(1) or inner.group(2)).strip()
        start = inner.end()
    turns.append(_Turn(speaker, body[start:], len(turns)))
    out: list[_Turn] = []
    for turn in turns:
        cleaned = _strip_times(turn.text)
        if cleaned:
            out.append(_Turn(turn.speaker, cleaned, len(out)))
    return out


def _pick_user(memories: list[list[_Turn]], preferred: str | None) -> str | None:
    """The user's speaker label: ``preferred``, a generic user label, else who opens most."""
    speakers = [turn.speaker for turns in memories for turn in turns if turn.speaker]
    if not speakers:
        return None
    if preferred is not None:
        for speaker in speakers:
            if speaker.casefold() == preferred.casefold():
                return speaker
    for speaker in speakers:
        if speaker.casefold() in _USER_LABELS:
            return speaker
    openers = Counter(
        turns[0].speaker
        for turns in memories
        if turns and turns[0].speaker and turns[0].speaker.casefold() not in _ASSISTANT_LABELS
    )
    if openers:
        best = max(openers.values())
        for speaker in speakers:  # earliest of the most frequent openers
            if openers.get(speaker) == best:
                return speaker
    for speaker in speakers:
        if speaker.casefold() not in _ASSISTANT_LABELS:
            return speaker
    return None


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
    if speaker.casefold() in _USER_LABELS | _ASSISTANT_LABELS:
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
        body = " ".join(turn.text for turn in _split_turns(text)) or text
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
    memories = [_split_turns(text) for text in originals]
    count = len(originals)

    # Terms shared by most memories, weighted by how many memories hold them.
    frequency: Counter[str] = Counter()
    for turns in memories:
        frequency.update(set().union(*(_terms(turn.text) for turn in turns)) if turns else set())
    min_df = 1 if count == 1 else max(2, math.ceil(count / 2))
    weight = {term: df for term, df in frequency.items() if df >= min_df}

    # Candidate sentences: (user side?, score, -length, -memory, -turn, -sentence, ...).
    user_label = _pick_user(memories, user)
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
        speaker, sentence = None, _DATE_PREFIX.sub("", originals[0], count=1).strip()
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
