"""Japanese fact rules for preferences: favourites, likes, hobbies, sports, dislikes
(relationships and the user's situation are in ``ja_situation``)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from soulmem.perceive.facts.base import Candidate
from soulmem.perceive.facts.ja_lex import (
    BOOK_GENRES,
    COLORS,
    MUSIC,
    PERSONS,
    PHOBIAS,
    SEASONS,
    SELF,
    SPORTS,
    alt,
    classify,
    kanji_number,
)
from soulmem.perceive.facts.ja_text import HNP, NP, WORD, Sent, cand, clean, mid_phrase

__all__ = ["PREF_RULES"]

_CATEGORIES: dict[str, str] = {
    "食べ物": "favorite_food",
    "食べもの": "favorite_food",
    "食べもん": "favorite_food",
    "飲みもん": "favorite_drink",
    "料理": "favorite_food",
    "お菓子": "favorite_food",
    "スイーツ": "favorite_food",
    "飲み物": "favorite_drink",
    "お酒": "favorite_drink",
    "音楽": "favorite_music",
    "曲": "favorite_music",
    "音楽のジャンル": "favorite_music",
    "色": "favorite_color",
    "カラー": "favorite_color",
    "季節": "favorite_season",
    "映画": "favorite_movie",
    "アニメ": "favorite_movie",
    "本": "favorite_book",
    "小説": "favorite_book",
    "作家": "favorite_book",
    "本のジャンル": "book_genre",
    "ジャンル": "book_genre",
    "ゲーム": "favorite_game",
    "動物": "favorite_animal",
    "アーティスト": "favorite_artist",
    "歌手": "favorite_artist",
    "バンド": "favorite_artist",
    "アイドル": "favorite_artist",
    "場所": "favorite_place",
    "スポーツ": "sport",
    "花": "likes",
    "お花": "likes",
}
_CAT = alt(" ".join(_CATEGORIES))
# a value, not a clause: it stops at a contrast or a negation (``お酒は飲めないけど雰囲気は好き``)
_VAL = r"(?P<v>(?:(?!けど|けれど|でも|ない)[^。!?、]){1,24}?)"
# (やな / やで / やねん: the Kansai copula left after a word ending in kana, たこ焼きやな)
_VAL_END = (
    r"(?:なんです|です|だよ|かな|なの|なんだ|!|。|$|、|だ|って|が一番|とか|一択|かも"
    r"|や(?:な|で|ねん)(?=[!。、\s]|$))"
)
_FAV_CAT = (
    re.compile(rf"(?:一番|いちばん)?好きな(?P<c>{_CAT})(?:は|って)\s*{_VAL}{_VAL_END}"),
    re.compile(
        rf"(?P<c>{_CAT})(?:は|だと|なら|でいうと|で言うと|で)\s*{_VAL}(?:が|は)(?:一番|いちばん)?(?:大)?好き"
    ),
    re.compile(rf"{_VAL}(?:が|は)(?:一番|いちばん)?好きな(?P<c>{_CAT})"),
)
# a hiragana word after a boundary, not the tail of a word (ダウンはやっぱ, 寒いほう)
_HWORD = r"(?<![^\W\d_])[ぁ-ゖ]{2,5}"
_LIKE = re.compile(
    rf"(?P<v>{NP}|{_HWORD})(?P<p>だけは|だけが|が|は|も)?(?P<deg>一番|いちばん|大|超|めっちゃ|すごく|本当に|ほんとに|"
    r"まじで|マジで|ほんと)?好き(?!じゃ|では|な(?:もの|人|こと|ところ|とこ)|の(?!{SELF})"
    # "ハンバーグ好きなの可愛すぎ": someone's liking, remarked on
    r"|なの(?:が)?(?:可愛|かわい|カワイ|意外|ウケ|わかる|分かる|面白|おもしろ|尊|ギャップ)"
    # "うちの猫が好きなのはまぐろ": the one who likes, not the liked thing
    r"|なのは(?!昔から|ずっと|前から|子供の頃から|子どもの頃から|小さい頃から))"
)
# "甘いもの全般好きだけど特にプリン": the one picked out of a liked kind
_ESPECIALLY = re.compile(
    rf"好き(?:だけど|だけども|で|、|。|!)?\s*(?:特に|中でも|とりわけ|一番は)\s*(?P<v>{NP})"
    r"(?:が|かな|だよ|です|!|。|$|、)"
)
_BEST_THING = re.compile(
    rf"(?P<v>{NP})(?:が|は)(?:最高|至福|たまらない|欠かせない|やめられない|生きがい|癒し)"
)
_WEAKNESS = re.compile(rf"(?P<v>{HNP}|甘いもの|辛いもの|しょっぱいもの)(?:に|には)目がない")
_LIKE_NOT = re.compile(rf"(?P<v>{NP})(?:は|が)?(?:あんまり|あまり|そんなに)?好きじゃない")
_HAS_TOPIC = re.compile(rf"(?P<w>{WORD})(?:は|って)$")
_TOPIC_OK = re.compile(
    rf"^(?:{SELF}|{_CAT}|朝|夜|昼|夏|冬|春|秋|休み|週末|今|最近|昔|普段|毎日|家|一人|中でも|特に|"
    r"食事|ご飯|おやつ|デザート|飲み会|果物|フルーツ|野菜|肉|魚|麺類|パン)$"
)
_FAN = re.compile(
    rf"(?P<v>{WORD})派(?:です|だよ|なの|なんだ|。|!|$|、|で|だから|に(?:なった|なりました|転向))"
)
_FAN_TOPIC = re.compile(rf"(?P<t>{WORD})(?:は|なら|だったら)\s*$")
# a verb stem leading a noun (編み物, 焼き物, 生け花): the stem is part of the word
_OKURI = r"(?:(?<![^\W\d_ぁ-ゖ])[^\W\d_ぁ-ゖ][きげけりしみえちび](?=[^\W\d_ぁ-ゖ]))?"
_GENERIC_READ = re.compile(r"^(?:本|漫画|マンガ|小説|雑誌|新聞|絵本|ニュース|参考書|教科書)$")
_HOOKED = re.compile(
    rf"(?P<v>{_OKURI}{NP})(?:に|が)?(?:ハマって|はまって|どハマり|沼って|ハマる(?:の|んだ|んです)|はまる(?:の|んだ))"
)
# "寝る前は宮部みゆきを読むのが至福の時間": an author or book read as a treat
_READS = re.compile(
    r"(?:^|(?<=[、\s]|は|で|に))(?P<v>(?:(?![はでにをがも])[^\s、。!?「」『』]){2,12}?)"
    r"(?:の(?:本|小説|新刊)|さん)?"
    r"を読む(?:の|こと)が(?:至福|楽しみ|日課|好き|癒し|生きがい|趣味)"
)
_HOBBY = (
    re.compile(rf"趣味(?:は|が|って)\s*(?P<v>[^。!?]{{2,30}}?){_VAL_END}"),
    re.compile(rf"(?P<v>{NP})(?:が|も)趣味"),
    re.compile(rf"(?P<v>{NP})(?:するの|をするの|やるの)が(?:好き|趣味|楽しみ|生きがい)"),
    # "公民館で三味線習ってる", "公民館のフラダンスに通い始めた": lessons taken
    re.compile(rf"(?P<v>{WORD})(?:を)?習って(?:る|いる|ます|て)"),
    re.compile(
        rf"(?P<v>{WORD}(?:ダンス|教室|スクール|ヨガ|レッスン|体操|ジム|道場))(?:に|へ)"
        r"(?:通い始め|通って|通う|通いだし)"
    ),
    # "夜の堤防で釣りしてる時間が一番落ち着く": the time spent on it, the best of the day
    re.compile(
        rf"(?<![とに])(?P<v>{WORD})(?<=..)(?:を)?(?:してる|している|する|やってる)(?:時間|とき|時)(?:が|は)"
        r"(?:一番|いちばん|何より)(?:落ち着|幸せ|楽し|好き|癒さ|至福)"
    ),
)
_LEISURE = re.compile(
    r"休みの日|休日|週末|オフの日|暇な時|暇なとき|暇さえあれば|時間がある時|時間があると|家では|"
    r"家にいる時|仕事終わり|帰ったら|土日|夜はいつも|寝る前"
)
_ACTIVITY = re.compile(
    rf"(?P<v>{_OKURI}{WORD})(?:を|に)?(?:(?:し|やっ|いじっ|触っ|育て|集め|作っ|描い|弾い|撮っ|磨い|編ん|"
    r"巡っ|眺め|組み立て)て(?:る|ます|いる)(?!と)|(?:し|やっ|いじっ|育て|集め|作っ)てて|して過ごし|"
    r"しに行|ばかりして|ばっかりして|ばっかして)"
)
_NOT_HOBBY = re.compile(
    r"^(?:仕事|勉強|家事|残業|何|用事|準備|掃除|洗濯|料理|バイト|練習|それ|これ|一日中|趣味|"
    r"新しい趣味)$"
    r"|^(?:全部|全て|一気に)"  # "サウナで全部リセットしてる": what is done to it, not a pastime
    # "100切り目指してる", "優勝目指してる": a goal aimed at, not a pastime
    r"|.*(?:目指|応援|期待|心配|我慢|意識|気に)$"
)
_STARTED = re.compile(
    rf"(?P<v>{_OKURI}{NP})(?:を)?(?:始めた(?!ら|り|とこ)|始めて|はじめた(?!ら|り)|習い始め|再開した)"
)
# "back number聴いてる": a name of Latin words with spaces between them
_LATIN_LEAD = r"(?:(?<![A-Za-z])[A-Za-z][A-Za-z'.&-]*\s)*"
_MUSIC_BG = re.compile(
    rf"(?P<v>{_LATIN_LEAD}{NP})(?:を|に)?(?:かけ|流し|聴き|聞き)(?:ながら|っぱなし)"
)
_MUSIC_PLAY = re.compile(
    rf"(?P<v>{_LATIN_LEAD}{NP})(?:を|ばかり|ばっかり|ばっか)?(?:ずっと|いつも)?(?:流して|かけて|流しっぱなし|かけっぱなし)"
)
_MUSIC_LISTEN = re.compile(
    rf"(?P<v>{_LATIN_LEAD}{NP})(?:を|ばかり|ばっかり|ばっか)?(?:よく|いつも|毎日|ずっと)?(?:聴いて|聞いて|聴く|聞く|聴きます)"
)
_NOT_MUSIC = re.compile(
    r"^(?:ラジオ|テレビ|動画|YouTube|アニメ|ドラマ|映画|話|音|声|ニュース|それ|これ)$"
    r"|^.*の(?:音|声|話)$|^.*(?<!初)音$"  # "雨の音を聞きながら", "軒の雨音": a sound, not music
)
_MOVIE_TIMES = re.compile(
    r"(?:[「『](?P<q>[^」』]{1,30})[」』]|(?:^|(?<=[、。!\s]))(?P<v>[^、。!?\s「」『』]{2,20}?))"
    r"(?:は|を|も)?、?(?:もう)?(?:(?P<n>\d+|[一二三四五六七八九十百]+|何|数え切れない|数えきれない)回|何度)"
    r"(?:以上)?(?:は|も)?(?:観|見)(?:て|た)"
)
_BOOK = re.compile(
    rf"(?P<g>{BOOK_GENRES}|{WORD}(?=小説))(?P<k>小説|本|もの|物|漫画|マンガ)?(?:を|ばかり|ばっかり|ばっか|とか)?"
    r"(?:よく|いつも)?読(?:む|んで|んでる|みます|み漁)",
    re.IGNORECASE,
)
_COLOR_ITEMS = re.compile(
    r"(?:持ち物|服|私服|小物|部屋|文房具|グッズ|身の回り|カバン|鞄|財布|浴衣|ネイル|コーデ|インテリア|"
    r"スマホケース|傘|靴)(?:は|が|も)?(?:ほぼ|全部|ぜんぶ|ほとんど|だいたい|大体|いつも|基本|全て|すべて|もちろん|"
    rf"やっぱり|絶対|大抵)?(?P<c>{COLORS})(?:色)?(?:系)?"
    r"(?:ばかり|ばっかり|ばっか|一色|で統一|!|。|$|なの|だよ|です|、|だし|なんだ)"
)
_COLOR_FAN = re.compile(
    rf"(?P<c>{COLORS})(?:色)?(?:推し|(?:い|の)(?:もの|物|服|アイテム)(?:ばかり|ばっかり|ばっか)|に囲まれ)"
)
_SEASON_UP = re.compile(
    rf"(?P<x>{SEASONS})(?:が|に)?(?:来ると|になると|が近づくと|が近付くと|が来たら)[^。]*?"
    r"(?:テンション|嬉し|うれし|ワクワク|わくわく|元気|好き|楽し|最高|上が)"
)
_SEASON_DOWN = re.compile(rf"(?P<x>{SEASONS})(?:が|は)?(?:苦手|嫌い|無理|しんどい)")
_SPORT = re.compile(
    rf"(?P<x>{SPORTS})(?:部|を|は|も|に|の(?=チーム|サークル|教室|クラブ))?(?:[^。!?、]{{0,8}}?から)?(?:ずっと|今も|まだ|週\d+で?)?(?:やって|してる|して(?:た|います)|続けて|"
    r"習って|打って|通って|部|チーム|サークル|教室|なら負け|が得意|やってた|ばっかり|歴)"
)
_SPORT_HABIT = re.compile(rf"(?P<x>{SPORTS})(?:で|を|に|の練習)")
_SINCE = re.compile(
    r"(?P<s>小学校|小学生|中学|高校|大学|子供の頃|子どもの頃|小さい頃|幼稚園|社会人|\d+歳)(?:の頃|時代)?から"
)
_FREQ = re.compile(r"週\s?\d+(?:回)?|毎週|毎日|月\s?\d+(?:回)?")
_DRINK = re.compile(
    rf"(?P<x>{NP})(?:を|は)?(?:ばかり|ばっかり|ばっか|しか)?(?:毎日|毎朝|いつも|必ず|絶対)?"
    r"(?:(?P<n>\d+|[一二三四五])杯)?(?:は|も)?飲(?:む|んで|まない|みます|んでる|まないと|みがち)"
)
_HABIT = re.compile(
    r"毎|いつも|朝は|夜は|ないと|絶対|必ず|よく|ばかり|ばっかり|ばっか|しか|中毒|欠かせない|派|習慣|ずっと|もっぱら"
)
_RITUAL = re.compile(
    r"(?:疲れた|落ち込んだ|嫌なことがあった|頑張った|ストレスが溜まった|給料日|ご褒美|休みの|週末|元気ない|"
    r"凹んだ|へこんだ)(?:日|時|とき)?(?:は|に|の)?(?:絶対|いつも|必ず|決まって|やっぱり|やっぱ|とりあえず)"
    rf"(?P<x>{NP})(?:を)?(?:食べ|!|。|$|、|って決めて|なの|です|だよ|一択|に限る)"
)
# "いちごミルクないと生きてけない体": what one cannot do without
_CANT_LIVE_WITHOUT = re.compile(
    rf"(?P<v>{NP})(?:が|は)?ない(?:と|なんて)(?:生きて(?:け|い)ない|生きていけない|やって(?:け|い)けない|"
    r"無理|死ぬ|始まらない)"
)
_FAVE_FOOD = re.compile(rf"(?P<x>{NP})(?:が|は)?(?:大好物|好物)|好物(?:は|が)\s*(?P<y>{NP})")
_DISLIKE = re.compile(
    rf"(?P<x>{NP}|あれ|それ|これ)(?:が|は|って)?(?:世界で|人生で|この世で)?(?:一番|いちばん)?(?:大)?"
    r"(?:嫌い|きらい)(?!じゃ|では|な(?:もの|の\b))"
)
_DISLIKE_IS = re.compile(
    rf"(?:嫌いな|苦手な)(?:もの|食べ物|こと|の|野菜|食材)(?:は|って)\s*(?P<x>{NP})(?!さん|くん|ちゃん)"
)
# "野菜嫌いの子", "換気扇の音が嫌いみたい": others' tastes, or a guess at a pet's
_OTHERS_TASTE = re.compile(
    r"^[^。!?、]{0,3}?(?:の(?:子|人|やつ|奴|方|友達|男|女)|みたい|らしい|っぽい)"
)
_NOT_TASTE = re.compile(rf"^(?:{SELF}|{PERSONS}|家族|みんな|皆|子供|子ども|うちの子)$")
_ONLY_NOT = re.compile(
    rf"(?P<x>{NP})だけは[^。!?]{{0,14}}?(?:無理|ムリ|許せない|慣れない|耐えられない|ダメ|だめ|嫌|"
    r"食べられない|食べれない|苦手|受け付けない)"
)
_WEAK = re.compile(
    rf"(?P<x>{NP})(?:が|は)?(?:ちょっと|どうしても|昔から|大の)?(?:苦手|食べられない|食べれない)(?!じゃ)"
)
_REFER = re.compile(rf"(?P<x>{NP})(?:だけは|は|が)(?!ず)")

_WHEN_WORD = re.compile(
    r"^(?:毎日|毎朝|毎晩|毎週|毎月|毎年|今|今日|昨日|明日|今でも|一緒|みんな|皆|朝|夜|昼|週\d+|月\d+)$"
)


def _unknown_topic(s: Sent, pos: int) -> bool:
    """``真帆はケーキが好き``: a bare name as topic right before the liked thing."""
    m = _HAS_TOPIC.search(s.text[:pos])
    return bool(m and not _TOPIC_OK.match(m.group("w")) and len(m.group("w")) <= 6)


def _in_current(s: Sent, subjects: tuple[str, ...], value: str) -> bool:
    return any(value in v for sub in subjects for v in s.context.current.get(sub, ()))


_KIND_ASKED = re.compile(r"(?:どんな|どの|何の|なんの)(?P<k>[^\W\d_ぁ-ゖ]{2,6})(?:が|は|を|派)")


def _kind_asked(s: Sent, value: str) -> bool:
    """The character asked which one of a kind (``どんなケーキが好き?``) and the value is one
    (``チーズケーキ``): a pick within that kind, not the user's favourite overall."""
    asked = s.context.previous_assistant_text or ""
    m = _KIND_ASKED.search(asked)
    return bool(m and value.endswith(m.group("k")) and value != m.group("k"))


