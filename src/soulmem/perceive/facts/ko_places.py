"""Korean place rules: where the user comes from (``hometown``: "부산 토박이", "고향은 전주")
and lives now (``current_residence``: "지금은 대전 살아", "울산살아", moves), with the
words that are not a place ("우리 집", "게임 속") kept out."""

from __future__ import annotations

import re

from soulmem.perceive.facts.ko_base import COP, Gated, Msg, Sent, clean_np, is_other, word_ok
from soulmem.perceive.facts.ko_lex import CITIES, FILLERS, PERSONS, PLACE_KINDS, alt, strip_josa

__all__ = ["PLACE_WORD", "place_value", "places"]

_CITY = alt(CITIES)
PLACE_WORD = r"\w+"
_HOMETOWN = Gated(
    rf"(?P<v>(?:{PLACE_WORD}\s){{0,2}}{PLACE_WORD}?)\s*(?:토박이|"
    r"출신(?!\s*(?:\w+님|친구|기사|사람들|애|분|선배|후배|형|누나|언니|오빠|동료))|"
    rf"태생|촌놈|촌년|촌뜨기|촌\s*사람(?=이|인|임|$)|(?:사람|남자|여자|사나이|아가씨|가시나|머스마)(?:이야|야|이에요|예요|이거든|인데|이라|라서|라|임|"
    r"이\s*(?:다\s*)?(?:됐|되었|됨|돼))|에서\s*(?:나고\s*|태어나서\s*)?(?:태어나|"
    rf"태어났|자랐|자라|나고 자랐|컸))",
    "토박이",
    "출신",
    "태생",
    "촌놈",
    "촌년",
    "촌뜨기",
    "사람",
    "남자",
    "여자",
    "사나이",
    "아가씨",
    "가시나",
    "머스마",
    "태어",
    "자랐",
    "자라",
    "컸",
)
_HOMETOWN_REV = re.compile(
    rf"(?P<v>(?:{PLACE_WORD}\s)?{PLACE_WORD}?)(?:이|가)\s*(?:내|제|나의|저의)?\s*고향(?:{COP}|이지)"
)
_BIRTHPLACE_KEY = re.compile(
    r"(?:태어난|자란|나고\s*자란)\s*(?:곳|데|동네|도시|데가)(?:은|는|이|가)?\s*(?P<v>[^.!?,]{2,20}?)\s*"
    r"(?:이야|야|이에요|예요|에요|입니다|이고|인데|이라|라|임|$)(?=$|[\s.,!?~ㅋㅎㅠㅜ])"
)
_HOMETOWN_KEY = re.compile(rf"고향(?:은|이)?\s*(?P<v>(?:{PLACE_WORD}\s)?{PLACE_WORD}?)\s*{COP}")
_HOUSING = r"(?:기숙사|원룸|투룸|오피스텔|고시원|아파트|빌라|셰어하우스|쉐어하우스|자취방|하숙집)"
_ADV = r"(?:(?:혼자|지금|현재|요즘|따로|쭉|계속|자취하면서|같이|함께|\w+(?:랑|이랑|하고))\s*)*"
_LIVE = (
    r"(?:살(?!아나|아남|아있|아\s*있)(?:아|고|아요|거든|지|면서|았|고 있|아서|"
    r"던|어)(?!\w*싶)|사는데|산다|삽니다|자취|거주|"
    r"지내고 있|지내|삶(?=\s*$|\s+(?:ㄹㅇ|ㅇㅇ|중))|산\s*지(?:가|도|는)?\s)"
)
#: words one of which a sentence must hold before the residence patterns are tried
_LIVE_GATES = ("살", "사는", "산다", "삽니", "자취", "거주", "지내", "삶", "산 지", "산지")
_RES = Gated(
    rf"(?P<v>(?:{PLACE_WORD}\s){{0,3}}{PLACE_WORD}?)(?:에서|에)\s*{_ADV}{_LIVE}",
    *_LIVE_GATES,
)
_RES_BARE = Gated(
    rf"(?P<v>(?:{PLACE_WORD}\s){{0,2}}(?:{_CITY}|{_HOUSING}|{PLACE_WORD}(?:동|구|시|군|읍|면|단지|마을)))\s+{_ADV}{_LIVE}"
    # "신림 원룸사는데": the kind of home run into the verb
    rf"|(?P<h>(?:{PLACE_WORD}\s)?{_HOUSING})(?=사는데|살아|살고|삶)"
    rf"|(?<!\w)(?P<g>{_CITY}){_LIVE}",
    *_LIVE_GATES,
)
_RES_KEY = re.compile(
    r"(?:사는|살고\s*있는|자취하는|지내는)(?:\s*(?:곳|동네|집)|\s+데|데(?=가|는|은))(?:은|는|가|이)?\s*"
    r"(?P<v>[^.!?,]{2,20}?)\s*(?:이야|"
    r"야|이에요|예요|에요|인데|이고|이라|라|(?<![해워어아다네지])$)"
)
_RES_WHO = re.compile(
    rf"(?P<v>(?:{PLACE_WORD}\s)?(?:{_CITY}|{PLACE_WORD}(?:동|구|시|군|읍|면)))\s*(?:에\s*)?사는\s+"
    rf"(?P<who>(?:\S+\s+){{0,2}}?\S+?)(?:이야|야|이에요|예요|에요|입니다|임|이고|인데)$"
)
# "이제 문래동 주민임", "나 합정 주민이야": a resident of the place
_RES_DWELLER = Gated(
    rf"(?P<v>(?:{PLACE_WORD}\s)?(?:{_CITY}|{PLACE_WORD}(?:동|구|시|군|읍|면|단지|마을)))\s*주민"
    r"(?:임|이야|이에요|입니다|이거든|이라|이고|인데|\s*됐|이\s*됐|\s*등극|\s*됨|이\s*됨)",
    "주민",
)
_MOVE = re.compile(
    rf"(?P<v>(?:{PLACE_WORD}\s){{0,3}}{PLACE_WORD}?)(?:으로|"
    rf"로)\s*(?:이사|이사했|이사 왔|이사왔|옮겼|옮김|"
    # "일산 집 빼고 김포로 가요 이번달 말에 이사": a move decided, said in the present
    rf"왔|갔|넘어왔|가요(?=$|[\s.,!?~ㅋㅎ])|간다|갑니다|가(?=$|[\s.,!?~ㅋㅎ]))"
)
# "집은 송도임", "우리 집은 분당이야": the home named as a place
_HOME_IS = re.compile(
    rf"(?:^|\s)(?:우리\s*|내\s*|울\s*|제\s*|저희\s*)?집(?:은|이)\s*(?P<v>(?:{PLACE_WORD}\s)?{PLACE_WORD}?)"
    r"(?:이야|야|이에요|예요|에요|입니다|임|이고|인데|이라|라)(?=$|[\s.,!?~ㅋㅎㅠㅜ])"
)
# "충주 앙성으로 시집와서 여태 여기서 … 살아요": the place married into, lived in still
_MARRIED_IN = re.compile(
    rf"(?P<v>(?:{PLACE_WORD}\s){{0,2}}{PLACE_WORD}?)(?:으로|로)\s*(?:시집|장가)\s*(?:와서|왔|오고|온\s)"
)
_STILL_HERE = re.compile(
    r"(?:여태|지금(?:까지)?|아직|쭉|계속|여기서)\s*(?:\S+\s+){0,4}?\S*(?:살아|살고|사는|지내)"
)
_LIVED_FIRST = re.compile(
    rf"(?:원래|어릴\s*때|어렸을\s*때|태어나서)\s*(?:는|엔|은)?\s*(?P<v>(?:{PLACE_WORD}\s)?{PLACE_WORD}?)"
    r"(?:에서|에)?\s*(?:쭉\s*)?(?:살다가|살다|살았는데|살았다가)\s+(?:\S+\s+){0,3}?\S*(?:으로|로)\s*(?:이사|올라|내려|옮)"
)
_BARE_PLACE = re.compile(r"^(?P<v>[가-힣]{2,5}?)(?:요|이요|예요|이에요|임|이야|야)?[\s.,!~ㅋㅎ]*$")
# a move made as a child: where one lived before it is where one is from
_YOUNG = re.compile(r"어릴|어렸|태어나|[초중]딩|[초중]등학|중학|애기|아기|꼬맹이|\d{1,2}\s*살\s*때")
_PLACE_OK = re.compile(
    rf"(?:{_CITY}|동|구|시|군|읍|면|리|역|섬|{_HOUSING}|"
    rf"아파트|빌라|기숙사|고시원|자취방|근처|쪽|앞|"
    rf"집|마을|단지|도)$"
)
_NOT_HOME = frozenset(
    {
        "도서관",
        "학교",
        "회사",
        "카페",
        "PC방",
        "피시방",
        "헬스장",
        "독서실",
        "연구실",
        "작업실",
        "사무실",
    }
    | {"게임", "꿈", "세상", "세계", "시대", "판타지 세계", "숲", "이곳", "그곳", "여기", "거기"}
)
# "길 건너 푸른마을", "아뇨 여수요": words before the place that are not part of it
_LEAD_WORDS = frozenset(
    {"건너", "너머", "바로", "여기", "저기", "아뇨", "아니요", "아니", "네", "응", "예"}
)
_CLAUSAL = re.compile(r"(?:[날할갈볼올될]|적|때|마)$")
_WHEN_WORD = re.compile(r"(?:어릴|어렸을|땐|때는|때엔|적엔|적에|시절)$")
_PAST = re.compile(r"예전에|옛날에|어릴 때|전에는|어렸을|초등학생 때|살았었")


