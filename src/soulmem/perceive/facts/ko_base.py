"""Shared machinery of the Korean fact rules: sentences, third-party checks, noun phrases."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from soulmem.perceive.facts.base import Candidate, FactContext
from soulmem.perceive.facts.ko_lex import (
    ANIMALS,
    BREEDS,
    FILLERS,
    NONPERSON,
    PERSONS,
    USER_WORDS,
    has_batchim,
    strip_josa,
)

__all__ = [
    "ADVS",
    "COP",
    "NP",
    "WISH",
    "Gated",
    "Msg",
    "Sent",
    "clean_np",
    "is_other",
    "junk_value",
    "noun_before_cop",
    "np_value",
    "split_sentences",
    "word_ok",
]

_SPLIT = re.compile(r"([.!?~…\n]+|ㅋ{2,}|ㅎ{2,}|ㅠ+|ㅜ+|\^\^)")
_QWORD = re.compile(
    r"(?:뭐|뭔|뭘|언제|어디|누구|몇|무슨|어떤|어떻게|왜|얼마|기억나|기억해|맞지|알지)"
)
_QEND = re.compile(r"(?:지|까|니|냐|나|래|더라|였지|였더라|던가|는지|야|죠|요|게|어)\s*$")
_REACTION = re.compile(r"^.*?\S(?<!고)(?:라|[한간산온는았었였됐겠]다)니(?:요)?(?:[,，]|\s+)(?=\S)")
_ASK_AGAIN = re.compile(
    r"다시\s*한\s*번만|한\s*번만\s*더|다시\s*(?:말해|알려)|(?:말해|알려)\s*(?:줘|주세요|줄래|주실래)"
)
_TELLING_END = re.compile(r"(?:거든|잖아|걸랑|거든요|잖아요)$")
_NOT_ASKING = re.compile(r"뭐니\s*뭐니\s*해도|뭐\s*하나\s*빠지는|뭐든지|뭐라도")
_KNOW_THAT = re.compile(r"(?:는|은|던|인|한)\s*(?:거|것|걸|줄)\s*(?:알지|알잖아|알쥐)\s*$")
# a comma, a linking ending, or laughter / crying / end punctuation ("있네 ㅋㅋ 우리 …"):
# what came before it is another clause
_CLAUSE_CUT = re.compile(
    r"[,，.!?~]|(?:지만|는데|은데|인데|던데|니까|[는은인헌던]디|니께)\s|[ㅋㅎ]{2,}|[ㅠㅜ]{2,}"
)
_NAME_TOPIC = re.compile(r"^(?!\w*(?:에서|에|엔)$)\w{2,3}$")  # not "집에서는", a place
_NAME_PARTICLES = ("이는", "이가", "는", "가")
_PETS = frozenset(ANIMALS) | frozenset(BREEDS) | {"개", "냥이", "댕댕이"}
_COMITATIVE = ("랑", "이랑", "하고", "와", "과", "한테", "에게", "보고", "처럼", "보다")


class Gated:
    """A compiled pattern that is only tried when one of its keywords is in the text."""

    __slots__ = ("keys", "rx")

    def __init__(self, pattern: str, *keys: str) -> None:
        self.rx = re.compile(pattern)
        self.keys = keys

    def search(self, text: str) -> re.Match[str] | None:
        if any(key in text for key in self.keys):
            return self.rx.search(text)
        return None


@dataclass(frozen=True, slots=True)
class Sent:
    text: str
    question: bool
    index: int


@dataclass(slots=True)
class Msg:
    """One message being read: its sentences, the context and the candidates so far."""

    text: str
    sents: tuple[Sent, ...]
    ctx: FactContext
    names: frozenset[str]
    out: list[Candidate] = field(default_factory=list)
    taken: set[str] = field(default_factory=set)

    def add(
        self,
        sent: Sent,
        subject: str,
        value: str,
        *,
        mode: str = "set",
        negated: bool = False,
        confidence: float = 0.8,
        prefix: str | None = None,
        loose: bool = False,
    ) -> bool:
        """Add a user fact unless the clause before it is about someone else."""
        value = " ".join(value.split()).strip(" ,")
        if not value:
            return False
        if prefix is not None:
            # a match may start before the value ("정우는 떡볶이"): judge the words before it
            idx = sent.text.find(value.split()[0], len(prefix))
            if idx > 0:
                prefix = sent.text[:idx]
        if value.split()[0] in self.names or junk_value(value):
            return False
        if prefix is not None and is_other(prefix, self.names, loose=loose):
            return False
        self.out.append(
            Candidate(
                subject=subject,
                value=value,
                negated=negated,
                confidence=confidence,
                mode=mode,
                evidence=sent.text,
            )
        )
        self.taken.add(subject)
        return True


def split_sentences(text: str) -> tuple[Sent, ...]:
    parts = _SPLIT.split(text)
    sents: list[Sent] = []
    for i in range(0, len(parts), 2):
        body = parts[i].strip()
        if not body:
            continue
        sep = parts[i + 1] if i + 1 < len(parts) else ""
        # "시험공부라니 고독하겠다": a reaction to what the other just said states nothing
        body = _REACTION.sub("", body) or body
        asked = _QWORD.search(_NOT_ASKING.sub("", body))
        # "나 빼빼로데이에 태어났거든?": a rising 거든/잖아 tells, it does not ask
        told = bool(_TELLING_END.search(body)) and not asked
        question = ("?" in sep and not told) or bool(asked and _QEND.search(body))
        # "제가 일하는 부서 다시 한번만요": a request to be told again asks
        question = question or bool(_ASK_AGAIN.search(body))
        if _KNOW_THAT.search(body) and not _QWORD.search(_KNOW_THAT.sub("", body)):
            question = False  # "나 비둘기 무서워하는 거 알지": asserts what comes before it
        sents.append(Sent(body, question, len(sents)))
    return tuple(sents)


def _base(token: str) -> tuple[str, str]:
    """A token's word and the particle it carries."""
    for particle in (*_COMITATIVE, *_NAME_PARTICLES, "은", "이", "도", "의", "네", "들이", "들은"):
        if token.endswith(particle) and len(token) > len(particle):
            stem = token[: -len(particle)]
            if stem in PERSONS or stem in USER_WORDS or len(stem) >= 2:
                return stem, particle
    return token, ""


