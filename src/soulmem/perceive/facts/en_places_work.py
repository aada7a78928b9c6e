"""English rules for where the user is from and lives, and what they do: hometown,
residence, job, workplace, part-time job, school, major."""

from __future__ import annotations

import re
from collections.abc import Iterator

from soulmem.perceive.facts.base import Candidate
from soulmem.perceive.facts.en_lex import (
    JOBS,
    NUMBER_RE,
    alt,
)
from soulmem.perceive.facts.en_util import Msg, cand, cap_name, head, phrase, place, rx

__all__ = ["SENTENCE_RULES"]

N = NUMBER_RE
_IM = r"(?:I'm|I\s+am)"
_NEG_BEFORE = rx(r"\b(?:not|n't|never|no\s+longer)\s+(?:\w+\s+)?$")

# ---------------------------------------------------------------- hometown, residence

_HOME = (
    rx(
        r"\bI(?:\s+|(?='))(?:grew\s+up|was\s+raised|was\s+brought\s+up|"
        r"spent\s+my\s+childhood)\s+(?:in|on|near|outside(?:\s+of)?|around)\s+"
    ),
    rx(r"\bborn\s+and\s+(?:raised|bred)\s+in\s+"),
    rx(rf"\b{_IM}\s+(?:originally\s+|actually\s+)?from\s+"),
    rx(r"\b(?:originally|I\s+come)\s+from\s+"),
    rx(r"\bmy\s+home\s*town\s+is\s+"),
    rx(r"\bI\s+was\s+born\s+in\s+(?!(?:19|20)\d\d)"),
)
_HOME_BEFORE = re.compile(
    r"([A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*)*)(?:,\s*[A-Z][\w.'-]*)?,?\s+(?:where\s+I\s+grew\s+up|"
    r"born\s+and\s+raised)\b"
)
_NATIVE = re.compile(r"\b(?:I'm|I\s+am)\s+an?\s+([A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*)*)\s+native\b")
_LIVE = (
    rx(
        r"\bI(?:\s+|(?='))(?:currently\s+|now\s+|still\s+|actually\s+)?(?:live|'m\s+living|"
        r"am\s+living|'ve\s+been\s+living|reside|'m\s+based|am\s+based|'ve\s+lived|"
        r"have\s+lived|lived(?=\s+\S+(?:\s+[A-Z]\S*)*,?\s+(?:my\s+whole\s+life|all\s+my\s+life)))"
        r"\s+(?:in|on|near|"
        r"outside(?:\s+of)?)\s+"
    ),
    rx(
        r"(?:\b(?:I|we)\s+|^\W*)(?:just\s+|recently\s+|finally\s+|officially\s+)?(?:moved|"
        r"relocated)\s+(?:back\s+)?(?:to|into)\s+"
    ),
    # "I'm moving to Boise next week", "we're relocating to Denver": a move under way
    rx(
        r"\b(?:I'm|I\s+am|we're|we\s+are)\s+(?:(?:finally|officially|actually|really|"
        r"definitely|now)\s+)?(?:moving|relocating)\s+(?:back\s+)?to\s+"
    ),
    # "I've been in London for ten years": a stay counted in years is where one lives
    rx(
        r"\bI(?:'ve|\s+have)\s+been\s+(?:living\s+|based\s+)?in\s+(?=[A-Z][\w'-]*(?:\s+[A-Z]"
        r"[\w'-]*)*\s+(?:for\s+(?:about\s+|like\s+|almost\s+|over\s+)?(?:\w+\s+)?(?:years|"
        r"months|a\s+year|a\s+decade)|since\s+(?:19|20)\d\d)\b)",
        0,
    ),
    # "I'm from a village in Kerala, moved to Bangalore for uni": the same "I" goes on
    rx(
        r"^\W*I(?:'m|\s+am|\s+was|\s+grew)\b[^.!?]*?(?:,\s*|\s+and\s+|\s+but\s+)(?:then\s+)?"
        r"(?:just\s+|recently\s+|later\s+)?(?:moved|relocated)\s+(?:back\s+)?to\s+"
    ),
)
_HOUSING = (
    r"(?:apartment|flat|house|condo|studio|loft|place|room|dorm|townhouse|cabin|bungalow|duplex|"
    r"trailer|unit)"
)
_LIVE_HOUSING = (
    rx(
        rf"\bI(?:\s+(?:currently|now|still))?(?:'ve\s+got|\s+have|\s+rent|\s+own|\s+bought|"
        rf"\s+share|\s+live\s+in|'m\s+living\s+in)\s+(?:a|an|"
        rf"my|this)\s+((?:[\w-]+\s+){{0,3}}?{_HOUSING})\s+(?:in|on|near|outside(?:\s+of)?)\s+"
    ),
    rx(rf"\bmy\s+((?:[\w-]+\s+){{0,2}}?{_HOUSING})\s+(?:in|on)\s+"),
)
# "I moved out of my small room in Leeds": the place left is not where one lives
_LEFT_HOUSING = rx(r"\b(?:out\s+of|left|leaving|leave|sold|selling)\s+(?:\w+\s+)?$")
# after a move: "now I'm in Hull, near the docks", "Goodbye Derby, hello Hull" (the message
# must speak of the move), "long drive home to Derby tonight" (a daily trip home)
_MOVE_CUE = rx(
    r"\b(?:moved|moving|move|new\s+(?:place|flat|house|apartment|room)|keys|unpack\w*|"
    r"boxes|landlady|landlord)\b"
)
_NOW_IN = rx(r"(?:^|,\s*|\band\s+)now\s+(?:I'm|I\s+am|we're|we\s+are)\s+(?:living\s+)?in\s+")
_BYE_HELLO = rx(r"\b(?:good)?bye(?:\s+bye)?,?\s+([A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*),\s+hello,?\s+")
_HOME_TO = rx(
    r"\b(?:drive|drove|commute|bus|train|walk|ride)\s+home\s+to\s+(?=[A-Z][\w'-]*"
    r"(?:\s+[A-Z][\w'-]*)*\s+(?:tonight|after|from|again|every)\b)",
    0,
)


