"""Multilingual tokenizer for lexical search, language detection and LLM token estimates.

One function, :func:`tokenize`, produces the terms for BOTH sides of lexical search: the
text stored in the FTS5 index (``" ".join(tokenize(text))``) and the query terms. Korean,
Japanese and English are first-class; the choices below were made by measurement
(see ``docs/tokenizer.md``):

* Text is NFKC-normalised and lowercased. Every character that is not a letter or a digit
  (Unicode categories L* and N*) is a separator, so each token survives SQLite FTS5's
  ``unicode61`` tokenizer unchanged (``remove_diacritics 0 tokenchars '_'``).
* Latin and other space-delimited scripts: one token per word (letters and digits stay
  together: ``"mp3"``, ``"3pm"``). A small English stopword list is dropped and ASCII words
  are stemmed with the Snowball English stemmer (``snowballstemmer``, pure Python).
* Hangul runs: character bigrams plus every character as a unigram.
* Han (kanji/hanzi) runs: character bigrams plus every character as a unigram.
* Kana runs: character bigrams (a one-character run becomes a unigram).
* A number directly followed by a Hangul/Kana/Han run also yields ``number + first char``
  (``"3월"``, ``"5月"``, ``"15일"``), so dates written as digits and units match.
* English month names are not stopwords and years are kept, so ``"in May 2023"`` matches
  ``"[8 May 2023] ..."``.

The module has no mutable global state apart from thread-safe caches, so all functions may
be called from any thread.
"""

from __future__ import annotations

import functools
import re
import string
import threading
import unicodedata
from typing import Final, Protocol

import snowballstemmer  # type: ignore[import-untyped,import-not-found,unused-ignore]

__all__ = [
    "TOKENIZER_VERSION",
    "clear_word_cache",
    "count_tokens",
    "detect_language",
    "tokenize",
    "tokens_at_least",
]

#: Bump whenever :func:`tokenize` output changes for some input: stored lexical indexes built
#: with another version must be rebuilt, because index and query terms must come from the
#: same tokenizer.
TOKENIZER_VERSION: Final = 1

# Longest token kept (longer words are truncated); guards the index against blobs.
_MAX_TOKEN_LEN: Final = 64

_HANGUL: Final = "\u1100-\u11ff\u3131-\u318e\ua960-\ua97f\uac00-\ud7af\ud7b0-\ud7ff"
_KANA: Final = (
    "\u3041-\u3096\u309d-\u309f\u30a1-\u30fa\u30fc-\u30ff\u31f0-\u31ff\U0001b000-\U0001b16f"
)
_HAN: Final = (
    "\u3005\u3007\u3021-\u3029\u3038-\u303b\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
    "\U00020000-\U0003ffff"
)
# Letters (per Python) that SQLite's unicode61 tokenizer treats as separators.
_FTS5_SEPARATOR_LETTERS: Final = "\u19b0-\u19c0\u19c8\u19c9\u1cf2\u1cf3"

# Everything that is not a letter/digit (or is one of the letters above) separates tokens.
_SEPARATORS: Final = re.compile(rf"[\W_{_FTS5_SEPARATOR_LETTERS}]+")
# Applied to separator-free text: one alternative per script class.
_RUNS: Final = re.compile(
    rf"([{_HANGUL}]+)|([{_KANA}]+)|([{_HAN}]+)|([^\s{_HANGUL}{_KANA}{_HAN}]+)"
)

