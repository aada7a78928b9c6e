"""Korean rules for what the user cannot eat, fears and dislikes (soulmem.perceive.facts.ko)."""

from __future__ import annotations

import re

from soulmem.perceive.facts.ko_base import ADVS as _ADVS
from soulmem.perceive.facts.ko_base import NP as _NP
from soulmem.perceive.facts.ko_base import (
    Gated,
    Msg,
    Sent,
    clean_np,
    is_other,
    noun_before_cop,
    word_ok,
)
from soulmem.perceive.facts.ko_base import (
    np_value as _np,
)
from soulmem.perceive.facts.ko_lex import (
    ALLERGENS,
    FOODS,
    PERSONS,
    PHOBIAS,
    alt,
    has_batchim,
    strip_josa,
)

__all__ = ["forbidden_rules"]

# ---------------------------------------------------------------- allergy
_ALLERGY_WORD = Gated(
    rf"{_NP}\s*(?:알레르기|알러지|알레르기가|알러지가)(?:가|도|는)?\s*(?P<neg>없)?",
    "알레르기",
    "알러지",
)
_ALLERGY_EAT = Gated(
    rf"{_NP}(?:\s*(?:들어간\s*(?:거|것|음식|건)|들어가면|"
    rf"넣은\s*거|가\s*들어간\s*거))?(?:을|를|은|는|"
    rf"만|이|가)?\s*"
    r"(?:먹으면|먹기만\s*해도|먹으면은|닿으면|만지면|먹었다가|먹고\s*나면|먹으면서|먹어도|"
    r"주사\s*(?:한\s*(?:대|방)\s*)?(?:맞고|맞았다가|맞았더니|맞으면)|"
    r"(?:베어\s*)?물었다가|먹었더니|(?:근처|옆)에?만\s*가도|냄새만\s*맡아도|손만\s*대도|(?:닿|만지|먹)기만\s*해도|한\s*입만\s*먹어도|"
    r"조금만\s*먹어도|만져도|닿아도)\s*[^.!?]{0,24}?"
    r"(?:목이\s*부|목이\s*붓|두드러기|숨이?\s*(?:막|"
    r"안\s*쉬|못\s*쉬|차)|응급실|간지러|가려|발진|부어|부었|퉁퉁|"
    r"붓고|붓는|큰일\s*나|쇼크|알레르기|알러지|온몸에|재채기|콧물|눈이\s*빨개|빨갛게\s*올라)",
    "먹",
    "닿",
    "만지",
    "만져",
    "가도",
    "맡아도",
    "대도",
    "물었",
    "맞",
)
# a bodily reaction to touching or eating something not named in the sentence
_SYMPTOM = re.compile(
    r"(?:털|껍질|즙|가루|냄새|한\s*입|조금)(?:만|이라도)?\s*(?:스쳐도|닿아도|닿으면|묻어도|먹어도|들어가도|맡아도)"
    r"\s*[^.!?]{0,20}?(?:두드러기|응급실|퉁퉁|부어|부었|붓고|가려|간지러|숨이?\s*(?:막|안\s*쉬)|쇼크|발진)"
)
# "새우 한 입", "새우 한 마리만": the amount eaten, not the food
_BITE = re.compile(
    r"\s*(?:(?:한|두|세|반)\s*(?:입|조각|마리|개|알|점|숟갈|숟가락|모금|쪽|젓가락)|한입|조금|좀|하나)(?:만|이라도)?$"
)
_CANT_EAT_KIND = re.compile(r"못\s*먹는\s*(?P<k>과일|음식|해산물|견과류|채소|생선|고기)")
# "아까 내가 못 먹는다던 그 과일이요, 그게 복숭아예요": the kind told before gets its name
_NAMED_NOW = re.compile(
    r"(?:그게|그건|그거)\s*(?P<v>[가-힣]{1,6}?)(?:예요|이에요|야|이야|임|이요|요|입니다)(?=$|[\s.,!~])"
)
_TOLD_BEFORE = re.compile(r"아까|전에|말한|말했던|얘기한|못\s*먹는다던|못\s*먹는다고\s*한")
_ANAPHOR = frozenset(
    {"그거", "그것", "이거", "이것", "저거", "저것", "걔", "얘", "그", "그건", "이건"}
)
_ALLERGEN_IN = re.compile(alt((*ALLERGENS, *(f for f in FOODS if len(f) > 1))))
# an allergen as a word of its own ("복숭아 들어간 건"), not a syllable of another ("입술")
_ALLERGEN_WORD = re.compile(
    rf"(?<![가-힣])({alt((*ALLERGENS, *(f for f in FOODS if len(f) > 1)))})"
    r"(?:이|가|은|는|을|를|도|만|이랑|랑|들어간|맛|즙)?(?![가-힣])"
)
_NO_ALLERGY = re.compile(r"알레르기|알러지")

