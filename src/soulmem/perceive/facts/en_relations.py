"""English rules for relationships and the current situation, and the message-level
rules that complete a fact split over turns."""

from __future__ import annotations

import re
from collections.abc import Iterator

from soulmem.perceive.facts.base import Candidate
from soulmem.perceive.facts.en_family_health import PET_DIED
from soulmem.perceive.facts.en_lex import (
    CAT_BREEDS,
    DOG_BREEDS,
    EVENTS,
    MONTHS,
    PETS,
    alt,
)
from soulmem.perceive.facts.en_util import NAME, Msg, cand, cap_name, head, phrase, rx

__all__ = ["MESSAGE_RULES", "SENTENCE_RULES", "name_in"]

_IM = r"(?:I'm|I\s+am)"
_ADV = (
    r"(?:(?:really|absolutely|just|totally|honestly|seriously|truly|kinda|kind\s+of|low[\s-]key|"
    r"genuinely|so|still|also|always|literally)\s+)*"
)

# ---------------------------------------------------------------- relationships

_DATING = rx(
    rf"\bI(?:'ve|\s+have)\s+been\s+(?:seeing|dating|talking\s+to)\s+({NAME})|"
    rf"\b{_IM}\s+(?:now\s+)?(?:seeing|dating|with|going\s+out\s+with|"
    rf"together\s+with)\s+({NAME})|\b({NAME})\s+and\s+I(?:\s+|(?='))(?:are\s+(?:dating|"
    rf"together|a\s+thing|official)|started\s+dating|made\s+it\s+official|got\s+together)"
)
_STATUS = rx(
    rf"\b{_IM}\s+((?:not\s+|no\s+longer\s+)?)(?:still\s+|currently\s+|happily\s+|newly\s+|"
    rf"recently\s+|officially\s+|very\s+|so\s+)?(single|married|engaged|divorced|widowed|"
    rf"separated|taken|in\s+a\s+relationship)\b(\s+(?:anymore|now|again))?(?:\s+to\s+({NAME}))?"
)
_SINGLE_SINCE = rx(r"\bsingle\s+(?:since|for)\s+([^,.;!?]{2,25})")
_NO_PARTNER = rx(
    r"\b(?:there's|there\s+is)\s+no\s+(girlfriend|boyfriend|partner|wife|husband|"
    r"significant\s+other|gf|bf)\b|\bI(?:\s+|(?='))(?:don't|do\s+not)\s+have\s+a\s+(girlfriend|"
    r"boyfriend|partner|gf|bf|significant\s+other)\b|\bI'm\s+not\s+(?:seeing|"
    r"dating)\s+anyone\b|\bno\s+(girlfriend|boyfriend)\s+for\s+me\b"
)
_HAVE_PARTNER = rx(
    rf"\bI(?:\s+|(?='))(?:have|'ve\s+got|got)\s+a\s+(girlfriend|boyfriend|partner|"
    rf"fianc[ée]e?)\b(?:\s+(?:named|called)\s+({NAME}))?"
)
_MY_PARTNER = rx(
    # not "my partner in crime", "my partner for the project": a partner in something else
    rf"\bmy\s+(girlfriend|boyfriend|partner(?!\s+(?:in|for|at|on)\b)|fianc[ée]e?|gf|bf)\b"
    rf"(?:(?:'s\s+name\s+is|"
    rf"\s+is\s+(?:named|called)|,)?\s+({NAME}))?"
)
_PAST_PARTNER = rx(
    r"\b(?:broke\s+up|split|dumped|left\s+me|cheated|divorc\w*|passed\s+away|died|ex|"
    r"used\s+to\s+have|back\s+when|former|miss)\b"
)
_GOT = rx(
    rf"\bI(?:\s+|(?='))(?:just\s+|finally\s+)?got\s+(engaged|married|"
    rf"divorced)\b(?:\s+to\s+({NAME}))?"
)
_BROKE = rx(
    rf"\b(?:(?:me|I)\s+(?:n|and|&)\s+({NAME})|({NAME})\s+and\s+I|we|I)\s+(?:just\s+|finally\s+)?"
    rf"(?:broke\s+up|split\s+up|split|called\s+it\s+quits)(?:\s+with\s+({NAME}))?"
)
# "he asked me to be his gf and I said yes": a new partner, named elsewhere in the message
_ASKED = rx(
    rf"\b(?:he|she|they|{NAME})\s+asked\s+me\s+to\s+be\s+(his|her|their)\s+(?:gf|girlfriend|bf|"
    r"boyfriend|partner)\b(?![^.!?]*\b(?:said|say)\s+no\b)"
)
# "he asked me out yesterday. And I said yes": a new partner, the asker named in the message
_ASKED_OUT = rx(rf"\b(?:(?-i:he|she|He|She)|({NAME}))\s+(?:finally\s+|just\s+)?asked\s+me\s+out\b")
_SAID_YES = rx(r"\bI\s+said\s+yes\b(?!\s+to\b)")
# "so we are officially in a relationship", "we're a couple now": the user paired, no name
_WE_PAIRED = rx(
    r"\bwe(?:'re|\s+are)\s+(?:now\s+|officially\s+|finally\s+|properly\s+)*(?:in\s+a\s+"
    r"relationship|a\s+couple|an\s+item|(?<=officially\s)together|(?<=officially\s)dating)\b"
)
_NEW_ONE = rx(
    rf"\b(?:this|a|the)\s+(?:guy|girl|lad|dude|boy|man|woman)\s+(?:called\s+|named\s+)?({NAME})"
)
_FROM = rx(r"^\s+(from\s+[^,.;!?]{2,40}?)(?=\s*(?:[,.;!?]|$|\s+and\b))")


