"""Korean job rules for work said without a job title (soulmem.perceive.facts.ko): the team one
belongs to ("나 과자 회사 마케팅팀이거든"), the shop one runs ("집에서 애기옷 쇼핑몰 열었어요"),
the pupils one teaches ("동네 수학학원에서 중딩들 가르쳐요"), a workplace joined ("철도청에
들어갔지요") and a working life told by what was done for years ("서른세 해를 기차를
몰았습니다")."""

from __future__ import annotations

import re

from soulmem.perceive.facts.ko_base import Msg, Sent, clean_np, word_ok
from soulmem.perceive.facts.ko_lex import (
    FILLERS,
    JOB_SUFFIXES,
    JOBS,
    alt,
    has_batchim,
    strip_josa,
)

__all__ = ["job_rule"]

_DEPTS = (
    "마케팅|영업|해외영업|개발|기획|상품기획|인사|총무|회계|재무|홍보|디자인|경영지원|품질|생산|연구|"
    "구매|법무|전략|고객지원|고객관리|CS|IT|광고|물류|서비스|편집|콘텐츠|운영|데이터|보안|교육|"
    "설계|브랜드|MD|VMD"
)
_ME = r"(?:(?:나|난|나는|저|저는|전|내가|제가)\s+)?"
# "나 과자 회사 마케팅팀이거든", "저 영업팀에서 일해요"
_TEAM = re.compile(
    rf"(?:^|\s){_ME}(?P<v>(?:[가-힣A-Za-z]+\s){{0,2}}(?:{_DEPTS})\s*(?:팀|부|부서|본부))"
    r"(?:\s*(?:막내|사원|대리|직원|소속))?"
    r"(?:이야|이거든|이에요|이고|인데|이라|임|이요|입니다|에서\s*(?:일|근무)|소속)?"
    r"(?=$|[\s.,!?~ㅋㅎㅠㅜ])(?<!팀)(?<!부)(?<!부서)(?<!본부)"
)
# "간호사 3년차임", "개발자 5년째야": a job said with the years in it
_YEARS_IN = re.compile(
    rf"(?:^|\s){_ME}(?P<v>(?:[가-힣A-Za-z]+\s)?(?:{alt(JOBS)}|[가-힣]{{1,6}}(?:{alt(JOB_SUFFIXES)})))\s*"
    r"(?:\d{1,2}|[일이삼사오육칠팔구십]{1,2}|한|두|세|네|다섯|여섯|일곱|여덟|아홉|열)\s*년\s*(?:차|째)"
)
# "집에서 애기옷 쇼핑몰 열었어요", "동네에 작은 카페 차렸어"
_SHOP = re.compile(
    r"(?P<v>(?:[가-힣A-Za-z]+\s){0,2}(?:(?P<web>[가-힣A-Za-z]*쇼핑몰|스마트스토어|온라인\s*(?:샵|몰|가게))|"
    r"카페|식당|가게|공방|꽃집|빵집|베이커리|네일샵|미용실|치킨집|술집))(?:을|를)?\s*"
    r"(?:(?:하나|새로|드디어|결국)\s*)*(?P<verb>열었|차렸|오픈했|창업했|운영해|운영하고|운영\s*중|시작했|하고\s*있)"
)
# "동네 수학학원에서 중딩들 가르쳐요", "학원에서 애들 가르치는데"
_TEACH = re.compile(
    r"(?P<v>(?:[가-힣A-Za-z]+\s)?[가-힣A-Za-z]*(?:학원|교습소|공부방|센터|학교))에서\s*(?:[가-힣]+\s){0,2}?"
    r"(?:가르쳐|가르치|수업\s*해|수업하|강의\s*해|강의하)"
)
# "서른세 해를 꼬박 기차를 몰았습니다", "30년 동안 버스를 운전했어": a working life told by
# what was done for years
_YEARS_DID = re.compile(
    r"(?P<d>(?:\d{1,2}|[가-힣]{1,4})\s*(?:해|년))(?:\s*(?:를|을|동안|간|이나))?\s*(?:꼬박\s*|내내\s*|넘게\s*)?"
    r"(?P<v>[가-힣]{1,6}?)(?:를|을)\s*(?P<verb>몰았|운전했|가르쳤|고쳤|지었|팔았|구웠|캤|만들었)"
)
_DID = {"몰았": "운전", "운전했": "운전", "가르쳤": "교육", "고쳤": "수리", "지었": "짓기"}
_DID |= {"팔았": "판매", "구웠": "굽기", "캤": "캐기", "만들었": "제작"}
# "철도청에 들어갔지요", "은행에 입사했어": a workplace joined, kept as where one works(ed)
_JOINED = re.compile(
    r"(?:^|\s)(?P<v>[가-힣]{1,8}(?:청|공사|공단|은행|병원|회사|전자|그룹|연구소|신문사|방송국|우체국|"
    r"시청|구청|군청|학교))(?:에|으로|로)\s*(?:들어갔|들어가서|입사했|입사해서|취직했|취직해서|들어왔)"
)
_WISH = re.compile(r"싶|려고|할까|볼까|계획|예정|꿈")
_NOT_OWN = re.compile(
    r"(?:엄마|아빠|부모님|친구|언니|누나|형|오빠|동생|남편|아내|와이프)(?:가|는|이|네)?\s"
)


