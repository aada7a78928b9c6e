"""Fact rules for ko: see soulmem.perceive.facts.base.Candidate for the contract.

Regex over Hangul with particle handling, no morphological analyser. A message is split
into sentences; questions ("내 생일 언제라고 했지?") give no facts; a clause whose subject
is someone else ("누나는 결혼해서 대전 살고", "정우는 떡볶이 좋아해") gives none either, nor do the
sentences after one led by someone else (``ko_topic``). Identity and situation rules live
here, changes of job and 최애 in ``ko_change``, hometown and residence in ``ko_places``,
preferences in ``ko_pref`` and ``ko_habits`` (what the user listens to, orders, accepts),
relations and split facts (pets, exams, friends, family) in ``ko_rel`` with ``ko_kin`` (best
friends, siblings by name, children by rank) and ``ko_trips`` (trips and leave). Names are in
``ko_name``, work said without a title ("마케팅팀이거든") in ``ko_jobs``, standing choices
("어느 카페 가도 무조건 …") in ``ko_staple``, favourites named by their kind ("노래는 뭐니 뭐니
해도 …") in ``ko_kindfav``, old-style dates ("시월 초사흘") in ``ko_dates``, hearsay in
``ko_hearsay``. A question built on a statement ("나 올해 스물넷인데 … 되는 거임?") is read for
the statement before its linking ending.
"""

from __future__ import annotations

import datetime
import re

from soulmem.perceive.facts.base import Candidate, FactContext
from soulmem.perceive.facts.ko_answers import answer_rule
from soulmem.perceive.facts.ko_base import (
    COP,
    Gated,
    Msg,
    Sent,
    clean_np,
    is_other,
    split_sentences,
    word_ok,
)
from soulmem.perceive.facts.ko_casual import copula_endings, plain_endings
from soulmem.perceive.facts.ko_change import LATE_RULES
from soulmem.perceive.facts.ko_dates import date_rule, wedding_rule
from soulmem.perceive.facts.ko_friend import friend_opens_named
from soulmem.perceive.facts.ko_hearsay import FIRST_PERSON, hearsay, known_names
from soulmem.perceive.facts.ko_jobs import job_rule
from soulmem.perceive.facts.ko_kindfav import keep_team, kind_favourite
from soulmem.perceive.facts.ko_lex import (
    ANIMALS,
    BREEDS,
    FILLERS,
    HOLIDAYS,
    JOB_SUFFIXES,
    JOBS,
    NATIVE_TENS,
    NATIVE_UNITS,
    PERSONS,
    USER_WORDS,
    alt,
    has_batchim,
    native_number,
    strip_josa,
)
from soulmem.perceive.facts.ko_media import movie_rule
from soulmem.perceive.facts.ko_misc import misc_rule
from soulmem.perceive.facts.ko_name import name_rule
from soulmem.perceive.facts.ko_pets import pet_household, pet_named_first
from soulmem.perceive.facts.ko_places import PLACE_WORD, place_value, places
from soulmem.perceive.facts.ko_pref import preference_rules
from soulmem.perceive.facts.ko_rel import message_rules, relation_rules
from soulmem.perceive.facts.ko_staple import staple_rule
from soulmem.perceive.facts.ko_topic import honorific_after, other_sentences

__all__ = ["extract"]

_VERB_END = re.compile(r"[요다어아야지네고데죠까니해]$")


