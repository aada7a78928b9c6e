"""English rules for a life that changes: a move told as "from X to Y" or only by the new
home, a new employer after leaving the old one, widowhood and a new partner.

They complete the plainer rules of ``en_places_work`` and ``en_relations`` so that a
correction closes the old value instead of leaving it shown as current.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from soulmem.perceive.facts.base import Candidate
from soulmem.perceive.facts.en_lex import (
    HOUSING,
    JOBS,
    MONTHS,
    NOT_NAMES_CF,
    NUMBER_RE,
    alt,
    categorize,
)
from soulmem.perceive.facts.en_util import (
    FIRST,
    NAME,
    Msg,
    cand,
    cap_name,
    head,
    phrase,
    place,
    rx,
)

__all__ = ["MESSAGE_RULES", "SENTENCE_RULES"]

N = NUMBER_RE

# ---------------------------------------------------------------- moves

_ADV = r"(?:(?:just|finally|recently|officially|actually|now|all)\s+)*"
# "we moved from Denver to Austin", "I relocated back from Leeds to York"
_FROM_TO = rx(
    rf"\b(?:I|we)(?:'ve|\s+have)?\s+{_ADV}(?:moved|relocated|upped\s+sticks)\s+(?:(?:all\s+the\s+"
    rf"way|back|house)\s+)?from\s+"
)
# "an empty apartment in Minneapolis", "our new flat in Glasgow", "the keys to a house in
# Bristol": a new home, said by one who speaks of themselves
_NEW_HOME = rx(
    rf"\b(?:(?:an?|my|our)\s+(?:brand[\s-]new|new|empty)\s+(?:[\w-]+\s+){{0,2}}?{HOUSING}|"
    rf"(?:keys\s+to|moved\s+into|moving\s+into|moved\s+in\s+to|and\s+into|(?:signed|got)\s+(?:the\s+|a\s+)?"
    rf"(?:lease|tenancy|mortgage)\s+(?:on|for))\s+(?:an?|the|my|our)\s+"
    rf"(?:[\w-]+\s+){{0,2}}?{HOUSING})\s+(?:in|on)\s+"
)
# the speaker, or a chat sentence that dropped its "I": "Just signed the lease on a flat"
_SELF = rx(
    r"\b(?:I|I'm|I've|I'd|me|my|we|we're|we've|our|us)\b|^\W*(?:just\s+|finally\s+)?[a-z]+ed\b"
)
# a clause whose subject is someone else: "My brother got a job and started at Google"
_THEIR_CLAUSE = rx(
    rf"^\W*(?:(?:so|and|but|well|oh)\W+)*(?:(?:my|our|his|her|their|your)\s+(?!\w+\s+and\s+I\b)|"
    rf"(?-i:He|She|They)\b|(?P<name>{NAME})\s+(?!and\s+I\b)(?:\w+\s+)?(?:is|was|has|had|just|"
    r"got|started|moved|swapped|left|quit)\b)"
)


def _theirs(before: str) -> bool:
    """The clause before a match has someone else as its subject."""
    x = _THEIR_CLAUSE.search(before)
    if x is None:
        return False
    return not x.group("name") or cap_name(x.group("name"))


_OTHERS = rx(r"\b(?:his|her|their|your|friend's|sister's|brother's|mum's|mom's|parents')\b")
# "goodbye Pittsburgh", "so long, Leeds": a farewell to the place one lived
_BYE = rx(r"\b(?:good)?bye,?\s+|\bfarewell,?\s+|\bso\s+long,?\s+")


def _moved_to(new: str, m: Msg, otherwise: str = "") -> str:
    """The new home's value, with the home the message left beside it ("Leeds (moved from
    York)"), else with ``otherwise`` in brackets, if any."""
    old = _left_home(m)
    detail = f"moved from {old}" if old and head(old) != head(new) else otherwise
    return f"{new} ({detail})" if detail else new


def _left_home(m: Msg) -> str | None:
    """The current home the message says goodbye to or moved away from."""
    known = [v.split(" (")[0] for v in m.current("current_residence")]
    for k in known:
        cut = re.escape(head(k).split(",")[0])
        if re.search(
            rf"(?:{_BYE.pattern})\s*{cut}\b|\b(?:left|leaving|from|out\s+of)\s+{cut}\b",
            m.text,
            re.I,
        ):
            return k
    return None