def _np(raw: str, n: int) -> str:
    words = clean_np(raw, n, keep_modifiers=True).split()
    while words and (words[0] in FILLERS or strip_josa(words[0]) != words[0]):
        words.pop(0)
    v = " ".join(words)
    return v if word_ok(v) else ""


# "평생 교편을 잡았습니다": the tool held for a life names the work
_HELD = re.compile(
    r"(?P<w>교편|운전대|핸들|메스|펜대)(?:을|를)\s*(?:\S+\s)?(?:잡았|잡고|잡은\s*지|놓은)"
)
_HELD_JOB = {
    "교편": "교사",
    "운전대": "운전",
    "핸들": "운전",
    "메스": "외과 의사",
    "펜대": "사무직",
}


def _working_life(m: Msg, s: Sent) -> bool:
    t = s.text
    mt = _HELD.search(t)
    if mt and not _NOT_OWN.search(t[: mt.start()]) and not _WISH.search(t[mt.end() :]):
        w = mt.group("w")
        job = f"{_HELD_JOB[w]} ({w}{'을' if has_batchim(w[-1]) else '를'} 잡음)"
        if m.add(s, "job", job, confidence=0.7, prefix=t[: mt.start()]):
            return True
    mt = _JOINED.search(t)
    if mt and "workplace" not in m.taken and not _NOT_OWN.search(t[: mt.start()]):
        m.add(s, "workplace", mt.group("v"), confidence=0.7, prefix=t[: mt.start()])
    mt = _YEARS_DID.search(t)
    if not mt or _NOT_OWN.search(t[: mt.start()]) or not word_ok(mt.group("v")):
        return False
    value = f"{mt.group('v')} {_DID[mt.group('verb')]} ({' '.join(mt.group('d').split())})"
    return m.add(s, "job", value, confidence=0.7, prefix=t[: mt.start()])


def job_rule(m: Msg, s: Sent) -> None:
    t = s.text
    if "job" in m.taken or _working_life(m, s):
        return
    mt = _YEARS_IN.search(t)
    if mt and m.add(s, "job", mt.group("v"), confidence=0.8, prefix=t[: mt.start()]):
        return
    mt = _TEAM.search(t)
    if mt and not _WISH.search(t[mt.end() :]):
        v = _np(mt.group("v"), 4)
        if v and m.add(s, "job", v, confidence=0.75, prefix=t[: mt.start()]):
            return
    for rx, tail in ((_SHOP, "운영"), (_TEACH, "강사")):
        mt = rx.search(t)
        if not mt or _WISH.search(t[mt.end() : mt.end() + 8]) or _NOT_OWN.search(t[: mt.start()]):
            continue
        if rx is _SHOP and not mt.group("web") and re.match(r"시작|하고", mt.group("verb")):
            continue  # "카페 시작했어" may be a new habit; only a web shop is started
        v = _np(mt.group("v"), 3)
        if v and m.add(s, "job", f"{v} {tail}", confidence=0.7, prefix=t[: mt.start()]):
            return
