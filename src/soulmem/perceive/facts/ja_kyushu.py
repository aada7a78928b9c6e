"""Kyushu (博多弁), Hiroshima (広島弁) and Nagoya (名古屋弁) endings to standard Japanese.

Like ``ja_kansai``, a light rewrite of the common forms only: ``やけん`` / ``けん`` → ``だから``
/ ``から``, ``ばい`` → ``よ``, ``っちゃん`` → ``んだ``, ``だで`` → ``だから``, ``がや`` →
``だよ``, ``やなくて`` → ``じゃなくて``, ``ってゆー`` → ``っていう``, a closing ``なん`` →
``なの``; Hiroshima's ``けえ`` → ``から``, ``しよる`` → ``してる``, a quoted name before
``呼びよる`` / ``いう`` given its ``って``, ``秋じゃね`` → ``秋だね``. The ``〜とる`` /
``おる`` forms are shared with Kansai and read there. Only forms that standard Japanese does
not use are touched, so standard sentences pass through unchanged.
"""

from __future__ import annotations

import re

from soulmem.perceive.facts.rewrite import rewrite

__all__ = ["standardise_kyushu"]

_B = r"(?=[。、!?\s」)笑草w]|$|ね|な|さ|よ|[^\W\d_ぁ-ゖ])"
# a noun-ish character before a copula (kanji, katakana, digits, latin) or a noun-like stem
_NOUNISH = r"(?:(?<=[^\W_ぁ-ゖ])|(?<=住み)|(?<=生まれ)|(?<=育ち)|(?<=好き)|(?<=嫌い)|(?<=無理))"

_RULES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(p), r)
    for p, r in (
        # 151センチやけん / 末っ子じゃけん → だから; 近いけん / おるけん → から
        (r"やけん|じゃけん|じゃけえ|やけ(?=[、。!\s])", "だから"),
        # Hiroshima: 186あるけえ → 186あるから; 釣りしよる → 釣りしてる; 「オッキー」呼びよる
        (r"(?<=[いうくすつぬむるただん])けえ(?=[、。!?\s]|$|ね|な)", "から"),
        (r"しよる(?=[。、!?\s]|$|ん|よ|ね|時|とき|の)", "してる"),
        (r"しよった", "してた"),
        (r"」(?=呼び|呼ん|言わ|言う|いう)", "」って"),
        (r"(?<=」って)呼びよる", "呼んでる"),
        # 秋じゃね → 秋だね (not the farewell じゃあね)
        (r"(?<=[^\W\d_ぁ-ゖ])じゃね(?=[。、!?\s]|$)", "だね"),
        (r"(?<![とゃてでば]い)(?<=[いうくすつぬむるただ])けん" + _B, "から"),
        # Nagoya: 雨だで → 雨だから; 好きだがや / 好きがや → 好きだよ
        (r"(?<=[^\W\d_ぁ-ゖ]|い|た)だで(?=[、。!?\s]|$)", "だから"),
        (r"(?:だ|じゃ)がや(?=[。!?\s、]|$|ね|な)", "だよ"),
        (r"(?<=[たいるう])がや(?=[。!?\s、]|$|ね|な)", "じゃん"),
        # 鍛えられとる / 食べとった (an e-stem verb) → 鍛えられてる / 食べてた
        (r"(?<=[えけげせぜてでねべぺめれ])とる", "てる"),
        (r"(?<=[えけげせぜてでねべぺめれ])とった", "てた"),
        # ばい / っちゃん at a sentence end (not やばい, not a nickname like みっちゃん)
        (r"(?<=[るたんいうだよ])ばい(?=[。、!?\s]|$)", "よ"),
        (r"(?<=[るたいう])っちゃん(?=[。、!?\s]|$|ね)", "んだ"),
        # 食べ物やなくて → 食べ物じゃなくて
        (_NOUNISH + r"やな(?=く|い)", "じゃな"),
        # 〜ってゆー / ってゆう → っていう
        (r"(?<=って)ゆ[ーう]", "いう"),
        # a closing copula なん after a noun (趣味なん、) → なの
        (_NOUNISH + r"なん(?=[。、!?\s]|$)", "なの"),
    )
)
_GATE = re.compile(
    r"とる|とった|けん|けえ|やけ|だで|がや|ばい|っちゃん|やな[くい]|ゆ[ーう]|なん|しよ[るっ]|"
    r"」[呼言い]|じゃね"
)


def standardise_kyushu(text: str) -> str:
    """The message with common Kyushu / Hiroshima / Nagoya endings rewritten to standard
    Japanese."""
    return rewrite(text, _GATE, _RULES)
