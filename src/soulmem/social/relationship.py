"""What a turn does to the relationship (seed 003 §2-1), by rule, in Korean, Japanese and English.

The relationship has five axes 0..100 (trust, affection, respect, rivalry, familiarity); the
intimacy score and its level come from :class:`soulmem.model.Relationship` (seed formula
``affection*0.35 + trust*0.25 + familiarity*0.25 + respect*0.15 - rivalry*0.1``, levels at
20/40/60/80). This module turns one turn into small, explained :class:`Delta` values and
applies them. Everything is pure and deterministic: no storage, no clock, no network.

Cues are read from the **user's** text (what the user does to the character); the assistant's
side only counts as time spent together. Each cue family fires at most once per turn, so
"thanks, thank you!!" is one gratitude. Amounts per family (:data:`FAMILIES`), with examples
en / ko / ja:

* gratitude: affection +2 (thanks / 고마워 / ありがとう)
* compliment: affection +3 (you're so sweet / 귀여워 / 君が好き)
* praise of ability: respect +3, affection +1 (well done / 대단해 / さすが)
* apology: trust +2, affection +1 (I'm sorry / 미안해 / ごめん)
* promise kept: trust +4 (I did what I promised / 약속 지켰어 / 約束守ったよ)
* promise made: trust +1 (I promise / 약속할게 / 約束する)
* promise broken: trust -5 (I broke my promise / 약속 못 지켰어 / 約束破った)
* lie: trust -4 (I lied to you / 거짓말했어 / 嘘ついた)
* trust shown: trust +2 (I trust you / 널 믿어 / 信じてる)
* distrust: trust -3 (I don't trust you / 못 믿어 / 信用できない)
* secret or vulnerability: trust +3, affection +2 (it's a secret / 비밀인데 / 誰にも言ってない)
* insult: affection -4, rivalry +2 (you're stupid / 바보 / バカ)
* conflict: affection -2, rivalry +2 (leave me alone / 그만해 / いい加減にして)
* put-down: affection -2 (thanks for nothing / 도움이 안 돼 / 使えない)
* competitive talk: rivalry +3 (I'll beat you / 내가 이길 거야 / 負けないから)

Negation (cheap, per clause): English "not/never/n't" among the three words before a cue or
inside it, Korean "안/못" before or "-지 않/말/못", "아니" after, Japanese "じゃない/ない/
ません" after. A negated cue is cancelled, or turned into its opposite where that is what
people mean: negated gratitude, compliment or praise -> put-down ("안 고마워", "you're not
smart"); negated apology -> conflict ("I'm not sorry"); negated promise kept -> promise broken
("I never kept my promise"); negated trust -> distrust ("I can't trust you"). Cues that
already contain a negation ("I won't lose", "負けない", "말이 안 통해") are not negatable.

Always, per turn: familiarity +0.5 (time spent together). A long absence (``gap`` >= 7 days)
costs familiarity -1 per full week, at most -3. The turn's affect is a weak signal when its
intensity is at least 0.2: joy/nostalgia affection +1 x intensity; anger affection -1 x and
rivalry +0.5 x intensity; disgust affection -1 x intensity; envy rivalry +0.5 x intensity;
sadness/fear/anxiety (the user opening up) trust +0.5 x intensity.

Speech style follows the level. The seed names three styles (formal / casual / intimate) for
five levels without a table; soulmem uses stranger and acquaintance -> formal, friend and
close_friend -> casual, intimate -> intimate (:data:`SPEECH_STYLES`).
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any, Final

from soulmem.model import Affect, Relationship

__all__ = [
    "AXES",
    "FAMILIES",
    "LEVELS",
    "SPEECH_STYLES",
    "Delta",
    "apply",
    "deltas_from_mapping",
    "emotional_entry",
    "level_of",
    "push_experience",
    "push_history",
    "shared_experience",
    "speech_style_for",
    "turn_deltas",
]

AXES: Final = ("trust", "affection", "respect", "rivalry", "familiarity")

#: Seed 003 level thresholds, highest first; below the last one: "stranger".
LEVELS: Final = (
    (80.0, "intimate"),
    (60.0, "close_friend"),
    (40.0, "friend"),
    (20.0, "acquaintance"),
)

#: Level -> speech style (the seed's three styles over its five levels; see module doc).
SPEECH_STYLES: Final[Mapping[str, str]] = {
    "stranger": "formal",
    "acquaintance": "formal",
    "friend": "casual",
    "close_friend": "casual",
    "intimate": "intimate",
}

TURN_FAMILIARITY: Final = 0.5
ABSENCE: Final = timedelta(days=7)
ABSENCE_PER_WEEK: Final = 1.0
ABSENCE_MAX: Final = 3.0
AFFECT_MIN_INTENSITY: Final = 0.2


@dataclass(frozen=True)
class Delta:
    """A change of one axis, with the human-readable reason (the cue that caused it)."""

    axis: str
    amount: float
    reason: str

    def __post_init__(self) -> None:
        if self.axis not in AXES:
            raise ValueError(f"unknown relationship axis {self.axis!r}; expected one of {AXES}")
        if isinstance(self.amount, bool) or not isinstance(self.amount, int | float):
            raise TypeError("amount must be a number")
        if not math.isfinite(self.amount):
            raise ValueError("amount must be finite")


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

# Affect tag -> (axis, amount per unit of intensity) pairs.
_AFFECT_RULES: Final[Mapping[str, tuple[tuple[str, float], ...]]] = {
    "joy": (("affection", 1.0),),
    "nostalgia": (("affection", 1.0),),
    "anger": (("affection", -1.0), ("rivalry", 0.5)),
    "disgust": (("affection", -1.0),),
    "envy": (("rivalry", 0.5),),
    "sadness": (("trust", 0.5),),
    "fear": (("trust", 0.5),),
    "anxiety": (("trust", 0.5),),
}

# ---------------------------------------------------------------------------------------
# Cue tables: language -> family -> patterns (matched on NFKC-lowercased text). A leading
# "!" marks a pattern that is not negatable (it already contains a negation).

_YOU = r"(?:you(?:'re| are)|ur|u r)"
_KO_YOU = r"(?:너|네가|니가|넌|당신|자기)"
_JA_YOU = r"(?:君|きみ|キミ|あなた|あんた|お前|おまえ)"

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
            rf"{_JA_YOU}(?:の(?:こと|事))?(?:が|は|って)?(?:本当に|ほんとに|すごく|とても|めっちゃ)?"
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
            rf"{_JA_YOU}(?:の(?:こと|事))?(?:を)?(?:信じて|信頼して)",
            r"信じてる|信頼してる|頼りにしてる",
        ),
        "distrust": (r"!信用できない|!信用してない|!信じてない",),
        "secret": (
            r"秘密(?:なんだけど|だよ|にして|の話)|内緒",
            r"!誰にも(?:言って|話して)(?:ない|いない)",
            rf"{_JA_YOU}にだけ|初めて(?:話す|言う)|打ち明け",
            r"寂しい|さみしい|さびしい",
        ),
        "insult": (
            r"バカ|馬鹿|ばか(?!り)|アホ|あほ|うざい|ウザい|黙れ|消えろ|役立たず|クズ|"
            r"最低(?!でも|限)|キモい|きもい",
            rf"{_JA_YOU}(?:の(?:こと|事))?(?:が|は|なんか|なんて|って)?(?:大)?嫌い",
        ),
        "conflict": (
            rf"{_JA_YOU}(?:に|には)?(?:本当に|すごく)?(?:怒って|がっかり|失望)",
            rf"いい加減にして|もういい(?:よ|わ|から|[!！]|$)|ふざけ(?:んな|るな)|{_JA_YOU}のせい",
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
class _Cue:
    family: str
    language: str
    pattern: re.Pattern[str]
    negatable: bool


def _compile() -> tuple[_Cue, ...]:
    return tuple(
        _Cue(family, language, re.compile(raw.removeprefix("!")), not raw.startswith("!"))
        for language, families in _CUES.items()
        for family, patterns in families.items()
        for raw in patterns
    )


_COMPILED: Final = _compile()

# ---------------------------------------------------------------------------------------
# Text helpers

_HANGUL_RE: Final = re.compile(r"[\u1100-\u11ff\u3131-\u318e\uac00-\ud7af]")
_JA_RE: Final = re.compile(r"[\u3041-\u3096\u30a1-\u30fa\u30fc\u4e00-\u9fff]")
_LATIN_RE: Final = re.compile(r"[a-z]")
_CLAUSE_END: Final = re.compile(r"[.!?。！？\n;,、，]")

_EN_NEG: Final = re.compile(
    r"\b(?:not|never|hardly|dont|didnt|doesnt|cant|wont|isnt|wasnt|arent|cannot)\b|n't\b"
)
_KO_NEG_BEFORE: Final = re.compile(r"(?:^|\s)(?:안|못)\s*$")
_KO_NEG_AFTER: Final = re.compile(r"^\S{0,2}지\s*(?:않|마|말|못)|^\s*(?:이|가|는)?\s*아니")
_JA_NEG_AFTER: Final = re.compile(
    r"^\S{0,2}?(?:じゃ|では)(?:ない|なかった|ありません)|^(?:くない|くなかった|ない|なかった|ません)"
)


def _normalize(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).lower()
    return text.replace("\u2019", "'").replace("\u2018", "'")


def _languages(text: str, language: str | None) -> list[str]:
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


def _clause_bounds(text: str, start: int, end: int) -> tuple[int, int]:
    left = 0
    for match in _CLAUSE_END.finditer(text, 0, start):
        left = match.end()
    right_match = _CLAUSE_END.search(text, end)
    return left, right_match.start() if right_match else len(text)


def _negated(text: str, start: int, end: int, language: str) -> bool:
    left, right = _clause_bounds(text, start, end)
    before, inside, after = text[left:start], text[start:end], text[end:right]
    if language == "en":
        window = " ".join(before.split()[-3:])
        return bool(_EN_NEG.search(window) or _EN_NEG.search(inside))
    if language == "ko":
        return bool(_KO_NEG_BEFORE.search(before[-4:]) or _KO_NEG_AFTER.search(after))
    return bool(_JA_NEG_AFTER.search(after))


def _family_deltas(family_name: str, reason: str) -> list[Delta]:
    family = FAMILIES[family_name]
    return [Delta(axis, amount, reason) for axis, amount in family.deltas]


def _scan(text: str, languages: Sequence[str]) -> dict[str, tuple[str, str | None]]:
    """family -> (cue text, negated family label or None), first hit per family."""
    plain: dict[str, str] = {}
    negated: dict[str, str] = {}
    for cue in _COMPILED:
        if cue.language not in languages or cue.family in plain:
            continue
        for match in cue.pattern.finditer(text):
            if not match.group().strip():
                continue
            if cue.negatable and _negated(text, match.start(), match.end(), cue.language):
                negated.setdefault(cue.family, match.group().strip())
                continue
            plain[cue.family] = match.group().strip()
            break
    hits: dict[str, tuple[str, str | None]] = {}
    for family in FAMILIES:
        if family in plain:
            hits[family] = (plain[family], None)
    for family, cue_text in negated.items():
        if family in plain:
            continue
        target = FAMILIES[family].on_negation
        if target is not None and target not in hits:
            hits[target] = (cue_text, FAMILIES[family].label)
    return hits


# ---------------------------------------------------------------------------------------
# Public API


def turn_deltas(
    user_text: str | None,
    assistant_text: str | None,
    affect: Affect,
    *,
    language: str | None = None,
    gap: timedelta | None = None,
) -> list[Delta]:
    """The relationship deltas of one turn, each with its reason (see the module doc).

    ``language`` is a hint ("ko", "ja", "en"); the scripts in the text are always read too
    (an unsupported language such as "fr" turns the English cues off). ``gap`` is the time
    since the user was last seen. Deterministic; order: cue families in table order, then
    the affect signal, then familiarity.
    """
    deltas: list[Delta] = []
    if user_text:
        text = _normalize(user_text)
        hits = _scan(text, _languages(text, language))
        for family, (cue_text, negated_label) in hits.items():
            label = FAMILIES[family].label
            cue = cue_text if len(cue_text) <= 40 else cue_text[:39] + "…"
            if negated_label is None:
                reason = f"{label}: '{cue}'"
            else:
                reason = f"{label} (negated {negated_label}): '{cue}'"
            deltas.extend(_family_deltas(family, reason))
    tag = affect.primary
    if tag in _AFFECT_RULES and affect.intensity >= AFFECT_MIN_INTENSITY:
        intensity = min(1.0, affect.intensity)
        for axis, per_unit in _AFFECT_RULES[tag]:
            amount = round(per_unit * intensity, 3)
            deltas.append(Delta(axis, amount, f"turn felt {tag} (intensity {intensity:.2f})"))
    if user_text or assistant_text:
        deltas.append(Delta("familiarity", TURN_FAMILIARITY, "time spent together (one turn)"))
    if gap is not None and gap >= ABSENCE:
        weeks = gap // ABSENCE
        amount = -min(ABSENCE_MAX, ABSENCE_PER_WEEK * weeks)
        deltas.append(Delta("familiarity", amount, f"long absence ({gap.days} days)"))
    return deltas


def deltas_from_mapping(values: Mapping[str, float], reason: str) -> list[Delta]:
    """Deltas from an axis -> amount mapping (a director's note, seed 003 §10)."""
    return [Delta(axis, float(amount), reason) for axis, amount in values.items() if amount]


def level_of(score: float) -> str:
    """Seed 003 level of an intimacy score: >=80 intimate, >=60 close_friend, >=40 friend,
    >=20 acquaintance, else stranger (the same thresholds as ``Relationship.level``)."""
    for bound, name in LEVELS:
        if score >= bound:
            return name
    return "stranger"


def speech_style_for(level: str) -> str:
    """The speech style of a level (:data:`SPEECH_STYLES`)."""
    try:
        return SPEECH_STYLES[level]
    except KeyError:
        raise ValueError(f"unknown level {level!r}") from None


def _clamp(value: float) -> float:
    return max(0.0, min(100.0, value))


def apply(rel: Relationship, deltas: Sequence[Delta], now: datetime) -> Relationship:
    """``rel`` with ``deltas`` added (each axis clamped to 0..100), the speech style of the
    new level, and ``updated_at``/``last_seen_at`` set to ``now``."""
    totals = dict.fromkeys(AXES, 0.0)
    for delta in deltas:
        if not isinstance(delta, Delta):
            raise TypeError(f"expected Delta, got {type(delta).__name__}")
        totals[delta.axis] += delta.amount
    changed = replace(
        rel,
        trust=_clamp(rel.trust + totals["trust"]),
        affection=_clamp(rel.affection + totals["affection"]),
        respect=_clamp(rel.respect + totals["respect"]),
        rivalry=_clamp(rel.rivalry + totals["rivalry"]),
        familiarity=_clamp(rel.familiarity + totals["familiarity"]),
        updated_at=now,
        last_seen_at=now,
    )
    return replace(changed, speech_style=speech_style_for(changed.level))


def emotional_entry(affect: Affect, now: datetime) -> dict[str, Any]:
    """One emotional-history entry (seed 003): ``{emotion, intensity, at}`` (ISO time)."""
    return {
        "emotion": affect.primary,
        "intensity": round(max(0.0, min(1.0, affect.intensity)), 3),
        "at": now.isoformat(),
    }


def push_history(rel: Relationship, entry: Mapping[str, Any], keep: int = 50) -> Relationship:
    """``rel`` with ``entry`` appended to its emotional history, keeping the last ``keep``."""
    if keep < 0:
        raise ValueError("keep must be >= 0")
    history = (*rel.emotional_history, dict(entry))
    return replace(rel, emotional_history=history[-keep:] if keep else ())


def push_experience(rel: Relationship, text: str, keep: int = 20) -> Relationship:
    """``rel`` with ``text`` as its newest shared experience (a repeat moves to the end),
    keeping the last ``keep`` (seed 003: the 20 most recent)."""
    if keep < 0:
        raise ValueError("keep must be >= 0")
    text = " ".join(text.split())
    if not text:
        return rel
    items = (*(item for item in rel.shared_experiences if item != text), text)
    return replace(rel, shared_experiences=items[-keep:] if keep else ())


# ---------------------------------------------------------------------------------------
# Shared experiences: behaviour toward / with the character (seed 003 §16 priority 2)

_EXPERIENCE: Final[Mapping[str, tuple[re.Pattern[str], ...]]] = {
    "en": tuple(
        re.compile(p)
        for p in (
            r"\b(?:we|you and i|you and me|the two of us)\b.*\btogether\b",
            r"\bremember (?:when|the time|that time) we\b",
            r"\bi (?:[\w']+ )?(?:brought|bought|made|got|baked|cooked|wrote|drew|picked|knitted|"
            r"saved|gave) you\b",
            r"\bi (?:[\w']+ )?(?:brought|bought|made|got|baked|cooked|wrote|drew|picked|knitted|"
            r"saved) .{1,40}? for you\b",
            r"\b(?:here'?s|this is|i have|i've got) (?:a |an |some |something )?(?:[\w']+ )?"
            r"(?:gift|present|surprise|something) for you\b",
            r"\bi(?:'m| am) (?:giving|bringing|sending) you\b",
            r"\b(?:hugs?|hugged|hugging|kiss(?:es|ed)?|pats?|patted|holds?|held|holding) "
            r"you(?:r (?:hand|head))?\b",
        )
    ),
    "ko": tuple(
        re.compile(p)
        for p in (
            r"(?:같이|함께)\s*.{0,15}?(?:했|봤|갔|먹었|왔|만들었|불렀|놀았|걸었|찍었|들었|잖아|었지|았지)",
            r"(?:꽃|꽃다발|선물|케이크|편지|초콜릿|도시락|커피|간식|쿠키|반지|목걸이|인형)\s*"
            r"(?:을|를|이|도)?\s*(?:하나\s*)?(?:사\s*왔|가져\s*왔|사다\s*줬|사\s*줬|만들어\s*왔|"
            r"만들어\s*줬|준비했|챙겨\s*왔|줄게|주려고)",
            r"(?:너|널|너를|너한테|너에게|당신)\s*(?:을|를)?\s*(?:위해|주려고|줄려고|주고\s*싶어서)",
            r"(?:선물|서프라이즈)(?:이야|이에요|입니다|했)",
            r"안아\s*(?:줄게|줬|준다)|쓰다듬|손\s*(?:을\s*)?(?:잡았|잡아\s*줄)",
        )
    ),
    "ja": tuple(
        re.compile(p)
        for p in (
            r"一緒に.{0,15}?(?:した|見た|行った|食べた|作った|歌った|遊んだ|撮った|過ごした|飲んだ|"
            r"歩いた|たね|だね|たよね|たっけ)",
            r"(?:プレゼント|お土産|おみやげ|花束|花|ケーキ|手紙|チョコ|お弁当|クッキー).{0,4}?"
            r"(?:持ってきた|買ってきた|作ってきた|作った|あげる|どうぞ|渡し|用意した)",
            rf"{_JA_YOU}(?:に|の(?:ため|為)に).{{0,10}}?(?:持ってきた|買ってきた|作ってきた|作った|"
            r"あげる|プレゼント)",
            r"抱きしめ|ハグ(?:する|した|して)|頭(?:を)?(?:撫で|なで)|手を(?:つな|繋)",
        )
    ),
}

_ACTION: Final = re.compile(r"\*([^*\n]{2,80})\*")
_CLAUSE: Final = re.compile(r"[^.!?。！？\n]+[.!?。！？]*")
_EXPERIENCE_NEG: Final[Mapping[str, re.Pattern[str]]] = {
    "en": _EN_NEG,
    "ko": re.compile(r"(?:^|\s)(?:안|못)\s*\S*(?:었|았|했|왔|줬)|지\s*(?:않|못)"),
    "ja": re.compile(r"なかった|てない|ていない|ません"),
}
_SECOND_PERSON: Final = re.compile(rf"\byou\b|\byour\b|너|널|네게|당신|{_JA_YOU}|一緒|같이|함께")
_EXPERIENCE_MAX: Final = 120


def _experience_in(clause: str, languages: Sequence[str]) -> bool:
    for language in languages:
        for pattern in _EXPERIENCE[language]:
            if pattern.search(clause) and not _EXPERIENCE_NEG[language].search(clause):
                return True
    return False


def _describe(original: str) -> str:
    text = " ".join(original.split()).strip(" .!。！~")
    return text if len(text) <= _EXPERIENCE_MAX else text[: _EXPERIENCE_MAX - 1] + "…"


def shared_experience(user_text: str | None, language: str | None = None) -> str | None:
    """A short description of something the user did toward or with the character ("I
    brought you flowers", "같이 영화 봤잖아", "一緒に花火見たね", "*hugs you*"), or None for
    plain statements, facts about the user ("I live in Denver"), negations and questions.

    The description is the clause that shows the behaviour (roleplay ``*actions*`` without
    their asterisks), whitespace collapsed, at most 120 characters.
    """
    if not user_text or not user_text.strip():
        return None
    original = unicodedata.normalize("NFKC", user_text).replace("\u2019", "'")
    lowered = original.lower()
    languages = _languages(lowered, language)
    if not languages:
        return None
    for match in _ACTION.finditer(original):
        inner = match.group(1).lower()
        if _experience_in(inner, languages) or _SECOND_PERSON.search(inner):
            return _describe(match.group(1))
    for match in _CLAUSE.finditer(original):
        clause = match.group()
        if "?" in clause or "？" in clause:
            continue
        if _experience_in(clause.lower(), languages):
            return _describe(clause)
    return None
