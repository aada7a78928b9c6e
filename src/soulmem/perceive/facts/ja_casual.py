"""Japanese fact rules for casual phrasings (used by soulmem.perceive.facts.ja).

Favourites said as praise (``麻婆豆腐が優勝``, ``Xさえあれば生きていける``, ``Xが神``,
``Xしか勝たん``, ``うちX一択``, ``Xの漫才見たら元気出る``),
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
from soulmem.perceive.facts.ja_lex import COLOR_RE, FOODS, PERSONS, PHOBIAS, SELF, alt, classify
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
# "うちはクリープハイプしか勝たん", "うちミントグリーン一択なんだ": the one thing for the user
_ONLY_ONE = re.compile(
    rf"(?P<v>{NP})(?:しか勝た(?:ん|ない|ねえ|ぬ)|(?:が|は)?一択(?=[!。、]|$|なんだ|だよ|です|だな|なの|で))"
)
_ONE_LEAD = re.compile(
    rf"(?:^|、|(?:{SELF})(?:は|も|的には|って)?|(?:推し|一番)(?:は|って)|もう|断然|絶対)\s*$"
)
# "見取り図の漫才見たら元気出る": a performer whose work cheers the user up
_CHEERS = re.compile(
    r"(?:^|(?<=[、。!\s])|(?<=[はも]))(?!好きな|あの|この|その|推し)(?P<v>[^\s、。!?「」はがをにで]{1,12}?)"
    r"の(?P<w>漫才|コント|ネタ|ラジオ|曲|歌|動画|配信|ライブ|番組|声)(?:を)?"
    r"(?:見|観|聴|聞)(?:たら|ると|くと|いたら|いてると|てると|てたら|れば)[^。!?]{0,6}?"
    r"(?:元気(?:が)?出|元気になる|笑え|癒さ|頑張れ|救われ|泣け|幸せ)"
)
# "うちは夜は短し歩けよ乙女が一番好き": a title, particles and all, in a message about reading
_TITLE_BEST = re.compile(
    rf"^(?:{SELF})(?:は|って)\s*(?P<v>[^、。!?「」『』]{{4,20}}?)(?:が|は)(?:一番|いちばん)(?:大)?好き"
)
_TITLE_KIND = (
    ("favorite_book", re.compile("読|本|小説|作家")),
    ("favorite_movie", re.compile("映画|観")),
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
    m = _ONLY_ONE.search(t)
    if (
        m
        and _ONE_LEAD.search(t[: m.start()])
        and not s.other_at(m.start())
        and (value := clean(m.group("v")))
    ):
        subject = classify(value, "")
        if subject == "likes" and _MUSIC_TALK.search(s.message):
            subject = "favorite_artist"
        if subject != "likes" or "勝た" in m.group(0):
            yield cand(subject, value, s, confidence=0.75)
    m = _TITLE_BEST.search(t)
    kind = next((k for k, hint in _TITLE_KIND if hint.search(s.message)), None)
    # (only a title with particles in it: a plain noun is the ordinary rules')
    if m and kind and re.search(r"[ぁ-ゖ]", m.group("v")) and (value := clean(m.group("v"))):
        yield cand(kind, value, s, confidence=0.75)
    m = _CHEERS.search(t)
    value = clean(m.group("v")) if m else ""
    if m and value and not re.fullmatch(PERSONS, value) and not s.other_at(m.start()):
        music = m.group("w") in ("曲", "歌")
        subject = "favorite_artist" if music else "likes"
        yield cand(subject, value if music else f"{value}の{m.group('w')}", s, confidence=0.7)
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
# "納豆は無理", "パクチーは絶対ダメ": a food or drink refused outright
_FOOD_NO = re.compile(
    rf"(?P<x>{NP}|(?:甘い|辛い|酸っぱい|苦い|脂っこい)(?:もの|もん|の))(?:は|が|も)"
    # (not "コーヒーはもう無理、お腹いっぱい": no more of it now)
    rf"(?!もう){_INTENSE}(?:無理|ムリ|ダメ|だめ|駄目|NG)(?!じゃ|では|なく|って|かも|そう)"
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
    m = _FOOD_NO.search(t)
    value = re.sub(r"もん$", "もの", clean(m.group("x"))) if m else ""
    kind = classify(value, "") if value else ""
    if m and kind in ("favorite_food", "favorite_drink") and not s.other_at(m.start()):
        yield cand("disliked", value, s, confidence=0.7)
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
# "でもな、本当の一番はとんぺい焼きなんだ": the user's number one, said after a runner-up
_TRUE_ONE = re.compile(
    rf"(?:^|、)(?:本当の|ほんとの|真の|(?:{SELF})の)一番(?:は|って)\s*"
    r"(?P<v>[^\s、。!?はがをに]{2,14}?)(?:なんだ|なんです|です|だよ|だな|かな|だ)?[。!\s]*$"
)


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
    mt = _TRUE_ONE.search(t)
    if mt and not s.other_at(mt.start()) and (value := clean(mt.group("v"))):
        subject = classify(value, s.message)
        if subject != "likes":
            yield cand(subject, value, s, confidence=0.8)


CASUAL_RULES: tuple[Callable[[Sent], Iterator[Candidate]], ...] = (
    _full_name,
    _praise,
    _dislikes,
    _usual,
    _colour_days,
)
