"""Casual chat endings read as plain ones (soulmem.perceive.facts.ko).

Korean chat often ends a clause with the nominal -ㅁ/음 ("클라이밍 다님", "데이식스 노래만
들음", "고양이 두 마리 키움", "여친 생김") where speech has 다녀, 들어, 키워, 생겼어.
The rules are written for the spoken endings, so before they read a message its clause-final
-ㅁ forms are put back in the plain form. Only a clause end is touched (the end of the text,
or before punctuation, laughter or crying), and a one-syllable form only as a word of its own
("여행 감", not "자신감"), so nouns that end the same way keep their shape.

Voice-typed spellings and run-on polite clauses (``ko_voice``), then Chungcheong speech
(``ko_chungcheong``) are put in the standard form first.
"""

from __future__ import annotations

import re

from soulmem.perceive.facts.ko_chungcheong import chungcheong
from soulmem.perceive.facts.ko_english import english_words
from soulmem.perceive.facts.ko_lex import has_batchim
from soulmem.perceive.facts.ko_voice import run_on_polite, voice_typed

__all__ = ["copula_endings", "plain_endings"]

# a form that may close a longer word ("-함" and "-됨" are left: the rules read them as they are)
_ATTACHED = {
    "빠짐": "빠졌어",
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
    "관둠": "관뒀어",
    "접음": "접었어",
    "떠남": "떠났어",
    "헤어짐": "헤어졌어",
    "옮김": "옮겼어",
    "치임": "치였어",
}
# a one-syllable verb said as a word of its own: "여행 감", "편의점 가서 사 옴"
_ALONE = {"감": "가", "옴": "와", "삼": "사", "씀": "써", "뜀": "뛰어", "줌": "줘", "침": "쳐"}
_END = r"(?=\s*(?:$|[.!?~…,，]|[ㅋㅎㅠㅜ]|\^\^))"
# a two-syllable form also ends its clause before the next words ("고슴도치 한마리 있음 밤마다 …")
_ATTACHED_RX = re.compile(
    rf"(?P<e>{'|'.join(sorted(_ATTACHED, key=len, reverse=True))})(?:{_END}|(?=\s))"
)
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


# consonant shorthand for "really" standing as a word ("비둘기 ㄹㅇ 무서워", "ㅈㄴ 못함") says
# nothing and goes
_INTENSIFIER_RX = re.compile(
    r"(?:(?<=\s)|^)(?:ㄹㅇ|ㅈㄴ|ㅈㄹ|ㅆㅅㅌㅊ|ㄹㅈㄷ)(?:\s+|(?=[.!?~…,]|$))"
)
# the nominal copula "-임" closing a clause ("클라 프로그래머임 직원 여섯명짜리", "인생겜은
# 스타듀밸리임", "떡볶이 킬러임") read as 이야 / 야; not a noun that ends the same way ("게임",
# "모임", "책임", "타임")
_COPULA_RX = re.compile(
    r"(?<=[가-힣0-9A-Za-z])(?<![게모책네타라])임(?=\s|$|[.!?~…,，]|[ㅋㅎㅠㅜ]|\^\^)"
)


def _copula(mt: re.Match[str]) -> str:
    before = mt.string[mt.start() - 1]
    return "야" if "가" <= before <= "힣" and not has_batchim(before) else "이야"


# an intensifying prefix glued to a predicate ("오이 개싫음", "곱창 개좋아함", "존맛"): the
# predicate is read bare
_PREFIX_RX = re.compile(
    r"(?:(?<=\s)|^)(?:개|존|졸라)(?=싫|좋|맛있|맛없|무서|무섭|웃기|웃겨|귀엽|귀여|열심히|잘하|잘함|"
    r"빡세|빡셈|힘들|재밌|재미있|예쁘|이쁘|어렵|행복|슬프|부러|설레|극혐)"
)
_TASTY_RX = re.compile(r"(?:(?<=\s)|^)(?:존맛탱?|JMT|jmt)(?:임|이야)?(?=\s|$|[.!?~…,]|[ㅋㅎㅠㅜ])")


# "제 고향은... 안동입니다", "저는... 교사였습니다": a short topic trailing off before what it
# is, read as one sentence
_TOPIC_TRAIL_RX = re.compile(
    r"(?P<t>(?:^|(?<=[.!?~…\n]))\s*(?:[가-힣A-Za-z]+\s){0,2}[가-힣A-Za-z]+(?:은|는))\s*(?:\.{2,}|…+)\s*"
    r"(?=[가-힣A-Za-z0-9])"
)


def copula_endings(text: str) -> str:
    """``text`` with its clause-final copula -임 as 이야 / 야. Done after a message is cut into
    sentences, so that "… 왜케 낮냐 183이면 … 책상임" does not turn into a question."""
    return _COPULA_RX.sub(_copula, text)


def plain_endings(text: str) -> str:
    """``text`` with its clause-final casual -ㅁ endings in their plain spoken form."""
    text = run_on_polite(voice_typed(english_words(text)))
    text = chungcheong(text)
    text = _INTENSIFIER_RX.sub("", text)
    text = _TOPIC_TRAIL_RX.sub(lambda mt: mt.group("t") + " ", text)
    text = _PREFIX_RX.sub("", text)
    text = _TASTY_RX.sub("맛있어", text)
    text = _FORMAL_RX.sub(lambda mt: _FORMAL[mt.group("e")], text)
    text = _FORMAL_PAST_RX.sub("어", text)
    text = _ATTACHED_RX.sub(lambda mt: _ATTACHED[mt.group("e")], text)
    return _ALONE_RX.sub(lambda mt: _ALONE[mt.group("e")], text)
