"""Shared text handling for the Japanese fact rules: normalisation, sentences, topic checks."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass

from soulmem.perceive.facts.base import Candidate, FactContext
from soulmem.perceive.facts.ja_kansai import standardise
from soulmem.perceive.facts.ja_keigo import plain
from soulmem.perceive.facts.ja_kyushu import standardise_kyushu
from soulmem.perceive.facts.ja_lex import PERSONS, SELF
from soulmem.perceive.facts.ja_styled import unstyle
from soulmem.perceive.facts.ja_tohoku import standardise_tohoku

__all__ = [
    "HNP",
    "KANJI",
    "NP",
    "NUM",
    "WORD",
    "Sent",
    "cand",
    "clean",
    "mid_phrase",
    "someone_elses",
    "split_message",
]

KANJI = r"[^\W\d_ぁ-ゖァ-ヺーA-Za-z]"  # (cheaper to compile than a 一-龥 range)
NUM = r"(?:\d{1,3}|[一二三四五六七八九十百〇]{1,4})"
# a noun-ish run: kanji / katakana / latin, optional honorific お/ご prefix, okurigana tail
WORD = (
    r"(?:(?:ほうじ|たこ|みたらし|いちご|みかん|りんご|ぶどう|もも|さくら|たま|かき|わらび|きな|"
    r"あん|みそ|しょうゆ|ごま|ゆず|ひまわり|もつ|ちゃんぽん|しらす|お|ご)(?=[^\W_ぁ-ゖ]))?"
    # "汁なし担担麺", "ネギ抜きラーメン": a dish's kana inside its name
    r"(?:[^\W_ぁ-ゖ]|[-&・]|(?<=[^\W_ぁ-ゖ])(?:なし|抜き|入り|のせ|乗せ)(?=[^\W_ぁ-ゖ]))+"
    r"(?:(?:き|げ|り|し|み|え|ち)(?=[がはをもにでのとっしかだよね、。!?\s]|な[んの]|$))?"
)
# a noun phrase: words joined by の / と (北海道の旭川, 千と千尋)
NP = rf"{WORD}(?:[のと]{WORD}){{0,2}}"

# a noun phrase, or a short all-hiragana word after a boundary (えび, そば, みかん)
HNP = rf"(?:{NP}|(?:(?<![ぁ-ゖ])|(?<=[はも]))[ぁ-ゖ]{{2,5}})"

_DROP = re.compile(r"[〜~]+")
# "(^_^;)", "(*´ω`*)": a face closes a sentence
_KAOMOJI = re.compile(r"\((?=[^()]*[\^;´`・ωДд∀゜°])[^()]{1,12}\)[/ノ]*")
# "松岡勝利(マツオカ カツトシ)と申します": a name's reading in brackets after it
_READING = re.compile(r"(?<=[一-龯々])\([ぁ-ゖァ-ヺー・\s]{2,20}\)")
# (草 after a kanji is part of a word: 香草, 雑草)
_LAUGH = re.compile(r"(?:笑|(?<=[^\x00-\x7f])w{1,5}|(?<![^\W\d_ぁ-ゖァ-ヺー])草)+(?=[\s。!?、]|$)")
# "結婚してるんですか!?" stays one sentence (a question), not a statement and a "?"
_SPLIT = re.compile(r"(?<=[。!?\n])(?![!?])|(?<=[\U0001F300-\U0001FAFF\u2600-\u27BF\uFE0F])\s+")
_QUESTION_END = re.compile(
    r"(?:\?|っけ|でしょうか|教えて(?:よ|ね)?|言ってみて|言って(?:みて)?(?:よ|ね)?|"
    r"答えて|覚えてる|知ってる|どう|なに|何|いつ|どこ|誰|だれ|"
    # a polite question with no question mark ("何でございましたか", "何と申しましたかな")
    r"(?:です|ます|ました|でした|ません)かな?|でしたろう|(?:下|くだ)さいますか)[!。\s]*$"
)
_TOPIC = re.compile(
    # (not "パン屋さんの", "歯医者さんで": a shop or clinic called with さん)
    rf"(?P<other>(?:{PERSONS}|[^\W\d_]{{1,8}}?(?<!屋)(?<!医者)(?:さん|くん|君|ちゃん|様|さま|先輩|氏|"
    r"(?<=[院社店部課校寮会園局署室団隊組])長))(?:たち|達)?)"
    r"(?:は|が|も|の(?!頃|ころ|時|とき|日)|って|とか|なんて|にとって|、|ち(?=の|は|も|で|に))"
    rf"|(?P<self>{SELF})(?:んち(?:の|は|で|に)?|は|が|も|の|って|的に|なんて|にとって|、"
    # "俺キウイ食うと…": the speaker leads the sentence, no particle
    r"|(?<=^俺|^私|^僕)(?=[^\W\d_ぁ-ゖ])"
    # "姉は高いけど、うち168あるし": the Kansai うち, leading its clause with no particle
    r"|(?:(?<=^うち)|(?<=、うち)|(?<=\sうち))(?=[^\W_ぁ-ゖ]|$))"
    # "陸斗んちのハムスター": someone's household (not 俺んち, the user's own)
    rf"|(?P<home>(?<![^\W\d_])(?!{SELF}んち)[^\W\d_]{{1,8}}?んち(?=の|は|も|で|に))"
    # "親友に千尋って子がいてね、今は札幌で美容師": the person just introduced is the topic
    r"|(?P<intro>[^\W\d_]{1,8}?(?:って|という|っていう)(?:子|人|やつ|奴|友達|男|女)が(?:いて|いる)(?:ね|さ|て)?(?=、))"
    r"|(?P<pron>あいつ|こいつ|そいつ|あの人|あの子|その人|あの方|(?:向こう|相手)(?=は|が|も)"
    # "拓海っていって、美容師なんだ": a person just named is the topic of what follows
    r"|^[^\W\d_]{1,6}?(?:くん|さん|ちゃん)?って(?:いって|言って)(?=、)"
    # "小松のやつ、", "ぽむさん保育士さん": a person named at the start, no particle
    r"|(?:^|(?<=[、。\s]))[^\W\d_ぁ-ゖ]{1,4}の(?:やつ|奴|ヤツ)(?=[、はがも])"
    # (not "ママさんバレー", a moms' team)
    r"|(?:^|(?<=[、。\s]))(?!お?(?:じい|ばあ|にい|ねえ|かあ|とう|兄|姉|母|父)(?:さん|ちゃん)|(?:ママ|パパ)さん)"
    r"[^\W\d_]{1,8}?(?:さん|くん|ちゃん)(?=[^\W\d_ぁ-ゖ]|$)"
    # "3つ下で看護師やってて": an age gap leads a sentence about a sibling or friend
    r"|^(?:\d{1,2}|[一二三四五六七八九十])(?:つ|個|歳)(?:上|下)(?=で|、))"
)
# a sentence led by someone else (``同期の田辺が異動に``, ``部下に小松というのがいまして``):
# the subjectless sentences after it are about them too
_OTHER_LEAD = re.compile(
    r"^(?:で|それで|あと|ちなみに|実は|そういえば)?、?\s*"
    # ("先に話した碁敵の幼馴染は": a short clause may describe the person first)
    rf"(?:(?:(?:[^、。]{{1,12}}?の)?{PERSONS}|[^\W\d_ぁ-ゖ]{{1,4}}の(?:やつ|奴))(?:の[^\W\d_]{{1,6}}?)?(?:は|が|って|、)"
    r"|[^\W\d_]{1,6}?(?:さん|くん|君|ちゃん)(?:は|が|って)"
    rf"|{PERSONS}に[^、。]{{1,8}}(?:という|って|っていう)(?:の|人|男|女|奴|やつ)が)"
)
# "名前は『きなこ』だそうです": hearsay, someone else's fact in a message about them
_HEARSAY_END = re.compile(r"(?:そうです|そうだ|らしいです|らしい|んですって|んだって)[。!\s]*$")
_VOCATIVE = re.compile(
    r"^(?:ねえ|ねぇ|ね)?、?(?P<n>[ァ-ヴー]{2,6}|[^\W\d_ぁ-ゖァ-ヺーA-Za-z]{1,2}(?:さん|ちゃん|くん))、"
)
_CONFIRM_END = re.compile(r"(?:よね|でしょ|じゃん|だよな)[!。\s]*$")
_TRIM = re.compile(r"^[、\s・]+|[、\s・]+$")
_LEAD = re.compile(
    r"^(?:もう|ほぼ|ほんと|本当に|まじで|マジで|絶対|ずっと|まあ|一応|やっぱり|やっぱ|もっぱら|"
    r"断然|断トツで|断トツ|ダントツで|ダントツ|圧倒的に|何より|基本|基本的に|"
    # "何と申しましても鰤大根": "above all", a filler before the value
    r"(?:何|なん)(?:と(?:いって|言って|申しまして|申して)も|てったって)|"
    r"いつも|一日中|ひたすら|よく|たまに|最近|今日|昨日|毎日の?|毎朝の?|毎晩の?|今は|いまは|普段|昔から|実は|"
    r"毎朝の|毎日の|毎晩の|朝の|夜の|(?:あの|この|その)(?:[^\Wぁ-ゖ]{1,4}の)?|私の|僕の|俺の|うちの|"
    r"自分の)+"
)


def clean(value: str) -> str:
    """Trim punctuation, fillers and stray particles around a captured value."""
    value = _TRIM.sub("", value)
    value = _LEAD.sub("", value)
    return value.strip()


def mid_phrase(text: str, start: int) -> bool:
    """The match starts inside a longer phrase (``怖い話``, ``この歌``): not a clean noun."""
    head = text[max(0, start - 2) : start]
    return head.endswith(("い", "な", "た", "る")) or head in ("この", "その", "あの")


# "みのりに彼氏ができた": a partner came to someone named right before (not ``私に``)
_ADVERB_TAIL = re.compile(
    r"(?:ついに|遂に|とうとう|やっと|ようやく|も|本当に|ほんとに|急に|すぐに|最近|実は|なんと|、)+$"
)
_TO_OTHER = re.compile(r"[^\W\d_]に(?:も|は)?$")
_SELF_END = re.compile(rf"(?:{SELF})に(?:も|は)?$")


def someone_elses(prefix: str) -> bool:
    """The text before a partner word ends on someone else + に (``姉に彼氏ができた``)."""
    prefix = _ADVERB_TAIL.sub("", prefix.rstrip())
    return bool(_TO_OTHER.search(prefix)) and not _SELF_END.search(prefix)


def normalise(text: str, earlier: tuple[str, ...] = ()) -> str:
    """``text`` in the standard, plain Japanese the rules read (``earlier``: the user's
    messages before it, for a way of typing kept up across messages)."""
    text = unicodedata.normalize("NFKC", text)
    before = tuple(unicodedata.normalize("NFKC", e) for e in earlier)
    text = unstyle(_READING.sub("", text), before)
    text = standardise(standardise_kyushu(standardise_tohoku(plain(text), before)))
    text = _DROP.sub("", text)
    return _KAOMOJI.sub("。", _LAUGH.sub("。", text))


@dataclass(frozen=True, slots=True)
class Sent:
    """One sentence of the message, with what a rule may need around it."""

    text: str
    before: str  # earlier sentences of the same message
    message: str
    context: FactContext
    first_turns: bool  # the conversation has just begun (self-introductions)
    carried: bool = False  # a subjectless sentence after one led by someone else

    def other_at(self, pos: int) -> bool:
        """Whether the text before ``pos`` makes someone else the topic."""
        return self.other_topic(self.text[:pos])

    def other_topic(self, prefix: str) -> bool:
        last = None
        for m in _TOPIC.finditer(prefix):
            last = m
        names = self.known_names()
        hit_name = -1
        for name in names:
            for m2 in re.finditer(re.escape(name) + r"(?:は|が|も|の|って|とか)", prefix):
                hit_name = max(hit_name, m2.start())
        if last is not None and last.group("self") is not None and last.start() > hit_name:
            return False
        if hit_name >= 0:
            return True
        if last is None:
            return self.carried
        return any(last.group(g) is not None for g in ("other", "pron", "home", "intro"))

    def known_names(self) -> list[str]:
        names: list[str] = []
        if self.context.assistant_name:
            names.append(self.context.assistant_name)
        for subject in ("best_friend", "friend", "partner", "coworker", "spouse"):
            for value in self.context.current.get(subject, ()):
                name = re.split(r"[（(「]", value)[0].strip()
                if 1 <= len(name) <= 8:
                    names.append(name)
        # "ちくわがエサ残してて": the pet's name as topic, the sentence is about the pet
        for value in self.context.current.get("pet", ()):
            pet = re.search(r"「([^」]{1,8})」", value)
            if pet:
                names.append(pet.group(1))
        return names

    @property
    def addressed(self) -> bool:
        """The sentence speaks about the listener (``ミコ、いちご好きだよね``)."""
        return bool(_VOCATIVE.match(self.text) and _CONFIRM_END.search(self.text))


# "銭湯で働いてるのにサウナ行きたいの": a teasing "even though you ..., you want ...?"
_RHETORICAL = re.compile(rf"^(?!.*{SELF}).*のに[^。、]*?たいの$")
# "柔道部かあ": the listener's word said back, musing; nothing about the user
_MUSING = re.compile(
    r"^(?:へえ|へー|ほう|あー|ああ|そっか|なるほど)?、?(?P<w>[^、。!?\s]{2,12}?)"
    r"(?:かあ|かぁ|かー|か|ねえ|ねー)[!。…\s]*$"
)


# "神戸出身なんですね!", "料理の先生なのに!": the listener's own fact, said back or teased
_LISTENER_ECHO = re.compile(
    rf"^(?!.*(?:{SELF})(?:は|が|も|、|って)).*(?:なんですね|なんだね|なのね|なんですねえ|なのに)[!。…\s]*$"
)


# "余裕やねんで?": a Kansai assertion ("you know?"), not a question
_TAG_ASSERT = re.compile(r"(?:んだ|なんだ|だ)(?:で|よ|ぞ)\?+[!。\s]*$")


def is_question(sentence: str) -> bool:
    core = sentence.rstrip("。! ")
    if _TAG_ASSERT.search(sentence.rstrip("w")):
        return False
    return bool(
        _QUESTION_END.search(core)
        or sentence.rstrip().endswith("?")
        or _RHETORICAL.search(core)
        or _LISTENER_ECHO.search(sentence)
    )


def echoes_assistant(sentence: str, context: FactContext) -> bool:
    """The sentence only repeats a word of the character's last message (``柔道部かあ``)."""
    m = _MUSING.match(sentence)
    said = context.previous_assistant_text
    return bool(m and said and m.group("w") in unicodedata.normalize("NFKC", said))


