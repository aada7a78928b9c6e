"""Which of the user's fact subjects a question asks about, by the words people use for them.

The facts beside the memories are ranked by their similarity to the question, and a fact's
text names its subject by one label ("좋아하는 음식: 茶碗蒸し"); a question that names the
subject by another word ("大好物なんだっけ", "what's my comfort food", "최애 음식 뭐였게")
can rank it below facts of other subjects. The subjects a question names by such a word are
placed first (``assemble.fact_items``). Identity facts are always shown, so only the other
subjects are listed here.

A question about the user themself ("what's my name?", "내 키 몇이라 그랬지?") is answered
by what the user said: recall can show the turns with shorter replies, or none, for it
(``about_user``; ``RecallConfig.own_reply_chars``).
"""

from __future__ import annotations

import re

__all__ = ["about_user", "asked_subjects"]

_FAV = r"(?:favou?rite|fave|fav|go-to|best)"

_CUES: dict[str, str] = {
    "favorite_food": (
        rf"\b{_FAV}\s+(?:food|dish|meal|thing\s+to\s+eat)|\bcomfort\s+food"
        r"|좋아하는\s?음식|최애\s?음식|최애\s?메뉴|제일\s?좋아하는\s?(?:음식|메뉴)|소울\s?푸드"
        r"|好きな(?:食べ物|食べもん|料理)|大好物|好物|ソウルフード"
    ),
    "favorite_drink": (
        rf"\b{_FAV}\s+(?:drink|beverage)|\bdrink\s+of\s+choice"
        r"|좋아하는\s?(?:음료|술)|최애\s?(?:음료|술)"
        r"|好きな(?:飲み物|飲みもん|お酒)"
    ),
    "favorite_music": (
        rf"\b{_FAV}\s+(?:music|song|genre)"
        r"|좋아하는\s?(?:음악|노래)|최애\s?(?:음악|노래)|好きな(?:音楽|曲|ジャンル)"
    ),
    "favorite_artist": (
        rf"\b{_FAV}\s+(?:band|singer|artist|group|rapper)"
        r"|좋아하는\s?(?:가수|밴드|아티스트|그룹)|최애\s?(?:가수|밴드|그룹)|듣는\s?가수"
        r"|好きな(?:歌手|バンド|アーティスト|グループ)|推し"
    ),
    "favorite_color": r"\b{f}\s+colou?r|좋아하는\s?색|최애\s?색|好きな色".replace("{f}", _FAV),
    "favorite_season": r"\b{f}\s+season|좋아하는\s?계절|好きな季節".replace("{f}", _FAV),
    "favorite_movie": (
        rf"\b{_FAV}\s+(?:movie|film|show|series|anime|drama)"
        r"|좋아하는\s?(?:영화|드라마|애니)|인생\s?(?:영화|드라마|애니)"
        r"|好きな(?:映画|ドラマ|アニメ)"
    ),
    "favorite_book": (
        rf"\b{_FAV}\s+(?:book|novel|author|manga)"
        r"|좋아하는\s?(?:책|소설|작가|만화)|인생\s?책|好きな(?:本|小説|作家|漫画)"
    ),
    "favorite_game": rf"\b{_FAV}\s+game|좋아하는\s?게임|인생\s?겜|인생\s?게임|好きなゲーム",
    "favorite_animal": rf"\b{_FAV}\s+animal|좋아하는\s?동물|好きな動物",
    "favorite_place": rf"\b{_FAV}\s+(?:place|spot)|좋아하는\s?(?:장소|곳)|好きな場所",
    "sport": r"\bsports?\b|운동|스포츠|スポーツ",
    "hobby": r"\bhobb(?:y|ies)\b|\bfor\s+fun\b|\bfree\s+time\b|취미|趣味",
    "disliked": (
        r"\b(?:hate|can't\s+stand|cannot\s+stand|dislike)\b"
        r"|싫어하는|극혐|嫌いな|嫌いって|大嫌い"
    ),
    "relationship_status": (r"\brelationship\b|\bsingle\b|\bdating\b|연애|솔로|恋愛|付き合って"),
    "partner": (
        r"\b(?:boyfriend|girlfriend|bf|gf|partner)\b"
        r"|남친|여친|남자\s?친구|여자\s?친구|애인|彼氏|恋人"
    ),
    "best_friend": (
        r"\bbest\s+(?:friend|mate|pal|bud)|\bbestie\b|\bbff\b"
        r"|베프|절친|(?:제일|가장)\s?친한\s?친구|親友"
    ),
    "upcoming_exam": r"\b(?:exam|test)s?\b|시험|試験|テスト",
    "upcoming_event": r"\b(?:trip|travel(?:l?ing)?|vacation|holiday)\b|여행|旅行",
    "part_time_job": r"\bpart[\s-]?time\b|알바|バイト|パート",
}
_COMPILED = {subject: re.compile(cue, re.IGNORECASE) for subject, cue in _CUES.items()}


def asked_subjects(query: str) -> frozenset[str]:
    """The subjects ``query`` names by one of their words."""
    return frozenset(s for s, cue in _COMPILED.items() if cue.search(query))


#: the asker speaks of themself: "what's my dog called", "where do I work", "내 이름",
#: "제가 좋아하는", "우리 고양이", "俺の名字", "うち何歳", "私の好きな色"
_ABOUT_USER = re.compile(
    r"\b(?:my|I|me|I'm|I've|I'd|myself)\b"
    r"|(?:^|\s)(?:내|제|나|저|난|전|내가|제가|나는|저는|저희|우리|나의|저의)(?=\s|$)"
    r"|(?:俺|オレ|おれ|僕|ぼく|ボク|私|わたし|あたし|うち|ウチ|自分|わし|小生)"
    r"(?:の|って|は|が|、|\s|何|いま|今)"
)


def about_user(query: str) -> bool:
    """Whether ``query`` asks about the asker themself (a first-person word in it)."""
    return _ABOUT_USER.search(query) is not None