# ---------------------------------------------------------------- age
_NATIVE = rf"(?:{NATIVE_TENS})\s?(?:{NATIVE_UNITS})?"
_AGE_NOT_AFTER = (
    r"(?!\s*(?:때|차이|어린|많|위|아래|연상|연하|짜리|정도 어|부터|까지|이상|이하|로|으로|에\s|"
    r"처럼|같|무렵|쯤|이면|면\s))"
)
_AGE_NUM = re.compile(rf"(?<![\d.])(?P<n>\d{{1,2}})\s*(?:살|세){_AGE_NOT_AFTER}")
_AGE_WORD = re.compile(
    rf"(?<!\w)(?P<w>{_NATIVE})\s?(?:살{_AGE_NOT_AFTER}|(?=이야|"
    rf"이에요|입니다|인데|이고|이라|이거든|이니까|이었|이잖|야|예요|에요|였|거든|니까|잖|인|이|"
    rf"(?:\s*밖에|\s*넘었|\s*넘은(?=\s*(?:나|내가|저|제가|몸)|\s+(?!\S*님)\S+?(?:이야|야|예요|이에요|입니다|인데|이라|라서|임)(?![가-힣]))|\s*넘어서|\s*됐|\s*되었|\s*찍었|\s*되니까|\s*되니|\s*돼서|\s*되고\s*나|"
    rf"\s*됨(?=$|\s)|임(?=$|[\s.,!?~ㅋㅎㅠㅜ]))))"
)
_AGE_KEY = re.compile(
    r"(?:나이|올해|만)\s*(?:는|가|로|로는)?\s*(?P<n>\d{2})(?!\s*(?:년|월|일|번|개|명))"
)
_AGE_KEY_WORD = re.compile(rf"(?:나이|올해|올해로)\s*(?:는|가|로)?\s*(?P<w>{_NATIVE})(?!\w)")
_AGE_ME = re.compile(
    r"(?:^|\s)(?:나|난|나는|저|저는|전)\s+(?P<n>[1-6]\d)(?:이야|야|인데|이고|이라|이거든|임|이에요|"
    r"예요|입니다)(?=$|[\s.,!?~ㅋㅎㅠㅜ])"
)
_AGE_YEAR = re.compile(
    r"(?<!\d)(?P<y>\d{2}|19\d{2}|20[0-2]\d)\s*년생(?!\s*(?:이랑|하고|친구|동생|형|누나|언니|오빠))"
)
_AGE_DECADE = re.compile(r"(?P<v>[1-9]0대\s*(?:초반|중반|후반|초|중|말))")
# "스물셋 아니야", "스물셋이라고 한 거 뻥이야": the number said is the one being taken back
_AGE_DENIED = re.compile(
    r"\s*(?:살|세)?\s*(?:이|가|은|는|이란|란|이라는|라는|이라고|라고)?\s*(?:아니|했던|했는데|했잖|한\s*거|"
    r"말한\s*거|뻥|거짓말|구라)"
)
_AGE_FIX_CUE = re.compile(r"사실|속였|거짓말|뻥|진짜\s*나이|진짜는|원래|정정")
_CHILD_BEFORE = re.compile(r"첫째|둘째|셋째|막내|큰애|작은애|(?:^|\s)(?:딸|아들)\s")
# "강아지가 하나 있어요. 시추인데 열두 살 먹어서": an animal's age, said after naming it
_PET_BEFORE = re.compile(
    rf"(?<![가-힣])(?:{alt((*ANIMALS, *BREEDS))})(?:인데|이고|는|은|가|이가|도|이도|이)?"
    r"\s+(?:\S+\s+)?$"
)
_AGE_BARE = re.compile(rf"(?<!\w)(?P<w>{_NATIVE})\s*(?:살|세)?\s*$")


def _known_age(m: Msg) -> int:
    """The age already held ("27세 (스물일곱)"), or 0."""
    for v in m.ctx.current.get("age", ()):
        if mt := re.match(r"(\d{1,2})세", v):
            return int(mt.group(1))
    return 0


def _age(m: Msg, s: Sent) -> None:
    t = s.text
    fixing = bool(_AGE_FIX_CUE.search(m.text) or re.search(r"아니|틀렸|잘못", m.text))
    # an age below the one known, said without taking it back, is a past one or another's
    # ("스무 살 넘어서 고향을 떠나", "열한 살이면 노묘네"): nobody grows younger
    floor = 0 if fixing else _known_age(m)
    conf = 0.9 if fixing else 0.8
    keyed = bool(re.search(r"살|나이|올해|먹었", t))
    aged = keyed or bool(re.search(r"나이|속였|\d+\s*살|몇\s*살|뻥|거짓말", m.text))
    bare = _AGE_BARE.finditer(t) if aged else ()
    for mt in (*_AGE_KEY_WORD.finditer(t), *_AGE_WORD.finditer(t), *bare):
        if _AGE_DENIED.match(t, mt.end()) or honorific_after(t, mt.end()):
            continue
        if _CHILD_BEFORE.search(t[max(0, mt.start() - 12) : mt.start()]):
            continue  # "첫째는 아들 민준 열 살": a child's age
        if _PET_BEFORE.search(t[: mt.start()]):
            continue
        w = mt.group("w").strip()
        n = native_number(w)
        if n is not None and n >= floor and (15 <= n < 100 or (keyed and 10 <= n < 100)):
            m.add(s, "age", f"{n}세 ({w})", confidence=conf, prefix=t[: mt.start()])
            return
    for rx in (_AGE_NUM, _AGE_KEY, _AGE_ME):
        for mt in rx.finditer(t):
            n = int(mt.group("n"))
            if max(5, floor) <= n < 100 and not _AGE_DENIED.match(t, mt.end()):
                m.add(s, "age", f"{n}세", confidence=conf, prefix=t[: mt.start()])
                return
    mt3 = _AGE_YEAR.search(t)
    if mt3:
        m.add(s, "age", f"{mt3.group('y')}년생", prefix=t[: mt3.start()])
        return
    mt2 = _AGE_DECADE.search(t)
    if mt2 and re.search(r"나이|나|난|저", t[: mt2.start()] + " "):
        m.add(s, "age", mt2.group("v"), confidence=0.6, prefix=t[: mt2.start()])