def r_places(s: str, m: Msg) -> Iterator[Candidate]:
    done = False
    for pat in _HOME:
        x = pat.search(s)
        if x and not _NEG_BEFORE.search(s[: x.start()] + " "):
            p = place(s[x.end() :])
            if p:
                yield cand("hometown", p, s, confidence=0.85)
                done = True
                break
    if not done:
        x = _HOME_BEFORE.search(s) or _NATIVE.search(s)
        if x and cap_name(x.group(1).split()[0]):
            yield cand("hometown", x.group(1), s, confidence=0.7)
    for pat in _LIVE:
        x = pat.search(s)
        if x:
            p = place(s[x.end() :])
            if not p:
                continue
            said = x.group(0).lower()
            moved = "moved" in said or "relocated" in said
            moving = "moving" in said or "relocating" in said
            prev = [v.split(" (")[0] for v in m.current("current_residence")]
            if moving:
                p = f"{p} (moving there)"
            if (moved or moving) and prev and head(prev[-1]) != head(p):
                p = f"{p} (moved from {prev[-1]})" if moved else f"{p[:-1]} from {prev[-1]})"
            elif moved:
                p = f"{p} (moved there)"
            yield cand("current_residence", p, s, confidence=0.85)
            return
    for pat, conf in ((_NOW_IN, 0.8), (_BYE_HELLO, 0.8), (_HOME_TO, 0.6)):
        x = pat.search(s)
        if not x or (pat is not _HOME_TO and not _MOVE_CUE.search(m.text)):
            continue
        p = place(s[x.end() :])
        known = [v.split(" (")[0] for v in m.current("current_residence")]
        left = x.group(1) if pat is _BYE_HELLO else (known[-1] if known else None)
        if p and left and head(left) != head(p) and pat is not _HOME_TO:
            p = f"{p} (moved from {left})"
        if p:
            yield cand("current_residence", p, s, confidence=conf)
            return
    for pat in _LIVE_HOUSING:
        x = pat.search(s)
        if x and not _LEFT_HOUSING.search(s[: x.start()]):
            p = place(s[x.end() :])
            if p:
                yield cand("current_residence", f"{p} ({x.group(1).strip()})", s, confidence=0.8)
                return