_STOPWORDS: Final = frozenset(
    [
        "a",
        "an",
        "the",
        "and",
        "or",
        "but",
        "if",
        "of",
        "at",
        "by",
        "for",
        "with",
        "about",
        "to",
        "from",
        "in",
        "on",
        "into",
        "over",
        "under",
        "up",
        "down",
        "out",
        "off",
        "is",
        "am",
        "are",
        "was",
        "were",
        "be",
        "been",
        "being",
        "do",
        "does",
        "did",
        "doing",
        "have",
        "has",
        "had",
        "having",
        "i",
        "me",
        "my",
        "mine",
        "we",
        "us",
        "our",
        "ours",
        "you",
        "your",
        "yours",
        "he",
        "him",
        "his",
        "she",
        "her",
        "hers",
        "it",
        "its",
        "they",
        "them",
        "their",
        "theirs",
        "this",
        "that",
        "these",
        "those",
        "what",
        "which",
        "who",
        "whom",
        "when",
        "where",
        "why",
        "how",
        "s",
        "t",
        "m",
        "d",
        "ll",
        "re",
        "ve",
        "don",
        "didn",
        "doesn",
        "isn",
        "wasn",
        "aren",
        "weren",
        "won",
        "wouldn",
        "shouldn",
        "couldn",
        "can",
        "will",
        "just",
        "so",
        "than",
        "too",
        "very",
        "not",
        "no",
        "nor",
        "only",
        "own",
        "same",
        "such",
        "both",
        "each",
        "few",
        "more",
        "most",
        "other",
        "some",
        "any",
        "all",
        "there",
        "here",
        "then",
        "once",
        "again",
        "further",
    ]
)


class _Stemmer(Protocol):
    def stemWord(self, word: str) -> str: ...


_local = threading.local()


def _stemmer() -> _Stemmer:
    # Snowball stemmer objects keep per-call state, so each thread gets its own.
    stemmer: _Stemmer | None = getattr(_local, "stemmer", None)
    if stemmer is None:
        stemmer = snowballstemmer.stemmer("english")
        _local.stemmer = stemmer
    return stemmer


@functools.lru_cache(maxsize=65536)
def _stem(word: str) -> str:
    stem = _stemmer().stemWord(word)
    return stem if stem else word


def clear_word_cache() -> None:
    """Forget the words stemmed so far (called when a user is erased: no word of theirs
    stays in this process)."""
    _stem.cache_clear()


def _word_token(word: str) -> str | None:
    if word in _STOPWORDS:
        return None
    if word.isascii() and word.isalpha():
        word = _stem(word)
    return word[:_MAX_TOKEN_LEN]


def tokenize(text: str) -> list[str]:
    """Return the lexical-search terms of ``text`` (same function for documents and queries).

    Tokens are non-empty, lowercase, NFKC-normalised and consist only of letters and digits,
    so ``" ".join(tokenize(text))`` is split by FTS5 ``unicode61`` into exactly these tokens.
    Order follows the text; duplicates are kept (term frequency matters for BM25).
    """
    if not text:
        return []
    clean = _SEPARATORS.sub(" ", unicodedata.normalize("NFKC", text).lower())
    out: list[str] = []
    number = ""  # a digits-only word that ended exactly at ``number_end``
    number_end = -1
    for match in _RUNS.finditer(clean):
        hangul, kana, han, word = match.groups()
        if word is not None:
            if word.isdigit():
                out.append(word[:_MAX_TOKEN_LEN])
                number, number_end = word[:_MAX_TOKEN_LEN], match.end()
                continue
            number = ""
            token = _word_token(word)
            if token is not None:
                out.append(token)
            continue
        run: str = hangul or kana or han
        if number and number_end == match.start():
            out.append(number + run[0])  # "3월", "5月", "15일"
        number = ""
        size = len(run)
        if size == 1 or kana is None:  # unigrams: Hangul and Han always, kana only alone
            out.extend(run)
        if size > 1:
            out.extend([run[i : i + 2] for i in range(size - 1)])
    return out


_LANG_CLASSES: Final = re.compile(
    rf"([{_HANGUL}])|([{_KANA}])|([{_HAN}])|([a-z\u00c0-\u024f])|([^\W\d_])"
)


