"""A value the user gave, said to be over (ended) or named again, in every language."""

from __future__ import annotations

import pytest

from soulmem.perceive.facts import FactContext, extract_facts
from soulmem.perceive.facts.known import ended_values, named_again


def _ends(text: str, language: str, **current: tuple[str, ...]) -> set[tuple[str, str]]:
    found = extract_facts(text, FactContext(current=current), language=language)
    return {(c.subject, c.value) for c in found if c.mode == "end"}


@pytest.mark.parametrize(
    ("language", "text", "current", "ended"),
    [
        (
            "en",
            "honestly no more paralegal life for me lol",
            {"job": ("paralegal",)},
            ("job", "paralegal"),
        ),
        (
            "en",
            "Noodle passed away on Sunday. I can't stop crying",
            {"pet": ("cat named Noodle",)},
            ("pet", "cat named Noodle"),
        ),
        ("en", "so Priya and I broke up last night", {"partner": ("Priya",)}, ("partner", "Priya")),
        (
            "en",
            "we're finally moving out of Tucson",
            {"current_residence": ("Tucson",)},
            ("current_residence", "Tucson"),
        ),
        (
            "ko",
            "드디어 신림 반지하 뺐어!!",
            {"current_residence": ("신림 반지하",)},
            ("current_residence", "신림 반지하"),
        ),
        (
            "ko",
            "나 카페 알바 그만뒀어 ㅋㅋ",
            {"part_time_job": ("카페",)},
            ("part_time_job", "카페"),
        ),
        ("ko", "민호랑 헤어졌어 ㅠㅠ", {"partner": ("민호",)}, ("partner", "민호")),
        (
            "ja",
            "居酒屋のバイト辞めたんだよね",
            {"part_time_job": ("居酒屋",)},
            ("part_time_job", "居酒屋"),
        ),
        (
            "ja",
            "先週、大福が虹の橋を渡りました",
            {"pet": ("ハムスター「大福」",)},
            ("pet", "ハムスター「大福」"),
        ),
    ],
)
def test_a_value_said_to_be_over_ends(
    language: str, text: str, current: dict[str, tuple[str, ...]], ended: tuple[str, str]
) -> None:
    # the language's own rule may end it first (with its own wording of the value)
    got = _ends(text, language, **current)
    assert ended in got or ended[0] in {subject for subject, _ in got}


@pytest.mark.parametrize(
    ("text", "current", "ended"),
    [
        ("학원 강사 일 정리하고 이제 쉬어요", {"job": ("학원 강사",)}, "학원 강사"),
        ("베이커리 접었어 결국", {"workplace": ("베이커리",)}, "베이커리"),
        ("민호랑 끝났어 진짜로", {"partner": ("민호",)}, "민호"),
        ("초코가 지난주에 무지개다리 건넜어", {"pet": ("강아지 '초코'",)}, "강아지 '초코'"),
    ],
)
def test_korean_ending_cues(text: str, current: dict[str, tuple[str, ...]], ended: str) -> None:
    assert [c.value for c in ended_values(text, "ko", current, ())] == [ended]


@pytest.mark.parametrize(
    ("text", "current"),
    [
        ("학원 강사 일 정리할 게 많아", {"job": ("학원 강사",)}),
        ("민호랑 영화 끝나고 밥 먹었어", {"partner": ("민호",)}),
    ],
)
def test_korean_ending_cues_need_the_ending(text: str, current: dict[str, tuple[str, ...]]) -> None:
    assert not ended_values(text, "ko", current, ())


@pytest.mark.parametrize(
    ("language", "text", "current"),
    [
        # the value named without an ending, or an ending about something else
        ("en", "I love Tucson in the spring", {"current_residence": ("Tucson",)}),
        ("en", "my neighbour's beagle died", {"pet": ("beagle named Biscuit",)}),
        ("en", "my sister quit her job at the bank", {"job": ("paralegal",)}),
        # "no more" ends a job or a home, not a partner
        ("en", "no more fighting with Callum, I promise", {"partner": ("Callum",)}),
        ("ko", "신림 맛집 갔다 왔어", {"current_residence": ("신림 반지하",)}),
        ("ko", "카페 가서 공부했어", {"part_time_job": ("카페",)}),
        ("ja", "居酒屋行きたいな", {"part_time_job": ("居酒屋",)}),
    ],
)
def test_no_ending_without_the_value_and_a_cue(
    language: str, text: str, current: dict[str, tuple[str, ...]]
) -> None:
    assert not _ends(text, language, **current)


@pytest.mark.parametrize(
    ("language", "text", "done"),
    [
        # an ending wished, asked for or supposed is not an ending; one told is
        ("ja", "カラオケのバイト辞めてほしいって親に言われた", False),
        ("ja", "カラオケのバイトやめたら？って言われた", False),
        ("ja", "カラオケのバイト辞めたい", False),
        ("ja", "カラオケのバイト辞めちゃった", True),
        ("ko", "카페 알바 그만두고 싶다", False),
        ("ko", "카페 알바 그만둘까", False),
        ("ko", "카페 알바 그만뒀어", True),
        ("en", "thinking of quitting the cafe job", False),
        ("en", "my mum wants me to quit the cafe job", False),
        ("en", "I quit the cafe job today", True),
    ],
)
def test_an_ending_only_wished_is_no_ending(language: str, text: str, done: bool) -> None:
    value = {"ja": "カラオケのバイト", "ko": "카페 알바", "en": "cafe job"}[language]
    assert bool(ended_values(text, language, {"part_time_job": (value,)}, ())) is done
    # and the language's own ending rules agree
    assert bool(_ends(text, language, part_time_job=(value,))) is done


def test_a_new_value_in_the_same_message_is_kept() -> None:
    found = extract_facts(
        "I'm officially a UX writer now, no more paralegal life",
        FactContext(current={"job": ("paralegal",)}),
        language="en",
    )
    jobs = [(c.value, c.mode) for c in found if c.subject == "job"]
    assert ("UX writer", "set") in jobs
    assert ("paralegal", "end") not in jobs  # the new value replaces it; nothing ends after


@pytest.mark.parametrize(
    ("language", "text", "subject", "value", "named"),
    [
        ("en", "ugh my bf callum is being weird", "partner", "Callum (bf)", True),
        ("en", "Calloway street is closed", "partner", "Callum (bf)", False),
        ("en", "Biscuit stole my sock again", "pet", "beagle named Biscuit", True),
        # a pet only by its name: any beagle is not the user's
        ("en", "saw a beagle at the park", "pet", "beagle named Biscuit", False),
        ("ko", "재현이가 오늘 데리러 온대", "partner", "재현", True),
        ("ja", "北千住の駅前で飲んでた", "current_residence", "北千住", True),
        # tastes are not values that end: naming one again is left to the rules
        ("en", "sushi again tonight lol", "favorite_food", "sushi", False),
    ],
)
def test_named_again(language: str, text: str, subject: str, value: str, named: bool) -> None:
    assert named_again(text, language, subject, value) is named