# ---------------------------------------------------------------- birthday
_DATE = r"(?P<m>1[0-2]|0?[1-9])\s*월\s*(?P<d>3[01]|[12]\d|0?[1-9])\s*일"
_HOL = alt(HOLIDAYS)
_BORN = re.compile(rf"{_DATE}\s*(?:에|날|쯤)?\s*(?:태어|출생|생(?!\w)|생이|생일)")
_BDAY_KEY = re.compile(
    rf"생일(?:은|이|는)?\s*(?:{_DATE}|(?P<nm>\d{{1,2}})\s*[./]\s*(?P<nd>\d{{1,2}})(?![\d.]))"
)
_BDAY_SELF = re.compile(
    rf"(?:^|\s)(?:나는|난|나|저는|전|저|내 건|내껀)\s*(?P<lunar>음력으로|"
    rf"양력으로|음력|양력)?\s*{_DATE}\s*(?:{COP}|이니까|$)"
)
# "내 생일이야! 9월 19일": the date said on its own right after the birthday is mentioned
_DATE_ALONE = re.compile(rf"^{_DATE}\s*(?:{COP}|이니까)?$")
_BDAY_WORD = re.compile(r"생일")
_BORN_MONTH = re.compile(r"(?:1[0-2]|[1-9])\s*월\s*(?:생|생이|에 태어)")
_ANY_DATE = re.compile(_DATE)
_BDAY_HOL = re.compile(
    rf"(?:(?P<h>{_HOL})(?P<off>\s*(?:전날|다음\s*날|담날|이브|전야))?\s*(?:에|날|이|가|이랑|랑|하고|과|와)?"
    rf"\s*(?:내\s*|제\s*)?(?:태어|생일|생(?!\w)|생이|베이비|(?<=[날에]\s)났|(?<=[날에])났))|"
    # "생일이 어떤 날이냐면요, 크리스마스 이브야": the day told after asking it oneself
    r"(?:생일(?:은|이)?\s*(?:(?:어떤|무슨)\s*날이(?:냐면|냐하면|냐 하면)요?[,，\s]*)?"
    rf"(?P<h2>{_HOL})"
    rf"(?P<off2>\s*(?:전날|다음\s*날|담날|이브|전야))?)"
)


def _birthday(m: Msg, s: Sent) -> None:
    t = s.text
    for rx in (_BORN, _BDAY_KEY):
        mt = rx.search(t)
        if mt:
            mon = mt.group("m") or mt.groupdict().get("nm")
            day = mt.group("d") or mt.groupdict().get("nd")
            if mon and day:
                prefix = t[: mt.start()]
                if m.add(s, "birthday", f"{int(mon)}월 {int(day)}일", prefix=prefix):
                    return
    if "생일" in m.text or "태어" in m.text:
        mt = _BDAY_SELF.search(t)
        if mt:
            lunar = " (음력)" if mt.group("lunar") and "음력" in mt.group("lunar") else ""
            m.add(s, "birthday", f"{int(mt.group('m'))}월 {int(mt.group('d'))}일{lunar}")
            return
        mt = _DATE_ALONE.match(t)
        said = _BDAY_WORD.search(m.text)
        if mt and said and not is_other(m.text[: said.start()], m.names):
            m.add(s, "birthday", f"{int(mt.group('m'))}월 {int(mt.group('d'))}일")
            return
    if _BORN_MONTH.search(t):
        mt = _ANY_DATE.search(t)
        if mt and m.add(s, "birthday", f"{int(mt.group('m'))}월 {int(mt.group('d'))}일", prefix=""):
            return
    mt = _BDAY_HOL.search(t)
    if mt:
        h = mt.group("h") or mt.group("h2")
        if h in (m.ctx.previous_assistant_text or "") and not FIRST_PERSON.search(t):
            return  # "어린이날 생일 귀엽다": a reaction to the birthday just told by the other
        off = (mt.group("off") or mt.group("off2") or "").strip()
        m.add(s, "birthday", _shifted(HOLIDAYS[h], h, off), prefix=t[: mt.start()])


def _shifted(date: str, holiday: str, off: str) -> str:
    """ "성탄절 전날" -> "12월 24일 (성탄절 전날)": a day before or after a holiday."""
    step = -1 if off in ("전날", "이브", "전야") else 1 if off else 0
    mt = re.fullmatch(r"(?P<m>\d+)월 (?P<d>\d+)일", date)
    if not step:
        return f"{date} ({holiday})"
    if not mt:
        return f"{date} {off} ({holiday} {off})"
    day = datetime.date(2001, int(mt.group("m")), int(mt.group("d"))) + datetime.timedelta(step)
    return f"{day.month}월 {day.day}일 ({holiday} {off})"


