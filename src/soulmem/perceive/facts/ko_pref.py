"""Korean rules for what the user likes: favourites, drinks, music, colours, seasons (sports,
hobbies and games played: ``ko_hobby``; avoidances: ``ko_avoid``; movies and creators:
``ko_media``)."""

from __future__ import annotations

import re

from soulmem.perceive.facts.ko_avoid import forbidden_rules
from soulmem.perceive.facts.ko_base import ADVS as _ADVS
from soulmem.perceive.facts.ko_base import NP as _NP
from soulmem.perceive.facts.ko_base import WISH as _WISH
from soulmem.perceive.facts.ko_base import (
    Gated,
    Msg,
    Sent,
    clean_np,
    noun_before_cop,
    word_ok,
)
from soulmem.perceive.facts.ko_base import (
    np_value as _np,
)
from soulmem.perceive.facts.ko_habits import habit_rules
from soulmem.perceive.facts.ko_hobby import sport_hobby
from soulmem.perceive.facts.ko_kinds import classify
from soulmem.perceive.facts.ko_lex import (
    COLORS,
    DRINKS,
    GENRES,
    MUSIC,
    alt,
)

__all__ = ["preference_rules"]


# ---------------------------------------------------------------- likes
_LIKE = Gated(
    rf"{_NP}(?P<p>을|를|이|가|도|은|는|만)?\s*{_ADVS}(?P<neg>안\s*|별로\s*안\s*)?좋아(?:해|"
    rf"하거든|해요|함|한다|하는\s*편|합니다|하고|하는데|하지)",
    "좋아",
)
_LIKE_ADJ = Gated(
    rf"{_NP}(?:이|가)\s*(?:제일|가장|젤|최고로|세상에서\s*제일|"
    rf"더|훨씬\s*더)\s*좋아(?:$|\s|요|\.|!)"
    # "축구보다 농구가 좋아": a comparison says which one without 더
    rf"|\w+보다(?:는|은)?\s*{_NP.replace('?P<v>', '?P<w>')}(?:이|가)\s*좋아(?:$|\s|요|\.|!)",
    "좋아",
)
_FAV_KEY = re.compile(
    r"(?:제일\s*|가장\s*|젤\s*)?(?:좋아하는|최애|인생)\s*(?P<k>음식|메뉴|음료|술|"
    r"노래|음악|가수|색|색깔|계절|영화|드라마|애니|책|소설|게임|겜|동물|운동|장소|과일|간식|꽃)"
    r"(?:은|는|이|가)?\s*(?P<v>[^.!?,]{1,25}?)\s*(?:이야|야|이에요|예요|"
    r"에요|입니다|이고|인데|이라|라서|라|임|이지요|지요|이죠|죠|$)(?=$|[\s.,!?~ㅋㅎㅠㅜ])"
)
_COPULAS = ("이야", "예요", "이에요", "입니다")
# a one-syllable favourite ("롤", "빵", "술"), but not a pronoun, a question word or a filler
_ONE_SYLLABLE = re.compile(r"^(?![뭐다좀걍이그저난넌나너것거왜뭘])[가-힣]$")
# ... said with its copula after it ("롤이야"), not a copula itself ("인생 영화야" -> "야")
_COPULA_NEXT = re.compile(r"\s*(?:이야|야|이에요|예요|에요|입니다|이고|인데|이라|라서|라|임)")
# "인터스텔라가 내 인생영화야": the value first, the favourite-kind after it
_FAV_AFTER = re.compile(
    rf"{_NP}(?:이|가|은|는)\s*(?:내|제|나의|저의|나한텐|나한테는)?\s*(?:최애|인생)\s*"
    r"(?P<k>음식|메뉴|음료|술|노래|음악|가수|색|색깔|계절|영화|드라마|애니|책|소설|게임|겜|동물|운동|장소|과일|"
    r"간식)(?:이야|야|이에요|예요|에요|입니다|이고|인데|이라|라서|라|임|이지|지|$)"
)
# "제일 좋아하는 음식? 당연히 삼겹살이지": a favourite asked aloud, answered in the next sentence
_FAV_ASK = re.compile(
    r"^(?:내가\s*|난\s*|나는\s*|(?P<you>너|넌|너는|니가|네가)\s*)?(?:제일\s*|가장\s*|젤\s*)?(?:좋아하는|최애)\s*(?P<k>음식|메뉴|음료|술|"
    r"노래|음악|가수|색|색깔|계절|영화|드라마|애니|책|소설|게임|겜|동물|운동|장소|과일|간식)(?:은|는|이|가)?$"
)
# "…계절은? 그리고 내 고양이 이름도!": a next sentence opening on a conjunction moves on
_FAV_ANSWER = re.compile(
    r"^(?!(?:그리고|근데|그럼|그래서|또|아|참|그런데|암튼|아무튼)(?:\s|$))(?P<me>(?:난|나는|저는|전|나)\s+)?(?:당연히|무조건|그야|음+|글쎄|역시|단연|뭐)?\s*(?P<v>[^.!?,]{1,20}?)\s*(?:이지|지|이야|야|"
    r"이에요|예요|입니다|임|$)(?=$|[\s.,!?~ㅋㅎㅠㅜ])"
)
# "떡볶이는 진짜 매일 먹을 수 있어": a food one could eat every day
_EVERY_DAY = Gated(
    rf"{_NP}(?:은|는|이면|면|만|라면|이라면)?\s*{_ADVS}(?:매일|맨날|평생|삼시\s*세끼|"
    r"하루\s*세\s*끼|일주일\s*내내|365일)\s*(?:먹어도|먹을\s*수\s*있|먹으라면|먹을\s*자신|"
    r"먹으라\s*(?:해도|하면|그래도)|먹으래도)",
    "먹",
)
_SOUL = re.compile(
    r"(?:소울\s*푸드|소울푸드)(?:는|은|가)?\s*(?P<v>[^.!?,]{1,20}?)\s*(?:이야|"
    r"야|예요|이에요|인데|이라|라|임|$)(?=$|[\s.,!?~ㅋㅎㅠㅜ])"
)
_COMFORT = Gated(
    rf"{_NP}\s*(?:한\s*(?:그릇|접시|입|조각|사발|공기|"
    rf"숟갈|봉지|판|마리)|먹으면|만\s*먹으면)(?:이면|"
    rf"만\s*있으면|면|이)?\s*[^.!?]{{0,14}}?"
    r"(?:다\s*풀|풀려|풀리|살\s*것\s*같|행복|힘이\s*나|기분\s*좋아|딱이|천국|세상\s*다\s*가진)",
    "그릇",
    "접시",
    "입",
    "조각",
    "사발",
    "공기",
    "숟갈",
    "봉지",
    "판",
    "마리",
    "먹으면",
)
# "수국 보면 그냥 기분이 좋아져요", "빗소리 들으면 마음이 편해": a thing whose sight cheers
_SIGHT_JOY = Gated(
    rf"{_NP}(?:을|를|만)?\s*(?:보면|보고\s*있으면|볼\s*때마다|들으면|맡으면)\s*(?:그냥\s*|괜히\s*|막\s*|"
    r"늘\s*|항상\s*|진짜\s*|너무\s*)*(?:기분(?:이)?\s*(?:좋아|좋음|좋더)|행복해|힐링|마음이\s*편)",
    "보면",
    "보고",
    "볼",
    "들으면",
    "맡으면",
)
# "스트레스 받으면 무조건 곱창이야", "해장은 늘 순댓국 먹어": the food a mood calls for
_MOOD_FOOD = re.compile(
    r"(?:스트레스\s*(?:받으면|받을\s*때|쌓이면|풀\s*때)|우울하면|우울할\s*때|힘들\s*때|힘들면|지치면|"
    r"기분\s*(?:안\s*좋을|꿀꿀할|다운될|꿀꿀하면|안\s*좋으면)\s*(?:때)?|비\s*오는\s*날(?:엔|에는|이면)?|"
    r"해장(?:은|엔|으로는)?|야식(?:은|으로는|으론)?|월급날(?:엔|에는|이면)?|퇴근하면|시험\s*끝나면)(?:엔|에는|는|은|면)?\s*"
    rf"(?:무조건|항상|늘|꼭|역시|당연히|일단|바로|맨날)?\s*{_NP}(?P<e>이야|야|이지|지|이거든|거든|이라|라|임|"
    r"(?:을|를)?\s*(?:먹|찾|시켜|때려|흡입|땡기|땡겨|생각나|마셔|마시))"
)
# "카페 가면 고민도 안 하고 흑당 밀크티 시켜": a standing order
_ORDER = Gated(
    rf"{_NP}(?:만|을|를|으로|로)?\s*(?:시켜|시키거든|시킨다|시켜요|시킴|주문해|주문하거든|주문함|골라)(?!\s*(?:줘|주|봐|볼|야))",
    "시켜",
    "시키",
    "시킨",
    "시킴",
    "주문",
    "골라",
)
_ORDER_CUE = re.compile(
    r"가면|갈\s*때|맨날|항상|늘|무조건|고민도\s*안|고민\s*없이|매번|꼭|언제나|단골"
)
_ME_TOO = re.compile(r"(?:^|\s)(?:나도|저도)\s")
_TASTY = Gated(
    # (not "제일 맛있어 보이는데 먹으면 큰일나요": only how it looks)
    rf"{_NP}(?:이|가|은|는)\s*(?:세상에서\s*)?(?:제일|가장|젤|최고로)\s*맛있(?!\S*\s*보이)",
    "맛있",
)
_LIKE_DOING = Gated(
    r"(?P<v>(?:\w+\s){0,2}?\w+?)\s?(?P<verb>하는|보는|듣는|먹는|가는|치는|"
    r"타는|읽는|쓰는|그리는|만드는|찍는|부르는|추는|걷는|노는|키우는|모으는|다니는)\s*(?:거|것|"
    r"걸|게)\s*(?:을|를|도)?\s*(?:진짜\s*|너무\s*|완전\s*|엄청\s*|제일\s*|정말\s*)*(?:좋아|"
    r"즐겨|취미)",
    "좋아",
    "즐겨",
    "취미",
)
_FAN = Gated(
    rf"{_NP}\s*(?:찐\s*|골수\s*|열혈\s*|왕\s*|광\s*)?(?:팬이|팬인데|팬인디|팬이라|팬임|팬입니다|팬이에요|"
    r"팬이여|팬이거든|덕후|덕질)",
    "팬",
    "덕후",
    "덕질",
)
# a kind of fan, not the thing ("보살팬": a long-suffering fan), and the name said after it
_FAN_SLANG = frozenset({"보살", "찐", "성덕", "고인물", "뉴비", "올드", "라이트", "헤비", "찐찐"})
_FAN_NAMED_AFTER = re.compile(
    r"(?:야|에요|예요|임)?\s*(?:ㅋ|ㅎ|ㅠ|!|,)*\s*(?P<v>[가-힣A-Za-z]{2,10}?)(?=ㅋ|ㅎ|ㅠ|\s|[!.,~]|$)"
)
# "새벽 4시에 Lakers 경기 보다가 출근": a team whose games the user stays up for
_TEAM_GAMES = re.compile(
    r"(?:^|\s)(?P<v>[A-Z][A-Za-z]{2,14}|[가-힣]{2,6}?)(?:의)?\s*경기(?:를|는|도)?\s*(?:맨날\s*|매번\s*|꼭\s*|다\s*)?"
    r"(?:보다가|보느라|챙겨\s*보|보려고\s*(?:새벽|밤)|본다고\s*(?:새벽|밤))"
)
_NOT_TEAM = frozenset(
    {
        "야구",
        "축구",
        "농구",
        "배구",
        "국대",
        "국가대표",
        "결승",
        "준결승",
        "올림픽",
        "월드컵",
        "그",
        "이",
    }
    | {"어제", "오늘", "주말", "새벽", "밤", "중요한", "큰", "마지막", "첫", "시즌"}
)
_GAME_TALK = re.compile(r"야구|축구|농구|배구|시즌|경기|직관|응원|리그|구단|홈런|골\s*넣")
_SONGS = Gated(
    r"(?P<v>\w+)\s*(?:새\s*|신\s*|이번\s*)?(?:노래|음악|곡|앨범)(?:만|을|를|"
    r"도)?\s*(?:맨날\s*|매일\s*|자주\s*|많이\s*|진짜\s*)*(?:들어|"
    r"들으|듣|틀어|좋아|무한\s*반복|반복\s*재생)",
    "노래",
    "음악",
    "곡",
    "앨범",
)
_VERB_NOUN = {
    "하는": "하기",
    "보는": "보기",
    "듣는": "듣기",
    "먹는": "먹기",
    "가는": "가기",
    "치는": "치기",
    "타는": "타기",
    "읽는": "읽기",
    "쓰는": "쓰기",
    "그리는": "그리기",
    "만드는": "만들기",
    "찍는": "찍기",
    "부르는": "부르기",
    "추는": "추기",
    "걷는": "걷기",
    "노는": "놀기",
    "키우는": "키우기",
    "모으는": "모으기",
    "다니는": "다니기",
}
_MODIFIER_END = re.compile(r"(?:는|은|던|한|운)$")
_SONG_STOP = frozenset(
    {"이", "그", "저", "요즘", "옛날", "신나는", "슬픈", "좋은", "이런", "그런", "내", "무슨"}
    | {"밴드", "가수", "아이돌", "그룹", "남돌", "여돌", "걸그룹", "보이그룹"}
)
_LOVE = Gated(
    rf"{_NP}(?:은|는|이|가)?\s*(?:진짜\s*|완전\s*)?(?:사랑이지|사랑이야|사랑이다|"
    rf"최고지|최고야|최고임|(?:없으면|없인|없이는)\s*못\s*(?:살|삶)|킬러야|러버야|귀신이야|마니아야|매니아야|덕후야|"
    rf"중독이야)",
    "사랑이",
    "최고",
    "못 살",
    "못살",
    "못 삶",
    "킬러",
    "러버",
    "귀신",
    "마니아",
    "매니아",
    "덕후",
    "중독",
)
_CRAZY = Gated(
    rf"{_NP}(?:이라면|라면|만\s*보면)\s*(?:자다가도|사족을\s*못|환장|껌뻑|무조건|미쳐)",
    "라면",
    "만 보면",
)