# ---------------------------------------------------------------- phobia
_PHOBIA_SEE = Gated(
    rf"{_NP}(?:만|을|를|이|가|은|는)?\s*(?:보면|보기만\s*해도|"
    rf"보이면|생각만\s*해도|나오면|타면|올라가면|있으면)\s*[^.!?]{{0,26}}?"
    r"(?:소리\s*(?:지르|질러)|도망|기절|얼어|울어|울고|"
    r"소름|심장|무서|덜덜|후들|떨려|식은땀|못\s*움직|"
    r"패닉|멘붕|졸도|까무러|다리가\s*풀|비명|(?:몸이|온몸이|몸이\s*그냥)\s*굳|얼음)",
    "보면",
    "보기만",
    "보이면",
    "생각만",
    "나오면",
    "타면",
    "올라가면",
    "있으면",
)
# "퇴근하고 지하철 타면 기절": 기절 after a tiring day is falling asleep, not fear
_WORN_OUT = re.compile(r"(?:그냥|바로|거의)?\s*(?:기절|졸도|까무러)[^.!?]*$")
_TIRED = re.compile(r"끝나고|퇴근|야근|나이트|피곤|지쳐|지친|녹초|졸려|잠이|곯아")
_PHOBIA_WORD = Gated(
    rf"{_NP}(?:이|가|을|를|은|는|만)?\s*{_ADVS}(?P<neg>안\s*)?(?:무서워(?!서|"
    rf"도)|무서워서(?=[^.!?]{{0,14}}못)|무서워해|무섭거든|무섭다|겁나|못\s*봐|못\s*본다|"
    rf"못\s*보거든|트라우마)",
    "무서",
    "겁나",
    "못 봐",
    "못 본",
    "못 보",
    "못봐",
    "트라우마",
)
_PHOBIA_MAP = {
    "고소": "높은 곳 (고소공포증)",
    "폐소": "좁은 곳 (폐소공포증)",
    "환": "환공포증",
    "대인": "대인공포증",
    "광장": "광장공포증",
}
# "고소공포증", and "고소공포 있어서" with 증 left off
_PHOBIA_NAMED = re.compile(
    rf"(?P<v>\w+?)\s?공포증|(?<!\w)(?P<b>{alt(_PHOBIA_MAP)})\s?공포(?:가|도)?\s*(?:좀\s*|너무\s*|진짜\s*|엄청\s*)?(?:있|심하|심해|때문)"
)
_PHOBIA_LEX = re.compile(
    rf"(?<!\w)(?P<v>{alt(PHOBIAS)})(?:이|가|은|는|을|를|만|도|이랑|랑|이나|나|소리|라면|이라면|만\s*보면)?(?!\w)\s*[^.!?]{{0,20}}?"
    r"(?:무서|질색|심장이?\s*(?:떨어|내려앉|쿵|벌렁)|소름|벌벌|덜덜|식은땀|기절|겁|트라우마|오금|"
    r"공포|쥐약|못\s*견디|귀\s*막|이불\s*(?:뒤집어|속)|숨어)"
)
# "하나도 안 무서워", "무서워하시네요": not the user's fear
_PHOBIA_NOT = re.compile(r"안\s*(?:무서|무섭|겁)|(?:무서|무섭)지\s*않|하시|으시|셨|대요|래요|댔|랬")
# sounds and sights that name the thing feared ("우르릉 쾅쾅 하면 이불 뒤집어써")
_PHOBIA_SIGNS = {"우르릉": "천둥", "쾅쾅": "천둥", "번쩍": "번개", "윙윙": "벌", "사사삭": "벌레"}
_PHOBIA_SIGN = re.compile(
    rf"(?P<v>{alt(_PHOBIA_SIGNS)})[^.!?]{{0,24}}?(?:무서|이불\s*(?:뒤집어|속)|귀\s*막|숨어|벌벌|덜덜|기절)"
)
# "논두렁에서 뱀을 밟을 뻔한 뒤로는...", "개한테 물린 뒤로": a fright that stayed
_SCARED_SINCE = re.compile(
    rf"{_NP}(?:을|를|한테|에게|에)\s*(?:\S+\s)?(?:밟을\s*뻔한|물릴\s*뻔한|물린|물렸던|쏘인|쏘였던|"
    r"빠질\s*뻔한|빠졌던|갇혔던|갇힌|깔릴\s*뻔한|놀란)\s*(?:뒤로|후로|이후로|다음부터|뒤부터|"
    r"적이\s*있어서|일\s*있고)"
)
_HIGH = re.compile(r"높은\s*(?:데|곳)|고층|높은\s*건물")
# "나 높은 곳 진짜 못 가거든", "높은 데는 못 올라가": cannot go up high
_HIGH_CANT = re.compile(
    r"(?:은|는|에|에는|엔|을|를|도|만)?\s*(?:진짜|정말|절대|아예|완전|도저히|무서워서)?\s*"
    r"못\s*(?:가|올라|타|내려다|쳐다)(?!\w*(?:봤|갔|겠|\s*봐|\s*가게))"
)
_LEARNT = re.compile(r"\s*(?:있|없)(?:구나|군|으시|으세|대|다니|다더)")
# "땅콩 알레르기면 조심해야돼요": if someone has it, said to them
_IF_ANY = re.compile(r"(?:이)?면(?=\s|$|[.,!~ㅠㅜ])|\s*있(?:으면|다면|으시면)")
_REASON_END = re.compile(r"(?:이라|라서|이라서|여서|이어서|라)$")
_REASON = re.compile(r"(?:^|\s)(?P<n>\w+?)(?:은|는)\s")
_PHOBIA_STOP = frozenset({"귀신같이", "진짜", "너무", "그게", "이게", "그거", "이거", "밤", "혼자"})