def _pet_base(token: str) -> tuple[str, str] | None:
    for particle in ("는", "은", "가", "이", "도", "의", "랑", "한테", "를", "을", ""):
        if token.endswith(particle) and token[: len(token) - len(particle)] in _PETS:
            return token[: len(token) - len(particle)], particle
    return None


def is_other(prefix: str, names: frozenset[str], *, loose: bool = False) -> bool:
    """Whether the clause before a match makes someone other than the user its subject.

    ``names``: known names of other people (the character, friends). ``loose`` also takes a
    clause-initial two- or three-syllable word marked 는/가 for a name ("정우는 떡볶이 좋아해").
    """
    cuts = list(_CLAUSE_CUT.finditer(prefix))
    clause = prefix[cuts[-1].end() :] if cuts else prefix
    state = _clause_state(clause, names, loose=loose)
    # "우리 두부는 세 살인데 개 보면 기절하겠다": a clause with no subject of its own keeps the
    # topic of the clause it is linked to by 는데/니까
    if state == "" and cuts and _LINKED.match(cuts[-1].group(0)):
        before = prefix[: cuts[-1].start()]
        topic = _TOPIC.search(_CLAUSE_CUT.split(before)[-1])
        if topic and not _SELF.search(before):
            return is_other(before + " ", names, loose=loose)
    return state == "other"


# a two-syllable given name closed by a consonant takes 이 before a particle ("도윤이가",
# "태식이는", "민준이도"); the few common nouns of that shape are left out
_CALLED = re.compile(r"^(?P<n>[가-힣]{2})이(?:가|는|도)$")
_CALLED_NOT = frozenset(
    {"고양", "원숭", "호랑", "어린", "쌍둥", "막둥", "꼬맹", "지렁", "달팽", "올챙", "멍멍", "냥냥"}
    | {"젊은", "늙은", "귀염", "먹", "놀", "길", "높", "넓", "깊", "손님", "사람", "선생", "당신"}
)


def _called(token: str) -> bool:
    mt = _CALLED.match(token)
    if not mt:
        return False
    n = mt.group("n")
    return has_batchim(n[-1]) and n not in _CALLED_NOT and n + "이" not in _PETS


# a linking ending, or a comma ("태민이는 스물여섯, 제대하고 시험 본다고"): the clause after it
# with no subject of its own goes on about the same one
_LINKED = re.compile(r"(?:는데|은데|인데|니까|[는은인헌]디|니께)\s|[,，]")
_TOPIC = re.compile(r"\w(?:는|은|이는|가)(?:\s|$)|\w(?:님|씨)이(?:\s|$)")
_SELF = re.compile(r"(?:^|\s)(?:나|난|내|저|전|제)(?:는|가|도)?(?:\s|$)")


