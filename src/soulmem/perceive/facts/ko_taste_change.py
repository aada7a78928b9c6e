"""Korean rules for what the user's day runs on and what they switched to
(soulmem.perceive.facts.ko): "아메리카노 안 마시면 하루가 시작이 안 돼요" says the drink one
cannot go without; "아메리카노는 끊고 우엉차로 갈아탔어요" ends the old favourite and names
the new one. Only a thing the lexicons know as a food, drink or the like is taken, so
"아이폰으로 갈아탔어" says nothing of a favourite."""

from __future__ import annotations

import re

from soulmem.perceive.facts.ko_base import Msg, Sent, word_ok
from soulmem.perceive.facts.ko_kinds import classify
from soulmem.perceive.facts.ko_lex import DRINKS, FILLERS, alt, strip_josa
from soulmem.perceive.facts.ko_switch import end_first

__all__ = ["staples_rule"]

_NP = r"(?P<v>(?:[가-힣A-Za-z]+\s)?[가-힣A-Za-z]+?)"
# "아이스 아메리카노 한 사발 안 들이켜면 하루가 시작이 안 돼요", "커피 없으면 하루를 못 버텨"
_DAY_RUNS_ON = re.compile(
    rf"{_NP}(?:을|를|이|가)?\s+(?:(?:한|두)\s*(?:잔|사발|모금|캔|병|그릇)\s+)?"
    r"(?:안\s*\S+면|없으면|없이는|없인|못\s*\S+면)\s*(?:\S+\s+)?하루(?:가|를|는)?\s*"
    r"(?:시작(?:이|을|도)?\s*(?:안|못)|(?:안|못)\s*(?:가|버텨|버티|돌아))"
)
# "우엉차로 갈아탔어요", "요즘은 녹차로 바꿨어": the new one after a change
_SWITCHED_TO = re.compile(
    rf"{_NP}(?:으로|로)\s*(?:완전히\s*|아예\s*)?"
    r"(?:갈아탔|갈아 탔|갈아탐|바꿨|바꿈|바꿔\s*버렸|넘어갔|정착했)"
)
# "아메리카노는 완전히 끊고": the old one given up
_GAVE_UP = re.compile(
    r"(?P<old>[가-힣A-Za-z]+?)(?:은|는|을|를|도)?\s*(?:완전히\s*|아예\s*|딱\s*|싹\s*)?(?:끊고|끊었|끊음)"
)


# "우엉차", "보리차": a tea the lexicon does not list, known as a drink when it is drunk
_TEA = re.compile(r"[가-힣]{1,4}(?:차|티)$")
_DRUNK = re.compile(r"마시|마셔|마신|마셨|한\s*잔|잔씩|보온병|텀블러|우려|끓여")


def _thing(m: Msg, raw: str) -> tuple[str, str]:
    """The liked thing in ``raw`` and its favourite subject, or two empty strings."""
    words = raw.split()
    for i, w in enumerate(words[:-1]):
        if strip_josa(w) != w or re.search(r"(?:고|서|면|며|니|게|지)$", w):
            words = words[i + 1 :]  # "엄마는 녹차", "끊고 우엉차": what comes after
    words = [w for w in words if w not in FILLERS]
    for i in range(len(words)):
        v = " ".join(words[i:])
        kind = classify(v) or (
            "favorite_drink" if _TEA.search(v) and _DRUNK.search(m.text) else None
        )
        if kind and word_ok(v):
            return v, kind
    return "", ""


# "떡볶이 질렸고 마라탕만 먹어": the old favourite one is tired of, and what one eats now
_TIRED = re.compile(
    r"(?P<old>[가-힣A-Za-z]+?)(?:은|는|도|에|엔)?\s*(?:이제\s*|완전\s*|좀\s*)?(?:질렸|질려|질림|물렸|물려)"
)
_ONLY_NOW = re.compile(
    r"(?P<v>(?:[가-힣A-Za-z]+\s)?[가-힣A-Za-z]+?)만\s*(?:먹어|먹는|먹음|마셔|마시는|마심|먹고\s*있|마시고\s*있)"
)


def _tired(m: Msg, s: Sent) -> None:
    t = s.text
    mt = _TIRED.search(t)
    if not mt:
        return
    old = strip_josa(mt.group("old"))
    for kind in ("favorite_food", "favorite_drink", "likes"):
        for value in m.ctx.current.get(kind, ()):
            if len(old) >= 2 and old in value:
                end_first(m, s, kind, value, prefix=t[: mt.start()])
    now = _ONLY_NOW.search(t, mt.end())
    if now:
        v, kind = _thing(m, now.group("v"))
        if v and v != old:
            m.add(s, kind, v, confidence=0.8)


# "요즘은 아이유보다 뉴진스가 더 좋아": preferred now over a favourite the user gave
_RATHER = re.compile(
    r"(?P<old>[가-힣A-Za-z]+?)보다(?:는|은)?\s*(?P<v>(?:[가-힣A-Za-z]+\s)?[가-힣A-Za-z]+?)(?:이|가)?\s*"
    r"(?:더|훨씬\s*더|훨씬)\s*좋"
)


