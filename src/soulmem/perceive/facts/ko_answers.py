"""Short replies that answer the character's question (ko).

The character asks "너는 몇 살이야?" and the user answers "스물다섯ㅋㅋ": the reply alone says
nothing, the pair says the user's age. ``answer_rule`` finds which subject the character's
last message asked the user about (a question sentence, addressed to the user: 너/네/당신/님
or no one named; not the character about itself, not a pet or a third person), checks that
the reply is a short answer (not a question back, a refusal, a joke or someone else's fact),
then restates the reply as a full first-person sentence for that subject ("나 스물다섯 살이야")
and reads it with the ordinary ko rules, so every value keeps their normal form ("25세").
Where unsure it adds nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from soulmem.perceive.facts.base import Candidate, FactContext
from soulmem.perceive.facts.ko_base import is_other, split_sentences, word_ok
from soulmem.perceive.facts.ko_kin import NAMELESS_FRIEND
from soulmem.perceive.facts.ko_lex import ANIMALS, BREEDS, PERSONS

__all__ = ["answer_rule", "asked_about"]

Extract = Callable[[str, FactContext], list[Candidate]]

# subject -> what the character's question says; order matters (favourites before pets)
_ASKS: tuple[tuple[str, str], ...] = (
    ("age", r"몇\s*살|나이|몇\s*년생|연세"),
    ("birthday", r"생일|생신|언제\s*태어"),
    ("hometown", r"고향|출신|어디서\s*태어|어디\s*사람"),
    (
        "current_residence",
        r"어디\s*(?:쪽에?\s*)?(?:살|사세|사니|사냐|사셔)|사는\s*(?:곳|데|동네)|어디서\s*지내",
    ),
    ("nickname", r"별명|애칭"),
    ("name", r"이름|성함|뭐라고\s*부르|뭐라고\s*불러"),
    ("workplace", r"어디서\s*일|회사\s*어디|직장\s*어디|어느\s*회사"),
    (
        "job",
        r"무슨\s*일\s*(?:해|하|을)|직업|뭐\s*하는\s*사람|하는\s*일|"
        r"(?:학생|직장인|회사원)이(?:야|니|에요|세요)|(?:^|\s)일\s*(?:해|하니|하세요|하고\s*있어)$",
    ),
    ("major", r"전공|무슨\s*과|학과"),
    ("school", r"학교|어느\s*대학|무슨\s*대학"),
    ("height", r"키\s*(?:가|는)?\s*(?:몇|얼마|어떻게)"),
    ("blood_type", r"혈액형"),
    ("mbti", r"(?i:mbti)|엠비티아이"),
    ("zodiac", r"별자리"),
    ("handedness", r"왼손잡이|오른손잡이"),
    (
        "favorite_food",
        r"좋아하는\s*음식|최애\s*음식|(?:무슨|어떤)\s*음식\s*(?:을|를)?\s*좋아|"
        r"음식\s*(?:은|이)?\s*뭐\s*좋아",
    ),
    # "디저트는 뭐 좋아하세요?": a favourite of one kind, kept beside the favourite food
    (
        "likes",
        r"(?:디저트|간식|과일|빵|안주|과자)\s*(?:은|는|중에)?\s*(?:뭐|어떤\s*거|무슨\s*거?)\s*(?:를\s*)?좋아",
    ),
    (
        "favorite_drink",
        r"좋아하는\s*(?:음료|마실\s*거)|최애\s*음료|(?:무슨|어떤)\s*음료\s*(?:를)?\s*좋아",
    ),
    ("favorite_color", r"좋아하는\s*색|색깔"),
    ("favorite_season", r"계절"),
    ("favorite_animal", r"좋아하는\s*동물|최애\s*동물|(?:무슨|어떤)\s*동물\s*(?:을)?\s*좋아"),
    ("favorite_artist", r"좋아하는\s*(?:가수|아이돌|밴드|그룹)|최애\s*(?:가수|아이돌|밴드|그룹)"),
    ("favorite_game", r"좋아하는\s*게임|(?:무슨|어떤)\s*게임\s*(?:좋아|해|즐겨)|최애\s*게임"),
    ("favorite_movie", r"좋아하는\s*영화|최애\s*영화|인생\s*영화"),
    ("favorite_book", r"좋아하는\s*책|최애\s*책|인생\s*책"),
    ("favorite_music", r"좋아하는\s*(?:노래|음악|곡)|최애\s*(?:노래|곡)|인생\s*곡"),
    ("favorite_place", r"좋아하는\s*(?:장소|곳)|최애\s*장소"),
    ("hobby", r"취미"),
    ("sport", r"(?:무슨|어떤)\s*운동|운동\s*(?:은|뭐)"),
    ("pet", r"반려\s*(?:동물|견|묘)|(?:동물|강아지|고양이|애완)\w*\s*키워|키우는\s*(?:동물|애)"),
    ("allergy", r"알레르기|알러지"),
    ("phobia", r"무서워하는|제일\s*무서운|공포증"),
    ("religion", r"종교"),
    ("family", r"형제|자매|남매"),
    (
        "relationship_status",
        r"애인|여자\s*친구|여친|남자\s*친구|남친|연애\s*(?:중|하)|사귀는\s*사람",
    ),
)
_ASK_RX = tuple((subject, re.compile(rx)) for subject, rx in _ASKS)
# values a parser checks: safe to try even when the character asked two things at once
_TYPED = frozenset({"age", "birthday", "height", "blood_type", "mbti", "zodiac", "handedness"})
_YES_NO = frozenset({"relationship_status"})

_YOU = frozenset(
    {"너", "너는", "넌", "너도", "네", "니", "네가", "니가", "당신", "당신은", "님", "님은"}
)
_OTHER_Q = frozenset(PERSONS) - _YOU
_PETS = frozenset(ANIMALS) | frozenset(BREEDS)
_ME_Q = re.compile(r"(?:^|\s)(?:나는|난|내|제|저는|나|저)(?:\s|$)")
_TOPIC = re.compile(r"^(?P<w>\w+?)(?:는|은|의|이는|가)$")
_TOPIC_OK = frozenset(
    {"그리고", "근데", "그런데", "혹시", "그럼", "참", "아", "오늘", "요즘", "지금", "그건"}
)

_REFUSE = re.compile(
    r"비밀|맞춰|맞혀|몰라|모르|글쎄|싫|안\s*알려|알려\s*주기|왜\s*물|묻지|물어보지|농담|장난|뻥|"
    r"뭐게|노코|알아서|상상에|아니거든|궁금하면|그건\s*왜|에이|음\.\.\.|\.\.\."
)
_NO = re.compile(r"없어|없어요|없음|없다|없지|아니|안\s*키워|안\s*해")
_LEAD = re.compile(
    r"^(?:(?:응|어|음|아|오|ㅇㅇ|네|넵|예|그냥|일단|나|난|나는|저|저는|전|지금은|요즘은|요즘|현재|현재는|"
    r"올해|올해로|원래|원래는|다들)\s+)+"
)
_KEY_LEAD = re.compile(
    r"^(?:내|제)?\s*(?:나이|생일|고향|이름|직업|전공|학교|키|혈액형|별자리|종교|취미)\s*(?:은|는|이|가)\s+"
)
_TAIL = re.compile(
    r"\s*(?:이에요|예요|에요|이요|입니다|이야|이지|이고|인데|이라서|임|야|요|지|라고\s*불러|이라고\s*불러|"
    r"라고\s*해|이라고\s*해)$"
)
_TAG_Q = re.compile(r"^(?P<a>\S+(?:이야|야|임|이요|요|인데|인데요))\s+\S{1,4}$")
_TOO_LONG = 20
# a value for another time ("내년에 서른", "다음 달이야"): not what is true now
_SHIFT = re.compile(
    r"내년|작년|재작년|곧|다음\s*(?:달|주|해)|지난\s*(?:달|주)|어제|내일|모레|였어|였는데"
)
# not a value: a place joke or a pointer ("지구 ㅋㅋ", "여기가 고향"), a verb left in the reply
_NOT_VALUE = re.compile(
    r"^(?:여기|거기|저기|이쪽|그쪽|지구|우주|집|비밀|몰라|모름|아무|그거|이거|저거)(?:\w{0,2})?(?:\s|$)|"
    r"(?:살아|살고|해|했어|있어|있지|없어|거든|는데|잖아|같아|불러)$"
)
_NOT_NAME = frozenset(
    {"안녕", "안녕하세요", "하이", "반가워", "몰라", "비밀", "응", "네", "아니", "글쎄"}
    | {"그냥", "별로", "없어", "나야", "너야", "당신", "누구", "뭐", "사람"}
)
_ECHO = frozenset({"나", "저", "내", "제", "나요", "저요", "내꺼", "내 거"})
_VAGUE = re.compile(
    r"^(?:다|이것저것|아무거나|여러\s*가지|별로|평범|그때그때|다양)(?:\s|$)|(?:^|\s)(?:다\s*좋아|이것저것|아무거나|평범해|평균)"
)
_NAMES_SOMEONE = frozenset({"pet", "family", "favorite_animal"})
_REASON_FIRST = re.compile(r"^(?:\S+\s)?\S+(?:이라서|이라|라서|니까)\s+(?=\S)")
_NEAR = re.compile(r"^(\S+\s*(?:근처|쪽|인근|부근|외곽))(?:\s|$)")

# subjects the restated sentence may give for the one asked ("약과" may read as a food)
_TAKEN_AS = {"likes": ("likes", "favorite_food", "favorite_drink")}
# restating templates per subject; {v} is the reply's value
_SAY: dict[str, tuple[str, ...]] = {
    "age": ("나 {v}이야", "나 {v} 살이야", "나 {v}살이야"),
    "birthday": ("내 생일은 {v}이야", "나 {v}에 태어났어"),
    "hometown": ("내 고향은 {v}이야", "나 {v} 출신이야"),
    "current_residence": ("나 {v} 살아", "나 {v}에 살아", "나 {v}에서 살아"),
    "nickname": ("내 별명은 {v}이야", "다들 나를 {v}라고 불러"),
    "name": ("내 이름은 {v}이야", "내 이름은 {v}야"),
    "workplace": ("나 {v}에서 일해",),
    "job": ("내 직업은 {v}이야", "나 {v}야", "나 {v}이야"),
    "major": ("내 전공은 {v}이야", "나 {v} 전공이야"),
    "school": ("나 {v} 다녀", "나 {v}에 다녀"),
    "height": ("내 키는 {v}이야", "내 키는 {v}cm야"),
    "blood_type": ("나 {v}이야", "나 {v}형이야"),
    "mbti": ("내 MBTI는 {v}야",),
    "zodiac": ("내 별자리는 {v}야",),
    "handedness": ("나 {v}야", "나 {v}잡이야"),
    "favorite_food": ("나 {v} 제일 좋아해", "내가 제일 좋아하는 음식은 {v}이야"),
    "favorite_drink": ("내가 제일 좋아하는 음료는 {v}이야", "나 {v} 제일 좋아해"),
    "favorite_color": ("나 {v} 제일 좋아해", "내가 제일 좋아하는 색은 {v}이야"),
    "favorite_season": ("나 {v} 제일 좋아해", "내가 제일 좋아하는 계절은 {v}이야"),
    "favorite_animal": ("나 {v} 제일 좋아해", "내가 제일 좋아하는 동물은 {v}이야"),
    "favorite_artist": ("내가 제일 좋아하는 가수는 {v}이야",),
    "favorite_game": ("나 게임은 {v} 좋아해", "내가 좋아하는 게임은 {v}이야"),
    "favorite_movie": ("내가 제일 좋아하는 영화는 {v}이야",),
    "favorite_book": ("내가 제일 좋아하는 책은 {v}이야",),
    "favorite_music": ("내가 제일 좋아하는 노래는 {v}이야",),
    "favorite_place": ("내가 제일 좋아하는 장소는 {v}이야",),
    "hobby": ("내 취미는 {v}야", "내 취미는 {v}이야"),
    "likes": ("나 {v} 좋아해",),
    "sport": ("나 {v} 해", "나 운동은 {v} 해"),
    "pet": ("나 {v} 키워",),
    "allergy": ("나 {v} 알레르기 있어", "나 {v} 있어"),
    "phobia": ("나 {v} 무서워", "나 {v} 진짜 무서워해"),
    "religion": ("내 종교는 {v}야", "나 {v} 믿어"),
    "family": ("나 {v} 있어",),
}


def _asked(assistant: str) -> list[str]:
    """Subjects the character's message asks the user about, in order."""
    found: list[str] = []
    for sent in split_sentences(assistant):
        if not sent.question:
            continue
        clause = re.split(r"[,，]", sent.text)[-1]
        for subject, rx in _ASK_RX:
            mt = rx.search(clause)
            if not mt or subject in found:
                continue
            if _about_someone_else(clause[: mt.start()]):
                break
            found.append(subject)
            break
    return found


