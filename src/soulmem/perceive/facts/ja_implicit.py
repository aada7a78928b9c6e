"""Japanese facts said in passing (used by soulmem.perceive.facts.ja).

People rarely say ``好きな色は深緑``; they say what they keep doing or keep choosing, or
point back with ``あれ``: ``溝の口のワンルームなんだけど`` (where the user lives),
``妹からLINEきてた`` (a sibling), ``財布もスマホケースも深緑`` (a colour chosen again and
again), ``ほうじ茶ラテ買うのがもう日課`` (a daily drink), ``『…』はもう5回は読みました``
(a favourite book), ``月1くらいでソロキャンプ行ってて`` (a hobby), ``早川さんのこと
ちょっと気になってる`` (a crush), ``パクチー…。俺あれほんと無理`` (a dislike, by its
antecedent), ``私152しかない`` (a height), ``まだ27なのに`` (an age).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from soulmem.perceive.facts.base import Candidate
from soulmem.perceive.facts.ja_lex import (
    COLORS,
    DRINKS,
    FAMILY,
    FOODS,
    MUSIC,
    PERSONS,
    SELF,
    classify,
    kanji_number,
)
from soulmem.perceive.facts.ja_text import HNP, KANJI, NP, WORD, Sent, cand, clean

__all__ = ["IMPLICIT_RULES"]

_NOUN = r"[^\W\d_ぁ-ゖ]"  # a kanji, katakana or latin character
_FOOD_ANY = re.compile(FOODS)
_DRINK_ANY = re.compile(DRINKS)

# ---------------------------------------------------------------- home
_HOME_KIND = (
    r"(?:ワンルーム|アパート|マンション|1K|1DK|1LDK|2LDK|2DK|シェアハウス|一軒家|ボロアパート)"
)
_HOUSING = re.compile(
    rf"(?<![^\W_ぁ-ゖ])(?<!の)(?P<p>{_NOUN}{{2,6}}|{_NOUN}{{1,4}}[のノヶケ]{_NOUN}{{1,4}})の{_HOME_KIND}"
    r"(?:なんだ|なん|です|だ|で、|、|。|!|$)"
)
# said while coming home, in a message that names no home with the ordinary rules' words
_HOME_TALK = re.compile(r"家|帰|部屋|最寄|駅から")
_HOME_SAID = re.compile(r"住|暮らし|引っ越|在住")
_ALONE = re.compile(r"(?:一人|ひとり|独り)暮らし(?!の(?:友|人|子|姉|兄|弟|妹|息子|娘))")
_NOT_PLACE = re.compile(
    rf"^(?:{PERSONS}|会社|大学|学校|実家|駅前|駅近|近所|新築|築|前|今|次|隣|角|最上階|家賃|格安|"
    r"高級|狭|広|古|安|一人|二人|理想|憧れ|夢|友達|寮|社宅|普通|綺麗|素敵|激安|最高|最悪|念願)"
)
# "三鷹から西荻窪に移りました": a move said with 移る, in a message about moving house
_MOVED_TO = re.compile(
    rf"(?<![^\W\d_ぁ-ゖ])(?P<p>{_NOUN}{{2,6}})(?:に|へ)(?:移(?:っ|り)(?:た|ました|て|住)|越してき)"
)
_MOVE_TALK = re.compile(r"引っ越|移り住|転居|越してき")
# "先月所沢に移った": the time word before the place is not part of it
_WHEN_LEAD = re.compile(r"^(?:先週|先月|今月|今週|去年|昨年|今年|先日|最近|現在)")
# "地元の長岡の米": the place named with 地元, only while no hometown is known
_LOCAL = re.compile(
    rf"地元(?:の|・|、)\s*(?P<p>{KANJI}{{2,4}}|[ァ-ヴー]{{2,6}})(?=の|で|に|から|って)"
)
_NOT_TOWN = re.compile(
    rf"^(?:{PERSONS})$|(?:駅|店|屋|祭り?|高校|中学|小学校|大学|学校|友達|友人|仲間|先輩|後輩|人|"
    r"商店街|名物|新聞|会社|病院|図書館|公園|神社|寺|空港|銀行|役所|野球|球団|チーム|企業|方言|料理|"
    r"産|特産|番組|局|スーパー|コンビニ|同級生|連中|仲間)$"
)


def _home(s: Sent) -> Iterator[Candidate]:
    t = s.text
    m = _HOUSING.search(t)
    # (a message that names the home with 住む is left to the ordinary rules; one that says
    # the user lives alone names it here: "一人暮らし始めたばっかで、六甲道のワンルーム")
    home_talk = _ALONE.search(s.message) or (
        _HOME_TALK.search(s.message) and not _HOME_SAID.search(s.message)
    )
    if m and home_talk and not s.other_at(m.start()):
        place = clean(m.group("p"))
        if place and not _NOT_PLACE.search(place):
            yield cand("current_residence", place, s, confidence=0.75)
    mv = _MOVED_TO.search(t) if _MOVE_TALK.search(s.message) else None
    moved = _WHEN_LEAD.sub("", mv.group("p")) if mv else ""
    if mv and moved and not s.other_at(mv.start()) and not _NOT_PLACE.search(moved):
        yield cand("current_residence", moved, s, confidence=0.8)
    ml = _LOCAL.search(t)
    # (not "地元の川越で秋祭り" said of the town the user lives in now)
    lives = " ".join(s.context.current.get("current_residence", ()))
    if (
        ml
        and not s.context.current.get("hometown")
        and ml.group("p") not in lives
        and not s.other_at(ml.start())
        and not _NOT_TOWN.search(ml.group("p"))
    ):
        yield cand("hometown", ml.group("p"), s, confidence=0.7)


# ---------------------------------------------------------------- family, by a message from them
_FAMILY_CONTACT = re.compile(
    rf"(?<![^\W\d_ぁ-ゖ])(?<!の)(?P<f>{FAMILY})(?:から|より)(?:の)?(?:LINE|ライン|電話|連絡|メール|"
    r"メッセージ|荷物|仕送り|手紙|着信|ビデオ通話)"
)
_GAP_NEXT = re.compile(r"^(?P<g>(?:\d{1,2}|[一二三四五六七八九十])(?:つ|個|歳)(?:上|下))で")


def _family(s: Sent) -> Iterator[Candidate]:
    m = _FAMILY_CONTACT.search(s.text)
    if m and not s.other_at(m.start()):
        member = m.group("f")
        after = s.message[s.message.find(s.text) + len(s.text) :].lstrip()
        gap = _GAP_NEXT.match(after)  # "妹からLINE。3つ下で看護師やってて"
        yield cand("family", f"{gap.group('g')}の{member}" if gap else member, s, confidence=0.7)


# ---------------------------------------------------------------- music
_LIVE = re.compile(
    rf"(?:(?<![ァ-ヴーA-Za-z])(?P<v>[ァ-ヴーA-Za-z][ァ-ヴーA-Za-z0-9・&.\s]{{1,20}}?)"
    rf"|(?<![^\W\d_ぁ-ゖ])(?<!の)(?P<k>{KANJI}{{2,6}}))の"
    r"(?:ライブ|ツアー|コンサート|ワンマン|フェス)(?:の|に|で|チケ|行|当た|参戦|遠征)"
)
_NOT_ARTIST = re.compile(
    rf"^(?:{PERSONS})$|^(?:地元|学校|大学|野外|オンライン|配信|無料|路上|推し|初|夏|冬|年末|今年|去年|"
    r"来月|来週|今度|次|前|好き|バンド|アイドル|友達|知り合い|先輩|後輩)$"
)
# "中学のときからずっと聴いてる": listening for years, to what was just put on
_LISTEN_LONG = re.compile(
    r"(?:ずっと|昔から|いまだに|未だに|今でも|毎日)(?:聴いて|聞いて)(?:る|た|きた|います)"
)
_PLAYED = re.compile(rf"(?P<v>{NP})(?:を)?(?:流して|流し|かけて|聴いて|聞いて)(?:た|て|る|ながら)")
_NOT_MUSIC = re.compile(
    r"^(?:ラジオ|テレビ|動画|YouTube|アニメ|ドラマ|映画|話|音|声|ニュース|それ|これ|お湯|水)$"
)


def _music(s: Sent) -> Iterator[Candidate]:
    t = s.text
    m = _LIVE.search(t)
    if m and not s.other_at(m.start()):
        value = clean(m.group("v") or m.group("k"))
        known = s.context.current.get("favorite_artist", ())
        if value and not _NOT_ARTIST.search(value) and (not known or value in known):
            yield cand("favorite_artist", value, s, confidence=0.7)
    ml = _LISTEN_LONG.search(t)
    if ml and not re.search(r"を\s*$", t[: ml.start()]) and not s.other_at(ml.start()):
        played = [
            p for p in _PLAYED.finditer(s.before[-60:]) if not _NOT_MUSIC.match(clean(p["v"]))
        ]
        if played and (value := clean(played[-1].group("v"))):
            genre = re.fullmatch(MUSIC, value, re.IGNORECASE)
            yield cand("favorite_music" if genre else "favorite_artist", value, s, confidence=0.7)


# ---------------------------------------------------------------- colour
_C = rf"(?P<c>{COLORS})(?:色)?"
_COLOR_RULES = (
    # "気づいたらまた深緑だった": the same colour picked again without meaning to
    re.compile(
        rf"(?:気づいたら|気付いたら|気がついたら|気が付いたら|いつの間にか|結局|またしても)"
        rf"[^。!?]{{0,10}}?{_C}(?:の{WORD}を?)?"
        r"(?:だった|選|になって|ばかり|ばっかり|ばっか)"
    ),
    # "財布もスマホケースもキーケースも深緑で": everything in one colour
    re.compile(
        rf"(?:{WORD}も){{2,}}(?:全部|ぜんぶ|みんな|ぜーんぶ)?\s*{_C}(?:で|、|。|!|$|なの|だ|です|なんだ)"
    ),
    # "ラベンダー色のものはつい集めちゃう", "淡い紫っぽい色、弱いんです"
    re.compile(
        rf"{_C}(?:の|っぽい)?(?:もの|物|グッズ|小物|アイテム|色)?(?:は|を|って|ばかり|ばっかり)?"
        r"(?:つい|ついつい|気づくと|すぐ)?(?:集め|買っちゃ|選んじゃ|手に取っちゃ)"
    ),
    re.compile(rf"{_C}(?:っぽい色|系の色|の色|系)?(?:に|には|、)?\s*(?:弱い|弱くて|目がない)"),
)


def _colour(s: Sent) -> Iterator[Candidate]:
    for regex in _COLOR_RULES:
        m = regex.search(s.text)
        if m and not s.other_at(m.start()):
            yield cand("favorite_color", m.group("c"), s, confidence=0.75)
            return


# ---------------------------------------------------------------- the time of year liked best
_YEAR_BEST = re.compile(
    rf"一年(?:の中)?で(?:一番|いちばん)(?:好きな(?:の|時期|季節)?(?:は|が))\s*(?:断然|やっぱり?|絶対)?\s*(?P<x>{NP})"
    rf"|一年(?:の中)?で\s*(?P<y>{NP})(?:どき|の時期|の頃|の季節)?(?:が|は)(?:一番|いちばん)"
    r"(?:好き|落ち着く|楽しい|テンション上が|ワクワク|元気)"
)


def _season(s: Sent) -> Iterator[Candidate]:
    m = _YEAR_BEST.search(s.text)
    if m and not s.other_at(m.start()):
        value = clean(m.group("x") or m.group("y"))
        if value:
            yield cand("favorite_season", value, s, confidence=0.75)


# ---------------------------------------------------------------- habits: drinks, foods
_HABIT_RULES = (
    # "朝コンビニでほうじ茶ラテ買うのがもう日課"
    re.compile(
        rf"(?P<x>{NP})(?:を)?(?:買う|飲む|食べる|頼む)のが(?:もう|すっかり)?(?:日課|習慣|ルーティン|お決まり)"
    ),
    # "今日もほうじ茶ラテが沁みます"
    re.compile(rf"(?:今日も|やっぱり|やっぱ|いつもの)\s*(?P<x>{NP})(?:が|は)(?:沁み|しみ|染み)"),
    # "今は寝る前に黒豆茶を一杯です": the one cup the day is closed with
    re.compile(
        r"(?:毎朝|毎晩|毎日|今は|寝る前(?:に|は)|食後(?:に|は)|朝は|夜は)[^。!?]{0,8}?"
        rf"(?P<x>{NP})を(?:一杯|1杯)(?:です|だけ|飲|やる|、|。|!|$)"
    ),
    # "寒い日はやっぱりほうじ茶ラテですね", "こういう日は絶対もつ鍋。"
    re.compile(
        rf"(?:日|時|とき|朝|夜|冬|夏|仕事終わり|風呂上がり)(?:は|こそ|に)(?:やっぱり|やっぱ|断然|絶対)\s*"
        rf"(?P<x>{NP})(?:ですね|だね|だよね|だよな|に限る|でしょ|です|だよ)?(?:[!。、\s]|$)"
    ),
    # (from here on: praise of one thing, whatever it is)
    # "ご褒美はほうじ茶ラテって決めてる", "残業のおともはじゃがりこ一択"
    re.compile(
        rf"(?:ご褒美|お供|おとも|相棒|晩酌|寝酒)(?:は|といえば)\s*(?P<x>{NP}|[ぁ-ゖ]{{3,8}}?)"
        r"(?:って決めて|と決めて|一択|に限る)"
    ),
    # "もつ鍋のことしか考えられなくなる", "かもめの玉子に勝るものはない"
    re.compile(rf"(?P<x>{HNP})のこと(?:しか|ばかり|ばっかり)考えられな"),
    re.compile(
        r"(?:(?<=では)|(?<=は)|(?<=、)|^)(?!あの|この|その)(?P<x>[^、。!?\sはが]{2,12}?)に(?:勝る|まさる|敵う|かなう)"
        r"(?:もの|物)は(?:ない|無い|ありません)"
    ),
)
# "今日も結局担々麺食べちゃった", "ほぼたこ焼きですけど": a food eaten again and again
_AGAIN_FOOD = re.compile(
    rf"(?:今日も|また|結局また|今週も|今夜も)[^。!?]{{0,16}}?(?<![^\W\d_ぁ-ゖ])(?P<x>{FOODS}{_NOUN}{{0,3}})"
    r"(?:を)?(?:食べ|食っ)(?:た|ちゃった|ちゃいました|ました|てる)"
    rf"|(?:ほぼ|ほとんど|毎日|毎食)\s*(?P<y>{FOODS}{_NOUN}{{0,3}})(?:ばっかり|ばかり|ばっか)?"
    r"(?:です|だよ|なんです|だけど|ですけど)"
)
_PRAISE = 4
_CUP = 2  # (the one cup: a drink only)
# "今日もいつものカフェでチャイ頼んじゃった": a drink ordered again
_AGAIN_DRINK = re.compile(
    rf"(?:今日も|また|結局また|今朝も|いつもの)[^。!?]{{0,16}}?(?<![^\W\d_ぁ-ゖ])(?P<x>{DRINKS}{_NOUN}{{0,3}})"
    r"(?:を)?(?:頼ん|飲ん|買っ)(?:じゃった|じゃいました|だ|た|でる)"
)
# "これ飲まないと一週間が始まらない": a drink the week depends on, named just before
_CANNOT_START = re.compile(
    r"(?:これ|それ|あれ)(?:を|が)?(?:飲まないと|飲まなきゃ|食べないと|ないと|なしでは|無しでは)[^。]{0,12}?"
    r"(?:始まらない|終われない|終わらない|生きていけない|やっていけない)"
)


def _habits(s: Sent) -> Iterator[Candidate]:
    t = s.text
    for i, regex in enumerate(_HABIT_RULES):
        m = regex.search(t)
        if m and not s.other_at(m.start()):
            value = clean(m.group("x"))
            # ("晩酌は芋焼酎のお湯割りと決めて": what the evening drink is, is a drink)
            drink = i == _CUP or re.match("晩酌|寝酒", m.group(0))
            subject = classify(value, t + ("飲む" if drink else ""))
            if i == _CUP and subject != "favorite_drink":
                continue
            # the habits (買うのが日課, 沁みる) need a food or drink; the praise (一択) does not
            if value and (i >= _PRAISE or subject in ("favorite_drink", "favorite_food")):
                yield cand(subject, value, s, confidence=0.75)
                return
    md = _AGAIN_DRINK.search(t)
    if md and not s.other_at(md.start("x")):
        known = s.context.current.get("favorite_drink")
        yield cand("likes" if known else "favorite_drink", md.group("x"), s, confidence=0.65)
    mf = _AGAIN_FOOD.search(t)
    food = ("x" if mf.group("x") else "y") if mf else ""
    if mf and not s.other_at(mf.start(food)):
        # a weaker telling than a favourite named: it does not replace one already known
        known = s.context.current.get("favorite_food")
        yield cand("likes" if known else "favorite_food", mf.group(food), s, confidence=0.65)
    mc = _CANNOT_START.search(t)
    if mc and not s.other_at(mc.start()):
        near = s.before[-60:]
        lexes = (
            (_DRINK_ANY,) if "飲" in mc.group(0) else (_FOOD_ANY,) if "食" in mc.group(0) else ()
        )
        named = [w for lex in lexes or (_DRINK_ANY, _FOOD_ANY) for w in lex.finditer(near)]
        if named:
            word = max(named, key=lambda w: (w.end(), -w.start()))
            tail = re.match(rf"{_NOUN}*", near[word.end() :])
            value = word.group(0) + (tail.group(0) if tail else "")
            subject = classify(value, "飲" if _DRINK_ANY.fullmatch(word.group(0)) else "食べ")
            if subject in ("favorite_drink", "favorite_food"):
                yield cand(subject, value, s, confidence=0.7)


# ---------------------------------------------------------------- books, films read and seen again
_TITLE = (
    r"(?:[『「](?P<q>[^』」]{1,30})[』」]|(?:^|(?<=[、。!\s]))(?P<v>[^、。!?\s「」『』]{2,20}?))"
)
_READ_TIMES = re.compile(
    rf"{_TITLE}(?:は|を|も)?、?(?:もう)?(?:(?P<n>\d+|[一二三四五六七八九十]+|何)回|何度)"
    r"(?:以上)?(?:は|も)?(?:読ん|読み)(?:だ|でる|でます|ました|返)"
)
_SEEN_AGAIN = re.compile(
    rf"{_TITLE}を、?[^。]{{0,20}}?(?:何回目|何度目|何回も|何度も|また)[^。]{{0,14}}?"
    r"(?:観返|見返|観直|見直)"
)


def _works(s: Sent) -> Iterator[Candidate]:
    t = s.text
    for regex, subject in ((_READ_TIMES, "favorite_book"), (_SEEN_AGAIN, "favorite_movie")):
        m = regex.search(t)
        if m and not s.other_at(m.start()):
            title = clean(m.group("q") or m.group("v") or "")
            # (not "全部で三回は読み返し": a count's lead, not a title)
            if title and not re.search(
                r"^(?:それ|これ|あれ|本|漫画|映画|[ぁ-ゖ]+)$|^(?:全部|合計|今まで|これまで).?$|で$",
                title,
            ):
                yield cand(subject, title, s, confidence=0.75)


# ---------------------------------------------------------------- hobby by its frequency
_FREQ = re.compile(
    r"(?:月\s?\d+|月に\s?(?:\d+|一|二|三)回|週\s?\d+|週末ごと|毎週末?|毎月|年に\s?\d+回|隔週)"
    r"(?:回)?(?:くらい|ぐらい|ペース)?(?:で|は)?"
)
_GOES = re.compile(
    rf"(?P<v>[ァ-ヴー]{{3,12}}|{_NOUN}{{0,4}}(?:釣り|巡り|狩り|旅行|温泉|登山|観戦|鑑賞|散策|キャンプ|"
    r"教室|スクール|レッスン))"
    r"(?:を|に)?(?:行って(?:る|て|ます)|しに行って|通って(?:る|て)|やって(?:る|て))"
)
_NOT_GOING = re.compile(
    r"^(?:ジム|スーパー|コンビニ|バイト|サークル|レッスン|セミナー|ミーティング)$"
)


# "このハンカチ、自分で刺繍したんです": a thing shown off as made by the user's own hands
_HANDMADE = re.compile(
    rf"(?:この|これ)[^。]{{0,12}}?自分で(?P<v>{WORD})(?:した|して|しました|したんです|したんだ)"
)
_CHORE = re.compile(
    r"^(?:掃除|洗濯|予約|修理|準備|用意|計算|運転|確認|返品|注文|手続き|設定|交換)$"
)


def _hobby(s: Sent) -> Iterator[Candidate]:
    t = s.text
    mh = _HANDMADE.search(t)
    if mh and not s.other_at(mh.start()) and not _CHORE.match(mh.group("v")):
        yield cand("hobby", mh.group("v"), s, confidence=0.65)
    mf = _FREQ.search(t)
    if mf is None or s.other_at(mf.start()):
        return
    mg = _GOES.search(t, mf.end(), mf.end() + 30)
    if mg and not _NOT_GOING.match(mg.group("v")):
        value = mg.group("v")
        yield cand("sport" if classify(value) == "sport" else "hobby", value, s, confidence=0.7)


# ---------------------------------------------------------------- a crush
_CRUSH = re.compile(
    rf"(?P<n>(?:{WORD}の)?{_NOUN}{{1,6}}(?:さん|くん|君|ちゃん|先輩))のこと[、\s]?(?:が)?"
    r"(?:ちょっと|なんか|実は|少し|最近|ずっと|ずっと前から|正直)*"
    r"(?:気になって|気になる(?!の\?)|好きになっちゃ|好きになって)"
)


def _crush(s: Sent) -> Iterator[Candidate]:
    m = _CRUSH.search(s.text)
    if m and not s.other_at(m.start()):
        yield cand(
            "relationship_status", f"片思い中（{m.group('n')}が気になっている）", s, confidence=0.75
        )


# "腹を割って話せるのは、高校の同級生の及川って男だけ": the one friend the user confides in
_CONFIDANT = re.compile(
    r"(?:腹を割って|本音で|何でも|なんでも|心から|素で)話せる(?:の|相手|友達|友人|奴|やつ)(?:は|って)、?\s*"
    rf"(?:(?P<how>[^。、]{{0,12}}?)の)?(?P<n>{KANJI}{{1,4}}|[ァ-ヴー]{{2,6}})"
    r"(?:って(?:男|女|奴|やつ|子|いう(?:男|女|奴|やつ|子))|くん|さん|ちゃん)?(?:だけ|くらい|ぐらい|しかいない)"
)
# "ぽぷらちゃんの歌枠リアタイしてたら": a streamer the user follows live
_STREAMER = re.compile(
    r"(?<![^\W\d_])(?P<n>[^\s、。!?「」『』]{2,8}?(?:ちゃん|くん|さん|様|氏))の"
    r"(?:歌枠|配信|生配信|ゲーム実況|3Dライブ|新衣装|記念配信|メン限|アーカイブ)"
)


def _people(s: Sent) -> Iterator[Candidate]:
    m = _CONFIDANT.search(s.text)
    if m and not s.other_at(m.start()) and not re.fullmatch(PERSONS, m.group("n")):
        how = clean(m.group("how") or "")
        yield cand(
            "best_friend", f"{m.group('n')}（{how}）" if how else m.group("n"), s, confidence=0.75
        )
    ms = _STREAMER.search(s.text)
    if (
        ms
        and re.search(r"リアタイ|見て|観て|推し|追って|張り付|待機", s.text)
        and not s.other_at(ms.start())
    ):
        name = re.sub(r"^(?:昨日|今日|今夜|さっき|毎晩|毎日|また)", "", ms.group("n"))
        yield cand("likes", f"{name}（配信）", s, confidence=0.65)


# ---------------------------------------------------------------- a ticket won, and its date
_WON = re.compile(
    rf"(?P<e>{NP}の?(?:公演|ライブ|ツアー|コンサート|フェス|舞台|握手会|イベント|試合))(?:の(?:チケット|チケ))?"
    r"(?:が|に)?(?:当たった|当選|取れた|とれた)"
)
_EVENT_DATE = re.compile(r"(?P<d>\d{1,2}月\d{1,2}日|\d{1,2}/\d{1,2})")


def _tickets(s: Sent) -> Iterator[Candidate]:
    t = s.text
    m = _WON.search(t)
    if m and not s.other_at(m.start()):
        date = _EVENT_DATE.search(t)
        event = clean(m.group("e"))
        yield cand(
            "upcoming_event", f"{event}（{date.group('d')}）" if date else event, s, confidence=0.7
        )
        return
    # "名古屋のやつ11月23日だから": the date of an event the user already has
    md = _EVENT_DATE.search(t)
    if md is None or s.other_at(md.start()):
        return
    said = re.findall(rf"{_NOUN}{{2,}}", t[: md.start()])
    for value in s.context.current.get("upcoming_event", ()):
        if "（" not in value and any(w in value for w in said):
            yield cand("upcoming_event", f"{value}（{md.group('d')}）", s, confidence=0.7)
            return


# ---------------------------------------------------------------- あれ: a food named just before
_THAT_NO = re.compile(
    rf"(?:^|(?<=[、\s]))(?:(?P<me>{SELF})(?:は|、)?)?(?:あれ|アレ|それ)(?:は|が)?(?:ほんと|本当に|ほんとに|まじで|マジで|絶対|もう|どうしても)?"
    r"(?:無理|ムリ|ダメ|だめ|駄目|苦手|受け付けない)(?!じゃ|では)"
)
_THAT_ALLERGY = re.compile(
    rf"(?:^|(?<=[、\s]))(?:(?P<me>{SELF})(?:は|、)?)?(?:あれ|アレ|それ)(?:を)?(?:食べる|食べ|口にする|口にし|食う)(?:と|たら|ちゃうと)"
    r"[^。]{0,30}?(?:アレルギー|じんましん|蕁麻疹|腫れ|はれる|かゆく|痒く|イガイガ)"
)


def _antecedent(text: str) -> str | None:
    """The last food named in ``text`` (``そば屋`` -> そば)."""
    found = list(_FOOD_ANY.finditer(text))
    return found[-1].group(0) if found else None


def _that(s: Sent) -> Iterator[Candidate]:
    t = s.text
    for regex, subject in ((_THAT_ALLERGY, "allergy"), (_THAT_NO, "disliked")):
        m = regex.search(t)
        if m and (m.group("me") or not s.other_at(m.start())):
            food = _antecedent((s.before + t[: m.start()])[-80:])
            if food:
                yield cand(subject, food, s, confidence=0.7)
                return


# ---------------------------------------------------------------- height, age, said bare
_HEIGHT_SELF = re.compile(
    rf"(?:{SELF})(?:は|、)?\s*(?P<n>1[3-9]\d)(?:cm|センチ)?(?:しかない|しかなく|しかなくて|もある|"
    r"あるから|あるので|あるし|あるけど|あって)"
)
_AGE_BARE = re.compile(
    rf"(?:まだ|もう|実は|本当は|ほんとは)(?:{SELF})?、?(?:まだ|もう)?(?P<n>1[5-9]|[2-9]\d)(?:歳|才)?"
    r"(?:なのに|なんです|なんですよ|なんだよね|なんだけど|なんですけど)"
)


def _bare_numbers(s: Sent) -> Iterator[Candidate]:
    t = s.text
    m = _HEIGHT_SELF.search(t)
    if m and not s.other_at(m.start()):
        yield cand("height", f"{m.group('n')}cm", s, confidence=0.75)
    ma = _AGE_BARE.search(t)
    # "息子もう20なのに": a family member named bare right before is the one of that age
    kin = ma and re.search(rf"(?:{FAMILY}|{PERSONS})(?:さん|ちゃん|くん)?\s*$", t[: ma.start()])
    if (
        ma
        and not kin
        and not s.other_at(ma.start())
        and not re.search(r"言った|って", t[ma.end() : ma.end() + 4])
    ):
        n = kanji_number(ma.group("n"))
        if n:
            yield cand("age", f"{n}歳", s, confidence=0.75)


# ---------------------------------------------------------------- the favourite just named
# "ミモザですよね? ... 一番好きなお花です": the favourite is the thing named before it
_BEST_OF = re.compile(
    r"^(?:[^。、]{0,12}の中で)?(?:一番|いちばん|ダントツ|断トツ)(?:で)?\s*(?:大)?好き"
    r"(?:な(?P<c>お?花|色|キャラ|キャラクター|食べ物|飲み物|曲|映画|本|場所|季節))?"
    r"(?:です|なんです|だよ|なの|なんだ|なんですよ)"
)
_NAMED = re.compile(
    rf"(?P<x>[ァ-ヴー]{{2,12}}|{KANJI}{{2,8}})(?:ですよね|だよね|です|だよ|でしょ|じゃん)[!?。\s]"
)
_BEST_SUBJECT = {"色": "favorite_color", "食べ物": "favorite_food", "飲み物": "favorite_drink"}
_BEST_SUBJECT |= {"曲": "favorite_music", "映画": "favorite_movie", "本": "favorite_book"}
_BEST_SUBJECT |= {"場所": "favorite_place", "季節": "favorite_season"}


# "俺が一番好きなのはラーメン": the speaker's own favourite, named after 好きなのは
_MY_BEST = re.compile(
    rf"(?:^|(?<=[、\s]))(?:{SELF})(?:が|の)(?:一番|いちばん)?(?:大)?好きなのは、?\s*(?:やっぱり?|断然)?"
    rf"(?P<x>{HNP})(?:です|だよ|かな|。|!|$|、|なの|なんだ|だね)"
)


def _best_of(s: Sent) -> Iterator[Candidate]:
    mm = _MY_BEST.search(s.text)
    if mm and (value := clean(mm.group("x"))):
        yield cand(classify(value, s.text), value, s, confidence=0.8)
    m = _BEST_OF.match(s.text)
    if m is None or s.other_at(m.start()):
        return
    named = list(_NAMED.finditer(s.before[-50:]))
    if not named:
        return
    value = named[-1].group("x")
    kind = m.group("c") or ""
    subject = _BEST_SUBJECT.get(kind) or classify(value, s.message)
    if subject == "likes" and kind:
        value = f"{value}（一番好きな{kind.lstrip('お')}）"
    yield cand(subject, value, s, confidence=0.7)


IMPLICIT_RULES: tuple[Callable[[Sent], Iterator[Candidate]], ...] = (
    _home,
    _family,
    _music,
    _colour,
    _season,
    _habits,
    _works,
    _hobby,
    _crush,
    _people,
    _tickets,
    _that,
    _bare_numbers,
    _best_of,
)
