"""Korean rules for what the user keeps going back to: the music on in their ears, the one
food or drink they accept, the thing that is best of its kind (soulmem.perceive.facts.ko_pref).

"출근길엔 항상 새소년 들어" names an artist (but "교양 수업 들어", "집에 들어가" do not);
"커피는 아아 말고는 인정 못 해", "난 순대 아니면 안 먹어" name the one allowed; "디저트는
마카롱이 최고야" a favourite of the kind named; "한여름에도 국밥 먹으러 가" a devotion.
"""

from __future__ import annotations

import re

from soulmem.perceive.facts.ko_base import Msg, Sent, np_value, word_ok
from soulmem.perceive.facts.ko_kinds import classify
from soulmem.perceive.facts.ko_lex import FILLERS

__all__ = ["habit_rules"]

_LISTEN = re.compile(
    r"(?:^|\s)(?P<v>[가-힣A-Za-z0-9]{2,12}?)(?:만|도|을|를)?\s*(?:맨날\s*|매일\s*|자주\s*|계속\s*|주로\s*)?"
    r"(?:들어(?!가|와|오|있|\s*있|\s*가|\s*와|주|줘|봐|보|서|도|본)|듣다가|듣고\s*있|듣는\s*중|"
    r"(?P<play>틀어\s*놓|틀어놓|틀어\s*두|틀어))"
)
# "틀어놓거든요" plays a singer only where music is talked about
_MUSIC_TALK = re.compile(
    r"노래|음악|발라드|플레이리스트|앨범|가수|곡|OST|BGM|멜론|스포티파이|힙합|재즈"
)
# a habit said around it: "요즘", "항상", "출퇴근길에", "이어폰 꽂으면"
_LISTEN_CUE = re.compile(
    r"요즘|항상|맨날|매일|(?<![가-힣])늘|자주|주로|즐겨|만\s*들어|출퇴근|퇴근길|출근길|등굣길|이어폰|헤드폰|"
    r"운전할\s*때|작업할\s*때|공부할\s*때|잘\s*때|무한\s*반복|플레이리스트"
)
_NOT_MUSIC = re.compile(
    r"(?:수업|강의|과목|교양|전공|강좌|얘기|이야기|말|소리|잔소리|칭찬|욕|조언|설명|보험|적금|소식|"
    r"소문|연락|안부|후기|레슨|상담|"
    r"예금|연금|모임|동아리|반|코스|세미나|라디오|팟캐스트|오디오북|뉴스|팀|쪽)$"
)
_LISTEN_STOP = frozenset(
    {"요즘", "항상", "맨날", "매일", "자주", "주로", "계속", "노래", "음악", "그거", "이거", "그냥"}
    | {"진짜", "완전", "많이", "같이", "혼자", "다시", "다들", "이어폰", "소리"}
)
# "탄산은 밀키스 말고는 인정 못 함", "난 팥 아니면 안 먹음": the only one the user accepts
_ONLY = re.compile(
    r"(?:^|\s)(?P<v>[가-힣A-Za-z]{1,10}(?:\s[가-힣A-Za-z]{1,10})?)(?:이)?\s*(?:말고는|말곤|"
    r"아니면|빼고는|빼곤)\s*(?:다\s*|절대\s*|아예\s*)?(?P<verb>인정\s*못|인정\s*안|안\s*먹|"
    r"못\s*먹|안\s*마셔|안\s*마시|못\s*마셔|취급\s*안|손도\s*안)"
)
_DRINK_TOPIC = re.compile(r"탄산|음료|커피|차(?:는|은)|술(?:은|는)|주스|맥주|와인")
# "간식은 약과가 최고야": the best of a kind, so the favourite of that kind
_BEST_OF = re.compile(
    r"(?P<k>음식|간식|과일|디저트|빵|음료|술|커피|라면|과자|분식|해장)(?:은|는|으론|으로는|엔)\s*"
    r"(?:뭐니\s*뭐니\s*해도\s*|역시\s*|무조건\s*|단연\s*|그래도\s*)?(?P<v>[가-힣A-Za-z]{1,10}(?:\s[가-힣A-Za-z]{1,10})?)"
    r"(?:이|가)\s*(?:최고|짱|진리|국룰|갑)"
)
_DRINK_KINDS = ("음료", "술", "커피")
# "한겨울에도 평양냉면 먹으러 가": eating it whatever the season or the trouble
_DEVOTED = re.compile(
    r"(?:한겨울에도|한여름에도|추워도|더워도|비\s*와도|새벽에도|매주|주말마다|일부러|멀어도)\s*"
    r"(?P<v>[가-힣A-Za-z]{1,10}(?:\s[가-힣A-Za-z]{1,10})?)\s*(?:먹으러|마시러)"
)


