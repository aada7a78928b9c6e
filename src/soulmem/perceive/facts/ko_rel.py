"""Korean rules for the people and animals in the user's life, plans, and split facts.

Split facts: "고양이 한 마리랑 같이 살아" ... "우리 고양이 이름 말 안 했지? 호떡이야" gives a
``refine`` of the current pet value; "다음 주 목요일에 시험" ... "아까 말한 시험, 구조역학이라"
refines the exam.
"""

from __future__ import annotations

import re

from soulmem.perceive.facts.ko_base import Gated, Msg, Sent, is_other, word_ok
from soulmem.perceive.facts.ko_kin import (
    FRIEND_FIRST,
    children,
    family_detail,
    full_name,
    named_before,
    nameless_friend,
    siblings,
)
from soulmem.perceive.facts.ko_lex import (
    ANIMALS,
    BREEDS,
    MEMBERS,
    PERSONS,
    alt,
    native_number,
)
from soulmem.perceive.facts.ko_people import that_one
from soulmem.perceive.facts.ko_pets import PET_NOT_NAMES as _PET_NOT_NAMES
from soulmem.perceive.facts.ko_plans import exam_ref_rule, plans_rule
from soulmem.perceive.facts.ko_trips import trip_rule

__all__ = ["message_rules", "relation_rules"]

# a one-syllable animal only as a word of its own ("앵무새", but not the 새 of "요새 사는 낙")
_ANIMAL = (
    alt(a for a in ANIMALS if len(a) > 1)
    + "|(?<![가-힣])(?:"
    + alt(a for a in ANIMALS if len(a) == 1)
    + ")"
)
_BREED = alt(BREEDS)
_MEMBER = alt(MEMBERS)
_COUNT = r"(?:한|두|세|네|다섯|[1-9])\s*마리"

# ---------------------------------------------------------------- family
_FAMILY_COUNT = Gated(
    r"(?:이렇게|해서|까지|다 해서|포함해서|모두|총|우리)?\s*(?<![가-힣])(?P<n>둘|셋|넷|다섯|여섯|"
    r"일곱|[2-9]\s*명|두\s*명|세\s*명|네\s*명|다섯\s*명|여섯\s*명)\s*(?:뿐|밖에\s*없|만)?\s*(?:이야|야|"
    r"이에요|예요|이고|인데|이거든|식구|가족|이서|임|이\s*살|이\s*지내|이라)",
    "둘",
    "셋",
    "넷",
    "다섯",
    "여섯",
    "일곱",
    "명",
)
_FAMILY_SIZE = re.compile(r"(?P<n>[2-9]|두|세|네|다섯|여섯)\s*(?:인\s*가족|식구)")
_ONLY_CHILD = re.compile(
    r"외동(?:아들|딸|이)?(?:이야|야|예요|이에요|인데|이라|이거든|임)|(?:형제|자매|남매)(?:가|는|도)?\s*없|"
    r"(?:언니|오빠|형|누나|동생)\s*(?:(?:이나|이랑|랑|나|,)\s*)?(?:언니|오빠|형|누나|동생)(?:도|는|가)?\s*"
    r"(?:하나도\s*)?없|(?:형제|동생|언니|오빠|형|누나)(?:도|는)?\s*(?:하나도|아무도)\s*없"
)
_SIBLING_RANK = re.compile(
    r"(?P<v>(?:\w{1,2}(?:남매|형제|자매)\s*중(?:에)?\s*)?(?:첫째|둘째|셋째|"
    r"막내딸|막내아들|막내|큰딸|큰아들|외동딸|외동아들|장남|장녀|차남|차녀))\s*(?:야|이야|예요|"
    r"이에요|인데|이라|임|거든)"
)
_HAS_MEMBER = re.compile(
    rf"(?:^|\s)(?P<v>{_MEMBER})(?:이|가|도)?\s*(?P<c>한\s*명|하나|둘|"
    rf"두\s*명|세\s*명|[1-9]\s*명)?\s*(?:있어|있고|있는데|있거든|있어요|있음)"
)
_LIVE_WITH = re.compile(
    rf"(?P<v>(?:(?:{_MEMBER})(?:,\s*|\s+|랑\s*|이랑\s*|하고\s*|와\s*|"
    rf"과\s*))*(?:{_MEMBER}))(?:이랑|랑|하고|와|과)\s*(?:같이\s*|함께\s*|"
    rf"다\s*같이\s*)?(?:살|지내)"
)
_NUM = {"둘": 2, "셋": 3, "넷": 4, "다섯": 5, "여섯": 6, "일곱": 7, "두": 2, "세": 3, "네": 4}