def place_value(raw: str, *, strict: bool, home: bool = True) -> str:
    v = clean_np(raw, 3, keep_modifiers=True)
    last = raw.rsplit(maxsplit=1)[-1] if raw.split() else ""
    if last.endswith("도") and v.endswith(last[:-1]):
        v += "도"  # an island or province ("완도", "거제도"), not the particle 도
    if not word_ok(v) or re.search(r"\d+\s*살|\w+랑$", v):
        return ""
    if v.split()[0] in ("우리", "그", "이", "저", "혼자", "같이"):
        return ""
    if len(v.split()) > 1 and v.split()[0] in _LEAD_WORDS:
        v = v.split(maxsplit=1)[1]  # "길 건너 푸른마을": the place is across the road
    if strict and not _PLACE_OK.search(v):
        return ""
    if home and (v in _NOT_HOME or v.split()[-1] in _NOT_HOME):
        return ""
    return v


def _hometown(m: Msg, s: Sent, v: str, prefix: str) -> bool:
    """Add a hometown; a kind of place ("바닷가") and a named one ("속초") merge."""
    earlier = [i for i, c in enumerate(m.out) if c.subject == "hometown"]
    if earlier:
        old = m.out[earlier[-1]].value
        if old in PLACE_KINDS and v not in PLACE_KINDS:
            if not m.add(s, "hometown", f"{v} ({old})", prefix=prefix):
                return False
            del m.out[earlier[-1]]
            return True
        if v in PLACE_KINDS:
            return True
    return m.add(s, "hometown", v, prefix=prefix)


