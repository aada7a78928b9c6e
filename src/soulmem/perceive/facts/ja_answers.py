"""Short ja replies that answer the character's question (``何歳なの？`` -> ``25だよ笑``).

Used only when ``FactContext.previous_assistant_text`` is set. The character's message is
searched for a question addressed to the user (no family member, friend, pet or other person
named in it) about one subject; the reply is then read as a value for that subject only when
it is short and bare (``25``, ``今は神戸``, ``3月3日だよ``, ``29！そっちは？``): not a question
back, a negation, a deflection (``ひみつ``, ``当ててみて``) or about someone else. The value
is not parsed here: the bare reply is restated as a full first-person sentence
(``私は25歳です``) and read by the ordinary ja rules, so values keep their normal forms.
When the question is about someone else (``わんちゃんは何歳？``), a bare reply's user value
for that subject is dropped; a question for a pet's or a best friend's name (``さっきの小鳥、
名前は?``, ``親友って、なんて子?``) is read as the pet's or friend's name, never the user's.
A short reaction before the answer (``いいんですか!? みのりです!``) is skipped. Candidates
made here carry confidence 0.7 and the reply as evidence.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import replace

from soulmem.perceive.facts.base import Candidate, FactContext
from soulmem.perceive.facts.ja_lex import ANIMALS, FAMILY, PERSONS

__all__ = ["answer_reply"]

Extract = Callable[[str, FactContext], list[Candidate]]

CONFIDENCE = 0.7
_MAX_REPLY = 20

# subject -> question pattern (searched in one question sentence of the character's message)
_ASKS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (subject, re.compile(pattern))
    for subject, pattern in (
        (
            "age",
            r"何歳|なんさい|歳いくつ|年いくつ|年齢|おいくつ|年は\?|(?:^|[?、。\s])(?:で、|今|いま)?いくつ(?:\?|$)",
        ),
        ("birthday", r"誕生日.{0,5}(?:いつ|何月|なんがつ|教えて)"),
        # "生まれは?" asks where; "七夕生まれって" is a birth date, not a place
        (
            "hometown",
            r"出身|(?:(?<!\w)|(?<=お))生まれ(?:は|って|どこ)|(?:どこ|どちら)(?:の)?生まれ|"
            r"地元(?:は|って)?(?:どこ|どちら)",
        ),
        (
            "current_residence",
            r"(?:どこ|どの|どちら).{0,6}住|住んで.{0,6}(?:どこ|どの|どちら)|住まい|在住",
        ),
        ("nickname", r"なんて呼べば|何て呼べば|なんて呼んだら|呼び方"),
        # "さっきの小鳥、名前は?": the pet's name, not the user's
        (
            "pet_name",
            rf"(?:{ANIMALS}|わんちゃん|ねこちゃん|猫ちゃん|その子|あの子|うちの子|ペット)[^?]{{0,10}}名前",
        ),
        ("best_friend", r"親友[^?]{0,12}(?:なんて|何て|名前)"),
        (
            "name",
            r"(?:(?<!の)|(?<=あなたの)|(?<=君の)|(?<=きみの))"
            r"お?名前(?:は|って|なん|を?教え|聞い)",
        ),
        ("height", r"身長|何センチ|背は"),
        ("blood_type", r"血液型|何型"),
        ("mbti", r"MBTI|mbti"),
        ("zodiac", r"星座|何座"),
        ("handedness", r"利き手|右利き|左利き"),
        ("workplace", r"どこの会社|どこで働|勤め先|職場|会社はどこ"),
        ("major", r"専攻|何学部|学部は|何を勉強|何の勉強"),
        ("school", r"学校はどこ|どこの学校|大学はどこ|どこの大学|高校はどこ|どこの高校"),
        ("job", r"仕事.{0,6}(?:何|なに|なん)|職業|お勤め"),
        ("pet", r"ペット|何か飼って|なにか飼って|動物飼って"),
        ("allergy", r"アレルギー"),
        ("phobia", r"怖いもの|こわいもの|苦手なもの"),
        ("language", r"何語|なに語|話せる言語|何か国語"),
        ("favorite_food", r"好きな食べ物|好物|好きな料理"),
        ("favorite_drink", r"好きな飲み物"),
        ("favorite_color", r"好きな色|何色が好き"),
        ("favorite_season", r"好きな季節|季節.{0,4}好き"),
        ("favorite_music", r"(?:どんな|好きな)音楽|音楽.{0,6}好き|好きな曲"),
        ("favorite_movie", r"好きな映画|映画.{0,4}好き"),
        ("favorite_animal", r"好きな動物"),
        ("favorite_game", r"好きなゲーム"),
        ("sport", r"スポーツ.{0,6}(?:やって|して|する|何|なに)|(?:何の|どんな)スポーツ"),
        ("hobby", r"趣味"),
        ("relationship_status", r"(?:彼女|彼氏|恋人)(?:は|って)?(?:いる|居る)|結婚して"),
    )
)

# the bare reply restated as a sentence the ordinary rules read ({} is the reply's core)
_RESTATE: dict[str, str] = {
    "age": "私は{}歳です",
    "birthday": "私の誕生日は{}です",
    "hometown": "私は{}出身です",
    "current_residence": "私は{}に住んでいます",
    "nickname": "{}って呼んで",
    "name": "私の名前は{}です",
    "pet_name": "うちの子の名前は{}。",
    "best_friend": "私の親友は{}。",
    "height": "私の身長は{}cmです",
    "blood_type": "私は{}型です",
    "mbti": "私のMBTIは{}です",
    "zodiac": "私は{}座です",
    "handedness": "私は{}利きです",
    "workplace": "私は{}で働いています",
    "major": "私は{}を専攻しています",
    "school": "私は{}に通っています",
    "job": "私の仕事は{}です",
    "pet": "私は{}を飼っています",
    "allergy": "私は{}アレルギーです",
    "phobia": "私は{}が怖いです",
    "language": "私は{}が話せます",
    "favorite_food": "私の好きな食べ物は{}です",
    "favorite_drink": "私の好きな飲み物は{}です",
    "favorite_color": "私の好きな色は{}です",
    "favorite_season": "私の好きな季節は{}です",
    "favorite_music": "私の好きな音楽は{}です",
    "favorite_movie": "私の好きな映画は{}です",
    "favorite_animal": "私の好きな動物は{}です",
    "favorite_game": "私の好きなゲームは{}です",
    "sport": "私は{}をやっています",
    "hobby": "私の趣味は{}です",
}
_SUBJECT = {"pet_name": "pet"}  # the asked thing -> the subject its restatement gives
# a yes to a yes/no question, restated
_YES = re.compile(r"^(?:うん|はい|ええ|いる|います|いますよ|してる|してます|してるよ|しています)$")
_YES_RESTATE = {"relationship_status": "私は{}がいます"}
_MARRIED = re.compile(r"結婚して")
_YES_REPLY = re.compile(r"^(?:うん|はい|ええ)[!。、\s]*$")
# a plausible age said bare: 1-99, in digits or kanji
_AGE = re.compile(r"[1-9]\d?|[一二三四五六七八九]?十?[一二三四五六七八九]?")
_PARTNER_ASKED = re.compile(r"彼女|彼氏|恋人")

# parts of the character's message
_QUESTION_SENT = re.compile(r"[^?。!\n]*(?:\?|教えて|聞いてもいい|聞いていい)[^?。!\n]*")
_OTHER = re.compile(
    rf"(?:{FAMILY}|{PERSONS}|{ANIMALS}|わんちゃん|ペットちゃん)(?:さん|ちゃん|くん)?(?:は|の|って|が|も)"
    r"|(?:あの人|あの子|その人|彼ら)"
)

# the reply
_DEFLECT = re.compile(
    r"ない|秘密|ひみつ|ヒミツ|内緒|ないしょ|当てて|あてて|想像|言いたく|言えない|教えない|"
    r"知らない|わからない|分からない|忘れた|永遠|ってことで|思う\?|見える|やだ|嫌だ|いや|"
    r"なし|無し|特に|別に|どうだろ|どっちでも|いない|いません|してない|してません"
)
_REPLY_OTHER = re.compile(rf"(?:{FAMILY}|{PERSONS})(?:さん|ちゃん|くん)?(?:は|が|の|も|って)")
_PET_OTHER = re.compile(rf"{ANIMALS}(?:ちゃん)?(?:は|の|も|って)")
_LEAD = re.compile(
    r"^(?:えっと|えーと|うーん|んー|あー|あっ|あ|ええと|まあ|一応|今は|いまは|今年で|現在|今|実は|"
    r"うん|はい|ええ|一番は|やっぱり|やっぱ|強いて言えば)[、,\s]*"
)
_TAIL = re.compile(
    r"(?:だよ|です|でーす|っす|だね|だな|かな|かなあ|かなー|だけど|だった|くらい|ぐらい|"
    r"位|ほど|あたり|辺り|のほう|の方|ほう|だ|よ|ね|な|って感じ|です|ですね|ですよ|"
    r"やってる|やってます|飼ってる|飼ってます|が一匹|が一羽|が二匹|かも|とか)+$"
)
_PUNCT = re.compile(r"[!。、.\s〜~…♪☆★]+$|^[!。、.\s]+")
_LAUGH = re.compile(r"(?:笑|w{1,5}|草)+$")
_NUMBER_ONLY = re.compile(r"^\d{1,3}$")
# a second clause: "東京だけど今は大阪" answers more than one thing; leave it to the rules
_CLAUSE = re.compile(r"[、,]|けど|けれど|でも|だが|から|ので|のに|って言われ")


def _asked(assistant: str) -> list[tuple[str, bool]]:
    """(subject, about the user) for each question the character's message asks, in order."""
    asked: list[tuple[str, bool]] = []
    for m in _QUESTION_SENT.finditer(assistant):
        sentence = m.group()
        to_user = not _OTHER.search(sentence)
        for subject, pattern in _ASKS:
            hit = pattern.search(sentence)
            if hit and all(s != subject for s, _ in asked):
                if subject == "name" and any(
                    s in ("nickname", "pet_name", "best_friend") for s, _ in asked
                ):
                    continue
                # "親友って、なんて子?": the friend is asked about, as the user's friend
                asked.append((subject, to_user or subject in ("pet_name", "best_friend")))
    return asked


