"""Voice-typed Korean to standard spelling, for the rules (used by ``ko_casual``).

A message dictated to a phone comes out spelled as it sounds and without punctuation:
"떡방앗간 했써요", "정신이 업써요", "호박죽 머그면", "목소리가 조아요", "했짜나요", "갠차나요".
A message that shows such spellings (``_MARK``) has them put back ("했어요", "없어요", "먹으면",
"좋아요", "했잖아요", "괜찮아요"); one without them passes unchanged, so standard text keeps its
shape.

A long message without any sentence punctuation whose polite clauses run on ("혼자살아요
엘리베이터가 있는데 … 못타요 그래서 …") is cut after each polite -요 ending, and a possessive
glued to a person ("내친구는", "우리엄마가") gets its space back: both are standard forms, done
to any message.
"""

from __future__ import annotations

import re

from soulmem.perceive.facts.rewrite import rewrite

__all__ = ["run_on_polite", "voice_typed"]

# every syllable that ends in ㅆ ("했", "있", "었", "겠"): before 써 / 짜 it was the sound of ㅆ
_SS = "".join(chr(0xAC00 + lead * 28 + 20) for lead in range(19 * 21))
_SS_RX = f"[{_SS}]"

_MARK = re.compile(
    rf"(?<={_SS_RX})(?:써|짜나)|업써|업쓰|(?<!귀)머(?:거(?!리)|그(?![컵잔])|것|겄)|(?<![가-힣])갠차|갠찬|"
    r"조아(?:요|해|하|서|도)|갈쳐"
)
_FIXES = (
    (re.compile(rf"(?<={_SS_RX})써"), "어"),
    (re.compile(rf"(?<={_SS_RX})짜나"), "잖아"),
    (re.compile(r"업써"), "없어"),
    (re.compile(r"업쓰"), "없으"),
    (re.compile(r"업는"), "없는"),
    (re.compile(r"(?<!귀)머것"), "먹었"),
    (re.compile(r"(?<!귀)머겄"), "먹었"),
    (re.compile(r"(?<!귀)머거(?!리)"), "먹어"),
    (re.compile(r"(?<!귀)머그(?![컵잔])"), "먹으"),
    (re.compile(r"(?<!귀)머근"), "먹은"),
    (re.compile(r"(?<!귀)머글"), "먹을"),
    (re.compile(r"갠차나"), "괜찮아"),
    (re.compile(r"갠찬"), "괜찮"),
    (re.compile(r"조아(?=요|해|하|서|도|$|\s)"), "좋아"),
    (re.compile(r"갈쳐"), "가르쳐"),
    (re.compile(r"(?<![가-힣])땜에"), "때문에"),
    (re.compile(r"(?<![가-힣])젤(?=\s)"), "제일"),
)

# "내친구는", "우리엄마가", "제동생": a possessive said glued to the person it owns
_KIN = (
    "친구|친한친구|남편|아내|마누라|와이프|남친|여친|남자친구|여자친구|엄마|아빠|어머니|아버지|아부지|"
    "어무이|할머니|할아버지|할매|딸|아들|큰아들|작은아들|큰딸|작은딸|손녀|손자|손주|동생|형|누나|언니|"
    "오빠|며느리|사위|남동생|여동생|시어머니|짝꿍|베프"
)
_GLUED = re.compile(
    rf"(?:(?<=[\s,.!?~])|^)(?P<p>내|제|우리)(?=(?:{_KIN})(?:[은는이가도랑하한의]|네|들|$|\s))"
)

# "혼자살아요": living alone said in one breath
_ALONE = re.compile(r"(?<![가-힣])혼자(?=살[아았고면지]|사[는셔세])")

_SENT_PUNCT = re.compile(r"[.!?…\n]")
# a polite clause end running into the next clause ("살아요 엘리베이터가"), not a noun in 요
_POLITE_END = re.compile(r"(?<=[가-힣])(?<![필중수])요(?=\s+[가-힣A-Za-z0-9])")


def voice_typed(text: str) -> str:
    """``text`` with voice-typing spellings in the standard form, when the message shows them."""
    return rewrite(text, _MARK, _FIXES)


def run_on_polite(text: str) -> str:
    """``text`` with a glued possessive spaced ("내친구" -> "내 친구", "혼자살아요" -> "혼자
    살아요") and, when it has no sentence punctuation and runs polite clauses on (two -요 ends
    or more), a full stop after each -요 inside it."""
    text = _GLUED.sub(lambda mt: mt.group("p") + " ", text)
    text = _ALONE.sub("혼자 ", text)
    ends = len(_POLITE_END.findall(text)) + text.rstrip().endswith("요")
    if _SENT_PUNCT.search(text) or ends < 2 or not _POLITE_END.search(text):
        return text
    return _POLITE_END.sub("요.", text)