def asked_about(assistant: str | None) -> list[str]:
    """Subjects the character's last message asked the user about."""
    return _asked(assistant) if assistant else []


def _about_someone_else(before: str) -> bool:
    """The words before the asked-about key name someone other than the user."""
    tokens = [raw.strip("\"'()") for raw in before.split()]
    for idx in range(len(tokens) - 1, -1, -1):  # "나는 커피파인데 너는 …": from the last 너 on
        mt = _TOPIC.match(tokens[idx])
        if tokens[idx] in _YOU or (mt and mt.group("w") in _YOU):
            tokens = tokens[idx + 1 :]
            break
    if _ME_Q.search(" ".join(tokens)):
        return True
    for token in tokens:
        mt = _TOPIC.match(token)
        word = mt.group("w") if mt else token
        if word in _YOU or token in _TOPIC_OK:
            continue
        if word.endswith(("분", "님")) and word[:-1] in _OTHER_Q:
            return True  # "그 친구분 이름이 뭐예요?": the friend's name
        if word in _OTHER_Q or token in _OTHER_Q or word in _PETS or token in _PETS:
            return True
        if mt and word not in _TOPIC_OK:
            return True  # "지수 씨는", "강아지는", "동생은": someone else is the topic
    return False


def _reply_value(reply: str, subject: str) -> str:
    """The value a short reply gives, or "" when it is not a plain answer."""
    if _REFUSE.search(reply):
        return ""
    sents = split_sentences(reply)
    if not sents:
        return ""
    if len(sents) > 1 and sents[0].question and sents[0].text in _ECHO:
        sents = sents[1:]  # "나? 서연이야": the user checks it is them being asked
    first = sents[0]
    text = first.text
    if first.question:
        tag = _TAG_Q.match(text)  # "158이야 작지?": the answer, then a tag question
        if not tag:
            return ""
        text = tag.group("a")
    if subject not in _YES_NO and _NO.search(text):
        return ""
    if _VAGUE.search(text) or _SHIFT.search(text):
        return ""
    if len(text) > _TOO_LONG or len(text.split()) > 4:
        return ""
    text = _KEY_LEAD.sub("", _LEAD.sub("", text + " ").strip() + " ").strip()
    if not text:
        return ""
    if subject in _NAMES_SOMEONE:
        # the value itself is a person or an animal: only a topic-marked word says "someone else"
        if any(_TOPIC.match(token) for token in text.split()[:-1]):
            return ""
    elif is_other(text + " ", frozenset(), loose=False) or text.split()[0] in _OTHER_Q:
        return ""
    text = _TAIL.sub("", text).strip(" ,!~")
    # "할매 입맛이라 약과요": the reason said first, the answer after it
    text = _REASON_FIRST.sub("", text)
    if not text or _NOT_VALUE.search(text) or text in _YOU:
        return ""
    if subject not in _NAMES_SOMEONE and not word_ok(text):
        return ""
    if subject in ("name", "nickname") and (text in _NOT_NAME or len(text.split()) > 1):
        return ""
    if subject in ("hometown", "current_residence"):
        near = _NEAR.match(text)  # "부산 근처 작은 동네": the place is "부산 근처"
        if near:
            text = near.group(1)
    return text