# "이건... 제가 나고 자란 동네입니다. 소백산 자락에 풍기라고... 경북 영주 땅이지요": the
# place one grew up in, pointed at first and named in the sentences after
_GREW_UP_HERE = re.compile(
    r"(?:나고\s*자란|태어나고\s*자란|태어나\s*자란|태어난|자란)\s*(?:동네|곳|마을|고장|데|고향)"
    rf"(?:{COP}|이지|이죠|이지요|$)"
)
_CALLED = re.compile(r"(?:^|\s)(?P<v>[가-힣]{2,4}?)(?:이)?라고(?:\s|$)")
_CITY_RX = re.compile(rf"(?<![가-힣])(?P<v>(?:{_CITY})(?:\s(?:{_CITY}))?)(?![가-힣]{{2}})")


def _grew_up_here(m: Msg, s: Sent) -> None:
    cue = _GREW_UP_HERE.search(s.text)
    if "hometown" in m.taken or not cue or is_other(s.text[: cue.start()], m.names):
        return
    names: list[str] = []
    for x in m.sents[s.index + 1 : s.index + 3]:
        if x.question:
            break
        names += [c.group("v") for c in _CITY_RX.finditer(x.text)]
        names += [c.group("v") for c in _CALLED.finditer(x.text) if c.group("v") not in FILLERS]
    if names:
        m.add(s, "hometown", " ".join(dict.fromkeys(names)), confidence=0.75)


