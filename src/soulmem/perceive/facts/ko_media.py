"""Korean rules for the user's favourite films and the artists and authors they name
(soulmem.perceive.facts.ko); these read the whole message."""

from __future__ import annotations

import re
from dataclasses import replace

from soulmem.perceive.facts.ko_base import WISH as _WISH
from soulmem.perceive.facts.ko_base import Gated, Msg, clean_np, word_ok
from soulmem.perceive.facts.ko_kinds import classify
from soulmem.perceive.facts.ko_lex import FILLERS, MUSIC_CUES, alt, strip_josa, words

__all__ = ["movie_rule"]

# ---------------------------------------------------------------- movies, books
_TITLE_INTRO = re.compile(
    r"(?P<v>(?:[^\s,.!?]+\s){0,2}[^\s,.!?]{1,20}?)(?:이라고|라고)\s*(?:알아|아세요|알지|들어\s*봤|있어|"
    r"아니|본\s*적)"
)
_TITLE_LEAD = frozenset(
    {"혹시", "너", "넌", "너도", "그", "그거", "영화", "드라마", "책", "애니", "그런"}
)
_FAVORITE_CUE = re.compile(
    r"인생\s*(?:영화|드라마|작품)|최애\s*(?:영화|드라마)|제일\s*좋아하는\s*(?:영화|드라마)"
)
# "쳇 베이커 목소리 들으면", "테드 창 단편 제일 좋아하고": who made what the user likes
_CREATOR = re.compile(
    rf"(?:^|\s)(?P<v>(?:[가-힣A-Za-z]+\s)?[가-힣A-Za-z]+)\s+(?P<c>{alt(MUSIC_CUES)}|단편|소설|책|작품|"
    r"신작)(?:집|들)?(?:만|을|를|은|는|이|가|도)?\s*(?:제일\s*|진짜\s*|특히\s*)?(?P<verb>들으면|듣고|들어|"
    r"듣는|틀어|틀면|좋아|읽|빠져)"
)
_CREATOR_STOP = frozenset(
    words(
        "그, 이, 저, 이런, 그런, 요즘, 옛날, 신나는, 슬픈, 좋은, 무슨, 어떤, 내, 제, 그냥, 진짜, "
        "단편, 장편, 영화, 드라마, 우주, 일단, 특히, 최신, 아이돌"
    )
)
_QUOTED = re.compile(r"[\"“‘'「『<《](?P<v>[^\"”’'」』>》]{1,30})[\"”’'」』>》]")
_REWATCH = Gated(
    r"(?P<v>(?:[^\s,.!?]+\s)?[^\s,.!?]{2,20}?)?(?:을|를|은|는|만|"
    r"도)?\s*(?:벌써\s*|진짜\s*|한\s*|거의\s*)?(?:\d+|두|세|네|다섯|여섯|일곱|"
    r"여덟|아홉|열|스무|스물|서른|몇|수십|수백|여러)\s*(?:번|"
    r"번째|번이나|회차)(?:은|도|이나)?\s*(?:이나\s*|"
    r"도\s*넘게\s*|넘게\s*|넘게\s*)?(?P<verb>봤|보고|정주행|돌려\s*봤|읽었|읽고)",
    "번",
    "회차",
)

# "인터스텔라 또 볼 거임. 벌써 열 번은 봤는데": the title is in the clause before 또
_AGAIN = re.compile(r"(?P<v>[^.!?~]+?)(?:을|를)?\s*또\s*(?:볼|봤|보는|보고|봐|정주행)")
# "우울할 때 돌려보는 영화 있어. 리틀 포레스트.": the title follows as a sentence of its own
_GO_TO = re.compile(
    r"(?:돌려\s*보는|다시\s*보는|꺼내\s*보는|챙겨\s*보는|몇\s*번이고\s*보는|틀어\s*놓는)\s*"
    r"(?:영화|드라마|애니)\s*(?:가|이)?\s*(?:하나\s*|딱\s*하나\s*)?있(?:어|음|거든|는데|지)"
)
_TITLE_ALONE = re.compile(r"^(?P<v>[^\s]+(?:\s[^\s]+){0,2}?)(?:이야|야|임|이에요|예요)?$")
_VERBISH = re.compile(r"(?:[다요해어아지네죠음함됨림김]|거든|는데|니까)$")


