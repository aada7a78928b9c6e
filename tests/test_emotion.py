"""Emotion analysis: tags per language, negation, nostalgia, intensity, VAD, robustness."""

from __future__ import annotations

import threading
import time

import pytest

from soulmem.embed import FakeEmbedder
from soulmem.model import EMOTIONS, Affect
from soulmem.perceive.emotion import TAG_VAD, analyze_emotion, lexicon_scores, macro_f1

# One clear sentence per tag and language (written for these tests, not from any eval set).
CASES: dict[str, dict[str, list[str]]] = {
    "ko": {
        "joy": ["시험 합격했어! 진짜 기뻐", "오늘 너무 행복해", "ㅋㅋㅋ 완전 웃겨"],
        "sadness": ["강아지가 떠나서 너무 슬퍼", "요즘 우울해 ㅠㅠ", "슬펐어"],
        "anger": ["팀장 때문에 진짜 화나", "아 짜증나 죽겠네", "개빡쳐"],
        "fear": ["밤길이 너무 무서워", "공포영화는 두려워"],
        "disgust": ["바퀴벌레 역겨워", "음식에서 머리카락 나왔어 더러워"],
        "anxiety": ["내일 면접이라 불안해", "결과 나올 때까지 걱정돼"],
        "envy": ["친구가 집 샀대 부럽다", "걔한테 질투 나"],
        "ennui": ["주말인데 너무 심심해", "수업이 지루해"],
        "nostalgia": ["대학 시절이 그리워", "옛날 생각난다 그때가 좋았지"],
    },
    "ja": {
        "joy": ["試験に合格した！めっちゃ嬉しい", "今日は楽しかった", "幸せすぎる"],
        "sadness": ["猫が死んじゃって悲しい", "一人は寂しい", "泣いた"],
        "anger": ["上司にムカつく", "本当に腹が立つ", "イライラする"],
        "fear": ["夜道が怖かった", "恐ろしい話だ"],
        "disgust": ["ゴキブリ気持ち悪い", "あいつキモい"],
        "anxiety": ["明日が不安で眠れない", "結果が心配"],
        "envy": ["同期が昇進して羨ましい", "嫉妬しちゃう"],
        "ennui": ["休みなのに退屈", "この授業つまらない", "だるい"],
        "nostalgia": ["学生時代が懐かしい", "実家が恋しい"],
    },
    "en": {
        "joy": ["I got the job!!! I'm so happy", "We had a wonderful time", "yay"],
        "sadness": ["My grandfather passed away", "I feel so lonely", "I cried all night"],
        "anger": ["I'm so angry at my landlord", "This is infuriating", "I'm furious"],
        "fear": ["I'm scared of the dark", "That movie was terrifying"],
        "disgust": ["Ew, that's gross", "The bathroom was disgusting"],
        "anxiety": ["I'm nervous about my exam", "I keep worrying about money"],
        "envy": ["She got into Harvard, I'm so jealous", "I envy you"],
        "ennui": ["I'm so bored", "This lecture is boring"],
        "nostalgia": ["I miss the old days", "Back in the day we played outside"],
    },
}

NEUTRAL = [
    "I live in Denver",
    "서울에 살아",
    "東京に住んでる",
    "The meeting is at 3pm tomorrow",
    "내일 오후 세 시에 회의가 있어",
    "明日は9時に会議があります",
    "My name is Sarah",
    "I like coffee",
    "나는 커피를 좋아해",
]


def tags(text: str, **kwargs: object) -> set[str]:
    return set(analyze_emotion(text, **kwargs).emotions)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("lang", "tag", "text"),
    [
        (lang, tag, text)
        for lang, table in CASES.items()
        for tag, texts in table.items()
        for text in texts
    ],
)
def test_each_tag_in_each_language(lang: str, tag: str, text: str) -> None:
    affect = analyze_emotion(text)
    assert tag in affect.emotions, (text, affect)
    assert "neutral" not in affect.emotions
    assert analyze_emotion(text, language=lang) == affect


@pytest.mark.parametrize("text", NEUTRAL)
def test_plain_statements_are_neutral(text: str) -> None:
    affect = analyze_emotion(text)
    assert affect.emotions == {"neutral": 1.0}
    assert affect.intensity == 0.0
    assert (affect.valence, affect.arousal, affect.dominance) == (0.0, 0.0, 0.0)
    assert affect.primary == "neutral"