def r_relationship(s: str, m: Msg) -> Iterator[Candidate]:
    x = _DATING.search(s)
    if x:
        name = x.group(1) or x.group(2) or x.group(3)
        if cap_name(name):
            details: list[str] = []
            f = _FROM.search(s[x.end() :]) if x.group(3) is None else None
            if f:
                details.append(f.group(1))
            if re.search(r"\bmade\s+it\s+official\b", m.text, re.I):
                off = re.search(
                    r"\bmade\s+it\s+official(\s+(?:last\s+\w+|yesterday|today|this\s+\w+))?",
                    m.text,
                    re.I,
                )
                details.append("made it official" + (off.group(1) if off and off.group(1) else ""))
            d = f" ({'; '.join(details)})" if details else ""
            yield cand("relationship_status", f"dating {name}{d}", s, confidence=0.85)
            yield cand(
                "partner", f"{name}{' (' + details[0] + ')' if f else ''}", s, confidence=0.8
            )
            return
    x = _ASKED.search(s)
    if x:
        named = _NEW_ONE.search(m.text)
        if named and cap_name(named.group(1)):
            kind = {"his": "boyfriend", "her": "girlfriend"}.get(x.group(1).lower(), "partner")
            yield cand("relationship_status", f"dating {named.group(1)}", s, confidence=0.8)
            yield cand("partner", f"{named.group(1)} ({kind})", s, confidence=0.8)
            return
    x = _ASKED_OUT.search(s) if _SAID_YES.search(m.text) and not _BROKE.search(m.text) else None
    if x:
        who = x.group(1) or next(
            (n for n in re.findall(rf"^\W*({NAME})\b", m.text) if cap_name(n)), None
        )
        if who and cap_name(who):
            yield cand("relationship_status", f"in a relationship with {who}", s, confidence=0.8)
            yield cand("partner", who, s, confidence=0.75)
        else:
            yield cand("relationship_status", "in a relationship", s, confidence=0.7)
        return
    x = _WE_PAIRED.search(s)
    if (
        x
        and not re.search(r"\?", s[x.end() :][:3])
        and not (_ASKED_OUT.search(m.text) and _SAID_YES.search(m.text))
    ):
        yield cand("relationship_status", "in a relationship", s, confidence=0.75)
        return
    x = _GOT.search(s)
    if x:
        to = f" to {x.group(2)}" if x.group(2) else ""
        yield cand("relationship_status", f"{x.group(1).lower()}{to}", s, confidence=0.85)
        if x.group(2) and x.group(1).lower() != "divorced":
            yield cand("spouse" if x.group(1).lower() == "married" else "partner", x.group(2), s)
        return
    x = _BROKE.search(s)
    if x:
        ex = x.group(1) or x.group(2) or x.group(3)
        with_ = f" with {ex}" if ex else ""
        if not _ASKED.search(m.text):
            yield cand("relationship_status", f"single (broke up{with_})", s, confidence=0.7)
        if m.current("partner") or ex:
            old = next((p for p in m.current("partner") if ex and ex in p), None)
            gone = old or (m.current("partner") or (ex or "",))[-1]
            yield cand("partner", gone, s, mode="end", confidence=0.7)
        return
    x = _STATUS.search(s)
    if x:
        neg = bool(x.group(1))
        st = " ".join(x.group(2).lower().split())
        if neg and st == "single":
            if not _DATING.search(m.statements):
                yield cand("relationship_status", "in a relationship", s, confidence=0.75)
            return
        if neg:
            yield cand("relationship_status", st, s, negated=True, confidence=0.75)
            return
        since = _SINGLE_SINCE.search(m.statements) if st == "single" else None
        to = x.group(4)
        if to and st in ("married", "engaged"):
            yield cand("relationship_status", f"{st} to {to}", s, confidence=0.85)
            yield cand("spouse" if st == "married" else "partner", to, s, confidence=0.8)
            return
        yield cand(
            "relationship_status",
            f"single (since {since.group(1)})" if since else st,
            s,
            confidence=0.85,
        )
        return
    x = _SINGLE_SINCE.search(s)
    if (
        x
        and re.match(
            r"^\W*(?:(?:and|also|been|I've\s+been|I'm)\W+)*single",
            s[max(0, x.start() - 12) :],
            re.I,
        )
        and not re.search(rf"\b(?:he|she|they|{NAME})\s+(?:has|have|'s)\s+been\s+$", s[: x.start()])
    ):
        yield cand("relationship_status", f"single (since {x.group(1)})", s, confidence=0.8)
        return
    x = _NO_PARTNER.search(s)
    if x:
        if not _SINGLE_SINCE.search(m.statements):
            what = x.group(1) or x.group(2) or x.group(3) or "partner"
            yield cand("relationship_status", f"single (no {what.lower()})", s, confidence=0.75)
        return
    x = _HAVE_PARTNER.search(s)
    if x:
        name = f" {x.group(2)}" if x.group(2) else ""
        yield cand(
            "relationship_status",
            f"in a relationship ({x.group(1).lower()}{name})",
            s,
            confidence=0.8,
        )
        if x.group(2):
            yield cand("partner", f"{x.group(2)} ({x.group(1).lower()})", s)
        return
    x = _MY_PARTNER.search(s)
    if (
        x
        and not m.current("relationship_status")
        and not m.current("partner")
        and not _PAST_PARTNER.search(m.text)
        and not re.search(r"\b(?:ex|former|old|late)[\s-]+$", s[: x.start(1)])
    ):
        # "my boyfriend and I are moving in together": having one says the status
        yield cand(
            "relationship_status",
            f"in a relationship ({x.group(1).lower()})",
            s,
            confidence=0.6,
        )
    if (
        x
        and x.group(2)
        and cap_name(x.group(2))
        and x.group(2).casefold() not in " ".join(m.current("partner")).casefold()
    ):
        yield cand("partner", f"{x.group(2)} ({x.group(1).lower()})", s, confidence=0.75)