# "these days I'm in Pittsburgh though": where one is now, not a trip
_THESE_DAYS = rx(
    r"\b(?:these\s+days|nowadays|now)\s*,?\s+(?:I'm|I\s+am|we're|we\s+are|my\s+(?:wife|husband|"
    r"partner|family|kids|girlfriend|boyfriend)\s+and\s+I\s+(?:are|live))\s+(?:(?:living|based|"
    r"settled|out|down|up|over)\s+)?in\s+(?=(?-i:[A-Z]))"
)
_A_STAY = rx(
    r"\s*,?\s*(?:for|on|over|until|till|this)\s+(?:the\s+|a\s+|my\s+)?(?:weekend|week|night|"
    r"holidays?|vacation|trip|few\s+days|work|conference|summer|month|business)\b"
)


# "I'm officially a Bristol resident now", "I'm a proper Londoner now"
_RESIDENT = rx(
    r"\b(?:I'm|I\s+am|we're|we\s+are)\s+(?:(?:now|officially|finally|a\s+proper|proper)\s+)*"
    r"(?:an?\s+)?(?:(?:proper|official|full-time|permanent)\s+)?(?=(?-i:[A-Z])[\w'-]+(?:\s+"
    r"(?-i:[A-Z])[\w'-]+)?\s+(?:resident|local)s?\b)"
)
# "I am now officially a resident of Weston-super-Mare"
_RESIDENT_OF = rx(
    r"\b(?:I'm|I\s+am|we're|we\s+are)\s+(?:(?:now|officially|finally|proudly)\s+)*(?:an?\s+)?"
    r"(?:(?:new|proud|official|permanent)\s+)?(?:resident|local)s?\s+of\s+(?=(?-i:[A-Z]))"
)
# "as of this weekend I'm officially a Guelph person": one of the place's people now (said
# without "now" or "officially", "a Moncton girl" is where one comes from)
_NOW_A_LOCAL = rx(
    r"\b(?:I'm|I\s+am|we're|we\s+are)\s+(?:(?:now|officially|finally)\s+)+(?:an?\s+)?"
    r"(?=(?-i:[A-Z])[\w'-]+(?:\s+(?-i:[A-Z])[\w'-]+)?\s+(?:person|people|girl|guy|gal|lady|"
    r"family)\b)"
)
# "I finally packed up and moved back to Newcastle", "we sold the house and relocated to Perth"
_AND_MOVED = rx(
    r"\b(?:I|we)\s+(?:(?:just|finally|then|eventually)\s+)?(?:[a-z]+ed|sold|quit|left|"
    r"found|got)\b[^,.;!?]{0,30}?\s+and\s+(?:then\s+)?(?:just\s+|finally\s+)?(?:moved|"
    r"relocated)\s+(?:back\s+|over\s+)?to\s+"
)


# "Swapped Leeds for York last month", "traded the city for a village in Devon"
_SWAPPED = rx(r"\b(?:swapped|traded|exchanged|ditched|left)\s+")
# after a farewell to the known home: "We're in York now after leaving Leeds"
_NOW_HERE = rx(
    r"\b(?:I'm|I\s+am|we're|we\s+are)\s+(?:now\s+|finally\s+|all\s+)?(?:living\s+|based\s+|"
    r"settled\s+)?in\s+(?=(?-i:[A-Z]))"
)


