"""Korean rules for a change of job, home or pet told in passing (soulmem.perceive.facts.ko):
the place one left and the one one went to ("다니던 제약회사는 정리하고 의료기기 회사로
출근합니다", "서울 생활 접고 제주로 내려왔어요"), a rank held at work ("영업부에서 과장 달고
있습니다") and a pet that died ("초코가 지난주에 무지개다리 건넜어").

A value the user already gave is ended when its key word stands before a leaving verb, so
the old job or home is never shown as current beside the new one."""

from __future__ import annotations

import re

from soulmem.perceive.facts.base import Candidate
from soulmem.perceive.facts.ko_base import Msg, Sent, is_other, word_ok
from soulmem.perceive.facts.ko_lex import ANIMALS, BREEDS, FILLERS, PERSONS, alt, strip_josa
from soulmem.perceive.facts.ko_places import place_value

__all__ = ["end_first", "switch_rule"]

_WORK_SUBJECTS = ("job", "workplace", "part_time_job")
# "제약회사는 이번 달로 정리하고", "올영 그만두고": the verb of leaving; what one left is
# one of the few words before it
_LEFT = re.compile(
    r"(?:그만\s*두고|그만\s*뒀|그만둠|관두고|관뒀|정리하고|정리했|퇴사하고|퇴사했|나오고|나왔|나와서|"
    r"때려\s*치우고|때려\s*쳤|접고|접었|빼고|뺐|떠나서|떠나고|떠났|떠나(?=\s))"
)
_WORK_WORD = re.compile(r"회사|직장|알바|아르바이트|일을|일\s|퇴사|가게|병원|학원|은행")
_NOT_DONE = re.compile(r"싶|려고|할까|까\s*봐|고민|생각|예정|계획|말까|못\s*하")
_WORKPLACE = (
    r"(?:회사|은행|병원|스타트업|대기업|공기업|중소기업|학원|학교|센터|연구소|공장|카페|가게|식당|"
    r"매장|사무실|그룹|증권|전자|제약|[가-힣]{1,4}사|[가-힣]{1,4}청)"
)
# "의료기기 회사로 출근합니다", "스타트업으로 옮겼어": where one works from now
_TO_WORK = re.compile(
    rf"(?P<v>(?:[가-힣A-Za-z]+\s)?[가-힣A-Za-z]*{_WORKPLACE})(?:으로|로)\s*(?:[가-힣]+\s+)?"
    r"(?:출근|이직|옮겼|옮겨|옮김|들어가|들어갔|갈아탔|취직|입사|가게\s*됐|가기로)"
)
# "편의점 알바 그만두고, 이제 학원 조교 해": the new work said after the quitting
_NOW_DOING = re.compile(
    r"이제\s*(?:는\s*)?(?P<v>(?:[가-힣A-Za-z]+\s){0,2}[가-힣A-Za-z]+?)\s*(?:해|해요|함|한다|합니다|"
    r"하고\s*있|시작했|일해|일하고)(?=$|[\s.,!?~ㅋㅎㅠㅜ])"
)
# "카카오 그만두고 네이버 들어감": after leaving, any named place one now goes to work at
_JOINED = re.compile(
    r"(?:^|\s)(?P<v>[가-힣A-Za-z]{2,10}?)(?:에|으로|로)?\s*(?:들어감|들어갔|들어가|입사|출근|취직|이직|"
    r"다녀|다녀요|다니고\s*있)"
)
_RANK = r"(?:과장|차장|부장|대리|주임|사원|팀장|실장|본부장|이사|상무|전무|인턴|막내)"
# "제약회사 영업부에서 과장 달고 있습니다", "은행 대리예요"
_RANK_AT = re.compile(
    rf"(?P<v>(?:[가-힣A-Za-z]+\s){{0,2}}[가-힣A-Za-z]*(?:{_WORKPLACE}|팀|부|부서|본부))(?:에서|의)?\s*"
    rf"(?P<r>{_RANK})\s*(?:달고|달았|직급|으로\s*일|로\s*일|이에요|예요|입니다|이야|야|이고|인데|"
    r"이라|라서|이거든|거든|임|으로\s*있|로\s*있)(?=$|[\s.,!?~ㅋㅎㅠㅜ]|고|요)"
)
# "서울 생활 접고 제주로 내려왔어요", "망원동으로 이사 왔어": where one lives from now
_MOVE_CUE = re.compile(
    r"이사|생활\s*(?:접|정리|끝)|떠나|떠났|정착|자리\s*잡|탈출|집\s*옮|독립|(?:집|방)(?:을|은|도)?\s*(?:빼|뺐)"
)
# "신림 탈출함": a home left behind
_ESCAPED = re.compile(r"(?:^|\s)(?P<k>[가-힣]{2,6}?)(?:을|를|에서)?\s*탈출")
# "망원동 투룸 같이 쓰자고 해서": in a move, the home named with its kind of housing is the new one
_NEW_HOUSING = re.compile(
    r"(?:^|\s)(?P<v>[가-힣]+(?:동|구|시|읍|면|리)\s*(?:원룸|투룸|쓰리룸|오피스텔|"
    r"아파트|빌라|주택))(?![가-힣])|(?:^|\s)(?P<w>[가-힣]+(?:동|구|시|읍|면|리)\s*(?:원룸|투룸|쓰리룸|"
    r"오피스텔|아파트|빌라|주택))(?:이야|야|이에요|예요|입니다|으로|로|임)(?=$|[\s.,!~ㅋㅎ])"
)
# house-hunting is no move yet: "망원동 투룸 보러 감", "알아보는 중"
_HUNTING = re.compile(
    r"^\S*\s*(?:\S+\s+)?(?:보러|알아보|구하|찾|매물|구경|비싸|어때|어떨)|야\s*(?:하나|되나|할까|돼)"
)
# "역삼동 원룸 빼고": the home named is the one left
_LEAVING = re.compile(rf"^\s*(?:을|를|은|는|에서)?\s*(?:{_LEFT.pattern}|탈출)")
# a stay away from home, not a move: "대전 떠나서 여행 왔어"
_AWAY = re.compile(r"여행|놀러|출장|휴가|캠핑|구경|잠깐|잠시|며칠|당일치기")
_CAME_TO = re.compile(
    r"(?:^|\s)(?P<v>[가-힣]{2,6}?)(?:에|으로|로)?\s*(?:왔|갔|올라왔|내려왔|이사|정착)"
)
# "이제 합정 살아": where one lives now, the particle dropped
_LIVE_NOW = re.compile(
    r"이제\s*(?:는\s*)?(?P<v>[가-힣]+?)(?:에|에서)?\s*(?:살아|살고|삶|살아요|거주)(?=$|[\s.,!?~ㅋㅎㅠㅜ])"
)
_MOVED_TO = re.compile(
    r"(?<![가-힣])(?P<v>(?:(?!(?:탈출|끝|완료|끝남)\s)[가-힣]+\s)?[가-힣]+?)(?:으로|로)\s*(?:다시\s*)?(?:내려왔|올라왔|내려갔|올라갔|"
    r"넘어왔|옮겼|옮겨\s*왔|왔|갔|이사|(?:와|옴)(?=$|[\s.,!~ㅋㅎ]))"
)
_PET_GONE = re.compile(
    r"무지개\s*다리|하늘\s*나라|별이\s*됐|죽었|떠나\s*보내|떠나\s*보냈|세상을\s*떠났"
)
# "초코 보내고", "초코를 하늘로 보냈어": sent off, right after the pet's name
_SENT_OFF = r"(?:를|을|이를)?\s*(?:하늘로\s*|먼저\s*)?(?:보내고|보냈|보낸\s*지|보내\s*줬)"
# "… 보내고 새로 고양이 한 마리 데려왔어": the new pet after the one that died
_PET_NEW = re.compile(
    rf"(?P<a>{alt(ANIMALS)}|{alt(BREEDS)})\s*(?:한\s*마리\s*)?(?:를|을)?\s*(?:새로\s*)?"
    r"(?:데려왔|입양했|입양해\s*왔|들였|분양\s*받았)"
)
_PET_NEW_NAME = re.compile(
    r"이름(?:은|이)\s*(?P<n>[가-힣]{1,4}?)(?:이)?(?:야|이야|예요|이에요|임|$|\s)"
)
_TIME_WORDS = frozenset(
    {"다음", "이번", "다음주", "이번주", "주", "달", "부터", "내일", "곧", "이제"}
)


