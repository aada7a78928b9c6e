"""Japanese rules for an earlier fact corrected or over (used by soulmem.perceive.facts.ja).

A new home said as a move (``川越から所沢に``, after ``引っ越した！`` in the sentence
before; ``新居は所沢``; ``所沢に移り住んだ``; the place alone after a move told,
``引っ越した！先週末、蒲田に。``), a partner the user broke up with by name
(``たけしとは別れた``), a favourite that changed (``好きな食べ物がカレーに変わった``).
A single-valued subject's new value replaces the old one; an old value named as left
(``川越から``) is also ended, so that it is not shown as current when the new one is not read.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from soulmem.perceive.facts.base import Candidate
from soulmem.perceive.facts.ja_lex import PERSONS
from soulmem.perceive.facts.ja_places import PLACE, place_value
from soulmem.perceive.facts.ja_text import NP, WORD, Sent, cand, clean

__all__ = ["CHANGE_RULES"]

# the message is about moving house (not ``引っ越し祝い`` for a friend: the topic check runs)
_MOVE_TALK = re.compile(
    r"引っ越(?!しの手伝|し祝い|しを手伝)|越してき|越した|移り住|転居|移住|新居|新しい家|新しい部屋|引き払|新生活"
)
_FROM = rf"(?P<f>{WORD}(?:の{WORD})?)"
# "川越から所沢に", "川越から所沢へ引っ越した": the old place, then the new one
_FROM_TO = re.compile(
    rf"(?:^|(?<=[、\s]))(?:先週|先月|今月|去年|この前|こないだ|実は)?\s*{_FROM}から、?\s*{PLACE}(?:に|へ)"
    r"(?=引っ越|越し|移|来|引越|[!。、\s]|$)"
)
# "所沢に越したよ、川越から": the new place first, the old one after
_TO_FROM = re.compile(
    rf"{PLACE}(?:に|へ)(?:引っ越|越し|移り住|移っ|転居)[^。!?]{{0,10}}?、\s*{_FROM}から[。!\s]*$"
)
_NEW_HOME = re.compile(
    rf"(?:新居|新しい家|新しい部屋|引っ越し先|引越し先|引越先)(?:は|が|って)\s*{PLACE}"
    r"(?:です|だよ|なの|なんだ|にある|で|。|!|$|、)"
)
_MOVED_IN = re.compile(
    rf"{PLACE}(?:に|へ)(?:移り住|転居|移住|来た|来ました|越した|越して|移った|移って)"
)
# "引っ越した！先週末、蒲田に。": a move told, then its place alone with the verb left out
_MOVED_DONE = re.compile(
    r"引っ越(?:した|しました|してき|し(?:が)?(?:完了|終わ|済ん))|越してきた|越しました|越した[!！よ。]"
)
_BARE_TO = re.compile(
    r"^(?:(?:先週末?|先月|昨日|今日|この前|こないだ|週末|土曜|日曜|やっと|ついに|無事)"
    rf"[にはも]?[、,\s]*)*{PLACE}(?:に|へ)(?:ね|よ|だよ)?[!！。…〜~ー]*$"
)
# "東区のボロアパート更新しないで、手稲の借家に。": the new home by its kind, the verb left out
_HOUSING_TO = re.compile(
    rf"(?:^|、)\s*{PLACE}の(?:借家|アパート|マンション|部屋|一軒家|社宅|寮|団地)(?:に|へ)"
    r"(?:ね|よ|だよ)?[!！。…〜~ー]*$"
)
# "所沢での新生活スタート": the new life's place
_NEW_LIFE = re.compile(rf"{PLACE}(?:での|で)(?:新生活|新しい生活|一人暮らし|ひとり暮らし)")
_NOT_HOME = re.compile(
    r"(?:部|課|科|係|チーム|会社|店|支店|学校|高校|大学|クラス|病院|家|宅|んち|部屋)$"
    rf"|^(?:{PERSONS})"
)


def _move(s: Sent) -> Iterator[Candidate]:
    if not _MOVE_TALK.search(s.message):
        return
    t = s.text
    bare = (_BARE_TO, _HOUSING_TO) if _MOVED_DONE.search(s.message) else ()
    for regex in (_FROM_TO, _TO_FROM, _NEW_HOME, _MOVED_IN, _NEW_LIFE, *bare):
        m = regex.search(t)
        if m is None or s.other_at(m.start()):
            continue
        new = place_value(m)
        if not new or _NOT_HOME.search(new):
            continue
        yield cand("current_residence", new, s, confidence=0.85)
        old = m.groupdict().get("f")
        for value in s.context.current.get("current_residence", ()) if old else ():
            if clean(old or "") and clean(old or "") in value and new not in value:
                yield cand("current_residence", value, s, mode="end", confidence=0.8)
        return


# ---------------------------------------------------------------- a partner left, by name
_BROKE_WITH = re.compile(
    r"(?P<n>[^\s、。!?]{1,10}?)(?:くん|君|さん|ちゃん)?(?:と|とは)"
    r"(?:もう|先月|先週|昨日|この前|こないだ|去年|最近|ついに|結局|実は)?(?:別れ|破局)"
    r"(?:た|ちゃった|ちゃいました|ました|て|たんだ)"
)


def _broke_up(s: Sent) -> Iterator[Candidate]:
    partners = s.context.current.get("partner", ())
    m = _BROKE_WITH.search(s.text) if partners else None
    if m is None or s.other_at(m.start()):
        return
    for value in partners:
        name = re.split(r"[（(「]", value)[0].strip()
        if name and (name in m.group("n") or m.group("n").endswith(name)):
            yield cand("partner", value, s, mode="end", confidence=0.85)
            yield cand("relationship_status", "恋人なし（最近別れた）", s, confidence=0.8)
            return


# ---------------------------------------------------------------- a favourite changed
_FAV_SUBJECTS = {
    "食べ物": "favorite_food",
    "食べもの": "favorite_food",
    "飲み物": "favorite_drink",
    "色": "favorite_color",
    "季節": "favorite_season",
    "映画": "favorite_movie",
    "本": "favorite_book",
    "ゲーム": "favorite_game",
    "動物": "favorite_animal",
    "アーティスト": "favorite_artist",
    "バンド": "favorite_artist",
    "場所": "favorite_place",
}
_FAV_CAT = "|".join(_FAV_SUBJECTS)
# "好きな食べ物がカレーに変わった", "推しはヨルシカに乗り換えた"
_FAV_CHANGED = re.compile(
    rf"(?:一番|いちばん)?好きな(?P<c>{_FAV_CAT})(?:は|が|って|も)(?:最近|今は|いつの間にか)?\s*"
    rf"(?P<v>{NP})(?:に|へ)(?:変わ|かわ|変え|乗り換え|鞍替え|更新)"
)


def _fav_changed(s: Sent) -> Iterator[Candidate]:
    m = _FAV_CHANGED.search(s.text)
    if m and not s.other_at(m.start()) and (value := clean(m.group("v"))):
        yield cand(_FAV_SUBJECTS[m.group("c")], value, s, confidence=0.85)


# ---------------------------------------------------------------- a pet that died
_PET_DIED = re.compile(r"亡くな|死んじゃ|死んだ|死んで|虹の橋|天国に(?:行|いっ)|旅立|お空に")


def _pet_died(s: Sent) -> Iterator[Candidate]:
    m = _PET_DIED.search(s.text)
    if m is None:
        return
    before = s.text[: m.start()]
    for value in s.context.current.get("pet", ()):
        named = re.search(r"「([^」]{1,8})」", value)
        # "ミケ、先月虹の橋を渡っちゃった": the pet's name leads the sentence
        if (
            named
            and named.group(1) in before
            and not s.other_topic(before[: before.find(named.group(1))])
        ):
            yield cand("pet", value, s, mode="end", confidence=0.85)


# ---------------------------------------------------------------- a hobby given up for another
# "ゴルフは腰やっちゃってもうクラブはしまっちゃった。代わりに今は盆栽にハマってる"
_INSTEAD = re.compile(r"代わりに|かわりに|その代わり")
_GAVE_UP = re.compile(r"やめ|辞め|しまっ|引退|卒業|できなく|無理に|おしまい|終わり")
_HEAD = re.compile(r"[ァ-ヺー]{2,}|[一-龯々]{2,}|[A-Za-z]{3,}")


def _hobby_swapped(s: Sent) -> Iterator[Candidate]:
    m = _INSTEAD.search(s.text)
    said = s.before + s.text[: m.start()] if m else ""
    if m is None or not _GAVE_UP.search(said):
        return
    for subject in ("hobby", "sport"):
        for value in s.context.current.get(subject, ()):
            head = _HEAD.match(value)
            if head and head.group() in said and not s.other_topic(said[: said.find(head.group())]):
                yield cand(subject, value, s, mode="end", confidence=0.75)


CHANGE_RULES: tuple[Callable[[Sent], Iterator[Candidate]], ...] = (
    _move,
    _broke_up,
    _fav_changed,
    _pet_died,
    _hobby_swapped,
)
