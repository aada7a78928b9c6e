"""A value that reads as a piece of a clause is dropped (``perceive/facts/shape.py``)."""

from __future__ import annotations

import pytest

from soulmem.perceive.facts.base import FactContext
from soulmem.perceive.facts.extract import extract_facts
from soulmem.perceive.facts.shape import is_fragment, trimmed


@pytest.mark.parametrize(
    ("value", "language"),
    [
        ("가입할게", "ko"),
        ("걔도", "ko"),
        ("하기로", "ko"),
        ("숙이고", "ko"),
        ("라 일주일에 세 번은 먹어", "ko"),
        ("当たり前じゃん", "ja"),
        ("きなのに", "ja"),
        ("みおさんの", "ja"),
        ("好きだけど", "ja"),
        ("I've seen it like 20 times", "en"),
        ("shellfish and (deathly allergic)", "en"),
        ("입 알레르기", "ko"),
        ("괜히 알레르기", "ko"),
        ("써", "ko"),
        ("씀", "ko"),
    ],
)
def test_pieces_of_a_clause(value: str, language: str) -> None:
    assert is_fragment(value, language)


@pytest.mark.parametrize(
    ("value", "language"),
    [
        ("집 앞 빵집", "ko"),
        ("딸 하나, 아들 하나", "ko"),
        ("주 3회 암장 가서 볼더링하기", "ko"),
        ("새 회사", "ko"),
        ("「きみの」", "ja"),
        ("ハウルの動く城", "ja"),
        ("いちごミルク", "ja"),
        ("comfort food, you know", "en"),
        ("I Am Legend", "en"),
        ("It's a Wonderful Life", "en"),
        ("salt and vinegar crisps", "en"),
        ("복숭아 알레르기", "ko"),
        ("피부 알레르기", "ko"),
        ("걔도 (친구)", "en"),
    ],
)
def test_things(value: str, language: str) -> None:
    assert not is_fragment(value, language)


def test_a_fragment_is_not_a_fact_and_ends_nothing() -> None:
    """A reply read as the answer to the character's words about colours: "가입할게요" (I'll
    join) and "当たり前じゃん" (of course) are no colours; the colour told before stays."""
    said = "저는 주황색 덕후라서 의자까지 주황이에요. 색깔로 영역 표시하는 사람들 모임 만들까요?"
    ctx = FactContext(current={"favorite_color": ("하늘색",)}, previous_assistant_text=said)
    text = "ㅋㅋ 가입할게요. 근데 요즘 너무 추워요… 저는 가을이 제일 좋더라구요"
    assert [c.value for c in extract_facts(text, ctx, language="ko") if c.value == "가입할게"] == []
    said = "えっかわいい！あたしの好きな色覚えててくれたの？ネイルまた上達してるし"
    ctx = FactContext(current={"favorite_color": ("ラベンダー",)}, previous_assistant_text=said)
    found = extract_facts("当たり前じゃん〜", ctx, language="ja")
    assert [c for c in found if c.subject == "favorite_color"] == []


def test_a_pointing_word_left_at_the_end_is_trimmed() -> None:
    """ "영화는 타짜 이건 스무번은 봤을걸": the film is 타짜; "사는 데 용돈 다 써" (spent on buying)
    gives no home; a one-syllable thing (뱀 as a fear) is kept."""
    assert trimmed("타짜 이건", "ko") == "타짜"
    assert trimmed("이건 타짜", "ko") == "이건 타짜"
    assert trimmed("Inception that one", "en") == "Inception that one"
    assert trimmed("shellfish at all", "en") == "shellfish"
    assert trimmed("秋がいいねえ", "ja") == "秋"
    assert trimmed("がいい", "ja") == "がいい"
    text = "그리고 영화는 타짜 이건 스무번은 봤을걸 묻고 더블로 가!"
    assert [(c.subject, c.value) for c in extract_facts(text, language="ko")] == [
        ("favorite_movie", "타짜")
    ]
    text = "내 취미는 다꾸야~ 스티커랑 마테 사는 데 용돈 다 씀 ㅎㅎ"
    assert [c.subject for c in extract_facts(text, language="ko")] == ["hobby"]
    assert not is_fragment("뱀", "ko")
