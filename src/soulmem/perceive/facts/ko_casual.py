"""Casual chat endings read as plain ones (soulmem.perceive.facts.ko).

Korean chat often ends a clause with the nominal -ㅁ/음 ("클라이밍 다님", "데이식스 노래만
들음", "고양이 두 마리 키움", "여친 생김") where speech has 다녀, 들어, 키워, 생겼어.
The rules are written for the spoken endings, so before they read a message its clause-final
-ㅁ forms are put back in the plain form. Only a clause end is touched (the end of the text,
or before punctuation, laughter or crying), and a one-syllable form only as a word of its own
("여행 감", not "자신감"), so nouns that end the same way keep their shape.
"""

from __future__ import annotations

import re

__all__ = ["plain_endings"]

# a form that may close a longer word ("-함" and "-됨" are left: the rules read them as they are)
_ATTACHED = {
    "있음": "있어",
    "없음": "없어",
    "좋음": "좋아",
    "싫음": "싫어",
    "다님": "다녀",
    "키움": "키워",
    "들음": "들어",
    "먹음": "먹어",
    "마심": "마셔",
    "생김": "생겼어",
    "살음": "살아",
    "했음": "했어",
    "됐음": "됐어",
    "봤음": "봤어",
    "갔음": "갔어",
    "왔음": "왔어",
    "자람": "자랐어",
    "지냄": "지내",
    "태어남": "태어났어",
    "일함": "일해",
}
# a one-syllable verb said as a word of its own: "여행 감", "편의점 가서 사 옴"
_ALONE = {"감": "가", "옴": "와", "삼": "사", "씀": "써", "뜀": "뛰어", "줌": "줘"}
_END = r"(?=\s*(?:$|[.!?~…,，]|[ㅋㅎㅠㅜ]|\^\^))"
_ATTACHED_RX = re.compile(rf"(?P<e>{'|'.join(sorted(_ATTACHED, key=len, reverse=True))}){_END}")
_ALONE_RX = re.compile(rf"(?:(?<=\s)|^)(?P<e>{'|'.join(_ALONE)}){_END}")


# the formal -(스)ㅂ니다 forms ("가을이 제일 좋습니다", "배드민턴을 칩니다") in the plain one
_FORMAL = {
    "좋습니다": "좋아",
    "싫습니다": "싫어",
    "있습니다": "있어",
    "없습니다": "없어",
    "좋아합니다": "좋아해",
    "싫어합니다": "싫어해",
    "마십니다": "마셔",
    "다닙니다": "다녀",
    "키웁니다": "키워",
    "먹습니다": "먹어",
    "듣습니다": "들어",
    "읽습니다": "읽어",
    "칩니다": "쳐",
    "틉니다": "틀어",
    "탑니다": "타",
    "봅니다": "봐",
    "일합니다": "일해",
    "삽니다": "살아",
    "부릅니다": "불러",
    "들었습니다": "들었어",
}
_FORMAL_RX = re.compile(rf"(?P<e>{'|'.join(sorted(_FORMAL, key=len, reverse=True))}){_END}")
# "컸습니다", "갈아탔습니다": a past tense said formally
_FORMAL_PAST_RX = re.compile(rf"(?<=[았었였했됐컸갔왔났봤줬탔렸쳤셨겼웠])습니다{_END}")


def plain_endings(text: str) -> str:
    """``text`` with its clause-final casual -ㅁ endings in their plain spoken form."""
    text = _FORMAL_RX.sub(lambda mt: _FORMAL[mt.group("e")], text)
    text = _FORMAL_PAST_RX.sub("어", text)
    text = _ATTACHED_RX.sub(lambda mt: _ATTACHED[mt.group("e")], text)
    return _ALONE_RX.sub(lambda mt: _ALONE[mt.group("e")], text)
