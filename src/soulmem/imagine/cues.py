"""Imagination Land word lists and wordings (seed 000 §7), in English, Korean and Japanese.

The cue lexicons (:data:`TIRED`, :data:`PROGRESS`, :data:`UPCOMING`, :data:`TOGETHER`, shared
with the director), the activity / weather / time-of-day words of the context, the phrases the
matchers fill in, and the (scenario, action) wordings of every pattern (:data:`TEMPLATES`).
:mod:`soulmem.imagine.imagination` holds the rules that use them (see its ``PATTERNS``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Final

__all__ = [
    "ACTIVITIES",
    "ACTIVITY_PHRASES",
    "FAVORITES",
    "OFFER",
    "PROGRESS",
    "SILENCE",
    "TEMP",
    "TEMPERATURE",
    "TEMPLATES",
    "TIME_OF",
    "TIRED",
    "TOGETHER",
    "UPCOMING",
    "WEATHER",
    "WEATHER_ALONE",
    "WEATHER_LEAD",
    "Variants",
]

Variants = Mapping[str, tuple[tuple[str, str], ...]]  # language -> (scenario, action) pairs


def _cue_re(*cues: str) -> re.Pattern[str]:
    """Case-insensitive cue matcher: ASCII cues as whole words, CJK cues as substrings."""
    parts = [rf"\b{re.escape(c)}\b" if c.isascii() else re.escape(c) for c in cues]
    return re.compile("|".join(parts), re.IGNORECASE)


# Cue lexicons (en / ko / ja); shared with the director.
TIRED: Final = _cue_re(
    "tired", "exhausted", "exhausting", "worn out", "burned out", "burnt out", "burnout",
    "overtime", "working late", "work late", "worked late", "late night", "all-nighter",
    "stressed", "stressful", "sleepy", "drained", "long day", "overworked",
    "피곤", "지쳤", "지친", "지쳐", "야근", "힘들", "졸려", "졸리", "스트레스", "녹초",
    "밤샘", "밤새", "번아웃", "과로",
    "疲れ", "残業", "しんど", "眠い", "ねむい", "ストレス", "徹夜", "くたくた", "へとへと",
    "過労", "だるい",
)  # fmt: skip
PROGRESS: Final = _cue_re(
    "passed", "finished", "completed", "achieved", "promoted", "promotion", "got the job",
    "got accepted", "got in", "graduated", "i won", "we won", "shipped", "launched",
    "succeeded", "milestone", "nailed", "did it", "aced",
    "합격", "끝냈", "완성", "성공", "해냈", "승진", "마쳤", "통과", "졸업", "우승", "붙었",
    "合格", "終わった", "終わらせ", "完成", "成功", "達成", "昇進", "卒業", "優勝", "できた",
    "やり遂げ", "受かった",
)  # fmt: skip
UPCOMING: Final = _cue_re(
    "tomorrow", "next week", "exam", "interview", "deadline", "presentation", "coming up",
    "appointment", "test", "audition",
    "내일", "다음 주", "다음주", "모레", "시험", "면접", "마감", "발표", "약속",
    "明日", "来週", "あさって", "試験", "テスト", "面接", "締め切り", "締切", "発表", "予定",
)  # fmt: skip
TOGETHER: Final = _cue_re("together", "with you", "we ", "같이", "함께", "一緒")
_WORK_LATE: Final = _cue_re(
    "working late", "work late", "late night", "overtime", "all-nighter",
    "야근", "밤샘", "残業", "徹夜",
)  # fmt: skip
_STUDY: Final = _cue_re("study", "studying", "homework", "공부", "과제", "勉強", "宿題")
_WORK: Final = _cue_re(
    "work", "working", "coding", "programming", "office", "meeting",
    "일하", "일 하", "작업", "코딩", "회사", "업무", "仕事", "作業", "コーディング", "会社",
)  # fmt: skip
_EXERCISE: Final = _cue_re(
    "workout", "working out", "exercising", "gym", "running", "운동", "헬스", "運動", "ジム"
)
ACTIVITIES: Final = (
    ("work_late", _WORK_LATE), ("study", _STUDY), ("exercise", _EXERCISE), ("work", _WORK)
)  # fmt: skip
WEATHER: Final = (
    ("rain", _cue_re("rain", "rainy", "raining", "drizzle", "storm", "비", "장마", "雨", "梅雨")),
    ("snow", _cue_re("snow", "snowy", "snowing", "눈", "雪")),
    ("cold", _cue_re("cold", "chilly", "freezing", "추워", "추운", "춥", "寒")),
    ("hot", _cue_re("hot", "heat", "humid", "더워", "더운", "덥", "暑")),
)
_TIMES: Final = {
    "morning": ("morning", "dawn", "아침", "새벽", "오전", "朝", "午前"),
    "afternoon": ("afternoon", "noon", "midday", "day", "오후", "낮", "점심", "昼", "午後"),
    "evening": ("evening", "저녁", "夕方", "夕"),
    "night": ("night", "late night", "midnight", "밤", "심야", "夜", "深夜"),
}
TIME_OF: Final = {w: key for key, words in _TIMES.items() for w in words}

# ---------------------------------------------------------------------------------------
# Phrases the matchers fill in

WEATHER_LEAD: Final = {
    "en": {"rain": "it's raining", "snow": "it's snowing", "cold": "it's cold out",
           "hot": "it's hot out", "night": "it's late"},
    "ko": {"rain": "비 오는데", "snow": "눈 오는데", "cold": "날도 추운데", "hot": "날도 더운데",
           "night": "밤늦게까지"},
    "ja": {"rain": "雨なのに", "snow": "雪なのに", "cold": "寒いのに", "hot": "暑いのに",
           "night": "こんな夜遅くまで"},
}  # fmt: skip
WEATHER_ALONE: Final = {
    "en": WEATHER_LEAD["en"],
    "ko": {"rain": "비가 오네", "snow": "눈이 오네", "cold": "날이 춥네", "hot": "날이 덥네",
           "night": "밤이 깊었네"},
    "ja": {"rain": "雨だね", "snow": "雪だね", "cold": "寒いね", "hot": "暑いね",
           "night": "もう夜遅いね"},
}  # fmt: skip
ACTIVITY_PHRASES: Final = {
    "en": {"work_late": "you're working late", "work": "you're working",
           "study": "you're studying", "exercise": "you're working out"},
    "ko": {"work_late": "야근 중이네", "work": "일하는 중이네", "study": "공부 중이네",
           "exercise": "운동 중이네"},
    "ja": {"work_late": "残業中なんだね", "work": "お仕事中なんだね", "study": "勉強中なんだね",
           "exercise": "運動中なんだね"},
}  # fmt: skip

# Favorite subjects in order of preference, with the kind of offer each makes.
FAVORITES: Final = {
    "favorite_drink": "drink", "favorite_food": "food", "favorite_music": "music",
    "favorite_artist": "music", "hobby": "other", "likes": "other", "favorite_game": "other",
    "favorite_movie": "other", "favorite_place": "other", "sport": "other",
}  # fmt: skip
TEMP: Final = {"en": ("warm ", "cold "), "ko": ("따뜻한 ", "시원한 "), "ja": ("温かい", "冷たい")}
TEMPERATURE: Final = _cue_re(
    "iced", "ice", "cold", "hot", "warm", "아이스", "차가운", "따뜻한", "뜨거운",
    "アイス", "ホット", "冷たい", "温かい", "あったかい",
)  # fmt: skip
OFFER: Final = {
    "en": {"drink": ("{a} {t}{i}", "how about {a} {t}{i}?"),
           "food": ("some {i}", "how about some {i}?"),
           "music": ("some {i}", "how about listening to some {i}?"),
           "other": ("a little {i}", "how about a little {i} to unwind?")},
    "ko": {"drink": ("{t}{i} 한 잔", "{t}{i} 한 잔 어때?"), "food": ("{i}", "{i} 먹는 거 어때?"),
           "music": ("{i}", "{i} 들으면서 쉬는 거 어때?"),
           "other": ("{i}", "기분 전환으로 {i} 어때?")},
    "ja": {"drink": ("{t}{i}", "{t}{i}でも一杯どう？"), "food": ("{i}", "{i}でも食べない？"),
           "music": ("{i}", "{i}でも聴いてひと息つかない？"),
           "other": ("{i}", "好きな{i}で少し気分転換しない？")},
}  # fmt: skip

SILENCE: Final = {
    "en": ("a few hours", "a whole day", "{n} days"),
    "ko": ("몇 시간", "하루", "{n}일"),
    "ja": ("数時間", "一日", "{n}日"),
}

# ---------------------------------------------------------------------------------------
# Wordings: per pattern (in the order of ``PATTERNS``), (scenario, action) pairs per language
TEMPLATES: Final[Mapping[str, Variants]] = {
    "remind_upcoming": {
        "en": (("They have their {event} coming up — I could help them prepare or cheer them on.",
                "Your {event} is coming up soon, right? Want to go over it together, "
                "or should I just cheer you on?"),
               ("They mentioned “{memory}” — I could help them prepare or cheer them on.",
                "You mentioned “{memory}” — are you ready? I'm cheering for you!")),
        "ko": (("곧 {event_subj} 있지. 준비를 도와주거나 응원해 줄까?",
                "곧 {event_subj} 있지? 같이 준비해 볼까, 아니면 응원만 해 줄까?"),
               ("“{memory}”라고 했었지. 준비를 도와주거나 응원해 줄까?",
                "“{memory}”라고 했잖아. 준비는 잘 돼 가? 응원할게!")),
        "ja": (("もうすぐ{event}がある。準備を手伝うか、応援しようかな。",
                "もうすぐ{event}だよね？一緒に準備する？それとも応援だけにしようか？"),
               ("「{memory}」って言ってたな。準備を手伝うか、応援しようかな。",
                "「{memory}」って言ってたよね。準備は順調？応援してるよ！")),
    },
    "celebrate_progress": {
        "en": (("They recently shared “{memory}” — I could celebrate it with them again.",
                "I keep thinking about “{memory}” — congratulations again, really! "
                "How does it feel?"),),
        "ko": (("최근에 “{memory}”라고 했었지. 다시 한번 축하해 줄까?",
                "“{memory}” 그거 아직도 생각나! 다시 한번 축하해. 기분 어때?"),),
        "ja": (("最近「{memory}」って話してくれた。もう一度お祝いしようかな。",
                "「{memory}」のこと、まだ思い出してるよ！改めておめでとう。今どんな気分？"),),
    },
    "suggest_favorite": {
        "en": (("{situation_they} — I could suggest {item_phrase}, their favorite.",
                "{situation} — {suggestion}"),
               ("I could suggest {item_phrase}, their favorite, as a small treat.",
                "Just a thought — {suggestion}")),
        "ko": (("{situation}. 좋아하는 {item_obj} 권해 볼까?", "{situation}… {suggestion}"),
               ("좋아하는 {item_obj} 권해 볼까?", "{suggestion}")),
        "ja": (("{situation}。好きな{item_phrase}をすすめてみようかな。",
                "{situation}…{suggestion}"),
               ("好きな{item_phrase}をすすめてみようかな。", "{suggestion}")),
    },
    "comfort_when_tired": {
        "en": (("{situation_they}, and they seem worn out — I could encourage them to rest.",
                "{situation} — you've been pushing so hard. Take a little break, okay?"),
               ("They seem worn out lately — I could encourage them to rest.",
                "You've been pushing so hard lately. Take a little break, okay?")),
        "ko": (("{situation}. 많이 지쳐 보이니까 잠깐 쉬라고 말해 줄까?",
                "{situation}… 너무 무리하지 말고 잠깐 쉬어 가자, 응?"),
               ("요즘 많이 지쳐 보여. 잠깐 쉬라고 말해 줄까?",
                "요즘 너무 무리하는 것 같아. 잠깐 쉬어 가자, 응?")),
        "ja": (("{situation}。疲れてるみたいだから、少し休むように声をかけようかな。",
                "{situation}…無理しすぎないで、ちょっと休憩しよ？"),
               ("最近疲れてるみたい。少し休むように声をかけようかな。",
                "最近がんばりすぎじゃない？ちょっと休憩しよ？")),
    },
    "check_in_after_silence": {
        "en": (("It's been {when} since we last talked; I could check in, maybe about “{memory}”.",
                "It's been {when}! How have you been? Last time you mentioned “{memory}” — "
                "how did that go?"),
               ("It's been {when} since we last talked; I could check in on them.",
                "It's been {when}! How have you been?")),
        "ko": (("{when} 동안 대화가 없었네. “{memory}” 얘기로 안부를 물어볼까?",
                "{when} 만이야! 잘 지냈어? 지난번에 말한 “{memory}”, 그건 어떻게 됐어?"),
               ("{when} 동안 대화가 없었네. 안부를 물어볼까?", "{when} 만이야! 잘 지냈어?")),
        "ja": (("{when}ぶりだな。「{memory}」のことを聞いて様子を見てみようかな。",
                "{when}ぶりだね！元気にしてた？この前話してた「{memory}」、どうなった？"),
               ("{when}ぶりだな。様子を聞いてみようかな。", "{when}ぶりだね！元気にしてた？")),
    },
    "recall_shared_joy": {
        "en": (("I remember “{memory}” — a happy moment; bringing it up could make them smile.",
                "Hey, I was just remembering “{memory}”. That was such a good time, wasn't it?"),),
        "ko": (("“{memory}” 그때 참 좋았지. 그 얘기를 꺼내서 웃게 해 줄까?",
                "갑자기 “{memory}” 그때가 생각났어. 그때 진짜 좋았지?"),),
        "ja": (("「{memory}」、あの時は楽しかったな。話題にして笑顔にしてあげようかな。",
                "ふと「{memory}」のことを思い出したよ。あの時、楽しかったよね？"),),
    },
}  # fmt: skip
