"""Sentences about someone else told at length: a person introduced by name, honorific hearsay,
and a subjectless sentence that goes on about the person the sentence before was about."""

from __future__ import annotations

import re

from soulmem.perceive.facts.ko_base import Sent
from soulmem.perceive.facts.ko_lex import PERSONS

__all__ = ["honorific_after", "other_sentences"]

# "정우라고, 서른하나 먹은 소방관이에요": a person named with 라고 and then described
_INTRO = re.compile(
    r"^(?!\d)\w{2,4}?(?:이)?라고\s*[,，]?\s+(?!(?:하는|해|합|불러|부르|했|함|한\s*(?:거|건|게|말))\S*)"
)
# "고향이 정선이라고 하시더라고요", "떡집만 하셨대요": honorific hearsay is never about oneself
_HONOR_SAID = re.compile(r"(?:시|셨|신)(?:더라고|더라|대|답니다|다네|다더라|래)(?:요)?$")
_ME = re.compile(
    r"(?:^|\s)(?:(?:나|내|저|제)(?:는|도|가|보고|한테|랑|를|의)?|난|전|(?:우리|저희)\s*(?:집|가게|동네)?)"
    r"(?:\s|$)"
)
# an age said with the honorific -시- ("여든다섯이신디", "일흔이 넘으셨는디")
_HONOR_AGE = re.compile(
    r"\s*(?:살|세)?\s*(?:이시|이셔|이신|셔|신|(?:이|가)?\s*(?:넘|되|드)\w*(?:셨|시))"
)


def honorific_after(text: str, end: int) -> bool:
    """Whether what follows ``end`` honours its subject, so the number is someone else's age."""
    return bool(_HONOR_AGE.match(text, end))


_SUBJECT = re.compile(r"^(?P<w>\w+?)(?:께서|이는|은|는|이|가)$")


def _subject_person(token: str, names: frozenset[str]) -> bool:
    mt = _SUBJECT.match(token)
    if not mt:
        return False
    w = mt.group("w")
    return w in PERSONS or w in names or (len(w) >= 2 and w.endswith(("님", "씨")))


_OWN_PERSON = re.compile(
    r"^(?:내|제|나의|저의|우리|저희)\s+(?:\S+\s+){0,3}?(?P<w>\S+?(?:께서|이는|은|는|이|가))(?=\s|$)"
)


def _honoured(token: str) -> bool:
    """A subject spoken of with honour ("팀장님이", "어머니께서"): what is said of them
    takes -시-."""
    mt = _SUBJECT.match(token)
    return mt is not None and (mt.group("w").endswith("님") or token.endswith("께서"))


# the honorific -시- in a predicate ("데려가셨는데", "하시더라", "좋아하세요")
_SI = re.compile(
    r"[가-힣](?:셨|셔|세요|십니|신다|신대|신데|실\s*거|시(?:고|는데|니까|면|며|더|지|네|잖|거든|다|어|길|래|대|죠|던))"
    r"\w*(?:$|\s|[,，])"
)


def other_sentences(sents: tuple[Sent, ...], names: frozenset[str]) -> set[int]:
    """Indexes of the sentences that are about someone other than the user."""
    out: set[int] = set()
    carry = False
    honour = False
    for sent in sents:
        t = sent.text
        own = _OWN_PERSON.match(t)  # "내 제일 친한 친구는 …": 내 owns the subject, not the topic
        if own and not _subject_person(own.group("w"), names):
            own = None
        me = bool(_ME.search(t[own.end() :] if own else t))
        tokens = t.split()
        if not me and (_INTRO.match(t) or (tokens and _HONOR_SAID.search(tokens[-1]))):
            out.add(sent.index)
            carry, honour = True, bool(_HONOR_SAID.search(tokens[-1])) if tokens else False
            continue
        # "팀장님이 횟집 데려가셨는데 … 여수 촌놈이라 회 맛에 까다로워짐": a sentence that goes
        # on about a person spoken of with honour keeps the -시-; without it, it is the user's
        if carry and not me and not (honour and not _SI.search(t)):
            out.add(sent.index)
            continue
        # a person marked as the subject must open the sentence ("정우 그 사람이 …")
        lead = (
            [own.group("w")] if own else [tok for tok in tokens[:3] if _subject_person(tok, names)]
        )
        carry = not me and bool(lead)
        honour = carry and _honoured(lead[0]) and bool(_SI.search(t))
    return out