# ---------------------------------------------------------------- drinks
_W = r"[\w&]+"
_DRINK = alt(DRINKS)
_DRINK_HABIT = Gated(
    rf"(?P<v>(?:{_W}\s)?[가-힣A-Za-z]*(?:{_DRINK}))(?:만|을|를|은|는)?\s*(?:(?:하루에|"
    rf"매일|맨날|꼭|\S+\s*잔씩?|\S+\s*캔씩?|\S+\s*병씩?)\s*)*(?P<neg>안\s*|"
    rf"못\s*)?(?:마셔|마시거든|마셔요|마시고\s*살|달고\s*살|마신다|마십니다|마셔야)",
    "마시",
    "마셔",
    "마신",
    "달고",
)
_HABIT = re.compile(
    r"만\s*(?:마셔|마시|먹어|먹|들어|입어)|매일|맨날|"
    r"항상|늘|하루에|한겨울에도|일\s*년\s*내내|사계절|"
    r"무조건|달고\s*살|씩\s|마다|퇴근하면|퇴근\s*후에?|자기\s*전에"
)
_EOLJUKA = re.compile(r"얼죽아")

# ---------------------------------------------------------------- music, colour, season
_MUSIC_RX = Gated(
    rf"(?<![가-힣])(?P<v>(?:[0-9]+년대\s*)?(?:{alt(MUSIC)}))(?:을|를|만|도|은|는|"
    rf"에)?\s*(?:\w+\s){{0,3}}?(?:틀어|들어|듣|즐겨|빠져|빠졌|좋아|덕후|매니아|"
    rf"마니아)",
    "틀어",
    "들어",
    "듣",
    "즐겨",
    "빠져",
    "빠졌",
    "좋아",
    "덕후",
    "매니아",
    "마니아",
)
_COLOR = alt(COLORS)
_COLOR_ALL = re.compile(
    rf"(?:죄다|전부|온통|다|모조리|싹\s*다|전부\s*다)\s*(?P<c>{_COLOR})"
    rf"(?:\s*(?:이랑|랑|하고|,)\s*(?P<c2>{_COLOR}))?(?:이야|"
    rf"야|이에요|예요|이고|인데|이라|라|으로|로|색|임|이랑|랑)"
)
_COLOR_LIKE = re.compile(
    rf"(?<!\w)(?P<c>{_COLOR})(?:을|를|이|가|은|는|만)?\s*{_ADVS}(?:좋아|"
    rf"좋더|보면\s*(?:마음이\s*)?(?:편|기분\s*좋|힐링|안정)|최고|최애)"
)
_COLOR_WEAR = Gated(
    rf"(?<!\w)(?P<c>{_COLOR})\s*(?:옷|계열|톤|색\s*옷)?(?:만|"
    rf"으로만|로만)\s*(?:입|사|골라|써|쓰|모아)",
    "만",
)
_SEASON_LIKE = re.compile(
    rf"(?<!\w)(?P<s>봄|여름|가을|겨울)(?:만|을|를|이|"
    rf"가|은|는)?\s*{_ADVS}(?:좋(?:아|거든|음|다|더라|은데|네)|기다려|기다리|최고|"
    rf"최애|사랑|(?:인간|형\s*인간|파|러버)(?:이야|야|이라|라|임|인데|이거든|이고|$))"
)
_GENRE_RX = Gated(
    rf"(?P<v>(?:{alt(GENRES)})(?:\s*소설|\s*책|\s*물|\s*장르)?)(?!\s*(?:영화|"
    rf"드라마|게임|애니|웹툰))(?:을|를|만|도|은|는)?\s*[^.!?]{{0,16}}?(?:읽|"
    rf"좋아|빠져|즐겨|찾아\s*읽|봐)",
    "읽",
    "좋아",
    "빠져",
    "즐겨",
    "봐",
)


