"""Tests for soulmem.recall.tokenize (tokenizer for lexical search, language guess, token count)."""

from __future__ import annotations

import math
import re
import sqlite3
import threading
import unicodedata
from concurrent.futures import ThreadPoolExecutor

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from soulmem.recall.items import RecallItem
from soulmem.recall.pack import render_line
from soulmem.recall.tokenize import count_tokens, detect_language, tokenize, tokens_at_least

FTS5_TOKENIZE = "unicode61 remove_diacritics 0 tokenchars '_'"


def _fts5_available() -> bool:
    try:
        con = sqlite3.connect(":memory:")
        con.execute("CREATE VIRTUAL TABLE t USING fts5(x)")
        con.close()
    except sqlite3.OperationalError:
        return False
    return True


needs_fts5 = pytest.mark.skipif(not _fts5_available(), reason="sqlite3 built without FTS5")


# --- Korean -------------------------------------------------------------------------------


def test_korean_birthday_statement_and_question_share_tokens() -> None:
    statement = set(tokenize("내 생일은 3월 15일이야"))
    question = set(tokenize("내 생일이 언제지?"))
    assert "생일" in statement & question


def test_korean_numbers_keep_their_unit() -> None:
    tokens = tokenize("나 3월 15일에 태어났는데")
    assert {"3", "3월", "15", "15일"} <= set(tokens)
    assert "3월" in tokenize("3월생이야")


def test_korean_particles_do_not_hide_the_stem() -> None:
    # Agglutinated particles (고향이 / 고향은 / 고향에서) still share the stem bigram.
    forms = ["고향이", "고향은", "고향에서", "고향"]
    assert all("고향" in tokenize(form) for form in forms)


def test_korean_unigrams_are_indexed() -> None:
    assert {"키", "색"} <= set(tokenize("내 키는 178이고 좋아하는 색은 노랑"))


# --- Japanese -----------------------------------------------------------------------------


def test_japanese_han_unigrams_and_bigrams() -> None:
    born = tokenize("文化の日生まれ")
    birthday = tokenize("誕生日は")
    assert {"文化", "日", "生"} <= set(born)
    assert {"誕生", "生日", "日"} <= set(birthday)
    # Lexical overlap is only through single kanji; this is the hard case for BM25.
    assert set(born) & set(birthday) == {"日", "生"}


def test_japanese_kana_runs_are_bigrams() -> None:
    tokens = tokenize("コーヒーが好き")
    assert {"コー", "ーヒ", "ヒー", "ーが", "好", "き"} <= set(tokens)
    assert "コ" not in tokens  # kana unigrams only for one-character runs
    assert "き" in tokens  # ... such as this one


def test_japanese_dates_keep_their_unit() -> None:
    tokens = set(tokenize("2023年5月8日に"))
    assert {"2023", "2023年", "5月", "8日", "月"} <= tokens
    assert {"5月"} <= set(tokenize("５月")), "full-width digits are NFKC-normalised"


def test_halfwidth_katakana_is_normalised() -> None:
    assert tokenize("ﾃｽﾄ") == tokenize("テスト")


# --- English ------------------------------------------------------------------------------


def test_english_stemming() -> None:
    assert tokenize("dogs") == tokenize("dog") == ["dog"]
    assert tokenize("Running") == tokenize("runs") == ["run"]
    assert tokenize("camping trips") == tokenize("camp trip")


def test_english_stopwords_dropped() -> None:
    assert tokenize("What is the name of it?") == ["name"]
    assert tokenize("I'm sure they've been") == ["sure"]


def test_english_case_and_digits() -> None:
    assert tokenize("GPT4 at 3pm in 2023") == ["gpt4", "3pm", "2023"]


def test_month_and_year_survive() -> None:
    query = set(tokenize("What did she do in May 2023?"))
    doc = set(tokenize("[1:56 pm on 8 May, 2023] Caroline: I went to a support group"))
    assert {"may", "2023"} <= query & doc


# --- mixed, edge cases --------------------------------------------------------------------


def test_mixed_language_text() -> None:
    tokens = tokenize("오늘 meeting은 東京で 3pm! ok?")
    assert {"오늘", "meet", "은", "東京", "東", "京", "で", "3pm", "ok"} <= set(tokens)


def test_empty_blank_emoji_and_control_characters() -> None:
    assert tokenize("") == []
    assert tokenize("   \n\t") == []
    assert tokenize("😀🎉\x00\x07\u200b!!?") == []
    assert tokenize("cat😀dog\x00fish\u200bbird") == ["cat", "dog", "fish", "bird"]