def _count(raw: str) -> int | None:
    raw = raw.replace(" ", "").replace("명", "")
    if raw.isdigit():
        return int(raw)
    return _NUM.get(raw) or native_number(raw)


def _family(m: Msg, s: Sent) -> None:
    t = s.text
    if siblings(m, s) or children(m, s):
        return
    members = [w for w in re.findall(rf"{_MEMBER}|(?<!\w)나(?!\w)|(?<=\s)나(?=\s|,)", t)]
    mt = _FAMILY_COUNT.search(t) or _FAMILY_SIZE.search(t)
    rel = [w for w in members if w in MEMBERS]
    if mt and (rel or "가족" in t or "식구" in t or "우리 집" in t):
        n = _count(mt.group("n"))
        if n:
            listed = list(dict.fromkeys(rel + (["나"] if "나" in members else [])))
            detail = f" ({', '.join(listed)})" if listed else ""
            m.add(s, "family", f"{n}인 가족{detail}")
            return
    only = _ONLY_CHILD.search(t)
    if only and not is_other(t[: only.start()], m.names):
        m.add(s, "family", "외동" if "외동" in only.group(0) else "외동 (형제 없음)")
        return
    mt = _SIBLING_RANK.search(t)
    if mt and not re.search(
        r"\w+(?:는|가)\s*$|(?:팀|부서|회사|반|동아리|과|기수|학번)\s*$", t[: mt.start()]
    ):
        m.add(s, "family", mt.group("v"), prefix=t[: mt.start()])
        return
    mt = _LIVE_WITH.search(t)
    if mt and not re.search(r"싶|면", t[mt.end() : mt.end() + 6]):
        who = ", ".join(re.findall(_MEMBER, mt.group("v")))
        if m.add(s, "family", f"{who} (같이 삶)", prefix=t[: mt.start()]):
            return
    mt = _HAS_MEMBER.search(t)
    if mt and mt.group("v") not in ("부모님", "엄마", "아빠", "어머니", "아버지"):
        c = mt.group("c")
        value = mt.group("v") + (f" {c.replace(' ', ' ')}" if c else "")
        m.add(s, "family", value, prefix=t[: mt.start()])