def _usual(m: Msg, s: Sent) -> bool:
    """Foods and drinks the user always goes for (mood foods, standing orders)."""
    t = s.text
    mt = _MOOD_FOOD.search(t)
    if mt:
        v = _np(mt.group("v"), 2)
        kind = classify(v) if v else None
        eats = mt.group("e").startswith(
            ("을", "를", "먹", "찾", "시켜", "때려", "흡입", "땡", "생각")
        )
        if kind is None and eats and v:
            kind = "favorite_food"
        if kind in ("favorite_food", "favorite_drink") and v:
            return m.add(s, kind, v, prefix=t[: mt.start()], loose=True)
    mt = _ORDER.search(t)
    if mt and _ORDER_CUE.search(m.text):
        v = _np(mt.group("v"), 2)
        kind = classify(v) if v else None
        if kind in ("favorite_food", "favorite_drink") and v:
            return m.add(s, kind, v, prefix=t[: mt.start()], loose=True)
    return False


_FAV_KINDS = {
    "음식": "favorite_food",
    "메뉴": "favorite_food",
    "과일": "favorite_food",
    "간식": "favorite_food",
    "음료": "favorite_drink",
    "술": "favorite_drink",
    "노래": "favorite_music",
    "음악": "favorite_music",
    "가수": "favorite_artist",
    "색": "favorite_color",
    "색깔": "favorite_color",
    "계절": "favorite_season",
    "영화": "favorite_movie",
    "드라마": "favorite_movie",
    "책": "favorite_book",
    "소설": "favorite_book",
    "게임": "favorite_game",
    "겜": "favorite_game",
    "애니": "favorite_movie",
    "동물": "favorite_animal",
    "운동": "sport",
    "장소": "favorite_place",
    "꽃": "likes",
}