def _kind(v: str, drink: bool) -> str:
    kind = classify(v)
    if kind in ("favorite_food", "favorite_drink"):
        return kind
    return "favorite_drink" if drink else "favorite_food"


def _listen(m: Msg, s: Sent) -> bool:
    t = s.text
    mt = _LISTEN.search(t)
    if not mt or not _LISTEN_CUE.search(t):
        return False
    v = mt.group("v")
    if mt.group("play") and not _MUSIC_TALK.search(m.text):
        return False
    if v in _LISTEN_STOP or v in FILLERS or _NOT_MUSIC.search(v) or not word_ok(v):
        return False
    if re.search(r"[는은던]$|[고서면니]$|(?:없이|몰래|맘대로|마음대로)$", v):
        return False  # "출근하면서 들어": a clause, not what is heard
    kind = "favorite_music" if classify(v) == "favorite_music" else "favorite_artist"
    return m.add(s, kind, v, prefix=t[: mt.start()], loose=True)


def _food_before(m: Msg, s: Sent, part: str) -> str:
    """The food named in the sentence before, which ``part`` is a kind of; or ""."""
    if s.index == 0:
        return ""
    words = re.findall(r"[가-힣]{2,6}", m.sents[s.index - 1].text)
    foods = [w for w in words if w != part and classify(w) == "favorite_food"]
    return foods[-1] if foods else ""


def _food(m: Msg, s: Sent) -> bool:
    t = s.text
    mt = _BEST_OF.search(t)
    if mt:
        v = np_value(mt.group("v"), 2)
        kind = _kind(v, mt.group("k") in _DRINK_KINDS)
        if v and m.add(s, kind, v, prefix=t[: mt.start()], loose=True):
            return True
    mt = _ONLY.search(t)
    if mt:
        v = np_value(mt.group("v"), 2)
        drink = "마" in mt.group("verb") or bool(_DRINK_TOPIC.search(t[: mt.end("v")]))
        whole = _food_before(m, s, v) if v and not drink else ""
        if whole:  # "붕어빵 트럭 생겼더라. 난 팥 아니면 안 먹음": the kind of 붕어빵 eaten
            return m.add(s, "likes", f"{v} {whole}", prefix=t[: mt.start()], loose=True)
        if v and m.add(s, _kind(v, drink), v, prefix=t[: mt.start()], loose=True):
            return True
    mt = _DEVOTED.search(t)
    if mt:
        v = np_value(mt.group("v"), 2)
        drink = mt.group(0).endswith("마시러")
        return bool(v) and m.add(s, _kind(v, drink), v, prefix=t[: mt.start()], loose=True)
    return False


# "라디오에서 '고향역'이 흘러나오면 하던 일을 다 멈춥니다": a song, named in quotes, that stops
# everything when it comes on
_SONG_ON = re.compile(
    r"['‘\"“](?P<v>[^'‘’\"“”]{1,20})['’\"”](?:이|가|만|은|는)?\s*(?:흘러\s*)?(?:나오면|들리면|나올\s*때)"
    r"\s*[^.!?]{0,24}?(?:멈추|멈춥|멈춰|따라\s*(?:불러|부르|부릅)|눈물|울컥|볼륨|소리\s*키|귀를\s*기울)"
)


def habit_rules(m: Msg, s: Sent) -> None:
    mt = _SONG_ON.search(s.text)
    if mt and "favorite_music" not in m.taken and word_ok(mt.group("v")):
        m.add(s, "favorite_music", mt.group("v"), confidence=0.7, prefix=s.text[: mt.start()])
    if not m.taken & {"favorite_music", "favorite_artist"}:
        _listen(m, s)
    if not m.taken & {"favorite_food", "favorite_drink"}:
        _food(m, s)
