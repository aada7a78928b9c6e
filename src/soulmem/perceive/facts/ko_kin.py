"""Korean rules for siblings and best friends said in passing (soulmem.perceive.facts.ko_rel).

"위로 형만 셋이라" counts siblings, not the household; "쌍둥이 여동생 지안이랑 맨날 싸워"
names a sibling; "윤슬기, 유치원 때부터 붙어 다닌 내 단짝" puts the friend's name first;
"베프 이름 민호야. 강민호" gives the full name in the next sentence.
"""

from __future__ import annotations

import re
from dataclasses import replace

from soulmem.perceive.facts.ko_base import Msg, Sent, is_other, word_ok
from soulmem.perceive.facts.ko_lex import FILLERS, MEMBERS, PERSONS, alt, has_batchim

__all__ = [
    "FRIEND_FIRST",
    "NAMELESS_FRIEND",
    "children",
    "family_detail",
    "full_name",
    "named_before",
    "nameless_friend",
    "siblings",
]

_SIB = r"남동생|여동생|동생|형님|형|누님|누나|언니|오라버니|오빠"
_SIB_COUNT = re.compile(
    rf"(?:^|\s)(?P<pos>위로|아래로|밑으로)?\s*(?P<w>{_SIB}|쌍둥이\s*(?:{_SIB}))(?:만|이|가|도)?\s*"
    r"(?P<n>둘|셋|넷|두\s*명|세\s*명|네\s*명|두\s*분|세\s*분|네\s*분)\s*(?:뿐|밖에)?\s*(?:이야|야|이라|라|인데|"
    r"이고|있|임|이거든|이어서|이니까|계셔|계시|계신)"
)
# "쌍둥이 남동생 서준이랑": a sibling and a name marked with the 이 that follows a final consonant
_SIB_NAMED = re.compile(
    rf"(?:^|\s)(?P<k>(?:쌍둥이|친|막내|큰|작은)\s*)?(?P<w>{_SIB})\s+(?P<n>[가-힣]{{2,3}})이"
    r"(?:랑|가|는|한테|도|하고)(?!\w)"
)
#: "윤슬기, 유치원 때부터 붙어 다닌 내 단짝": the friend's name leading an appositive
FRIEND_FIRST = re.compile(
    r"(?:^|[.!?]\s*)(?P<n>[가-힣]{2,4}?)(?:이)?\s*[,，]\s*[^.!?]{0,30}?(?:내|제|나의)\s*(?:인생\s*)?"
    r"(?:베프|절친|단짝|찐친|소꿉친구|불알친구|부랄친구|베스트\s*프렌드|(?:제일|가장|젤)\s*친한\s*친구)"
    r"(?:이야|야|임|이지|이거든|$|[\s.!?])"
)


def full_name(m: Msg, name: str) -> str:
    """The full name given on its own right after a given name ("민호야. 강민호")."""
    mt = re.search(
        rf"(?:^|[.!?,]\s*)(?P<f>[가-힣]{re.escape(name)})(?:이야|야|임)?(?=$|[\s.!?~ㅋㅎ])", m.text
    )
    return mt.group("f") if mt else name


def siblings(m: Msg, s: Sent) -> bool:
    """Siblings counted ("누나만 둘") or named ("쌍둥이 남동생 서준이랑"); True when found."""
    t = s.text
    mt = None if re.search(r"가족|식구", t) else _SIB_COUNT.search(t)
    if mt:
        pos = f" ({mt.group('pos')})" if mt.group("pos") else ""
        n = mt.group("n") if "분" in mt.group("n") else mt.group("n").replace(" ", "")
        value = f"{' '.join(mt.group('w').split())} {' '.join(n.split())}{pos}"
        return m.add(s, "family", value, prefix=t[: mt.start()])
    mt = _SIB_NAMED.search(t)
    if mt:
        name = mt.group("n")
        if not has_batchim(name[-1]) or name in PERSONS or name in FILLERS or name in MEMBERS:
            return False
        if not word_ok(name) or is_other(t[: mt.start()], m.names):
            return False
        who = f"{(mt.group('k') or '').strip()} {mt.group('w')}".strip()
        return m.add(s, "family", f"{who} {name}", prefix=t[: mt.start()])
    mt = _TWIN.search(t)
    if mt:  # "저 쌍둥이예요! 남동생이랑."
        twin = _TWIN_WITH.search(m.text, m.text.find(t))
        value = f"쌍둥이 ({twin.group('w')})" if twin else "쌍둥이"
        return m.add(s, "family", value, prefix=t[: mt.start()])
    mt = _SIB_MENTION.search(t)
    owner = t[: mt.start()].split()[-1:] if mt else []
    if owner and re.fullmatch(r"[가-힣]{2,3}", owner[0]) and not _WHEN.match(owner[0]):
        return False  # "민수 남동생이 군대 갔대": someone's brother
    listed = re.search(r"가족|식구|이렇게|[,，]", t)
    if mt and not listed and not m.ctx.current.get("family") and not _SIB_NOT.search(t[mt.end() :]):
        return m.add(s, "family", mt.group("w"), confidence=0.6, prefix=t[: mt.start()])
    return False