# ---------------------------------------------------------------- job, workplace, school

_JOB = alt(JOBS)
_JOB_IM = rx(
    rf"\b{_IM}\s+(?:(?:currently|now|actually|officially|finally|technically|basically|"
    rf"literally|still|also)\s+)*(an?)\s+((?:[\w-]+\s+){{0,4}}?{_JOB})\b(?!'s|\s+(?:at\s+heart|of\s+my|"
    rf"by\s+nature))"
)
_JOB_AS = rx(
    r"\bI(?:\s+|(?='))(?:work|'m\s+working|am\s+working|started\s+working|"
    r"now\s+work)\s+as\s+(?:an?\s+)?|"
    # a new job's first days: "today my first day as junior designer", "first week being nurse"
    r"\b(?:my\s+)?first\s+(?:day|week|month|shift)\s+(?:at\s+work\s+)?(?:as|being)\s+"
    r"(?:an?\s+)?(?=(?:[\w-]+\s+){0,3}?(?:[\w-]+(?:er|or|ist|ian|ant|ent)|nurse|"
    r"engineer|assistant|clerk|chef|cook|agent)\b)"
)
_TEACH = rx(
    r"\bI(?:\s+|(?='))(?:teach|'ve\s+been\s+teaching)\s+(?!(?:myself|him|her|them|you|my|"
    r"people|kids\s+how)\b)"
)
_LIVING = rx(r"\bI(?:\s+|(?='))(?:do|make)\s+([\w\s-]{2,30}?)\s+for\s+a\s+living\b")
# "been driving trucks for 12 years", "I drive a cab for a living": the vehicle names the job
_VEHICLE = (
    r"(truck|bus|cab|taxi|forklift|ambulance|lorry|lorrie|tractor|delivery\s+van|train|"
    r"school\s+bus|semi)"
)
_DRIVE = rx(
    rf"\bI(?:'ve\s+been|\s+have\s+been|'m|\s+am)?(?:\s+|(?='))(?:drive|driving)\s+(?:an?\s+)?"
    rf"{_VEHICLE}(?:e?s)?\s+(?:for\s+(?:a\s+living|work|a\s+company|(?:\w+|\d+)\s+"
    rf"(?:years?|yrs?)|a\s+few\s+years|years)|professionally)\b|"
    # a new job that is driving: "next month I start driving a school bus", "first week
    # driving the bus went great"
    rf"\b(?:I(?:\s+|(?='))(?:just\s+|finally\s+)?(?:start|started|began|'m\s+starting|"
    rf"am\s+starting|got\s+a\s+job)|my\s+first\s+(?:day|week|month|shift))\s+"
    rf"(?:of\s+)?driving\s+(?:an?\s+|the\s+)?{_VEHICLE}\b"
)
# "I spent twenty-two years as an insurance claims adjuster"
_SPENT_AS = rx(
    rf"\bI(?:'ve|\s+have)?\s+(?:spent|worked)\s+(?:the\s+last\s+|over\s+|almost\s+|nearly\s+)?"
    rf"(?:{N}|\w+-\w+|a\s+decade|decades)\s+(?:years?\s+)?as\s+(?:an?\s+)?"
)
_JOB_STATE = rx(
    rf"\b{_IM}\s+(?:currently\s+|now\s+)?(unemployed|retired|between\s+jobs|self-employed|"
    rf"a\s+stay-at-home\s+(?:mom|dad|parent)|a\s+full-time\s+student|job\s+hunting)\b"
)
_WORK_AT = rx(
    r"\bI(?:\s+|(?='))(?:currently\s+|now\s+|still\s+)?(?:work|'ve\s+been\s+working|"
    r"'m\s+working)\s+(?:at|for)\s+"
)
_WORK_IN = rx(
    r"\bI(?:\s+|(?='))(?:currently\s+|now\s+)?work\s+in\s+(?!(?:the\s+)?(?:morning|evening|"
    r"afternoon|summer|winter)\b)"
)
_NEW_JOB = rx(
    r"\bI(?:\s+|(?='))(?:just\s+)?(?:got|landed|started|"
    r"took)\s+(?:a\s+)?(?:new\s+)?(part[\s-]time\s+)?job\s+(at|as)\s+(?:an?\s+)?"
)
_PART_TIME = rx(
    r"\b(?:I(?:\s+|(?='))(?:also\s+)?(?:work|have\s+a\s+job|"
    r"'ve\s+got\s+a\s+job)\s+part[\s-]time\s+(?:at|in|as)|my\s+part[\s-]time\s+(?:job|"
    r"gig)\s+(?:is\s+)?(?:at|as)|I(?:\s+|(?='))(?:also\s+)?work\s+(?:weekends|nights|evenings|"
    r"shifts)\s+at)\s+(?:an?\s+)?"
)
_QUIT = rx(
    r"\bI(?:\s+|(?='))(?:just\s+|finally\s+)?(?:quit|left|lost|got\s+fired\s+from|"
    r"got\s+laid\s+off\s+from|resigned\s+from)\s+(?:my\s+|the\s+)?((?:[\w-]+\s+){0,3}?)(job|"
    r"gig|work|position)\b(?:\s+at\s+(?:the\s+|a\s+)?([^,.;!?]+?))?(?=\s*(?:[,.;!?]|$|"
    r"\s+(?:and|so|but|now|last|yesterday|today)\b))"
)
_ORG_CUT = rx(
    r"\s+(?:as|in|on|for|since|because|and|but|so|now|every|which|where|near|downtown|studying|"
    r"majoring|working|doing|last|this|yesterday|today|recently|ago)\b"
)


