"""Kansai dialect (関西弁) to standard Japanese, for the sentences the rules read.

A light rewrite of common endings and forms (``やねん`` → ``なんだ``, ``へん`` → ``ない``,
``しとる`` → ``してる``, ``ほんま`` → ``本当``, ``おる`` → ``いる``, ``あかん`` → ``ダメ``,
``ほんで`` → ``それで`` …), so that every standard
rule also reads a Kansai speaker. Only forms that standard Japanese does not use are touched;
nouns (the values the rules keep) pass through unchanged.
"""

from __future__ import annotations

import re

from soulmem.perceive.facts.rewrite import rewrite

__all__ = ["rewrite", "standardise"]

_END = r"(?=[。、!?\s」)笑]|$)"
_STOP = r"(?=[。!?\s」)笑]|$)"
# a noun-ish character before the copula や (kanji, katakana, digits, latin) or a noun tail
# of a verb stem used as a noun (赤羽住み, 大阪生まれ, 東京育ち)
_NOUNISH = r"(?:(?<=[^\W_ぁ-ゖ])|(?<=住み)|(?<=生まれ)|(?<=育ち)|(?<=好き)|(?<=嫌い)|(?<=無理))"
# verbs whose う-stem takes the Kansai ``うた`` past (言うた, 食うた, 会うた)
_U_VERB = r"(?<=[言食会逢合思買払使貰飼習通誘吸拾洗歌笑])"
# the negative stem of a verb before the Kansai ``ん`` (買わん, 知らん, わからん), not a noun
# ending in ん (みかん, かばん)
_A_STEM = r"(?:(?<=[^\W\d_ぁ-ゖァ-ヺーA-Za-z][わらか])|(?<=から)|(?<=わら))"
# a particle or a non-kana character before おる (鳩おる, 妹がおって), not a word (かおる)
_ORU = r"(?:(?<![ぁ-ゖァ-ヺ])|(?<=[がもはにで]))"

_CHAU = (
    r"(?:^|(?<=[\s、。!?「とやんはがもァ-ヺー])|(?<=ちゃう)"
    r"|(?<=[^\W\d_ぁ-ゖァ-ヺA-Za-z見来出着居]))"
)