def detect_language(text: str) -> str:
    """Guess the language of ``text`` from the scripts it is written in.

    Returns ``"ko"`` (Hangul), ``"ja"`` (kana, or Han characters with kana), ``"en"`` (Latin
    letters), ``"other"`` (other letters, or no letters at all) or ``""`` (empty or blank
    text). Han characters without any kana count as ``"ja"``: Chinese is not distinguished
    from kanji-only Japanese. Each Hangul/kana/Han character weighs as much as three Latin
    letters (about one word); ties go to ko, then ja, then en.
    """
    if not text or text.isspace():
        return ""
    counts = [0, 0, 0, 0, 0]
    for match in _LANG_CLASSES.finditer(unicodedata.normalize("NFKC", text).lower()):
        counts[match.lastindex - 1 if match.lastindex else 4] += 1
    hangul, kana, han, latin, other = counts
    scores = (
        ("ko", 3 * hangul),
        ("ja", 3 * (kana + han)),
        ("en", latin),
        ("other", other),
    )
    best, score = max(scores, key=lambda item: item[1])  # max keeps the first of ties
    return best if score > 0 else "other"


# ---------------------------------------------------------------------------------------
# LLM token estimate

_COUNT_RUNS: Final = re.compile(
    rf"(\n)|([^\S\n]+)|([{_HANGUL}]+)|([{_KANA}]+)|([{_HAN}]+)|([^\W\d_]+)|([0-9]+)|(.)",
    re.DOTALL,
)

_ASCII_LETTERS: Final = re.compile(r"[A-Za-z]+")


def _char_cost(char: str) -> int:
    code = ord(char)
    if code < 0x80:
        return 1
    if code < 0x800:  # two UTF-8 bytes: accented Latin, Greek, Cyrillic, Hebrew, Arabic
        return 2
    if code < 0x10000:  # three bytes: Indic, Thai, CJK punctuation, symbols
        return 2
    return 3  # four bytes: emoji and rare ideographs


def count_tokens(text: str) -> int:
    """Conservatively estimate how many LLM tokens ``text`` costs (see :func:`_count_tokens`);
    short lines are remembered, as recall packs the same memories again and again. The cost
    of a text is the sum of its lines' plus one a line break (the runs that are counted never
    cross a line break), so a packed context costs the lines already counted for it."""
    if "\n" not in text:
        return _count_line(text)
    lines = text.split("\n")
    return len(lines) - 1 + sum(map(_count_line, lines))


def _count_line(line: str) -> int:
    return _count_short(line) if len(line) <= _CACHED_CHARS else _count_tokens(line)


_CACHED_CHARS = 2000


#: ASCII letters and digits (a quarter token each at least); other ASCII is a token a character
_ASCII_ALNUM: Final = bytes(range(48, 58)) + bytes(range(65, 91)) + bytes(range(97, 123))
#: UTF-8 lead bytes of U+A000-U+DFFF (Hangul syllables, Yi...: two tokens a character at least)
_LEADS_TWO: Final = bytes(range(0xEA, 0xEE))
#: UTF-8 lead bytes of U+4000-U+9FFF (Han, Yijing symbols: one and a half at least)
_LEADS_HAN: Final = bytes(range(0xE4, 0xEA))


def tokens_at_least(text: str) -> int:
    """A lower bound of :func:`count_tokens`, at C speed (byte counts, no regex), by what each
    character that is not whitespace costs there at least: an ASCII letter or digit a
    quarter token (a word of n letters at least n / 4, digits n / 3), any other ASCII
    character one (punctuation is a run of its own), a character from U+A000 to U+DFFF two
    (Hangul two a syllable, any other letter or symbol there two), from U+4000 to U+9FFF one
    and a half (a run of n Han costs (7n + 3) // 4, a symbol there two), any other one (kana
    (5n + 3) // 4 a run, other letters and symbols one or more)."""
    solid = "".join(text.split())
    ascii_chars = solid.encode("ascii", "ignore")
    other = len(ascii_chars.translate(None, _ASCII_ALNUM))
    bound = other + (len(ascii_chars) - other) // 4
    if len(ascii_chars) == len(solid):
        return bound
    raw = solid.encode("utf-8", "surrogatepass")
    two = len(raw) - len(raw.translate(None, _LEADS_TWO))
    han = len(raw) - len(raw.translate(None, _LEADS_HAN))
    return bound + len(solid) - len(ascii_chars) + two + han // 2