def r_moves(s: str, m: Msg) -> Iterator[Candidate]:
    x = _SWAPPED.search(s)
    old = place(s[x.end() :]) if x else None
    known = {head(v.split(" (")[0]) for v in m.current("current_residence")}
    if x and old and head(old) in known and not _theirs(s[: x.start()]):
        to = re.match(r"\s+for\s+", s[x.end() + len(old) :])
        new = place(s[x.end() + len(old) + to.end() :]) if to else None
        if new:
            yield cand("current_residence", f"{new} (moved from {old})", s, confidence=0.8)
            return
    x = _NOW_HERE.search(s)
    gone = _left_home(m) if x else None
    new = place(s[x.end() :]) if x and gone else None
    if x and new and gone and head(new) != head(gone) and not _A_STAY.match(s, x.end() + len(new)):
        yield cand("current_residence", f"{new} (moved from {gone})", s, confidence=0.75)
        return
    for pat in (_RESIDENT, _AND_MOVED, _RESIDENT_OF, _NOW_A_LOCAL):
        x = pat.search(s)
        new = place(s[x.end() :]) if x else None
        if x and new and not _OTHERS.search(s[: x.start()]):
            new = re.sub(
                r"\s+(?:resident|local|person|people|girl|guy|gal|lady|family)s?$", "", new
            )
            yield cand("current_residence", _moved_to(new, m), s, confidence=0.8)
            return
    x = _THESE_DAYS.search(s)
    if x:
        new = place(s[x.end() :])
        if new and not _A_STAY.match(s, x.end() + len(new)):
            yield cand("current_residence", _moved_to(new, m), s, confidence=0.8)
            return
    x = _FROM_TO.search(s)
    if x:
        old = place(s[x.end() :])
        if old:
            to = re.match(r"[^.!?;]{0,20}?\s+to\s+", s[x.end() + len(old) :])
            new = place(s[x.end() + len(old) + to.end() :]) if to else None
            if new and head(new) != head(old):
                yield cand("current_residence", f"{new} (moved from {old})", s, confidence=0.85)
                return
    x = _NEW_HOME.search(s)
    if x and _SELF.search(s) and not _OTHERS.search(s[: x.start() + 30]):
        new = place(s[x.end() :])
        if new and new.split()[0].casefold() not in MONTHS:
            yield cand("current_residence", _moved_to(new, m, "new home"), s, confidence=0.8)


# ---------------------------------------------------------------- a new employer

_WORK_CUE = rx(
    r"\b(?:job|offer|notice|quit|quitting|leaving|left|hired|resign\w*|role|position|company|"
    r"employer|boss|office|work\w*|career|startup|firm|team|interview\w*|shift|contract)\b"
)
# "starting at Fernwick Labs in two weeks", "I start at Brightwave on Monday", "joined Acme"
_START_AT = rx(
    r"(?:^\W*|,\s*|\band\s+|\b(?:I|I'm|I\s+am|I'll\s+be|I've)\s+)(?:(?:just|finally|officially|"
    r"now|then)\s+)*(?:start|starting|started|began|begin|joined|joining)\s+(?:(?:work|"
    r"working|a\s+new\s+job|my\s+new\s+job|a\s+new\s+role)\s+)?(?:at\s+|with\s+(?=the\s+)?)?"
    r"(?:the\s+)?(?=(?-i:[A-Z]))"
)
# "leaving Tallyfox after four years": the employer left
_LEAVING = rx(
    r"\b(?:leaving|left|quitting|quit|resigned\s+from|handed\s+in\s+my\s+notice\s+at|"
    r"(?:made|was\s+made)\s+redundant\s+(?:from|at|by)|laid\s+off\s+(?:from|at|by)|"
    r"let\s+go\s+(?:from|at|by)|fired\s+from|no\s+longer\s+(?:at|with|working\s+at))\s+"
    r"(?:my\s+job\s+at\s+|my\s+\w+\s+at\s+)?(?=(?-i:[A-Z]))"
)
# "at a startup called Tallyfox", "for a little firm named Oakridge"
_CALLED = rx(
    r"\b(?:at|for|with)\s+(?:an?|this)\s+(?:[\w-]+\s+){0,2}?(?:startup|company|firm|agency|"
    r"studio|shop|bakery|restaurant|cafe|café|clinic|lab|practice|business|charity|"
    r"consultancy|publisher|warehouse|factory|hotel|bar|pub)\s+(?:called|named)\s+(?=(?-i:[A-Z]))"
)
_JOB_WORDS = rx(r"\bI(?:\s+|')(?:\w+\s+){0,2}?(?:work|write|build|code|run|manage|do|make|am|m)\b")


def _org(rest: str) -> str | None:
    p = place(rest)
    if not p:
        return None
    first = p.split()[0].casefold()
    if first in MONTHS or first in NOT_NAMES_CF or first in ("i", "i'm"):
        return None
    return re.split(r",|[.;!?](?:\s|$)|\s+(?:on|in|at|from|next|this|last)\s+", p)[0]