_BEST = (
    r"(?:best\s+friend|bestie|bff|best\s+mate|best\s+bud(?:dy)?|closest\s+(?:friend|buddy|pal|mate)"
    r"|oldest\s+friend|"
    r"ride[\s-]or[\s-]die|bestest\s+friend|bestfriend)"
)
# "Marisol (the ride-or-die lol)", "Jen, my bestie,": the name with the title beside it
_BF_APPOS = rx(rf"\b({NAME})\s*(?:\(|,|—|-)\s*(?:the|my)\s+{_BEST}\b")
# "my best friend since third grade is coming": one described, the name not said yet
_BF_SINCE = rx(
    rf"\bmy\s+({_BEST})\s+(since\s+(?:we\s+were\s+\w+|(?:\w+\s+)?(?:grade|school|kindergarten|"
    rf"preschool|nursery|primary|college|uni|university|high\s+school|childhood|birth|diapers)|"
    rf"forever|(?:19|20)\d\d)|from\s+(?:high\s+school|college|uni|school|childhood|kindergarten))"
)
_BF_MY = rx(rf"\bmy\s+{_BEST}(?:'s\s+name\s+is|\s+is\s+(?:named|called)|\s+is|,)?\s+({NAME})")
_BF_IS = rx(rf"\b({NAME})\s+(?:is|has\s+(?:always\s+)?been)\s+my\s+({_BEST})")
_BF_AND_I = rx(
    rf"\b({NAME})\s+and\s+I(?:\s+|(?='))(?:have\s+been|'ve\s+been|are|"
    rf"were)\s+((?:best\s+)?friends|inseparable|besties|close|tight)(\s+(?:since|"
    rf"for)\s+[^,.;!?]+)?"
)
_WE_BEEN = rx(
    r"\bwe(?:'ve|\s+have)\s+been\s+((?:best\s+)?friends|inseparable|besties|tight|close|"
    r"best\s+buds)\s+((?:since|for|ever\s+since)\s+[^,.;!?]+)"
)
_FRIEND = rx(
    rf"\bmy\s+(friend|buddy|pal|mate|roommate|coworker|co-worker|colleague)(?:'s\s+name\s+is|"
    rf"\s+is\s+(?:named|called))?\s+({NAME})"
)
# "Derek from work keeps stealing my lunch": a name placed by where the user works
_FROM_WORK = rx(
    rf"(?<![Hh]is\s)(?<![Hh]er\s)(?<![Yy]our\s)\b({NAME})\s+from\s+(?:work|the\s+office|"
    rf"my\s+(?:job|office|team|work))\b"
)