# ---------------------------------------------------------------- dislikes
_DISLIKE_REMOVE = Gated(
    rf"{_NP}(?:은|는|을|를)?\s*{_ADVS}(?:빼\s*줘|빼\s*주세요|빼\s*주셈|빼\s*주삼|"
    rf"빼줘|빼\s*달라|넣지\s*마|넣지\s*말아|주지\s*마)",
    "빼",
    "넣지",
    "주지",
)
_DISLIKE = Gated(
    rf"{_NP}(?:은|는|이|가|을|를|도)?\s*{_ADVS}(?:싫어(?!하는\s*사람|서)|싫어해|"
    rf"싫거든|싫음|질색|극혐|별로야|혐오|못\s*먹어|못먹어|안\s*먹어(?!서)|최악)",
    "싫",
    "질색",
    "극혐",
    "별로",
    "혐오",
    "못 먹",
    "못먹",
    "안 먹",
    "최악",
)
_SENSES = frozenset({"식감", "맛", "냄새", "향", "소리", "촉감"})
_WITH_IT = re.compile(r"\s+(?:들어간|들어있는|들은|올라간)\s*(?:거|것|게|건|음식|메뉴)$")
# "진짜 싫은 거 하나 있어. 민트초코!!": the thing comes in the next sentence
_DISLIKE_AHEAD = re.compile(
    r"(?:싫은|싫어하는|못\s*먹는|극혐하는|질색하는)\s*(?:거|것|게|음식|맛|과일)(?:도|이|가)?\s*(?:딱\s*)?"
    r"(?:하나|한\s*가지|있)"
)
_DISLIKE_KEY = re.compile(
    r"(?:제일\s*|가장\s*|젤\s*|진짜\s*)?(?:싫어하는|싫은|못\s*먹는|극혐하는)\s*(?:거|것|건|게|음식|맛|과일|"
    r"색|계절|노래)(?:은|는|이|가)?\s*(?P<v>[^.!?,]{1,16}?)\s*(?:이야|야|이에요|예요|임|이고|인데|$)"
)
_DISGUST = Gated(
    rf"{_NP}(?:은|는)?\s*(?:냄새|향|모양|식감|소리)만\s*(?:맡아도|나도|봐도|들어도|스쳐도)\s*"
    r"(?:\S+\s){0,2}?(?:헛구역질|토|역겨|속이|구역질|못\s*먹|싫|질색|도망)",
    "만",
)