def split_message(text: str, context: FactContext) -> Iterator[Sent]:
    """The message's statement sentences (questions and requests dropped)."""
    norm = normalise(text, context.previous_user_texts[-2:])
    parts = [p.strip() for p in _SPLIT.split(norm) if p.strip()]
    first = len(context.previous_user_texts) < 3
    before = ""
    carried = False
    for part in parts:
        own = _TOPIC.search(part)
        carried = not own and (
            carried or (_HEARSAY_END.search(part) is not None and _carries(before))
        )
        if not is_question(part) and not echoes_assistant(part, context):
            yield Sent(part, before, norm, context, first, carried)
        before += part
        # "Fさん、来月誕生日なんだって。5月生まれ": hearsay about someone carries on too
        told = own is not None and own.group("self") is None and _HEARSAY_END.search(part)
        carried = bool(_OTHER_LEAD.match(part) or told) or (carried and not own)


def _carries(before: str) -> bool:
    """Someone else led one of the message's earlier sentences."""
    return any(_OTHER_LEAD.match(p) for p in _SPLIT.split(before) if p)


def cand(
    subject: str,
    value: str,
    sent: Sent,
    *,
    mode: str = "set",
    negated: bool = False,
    confidence: float = 0.8,
) -> Candidate:
    return Candidate(
        subject=subject,
        value=value,
        negated=negated,
        confidence=confidence,
        mode=mode,
        evidence=sent.text,
    )
