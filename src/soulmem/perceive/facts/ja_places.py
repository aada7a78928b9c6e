"""Japanese place rules: where the user comes from (``hometown``) and lives now
(``current_residence``), with the time words, seasons and businesses that are not part of
a place taken off it (``今は大阪``, ``秋田``, ``青森のりんご農家``)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from soulmem.perceive.facts.base import Candidate
from soulmem.perceive.facts.ja_lex import NAMED_DAYS, SELF, alt
from soulmem.perceive.facts.ja_text import WORD, Sent, cand, clean

__all__ = ["PLACE", "place_value", "places"]

_DAY_NAMES = alt(" ".join(NAMED_DAYS))

_PLACE = rf"(?P<p>{WORD}(?:の{WORD})?)"
_BAD_PLACE = re.compile(
    rf"\d|月|日$|年|代|時代|季節|平成|昭和|令和|朝|夜|{_DAY_NAMES}|"
    r"(?:春|夏|秋|冬)(?:休み|頃|ごろ|場)?$|"  # a season, not a place that begins with one (秋田)
    r"(?:姉妹|兄弟|きょうだい)の|"  # "三姉妹の末っ子", not a place
    r"^(?:今|今は|家|実家|ここ|そこ|一緒|末|歳|才|雪国|南国|北国|下町|山奥|海辺|一人|二人|三人|ふたり|双子|都会|田舎|環境|家庭|現代|平成|甘えん坊|長男|長女|次男|次女)$|"
    # a kind of place, not which one (``島育ち``, ``港町の生まれ``)
    r"^(?:島|離島|町|街|村|港町|城下町|漁村|農村|山村|寒村|山|海|港|郊外|地方|山間|山里|"
    r"片田舎|田舎町|小さな町|小さい町)$|"
    # "住所は追ってお知らせ": not yet told, not a place
    r"^(?:後日|後ほど|未定|秘密|内緒)$|"
    # a kind of home, not where it is (``家は賃貸``, ``家は駅近``)
    r"^(?:賃貸|持ち家|一軒家|戸建て?|マンション|アパート|団地|社宅|寮|借家|駅近|近所|近く|遠く|"
    r"狭|広|古|新築|散らかり放題|ボロ|ゴミ屋敷|職場の近く)"
)
_AREA = r"(?:のほう|の方|の辺|の辺り|あたり|辺り)?"
_HOMETOWN = (
    # (not "記念日生まれが多い店": how many, not where)
    re.compile(
        rf"(?:出身|地元|故郷|ふるさと|生まれ|育ち)(?:は|が|って)(?!多い|多く|少な)\s*{_PLACE}"
    ),
    re.compile(rf"{_PLACE}から(?:上京|出てきた|出て来た|出てきて)"),
    re.compile(rf"生まれも育ちも\s*{_PLACE}"),
    # "ずっと東京だよ、生まれも育ちも": the place first, the phrase after it
    re.compile(rf"{_PLACE}(?:だよ|です|なの|なんだ|だし|で)?、?\s*生まれも育ちも"),
    re.compile(rf"{_PLACE}(?:の)?出身"),
    re.compile(rf"{_PLACE}(?:で)?生まれ(?:の(?={SELF})|で|、|育ち|。|!|$|だ|です|なの|なん)"),
    re.compile(rf"{_PLACE}育ち"),
    re.compile(rf"{_PLACE}の出(?:で|です|だ|なん|なの|、|。|!|$)"),
    # "実家は有田のほうでみかん作ってる": (のほう, the area around the place)
    re.compile(
        rf"実家(?:は|が)\s*{_PLACE}{_AREA}(?:に(?:ある|あって)|で(?![^、。]{{0,6}}(?:暮らし|住ん))|です|だよ|なの|なん|。|!|$|、)"
    ),
    # "生まれ育ったのは四万十川のほとりの町": the place the user was born and raised in
    re.compile(
        rf"(?:生まれ育った|生まれた|育った)(?:の|ん|ところ|とこ|場所|町|街|村)(?:は|って)\s*{_PLACE}"
    ),
    re.compile(r"(?P<p>道産子|どさんこ|江戸っ子|浜っ子|うちなんちゅ|ウチナーンチュ)"),
    re.compile(rf"{_PLACE}っ子(?:だ|です|なの|なん|で|、|。|!|$)"),
)
_NATIVE = {"道産子": "北海道", "どさんこ": "北海道", "江戸っ子": "東京", "浜っ子": "横浜"}
_NATIVE |= {"うちなんちゅ": "沖縄", "ウチナーンチュ": "沖縄"}
_RESIDENCE = (
    re.compile(
        rf"{_PLACE}(?:で|に)(?:[^。!?、]{{0,8}}?と)?(?:ひとり暮らし|一人暮らし|独り暮らし|二人暮らし|同棲|"
        # (住み始めた is where the user lives now; 住んでた, where they used to)
        r"(?:住んで|暮らして|住まって)(?!た|いた|ました|も)|住み始め|住む)"
    ),
    re.compile(rf"{_PLACE}(?:に|へ)引っ越(?:し|す)"),
    re.compile(
        rf"引っ越して(?:、)?(?!最初|初め|はじめ|すぐ|早々|以来|から|間も|まだ|もう|ばかり)(?:今は|いまは|今)?\s*{_PLACE}(?:に|です|だよ|。|!|$|、|なの|で)"
    ),
    re.compile(rf"{_PLACE}在住"),
    re.compile(
        rf"{_PLACE}(?<!仮)(?<!お)住(?:み|まい)(?:です|だよ|なの|なん|。|!|$|、|で|に(?:なった|なりました))"
    ),
    re.compile(rf"(?:住まいは|住んでる(?:の|とこ|ところ)は|住所は|最寄り駅?は)\s*{_PLACE}"),
    # "家は北千住。": the home's place said bare (not 実家, the parents' home)
    re.compile(
        rf"(?:^|(?<=[、\s]))(?:今の|うちの)?家(?:は|って)\s*{_PLACE}"
        r"(?:です|だよ|なの|なんだ|だから|で(?:、|す)|。|!|$|、)"
    ),
)
# "前は三鷹に住んでたけど、今は吉祥寺": the place after 今は, once a past home was named
_NOW_AT = re.compile(
    rf"(?:^|(?<=[、。て]))\s*(?:今は|いまは)\s*{_PLACE}(?:です|だよ|なんだ|。|!|$)"
)
_MOVED = re.compile(r"(?:住んで|暮らして)(?:た|いた)|引っ越|引き払|から(?:出てき|出て来|上京)")
_ALONE = re.compile(r"ひとり暮らし|一人暮らし|独り暮らし")
_LEFT = re.compile(
    rf"{_PLACE}(?:は|の(?:家|部屋|アパート|マンション)は)(?:もう)?(?:引き払|出て|離れ|解約|(?P<grad>卒業))"
)


PLACE = _PLACE


def place_value(m: re.Match[str]) -> str | None:
    """The place a match's ``p`` group names, time words and businesses taken off."""
    return _place(m)


