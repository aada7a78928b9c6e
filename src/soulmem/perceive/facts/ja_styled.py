"""Styled Japanese typing to plain text, for the rules ("おじさん構文" and its like).

Some users end words in katakana (``ボクは、48歳ダヨ``, ``呼んでネ``, ``水野サン``) and put a
comma after nearly every word (``ボク、ほんとは、54歳なんダヨ``). The rules read particles
and endings, so a message typed this way is rewritten first: katakana endings and honorifics
after a word become hiragana, ``ボク`` becomes ``僕``, and the commas inside its sentences are
dropped. A message is rewritten only when it, or one of the user's two messages before it,
is styled this way throughout (two katakana endings or more, one with three commas, or a
comma every eight characters), so ordinary text passes unchanged.
"""

from __future__ import annotations

import re

__all__ = ["unstyle"]

# endings written in katakana after a word (kanji, kana, a long mark or a comma before them),
# closed by punctuation, a symbol or the end
# (a one-kana ending only after a word not in katakana: "オハヨ" is a word of its own)
_ENDING = re.compile(
    r"(?:(?<=[ぁ-ゖ一-龯々ー、ァ-ヺ])"
    r"(?:ナンダヨネ|ナンダヨ|ナンダ|ダヨネ|ダヨ|ダネ|ダナ|ダッタ|ダケド|ケド|カナ|デス|デショ|ショ|"
    r"マス|マシタ|マセン|チョーダイ|ヨネ)"
    r"|(?<=[ぁ-ゖ一-龯々、])[ヨネナサゾワ])"
    r"(?=[、。!?\s…」)(]|[^\w]|$)"
)
# "水野サン", "ネコチャン": an honorific after a name
_HONORIFIC = re.compile(
    r"(?<=[一-龯々ぁ-ゖァ-ヺ])(サン|チャン|クン|サマ)(?=[、。!?\sがはのもをにとみ]|[^\w]|$)"
)
_BOKU = re.compile(r"ボク(?=[、はがのもって自]|$)")
_COMMA = re.compile(r"、")
_OFFSET = ord("ぁ") - ord("ァ")


def _hiragana(kana: str) -> str:
    return "".join(chr(ord(c) + _OFFSET) if "ァ" <= c <= "ヶ" else c for c in kana)


def styled(text: str) -> bool:
    """Katakana endings twice or more; one with three commas; or a comma every eight
    characters (five at least)."""
    commas = text.count("、")
    endings = len(_ENDING.findall(text))
    return (
        endings >= 2 or (endings == 1 and commas >= 3) or (commas >= 5 and commas * 8 >= len(text))
    )


def unstyle(text: str, earlier: tuple[str, ...] = ()) -> str:
    """``text`` with its katakana endings, honorifics and word-by-word commas made plain, when
    it or one of the user's ``earlier`` messages is typed that way."""
    if not styled(text) and not any(styled(e) for e in earlier):
        return text
    text = _ENDING.sub(lambda m: _hiragana(m.group()), text)
    text = _HONORIFIC.sub(lambda m: _hiragana(m.group(1)), text)
    text = _BOKU.sub("僕", text)
    return _COMMA.sub("", text)
