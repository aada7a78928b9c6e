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
``いつものほうじ茶ラテ``) in ``ja_casual`` and ``ja_idioms``, transfers in ``ja_transfer``, facts
said in passing (``溝の口のワンルームなんだけど``, ``俺あれほんと無理``) in ``ja_implicit``.
Kansai, 博多 and 名古屋 dialect is rewritten to standard Japanese first (``ja_kansai``,
``ja_kyushu``), so every rule reads it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace

from soulmem.perceive.facts.base import Candidate, FactContext
from soulmem.perceive.facts.ja_answers import answer_reply
from soulmem.perceive.facts.ja_casual import CASUAL_RULES
from soulmem.perceive.facts.ja_change import CHANGE_RULES
from soulmem.perceive.facts.ja_idioms import IDIOM_RULES
from soulmem.perceive.facts.ja_implicit import IMPLICIT_RULES
from soulmem.perceive.facts.ja_lex import (
    ANIMALS,
    FAMILY,
    NAMED_DAYS,
    PERSONS,
    SELF,
    alt,
    kanji_number,
)
from soulmem.perceive.facts.ja_names import names
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

# ---------------------------------------------------------------- age
_AGE = re.compile(
    rf"(?<![\d一二三四五六七八九十])(?P<n>{_NUM})(?:歳|才|さい)"
    # (not "2歳若く言っちゃう", "5歳サバ読んで": a gap, not an age)
    rf"(?!の(?:時|とき|頃|ころ|誕生日|子|娘|息子)|の[^。、]{{0,6}}?{ANIMALS}|から|まで|下|上|差|違い|以上|以下|未満|前後|近|くらい|ぐらい|位|{_KIN_AFTER}"
    r"|(?:も|ほど|だけ)?(?:若|老け|年上|年下|サバ|さば|鯖|離れ|盛|ごまか|多く|少なく))"
)
_AGE_NEXT = re.compile(
    r"今年で?(?P<n>\d{1,2})(?:歳|才)?(?:になる|になった|になります|になりました|になりまして|になって)"
    rf"|(?<![\d一二三四五六七八九十])(?P<m>{_NUM})(?:歳|才)?になった(?:ばかり|ばっか|ばっかり|とこ|ところ)"
    # (not "ハタチで嫁に来た": an age when something happened)
    r"|(?P<h>ハタチ|はたち)(?:になった|になる|です|だよ|なの|なん|。|!|$|、|で(?![^。!?]{0,12}?(?:来た|行った|結婚|嫁|就職|上京|産|始め)))"
)
# "まだ17だよ〜高2": a bare number after まだ / もう in a message that talks about age or grade
_AGE_BARE = re.compile(
    r"(?:まだ|もう|今年|今|本当は|ほんとは|本当に|実は|実際は)\s*(?P<n>[1-9]\d|[二三四五六七八九]十[一二三四五六七八九]?)"
    r"(?![\d.年月日時分回個人円点度%cmkg一二三四五六七八九十])(?:だよ|です|でした|なんだ|なんです|なの|だし|だけど|だから|。|!|$|、)"
)
# "今年35なんです": this year's age, said without 歳
_AGE_THIS_YEAR = re.compile(
    r"(?:今年(?:で)?|^(?:ちなみに|実は)?、?(?:私|僕|俺|あたし|わたし)、(?:[^\d。、!?]{1,8}の)?)"
    r"\s*(?P<n>[1-9]\d|[二三四五六七八九]十[一二三四五六七八九]?)(?![\d.年月日時分回個人円点度%cmkg一二三四五六七八九十])"
    r"(?:です|でして|だよ|よ|なんだ|なん|なの|になる|。|!|$|、)"
    # "私は古希の三つ手前、67でしてね": a clause about the age, then the number
    r"|(?:私|僕|俺|あたし|わたし)は[^\d。!?、]{2,12}、\s*(?P<c>[1-9]\d)"
    r"(?![\d.年月日時分回個人円点度%cmkg])(?=でして|です|だよ|なんです|なんだ|。|!|$)"
)
_AGE_HINT = re.compile(
    r"歳|才|年齢|若|(?:高|中|大)[1-6一二三四五六]|学生|成人|未成年|おじさん|おばさん|おっさん|"
    r"年上|年下|同い年|大人の(?:女|男)|もう大人|古希|喜寿|傘寿|米寿|還暦|年の話|アラサー|アラフォー|誕生日|四捨五入|サバ(?:を)?読|歳を?(?:盛|ごまか)|"
    r"[1-9]\d(?:歳)?って言った(?:けど|じゃん|よね|でしょ)|見栄|みえ張|嘘|うそ|ウソ|年(?:を)?聞かれ"
)
_AGE_DECADE = re.compile(
    r"(?P<n>[1-9]0)代(?P<q>前半|後半|半ば|なかば)?(?:です|だよ|の|なの|。|$|、|で)"
)
_SOON = (
    r"(?P<w>来月|来週|明日|明後日|あさって|もうすぐ|もう少しで|あと少しで|次の誕生日|今度の誕生日|"
    r"再来月|来年|年明け|秋|春|夏|冬|次の" + alt(" ".join(NAMED_DAYS)) + r")"
    r"(?:で|には|に|が来たら|になったら)?"
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
    # "アラフィフ目前": an age ahead, not the user's now
    r"(?!の(?:人|女|男|方)|目前|手前|間近|直前|寸前|目の前|秒読み|が見え|に近)"
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
# "48歳ってのはサバ読んでました": the age said just before is the lie
_CORRECTED = re.compile(
    r"(?:って(?:いう)?の(?:は)?|というのは|は)?(?:サバ(?:を)?読|嘘|うそ|間違|ウソ)"
)


def _exact_age_known(s: Sent) -> bool:
    """An exact age was just given ("今年42よ。アラフォーど真ん中"): a round one says less."""
    earlier = [_AGE.search(s.before), _AGE_THIS_YEAR.search(s.before), _AGE_NEXT.search(s.before)]
    current = s.context.current.get("age", ())
    return any(earlier) or any(re.match(r"\d{1,3}歳$", v) for v in current)


def _ages(s: Sent) -> Iterator[Candidate]:
    found: list[str] = []
    for m in _AGE.finditer(s.text):
        n = kanji_number(m.group("n"))
        if n is None or not 0 < n < 120 or s.other_at(m.start()):
            continue
        if _QUOTED.search(s.text[m.end() :]) or _CORRECTED.match(s.text, m.end()):
            continue
        if re.match(r"[、\s]*(?:おめでとう|おめ)", s.text[m.end() :]):
            continue  # "26歳、おめでとう": someone else's birthday
        found.append(f"{n}歳")
    for m in _AGE_NEXT.finditer(s.text):
        if not s.other_at(m.start()):
            years = "20" if m.group("h") else m.group("n") or str(kanji_number(m.group("m")))
            found.append(f"{years}歳")
    # an age already given is the hint too ("ほんとは45なの…": the earlier one was not true)
    hint = _AGE_HINT.search(s.message) or s.context.current.get("age")
    mb = _AGE_BARE.search(s.text) if not found and hint else None
    mb = mb or (None if found else _AGE_THIS_YEAR.search(s.text))
    if mb and not s.other_at(mb.start()):
        clause = mb.groupdict().get("c")
        if clause is None or hint:
            found.append(f"{kanji_number(mb.group('n') or clause or '')}歳")
    # "30代の恋愛って": an exact age already known in that decade says more
    exact = [int(v[:-1]) for v in s.context.current.get("age", ()) if re.fullmatch(r"\d{1,3}歳", v)]
    for m in _AGE_DECADE.finditer(s.text):
        if any(n // 10 * 10 == int(m.group("n")) for n in exact):
            continue
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
    elif not found and not _exact_age_known(s):
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
    # (not "イブ生まれとは": the character's birthday, remarked on)
    re.compile(rf"{_DATE}(?:の日|の)?(?:に)?生まれ(?!とは|なんですね|なんだね|かあ|かぁ|ですか)"),
    re.compile(
        rf"(?:誕生日|たんじょうび|たんじょう日|バースデー|生年月日|生まれた日)(?:は|が|って|、)?\s*"
        rf"(?:ちょうど|まさに|実は|なんと)?\s*{_DATE}"
    ),
    re.compile(rf"{_DATE}(?:が|は)(?:私の)?誕生日"),
    # "七夕にひとつ年をとって": a day the user gets a year older on
    re.compile(
        rf"{_DATE}(?:の日)?に(?:ひとつ|1つ|一つ)?(?:年|歳)(?:を)?(?:と|取)(?:る|って|った|ります|りました)"
    ),
)

# ---------------------------------------------------------------- body, type, hand, sign
_HEIGHT = re.compile(
    r"(?:身長|背)(?:は|が|って)?\s*(?P<n>1[0-9]{2}(?:\.\d)?)\s*(?:cm|センチ|㎝)?"
    r"|(?P<k>1[3-9][0-9](?:\.\d)?)\s*(?:cm|センチ|㎝)(?:ある|あって|しかない|です|だ|くらい|の|で|、)"
)
_HEIGHT_LOOSE = re.compile(
    r"(?<![\d.])(?P<n>1[4-9][0-9])(?:cm|センチ)?(?:ある|あって|あります|ありまして|だから|だと|で|、|しか|もある|とか|近く|"
    r"の(?:私|僕|俺|あたし|自分)|"
    r"ちょい|ちょっと|弱|強|程度|くらい|ぐらい|位)"
)
# "背ひくいんよね、153": the number alone closing a sentence about the user's height
_HEIGHT_END = re.compile(r"、\s*(?P<n>1[4-9][0-9])(?:cm|センチ)?[。!\s]*$")
_HEIGHT_KANJI = re.compile(r"(?P<n>百[二三四五六七八九]?十[一二三四五六七八九]?)\s*(?:センチ|cm)")
_HEIGHT_HINT = re.compile(
    r"身長|背|高い|低い|でかい|デカい|ちび|チビ|小柄|大柄|高身長|長身|頭(?:を)?(?:ぶつけ|打)|"
    r"鴨居|天井|つり革|吊り革|見下ろ|ノッポ|のっぽ|巨人|届かない|足が(?:はみ出|出る)|"
    # "ちっちゃいと思われる": how others see the user's size
    r"(?:ちっちゃ|小さ|ちいさ|でか|デカ|大き|おっき)(?:い|く)(?:と|って)(?:思われ|見られ|言われ)|"
    # "どこ行っても「でかっ」言われる": what others say of it
    r"[「『](?:でか|デカ|ちっちゃ|ちび|チビ|高|小さ)[^」』]{0,4}[」』]|"
    r"見上げ|背伸び|踏み台|棚|手が届|取れな"
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
        reported = re.match(
            r"(?:だ|です)?(?:って|と)(?:言って|いって)(?:た|ました|る)", t[m.end() :]
        )
        if reported:  # "瀬名さんと話したら、ESTJって言ってました": someone else's type
            continue
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
# "中2の息子と小5の娘": a child's school year before the member
_GRADE = (
    r"(?:(?:小|中|高|小学|中学|高校)(?:\d|[一二三四五六])(?:年生?)?|大学生|高校生|中学生|小学生|"
    r"年少|年中|年長|(?:{n})歳)の"
)
_MEMBER = (
    rf"(?:(?:{_NUM})(?:つ|個|歳)(?:上|下|違い)の|{_GRADE.format(n=_NUM)})?(?:年の離れた|双子の)?{FAMILY}"
    rf"(?:が?(?:{_NUM})人)?"
)
_FAMILY = re.compile(
    rf"(?P<v>{_MEMBER}(?:(?:と|、|や|,)\s*{_MEMBER})*)(?:が|も)?(?:いる|いて|います|居る|おります)"
)
_FAMILY_LIVE = re.compile(
    rf"(?P<v>{_MEMBER}(?:(?:と|、|や)\s*{_MEMBER})*)(?:と|の)(?:一緒に)?(?:(?P<n>{_NUM})人(?:で)?)?"
    r"(?:暮らして|住んで|暮らし|同居)"
)
# "家は中2の息子がひとり": a member counted, no verb
_FAMILY_COUNTED = re.compile(
    rf"(?P<v>{FAMILY})が(?P<n>ひとり|一人|1人|ふたり|二人|2人|三人|3人)(?=[。!、\s]|$|いる|います|いて|おります|おりまして|だけ)"
)
# (not "もう一人家族がいて": one more member, the pet introduced next)
_FAMILY_SIZE = re.compile(rf"(?<!もう)(?P<n>{_NUM})人家族(?!が|を|に)")
_MEMBERS_OF = re.compile(rf"(?P<v>{FAMILY}(?:(?:と|、|や)\s*{FAMILY})*)と?(?:{SELF})?の$")
_ONLY = re.compile(r"一人っ子|ひとりっ子|一人っこ")
_ORDER = re.compile(
    rf"(?P<core>(?:(?P<n>{_NUM})人?(?:兄弟|姉妹|きょうだい)の)?"
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


# "息子の名前言ってなかったわね。颯太っていうの": a family member's name, told after the member
_KIN_NAME_OWED = re.compile(
    rf"(?P<k>{FAMILY})の名前(?:は|ね|って|、|[^。!?]{{0,8}}?(?:言って|教えて))"
)
_KIN_NAME = re.compile(
    rf"^(?P<n>{KANJI}{{1,4}}|[ァ-ヴー]{{2,8}}|[ぁ-ゖ]{{2,6}}?)(?:って|という|っていう)"
    r"(?:いう|言う|いいます|の|んだ|名前)"
)


def _kin_named(s: Sent) -> Iterator[Candidate]:
    recent = s.before[-40:]
    owed = _KIN_NAME_OWED.search(recent)
    if owed is None or s.other_topic(recent[: owed.start()]):
        return
    m = _KIN_NAME.match(s.text)
    if m and not re.fullmatch(f"{PERSONS}|{FAMILY}", m.group("n")):
        yield cand("family", f"{owed.group('k')}「{m.group('n')}」", s, confidence=0.75)


def _family(s: Sent) -> Iterator[Candidate]:
    yield from _kin_named(s)
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
    mc = None if list(_FAMILY.finditer(t)) else _FAMILY_COUNTED.search(t)
    if (
        mc
        and not s.other_at(mc.start())
        and not re.search(r"(?:さん|くん|ちゃん)の$", t[: mc.start()])
    ):
        yield cand("family", f"{mc.group('v')}が{mc.group('n')}", s, confidence=0.75)
    m2 = _FAMILY_SIZE.search(t)
    # "おかんとおとんと弟の4人家族": the members listed before the count are the user's
    members = _MEMBERS_OF.search(t[: m2.start()]) if m2 else None
    lead = m2.start() - (len(members.group(0)) if members else 0) if m2 else 0
    if m2 and not s.other_at(lead):
        listed = f"（{members.group('v')}）" if members else ""
        yield cand("family", f"{kanji_number(m2.group('n'))}人家族{listed}", s)
    if _ONLY.search(t) and not s.other_at(t.find("っ子")):
        yield cand("family", "一人っ子", s)
    m3 = _ORDER.search(t)
    if (
        m3
        and not _PERSON_TOPIC.search(t[: m3.start()])
        and not s.other_at(m3.start())
        # "うちの長男", "高橋さんちの長男": someone's son, not the user's birth order
        and not re.search(rf"(?:うち|ウチ|ち|さん|くん|ちゃん|{PERSONS})の$", t[: m3.start()])
        # "下駄箱の一番上": the top of a thing, not the eldest of siblings
        and not (
            re.match(r"一番|真ん中", m3.group("o"))
            and re.search(r"(?<!兄弟)(?<!姉妹)(?<!きょうだい)(?<!人)の$", t[: m3.start()])
        )
        and not re.search("序列|順位|番目", t)
    ):
        yield cand("family", m3.group("core"), s, confidence=0.7)


# ---------------------------------------------------------------- driver
_RULES = (
    names,
    _ages,
    _birthdays,
    _body,
    places,
    *CHANGE_RULES,
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
    *IMPLICIT_RULES,
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
    found = _no_cuts(_not_also_disliked(_speaker_off(found)))
    if context.previous_assistant_text:
        return answer_reply(text, context, _settle(found), extract)
    return _settle(found)


_SPEAKER_LEAD = re.compile(r"^(?:私|僕|俺|あたし|うち)(?=[ァ-ヴ]{2})")


# "僕自身が一番好きな花は芍薬": the speaker themself is not a value
_SPEAKER_ONLY = re.compile(rf"(?:{SELF}|自分)(?:自身)?")


def _speaker_off(found: list[Candidate]) -> list[Candidate]:
    """ "私キウイだけはダメ": the speaker written against the value, not part of it."""
    return [
        replace(c, value=_SPEAKER_LEAD.sub("", c.value)) if _SPEAKER_LEAD.match(c.value) else c
        for c in found
        if not _SPEAKER_ONLY.fullmatch(c.value)
    ]


def _no_cuts(found: list[Candidate]) -> list[Candidate]:
    """ "夜は短し歩けよ乙女": a liked thing that is only the tail of a title told whole; a pet
    told, then named in the same message (``柴犬おんねん。こむぎっていうねん``): the named one."""
    told = [c.value for c in found if c.mode == "set" and not c.negated]
    named = [c.value for c in found if c.subject == "pet" and "「" in c.value]
    return [
        c
        for c in found
        if not (
            c.subject == "likes"
            and c.mode == "set"
            and any(len(v) > len(c.value) + 1 and v.endswith(c.value) for v in told)
        )
        and not (c.subject == "pet" and "「" not in c.value and any(c.value in v for v in named))
        # "テニス" beside "テニス（部活）": the value told with its note
        and not any(o.subject == c.subject and o.value.startswith(c.value + "（") for o in found)
    ]


def _not_also_disliked(found: list[Candidate]) -> list[Candidate]:
    """ "キウイだけはダメなの。食べると口の中が腫れる": an allergy, not also a dislike."""
    allergens = [c.value for c in found if c.subject == "allergy" and not c.negated]
    return [
        c
        for c in found
        if not (c.subject == "disliked" and any(a.startswith(c.value) for a in allergens))
    ]


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