# ---------------------------------------------------------------- body: height, blood, MBTI
_HEIGHT_KEY = re.compile(
    r"키(?:가|는|도)?\s*(?:한\s*)?(?P<n>1[3-9]\d|2[01]\d)(?:\.\d)?(?!\d)\s*(?:cm|"
    r"센치|센티|쯤|정도|이야|야|인데|이라|$)?"
)
_HEIGHT_SAID = re.compile(
    r"키(?:가|는|도)?\s*(?:좀\s*|많이\s*|엄청\s*|완전\s*)?(?:작|크|커|큰)\w{0,3}[\s,]+"
    r"(?:한\s*)?(?P<n>1[3-9]\d|2[01]\d)(?:\.\d)?(?![\d.])"
)
_HEIGHT_CM = re.compile(r"(?<!\d)(?P<n>1[3-9]\d|2[01]\d)(?:\.\d)?\s*(?:cm|센치|센티|CM)")
_HEIGHT_BARE = re.compile(
    r"(?<![\d.,])(?P<n>1[4-9]\d|20\d)(?:이라|이라서|(?<=[2459])라서|(?<=[2459])라(?=\s)|이니까|인데|이야|야|이거든|이어서|\s*넘어서|"
    r"(?:이|(?<=[2459]))면(?=\s[^.!?]*(?:책상|의자|세면대|싱크대|침대|낮(?:아|냐|은|다)|숙여|부딪))|"
    r"\s*넘는데|\s*넘으니까)"
)
_HEIGHT_CUE = re.compile(
    r"크[거다고지네니]|커서|커요|커(?=$|\s)|큰 편|작[아은거다고]|키|머리|문틀|천장|숙여|장신|"
    r"단신|옷|바지|기장|신발|까치발|깔창|다리|손잡이|선반|높은\s*(?:데|곳|칸)|위\s*칸|부딪|책상|"
    r"세면대|싱크대"
)
_HEIGHT_ME = re.compile(r"(?:^|\s)(?:제가|내가|저|나|전|난)\s*$")
_BLOOD = re.compile(r"(?<![A-Za-z])(?P<t>AB|ab|Ab|A|B|O|a|b|o)\s?형(?!\w{0,1}(?:님|제|편))")
_BLOOD_KO = re.compile(r"혈액형(?:은|이)?\s*(?P<t>AB|A|B|O|에이비|에이|비|오)\s*(?:형)?")
_MY_ROLE = re.compile(
    r"(?:^|\s)(?:저의|나의|내|제)\s+(?:(?!직업|일|직장|업무|본업|회사|가게|병원|학교)\S+(?<![은는이가도])\s+){0,2}$"
)
_MINE = re.compile(r"(?:^|\s)(?:나|난|나는|나도|내|저|전|저는|저도|제)(?:\s|$)")
_ME_BEFORE = re.compile(r"(?:^|\s)(?:나만|나는|난|저는|전|저만|나)\s*$")
_BLOOD_HANGUL = re.compile(
    r"(?<!\w)(?P<t>에이비|에이|비|오)형(?=이야|이라|인데|이고|임|이거든|이에요|입니다|$|\s)"
)
# "엔프피", "잇티제", "인팁": MBTI read out in Hangul, one syllable per letter pair (팁: TP)
_MBTI_HANGUL = re.compile(
    r"(?<!\w)(?P<ei>엔|인|엣|잇)(?:(?P<ft>프|티)(?P<jp>피|제)|(?P<tp>팁))"
    r"(?=$|\s|[,.!?~ㅋㅎ]|이(?!면)|야|임|라|래|인|예|에|고|거)"
)
_MBTI = re.compile(r"(?<![A-Za-z])(?P<v>[EIei][NSns][TFtf][JPjp])(?:-?[AaTt])?(?![A-Za-z])")
_HAND = re.compile(r"(?P<v>왼손|오른손|양손)\s?잡(?:이|인)")
_HAND_USE = re.compile(
    r"왼손으로\s*(?:\w+\s*){0,2}?(?:밥|글씨|젓가락|숟가락|글|다|들|쓰|써|먹|잡|던지|치)|"
    r"(?:숟가락|젓가락|수저|펜|연필|볼펜|가위|마우스|라켓|공|칼)(?:을|를|은|는|도|만)?\s*"
    r"(?:늘\s*|항상\s*|다\s*|꼭\s*)?왼손으로|왼손(?:이|을|만)?\s*(?:편해|편하|써|쓰거든|쓰는\s*편)"
)
_KO_LETTERS = {"에이비": "AB", "에이": "A", "비": "B", "오": "O"}


