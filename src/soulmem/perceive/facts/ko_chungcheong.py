"""Chungcheong speech to standard Korean, for the rules (used by ``ko_casual``).

"지는 염미경이라구 혀유", "여기서 농사 짓구 살어유", "을매나 짖어싸는지": a message that shows
the dialect (``_CC_MARK``) has its endings (-유/-슈, -구, -믄, -는디, -여), 혀/허 for 하, 지 for
저/제 and a few words (워디, 을매, 읎, 그려, 몰러) put in the standard form. A message without
those marks passes unchanged, so standard sentences keep their shape.
"""

from __future__ import annotations

import re

from soulmem.perceive.facts.ko_lex import has_batchim

__all__ = ["chungcheong"]

# what shows a message is in the dialect: "했슈", "혀유", "들어오믄", "있는디", "을매나", "워디"
_CC_MARK = re.compile(
    r"(?<=[았었였했됐겠갔왔놨봤졌렸켰혔있없])슈(?=\s*(?:$|[.!?~,…ㅋㅎ]))|혀(?:유|서|구|야)|혔|"
    r"(?<=[가-힣])믄(?=\s|$|[,.]|유)|(?<=[는인은근])디(?=\s|$|[,.]|유)|을매|워디|워떻|워떤|니께|겄|"
    # "있어유", "골라내유", "말이유": the polite -유 after a verb's -어 or a noun's 이
    r"(?<=[가-힣])(?:[어아여워려혀와봐돼해내]유|이유|쥬)(?=\s*(?:$|[.!?~,…]))"
)
_CLAUSE_END = r"(?=\s*(?:$|[.!?~,…，]|[ㅋㅎㅠㅜ]))"
_WORD_END = r"(?=$|[\s.!?~,…，]|[ㅋㅎㅠㅜ])"
# whole words and stems said the Chungcheong way
_CC_WORDS = (
    (r"워디", "어디"),
    (r"워떤", "어떤"),
    (r"워떻", "어떻"),
    (r"워뗘", "어때"),
    (r"을매", "얼마"),
    (r"읎", "없"),
    (r"쪼끔", "조금"),
    (r"(?<![가-힣])그려(?=서|두|도|\s|,|$)", "그래"),
    (r"(?<![가-힣])냥반", "양반"),
    (r"(?<=[가-힣])[헌한]티", "한테"),
    (r"겄", "겠"),
    (r"(?<=[가-힣])드만", "더만"),
    (r"니께", "니까"),
    (r"(?<=[가-힣])믄서", "면서"),
    (r"(?<![가-힣])아녀유", "아니에요"),
    (r"(?<![가-힣])아녀", "아니야"),
    (r"(?<=[가-힣])잖유", "잖아요"),
    (r"몰러", "몰라"),
    (r"(?<=[살같닿찮맞많좋알])어(?=유|요|서|도|두|$|\s)", "아"),
    (r"(?:(?<=[가-힣\s])|^)허(?=[는니다믄면셔구고지잖게려])", "하"),
    (r"(?:(?<=[가-힣\s])|^)헌(?=다)", "한"),
    (r"(?<![가-힣])걸루(?=\s|$)", "걸로"),
)
_CC_WORDS_RX = tuple((re.compile(rx), new) for rx, new in _CC_WORDS)
# a verb stem (its last syllable) that takes the linking -구 ("짓구", "풀구", "이라구")
_GU_STEMS = (
    "주짓풀넣리나씻놓들치뀌쓰그말두먹않라다하해오보가지내끄우이키시니러받찾잡닫묻걷듣웃울알살팔열"
    "벗빼끼재캐따타사싸자차파까뜨크트뛰쉬없있같좋많싫작길높얹앉튀볶굽삶와봐놔줘써켜려박접업찍막읽적"
    "넘담신끊붙섞닦꺾꼽뽑집씹줍눕돕맵덥춥곱밉쉽"
)
_GU_NOUNS = frozenset(
    {
        "친구",
        "가구",
        "도구",
        "지구",
        "야구",
        "농구",
        "배구",
        "축구",
        "족구",
        "탁구",
        "당구",
        "입구",
        "출구",
        "창구",
        "항구",
        "인구",
        "요구",
        "욕구",
        "문구",
        "기구",
        "전구",
        "완구",
        "대구",
        "백구",
        "식구",
        "연구",
        "장구",
        "용구",
        "안구",
        "복구",
        "어구",
        "자구",
        "포구",
        "시구",
        "비구",
        "경구",
        "아이구",
        "에구",
        "어이구",
        "오구",
        "구구",
        "덕구",
    }
)
_GU_RX = re.compile(rf"(?P<w>[가-힣]*?(?P<s>[가-힣]))구(?=유|요|{_WORD_END})")
_DU_NOUNS = frozenset(
    {"만두", "호두", "녹두", "수두", "염두", "선두", "서두", "화두", "후두", "두두", "가두"}
)
_DU_RX = re.compile(rf"(?P<w>[가-힣]+)두{_WORD_END}")
# the copula -여 / -여유 on a noun ("누룽지여", "최고여유", "자격증이여유"), not a verb's -여
# ("보여", "모여", "움직여": a stem in a final consonant cannot take it bare)
_YEO_VERBS = "보모끼하꼬치기쥐파싸뵈괴펴켜려겨녀"
_YEO_RX = re.compile(rf"(?P<p>[가-힣])여(?P<u>유)?(?=유|{_WORD_END})")
# "맞는 겨?": the thing, 거
_GYEO_RX = re.compile(rf"(?<=\s)겨{_WORD_END}")
_SYU_RX = re.compile(rf"(?<=[가-힣])슈{_CLAUSE_END}")
_IYU_RX = re.compile(rf"(?<=[가-힣])이유{_CLAUSE_END}")
_YU_NOUNS = "우자석경분식소공원교국두보사주휘향전특고"
_YU_RX = re.compile(rf"(?<=[가-힣])(?<![{_YU_NOUNS}])유{_CLAUSE_END}")
_JYU_RX = re.compile(rf"(?<=[가-힣])쥬{_CLAUSE_END}")
_MEUN_RX = re.compile(r"(?<=[가-힣])믄(?=유|요|\s|$|[,.])")
_DI_RX = re.compile(r"(?<=[는인은던근])디(?=유|요|\s|$|[,.])")
# 지 for 저 / 제 as a word of its own ("지는", "지가", "지 생일"), not the 지 of time after an
# adnominal ("불러본 지가 하도 오래돼서", "할 지")
_JI_RX = re.compile(
    r"(?:(?<=^)|(?<=[\s,.!?~]))지(?P<j>가|는|를|도|두|만|보다|더러|한테|헌티)?(?=\s|$|[,.!?])"
)
_JI_AS = {
    "": "제",
    "가": "제가",
    "는": "저는",
    "를": "저를",
    "도": "저도",
    "두": "저도",
    "만": "저만",
    "보다": "저보다",
    "더러": "저더러",
    "한테": "저한테",
    "헌티": "저한테",
}


