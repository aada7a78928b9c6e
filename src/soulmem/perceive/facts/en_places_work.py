"""English rules for where the user is from and lives, and what they do: hometown,
residence, job, workplace, part-time job, school, major."""

from __future__ import annotations

import re
from collections.abc import Generator, Iterator

from soulmem.perceive.facts.base import Candidate
from soulmem.perceive.facts.en_lex import (
    HOUSING,
    JOBS,
    NUMBER_RE,
    alt,
)
from soulmem.perceive.facts.en_util import FIRST, Msg, cand, cap_name, head, phrase, place, rx

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
_SPOT_IN = rx(
    r"(?:a|an|the|my)\s+(?:[\w'-]+\s+){0,3}?[\w'-]+,?\s+(?:(?:out|up|down|over|back)\s+)?(?:in|near|"
    r"outside(?:\s+of)?)\s+(?=(?-i:[A-Z]))"
)
_HOME_BEFORE = re.compile(
    r"([A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*)*)(?:,\s*[A-Z][\w.'-]*)?,?\s+(?:where\s+I\s+grew\s+up|"
    r"born\s+and\s+raised)\b"
)
_NATIVE = re.compile(r"\b(?:I'm|I\s+am)\s+an?\s+([A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*)*)\s+native\b")
_LIVE = (
    rx(
        r"\bI(?:\s+|(?='))(?:(?:currently|now|still|actually|officially|finally)\s+)?(?:live|"
        r"'m\s+(?:now\s+|currently\s+|"
        r"still\s+)?living|"
        r"am\s+living|'ve\s+been\s+living|reside|'m\s+based|am\s+based|'ve\s+lived|"
        r"have\s+lived|lived(?=\s+\S+(?:\s+[A-Z]\S*)*,?\s+(?:my\s+whole\s+life|all\s+my\s+life)))"
        r"\s+(?:(?:out|up|down|over)\s+)?(?:in|on|near|"
        r"outside(?:\s+of)?)\s+"
    ),
    rx(
        r"(?:\b(?:I|we)(?:'ve|\s+have)?\s+|^\W*)(?:just\s+|recently\s+|finally\s+|officially\s+)?"
        r"(?:moved|shifted|shift|"
        r"relocated)\s+(?:back\s+|up\s+|down\s+|over\s+|out\s+)?(?:to|into)\s+"
    ),
    # "I stay in Paisley these days" (Scots and Irish English for living there)
    rx(
        r"(?:\bI\s+(?:(?:still|now|currently)\s+)?|^\W*(?:(?:and|but|so|well)\s+)?)stay\s+in\s+"
        r"(?=(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*)*(?:\s+(?:these\s+days|now|nowadays)\b"
        r"|\s+with\s+(?:my|our)\s+[\w-]+\s*(?:[,.;!]|$)|\s*[,.;!]|$))"
    ),
    # "now renting in Annerley with two housemates", "I've been renting in Leeds"
    rx(
        r"(?:\b(?:I|we)(?:'m|\s+am|'re|\s+are|'ve\s+been|\s+have\s+been)\s+(?:now\s+)?|"
        r"(?<!\bis\s)(?<!\bare\s)(?<!\bwas\s)(?<!'s\s)\b(?:now|currently|still)\s+)"
        r"renting\s+(?:in|on|near)\s+"
    ),
    # "I'm moving to Boise next week", "we're relocating to Denver": a move under way
    rx(
        r"\b(?:I'm|I\s+am|we're|we\s+are)\s+(?:(?:finally|officially|actually|really|"
        r"definitely|now)\s+)?(?:moving|relocating|shifting)\s+(?:back\s+)?to\s+"
    ),
    # "I've been in London for ten years", "been down here in Footscray going on twelve years":
    # a stay counted in years is where one lives
    rx(
        r"(?:\bI(?:'ve|\s+have)\s+|^\W*(?:(?:ha|haha|lol|yeah|yep|and|so|well|oh|ah|ok)\W+)*)been\s+(?:living\s+|based\s+|"
        r"(?:down|up|out|over|back)\s+here\s+)?in\s+(?=[A-Z][\w'-]*(?:\s+[A-Z]"
        r"[\w'-]*)*,?\s+(?:(?:for|going\s+on)\s+(?:about\s+|like\s+|almost\s+|over\s+|"
        r"nearly\s+)?(?:\w+\s+)?(?:years|"
        r"months|a\s+year|a\s+decade)|since\s+(?:19|20)\d\d)\b)",
        0,
    ),
    # "I'm from a village in Kerala, moved to Bangalore for uni": the same "I" goes on
    rx(
        r"^\W*(?:I|we)(?:'m|\s+am|\s+was|\s+grew|\s+(?!(?:said|told|think|thought|heard|"
        r"know|knew|wish|hope|helped)\b)[a-z]+ed(?:\s+up)?)\b[^.!?]*?(?:,\s*|\s+and\s+|\s+but\s+)"
        r"(?:then\s+)?(?:just\s+|recently\s+|later\s+|finally\s+)?(?:moved|relocated)\s+"
        r"(?:back\s+)?to\s+"
    ),
)
_HOUSING = HOUSING
_LIVE_HOUSING = (
    rx(
        rf"(?:\bI(?:\s+(?:currently|now|still))?|^\W*(?:now|currently)(?=\s+rent))(?:'ve\s+got|"
        rf"'ve(?=\s+(?:a|an)\s)|\s+have|\s+rent|\s+own|\s+bought|"
        rf"\s+share|\s+live\s+in|'m\s+living\s+in)\s+(?:a|an|one|"
        rf"my|this)\s+((?:[\w-]+\s+){{0,3}}?{_HOUSING})\s+(?:in|on|near|outside(?:\s+of)?)\s+"
    ),
    rx(rf"\bmy\s+((?:[\w-]+\s+){{0,2}}?{_HOUSING})\s+(?:in|on)\s+"),
    # "I signed the papers yesterday on a little condo in Marietta"
    rx(
        rf"\b(?:I|we|me\s+and\s+\w+|\w+\s+and\s+I)\s+(?:just\s+|finally\s+)?signed\s+"
        rf"(?:(?:the\s+papers|a\s+lease)\s+(?:\w+\s+)?)?(?:on|for)\s+(?:a|an|our|my)\s+"
        rf"((?:[\w-]+\s+){{0,3}}?(?:{_HOUSING}|\d\s*bed(?:room)?))\s+(?:in|on)\s+"
    ),
    # "these days I'm on about ten acres outside Lampasas": land lived on
    rx(
        rf"\b(?:{_IM}|we're|we\s+are)\s+(?:out\s+|still\s+|now\s+)?on\s+(?:about\s+|around\s+|"
        r"some\s+)?((?:\w+|\d+)\s+acres)\s+(?:outside(?:\s+of)?|near|in|just\s+outside)\s+"
    ),
    # "I live above a bakery in Camden", "we live next to a pub in Leith"
    rx(
        r"\b(?:I|we)(?:\s+(?:currently|now|still))?\s+live\s+((?:right\s+)?(?:above|over|below|"
        r"under|next\s+to|opposite|behind|across\s+from)\s+(?:a|an|the)\s+(?:[\w'-]+\s+){0,2}?"
        r"[\w'-]+)\s+(?:in|on)\s+"
    ),
    # "I'm the one in a tiny flat in Headingley", "I'm in a shared house in Leeds"
    rx(
        rf"\b{_IM}\s+(?:(?:the\s+one|still|currently|now)\s+)?(?:living\s+|stuck\s+|crammed\s+|"
        rf"squeezed\s+|holed\s+up\s+|renting\s+)?in\s+(?:a|an|my|this|one\s+of\s+the)"
        rf"\s+((?:[\w-]+\s+){{0,3}}?{_HOUSING})s?\s+(?:in|on|near|outside(?:\s+of)?)\s+"
    ),
)
# "we are out of annerley got a granny flat in wynnum, moved everything in on sat": a home
# taken with the subject left out, in a message about a move, with no one else before it
_GOT_HOME = rx(
    rf"\b(?:just\s+|finally\s+)?got\s+(?:a|an|our|my)\s+((?:[\w-]+\s+){{0,3}}?{_HOUSING})\s+"
    r"(?:in|on)\s+"
)
_SOMEONE = rx(
    r"\b(?:he|she|they|his|her|their|sister|brother|mum|mom|dad|parents|friend|mate|son|"
    r"daughter|cousin|neighbou?r)\b"
)
# "I'm in a cabin in Tahoe for the weekend": a stay, not a home
_A_STAY = rx(
    r"\s*,?\s*(?:for|this|on|over|until|till)\s+(?:the\s+|a\s+|my\s+)?(?:weekend|week|night|"
    r"holidays?|vacation|trip|few\s+days|work|conference|summer|month)\b"
)
# "my old flat in Leeds was tiny": a home one had before
_PAST_HOME = rx(
    r"\b(?:previous|former|last|childhood|student|uni|college|parents'?)\b|\bmy\s+old\s"
)
# "I moved out of my small room in Leeds": the place left is not where one lives
_LEFT_HOUSING = rx(r"\b(?:out\s+of|left|leaving|leave|sold|selling)\s+(?:\w+\s+)?$")
# after a move: "now I'm in Hull, near the docks", "Goodbye Derby, hello Hull" (the message
# must speak of the move), "long drive home to Derby tonight" (a daily trip home)
_MOVE_CUE = rx(
    r"\b(?:moved|moving|move|new\s+(?:place|flat|house|apartment|room)|keys|unpack\w*|"
    r"boxes|landlady|landlord|swapped|goodbye|bye\s+bye|farewell|first\s+night\s+there|(?:don't|do\s+not|no\s+longer)\s+live|"
    r"not\s+in\s+[A-Z][\w'-]*\s+any\s*more|left\s+(?-i:[A-Z])[\w'-]*\s+(?:for\s+good|after\s+\w+\s+years|behind))\b"
)
_NOW_IN = rx(
    r"(?:^|[,;—]\s*|\band\s+|\bbut\s+)(?:now\s+(?:I'm|I\s+am|we're|we\s+are)\s+(?:living\s+)?in\s+"
    r"|(?:I'm|I\s+am|we're|we\s+are)\s+(?:(?:now|officially|finally|actually|all|properly)\s+)*"
    r"(?:living\s+)?in\s+(?=(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*)*(?:\s+now\b|$|\s*[,.!;])))"
)
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
            rest = s[x.end() :]
            # "I grew up in a pub kitchen out in Broken Hill": the town after the spot
            spot = _SPOT_IN.match(rest)
            p = place(rest) or (place(rest[spot.end() :]) if spot else None)
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
    got = _GOT_HOME.search(s) if _MOVE_CUE.search(m.text) else None
    got = None if got is None or _SOMEONE.search(s[: got.start()]) else got
    for pat in (*_LIVE_HOUSING, _GOT_HOME):
        x = got if pat is _GOT_HOME else pat.search(s)
        left = pat is not _GOT_HOME and _LEFT_HOUSING.search(s[: x.start()]) if x else None
        if x and not left and not _PAST_HOME.search(x.group(0)):
            p = place(s[x.end() :])
            if p and not _A_STAY.match(s, x.end() + len(p)):
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
    r"\bI(?:\s+|(?='))(?:(?:now\s+|currently\s+)?work|'m\s+(?:now\s+|currently\s+|still\s+)?"
    r"working|am\s+(?:now\s+)?working|started\s+working|(?:re)?trained|qualified|"
    r"(?:just\s+)?started\s+out)\s+as\s+(?:an?\s+)?|"
    # a new job's first days: "today my first day as junior designer", "first week being nurse"
    r"\b(?:my\s+)?first\s+(?:day|week|month|shift)\s+(?:at\s+work\s+)?(?:as|being)\s+"
    r"(?:an?\s+)?(?=(?:[\w-]+\s+){0,3}?(?:[\w-]+(?:er|or|ist|ian|ant|ent)|nurse|"
    r"engineer|assistant|clerk|chef|cook|agent)\b)"
)
# "I'm a picker over at the parcel depot": an agent noun outside the job list, placed at a
# workplace
_WORKPLACE = (
    r"(?:depot|warehouse|factory|plant|site|hospital|shop|store|office|mill|yard|docks?|port|"
    r"airport|hotel|restaurant|cafe|supermarket|garage|farm|mine|bakery|salon|clinic|lab|"
    r"council|bank|call\s+cent(?:re|er)|distillery|brewery|quarry|rig|refinery|care\s+home|"
    r"nursing\s+home|firm|agency|studio|abattoir|sawmill|shipyard|laundry|print\s+shop)"
)
_AGENT_AT = rx(
    rf"\b{_IM}\s+(?:(?:just|only|currently|now|still)\s+)?an?\s+((?:[\w-]+\s+)??[a-z]+(?:er|or|"
    rf"ist|ian|hand))\s+(?:(?:over|down|up|out)\s+)?(?:at|in)\s+(?:the|a|an)\s+((?:[\w-]+\s+)"
    rf"{{0,2}}?{_WORKPLACE})\b"
)
_NOT_AGENT = frozenset(
    str.split(
        "member customer user beginner newcomer stranger winner loser other lover regular visitor "
        "prisoner passenger tourist outsider insider spectator supporter sucker survivor"
    )
)
# "Eleven hours scrubbed in today. When you're the scrub nurse on a long list you don't sit":
# a job told with a generic "you" by one who just spoke of their own working day
_GENERIC_YOU = rx(rf"\bwhen\s+you're\s+(?:the|a|an)\s+((?:[\w-]+\s+){{0,2}}?{_JOB})\b(?!'s)")
# "is that a me problem or a vet nurse problem": the user's own job set against themselves
_ME_OR_JOB = rx(
    rf"\ba\s+me\s+(problem|thing|issue)\s+or\s+an?\s+((?:[\w-]+\s+){{0,2}}?{_JOB})\s+\1\b"
)
_OWN_DAY = rx(
    r"\b(?:today|tonight|this\s+morning|my\s+shift|(?:\w+\s+)?hours|I\s+love|my\s+job|"
    r"at\s+work|I've\s+been|my\s+feet)\b"
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
# "I'm a sparky by trade"
_BY_TRADE = rx(rf"\b{_IM}\s+an?\s+((?:[\w-]+\s+)?[\w-]+)\s+by\s+trade\b")
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
    r"\bI(?:\s+|(?='))(?:just\s+|finally\s+|officially\s+)?(?:(?:got|landed|started|"
    r"took)\s+(?:a\s+)?(?:new\s+)?(part[\s-]time\s+)?job|(?:got|'ve\s+been|have\s+been|"
    r"was|'m|am)\s+(?:officially\s+)?(?:hired|taken\s+on))\s+(at|as|by)\s+(?:an?\s+)?"
    r"|\b(?!(?:nobody|never|not|didn't|won't|wouldn't|almost|nearly)\b)[\w'-]+\s+"
    r"(?:just\s+|finally\s+|officially\s+)?(?:hired\s+me|took\s+me\s+on)\s+"
    r"(at|as)\s+(?:an?\s+)?"
    # "I GOT IT!!! officially hired as a CNA at Harborview": the subject left out
    r"|^\W*(?:just\s+|finally\s+|officially\s+)+(?:got\s+)?hired\s+(as)\s+(?:an?\s+)?"
)
# "I work the dish room at the dining hall", "I work the front desk at a hotel": a station
_STATION = (
    r"(?:desk|counter|room|register|till|bar|floor|grill|line|door|kitchen|reception|station|"
    r"fryer|pit|booth|window|drive-thru|stall|checkout|tills|hatch|deli)"
)
_WORK_THE = rx(
    rf"\bI(?:\s+|(?='))(?:currently\s+|still\s+|also\s+|now\s+)?(?:work|'m\s+working|run|"
    rf"'m\s+on|man|staff)\s+(?:the\s+)?"
    rf"((?:[\w-]+\s+){{0,2}}?{_STATION})\s+(?:at|in|for|of)\s+"
)
# "I quit the dish room": what is quit names a current job or workplace
_QUIT_KNOWN = rx(
    r"\bI(?:\s+|(?='))(?:just\s+|finally\s+|officially\s+)?(?:quit|left|handed\s+in\s+my"
    r"\s+notice\s+at)\s+(?:my\s+|the\s+)?((?:[\w-]+\s+){0,3}?[\w-]+)\b"
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
    r"majoring|working|doing|last|this|yesterday|today|tonight|tomorrow|recently|ago)\b"
)