_TWIN = re.compile(
    r"(?:^|\s)(?:나|난|나는|저|전|저는|우리)\s+(?:\S+\s)?쌍둥이(?:예요|에요|야|이야|임|거든|이거든|인데|라|라서|"
    r"입니다|로\s*태어)(?!\w)"
)
_TWIN_WITH = re.compile(r"(?P<w>남동생|여동생|형|누나|언니|오빠|동생)(?:이랑|랑|하고|과|와)(?!\w)")
# "주말에 여동생 서울 올라온다고", "남동생이 이번에 군대 감": one's own younger sibling mentioned
# in passing (not "친구 여동생", "여동생 있었으면")
_SIB_MENTION = re.compile(
    r"(?:^|\s)(?:우리\s*|내\s*|제\s*|울\s*)?(?P<w>여동생|남동생|친누나|친언니|친형|친오빠)"
    r"(?:이|가|는|은|도|이랑|랑|한테|하고|이\s*랑)?(?=\s)"
)
_WHEN = re.compile(
    r"오늘|어제|내일|요즘|이번|지난|주말|아까|방금|그때|지금|이제|드디어|갑자기|근데|그리고|우리|울"
)
_SIB_NOT = re.compile(
    r"^\s*(?:있었으면|있으면|갖고\s*싶|생겼으면|없어|없고|없는|하나|한\s*명|둘|셋|넷|두\s*명|세\s*명|\d|,)"
)


# "태식이한테 전화 옴 … 걔가 내 베프거든": 걔 points back to the person just named
_THAT_ONE = re.compile(
    r"(?:걔|얘|그\s*친구|그\s*놈|그놈|그\s*녀석)(?:가|는|이|도)?\s*(?:내|제|나의)\s*"
    r"(?P<k>베프|절친|단짝|찐친|소꿉친구|베스트\s*프렌드|(?:제일|가장|젤)\s*친한\s*친구)"
    # "민지한테도 … 초딩 때부터 단짝인데 걔는": the one just named, said without a subject
    r"|(?:^|[.!?~ㅋㅎ]\s*|\s)(?:\S+\s*때부터\s*)?(?P<j>베프|절친|단짝|찐친|소꿉친구)"
    r"(?:인데|이거든|이야|임|이라|이고|이에요|예요)(?!\w)"
)
_CALLED = re.compile(
    r"(?<![가-힣])(?P<n>[가-힣]{2})이(?:한테|가|랑|는|도|하고|를|네)(?![가-힣])|"
    r"(?<![가-힣])(?P<m>[가-힣]{2,3})(?:한테|랑|하고|에게)(?:도|는)?(?![가-힣])"
)


def named_before(m: Msg) -> tuple[str, str, Sent] | None:
    """The person a "걔가 내 베프" points back to, named earlier in the message: the name,
    the word for the friend and the sentence that names them; None when there is none."""
    mt = _THAT_ONE.search(m.text)
    if not mt:
        return None
    if mt.group("j"):  # "민수랑 지훈이는 초딩 때부터 단짝이야": a pair of others
        clause = re.split(r"[.!?~ㅋㅎ]", m.text[: mt.start("j")])[-1]
        if is_other(clause, m.names, loose=True):
            return None
    found = ""
    for nm in _CALLED.finditer(m.text[: mt.start()]):
        name = nm.group("n") or nm.group("m")
        closed = nm.group("n") is None or has_batchim(name[-1])
        if closed and name not in PERSONS and name not in FILLERS and word_ok(name):
            found = name
    if not found or found in m.names:
        return None
    sent = next((s for s in m.sents if found in s.text), m.sents[0])
    return found, mt.group("k") or mt.group("j"), sent


_MEMBER = alt(MEMBERS)


def family_detail(m: Msg) -> None:
    """ "… 누나, 나 이렇게 넷이야. 누나는 결혼해서 대전 살고": what is said of a member just
    listed goes with the family fact."""
    fam = [i for i, c in enumerate(m.out) if c.subject == "family" and c.mode == "set"]
    if not fam:
        return
    first = m.out[fam[0]]
    extra = []
    for s in m.sents:
        mt = re.match(rf"(?:우리\s*)?(?P<w>{_MEMBER})(?:는|은|가|이)\s+(?P<rest>.+)", s.text)
        told = mt and (mt.group("w") in first.value or "가족" in first.value)
        if mt and told and not s.question and s.text not in first.evidence:
            extra.append(f"{mt.group('w')}: {mt.group('rest')}")
    if extra:
        m.out[fam[0]] = replace(first, value=f"{first.value} — {'; '.join(extra)}")