def _likes(s: Sent) -> Iterator[Candidate]:
    t = s.text
    for regex in _FAV_CAT:
        m = regex.search(t)
        if m and not s.other_at(m.start()):
            value = clean(m.group("v"))
            if value and value not in ("何", "なに", "これ", "それ"):
                yield cand(_CATEGORIES[m.group("c")], value, s, confidence=0.9)
                return
    for m in _LIKE.finditer(t):
        value = clean(m.group("v"))
        if value.endswith("大") and not m.group("p") and not m.group("deg"):
            value = value[:-1]  # "シャキシャキ大好き": 大好き, not a word ending in 大
        owner = re.search(r"(?P<o>[^\s、。!?の]{1,8})の$", t[: m.start()])
        if owner and re.fullmatch(r"(.{2,3})\1", value):
            value = f"{owner.group('o')}の{value}"  # "れんこんのシャキシャキ": a food's texture
        if not value or s.other_at(m.start()) or _unknown_topic(s, m.start()):
            continue
        if _NOT_TASTE.match(value) or _OTHERS_TASTE.match(t[m.end() :]):
            continue
        if mid_phrase(t, m.start()):
            continue
        if re.search(
            r"^(?:一番|これ|それ|あれ|何|全部|全般|みんな|本当|ほんと|好き|大|ちょっと|もっと|あと|それと|"
            r"すごく|結構|けっこう|かなり|少し|だいぶ|余計|さらに)$",
            value,
        ):
            continue
        subject = classify(value, t)
        if m.group("p") == "も" and subject not in ("sport",):
            subject = "likes" if subject.startswith("favorite_") else subject
        # "卵好きなんだ" after "一番はとんぺい焼き": a plain liking does not replace the favourite
        known = s.context.current.get(subject, ())
        if (
            subject.startswith("favorite_")
            and known
            and not re.search(r"一番|いちばん|大好き", m.group(0))
            and not any(value in v for v in known)
        ):
            subject = "likes"
        yield cand(subject, value, s, confidence=0.75)
    mp = _ESPECIALLY.search(t)
    if mp and not s.other_at(mp.start()):
        value = clean(mp.group("v"))
        if value:
            yield cand(classify(value, t), value, s, confidence=0.75)
    for m in _BEST_THING.finditer(t):
        value = clean(m.group("v"))
        if value and not s.other_at(m.start()) and not _unknown_topic(s, m.start()):
            yield cand(classify(value, t), value, s, confidence=0.7)
    for m in _WEAKNESS.finditer(t):
        if not s.other_at(m.start()):
            value = clean(m.group("v"))
            yield cand(classify(value, t), value, s, confidence=0.75)
    for m in _LIKE_NOT.finditer(t):
        if not s.other_at(m.start()):
            yield cand("disliked", clean(m.group("v")), s, confidence=0.6)
    for m in _FAN.finditer(t):
        value = clean(m.group("v"))
        subject = classify(value, t)
        # "コーヒーはブラック派": the style is how the topic is liked
        mt = _FAN_TOPIC.search(t[: m.start()])
        topic = clean(mt.group("t")) if mt else ""
        if topic and classify(topic, t) != "likes":
            value, subject = f"{topic}（{value}）", classify(topic, t)
        if value in ("犬", "猫"):
            subject = "favorite_animal"
        if subject.startswith("favorite_") and _kind_asked(s, value):
            subject = "likes"  # "どんなケーキが好き?" "チーズケーキ派": a pick among cakes
        if (subject != "likes" and not s.other_at(m.start())) or (
            subject == "likes" and _kind_asked(s, value) and not s.other_at(m.start())
        ):
            yield cand(subject, value, s, confidence=0.8)
    m2 = _FAVE_FOOD.search(t)
    if m2 and not s.other_at(m2.start()):
        yield cand("favorite_food", clean(m2.group("x") or m2.group("y")), s, confidence=0.85)
    mn = _CANT_LIVE_WITHOUT.search(t)
    if mn and not s.other_at(mn.start()) and (value := clean(mn.group("v"))):
        yield cand(classify(value, s.message) or "likes", value, s, confidence=0.75)
    m3 = _RITUAL.search(t)
    if m3 and not s.other_at(m3.start()):
        value = clean(m3.group("x"))
        subject = classify(value, s.message)
        if subject in ("favorite_food", "favorite_drink", "likes") and value:
            yield cand(subject, value, s, confidence=0.75)
    m4 = _DRINK.search(t)
    if m4 and _HABIT.search(t) and not s.other_at(m4.start()):
        value = clean(m4.group("x"))
        cups = re.search(r"(\d+|[一二三四五])杯$", value)
        count = m4.group("n") or (cups.group(1) if cups else None)
        if cups:
            value = value[: cups.start()]
        if value and classify(value, "飲") == "favorite_drink" and not _WHEN_WORD.match(value):
            when = re.search(r"毎朝|朝|毎晩|夜|寝る前|毎日", t)
            detail = (when.group(0) if when else "") + (f"{count}杯" if count else "")
            yield cand("favorite_drink", f"{value}（{detail}）" if detail else value, s)


