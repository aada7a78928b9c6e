"""Korean rules for what the user's day runs on and what they switched to
(soulmem.perceive.facts.ko): "아메리카노 안 마시면 하루가 시작이 안 돼요" says the drink one
cannot go without; "아메리카노는 끊고 우엉차로 갈아탔어요" ends the old favourite and names
the new one. Only a thing the lexicons know as a food, drink or the like is taken, so
"아이폰으로 갈아탔어" says nothing of a favourite."""

from __future__ import annotations

import re

from soulmem.perceive.facts.ko_base import Msg, Sent, word_ok
from soulmem.perceive.facts.ko_kinds import classify
from soulmem.perceive.facts.ko_lex import FILLERS, strip_josa
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


# "막걸리는 딱 끊었습니다. 대신 쌍화차를 마십니다": what is had instead of the one given up
_INSTEAD = re.compile(
    rf"대신(?:에)?\s*(?:[^\s.!?]+\s+){{0,5}}?{_NP}(?:을|를)?\s*(?:마셔|마시|마신|먹어|먹|먹는)"
)


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
    ended = ""
    for kind in ("favorite_drink", "favorite_food", "likes"):
        for value in m.ctx.current.get(kind, ()):
            if len(old) >= 2 and old in value and end_first(m, s, kind, value):
                ended = kind
    at = m.text.find(s.text) + mt.end()
    inst = _INSTEAD.search(m.text, at, at + 80) if ended else None
    if inst:
        v, kind = _thing(m, inst.group("v"))
        if v and old not in v:
            m.add(s, kind, v, confidence=0.8)


def staples_rule(m: Msg, s: Sent) -> None:
    _tired(m, s)
    _rather(m, s)
    _given_up(m, s)
    t = s.text
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