def _height_scope(m: Msg, t: str, start: int) -> str:
    """Where a height cue is looked for: the sentence, or the message when "제가 182라"."""
    return m.text if _HEIGHT_ME.search(t[:start]) else t


# "키는 백육십팔인데": a height read out in Sino-Korean numbers
_SINO = "일이삼사오육칠팔구"
_HEIGHT_SINO = re.compile(
    rf"키(?:가|는|도)?\s*(?:한\s*)?(?P<s>백\s*(?P<t>[{_SINO}])?\s*십\s*(?P<u>[{_SINO}])?)(?![가-힣]*살)"
)


def _sino_height(m: Msg, s: Sent) -> bool:
    mt = _HEIGHT_SINO.search(s.text)
    if not mt:
        return False
    tens = _SINO.index(mt.group("t")) + 1 if mt.group("t") else 1
    units = _SINO.index(mt.group("u")) + 1 if mt.group("u") else 0
    n = 100 + tens * 10 + units
    words = " ".join(mt.group("s").split())
    return 130 <= n < 220 and m.add(s, "height", f"{n}cm ({words})", prefix=s.text[: mt.start()])


def _body(m: Msg, s: Sent) -> None:
    t = s.text
    rules = ((_HEIGHT_KEY, False), (_HEIGHT_SAID, False), (_HEIGHT_CM, False), (_HEIGHT_BARE, True))
    for rx, cue in rules if not _sino_height(m, s) else ():
        mt = rx.search(t)
        if (
            mt
            and (not cue or _HEIGHT_CUE.search(_height_scope(m, t, mt.start())))
            and m.add(s, "height", f"{mt.group('n')}cm", prefix=t[: mt.start()])
        ):
            break
    types = list(_BLOOD.finditer(t))
    mine = [x for x in types if _ME_BEFORE.search(t[max(0, x.start() - 6) : x.start()])]
    if mine:
        types = mine
    mt = _BLOOD_KO.search(t) or (types[0] if types else None) or _BLOOD_HANGUL.search(t)
    if mt:
        letters = _KO_LETTERS.get(mt.group("t"), mt.group("t").upper())
        m.add(s, "blood_type", f"{letters}형", prefix=t[: mt.start()])
    mt = _MBTI.search(t)
    said = (m.ctx.previous_assistant_text or "").upper()
    if mt and mt.group("v").upper() in said and not _MINE.search(t[: mt.start()]):
        pass  # "INFP ㅋㅋ 완전 어울려요": the character's own type, said back
    elif mt:
        m.add(s, "mbti", mt.group("v").upper(), prefix=t[: mt.start()])
    elif mt := _MBTI_HANGUL.search(t):
        ei = "E" if mt.group("ei") in ("엔", "엣") else "I"
        ns = "N" if mt.group("ei") in ("엔", "인") else "S"
        code = (
            ei
            + ns
            + ("F" if mt.group("ft") == "프" else "T")
            + ("P" if mt.group("jp") == "피" or mt.group("tp") else "J")
        )
        m.add(s, "mbti", f"{code} ({mt.group(0)})", prefix=t[: mt.start()])
    mt = _HAND.search(t)
    if mt:
        neg = bool(re.match(r"\s*(?:는|은)?\s*아니", t[mt.end() :]))
        m.add(s, "handedness", f"{mt.group('v')}잡이", negated=neg, prefix=t[: mt.start()])
    elif mt2 := _HAND_USE.search(t):
        m.add(s, "handedness", "왼손잡이", confidence=0.6, prefix=t[: mt2.start()])