_SEASON_HATE = re.compile(
    r"(?<!\w)(?P<s>봄|여름|가을|겨울)(?:은|는|이|가)?\s*[^.!?]{0,15}?(?:최악|싫어|질색|별로|극혐)"
)


# a feared thing as a word of its own ("불이 무서워"), not a syllable of another ("불알친구")
_PHOBIA_IN = re.compile(
    rf"(?<![가-힣])({alt(PHOBIAS)})(?:이|가|은|는|을|를|도|만|이랑|랑|소리)?(?![가-힣])"
)
# "조리사 여사님들이 무서워": people who intimidate are not a phobia
_PEOPLE = re.compile(r"(?:님|님들|사람|사람들|분들|애들|선배|상사|부장|과장|팀장|교수)$")
# "그런 상황 제일 싫어", "상추를 잘 안 먹어": a vague head or an adverb is no dislike
_VAGUE = frozenset({"상황", "경우", "느낌", "기분", "때", "일", "짓", "분위기", "잘", "통", "자주"})


def _polite_off(text: str) -> str:
    """ "오이요" -> "오이", "귤이요" -> "귤": a word said alone with the polite 요."""
    if text.endswith("이요") and len(text) > 2 and has_batchim(text[-3]):
        return text[:-2]
    return text[:-1] if text.endswith("요") and len(text) > 1 else text


def _antecedent(m: Msg, s: Sent, rx: re.Pattern[str]) -> str:
    """What "그거" points back to: the last word of a lexicon before the sentence, in this
    message or the previous one ("복숭아 있지? 나 그거 근처만 가도 입술 붓고")."""
    before = m.text[: m.text.find(s.text)] if s.text in m.text else ""
    for text in (before, *reversed(m.ctx.previous_user_texts[-1:])):
        found = rx.findall(text)
        if found:
            return str(found[-1])
    return ""


