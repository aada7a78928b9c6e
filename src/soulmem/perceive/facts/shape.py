"""Values that read as a piece of a clause, not as a thing: a rule's span that ran into a verb
ending or stopped on a particle ("가입할게" as a favourite colour, "걔도" as an artist, "当たり前
じゃん" as a colour, "みおさんの" as a liked thing, "I've seen it like 20 times" as a film).
Such a value is dropped where the message's language has a shape for it: a fact that is not
a thing would be shown as one, and as a single-valued subject it would end the value the
user did tell."""

from __future__ import annotations

import re

__all__ = ["is_fragment", "trimmed"]

#: words of the clause left at a value's end: one pointing back at it ("영화는 타짜 이건 스무
#: 번은 봤을걸"), a degree ("i cant do shellfish at all"), the liking itself ("秋がいいねえ")
_TAILS = {
    "ko": re.compile(r"\s+(?:이건|그건|저건|이거|그거|저거|이게|그게)$"),
    "en": re.compile(r"\s+(?:at\s+all|whatsoever|either)$", re.IGNORECASE),
    # "季節はやっぱ秋がいいねえ": the liking said after the value
    # ("秋だね": the copula after a noun)
    "ja": re.compile(
        r"(?<=.)(?:が|は)(?:いい|良い|好き|最高|一番)[ねえよなぁー〜]*$"
        r"|(?<=[^\W\d_ぁ-ゖ])(?:だね|だな|だよ|じゃね|じゃな)[ねえよなぁー〜]*$"
    ),
}


def trimmed(value: str, language: str) -> str:
    """``value`` without the clause's words at its end ("타짜 이건" -> "타짜", "shellfish at all"
    -> "shellfish")."""
    pattern = _TAILS.get(language)
    return value if pattern is None else pattern.sub("", value)


_FRAGMENT = {
    # a verb's ending (a promise, a plan, a clause going on), or a pronoun alone
    "ko": re.compile(
        r"(?:할게|할께|하기로|할래|할\s?거|했어|했음|먹어|먹음|이고|인데|는데|잖아|거든|같아|싶어)$"
        r"|^(?:걔|얘|쟤|그거|이거|저거|그게|이게)(?:도|는|가|랑|요)?$"
        # an adverb or a mouth read as what one is allergic to ("괜히 먹었다가", "입 알레르기")
        r"|^(?:입|괜히|완전|진짜|심한|약간|무슨|그|좀)\s*알레르기$"
        # a verb alone ("사는 데 용돈 다 써" read as where one lives)
        r"|^(?:써|해|줘|돼|봐|놔|와|가|씀|함|됨)$"
    ),
    # a sentence's particle or a clause going on; a noun left hanging on の
    "ja": re.compile(r"(?:じゃん|のに|けど|よね|だよね|でしょ)$|[^\W\d_]の$"),
    # the speaker's own clause ("I've seen it like 20 times"; a title capitalises its words:
    # "I Am Legend"), or a list cut after its "and"
    "en": re.compile(r"^(?:I|I've|I'm|I'd|we|we've|we're)\s+[a-z]|\s(?:and|or|but)$"),
}
#: a title in brackets or quotes keeps whatever its words are (an apostrophe inside a word
#: is no quote)
_QUOTED = re.compile(r"[『「\"“‘]|(?:^|\s)'")


def is_fragment(value: str, language: str) -> bool:
    """Whether ``value`` (a candidate's, in ``language``) is a piece of a clause."""
    pattern = _FRAGMENT.get(language)
    if pattern is None or _QUOTED.search(value):
        return False
    core = re.split(r"\s*[（(]", value, maxsplit=1)[0].strip()
    return bool(core) and pattern.search(core) is not None
