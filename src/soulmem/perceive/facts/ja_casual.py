"""Japanese fact rules for casual phrasings (used by soulmem.perceive.facts.ja).

Favourites said as praise (``麻婆豆腐が優勝``, ``Xさえあれば生きていける``, ``Xが神``),
dislikes said as ``Xは見るのも無理`` or of an attribute of the thing just named
(``納豆巻き…あのネバネバが無理``), a fear pointed back at (``鳩いた？あいつら無理``), the
usual order (``いつものほうじ茶ラテ``, ``カフェ行ったら九割ラテ``), a colour bought or matched
(``モスグリーンばっかり買ってる``, ``全部この色で揃えてる``), how days off are spent, the
user's "number one" in the category just asked about (``一番はX、だな``) and a full name
said after the surname (``小野寺っていいます。小野寺澪。``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from soulmem.perceive.facts.base import Candidate
from soulmem.perceive.facts.ja_lex import COLOR_RE, FOODS, PHOBIAS, SELF, alt, classify
from soulmem.perceive.facts.ja_talk import PICK_CATEGORIES
from soulmem.perceive.facts.ja_text import KANJI, NP, WORD, Sent, cand, clean

__all__ = ["CASUAL_RULES"]

_INTENSE = r"(?:本当|本当に|マジで|まじで|ほんと|ほんとに|どうしても|絶対)?"

# ---------------------------------------------------------------- full name
_SURNAME_SAID = re.compile(
    rf"(?P<a>{KANJI}{{1,4}})(?:って|と)(?:言います|いいます|申します|いう)|(?P<b>{KANJI}{{1,4}})です"
)
_BARE_NAME = re.compile(rf"^(?P<n>{KANJI}{{3,6}})(?:です|だよ)?[。!\s]*$")


def _full_name(s: Sent) -> Iterator[Candidate]:
    m = _BARE_NAME.match(s.text)
    if m is None or not s.before:
        return
    name = m.group("n")
    for said in _SURNAME_SAID.finditer(s.before[-40:]):
        surname = said.group("a") or said.group("b")
        if name.startswith(surname) and len(name) > len(surname):
            yield cand("name", name, s, confidence=0.85)
            return


# ---------------------------------------------------------------- favourites as praise
_PRAISE = (
    re.compile(
        rf"(?P<v>{NP})(?:が|は)?優勝(?=[!。、]|$|でしょ|だよ|です|なんだ|かな)",
    ),
    re.compile(rf"(?P<v>{NP})、?(?:あれ|これ|それ)?(?:さえ|が)(?:あれば|あったら)生きていける"),
    # "鯖の味噌煮があれば文句なし", "角ハイあれば優勝": a food or drink that is all one needs
    re.compile(
        rf"(?P<v>{NP})、?(?:さえ|が)?(?:あれば|あったら)(?:もう)?"
        r"(?:文句なし|文句ない|優勝|最高|満足|幸せ|十分|(?:他に|ほかに)?何も(?:いらない|要らない))"
    ),
)
_GOD = re.compile(
    rf"(?P<v>{NP})(?:が|は)(?:神|至高|天才)(?:だと思って|だと思う|なんだ|です|だよ|すぎ|。|!|$|、)"
)
_MUSIC_TALK = re.compile(r"曲|歌|音楽|聴|ライブ|アルバム|ポップ|ロック")


def _praise(s: Sent) -> Iterator[Candidate]:
    t = s.text
    for regex in _PRAISE:
        m = regex.search(t)
        if m and not s.other_at(m.start()) and (value := clean(m.group("v"))):
            subject = classify(value, s.message)
            if subject != "likes" or regex is _PRAISE[1]:
                yield cand(subject, value, s, confidence=0.75)
    m = _GOD.search(t)
    if m and not s.other_at(m.start()) and (value := clean(m.group("v"))):
        subject = classify(value, t)
        if subject == "likes" and _MUSIC_TALK.search(s.message):
            subject = "favorite_artist"
        yield cand(subject, value, s, confidence=0.7)


# ---------------------------------------------------------------- dislikes and fears
_EVEN_SEEING = re.compile(
    rf"(?P<x>{NP})(?:は|が|って)(?:見る|聞く|考える|触る|嗅ぐ|食べる)(?:の)?(?:も|だけで)(?:もう)?"
    rf"{_INTENSE}(?:無理|ダメ|だめ|嫌)"
)
_ATTR = r"(?:匂い|におい|臭い|味|食感|ネバネバ|ぬめり|見た目|香り)"
_ATTRIBUTE = re.compile(
    rf"(?:あの|この|その)?(?:(?:{_ATTR}|{WORD})と)?{_ATTR}"
    rf"(?:が|は)(?:もう)?{_INTENSE}(?:無理|ダメ|だめ|苦手|嫌い)"
)
_PRONOUN_FEAR = re.compile(
    rf"(?:あいつら|こいつら|あいつ|こいつ|あれ)(?:は|が|って)?(?:もう)?{_INTENSE}(?:無理|怖い|こわい|苦手)"
    rf"|(?:無理|怖い|こわい|苦手)(?:なんだ|だ)?、(?:あいつら|こいつら)"
)
_FEAR_WORD = re.compile(PHOBIAS)
_VERDICT = re.compile(r"(?:無理|ダメ|だめ|嫌|苦手|嫌い|最悪|キツい|きつい)")


def _dislikes(s: Sent) -> Iterator[Candidate]:
    t = s.text
    m = _EVEN_SEEING.search(t)
    if m and not s.other_at(m.start()) and (value := clean(m.group("x"))):
        yield cand("disliked", value, s, confidence=0.75)
    m = _ATTRIBUTE.search(t)
    if m:
        # the food the attribute belongs to: the last one named before it
        words = re.findall(WORD, s.before[-60:] + t[: m.start()])
        foods = [w for w in words if re.search(FOODS, w)]
        # or the noun set just before it (``お土産の塩辛、あの匂いが無理``)
        topic = re.search(rf"(?P<x>{WORD})、\s*$", t[: m.start()])
        if topic and _VERDICT.fullmatch(topic.group("x")):
            topic = None  # ``セロリは見るのも無理、あの匂いが…``: the clause before, not a noun
        thing = clean(topic.group("x")) if topic else (foods[-1] if foods else "")
        if thing and not s.other_at(m.start()):
            yield cand("disliked", thing, s, confidence=0.7)
    m = _PRONOUN_FEAR.search(t)
    if m and (fears := _FEAR_WORD.findall(s.before[-60:])):
        yield cand("phobia", fears[-1], s, confidence=0.7)


# ---------------------------------------------------------------- the usual order
_USUAL = re.compile(
    rf"いつもの(?P<v>{NP})(?=ね|で|を|、|。|!|$|ください|お願い|ホット|アイス)"
    rf"|(?:たら|と|では|なら|は)、?(?:九割|八割|ほぼ|大体|だいたい|毎回|絶対)(?:は)?\s*(?P<w>{NP})"
    r"(?=一択|だよ|です|かな|!|。|$|、)"
)


def _usual(s: Sent) -> Iterator[Candidate]:
    m = _USUAL.search(s.text)
    if m and not s.other_at(m.start()) and (value := clean(m.group("v") or m.group("w"))):
        subject = classify(value, "")
        if subject in ("favorite_drink", "favorite_food"):
            yield cand(subject, value, s, confidence=0.75)


# ---------------------------------------------------------------- colour, days off, number one
_COLOR_BUY = re.compile(
    rf"(?P<c>{WORD})(?:色)?(?:の(?:服|もの|物|アイテム))?(?:ばかり|ばっかり|ばっか)"
    r"(?:買って|選んで|着て|集めて|身につけて)"
    rf"|(?P<d>{WORD})(?:色)?で(?:全部|ぜんぶ)?(?:揃えて|そろえて|統一して)"
)
_THIS_COLOR = re.compile(r"(?:この|その|同じ)色で(?:揃えて|そろえて|統一)")
# "寝る前はあつ森やるのが日課": a daily pastime (the value may mix kana and kanji)
_DAILY = re.compile(
    r"(?:^|(?<=[、。\s])|(?<=は))(?P<v>[^\s、。!?はをが]{2,12}?)(?:を)?"
    r"(?:やる|する|プレイする|観る|見る|聴く|読む)のが(?:日課|習慣)"
)
_DAYS_OFF = re.compile(
    rf"(?:休日|休み(?:の日)?|週末|オフ(?:の日)?)の過ごし方(?:は|な|って)?、?\s*(?P<v>{NP})"
    r"(?=。|!|$|、|です|だよ|かな)"
)
_NUMBER_ONE = re.compile(
    rf"^(?:{SELF}の)?(?:一番|イチオシ|ベスト)(?:は|って)\s*(?P<v>[^。!?]{{2,20}}?)、?"
    r"(?:だな|だね|かな|です|だよ|なんだ)[。!\s]*$"
)
_CATEGORY = re.compile(alt(" ".join(PICK_CATEGORIES)))


def _colour_days(s: Sent) -> Iterator[Candidate]:
    t = s.text
    m = _COLOR_BUY.search(t)
    colour = clean(m.group("c") or m.group("d")) if m else ""
    if not (colour and COLOR_RE.search(colour)) and _THIS_COLOR.search(t):
        named = [c for c in re.findall(WORD, s.before[-40:]) if COLOR_RE.search(c)]
        colour = named[-1] if named else ""
    if colour and COLOR_RE.search(colour) and not s.other_at(t.find(colour)):
        yield cand("favorite_color", colour, s, confidence=0.75)
    md = _DAYS_OFF.search(t) or _DAILY.search(t)
    if md and not s.other_at(md.start()) and (value := clean(md.group("v"))):
        yield cand("hobby", value, s, confidence=0.75)
    mo = _NUMBER_ONE.search(t)
    asked = _CATEGORY.findall(s.before[-30:])
    if mo and asked and (value := clean(mo.group("v"))):
        yield cand(PICK_CATEGORIES[asked[-1]], value, s, confidence=0.75)


CASUAL_RULES: tuple[Callable[[Sent], Iterator[Candidate]], ...] = (
    _full_name,
    _praise,
    _dislikes,
    _usual,
    _colour_days,
)
