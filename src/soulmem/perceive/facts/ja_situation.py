"""Japanese fact rules for relationships (single, dating, married, partners and best friends
by name) and the user's situation: exams and events coming up, part-time work, goals,
languages and diet."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import replace

from soulmem.perceive.facts.base import Candidate
from soulmem.perceive.facts.ja_lex import EXAM_WORDS, SELF, alt
from soulmem.perceive.facts.ja_text import NP, WORD, Sent, cand, clean, someone_elses

__all__ = ["SITUATION_RULES"]

# relationships
_NUMK = r"(?:\d{1,2}|[一二三四五六七八九十]{1,3})"
_SINGLE_FOR = re.compile(
    rf"(?P<w>彼氏|彼女|恋人)(?:が)?いない歴(?:もうすぐ|もう|そろそろ|かれこれ|約|ほぼ)?"
    rf"(?P<n>{_NUMK}年|=年齢|イコール年齢)"
)
_SINGLE = re.compile(
    r"(?:彼氏|恋人)(?:は|が|も)?(?:い|居)(?:ない|ません)|(?:独身|独り身|ひとり身)(?:です|だよ|なの|で|。|!|$)"
    r"|(?:独り身|ひとり身)(?:な|は)?(?:\S{0,4})?(?:気楽|自由)|フリー(?:です|だよ|なの)"
)
_TAKEN = re.compile(r"(?:彼氏|恋人)(?:が|は)?(?:できた|できました|いる|います|いて)")
_MARRIED = re.compile(
    r"結婚して(?:る|ます|います|て|まして|\d+年|もう(?:\d+年|長い|何年))|結婚し(?:ました|た)(?!い)|既婚|(?<!丈)(?:夫|旦那|妻|嫁)と|(?:夫|旦那|旦那さん|妻|嫁|奥さん)(?:が|も)?(?:いる|いて|います)"
)
_CRUSH = re.compile(r"片思い|片想い")
_BROKE = re.compile(
    r"(?:彼氏|彼女|恋人)と別れ(?:た|ちゃった|ました)"
    r"|(?:彼氏|彼女|恋人)に(?:フラれ|ふられ|振られ)|(?:彼氏|彼女|恋人)を(?:フッ|ふっ|振っ)た"
)
# a hiragana name stops before a trailing particle (``あかりとは`` -> あかり)
# (an initial, "Fさん", is a name too; an honorific alone is not)
_PNAME = (
    r"(?P<n>[^\W\d_ぁ-ゖァ-ヺーA-Za-z]{1,4}|[ァ-ヴー]{2,8}|(?<![A-Za-z])[A-Z]{1,3}(?![A-Za-z])"
    r"|(?!さん|くん|ちゃん)[ぁ-ゖ]{2,5}?)"
)
_PEND = r"(?=って|と|が|は|も|、|。|!|$|くん|さん|ちゃん|です|だよ|なの|なんだ)"
_PARTNER = re.compile(
    rf"(?:彼氏|恋人)(?:の名前(?:は|が|って)|の|は)\s*{_PNAME}(?:って|と|が|は|、|。|!|$|くん|さん|ちゃん)"
)
# "うちの彼氏、たくやっていうねん": named after a comma
_PARTNER_CALLED = re.compile(
    rf"(?:彼氏|恋人)、\s*{_PNAME}(?:くん|さん|ちゃん)?(?=って(?:いう|言う)|という)"
)
_CALLED = r"って(?:いう|言う|いって|言って|いいます)"
# "彼氏とは付き合って3年。圭吾っていって…": the name told in the sentence after the role
# ("その子、ちひろっていうんだけど": the person pointed back at, then named)
_NAMED_NEXT = re.compile(
    rf"^(?P<back>(?:その|あの)(?:子|人|友達|親友)(?:は|、|の名前は|の名前、)\s*)?(?:名前は)?"
    rf"{_PNAME}(?:くん|さん|ちゃん)?{_CALLED}"
)
_ROLE_BEFORE = (
    ("partner", re.compile(r"彼氏|彼女|恋人")),
    ("best_friend", re.compile(r"親友")),
    ("relationship_status", re.compile(r"気になる(?:人|子)|好きな(?:人|子)|片思い|片想い")),
)
_PARTNER_NAMED = re.compile(rf"名前(?:は|が)\s*{_PNAME}{_PEND}")
_DATING = re.compile(rf"{_PNAME}(?:くん|さん|ちゃん)?と付き合(?:って|い始め|うことに)")
_PERIOD = (
    r"(?P<p>高校|中学|小学校|小学生|大学|幼稚園|保育園|子供の頃|子どもの頃|小さい頃|幼い頃|\d+歳)"
)
# "親友の家はインコを飼ってて": a thing or person of the friend's, not the friend's name
_OWNED = (
    r"(?:家|実家|部屋|家族|彼氏|彼女|旦那|奥さん|子供|子ども|娘|息子|母|父|妹|弟|姉|兄|"
    r"結婚式|誕生日|名前|話|店|会社|職場|影響|紹介|犬|猫|ペット)(?=[はがもと、。!]|$)"
)
_BEST = (
    re.compile(
        rf"{_PERIOD}(?:の頃|時代)?から(?:ずっと)?(?:一緒|仲良し|仲がいい|仲いい|の付き合い|の友達|友達)の\s*{_PNAME}{_PEND}"
    ),
    re.compile(
        rf"(?:大?親友|幼なじみ|幼馴染)(?:の|は|って)\s*(?!{_OWNED}){_PNAME}(?:って|と|が|は|、|。|!|$|ちゃん|くん"
        r"|に(?=も?(?:相談|話し|話す|言|聞|会|電話|連絡|誘|LINE)))"
    ),
    re.compile(rf"(?:大?親友|幼なじみ|幼馴染)、\s*{_PNAME}(?:ちゃん|くん)?{_CALLED}"),
    # "一番仲良しの友達は、高校の同級生の由美ちゃんなんです"
    re.compile(
        r"(?:一番|いちばん)(?:仲良し|仲がいい|仲の良い|仲のいい|仲いい)の?(?:友達|友人|友だち)"
        rf"(?:は|って)、?\s*(?:[^。!?、]{{0,12}}?の)?{_PNAME}(?:ちゃん|くん|さん)?"
        r"(?:なんです|です|だよ|なの|なんだ|。|!|$|、)"
    ),
    re.compile(
        rf"{_PNAME}(?:ちゃん|くん)?(?:は|って|とは)(?:私の|僕の|俺の)?(?:一番の)?(?:大?親友|幼なじみ|幼馴染)"
    ),
)
_BEST_HINT = re.compile(
    r"親友|家族みたい|家族同然|姉妹みたい|兄弟みたい|一番の友達|幼なじみ|幼馴染|ずっと一緒"
)

# situation
_TIME = (
    r"(?P<t>(?:来週|再来週|今週|来月|再来月|明日|明後日|あさって|今度|週末|\d{1,2}月\d{1,2}日|\d{1,2}日後|"
    r"\d{1,2}月)(?:の)?(?:\d{1,2}日|第[一二三四1-4](?=[月火水木金土日]曜))?(?:[月火水木金土日]曜(?:日)?)?)"
)
_EXAM_NAME = (
    r"(?P<x>[^\W_ぁ-ゖ]+?\d級|TOEIC|TOEFL|IELTS|英検\S{0,3}?|漢検\S{0,3}?|"
    r"[^\W\d_ぁ-ゖ]{2,10}?(?:検定|試験))"
)
_EXAM_NAMED = re.compile(
    rf"{_EXAM_NAME}(?:の)?(?:試験|テスト|本番)?(?:を|が|は)?(?:受け|ある|控え|あって|に向け)"
)
_EXAM_OF = re.compile(
    rf"(?P<x>{WORD})の(?:試験|テスト|本試験)(?:を|が|は)?(?:受け|ある|控え|あって|に向け)"
)
_EXAM_REFER = re.compile(
    r"(?:試験|テスト)(?:ね|は|って|の方は|のこと|だけど|なんだけど|の話だけど|の件)、?\s*"
    r"(?P<x>[^。!?、]{2,16}?)(?:なの|だよ|です|なんだ|の試験|。|!|$)"
)
_EXAM_TIME = re.compile(
    rf"{_TIME}(?:に|は|の)?(?:[^。!?]{{0,12}}?){EXAM_WORDS}(?:が|を)?(?:ある|あって|受け|控え|だ|です|なの)"
)
_HEARSAY = re.compile(
    r"(?:なんだ|んだ|だ)って(?:さ|よ|、|。|!|$)|らしい|みたい(?:だ|です)?[。!\s]*$|そうだ"
)
_EVENTS = alt(
    "結婚式 旅行 面接 ライブ コンサート 引っ越し 発表会 出張 手術 入院 卒業式 入学式 成人式 同窓会 "
    "大会 試合 プレゼン デート 誕生日会 合コン フェス 留学 帰省 健康診断 お見合い 発表 "
    "結婚記念日 記念日 銀婚式 金婚式"
)
_EVENT = re.compile(
    rf"{_TIME}(?:に|は|の)?(?:[^。!?]{{0,8}}?)(?P<e>{_EVENTS})(?:が|に|を)?(?:ある|あって|行く|いく|する|予定|控え|だ|です|なの|なんだ|!|。|$)"
)
# "結婚記念日はね、11月22日": the event first, its date after
_EVENT_DATED = re.compile(rf"(?P<e>{_EVENTS})(?:は|って)(?:ね|さ)?[、\s]*{_TIME}")
_OWN_LEAD = re.compile(rf"(?:[ぁ-ゖ、\s]{{0,5}}|(?:{SELF})(?:たち|達|ら)?の|うちの)")
_PART_TIME = (
    # "歯医者さんで受付のパートを始める", "古着屋でバイトすることになった"
    re.compile(
        rf"(?P<x>{NP})(?:さん)?(?:で|の)(?:{WORD}の)?(?:バイト|アルバイト|パート)"
        r"(?:して|を始め|始め|やって|中|を|が|、|(?:が|の)?(?:決ま|受か|採用)"
        r"|(?:を)?する(?:ことに|予定|んだ|の))"
    ),
    # "三宮の串カツ屋で週4入ってる": the shifts taken at a place, in a message about the job
    re.compile(
        rf"(?P<x>{NP})(?:さん)?で(?:週\s?\d|週[一二三四五六七]|毎日|土日|平日)[^。!?、]{{0,4}}?"
        r"(?:シフト)?(?:入って|働いて)"
    ),
    re.compile(rf"(?:バイト先|パート先)(?:は|が)\s*(?P<x>{NP})(?![わえ])"),
    re.compile(rf"(?:バイト|アルバイト)(?:は|を)?\s*(?P<x>{NP})(?:に変え|にした|に決ま)"),
    # "バイトがカラオケの深夜シフトだから": the job's place, then its shift
    re.compile(
        rf"(?:^|(?<=[、\s]))(?:バイト|アルバイト|パート)(?:は|が)\s*(?P<x>{WORD})の"
        r"(?:深夜|夜勤|早朝|朝|昼|夜|土日|平日)?(?:シフト|勤務|ホール|キッチン|レジ)"
    ),
)
_QUIT = re.compile(
    rf"(?P<x>{NP})(?:さん)?(?:を|は|、)?(?:もう|きっぱり|すっぱり|完全に)?"
    r"(?:(?:先月|今月|先週|去年|昨年|年内|\d{1,2}月)(?:いっぱい|末)?で)?(?:やめた|辞めた|やめました|辞めました|やめまして|辞めまして|やめて|辞めて|卒業した|引退した|"
    r"(?:やめ|辞め)ちゃ|クビになっ|退職し|"
    r"(?:今月|今週|今日|明日|先月|先週|月末|年内|\d{1,2}月)(?:いっぱい|末)?で(?:終わり|最後|ラスト|おしまい|退職)|"
    r"もう(?:飲んで|食べて|やって|して|行って)(?:ない|いない|ません))"
    # (not "辞めたい", "辞めたら", "辞めてほしい": a wish or a supposition)
    r"(?!い|ら|り|ほし|しまいたい|みたい)"
)
_SHIFT_TALK = re.compile(r"バイト|パート|シフト")
_QUIT_AFTER = re.compile(
    r"^[^。!?]{0,12}?(?:(?:辞め|やめ)(?:た(?!い|ら|り)|て(?!ほし|み)|ちゃ|ました|まして)|クビ|退職)"
)
_GOAL = (
    re.compile(
        r"(?:夢|目標)(?:は|が)\s*(?P<x>[^。!?]{2,24}?)(?:になる|になること|こと|です|だよ|。|!|$)"
    ),
    re.compile(rf"(?P<x>{NP})になるのが(?:夢|目標)"),
    re.compile(rf"(?P<x>{NP})(?:を)?目指して(?:る|います|ます)"),
)
_LANG = re.compile(
    rf"(?P<x>{WORD}語)(?:が|は|も|なら|だったら|だけは|で)?(?:(?!けど|でも|けれど|苦手|無理|勉強|授業)[^。!?]){{0,14}}?"
    r"(?:話せ|しゃべれ|喋れ|ペラペラ|ぺらぺら|ネイティブ|いける|イケる|できる|できます|わかる|分かる|"
    r"通じる|得意|読める|聞き取れる|困らない|バイリンガル)(?P<neg>ない|ません|なくて)?"
)
_NOT_LANG = re.compile(
    r"(?:^(?:国|言|用|物|口|死|略|造|熟|敬|主|述)|単|標準|共通|タメ|流行|外来)語$"
)
_NATIVE_LANG = re.compile(
    rf"(?:母国語|母語|第一言語|ネイティブの?言語)(?:は|が|って)\s*(?P<x>{WORD}語)"
    rf"|(?P<y>{WORD}語)(?:が|は)(?:母国語|母語|第一言語)"
)
# "肉は食べないようにしてる": a food avoided on purpose, as a habit
_AVOID = re.compile(
    rf"(?P<x>{NP})(?:は|を)(?:なるべく|極力|できるだけ|あまり|基本)?"
    r"(?:食べ|摂ら|とら|飲ま)ないように(?:してる|しています|してます|している)"
    rf"|(?P<y>{NP})(?:は|を)(?:控えて|断って|抜いて)(?:る|います|ます)"
)
# what is "控えて" (ahead) rather than held back: an event
_EVENT_AHEAD = re.compile(
    r"(?:手術|試験|テスト|入試|受験|面接|式|出産|本番|大会|試合|発表|検査|入院|卒業|引っ越し|"
    r"旅行|選挙|締め?切り?|会議|プレゼン|演奏会|発表会|説明会|コンクール|オーディション|"
    r"デビュー|初日|公演|手続き|審査|決勝|選考)$"
)
_DIET = re.compile(
    r"ベジタリアン|ヴィーガン|ビーガン|糖質制限|ダイエット中|グルテンフリー|ハラール|"
    # not drinking as a trait, not a passing choice (``お酒は飲めない体質``, ``下戸``)
    r"下戸|禁酒中|(?:お酒|酒|アルコール)(?:は|が)?(?:全然|ほとんど|一滴も)?(?:飲めない|ダメな|弱い)(?:体質|方|ほう)"
)


def _relations(s: Sent) -> Iterator[Candidate]:
    t = s.text
    m = _SINGLE_FOR.search(t)
    if m and not s.other_at(m.start()):
        yield cand("relationship_status", f"{m.group(0)}（恋人なし）", s, confidence=0.9)
    elif (m2 := _BROKE.search(t)) and not s.other_at(m2.start()):
        yield cand("relationship_status", "恋人なし（最近別れた）", s, confidence=0.85)
        yield cand("partner", "恋人", s, mode="end", confidence=0.8)
    elif (m3 := _SINGLE.search(t)) and not s.other_at(m3.start()):
        note = re.sub(r"(?:です|だよ|なの|で)$", "", clean(m3.group(0)))
        yield cand("relationship_status", f"恋人なし（{note}）", s, confidence=0.85)
    elif (
        (m4 := _TAKEN.search(t))
        and not s.other_at(m4.start())
        and not someone_elses(t[: m4.start()])
    ):
        yield cand("relationship_status", "恋人あり", s, confidence=0.8)
    elif (m5 := _MARRIED.search(t)) and not s.other_at(m5.start()):
        yield cand("relationship_status", f"既婚（{clean(m5.group(0))}）", s, confidence=0.8)
    elif (m6 := _CRUSH.search(t)) and not s.other_at(m6.start()):
        yield cand("relationship_status", "片思い中", s, confidence=0.7)
    if _TAKEN.search(s.message) and (mn := _PARTNER_NAMED.search(t)):
        yield cand("partner", mn.group("n"), s, confidence=0.75)
    for regex in (_PARTNER, _PARTNER_CALLED, _DATING):
        mp = regex.search(t)
        if mp and not s.other_at(mp.start()) and mp.group("n") not in ("いない", "いる"):
            yield cand("partner", mp.group("n"), s, confidence=0.8)
            if regex is _DATING:
                yield cand("relationship_status", f"恋人あり（{mp.group('n')}と交際中）", s)
            break
    yield from _named_next(s)
    yield from _partner_renamed(s)
    for regex in _BEST:
        mb = regex.search(t)
        if mb and not s.other_at(mb.start()):
            period = mb.groupdict().get("p")
            if period and not _BEST_HINT.search(s.message):
                continue
            name = mb.group("n")
            note = f"{period}からの親友" if period else "親友"
            if "幼" in mb.group(0):
                note = "幼なじみ"
            yield cand("best_friend", f"{name}（{note}）", s, confidence=0.85)
            break


def _named_next(s: Sent) -> Iterator[Candidate]:
    mn = _NAMED_NEXT.match(s.text)
    if mn is None:
        return
    last = re.split(r"(?<=[。!])(?=.)", s.before)[-1] if s.before else ""
    if not last and s.context.previous_user_texts:
        # (a pointer back, "その子", reaches the whole message before)
        last = s.context.previous_user_texts[-1][-(120 if mn.group("back") else 40) :]
    for subject, role in _ROLE_BEFORE:
        # (the role's own sentence: "凪さんが…！ ほんでな、高校からの親友がおって")
        if (mr := role.search(last)) and not s.other_topic(
            re.split(r"[。!?！？…]", last[: mr.start()])[-1]
        ):
            name = mn.group("n")
            value = f"片思い中（{name}）" if subject == "relationship_status" else name
            yield cand(subject, value, s, confidence=0.75)
            return


# "ちなみにFさん、藤崎さんっていいます": the partner known by an initial, named in full
_RENAMED = (
    rf"(?:さん|くん|ちゃん)?(?:、|は|って)\s*{_PNAME}(?:さん|くん|ちゃん)?"
    r"(?:って|と)(?:いいます|言います|いう(?:んだ|の|名前))"
)


def _partner_renamed(s: Sent) -> Iterator[Candidate]:
    said = [m.group("n") for m in _DATING.finditer(s.before)]
    for old in (*s.context.current.get("partner", ()), *said):
        m = re.search(re.escape(old) + _RENAMED, s.text) if old and old != "恋人" else None
        if m and m.group("n") != old:
            yield cand("partner", m.group("n"), s, confidence=0.8)
            return


def _exam_value(name: str | None, when: str | None) -> str:
    base = f"{name}の試験" if name else "試験"
    return f"{base}（{when}）" if when else base


_EXAM_FORM = re.compile(r"^(?:(?P<x>.+?)の)?試験(?:（(?P<t>[^）]+)）)?$")


_QUIT_BEFORE = re.compile(r"(?:バイト|パート)[^。!?]{0,14}?(?:辞め|やめ)")
_CLAUSE = re.compile(r"(?:それで|そして|で、|、)")


def _others_job(s: Sent, at: int) -> bool:
    """Whether a part-time job named at ``at`` is someone else's. After the user quit one
    (``パートは辞めたんです。店長さんが代わって…それで来週から歯医者でパートを``) the new
    one is the user's, unless its own clause names someone."""
    if not s.other_at(at):
        return False
    if not _QUIT_BEFORE.search(s.before + s.text[:at]):
        return True
    clause = _CLAUSE.split(s.text[:at])[-1]
    return replace(s, carried=False).other_topic(clause)