def r_friends(s: str, m: Msg) -> Iterator[Candidate]:
    cur = " ".join(
        m.current("best_friend") + m.current("friend") + m.current("coworker")
    ).casefold()
    x = _BF_MY.search(s) or _BF_IS.search(s) or _BF_APPOS.search(s)
    if x and cap_name(x.group(1)):
        if x.group(1).casefold() not in cur:
            yield from _best_named(x.group(1), s, m, 0.9 if x.re is not _BF_APPOS else 0.8)
        return
    x = _BF_SINCE.search(s)
    if x:
        yield cand("best_friend", f"{x.group(1).lower()} {x.group(2)}", s, confidence=0.7)
        return
    x = _BF_AND_I.search(s)
    if x and cap_name(x.group(1)):
        kind = x.group(2).lower()
        subj = (
            "best_friend"
            if kind in ("best friends", "inseparable", "besties") or "since" in (x.group(3) or "")
            else "friend"
        )
        if x.group(1).casefold() not in cur:
            yield cand(subj, f"{x.group(1)} ({kind}{x.group(3) or ''})", s, confidence=0.8)
        return
    x = _WE_BEEN.search(s)
    if x:
        name = name_in(m)
        if name and name.casefold() not in cur:
            kind = x.group(1).lower()
            subj = "best_friend" if kind != "friends" or "since" in x.group(2) else "friend"
            yield cand(subj, f"{name} ({kind} {x.group(2)})", s, confidence=0.75)
        return
    x = _FROM_WORK.search(s)
    if (
        x
        and cap_name(x.group(1))
        and x.group(1).casefold() not in cur
        and not re.search(r"'s\s+(?:\w+\s+)?$", s[: x.start()])  # "my dad's coworker Derek"
    ):
        yield cand("coworker", x.group(1), s, confidence=0.7)
        return
    x = _FRIEND.search(s)
    if x and cap_name(x.group(2)) and x.group(2).casefold() not in cur:
        rel = x.group(1).lower()
        if "name" in x.group(0).lower() and _unnamed_best(m):
            # "my friend's name is Yusra" after "my best friend since third grade"
            yield from _best_named(x.group(2), s, m, 0.75)
            return
        subj = "coworker" if rel in ("coworker", "co-worker", "colleague") else "friend"
        yield cand(
            subj,
            x.group(2) + ("" if rel in ("friend", "coworker", "colleague") else f" ({rel})"),
            s,
            confidence=0.75,
        )


def _unnamed_best(m: Msg) -> str | None:
    """The latest best friend the user described without a name ("best friend since ...")."""
    cur = m.current("best_friend")
    return cur[-1] if cur and _BF_SINCE.search(f"my {cur[-1]}") else None


