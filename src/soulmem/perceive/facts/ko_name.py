"""Korean rules for the user's name and what they like to be called (soulmem.perceive.facts.ko):
"내 이름은 박서연이야", "나 정우진임", a reply to "성함 여쭤봐도 돼요?", "나 채린!!" in a first
message, "그냥 하늘이라고 불러줘"."""

from __future__ import annotations

import re

from soulmem.perceive.facts.ko_answers import asked_about
from soulmem.perceive.facts.ko_base import Msg, Sent, noun_before_cop
from soulmem.perceive.facts.ko_lex import ANIMALS, BREEDS, FILLERS, JOBS, USER_WORDS, alt

__all__ = ["name_rule"]

_VERB_END = re.compile(r"[요다어아야지네고데죠까니해]$")

_SURNAMES = frozenset(
    "김이박최정강조윤장임한오서신권황안송류유전홍고문양손배백허남심노하곽성차주우구민진나지엄채"
    "원천방공현함변염여추도소석선설마길연위표명기반왕금옥육인맹제모탁국어은편용예경봉사부"
)
# the two-syllable surnames ("남궁현석")
_SURNAMES2 = frozenset({"남궁", "황보", "제갈", "선우", "독고", "사공", "서문"})
_NOT_NAMES = frozenset(
    {"외동", "막내", "첫째", "둘째", "솔로", "혼자", "학생", "백수", "여기", "처음", "지금"}
    | {"사람", "남자", "여자", "그래", "괜찮", "다행", "바보", "최고", "행복", "진심"}
    # what one is, not who: "저 유부녀예요", "나 직장인임", "저 신입이에요"
    | {"유부녀", "유부남", "주부", "신혼", "미혼", "기혼", "돌싱", "이혼남", "이혼녀", "신입"}
    | {"직장인", "자취러", "집순이", "집돌이", "워킹맘", "장남", "장녀", "차남", "차녀", "재수생"}
    # the rest of a question ("내 풀네임 다시", "내 이름 기억나?")
    | {"다시", "기억", "기억나", "알지", "맞지", "뭐였", "뭐더라", "비밀"}
    # where a turn stands in a series ("마지막이에요. 우리 개 이름 …")
    | {"마지막", "다음", "이번", "첫번째", "두번째"}
)

# ---------------------------------------------------------------- name, nickname
_NAME_KEY = re.compile(
    r"(?:^|\s)(?P<own>내|제|나의|저의)?\s*(?:이름|본명|풀네임)(?:(?:은|이|는)\s*|(?(own)\s+|(?!)))"
    r"(?P<v>\w{2,4}?|[A-Za-z]{2,15})\s*(?:이야|야|이에요|"
    r"예요|에요|입니다|이고|인데|이라고|라고|임|$)"
)
_NAME_SELF = re.compile(
    r"(?:^|\s)(?:나|난|나는|저|저는|전)\s+(?P<v>(?:남궁|황보|제갈|선우|독고|사공|서문)\w{1,2}?|\w{2,3}?)(?:이야|"
    r"야|예요|이에요|에요|입니다|임(?=$|[\s.,!~ㅋㅎ])|(?:이)?라고\s*하는\s*사람|이라고 해|라고 해|"
    r"이라고 합니다|라고 합니다|이라고\s*함|라고\s*함)"
    r"(?:\s*[,，]\s*(?P<full>\w{3})(?:이야|야|예요|이에요|입니다)?)?"
)
# "송민재임", "난 정우진!": a full name standing alone as the sentence, said while introducing
_NAME_ALONE = re.compile(
    r"^(?:(?:아|앗|아참|참|암튼|그리고)\s+)?(?:(?:나|난|나는|저|저는|전)\s+)?(?P<v>\w{3})(?:이야|야|이에요|예요|에요|입니다|임|이고|인데|"
    r"(?P<say>(?:이)?라고\s*(?:해|합니다|해요|함)))?(?:$|\s*[,，])"
)
_NAME_ASK = re.compile(
    r"(?:이름|성함)(?:이|은|을|를|도)?\s*(?:뭐|어떻게|여쭤|알려|물어)|뭐라고\s*(?:불러|부르)"
)
_NAME_CUE = re.compile(r"안녕|반가|처음|소개|인사|이름|성함|ㅎㅇ|(?:라고|이라고)\s*불러")
# "나 여름파야", "난 민초파야": a side taken (X파, X족), not a name; nor "나 이과생임", a kind of
# student, nor "나 국문과야", a department, nor "나 인프피야", a type
_CAMP = re.compile(
    r"\w(?:파|족|충|과|학부)$|(?:과|입|수|학|년|교|원|업|험|유학)생$|^(?:엔|인|엣|잇)(?:프피|프제|티제|팁)$"
)
# "우리 털뭉치, 이름이 …", "거북이 이름 …": a noun right before 이름 owns the name
_NAME_OWNER = re.compile(r"(?:^|\s)(?P<w>[가-힣A-Za-z]+)\s*[,，]?\s*$")
# "우리 주인님 이름 물어봤지?": the name asked about is someone else's
_OWNED_NAME = re.compile(r"(?:님|이|냥|개|애|구)\s*이름")
_ME_FIRST = re.compile(r"(?:(?:아|앗|참|암튼|그리고)\s+)?(?:나|난|나는|저|저는|전)\s")
_JOB_RX = re.compile(alt(JOBS))
_SOMEONE = re.compile(
    r"사람|친구|애인|여친|남친|동생|형|누나|언니|오빠|엄마|아빠|걔|얘|그 애|고양이|강아지|냥이|"
    r"[털솜]뭉치|댕댕이|"
    rf"{alt(ANIMALS)}|{alt(BREEDS)}|선배|후배|동료|"
    rf"아이|아기|조카|캐릭터|가게|식당|카페|회사|책|"
    rf"영화|노래"
)
_GREETING = re.compile(r"안녕|반가|처음|소개|인사")
_NICK_KEY = re.compile(
    r"(?:^|\s)(?:내|제|나의)?\s*(?:별명|애칭|닉네임|닉)(?:은|이)\s*(?P<v>\w{1,6}?)\s*(?:이야|야|이에요|"
    r"예요|에요|입니다|이고|인데|이라|라서|라|임)(?=$|[\s.,!?~ㅋㅎㅠㅜ])"
)
_NICK = re.compile(
    r"(?P<v>\w{1,6}?)(?:이라고|라고)\s*(?:불러\s*줘|불러\s*주|불러도|부르면 돼|불러|"
    r"부르더라|부르던데|부르거든|부르는데|부름|불렀어|부르곤)"
)