# ---------------------------------------------------------------- pets
_PET_KEEP = re.compile(
    rf"(?P<a>{_ANIMAL}|(?<!\w)개|{_BREED})(?:\s*(?P<c>{_COUNT}))?(?:랑|"
    rf"이랑|하고|를|을|도|만|는|이|가|\s)*\s*(?:(?P<c2>{_COUNT})\s*)?(?:같이\s*|함께\s*|"
    rf"한 집에서\s*|새로\s*)?(?:키워|키우고|키우는|키운다|키웁|키운 지|살아|살고|사는|모시고|"
    rf"기르|길러|있어|있거든|있는데|들였|입양했|입양해\s*왔|데려왔|분양\s*받았|묶어\s*(?:놨|놓|뒀|둬))"
)
_PET_SERVANT = re.compile(
    r"(?P<a>냥|댕|고양이|강아지)\s*집사"
    rf"|(?:집에|현관문?\s*열면|문\s*열면)\s*(?:\S+\s){{0,2}}(?P<h>{_ANIMAL})\s*(?:{_COUNT})?[이가]?\s*"
    r"(?:\S+\s){0,2}?(?:기다리|마중|반겨|반기)"
)
_PET_NONE = re.compile(
    r"(?:반려동물|애완동물|동물|펫)(?:은|는|을|를|도)?\s*(?:안 키워|"
    r"없어|없고|없는데|안키워|못 키워)"
)
_PET_DETAIL = re.compile(
    rf"(?P<d>(?:\w+색\s*|까만\s*|하얀\s*|검은\s*|흰\s*)?(?:{_BREED})|\w+색\s*(?={_ANIMAL}))"
)
_PET_NAME_CUE = re.compile(
    rf"(?:{_ANIMAL}|{_BREED}|얘|걔|애|우리 애|애기|아기|막내|새끼|[털솜]뭉치|털복숭이|"
    r"그놈|이놈|그\s*녀석|이\s*녀석)"
    # "아까 그 백구 말이에요. 이름이 …": the animal taken up again, its name next
    r"(?:\s*말(?:이야|이에요|이요|야)[.!,，\s]*)?"
    r"\s*(?:[요,，]\s*)*(?:의\s*)?이름"
)
# "우리 집 고슴도치", "내 햄스터": an animal the user calls theirs
_PET_OURS = re.compile(
    rf"(?:우리\s*집|우리|내|울)\s*(?P<a>{_ANIMAL}|{_BREED})(?=(?:은|는|이|가|도|랑|이랑|한테|를|을)?(?!\w))"
)
# "집에 애기 하나 두고 왔어. 고슴도치!": a little one at home, named by an animal nearby
_PET_HOME = re.compile(
    r"(?:집에|집에서|우리\s*집에?)\s*(?:\w+\s)?(?:애기|아기|막내|새끼|녀석|애|아이|[털솜]뭉치|털복숭이)"
    r"\s*(?:하나|한\s*마리|"
    r"둘|두\s*마리)?\s*(?:있|두고|기다리|키우)"
)
_PET_NAME_KEY = re.compile(
    r"이름(?:은|이|는|\s)\s*(?P<n>\w{1,6}?)(?:이)?(?:야|"
    r"예요|에요|이에요|입니다|라고|이라고|이고|인데|"
    r"임|$)(?=$|[\s.,!?~ㅋㅎ])"
)
_PET_NAME_BARE = re.compile(
    # "깜순이여": the dialect copula 여 too
    r"^(?P<n>\w{1,6}?)(?:이)?(?:야|여|예요|에요|이에요|입니다|라고 해|이라고 해)$"
)
_PET_NAMED = re.compile(
    rf"(?P<n>\w{{1,6}}?)(?:이)?(?:라는|이라는|라고 하는)\s*(?P<a>{_ANIMAL}|{_BREED})"
)
_PET_NAMED2 = re.compile(
    rf"(?:우리|내)\s*(?:집\s*)?(?P<a>{_ANIMAL}|댕댕이|멍뭉이|냥이)\s*(?:이름(?:은|이)?\s*)?(?P<n>\w{{2,4}}?)(?:이)?(?:는|"
    rf"가(?!\s*(?:봐|보|싶))|야|예요|이에요|라고)(?:\s|$)"
)


def _pet_word(a: str) -> str:
    if a in BREEDS:
        return a
    return {"냥이": "고양이", "냥": "고양이", "댕댕이": "강아지", "댕": "강아지"}.get(a, a)


def _pet_home(m: Msg) -> None:
    """A pet named only by its animal near a "little one at home" cue."""
    if any(c.subject == "pet" for c in m.out) or not _PET_HOME.search(m.text):
        return
    for s in m.sents:
        mt = re.search(
            rf"(?:^|\s)(?P<a>{_ANIMAL}|{_BREED})(?:(?:야|이야|예요|이에요|이거든)?$|인데\s)", s.text
        )
        if mt and not s.question:
            m.add(s, "pet", _pet_word(mt.group("a")), confidence=0.7)
            return


