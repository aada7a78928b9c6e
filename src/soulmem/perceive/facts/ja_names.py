"""Japanese name and nickname rules (used by soulmem.perceive.facts.ja): self-introductions
(``柏木奈緒子です、改めてよろしく``, ``名前言ってなかったよな。佐伯湊。``), real names,
nicknames; a pet's or someone else's name is not the user's."""

from __future__ import annotations

import re
from collections.abc import Iterator

from soulmem.perceive.facts.base import Candidate
from soulmem.perceive.facts.ja_lex import ANIMALS, PERSONS, SELF
from soulmem.perceive.facts.ja_text import KANJI, Sent, cand, clean

__all__ = ["names"]

_NAME = rf"(?:{KANJI}{{1,4}}[^\W\d_A-Za-z]{{1,6}}|[ァ-ヴー]{{2,10}}|{KANJI}{{2,4}})"
_NAME_INTRO = re.compile(
    r"(?:(?:(?<!の)|(?<=[私僕俺下上]の)|(?<=自分の)|(?<=わたしの)|(?<=あたしの)|(?<=ぼくの)|(?<=おれの)|(?<=オレの)|(?<=ウチの))名前(?:は|が)"
    rf"|(?<!あだ)(?<!呼び)名は)\s*(?P<n>{_NAME}|[ぁ-ゖ]{{2,8}})(?:です|だよ|って|と|。|!|$|、|なの|なんだ)"
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
    rf"\s*(?P<n>{_NAME})(?:です|でーす|っていいます|(?<=[^\W\d_ぁ-ゖ])いいます)(?=[、!。\s]|$)"
)
# "柏木奈緒子です、改めてよろしくお願いします": the name, then the greeting that ends an intro
_INTRO_GREETING = re.compile(
    rf"^(?:(?:私|わたし|僕|俺|あたし)(?:は|、)?)?\s*(?P<n>{_NAME})(?:です|でーす|と申します|っていいます|っす)"
    r"[、!。\s]*(?:改めて|今後とも|これから|どうぞ)?\s*よろしく"
)
# "名前言ってなかったよな。佐伯湊。": a bare name right after the user says it was not given
_NAME_OWED = re.compile(
    r"(?:(?<!の)|(?<=私の)|(?<=僕の)|(?<=俺の)|(?<=自分の))名前[^。!?]{0,8}?"
    r"(?:言って|伝えて|名乗って|教えて)(?:なかった|ない|なくて)"
)
_BARE_NAME = re.compile(rf"^(?P<n>{_NAME})(?<!って)(?<!いう)(?:です|だよ|でーす|っす)?[!。\s]*$")
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
# "インスタ見て予約した宮坂莉愛でーす", "登録に行った成田キヨ子だ": the one who did it, by a
# personal name (a kanji surname and a given name), in a first message that greets
_WHO_DID = re.compile(
    r"(?:た|てる|ている)(?P<n>[一-龯々]{1,3}(?:[一-龯々]{1,3}|[ァ-ヴー]{1,3}子?|[ぁ-ゖ]{1,3}))"
    r"(?:です|でーす|だ|っす|と申します)(?=[!。\s]|$|[^\w])"
)
_HELLO = re.compile(r"はじめまして|初めまして|こんにちは|こんばんは|よろしく|どうも")
_SELF_BARE = re.compile(
    rf"^(?:私|わたし|僕|俺|あたし|ぼく|おれ)(?:は|、)\s*(?P<n>{_NAME})[!。\s]*$"
)
_NOT_NAME = re.compile(
    r"(?:(?<![隼直優正和雅真勇久秀健隆拓悠颯陽海千一力政義修信])人|者|員|生|師|士|(?<=[^\W\d_ぁ-ゖ]{2})中|屋|派|型|歳|才|路|好き|嫌い|大丈夫|元気|無理|本当|本気|最高|"
    r"初めて|以上|前|後|頃|ところ|担当|予定|休み|仕事|学生|社会人|主婦|一人|ひとり|ない|"
    r"出身|生まれ|育ち|在住|住み|暮らし|勤め|勤務|長男|長女|次男|次女|三男|三女|末っ子|一番上|一番下|真ん中|"
    r"だから|だし|だけど|けど|なの|なん|でして|"
    # "報告です！", "お知らせです": what the message is, not who
    r"報告|ご報告|お知らせ|連絡|ご連絡|相談|ご相談|質問|お願い|朗報|速報|"
    # a school club (帰宅部, バスケ部, 吹奏楽部), not a surname like 阿部 or 長谷部
    r"(?:帰宅|運動|文化|[ァ-ヴー]{2,}|[^\W\d_ぁ-ゖ]{0,2}(?:球|道|楽|術|泳|上|劇|唱|音|送|学|碁|棋))部)$"
)
# "苦労は買ってでもせよと申します", "十分程で済むと申しますが", "簡単なものだと申しますが": a
# saying or a report before と申します, a clause with a verb or a particle in it, not a name
_CLAUSE = re.compile(
    rf"って|でも|ては|では|には|とは|から|まで|ので|のに|(?:もの|こと)$|[ぁ-ゖ]{KANJI}+[ぁ-ゖ]"
    r"|(?:せよ|します|ます|ません|ました|でした|ない|なかった|たい|した|れる|られる|(?<=[っん])[ただ])$"
)
# kanji, a particle, kanji: a phrase (今年で三十路), not a name
# (and a clause before the noun: "昨日買った大福です" names a cake, not the user)
_PARTICLE_INSIDE = re.compile(
    rf"{KANJI}[ぁ-ゖ]?[でにのがはをとも](?:{KANJI}|[ァ-ヴ])|出身|生まれ|育ち|住み|一筋|一択|なんだ|なんです|"
    rf"[\d〇一二三四五六七八九十百]+(?:歳|才|路)|好き|嫌い|(?:った|した|いた|んだ)(?:{KANJI}|[ァ-ヴ])"
)
_NICK = re.compile(
    r"(?:^|[、。!\s「『]|(?<=は)|(?<=に)|(?<=のこと)|(?<=のことを))(?P<n>[^\s、。!?「」『』は]{1,10}?)」?"
    r"(?:って|と)(?:呼んで|呼ばれて)(?!ない)"
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
    rf"^(?P<pre>{SELF}|(?:[^\W\d_]{{1,6}}?の)?{PERSONS}|[^\W\d_]{{1,6}}?(?:さん|くん|ちゃん))(?:は|って)(?P<rest>.{{2,}})$"
)
# "本名は蜜柑じゃないよ": a name denied, not given
_DENIED = re.compile(r"(?:じゃ|では)(?:ない|なく)|(?:じゃ|では)?ありません")
_COPULA_TAIL = re.compile(r"(?:でーす|です|だよ|だけど|だけども|だから|だし|だ|っす|けど)$")
_NOT_NICK = re.compile(r"\d|歳|にもな$|なのに$")
_NICK_OK = re.compile(
    r"^(?P<n>[^\s、。!?]{1,8}?)(?:で|呼びで)(?:いい|OK|オッケー|大丈夫)(?:よ|です|から)?[!。\s]*$"
)


