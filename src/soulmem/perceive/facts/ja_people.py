"""Japanese fact rules for people in the user's life named by their role: coworkers and
friends (used by soulmem.perceive.facts.ja).

``同僚の田島さんが``, ``会社の先輩の森さん``, ``友達のユイちゃんと``, ``佐々木さんは職場の同期``.
A bare noun after the role (``友達の誕生日``) is not a name, so the name must carry an
honorific or be introduced as one (``友達のリナって子``). Best friends live in ``ja_prefs``
and ``ja_talk``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from soulmem.perceive.facts.base import Candidate
from soulmem.perceive.facts.ja_lex import PERSONS
from soulmem.perceive.facts.ja_text import Sent, cand

__all__ = ["PEOPLE_RULES"]

# a name, not a kinship or pronoun word (``友達の彼氏``, ``友達のおかあさん``)
_NAME = (
    rf"(?!{PERSONS}|おかあ|おとう|おにい|おねえ|おじい|おばあ|おじ|おば)"
    r"(?P<n>[^\W\d_ぁ-ゖァ-ヺーA-Za-z]{1,4}|[ァ-ヴー]{2,8}|[ぁ-ゖ]{2,5}?)"
)
_HONOR = r"(?:さん|くん|君|ちゃん|先輩|氏)"
# the name is a name: an honorific after it, or ``って子`` / ``っていう人``
_IS_NAME = rf"(?:{_HONOR}|(?=って(?:いう)?(?:子|人|やつ|奴|ヤツ|男|女)|という(?:子|人)))"
_WORK_ROLE = (
    r"(?P<r>同僚|同期|上司|部下|(?:職場|会社|バイト先|パート先)の(?:同僚|同期|先輩|後輩|上司|人)|"
    r"バイト仲間|仕事仲間)"
)
_FRIEND_ROLE = r"(?P<r>(?<!親)(?<!大親)(?:友達|友だち|友人|ともだち|飲み友達|ゲーム仲間|趣味仲間))"
_SPOUSE_ROLE = r"(?P<r>嫁|妻|奥さん|夫|旦那|旦那さん|主人|うちの人|家内|女房|かみさん|カミさん)"
# "部下に小松というのがいまして", "家内は由美子といいます": a person introduced by role
_INTRODUCED = r"(?:という|って|っていう)(?:の|人|男|女|奴|やつ|子)が"
_CALLED = r"(?:と|って)(?:(?:いい|言い|申し)(?:ます|まして)|(?:いう|言う)(?:んです|んだ|の))"
# "孫は颯太と申しまして", "息子は健太っていいます": a child or grandchild introduced by name
_KIN_ROLE = r"(?P<r>孫|息子|娘|長男|長女|次男|次女|三男|三女|末っ子|一人息子|一人娘)"
_ROLE_OF = (
    # "嫁の名前は美咲", "旦那の健二くんが": a spouse named by role
    (
        "spouse",
        re.compile(
            rf"{_SPOUSE_ROLE}の名前(?:は|が|って)\s*{_NAME}(?=って|と|です|だよ|なの|、|。|!|$)"
        ),
    ),
    ("spouse", re.compile(rf"{_SPOUSE_ROLE}の\s*{_NAME}{_IS_NAME}")),
    ("spouse", re.compile(rf"{_SPOUSE_ROLE}(?:は|の名前は)\s*{_NAME}{_CALLED}")),
    # "家内の澄江とは見合いでして": the spouse's name, then what the user shares with them
    ("spouse", re.compile(rf"{_SPOUSE_ROLE}の\s*{_NAME}(?<!実家)(?<!両親)(?<!家族)(?<!親戚)とは")),
    (
        "family",
        re.compile(rf"(?<![^\W\d_])(?:うちの)?{_KIN_ROLE}(?:は|の名前は)\s*{_NAME}{_CALLED}"),
    ),
    ("coworker", re.compile(rf"{_WORK_ROLE}の\s*{_NAME}{_IS_NAME}")),
    ("coworker", re.compile(rf"{_WORK_ROLE}に\s*{_NAME}{_INTRODUCED}")),
    ("friend", re.compile(rf"{_FRIEND_ROLE}の\s*{_NAME}{_IS_NAME}")),
)
_NAME_IS_ROLE = (
    (
        "coworker",
        re.compile(
            rf"(?:^|(?<=[、。\s]))({_NAME}{_HONOR}?)(?:は|って)\s*{_WORK_ROLE}(?:で|です|だよ|なの|、|。|!|$)"
        ),
    ),
)


# "旦那は名古屋に単身赴任中": where the spouse lives apart from the user, and why
# ("しかも主人が去年の春から名古屋に": a conjunction before, a time with の)
_SPOUSE_AWAY = re.compile(
    r"(?:^|(?<=[、\s])|(?<=しかも)|(?<=それに)|(?<=実は)|(?<=あと))"
    rf"(?:うちの)?{_SPOUSE_ROLE}(?:は|が|、)\s*(?:今、?|いま、?|今は、?|[^\W\d_ぁ-ゖ]{{1,3}}(?:の[^\W\d_ぁ-ゖ]{{1,3}})?から)?\s*"
    r"(?P<w>[^\W\d_ぁ-ゖ]{1,8})(?:に|で|へ)(?P<a>単身赴任|長期出張|出張|転勤|出向|海外赴任)"
)


def _spouse_away(s: Sent) -> Iterator[Candidate]:
    m = _SPOUSE_AWAY.search(s.text)
    if m and not s.other_at(m.start()):
        # "来月から大阪に転勤": ahead; "去年の春から名古屋に": since then
        lead = s.text[m.start() : m.start("w")]
        ahead = re.search(r"から\s*$", lead) and not re.search(
            r"去年|昨年|先月|先週|前から|以来", lead
        )
        value = f"{m.group('r')}が{m.group('w')}に{m.group('a')}{'予定' if ahead else '中'}"
        yield cand("situation", value, s, confidence=0.75)


def _people(s: Sent) -> Iterator[Candidate]:
    for subject, regex in (*_ROLE_OF, *_NAME_IS_ROLE):
        for m in regex.finditer(s.text):
            if s.other_at(m.start()):
                continue
            value = f"{m.group('n')}（{m.group('r')}）"
            if subject == "family":
                value = f"{m.group('r')}「{m.group('n')}」"
            yield cand(subject, value, s, confidence=0.75)


PEOPLE_RULES: tuple[Callable[[Sent], Iterator[Candidate]], ...] = (_people, _spouse_away)