def _go_to(m: Msg) -> bool:
    for i, s in enumerate(m.sents[:-1]):
        if s.question or not _GO_TO.search(s.text):
            continue
        nxt = m.sents[i + 1]
        mt = _TITLE_ALONE.match(nxt.text)
        v = mt.group("v").strip("'\"“”‘’") if mt else ""
        if v and word_ok(v) and not _VERBISH.search(v) and v.split()[0] not in FILLERS:
            return m.add(nxt, "favorite_movie", v)
    return False


def _again(m: Msg) -> str:
    for s in m.sents:
        mt = _AGAIN.search(s.text)
        if mt and not s.question:
            v = clean_np(mt.group("v"), 2, keep_modifiers=True)
            if v and word_ok(v) and not re.search(r"영화|드라마|거|그거|이거|책|또", v):
                return v
    return ""


def _title(m: Msg) -> str:
    mt = _QUOTED.search(m.text) or _TITLE_INTRO.search(m.text)
    if not mt:
        return ""
    words = mt.group("v").split()
    while len(words) > 1 and (words[0] in _TITLE_LEAD or words[0] in FILLERS):
        words.pop(0)
    return " ".join(words).strip()


def _creator(m: Msg) -> None:
    """Name the artist or author next to a music or book taste said in the same message."""
    for s in m.sents:
        mt = _CREATOR.search(s.text)
        if not mt or s.question or _WISH.match(s.text[mt.end() :]):
            continue
        who = mt.group("v")
        if any(
            w in _CREATOR_STOP or w in FILLERS or strip_josa(w) != w or classify(w)
            for w in who.split()
        ):
            continue
        music = mt.group("c") in MUSIC_CUES and not mt.group("verb").startswith(("읽", "좋아"))
        subject = "favorite_music" if music else "book_genre"
        for i, c in enumerate(m.out):
            if c.subject == subject and c.about == "user" and who not in c.value:
                m.out[i] = replace(c, value=f"{c.value} ({who})")
                m.out[:] = [
                    d
                    for d in m.out
                    if not (d.subject == "likes" and d.value in who + " " + mt.group("c"))
                ]
                return


def _movie(m: Msg) -> None:
    if "favorite_movie" in m.taken or _go_to(m):
        return
    if _FAVORITE_CUE.search(m.text) and not _REWATCH.search(m.text):
        title = _title(m)
        fav = next((s for s in m.sents if _FAVORITE_CUE.search(s.text) and not s.question), None)
        if title and fav and word_ok(title):
            m.add(fav, "favorite_movie", title)
        return
    for s in m.sents:
        mt = _REWATCH.search(s.text)
        if not mt or s.question:
            continue
        v = clean_np(mt.group("v") or "", 2, keep_modifiers=True)
        v = re.sub(r"^(?:영화|드라마|애니|책|소설)\s+", "", v)
        kind = "favorite_book" if mt.group("verb").startswith("읽") else "favorite_movie"
        if (
            v
            and word_ok(v)
            and not re.search(r"영화|드라마|인데|이야|거|그거|이거|[이그저]걸|이번|책", v)
        ):
            m.add(s, kind, v, prefix=s.text[: mt.start()])
            return
        if kind == "favorite_book":
            continue
        title = _title(m)
        introduced = _TITLE_INTRO.search(m.text) and mt.group("verb") in ("봤", "돌려 봤", "정주행")
        if title and (introduced or re.search(r"영화|드라마|애니|작품", m.text)):
            m.add(s, "favorite_movie", title)
            return
        again = _again(m)
        if again and m.add(s, "favorite_movie", again):
            return


def movie_rule(m: Msg) -> None:
    _movie(m)
    _creator(m)