def name_rule(m: Msg, s: Sent) -> None:
    for mt in _NAME_KEY.finditer(s.text):
        prefix = s.text[: mt.start()]
        if re.search(r"(?:고양이|강아지|냥이|\S+네)\s*$", prefix):
            continue
        if not mt.group("own") and _SOMEONE.search(m.text[: m.text.find(s.text)] + prefix):
            continue
        owner = _NAME_OWNER.search(prefix)
        w = owner.group("w") if owner else ""
        if w and w not in FILLERS and w not in USER_WORDS and not _VERB_END.search(w):
            continue
        v = mt.group("v")
        if v not in _NOT_NAMES and m.add(s, "name", v, confidence=0.9, prefix=prefix):
            return
    mt2 = _NAME_SELF.search(s.text)
    if mt2:
        v, full = mt2.group("v"), mt2.group("full")
        if full and full.endswith(v) and full[0] in _SURNAMES:
            m.add(s, "name", full, confidence=0.9)
            return
        plausible = (len(v) == 3 and v[0] in _SURNAMES) or bool(_GREETING.search(m.text))
        plausible = plausible or v[:2] in _SURNAMES2
        # "저 유부녀예요" once the name is known: a word about oneself, unless the message
        # speaks of names or introductions
        plausible = plausible and (not m.ctx.current.get("name") or bool(_NAME_CUE.search(m.text)))
        if plausible and v not in _NOT_NAMES and not _JOB_RX.search(v) and not _CAMP.search(v):
            m.add(s, "name", v, confidence=0.7)
            return
    mt4 = _NAME_ALONE.match(s.text)
    # "마지막! … 친구 이름은?": a bare word is only a name when the cue comes before it
    cued = any(_cues(m, x, s) for x in m.sents if x.index <= s.index or not x.question)
    asked = "name" in asked_about(m.ctx.previous_assistant_text) and bool(
        _NAME_ASK.search(m.ctx.previous_assistant_text or "")
    )
    cued = cued or asked
    said_cue = any(_NAME_CUE.search(x.text) for x in m.sents if not x.question)
    said_cue = said_cue or (bool(_NAME_CUE.search(m.text)) and bool(_ME_FIRST.match(s.text)))
    hello = _first_hello(m) and mt4 is not None and m.text.count(mt4.group("v")[1:]) >= 2
    if mt4 and (cued or hello or (said_cue and mt4.group(0) != mt4.group("v"))):
        v = mt4.group("v")
        first = m.text.find(s.text) == 0 or bool(_ME_FIRST.match(s.text))
        # "안녕하세요~ 권태윤이에요": a polite self-introduction after a greeting
        polite = re.search(r"(?:이에요|예요|에요|입니다)[\s,，]*$", mt4.group(0))
        said = bool(polite) and bool(re.search(r"안녕|반가", m.text))
        answered = first or said or asked or bool(mt4.group("say"))
        answered = answered or any(x.question for x in m.sents[: s.index])
        # "도윤아 … 백하율임! 하율이 누나로 저장해라": a first message gives the full name and
        # then calls oneself by the given name
        answered = answered or (_first_hello(m) and m.text.count(v[1:]) >= 2)
        named = v[0] in _SURNAMES and v not in _NOT_NAMES and not re.search(r"[워요다네죠까]$", v)
        named = named and not _CAMP.search(v)
        if answered and named and not _JOB_RX.search(v):
            m.add(s, "name", v, confidence=0.7)
            return
    if _first_hello(m) and (mt6 := _NAME_SHOUT.match(s.text)):
        v6 = mt6.group("v")  # "이든아 진짜 너야?? 나 채린!!": the first message says who it is
        if v6 not in _NOT_NAMES and not _JOB_RX.search(v6) and not _VERBISH.search(v6):
            m.add(s, "name", v6, confidence=0.7)
            return
    mt5 = _NICK_KEY.search(s.text)
    if mt5 and mt5.group("v") not in ("뭐", "뭔", "없어"):
        v5 = noun_before_cop(mt5)
        if m.add(s, "nickname", v5, confidence=0.8, prefix=s.text[: mt5.start()]):
            return
    mt3 = _NICK.search(s.text)
    if mt3 and _pet_called(m, s, mt3):
        return
    if mt3 and mt3.group("v") not in ("뭐", "뭐라", "어떻게"):
        m.add(s, "nickname", mt3.group("v"), confidence=0.8, prefix=s.text[: mt3.start()])


