"""Korean rules for the user's spouse and coworkers (soulmem.perceive.facts.ko).

"우리 남편이 요리를 잘해" says the user is married without saying so; "회사 동기 중에 OO라고
있는데" names a coworker. Possessives (우리/내/제) tie the person to the user, so "친구 남편"
gives nothing, and a spouse still to come ("내 남편이 될 사람") gives nothing either.
"""

from __future__ import annotations

import re

from soulmem.perceive.facts.ko_base import Msg, Sent, is_other, word_ok
from soulmem.perceive.facts.ko_lex import FILLERS, JOB_SUFFIXES, JOBS, PERSONS, alt, has_batchim

__all__ = ["people_rule", "that_one"]

# "걔랑 사귀기로": the one just named, called by name alone ("채원이.") or as "채원이라는 애"
_THAT_ONE = re.compile(r"(?:걔|그\s*애|그\s*친구|그\s*사람|그\s*분)(?:랑|하고|와|이랑)")
_CALLED_OUT = re.compile(
    r"(?:^|\s)(?P<n>[가-힣]{2})이(?=\s*[.!,…]|\s*$)|"
    r"(?P<m>[가-힣]{2,3}?)(?:이)?라는\s*(?:애|친구|사람|남자|여자|분)"
)


def that_one(sentence: str, message: str) -> str:
    """The name that "걔랑" in ``sentence`` points back to, from ``message``; "" when none."""
    if not _THAT_ONE.search(sentence):
        return ""
    called = _CALLED_OUT.search(message)
    if not called:
        return ""
    if called.group("m"):
        return called.group("m")
    n = called.group("n")
    return n if has_batchim(n[-1]) and n not in PERSONS else ""


_SPOUSE_WORDS = {
    "남편": "남편",
    "남푠": "남편",
    "신랑": "남편",
    "아내": "아내",
    "와이프": "아내",
    "와잎": "아내",
    "마누라": "아내",
    "집사람": "아내",
    "양반": "남편",
    "바깥양반": "남편",
    "영감": "남편",
}
_SPOUSE = re.compile(
    r"(?:(?P<own>(?:^|\s)(?:우리|내|제|울)\s*(?:집\s*)?)|^(?:(?:그래도|근데|그런데|그리고|사실|아|참|"
    r"암튼|요즘|요새|이제|다행히)\s+)?)"
    r"(?P<w>남편|남푠|신랑|아내|와이프|와잎|마누라|집사람|바깥양반|(?<=집\s)양반|(?<=우리\s)양반|영감)"
    r"(?:님)?(?(own)|(?=이|가|는|은|랑|이랑|하고|한테|도))"
    r"(?!\w*\s*(?:될|되면|되는|생기면|생겼으면|있으면|만나|감|으로\s*삼))"
)
_SPOUSE_JOB = re.compile(
    rf"(?:님)?(?:이|가|는|은)\s*(?:(?:\S+\s)?(?P<j>{alt(JOBS)}|[가-힣]{{1,6}}(?:{alt(JOB_SUFFIXES)})))"
    r"(?:인데|이야|야|이고|이라서|라서|이라|라|예요|이에요|거든|이거든|임|입니다)(?!\w)"
)
_SPOUSE_NAME = re.compile(
    r"(?:님)?(?:은|는|이|가)?\s*(?:(?P<key>이름(?:은|이))\s*)?(?P<n>[가-힣]{2,3}?)\s*(?P<ssi>씨)?"
    r"(?P<end>라고|이라고|예요|이에요|이야|야|입니다)(?!\w)"
)
_NAME_NEXT = re.compile(r"^(?P<n>[가-힣]{2,3}?)\s*(?:씨|님)?(?:이)?라고(?:\s|$)")
_COWORK_REL = (
    r"(?:(?:회사|직장|팀|부서)\s*(?:동기|동료|선배|후배|사수|부사수|상사|팀장님?|과장님?|"
    r"대리님?|부장님?)|직장\s*동료|동료|사수|부사수)"
)
# "회사 동기 중에 OO라고 있는데", "동료 OO이라는 애"
_COWORKER_CALLED = re.compile(
    rf"(?P<r>{_COWORK_REL})(?:들)?\s*(?:중에서|중에|중)?\s*(?P<n>[가-힣]{{2,3}}?)(?:이)?"
    r"(?:라고|이라고|라는|이라는)\s*(?:애|사람|분|친구|형|누나|언니|오빠)?"
)
# "회사 동기 OO랑 점심 먹었어", "사수 OO님이 …"
_COWORKER_NAMED = re.compile(
    rf"(?P<r>{_COWORK_REL})\s+(?P<n>[가-힣]{{2,3}}?)(?:이)?(?:님|씨)?"
    r"(?:는|가|랑|이랑|하고|한테|도|은)(?=\s|$)"
)
_NOT_A_NAME = frozenset(
    {"다들", "모두", "애들", "사람", "진짜", "요즘", "오늘", "어제", "이번", "다른", "한명", "하나"}
)


def _spouse(m: Msg, s: Sent) -> None:
    mt = _SPOUSE.search(s.text)
    if not mt or is_other(s.text[: mt.start()], m.names):
        return
    word = mt.group("w")
    canon = _SPOUSE_WORDS[word]
    value = canon if word == canon else f"{canon} ({word})"
    job = _SPOUSE_JOB.match(s.text, mt.end())  # "남편이 소방관인데": what the spouse does
    if job:
        value = f"{value} ({job.group('j')})"
    called = _SPOUSE_NAME.match(s.text, mt.end())  # "우리 집 양반은 석진호 씨라고"
    named = called and (called.group("key") or called.group("ssi") or "라고" in called.group("end"))
    if (
        called
        and named
        and not job
        and called.group("n") not in PERSONS
        and word_ok(called.group("n"))
    ):
        value = f"{value} {called.group('n')}"
    elif not job and s.index + 1 < len(m.sents):
        # "집사람이 있으니 다행이지요. 옥자 씨라고...": the name said next, on its own
        nxt = _NAME_NEXT.match(m.sents[s.index + 1].text)
        if nxt and nxt.group("n") not in PERSONS and word_ok(nxt.group("n")):
            value = f"{value} {nxt.group('n')}"
    m.add(s, "spouse", value, confidence=0.7)
    if "relationship_status" not in m.taken:
        m.add(s, "relationship_status", "기혼", confidence=0.7)


def _coworker(m: Msg, s: Sent) -> None:
    for rx in (_COWORKER_CALLED, _COWORKER_NAMED):
        mt = rx.search(s.text)
        if not mt:
            continue
        name = mt.group("n")
        if name in _NOT_A_NAME or name in PERSONS or name in FILLERS or not word_ok(name):
            continue
        if is_other(s.text[: mt.start()], m.names):
            continue
        rel = " ".join(mt.group("r").split())
        m.add(s, "coworker", f"{name} ({rel})", confidence=0.7)
        return


def people_rule(m: Msg, s: Sent) -> None:
    _spouse(m, s)
    _coworker(m, s)
