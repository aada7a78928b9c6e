"""The theme lexicon of the personality islands (seed 000 §4), in English, Korean and Japanese.

:data:`THEMES` lists the lexicon themes in tie-break order, each with its labels per language,
emoji, keywords and tie-breaking emotions; :func:`soulmem.self.islands.theme_of` reads a core
memory with them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

__all__ = ["THEMES", "Theme"]


@dataclass(frozen=True, slots=True)
class Theme:
    """One lexicon theme: labels per language (``{owner}`` filled in), emoji, keywords."""

    key: str
    emoji: str
    labels: Mapping[str, str]
    short_en: str
    patterns: tuple[re.Pattern[str], ...]
    emotions: tuple[str, ...] = ()


def _theme(
    key: str,
    emoji: str,
    labels: tuple[str, str, str],
    short_en: str,
    en: str,
    ko: str,
    ja: str,
    emotions: tuple[str, ...] = (),
) -> Theme:
    # Keywords are separated by "; ". English: regexes anchored at a word start;
    # Korean/Japanese: literal substrings.
    patterns = [re.compile(r"\b" + pattern) for pattern in en.split("; ")]
    patterns += [re.compile(re.escape(word)) for word in (*ko.split("; "), *ja.split("; "))]
    return Theme(
        key=key,
        emoji=emoji,
        labels={"en": labels[0], "ko": labels[1], "ja": labels[2]},
        short_en=short_en,
        patterns=tuple(patterns),
        emotions=emotions,
    )


#: The theme lexicon, in tie-break order (earlier wins a tie). Keywords are matched on the
#: NFKC-normalised, case-folded memory text; each distinct keyword counts once.
THEMES: Final[tuple[Theme, ...]] = (
    _theme(
        "bond",
        "🏠",
        ("Bond with {owner}", "{owner}{wa} 유대", "{owner}との絆"),
        "Bond with Owner",
        en=(
            r"owner; master\b; named (?:me|you)\b; gave (?:me|you) (?:my|your|a) name; "
            r"my name\b; my person\b; "
            r"(?:trusted|trusts|believed in|believes in) me"
        ),
        ko="주인; 이름을 지어; 이름 지어; 이름을 붙여; 나를 믿; 날 믿; 유대",
        ja="ご主人; 主人; 名前をつけ; 名前を付け; 名付け; 信じてくれ; 絆",
        emotions=("nostalgia",),
    ),
    _theme(
        "family",
        "👪",
        ("Family", "가족", "家族"),
        "Family",
        en=(
            r"famil; mom\b; mother; dad\b; father; parent; sister; brother; "
            r"grand(?:ma|pa|mother|father|parent); daughter; \bson\b"
        ),
        ko="가족; 엄마; 어머니; 아빠; 아버지; 부모; 언니; 누나; 오빠; 동생; 할머니; 할아버지",
        ja=(
            "家族; お母さん; お父さん; 母; 父; 両親; 姉; 兄; 妹; 弟; 祖母; 祖父; "
            "おばあちゃん; おじいちゃん"
        ),
        emotions=("nostalgia",),
    ),
    _theme(
        "friendship",
        "🤝",
        ("Friendship", "우정", "友情"),
        "Friendship",
        en=r"friend; buddy; buddies; \bpals?\b",
        ko="친구; 우정; 절친",
        ja="友達; 友だち; 友情; 友人; 親友; 仲間",
        emotions=("joy", "nostalgia"),
    ),
    _theme(
        "tsundere",
        "😤",
        ("Tsundere", "츤데레", "ツンデレ"),
        "Tsundere",
        en="tsundere; prickly; grumpy; soft (?:inside|on the inside)",
        ko="츤데레; 까칠; 퉁명",
        ja="ツンデレ; 素直じゃない; ぶっきらぼう",
    ),
    _theme(
        "curiosity",
        "🔍",
        ("Curiosity", "호기심", "好奇心"),
        "Curiosity",
        en=(
            r"curious; curiosity; wonder(?:ed|ing|s)?\b; learn; explor; discover; "
            r"technolog; new tech"
        ),
        ko="호기심; 궁금; 배우; 배웠; 탐구; 신기; 기술",
        ja="好奇心; 気になる; 学ん; 学ぶ; 探検; 発見; 不思議; 技術",
    ),
    _theme(
        "honesty",
        "⚖️",
        ("Honesty", "정직", "正直さ"),
        "Honesty",
        en=r"honest; truth; \blie\b; \blied\b; lying; sincer",
        ko="정직; 솔직; 진실; 거짓말; 진심",
        ja="正直; 誠実; 本当のこと; 嘘; うそ; 本音",
    ),
    _theme(
        "music",
        "🎵",
        ("Music", "음악", "音楽"),
        "Music",
        en=r"music; song; sing(?:s|ing)?\b; sang\b; guitar; piano; melod; concert",
        ko="음악; 노래; 피아노; 멜로디; 콘서트; 기타를",
        ja="音楽; 歌; ギター; ピアノ; メロディ; コンサート",
        emotions=("joy",),
    ),
    _theme(
        "playfulness",
        "🎈",
        ("Playfulness", "장난기", "遊び心"),
        "Playfulness",
        en=r"play; joke; joking; prank; silly; \bfun\b; laugh; teas; game",
        ko="장난; 농담; 놀이; 웃기; 웃었; 게임; 재미",
        ja="遊び; 遊ん; 冗談; いたずら; ふざけ; 笑; ゲーム; 楽し",
        emotions=("joy",),
    ),
    _theme(
        "craft",
        "🛠️",
        ("Work and craft", "일과 솜씨", "仕事と技"),
        "Work and Craft",
        en=r"work; \bjob\b; craft; build; \bcod(?:e|ing)\b; project; career",
        ko="직장; 회사; 업무; 작업; 만들; 코딩; 코드; 프로젝트",
        ja="仕事; 職人; 作品; 作っ; 作る; コード; プロジェクト; 働",
    ),
    _theme(
        "nature",
        "🌿",
        ("Nature", "자연", "自然"),
        "Nature",
        en=(
            r"nature; forest; \btrees?\b; flower; mountain; \bsea\b; ocean; beach; "
            r"river; \bsky\b; \bstars?\b; garden"
        ),
        ko="자연; 숲; 나무; 꽃; 등산; 바다; 하늘; 별빛; 정원",
        ja="自然; 森; 木々; 花; 山; 海; 川; 空; 星; 庭",
    ),
    _theme(
        "food",
        "🍲",
        ("Food", "음식", "食べ物"),
        "Food",
        en=(
            r"food; cook; bak(?:e|ed|ing); \beat; \bate\b; meal; dinner; lunch; "
            r"breakfast; recipe; delicious; tast"
        ),
        ko="음식; 요리; 먹; 맛있; 맛집; 레시피; 빵; 밥",
        ja="料理; 食べ; ご飯; 美味し; おいし; 夕食; 昼食; レシピ; パン",
        emotions=("joy",),
    ),
    _theme(
        "resilience",
        "🌱",
        ("Being okay with mistakes", "실수해도 괜찮음", "失敗しても大丈夫"),
        "Resilience",
        en="mistake; \\bfail; it'?s (?:okay|ok|alright); forgiv",
        ko="실수; 괜찮; 실패; 용서",
        ja="失敗; ミス; 大丈夫; 許し",
        emotions=("sadness", "fear", "anxiety"),
    ),
    _theme(
        "companionship",
        "🤗",
        ("Companionship", "함께함", "寄り添い"),
        "Companionship",
        en="every ?day; daily; together; always there; by my side",
        ko="매일; 함께; 같이; 곁에",
        ja="毎日; 一緒; そばに; 側に",
    ),
)