def _to_front(m: Msg) -> None:
    """Move the last candidate before the first one of its subject: an end closes every
    current value of a single-valued subject, so it must come before the new value."""
    c = m.out[-1]
    first = next(i for i, x in enumerate(m.out) if x.subject == c.subject)
    m.out.insert(first, m.out.pop())


def end_first(m: Msg, s: Sent, subject: str, value: str, *, prefix: str | None = None) -> bool:
    """End the user's ``value`` of ``subject``, placed before the message's new values."""
    if not m.add(s, subject, value, mode="end", confidence=0.85, prefix=prefix):
        return False
    _to_front(m)
    return True


def _left(m: Msg, s: Sent) -> tuple[re.Match[str] | None, tuple[str, ...]]:
    """The verb of leaving in ``s`` and the words before it (as keys), if the user left."""
    t = s.text
    mt = _LEFT.search(t)
    if not mt or _NOT_DONE.search(t[mt.end() : mt.end() + 10]):
        return None, ()
    words = t[: mt.start()].split()[-4:]
    if is_other(t[: mt.start()], m.names):
        return None, ()
    keys = tuple(k for w in words if len(k := strip_josa(w).strip()) >= 2)
    return mt, keys


def _end_current(m: Msg, s: Sent, subjects: tuple[str, ...], keys: tuple[str, ...]) -> None:
    """End the user's current values of ``subjects`` that hold one of ``keys``."""
    for subject in subjects:
        for value in m.ctx.current.get(subject, ()):
            heads = [w for w in value.replace("'", " ").split() if len(w) >= 2]
            if any(k in value or any(h in k for h in heads) for k in keys):
                end_first(m, s, subject, value)