# ---------------------------------------------------------------- job, school, major
_JOB = rf"{alt(JOBS)}|[가-힣]{{1,6}}(?:{alt(JOB_SUFFIXES)})"
_JOB_SELF = re.compile(
    rf"(?:^|\s)(?:(?:나|난|나는|저|저는|전|직업은|직업이|일은)\s+)?(?:그냥\s*|"
    rf"평범한\s*|(?P<q>\S+)\s+)?(?P<v>{_JOB})(?:이야|야|이에요|예요|에요|임(?=$|[\s.,!?~ㅋㅎㅠㅜ])|"
    rf"입니다|이고|인데|이라|라서|라(?=\s|$)|이거든|거든|로 일|으로 일|로 근무|으로 근무|로 있어|"
    rf"로 일하|으로 일하|일 해|일 하고|(?:로|으로)\s*(?:\S+\s+){{0,2}}(?:일하|일해|근무)|"
    # "국어 선생이었지요", "간호사였어": the work of a life told in the past
    rf"(?:이었|였)(?=지|어|습니다|다|고|는데|죠|거든))"
)
_JOB_KEY = re.compile(
    r"직업(?:은|이)\s*(?P<v>[^.!?,]{2,15}?)\s*(?:이야|야|이에요|예요|에요|입니다|이고|인데|이라)"
)
_WORK_AT = Gated(
    rf"(?P<v>(?:{PLACE_WORD}\s){{0,3}}{PLACE_WORD}?)(?:에서|"
    rf"에)\s*(?:일해|일하고|일하는|일하거든|일하며|일하면서|일함|일합니다|일한|근무|알바|아르바이트)",
    "일해",
    "일하",
    "일한",
    "근무",
    "알바",
    "아르바이트",
)
# "… 하는 사람이야 ㅋㅋ 위탁급식 회사 영양사": a job named alone as a sentence, a word or three
_JOB_BARE = re.compile(rf"^(?P<v>(?:[가-힣A-Za-z]+\s){{0,3}}(?:{alt(JOBS)}))$")
_WORK_KEY = re.compile(
    r"(?:직장|회사)(?:은|는)\s*(?P<v>[^.!?,]{2,24}?)\s*(?:이야|야|이에요|"
    r"예요|에요|입니다|이고|인데|이라|임)(?=$|[\s.,!?~ㅋㅎㅠㅜ])"
)
_COMPANY = re.compile(
    r"(?P<v>\w+(?:\s?회사|전자|은행|병원|그룹|제약|증권|"
    r"보험|물산|카드|건설|에너지|스타트업|공사|연구소))\s*(?:다녀|"
    r"다니고|다닌|다니거든|다님|다니는데|에 다녀|에서 일)"
)
_COMPANY_KIND = re.compile(
    r"(?<!\w)(?P<v>스타트업|대기업|중소기업|중견기업|공기업|외국계\s*회사|외국계|공공기관|증권사|보험사)"
    r"(?:에)?\s*(?:다녀|다니고|다닌|다님|다니는\s*중|에서\s*일)(?!\s*왔|왔|오)"
)
# (not "그만두고 싶다": a quitting only wished)
_QUIT_JOB = re.compile(
    r"(?:(?:회사|직장)\s*(?:을|를|도)?\s*(?:그만뒀|그만 뒀|"
    r"관뒀|때려치웠|때려치우고|그만두고|관두고)|퇴사했|"
    r"퇴사하고)(?!\s*싶)"
)
_PTJ = Gated(
    r"(?P<v>(?:\w+\s){0,3}\w*?)\s*(?:알바|아르바이트)(?:생)?(?:까지|도|"
    r"를|만|는|로)?\s*(?:해|하고|하는|뛰|뜀|뜁니다|하거든|중|시작|다녀|구했|하고 있|함|합니다)",
    "알바",
    "아르바이트",
)
_PTJ_QUIT = Gated(
    r"(?P<v>(?:\w+\s){0,2}\w*?)\s*(?:알바|아르바이트)(?:를|"
    r"는|도|)\s*(?:그만뒀|그만 뒀|관뒀|잘렸|끝났|때려치웠|"
    r"그만둠|그만두고)(?!\s*싶)",
    "알바",
    "아르바이트",
)
_TIME_TOKEN = re.compile(r"^(주말|평일|방학|저녁|밤|새벽|아침|주중)(?:엔|에는|에|마다|만)$")
_SCHOOL = re.compile(
    r"(?P<v>\w{1,10}(?:대학교|대학원|대학|대|고등학교|고교|고|중학교|중|초등학교))(?:\s*\w+(?:학과|"
    r"과|학부))?\s*(?:에\s*)?(?:다녀|다니고|다니는|재학|[1-6]학년|학생|졸업|붙었|합격|"
    r"입학|다님|생이야)"
)
_CARRY = re.compile(
    r"(?:[을를]\s+\w*|(?:^|\s)(?:데리|들|메|끼|타|쓰|입|신|차|갖|가지|업|안|물|달|싣|끌|챙기|"
    r"몰|숨기|켜|붙이)고|하고)$"
)
# "고3이라", "중2야", "고딩인데": a school grade names the kind of school
_GRADE = re.compile(
    r"(?:^|\s)(?P<k>고|중|초)(?:(?P<n>[1-6])|딩)(?:이야|야|이에요|예요|이라|라서|라|인데|이고|임|"
    r"이거든|거든|이니까|니까)"
)
_GRADE_SCHOOL = {"고": "고등학교", "중": "중학교", "초": "초등학교"}
# "컴공 3학년이야": a department (often shortened) with the year of study
_MAJOR_YEAR = re.compile(r"(?:^|\s)(?P<v>\w{1,8}?(?:공|과|학|학부))\s*[1-6]\s*학년")
_NOT_MAJOR = ("대학", "중학", "고등학", "초등학", "대학원", "유학", "방학", "입학")
_MAJOR = re.compile(r"(?:^|\s)(?P<v>\w{1,10}?)(?:을|를)?\s*전공(?!\s*(?:이|은)?\s*(?:뭐|뭔))")
_MAJOR_KEY = re.compile(
    r"(?:전공(?:은|이)|(?:^|(?<=[\s,]))(?:내\s*|제\s*|우리\s*)?(?:학과|과)(?:는|가))\s*"
    r"(?P<v>[\w ]{1,12}?)\s*(?:이야|야|이에요|예요|에요|이고|인데|이라|라|학과|과)"
)
_DEPT = re.compile(
    r"(?P<v>\w{1,10}(?:학과|학부|공학과|과))\s*(?:야|"
    r"이야|다녀|다니|학생|예요|이에요|졸업|[1-6]학년|"
    r"인데|전공|왔는데|들어왔|입학|붙었)"
)
_MAJOR_STOP = frozenset(
    {"내", "제", "무슨", "원래", "복수", "부", "이중", "그", "다른", "뭐", "전"}
)