def _org(rest: str, most: int = 6) -> str | None:
    c = re.search(r"\s+(?:and|but|so)\s+|\s+(?:at|from|by|around)\s+\d", rest)
    if c:
        rest = rest[: c.start()]
    p = phrase(rest, most)
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
    if quit_subject is None:
        quit_subject = yield from _quit_known(s, m)
    x = _PART_TIME.search(s)
    if x:
        o = _org(s[x.end() :])
        if o:
            yield cand("part_time_job", o, s, confidence=0.85)
            return
    x = _NEW_JOB.search(s)
    if x:
        o = _org(s[x.end() :], 8)
        if o:
            subj = (
                "part_time_job"
                if x.group(1)
                else (
                    "workplace"
                    if (x.group(2) or x.group(3) or x.group(4) or "").lower() in ("at", "by")
                    else "job"
                )
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
    x = None if _JOB_IM.search(s) else _AGENT_AT.search(s)
    if x and x.group(1).split()[-1].lower() not in _NOT_AGENT:
        yield cand("job", f"{x.group(1)} ({x.group(2)})", s, confidence=0.7)
    x = _GENERIC_YOU.search(s)
    if x and FIRST.search(m.text) and _OWN_DAY.search(m.text) and not m.current("job"):
        yield cand("job", x.group(1), s, confidence=0.6)
    x = _ME_OR_JOB.search(m.text)
    if x and not m.current("job"):
        yield cand("job", x.group(2), x.group(0), confidence=0.6)
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
    x = _BY_TRADE.search(s)
    if x:
        yield cand("job", x.group(1), s, confidence=0.8)
    x = _JOB_STATE.search(s)
    if x:
        yield cand("job", x.group(1), s, confidence=0.8)
    x = _WORK_THE.search(s)
    if x:
        o = _org(s[x.end() :])
        if o:
            yield cand("workplace", f"{x.group(1).strip()} at {o}", s, confidence=0.75)
            return
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


def _quit_known(s: str, m: Msg) -> Generator[Candidate, None, str | None]:
    """ "I quit the dish room": the end of the current job or workplace it names (a value
    is returned only for the caller's bookkeeping)."""
    x = _QUIT_KNOWN.search(s)
    if not x or _NEG_BEFORE.search(s[: x.start()] + " "):
        return None
    words = x.group(1).casefold().split()
    for key in ("part_time_job", "workplace", "job"):
        for v in m.current(key):
            h = head(v)
            if len(" ".join(words)) >= 4 and (" ".join(words) in h or h in " ".join(words)):
                yield cand(key, v, s, mode="end", confidence=0.8)
                return key
    return None


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