def _np(raw: str) -> str:
    words = raw.split()
    for i, w in enumerate(words[:-1]):
        if strip_josa(w) != w:
            words = words[i + 1 :]  # "남편은 은행": the words after a topic
    words = [w for w in words if w not in FILLERS and w not in _TIME_WORDS]
    words = [w for w in words if not re.search(r"(?:부터|에는|에서|엔|에)$", w)]
    v = " ".join(words)
    return v if word_ok(v) else ""


def _left_work_before(m: Msg, s: Sent) -> tuple[str, ...]:
    """The keys of a job left in an earlier sentence ("병원 그만뒀어요. 이제 보건소 다녀요")."""
    for x in m.sents[: s.index]:
        left, keys = _left(m, x)
        values = [v for k in _WORK_SUBJECTS for v in m.ctx.current.get(k, ())]
        if left and any(k in v for k in keys for v in values):
            return keys
    return ()


def _work_switch(m: Msg, s: Sent) -> None:
    t = s.text
    left, keys = _left(m, s)
    if left:
        _end_current(m, s, (*_WORK_SUBJECTS, "hobby", "sport"), keys)
        values = [v for k in _WORK_SUBJECTS for v in m.ctx.current.get(k, ())]
        work = any(k in v for k in keys for v in values) or _WORK_WORD.search(t[: left.end()])
        if not work:
            left = None  # "등산은 무릎 때문에 접고": a hobby given up, not a job
    elif (before := _left_work_before(m, s)) and (mt := _JOINED.search(t)):
        v = _np(mt.group("v"))
        if v and v not in before and strip_josa(v) == v and not _NOT_DONE.search(t[mt.end() :]):
            m.add(s, "workplace", v, confidence=0.8, prefix=t[: mt.start()])
        return
    after = t[left.end() :] if left else t
    mt = _TO_WORK.search(after)
    if mt and not _NOT_DONE.search(after[mt.end() : mt.end() + 8]):
        v = _np(mt.group("v"))
        if v and v not in keys:
            m.add(s, "workplace", v, confidence=0.85, prefix=t[: len(t) - len(after) + mt.start()])
    elif left and (mt := _JOINED.search(after)) and not _NOT_DONE.search(after[mt.end() :]):
        v = _np(mt.group("v"))
        if v and v not in keys and strip_josa(v) == v:
            m.add(s, "workplace", v, confidence=0.8)
    elif left and (mt := _NOW_DOING.search(after)):
        v = _np(mt.group("v"))
        ptj = "알바" in t or any(
            k in x for k in keys for x in m.ctx.current.get("part_time_job", ())
        )
        if v and not re.search(r"[요다고서면]$", v):
            m.add(s, "part_time_job" if ptj else "job", v, confidence=0.75)
    mt = _RANK_AT.search(t)
    if mt and not left and "job" not in m.taken:
        v = _np(mt.group("v"))
        if v:
            m.add(s, "job", f"{v} {mt.group('r')}", confidence=0.8, prefix=t[: mt.start()])


