"""Fact rules for ja: see soulmem.perceive.facts.base.Candidate for the contract.

Regex rules over normalised (NFKC) sentences, no morphological analyser. Each message is
split into sentences; questions and requests are dropped (``私の誕生日っていつだっけ？``),
and a rule's match is discarded when the text before it makes someone else the topic
(``弟は22歳``, ``ミコの誕生日``, ``あいつ消防士``) or a sentence ends on someone else
(``来週テストあるんだって、妹が``). Identity rules live here, hometown and residence in
``ja_places``, work and school in ``ja_work``, pets and health in ``ja_pets_health``,
preferences in ``ja_prefs``, relationships and situation in ``ja_situation``,
conversational phrasings (echoed questions, ``季節は断然夏派``, long-distance partners, best
friends introduced by name) in ``ja_talk``, casual preferences (``麻婆豆腐が優勝``,
``いつものほうじ茶ラテ``) in ``ja_casual`` and ``ja_idioms``, transfers in ``ja_transfer``.
Kansai, 博多 and 名古屋 dialect is rewritten to standard Japanese first (``ja_kansai``,
``ja_kyushu``), so every rule reads it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from soulmem.perceive.facts.base import Candidate, FactContext
from soulmem.perceive.facts.ja_answers import answer_reply
from soulmem.perceive.facts.ja_casual import CASUAL_RULES
from soulmem.perceive.facts.ja_idioms import IDIOM_RULES
from soulmem.perceive.facts.ja_lex import (
    ANIMALS,
    FAMILY,
    NAMED_DAYS,
    PERSONS,
    SELF,
    alt,
    kanji_number,
)
from soulmem.perceive.facts.ja_people import PEOPLE_RULES
from soulmem.perceive.facts.ja_person import PERSON_RULES
from soulmem.perceive.facts.ja_pets_health import HEALTH_RULES
from soulmem.perceive.facts.ja_places import places
from soulmem.perceive.facts.ja_prefs import PREF_RULES
from soulmem.perceive.facts.ja_situation import SITUATION_RULES
from soulmem.perceive.facts.ja_talk import TALK_RULES
from soulmem.perceive.facts.ja_text import KANJI, NUM, Sent, cand, clean, split_message
from soulmem.perceive.facts.ja_transfer import TRANSFER_RULES
from soulmem.perceive.facts.ja_work import work
from soulmem.perceive.subjects import spec

__all__ = ["extract"]

_NUM = NUM
_KIN_AFTER = r"(?:の|な|で)?" + FAMILY

# ---------------------------------------------------------------- name / nickname
_NAME = rf"(?:{KANJI}{{1,4}}[^\W\d_A-Za-z]{{1,6}}|[ァ-ヴー]{{2,10}}|{KANJI}{{2,4}})"
_NAME_INTRO = re.compile(
    rf"(?:名前は|名前が|(?<!あだ)(?<!呼び)名は)\s*(?P<n>{_NAME}|[ぁ-ゖ]{{2,8}})(?:です|だよ|って|と|。|!|$|、|なの|なんだ)"
    rf"|(?P<m>{_NAME}|[ぁ-ゖ]{{2,8}}?)(?:って|と)(?:言います|いいます|申します|いう名前|いう者|名前(?!の))"
)
_SELF_INTRO = re.compile(
    r"^(?:えっと|えーと|あの|あっ|あ|どうも|はじめまして|初めまして|こんにちは|こんばんは|"
    r"おはよう|改めまして|改めて|私|わたし|僕|俺|あたし)?[、\s]*"
    rf"(?:私|わたし|僕|俺|あたし)?(?:は|、)?\s*(?P<n>{_NAME})(?:です|でーす|だよ|っていいます)[!。\s]*$"
)
# "新歓ありがとう! 改めまして小春です、...": a greeting, then the name, mid-message
_GREET_INTRO = re.compile(
    rf"(?:^|(?<=[\s、]))(?:改めまして|はじめまして|初めまして)、?\s*(?:(?:私|わたし|僕|俺|あたし|ウチ)は?)?"
    rf"\s*(?P<n>{_NAME})(?:です|でーす|っていいます)(?=[、!。\s]|$)"
)
_SELF_REPEAT = re.compile(
    r"^(?:どうも|はじめまして|初めまして|こんにちは|こんばんは|おはよう|改めまして|あ|えっと)?[、\s]*"
    rf"(?:(?:私|わたし|僕|俺|あたし)(?:は|、))?\s*(?P<a>{_NAME})(?:です|だよ|でーす|っす)、\s*"
    rf"(?:フルネームだと|フルネームは)?\s*(?P<n>{_NAME})(?:です|だよ)?[!。\s]*$"
)
# "自己紹介まだだったね。はるとです": a hiragana name, once the message is about introductions
_SELF_INTRO_KANA = re.compile(
    r"^(?:(?:私|わたし|僕|ぼく|俺|おれ|あたし)(?:は|、)?)?\s*(?P<n>[ぁ-ゖ]{2,6}?)"
    r"(?:です|でーす|だよ|っていいます|っていう)[!。\s]*$"
)
_INTRO_TALK = re.compile(r"自己紹介|名乗|名前")
_SELF_BARE = re.compile(
    rf"^(?:私|わたし|僕|俺|あたし|ぼく|おれ)(?:は|、)\s*(?P<n>{_NAME})[!。\s]*$"
)
_NOT_NAME = re.compile(
    r"(?:(?<![隼直優正和雅真勇久秀健隆拓悠颯陽海千一力政義修信])人|者|員|生|師|士|(?<=[^\W\d_ぁ-ゖ]{2})中|屋|派|型|歳|才|路|好き|嫌い|大丈夫|元気|無理|本当|本気|最高|"
    r"初めて|以上|前|後|頃|ところ|担当|予定|休み|仕事|学生|社会人|主婦|一人|ひとり|ない|"
    r"出身|生まれ|育ち|在住|住み|暮らし)$"
)
# kanji, a particle, kanji: a phrase (今年で三十路), not a name
_PARTICLE_INSIDE = re.compile(
    rf"{KANJI}[ぁ-ゖ]?[でにのがはをとも]{KANJI}|[\d〇一二三四五六七八九十百]+(?:歳|才|路)"
)
_NICK = re.compile(
    r"(?:^|[、。!\s「『]|(?<=は)|(?<=に))(?P<n>[^\s、。!?「」『』は]{1,10}?)(?:って|と)"
    r"(?:呼んで|呼ばれて)(?!ない)"
)
# "本名は佐伯悠真": the real name, the user's unless someone's own (``兄の本名``)
_REAL_NAME = re.compile(
    rf"(?<!の)(?:本名|フルネーム)(?:は|が|って)\s*(?P<n>{_NAME}|[ぁ-ゖ]{{2,8}})(?:です|だよ|って|と|なの|なんだ|。|!|$|、)"
)
# "あだ名はずっと「ちび」だった": a nickname stated as such
_NICK_IS = re.compile(
    r"(?<!の)(?:あだ名|あだな|ニックネーム|愛称|呼び名)(?:は|が|って)\s*"
    r"(?:ずっと|昔から|昔は|小さい頃から|いつも|だいたい|大体|基本|よく)?\s*"
    r"(?:「(?P<q>[^」]{1,10})」|(?P<n>[^\s、。!?「」]{1,10}?))(?:です|だよ|だった|なの|なんだ|って|と|。|!|$|、)"
    # "昔から「ぽん」ってあだ名": the name first, then the word あだ名
    r"|(?:^|(?<=[、。\s])|(?<=から))\s*(?:昔から|ずっと)?\s*"
    r"(?:「(?P<q2>[^」]{1,10})」|(?P<n2>[^\s、。!?「」]{1,8}?))(?:って|という|っていう)(?:あだ名|あだな|ニックネーム|愛称)(?!の)"
)
_NAME_TOPIC = re.compile(
    rf"^(?P<pre>{SELF}|{PERSONS}|[^\W\d_]{{1,6}}?(?:さん|くん|ちゃん))(?:は|って)(?P<rest>.{{2,}})$"
)
# "本名は蜜柑じゃないよ": a name denied, not given
_DENIED = re.compile(r"(?:じゃ|では)(?:ない|なく)|(?:じゃ|では)?ありません")
_COPULA_TAIL = re.compile(r"(?:でーす|です|だよ|だけど|だけども|だから|だし|だ|っす|けど)$")
_NICK_OK = re.compile(
    r"^(?P<n>[^\s、。!?]{1,8}?)(?:で|呼びで)(?:いい|OK|オッケー|大丈夫)(?:よ|です|から)?[!。\s]*$"
)


_PET_TALK = re.compile(rf"{ANIMALS}|さっき|ペット|うちの子")
_NOT_MY_NAME = re.compile(
    rf"{ANIMALS}|{PERSONS}|さっき|ペット|(?:うち|ウチ|実家|家)の子|この子|[🐶🐕🐱🐈🐹🐰🐇🐦🐤🐢🐟🐠]"
)
_HONORIFIC = re.compile(r"(?:さん|くん|君|ちゃん|様|さま|先輩|先生)$")


def _own_name(s: Sent, name: str) -> str:
    """``わたしはゆい`` -> ゆい; ``兄はゆうた`` -> "" (a topic swallowed into the name)."""
    topic = _NAME_TOPIC.match(name)
    if topic is None:
        return name
    return "" if s.other_topic(topic.group("pre") + "は") else topic.group("rest")


def _names(s: Sent) -> Iterator[Candidate]:
    if _PET_TALK.search(s.before[-40:] + s.text):  # "柴の名前を言い忘れてました。大福です"
        return
    mr0 = _REAL_NAME.search(s.text)
    if mr0 and (_DENIED.search(mr0.group("n")) or _DENIED.match(s.text[mr0.end("n") :])):
        mr0 = None
    if mr0 and not s.other_at(mr0.start()):
        real = _COPULA_TAIL.sub("", mr0.group("n"))
        if real and not _NOT_NAME.search(real) and not _HONORIFIC.search(real):
            yield cand("name", real, s, confidence=0.9)
    for m in _NAME_INTRO.finditer(s.text):
        name = _COPULA_TAIL.sub("", m.group("n") or m.group("m") or "")
        name = _own_name(s, name)
        if _DENIED.search(name) or _DENIED.match(s.text[m.end("n" if m.group("n") else "m") :]):
            continue
        if (
            name
            and not _NOT_NAME.search(name)
            and not _HONORIFIC.search(name)
            and not s.other_at(m.start())
            and not _NOT_MY_NAME.search(s.before + s.text[: m.start()])
        ):
            # "佐々木と申します。下の名前は恒一": the surname said first joins the given name
            sur = _NAME_INTRO.search(s.before) if s.text[: m.start()].endswith("下の") else None
            name = (sur.group("m") or "") + name if sur else name
            yield cand("name", name, s, confidence=0.9)
    mk = _SELF_INTRO_KANA.search(s.text) if _INTRO_TALK.search(s.message) else None
    if mk and not _NOT_NAME.search(mk.group("n")):
        yield cand("name", mk.group("n"), s, confidence=0.75)
    mr = _SELF_REPEAT.search(s.text)
    m2 = _SELF_INTRO.search(s.text) or _SELF_BARE.search(s.text) or _GREET_INTRO.search(s.text)
    repeat = bool(mr and len(mr.group("n")) > len(mr.group("a")) > 1)
    if repeat and mr and mr.group("n").startswith(mr.group("a")):
        yield cand("name", mr.group("n"), s, confidence=0.85)
    elif (
        m2
        and (s.first_turns or re.search("呼んで|でいい|名前", s.message))
        and not _NOT_NAME.search(m2.group("n"))
        and not _PARTICLE_INSIDE.search(m2.group("n"))
        and (intro_name := _own_name(s, m2.group("n")))
    ):
        yield cand("name", intro_name, s, confidence=0.75)
    m4 = _NICK_OK.match(s.text)
    intro = (_SELF_INTRO, _SELF_BARE, _NAME_INTRO)
    before = [p for p in re.split(r"(?<=[。!])", s.before) if p]
    intro_before = any(r.search(p) for r in (*intro, _SELF_REPEAT) for p in before)
    if m4 and m4.group("n") in s.before and intro_before:
        yield cand("nickname", m4.group("n"), s, confidence=0.8)
    mi = _NICK_IS.search(s.text)
    if mi and not s.other_at(mi.start()):
        nick = clean(next((g for g in mi.group("q", "n", "q2", "n2") if g), ""))
        if nick and nick not in ("何", "なに", "ない", "特に"):
            yield cand("nickname", nick, s, confidence=0.85)
    for m3 in _NICK.finditer(s.text):
        nick = clean(m3.group("n"))
        if nick and not s.other_at(m3.start()) and not re.search(r"私|僕|俺|名前", nick):
            yield cand("nickname", nick, s, confidence=0.85)


# ---------------------------------------------------------------- age
_AGE = re.compile(
    rf"(?<![\d一二三四五六七八九十])(?P<n>{_NUM})(?:歳|才|さい)"
    rf"(?!の(?:時|とき|頃|ころ|誕生日|子|娘|息子)|の[^。、]{{0,6}}?{ANIMALS}|から|まで|下|上|差|違い|以上|以下|未満|前後|近|くらい|ぐらい|位|{_KIN_AFTER})"
)
_AGE_NEXT = re.compile(
    r"今年で?(?P<n>\d{1,2})(?:歳|才)?(?:になる|になった|になります|になりました)"
    rf"|(?<![\d一二三四五六七八九十])(?P<m>{_NUM})(?:歳|才)?になった(?:ばかり|ばっか|ばっかり|とこ|ところ)"
    r"|(?P<h>ハタチ|はたち)(?:になった|になる|です|だよ|なの|なん|。|!|$|、|で)"
)
# "まだ17だよ〜高2": a bare number after まだ / もう in a message that talks about age or grade
_AGE_BARE = re.compile(
    r"(?:まだ|もう|今年|今|本当は|ほんとは|本当に|実は|実際は)\s*(?P<n>[1-9]\d|[二三四五六七八九]十[一二三四五六七八九]?)"
    r"(?![\d.年月日時分回個人円点度%cmkg一二三四五六七八九十])(?:だよ|です|でした|なんだ|なの|だし|だけど|だから|。|!|$|、)"
)
# "今年35なんです": this year's age, said without 歳
_AGE_THIS_YEAR = re.compile(
    r"(?:今年(?:で)?|^(?:ちなみに|実は)?、?(?:私|僕|俺|あたし|わたし)、(?:[^\d。、!?]{1,8}の)?)"
    r"\s*(?P<n>[1-9]\d|[二三四五六七八九]十[一二三四五六七八九]?)(?![\d.年月日時分回個人円点度%cmkg一二三四五六七八九十])"
    r"(?:です|だよ|なんだ|なん|なの|になる|。|!|$|、)"
)
_AGE_HINT = re.compile(
    r"歳|才|年齢|若|(?:高|中|大)[1-6一二三四五六]|学生|成人|未成年|おじさん|おばさん|おっさん|"
    r"年上|年下|同い年|アラサー|アラフォー|誕生日|四捨五入|サバ(?:を)?読|歳を?(?:盛|ごまか)|"
    r"[1-9]\d(?:歳)?って言った(?:けど|じゃん|よね)"
)
_AGE_DECADE = re.compile(
    r"(?P<n>[1-9]0)代(?P<q>前半|後半|半ば|なかば)?(?:です|だよ|の|なの|。|$|、|で)"
)
_SOON = (
    r"(?P<w>来月|来週|明日|明後日|あさって|もうすぐ|もう少しで|あと少しで|次の誕生日|今度の誕生日|"
    r"再来月|来年|年明け|秋|春|夏|冬)(?:で|には|に|が来たら|になったら)?"
    r"(?:ついに|とうとう|いよいよ|やっと|遂に|晴れて|めでたく|もう)?\s*"
)
_AGE_SOON = re.compile(
    _SOON + rf"(?:(?P<n>{_NUM})(?:歳|才)?(?:になる|になっちゃう|になります|を迎え|の大台)"
    rf"|(?P<n2>{_NUM})(?:歳|才)(?:だ|なん|なの|です|。|!|$|、)|(?P<k>[二三四五六七八九]十路|"
    r"アラサー|アラフォー|アラフィフ|還暦)(?:になる|に突入|突入|の仲間入り|だ|なん|なの|です|。|!|$|、))"
)
# "もうすぐ40だよ" in a message about age: the number without 歳
_AGE_SOON_BARE = re.compile(
    _SOON
    + r"(?P<n>[1-9]\d)(?![\d.年月日時分回個人円点度%cmkg])(?:だよ|です|なんだ|なの|だ|。|!|$|、)"
)
_AGE_ROUND = re.compile(
    r"(?P<k>[二三四五六七八九]十路|アラサー|アラフォー|アラフィフ|アラツー|アラカン|アラ還)"
    r"(?!の(?:人|女|男|方))"
)
_ROUND_AGE = {"アラサー": 30, "アラフォー": 40, "アラフィフ": 50, "アラツー": 20, "還暦": 60}
_ROUND_AGE |= {"アラカン": 60, "アラ還": 60}


def _round_age(word: str) -> int | None:
    if word.endswith("十路"):
        return kanji_number(word[:-1])
    return _ROUND_AGE.get(word)


_QUOTED = re.compile(
    r"^(?:って|と)(?:言った|言って|いった|書いた)(?:けど|が|のは)|^(?:じゃなくて|ではなく)"
)
_CORRECTED = re.compile(r"サバ(?:を)?読|嘘|うそ|間違|ウソ")


def _ages(s: Sent) -> Iterator[Candidate]:
    found: list[str] = []
    for m in _AGE.finditer(s.text):
        n = kanji_number(m.group("n"))
        if n is None or not 0 < n < 120 or s.other_at(m.start()):
            continue
        if _QUOTED.search(s.text[m.end() :]) or _CORRECTED.search(s.text[m.end() : m.end() + 4]):
            continue
        found.append(f"{n}歳")
    for m in _AGE_NEXT.finditer(s.text):
        if not s.other_at(m.start()):
            years = "20" if m.group("h") else m.group("n") or str(kanji_number(m.group("m")))
            found.append(f"{years}歳")
    mb = _AGE_BARE.search(s.text) if not found and _AGE_HINT.search(s.message) else None
    mb = mb or (None if found else _AGE_THIS_YEAR.search(s.text))
    if mb and not s.other_at(mb.start()):
        found.append(f"{kanji_number(mb.group('n'))}歳")
    for m in _AGE_DECADE.finditer(s.text):
        if not s.other_at(m.start()):
            found.append(f"{m.group('n')}代{m.group('q') or ''}")
    ms = _AGE_SOON.search(s.text)
    if ms is None and not found and _AGE_HINT.search(s.message):
        ms = _AGE_SOON_BARE.search(s.text)
    if ms and not s.other_at(ms.start()):
        groups = ms.groupdict()
        k = groups.get("k")
        n = kanji_number(groups.get("n") or groups.get("n2") or "") if not k else _round_age(k)
        if n and 10 < n < 120:
            what = k or f"{n}歳"
            found.append(f"{n - 1}歳（{ms.group('w')}で{what}）")
    elif not found:
        mr = _AGE_ROUND.search(s.text)
        if (
            mr
            and not s.other_at(mr.start())
            and not re.search(r"代|世代|向け", s.text[mr.end() :][:3])
        ):
            n = _round_age(mr.group("k"))
            found.append(f"{mr.group('k')}（{n}歳前後）" if n else mr.group("k"))
    if found:
        yield cand("age", found[-1], s, confidence=0.85)


# ---------------------------------------------------------------- birthday
_DAY_NAMES = alt(" ".join(NAMED_DAYS))
_DATE = (
    r"(?:(?P<m>\d{1,2})月(?P<d>\d{1,2})日|(?P<m2>\d{1,2})/(?P<d2>\d{1,2})"
    rf"|(?P<named>{_DAY_NAMES}))"
)
_BIRTH_MINE = re.compile(rf"(?:私|僕|俺|わたし|あたし|自分)の(?:は|誕生日は)\s*{_DATE}")
_BIRTH_MONTH = re.compile(r"(?<!\d)(?P<m>\d{1,2})月生まれ")


def _date_value(m: re.Match[str], sentence: str) -> str | None:
    named = m.group("named")
    month = m.group("m") or m.group("m2")
    day = m.group("d") or m.group("d2")
    if named:
        mo, da = NAMED_DAYS[named]
        return f"{mo}月{da}日（{named}）"
    if month is None or day is None or not (1 <= int(month) <= 12 and 1 <= int(day) <= 31):
        return None
    value = f"{int(month)}月{int(day)}日"
    for name, (mo, da) in NAMED_DAYS.items():
        if (mo, da) == (int(month), int(day)) and name in sentence:
            return f"{value}（{name}）"
    return value


def _birthdays(s: Sent) -> Iterator[Candidate]:
    for regex in _BIRTH_REGEXES:
        for m in regex.finditer(s.text):
            if s.other_at(m.start()):
                continue
            value = _date_value(m, s.message)
            if value:
                yield cand("birthday", value, s, confidence=0.9)
                return
    recent = s.message + "".join(s.context.previous_user_texts[-2:])
    m2 = _BIRTH_MINE.search(s.text)
    if m2 and "誕生日" in recent:
        value = _date_value(m2, s.message)
        if value:
            yield cand("birthday", value, s, confidence=0.8)
            return
    m3 = _BIRTH_MONTH.search(s.text)
    if m3 and not s.other_at(m3.start()) and 1 <= int(m3.group("m")) <= 12:
        yield cand("birthday", f"{int(m3.group('m'))}月生まれ", s, confidence=0.7)


_BIRTH_REGEXES = (
    re.compile(rf"{_DATE}(?:の日)?(?:に)?生まれ"),
    re.compile(
        rf"(?:誕生日|たんじょうび|たんじょう日|バースデー|生年月日|生まれた日)(?:は|が|って|、)?\s*"
        rf"(?:ちょうど|まさに|実は|なんと)?\s*{_DATE}"
    ),
    re.compile(rf"{_DATE}(?:が|は)(?:私の)?誕生日"),
)

# ---------------------------------------------------------------- body, type, hand, sign
_HEIGHT = re.compile(
    r"(?:身長|背)(?:は|が|って)?\s*(?P<n>1[0-9]{2}(?:\.\d)?)\s*(?:cm|センチ|㎝)?"
    r"|(?P<k>1[3-9][0-9](?:\.\d)?)\s*(?:cm|センチ|㎝)(?:ある|あって|しかない|です|だ|くらい|の|で|、)"
)
_HEIGHT_LOOSE = re.compile(
    r"(?<![\d.])(?P<n>1[4-9][0-9])(?:cm|センチ)?(?:ある|あって|だから|だと|で|、|しか|もある|とか|近く|"
    r"の(?:私|僕|俺|あたし|自分)|"
    r"ちょい|ちょっと|弱|強|程度|くらい|ぐらい|位)"
)
# "背ひくいんよね、153": the number alone closing a sentence about the user's height
_HEIGHT_END = re.compile(r"、\s*(?P<n>1[4-9][0-9])(?:cm|センチ)?[。!\s]*$")
_HEIGHT_KANJI = re.compile(r"(?P<n>百[二三四五六七八九]?十[一二三四五六七八九]?)\s*(?:センチ|cm)")
_HEIGHT_HINT = re.compile(
    r"身長|背|高い|低い|でかい|デカい|ちび|チビ|小柄|大柄|高身長|長身|頭(?:を)?(?:ぶつけ|打)|"
    r"鴨居|天井|つり革|吊り革|見下ろ|ノッポ|のっぽ|巨人|届かない|足が(?:はみ出|出る)"
)
_BLOOD = re.compile(
    r"(?<![A-Za-z])(?P<t>AB|[ABO])\s*型|血液型(?:は|が)?\s*(?P<u>AB|[ABO])(?![A-Za-z])"
)
# what others take the user for, not what the user is (``A型っぽいって言われる``)
_HEDGED = re.compile(r"(?:っぽい|っぽく|みたい|に見え|と思われ|って思われ|って言われ|と言われ)")
_BLOOD_BARE = re.compile(
    r"^(?:えっと|うーん|一応)?、?\s*(?P<t>AB|[ABO])(?P<u>)(?:型)?(?:だよ|です|かな|だね|。|!|$|、)"
)
_MBTI = re.compile(r"(?<![A-Za-z])(?P<t>[EI][NS][TF][JP])(?:-[AT])?(?![A-Za-z])", re.IGNORECASE)
_ZODIAC = re.compile(
    r"(?P<z>牡羊|おひつじ|牡牛|おうし|双子|ふたご|蟹|かに|獅子|しし|乙女|おとめ|天秤|てんびん|"
    r"蠍|さそり|射手|いて|山羊|やぎ|水瓶|みずがめ|魚|うお)座"
)
_HAND = re.compile(
    r"(?P<h>左|右)利き(?P<neg>じゃない|ではない|じゃなく)?|(?P<s>サウスポー)"
    r"|(?P<tools>(?:ペン|箸|お箸|鉛筆|字|文字|ボール|ラケット|包丁|マウス|はさみ|ハサミ)"
    r"(?:[^。!?]{0,12}?))(?:は|も)?(?P<side>左|右)(?:手|で)"
)


def _body(s: Sent) -> Iterator[Candidate]:
    t = s.text
    m = _HEIGHT.search(t) or _HEIGHT_KANJI.search(t)
    if m is None and _HEIGHT_HINT.search(s.message):
        m = _HEIGHT_LOOSE.search(t)
    if m is None and re.search(r"背|身長", t) and not re.search(r"人|タイプ|好き|理想", t):
        m = _HEIGHT_END.search(t)
    # "身長150ちょいの人がタイプ": someone else's height
    if m and re.match(r"[^。、]{0,6}?の(?:人|男|女|子|方)", t[m.end() :]) and "から" not in m[0]:
        m = None
    if m and not s.other_at(m.start()):
        n = m.groupdict().get("n") or m.groupdict().get("k")
        if n and not n[0].isdigit():
            n = str(kanji_number(n))
        if n and 120 <= float(n) < 230:
            yield cand("height", f"{n}cm", s, confidence=0.8)
    bloods = [
        m
        for m in _BLOOD.finditer(t)
        if not s.other_at(m.start())
        and not re.match(r"[^。]{0,4}(?:の人|って人|同士)", t[m.end() :])
        and not _HEDGED.match(t[m.end() :])
    ]
    if not bloods and re.search(r"血液型\?$", s.before):  # "血液型?Aだよ": an echoed question
        bloods = [m for m in [_BLOOD_BARE.match(t)] if m]
    if bloods:  # "A型っぽいって言われるけど実はO型": the last one stated, not the hedged one
        m = bloods[-1]
        yield cand("blood_type", f"{m.group('t') or m.group('u')}型", s, confidence=0.85)
    for m in _MBTI.finditer(t):
        if not s.other_at(m.start()) and (m.group("t").isupper() or "MBTI" in t.upper()):
            yield cand("mbti", m.group(0).upper(), s, confidence=0.85)
            break
    mz = _ZODIAC.search(t)
    if mz and not s.other_at(mz.start()) and not re.match(r"の人", t[mz.end() :]):
        yield cand("zodiac", mz.group(0), s, confidence=0.8)
    hands = [m for m in _HAND.finditer(t) if not s.other_at(m.start())]
    lefts = [m for m in hands if "左" in (m.group("h") or m.group("side") or "左")]
    mh = (lefts or hands)[0] if hands else None
    if mh:
        if mh.group("s"):
            yield cand("handedness", "左利き（サウスポー）", s)
        elif mh.group("h"):
            side = mh.group("h")
            yield cand("handedness", f"{side}利き", s, negated=bool(mh.group("neg")))
        else:
            side = mh.group("side")
            yield cand("handedness", f"{side}利き（{clean(mh.group(0))}）", s, confidence=0.75)


# ---------------------------------------------------------------- family
_MEMBER = (
    rf"(?:(?:{_NUM})(?:つ|個|歳)(?:上|下|違い)の)?(?:年の離れた|双子の)?{FAMILY}"
    rf"(?:が?(?:{_NUM})人)?"
)
_FAMILY = re.compile(
    rf"(?P<v>{_MEMBER}(?:(?:と|、|や|,)\s*{_MEMBER})*)(?:が|も)?(?:いる|いて|います|居る|おります)"
)
_FAMILY_LIVE = re.compile(
    rf"(?P<v>{_MEMBER}(?:(?:と|、|や)\s*{_MEMBER})*)(?:と|の)(?:一緒に)?(?:(?P<n>{_NUM})人(?:で)?)?"
    r"(?:暮らして|住んで|暮らし|同居)"
)
_FAMILY_SIZE = re.compile(rf"(?P<n>{_NUM})人家族")
_ONLY = re.compile(r"一人っ子|ひとりっ子|一人っこ")
_ORDER = re.compile(
    rf"(?P<core>(?:(?P<n>{_NUM})人(?:兄弟|姉妹|きょうだい)の)?"
    r"(?P<o>(?:長男|長女|次男|次女|三男|三女|末っ子|真ん中(?:っ子)?|一番上|一番下){1,2}))"
    r"(?:です|だよ|なの|なのよ|で|、|。|!|$|なんだ|だから|として)"
)
_PERSON_TOPIC = re.compile(rf"{PERSONS}(?:は|って)")
_COUNT_ONE = re.compile(
    r"父|母|お父さん|お母さん|パパ|ママ|兄|姉|弟|妹|祖父|祖母|じいちゃん|ばあちゃん|息子|娘"
)


def _family_count(value: str) -> int:
    total = 1
    for part in re.split(r"と|、|や|,", value):
        if "両親" in part:
            total += 2
            continue
        m = re.search(rf"(?P<n>{_NUM})人", part)
        if m:
            total += kanji_number(m.group("n")) or 1
        elif _COUNT_ONE.search(part):
            total += 1
    return total


def _family(s: Sent) -> Iterator[Candidate]:
    t = s.text
    for m in _FAMILY.finditer(t):
        prefix = t[: m.start()]
        if s.other_topic(prefix) or re.search(
            r"(?:さん|くん|ちゃん|君|友達|彼|彼女)(?:に|には)$", prefix
        ):
            continue
        value = m.group("v")
        if re.search(r"いない|いません", t[m.end() - 3 : m.end() + 3]):
            continue
        if "両親" in value or ("父" in value and "母" in value):
            value = f"{value}（{_family_count(value)}人家族）"
        yield cand("family", value, s, confidence=0.85)
    ml = _FAMILY_LIVE.search(t)
    if ml and not s.other_at(ml.start()):
        n = ml.group("n")
        size = f"（{kanji_number(n) or n}人暮らし）" if n else ""
        yield cand("family", ml.group("v") + size, s, confidence=0.75)
    m2 = _FAMILY_SIZE.search(t)
    if m2 and not s.other_at(m2.start()):
        yield cand("family", f"{kanji_number(m2.group('n'))}人家族", s)
    if _ONLY.search(t) and not s.other_at(t.find("っ子")):
        yield cand("family", "一人っ子", s)
    m3 = _ORDER.search(t)
    if m3 and not _PERSON_TOPIC.search(t[: m3.start()]) and not re.search("序列|順位|番目", t):
        yield cand("family", m3.group("core"), s, confidence=0.7)


# ---------------------------------------------------------------- driver
_RULES = (
    _names,
    _ages,
    _birthdays,
    _body,
    places,
    work,
    _family,
    *PERSON_RULES,
    *PEOPLE_RULES,
    *HEALTH_RULES,
    *PREF_RULES,
    *SITUATION_RULES,
    *TALK_RULES,
    *CASUAL_RULES,
    *TRANSFER_RULES,
    *IDIOM_RULES,
)


# the subject said last (``来週テストあるんだって、妹が``): the sentence is about them
_INVERTED_OTHER = re.compile(
    rf"、\s*(?:{PERSONS}|[^\W\d_]{{1,6}}(?:さん|くん|君|ちゃん))(?:が|は|も|の方)?(?:ね|さ)?[。!\s]*$"
)

# "あかりはえびアレルギーだけど…って言ってた": a kana-named friend's words, reported
_REPORTED_OTHER = re.compile(
    rf"^(?!(?:{SELF}|これ|それ|あれ|ここ|そこ|きょう|まず|いま)(?:は|が))[ぁ-ゖ]{{2,4}}(?:は|が)"
    r"[^。]*(?:って言って(?:た|る)|らしい|んだって)[。!\s]*$"
)


def extract(text: str, context: FactContext) -> list[Candidate]:
    found: list[Candidate] = []
    for sent in split_message(text, context):
        if sent.addressed or _INVERTED_OTHER.search(sent.text) or _REPORTED_OTHER.search(sent.text):
            continue
        for rule in _RULES:
            found.extend(rule(sent))
    if context.previous_assistant_text:
        return answer_reply(text, context, _settle(found), extract)
    return _settle(found)


def _settle(found: list[Candidate]) -> list[Candidate]:
    """One value per single-valued subject (the message's last word wins: a correction);
    ends first, so that a message that quits one thing and names the next keeps the next."""
    found = [c for c in found if c.mode == "end"] + [c for c in found if c.mode != "end"]
    last: dict[str, int] = {}
    for i, c in enumerate(found):
        if c.mode == "set" and not c.negated and spec(c.subject).single:
            last[c.subject] = i
    out: list[Candidate] = []
    for i, c in enumerate(found):
        if c.mode == "set" and not c.negated and spec(c.subject).single and last[c.subject] != i:
            continue
        out.append(c)
    return out