_PET_TALK = re.compile(rf"{ANIMALS}|さっき|ペット|うちの子")
_NOT_MY_NAME = re.compile(
    rf"{ANIMALS}|{PERSONS}|さっき|ペット|(?:うち|ウチ|実家|家)の子|この子|[🐶🐕🐱🐈🐹🐰🐇🐦🐤🐢🐟🐠]"
)
# "LINE友だち登録したよ": an app's contact list, not a friend
_APP_FRIEND = re.compile(r"(?:友だち|友達|ともだち)(?:登録|追加|申請|リスト)")
_HONORIFIC = re.compile(r"(?:さん|くん|君|ちゃん|様|さま|先輩|先生)$")


def _own_name(s: Sent, name: str) -> str:
    """``わたしはゆい`` -> ゆい; ``兄はゆうた`` -> "" (a topic swallowed into the name)."""
    topic = _NAME_TOPIC.match(name)
    if topic is None:
        return name
    return "" if s.other_topic(topic.group("pre") + "は") else topic.group("rest")


# "名前はこむぎ！" with no owner said: the name of what the message before was about
_UNOWNED_NAME = re.compile(r"(?:^|[。!！?？、\s])名前(?:は|が|ね)")


def names(s: Sent) -> Iterator[Candidate]:
    for found in _names(s):
        # "ちくわって名前、めんこいな" after the character's "猫のちくわ": their name said back
        if found.value not in (s.context.previous_assistant_text or ""):
            yield found


def _names(s: Sent) -> Iterator[Candidate]:
    if _PET_TALK.search(s.before[-40:] + s.text):  # "柴の名前を言い忘れてました。大福です"
        return
    last_turn = s.context.previous_user_texts[-1:]
    if _UNOWNED_NAME.search(s.before[-40:] + s.text) and any(
        _NOT_MY_NAME.search(t) for t in last_turn
    ):
        return  # "あと実家に柴いるの🐕" ... "名前はこむぎ！"
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
            and not _CLAUSE.search(name)
            and not _HONORIFIC.search(name)
            and not s.other_at(m.start())
            and not _NOT_MY_NAME.search(_APP_FRIEND.sub("", s.before + s.text[: m.start()]))
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
    who = _WHO_DID.search(s.text) if s.first_turns and _HELLO.search(s.message) else None
    if who and not m2 and not _NOT_NAME.search(who.group("n")):
        yield cand("name", who.group("n"), s, confidence=0.75)
    greet = _INTRO_GREETING.search(s.text)
    if greet is None and _NAME_OWED.search(s.before[-40:]) and not _PET_TALK.search(s.before):
        greet = _BARE_NAME.match(s.text)
    if (
        greet
        and not m2
        and not _NOT_NAME.search(greet.group("n"))
        and not _PARTICLE_INSIDE.search(greet.group("n"))
        and (greet_name := _own_name(s, greet.group("n")))
    ):
        yield cand("name", greet_name, s, confidence=0.8)
    m4 = _NICK_OK.match(s.text)
    intro = (_SELF_INTRO, _SELF_BARE, _NAME_INTRO)
    before = [p for p in re.split(r"(?<=[。!])", s.before) if p]
    intro_before = any(r.search(p) for r in (*intro, _SELF_REPEAT) for p in before)
    if m4 and m4.group("n") in s.before and intro_before:
        yield cand("nickname", m4.group("n"), s, confidence=0.8)
    mi = _NICK_IS.search(s.text)
    if mi and not s.other_at(mi.start()):
        nick = clean(next((g for g in mi.group("q", "n", "q2", "n2") if g), ""))
        # "34歳にもなってあだ名で呼ばれる": an age said before the word, not a name
        if nick and nick not in ("何", "なに", "ない", "特に") and not _NOT_NICK.search(nick):
            yield cand("nickname", nick, s, confidence=0.85)
    for m3 in _NICK.finditer(s.text):
        nick = clean(m3.group("n"))
        whose, _, called = m3.group("n").rpartition("のこと")
        if whose:  # "兄のことアニキって呼んでる": someone else is called that
            if not re.fullmatch(rf"(?:みんな|皆)?(?:{SELF})", whose):
                continue
            nick = clean(called.removeprefix("を"))
        if nick and not s.other_at(m3.start()) and not re.search(r"私|僕|俺|名前", nick):
            yield cand("nickname", nick, s, confidence=0.85)
