"""What the user takes back ("Raro's off", "이제 영통 아니고", "松本の家を引き払い") ends the
fact that names it, or is kept as said and taken back, and recall marks the memories that
name it as past (``perceive/facts/retracted.py``, ``resolve``, ``assemble.mark_past``)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from soulmem import ManualClock, Memory
from soulmem.embed import FakeEmbedder
from soulmem.model import Fact, FactCategory, Scope
from soulmem.perceive.facts import Candidate
from soulmem.perceive.facts.retracted import retracted
from soulmem.perceive.resolve import resolve_facts
from soulmem.perceive.subjects import RETRACTED
from soulmem.recall.assemble import PAST_MARKER

SCOPE = Scope("u1", "luna")
T0 = datetime(2025, 3, 1, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "language", "names"),
    [
        ("Raro's off. Cyclone season had the missus worried, so Tasmania it is", "en", ["Raro"]),
        (
            "me lol. Iceland is officially cancelled and we're doing Lisbon instead!!",
            "en",
            ["Iceland"],
        ),
        ("update: not single anymore 👀 kenzie and i made it official", "en", ["single"]),
        ("no longer vegetarian, bacon won", "en", ["vegetarian"]),
        ("ok big news... im dropping MechE. switching to graphic design", "en", ["MechE"]),
        ("Remember when I said fifty-four? Total fib. I'm 58.", "en", ["fifty-four"]),
        ("아 그리고 여행 바꿨어요 오사카는 취소하고 제주로 감", "ko", ["오사카"]),
        ("언니 나 이사 끝났어~~ 이제 영통 아니고 광교 살아!", "ko", ["영통"]),
        ("三十年住み慣れた松本の家を引き払い、川越に移ります", "ja", ["松本"]),
        ("大阪はキャンセルして京都にした", "ja", ["大阪"]),
        ("I quit Red Bull last month, sleeping way better", "en", ["Red Bull"]),
        ("So I'm shifting out of Hostel 10 this Sunday itself", "en", ["Hostel 10"]),
        ("moved out of the Dorchester flat on Friday", "en", ["Dorchester"]),
        (
            "I'm moving to Boise next week. the Sacramento apartment is all boxes already",
            "en",
            ["Sacramento"],
        ),
        ("이제 보험회사 회계팀 말고 제약회사 인사팀 사람이에요!", "ko", ["보험회사 회계팀"]),
        (
            "I close at the end of the month and the Zanesville house goes on the market",
            "en",
            ["Zanesville"],
        ),
        ("아 맞다 나 핫식스 끊었음. 요즘은 바나나우유로 버팀", "ko", ["핫식스"]),
        ("사장님 나 붙었음ㅋㅋㅋ 제약회사 때려치고 화장품회사 총무팀으로감", "ko", ["제약회사"]),
        ("So that's me, bye bye Salthill, hello Oranmore", "en", ["Salthill"]),
        (
            "signed for a 2 bed 😭 bye bye Chula Vista commute, campus is close",
            "en",
            ["Chula Vista"],
        ),
        ("last day at Seafood City was today, the titas cried", "en", ["Seafood City"]),
        ("편의점 알바 관뒀어 이제 카페에서 일함", "ko", ["편의점 알바"]),
        ("사장님 나 이사끝남ㅋㅋ 신림 탈출 합정으로옴 허리나감", "ko", ["신림"]),
    ],
)
def test_names_taken_back(text: str, language: str, names: list[str]) -> None:
    assert retracted(text, language) == names


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("That is off the charts", "en"),
        ("The game was cancelled lol", "en"),
        ("It's off to bed for me", "en"),
        ("이거 말고 저거 줘", "ko"),
        ("약속 취소됐어 ㅠ", "ko"),
        ("予定はキャンセルになった", "ja"),
        ("今日は大阪に行くよ", "ja"),
        ("I quit my job", "en"),
        ("bye Mom, see you Sunday", "en"),
        ("moving out next week, finally", "en"),
        ("엄마랑 통화하다 끊었어", "ko"),
        ("전화 끊었어 걔랑", "ko"),
        ("이제 그거 말고 다른 거", "ko"),
        ("오늘 드디어 회사 탈출 ㅋㅋ", "ko"),
        ("그거 그만두고 이거 하자", "ko"),
        ("나 알바 관둠 ㅋㅋ", "ko"),
    ],
)
def test_nothing_named_taken_back(text: str, language: str) -> None:
    assert retracted(text, language) == []


def _fact(subject: str, value: str) -> Fact:
    return Fact(
        id=f"fact_{subject}",
        scope=SCOPE,
        kind="fact",
        subject=subject,
        value=value,
        category=FactCategory.RELATIONSHIP,
        confidence=0.8,
        valid_from=T0,
        evidence_event_ids=("ev_1",),
    )


def test_a_current_value_taken_back_ends_else_it_is_kept_closed() -> None:
    now = T0 + timedelta(days=2)
    single = _fact("relationship_status", "single")
    home = _fact("current_residence", "수원 영통")
    taken = [
        Candidate(RETRACTED, "single", mode="retract"),
        Candidate(RETRACTED, "영통", mode="retract"),
    ]
    changes = resolve_facts(SCOPE, taken, [single, home], event_id="ev_9", now=now)
    assert {f.id for f in changes.closed} == {single.id, home.id}
    assert changes.added == []
    changes = resolve_facts(
        SCOPE, [Candidate(RETRACTED, "Raro", mode="retract")], [single], event_id="ev_9", now=now
    )
    assert changes.closed == []
    (kept,) = changes.added
    assert (kept.subject, kept.value, kept.valid_to) == (RETRACTED, "Raro", now)
    assert [r.reason for r in changes.revisions] == ["retracted"]


def test_recall_marks_what_named_it_as_past_but_not_the_turn_that_took_it_back() -> None:
    clock = ManualClock(T0)
    with Memory.open(":memory:", embedder=FakeEmbedder(), clock=clock) as mem:
        scope = mem.scope(user_id="u", agent_id="a")
        scope.observe(user="big news, me and the missus are off to Rarotonga in March!")
        clock.advance(hours=3)
        scope.observe(user="Raro's off. Cyclone season worried her, so it's Tasmania instead")
        assert scope.facts() == [] or all(f.subject != RETRACTED for f in scope.facts())
        context = scope.recall("where are we going in March?", budget_tokens=2000).text
        old = [line for line in context.splitlines() if "Rarotonga" in line]
        new = [line for line in context.splitlines() if "Tasmania" in line]
        assert old and all(PAST_MARKER in line for line in old)
        assert new and all(PAST_MARKER not in line for line in new)