def _company_ok(v: str) -> bool:
    """A company name; a spaced kind ("마케팅 회사") but not "나 회사" or "우리 회사"."""
    if " " not in v:
        return True
    head = v.split(maxsplit=1)[0]
    return (
        head not in FILLERS
        and head not in _MAJOR_STOP
        and strip_josa(head) == head
        and (not re.search(r"(?:고|서|면|는|은|인|한|던|이|가|를|을|도)$", head))
    )


def _work(m: Msg, s: Sent) -> None:
    t = s.text
    mt = _PTJ_QUIT.search(t)
    if mt:
        v = clean_np(mt.group("v"))
        value = f"{v} 알바" if word_ok(v) else "알바"
        m.add(s, "part_time_job", value, mode="end", prefix=t[: mt.start()])
    # "영화관 알바 그만두고 PC방 알바 시작했어": the new one is said after the one quit
    cut = mt.end() if mt else 0
    tail = t[cut:]
    mt = _PTJ.search(tail)
    if mt and not re.search(r"싶|구하는 중|찾", tail[mt.end() : mt.end() + 6]):
        raw = mt.group("v")
        v = clean_np(raw)
        when = [w.group(1) for tok in raw.split() if (w := _TIME_TOKEN.match(tok))]
        if word_ok(v):
            value = f"{v} 알바" + (f" ({when[-1]})" if when else "")
            m.add(s, "part_time_job", value, prefix=t[: cut + mt.start()])
    if _QUIT_JOB.search(t):
        m.add(s, "workplace", "회사", mode="end")
    mt = _WORK_AT.search(t)
    if mt and "part_time_job" not in {c.subject for c in m.out if c.mode == "set"}:
        v = place_value(mt.group("v"), strict=False, home=False)
        if v and v not in ("집", "회사", "여기", "거기"):
            ptj = re.search(r"알바|아르바이트", m.text) or "part_time_job" in m.ctx.current
            subj = "part_time_job" if ptj else "workplace"
            m.add(s, subj, v, prefix=t[: mt.start()])
    mt = _WORK_KEY.search(t) or _COMPANY.search(t) or _COMPANY_KIND.search(t)
    if mt and _company_ok(mt.group("v")):
        m.add(s, "workplace", mt.group("v"), prefix=t[: mt.start()])
    mt = _JOB_SELF.search(t) or _JOB_KEY.search(t)
    bare = _JOB_BARE.match(t)
    if not mt and bare and FIRST_PERSON.search(m.text) and not s.question:
        words = bare.group("v").split()
        odd = (FILLERS, USER_WORDS, PERSONS)
        if not any(
            strip_josa(w) != w or _VERB_END.search(w) or any(w in x for x in odd)
            for w in words[:-1]
        ):
            m.add(s, "job", bare.group("v"), confidence=0.7)
    if mt and re.search(r"꿈|장래\s*희망|되고\s*싶", t) and re.search(r"이었|였", mt.group(0)):
        mt = None  # "어릴 때 꿈이 의사였어": a dream, not a job
    if mt and "part_time_job" not in m.taken:
        v = mt.group("v").strip()
        q = mt.groupdict().get("q") or ""
        if q and word_ok(q) and strip_josa(q) == q and not re.search(r"[다요고서면]$|\d", q):
            v = f"{q} {v}"
        # "하람 씨 진짜 저의 새벽 상담사예요": what someone is to me, not my job
        mine = _MY_ROLE.search(t[: mt.start("v")] + (v.split()[0] + " " if v else ""))
        if v and (mt.re is _JOB_SELF or word_ok(v)) and not mine:
            m.add(s, "job", v, prefix=t[: mt.start()])
    mt = _SCHOOL.search(t)
    if mt and _CARRY.search(t[: mt.end("v")]):
        mt = None  # "힐러만 데리고 다님": a verb's -고 before 다니다, not a high school
    if mt and not re.match(r"\d", mt.group("v")) and len(mt.group("v")) >= 2:
        m.add(s, "school", mt.group("v"), prefix=t[: mt.start()])
    elif mt := _GRADE.search(t):
        grade = f"{mt.group('k')}{mt.group('n')}" if mt.group("n") else f"{mt.group('k')}딩"
        school = _GRADE_SCHOOL[mt.group("k")]
        m.add(s, "school", f"{school} ({grade})", prefix=t[: mt.start()])
    mt = _MAJOR_YEAR.search(t)
    dept = mt.group("v") if mt and not mt.group("v").endswith(_NOT_MAJOR) else ""
    if mt and word_ok(dept) and m.add(s, "major", dept, prefix=t[: mt.start()]):
        return
    for rx in (_MAJOR_KEY, _MAJOR, _DEPT):
        mt = rx.search(t)
        if mt:
            v = strip_josa(mt.group("v").strip())
            # "동생과 왔는데": 과 after a final consonant is the particle "with", not a department
            came = rx is _DEPT and re.search(r"왔|입학|붙었", mt.group(0))
            if came and re.match(r"\w*[^학]과$", v) and has_batchim(v[-2]):
                continue
            if rx is _DEPT and re.fullmatch(r"[가-힣]과", v) and v not in ("이과", "문과", "예과"):
                continue  # "사과임", "결과야": a two-syllable noun in 과, not a department
            if v not in _MAJOR_STOP and word_ok(v) and m.add(s, "major", v, prefix=t[: mt.start()]):
                break


