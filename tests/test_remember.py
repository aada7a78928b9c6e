from __future__ import annotations

import pytest

from soulmem.perceive.remember import asks_to_remember


@pytest.mark.parametrize(
    "text",
    [
        "Remember that my sister's wedding is on June 3rd.",
        "please remember this: I hate olives",
        "Don't forget I start the new job on Monday!",
        "keep that in mind next time",
        "이거 꼭 기억해줘, 나 오이 못 먹어",
        "내 생일 3월 15일인 거 기억해 둬",
        "잊지 마! 다음 주에 시험이야",
        "これ覚えておいてね、私キウイだめなの",
        "来週引っ越すから覚えといて",
        "忘れないでね、金曜日は飲み会",
    ],
)
def test_explicit_requests(text: str) -> None:
    assert asks_to_remember(text)


@pytest.mark.parametrize(
    "text",
    [
        "Do you remember what I said about my dog?",
        "I can't remember where I put my keys",
        "그때 기억나니?",
        "어릴 때 기억이 잘 안 나",
        "昔のこと覚えてる？",
        "I love remembering old times",
        "",
    ],
)
def test_not_requests(text: str) -> None:
    assert not asks_to_remember(text)