def _fav_after(m: Msg, s: Sent) -> bool:
    """Favourites said value-first, answered to one's own question, or eaten every day."""
    t = s.text
    prev = m.sents[s.index - 1] if s.index > 0 else None
    ask = _FAV_ASK.match(prev.text) if prev and prev.question else None
    for mt, key in ((_FAV_AFTER.search(t), None), (_FAV_ANSWER.match(t) if ask else None, ask)):
        if not mt or (key and key.group("you") and not mt.group("me")):
            continue  # "너 최애 영화? 인터스텔라지?" guesses; "…? 난 인터스텔라" answers for me
        kind = _FAV_KINDS[(key or mt).group("k")]
        v = noun_before_cop(mt) if key else _np(mt.group("v"), 2)
        if word_ok(v) and len(v) > 1 and m.add(s, kind, v, confidence=0.85, prefix=t[: mt.start()]):
            return True
    mt2 = _EVERY_DAY.search(t)
    if mt2 and not _WISH.match(t[mt2.end() :]):
        v = _np(mt2.group("v"), 2)
        food = classify(v) if v else None
        if v and food in (None, "favorite_food"):
            return m.add(s, "favorite_food", v, prefix=t[: mt2.start()], loose=True)
    return False


def _likes(m: Msg, s: Sent) -> None:
    t = s.text
    if _usual(m, s):
        return
    mt = _FAV_KEY.search(t)
    if mt:
        kind = _FAV_KINDS[mt.group("k")]
        v = noun_before_cop(mt).strip("'\"“”‘’")
        one = _ONE_SYLLABLE.match(v) and _COPULA_NEXT.match(t, mt.end("v"))
        if word_ok(v) and (len(v) > 1 or one) and v not in _COPULAS:
            v = COLORS.get(v, v) if kind != "likes" else f"{v} ({mt.group('k')})"
            m.add(s, kind, v, confidence=0.9, prefix=t[: mt.start()])
            return
    if _fav_after(m, s):
        return
    mt2 = _SOUL.search(t)
    if mt2 and word_ok(noun_before_cop(mt2)):
        m.add(s, "favorite_food", noun_before_cop(mt2), confidence=0.9, prefix=t[: mt2.start()])
        return
    mt5 = _LIKE_DOING.search(t)
    if mt5:
        v5 = clean_np(mt5.group("v"), 2)
        if word_ok(v5) and not _WISH.match(t[mt5.end() :]):
            value = f"{v5} {_VERB_NOUN[mt5.group('verb')]}"
            if m.add(s, "hobby", value, prefix=t[: mt5.start()], loose=True):
                return
    mt6 = _SONGS.search(t)
    if mt6 and mt6.group("v") not in _SONG_STOP and word_ok(mt6.group("v")):
        v6 = mt6.group("v")
        # "이어폰 끼고 노래 들어", "밴드 노래": a verb or a kind of singer, not a name
        if not _MODIFIER_END.search(v6) and not re.search(r"[고서면며]$", v6):
            kind6 = "favorite_music" if classify(v6) == "favorite_music" else "favorite_artist"
            if m.add(s, kind6, v6, prefix=t[: mt6.start()], loose=True):
                return
    mt7 = _FAN.search(t)
    if mt7 and re.search(r"(?:이야|야|임|이고|인데|이라|라서)\s*$", mt7.group("v")):
        mt7 = None  # "나 모쏠이야 덕질이 곧 연애임": the words before 덕질 are a sentence
    if mt7:
        v7 = _np(mt7.group("v"), 2)
        if v7 in _FAN_SLANG:  # "나 보살팬임 한화": the team is named after
            named = _FAN_NAMED_AFTER.match(t, mt7.end())
            v7 = named.group("v") if named and word_ok(named.group("v")) else ""
        if v7:
            kind7 = classify(v7) or "favorite_artist"  # "연두 덕후": a colour, not a singer
            v7 = COLORS.get(v7, v7) if kind7 == "favorite_color" else v7
            if kind7 == "favorite_artist" and _GAME_TALK.search(m.text):
                # "한화 이글스 골수팬": a team, kept beside the favourite singer if one is known
                v7 = f"{v7} (응원하는 팀)"
                kind7 = "likes" if m.ctx.current.get("favorite_artist") else kind7
            m.add(s, kind7, v7, prefix=t[: mt7.start()], loose=True)
    mt8 = _TEAM_GAMES.search(t)
    if mt8 and mt8.group("v") not in _NOT_TEAM and not mt7 and word_ok(mt8.group("v")):
        kind8 = "likes" if m.ctx.current.get("favorite_artist") else "favorite_artist"
        m.add(s, kind8, f"{mt8.group('v')} (응원하는 팀)", confidence=0.7, prefix=t[: mt8.start()])
    for rx in (_COMFORT, _CRAZY, _LOVE, _TASTY, _SIGHT_JOY):
        mt3 = rx.search(t)
        if mt3:
            v = _np(mt3.group("v"), 2)
            if "킬러" in mt3.group(0) and classify(v) not in ("favorite_food", "favorite_drink"):
                continue  # "킬러문항 킬러임": a killer of a thing, not a lover of a food
            if v and not _WISH.match(t[mt3.end() :]):
                kind2 = classify(v) or ("favorite_food" if rx in (_COMFORT, _TASTY) else "likes")
                if m.add(s, kind2, v, prefix=t[: mt3.start()], loose=True):
                    return
    for rx in (_LIKE, _LIKE_ADJ):
        mt4 = rx.search(t)
        if not mt4:
            continue
        v = _np(mt4.group("v") or mt4.groupdict().get("w"), 2)
        if not v or v in ("너", "널", "니", "당신") or v == m.ctx.assistant_name:
            continue
        if mt4.groupdict().get("neg"):
            m.add(s, "likes", v, negated=True, prefix=t[: mt4.start()], loose=True)
            return
        kind3 = classify(v)
        also = mt4.groupdict().get("p") == "도" or (
            _ME_TOO.search(t[: mt4.end("v")]) and not re.search(r"제일|가장|젤|최고", mt4.group(0))
        )
        if kind3 is None or (also and kind3.startswith("favorite")):
            kind3 = "likes"  # "저도 얼그레이 좋아해요": agreeing, not naming the favourite
        if kind3 == "favorite_color":
            v = COLORS[v]
        if m.add(s, kind3, v, prefix=t[: mt4.start()], loose=True):
            return


