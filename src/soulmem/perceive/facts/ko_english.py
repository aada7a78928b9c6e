"""English words inside Korean chat read as the Korean words the rules expect.

A Korean speaker who grew up with English mixes words in ("나 lefty라서", "내 birthday는",
"girlfriend 있어", "LA에서 grew up 했는데"). In a message that has Hangul, a few such words
that the Korean rules key on are put in Korean ("왼손잡이라서", "내 생일은", "여자친구 있어",
"LA에서 자랐는데"); names and other English values keep their spelling.
"""

from __future__ import annotations

import re

__all__ = ["english_words"]

_HANGUL = re.compile(r"[가-힣]")
# an English word glued to a particle or standing alone, not inside a longer Latin word
_WORDS = {
    r"left[- ]?handed|lefty": "왼손잡이",
    r"right[- ]?handed|righty": "오른손잡이",
    r"birthday|b-?day": "생일",
    r"girl\s?friend|gf": "여자친구",
    r"boy\s?friend|bf": "남자친구",
    r"best\s?friend|bff|bestie": "베프",
    r"home\s?town": "고향",
    r"allerg(?:y|ies|ic)": "알레르기",
    r"favou?rite": "최애",
}
_WORDS_RX = tuple(
    (re.compile(rf"(?<![A-Za-z])(?:{rx})(?![A-Za-z])", re.IGNORECASE), ko)
    for rx, ko in _WORDS.items()
)
# "grew up 했는데", "grew up 함": a past verb said in English with 하다
_GREW_UP = re.compile(
    r"(?<![A-Za-z])grew\s+up\s*(?P<e>했는데|했어|했고|했지|했음|함|했거든|했어요|했습니다)",
    re.IGNORECASE,
)
_GREW_END = {
    "했는데": "자랐는데",
    "했어": "자랐어",
    "했고": "자랐고",
    "했지": "자랐지",
    "했음": "자랐어",
}
_GREW_END |= {"함": "자랐어", "했거든": "자랐거든", "했어요": "자랐어요", "했습니다": "자랐습니다"}


def english_words(text: str) -> str:
    """``text`` with English words the Korean rules key on in Korean, when it has Hangul."""
    if not _HANGUL.search(text) or not re.search(r"[A-Za-z]{2}", text):
        return text
    for rx, ko in _WORDS_RX:
        text = rx.sub(ko, text)
    return _GREW_UP.sub(lambda mt: _GREW_END[mt.group("e")], text)