def _core(reply: str) -> str | None:
    """The bare value a short reply gives, or None when it is not one."""
    first = re.split(r"(?<=[!。\n])", reply, maxsplit=1)[0]
    if "?" in first:
        return None
    text = _PUNCT.sub("", first)
    text = _LAUGH.sub("", text)
    text = _PUNCT.sub("", text)
    for _ in range(3):
        text = _LEAD.sub("", text)
        text = _TAIL.sub("", text)
        text = _PUNCT.sub("", text)
    if not text or len(text) > _MAX_REPLY or _CLAUSE.search(text):
        return None
    return text


def answer_reply(
    text: str, context: FactContext, found: list[Candidate], extract: Extract
) -> list[Candidate]:
    """``found`` (the ordinary rules' candidates) with what the reply answers added."""
    assistant = context.previous_assistant_text
    if not assistant:
        return found
    assistant = unicodedata.normalize("NFKC", assistant)
    reply = unicodedata.normalize("NFKC", text).strip()
    asked = _asked(assistant)
    lead = re.match(r"[^。!?\n]{1,10}[!?]*\?[!?]*\s*", reply)
    if (
        lead
        and lead.end() < len(reply)
        and not re.search(r"何|なに|どこ|いつ|誰|だれ|そっち|は\?", lead[0])
    ):
        reply = reply[lead.end() :]  # "いいんですか!? みのりです!": a reaction, then the answer
    head = re.split(r"(?<=[!。\n])", reply, maxsplit=1)[0]
    if not asked or (len(reply) > 2 * _MAX_REPLY + 10 and len(head) > _MAX_REPLY):
        return found
    bare = len(reply) <= _MAX_REPLY + 6 and not re.search(r"私|わたし|僕|俺|あたし|自分", reply)
    for subject, to_user in asked:
        if not to_user and bare:
            found = [c for c in found if not (c.subject == subject and c.about == "user")]
    if any("?" in part for part in re.split(r"(?<=[!。\n])", reply)[:1]):
        return found
    first = re.split(r"(?<=[!。\n])", reply, maxsplit=1)[0]
    if _DEFLECT.search(reply) or _REPLY_OTHER.search(first):
        return found
    core = _core(reply)
    if core is None:
        yes = _YES_REPLY.match(reply)
        if not yes or not any(s == "relationship_status" and u for s, u in asked):
            return found
        core = "いる"
    quiet = replace(context, previous_assistant_text=None)
    for subject, to_user in asked:
        if not to_user:
            continue
        if any(c.subject == subject and c.about == "user" for c in found):
            return found
        if subject == "pet" and _PET_OTHER.search(reply):
            continue
        sentence = _restate(subject, core, assistant)
        if sentence is None:
            continue
        if subject != "age" and _NUMBER_ONLY.match(core) and subject not in ("height",):
            continue
        if subject == "age" and not _AGE.fullmatch(core):
            continue
        new = [
            replace(c, confidence=min(c.confidence, CONFIDENCE), evidence=text.strip())
            for c in extract(sentence, quiet)
            if c.subject == _SUBJECT.get(subject, subject) and c.about == "user" and not c.negated
        ]
        if new:
            # "出身どこ?" -> "札幌です": the answer, not a self-introduction's name
            values = {c.value for c in new}
            kept = [c for c in found if not (c.subject == "name" and c.value in values)]
            return kept + new
    return found


def _restate(subject: str, core: str, assistant: str) -> str | None:
    if subject == "relationship_status":
        if not _YES.match(core) and core not in ("いる", "してる", "する"):
            return None
        if _MARRIED.search(assistant):
            return "私は結婚しています"
        partner = _PARTNER_ASKED.search(assistant)
        return _YES_RESTATE[subject].format(partner.group() if partner else "恋人")
    template = _RESTATE.get(subject)
    if template is None:
        return None
    if subject == "age":
        core = re.sub(r"(?:歳|才)$", "", core)
    elif subject == "height":
        core = re.sub(r"(?:cm|センチ)$", "", core)
    elif subject == "blood_type":
        core = re.sub(r"型$", "", core)
    elif subject == "zodiac":
        core = re.sub(r"座$", "", core)
    elif subject == "handedness":
        core = re.sub(r"利き$", "", core)
    elif subject == "allergy":
        core = re.sub(r"アレルギー$", "", core)
    elif subject == "phobia":
        core = re.sub(r"が怖い$|が苦手$", "", core)
    elif subject == "birthday":
        m = re.fullmatch(r"(\d{1,2})/(\d{1,2})", core)
        if m:
            core = f"{m.group(1)}月{m.group(2)}日"
    return template.format(core)
