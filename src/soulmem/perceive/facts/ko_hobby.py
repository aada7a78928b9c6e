"""Korean rules for how the user spends time: sports played ("배드민턴 쳐"), hobbies ("취미는
뜨개질이야", "요즘 캠핑에 빠졌어") and games played ("롤 자주 해, 티어는 골드")."""

from __future__ import annotations

import re

from soulmem.perceive.facts.ko_base import NP as _NP
from soulmem.perceive.facts.ko_base import WISH as _WISH
from soulmem.perceive.facts.ko_base import Gated, Msg, Sent, noun_before_cop, word_ok
from soulmem.perceive.facts.ko_base import np_value as _np
from soulmem.perceive.facts.ko_kinds import classify
from soulmem.perceive.facts.ko_lex import FILLERS, HOBBIES, SPORTS, alt

__all__ = ["sport_hobby"]

_SPORT = alt(SPORTS)
_SPORT_KEY = re.compile(
    rf"운동(?:은|으로는|으론|으로)\s*{_NP}(?:을|를|"
    rf"도|만)?\s*(?:해|쳐|하고|하거든|다녀|타|즐겨|"
    rf"배워|좋아|하는)"
)
_SPORT_RX = Gated(
    rf"(?<!\w)(?P<v>{_SPORT})(?:장|을|를|도|만|은|는|에|하러)?\s*(?:\w+\s){{0,2}}?(?:쳐|"
    rf"치고|치는|쳐요|해|하고\s*있|하거든|다녀|다니|"
    rf"타|타고|배워|배우|즐겨|동호회|클럽|매일|꾸준히|하러|"
    rf"하는\s*(?:게|거)\s*[^.!?]{{0,12}}?(?:낙|취미|좋아|재밌|즐거)|"
    rf"(?P<go>가서|감(?=$|\s|[,.!~])|가(?=$|[,.!~])|갔|가거든))",
    "가서",
    "가",
    "감",
    "갔",
    "가거든",
    "하는",
    "하러",
    "쳐",
    "치",
    "해",
    "하고",
    "하거",
    "다녀",
    "다니",
    "타",
    "배우",
    "배워",
    "즐겨",
    "동호회",
    "클럽",
    "매일",
    "꾸준히",
)
_SPORT_DETAIL = re.compile(
    r"(?P<d>(?:평일|주말|매주|매일|아침|저녁|퇴근)[^.!?]{0,18}?(?:클럽|"
    r"동호회|체육관|헬스장|센터|학원|모임))"
)
_GAME_KEY = re.compile(rf"게임(?:은|는)\s*{_NP}(?:만|을|를|도)?\s*(?:해|하고|하거든|즐겨|좋아)")
# "롤 자주 해, 티어는 골드": a title played, told apart from other "X 해" by gamer talk
_GAME_PLAY = re.compile(
    r"(?:^|\s)(?P<v>[\w]{1,12}?)(?:을|를|도|만|은|는)?\s*(?:자주|맨날|매일|많이|주로|요즘|열심히|"
    r"거의\s*매일|밤새)?\s*(?:해|하거든|하는데|함|하고|한다|해요)(?=$|\s|[,.!~])"
)


def _mimetic(word: str) -> bool:
    """A doubled word ("근질근질", "두근두근"): an impression, not a name."""
    half = len(word) // 2
    return len(word) >= 4 and len(word) % 2 == 0 and word[:half] == word[half:]