def _cues(m: Msg, x: Sent, s: Sent) -> bool:
    """Sentence ``x`` cues a name said in ``s``; one after it not when the 이름 it tells
    follows an animal or someone else ("제주도 ㅋㅋ 앵무새 데려갔대 ㅋㅋ 이름이 쿠키인데")."""
    if not _NAME_CUE.search(x.text) or _OWNED_NAME.search(x.text):
        return False
    at = x.text.find("이름")
    if x.index <= s.index or at < 0 or re.search(r"(?:내|제|나의|저의)\s*이름", x.text):
        return True
    return not _SOMEONE.search(m.text[: m.text.find(x.text)] + x.text[:at])


_NAME_SHOUT = re.compile(r"^\W*(?:나|저)\s+(?P<v>[가-힣]{2,3})$")
_VERBISH = re.compile(r"[야요다어아지네해함임음게까고서파워와봐줘래래니]$")


def _first_hello(m: Msg) -> bool:
    """The chat's first message, greeting the character or calling them by name."""
    if m.ctx.previous_user_texts or m.ctx.previous_assistant_text:
        return False
    name = m.ctx.assistant_name or ""
    given = name[1:] if len(name) == 3 and name[0] in _SURNAMES else name  # "강이든" -> "이든"
    called = bool(name) and bool(
        re.search(rf"(?:{re.escape(name)}|{re.escape(given)})(?:아|야|님|씨)", m.text)
    )
    return called or bool(_GREETING.search(m.text))


# "우리 집 개요, 콩떡이라고 부릅니다": an animal named before "…라고 불러" is the one called so
_ANIMAL_BEFORE = re.compile(
    rf"(?:^|\s)(?P<a>{alt(ANIMALS)}|{alt(BREEDS)}|개|냥이|댕댕이)(?!\w{{2}})"
)
_ANIMAL_WORD = {"개": "강아지", "냥이": "고양이", "댕댕이": "강아지"}


def _pet_called(m: Msg, s: Sent, mt: re.Match[str]) -> bool:
    """A pet's name given with "…라고 불러": the user's pet takes it, not the user."""
    found = list(_ANIMAL_BEFORE.finditer(s.text[: mt.start()]))
    if found and re.search(
        r"(?:나를|날|저를|절|나보고|저보고)\s", s.text[found[-1].end() : mt.start()]
    ):
        return False  # "고양이 좋아해서 다들 나를 냥이라고 불러": the user's own nickname
    name = mt.group("v")
    if not found or name in _NOT_NAMES or _VERBISH.search(name[-1:] + "x"):
        return bool(found)
    animal = _ANIMAL_WORD.get(found[-1].group("a"), found[-1].group("a"))
    current = list(m.ctx.current.get("pet", ()))
    if any(f"'{name}'" in v for v in current):
        return True
    if current:
        old = current[-1]
        m.add(s, "pet", f"{old} '{name}'", mode="refine", confidence=0.8)
    else:
        m.add(s, "pet", f"{animal} '{name}'", confidence=0.75, prefix=s.text[: found[-1].start()])
    return True