def _pets(m: Msg, s: Sent) -> None:
    t = s.text
    mt = _PET_NONE.search(t)
    if mt:
        m.add(s, "pet", "반려동물", negated=True, prefix=t[: mt.start()])
        return
    mt = _PET_KEEP.search(t) or _PET_SERVANT.search(t)
    if not mt:
        mt = _PET_OURS.search(t)
        if mt and not re.search(r"(?:키우고|갖고|있었으면)\s*싶|였으면|면\s*좋겠", t):
            a = _pet_word(mt.group("a"))
            if re.match(r"\s*(?:의\s*)?이름", t[mt.end() :]) and not _PET_NAME_KEY.search(t):
                return  # "우리 고슴도치 이름 한 번 더!": asks for the name
            named = _PET_NAME_KEY.search(t, mt.end())
            name = named.group("n") if named and named.group("n") not in _PET_NOT_NAMES else ""
            if not any(a in v for v in m.ctx.current.get("pet", ())):
                value = f"{a} '{name}'" if name else a
                m.add(s, "pet", value, confidence=0.6, prefix=t[: mt.start()])
        return
    a = _pet_word(mt.group("a") or mt.group("h"))
    prefix = t[: mt.start()]
    if re.search(r"\S+네\s*$|(?:키우고|갖고)\s*싶", prefix + t[mt.end() : mt.end() + 6]):
        return
    if re.search(r"싶|면 좋겠|었으면", t[mt.end() : mt.end() + 8]):
        return
    details = [d.group("d").strip() for d in _PET_DETAIL.finditer(m.text)]
    details = [d for d in dict.fromkeys(details) if d != a]
    named = _PET_NAMED.search(m.text) or _PET_NAME_KEY.search(m.text)
    name = f" '{named.group('n')}'" if named and named.group("n") not in _PET_NOT_NAMES else ""
    value = a + name + (f" ({', '.join(details)})" if details else "")
    if mt.groupdict().get("c") and mt.group("c").startswith(("두", "세", "네", "2", "3")):
        value = f"{a} {mt.group('c')}{name}" + (f" ({', '.join(details)})" if details else "")
    m.add(s, "pet", value, prefix=prefix, loose=True)  # "나래는 포메 키우는데": 나래's


def _pet_name(m: Msg) -> None:
    if any(c.subject == "pet" for c in m.out):
        return
    name = ""
    animal = ""
    cue = _PET_NAME_CUE.search(m.text)
    if cue and (
        is_other(m.text[: cue.start()], m.names) or re.search(r"\S+네\s*$", m.text[: cue.start()])
    ):
        return
    if cue:
        a = re.match(f"{_ANIMAL}|{_BREED}", cue.group(0))
        animal = _pet_word(a.group(0)) if a else ""
        after = m.text[cue.start() :]
        mt = _PET_NAME_KEY.search(after)
        if mt:
            name = mt.group("n")
        else:
            for s in m.sents:
                if s.question or m.text.find(s.text) < cue.start():
                    continue
                mt2 = _PET_NAME_BARE.match(s.text.strip())
                if mt2:
                    name = mt2.group("n")
                    break
    if not name:
        for rx in (_PET_NAMED, _PET_NAMED2):
            mt3 = rx.search(m.text)
            if mt3 and not is_other(m.text[: mt3.start()], m.names):
                name, animal = mt3.group("n"), _pet_word(mt3.group("a"))
                break
    if not name or name in _PET_NOT_NAMES or not word_ok(name):
        return
    current = list(m.ctx.current.get("pet", ()))
    match = [v for v in current if animal and animal in v] or current[-1:]
    sent = m.sents[-1] if m.sents else Sent(m.text, False, 0)
    if match and f"'{name}'" in match[-1]:
        return
    if match:
        old = match[-1]
        word = animal if animal and animal in old else old.split()[0]
        merged = old.replace(word, f"{word} '{name}'", 1) if word in old else f"{old} '{name}'"
        m.add(sent, "pet", merged, mode="refine", confidence=0.8)
    elif animal:
        m.add(sent, "pet", f"{animal} '{name}'", confidence=0.7)