@pytest.mark.parametrize(
    "text",
    ["", "   ", "\n\t", "asdf;lkj qwer", "12345 678", "...", "@#$%^&*", "\x00\x01", "a" * 50_000],
)
def test_empty_and_garbage_are_neutral(text: str) -> None:
    assert analyze_emotion(text).emotions == {"neutral": 1.0}


@pytest.mark.parametrize(
    ("text", "tag"),
    [("😭😭", "sadness"), ("😂", "joy"), ("😡", "anger"), ("🤮", "disgust"), ("😱", "fear")],
)
def test_emoji_only(text: str, tag: str) -> None:
    assert analyze_emotion(text).primary == tag


@pytest.mark.parametrize(
    "text", ["Je suis très content", "Bonjour, je suis triste", "我住在北京", "Ich wohne in Berlin"]
)
def test_unknown_languages_are_neutral(text: str) -> None:
    assert tags(text) == {"neutral"}


def test_unsupported_language_hint_turns_english_off() -> None:
    assert tags("triste horrible sad", language="fr") == {"neutral"}
    assert tags("I am sad", language="en") == {"sadness"}
    assert tags("I am sad", language="en-US") == {"sadness"}


def test_multiple_tags() -> None:
    assert {"sadness", "anxiety"} <= tags("시험 망했어 ㅠㅠ 엄마한테 혼나겠다 어떡하지")
    assert {"anger", "sadness"} <= tags("I'm so angry and sad about it")
    assert {"fear", "disgust"} <= tags("ゴキブリが怖いし気持ち悪い")
    emotions = analyze_emotion("I'm furious and a little sad").emotions
    assert list(emotions.values()) == sorted(emotions.values(), reverse=True)


@pytest.mark.parametrize(
    "text",
    [
        "졸업식 날 기쁘기도 했지만 슬프기도 했어",
        "卒業式、嬉しいけど悲しい",
        "Graduation was happy but sad",
    ],
)
def test_joy_and_sadness_make_nostalgia(text: str) -> None:
    assert {"joy", "sadness", "nostalgia"} <= tags(text)


def test_emoticons_alone_do_not_make_nostalgia() -> None:
    assert "nostalgia" not in tags("😂😭")


@pytest.mark.parametrize(
    "text", ["그리워", "懐かしい", "I miss the old days", "back in the day", "あの頃に戻りたい"]
)
def test_explicit_nostalgia(text: str) -> None:
    assert analyze_emotion(text).primary == "nostalgia"


@pytest.mark.parametrize(
    "text", ["not happy", "I'm not happy about this", "안 기뻐", "기쁘지 않아", "嬉しくない"]
)
def test_negated_joy_flips_to_sadness(text: str) -> None:
    assert tags(text) == {"sadness"}


@pytest.mark.parametrize(
    "text",
    [
        "I'm not scared",
        "Don't worry",
        "안 무서워",
        "슬프지 않아",
        "걱정 마",
        "怖くない",
        "心配しないで",
        "不安じゃない",
    ],
)
def test_negated_negative_cancels(text: str) -> None:
    assert tags(text) == {"neutral"}


def test_negation_exceptions() -> None:
    assert "sadness" in tags("I can't stop crying")
    assert "joy" in tags("I couldn't be happier")
    assert "joy" in tags("I can't wait!")
    assert "ennui" in tags("やる気ない")
    assert "ennui" in tags("재미없어")


@pytest.mark.parametrize(
    ("weak", "strong"),
    [
        ("좋아", "너무너무 좋아!!"),
        ("슬퍼", "진짜 너무 슬퍼 ㅠㅠㅠ"),
        ("嬉しい", "めっちゃ嬉しい！！"),
        ("I'm happy", "I'm SO HAPPY!!!"),
        ("I'm a bit sad", "I'm sad"),
        ("ちょっと怖い", "怖い"),
        ("좀 짜증나", "짜증나"),
    ],
)
def test_intensity_ordering(weak: str, strong: str) -> None:
    low, high = analyze_emotion(weak), analyze_emotion(strong)
    assert low.primary == high.primary
    assert 0.0 < low.intensity < high.intensity <= 1.0


