"""The relationship cue tables (seed 003 §2-1): cue families, their patterns and negation.

:data:`FAMILIES` says what each cue family does to the axes; the per-language pattern tables
are compiled once into :data:`COMPILED` (in table order). :mod:`soulmem.social.relationship`
reads a turn with them (see its module doc for the rules); :mod:`soulmem.social.experience`
shares the script detection (:func:`cue_languages`) and the English negation (:data:`EN_NEG`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

__all__ = [
    "COMPILED",
    "EN_NEG",
    "FAMILIES",
    "JA_NEG_AFTER",
    "JA_YOU",
    "KO_NEG_AFTER",
    "KO_NEG_BEFORE",
    "Cue",
    "Family",
    "cue_languages",
]


@dataclass(frozen=True)
class Family:
    """A cue family: its label, its deltas and what a negated cue becomes (None: nothing)."""

    label: str
    deltas: tuple[tuple[str, float], ...]
    on_negation: str | None = None


FAMILIES: Final[Mapping[str, Family]] = {
    "gratitude": Family("gratitude", (("affection", 2.0),), "put_down"),
    "compliment": Family("compliment", (("affection", 3.0),), "put_down"),
    "ability": Family("praise of ability", (("respect", 3.0), ("affection", 1.0)), "put_down"),
    "apology": Family("apology", (("trust", 2.0), ("affection", 1.0)), "conflict"),
    "promise_kept": Family("promise kept", (("trust", 4.0),), "promise_broken"),
    "promise_made": Family("promise made", (("trust", 1.0),)),
    "promise_broken": Family("promise broken", (("trust", -5.0),)),
    "lie": Family("lie", (("trust", -4.0),)),
    "trust": Family("trust shown", (("trust", 2.0),), "distrust"),
    "distrust": Family("distrust", (("trust", -3.0),)),
    "secret": Family("secret or vulnerability shared", (("trust", 3.0), ("affection", 2.0))),
    "insult": Family("insult", (("affection", -4.0), ("rivalry", 2.0))),
    "conflict": Family("conflict", (("affection", -2.0), ("rivalry", 2.0))),
    "put_down": Family("put-down", (("affection", -2.0),)),
    "competition": Family("competitive talk", (("rivalry", 3.0),)),
}

# ---------------------------------------------------------------------------------------
# Cue tables: language -> family -> patterns (matched on NFKC-lowercased text). A leading
# "!" marks a pattern that is not negatable (it already contains a negation).

_YOU = r"(?:you(?:'re| are)|ur|u r)"
_KO_YOU = r"(?:너|네가|니가|넌|당신|자기)"
JA_YOU = r"(?:君|きみ|キミ|あなた|あんた|お前|おまえ)"

_CUES: Final[Mapping[str, Mapping[str, tuple[str, ...]]]] = {
    "en": {
        "gratitude": (
            r"\bthank(?:s| you| u)\b(?! for nothing)",
            r"\bthx\b",
            r"\bappreciate (?:it|you|that|this)\b",
            r"\bgrateful\b",
        ),
        "compliment": (
            rf"\b{_YOU} (?:[\w']+ ){{0,2}}?(?:sweet|kind|cute|adorable|beautiful|pretty|handsome|"
            r"lovely|wonderful|amazing|awesome|the best|nice|caring|funny|cool|gorgeous|"
            r"a good friend|my favou?rite|my best friend)\b",
            r"\bi (?:[\w']+ ){0,2}?(?:love|like|adore) "
            r"(?:you|talking to you|being with you)\b(?! to\b)",
            r"\blove (?:you|ya|u)\b",
            r"\byou make me (?:happy|smile|laugh)\b",
            r"\bi (?:[\w']+ )?missed you\b",
        ),
        "ability": (
            rf"\b{_YOU} (?:[\w']+ ){{0,2}}?(?:smart|clever|talented|skilled|brilliant|a genius|"
            r"genius|wise|capable|good at|great at|amazing at|impressive|reliable|helpful|"
            r"right)\b",
            r"\b(?:good|great|nice|amazing|excellent) (?:job|work)\b",
            r"\bwell done\b",
            r"\byou did (?:it|great|well|a great job|amazing)\b",
            r"\bi (?:[\w']+ )?(?:respect|admire) you\b",
            r"\bi(?:'m| am) (?:so |really )?(?:impressed|proud of you)\b",
            r"\byou know (?:so much|everything|your stuff)\b",
            r"!\bnot bad\b",
        ),
        "apology": (
            r"\bsorry\b(?! (?:to hear|for your loss|about your))",
            r"\bi apologi[sz]e\b",
            r"\bmy (?:bad|apologies)\b",
            r"\bforgive me\b",
        ),
        "promise_kept": (
            r"\bi (?:[\w']+ ){0,2}?(?:kept|held) (?:my|our|the) (?:promise|word)\b",
            r"\bi did what i (?:promised|said i would)\b",
            r"\bas (?:i )?promised\b",
            r"\bjust like i promised\b",
        ),
        "promise_made": (
            r"\bi promise\b",
            r"\bi(?:'ll| will) keep (?:my|the|our|this) promise\b",
            r"\bit'?s a promise\b",
            r"\bpinky (?:promise|swear)\b",
        ),
        "promise_broken": (
            r"!\bi (?:broke|forgot|have broken|'ve broken) (?:my|our|the) (?:promise|word)\b",
            r"!\bi (?:didn't|did not|couldn't|could not|never) (?:keep|kept|do|did) "
            r"(?:what i promised|(?:my|our|the) promise|my word)\b",
            r"!\bi went back on my word\b",
        ),
        "lie": (
            r"\bi (?:[\w']+ ){0,2}?(?:lied|was lying|deceived you|tricked you|fooled you)\b",
            r"\bthat was a lie\b",
        ),
        "trust": (
            r"\bi (?:[\w']+ ){0,2}?(?:trust|believe in|believe|count on|rely on) you\b",
            r"\byou(?:'re| are) (?:[\w']+ )?trustworthy\b",
        ),
        "secret": (
            r"\b(?:it'?s|this is) (?:a |our )?secret\b",
            r"!\bi(?:'ve| have)? never told (?:anyone|anybody|this to anyone)\b",
            r"!\bdon'?t tell (?:anyone|anybody)\b",
            r"\bbetween (?:you and me|us)\b",
            r"\bcan i tell you (?:a secret|something)\b",
            r"\bto be honest\b",
            r"\bi(?:'ve| have) never (?:said|admitted) this\b",
            r"\bi feel (?:so |really )?(?:lonely|alone|vulnerable|insecure|worthless)\b",
            r"\bi(?:'m| am) (?:so |really )?(?:lonely|insecure)\b",
        ),
        "insult": (
            rf"\b{_YOU} (?:[\w']+ ){{0,2}}?(?:stupid|dumb|useless|annoying|pathetic|an idiot|"
            r"a moron|the worst|terrible|awful|boring|a liar|creepy|worthless|trash|garbage|"
            r"a joke)\b",
            r"\bi (?:[\w']+ )?(?:hate|despise) you\b",
            r"!\bi can'?t stand you\b",
            r"\bshut up\b",
            r"\b(?:idiot|moron|dumbass|loser)\b",
            r"\b(?:screw|fuck|f\*+k) (?:you|off)\b",
            r"\bgo away\b",
            r"\bstupid (?:bot|ai|machine)\b",
        ),
        "conflict": (
            r"\bi(?:'m| am) (?:[\w']+ )?(?:mad|angry|annoyed|furious|upset|pissed|disappointed) "
            r"(?:at|with|in) you\b",
            r"\bleave me alone\b",
            r"!\byou (?:never|don't|do not) (?:listen|understand|get it|care)\b",
            r"\bstop (?:it|that|lying)\b",
            r"\bhow could you\b",
            r"\b(?:it'?s|this is) (?:all )?your fault\b",
            r"^\s*whatever\W*$",
        ),
        "put_down": (
            r"!\bthanks? for nothing\b",
            r"!\b(?:you(?:'re| are)|that'?s) (?:no help|not (?:very )?helpful)\b",
            r"!\bwhat a waste of (?:my )?time\b",
        ),
        "competition": (
            r"\bi(?:'ll| will|'m going to|'m gonna| am going to| am gonna) (?:[\w']+ )?"
            r"(?:beat|defeat|crush|outdo) you\b",
            r"\bi(?:'ll| will|'m going to|'m gonna| am going to) win\b",
            r"!\bi (?:won'?t|will not) lose\b",
            r"!\byou can'?t beat me\b",
            r"\blet'?s (?:compete|race|have a (?:match|contest|race|duel|competition))\b",
            r"\b(?:race|challenge) you\b",
            r"\bi(?:'m| am) better than you\b",
            r"\bbring it on\b",
            r"\brematch\b",
            r"\bgame on\b",
        ),
    },
    "ko": {
        "gratitude": (r"고마[워웠운우]|고맙|감사(?:해|합|드|하)|땡큐|쌩큐|ㄱㅅ|ㄳ",),
        "compliment": (
            rf"{_KO_YOU}\s*(?:를|을|이|가|는)?\s*(?:정말|진짜|너무|많이)?\s*(?:좋아|사랑)",
            r"사랑해|사랑한다|사랑합니다",
            r"귀여워|귀엽|예뻐|예쁘|이뻐|착해|착하|다정해|다정하|멋있|멋져|잘생겼|최고야|최고다|최고예요",
            rf"{_KO_YOU}?\s*(?:무척|많이|너무)?\s*보고\s*싶었",
        ),
        "ability": (
            r"잘했|잘\s*하네|잘\s*한다|대단해|대단하|똑똑|천재|존경|능력\s*있|유능|믿음직|"
            r"센스\s*있|해냈네|해냈구나",
        ),
        "apology": (r"미안|죄송|사과할[게께]|사과해요|용서해\s*줘|잘못했",),
        "promise_kept": (
            r"약속\s*(?:을|은)?\s*(?:꼭\s*|잘\s*)?지켰",
            r"약속대로",
            r"약속(?:한|했던)\s*(?:거|것|대로)\s*(?:\S+\s*)?(?:했|가져왔|왔|지켰)",
        ),
        "promise_made": (r"약속할[게께]|약속해|약속한다|약속합니다|약속하자|새끼\s*손가락",),
        "promise_broken": (
            r"!약속\s*(?:을|은)?\s*(?:못|안)\s*지켰",
            r"!약속\s*(?:을|은)?\s*지키지\s*(?:못|않)",
            r"!약속\s*(?:을|은)?\s*(?:어겼|깼|깨\s*버|까먹|잊어\s*버렸|잊었)",
        ),
        "lie": (r"거짓말\s*(?:을\s*)?(?:했|해서|한\s*거|이었)|속였|뻥\s*쳤|뻥이었",),
        "trust": (
            r"(?:너|널|너를|당신|당신을|네\s*말)\s*(?:을|를)?\s*(?:정말|진짜|완전)?\s*"
            r"믿(?:어|어요|을게|는다|고\s*있)",
            r"의지하고\s*있|의지가\s*돼",
        ),
        "distrust": (r"!(?:못|안)\s*믿|!믿지\s*(?:않|못)|!신용\s*(?:못|안)",),
        "secret": (
            r"비밀(?:인데|이야|이에요|이지만|\s*하나)",
            r"!아무(?:한테|에게)도\s*(?:말\s*|얘기\s*)?(?:안|못)\s*(?:한|했)",
            r"너(?:한테|에게)만\s*(?:말|얘기|하는)",
            r"처음\s*(?:말|얘기)하는",
            r"털어\s*놓",
            r"솔직히\s*말하면",
            r"외로워|외롭",
        ),
        "insult": (
            r"바보|멍청|병신|등신|꺼져|닥쳐|한심|쓸모\s*없|재수\s*없|최악이야|최악이다|개새",
            rf"{_KO_YOU}\s*(?:가|이|는)?\s*(?:정말|진짜|너무)?\s*(?:싫어|싫다|미워)",
        ),
        "conflict": (
            rf"{_KO_YOU}?\s*(?:한테|에게)?\s*(?:정말|진짜|너무|좀)?\s*(?:화났|화가\s*나|실망)",
            r"그만\s*해|그만\s*좀|왜\s*그래|너\s*때문에|네\s*탓|니\s*탓|됐거든|어떻게\s*그럴\s*수",
            r"!말이\s*안\s*통|무시하지\s*마",
        ),
        "put_down": (r"!도움이\s*(?:하나도\s*)?안\s*돼|!쓸데\s*없|!시간\s*낭비",),
        "competition": (
            r"내가\s*(?:꼭|반드시)?\s*이길|이길\s*거|이겨\s*(?:줄게|주겠|보일게)",
            r"!(?:안|절대)\s*질\s*거|지지\s*않|질\s*수\s*없",
            r"내기\s*하자|내기할래|대결|승부|시합\s*하자|경쟁\s*하자|누가\s*이기나|한판\s*(?:붙|하자)",
        ),
    },
    "ja": {
        "gratitude": (
            r"ありがと|有難う|有り難う|感謝|サンキュー|さんきゅ|助かった|助かる|助かります",
        ),
        "compliment": (
            rf"{JA_YOU}(?:の(?:こと|事))?(?:が|は|って)?(?:本当に|ほんとに|すごく|とても|めっちゃ)?"
            r"(?:大)?好き",
            r"愛してる|愛してます|可愛い|かわいい|カワイイ|優しい|やさしい|素敵|綺麗|きれい",
            r"最高(?:だよ|だね|です)|会いたかった|かっこいい|格好いい",
        ),
        "ability": (
            r"さすが|流石|天才|頭(?:が)?いい|賢い|上手|うまいね|すごいね|凄いね|尊敬|"
            r"よくやった|よく頑張った|頼りになる|頼もしい|有能|お見事|見直した",
        ),
        "apology": (
            r"ごめん|御免|すみません|すいません|悪かった|謝る|謝ります|許して",
            r"!申し訳",
        ),
        "promise_kept": (
            r"約束(?:を|は)?(?:ちゃんと)?守(?:った|りました)",
            r"約束(?:通り|どおり)|約束した(?:とおり|通り)",
        ),
        "promise_made": (r"約束する|約束します|約束しよう|約束だよ|指切り",),
        "promise_broken": (
            r"!約束(?:を|は)?(?:破った|破って|破りました)",
            r"!約束(?:を|は)?(?:守れなかった|守らなかった|忘れ)",
        ),
        "lie": (r"(?:嘘|うそ|ウソ)(?:を)?ついた|(?:嘘|うそ)だった|騙した|だました",),
        "trust": (
            rf"{JA_YOU}(?:の(?:こと|事))?(?:を)?(?:信じて|信頼して)",
            r"信じてる|信頼してる|頼りにしてる",
        ),
        "distrust": (r"!信用できない|!信用してない|!信じてない",),
        "secret": (
            r"秘密(?:なんだけど|だよ|にして|の話)|内緒",
            r"!誰にも(?:言って|話して)(?:ない|いない)",
            rf"{JA_YOU}にだけ|初めて(?:話す|言う)|打ち明け",
            r"寂しい|さみしい|さびしい",
        ),
        "insult": (
            r"バカ|馬鹿|ばか(?!り)|アホ|あほ|うざい|ウザい|黙れ|消えろ|役立たず|クズ|"
            r"最低(?!でも|限)|キモい|きもい",
            rf"{JA_YOU}(?:の(?:こと|事))?(?:が|は|なんか|なんて|って)?(?:大)?嫌い",
        ),
        "conflict": (
            rf"{JA_YOU}(?:に|には)?(?:本当に|すごく)?(?:怒って|がっかり|失望)",
            rf"いい加減にして|もういい(?:よ|わ|から|[!！]|$)|ふざけ(?:んな|るな)|{JA_YOU}のせい",
            r"!(?:分かって|わかって)(?:ない|くれない)|ほっといて|放っておいて",
        ),
        "put_down": (r"!役に立たない|!使えない|!時間の無駄",),
        "competition": (
            r"!負けない|負けへん|勝つから|勝ってみせる|絶対勝つ|(?:私|俺|僕)が勝つ",
            r"勝負|競争しよう|対決|ライバル|リベンジ",
        ),
    },
}


@dataclass(frozen=True)
class Cue:
    """One compiled cue pattern of a family and language (``!``-prefixed: not negatable)."""

    family: str
    language: str
    pattern: re.Pattern[str]
    negatable: bool


def _compile() -> tuple[Cue, ...]:
    return tuple(
        Cue(family, language, re.compile(raw.removeprefix("!")), not raw.startswith("!"))
        for language, families in _CUES.items()
        for family, patterns in families.items()
        for raw in patterns
    )


COMPILED: Final = _compile()

# ---------------------------------------------------------------------------------------
# Scripts and negation

_HANGUL_RE: Final = re.compile(r"[\u1100-\u11ff\u3131-\u318e\uac00-\ud7af]")
_JA_RE: Final = re.compile(r"[\u3041-\u3096\u30a1-\u30fa\u30fc\u4e00-\u9fff]")
_LATIN_RE: Final = re.compile(r"[a-z]")

EN_NEG: Final = re.compile(
    r"\b(?:not|never|hardly|dont|didnt|doesnt|cant|wont|isnt|wasnt|arent|cannot)\b|n't\b"
)
KO_NEG_BEFORE: Final = re.compile(r"(?:^|\s)(?:안|못)\s*$")
KO_NEG_AFTER: Final = re.compile(r"^\S{0,2}지\s*(?:않|마|말|못)|^\s*(?:이|가|는)?\s*아니")
JA_NEG_AFTER: Final = re.compile(
    r"^\S{0,2}?(?:じゃ|では)(?:ない|なかった|ありません)|^(?:くない|くなかった|ない|なかった|ません)"
)


def cue_languages(text: str, language: str | None) -> list[str]:
    """The cue languages to read: the ``language`` hint and the scripts found in ``text``."""
    found: list[str] = []
    if language in ("en", "ko", "ja"):
        found.append(language)
    if _LATIN_RE.search(text) and (language in (None, "", "en", "ko", "ja", "other")):
        found.append("en")
    if _HANGUL_RE.search(text):
        found.append("ko")
    if _JA_RE.search(text):
        found.append("ja")
    return [lang for lang in ("en", "ko", "ja") if lang in found]