def forbidden_rules(m: Msg, s: Sent) -> None:
    t = s.text
    mt = _ALLERGY_WORD.search(t)
    if mt and (_LEARNT.match(t, mt.end()) or _IF_ANY.match(t, mt.end())):
        pass  # "도깨비도 알레르기가 있구나": learning of someone else's; "…알레르기면": an if
    elif mt:
        v = _np(mt.group("v"), 2)
        if mt.group("neg"):
            m.add(s, "allergy", v or "알레르기", negated=True, prefix=t[: mt.start()])
        elif v:
            m.add(s, "allergy", f"{v} 알레르기", prefix=t[: mt.start()], loose=True)
    elif re.search(r"알레르기|알러지", t) and re.search(r"없", t):
        m.add(s, "allergy", "알레르기", negated=True)
    else:
        mt = _ALLERGY_EAT.search(t)
        if mt:
            raw = _BITE.sub("", mt.group("v"))  # "새우 한 입 물었다가": the food, not the bite
            raw = re.sub(r"^.*(?:때|적에?|시절에?)\s+", "", raw)  # "젊을 때 페니실린": no time
            v = _np(raw, 2)
            if not v and clean_np(raw, 2).split()[-1:] in ([a] for a in _ANAPHOR):
                # "딱 한 가지 못 먹는 과일이 있어요. 그거 한 입 물었다가 …": a kind, named later
                kind = _CANT_EAT_KIND.search(m.text[: m.text.find(t)])
                v = kind.group("k") if kind else _antecedent(m, s, _ALLERGEN_IN)
            if v:
                m.add(s, "allergy", f"{v} 알레르기", prefix=t[: mt.start()], loose=True)
    kinds = [v for v in m.ctx.current.get("allergy", ()) if _CANT_EAT_KIND.search(f"못 먹는 {v}")]
    named = _NAMED_NOW.search(t) if kinds and _TOLD_BEFORE.search(m.text) else None
    if named and word_ok(named.group("v")) and "allergy" not in m.taken:
        m.add(
            s, "allergy", f"{named.group('v')} 알레르기", mode="refine", prefix=t[: named.start()]
        )
    sym = _SYMPTOM.search(t) if "allergy" not in m.taken and s.index > 0 else None
    if sym:
        # "복숭아 들어간 건 저 절대 안돼요. 털만 스쳐도 입술 퉁퉁 부어서": the food is in the
        # sentence before the reaction
        prev = m.sents[s.index - 1]
        found = _ALLERGEN_WORD.findall(prev.text)
        if found and not prev.question and not is_other(t[: sym.start()], m.names):
            m.add(
                prev,
                "allergy",
                f"{found[-1]} 알레르기",
                prefix=prev.text[: prev.text.find(found[-1])],
            )
    mt = _PHOBIA_NAMED.search(t)
    high = _HIGH.search(t)
    if high and (
        _PHOBIA_SEE.search(t) or _PHOBIA_WORD.search(t) or _HIGH_CANT.match(t, high.end())
    ):
        m.add(s, "phobia", "높은 곳 (고소공포증)", prefix=t[: high.start()])
    elif mt:
        base = mt.group("v") or mt.group("b")
        m.add(s, "phobia", _PHOBIA_MAP.get(base, f"{base} 공포증"), prefix=t[: mt.start()])
    else:
        for rx in (_PHOBIA_SEE, _PHOBIA_WORD):
            mt = rx.search(t)
            if mt:
                # "거미 극혐임 보기만 해도 소름": a clause closed by a copula, the thing before it
                raw = re.sub(r"\s+\S+(?:이야|야|이에요|예요|임)$", "", mt.group("v"))
                v = _np(raw, 2)
                if re.search(r"\S(?:[뒤후]|다음|이후)(?:로|부터)?(?:는)?$", raw):
                    # "엘리베이터가 있는데 한번 갇힌 뒤로 무서워서": the thing told before the time
                    found = _PHOBIA_IN.findall(t[: mt.end("v")])
                    v = found[-1] if found else ""
                    if not v:
                        break
                if v in _ANAPHOR or not v:
                    after = m.sents[s.index + 1].text if s.index + 1 < len(m.sents) else ""
                    if _PHOBIA_SEE.search(after):
                        break  # "나 그거 무서워. 비둘기만 보면 굳음": the next sentence names it
                    v = _antecedent(m, s, _PHOBIA_IN)
                if _PEOPLE.search(v) or strip_josa(v.split()[-1] if v else "") in PERSONS:
                    break
                if _WORN_OUT.search(mt.group(0)) and _TIRED.search(m.text) and "무서" not in t:
                    break  # "나이트 끝나고 1호선 타면 그냥 기절해요": asleep from tiredness
                # "욕먹을까 봐 겁나": a worry said as a clause, not a thing feared
                if (
                    v
                    and v not in _PHOBIA_STOP
                    and not re.search(r"(?:서|고|면|데|까\s*봐|까봐|봐|요|다)$", v)
                    # "한번 갇힌 뒤로 무서워서": since when, not what is feared
                    and not re.search(r"(?:[뒤후]|다음|이후|때)(?:로|부터|에)?$", v)
                ):
                    m.add(s, "phobia", v, prefix=t[: mt.start()], loose=True)
                    break
        else:
            mt = _PHOBIA_LEX.search(t)
            sign = _PHOBIA_SIGN.search(t)
            since = _SCARED_SINCE.search(t)
            v = clean_np(since.group("v"), 1) if since else ""
            v = v if word_ok(v) or v in PHOBIAS or v in ("개", "새") else ""  # "개한테 물린 뒤로"
            if since and v and v not in _PHOBIA_STOP and not _PEOPLE.search(v):
                m.add(s, "phobia", v, confidence=0.7, prefix=t[: since.start()], loose=True)
            elif mt and not _PHOBIA_NOT.search(t[mt.start() :]):
                m.add(s, "phobia", mt.group("v"), prefix=t[: mt.start()], loose=True)
            elif sign:
                v = _PHOBIA_SIGNS[sign.group("v")]
                m.add(s, "phobia", v, confidence=0.6, prefix=t[: sign.start()], loose=True)
    for rx in (_DISLIKE_REMOVE, _DISGUST, _DISLIKE):
        mt = rx.search(t)
        if mt:
            v = _np(mt.group("v"), 2)
            reason = _REASON.search(mt.group(0)) if _REASON_END.search(v) else None
            if reason:  # "민초는 치약 맛이라 싫어": the topic is disliked, for the reason after it
                v = _np(reason.group("n"), 2)
            if v.split()[-1:] and v.split()[-1] in _SENSES:
                v = clean_np(mt.group("v"), 3, keep_modifiers=True)
            if v in _SENSES:
                continue  # "냄새부터 극혐": the smell of a thing said before, not a dislike
            if _WITH_IT.search(v):  # "오이 들어간거는 빼주셈": the cucumber
                v = strip_josa(_WITH_IT.sub("", v))
            if re.search(r"(?:아니면|말고는|말곤|빼고는|빼곤)$", clean_np(mt.group("v"), 3)):
                continue  # "팥 아니면 안 먹어": the only one eaten, not a dislike
            if (
                v
                and v.split()[-1] not in _VAGUE
                and "allergy" not in m.taken
                and not any(c.value in v for c in m.out if c.subject == "phobia")
                and not re.search(r"(?:기|게|서)$", v)
                # "그 비릿한 냄새만 맡아도": a describing word alone, not the thing
                and not re.fullmatch(r"[가-힣]{2,}(?<=[릿끼텁컹큼척찝])한", v)
                and m.add(s, "disliked", v, prefix=t[: mt.start()], loose=True)
            ):
                break
    mt = _DISLIKE_KEY.search(t)
    if mt and "disliked" not in m.taken and not _DISLIKE_AHEAD.search(t):
        v = strip_josa(noun_before_cop(mt))
        # "싫은 게 아니라 좋음": denied, no thing named
        if word_ok(v) and v not in ("뭐", "하나", "있어") and not v.startswith("아니"):
            m.add(s, "disliked", v, prefix=t[: mt.start()], loose=True)
    if _DISLIKE_AHEAD.search(t) and s.index + 1 < len(m.sents):
        nxt = m.sents[s.index + 1]
        v = strip_josa(_polite_off(nxt.text.strip()))
        if not nxt.question and len(v.split()) <= 2 and word_ok(v):
            m.add(nxt, "disliked", v)
    mt = _SEASON_HATE.search(t)
    if mt and "disliked" not in m.taken:
        m.add(s, "disliked", mt.group("s"), confidence=0.6, prefix=t[: mt.start()])