_GAME_CUE = re.compile(
    r"티어|랭크|랭겜|만렙|레벨\s*업|캐릭|길드|과금|현질|가챠|뽑기|서버|[Pp][Cc]방|피시방|스팀|닌텐도|"
    # "게임회사로 출근해": a workplace, no game played
    r"스위치|플스|콘솔|게임(?!\s*(?:회사|업계|개발사|사(?![가-힣])))"
)
_GAME_STOP = frozenset(
    {"게임", "운동", "공부", "일", "알바", "숙제", "과제", "야근", "청소", "요리", "뭐", "그거"}
    | {"이거", "안", "못", "잘", "다", "또", "좀", "더", "덜", "꼭", "같이", "혼자", "그냥"}
    | {"자주", "많이"}
    # a verbal noun done in a game ("접속함", "성공함"), not its title
    | {"접속", "성공", "실패", "시작", "연습", "준비", "도전", "정리", "로그인", "가입"}
    | {
        "충전",
        "망",
        "로그아웃",
        "종료",
        "탈주",
        "항복",
        "클리어",
        "저장",
        "삭제",
        "설치",
        "업데이트",
    }
)
_HOBBY_KEY = re.compile(
    r"취미(?!\s*(?:이)?라면)(?:는|가|로|론)?\s*(?P<v>[^.!?,]{2,25}?)\s*(?:이야|야|이에요|예요|"
    r"에요|인데|이고|이라|라서|라|임|하는\s*거|$)(?=$|[\s.,!?~ㅋㅎㅠㅜ])"
)
_HOBBY_JOY = Gated(
    r"(?P<v>[^.!?,]{3,34}?)(?P<e>는|하는)\s*(?:게|것이|거)\s*(?:제\s*|"
    r"내\s*|유일한\s*|삶의\s*|요즘\s*|진짜\s*|제일\s*|큰\s*)*(?:취미|낙|힐링|재미|행복|소확행)",
    "취미",
    "낙",
    "힐링",
    "재미",
    "행복",
    "소확행",
)
# "요새 낙이 경로당에서 게이트볼 치는 거예요": the joy named first, the doing after it
_JOY_FIRST = re.compile(
    r"(?:^|\s)(?:요즘|요새|제|내|나의|저의|\s)*(?:낙|취미|재미|즐거움|소일거리)(?:이|가|은|는)\s+"
    r"(?P<v>[^.!?,]{2,34}?)(?P<e>는|하는)\s*(?:거|것|게)\s*(?:예요|이에요|에요|야|이야|임|입니다|이지|지요|죠)"
)
# "친구가 복지관 노래교실 같이 다니자 해서 화요일마다 거기 가요": a class the user joined
_CLASS_JOINED = re.compile(
    r"(?P<v>(?:[가-힣]+\s)?[가-힣]+(?:교실|강좌|교습소|동호회|모임|수업))(?:에|을|를)?\s*같이\s*"
    r"(?:다니자|하자|가자|배우자)\s*(?:고)?\s*(?:해서|하길래|그래서|해가지고)\s*"
    r"(?P<after>[^.!?]*?(?:다녀|다니|가요|가(?=$|\s)|나가|배워|배우))"
)
# words that open the clause before the activity: a filler, the speaker, a time, a manner
_LEADING = re.compile(
    r"^(?:암튼|아무튼|저|저는|전|나|나는|난|요즘은?|밤|저녁|주말|매일|조금씩|가끔|퇴근하고|퇴근하면|"
    r"[가-힣]+(?:엔|에는|에|마다))$"
)
# a place (not a time) said with 에 before a bare verb: "뒷산에", but not "주말에", "밤에"
_PLACE_TO = re.compile(
    r"^(?!(?:주말|밤|저녁|아침|새벽|점심|낮|오후|오전|휴일|평일|요즘|요새|쉬는\s*날|날|때|전|후|"
    r"틈틈이|시간)에)[가-힣]{2,}에$"
)
# a clause ending ("애들 재우고"): what follows it is the activity
_CLAUSE_END = re.compile(r"[가-힣](?:고|서|면|면서|니까)$")
_HOBBY_IN = re.compile(rf"(?<![가-힣])({alt(HOBBIES)})(?:을|를|이|가|은|는|도)?(?![가-힣])")
_HOBBY_ROAM = Gated(
    r"(?P<v>(?:[^\s.!?]+\s){0,4}[^\s.!?]+?러)\s*다(?:녀|니|님|닌다)", "러 다", "러다"
)
_HOBBY_INTO = Gated(
    rf"{_NP}에\s*(?:푹\s*|완전\s*|엄청\s*|요즘\s*)?(?:빠졌|"
    rf"빠져\s*있|빠져서|빠져\s*살|꽂혔|꽂혀|미쳐\s*있)",
    "빠",
    "꽂",
    "미쳐",
)
_HOBBY_RX = re.compile(
    rf"(?<!\w)(?P<v>(?:{alt(HOBBIES)})(?:교실|강좌|수업|모임|동호회|반)?)(?:을|를|도|은|는)?\s*(?:\w+\s)?(?:쳐|"
    rf"치고|해|하고\s*있|하거든|배워|배우고|즐겨|다녀)(?!\s*봐|\s*보)"
)
_WATERS = frozenset(
    {
        "물",
        "강",
        "바다",
        "늪",
        "구덩이",
        "함정",
        "웅덩이",
        "연못",
        "호수",
        "계곡",
        "수영장",
        "하수구",
    }
    | {"개울", "도랑", "수렁", "논", "맨홀", "물웅덩이", "구멍"}
)
_ROAM_STOP = re.compile(
    r"^(?:놀러|학교|회사|일하러|출근하러|알바하러|데리러|가지러|하러|먹으러|보러)$"
)