def _say(template: str, value: str) -> str:
    """Fill a template, choosing 이야/야 (and the like) by the value's last syllable."""
    last = value[-1]
    closed = "가" <= last <= "힣" and (ord(last) - 0xAC00) % 28 != 0
    closed = closed or (last.isdigit() and last in "013678")
    if not closed:
        template = template.replace("{v}이야", "{v}야").replace("{v}이라고", "{v}라고")
    return template.format(v=value)


def answer_rule(
    text: str, context: FactContext, extract: Extract, found: list[Candidate]
) -> list[Candidate]:
    """Candidates read from a short reply to the character's question about the user."""
    assistant = context.previous_assistant_text
    if not assistant:
        return []
    asked = _asked(assistant)
    if len(asked) > 1:
        asked = [s for s in asked if s in _TYPED]
    have = {c.subject for c in found if c.about == "user"}
    bare = replace(context, previous_assistant_text=None)
    out: list[Candidate] = _pet_named(assistant, text, bare, extract, have)
    out += _friend_named(assistant, text, bare, extract, have)
    for subject in asked:
        if subject in have:
            continue  # the reply says it in full: the ordinary rules have it
        if subject in _YES_NO:
            out.extend(_yes_no(text, subject, bare, extract))
            continue
        value = _reply_value(text, subject)
        if not value:
            continue
        for template in _SAY.get(subject, ()):
            got = [
                c if c.subject == subject else replace(c, subject=subject)
                for c in extract(_say(template, value), bare)
                if c.subject in _TAKEN_AS.get(subject, (subject,)) and c.about == "user"
            ]
            if got:
                out.extend(
                    replace(c, confidence=min(c.confidence, 0.7), evidence=text) for c in got
                )
                break
    return out