def _org(rest: str) -> str | None:
    c = re.search(r"\s+(?:and|but|so)\s+", rest)
    if c:
        rest = rest[: c.start()]
    p = phrase(rest, 6)
    if not p:
        return None
    c = _ORG_CUT.search(p)
    if c:
        p = p[: c.start()]
    return p.strip() or None


def r_work(s: str, m: Msg) -> Iterator[Candidate]:
    quit_subject: str | None = None
    x = _QUIT.search(s)
    if x:
        kind = (x.group(1) or "").lower()
        where = (x.group(3) or "").strip()
        target = head(where or kind) or "job"
        matched = ""
        for key in ("part_time_job", "workplace", "job"):
            for v in m.current(key):
                if target in head(v) or head(v) in target:
                    quit_subject, matched = key, v
                    break
            if quit_subject:
                break
        if quit_subject is None:
            quit_subject = "part_time_job" if "part" in kind else "workplace" if where else "job"
        where = where or matched
        new = _WORK_AT.search(s[x.end() :]) or _NEW_JOB.search(s[x.end() :])
        if not new:
            yield cand(quit_subject, where or f"{kind}{x.group(2)}".strip(), s, mode="end")
        else:
            o = _org(s[x.end() + new.end() :])
            if o:
                yield cand(
                    quit_subject, f"{o} (quit {'the ' + where if where else 'previous job'})", s
                )
            return
    x = _PART_TIME.search(s)
    if x:
        o = _org(s[x.end() :])
        if o:
            yield cand("part_time_job", o, s, confidence=0.85)
            return
    x = _NEW_JOB.search(s)
    if x:
        o = _org(s[x.end() :])
        if o:
            subj = (
                "part_time_job"
                if x.group(1)
                else ("workplace" if x.group(2).lower() == "at" else "job")
            )
            yield cand(subj, f"{o} (new job)", s, confidence=0.85)
            return
    x = _TEACH.search(s)
    if x:
        p = phrase(re.split(r"\s+and\s+", s[x.end() :])[0], 5)
        if p:
            p = re.split(r"\s+(?:at|in|to|for|on)\s+", p)[0]
            yield cand("job", f"{p} teacher", s, confidence=0.8)
            at = re.search(r"\s+at\s+(?=[A-Z])", s[x.end() :])
            if at:
                o = _org(s[x.end() + at.end() :])
                if o:
                    yield cand("workplace", o, s, confidence=0.75)
    x = _JOB_AS.search(s)
    if x:
        clause = re.split(r"[,;]|\s+(?:and|but|so)\s+", s[x.end() :])[0]
        job, *where = re.split(r"\s+(?:at|for)\s+", clause, maxsplit=1)
        p = phrase(re.split(r"\s+(?:in|is|was|and|but)\s+", job)[0], 5)
        if p:
            yield cand("job", p, s, confidence=0.85)
            o = _org(where[0]) if where else None
            if o and not _WORK_AT.search(s):
                yield cand("workplace", re.sub(r"^(?:an?|the)\s+", "", o), s, confidence=0.75)
    x = _JOB_IM.search(s)
    if x and not re.search(r"\b(?:fan|lover|enthusiast|person|wannabe)\b", x.group(2), re.I):
        neg = bool(re.search(r"\bnot\s+(?:an?\s+)?$", s[: x.start(1)]))
        yield cand("job", x.group(2), s, negated=neg, confidence=0.8)
        at = re.match(r"\s+(?:at|for|with)\s+", s[x.end() :])
        if at and not neg:
            o = _org(s[x.end() + at.end() :])
            if o:
                yield cand("workplace", o, s, confidence=0.75)
    x = _LIVING.search(s)
    if x:
        yield cand("job", f"{x.group(1).strip()} (for a living)", s)
    x = _SPENT_AS.search(s)
    p = phrase(s[x.end() :], 8) if x else None
    if x and p:
        p, *after = re.split(r"\s+(?=(?:before|until|then|in|at|for|with|on)\b)", p, maxsplit=1)
        last = p.split()[-1].lower()
        if not (after and after[0].startswith(("before", "until", "then"))) and (
            re.search(_JOB + "$", p, re.I) or re.search(r"(?:[^e]er|or|ist|ian)$", last)
        ):
            yield cand("job", p, s, confidence=0.7)
    x = _DRIVE.search(s)
    if x:
        vehicle = (x.group(1) or x.group(2)).lower().replace("lorrie", "lorry")
        yield cand("job", f"{vehicle} driver", s, confidence=0.75)
    x = _JOB_STATE.search(s)
    if x:
        yield cand("job", x.group(1), s, confidence=0.8)
    x = _WORK_AT.search(s)
    if x and quit_subject is None:
        o = _org(s[x.end() :])
        if o:
            yield cand("workplace", o, s, confidence=0.8)
    x = _WORK_IN.search(s)
    if x:
        p = _org(s[x.end() :])
        if p and (not p[0].isupper() or re.match(r"[A-Z]{2,3}(?:\s|$)", p)):
            if re.match(r"(?:an?|the)\s", p):
                yield cand("workplace", p, s, confidence=0.7)
            else:
                yield cand("job", f"works in {p}", s, confidence=0.7)


