"""Japanese fact rules for conversational phrasings (used by soulmem.perceive.facts.ja).

Answers to a question the user echoes (``好物？餃子！``, ``彼女？いるよ``), picks out of a
category (``季節は断然夏派``, ``映画は断トツでX``, ``本はもっぱら歴史モノ``), drinks named
as a companion (``お供はもっぱらメロンソーダ``), long-distance / live-in relationships and
a best friend introduced by name in one sentence and called a best friend in the next
(``岩切ってやつ。小学校からの親友で``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from soulmem.perceive.facts.base import Candidate
from soulmem.perceive.facts.ja_lex import BOOK_RE, alt, classify
from soulmem.perceive.facts.ja_text import NP, WORD, Sent, cand, clean, someone_elses

__all__ = ["PICK_CATEGORIES", "TALK_RULES"]

PICK_CATEGORIES: dict[str, str] = {
    "好物": "favorite_food",
    "好きな食べ物": "favorite_food",
    "食べ物": "favorite_food",
    "食べもん": "favorite_food",
    "飲みもん": "favorite_drink",
    "料理": "favorite_food",
    "飲み物": "favorite_drink",
    "ドリンク": "favorite_drink",
    "お酒": "favorite_drink",
    "音楽": "favorite_music",
    "ジャンル": "favorite_music",
    "色": "favorite_color",
    "好きな色": "favorite_color",
    "カラー": "favorite_color",
    "季節": "favorite_season",
    "映画": "favorite_movie",
    "本": "favorite_book",
    "小説": "favorite_book",
    "漫画": "favorite_book",
    "ゲーム": "favorite_game",
    # a snack pick is liked, not the favourite food (``おやつは芋けんぴ一択``)
    "おやつ": "likes",
    "動物": "favorite_animal",
    "スポーツ": "sport",
    "趣味": "hobby",
    # studios and kinds of film: a pick among them is a film (``ジブリなら断然ラピュタ``)
    "ジブリ": "favorite_movie",
    "ディズニー": "favorite_movie",
    "ピクサー": "favorite_movie",
    "洋画": "favorite_movie",
    "邦画": "favorite_movie",
    "アニメ映画": "favorite_movie",
}
_ECHO_CATEGORIES: dict[str, str] = PICK_CATEGORIES | {
    "好きなもの": "likes",
    "嫌いなもの": "disliked",
    "嫌いな食べ物": "disliked",
    "苦手なもの": "disliked",
    "苦手な食べ物": "disliked",
    "仕事": "job",
    "職業": "job",
    "出身": "hometown",
    "地元": "hometown",
    "住まい": "current_residence",
    "名前": "name",
    "本名": "name",
    "あだ名": "nickname",
}
_PICK_CAT = alt(" ".join(PICK_CATEGORIES))
_ECHO_CAT = alt(" ".join(_ECHO_CATEGORIES))

# ---------------------------------------------------------------- echoed questions
_ECHO_Q = re.compile(
    rf"(?:^|[。!?、\s])(?:え|あ|ん)?、?(?:俺|僕|私|わたし|あたし|自分)?の?(?P<c>{_ECHO_CAT}|彼女|彼氏|恋人)"
    r"(?:って|は|ですか|か)?\?$"
)
_ECHO_A = re.compile(
    rf"^(?:えっと|うーん|そうだな|んー|もちろん|断然|やっぱり|やっぱ)?、?\s*(?P<v>{NP}|[ぁ-ゖ]{{2,6}}?)"
    r"(?:です|だよ|かな|だね|一択|派|でしょ|!|。|$|、)"
)
_PARTNER_YES = re.compile(
    r"^(?:うん、?|一応、?|まあ、?)?(?:いる|います|いますよ|いるよ|いるけど|できた)"
)
_PARTNER_NO = re.compile(r"^(?:いない|いません|いないよ|募集中|おらん)")


def _echo(s: Sent) -> Iterator[Candidate]:
    q = _ECHO_Q.search(s.before)
    if q is None or s.other_topic(s.before[max(0, q.start() - 12) : q.start() + 1]):
        return
    cat = q.group("c")
    if cat in ("彼女", "彼氏", "恋人"):
        if _PARTNER_YES.match(s.text):
            yield cand("relationship_status", f"恋人あり（{cat}がいる）", s, confidence=0.8)
        elif _PARTNER_NO.match(s.text):
            yield cand("relationship_status", f"恋人なし（{cat}いない）", s, confidence=0.8)
        return
    m = _ECHO_A.match(s.text)
    if m:
        value = re.sub(r"(?<=.)(?:一択|一強|推し)$", "", clean(m.group("v")))
        if value and value not in ("何", "それ", "これ", "ない", "特に", "ひみつ", "ないしょ"):
            subject = _ECHO_CATEGORIES[cat]
            subject = subject if subject == "disliked" else _subject(subject, value)
            yield cand(subject, value, s, confidence=0.75)


def _subject(subject: str, value: str) -> str:
    """A book category answered with a genre is a genre; a ``likes`` answer is classified."""
    if subject == "favorite_book" and BOOK_RE.search(value):
        return "book_genre"
    if subject == "likes":
        return classify(value)
    return subject


# ---------------------------------------------------------------- picks out of a category
_PICK = re.compile(
    rf"(?:^|[、\s]|(?<=は)|(?<=の))(?P<c>{_PICK_CAT})(?P<by>は|なら|だと|だったら|で言うと|でいうと|って)、?\s*"
    r"(?P<adv>断然|断トツで|断トツ|ダントツで|ダントツ|圧倒的に|絶対|もっぱら|やっぱり|やっぱ|"
    r"なんといっても|何と言っても|何より|一番は|基本|決まって|いつも|毎回|必ず)?\s*"
    r"(?P<v>[^。!?、]{1,24}?)"
    r"(?P<end>派|一択|一強|推し|に限る|が一番|が好き|最強|しか勝た(?:ん|ない)|です|だよ|かな|!|。|$|、)"
)
_VENUE = re.compile(r"(?:館|店|屋|駅|場|所|室|院|センター|ショップ|ストア|サイト|アプリ)$")
_STRONG_END: tuple[str, ...] = ("派", "一択", "一強", "推し", "に限る", "が一番", "が好き", "最強")
_STRONG_END += ("しか勝たん", "しか勝たない")
_NOT_PICK = re.compile(
    r"^(?:何|なに|それ|これ|あれ|全部|ない|なし|特に|いろいろ|色々|あんまり|苦手|嫌い|好き)|"
    r"[たるいず]$|ない$|ます$|ません$|しない|見ない|読まない|飲まない|食べない"
)


def _picks(s: Sent) -> Iterator[Candidate]:
    for m in _PICK.finditer(s.text):
        # "映画ならサマーウォーズ": a category's pick, the noun closing the sentence
        bare = (
            m.group("by") != "は"
            and m.group("end") in ("。", "!", "")
            and m.end() >= len(s.text.rstrip("。! "))
        )
        strong = m.group("adv") or m.group("end") in _STRONG_END
        if not (strong or bare):
            continue
        bare = bare and not strong
        # (not a place the category is got at: ``本なら図書館``)
        if bare and (not re.fullmatch(NP, m.group("v")) or _VENUE.search(m.group("v"))):
            continue
        value = _TAIL.sub("", clean(m.group("v")))
        if not value or _NOT_PICK.search(value) or s.other_at(m.start()):
            continue
        subject = PICK_CATEGORIES[m.group("c")]
        subject = subject if m.group("c") == "おやつ" else _subject(subject, value)
        yield cand(subject, value, s, confidence=0.8)


# ---------------------------------------------------------------- drink as a companion
_TAIL = re.compile(r"(?:派|一択|一強|推し|最強)$")
_DRINK_PICK = re.compile(
    r"(?:お供|相棒|定番|いつもの|飲むの|飲んでるの|飲み物)(?:は|が|って)\s*"
    r"(?:もっぱら|いつも|だいたい|大体|基本|絶対|ほぼ|断然|決まって)?\s*"
    rf"(?P<v>{NP})(?:です|だよ|一択|派|!|。|$|、|かな|なんだ|ばっかり|ばかり)"
)


# "ラーメンなら毎日でもいける": a favourite food or drink
_DAILY = re.compile(
    rf"(?P<v>{NP})(?:なら|だったら|は)(?:毎日|毎食|三食|一生|365日)(?:でも)?"
    r"(?:いける|イケる|食べられる|食べれる|食べたい|飲める|飲みたい|食べてられる)"
)


# "推しはBTSのジミン": the one the user is a fan of
_OSHI = re.compile(
    rf"(?:^|(?<=[、\s.])|(?<=の))(?:一番の|最)?推し(?:は|って|が)\s*(?P<v>{NP})"
    r"(?:です|だよ|かな|なんだ|なんよ|なんです|一択|!|。|$|、|\.)"
)


def _oshi(s: Sent) -> Iterator[Candidate]:
    m = _OSHI.search(s.text)
    if m and not s.other_at(m.start()):
        value = clean(m.group("v"))
        subject = classify(value, s.text)
        if value:
            yield cand(
                "favorite_artist" if subject == "likes" else subject, value, s, confidence=0.75
            )


def _drinks(s: Sent) -> Iterator[Candidate]:
    md = _DAILY.search(s.text)
    if md and not s.other_at(md.start()):
        value = clean(md.group("v"))
        subject = classify(value, md.group(0)) if value else "likes"
        if subject in ("favorite_drink", "favorite_food"):
            yield cand(subject, value, s, confidence=0.75)
    m = _DRINK_PICK.search(s.text)
    if m and not s.other_at(m.start()):
        value = _TAIL.sub("", clean(m.group("v")))
        # the sentence says what it is (``飲み物はドクペ一択``), not the message around it
        subject = classify(value, s.text) if value else "likes"
        if subject in ("favorite_drink", "favorite_food"):
            yield cand(subject, value, s, confidence=0.75)


# ---------------------------------------------------------------- relationships
_PARTNER_WORD = r"(?:彼女|彼氏|恋人|パートナー|婚約者|フィアンセ)"
_HAVE_PARTNER = re.compile(
    rf"(?<!の){_PARTNER_WORD}(?:が|は)?(?:いる|います|いて|できた|できました)(?!か)"
    rf"|{_PARTNER_WORD}と(?:付き合って|同棲|一緒に住ん)|付き合って(?:\d+|[一二三四五六七八九十]+|半)(?:年|ヶ月|か月|カ月)"
)
_PARTNER_CUE = re.compile(rf"{_PARTNER_WORD}|付き合|交際")
_LONG = re.compile(
    r"遠距離(?:恋愛)?+(?![^。!?]{0,8}?(?:無理|できない|したくない|嫌|耐えられない|きつそう|向いてない))"
)
_LIVE_IN = re.compile(rf"{_PARTNER_WORD}と同棲|同棲(?:中|して(?:る|ます|いる))")
_ENGAGED = re.compile(r"婚約(?:中|した|しました|して(?:る|ます))")
_LOOKING = re.compile(rf"{_PARTNER_WORD}(?:は|絶賛)?募集中|絶賛募集中")
_WHERE = re.compile(
    rf"(?:向こう|相手|{_PARTNER_WORD})(?:は|が)\s*(?P<p>{WORD})(?:で|に住ん|在住|にいる|だから|、)"
)


def _partner_status(s: Sent) -> Iterator[Candidate]:
    t = s.text
    recent = s.message + "".join(s.context.previous_user_texts[-1:])
    ml = _LONG.search(t)
    if ml and _PARTNER_CUE.search(recent) and not s.other_at(ml.start()):
        where = _WHERE.search(s.message)
        note = f"、相手は{where.group('p')}" if where else ""
        yield cand("relationship_status", f"恋人あり（遠距離恋愛中{note}）", s, confidence=0.85)
        return
    singles = (
        (_ENGAGED, "婚約中"),
        (_LIVE_IN, "恋人あり（同棲中）"),
        (_LOOKING, "恋人なし（募集中）"),
    )
    for regex, value in singles:
        m = regex.search(t)
        if m and not s.other_at(m.start()):
            yield cand("relationship_status", value, s, confidence=0.8)
            return
    mh = _HAVE_PARTNER.search(t)
    if (
        mh
        and not s.other_at(mh.start())
        and not someone_elses(t[: mh.start()])
        and not re.match(r"ない|ません", t[mh.end() :])
    ):
        word = re.match(_PARTNER_WORD, mh.group(0))
        what = f"{word.group(0)}がいる" if word else clean(mh.group(0))
        yield cand("relationship_status", f"恋人あり（{what}）", s, confidence=0.75)


# ---------------------------------------------------------------- best friend by name
_FRIEND_NAME = (
    r"(?:(?<![^\W\d_ぁ-ゖ])(?P<n>[^\W\d_ぁ-ゖァ-ヺーA-Za-z]{1,4}|[ァ-ヴー]{2,8})"
    r"|(?:(?<=が)|(?<=、)|(?<=は)|^)(?P<h>[ぁ-ゖ]{2,5}))"
)
_FRIEND_INTRO = (
    re.compile(
        rf"{_FRIEND_NAME}(?:って|という|っていう)"
        r"(?:やつ|奴|子|友達|友人|男|女|人|の|ヤツ|幼なじみ|幼馴染|親友|大親友|同級生)"
    ),
    re.compile(
        rf"(?:一番の友達|一番の友人|腐れ縁|マブダチ|心友|相棒)(?:の|は|って)\s*{_FRIEND_NAME}"
    ),
    re.compile(
        rf"{_FRIEND_NAME}(?:とは|と)(?:もう)?(?:[^。]{{0,10}}?からの)?(?:腐れ縁|マブダチ|付き合い|大?親友)"
    ),
)
_BEST_CUE = re.compile(r"親友|一番の友達|一番の友人|マブダチ|腐れ縁|心友|幼なじみ|幼馴染|無二の")
_SINCE = re.compile(
    r"(?P<p>小学校|小学生|中学|高校|大学|子供の頃|子どもの頃|小さい頃|幼稚園|保育園|\d+歳)"
    r"(?:の頃|時代)?から"
)
_ROLE_BEFORE = re.compile(r"(?:大?親友|幼なじみ|幼馴染)の")
_NOT_FRIEND = re.compile(r"^(?:親友|友達|友人|人|やつ|それ|あれ|こいつ|あいつ|一番)$")


def _best_friend(s: Sent) -> Iterator[Candidate]:
    if not _BEST_CUE.search(s.message) or s.context.current.get("best_friend"):
        return
    m = next((x for r in _FRIEND_INTRO if (x := r.search(s.text))), None)
    # "親友の千尋って子": the role word before the name is the cue, not another topic
    if m is None or s.other_topic(_ROLE_BEFORE.sub("", s.text[: m.start()])):
        return
    name = next((g for g in m.groups() if g), None)
    if not name or _NOT_FRIEND.match(name):
        return
    since = _SINCE.search(s.message)
    cue = _BEST_CUE.search(s.message)
    kind = "幼なじみ" if cue and "幼" in cue.group(0) else "親友"
    note = f"{since.group('p')}からの{kind}" if since else kind
    yield cand("best_friend", f"{name}（{note}）", s, confidence=0.8)


TALK_RULES: tuple[Callable[[Sent], Iterator[Candidate]], ...] = (
    _echo,
    _picks,
    _drinks,
    _partner_status,
    _best_friend,
    _oshi,
)