def test_vad_signs() -> None:
    joy = analyze_emotion("I'm so happy")
    assert joy.valence > 0 and joy.arousal > 0
    fear = analyze_emotion("무서워")
    assert fear.dominance < 0 and fear.valence < 0
    anger = analyze_emotion("ムカつく")
    assert anger.arousal > 0 and anger.valence < 0
    sad = analyze_emotion("너무 슬퍼")
    assert sad.valence < 0 and sad.arousal < 0
    bored = analyze_emotion("so bored")
    assert bored.arousal < 0


def test_vad_table_and_ranges() -> None:
    assert set(TAG_VAD) == set(EMOTIONS)
    assert TAG_VAD["neutral"] == (0.0, 0.0, 0.0)
    for texts in (t for table in CASES.values() for t in table.values()):
        for text in texts:
            affect = analyze_emotion(text)
            assert 0.0 <= affect.intensity <= 1.0
            for value in (affect.valence, affect.arousal, affect.dominance):
                assert -1.0 <= value <= 1.0
            assert set(affect.emotions) <= set(EMOTIONS)
            assert all(0.0 < score <= 1.0 for score in affect.emotions.values())


def test_mixed_script_and_fullwidth() -> None:
    assert "joy" in tags("오늘 완전 happy")
    assert "joy" in tags("ｙａｙ！！")
    assert "joy" in tags("楽しかったｗｗ")


def test_lexicon_scores_are_raw() -> None:
    scores = lexicon_scores("I'm happy but sad")
    assert scores["joy"] > 0.5 and scores["sadness"] > 0.5 and "nostalgia" in scores
    assert lexicon_scores("I live in Denver") == {}


def test_deterministic_and_thread_safe() -> None:
    texts = [text for table in CASES.values() for ts in table.values() for text in ts]
    expected = [analyze_emotion(t) for t in texts]
    results: list[list[Affect]] = []

    def run() -> None:
        results.append([analyze_emotion(t) for t in texts])

    threads = [threading.Thread(target=run) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(r == expected for r in results)


def test_rejects_non_strings() -> None:
    with pytest.raises(TypeError):
        analyze_emotion(None)  # type: ignore[arg-type]


def test_speed_sanity() -> None:
    texts = [text for table in CASES.values() for ts in table.values() for text in ts]
    start = time.perf_counter()
    for _ in range(10):
        for text in texts:
            analyze_emotion(text)
    per_message = (time.perf_counter() - start) / (10 * len(texts))
    print(f"analyze_emotion: {per_message * 1e6:.0f} us per message")  # no timing assert


def test_prototypes_fill_in_only_when_lexicon_is_silent() -> None:
    embedder = FakeEmbedder()
    # The lexicon result stands when it found something.
    assert analyze_emotion("I'm so happy", embedder=embedder) == analyze_emotion("I'm so happy")
    # Negated cues are never overridden by prototypes.
    assert tags("I'm not scared", embedder=embedder) == {"neutral"}
    # Whatever the prototypes say, the result is a valid Affect.
    affect = analyze_emotion("I live in Denver", embedder=embedder)
    assert set(affect.emotions) <= set(EMOTIONS)
    assert analyze_emotion("I live in Denver", embedder=embedder) == affect


@pytest.mark.slow
def test_prototypes_with_e5(e5: object) -> None:
    affect = analyze_emotion("하루가 완벽했어", embedder=e5)  # type: ignore[arg-type]
    assert set(affect.emotions) <= set(EMOTIONS)
    assert tags("I live in Denver", embedder=e5) == {"neutral"}


def test_macro_f1() -> None:
    assert macro_f1([{"joy"}], [{"joy"}]) == 1.0
    assert macro_f1([{"joy"}, {"sadness"}], [{"joy"}, {"joy"}]) == pytest.approx((2 / 3 + 0) / 2)
    assert macro_f1([], []) == 1.0
    # Tags absent from both gold and pred are not averaged in.
    assert macro_f1([{"joy", "nostalgia"}], [{"joy"}]) == pytest.approx(0.5)
    with pytest.raises(ValueError):
        macro_f1([{"joy"}], [])
