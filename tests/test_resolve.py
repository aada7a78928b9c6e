"""Fact resolution: new facts, confirmation, corrections with revisions, coexistence."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from soulmem.model import Fact, FactCategory, Scope
from soulmem.perceive.facts import Candidate
from soulmem.perceive.resolve import resolve_facts

SCOPE = Scope("u1", "luna")
T0 = datetime(2025, 3, 1, tzinfo=UTC)


def apply(
    current: list[Fact],
    *candidates: Candidate,
    event: str = "ev_2",
    now: datetime = T0 + timedelta(days=1),
) -> tuple[list[Fact], object]:
    changes = resolve_facts(SCOPE, candidates, current, event_id=event, now=now)
    closed = {f.id for f in changes.closed}
    confirmed = {f.id: f for f in changes.confirmed}
    live = [confirmed.get(f.id, f) for f in current if f.id not in closed]
    return [*live, *changes.added], changes


def test_new_fact_gets_category_kind_and_evidence() -> None:
    facts, changes = apply([], Candidate("birthday", "3월 15일"), event="ev_1")
    (fact,) = facts
    assert (fact.subject, fact.value, fact.category, fact.kind) == (
        "birthday",
        "3월 15일",
        FactCategory.IDENTITY,
        "profile",
    )
    assert fact.evidence_event_ids == ("ev_1",) and fact.valid_to is None
    assert [r.reason for r in changes.revisions] == ["observed"]  # type: ignore[attr-defined]


def test_repetition_raises_confidence_up_to_two() -> None:
    facts, _ = apply([], Candidate("favorite_food", "ramen", confidence=1.85), event="ev_1")
    facts, changes = apply(facts, Candidate("favorite_food", "Ramen"), event="ev_2")
    assert len(facts) == 1 and abs(facts[0].confidence - 1.95) < 1e-9
    assert facts[0].evidence_event_ids == ("ev_1", "ev_2")
    facts, _ = apply(facts, Candidate("favorite_food", "ramen"), event="ev_3")
    assert facts[0].confidence == 2.0
    assert changes.revisions[0].reason == "confirmed"  # type: ignore[attr-defined]


def test_correction_supersedes_with_a_revision() -> None:
    facts, _ = apply([], Candidate("current_residence", "강남 역삼동"), event="ev_1")
    old = facts[0]
    facts, changes = apply(facts, Candidate("current_residence", "마포구 망원동"), event="ev_9")
    (new,) = facts
    assert new.value == "마포구 망원동"
    (closed,) = changes.closed  # type: ignore[attr-defined]
    assert closed.id == old.id and closed.valid_to == T0 + timedelta(days=1)
    revisions = changes.revisions  # type: ignore[attr-defined]
    reasons = sorted(r.reason for r in revisions)
    assert reasons == ["corrected", "corrected"]
    added = next(r for r in revisions if r.target_id == new.id)
    assert added.before is not None and added.before["value"] == "강남 역삼동"
    assert added.after is not None and added.after["value"] == "마포구 망원동"
    assert added.evidence_event_ids == ("ev_9",)


def test_multi_valued_subjects_coexist() -> None:
    facts, _ = apply([], Candidate("allergy", "peanuts"), Candidate("allergy", "shellfish"))
    assert sorted(f.value for f in facts) == ["peanuts", "shellfish"]


def test_refinement_keeps_the_earlier_evidence() -> None:
    facts, _ = apply([], Candidate("pet", "dog"), event="ev_6")
    facts, changes = apply(
        facts, Candidate("pet", "corgi named Waffles", mode="refine"), event="ev_15"
    )
    (pet,) = facts
    assert pet.value == "corgi named Waffles"
    assert pet.evidence_event_ids == ("ev_6", "ev_15")
    assert [r.reason for r in changes.revisions] == ["refined", "refined"]  # type: ignore[attr-defined]


def test_the_same_value_with_a_new_detail_is_shown_as_told_last() -> None:
    facts, _ = apply([], Candidate("relationship_status", "恋人あり（彼女がいる）"), event="ev_1")
    facts, changes = apply(
        facts, Candidate("relationship_status", "恋人あり（遠距離恋愛中）"), event="ev_2"
    )
    (status,) = facts
    assert status.value == "恋人あり（遠距離恋愛中）"
    assert status.evidence_event_ids == ("ev_1", "ev_2")
    assert [r.reason for r in changes.revisions] == ["refined", "refined"]  # type: ignore[attr-defined]
    # told again without the detail, or with the same one: a confirmation that keeps it
    for value in ("恋人あり", "恋人あり（遠距離恋愛中）"):
        facts, changes = apply(facts, Candidate("relationship_status", value), event="ev_3")
        assert [f.value for f in facts] == ["恋人あり（遠距離恋愛中）"]
        assert [r.reason for r in changes.revisions] == ["confirmed"]  # type: ignore[attr-defined]


def test_end_and_negation_close_without_replacement() -> None:
    facts, _ = apply(
        [],
        Candidate("part_time_job", "convenience store"),
        Candidate("allergy", "kiwi"),
        Candidate("allergy", "dust"),
    )
    facts, changes = apply(
        facts,
        Candidate("part_time_job", "", mode="end"),
        Candidate("allergy", "kiwi", negated=True),
    )
    assert sorted(f.value for f in facts) == ["dust"]
    assert sorted(r.reason for r in changes.revisions) == ["ended", "negated"]  # type: ignore[attr-defined]


def test_an_end_leaves_the_value_the_same_message_told() -> None:
    facts, _ = apply([], Candidate("job", "barista"), event="ev_1")
    # the rules may give the new value before the end of the old one
    facts, changes = apply(
        facts, Candidate("job", "baker"), Candidate("job", "", mode="end"), event="ev_2"
    )
    assert [f.value for f in facts] == ["baker"]
    assert [f.value for f in changes.closed] == ["barista"]  # type: ignore[attr-defined]


def test_facts_about_others_are_not_the_users() -> None:
    facts, changes = apply(
        [],
        Candidate("birthday", "May 2", about="other"),
        Candidate("birthday", "July 4", about="assistant"),
    )
    assert facts == [] and not changes


def test_a_work_value_told_as_two_subjects_ends_as_one() -> None:
    # "駅前のパン屋でパートしてます" gives a workplace and a part-time job in the same words
    facts, _ = apply(
        [],
        Candidate("workplace", "駅前のパン屋"),
        Candidate("part_time_job", "駅前のパン屋"),
        Candidate("job", "主婦"),
        event="ev_1",
    )
    facts, changes = apply(facts, Candidate("part_time_job", "近所の歯医者"), event="ev_9")
    assert sorted((f.subject, f.value) for f in facts) == [
        ("job", "主婦"),
        ("part_time_job", "近所の歯医者"),
    ]
    reasons = {(r.before or {}).get("subject"): r.reason for r in changes.revisions}  # type: ignore[attr-defined]
    assert reasons["workplace"] == "ended"


def test_a_workplace_told_apart_or_named_otherwise_stays() -> None:
    # told in another turn, or naming another thing: the workplace is not the job that ended
    facts, _ = apply([], Candidate("part_time_job", "カラオケ"), event="ev_1")
    facts, _ = apply(facts, Candidate("workplace", "カラオケ"), event="ev_2")
    facts, _ = apply(facts, Candidate("part_time_job", "古着屋"), event="ev_3")
    assert ("workplace", "カラオケ") in {(f.subject, f.value) for f in facts}
    facts, _ = apply(
        [], Candidate("workplace", "city hospital"), Candidate("job", "nurse"), event="ev_1"
    )
    facts, _ = apply(facts, Candidate("job", "charge nurse"), event="ev_2")
    assert ("workplace", "city hospital") in {(f.subject, f.value) for f in facts}


def test_part_of_the_value_or_a_vaguer_one_is_no_correction() -> None:
    """ "바닷가" after "통영 (바닷가)", "소윤" after "한소윤", "부산 근처" or "near Leeds" after a
    town: what the user said before still holds, confirmed; a new town still corrects."""
    facts, _ = apply([], Candidate("hometown", "통영 (바닷가)"), event="ev_1")
    for told in ("바닷가", "부산 근처", "경남 쪽"):
        facts, changes = apply(facts, Candidate("hometown", told))
        assert [f.value for f in facts] == ["통영 (바닷가)"], told
        assert not changes.closed and changes.confirmed  # type: ignore[attr-defined]
    facts, _ = apply([], Candidate("name", "한소윤"), event="ev_1")
    facts, _ = apply(facts, Candidate("name", "소윤"))
    assert [f.value for f in facts] == ["한소윤"]
    facts, _ = apply([], Candidate("current_residence", "York"), event="ev_1")
    facts, _ = apply(facts, Candidate("current_residence", "near Leeds"))
    assert [f.value for f in facts] == ["York"]
    facts, _ = apply(facts, Candidate("current_residence", "Leeds"))
    assert [f.value for f in facts] == ["Leeds"]
    # more than was said before is a correction, as before; so is going back
    facts, _ = apply(facts, Candidate("current_residence", "Leeds, Headingley"))
    assert [f.value for f in facts] == ["Leeds, Headingley"]
    facts, _ = apply(facts, Candidate("current_residence", "Guelph (moved from Kitchener)"))
    facts, _ = apply(facts, Candidate("current_residence", "Kitchener"))
    assert [f.value for f in facts] == ["Kitchener"]


def test_a_value_that_is_only_its_subjects_word_names_nothing() -> None:
    """ "시험" as an upcoming exam ("시험공부 하기 싫어서"), "exam", "試験": no particular one;
    with a detail beside it ("試験（来週の日曜）") it is one, to be refined later."""
    exams = [Candidate("upcoming_exam", "다음 주 목요일 열역학 중간고사")]
    facts, _ = apply([], *exams, event="ev_1")
    for word in ("시험", "exam", "試験", "Exam"):
        facts, changes = apply(facts, Candidate("upcoming_exam", word))
        assert not changes  # type: ignore[truthy-bool]
    assert [f.value for f in facts] == ["다음 주 목요일 열역학 중간고사"]
    facts, _ = apply([], Candidate("upcoming_exam", "試験（来週の日曜）"))
    assert [f.value for f in facts] == ["試験（来週の日曜）"]
    facts, _ = apply([], Candidate("hometown", "고향"))
    assert facts == []


def test_only_a_new_one_names_nothing() -> None:
    """ "새 회사로 출근해요", "新しい会社", "a new job": no particular one, and the job told
    before stays; a capitalised name ("New York") or a word that only begins so ("새롬") is one."""
    facts, _ = apply([], Candidate("job", "보험회사 회계팀"), event="ev_1")
    for value in ("새 회사", "새로운 직장", "新しい会社", "a new job", "another company"):
        facts, changes = apply(facts, Candidate("job", value))
        assert not changes  # type: ignore[truthy-bool]
    assert [f.value for f in facts] == ["보험회사 회계팀"]
    for value in ("New York", "새롬"):
        facts, _ = apply([], Candidate("current_residence", value))
        assert [f.value for f in facts] == [value]