# "쉬는 날이면 나는 산을 타요", "등산 다닌 지가 벌써 십 년": a pastime kept up for years
_HOBBY_YEARS = re.compile(
    rf"(?<!\w)(?P<v>{alt(HOBBIES)}|{_SPORT}|등산|산행)(?:을|를)?\s*(?:다닌|한|해\s*온|배운|시작한)\s*지"
    r"(?:가|도)?\s*(?:벌써\s*|꽤\s*|어언\s*)?\S+\s*(?:년|해)"
)
_CLIMB = re.compile(
    r"(?:^|\s)산(?:을|에)?\s*(?:자주\s*|열심히\s*)?(?:타요|타|타거든|타러|다녀|다니)"
    r"(?=$|\s|[,.!])"
)


# "요즘 소일거리라면... 먹 갈고 화선지 펴 놓고 붓글씨를 씁니다": the pastime named as a topic,
# then told as what one does
_PASTIME_TOPIC = re.compile(
    r"^(?:요즘|요새|제|내|저의|나의|\s)*(?:취미|소일거리|낙|즐거움)\s*(?:라면|이라면|는|은|로는|론|말인데|"
    r"말이지|얘기를?\s*하자면)?$"
)
_DOES = re.compile(
    r"(?P<v>[가-힣]{2,6})(?:을|를)\s*(?:\S+\s)?(?P<verb>씁니다|써|쓰|합니다|해|하|쳐|치|그립니다|그려|그리|"
    r"탑니다|타|만듭니다|만들|뜹니다|떠|뜨|불러|부르|읽|키워|키우|가꿔|가꾸|모아|모으|배워|배우|둡니다|둬|두)"
    r"\w{0,4}(?=$|[\s.,!~])"
)
_DOING = {"씁": "쓰기", "써": "쓰기", "쓰": "쓰기", "합": "하기", "해": "하기", "하": "하기"}
_DOING |= {"쳐": "치기", "치": "치기", "그": "그리기", "탑": "타기", "타": "타기", "만": "만들기"}
_DOING |= {"뜹": "뜨기", "떠": "뜨기", "뜨": "뜨기", "불": "부르기", "부": "부르기", "읽": "읽기"}
_DOING |= {
    "키": "키우기",
    "가": "가꾸기",
    "모": "모으기",
    "배": "배우기",
    "둡": "두기",
    "둬": "두기",
}
_DOING |= {"두": "두기"}


def _pastime_topic(m: Msg, s: Sent) -> bool:
    prev = m.sents[s.index - 1] if s.index > 0 else None
    if not prev or not _PASTIME_TOPIC.match(prev.text) or s.question:
        return False
    found = [d for d in _DOES.finditer(s.text) if d.group("v") not in FILLERS]
    if not found:
        return False
    v, verb = found[-1].group("v"), found[-1].group("verb")
    value = v if verb[0] in "합해하" else f"{v} {_DOING.get(verb[0], '하기')}"  # "뜨개질을 해요"
    return m.add(s, "hobby", value, confidence=0.75)


def _set(m: Msg, subject: str) -> bool:
    return any(c.subject == subject and c.mode == "set" for c in m.out)