# "첫째가 딸 다온이 일곱 살이고 둘째가 아들 시우 네 살이에요": the user's children by rank
_NATIVE_AGE = (
    r"(?:(?:열|스물|서른|마흔|쉰)\s*(?:한|하나|두|둘|세|셋|네|넷|다섯|여섯|일곱|여덟|아홉)?|"
    r"(?:한|두|세|네|다섯|여섯|일곱|여덟|아홉)(?=\s*살))"
)
_CHILD = re.compile(
    r"(?:^|\s)(?P<r>첫째|둘째|셋째|넷째|막내|큰애|작은애|큰놈|작은놈|큰딸|작은딸|큰아들|작은아들)"
    r"(?:가|는|은|이|이는)?\s+(?:(?P<k>딸|아들)(?:이|은|는)?\s+)?(?P<tok>[가-힣]{2,4})(?=[\s,，]|$)"
    rf"(?:\s*(?P<age>{_NATIVE_AGE}|\d{{1,2}})\s*(?:살|세)?)?"
)
_CHILD_PARTICLE = re.compile(r"(?:이고|이야|이에요|이랑|예요|이가|이는|이도|랑|야|가|는|도|고)$")


def _child_name(tok: str) -> str:
    """ "다온이" -> "다온", "시우" -> "시우": the name without the 이 of address."""
    tok = _CHILD_PARTICLE.sub("", tok) if len(tok) > 2 else tok
    if len(tok) == 3 and tok.endswith("이") and has_batchim(tok[1]):
        return tok[:2]
    return tok


# "딸만 둘이라", "아들 하나 딸 하나 있어", "애가 셋이에요": how many children one has
_KIDS = re.compile(
    r"(?:^|\s)(?P<v>딸|아들|애|애들|아이|아이들|자식)(?P<only>만)?(?:이|가|은|는|도)?\s*"
    r"(?P<c>하나|둘|셋|넷|한\s*명|두\s*명|세\s*명|네\s*명|[1-9]\s*명)"
    r"(?=\s*(?:이라|이야|야|이에요|예요|입니다|이고|인데|이거든|있|뿐|밖에|키워|키우|둔|두고)|$|[\s,，])"
)
_KID_WORD = {"애": "아이", "애들": "아이", "아이들": "아이", "자식": "아이"}


def children(m: Msg, s: Sent) -> bool:
    """Children named by their rank ("첫째가 딸 다온이 …, 둘째가 아들 시우 …") or counted."""
    t = s.text
    counted = list(_KIDS.finditer(t))
    if counted and not re.search(r"싶|으면|면\s*좋", t):
        kids_n = ", ".join(
            f"{_KID_WORD.get(x.group('v'), x.group('v'))}{x.group('only') or ''} {x.group('c')}"
            for x in counted
        )
        if m.add(s, "family", kids_n, prefix=t[: counted[0].start()]):
            return True
    kids: list[str] = []
    for mt in _CHILD.finditer(t):
        name = _child_name(mt.group("tok"))
        if name in PERSONS or name in FILLERS or not word_ok(name):
            continue
        if not mt.group("k") and not mt.group("age"):
            continue  # "막내가 요즘 …": a rank alone names no child
        if not kids and is_other(t[: mt.start()], m.names):
            return False  # the first child is someone else's: "친구네 첫째가 …"
        detail = ", ".join(x for x in (mt.group("r"), (mt.group("age") or "").strip()) if x)
        kids.append(
            f"{mt.group('k') or '아이'} {name} ({detail}{' 살' if mt.group('age') else ''})"
        )
    if not kids:
        return False
    return m.add(s, "family", "자녀: " + ", ".join(kids))  # the clause was checked above


# "제 고딩 때부터 단짝인 친구가 알려줬어요": a best friend told of before their name
_NAMELESS = re.compile(
    r"(?:(?:내|제|나의)\s*)?(?:(?P<since>\S+\s*때부터)\s*)?(?P<k>단짝|베프|절친|찐친|소꿉친구|불알친구|"
    r"부랄친구|죽마고우|(?:제일|가장|젤)\s*친한)(?:인|이자)?\s*(?:친구(?:가|는|랑|이랑|한테|도|이|하고|를)(?=\s)|"
    r"(?:친구\s*)?(?:가\s*|이\s*)?(?:하나|한\s*명)\s*(?:있는데|있어|있거든|있음))"
)
#: how a best friend told of without a name begins ("단짝 친구 (고딩 때부터)")
NAMELESS_FRIEND = re.compile(
    r"^(?:(?:단짝|베프|절친|찐친|소꿉친구|제일 친한|가장 친한|젤 친한) 친구|"
    r"불알친구|부랄친구|죽마고우)"
)


def nameless_friend(m: Msg) -> tuple[str, Sent] | None:
    """A best friend the user speaks of without a name, and the sentence; or None."""
    for s in m.sents:
        mt = _NAMELESS.search(s.text)
        if mt and not s.question and not is_other(s.text[: mt.start()], m.names):
            since = f" ({mt.group('since')})" if mt.group("since") else ""
            k = " ".join(mt.group("k").split())
            return f"{k if k.endswith(('친구', '고우')) else k + ' 친구'}{since}", s
    return None
