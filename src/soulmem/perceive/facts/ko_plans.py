"""Korean rules for what the user has ahead: an exam or an event and its date, and a later
message that refers back to the exam (used by soulmem.perceive.facts.ko_rel)."""

from __future__ import annotations

import re

from soulmem.perceive.facts.ko_base import Gated, Msg, Sent, clean_np, word_ok
from soulmem.perceive.facts.ko_lex import (
    EVENTS,
    EXAM_SUBJECTS,
    EXAMS,
    WHEN,
    alt,
    strip_josa,
)

__all__ = ["exam_ref_rule", "plans_rule"]

# -------------------------------------------- exams, events (gates: words needed first)
_EXAM_GATES = (
    "시험", "고사", "수능", "토익", "토플", "텝스", "오픽", "토스", "JLPT", "HSK", "자격증",
    "임용", "고시", "실기", "필기", "퀴즈", "면허", "도로주행", "검정",
)  # fmt: skip
_EXAM = Gated(
    rf"(?:(?P<w>{WHEN})\s*(?:에|에는|엔)?\s*)?(?P<subj>\w+\s+)?(?P<e>{alt(EXAMS)})(?:이|"
    rf"가|을|를|도|은|는)?\s*(?:있어|있거든|있는데|있어서|있고|있음|봐(?!주)|봐야|보거든|"
    rf"보는데|본다|준비|쳐|쳐야|앞두고|잡혀|치러|보러|공부)",
    *_EXAM_GATES,
)
_EXAM_WHEN = Gated(
    rf"(?P<subj>\w+\s+)?(?P<e>{alt(EXAMS)})(?:이|가|은|는)?\s*(?P<w>{WHEN})(?:라|"
    rf"이라|야|이야|인데|에|이거든|이고|이니까|라서)",
    *_EXAM_GATES,
)
_EXAM_REF = re.compile(
    r"(?:아까|전에|그때)?\s*(?:말한|말했던|얘기한|얘기했던|"
    r"그)\s*시험(?:은|이|,)?\s*,?\s*(?P<subj>(?:\w+\s){0,2}\w+?)(?:이라|"
    r"라|이야|야|이에요|예요|이거든|인데|이고|시험)"
)
# "아까 말한 시험… 운전면허 도로주행이야": the subject comes in the next sentence
_EXAM_REF_CUE = re.compile(
    r"(?:아까|전에|그때)\s*(?:말한|말했던|얘기한|얘기했던)\s*시험(?:은|이|말이야)?$"
)
_EXAM_REF_NEXT = re.compile(
    r"^(?P<subj>(?:\w+\s){0,2}\w+?)(?:이라|라|이야|야|이에요|예요|이거든|거든|인데|이고|시험)(?:\s|$)"
)
_EXAM_SUBJ_RX = re.compile(alt(EXAM_SUBJECTS))
_EXAM_SUBJ_STOP = frozenset(
    {"나", "그", "이번", "다음", "무슨", "어떤", "그냥", "진짜", "중요한", "큰"}
)
_EVENT = Gated(
    rf"(?P<w>{WHEN})\s*(?:에|에는|엔)?\s*(?P<e>(?:\w+\s)?(?:{alt(EVENTS)}))(?:이|"
    rf"가|을|를|도)?\s*(?:있어|있거든|있는데|있어서|잡혀|잡혔|가|가거든|갈 거|예정|해|하거든|"
    rf"있음|보러)",
    "있",
    "잡혀",
    "잡혔",
    "가",
    "예정",
    "해",
    "하거든",
    "보러",
)


def plans_rule(m: Msg, s: Sent) -> None:
    t = s.text
    if _EXAM_REF.search(t):
        return
    mt = _EXAM.search(t) or _EXAM_WHEN.search(t)
    if mt:
        prefix = t[: mt.start()]
        subj = (mt.group("subj") or "").strip()
        if subj in _EXAM_SUBJ_STOP or not word_ok(subj):
            subj = ""
        subj = strip_josa(subj) if subj else ""
        if re.search(r"(?:이라|라서|인데|이고|니까|거든|[고서면])$", subj):
            subj = ""  # "고3이라 수능 준비": a clause before the exam, not its subject
        parts = [" ".join((mt.group("w") or "").split()), subj, mt.group("e")]
        if m.add(s, "upcoming_exam", " ".join(p for p in parts if p), prefix=prefix):
            return
    mt = _EVENT.search(t)
    if mt:
        e = clean_np(mt.group("e"), 2)
        if e:
            m.add(
                s,
                "upcoming_event",
                f"{' '.join(mt.group('w').split())} {e}",
                prefix=t[: mt.start()],
            )


def exam_ref_rule(m: Msg) -> None:
    for i, here in enumerate(m.sents):
        s = here
        mt = _EXAM_REF.search(s.text)
        if not mt and _EXAM_REF_CUE.search(s.text) and i + 1 < len(m.sents):
            s = m.sents[i + 1]
            mt = _EXAM_REF_NEXT.search(s.text)
            if mt and not _EXAM_SUBJ_RX.search(mt.group("subj")):
                mt = None
        if not mt:
            continue
        subj = " ".join(strip_josa(w) for w in mt.group("subj").split())
        if subj in _EXAM_SUBJ_STOP or not word_ok(subj):
            continue
        if " " in subj and not _EXAM_SUBJ_RX.search(subj):
            continue
        current = list(m.ctx.current.get("upcoming_exam", ()))
        if current:
            old = current[-1]
            merged = old if subj in old else re.sub(r"(시험|고사)", rf"{subj} \1", old, count=1)
            if merged == old and subj not in old:
                merged = f"{old} ({subj})"
            m.add(s, "upcoming_exam", merged, mode="refine")
        else:
            m.add(s, "upcoming_exam", f"{subj} 시험")
        return