def _yes_no(text: str, subject: str, context: FactContext, extract: Extract) -> list[Candidate]:
    """ "애인 있어?" -> "응 있어" / "없어 솔로야"."""
    if _REFUSE.search(text):
        return []
    sents = split_sentences(text)
    if not sents or sents[0].question or len(sents[0].text) > _TOO_LONG:
        return []
    head = sents[0].text
    if is_other(head + " ", frozenset()):
        return []
    if re.search(r"없|아니|솔로|싱글|모솔", head):
        said = "나 솔로야"
    elif re.fullmatch(
        r"(?:응|어|ㅇㅇ|네|넵|예|당연하지|당연)?\s*(?:있어|있지|있어요|있음|있다)", head
    ):
        said = "나 애인 있어"
    else:
        return []
    return [
        replace(c, confidence=min(c.confidence, 0.7), evidence=text)
        for c in extract(said, context)
        if c.subject == subject and c.about == "user"
    ]


# "아까 고양이 이름은 뭐예요?" asked of the user's own animal
_PET_NAME_Q = re.compile(
    r"(?:^|\s)(?:(?:네|너네|니|당신|님)\s*(?:집\s*)?)?"
    rf"(?P<a>{'|'.join(sorted(_PETS, key=len, reverse=True))})"
    r"\s*(?:이|의)?\s*이름(?:은|이)?\s*(?:뭐|어떻게|뭔)"
)