_STUDY = rx(
    r"\bI(?:\s+|(?='))(?:study|'m\s+studying|am\s+studying|major\s+in|'m\s+majoring\s+in|"
    r"am\s+majoring\s+in|majored\s+in|studied)\s+(?!for\b|hard\b|a\s+lot\b|every\b|late\b|"
    r"at\s+night\b)"
)
_MAJOR = rx(
    r"\bmy\s+major\s+(?:is|was)\s+|(?:,|\band)\s+(?:I'm\s+)?majoring\s+in\s+|\b(?:I'm|"
    r"I\s+am)\s+an?\s+((?:[\w-]+\s+){0,2}?)major\b"
)
_YEAR = (
    r"(?:freshman|sophomore|junior|senior|first-year|second-year|third-year|fourth-year|"
    r"grad\s+student|graduate\s+student|PhD\s+student|phd\s+candidate|student|undergrad|"
    r"med\s+student|law\s+student)"
)
_STUDENT_AT = rx(
    rf"(?:\b{_IM}|,)\s+(?:an?\s+)?({_YEAR}|in\s+my\s+\w+\s+year(?:\s+of\s+\w+)?)\s+(?:at|in)\s+"
)
_STUDYING = rx(r"\b(?:studying|majoring\s+in)\s+")
_IN_SCHOOL = rx(
    r"\b(?:I'm|I\s+am)\s+(?:still\s+)?in\s+((?:high|middle|grad|graduate|med|medical|law|"
    r"nursing|art|culinary)\s+school|college|university|uni|"
    r"my\s+\w+\s+year(?:\s+of\s+\w+(?:\s+school)?)?)\b"
)
_GO_TO = rx(
    r"\bI(?:\s+|(?='))(?:go\s+to|attend|'m\s+enrolled\s+at|graduated\s+from|"
    r"'m\s+a\s+student\s+at)\s+"
)
_GO_TO_KIND = rx(
    r"\bI(?:\s+|(?='))(?:go\s+to|attend|'m\s+enrolled\s+(?:at|in))\s+(?:a\s+|the\s+)?((?:community|"
    r"junior|night|grad|graduate|art|law|med|medical|nursing|trade|beauty|culinary|high|middle|"
    r"boarding|private|public|catholic)\s+(?:school|college)|college|uni|university)\b"
)
# "last time I go to ER": a hospital ward or an office is not a school
_NOT_SCHOOL = re.compile(r"^(?:ER|ED|ICU|A&E|GP|OR|DMV|IKEA|HR|IT)$")
_SCHOOLISH = re.compile(
    r"\b(?:School|University|College|High|Academy|Institute|Tech|State|U|Polytechnic|"
    r"Conservatory)\b|^[A-Z]{2,6}$"
)