_RULES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(p), r)
    for p, r in (
        # ほんま → 本当, ええ → いい, ほんで → それで, せやから → だから
        (r"ほんま", "本当"),
        (r"(?:^|(?<=[\s、。!?]))ほんで", "それで"),
        (r"いっちゃん(?=好き|嫌い|得意|苦手|の|は|が)", "一番"),
        (r"(?:^|(?<=[\s、。!?]))せや(?=から|けど|のに)", "だ"),
        # あかん → ダメ (``キウイだけはあかんねん``, ``食べたらあかんで``)
        (r"あかんねん", "ダメなんだ"),
        (r"あかんかった", "ダメだった"),
        (r"あかんで(?=[。、!?\s]|$)", "ダメだよ"),
        (r"あかん", "ダメ"),
        # おんねん / おんで / おんの → いるんだ / いるよ / いるの (``実家にフェレットおんねん``)
        (r"(?<![ぁ-ゖ])おんねん", "いるんだ"),
        (r"(?<![ぁ-ゖ])おんで(?=[。、!?\s]|$)", "いるよ"),
        (r"(?<![ぁ-ゖ])おん(?=の)", "いる"),
        (r"ええ(?=[やんとなねよ])", "いい"),
        # ちゃう → 違う only where 違う could stand (a start, after と / や / ん, doubled), not
        # the standard 〜ちゃう of a verb (腫れちゃう, 食べちゃう)
        (_CHAU + r"ちゃう(?=[。、!?\s]|$|ねん|で|やん|か|よ|わ|ちゃう)", "違う"),
        (_CHAU + r"ちゃうかった", "違った"),
        # 言うた / 言うて → 言った / 言って
        (_U_VERB + r"うた", "った"),
        (_U_VERB + r"うて", "って"),
        # negatives: せえへん / こおへん / 〜てへん / 〜へん / おらん
        (r"(?:せえ|せー|せ)へん", "しない"),
        (r"(?:こお|こー|けえ|けー)へん", "こない"),
        (r"(?<=[ぁ-ゖ])へんかった", "なかった"),
        (
            r"(?<![のい])(?<=[ぁ-ゖ])へん(?=[。、!?\s]|$|ねん|で|のに|の|し|けど|から|わ|よ|や|か)",
            "ない",
        ),
        (_ORU + r"おらんかった", "いなかった"),
        (_ORU + r"おらん", "いない"),
        (_A_STEM + r"ん(?=かった)", "な"),
        (_A_STEM + r"ん(?=[。、!?\s]|$|けど|し[。、]|わ|で[。、!\s]|で$)", "ない"),
        # おる → いる (居る), not inside a word (かおる)
        (_ORU + r"おって", "いて"),
        (_ORU + r"おった", "いた"),
        (_ORU + r"おる(?!ん?です|けど|わけ)", "いる"),
        # 〜とる / 〜とった / 〜とん → 〜てる / 〜てた / 〜てるん
        (r"(?<=[っし来寝見着出居])とる", "てる"),
        (r"(?<=[っし来寝見着出居])とった", "てた"),
        (r"(?<=[っし来寝見着出居])とん(?=ねん|や|で|の|よ|か)", "てるん"),
        (r"(?<=ん)どる", "でる"),
        (r"(?<=ん)どった", "でた"),
        # 〜とって / 〜どって / 〜とります (also Nagoya and the west): "住んどって" -> 住んでいて
        (r"(?<=[っし来寝見着出居])とって", "ていて"),
        (r"(?<=ん)どって", "でいて"),
        (r"(?<=[っし])とります", "ています"),
        (r"(?<=ん)どります", "でいます"),
        # "住んでんのは": 〜てるの, said as 〜てんの
        (r"(?<=[てで])んの(?=は|が|って|、|。|$)", "るの"),
        # 〜てもうた → 〜てしまった
        (r"(?<=[てで])もうた", "しまった"),
        # 〜てんねん / 〜てんで → 〜てるんだ / 〜てるよ; 〜てん → 〜たんだ
        (r"(?<=[てで])んねん", "るんだ"),
        (r"(?<=[てで])んで" + _END, "るよ"),
        (r"(?<=[^\W\d_ァ-ヺーA-Za-z])てん" + _END, "たんだ"),
        (r"(?<=ん)でん" + _END, "だんだ"),
        # "今年で22になんねん": になる, said as なんねん
        (r"(?<=に)なんねん", "なるんだ"),
        # すんねん / 来んねん → するんだ / 来るんだ
        (r"(?<=[すく来見寝])んねん", "るんだ"),
        # copula: やねん / やで / やん / やな / やし / やけど / やから / やろ
        (r"やねん", "なんだ"),
        (r"(?<=ん)ねん", "だ"),
        (r"(?<=[ぁ-ゖ])ねん", "んだ"),
        (_NOUNISH + r"やで" + _END, "だよ"),
        # "季節やったら断然冬派": a noun, then the conditional copula
        (_NOUNISH + r"やったら", "だったら"),
        (r"(?<=[^\W_ぁ-ゖ]|た|い)やん" + _END, "じゃん"),
        (r"(?:" + _NOUNISH + r"|(?<=、))やな" + _END, "だな"),
        (_NOUNISH + r"や(?=し[。、]|けど|から|ろ|と)", "だ"),
        (r"(?<=[^\W_ぁ-ゖ])や" + _STOP, "だ"),
        (r"(?<=[ぁ-ゖ])んや" + _END, "んだ"),
    )
)
# a cheap gate: only messages with some Kansai form get rewritten
_GATE = re.compile(
    r"ほんま|ほんで|せや|あかん|おん|いっちゃん|ちゃう|うた|うて|へん|おら|おる|おっ|とる|とっ|とん|どる|どっ|とりま|どりま|もうた|ねん|んで|てん"
    r"|やで|やん|やな|やし|やったら|やけど|やから|やろ|やと|ええ|ん[。、!?\s]|ん$|でん|や[。、!?\s笑]|や$"
)


def standardise(text: str) -> str:
    """The message with common Kansai endings and forms rewritten to standard Japanese."""
    return rewrite(text, _GATE, _RULES)