#: ASCII whitespace but the newline, as ``[^\\S\\n]`` matches it (str.isspace)
_ASCII_SPACES: Final = b" \t\r\x0b\x0c\x1c\x1d\x1e\x1f"
#: what :func:`_count_tokens` leaves of ASCII text after taking out its runs: characters of
#: one token each
_NOT_SINGLE: Final = (string.ascii_letters + string.digits + "\n").encode() + _ASCII_SPACES


def _runs_of(members: bytes) -> bytes:
    """A byte table that keeps ``members`` as letters and makes every other byte a space: a
    text translated by it splits into its runs of ``members``."""
    return bytes(ord("a") if byte in members else ord(" ") for byte in range(256))


#: (the table that leaves a kind of run, its cost by length as :func:`_count_runs` counts
#: it): words, numbers and runs of spaces (a longer run is counted there)
_ASCII_RUNS: Final = (
    (
        _runs_of(string.ascii_letters.encode()),
        tuple((n + 3) // 4 if n < 6 else (n + 2) // 3 for n in range(256)),
    ),
    (_runs_of(string.digits.encode()), tuple((n + 2) // 3 + 1 for n in range(256))),
    (_runs_of(_ASCII_SPACES), tuple((n + 2) // 4 for n in range(256))),
)


def _count_ascii(text: str) -> int:
    """:func:`_count_tokens` of ASCII text, by runs found at C speed (byte tables): the same
    count (every newline one, a word, a number or a run of spaces by its length, any other
    character one), without a Python step for every run."""
    raw = text.encode()
    total = raw.count(b"\n") + len(raw.translate(None, _NOT_SINGLE))
    for table, cost in _ASCII_RUNS:
        sizes = list(map(len, raw.translate(table).split()))
        if sizes and max(sizes) >= len(cost):
            return _count_runs(text)
        total += sum(map(cost.__getitem__, sizes))
    return total


@functools.lru_cache(maxsize=8192)
def _count_short(text: str) -> int:
    return _count_tokens(text)


def _count_tokens(text: str) -> int:
    """Conservatively estimate how many LLM tokens ``text`` costs.

    Calibrated so that it does not undercount OpenAI's ``cl100k_base`` (GPT-4) on typical
    Korean, Japanese and English chat text (see ``docs/tokenizer.md``); it overcounts newer
    vocabularies such as ``o200k_base``. Costs are summed over runs that every newline ends,
    so ``count_tokens(a + "\\n" + b) <= count_tokens(a) + count_tokens(b) + 1``.
    """
    return _count_ascii(text) if text.isascii() else _count_runs(text)


def _count_runs(text: str) -> int:
    """:func:`_count_tokens`, run by run."""
    total = 0
    for match in _COUNT_RUNS.finditer(text):
        kind = match.lastindex
        size = match.end() - match.start()
        if kind == 1:  # newline
            total += 1
        elif kind == 2:  # spaces and tabs: one space is absorbed by the next word
            total += (size + 2) // 4
        elif kind == 3:  # Hangul: 1-3 tokens a syllable in cl100k (about 1.6 on average)
            total += 2 * size
        elif kind == 4:  # kana
            total += (size * 5 + 3) // 4
        elif kind == 5:  # Han: 1-3 tokens a character
            total += (size * 7 + 3) // 4
        elif kind == 6:  # other letters: ASCII words by length, others about 1 a letter
            word = match.group()
            if word.isascii():
                total += (size + 3) // 4 if size < 6 else (size + 2) // 3
            else:
                total += sum((len(part) + 3) // 4 for part in _ASCII_LETTERS.findall(word))
                total += sum(1 if char < "\u0800" else 2 for char in word if not char.isascii())
        elif kind == 7:  # digits: groups of up to 3, and a space before them is its own token
            total += (size + 2) // 3 + 1
        else:
            total += _char_cost(match.group())
    return total