def sport_hobby(m: Msg, s: Sent) -> None:
    t = s.text
    if _pastime_topic(m, s):
        return
    mt = _HOBBY_YEARS.search(t)
    kind = "sport" if mt and mt.group("v") in SPORTS else "hobby"
    if mt and kind not in m.taken and m.add(s, kind, mt.group("v"), prefix=t[: mt.start()]):
        return
    mt = _CLIMB.search(t)
    if mt and "hobby" not in m.taken and not _WISH.match(t[mt.end() :]):
        m.add(s, "hobby", "등산", confidence=0.7, prefix=t[: mt.start()])
    for rx in (_SPORT_KEY, _SPORT_RX):
        mt = rx.search(t)
        if (
            mt
            and not _WISH.match(t[mt.end() :])
            and not re.search(r"싶|장면|씬", t[mt.end() : mt.end() + 10])
            # "야구 경기 보러 갔어": going to watch is not playing; "탁구치는 장면": a film's
            and not (mt.groupdict().get("go") and re.search(r"경기|직관|보러|구경", mt.group(0)))
        ):
            v = _np(mt.group("v"), 2)
            if v:
                d = _SPORT_DETAIL.search(m.text)
                value = f"{v} ({d.group('d')})" if d else v
                if m.add(s, "sport", value, prefix=t[: mt.start()], loose=True):
                    break
    mt0 = _GAME_KEY.search(t)
    if mt0:
        v0 = _np(mt0.group("v"), 2)
        if v0 and m.add(s, "favorite_game", v0, prefix=t[: mt0.start()]):
            return
    # the game talk near the sentence ("길드에서 활동하는 그놈임. 본명은 … 실명 공개함" is not)
    near = " ".join(x.text for x in m.sents[max(0, s.index - 1) : s.index + 2])
    plays = _GAME_PLAY.finditer(t) if _GAME_CUE.search(near) else iter(())
    for mt0 in plays:
        v0 = mt0.group("v")
        if "sport" in m.taken or v0 in _GAME_STOP or v0 in FILLERS or v0 in SPORTS:
            continue
        if _mimetic(v0):  # "몸이 근질근질해": a feeling said with a doubled word, not a title
            continue
        if word_ok(v0) and m.add(s, "favorite_game", v0, confidence=0.6, prefix=t[: mt0.start()]):
            return
    mt = _HOBBY_KEY.search(t)
    if mt:
        v = re.sub(r"\s+(?:함|해|해요|합니다|하고\s*있어|하는\s*중)$", "", noun_before_cop(mt))
        # "취미는 주말마다 뜨개질을 해요": the time before and the object's particle go
        v = re.sub(r"^(?:\S+(?:마다|에는|에|엔)\s+)+", "", v)
        v = re.sub(r"(?<=[가-힣]{2})(?:을|를)$", "", v) if " " not in v else v
        v = re.sub(r"(?<=[가-힣])는\s*(?:거|것)$", "기", v)  # "등산 가는 거" -> "등산 가기"
        if word_ok(v):
            m.add(s, "hobby", v, confidence=0.9, prefix=t[: mt.start()])
            return
    mt2 = _HOBBY_JOY.search(t) or _JOY_FIRST.search(t)
    cls = _CLASS_JOINED.search(t)
    # the one who asked is the subject of the first clause; the user goes
    if (
        cls
        and not _WISH.match(t[cls.end() :])
        and not _set(m, "hobby")
        and m.add(s, "hobby", cls.group("v"))
    ):
        return
    if mt2:
        raw = mt2.group("v").strip()
        words = raw.split()
        while words and words[0] in ("그리고", "근데", "나는", "난", "아", "요즘", "참", "그래서"):
            words.pop(0)
        # "경로당 앞마당에서 게이트볼 치는": where it is done goes, the doing stays
        if mt2.re is _JOY_FIRST:
            at = [i for i, w in enumerate(words[:-1]) if w.endswith("에서")]
            words = words[at[-1] + 1 :] if at else words
        # "애들 재우고 코바늘 잡는 게 낙": what is done, after the clause that sets the time
        while len(words) > 1 and _LEADING.match(words[0]):
            if len(words) == 2 and _PLACE_TO.match(words[0]):
                break  # "뒷산에 오르는 게 낙": a bare verb keeps the place it goes to
            words.pop(0)
        cut = [
            i
            for i, w in enumerate(words[:-2])
            # "레고 조립하면서 잔나비 틀어놓는 게 힐링": -면서 joins two doings, both kept
            if _CLAUSE_END.search(w)
            and not w.endswith("면서")
            and not _HOBBY_IN.fullmatch(w)  # "레고", a pastime, not a clause in -고
            and not _CLAUSE_END.search(words[i + 1])
        ]
        words = words[cut[-1] + 1 :] if cut else words
        # "쌍화차 한 잔에 노른자 띄워 마시는 게 낙": a drink or a food enjoyed, not a pastime
        had = [w for w in words[:-1] if words[-1].startswith(("마시", "먹"))]
        had = [w for w in had if classify(w) in ("favorite_drink", "favorite_food")]
        if had and m.add(s, classify(had[0]) or "likes", had[0], prefix=t[: mt2.start()]):
            return
        if words:
            last = words[-1]
            words[-1] = (
                last[:-1] if mt2.group("e") == "는" and last.endswith("는") else last
            ) + "기"
            if mt2.group("e") == "하는":
                words[-1] = last + "하기"
            # "레고 질렀음 … 조금씩 조립하는 게 낙": a bare verb takes the hobby named nearby
            thing = _HOBBY_IN.findall(m.text[: m.text.find(t)]) if len(words) == 1 else []
            if thing:
                words.insert(0, thing[-1])
            m.add(s, "hobby", " ".join(words), prefix=t[: mt2.start()])
            return
    mt3 = _HOBBY_ROAM.search(t)
    if mt3:
        raw = mt3.group("v")
        tokens = raw.split()
        keep: list[str] = []
        for tok in reversed(tokens):
            if (
                keep
                and re.search(r"(?:엔|에는|마다|은|는|면|서|고)$", tok)
                and tok not in ("들고",)
            ):
                break
            keep.append(tok)
        keep.reverse()
        if keep and not _ROAM_STOP.match(keep[-1]) and len(keep) >= 2:
            m.add(s, "hobby", " ".join(keep) + " 다니기", prefix=t[: mt3.start()])
            return
    mt4 = _HOBBY_INTO.search(t)
    if mt4:
        v = _np(mt4.group("v"), 2)
        if v and v.split()[-1] in _WATERS:
            v = ""  # "물에 빠짐": fallen into water, not taken with a pastime
        if v:
            kind = classify(v) or "hobby"
            if kind in ("favorite_food", "favorite_drink"):
                if kind in m.taken:
                    return  # "흑임자라떼에 꽂혔어요" is already the favourite drink
                kind = "likes"
            m.add(s, kind, v, prefix=t[: mt4.start()], loose=True)
            return
    mt5 = _HOBBY_RX.search(t)
    if (
        mt5
        and not _WISH.match(t[mt5.end() :])
        and "sport" not in m.taken
        and not re.search(r"야\s*(?:해|돼|하|되)|면\s", mt5.group(0))
    ):
        m.add(s, "hobby", mt5.group("v"), confidence=0.6, prefix=t[: mt5.start()], loose=True)
    _unwind(m, s)