# ---------------------------------------------------------------- love and friends
_SINGLE = re.compile(
    r"(?P<v>(?:모태\s*솔로|모솔|모쏠|솔로|싱글|돌싱글|돌싱)(?:\s*\d+년\s*차)?)(?:야|이야|예요|이에요|인데|라|이라|거든|임|다|$)"
)
_PARTNER_HAS = re.compile(
    r"(?P<p>여자\s*친구|남자\s*친구|여친|남친|애인)(?:이|"
    r"가|은|는|도)?\s*(?P<v>없어|없고|없는데|없음|없다|"
    r"생겼|있어|있고|있는데|있거든|있음)"
)
_DATING = re.compile(
    r"(?P<n>\w{2,3}?)(?:이|\s*씨|\s*님)?(?:랑|하고|와|과)\s*(?:이제\s*|요즘\s*|"
    r"최근에\s*)?(?:사귀|연애|만나고 있|사귄 지|연애 중)"
)
_PARTNER_NAME = re.compile(
    r"(?:여자\s*친구|남자\s*친구|여친|남친|애인)(?:은|"
    r"는|이|가)?\s*(?:이름(?:은|이)?\s*)?(?P<n>\w{2,3}?)(?:이)?(?:야|"
    r"예요|이에요|라고|이라고)(?:\s|$)"
)
_DATING_FOR = re.compile(r"(?:사귄|연애한|사귀기\s*시작한)\s*지\s*(?:\d+|한|두|세|몇)")
_IN_LOVE = re.compile(
    r"(?P<p>여자\s*친구|남자\s*친구|여친|남친|애인)?(?:랑|이랑|하고)?\s*(?P<d>\d+\s*(?:년|"
    r"개월|달|일)\s*째)?\s*(?:연애\s*중|사귀는\s*중|만나는\s*중|연애하고\s*있)"
)
_SOMEONE_NEW = re.compile(
    r"(?:만나는|사귀는|좋아하는|썸\s*타는)\s*(?:사람|"
    r"애|남자|여자)(?:이|가)?\s*(?P<v>생겼|있어|있거든|"
    r"있는데|있음)"
)
_LOVER_NAME = re.compile(
    r"(?:이름은|이름이)\s*(?P<n>\w{2,3}?)(?:이)?(?:야|"
    r"예요|이에요|라고|이라고|인데|임|(?=\s*[,，]))(?=$|[\s.,!?~ㅋㅎ])"
)
_BREAKUP = re.compile(r"(?:헤어졌|차였|이별했|깨졌)")
# "사귀기로 했어", "오늘부터 1일", "모솔 탈출": a relationship that just began
_START_DATING = re.compile(
    r"사귀기로|사귀게\s*(?:됐|되었)|사귀기\s*시작|연애\s*시작|커플\s*(?:됐|되었)|오늘부터\s*1일|"
    r"(?:모태\s*솔로|모솔|모쏠|솔로)\s*(?:드디어\s*|마침내\s*)?(?:탈출|졸업|끝(?!나면|내고\s*싶))|고백(?:을)?\s*받아\s*줬|"
    r"고백(?:을)?\s*받았|만나기로\s*했|(?:남친|여친|남자\s*친구|여자\s*친구|애인)(?:이|가)?\s*(?:드디어\s*)?생겼"
)
_HEARSAY = re.compile(r"^\S*?(?:대|래|댔|랬)(?:\s|$)|^\s*(?:고\s*)?(?:하더라|더라)")
_MET_VIA = re.compile(r"소개팅|썸|고백|동아리|회사|학교|앱|어플|헌팅|맞선|선\s*봐")
_MARRIED = re.compile(
    r"(?:^|\s)(?:나|난|저|전)?\s*(?:결혼했|유부남|유부녀|기혼|결혼한\s*지|결혼\s*\d+\s*년\s*차|"
    r"결혼\s*생활)"
)
_NAME_STOP = frozenset(PERSONS) | {"우리", "그냥", "진짜", "요즘", "친구", "사람", "이제", "이름"}


def _love_start(m: Msg, s: Sent) -> bool:
    t = s.text
    mt = _START_DATING.search(t)
    if not mt or _HEARSAY.match(t[mt.end() :]) or is_other(t[: mt.start()], m.names):
        return False
    if any(c.subject == "relationship_status" and c.value.startswith("연애 중") for c in m.out):
        return True  # "사귀기로 했어! … 솔로 졸업!": one relationship, said twice
    lover = _LOVER_NAME.search(m.text) or _DATING.search(m.text)
    name = lover.group("n") if lover else that_one(t, m.text)  # "있잖아 채원이. … 걔랑 사귀기로"
    name = "" if name in _NAME_STOP else name
    via = _MET_VIA.search(m.text)
    met = f"{via.group(0)}으로 만난" if via and via.group(0) in ("소개팅", "맞선") else ""
    detail = f" ({met} {name or '사람'})" if met else (f" ({name})" if name else "")
    m.add(s, "relationship_status", f"연애 중{detail}", confidence=0.9)
    if name:
        m.add(s, "partner", name)
    return True