def _best_named(name: str, s: str, m: Msg, confidence: float) -> Iterator[Candidate]:
    """A best friend by name; one described before without a name gets the name."""
    unnamed = _unnamed_best(m)
    if unnamed:
        yield cand("best_friend", f"{name} ({unnamed})", s, mode="refine", confidence=confidence)
    else:
        yield cand("best_friend", name, s, confidence=confidence)


_NAME_TOKEN = re.compile(r"(?<![\w'])([A-Z][a-z]+)(?!['\w])")


def name_in(m: Msg) -> str | None:
    """A person named in the message (the subject of 'we've been friends since...')."""
    for sent in m.all_sents:
        for x in _NAME_TOKEN.finditer(sent):
            w = x.group(1)
            after = sent[x.end() : x.end() + 20]
            if (
                cap_name(w)
                and re.match(
                    r"\s+(?:would|is|was|has|and\s+I|will|says|said|loves|thinks|'s)\b|'s\b|\s+\w+s\b",
                    after,
                )
                and w.casefold() not in {"captain"}
                and w
                not in (
                    m.ctx.assistant_name or "",
                    m.ctx.user_name or "",
                )
            ):
                return w
    return None


# ---------------------------------------------------------------- situation

_EXAMW = (
    r"(?:exam|test|midterm|midterms|final|finals|quiz|boards|bar\s+exam|SAT|ACT|GRE|GMAT|LSAT|MCAT|"
    r"certification|license\s+exam|orals|defense)s?"
)
_WHEN = (
    r"(\s+(?:next|this|on|tomorrow|in\s+(?:a|two|three|\d)|coming\s+up|later|"
    r"at\s+the\s+end)\b[^,.;!?]*)?"
)
_HAVE_EXAM = rx(
    rf"\bI(?:\s+|(?='))(?:have|'ve\s+got|got)\s+(?:(?:a|an|my|the|this|two|"
    rf"three)\s+)?((?:[\w-]+\s+){{0,3}}?{_EXAMW})\b{_WHEN}"
)
_STUDY_FOR = rx(
    r"\bI'm\s+(?:studying|cramming|prepping|preparing|revising)\s+for\s+(?:the|my|a|an|this)\s+"
)
_MY_EXAM = rx(
    rf"\bmy\s+((?:[\w-]+\s+){{0,2}}?{_EXAMW})\s+(?:is|are)\s+((?:next|this|on|tomorrow|in|"
    rf"coming)\b[^,.;!?]*)"
)
_TAKING = rx(
    rf"\bI'm\s+taking\s+(?:the|my)\s+((?:[\w-]+\s+){{0,2}}?(?:{_EXAMW}|(?-i:[A-Z][\w-]+)))\b{_WHEN}"
)
_EVENT = alt(EVENTS)
_HAVE_EVENT = rx(
    rf"\bI(?:\s+|(?='))(?:have|'ve\s+got|got)\s+(?:a|an|my|the|"
    rf"this)\s+((?:[\w'-]+\s+){{0,2}}?{_EVENT})\b{_WHEN}"
)
_MY_EVENT = rx(
    rf"\bmy\s+((?:[\w'-]+\s+){{0,2}}?{_EVENT})\s+is\s+((?:next|this|on|tomorrow|tonight|in|"
    rf"coming)\b[^,.;!?]*)"
)
_GOING = rx(
    r"\b(?:I'm|we're|\w+\s+and\s+I\s+are)\s+(?:going|flying|heading|traveling|travelling|"
    r"driving)\s+(?:to|back\s+to)\s+((?-i:[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*))"
    r"(\s+(?:next|this|on|tomorrow|in|for\s+(?:the|a|our|my)|to\s+see)\b[^,.;!?]*)?"
)
# "in October marisol and I are going to Iceland": the time said before the trip
_TRIP_WHEN = rx(
    rf"\b(?:(?:in|this|next)\s+{alt(tuple(MONTHS))}|next\s+(?:week|month|year|summer|spring|fall|"
    r"autumn|winter)|this\s+(?:summer|spring|fall|autumn|winter|weekend))\b"
)
_GOAL = rx(
    r"\bmy\s+(?:goal|dream|plan|new\s+year's\s+resolution)\s+is\s+to\s+|\bI(?:\s+|"
    r"(?='))(?:want|plan|hope)\s+to\s+(?=become\b|be\s+an?\b|run\s+a\b|move\s+to\b|learn\b|"
    r"open\b|start\s+my\s+own\b)|\bI'm\s+(?:training|saving\s+up)\s+for\s+"
)
_PROJECT = rx(
    r"\bI'm\s+(?:currently\s+)?(?:working\s+on|writing|building|making|developing|restoring|"
    r"renovating)\s+(?=(?:a|an|my)\s)"
)