def r_school(s: str, m: Msg) -> Iterator[Candidate]:
    x = _STUDY.search(s)
    if x:
        p = phrase(s[x.end() :], 5)
        if p:
            parts = re.split(r"\s+(?:at|in)\s+", p, maxsplit=1)
            past = x.group(0).lower().rstrip().endswith(("majored in", "studied"))
            yield cand("major", parts[0] + (" (studied)" if past else ""), s, confidence=0.75)
            if len(parts) == 2 and parts[1][:1].isupper():
                yield cand("school", parts[1], s, confidence=0.75)
    x = _MAJOR.search(s)
    if x:
        p = x.group(1) if x.group(1) else phrase(s[x.end() :], 4)
        if p:
            yield cand("major", p.strip(), s, confidence=0.8)
    x = _STUDENT_AT.search(s)
    if x:
        o = _org(s[x.end() :])
        if o and o[0].isupper():
            yield cand("school", f"{o} ({x.group(1)})", s, confidence=0.8)
            st = _STUDYING.search(s, x.end())
            p = phrase(s[st.end() :], 4) if st else None
            if p and not _STUDY.search(s):
                yield cand("major", p, s, confidence=0.7)
            return
    x = _IN_SCHOOL.search(s)
    if x:
        yield cand("school", x.group(1), s, confidence=0.7)
    x = _GO_TO_KIND.search(s)
    if x:
        yield cand("school", x.group(1).lower(), s, confidence=0.7)
        return
    x = _GO_TO.search(s)
    if x:
        o = _org(s[x.end() :])
        if o and _SCHOOLISH.search(o) and not _NOT_SCHOOL.match(o):
            grad = "graduated" in x.group(0).lower()
            yield cand("school", o + (" (graduated)" if grad else ""), s, confidence=0.8)


SENTENCE_RULES = (r_places, r_work, r_school)