# "머리 터질 것 같으면 큐브 맞춤", "스트레스 받으면 피아노 쳐": what the user does to unwind
_UNWIND = re.compile(
    r"(?:스트레스\s*(?:받으면|받을\s*때|쌓이면|풀\s*때)|머리\s*(?:터질|아플|복잡할)\s*(?:것\s*같으면|때)|"
    r"머리가?\s*(?:복잡하면|아프면)|답답하면|답답할\s*때|멘탈\s*나가면|열받으면|빡치면|우울하면|"
    r"우울할\s*때|힘들\s*때|힘들면|잡생각\s*(?:나면|들\s*때))(?:엔|에는|는|은)?\s*"
    r"(?:무조건\s*|항상\s*|늘\s*|그냥\s*|일단\s*|바로\s*|꼭\s*)?(?P<v>[가-힣A-Za-z0-9]{1,8})(?:을|를)?\s*"
    r"(?P<verb>맞춤|맞춰|맞추거든|쳐|침|치거든|그려|그림|그리거든|불러|부름|뜨개질|접어|접음|"
    r"조립|만들어|만듦|들어|들음|듣거든|해|함|하거든)(?=$|[\s.,!~ㅋㅎ요])"
)
_UNWIND_NOUN = {"맞": "맞추기", "쳐": "치기", "침": "치기", "치": "치기", "그": "그리기"}
_UNWIND_NOUN |= {"불": "부르기", "부": "부르기", "접": "접기", "조": "조립", "만": "만들기"}
_UNWIND_NOUN |= {"들": "듣기", "듣": "듣기", "해": "하기", "함": "하기", "하": "하기"}


def _unwind(m: Msg, s: Sent) -> None:
    mt = _UNWIND.search(s.text)
    if not mt or "hobby" in m.taken or s.question:
        return
    v = mt.group("v")
    if classify(v) in ("favorite_food", "favorite_drink") or v in FILLERS:
        return  # "스트레스 받으면 떡볶이 먹어" is a food, said elsewhere
    verb = mt.group("verb")
    act = "뜨개질" if verb == "뜨개질" else f"{v} {_UNWIND_NOUN[verb[0]]}"
    act = f"{v}하기" if verb[0] in "해함하" else act
    m.add(s, "hobby", act, confidence=0.7, prefix=s.text[: mt.start()])