_RANKED = re.compile(r"^(?:큰|작은|첫째|둘째|셋째|막내|맏|친|외|사촌)(?=[가-힣])")


def _clause_state(clause: str, names: frozenset[str], *, loose: bool) -> str:
    """Who a clause is about: "user", "other", "pet" or "" when it does not say."""
    state = ""
    tokens = clause.split()
    # "할머니가 해주신 된장찌개": a person marked 가/이 inside a relative clause on the value
    relative = bool(tokens) and bool(_ADNOMINAL.search(tokens[-1])) and tokens[-1] not in PERSONS
    last_particle = ""
    for idx, raw in enumerate(tokens):
        token = raw.strip("\"'()[]")
        if token in USER_WORDS or token.startswith(("나는", "나도", "난", "내가", "저는", "제가")):
            state = "user"
            continue
        word, particle = _base(token)
        pet = _pet_base(token)
        if pet:  # "고양이는": the animal, not 고양 marked 이는
            word, particle = pet
        if word in ("나", "저") and particle not in ("랑", "하고", "와"):
            state = "user"
            continue
        if word in _PETS or token in _PETS:
            if particle in ("는", "은", "가", "이", "도", "의"):
                state = "other"
            elif state != "other":  # "김대리님이 강아지 사진 보여줬는데": still 김대리님's
                state = "pet"
            continue
        if state == "pet" and particle in (*_NAME_PARTICLES, "은", "이", "도"):
            state = "other"  # the pet's name: "우리 강아지 초코는 열 살이야"
            continue
        is_person = word in PERSONS or token in PERSONS or word in names or token in names
        # "큰누나는 간호사라", "작은형이": a relative named by birth order
        is_person = is_person or _RANKED.sub("", word) in PERSONS
        if (
            not is_person
            and word.endswith(("님", "씨", "쌤", "네"))
            and len(word) >= 2
            and word not in NONPERSON
        ):
            is_person = True
        if is_person:
            following = tokens[idx + 1] if idx + 1 < len(tokens) else ""
            if particle in _COMITATIVE or following in _ALONGSIDE:
                continue
            state = "other"
            last_particle = particle
            continue
        if _called(token):
            state = "other"  # "신입 도윤이가 제주도 출신이라": a given name with the 이 of address
            last_particle = particle
            continue
        if (
            loose
            and idx == 0
            and particle in _NAME_PARTICLES
            and _NAME_TOPIC.match(word)
            and word not in NONPERSON
        ):
            state = "other"
    if relative and last_particle in ("가", "이", "께서", ""):
        return "user"
    return state


# "엄마 따라", "형 때문에": the person is who the user goes along with, not the subject
_ALONGSIDE = frozenset({"따라", "따라서", "때문에", "덕분에", "대신", "닮아서"})
_ADNOMINAL = re.compile(r"(?:신|준|든|던|운|인|한|된|린|진|끓인|만든)$")
_VERBAL_END = re.compile(
    r"(?:어서|아서|해서|고|면|는데|은데|지만|니까|거든|"
    r"어|아|해|요|했다|한다|하지|서|며|면서|러|게|이라|"
    r"라서|라)$"
)
_PARTICLE_END = re.compile(
    r"(?:에서|에는|엔|에도|에|으로|로는|로|한테|에게|부터|"
    r"까지|랑|하고|처럼|보다|을|를|도|만|의|은|는|이|"
    r"가)$"
)
_MODIFIER = re.compile(r"(?:한|운|던|된|진|린|인|갈|온|는|은|신|준|든|난|친)$")
_BAD_HEADS = frozenset(
    {"거", "것", "건", "걸", "게", "애", "때", "적", "수", "줄", "데", "곳", "뭐", "이거", "그거"}
    | {"저거", "이것", "그것", "얘기", "생각", "기분", "정도", "느낌", "얼굴", "사람", "말"}
    | {
        "경",
        "님",
        "씨",
        "쌤",
        "때문",
        "탓",
        "덕분",
        "편",
        "중",
        "날",
        "번",
        "개",
        "명",
        "뭐가",
        "누가",
    }
    | {"그때", "이때", "그날", "이날", "그곳", "이곳", "그맘때", "요맘때"}
)


def word_ok(value: str) -> bool:
    """A value worth keeping: some Hangul or Latin letters, not a pronoun or filler."""
    if not value or value in FILLERS or value in _BAD_HEADS or value in PERSONS:
        return False
    last = value.rsplit(maxsplit=1)[-1]
    if last in _BAD_HEADS or last in FILLERS:
        return False
    return bool(re.search(r"\w", value))