def _situation(s: Sent) -> Iterator[Candidate]:
    t = s.text
    when_m = re.search(_TIME, t)
    when = when_m.group("t") if when_m else None
    current = s.context.current.get("upcoming_exam", ())
    refer = _EXAM_REFER.search(t)
    if refer and current and re.search(r"さっき|前に|言った|話した", t):
        old = _EXAM_FORM.match(current[-1])
        old_time = old.group("t") if old else None
        name = clean(refer.group("x"))
        yield cand("upcoming_exam", _exam_value(name, when or old_time), s, mode="refine")
    else:
        m = _EXAM_NAMED.search(t) or _EXAM_OF.search(t) or _EXAM_TIME.search(t)
        if m and not s.other_at(m.start()) and not _HEARSAY.search(t[m.start() :]):
            exam_name: str | None = m.groupdict().get("x")
            if exam_name or when:
                yield cand("upcoming_exam", _exam_value(exam_name, when), s, confidence=0.8)
    me = _EVENT_DATED.search(t)
    if (me and not _OWN_LEAD.fullmatch(t[: me.start()])) or _HEARSAY.search(t):
        me = None  # "ミコの誕生日会は来週なんだって": someone else's
    if me:
        # "記念日は11月22日" after "今度結婚記念日なんだ": the date of the event already told
        told = next(
            (
                v.split("（")[0]
                for v in s.context.current.get("upcoming_event", ())
                if v.split("（")[0].endswith(me.group("e"))
            ),
            None,
        )
        if told:
            yield cand("upcoming_event", f"{told}（{me.group('t')}）", s, mode="refine")
            me = None
    me = me or _EVENT.search(t)
    if me and not s.other_at(me.start()):
        yield cand("upcoming_event", f"{me.group('e')}（{me.group('t')}）", s, confidence=0.7)
    for i, regex in enumerate(_PART_TIME):
        mp = regex.search(t)
        if mp and i == 1 and not _SHIFT_TALK.search(s.message):
            continue
        # "友達のバイト、": someone else's part-time job
        if mp and not _others_job(s, mp.start()) and not _others_job(s, mp.end("x") + 1):
            # "パン屋のパート、先月いっぱいで辞めた": the job named is the one quit
            over = _QUIT_AFTER.search(t[mp.end() :])
            mode = "end" if over else "set"
            value = clean(mp.group("x"))
            yield cand("part_time_job", value, s, mode=mode, confidence=0.8)
            if over:  # (and the workplace it was, when that was the part-time job's place)
                for place_was in s.context.current.get("workplace", ()):
                    if value and value in place_was:
                        yield cand("workplace", place_was, s, mode="end", confidence=0.75)
            break
    for mq in _QUIT.finditer(t):
        thing = clean(mq.group("x"))
        if not thing or s.other_at(mq.start()):
            continue
        if re.search(r"バイト|アルバイト|パート", thing):
            yield cand("part_time_job", thing, s, mode="end")
            # (and the workplace that was the part-time job's place)
            jobs = s.context.current.get("part_time_job", ())
            for place_was in s.context.current.get("workplace", ()):
                if place_was in jobs:
                    yield cand("workplace", place_was, s, mode="end", confidence=0.75)
            continue
        if thing in ("仕事", "会社"):
            yield cand("job", thing, s, mode="end", confidence=0.75)
            yield cand("workplace", thing, s, mode="end", confidence=0.75)
            continue
        # "事務の仕事を辞めて": the known job, named with 仕事
        job = re.sub(r"の?仕事$", "", thing) if thing.endswith("仕事") else ""
        if job and any(job in v for v in s.context.current.get("job", ())):
            yield cand("job", job, s, mode="end", confidence=0.75)
            continue
        for subject, values in s.context.current.items():
            # ("長年の芋焼酎のお湯割りはやめまして": the known value inside a longer phrase)
            if any(thing in v or (len(v) > 2 and v in thing) for v in values):
                yield cand(subject, thing, s, mode="end", confidence=0.75)
    for regex in _GOAL:
        mg = regex.search(t)
        if mg and not s.other_at(mg.start()):
            yield cand("goal", clean(mg.group("x")), s, confidence=0.75)
            break
    ml = _LANG.search(t)
    if ml and not s.other_at(ml.start()) and not _NOT_LANG.search(ml.group("x")):
        yield cand("language", ml.group("x"), s, negated=bool(ml.group("neg")), confidence=0.75)
        # "日本語と英語のバイリンガル": every language in the list
        for more in re.findall(rf"(?:と|や|、)\s*({WORD}語)", ml.group(0)):
            if not _NOT_LANG.search(more):
                yield cand("language", more, s, negated=bool(ml.group("neg")), confidence=0.75)
    diets = [m.group(0) for m in _DIET.finditer(t) if not s.other_at(m.start())]
    if diets:
        # "ダイエット中で糖質制限してる": the specific practice first, the rest after it
        first, *rest = sorted(dict.fromkeys(diets), key=lambda d: d == "ダイエット中")
        note = f"（{'、'.join(rest)}）" if rest else ""
        yield cand("diet", first + note, s, confidence=0.75)
    ma = _AVOID.search(t)
    # "白内障の手術を控えている": an event coming up, not a food held back
    if ma and ma.group("y") and _EVENT_AHEAD.search(ma.group("y")):
        ma = None
    if ma and not diets and not s.other_at(ma.start()):
        food = clean(ma.group("x") or ma.group("y"))
        if food:
            yield cand("diet", f"{food}を控えている", s, confidence=0.7)
    mn = _NATIVE_LANG.search(t)
    native = (mn.group("x") or mn.group("y")) if mn else None
    if mn and native and not s.other_at(mn.start()) and not _NOT_LANG.search(native):
        yield cand("language", f"{native}（母語）", s, confidence=0.8)


SITUATION_RULES: tuple[Callable[[Sent], Iterator[Candidate]], ...] = (_relations, _situation)