_BUSINESS_TAIL = re.compile(r"の[^\W\d_]{1,8}?(?:農家|家業|商店|店|会社|工場|旅館|牧場|酒蔵)$")


def _place(m: re.Match[str]) -> str | None:
    # time words before the place ("今は大阪", "去年から京都"); a season only with its particle,
    # as it begins place names too ("秋田", "冬木")
    # a bare 今 before a one-kanji word is the place's own first character ("今池", "今宿")
    place = re.sub(
        r"^(?:(?:今|いま)(?:から|に|は|の|(?![^\W\d_ぁ-ゖァ-ヺーA-Za-z](?![^\W\d_ぁ-ゖァ-ヺーA-Za-z])))"
        r"|(?:現在|最近|実家|先週|先月|今月|去年|昨年|今年|先日|この前|こないだ|生粋|"
        r"\d{1,2}月)(?:から|に|は|の)?|(?:春|夏|秋|冬)(?:から|に|は))+",
        "",
        m.group("p"),
    )
    place = _NATIVE.get(place, place)
    # "青森のりんご農家": a household or business in the place, not a second place name
    place = _BUSINESS_TAIL.sub("", clean(place))
    # "九州の方", "東京の近くの町": the area around it
    place = re.sub(r"(?<=.)の(?:方|辺|辺り|近く?|そば|ほとり|外れ|はずれ)$", "", place)
    if not place or _BAD_PLACE.search(place) or len(place) > 14:
        return None
    # "住所は追ってお知らせします": one kanji, then a verb's っ (追って, 待って), is no place
    if len(place) == 1 and m.string.startswith("っ", m.end("p")):
        return None
    return place