def _left_home(m: Msg) -> bool:
    """ "망원동으로 왔어 신촌에서": the home the user gave, left from."""
    for value in m.ctx.current.get("current_residence", ()):
        head = value.split()[0] if value.split() else ""
        if len(head) >= 2 and re.search(rf"{re.escape(head)}\S*에서", m.text):
            return True
    return False


def _home_switch(m: Msg, s: Sent) -> None:
    t = s.text
    if (not _MOVE_CUE.search(m.text) and not _left_home(m)) or _AWAY.search(t):
        return
    left, keys = _left(m, s)
    if left:
        _end_current(m, s, ("current_residence",), keys)
    esc = _ESCAPED.search(t)
    if esc and not _NOT_DONE.search(t[esc.end() : esc.end() + 8]):
        _end_current(m, s, ("current_residence",), (esc.group("k"),))
    mt = _NEW_HOUSING.search(t)
    homes = m.ctx.current.get("current_residence", ())
    after = t[mt.end() :] if mt else ""
    if (
        mt
        and not _HUNTING.search(after)
        and not _NOT_DONE.search(m.text)
        and not _LEAVING.match(after)
    ):
        v = mt.group("v") or mt.group("w")
        # "석민이가 망원동 투룸 같이 쓰자고 해서": a home shared with the one who offered it
        shared = re.match(r"\s*(?:을|를|에서|에)?\s*(?:같이|함께)", t[mt.end() :])
        before = None if shared else t[: mt.start()]
        if not any(w in h for w in v.split() for h in homes) and m.add(
            s, "current_residence", v, confidence=0.85, prefix=before, loose=True
        ):
            return
    mt = _MOVED_TO.search(t)
    homes = m.ctx.current.get("current_residence", ())
    if not mt and left and any(k in v for k in keys for v in homes):
        mt = _CAME_TO.search(t, left.end())  # "대전 떠나 서울 왔어요"
    if mt and not _NOT_DONE.search(t[mt.end() : mt.end() + 8]):
        v = place_value(mt.group("v"), strict=False, home=False)
        if v and not any(c.subject == "current_residence" and c.mode == "set" for c in m.out):
            m.add(s, "current_residence", v, confidence=0.85, prefix=t[: mt.start()])
    mt = _LIVE_NOW.search(t)
    if mt and not any(c.subject == "current_residence" and c.mode == "set" for c in m.out):
        v = place_value(mt.group("v"), strict=False, home=False)
        if v:
            m.add(s, "current_residence", v, confidence=0.85, prefix=t[: mt.start()])