def _love(m: Msg, s: Sent) -> None:
    t = s.text
    if _love_start(m, s):
        return
    mt = _SINGLE.search(t)
    if mt:
        v, before = re.sub(r"태\s+솔", "태솔", mt.group("v")), t[: mt.start()]  # "민지는 솔로야"
        m.add(s, "relationship_status", v, prefix=before, loose=True)
    mt6 = _SOMEONE_NEW.search(t)
    if mt6 and not is_other(t[: mt6.start()], m.names):
        crush = "좋아하는" in mt6.group(0)
        status = "짝사랑 중" if crush else "연애 중"
        if mt6.group("v").startswith("생겼") and not crush:
            status = "연애 중 (최근 생김)"
        m.add(s, "relationship_status", status)
        lover = _LOVER_NAME.search(m.text)
        if lover and not crush and lover.group("n") not in _NAME_STOP:
            m.add(s, "partner", lover.group("n"))
        return
    mt5 = _IN_LOVE.search(t)
    if mt5 and not mt and not any(c.value.startswith("연애 중") for c in m.out):
        bits = [b for b in (mt5.group("p"), mt5.group("d")) if b]
        detail = f" ({', '.join(' '.join(b.split()) for b in bits)})" if bits else ""
        m.add(s, "relationship_status", f"연애 중{detail}", prefix=t[: mt5.start()])
    mt2 = _PARTNER_HAS.search(t)
    if mt2 and not mt and not mt5:
        v = mt2.group("v")
        status = "솔로" if v.startswith("없") else "연애 중"
        if v.startswith("생겼"):
            status = "연애 중 (최근 생김)"
        m.add(s, "relationship_status", status, prefix=t[: mt2.start()])
    for rx in (_DATING, _PARTNER_NAME):
        mt3 = rx.search(t)
        # the words before the name ("여자친구 이름은") are the partner, not someone else's
        if (
            mt3
            and mt3.group("n") not in _NAME_STOP
            and not (rx is _PARTNER_NAME and is_other(t[: mt3.start()], m.names))
            and m.add(
                s,
                "partner",
                mt3.group("n"),
                prefix=t[: mt3.start()] if rx is _DATING else None,
            )
        ):
            if "relationship_status" not in m.taken:
                m.add(s, "relationship_status", "연애 중")
            break
    if _BREAKUP.search(t) and not is_other(t, m.names):
        m.add(s, "partner", "헤어짐", mode="end")
        m.add(s, "relationship_status", "솔로 (최근 이별)")
    mt7 = _DATING_FOR.search(t)
    if mt7 and "relationship_status" not in m.taken and not is_other(t[: mt7.start()], m.names):
        m.add(s, "relationship_status", "연애 중")
    mt4 = _MARRIED.search(t)
    # "언니가 둘 있는데 둘 다 결혼했어": a count before it says the married are others
    many = (
        re.search(r"(?:둘|셋|넷|다들|모두|애들)\s*(?:다\s*)?$", t[: mt4.start()]) if mt4 else None
    )
    if mt4 and not many and not is_other(t[: mt4.start()], m.names) and "결혼해서" not in t:
        m.add(s, "relationship_status", "기혼")