def _contracted_nde(token: str) -> bool:
    """ "남잔데", "학생인 건데": a copula contracted into ㄴ데 ends a clause, not a noun."""
    if len(token) < 2 or not token.endswith("데"):
        return False
    prev = token[-2]
    return "가" <= prev <= "힣" and (ord(prev) - 0xAC00) % 28 == 4


def clean_np(raw: str, max_tokens: int = 3, *, keep_modifiers: bool = False) -> str:
    """The noun phrase at the end of ``raw``: "요즘 주말엔 편의점 야간" -> "편의점 야간"."""
    tokens = raw.split()
    if not tokens:
        return ""
    tokens[-1] = strip_josa(tokens[-1])
    picked: list[str] = []
    for pos in range(len(tokens) - 1, -1, -1):
        tok = tokens[pos]
        if picked and (
            tok in FILLERS
            or (_PARTICLE_END.search(tok) and strip_josa(tok) != tok)
            or (
                _VERBAL_END.search(tok)
                and len(tok) > 1
                and not tok.endswith(("색", "식", "역", "동", "구", "시"))
            )
            or _contracted_nde(tok)
        ):
            break
        picked.append(tok)
        if len(picked) >= max_tokens:
            break
    picked.reverse()
    while picked and picked[0] in FILLERS:
        picked.pop(0)
    if not keep_modifiers:
        while len(picked) > 1 and _MODIFIER.search(picked[0]):
            picked.pop(0)
    return " ".join(picked)


def noun_before_cop(mt: re.Match[str], group: str = "v") -> str:
    """The noun a lazy group caught before a copula, with the 이 it cut off put back:
    "오이야" matches as "오" + "이야", but 오 has no final consonant, so the noun is 오이."""
    v = (mt.group(group) or "").strip()
    end = mt.end(group)
    text = mt.string
    if v and end < len(text) and text[end] == "이" and not has_batchim(v[-1]):
        return v + "이"
    return v


# a noun phrase of up to four words before a cue, adverbs that may stand between, and a wish
# ("먹고 싶어") that makes a like or habit hypothetical
_W = r"[\w&]+"
NP = rf"(?P<v>(?:{_W}\s){{0,3}}?{_W})"
ADVS = (
    r"(?:(?:진짜|너무|완전|엄청|제일|가장|젤|되게|정말|"
    r"많이|특히|극도로|세상에서|무척|매우|꼭|제발|좀|"
    r"다|아예|절대|절대로|전혀|원래|거의)\s*)*"
)
WISH = re.compile(r"^\s*(?:고\s*)?(?:싶|면 좋겠|었으면|을까|ㄹ까|볼까|할까)")
#: the copula endings a value may carry ("서울이야", "학생이고", "개발자임")
COP = r"(?:이야|야|이에요|예요|에요|입니다|이고|인데|이라|라|이거든|거든|이니까|니까|임|이다|다)"


def np_value(raw: str | None, n: int = 3) -> str:
    """The noun phrase at the end of ``raw`` when it is worth keeping, else ""."""
    v = clean_np(raw or "", n)
    return v if word_ok(v) else ""


# a verb or ending caught as a value ("있어요", "넣기로 했어요", "털 날린다고"), or a word that
# only points
_JUNK_TAIL = re.compile(
    r"(?:어요|아요|해요|에요|예요|니다|아니|하면|했어|있을|없을|[는ㄴ린한된]다고)$"
)
_JUNK_HEAD = re.compile(
    r"^(?:으로|로|같은|을|를|깔|어떤|다른|무슨|건|거|걸|것|들어간|올라간|들어있는|섞인|넣은)(?:\s|$)"
)
# a clause cut mid-way ("같더니 이젠", "건 질색이라"): a word ending in a linking ending
_JUNK_LINK = re.compile(
    r"^\S+(?:더니|이라|라서|면서|다가|지만|는데|은데|니까)(?:\s|$)|\S(?:더니|이라|라서|다가|지만)$"
)
_JUNK_WORDS = frozenset(
    {"무렵", "반대", "어떤", "다른", "무슨", "향", "먹어", "먹음", "마셔", "마심"}
)


def junk_value(value: str) -> bool:
    """A value that is a piece of the sentence rather than a thing."""
    return value in _JUNK_WORDS or bool(
        _JUNK_TAIL.search(value) or _JUNK_HEAD.search(value) or _JUNK_LINK.search(value)
    )