# "I've got one more quiz for you": a test the user sets someone else
_SET_FOR = rx(
    r"\s+(?:for|to\s+give)\s+(?:you|u|ya|y'all|him|her|them|my\s+(?:students|class|kids))\b"
)


def r_situation(s: str, m: Msg) -> Iterator[Candidate]:
    cur_exam = " ".join(m.current("upcoming_exam")).casefold()
    x = _HAVE_EXAM.search(s) or _MY_EXAM.search(s) or _TAKING.search(s)
    if x and _SET_FOR.match(s, x.end(1)):
        x = None
    if x:
        v = f"{x.group(1)} {x.group(2) or ''}".strip()
        if head(v) not in cur_exam:
            yield cand("upcoming_exam", v, s, confidence=0.8)
    else:
        x = _STUDY_FOR.search(s)
        if x:
            p = phrase(s[x.end() :], 6)
            if p and head(p) not in cur_exam:
                yield cand("upcoming_exam", p, s, confidence=0.7)
    x = _HAVE_EVENT.search(s) or _MY_EVENT.search(s)
    if x and (x.group(2) or x.re is _MY_EVENT):
        yield cand("upcoming_event", f"{x.group(1)} {x.group(2) or ''}", s, confidence=0.7)
    x = _GOING.search(s)
    when = _TRIP_WHEN.search(s[: x.start()]) if x else None
    if x and (x.group(2) or when):
        what = x.group(2) or ""
        if when and not _TRIP_WHEN.search(what):
            what = f" {when.group()}{what}"
        yield cand("upcoming_event", f"going to {x.group(1)}{what}", s, confidence=0.65)
    x = _GOAL.search(s)
    if x:
        p = phrase(s[x.end() :], 8)
        if p:
            yield cand("goal", p, s, confidence=0.7)
    x = _PROJECT.search(s)
    if x:
        p = phrase(s[x.end() :], 6, allow_bad=True, article=True)
        verb = x.group(0).split()[1] if len(x.group(0).split()) > 1 else ""
        if p and not re.match(r"(?:it|this|that)\b", p):
            yield cand(
                "current_project",
                f"{'working on' if verb.startswith('work') else verb} {p}"
                if verb != "currently"
                else p,
                s,
                confidence=0.65,
            )


# ---------------------------------------------------------------- split facts (message level)

_PETW = alt(PETS | DOG_BREEDS | CAT_BREEDS)
_PET_REF = rx(rf"\b(?:that|the|my|this|our)\s+(?:[\w-]+\s+)?({_PETW})\b")
# a pet's name may carry a title: "Sir Reginald", "Lady Mittens", "Captain Fluff"
_PNAME = (
    rf"(?:(?-i:Sir|Lady|Lord|Dame|Captain|Professor|Doctor|Dr|Mr|Mrs|Miss|King|Queen|Prince|"
    rf"Princess|Duke|Duchess|Count|Baron|General|Major)\.?\s+)?{NAME}"
)
_PET_NAME = rx(
    rf"\b(?:that's|that\s+is|this\s+is|meet|he's|she's|it's)\s+({_PNAME})\b(?!\s+(?:is|was|'s))|"
    rf"\b(?:his|her|its)\s+name(?:'s|\s+is)\s+({_PNAME})|\b(?:named|called)\s+({_PNAME})|"
    rf"\b({_PNAME})\s+is\s+(?:his|her)\s+name"
)
_PET_BREED = rx(
    rf"\b(?:he's|she's|it's|he\s+is|she\s+is|it\s+is)\s+an?\s+((?:[\w-]+\s+){{0,2}}?)({_PETW})\b"
)
_PRONOUN = rx(r"\b(?:he|she|him|his|her|it)\b")