def _batchim(syllable: str) -> int:
    code = ord(syllable) - 0xAC00
    return code % 28 if 0 <= code <= 11171 else 0


def _gu(mt: re.Match[str]) -> str:
    word = mt.group("w") + "구"
    stem = mt.group("s")
    if word in _GU_NOUNS or not (stem in _GU_STEMS or _batchim(stem) == 20):
        return mt.group(0)
    return mt.group("w") + "고"


def _du(mt: re.Match[str]) -> str:
    word = mt.group("w") + "두"
    return mt.group(0) if word in _DU_NOUNS else mt.group("w") + "도"


def _yeo(mt: re.Match[str]) -> str:
    p = mt.group("p")
    polite = bool(mt.group("u"))
    if p == "이":
        return "이에요" if polite else "이야"
    if has_batchim(p) or p in _YEO_VERBS or not ("가" <= p <= "힣"):
        return mt.group(0)
    return p + ("예요" if polite else "야")


_SINCE = re.compile(r"[^.!?]{0,24}?(?:오래|됐|되었|돼|넘었|지났|년|개월|몰|모르)")


def _ji(mt: re.Match[str]) -> str:
    before = mt.string[: mt.start()].rstrip()
    j = mt.group("j") or ""
    # "불러본 지가 하도 오래돼서", "산 지가 벌써 삼십 년", "할 지 몰라": the 지 of time
    if (
        j in ("", "가", "도", "두")
        and before
        and _batchim(before[-1]) in (4, 8)
        and _SINCE.match(mt.string, mt.end())
    ):
        return mt.group(0)
    return _JI_AS[j]


# 혀 / 혔 for 해 / 했 ("혀유", "잘혀유", "까무잡잡혀서", "혀구" = 하고), not the passive -혀 of a
# stem in a final consonant ("박혀 있어서", "가라앉혀야", "잡혔어")
_HYEO_RX = re.compile(
    r"(?P<p>[가-힣])?(?:(?P<h>혔)|혀(?P<f>구|고)?(?=[유요라서도두야지믄면졌질]|$|[\s.!?~,…，]|[ㅋㅎㅠㅜ]))"
)
_PASSIVE_STEMS = "박앉밝읽막잡눕묻입식익굳넓좁맺얹꽂찍먹뽑업긁닫걷딪갇얽엎"


def _hyeo(mt: re.Match[str]) -> str:
    p = mt.group("p") or ""
    doubled = len(p) == 1 and mt.start() > 0 and mt.string[mt.start() - 1] == p  # "잡잡혀"
    if p and p in _PASSIVE_STEMS and not doubled:
        return mt.group(0)
    if mt.group("f"):  # "봐야 혀구": 하고
        return p + "하고"
    return p + ("했" if mt.group("h") else "해")


def chungcheong(text: str) -> str:
    """``text`` with Chungcheong speech in the standard form, when the message shows it."""
    if not _CC_MARK.search(text):
        return text
    for rx, new in _CC_WORDS_RX:
        text = rx.sub(new, text)
    text = _HYEO_RX.sub(_hyeo, text)
    text = _GU_RX.sub(_gu, text)
    text = _DU_RX.sub(_du, text)
    text = _YEO_RX.sub(_yeo, text)
    text = _GYEO_RX.sub("거야", text)
    text = _SYU_RX.sub(lambda mt: "어요" if _batchim(mt.string[mt.start() - 1]) else "세요", text)
    text = _IYU_RX.sub("이에요", text)
    text = _JYU_RX.sub("죠", text)
    text = _YU_RX.sub("요", text)
    text = _MEUN_RX.sub("면", text)
    text = _DI_RX.sub("데", text)
    return _JI_RX.sub(_ji, text)
