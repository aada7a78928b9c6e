"""Japanese fact rules for work and school: job, workplace, school, major
(used by soulmem.perceive.facts.ja)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from soulmem.perceive.facts.base import Candidate
from soulmem.perceive.facts.ja_lex import alt
from soulmem.perceive.facts.ja_text import NP, WORD, Sent, cand, clean

__all__ = ["work"]

_JOBS = alt(
    "会社員 サラリーマン OL 公務員 教師 教員 先生 看護師 ナース 医者 医師 薬剤師 介護士 保育士 "
    "美容師 エンジニア プログラマー SE デザイナー イラストレーター 漫画家 作家 ライター 編集者 "
    "営業 事務 経理 人事 販売員 店員 店長 銀行員 警察官 消防士 自衛官 弁護士 税理士 会計士 "
    "研究者 大学院生 大学生 専門学生 高校生 主婦 主夫 フリーター フリーランス 自営業 "
    "パティシエ シェフ 料理人 調理師 歯科衛生士 理学療法士 作業療法士 獣医 トリマー "
    "客室乗務員 CA パイロット 運転手 ドライバー 配達員 建築士 大工 農家 漁師 記者 "
    "アナウンサー 声優 俳優 歌手 ミュージシャン 写真家 カメラマン 翻訳家 通訳 塾講師 講師 "
    "司書 学芸員 秘書 受付 コンサルタント マーケター 広報 企画 接客 SE 無職 就活生"
)
_JOB_IS = re.compile(
    r"(?:仕事|職業|本業|職種)(?:は|って)\s*(?P<v>[^。!?、]{2,24}?)"
    r"(?:です|だよ|なの|なんだ|をしてる|してる|やってる|ね|かな|さ|で(?![^、。]{0,4}(?:働|勤))|。|!|$|、)"
)
_JOB_BAD = re.compile(
    r"\d+時|忙し|大変|休み|楽し|つら|辛|終わ|きつ|順調|残業|遅く|早く|いつも|今日|明日|昨日"
)
# ``消防士やってる人``, ``看護師してる友達``: the clause describes the person named after it
_WHO_DOES = r"(?!(?:人|子|奴|やつ|方|友達|友人|彼氏|彼女|相手|先輩|後輩|同僚|兄|姉|弟|妹|父|母))"
_JOB_NOUN = re.compile(
    rf"(?P<v>(?:{NP}の)?{_JOBS})(?:を|として)?(?:してる|しています|してます|やってる|やってます|"
    r"です|だよ|なの|なんだ|してて|やってて|として働|として(?:の)?研修|として採用|として入社|をして|の仕事|"
    r"(?:を)?やる(?:んだ|ことに)|になった|になりました|(?:を)?始め(?:た|ました)|"
    rf"の(?:バイト|アルバイト|パート)(?:を)?(?:して|やって)){_WHO_DOES}"
)
# "ラジオ局でADやってる", "歯医者で衛生士してる": a title (by its ending) at a place
_JOB_AT = re.compile(
    rf"(?P<w>{NP})(?:さん)?で\s*(?P<v>(?:{NP}の)?(?:[^\W\d_ぁ-ゖ]{{0,8}}(?:員|師|士|官|医|者)|[A-Z]{{2,3}}|{_JOBS}))"
    rf"(?:を)?(?:やってる|やってます|やっている|してる|してます|しています){_WHO_DOES}"
)
# "今はIT企業でエンジニア": a place and a title, said bare (in a message about work)
_JOB_AT_BARE = re.compile(
    rf"^(?:今は|今|いまは|現在は?)\s*(?P<w>{NP})(?:さん)?で\s*(?P<v>{_JOBS}|[^\W\d_ぁ-ゖ]{{1,8}}(?:員|師|士|官))"
    r"(?:です|だよ|なの|なんだ|してる|やってる|してます|やってます)?[!。\s]*$"
)
_JOB_OF = re.compile(
    rf"(?P<w>{NP})で(?P<v>{NP})の仕事(?:を)?(?:してる|してます|しています|やってる|です)"
    rf"|(?P<u>{NP})の仕事(?:を)?(?:してる|してます|しています|やってる)"
)
# an adjective before the place (小さい印刷会社, 大きな病院, 近所のカフェ)
_ADJ = r"(?:[^\W\d_ぁ-ゖ]{1,3}[ぁ-ゖ]{0,2}(?:い|な)\s*)?"
_WORKPLACE = (
    re.compile(
        rf"(?P<v>{NP})(?:さん)?(?:で|に)(?:働いて|勤めて|勤務して|働き(?:始め|出し)"
        r"|働く(?=[!。、\s]|$|ことに|予定|んだ|の|よ))"
    ),
    # (not "鉄道勤めの職業病", "会社勤めの頃": the work as a cause or a time, not the workplace)
    re.compile(
        rf"(?P<v>{NP})(?:勤務|勤め)(?!先|の(?:職業病|癖|くせ|せい|おかげ|賜物|名残|影響|頃|ころ|時|とき|時代|日々|経験))"
    ),
    re.compile(
        rf"(?:職場|会社|勤務先|勤め先|働いてる(?:の|とこ|ところ)|バイト先|パート先)(?:は|が|って)\s*"
        rf"(?P<v>{_ADJ}{NP})(?:です|だよ|なの|なん|。|!|$|、|で)"
    ),
    # "駅前のスタバでバイトしてる": where the part-time job is
    re.compile(
        rf"(?P<v>{NP})(?:さん)?で(?:バイト|アルバイト|パート)(?:して|やって|中|を(?:して|やって)"
        r"|(?:を)?始め|(?:が|の)?(?:決ま|受か|採用))"
    ),
    # "バイトは駅前の本屋でやってる", "塾のバイト、今日も": the part-time job named by its place
    re.compile(rf"(?:バイト|アルバイト|パート)(?:は|って|、)\s*(?P<v>{NP})で(?:やって|して|働い)"),
)
# "中学で理科を教えておりました", "高校で英語を教えてる": a teacher, by the school and subject
_SUBJECTS = alt(
    "国語 数学 算数 理科 社会 英語 音楽 体育 美術 図工 家庭科 技術 歴史 日本史 世界史 地理 "
    "物理 化学 生物 古典 現代文 書道 日本語 保健体育 情報 公民"
)
_SCHOOLS = r"(?:小学校|中学校?|高校|大学|塾|予備校|専門学校|学校|短大|養護学校|支援学校)"
_TEACH = re.compile(
    rf"(?:(?P<w>(?:{WORD})?{_SCHOOLS})で\s*)?(?P<v>{_SUBJECTS}|{NP})を教え"
    r"(?P<t>て(?:いま|おりま|ま)?した|てた|ていた|て(?:いま|おりま|ま)す|てる|ている|ています|ております)"
)
_PART_TIME_TALK = re.compile(r"バイト|アルバイト|パート")
# a sentence that is only a job title (``飼育員の見習い。``) in a message about work
_JOB_BARE = re.compile(
    r"^(?:今は|今|いまは|現在|肩書きは|役職は)?\s*(?P<v>(?:[^\W\d_ぁ-ゖ]{1,8}の)?[^\W\d_ぁ-ゖ]{0,8}"
    r"(?:員|師|士|官|医|手|家|者|工|マン|スタッフ|職人|アシスタント|エンジニア|デザイナー|"
    r"トレーナー|コーチ|キャスト|ガイド|クルー)(?:の?見習い|見習い|補佐|助手|の卵|志望)?"
    r"|[^\W\d_ぁ-ゖ]{2,10}(?:の)?(?:見習い|の卵))"
    r"(?:です|だよ|なの|なんだ|やってる|として|ね)?[!。\s]*$"
)
_QUIT_NEXT = re.compile(r"(?:を|は)?(?:辞め|やめ|退職)")
_WORK_TALK = re.compile(r"働|仕事|職|勤め|勤務|転職|就職|採用|配属|入社")
_JOB_CHANGE = re.compile(
    r"(?:今月|先月|来月|今年|今週|先週|\d{1,2}月|春|4月)から|転職|までの話|辞めて|やめて|"
    r"って言った(?:けど|じゃん)|訂正|変わった|変わって|新しく"
)
_SCHOOL_SUFFIX = r"(?:大学院|大学|大|高校|高|専門学校|学校|短大|中学)"
_SCHOOL_NAMED = (
    re.compile(
        rf"(?:学校|学校名|大学|高校|中学|通ってる(?:の|とこ|ところ))(?:は|って)\s*"
        rf"(?P<v>{WORD}{_SCHOOL_SUFFIX})(?:です|だよ|なの|なん|。|!|$|、|で|に通)"
    ),
    # "慶應の法学部に通ってる": the school that holds the faculty
    re.compile(rf"(?P<v>{WORD})の{WORD}(?:学部|学科)(?:に通|に在学|の\d年|生|です|だよ|なの)"),
    # "早稲田に通ってる大学2年": a bare name attended, in a message about school years
    re.compile(
        rf"(?P<v>{WORD})に(?:通って|通う|在学)(?=[^。!?]{{0,6}}?{_SCHOOL_SUFFIX}(?:\d|[一二三四五六])年)"
    ),
    # "大学は法政！": a bare name, said as the whole answer (not "大学は休み", "大学は地元")
    re.compile(
        r"(?:大学|高校)(?:は|って)\s*"
        r"(?!(?:地元|近所|休み|最高|最悪|大変|無理|卒業|中退|退学|休学|留年|文系|理系|都内|県内|"
        r"実家|自宅|楽勝|単位|課題|授業|試験|テスト|夏休み|春休み|冬休み|オンライン|リモート|"
        r"名門|海外|共学|女子|男子|公立|私立|国立|通信|[一-龯々]+中)(?:[!。、\s]|です|だよ|だ|$))"
        r"(?P<v>[一-龯々]{2,4}|[ァ-ヴー]{2,8})(?=[!。、\s]|です|だよ|だ(?:けど|ね|よ)?|なんだ|$)"
    ),
)
_SCHOOL = (
    re.compile(
        rf"(?P<v>{WORD}(?:大学|大|高校|高|専門学校|学校|短大|中学|大学院))(?:に通って|の\d年|生|に在学|で勉強|に通う|の学生)"
    ),
    re.compile(
        r"(?P<v>(?:大学|高校|中学|専門|大学院)(?:\d|[一二三四五六])年(?:生)?"
        # "心理学やってる1回生": the Kansai way to count university years
        r"|(?:大学)?(?:\d|[一二三四五六])回生)(?:です|だよ|なの|なんだ|で|、|。|!|$)"
    ),
)
_MAJOR = (
    # "大学院で生物の研究してる": what is studied at a university
    re.compile(
        rf"(?:大学院|大学|学部|ゼミ|研究室|専門学校|専門)(?:で|では)\s*(?P<v>{NP})(?:の|を)(?:研究|勉強|専攻)"
    ),
    re.compile(rf"専攻(?:は|が)\s*(?P<v>{NP})"),
    # "心理学やってる1回生": a field of study done, said with the year at university
    re.compile(
        rf"(?P<v>{WORD}学)(?:を)?(?:やってる|勉強してる|学んでる)"
        r"(?=[^。!?]{0,4}(?:\d|[一二三四五六])(?:回生|年生))"
    ),
    re.compile(rf"(?P<v>{NP})を専攻"),
    re.compile(rf"(?P<v>{WORD}(?:学部|学科))(?:に|で|です|の|だよ|なの|なん|生)"),
)


def _where_work(text: str) -> str | None:
    for regex in _WORKPLACE:
        m = regex.search(text)
        if m:
            return re.sub(r"^(?:(?:今月|先月|来月|今年|\d{1,2}月|春)から)", "", clean(m.group("v")))
    return None


def work(s: Sent) -> Iterator[Candidate]:
    t = s.text
    job_found = False
    m = _JOB_IS.search(t)
    if m and not s.other_at(m.start()):
        value = clean(m.group("v"))
        if value and not _JOB_BAD.search(value) and re.search(r"[^\W\d_ぁ-ゖ]$", value):
            yield cand("job", value, s, confidence=0.85)
            job_found = True
    job_at = None
    ma = None if job_found else _JOB_AT.search(t)
    if ma is None and not job_found and _WORK_TALK.search(s.message):
        ma = _JOB_AT_BARE.search(t)
    if ma and not s.other_at(ma.start()):
        yield cand("job", f"{clean(ma.group('w'))}の{clean(ma.group('v'))}", s, confidence=0.75)
        yield cand("workplace", clean(ma.group("w")), s, confidence=0.7)
        job_found = True
    mt = None if job_found else _TEACH.search(t)
    # (without a school, not "友達に英語を教えてる": one person taught, not a job)
    taught = mt and not mt.group("w") and re.search(r"に[、\s]*$", t[: mt.start()])
    subject = mt and (mt.group("w") or re.fullmatch(_SUBJECTS, mt.group("v")))
    if mt and subject and not taught and not s.other_at(mt.start()):
        past = "元" if "た" in mt.group("t") else ""
        school = f"{clean(mt.group('w'))}の" if mt.group("w") else ""
        yield cand("job", f"{past}{school}{clean(mt.group('v'))}の教師", s, confidence=0.75)
        job_found = True
    if not job_found:
        # (not "事務の仕事を辞めて、今は保育士": the job quit, the one after it)
        nouns = [j for j in _JOB_NOUN.finditer(t) if not _QUIT_NEXT.match(t[j.end() :])]
        m = nouns[0] if nouns else None
        if m and not s.other_at(m.start()):
            yield cand("job", clean(m.group("v")), s, confidence=0.75)
            # "IT企業で営業してる": the place the job is done at
            job_at = re.search(rf"(?P<v>{NP})(?:さん)?で\s*$", t[: m.start()])
    if not job_found and (mo := _JOB_OF.search(t)) and not s.other_at(mo.start()):
        yield cand("job", clean(mo.group("v") or mo.group("u")), s, confidence=0.75)
        if mo.group("w"):
            yield cand("workplace", clean(mo.group("w")), s, confidence=0.7)
    place = None
    if job_at and not s.other_at(job_at.start()) and (job_place := clean(job_at.group("v"))):
        place = job_place
        yield cand("workplace", job_place, s, confidence=0.7)
    for regex in _WORKPLACE if place is None else ():
        m = regex.search(t)
        if m and not s.other_at(m.start()):
            value = re.sub(
                r"^(?:(?:今月|先月|来月|今年|今週|先週|来週|\d{1,2}月|春)から)",
                "",
                clean(m.group("v")),
            )
            if value and not re.search(r"^(?:ここ|そこ|今|毎日|家)$|^(?:長年|永年|長らく)", value):
                place = value
                yield cand("workplace", value, s, confidence=0.75)
                if _PART_TIME_TALK.search(s.message):
                    yield cand("part_time_job", value, s, confidence=0.7)
                elif not job_found and _JOB_CHANGE.search(s.message):
                    yield cand("job", f"{value}勤務", s, confidence=0.65)
                break
    mb = _JOB_BARE.search(t)
    if mb and not job_found and _WORK_TALK.search(s.message) and not _PART_TIME_TALK.search(t):
        value = clean(mb.group("v"))
        where = _where_work(s.before) if place is None else place
        if value and not s.other_topic(s.before[-30:]):
            yield cand("job", f"{where}の{value}" if where else value, s, confidence=0.7)
    named = next((m for r in (_SCHOOL[0], *_SCHOOL_NAMED) if (m := r.search(t))), None)
    grade = _SCHOOL[1].search(t)
    if named and not s.other_at(named.start()):
        note = f"（{grade.group('v')}）" if grade and grade.start() > named.start() else ""
        yield cand("school", clean(named.group("v")) + note, s, confidence=0.8)
    elif grade and not s.other_at(grade.start()):
        yield cand("school", clean(grade.group("v")), s, confidence=0.8)
    for regex in _MAJOR:
        m = regex.search(t)
        if m and not s.other_at(m.start()):
            yield cand("major", clean(m.group("v")), s, confidence=0.8)
            break