_SENTENCE_RULES = (
    name_rule,
    _age,
    _birthday,
    _body,
    places,
    _work,
    misc_rule,
    *LATE_RULES,
    job_rule,
    staple_rule,
    kind_favourite,
    date_rule,
)


_LINK = re.compile(r"(?:인데|는데|은데|니까|지만|거든)\s")
_ASKING = re.compile(r"뭐|뭔|언제|어디|누구|몇|무슨|어떤|어떻게|왜|얼마|기억|맞지|알지")


# "제 생일이 어떤 날이냐면요, 크리스마스 이브야": a question put to oneself and answered
_SELF_ASKED = re.compile(r"(?:냐면|냐하면|냐\s하면|는가\s하면)요?[,，]?\s+[^?？]+$")


def _asserted_part(sent: Sent) -> Sent:
    """The clause a question is built on ("나 올해 스물넷인데 아직도 설레도 되는 거임?"),
    as a statement of its own when it asks nothing; else the question unchanged."""
    if _SELF_ASKED.search(sent.text):
        return Sent(sent.text, False, sent.index)
    cuts = list(_LINK.finditer(sent.text))
    if not cuts or _ASKING.search(sent.text[: cuts[0].end()]):
        return sent
    return Sent(sent.text[: cuts[0].end()].strip(), False, sent.index)


# "소방관이라... 훌륭한 일이지요": a word of the other's taken up and mused on, trailing off
_MUSED = re.compile(r"^(?P<w>[가-힣A-Za-z]{2,8}?)(?:이)?라$")


def _mused(msg: Msg, sent: Sent) -> bool:
    mt = _MUSED.match(sent.text)
    at = msg.text.find(sent.text) + len(sent.text)
    if not mt or not re.match(r"\s*(?:\.{2,}|…)", msg.text[at:]):
        return False
    return mt.group("w")[:2] in (msg.ctx.previous_assistant_text or "")


def extract(text: str, context: FactContext) -> list[Candidate]:
    said = plain_endings(text)  # "클라이밍 다님" is read as "클라이밍 다녀"
    # "스타듀밸리임" is read as "스타듀밸리야", once the sentences (and questions) are known
    sents = tuple(Sent(copula_endings(x.text), x.question, x.index) for x in split_sentences(said))
    said = copula_endings(said)
    msg = Msg(said, sents, context, known_names(said, context))
    others = other_sentences(msg.sents, msg.names)
    for whole in msg.sents:
        sent = _asserted_part(whole) if whole.question else whole  # "나 스물넷인데 … 거임?"
        if sent.question or sent.index in others or hearsay(sent, msg.names) or _mused(msg, sent):
            continue
        for rule in _SENTENCE_RULES:
            rule(msg, sent)
        relation_rules(msg, sent)
        preference_rules(msg, sent)
    message_rules(msg)
    pet_named_first(msg)
    pet_household(msg)
    friend_opens_named(msg)
    wedding_rule(msg)
    keep_team(msg)
    movie_rule(msg)
    if context.previous_assistant_text:
        msg.out.extend(answer_rule(text, context, extract, msg.out))
    # a re-mention of what is already known ("나 땅콩 먹으면 큰일 나" again) confirms it: the
    # turn becomes its evidence, so it is marked past once the value is corrected
    return msg.out
