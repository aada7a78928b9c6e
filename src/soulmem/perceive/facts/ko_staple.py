"""Korean rules for what the user keeps choosing (soulmem.perceive.facts.ko): the one thing
ordered wherever they go ("어느 카페 가도 무조건 바닐라라떼예요"), a drink counted by the day
("하루에 세 캔은 마시는 듯"), a food eaten that often ("일주일에 세 번은 먹어요"), a favourite
named without its kind ("제 최애는 흑임자라떼!"), the food "그게 유일한 낙" looks back on or names
("… 먹는 국밥이 인생 낙", "난 국밥파"), "the
usual" ordered again, and a title watched or read again and again ("슬램덩크 전권 다시 정주행")."""

from __future__ import annotations

import re

from soulmem.perceive.facts.ko_base import COP, Msg, Sent, np_value
from soulmem.perceive.facts.ko_kinds import classify
from soulmem.perceive.facts.ko_lex import DRINKS, alt

__all__ = ["staple_rule"]

# "어느 카페 가도 무조건 바닐라라떼예요", "어딜 가든 늘 국밥이야"
_ANYWHERE = re.compile(
    r"(?:어느|어떤|무슨)\s*\S+\s*(?:가도|가든|가든지|가면)|어딜\s*가(?:도|든)|어디\s*가(?:도|든)|"
    r"(?:카페|식당|편의점|술집|가게)\s*(?:가면|가도|가서)"
)
_ALWAYS = re.compile(
    rf"(?:무조건|항상|늘|언제나|맨날|매번|오로지|무적권)\s*(?P<v>[^\s.!?,]{{2,12}}?)\s*(?:{COP}|이지|지)"
    r"(?=$|[\s.,!?~ㅋㅎㅠㅜ])"
)
# "하루에 세 캔은 마시는 듯", "매일 두 잔씩 마셔": a drink counted by the day
_PER_DAY = re.compile(
    # "하루에 믹스커피를 다섯 봉은 타 먹어요": a drink made up by the sachet, too
    r"(?:하루에?|매일|맨날|날마다)\s*(?:\S+\s*){0,2}?(?:캔|잔|병|팩|통|봉지|봉)\s*(?:은|씩|이상|넘게|정도)?\s*"
    r"(?:\S+\s)?(?:마시|마셔|먹|비워|비우|까)"
)
_DRINK_WORD = re.compile(
    rf"(?P<v>[가-힣A-Za-z]*(?:{alt(DRINKS)}))(?:을|를|은|는|이|가|만|도)?(?![가-힣])"
)
# "앞으로 제 최애는 흑임자라떼!", "내 최애가 민초임": a favourite whose kind the value tells
_FAV_BARE = re.compile(
    r"(?:^|\s)(?:내|제|나의|저의|나|저)\s*(?:요즘\s*)?최애(?:는|가|은)\s*(?P<v>[^\s.!?,]{2,12}?)\s*"
    rf"(?:{COP}|이지|지)?(?=$|[\s.,!?~ㅋㅎ])"
)
# "민트초코가 최애야", "잔나비 내 최애임": the value first, 최애 after it without a kind
_FAV_AFTER_BARE = re.compile(
    r"(?:^|\s)(?P<v>[가-힣A-Za-z]{2,12}?)(?:이|가|은|는)?\s*(?:내|제|나의|저의)?\s*(?:요즘\s*)?"
    r"최애(?:야|이야|예요|이에요|임|지|이지|입니다|다)?(?=$|[\s.,!?~ㅋㅎㅠㅜ])"
)
# "마라탕은 진리임", "떡볶이는 국룰이지": a food or drink held the best of its kind
_TRUTH = re.compile(
    r"(?:^|\s)(?P<v>[가-힣A-Za-z]{2,10}?)(?:은|는|이|가)?\s*(?:ㄹㅇ\s*|진짜\s*|완전\s*)?(?:진리|국룰|근본)"
    r"(?:야|이야|예요|이에요|임|지|이지|입니다|다|인\s*듯)?(?=$|[\s.,!?~ㅋㅎㅠㅜ])"
)
# "슬램덩크 전권 다시 정주행했는데", "나의 아저씨 다섯 번 정주행"
_BINGE = re.compile(
    r"(?P<v>(?:[^\s.!?,]+\s){0,2}?[^\s.!?,]+?)(?:을|를)?\s*(?P<all>전권|전편|전\s*시즌|시즌\s*\d+\s*까지)?\s*"
    r"(?P<again>다시|또|\S+\s*번(?:째)?|몇\s*번(?:째)?|\d+\s*회차|재탕)?\s*(?:정주행|재탕|복습)"
)
_AGAIN = re.compile(r"다시|또|번|회차|재탕|울었|인생|명작")
_NOT_TITLE = frozenset({"드라마", "영화", "만화", "웹툰", "애니", "시리즈", "그거", "이거", "전권"})
# "… 둘이 곱창에 소주 한잔하기로 했거든요. 그게 저희 유일한 낙": what 그게 points back to
_THAT_JOY = re.compile(
    r"^(?:그게|그거|이게|이거)(?:이|가)?\s*(?:(?:내|제|저희|우리|나의)\s*)?(?:유일한\s*|최고의\s*|큰\s*)?"
    r"(?:낙|행복|힐링|소확행|즐거움|재미)"
)
# "학원 끝나고 먹는 돼지국밥이 ㄹㅇ 인생 유일한 낙임": the thing named is the joy
_NOUN_JOY = re.compile(
    r"(?:(?P<verb>먹는|마시는)\s+)?(?P<v>[가-힣A-Za-z]{2,10}?)(?:이|가)\s*(?:(?:ㄹㅇ|진짜|완전|요즘|"
    r"제|내|저의|나의|인생|삶의|하루의?|유일한|최고의|큰)\s*)*(?:낙|행복|힐링|소확행)"
    r"(?=$|[\s.,!?~ㅋㅎ]|이|임|야|예|에|입|이라|라)"
)
# "난 돼지국밥파임", "저는 평양냉면파예요": the side taken, when it is a food or a drink
_FOOD_CAMP = re.compile(
    r"(?:^|\s)(?:나|난|나는|저|저는|전)\s+(?:\S+\s+)?(?P<v>[가-힣]{2,8}?)\s*파"
    r"(?:임|야|이야|예요|에요|입니다|라서|라|인데|거든)(?=$|[\s.,!?~ㅋㅎ])"
)
_FOOD_WORD = re.compile(r"(?P<v>[가-힣]{2,6}?)(?:에|이랑|랑|하고|을|를|은|는|이|가|도)?(?=\s|$)")
_WE = re.compile(r".*(?:^|\s)(?:둘이서?|우리|저희|같이|함께)\s")


