"""Japanese idioms of self-description that the plain rules miss (used by
soulmem.perceive.facts.ja).

Polite and casual set phrases: ``休みの日は渓流釣りです`` (a day off spent on a hobby),
``最近の沼は刺繍`` (otaku slang for a new hobby), ``音楽は学生時代から…一本槍`` (one
band only), ``野球はカープ一筋`` (the one team), ``勘弁してほしいというのがパクチーです``
(a dislike), ``蕎麦がダメな体質で`` (an allergy), ``家事のBGMはずっとスピッツ`` (music),
``もう一個趣味あってな、フィルムカメラ`` (a hobby named after it is announced),
``歯医者で衛生士やってて`` (a job and its workplace), ``営業部の課長です`` (a post in a
department).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from soulmem.perceive.facts.base import Candidate
from soulmem.perceive.facts.ja_lex import FAMILY, PERSONS, SELF, classify
from soulmem.perceive.facts.ja_text import HNP, NP, WORD, Sent, cand, clean

__all__ = ["IDIOM_RULES"]

_END = r"(?:です|でして|だよ|だね|なんです|なんだ|なの|。|!|$|、)"
_ADV = r"(?:ひたすら|もっぱら|だいたい|大体|いつも|たいてい|基本|専ら)?\s*"
_LEISURE = re.compile(
    r"(?:休みの日|休日|週末|オフの日|非番の日)(?:は|の過ごし方は)、?\s*" + _ADV + rf"(?P<v>{NP})"
    rf"(?:{_END}|(?:で|を)[^。、]{{0,8}}?(?:して|やって|行って|遊んで)(?:る|ます|います))"
)
_NUMA = re.compile(rf"(?:最近の|今の)?沼(?:は|って)\s*(?P<v>{NP}){_END}")
_ONLY_MUSIC = re.compile(
    rf"音楽(?:は|なら)[^。]{{0,10}}?(?P<v>{NP})(?:一本槍|一筋|一択|ばかり|ばっかり)"
)
# "野球はカープ一筋です": the one team, school or kind of thing the user is devoted to
_DEVOTED = re.compile(
    rf"(?:^|(?<=[、。\s]))(?P<c>{WORD})(?:は|なら)\s*(?:昔から|ずっと|もう)?\s*(?P<v>{NP})(?:一本槍|一筋)"
)
# "家事のBGMはずーっとスピッツなんです": what always plays in the background
_BGM = re.compile(
    r"BGM(?:は|って|には)\s*(?:いつも|ずっと|ずーっと|もっぱら|基本|だいたい)?\s*"
    rf"(?P<v>{NP}){_END}"
)
# "ほんでもう一個趣味あってな、フィルムカメラ": a hobby announced, then named
_HOBBY_NEXT = re.compile(
    r"趣味(?:が)?(?:あって|ある(?:んだ|んです)(?:けど|が))(?:な|ね|さ)?、\s*"
    rf"(?P<v>{NP})(?:{_END}|[をで])"
)
_NOT_DEVOTED = re.compile(rf"^(?:{PERSONS}|{FAMILY}|仕事|家族|家庭|研究|勉強)$")
_DISLIKE = re.compile(
    r"(?:勘弁してほしい|勘弁願いたい|許せない|受け付けない|食べられない)(?:という|って|っていう)?のが"
    rf"\s*(?P<v>{NP}){_END}"
)
_ALLERGY = re.compile(
    rf"(?P<v>{HNP})(?:が|は)(?:ダメ|だめ|駄目|いけない|合わない)な?体質"
    # "蕎麦を一口も頂けない体質": a food the body cannot take
    # (not "お酒を頂けない体質": not drinking, which the situation rules read)
    rf"|(?!お?酒|アルコール)(?P<w>{HNP})(?:を|は|が)(?:一口も|少しも|まったく|全く|一切)?"
    r"(?:食べられない|食べれない|頂けない|いただけない|受け付けない)体質"
)
_JOB_AT = re.compile(
    rf"(?P<w>{WORD})で(?P<j>{WORD}(?:士|師|員|医|者))(?:を)?(?:やって|してて|して(?:る|ます|います))"
)
_POST = re.compile(
    rf"(?P<d>{WORD}(?:部|課|室|局))の(?P<j>(?:課長|部長|係長|主任|室長|次長|局長|マネージャー)(?:代理|補佐)?)"
    r"(?:です|でして|をして|をやって|だよ|。|$)"
)
# "ミツバ文具という、…文具メーカーにおります": the company named, then what it is
_COMPANY = re.compile(
    rf"(?P<n>{WORD})という[^。]{{0,40}}?(?P<k>{WORD}?(?:メーカー|会社|商社|銀行|企業|事務所))"
    r"に(?:おります|勤めて|勤務して)"
)
_NOT = re.compile(r"^(?:仕事|家|何|それ|これ|あれ|特に|なし|そう)$")
# "週末は区の体育館でバドミントン": a place where the hobby happens, not the hobby
_VENUE = re.compile(r"(?:館|場|園|所|店|センター|ジム|コート|プール|家|室|屋|山|川|海|沢|駅)$")


def _value(m: re.Match[str]) -> str | None:
    value = clean(m.group("v") or m.groupdict().get("w") or "")
    return None if not value or _NOT.match(value) else value


def _idioms(s: Sent) -> Iterator[Candidate]:
    t = s.text
    for regex in (_LEISURE, _NUMA):
        m = regex.search(t)
        if m and not s.other_at(m.start()) and (value := _value(m)) and not _VENUE.search(value):
            kind = classify(value, t)
            yield cand("hobby" if kind == "likes" else kind, value, s, confidence=0.75)
    m = _BGM.search(t)
    if m and not s.other_at(m.start()) and (value := _value(m)):
        kind = classify(value, t)
        yield cand(
            kind if kind == "favorite_music" else "favorite_artist", value, s, confidence=0.7
        )
    m = _HOBBY_NEXT.search(t)
    if m and not s.other_at(m.start()) and (value := _value(m)):
        kind = classify(value, t)
        yield cand(kind if kind == "sport" else "hobby", value, s, confidence=0.75)
    checks = ((_ONLY_MUSIC, "favorite_music"), (_DISLIKE, "disliked"), (_ALLERGY, "allergy"))
    for regex, subject in checks:
        m = regex.search(t)
        if m and not s.other_at(m.start()) and (value := _value(m)):
            yield cand(subject, value, s, confidence=0.75)
    md = _DEVOTED.search(t)
    if (
        md
        and not s.other_at(md.start())
        and (value := _value(md))
        and not _NOT_DEVOTED.match(value)
    ):
        kind = classify(value, t)
        if kind == "likes" and not re.fullmatch(SELF, md.group("c")):
            value = f"{value}（{md.group('c')}）"
        yield cand(kind, value, s, confidence=0.75)
    mj = _JOB_AT.search(t) or _POST.search(t)
    if mj and not s.other_at(mj.start("j")):  # (``3つ下で看護師``: a sibling's job)
        where = mj.groupdict().get("w") or mj.group("d")
        yield cand("job", f"{mj.group('j')}（{where}）", s, confidence=0.75)
    mc = _COMPANY.search(s.before + t)  # (a quoted 『はて?』 may split the sentence)
    if mc and mc.end() > len(s.before) and not s.other_at(mc.end() - len(s.before) - 1):
        yield cand("workplace", f"{mc.group('n')}（{mc.group('k')}）", s, confidence=0.75)


IDIOM_RULES: tuple[Callable[[Sent], Iterator[Candidate]], ...] = (_idioms,)