def _pet_gone(m: Msg, s: Sent) -> None:
    ended = 0
    for value in m.ctx.current.get("pet", ()):
        for n in re.findall(r"'(\w+)'", value):
            said = re.search(rf"(?:^|\s){n}(?:이|가|는|이는|이가|도|를|이를|이도)?(?:\s|$)", s.text)
            gone = re.compile(rf"{n}{_SENT_OFF}").search(s.text) or _PET_GONE.search(s.text)
            if not gone and not re.search(r"여행|캠핑|놀러|산책|데리고|같이|랑", s.text):
                gone = re.search(r"떠났|떠난\s*지", s.text)  # "초코 지난달에 떠났어"
            if said and gone and end_first(m, s, "pet", value):
                ended = max(ended, gone.end())
    new = _PET_NEW.search(s.text, ended) if ended else None
    if new:
        named = _PET_NEW_NAME.search(m.text)
        name = f" '{named.group('n')}'" if named else ""
        m.add(s, "pet", f"{new.group('a')}{name}", confidence=0.8)


# "민수랑 헤어지고 지금은 준호 만나": the one the user sees now, after a break-up
_LOVE_CUE = re.compile(r"헤어|이별|깨졌|차였|찼어|사귀|연애|남친|여친|남자\s*친구|여자\s*친구|애인")
_SEEING_NOW = re.compile(
    r"(?:지금은|요즘은|요즘|이제는|이제)\s*(?P<n>[가-힣]{2,3}?)(?:이)?(?:랑|하고|를|이를|와|과)?\s*"
    r"(?:만나|사귀)(?:고|는|요|어|$|\s)"
)


_OVER = r"(?:완전히\s*|결국\s*|다\s*)?(?:끝났|끝냈|정리했)"


def _love_switch(m: Msg, s: Sent) -> None:
    broke = False
    for value in m.ctx.current.get("partner", ()):
        head = value.split()[0] if value.split() else ""
        over = rf"{re.escape(head)}(?:이)?(?:랑|하고|와|과)\s*{_OVER}"
        broke = broke or (len(head) >= 2 and bool(re.search(over, m.text)))
        if len(head) >= 2 and re.search(over, s.text):
            # the partner's name is one of the message's known names, so it is added directly
            m.out.append(
                Candidate(
                    subject="partner", value=value, confidence=0.85, mode="end", evidence=s.text
                )
            )
            _to_front(m)
    if not broke and not _LOVE_CUE.search(m.text):
        return
    mt = _SEEING_NOW.search(s.text)
    if not mt or _NOT_DONE.search(s.text[mt.end() : mt.end() + 8]):
        return
    n = mt.group("n")
    if n in PERSONS or n in FILLERS or not word_ok(n) or n in m.names:
        return
    if any(n in v for v in m.ctx.current.get("partner", ())):
        return
    m.add(s, "partner", n, confidence=0.8, prefix=s.text[: mt.start()])


# "나 이제 게이트볼은 못해요", "수영은 더는 안 해": a pastime the user has given up
_GIVEN_UP = re.compile(
    r"(?:이제|더\s*이상|더는|이젠)\s*(?:\S+\s)?(?P<k>[가-힣A-Za-z]{2,8}?)(?:은|는|도)\s*(?:이제|더\s*이상|더는|이젠)?\s*"
    r"(?:못\s*해|못\s*쳐|못\s*타|못\s*가|안\s*해|안\s*쳐|안\s*다녀|안\s*다니|그만)"
    r"|(?P<j>[가-힣A-Za-z]{2,8}?)(?:은|는|도)\s*(?:이제|더\s*이상|더는|이젠)\s*"
    r"(?:못\s*해|못\s*쳐|못\s*타|못\s*가|안\s*해|안\s*쳐|안\s*다녀|안\s*다니)"
)


def _given_up(m: Msg, s: Sent) -> None:
    mt = _GIVEN_UP.search(s.text)
    done = mt and not _NOT_DONE.search(s.text[mt.end() : mt.end() + 8])
    if mt and done and not is_other(s.text[: mt.start()], m.names):
        _end_current(m, s, ("hobby", "sport"), (mt.group("k") or mt.group("j"),))


def switch_rule(m: Msg, s: Sent) -> None:
    _given_up(m, s)
    _love_switch(m, s)
    _work_switch(m, s)
    _home_switch(m, s)
    _pet_gone(m, s)