_FRIEND_CUE = re.compile(
    r"(?P<cue>베프|베스트\s*프렌드|절친|단짝|불알친구|"
    r"부랄친구|제일 친한 친구|가장 친한 친구|젤 친한 친구|"
    r"찐친|소꿉친구|(?:\d+|[가-힣]{1,3})\s*년\s*지기|죽마고우)"
    r"|(?:때부터|부터)\s*(?:\w+\s){0,4}?(?:붙어\s*다닌|붙어다닌|같이\s*다닌|알고\s*지낸|친구|지낸)"
)
_FRIEND_NAME = (
    re.compile(
        r"(?:내|제|우리|나의)\s*(?:베프|절친|단짝|찐친|소꿉친구|베스트\s*프렌드|(?:제일|가장|젤)\s*친한\s*"
        r"친구)(?:인|이자)?\s*(?P<n>[가-힣]{2,3}?)(?:이)?(?:는|가|도|랑|이랑|한테|하고|의|,|\s|$)"
    ),
    re.compile(
        r"(?:베프|절친|단짝|친한 친구|불알친구|찐친|소꿉친구)(?:는|"
        r"은|이|가)?\s*(?:이름(?:은|이)?\s*)?(?:[가-힣]+\s){0,2}?(?P<n>\w{2,3}?)(?:이)?(?:야|"
        r"예요|이에요|라고|이라고|인데|이고|임(?![이가])|(?<=[가-힣])(?<![어아요다지네해음함임야])$)"
    ),
    re.compile(r"(?P<n>\w{2,3}?)(?:이)?(?:라는|이라는)\s*(?:친구|베프|절친|단짝)"),
    # "중학교 때부터 베프인 서진이": the friend named after a relative clause
    re.compile(
        r"(?:베프|절친|단짝|찐친|소꿉친구|(?:제일|가장|젤)\s*친한\s*친구)(?:인|이자)\s+(?P<n>[가-힣]{2,3}?)"
        r"(?:이)?(?=$|[\s,.!?~ㅋㅎ]|는|가|랑|이랑|한테|하고|도)"
    ),
    re.compile(r"(?<!\w)(?P<n>\w{2,3})\s*(?:놈|녀석|자식|새끼)(?:이|은|도|한테|이랑|이가)?(?!\w)"),
    FRIEND_FIRST,
    re.compile(
        r"(?<!\w)(?P<n>\w{2,3}?)(?:이)?(?:랑은|하고는|"
        r"랑|하고)\s*(?:\w+\s){0,2}?(?:\w+\s)?(?:때부터|"
        r"부터|\d+년)"
    ),
    # "윤순임이라고 내 육십년지기 친구랑": the name, then who the friend is
    re.compile(
        r"(?:^|\s)(?P<n>[가-힣]{2,3}?)(?:이)?라고\s+(?:내|제|나의)\s+(?:\S+\s+){0,2}?(?:친구|베프|절친|단짝)"
    ),
)
_COP_WORDS = frozenset({"거든", "이야", "인데", "이고", "이라", "이지", "잖아", "라서", "이라서"})
_SINCE = re.compile(
    r"(?P<s>(?:\w*[^\W은는이가랑도]\s)?\w+\s*때부터|어릴\s*때부터|\d+\s*년\s*(?:째|지기|동안)|"
    r"(?<![가-힣])[가-힣]{1,3}\s*년\s*지기)"
)


def _best_friend(m: Msg) -> None:
    cue = _FRIEND_CUE.search(m.text)
    if not cue:
        return
    for k, rx in enumerate(_FRIEND_NAME):
        mt = rx.search(m.text)
        if not mt:
            continue
        name = mt.group("n")
        # "좋은", "친한": a modifier, not a name (a name right after "내 베프" is taken as one)
        # ... unless a copula follows it at once: "친한 친구는 다은이야"
        # ... or it follows "베프인" and no noun follows it ("베프인 서진이", not "베프인 착한 애")
        after = m.text[mt.end("n") :]
        named = re.match(r"(?:이)?(?:야|예요|이에요|이고|임)", after) or (
            rx is _FRIEND_NAME[3] and not re.match(r"\s*(?:애|친구|사람|놈|녀석|아이|얘|걔)", after)
        )
        modifier = (
            re.search(r"(?:는|은|던|닌|한|된|인|운|린|진)$", name)
            and not named
            and (k > 0 or not re.search(rf"{name}이[는가랑도]", m.text))
        )
        if name in _NAME_STOP or not word_ok(name) or name == m.ctx.assistant_name or modifier:
            continue
        if name in _COP_WORDS:
            continue
        since = _SINCE.search(m.text)
        label = cue.group("cue") or "단짝"
        detail = f"{since.group('s')} {label}" if since and since.group("s") != label else label
        sent = next((s for s in m.sents if name in s.text), m.sents[0])
        if sent.question:  # "내 제일 친한 친구 이름 기억나?"
            continue
        m.add(sent, "best_friend", f"{full_name(m, name)} ({detail})")
        return
    if found := named_before(m):  # "태식이한테 전화 옴 … 걔가 내 베프거든"
        m.add(found[2], "best_friend", f"{found[0]} ({found[1]})")
    elif (told := nameless_friend(m)) and not m.ctx.current.get("best_friend"):
        m.add(told[1], "best_friend", told[0], confidence=0.6)


def relation_rules(m: Msg, s: Sent) -> None:
    _family(m, s)
    _pets(m, s)
    plans_rule(m, s)
    trip_rule(m, s)
    _love(m, s)


def message_rules(m: Msg) -> None:
    """Rules that read the whole message (and the context) rather than one sentence."""
    _pet_home(m)
    _pet_name(m)
    exam_ref_rule(m)
    _best_friend(m)
    family_detail(m)