def _kind(v: str) -> str | None:
    kind = classify(v)
    return kind if kind in ("favorite_food", "favorite_drink") else None


def _joy_food(m: Msg, s: Sent) -> None:
    """The food in the sentence that "그게 (우리) 유일한 낙" looks back on."""
    if s.index == 0 or not _THAT_JOY.match(s.text) or "favorite_food" in m.taken:
        return
    prev = m.sents[s.index - 1]
    foods = [f.group("v") for f in _FOOD_WORD.finditer(prev.text) if _kind(f.group("v"))]
    eaten = [f for f in foods if classify(f) == "favorite_food"]
    if eaten and not prev.question:
        before = prev.text[: prev.text.find(eaten[0])]
        we = _WE.search(before)  # "남편이 … 둘이 곱창에 소주": the two of them, the user too
        before = before[we.end() :] if we else before
        m.add(prev, "favorite_food", eaten[0], confidence=0.6, prefix=before)


def _joy_noun(m: Msg, s: Sent) -> None:
    t = s.text
    for rx in (_NOUN_JOY, _FOOD_CAMP):
        mt = rx.search(t)
        if not mt or s.question:
            continue
        verb = mt.groupdict().get("verb") or ""
        kind = _kind(mt.group("v")) or {"먹는": "favorite_food", "마시는": "favorite_drink"}.get(
            verb
        )
        if kind and kind not in m.taken:
            m.add(s, kind, mt.group("v"), confidence=0.8, prefix=t[: mt.start()], loose=True)
            return


# "음료는 늘 마시던 걸로 주세요": the usual, the favourite already known
_THE_USUAL = re.compile(
    r"(?:늘|항상|맨날|매번|평소에?|원래|마시던|먹던)\s*(?P<v>마시던|먹던|시키던|주문하던|먹는|마시는)\s*"
    r"(?:걸로|거로|것으로|거|걸)"
)