def _rather(m: Msg, s: Sent) -> None:
    mt = _RATHER.search(s.text)
    if not mt:
        return
    old = strip_josa(mt.group("old"))
    words = [w for w in mt.group("v").split() if w not in FILLERS]
    v = " ".join(words)
    if len(old) < 2 or not word_ok(v) or old in v:
        return
    for kind, values in m.ctx.current.items():
        if not kind.startswith("favorite_"):
            continue
        hit = [x for x in values if old in x]
        if hit and m.add(s, kind, v, confidence=0.85, prefix=s.text[: mt.start()]):
            for x in hit:
                end_first(m, s, kind, x)


# "막걸리는 딱 끊었습니다. 대신 쌍화차를 마십니다": what is had instead of the one given up;
# "… 딱 끊었어요. 요샌 보리차 마셔요": or what is had now
_INSTEAD = re.compile(
    rf"(?:대신(?:에)?|요즘(?:은|엔)?|요새(?:는)?|요샌|이제(?:는)?|지금은)\s*(?:[^\s.!?]+\s+){{0,5}}?"
    rf"{_NP}(?:을|를)?\s*(?:마셔|마시|마신|먹어|먹|먹는)"
)
# "돼지감자 덖어서 차로 우려 마셔요", "우엉 볶아서 차로 끓여 먹어": a tea made of something
_TEA_MADE = re.compile(
    r"(?:^|\s)(?P<t>[가-힣]{2,6}?)(?:을|를)?\s+(?:[가-힣]+(?:서|고)\s+)?차로\s*(?:우려|끓여|타)?\s*"
    r"(?:서\s*)?(?:마셔|마시|마신|마심|먹어|먹)"
)
# "의사가 커피부터 끊으라고 해서 딱 끊었어요": the thing one was told to give up
_TOLD_QUIT = re.compile(
    r"(?P<old>[가-힣A-Za-z]+?)(?:부터|만|은|는|을|를|도)?\s*끊(?:으라|으래|으랬|어야)"
)


_DRINK_HEAD = re.compile("(?:" + alt(d for d in DRINKS if " " not in d) + ")$")


def _given_up(m: Msg, s: Sent) -> None:
    """A favourite the user gave up ("끊었어") ends; what they have instead is the new one."""
    mt = _GAVE_UP.search(s.text)
    if (
        not mt
        or _SWITCHED_TO.search(s.text)
        or re.search(r"싶|려고|야\s*(?:하|되|돼)|할까", s.text)
    ):
        return
    old = strip_josa(mt.group("old"))
    told = _TOLD_QUIT.search(s.text, 0, mt.start() + 1)
    if told and (len(old) < 2 or re.search(r"(?:서|고|니까)$", old)):
        old = strip_josa(told.group("old"))  # "커피부터 끊으라고 해서 딱 끊었어요"
    ended = ""
    for kind in ("favorite_drink", "favorite_food", "likes"):
        for value in m.ctx.current.get(kind, ()):
            if _same_thing(old, value) and end_first(m, s, kind, value):
                ended = kind
    at = m.text.find(s.text) + mt.end()
    if not ended:
        return
    tea = _TEA_MADE.search(m.text, at, at + 80)
    if tea and word_ok(tea.group("t")):
        m.add(s, "favorite_drink", f"{tea.group('t')}차", confidence=0.8)
        return
    inst = _INSTEAD.search(m.text, at, at + 80)
    if inst:
        v, kind = _thing(m, inst.group("v"))
        if v and old not in v:
            m.add(s, kind, v, confidence=0.8)


def _same_thing(old: str, value: str) -> bool:
    """ "봉지커피" given up ends "믹스커피": the same drink by another name, both ending in the
    same word of the lexicon; otherwise the one named inside the other."""
    if len(old) < 2:
        return False
    if old in value:
        return True
    head = _DRINK_HEAD.search(old)
    return head is not None and len(old) > len(head.group(0)) and value.endswith(head.group(0))


def staples_rule(m: Msg, s: Sent) -> None:
    _tired(m, s)
    _rather(m, s)
    _given_up(m, s)
    t = s.text
    mt = _TEA_MADE.search(t)
    if mt and word_ok(mt.group("t")) and "favorite_drink" not in m.taken:
        m.add(s, "favorite_drink", f"{mt.group('t')}차", confidence=0.7, prefix=t[: mt.start()])
    mt = _DAY_RUNS_ON.search(t)
    if mt:
        v, kind = _thing(m, mt.group("v"))
        if v:
            m.add(s, kind, v, confidence=0.8, prefix=t[: mt.start()])
    mt = _SWITCHED_TO.search(t)
    if not mt or re.search(r"싶|할까|려고|볼까", t[mt.end() : mt.end() + 8]):
        return
    v, kind = _thing(m, mt.group("v"))
    if not v or not m.add(s, kind, v, confidence=0.85, prefix=t[: mt.start()]):
        return
    gone = _GAVE_UP.search(t[: mt.end()])
    old = strip_josa(gone.group("old")) if gone else ""
    for value in m.ctx.current.get(kind, ()):
        if len(old) >= 2 and old in value and v not in value:
            end_first(m, s, kind, value)