# "バドミントン部でした!": the club the user was in, a sport by its name
_CLUB_WAS = re.compile(
    rf"(?:^|[、\s]|(?<=は))(?P<v>{WORD})部(?:でした|だった|だよ|です|に入って|に入ってた|やってた|で|の)"
)


def _hobbies(s: Sent) -> Iterator[Candidate]:
    t = s.text
    mc = _CLUB_WAS.search(t)
    if mc and not s.other_at(mc.start()) and classify(value := clean(mc.group("v"))) == "sport":
        yield cand("sport", f"{value}（部活）", s, confidence=0.7)
    for regex in _HOBBY:
        m = regex.search(t)
        if m and not s.other_at(m.start()):
            # "読書と映画" is two hobbies; the と of a nominalised verb ("寝ること") is not
            for part in re.split(r"(?<!こ)と(?!か)|とか|、|や|,", m.group("v")):
                value = clean(part)
                if value and not _NOT_HOBBY.match(value):
                    yield cand("hobby", value, s, confidence=0.85)
            break
    mr = _READS.search(t)
    book = clean(mr.group("v")) if mr else ""
    if mr and book and not _GENERIC_READ.match(book) and not s.other_at(mr.start()):
        yield cand("favorite_book", book, s, confidence=0.75)
    m = _HOOKED.search(t)
    if m and not s.other_at(m.start()):
        value = clean(m.group("v"))
        subject = classify(value, t)
        if subject not in (
            "favorite_music",
            "sport",
            "book_genre",
            "favorite_food",
            "favorite_drink",
        ):
            subject = "hobby"
        if value:
            yield cand(subject, value, s, confidence=0.75)
    if _LEISURE.search(s.before[-40:] + t):
        for m in _ACTIVITY.finditer(t):
            value = clean(m.group("v"))
            if value and not _NOT_HOBBY.match(value) and not s.other_at(m.start()):
                yield cand(
                    "sport" if classify(value) == "sport" else "hobby", value, s, confidence=0.7
                )
    ms = _STARTED.search(t)
    if ms and not s.other_at(ms.start()):
        value = clean(ms.group("v"))
        # "夜に走りはじめた": a verb stem, "began to run", not a hobby taken up
        stem = re.search(r"[ぁ-ゖ]$", value) and not ms.group(0)[len(ms.group("v")) :].startswith(
            "を"
        )
        if (
            value
            and not stem
            and not _NOT_HOBBY.match(value)
            and not re.search("バイト|ダイエット|仕事", value)
        ):
            yield cand("sport" if classify(value) == "sport" else "hobby", value, s, confidence=0.7)
    for regex in (_MUSIC_BG, _MUSIC_PLAY, _MUSIC_LISTEN):
        m = regex.search(t)
        if m and not s.other_at(m.start()):
            value = clean(m.group("v"))
            known = re.fullmatch(MUSIC, value, re.IGNORECASE)
            if regex is _MUSIC_PLAY and not known:
                continue
            if regex is _MUSIC_LISTEN and not (known or _HABIT.search(t)):
                continue
            if value and not _NOT_MUSIC.match(value):
                subject = "favorite_music" if known or regex is _MUSIC_BG else "favorite_artist"
                value = re.sub(r"の(?:曲|歌|音楽|アルバム)$", "", value)
                yield cand(subject, value, s, confidence=0.75)
                break
    m = _MOVIE_TIMES.search(t)
    if m and not s.other_at(m.start()):
        raw = m.group("q") or m.group("v") or ""
        # "あのラストの海のとこ": a scene of the film, not its title
        title = (
            ""
            if re.search(r"^(?:あの|この|その)|(?:とこ|ところ|シーン|場面|部分)$", raw)
            else clean(raw)
        )
        n = m.group("n")
        count = kanji_number(n) if n else None
        times = f"{count}回以上観てる" if count else "何度も観てる"
        if title and not re.search(
            r"^(?:それ|これ|あれ|映画|この映画|[ぁ-ゖ]+|多分|今まで|人生で)$", title
        ):
            yield cand("favorite_movie", f"{title}（{times}）", s, confidence=0.8)
    m = _BOOK.search(t)
    if m and not s.other_at(m.start()):
        yield cand("book_genre", m.group("g") + (m.group("k") or ""), s, confidence=0.8)
    for regex in (_COLOR_ITEMS, _COLOR_FAN):
        m = regex.search(t)
        if m and not s.other_at(m.start()):
            yield cand("favorite_color", m.group("c"), s, confidence=0.8)
            break
    m = _SEASON_UP.search(t)
    if m and not s.other_at(m.start()):
        yield cand("favorite_season", m.group("x"), s, confidence=0.8)
    m = _SEASON_DOWN.search(t)
    if m and not s.other_at(m.start()):
        yield cand("disliked", m.group("x"), s, confidence=0.7)
    m = _SPORT.search(t)
    if m is None and (_LEISURE.search(t) or re.search(r"毎週|いつも|毎朝|毎日", t)):
        m = _SPORT_HABIT.search(t)
    if m and not s.other_at(m.start()):
        details = [x.group(0) for x in (_SINCE.search(t), _FREQ.search(t)) if x]
        value = m.group("x") + (f"（{'、'.join(details)}）" if details else "")
        if details or not _in_current(s, ("sport",), m.group("x")):
            yield cand("sport", value, s, confidence=0.8)


