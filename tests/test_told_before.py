"""Turns that spoke of a changing state before its current value was told as a change are
shown as past, even when the rules never read the old value (``recall/told_before.py``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from soulmem import ManualClock, Memory
from soulmem.model import Event, Fact, FactCategory, Scope, new_id
from soulmem.recall import told_before
from soulmem.recall.assemble import PAST_MARKER
from soulmem.recall.told_before import EarlierStates

SCOPE = Scope(user_id="u", agent_id="a")
T0 = datetime(2025, 1, 1, 9, 0, tzinfo=UTC)


def _fact(subject: str, value: str, at: datetime, event_id: str) -> Fact:
    return Fact(
        id=new_id("fact"),
        scope=SCOPE,
        kind="profile",
        subject=subject,
        value=value,
        category=FactCategory.IDENTITY,
        confidence=0.8,
        valid_from=at,
        evidence_event_ids=(event_id,),
    )


class _Turns:
    """The turns by id (the telling one and the ones a memory came from), counting the
    reads."""

    def __init__(self, told: str) -> None:
        self.told = new_id("ev")  # ids are unique, as the engine's: answers are kept by id
        self.said = {self.told: told}
        self.reads = 0

    def fact(self, subject: str, value: str, at: datetime) -> Fact:
        """The current value, told in the telling turn."""
        return _fact(subject, value, at, self.told)

    def past(self, states: EarlierStates, text: str, at: datetime) -> bool:
        """Whether a memory of the turn ``text`` told at ``at`` is past."""
        event_id = new_id("ev")
        self.said[event_id] = text
        return states.past(f"user: {text} Luna: okay", at, (event_id,))

    def __call__(self, ids: Sequence[str]) -> list[Event]:
        self.reads += 1
        return [
            Event(id=i, scope=SCOPE, at=T0, created_at=T0, user_text=self.said[i])
            for i in ids
            if i in self.said
        ]


def test_a_state_told_as_a_change_makes_earlier_talk_of_it_past() -> None:
    told = T0 + timedelta(hours=3)
    turns = _Turns("소개팅한 분이랑 어제부터 사귀기로 함 ㅋㅋ 솔로 졸업함")
    states = EarlierStates([turns.fact("relationship_status", "연애 중", told)], turns)
    assert turns.past(states, "연애? 솔로 3년차임 연애세포 다 죽음", T0)
    # after the telling, or on another subject, nothing is past
    assert not turns.past(states, "연애 너무 좋다", told + timedelta(minutes=3))
    assert not turns.past(states, "오늘 점심 김밥 먹음", T0)
    assert turns.reads == 2  # the telling turn once, and the old turn


def test_a_first_telling_marks_nothing_before_it() -> None:
    told = T0 + timedelta(hours=1)
    turns = _Turns("I work at a bakery downtown, early shifts")
    states = EarlierStates([turns.fact("job", "baker at a bakery", told)], turns)
    assert not turns.past(states, "my boss yelled at me again lol", T0)


def test_a_turn_that_names_the_current_value_is_not_past() -> None:
    told = T0 + timedelta(hours=2)
    turns = _Turns("we're in, I officially live in Williamstown now")
    states = EarlierStates([turns.fact("current_residence", "Williamstown", told)], turns)
    assert turns.past(states, "I live in Footscray, two streets from the market", T0)
    assert not turns.past(states, "I live in hope we get a place in Williamstown", T0)


def test_japanese_part_time_job_and_no_turn_read_without_a_cue() -> None:
    told = T0 + timedelta(hours=2)
    turns = _Turns("串カツ屋辞めてん。来週から元町の古着屋でバイトすることになった")
    states = EarlierStates([turns.fact("part_time_job", "元町の古着屋", told)], turns)
    assert not turns.past(states, "今日は雨やな", T0)
    assert turns.reads == 1  # the telling, read once a recall; not this turn: no cue in it
    assert turns.past(states, "三宮の串カツ屋でバイトしてんねん、週4で", T0)
    assert turns.reads == 2
    # work told without the word バイト: the shift, the job in general
    assert turns.past(states, "仕事？居酒屋の夜勤で入ってるよ〜", T0)


def test_a_short_echo_of_the_topic_before_the_answer_speaks_of_it() -> None:
    """ "バイト？駅前のコンビニで週3": the topic asked about, echoed before the answer, is the
    user speaking of it; a longer question, or one left without an answer, is not."""
    told = T0 + timedelta(hours=2)
    turns = _Turns("コンビニのバイトやめたの！で、先週からカラオケで働き始めた〜")
    states = EarlierStates([turns.fact("part_time_job", "カラオケ", told)], turns)
    assert turns.past(states, "バイト？駅前のコンビニで週3でやってる〜、レジ打ち速いよっ", T0)
    assert not turns.past(states, "先輩ってバイトどこでやってるんだっけ？今日ある？", T0)
    assert not turns.past(states, "今日は疲れた。バイト？", T0)
    korean = _Turns("편의점 그만두고 이제 PC방에서 알바함")
    states = EarlierStates([korean.fact("part_time_job", "PC방", told)], korean)
    assert korean.past(states, "알바? 학교 앞 편의점에서 야간으로 함", T0)


def test_only_what_the_user_stated_counts() -> None:
    told = T0 + timedelta(hours=2)
    turns = _Turns("来週から古着屋でバイトすることになった")
    states = EarlierStates([turns.fact("part_time_job", "古着屋", told)], turns)
    # a question about the character's job, and the character's own words, are no state
    assert not turns.past(states, "先輩のバイトって今日ある？", T0)
    reply = new_id("ev")
    turns.said[reply] = "そうなんや"
    assert not states.past("user: そうなんや 湊: 午後は塾のバイト", T0, (reply,))


def test_the_character_and_other_people_are_not_states_of_the_user() -> None:
    told = T0 + timedelta(hours=1)
    turns = _Turns("she moved to Boulder now")
    other = replace(turns.fact("current_residence", "Boulder", told), about="other")
    assert not EarlierStates([other], turns)


def test_recall_marks_the_unread_old_state_past(mem: Memory, clock: ManualClock) -> None:
    luna = mem.scope("u1", "luna")
    old = luna.observe(user="연애? 솔로 3년차임 ㅋㅋ 연애세포 다 죽음", assistant="ㅋㅋ 괜찮아")
    clock.advance(days=3)
    for i in range(3):
        luna.observe(user=f"오늘 날씨 얘기 {i}번째", assistant="그렇구나")
    clock.advance(days=3)
    new = luna.observe(
        user="나 할말 있음… 소개팅한 분이랑 어제부터 사귀기로 함 ㅋㅋ 솔로 졸업함",
        assistant="대박 축하해!!",
    )
    facts = {f.subject: f for f in luna.facts()}
    assert new.event.id in facts["relationship_status"].evidence_event_ids
    ctx = luna.recall("나 지금 연애 상태 어떻게 됨?", budget_tokens=800)
    lines = ctx.text.splitlines()
    olds = [line for line in lines if "3년차" in line]
    assert olds and all(line.startswith(f"- {PAST_MARKER}") for line in olds), ctx.text
    assert old.event.id not in facts["relationship_status"].evidence_event_ids
    assert any("사귀기로" in line and PAST_MARKER not in line for line in lines)


def test_what_a_turn_tells_is_read_once_across_recalls() -> None:
    told = T0 + timedelta(hours=3)
    turns = _Turns("이제 망원동 투룸으로 이사했어")
    fact = turns.fact("current_residence", "망원동 투룸", told)
    old = new_id("ev")
    turns.said[old] = "나 신림 원룸에서 자취 중"
    text = "user: 나 신림 원룸에서 자취 중 Luna: 그렇구나"
    assert EarlierStates([fact], turns).past(text, T0, (old,))
    assert turns.reads == 2
    # a later recall: the telling and the old turn are not read again
    assert EarlierStates([fact], turns).past(text, T0, (old,))
    assert turns.reads == 2


@pytest.mark.parametrize(
    ("cue", "said"),
    [
        ("_LOVE", "I'm single|still single|dating|my bf|seeing someone|in a relationship"),
        ("_LOVE", "연애|솔로|모쏠|사귀|남친|여친|남자 친구|여자친구|애인"),
        ("_LOVE", "彼氏|恋人|付き合|恋愛|独り身|彼女持ち|彼女いない"),
        ("_HOME", "lives in|living in|moved to|my flat|my apt|staying in"),
        ("_HOME", "사는 곳|사는 동네|살고 있|자취|원룸|住んで|住み|住まい|一人暮らし"),
        ("_WORK", "my job|my boss|my shifts|night shift|I work at|I'm working as|part-time"),
        ("_WORK", "직업|직장|알바|회사 다니|仕事|職場|バイト|パート|勤め|勤務|夜勤|シフト"),
        ("_SCHOOL", "my school|my uni|my college|my major|studying at"),
        ("_SCHOOL", "학교|대학|학과|전공|学校|大学|学部|専攻"),
    ],
)
def test_every_cue_word_has_its_literal_anchor(cue: str, said: str) -> None:
    # a cue's pattern runs only where one of its anchors stands in the text: a cue word
    # added without an anchor would never be found
    pattern = getattr(told_before, cue)
    for phrase in said.split("|"):
        assert pattern.search(phrase), phrase
        assert any(a in phrase.lower() for a in told_before._ANCHORS[pattern]), phrase