def _pet_named(
    assistant: str, text: str, context: FactContext, extract: Extract, have: set[str]
) -> list[Candidate]:
    """ "고양이 이름은 뭐예요?" -> "콩떡이요": the name of the user's pet."""
    if "pet" in have:
        return []
    for sent in split_sentences(assistant):
        mt = _PET_NAME_Q.search(sent.text)
        if not sent.question or not mt:
            continue
        if re.search(r"(?:^|\s)(?:우리|제|내|저희)\s*$", sent.text[: mt.start("a")]):
            return []  # the character's own animal
        value = _reply_value(text, "pet")
        if not value or len(value.split()) > 1:
            return []
        said = _say(f"우리 {mt.group('a')} 이름은 {{v}}이야", value)
        return [
            replace(c, confidence=min(c.confidence, 0.7), evidence=text)
            for c in extract(said, context)
            if c.subject == "pet" and c.about == "user"
        ]
    return []


# "그 친구분 이름이 뭐예요?" about a close friend the user just spoke of
_FRIEND_NAME_Q = re.compile(
    r"(?:친구|단짝|베프|절친)\s*(?:분|님)?\s*(?:이|의)?\s*이름(?:은|이)?\s*(?:뭐|뭔)"
)
_CLOSE = re.compile(r"(?P<k>단짝|베프|절친|찐친|베스트\s*프렌드|제일\s*친한|가장\s*친한)")


def _friend_named(
    assistant: str, text: str, context: FactContext, extract: Extract, have: set[str]
) -> list[Candidate]:
    """ "그 친구분 이름이 뭐예요?" -> "은채요!": the close friend's name."""
    if "best_friend" in have:
        return []
    asked = any(s.question and _FRIEND_NAME_Q.search(s.text) for s in split_sentences(assistant))
    said = [_CLOSE.search(t) for t in context.previous_user_texts[-2:]]
    told = [v for v in context.current.get("best_friend", ()) if NAMELESS_FRIEND.match(v)]
    close = [mt.group("k") for mt in said if mt] + [v.split()[0] for v in told]
    if not asked or not close or (context.current.get("best_friend") and not told):
        return []
    value = _reply_value(text, "pet")  # a name, like a pet's: a person word is allowed
    if not value or len(value.split()) > 1:
        return []
    kind = "단짝" if close[-1].startswith(("제일", "가장")) else close[-1]
    mode = "refine" if told else "set"  # the friend told of before now has a name
    return [
        replace(c, confidence=min(c.confidence, 0.7), evidence=text, mode=mode)
        for c in extract(_say(f"내 {kind} 이름은 {{v}}이야", value), context)
        if c.subject == "best_friend" and c.about == "user"
    ]