# after leaving the old employer: "I'm at Greggs now"
_AT_NOW = rx(
    r"\b(?:I'm|I\s+am)\s+(?:now\s+)?(?:at|with)\s+(?=(?-i:[A-Z])[\w'&-]*(?:\s+(?-i:[A-Z])"
    r"[\w'&-]*)*\s+(?:now|these\s+days|instead)\b)"
)
# "I got promoted to head chef", "I've been made shift lead"
# "they've made me team leader", "the boss made me head of section", "I've been made shift lead"
_PROMOTED = rx(
    r"(?:\bI(?:\s+|(?='))(?:just\s+|finally\s+)?(?:got|was|'ve\s+been|have\s+been)\s+(?:promoted\s+"
    r"to|made)|\b(?:they|management|the\s+(?:boss|bosses|gaffer|company|manager)|my\s+(?:boss|"
    r"manager|gaffer))(?:'ve|\s+have)?\s+(?:just\s+|finally\s+|officially\s+|only\s+)?(?:made\s+me|"
    r"bumped\s+me\s+up\s+to))"
    r"\s+(?:an?\s+|the\s+)?(?:new\s+)?"
)
# made (not promoted) to a post: the post is a rank ("they made me feel better" is not one)
_RANK = rx(
    rf"(?:\b(?:{alt(JOBS)})|lead|leader|head|supervisor|captain|foreman|forewoman|deputy|boss|"
    r"chair|chairman|chairwoman|president|head\s+of\s+[\w\s]+)$"
)
# "I got made redundant", "I've been laid off": the current job ends (a new one may follow)
_LET_GO = rx(
    r"\bI(?:\s+|(?='))(?:just\s+|finally\s+)?(?:got|was|'ve\s+been|have\s+been)\s+(?:made\s+"
    r"redundant|laid\s+off|let\s+go|sacked|fired)\b(?!\s+(?:from|as)\s+(?:my|the|a)\s+(?:old|last|"
    r"previous|first))"
)
_NEW_AFTER = rx(r"\b(?:now|new\s+job|started|hired|took\s+me\s+on)\b")
_ROLE = rx(r"(?:er|or|ist|ian|chef|partner|officer|sergeant)$")
_WHEN = r"\s+(?:last|this|yesterday|today|on|at|in|after|for|from)\b"
_FREELANCE = rx(
    r"\b(?:I'm|I\s+am)\s+(?:now\s+|officially\s+)?(freelanc(?:e|ing)|working\s+for\s+myself|"
    r"my\s+own\s+boss)\b"
)


def r_career(s: str, m: Msg) -> Iterator[Candidate]:
    x = _PROMOTED.search(s)
    p = phrase(re.split(_WHEN, s[x.end() :])[0], 4) if x else None
    if x and p and (_RANK.search(p) or ("promoted" in x.group(0) and _ROLE.search(p))):
        yield cand("job", f"{p} (promoted)", s, confidence=0.75)
    x = _LET_GO.search(s)
    if x and m.current("job") and not _NEW_AFTER.search(s, x.end()):
        yield cand("job", m.current("job")[-1], s, mode="end", confidence=0.75)
    x = _FREELANCE.search(s)
    if x:
        yield cand("job", "freelance" if "freelanc" in x.group(1).lower() else "self-employed", s)


def r_employer(s: str, m: Msg) -> Iterator[Candidate]:
    x = _CALLED.search(s)
    if x and _JOB_WORDS.search(s[: x.start()]):
        o = _org(s[x.end() :])
        if o:
            yield cand("workplace", o, s, confidence=0.75)
    x = _START_AT.search(s) if _WORK_CUE.search(m.text) else None
    bare = re.sub(r"^\W*(?:and\s+)?", "", x.group()).lower() if x else ""
    if (
        x
        and (FIRST.search(s) or bare.startswith(("start", "join", "began")))
        and not _theirs(s[: x.start()])
    ):
        o = _org(s[x.end() :])
        if o:
            left = [v for v in m.current("workplace") if head(v) != head(o)]
            gone = next((v for v in left if re.search(re.escape(head(v)), m.text, re.I)), None)
            detail = f"new job, left {gone.split(' (')[0]}" if gone else "new job"
            yield cand("workplace", f"{o} ({detail})", s, confidence=0.8)
            return
    x = _LEAVING.search(m.text)
    gone = None
    if x:
        o = _org(m.text[x.end() :])
        gone = next((v for v in m.current("workplace") if o and head(o) in head(v)), None)
    if not gone:
        return
    at = _AT_NOW.search(s)
    o = _org(s[at.end() :]) if at else None
    if o and head(o) not in head(gone):
        yield cand("workplace", f"{o} (new job, left {gone.split(' (')[0]})", s, confidence=0.75)
    elif _LEAVING.search(s):
        yield cand("workplace", gone, s, mode="end", confidence=0.75)


# ---------------------------------------------------------------- retirement