def _resolve(s: Sent, pos: int) -> str | None:
    """The thing ``あれ`` points back to: the last topic noun before it."""
    found = None
    for m in _REFER.finditer(s.before + s.text[:pos]):
        found = clean(m.group("x"))
    return found or None


def _dislikes(s: Sent) -> Iterator[Candidate]:
    t = s.text
    for regex in (_DISLIKE_IS, _ONLY_NOT, _DISLIKE):
        for m in regex.finditer(t):
            if s.other_at(m.start()) or _unknown_topic(s, m.start()) or mid_phrase(t, m.start()):
                continue
            value = clean(m.group("x"))
            if value in ("あれ", "それ", "これ"):
                value = _resolve(s, m.start()) or ""
            if not value or value in ("何", "一番", "本当") or _NOT_TASTE.match(value):
                continue
            if _OTHERS_TASTE.match(t[m.end() :]):
                continue
            if regex is not _DISLIKE and re.fullmatch(PHOBIAS, value):
                continue
            yield cand("disliked", value, s, confidence=0.75)
    for m in _WEAK.finditer(t):
        value = clean(m.group("x"))
        if (
            value
            and not re.fullmatch(PHOBIAS, value)
            and not _NOT_TASTE.match(value)
            and not _OTHERS_TASTE.match(t[m.end() :])
            and not s.other_at(m.start())
            and not mid_phrase(t, m.start())
            and not _in_current(s, ("allergy", "phobia"), value)
        ):
            yield cand("disliked", value, s, confidence=0.7)


PREF_RULES: tuple[Callable[[Sent], Iterator[Candidate]], ...] = (
    _likes,
    _hobbies,
    _dislikes,
)
