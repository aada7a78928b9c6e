"""Japanese fact rules for who the user is in one word: gender and religion
(used by soulmem.perceive.facts.ja).

Both are said as a bare predicate (``僕は男です``, ``女だけど``, ``一応仏教徒かな``,
``クリスチャンの家庭で``), so a rule takes the word only where it stands as the user's
own description: at the start of the sentence, after the user as topic, or stated as such
(``性別は女``, ``宗教は神道``), and never as part of a longer noun (``男の子``, ``女友達``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from soulmem.perceive.facts.base import Candidate
from soulmem.perceive.facts.ja_lex import SELF, alt
from soulmem.perceive.facts.ja_text import Sent, cand

__all__ = ["PERSON_RULES"]

_FILLER = r"(?:一応|実は|ちなみに|まあ|まぁ|こう見えて|見ての通り|普通に)?、?\s*"
# the predicate after the word: a copula or a clause joint, not a longer noun
_PRED = (
    r"(?:です|でーす|だよ|だけど|だけども|だから|だし|なので|なんだ|なんです|なの|なんで|"
    r"っす|かな|で(?![はもの])|。|!|$)"
)

# ---------------------------------------------------------------- gender
# (``男で、女で、って分ける``: a bare 男で before a comma is a contrast, not a statement)
_GENDER_PRED = _PRED.replace("で(?![はもの])", "で(?![はもの、])")
_GENDER_WORD = r"(男性|女性|男子|女子|男|女|オトコ|オンナ)"
_GENDER = re.compile(
    rf"(?:^|{SELF}(?:は|って|、)?\s*|(?<=。))(?:性別は?\s*)?{_FILLER}{_GENDER_WORD}{_GENDER_PRED}"
    rf"|性別(?:は|が|って)\s*{_GENDER_WORD}"
    # "30歳の女です", "うお座の女です": a description ending in the word, then a copula
    rf"|の{_GENDER_WORD}(?:です|でーす|だよ|なんだ|なんです|っす)(?:[。!]|$)"
)
_MALE = ("男性", "男子", "男", "オトコ")


def _gender(s: Sent) -> Iterator[Candidate]:
    for m in _GENDER.finditer(s.text):
        if s.other_at(m.start()) or re.match(r"(?:じゃ|では)(?:ない|なく)", s.text[m.end() :]):
            continue
        word = next(g for g in m.groups() if g)
        yield cand("gender", "男性" if word in _MALE else "女性", s)
        return


# ---------------------------------------------------------------- religion
_FAITHS = alt(
    "クリスチャン キリスト教徒 キリスト教 カトリック プロテスタント 仏教徒 仏教 浄土真宗 "
    "真言宗 曹洞宗 日蓮宗 神道 ムスリム イスラム教徒 イスラム教 ヒンドゥー教徒 ヒンドゥー教 "
    "ユダヤ教徒 ユダヤ教 モルモン教 無宗教 無神論者"
)
_FAITH = re.compile(
    rf"(?:^|{SELF}(?:は|って|、)\s*|(?<=。))(?:うちは\s*)?{_FILLER}(?P<f>{_FAITHS})"
    rf"(?P<home>の(?:家庭|家|家系|家族))?(?:{_PRED}|(?=じゃな|ではな))"
    rf"|宗教(?:は|って)\s*(?P<f2>{_FAITHS}|[^\W\d_ぁ-ゖ]{{1,8}}教)"
    rf"|(?P<f3>{_FAITHS}|[^\W\d_ぁ-ゖ]{{1,8}}教)を信仰して"
)


def _religion(s: Sent) -> Iterator[Candidate]:
    m = _FAITH.search(s.text)
    if m is None or s.other_at(m.start()):
        return
    faith = m.group("f") or m.group("f2") or m.group("f3")
    negated = bool(re.match(r"(?:じゃ|では)(?:ない|なく)", s.text[m.end() :]))
    home = "（家庭）" if m.group("home") else ""
    yield cand("religion", faith + home, s, negated=negated, confidence=0.75)


PERSON_RULES: tuple[Callable[[Sent], Iterator[Candidate]], ...] = (_gender, _religion)