def m_pet_refine(m: Msg) -> Iterator[Candidate]:
    cur = m.current("pet")
    if not cur:
        return
    latest = cur[-1]
    text = m.text
    if PET_DIED.search(text):
        return  # a pet that died: a new one named in the message is another pet
    ref = _PET_REF.search(text)
    refers = ref and _same_pet(ref.group(1), latest)
    if not refers:
        prev = " ".join(m.ctx.previous_user_texts[-2:]).casefold()
        refers = bool(_PRONOUN.search(text)) and any(w in prev for w in latest.casefold().split())
        if not refers:
            return
    name_m = _PET_NAME.search(text)
    name = None
    if name_m:
        name = next(g for g in name_m.groups() if g)
        if not cap_name(name.split()[-1]) or name.casefold() in latest.casefold():
            name = None
    breed_m = _PET_BREED.search(text)
    breed = breed_m.group(2).lower() if breed_m else None
    if breed and breed in latest.casefold():
        breed = None
    if not name and not breed:
        return
    base = head(latest)
    base_head = re.sub(r"\s+named\s+\S+$", "", base)
    species = _species_of(base_head.split()[-1]) if base_head else ""
    noun = breed or base_head
    value = noun
    if name:
        value += f" named {name}"
    elif " named " in base:
        value += base[base.index(" named ") :]
        value = value.replace(
            base[base.index(" named ") :], " named " + latest.split(" named ", 1)[1].split(" (")[0]
        )
    if breed and species and species != breed:
        value += f" ({species})"
    yield cand("pet", value, m.text, mode="refine", confidence=0.8)


# a general word for a pet that names its class: "the lizard" for a bearded dragon
_PET_CLASS = {
    "lizard": ("bearded dragon", "gecko", "iguana", "chameleon", "skink", "monitor", "lizard"),
    "reptile": ("bearded dragon", "gecko", "iguana", "snake", "python", "tortoise", "turtle"),
    "snake": ("python", "corn snake", "boa", "king snake", "snake"),
    "bird": ("parrot", "budgie", "cockatiel", "canary", "parakeet", "finch", "lovebird"),
    "rodent": ("hamster", "gerbil", "rat", "mouse", "guinea pig", "chinchilla"),
    "fish": ("goldfish", "betta", "guppy", "koi", "fish"),
}


def _same_pet(word: str, latest: str) -> bool:
    w = word.lower().rstrip("s")
    low = latest.casefold()
    return w in low or _species_of(w) in low or any(k in low for k in _PET_CLASS.get(w, ()))


def _species_of(word: str) -> str:
    w = word.lower()
    if w in DOG_BREEDS or w in ("puppy", "pup", "dogs"):
        return "dog"
    if w in CAT_BREEDS or w in ("kitten", "kitty", "cats"):
        return "cat"
    return w


_EXAM_REF = rx(r"\b(?:that|the|this|my)\s+(?:[\w-]+\s+)?(?:exam|test)\b")
_ITS = rx(
    r"\bit's\s+(?:the\s+|an?\s+|"
    r"for\s+(?:the\s+)?)?([^,.;!?]{2,40}?)(?:,\s*(the\s+[^,.;!?]{2,30}?\s+one|"
    r"[^,.;!?]{2,30}?))?(?=\s*[,.;!?]|$)"
)


def m_exam_refine(m: Msg) -> Iterator[Candidate]:
    cur = m.current("upcoming_exam")
    if not cur or not _EXAM_REF.search(m.text):
        return
    for s in m.sents:
        x = _ITS.search(s)
        if x and not re.match(
            r"(?:so|too|really|just|going|gonna|not|fine|ok|okay|over|hard|easy|tomorrow|next)\b",
            x.group(1),
            re.I,
        ):
            what = x.group(1).strip()
            if what.casefold() in cur[-1].casefold():
                return
            extra = f", {x.group(2).strip()}" if x.group(2) else ""
            yield cand(
                "upcoming_exam", f"{what}{extra} ({cur[-1]})", s, mode="refine", confidence=0.8
            )
            return


SENTENCE_RULES = (r_relationship, r_friends, r_situation)
MESSAGE_RULES = (m_pet_refine, m_exam_refine)