_RETIRED = (
    r"(?:retired|finished\s+work(?:ing)?|stopped\s+working|gave\s+up\s+work(?:ing)?|"
    r"left\s+work|hung\s+up\s+my\s+[\w-]+)"
)
_YEARS_OF = (
    rf"after\s+(?:{N}|[\w-]+|over\s+\w+|nearly\s+\w+|almost\s+\w+)\s+years\s+(?:of\s+|as\s+"
    rf"(?:an?\s+)?|in\s+(?:the\s+)?)"
)
# "I finished work two years ago after thirty-one years of teaching Year Two", "after 30
# years as a nurse, I retired"
_RETIRED_AFTER = rx(rf"\bI(?:\s+|')(?:\w+\s+)?{_RETIRED}\b[^.!?]{{0,40}}?\b({_YEARS_OF})")
_AFTER_RETIRED = rx(rf"\b({_YEARS_OF})([^,.;!?]{{3,40}}),\s+I\s+(?:\w+\s+)?{_RETIRED}\b")


def r_retired(s: str, m: Msg) -> Iterator[Candidate]:
    x = _RETIRED_AFTER.search(s)
    if x:
        what = re.split(r"\s+(?:and|but|so|when|because)\s+|[,;:—]", s[x.end() :])[0]
        said = x.group(1)
    else:
        x = _AFTER_RETIRED.search(s)
        if not x:
            return
        what, said = x.group(2), x.group(1)
    what = what.strip(" .!")
    if 2 <= len(what) <= 40 and len(what.split()) <= 6:
        said = said.strip()
        yield cand("job", f"retired ({said[:1].lower()}{said[1:]} {what})", s, confidence=0.75)


# ---------------------------------------------------------------- a favourite that changed

# "Blue used to be my favourite colour but these days it's green"
_USED_TO_FAV = rx(
    r"\b(?:used\s+to\s+be|was(?:\s+always)?|isn't|is\s+not|is\s+no\s+longer)\s+my\s+"
    r"(?:favou?rite|fave|fav)\b[^.!?]*?\b(?:but|now|these\s+days|nowadays|anymore|any\s+more)"
    r"\b[^.!?]*?\b(?:it's\s+all\s+about|I'm\s+all\s+about|it's|it\s+is)\s+"
)


def r_new_favorite(s: str, m: Msg) -> Iterator[Candidate]:
    x = _USED_TO_FAV.search(s)
    if not x:
        return
    new = re.split(r"[,;:!?]|\s+(?:now|these\s+days|instead|all\s+the\s+way)\b", s[x.end() :])
    value = new[0].strip(" .")
    subject = categorize(value)
    if value and subject != "likes" and len(value.split()) <= 4:
        yield cand(subject, value, s, confidence=0.8)


# ---------------------------------------------------------------- widowhood, a new partner

# "Being a widow was never in my plans", "I've been a widower since 2019"; not "after
# seven years a widow" (that ends it)
_WIDOW = rx(
    r"(?<!years\s)(?<!years\sas\s)\b(?:I'm|I\s+am|I've\s+been|I\s+was\s+left|being|I\s+became)"
    r"\s+(?:a\s+)?(widow|widower|widowed)\b"
)
_COURTING = rx(
    r"\b(?:I'm|I\s+am|we're|we\s+are)\s+(?:(?:officially|now|finally|actually)\s+)*"
    r"(courting|seeing\s+someone|dating\s+again|going\s+steady)(\s+again)?\b"
)
# "Clive — the tall one with the cap — asked me out to dinner, and I said yes"
_ASKED_OUT = rx(
    rf"\b({NAME})(?:\s*—[^—]{{0,90}}—\s*|\s*,[^,]{{0,60}},\s*|\s+)(?:(?:finally|just|"
    rf"actually|properly)\s+)?asked\s+me\s+out\b(?=[^.!?]*\bI\s+said\s+yes\b)"
)


# "I've started seeing this guy called Ben", "me and Ben made it official"
_STARTED_SEEING = rx(
    rf"\bI(?:'ve|\s+have)?\s+(?:just\s+)?(?:started|begun|began)\s+(?:seeing|dating|going\s+out"
    rf"\s+with)\s+(?:(?:this|a)\s+(?:guy|girl|man|woman|lad|lass|bloke|chap)\s+)?(?:(?:called|"
    rf"named)\s+)?({NAME})|\bme\s+(?:and|n|&)\s+({NAME})\s+(?:are\s+(?:dating|together|"
    rf"official|a\s+thing)|made\s+it\s+official|got\s+together|started\s+dating)\b"
)
# "Joe and I are getting divorced", "we're separating"
_SPLITTING = rx(
    rf"\b(?:({NAME})\s+and\s+I\s+are|we're|we\s+are|I'm|I\s+am)\s+(?:getting\s+(divorced|"
    rf"separated)|(separating|divorcing))\b"
)