def test_underscore_and_punctuation_separate() -> None:
    assert tokenize("snake_case-word's") == ["snake", "case", "word"]


def test_long_words_are_truncated() -> None:
    (token,) = tokenize("x" * 500)
    assert token == "x" * 64


def test_tokens_are_stable_across_threads() -> None:
    texts = [f"내 생일은 {i}월 dogs running 東京で{i}日 text {i}" for i in range(200)]
    expected = [tokenize(text) for text in texts]
    barrier = threading.Barrier(8)

    def work(offset: int) -> list[list[str]]:
        barrier.wait()
        return [tokenize(texts[(i + offset) % len(texts)]) for i in range(len(texts))]

    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(work, range(8)))
    for offset, result in enumerate(results):
        assert result == [expected[(i + offset) % len(texts)] for i in range(len(texts))]


# --- FTS5 round trip ----------------------------------------------------------------------


def _fts5_round_trip(text: str) -> None:
    tokens = tokenize(text)
    assert all(tokens), "no empty tokens"
    for token in tokens:
        assert all(unicodedata.category(char)[0] in "LN" for char in token), token
        assert token == token.lower() or not token.isascii()
    con = sqlite3.connect(":memory:")
    try:
        con.execute(f'CREATE VIRTUAL TABLE t USING fts5(x, tokenize="{FTS5_TOKENIZE}")')
        con.execute("CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance')")
        con.execute("INSERT INTO t(rowid, x) VALUES (1, ?)", (" ".join(tokens),))
        # FTS5 sees exactly as many tokens as we produced: nothing split, nothing dropped.
        (instances,) = con.execute("SELECT count(*) FROM v").fetchone()
        assert instances == len(tokens)
        for token in set(tokens):
            rows = con.execute("SELECT rowid FROM t WHERE t MATCH ?", (f'"{token}"',)).fetchall()
            assert rows == [(1,)], token
    finally:
        con.close()


@needs_fts5
@pytest.mark.parametrize(
    "text",
    [
        "내 생일은 3월 15일이야",
        "文化の日生まれ、誕生日は11月3日",
        "[8 May, 2023] Caroline: Hey Mel! I'm a Fourth of July baby.",
        "Ça va très bien, merci! Привет, как дела? Γειά σου",
        "İstanbul ǅemal ẞtraße ﬁnance ①②③ ½",
        "Thai ภาษาไทย and हिन्दी and العربية",
        "tabs\tand\nnewlines_and_underscores",
    ],
)
def test_fts5_round_trip_examples(text: str) -> None:
    _fts5_round_trip(text)


@needs_fts5
@settings(max_examples=200, deadline=None)
@given(st.text(max_size=80))
def test_fts5_round_trip_property(text: str) -> None:
    _fts5_round_trip(text)


@needs_fts5
@settings(max_examples=100, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8"), min_size=1, max_size=40))
def test_fts5_query_side_matches_document_side(text: str) -> None:
    # The same function tokenizes queries: any query token is found in its own document.
    _fts5_round_trip(text + " " + text.upper())


# --- detect_language ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", ""),
        ("   \n", ""),
        ("내 생일이 언제지?", "ko"),
        ("私の誕生日は？", "ja"),
        ("ﾃｽﾄです", "ja"),
        ("東京大学", "ja"),  # Han only: documented as "ja"
        ("When's my birthday?", "en"),
        ("I met 지수 at the cafe yesterday", "en"),
        ("오늘 meeting 있어", "ko"),
        ("Привет, как дела?", "other"),
        ("12345 !!!", "other"),
        ("😀", "other"),
    ],
)
def test_detect_language(text: str, expected: str) -> None:
    assert detect_language(text) == expected


@given(st.text(max_size=60))
def test_detect_language_total(text: str) -> None:
    assert detect_language(text) in {"ko", "ja", "en", "other", ""}


# --- count_tokens -------------------------------------------------------------------------

# Token counts of OpenAI's cl100k_base (GPT-4) for these strings.
CL100K = [
    ("내 생일은 3월 15일이야. 그날 눈이 엄청 왔었대 ㅋㅋ", 35),
    ("文化の日生まれなんだ。縁結びの神様じゃないのに笑", 32),
    ("[1:56 pm on 8 May, 2023] Caroline: Hey Mel! Good to see you! How have you been?", 29),
    ("Wait, so we smuggled a baby skyray? 😀🎉", 16),
    ("Привет, как дела? Ça va très bien, merci!", 17),
]


@pytest.mark.parametrize(("text", "cl100k"), CL100K)
def test_count_tokens_not_below_cl100k(text: str, cl100k: int) -> None:
    estimate = count_tokens(text)
    assert cl100k <= estimate <= 2 * cl100k