def _usual(m: Msg, s: Sent) -> None:
    mt = _THE_USUAL.search(s.text)
    if not mt:
        return
    kind = "favorite_drink" if "마시" in mt.group("v") or "음료" in s.text else "favorite_food"
    known = m.ctx.current.get(kind, ())
    if known and kind not in m.taken:
        m.add(s, kind, known[-1], confidence=0.6, prefix=s.text[: mt.start()])


# "떡볶이는 일주일에 세 번은 먹어요": a food eaten that often
_OFTEN = re.compile(
    r"(?P<v>[가-힣]{2,8}?)(?:은|는|을|를|도)?\s*(?:일주일에|한\s*주에|주에|한\s*달에)\s*"
    r"(?:\S+\s*)?번(?:은|씩|이상|꼴로)?\s*(?:꼭\s*)?(?:먹|시켜)"
)

# "결국 마라탕 시킴 이번 주만 세번째", "이번 달에만 네 번째 떡볶이": a food had again and again
_NTH = r"(?:이번\s*주|이번\s*달|오늘|한\s*주)(?:만|에만|에|\s*들어)?\s*(?:벌써\s*)?\S{1,3}?\s*번째"
_NTH_TIME = re.compile(
    r"(?P<v>[가-힣]{2,8}?)(?:을|를|도)?\s*(?:또\s*)?(?:시킴|시켰|시켜|먹음|먹었|먹어|주문)\S*\s*"
    rf"(?:ㅋ+\s*|ㅎ+\s*)?{_NTH}|{_NTH}\s*(?P<w>[가-힣]{{2,10}})"
)


def staple_rule(m: Msg, s: Sent) -> None:
    t = s.text
    mt = _OFTEN.search(t) or _NTH_TIME.search(t)
    food = (mt.group("v") or mt.groupdict().get("w") or "") if mt else ""
    bare = (food[: -len(c)] for c in ("이야", "이에요", "야", "임", "예요") if food.endswith(c))
    food = next((f for f in bare if classify(f)), food)  # "떡볶이야", "마라탕이야"
    if mt and "favorite_food" not in m.taken and classify(food) == "favorite_food":
        m.add(s, "favorite_food", food, confidence=0.7, prefix=t[: mt.start()], loose=True)
    _joy_food(m, s)
    _joy_noun(m, s)
    _usual(m, s)
    mt = _ALWAYS.search(t)
    if mt and _ANYWHERE.search(t[: mt.start()]) and "favorite_drink" not in m.taken:
        v = np_value(mt.group("v"), 1)
        kind = _kind(v) if v else None
        if kind and m.add(s, kind, v, prefix=t[: mt.start()], loose=True):
            return
    day = _PER_DAY.search(t)
    if day and "favorite_drink" not in m.taken:
        before = m.text[: m.text.find(t) + len(t)]
        drinks = [d.group("v") for d in _DRINK_WORD.finditer(before)]
        if drinks:
            m.add(s, "favorite_drink", drinks[-1], confidence=0.7, prefix=t[: day.start()])
    mt = _FAV_BARE.search(t)
    if mt:
        v = np_value(mt.group("v"), 1)
        kind = classify(v) if v else None
        if kind and kind not in m.taken and m.add(s, kind, v, confidence=0.9):
            return
    mt = _TRUTH.search(t)
    v = np_value(mt.group("v"), 1) if mt else ""
    kind = _kind(v) if v else None
    if mt and kind and kind not in m.taken and m.add(s, kind, v, prefix=t[: mt.start()]):
        return
    mt = _FAV_AFTER_BARE.search(t)
    if mt and not mt.group("v").endswith(("내", "제")):
        v = np_value(mt.group("v"), 1)
        kind = classify(v) if v else None
        if kind and kind not in m.taken and m.add(s, kind, v, prefix=t[: mt.start()]):
            return
    mt = _BINGE.search(t)
    if mt and (mt.group("again") or _AGAIN.search(t[mt.end() :])):
        v = np_value(mt.group("v"), 2)
        if v and v not in _NOT_TITLE and not re.search(r"(?:에|엔|에서|고|서|주말|어제|오늘)$", v):
            kind = "favorite_book" if mt.group("all") == "전권" else "favorite_movie"
            m.add(s, kind, v, confidence=0.7, prefix=t[: mt.start()])
