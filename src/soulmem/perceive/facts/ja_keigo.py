"""Humble and old written Japanese (謙譲語, 文語調) to plain polite Japanese, for the rules.

An older writer says "小生、大河内正臣と申す者にて", "古家に住まっております", "柴犬が一匹
おりまして", "蕎麦を一口も頂けぬ体質でございます", "齢七十六": the rules read "私", "という者",
"住んでいます", "います", "ない", "です", "76歳". Like ``ja_kansai``, a light rewrite of forms
plain Japanese does not use in these places; nouns (the values the rules keep) pass through
unchanged.
"""

from __future__ import annotations

import re

from soulmem.perceive.facts.ja_lex import kanji_number
from soulmem.perceive.facts.rewrite import rewrite

__all__ = ["plain"]

_RULES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(p), r)
    for p, r in (
        # the humble first person and home
        (r"小生|拙者", "私"),
        (r"拙宅", "私の家"),
        # 住まう (to dwell): 住まっております → 住んでおります
        (r"住まって", "住んで"),
        (r"住まい(?=を|に|は)", "住み"),
        # おる after て / で, or after a particle or a noun: いる
        (r"(?<=[てで])おりまして", "いて"),
        (r"(?<=[てで])おりま", "いま"),
        (r"(?<=[てで])おる", "いる"),
        # (not after に: "文具メーカーにおります" is where one works, as the work rules read it)
        (r"(?<=[がもはの一二三四五六七八九十匹頭羽人])おりまして", "いて"),
        (r"(?<=[がもはの一二三四五六七八九十匹頭羽人])おりま", "いま"),
        # ございます: です after a copula's で / に, else あります
        (r"[でに]ございます", "です"),
        (r"[でに]ございまして", "でして"),
        (r"[でに]ございました", "でした"),
        (r"[でに]ございませ", "ではありませ"),
        (r"ございま", "ありま"),
        # 申す者: the one called (申します itself the rules read as it is)
        (r"と申す者(?:にて|で)?", "という者で"),
        # the old negative ぬ after a verb stem, and ませぬ
        (r"ませぬ", "ません"),
        (r"(?<=[けげせぜてでねべめれえ])ぬ(?=[。、!?\s体身者ものでがとはよ]|$)", "ない"),
        # 〜にて (で), 〜ゆえ (から)
        (r"(?<=[^\W\d_ぁ-ゖ])にて(?=[、。\s])", "で"),
    )
)
_GATE = re.compile(r"小生|拙者|拙宅|住まっ|住まい|おりま|おる|ございま|申す者|ませぬ|ぬ|にて|齢")
#: "齢七十六", "齢76": an age by the old word for it
_AGE = re.compile(r"齢\s*(?P<n>[〇一二三四五六七八九十百]+|\d{1,3})(?!歳|才)")


def _age(match: re.Match[str]) -> str:
    n = match.group("n")
    value = int(n) if n.isdigit() else kanji_number(n)
    return f"{value}歳" if value else match.group(0)


def plain(text: str) -> str:
    """``text`` with humble and old written forms rewritten to plain polite Japanese."""
    if not _GATE.search(text):
        return text
    text = rewrite(text, _GATE, _RULES)
    return _AGE.sub(_age, text)