def _drink(m: Msg, s: Sent) -> None:
    t = s.text
    mt = _DRINK_HABIT.search(t)
    if mt and not _WISH.match(t[mt.end() :]):
        v = _np(mt.group("v"), 2)
        if mt.group("neg"):
            m.add(s, "diet", v, negated=True, prefix=t[: mt.start()])
        elif v and _HABIT.search(t):
            if _EOLJUKA.search(m.text):
                v += " (얼죽아)"
            m.add(s, "favorite_drink", v, prefix=t[: mt.start()], loose=True)
            return
    if _EOLJUKA.search(t) and "favorite_drink" not in m.taken and not re.search(r"알아|뭔지", t):
        m.add(s, "favorite_drink", "아이스 아메리카노 (얼죽아)", confidence=0.6)


def _tastes(m: Msg, s: Sent) -> None:
    t = s.text
    mt = _MUSIC_RX.search(t)
    if mt and not _WISH.match(t[mt.end() :]):
        m.add(s, "favorite_music", mt.group("v"), prefix=t[: mt.start()], loose=True)
    mt = _COLOR_ALL.search(t) or _COLOR_LIKE.search(t) or _COLOR_WEAR.search(t)
    if mt:
        both = (mt.group("c"), mt.groupdict().get("c2"))
        value = " / ".join(dict.fromkeys(COLORS[c] for c in both if c))
        m.add(s, "favorite_color", value, prefix=t[: mt.start()], loose=True)
    mt = _SEASON_LIKE.search(t)
    if mt:
        m.add(s, "favorite_season", mt.group("s"), prefix=t[: mt.start()], loose=True)
    mt = _GENRE_RX.search(t)
    if mt and not _WISH.match(t[mt.end() :]):
        v = " ".join(mt.group("v").split())
        v = re.sub(r"\s+(?=소설)", "", v)
        m.add(s, "book_genre", v, prefix=t[: mt.start()], loose=True)


def preference_rules(m: Msg, s: Sent) -> None:
    forbidden_rules(m, s)
    _drink(m, s)
    _tastes(m, s)
    sport_hobby(m, s)
    habit_rules(m, s)
    if not m.taken & {"favorite_drink", "favorite_music", "favorite_color", "favorite_season"}:
        _likes(m, s)