def places(m: Msg, s: Sent) -> None:
    t = s.text
    _grew_up_here(m, s)
    for rx in (_HOMETOWN_KEY, _BIRTHPLACE_KEY, _HOMETOWN_REV, _HOMETOWN):
        mt = rx.search(t)
        if mt:
            kind = rx is _HOMETOWN and re.search(
                r"사람|남자|여자|사나이|아가씨|가시나|머스마", mt.group(0)
            )
            # "어릴 때 부산에서 자랐어": the place is said after the words of time
            words = mt.group("v").split()
            v = ""
            for i in range(len(words)):
                if not any(_CLAUSAL.search(w) or _WHEN_WORD.match(w) for w in words[i:]):
                    v = place_value(" ".join(words[i:]), strict=bool(kind))
                    break
            if v and any(_CLAUSAL.search(w) for w in v.split()):
                continue  # "고향 생각날 적마다": a clause about the hometown, not its name
            became = re.search(r"됐|되었|됨|돼", mt.group(0))
            moved_in = re.search(r"이제", t[: mt.end()]) or "이사" in m.text
            # "원래는 대구사람임 일곱살때 이사옴": where one is from, before a move
            moved_in = moved_in and not re.search(r"원래|본래|본디|태생", t[: mt.end()])
            if became and not moved_in:
                continue  # "부산 사람 다 됐네": said of a stay, not of where one is from
            if v and kind and moved_in:
                # "이사 끝! 이제 부산 사람임": the place one belongs to now is one's home
                m.add(s, "current_residence", v, confidence=0.85, prefix=t[: mt.start()])
                break
            if v and _hometown(m, s, v, t[: mt.start()]):
                break
    mt = _BARE_PLACE.match(t)
    kinds = [c for c in m.out if c.subject == "hometown" and c.value in PLACE_KINDS]
    if mt and kinds and kinds[0].evidence == m.sents[s.index - 1].text:
        v = place_value(mt.group("v"), strict=True)  # "바닷가 촌년이에요. 여수요.": which one
        if v and v not in PLACE_KINDS:
            _hometown(m, s, v, "")
    mt = _LIVED_FIRST.search(t)
    young = bool(mt and _YOUNG.search(mt.group(0)))
    if mt and young and "hometown" not in m.taken and not m.ctx.current.get("hometown"):
        v = place_value(mt.group("v"), strict=False)
        if v:  # "원래 여수 살다가 대전으로 이사옴": where one lived first is home
            m.add(s, "hometown", v, confidence=0.75, prefix=t[: mt.start()])
    if _PAST.search(t) or ("hometown" in m.taken and "자랐" in t):
        return
    # "감자 40킬로 옮겼어", "짐을 창고로 옮겼어": things are moved too; 옮겼 needs a home
    moved = re.search(r"이사", m.text) or (
        re.search(r"옮겼|옮김", m.text) and re.search(r"집|방|거처|자취|살", m.text)
    )
    if moved:
        mt = _MOVE.search(t)
        if mt and not re.search(r"(?:할|갈|하려|가려|예정|계획)", t[mt.end() : mt.end() + 8]):
            words = mt.group("v").split()
            cut = [i for i, w in enumerate(words) if _CLAUSAL.search(w) or _WHEN_WORD.match(w)]
            # "중딩 때 대전으로 이사옴": the place is said after the words of time
            v = place_value(" ".join(words[cut[-1] + 1 :] if cut else words), strict=False)
            if v and m.add(s, "current_residence", v, confidence=0.9, prefix=t[: mt.start()]):
                return
    mt = _HOME_IS.search(t)
    v = place_value(mt.group("v"), strict=True) if mt else ""
    if mt and v and m.add(s, "current_residence", v, prefix=t[: mt.start()]):
        return
    mt = _MARRIED_IN.search(t)
    if mt and _STILL_HERE.search(t, mt.end()):
        words = mt.group("v").split()
        cut = [i for i, w in enumerate(words) if _CLAUSAL.search(w) or _WHEN_WORD.match(w)]
        cut += [i for i, w in enumerate(words) if re.search(r"(?:에|에는|엔)$", w)]
        v = place_value(" ".join(words[max(cut) + 1 :] if cut else words), strict=False)
        if v and m.add(s, "current_residence", v, confidence=0.9, prefix=t[: mt.start()]):
            return
    mt = _RES_WHO.search(t)
    if mt and not any(strip_josa(w) in PERSONS for w in mt.group("who").split()):
        v = place_value(mt.group("v"), strict=True)
        if v and m.add(s, "current_residence", v, prefix=t[: mt.start()]):
            return
    for rx, strict in ((_RES_KEY, False), (_RES, False), (_RES_BARE, True), (_RES_DWELLER, True)):
        mt = rx.search(t)
        if mt:
            if rx is _RES and re.search(r"고양이|강아지|냥이|마리", mt.group(0)):
                continue
            said = mt.group("v") or mt.group("g") or (mt.group("h") if rx is _RES_BARE else "")
            v = place_value(said, strict=strict)
            if v and m.add(s, "current_residence", v, prefix=t[: mt.start()]):
                return
