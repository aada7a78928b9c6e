"""Korean rules for siblings and best friends said in passing (soulmem.perceive.facts.ko_rel).

"위로 형만 셋이라" counts siblings, not the household; "쌍둥이 여동생 지안이랑 맨날 싸워"
names a sibling; "윤슬기, 유치원 때부터 붙어 다닌 내 단짝" puts the friend's name first;
"베프 이름 민호야. 강민호" gives the full name in the next sentence.
"""

from __future__ import annotations

import re

from soulmem.perceive.facts.ko_base import Msg, Sent, is_other, word_ok
from soulmem.perceive.facts.ko_lex import FILLERS, MEMBERS, PERSONS, has_batchim

__all__ = ["FRIEND_FIRST", "full_name", "siblings"]

_SIB = r"남동생|여동생|동생|형|누나|언니|오빠"
_SIB_COUNT = re.compile(
    rf"(?:^|\s)(?P<pos>위로|아래로|밑으로)?\s*(?P<w>{_SIB}|쌍둥이\s*(?:{_SIB}))(?:만|이|가|도)?\s*"
    r"(?P<n>둘|셋|넷|두\s*명|세\s*명|네\s*명)\s*(?:뿐|밖에)?\s*(?:이야|야|이라|라|인데|이고|있|임|"
    r"이거든|이어서|이니까)"
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
        value = f"{' '.join(mt.group('w').split())} {mt.group('n').replace(' ', '')}{pos}"
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
    return False