def test_count_tokens_simple() -> None:
    assert count_tokens("") == 0
    assert count_tokens("hello") >= 1
    assert count_tokens("\n\n") == 2


_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7a3]")


def _reference_count(text: str) -> int:
    """Simple lower reference: one token per CJK/Hangul char, word or digit group, symbol."""
    total = 0
    for match in re.finditer(r"([A-Za-z]+)|([0-9]+)|(\n)|(\s)|(.)", text, re.DOTALL):
        if match.group(1):
            total += math.ceil(len(match.group(1)) / 4)
        elif match.group(2):
            total += math.ceil(len(match.group(2)) / 3)
        elif match.group(3):
            total += 1
        elif match.group(4):
            continue
        else:
            total += 1
    return total


@given(st.text(max_size=100))
def test_count_tokens_never_below_reference(text: str) -> None:
    assert count_tokens(text) >= _reference_count(text)


#: characters at the edges of every class ``tokens_at_least`` counts apart (ASCII letters,
#: digits and the rest; U+4000-U+9FFF; U+A000-U+DFFF; kana; the rest), and spaces
_EDGES = list(
    'aZz09_ .,"\\\n\t\x00\x7f\x1f'
    "\u00e9\u07ff\u0800\u3000\u3005\u3041\u30a2\u3400\u3fff\u4000\u4dc0\u4e00\u9fff"
    "\ua000\ua960\uac00\ud7a3\ud7ff\ue000\uf900\uffff\U0001f600\U00020000\u2028\u00a0"
    "\u0661\ua620"
)
_MIXED = st.text(alphabet=st.one_of(st.sampled_from(_EDGES), st.characters()), max_size=200)


@given(st.one_of(st.text(max_size=300), _MIXED))
def test_tokens_at_least_is_a_lower_bound(text: str) -> None:
    assert tokens_at_least(text) <= count_tokens(text)
    assert tokens_at_least(text * 8) <= count_tokens(text * 8)


@given(_MIXED, st.sampled_from(["turn", "memory", "fact"]))
def test_tokens_at_least_bounds_the_line_a_text_is_packed_as(text: str, kind: str) -> None:
    """Packing skips, unread and uncounted, a text whose bound exceeds the room left: the
    line it would be (quoted or not, escaped, line breaks folded) costs at least as much."""
    line = render_line(RecallItem(kind=kind, id="x", text=text, score=0.0))
    assert tokens_at_least(text) <= count_tokens(line)


def test_tokens_at_least_counts_each_script_at_its_least() -> None:
    """Close to the count where it can be (the closer, the fewer turns recall reads that
    cannot fit): a Hangul syllable two, Han one and a half, ASCII punctuation one."""
    assert tokens_at_least("안녕하세요") == 10 == count_tokens("안녕하세요")
    assert tokens_at_least("漢字漢字") == 6 <= count_tokens("漢字漢字")
    assert tokens_at_least("ひらがな") == 4 <= count_tokens("ひらがな")
    assert tokens_at_least("wait... what?!") == 5 + 8 // 4  # ".", ".", ".", "?", "!"
    assert tokens_at_least(" \n\t") == 0


@given(st.text(max_size=60), st.text(max_size=60))
def test_count_tokens_additive(a: str, b: str) -> None:
    assert count_tokens(a + "\n" + b) <= count_tokens(a) + count_tokens(b) + 1


@given(st.lists(st.text(max_size=30), max_size=8))
def test_count_tokens_joined_budget(parts: list[str]) -> None:
    # Packing items line by line never costs more than their counts plus one per separator.
    joined = "\n".join(parts)
    assert count_tokens(joined) <= sum(map(count_tokens, parts)) + max(len(parts) - 1, 0)


_ASCII_EDGES = st.sampled_from(list('aZ09_ ."\\\n\t\r\x0b\x0c\x1c\x1f\x00\x7f'))


@given(
    st.one_of(
        st.text(alphabet=st.characters(max_codepoint=127), max_size=200),
        st.text(alphabet=_ASCII_EDGES, max_size=200),
        st.tuples(st.sampled_from("a9 "), st.integers(250, 400)).map(lambda c: c[0] * c[1]),
    )
)
def test_ascii_text_is_counted_as_run_by_run(text: str) -> None:
    """ASCII text is counted by byte tables (``_count_ascii``), every other text run by
    run: the two agree on every ASCII text, long runs included."""
    from soulmem.recall.tokenize import _count_ascii, _count_runs

    assert _count_ascii(text) == _count_runs(text)
    assert _count_ascii(text + " x " + text) == _count_runs(text + " x " + text)