# "My husband Joe passed away last spring", "since I lost my wife"
_SPOUSE_DIED = rx(
    rf"\bmy\s+(?:late\s+)?(husband|wife)(?:,?\s+({NAME}),?)?\s+(?:\w+\s+)?(?:passed\s+away|died|"
    rf"passed)\b|\bI\s+lost\s+my\s+(husband|wife)\b"
)
# "Ben proposed last night" (and she said yes, or is engaged)
_PROPOSED = rx(rf"\b({NAME})\s+(?:finally\s+|just\s+)?(?:proposed|popped\s+the\s+question)\b")
_ENGAGED = rx(r"\b(?:I'm|I\s+am|we're|we\s+are|got)\s+engaged\b|\bI\s+said\s+yes\b")


# "I'm not with Tom anymore", "Tom and I are done", "it's over with Tom"
_OVER = rx(
    rf"\b(?:I'm|I\s+am)\s+(?:not|no\s+longer)\s+(?:with|seeing|dating|together\s+with)\s+({NAME})"
    rf"|\b({NAME})\s+and\s+I\s+(?:are|'re)\s+(?:done|over|finished|through|no\s+more)\b"
    rf"|\bit's\s+over\s+(?:with|between)\s+({NAME})\b"
)


def m_partner_news(m: Msg) -> Iterator[Candidate]:
    said = m.statements
    x = _OVER.search(said)
    ex = next((g for g in x.groups() if g), None) if x else None
    gone = next((p for p in m.current("partner") if ex and ex in p), None)
    if x and gone and ex:
        yield cand(
            "relationship_status", f"single (broke up with {ex})", x.group(0), confidence=0.75
        )
        yield cand("partner", gone, x.group(0), mode="end", confidence=0.75)
        return
    x = _SPOUSE_DIED.search(said)
    if x:
        yield cand("relationship_status", "widowed", x.group(0), confidence=0.75)
        who = x.group(2) or next(iter(m.current("spouse")), None)
        if who:
            yield cand("spouse", who, x.group(0), mode="end", confidence=0.7)
        return
    x = _PROPOSED.search(said)
    if x and cap_name(x.group(1)) and _ENGAGED.search(said):
        yield cand("relationship_status", f"engaged to {x.group(1)}", x.group(0), confidence=0.8)
        yield cand("partner", f"{x.group(1)} (fiancé)", x.group(0), confidence=0.75)
        return
    x = _STARTED_SEEING.search(said)
    name = (x.group(1) or x.group(2)) if x else None
    if x and name and cap_name(name):
        yield cand("relationship_status", f"dating {name}", x.group(0), confidence=0.8)
        yield cand("partner", name, x.group(0), confidence=0.8)
        return
    x = _SPLITTING.search(said)
    if x:
        how = (x.group(2) or x.group(3)).lower()
        how = {"separating": "separated", "divorcing": "divorced"}.get(how, how)
        who = x.group(1) or next(iter(m.current("spouse")), "")
        detail = f" from {who.split(' (')[0]}" if who and cap_name(who.split()[0]) else ""
        yield cand("relationship_status", f"getting {how}{detail}", x.group(0), confidence=0.8)
        return
    asked = _ASKED_OUT.search(said)
    who = asked.group(1) if asked and cap_name(asked.group(1)) else None
    court = _COURTING.search(said)
    if court:
        how = " ".join(court.group(1).lower().split())
        again = " again" if court.group(2) else ""
        value = f"{how}{again}" + (f" (with {who})" if who else "")
        yield cand("relationship_status", value, court.group(0), confidence=0.8)
    elif who:
        yield cand("relationship_status", f"dating {who}", asked.group(0) if asked else said)
    if who:
        yield cand("partner", who, asked.group(0) if asked else said, confidence=0.75)
        return
    x = _WIDOW.search(said)
    if x and not court:
        yield cand("relationship_status", "widowed", x.group(0), confidence=0.75)


SENTENCE_RULES = (r_moves, r_employer, r_career, r_retired, r_new_favorite)
MESSAGE_RULES = (m_partner_news,)