# "東京生まれの大阪育ち": born in one place, raised in another; both belong to the answer
_BORN_RAISED = re.compile(
    rf"{_PLACE}(?:で)?生まれ(?:の|で|、)\s*(?P<q>{WORD}(?:の{WORD})?)(?:で)?育ち"
)


def _led_by_other(s: Sent, m: re.Match[str], place: str) -> bool:
    """ "Fさん仙台出身なんだって": a person named inside the matched words, before the place."""
    at = m.group("p").find(place)
    lead = s.text[: m.start("p") + at] if at > 0 else ""
    return bool(lead) and (
        s.other_topic(lead) or bool(re.search(r"(?:さん|くん|君|ちゃん|先輩|氏)$", lead))
    )


# "生まれは日本海に浮かぶ佐渡です": the first place only locates the one the clause ends on
_LOCATED = re.compile(
    r"(?:に(?:浮かぶ|ある|あった|近い|面した|面する|接する)|の(?:近く|そば|隣|外れ|はずれ|ほとり|沿い)の)"
    r"\s*(?P<p>[^\s、。!?]{1,12}?)(?=です|でした|だ|で|なん|なの|。|、|!|$)"
)


def _head_place(s: Sent, m: re.Match[str]) -> re.Match[str]:
    """The match for the place a modifier clause after ``m``'s place leads to, else ``m``."""
    raw = m.group("p")
    near = re.search(r"の(?:近く?|そば|隣|外れ|はずれ|ほとり|沿い)$", raw)
    at = m.start("p") + near.start() if near else m.end("p")
    head = _LOCATED.match(s.text, at)
    # ("四万十川のほとりの小さな町": a kind of place, so the landmark named is the answer)
    return head if head and _place(head) else m


def _hometown(s: Sent) -> Candidate | None:
    mb = _BORN_RAISED.search(s.text)
    if mb and not s.other_at(mb.start()):
        born, raised = _place(mb), clean(mb.group("q"))
        if born and raised and not _BAD_PLACE.search(raised):
            return cand("hometown", f"{born}生まれ・{raised}育ち", s, confidence=0.85)
    for regex in _HOMETOWN:
        m = regex.search(s.text)
        if m and not s.other_at(m.start()):
            place = _place(_head_place(s, m))
            if place and not _led_by_other(s, m, place):
                return cand("hometown", place, s, confidence=0.85)
    return None


def places(s: Sent) -> Iterator[Candidate]:
    hometown = _hometown(s)
    if hometown:
        yield hometown
    now = _NOW_AT.search(s.text) if _MOVED.search(s.before[-30:] + s.text) else None
    for regex in (*_RESIDENCE, *([_NOW_AT] if now else [])):
        m = regex.search(s.text)
        if m and not s.other_at(m.start()):
            place = _place(m)
            if place and not _led_by_other(s, m, place):
                note = "（ひとり暮らし）" if _ALONE.search(s.text) else ""
                yield cand("current_residence", place + note, s, confidence=0.85)
                return
    ml = _LEFT.search(s.text)
    # "北千住は卒業して、今は清澄白河": 卒業 leaves a home only in a message about moving
    if ml and ml.group("grad") and not _MOVED.search(s.message):
        ml = None
    if ml and not s.other_at(ml.start()) and (old := _place(ml)):
        yield cand("current_residence", old, s, mode="end", confidence=0.75)
    home = re.search(
        r"実家暮らし|実家に住んで|実家に(?:戻っ|帰っ)(?:た(?!ら|り|時|とき)|て(?:きた|る))", s.text
    )
    if home and not s.other_at(home.start()):
        yield cand("current_residence", "実家暮らし", s, confidence=0.75)
