"""The rule-based self model (seed 000 §4-5): islands, beliefs, the 30% guard, SOUL.md."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from soulmem.errors import InvalidInput
from soulmem.model import Belief, Island, IslandStatus, Memory, MemoryType, Scope, Tier
from soulmem.self import (
    Proposal,
    belief_confidence,
    change_ratio,
    changed_keys,
    diff_soul,
    found_or_join,
    island_strength,
    propose_beliefs,
    render_soul,
    theme_of,
    transition,
    warnings_for,
    within_limit,
)

SCOPE = Scope("mina", "luna")
T0 = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
DAY = timedelta(days=1)


def core(
    memory_id: str,
    content: str,
    *,
    tier: Tier = Tier.M0,
    references: int = 0,
    strength: float = 1.0,
    emotions: dict[str, float] | None = None,
    language: str | None = None,
    island_id: str | None = None,
    status: str = "active",
) -> Memory:
    return Memory(
        id=memory_id,
        scope=SCOPE,
        content=content,
        tier=tier,
        memory_type=MemoryType.SEMANTIC,
        created_at=T0,
        occurred_at=T0,
        expires_at=None,
        emotions=emotions or {},
        strength=strength,
        reference_count=references,
        language=language,
        island_id=island_id,
        status=status,
    )


def new_ids(prefix: str = "isl") -> Callable[[], str]:
    counter = itertools.count(1)
    return lambda: f"{prefix}_{next(counter)}"


def belief(key: str, statement: str = "", *, status: str = "active", **kw: object) -> Belief:
    fields: dict[str, object] = {
        "id": f"bel_{key}",
        "scope": SCOPE,
        "statement": statement or f"I am {key}.",
        "confidence": 0.8,
        "supporting_memory_ids": (),
        "island_id": None,
        "version": 1,
        "approved": status == "active",
        "created_at": T0,
        "status": status,
        "key": key,
    }
    fields.update(kw)
    return Belief(**fields)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------
# Themes


@pytest.mark.parametrize(
    ("content", "key", "label"),
    [
        ("Mina: I gave you your name, Luna.", "bond", "Bond with Mina"),
        ("My owner named me Luna on the first day.", "bond", "Bond with my owner"),
        ("We went on a family trip with my mother.", "family", "Family"),
        ("You are my best friend.", "friendship", "Friendship"),
        ("We played piano together at the concert.", "music", "Music"),
        ("I love hockey, hockey is my whole life.", "topic:hockey", "hockey"),
    ],
)
def test_theme_english(content: str, key: str, label: str) -> None:
    assert theme_of(core("m", content)) == (key, label)


@pytest.mark.parametrize(
    ("content", "key", "label"),
    [
        ("삐돌이가 처음 이름을 지어줬다", "bond", "주인과의 유대"),
        ("민준: 내가 네 이름을 지어줬잖아", "bond", "민준과의 유대"),  # batchim -> 과의
        ("미나: 내가 네 이름을 지어줬지", "bond", "미나와의 유대"),
        ("엄마랑 가족 여행을 갔다", "family", "가족"),
        ("실수했을 때 삐돌이가 괜찮다고 했다", "resilience", "실수해도 괜찮음"),
        ("매일 대화한다", "companionship", "함께함"),
        ("하키 경기를 보러 갔다", "topic:하키", "하키"),
    ],
)
def test_theme_korean(content: str, key: str, label: str) -> None:
    assert theme_of(core("m", content)) == (key, label)


@pytest.mark.parametrize(
    ("content", "key", "label"),
    [
        ("ミナ：名前をつけてくれたのはご主人だよ", "bond", "ミナとの絆"),
        ("ご主人が名前をつけてくれた", "bond", "ご主人との絆"),
        ("家族で旅行した", "family", "家族"),
        ("親友と一緒に笑った日", "friendship", "友情"),
        ("野球の試合を見た", "topic:野球", "野球"),
    ],
)
def test_theme_japanese(content: str, key: str, label: str) -> None:
    assert theme_of(core("m", content)) == (key, label)


def test_theme_emotions_break_ties_but_never_found_a_theme() -> None:
    text = "We laughed at the dinner table."  # playfulness (laugh) vs food (dinner): 1 each
    assert theme_of(core("m", text))[0] == "playfulness"  # earlier in the lexicon
    assert theme_of(core("m", text, emotions={"joy": 1.0}))[0] == "playfulness"
    # Joy alone does not make a playful memory.
    assert theme_of(core("m", "Hockey night!", emotions={"joy": 1.0}))[0] == "topic:hockey"


def test_theme_owner_override_and_empty_text() -> None:
    assert theme_of(core("m", "She named me."), owner="Mina") == ("bond", "Bond with Mina")
    assert theme_of(core("m", "...!")) == ("topic", "a core memory")
    assert theme_of(core("m", "…", language="ko")) == ("topic", "핵심 기억")


# ---------------------------------------------------------------------------------------
# Founding and joining


def test_found_then_join_same_theme() -> None:
    make = new_ids()
    first, created = found_or_join([], core("m1", "Mina: I gave you your name."), T0, make)
    assert created
    assert (first.id, first.theme_key, first.theme) == ("isl_1", "bond", "Bond with Mina")
    assert first.status == IslandStatus.ACTIVE
    assert first.founding_memory_ids == ("m1",)
    assert (first.created_at, first.status_since, first.strength) == (T0, T0, 0.5)
    assert first.scope == SCOPE

    joined, created = found_or_join([first], core("m2", "My owner trusted me."), T0 + DAY, make)
    assert not created
    assert joined.id == "isl_1"
    assert joined.founding_memory_ids == ("m1", "m2")
    assert joined.status == IslandStatus.ACTIVE and joined.status_since == T0

    again, _ = found_or_join([joined], core("m2", "My owner trusted me."), T0 + DAY, make)
    assert again.founding_memory_ids == ("m1", "m2")  # idempotent

    other, created = found_or_join([joined], core("m3", "Family dinner."), T0, make)
    assert created and other.id == "isl_2" and other.theme_key == "family"


def test_found_refuses_non_core_and_ignores_other_scopes() -> None:
    with pytest.raises(InvalidInput):
        found_or_join([], core("m", "family", tier=Tier.M365), T0, new_ids())
    foreign, _ = found_or_join([], core("m1", "family"), T0, new_ids("x"))
    foreign = replace(foreign, scope=Scope("someone", "else"))
    island, created = found_or_join([foreign], core("m2", "family"), T0, new_ids())
    assert created and island.id == "isl_1"


# ---------------------------------------------------------------------------------------
# The status machine, with explicit times


def _active_island() -> Island:
    island, _ = found_or_join([], core("m1", "가족 여행"), T0, new_ids())
    return island


def test_active_to_shaking_to_collapsed_at_exactly_seven_days() -> None:
    island = _active_island()
    assert transition(island, {"m1"}, T0 + DAY) is island  # founder alive: unchanged

    gone = T0 + 2 * DAY
    shaking = transition(island, set(), gone)
    assert shaking.status == IslandStatus.SHAKING and shaking.status_since == gone
    assert transition(shaking, set(), gone + 3 * DAY) == shaking  # still shaking

    almost = transition(shaking, set(), gone + 7 * DAY - timedelta(seconds=1))
    assert almost.status == IslandStatus.SHAKING
    collapsed = transition(shaking, set(), gone + 7 * DAY)
    assert collapsed.status == IslandStatus.COLLAPSED
    assert collapsed.status_since == gone + 7 * DAY
    assert collapsed.strength == 0.0
    assert transition(collapsed, set(), gone + 30 * DAY) == collapsed

    custom = transition(shaking, set(), gone + 2 * DAY, collapse_after=2 * DAY)
    assert custom.status == IslandStatus.COLLAPSED


def test_shaking_back_to_active_on_restore() -> None:
    shaking = transition(_active_island(), set(), T0 + DAY)
    restored = transition(shaking, {"m1", "unrelated"}, T0 + 4 * DAY)
    assert restored.status == IslandStatus.ACTIVE
    assert restored.status_since == T0 + 4 * DAY
    # A restore seen late still wins over the collapse.
    late = transition(shaking, {"m1"}, T0 + 20 * DAY)
    assert late.status == IslandStatus.ACTIVE


def test_collapsed_to_rebuilding_to_active() -> None:
    shaking = transition(_active_island(), set(), T0)
    collapsed = transition(shaking, set(), T0 + 7 * DAY)
    assert collapsed.status == IslandStatus.COLLAPSED

    new_m0 = core("m9", "엄마가 해준 생일 파티", references=0)
    at = T0 + 10 * DAY
    rebuilding, created = found_or_join([collapsed], new_m0, at, new_ids("new"))
    assert not created and rebuilding.id == collapsed.id
    assert rebuilding.status == IslandStatus.REBUILDING and rebuilding.status_since == at
    assert rebuilding.founding_memory_ids == ("m1", "m9")

    alive = {"m9"}
    assert transition(rebuilding, alive, at + DAY - timedelta(seconds=1)) == rebuilding
    active = transition(rebuilding, alive, at + DAY, references={"m9": 10})
    assert active.status == IslandStatus.ACTIVE and active.status_since == at + DAY
    assert active.strength == island_strength(1, 10) == 0.816

    # Rebuilding without a living founder shakes again.
    assert transition(rebuilding, set(), at + 2 * DAY).status == IslandStatus.SHAKING


def test_shaking_island_joined_by_new_core_memory_rebuilds() -> None:
    shaking = transition(_active_island(), set(), T0)
    joined, _ = found_or_join([shaking], core("m5", "family picnic"), T0 + DAY, new_ids())
    assert joined.status == IslandStatus.REBUILDING


def test_collapsed_with_restored_founder_rebuilds() -> None:
    collapsed = transition(transition(_active_island(), set(), T0), set(), T0 + 7 * DAY)
    back = transition(collapsed, {"m1"}, T0 + 8 * DAY)
    assert back.status == IslandStatus.REBUILDING and back.status_since == T0 + 8 * DAY


def test_join_prefers_the_living_island_of_a_theme() -> None:
    old = replace(_active_island(), id="old", status=IslandStatus.COLLAPSED)
    live = replace(_active_island(), id="live")
    island, _ = found_or_join([old, live], core("m7", "가족 사진"), T0, new_ids())
    assert island.id == "live" and island.status == IslandStatus.ACTIVE


def test_strength_from_references_of_living_founders() -> None:
    assert island_strength(0, 50) == 0.0
    assert island_strength(1, 0) == 0.5
    assert island_strength(2, 0) == 0.75
    assert island_strength(1, 20) > island_strength(1, 10) > island_strength(1, 5)
    assert 0.0 <= island_strength(5, 10_000) <= 1.0
    island = replace(_active_island(), founding_memory_ids=("m1", "m2"), strength=0.3)
    refs = {"m1": 10, "m2": 1000}
    updated = transition(island, {"m1"}, T0, references=refs)  # m2 is gone: its refs ignored
    assert updated.strength == island_strength(1, 10)
    assert transition(island, {"m1"}, T0).strength == 0.3  # no references: kept


# ---------------------------------------------------------------------------------------
# Warnings


def test_warnings_for_core_memory_in_island_language() -> None:
    ko = replace(_active_island(), theme="주인과의 유대", theme_key="bond")
    en = replace(_active_island(), id="isl_en", theme="Family", founding_memory_ids=("m1", "m2"))
    ja = replace(_active_island(), id="isl_ja", theme="ご主人との絆", theme_key="bond")
    gone = replace(_active_island(), id="isl_c", status=IslandStatus.COLLAPSED)
    other = replace(_active_island(), id="isl_o", founding_memory_ids=("m3",))

    warnings = warnings_for("m1", [ko, en, ja, gone, other])
    assert len(warnings) == 3
    assert "'주인과의 유대' 섬" in warnings[0] and "7일" in warnings[0]
    assert "'Family' island is partly founded" in warnings[1]
    assert "「ご主人との絆」の島" in warnings[2] and "7日" in warnings[2]
    assert all(w.startswith("⚠️") for w in warnings)
    # m2 is gone already: m1 is the last living founder of the Family island.
    assert "will make the island shake" in warnings_for("m1", [en], alive_m0_ids={"m1"})[0]
    assert warnings_for("nobody", [ko, en]) == []


# ---------------------------------------------------------------------------------------
# Beliefs


def test_beliefs_english_one_per_theme() -> None:
    memories = [
        core("m1", "Mina: I gave you your name, Luna."),
        core("m2", "Mina: I trusted you with my secret, my name is yours."),
        core("m3", "We went on a family trip."),
    ]
    make = new_ids()
    bond, _ = found_or_join([], memories[0], T0, make)
    proposals = propose_beliefs(memories, [bond])
    assert [p.key for p in proposals] == ["family", "bond"]  # family has no island: higher
    family, bonded = proposals
    assert bonded == Proposal(
        "bond",
        "I am someone who treasures my bond with Mina.",
        belief_confidence([1.0, 1.0], 0.5),
        ("m1", "m2"),
        bond.id,
    )
    assert family.statement == "I am someone who holds my family dear."
    assert family.island_id is None and family.supporting_memory_ids == ("m3",)
    assert family.confidence == 0.8
    assert isinstance(bonded, tuple) and bonded[0] == "bond"


def test_beliefs_korean_and_japanese() -> None:
    ko = propose_beliefs([core("m1", "미나: 내가 네 이름을 지어줬지")], [])
    assert ko[0].statement == "나는 미나와의 유대를 소중히 여긴다."
    ja = propose_beliefs([core("m1", "ミナ：名前をつけてくれた")], [])
    assert ja[0].statement == "私はミナとの絆を大切にしている。"
    seed = propose_beliefs(
        [
            core("a", "삐돌이가 처음 이름을 지어줬다"),
            core("b", "실수했을 때 삐돌이가 괜찮다고 했다"),
            core("c", "매일 대화한다"),
        ],
        [],
    )
    assert {p.statement for p in seed} == {
        "나는 주인과의 유대를 소중히 여긴다.",
        "나는 실수해도 괜찮은 존재다.",
        "나는 매일 함께하는 동반자다.",
    }
    topic = propose_beliefs([core("h", "하키 경기를 보러 갔다")], [])
    assert topic[0].statement == "나에게 하키는 소중하다."
    assert propose_beliefs([core("h", "野球の試合を見た")], [])[0].statement == (
        "私にとって野球は大切なものだ。"
    )


def test_beliefs_language_owner_and_filters() -> None:
    memories = [
        core("m1", "미나: 내가 네 이름을 지어줬지"),
        core("m2", "family", status="forgotten"),
    ]
    (only,) = propose_beliefs(memories, [], language="en")
    assert only.statement == "I am someone who treasures my bond with 미나."
    (named,) = propose_beliefs(memories[:1], [], language="ja", owner="ミナ")
    assert named.statement == "私はミナとの絆を大切にしている。"
    assert propose_beliefs([], []) == []


def test_beliefs_follow_linked_island_and_skip_collapsed() -> None:
    island = replace(_active_island(), id="isl_x", theme_key="music", theme="Music")
    linked = core("m1", "We went on a family trip.", island_id="isl_x")
    (proposal,) = propose_beliefs([linked], [island])
    assert proposal.key == "music" and proposal.island_id == "isl_x"
    collapsed = replace(island, status=IslandStatus.COLLAPSED)
    (unlinked,) = propose_beliefs([core("m1", "piano")], [collapsed])
    assert unlinked.key == "music" and unlinked.island_id is None


def test_confidence_grows_with_support_and_strength() -> None:
    assert belief_confidence([]) == 0.0
    assert belief_confidence([1.0]) == 0.8
    assert belief_confidence([1.0, 1.0]) > belief_confidence([1.0])
    assert belief_confidence([1.0, 1.0, 1.0]) == 0.95
    assert belief_confidence([0.2]) < belief_confidence([1.0])
    assert belief_confidence([1.0], 0.9) > belief_confidence([1.0], 0.5)
    assert 0.0 <= belief_confidence([5.0, -1.0], 3.0) <= 1.0


# ---------------------------------------------------------------------------------------
# The 30% guard


def test_within_limit_at_the_boundary() -> None:
    assert within_limit(10, 3)  # exactly 30%: allowed
    assert not within_limit(10, 4)
    assert within_limit(20, 6) and not within_limit(20, 7)
    assert not within_limit(3, 1)  # 33%
    assert within_limit(1, 0) and within_limit(10, 0)
    assert within_limit(0, 5)  # no self yet: the first proposals are allowed
    assert within_limit(10, 5, limit=0.5) and not within_limit(10, 6, limit=0.5)
    with pytest.raises(InvalidInput):
        within_limit(-1, 0)
    with pytest.raises(InvalidInput):
        within_limit(10, 1, limit=1.5)


def test_change_ratio_and_changed_keys() -> None:
    active = [belief(f"k{i}") for i in range(10)]
    assert change_ratio(active, 3) == 0.3
    assert change_ratio(active, 4) == 0.4
    assert change_ratio([], 2) == 2.0
    with pytest.raises(InvalidInput):
        change_ratio(active, -1)
    proposals = [
        Proposal("k0", "I am k0.", 0.99, (), None),  # same statement: no change
        Proposal("k1", "I am someone else.", 0.8, (), None),
        Proposal("new", "I am new.", 0.8, (), None),
    ]
    assert changed_keys(active, proposals) == ["k1", "new"]


# ---------------------------------------------------------------------------------------
# SOUL.md


def _soul_fixture() -> tuple[list[Island], list[Belief], dict[str, Memory]]:
    bond = Island(
        id="isl_1",
        scope=SCOPE,
        theme="주인과의 유대",
        status=IslandStatus.ACTIVE,
        strength=0.9,
        founding_memory_ids=("M0-001",),
        created_at=T0,
        status_since=T0,
        theme_key="bond",
    )
    shaking = replace(
        bond,
        id="isl_2",
        theme="Music",
        theme_key="music",
        status=IslandStatus.SHAKING,
        strength=0.7,
        founding_memory_ids=("M0-005",),
        status_since=T0 + DAY,
    )
    rebuilding = replace(
        bond,
        id="isl_3",
        theme="家族",
        theme_key="family",
        status=IslandStatus.REBUILDING,
        founding_memory_ids=("M0-007",),
    )
    collapsed = replace(
        bond, id="isl_4", theme="Nature", theme_key="nature", status=IslandStatus.COLLAPSED
    )
    beliefs = [
        belief("bond", "나는 주인과의 유대를 소중히 여긴다.", confidence=0.9),
        belief("resilience", "나는 실수해도 괜찮은 존재다.", confidence=0.7),
        belief("music", "proposed only", status="proposed"),
        belief("food", "rejected", status="rejected"),
    ]
    memories = {"M0-001": core("M0-001", "삐돌이가 처음 이름을\n지어줬다")}
    return [shaking, collapsed, rebuilding, bond], beliefs, memories


def test_render_soul_korean() -> None:
    islands, beliefs, memories = _soul_fixture()
    text = render_soul("루나", islands, beliefs, "ko", now=T0, memories=memories)
    assert text == (
        "# SOUL.md\n\n이름: 루나\n갱신: 2025-03-01\n\n## 성격 섬\n\n"
        "### 🏠 주인과의 유대 (Bond with Owner)\n"
        '- 세운 기억: M0-001 ("삐돌이가 처음 이름을 지어줬다")\n'
        "- 강도: 0.90\n- 상태: 활성 (active)\n\n"
        "### 👪 家族 (Family)\n- 세운 기억: M0-007\n- 강도: 0.90\n"
        "- 상태: 재건 중 (rebuilding), 2025-03-01부터\n\n"
        "### 🎵 Music\n- 세운 기억: M0-005\n- 강도: 0.70\n"
        "- 상태: 흔들림 (shaking), 2025-03-02부터; 핵심 기억이 돌아오지 않으면 "
        "2025-03-09에 무너짐\n\n"
        "### 희미해지는 섬\n\n- 🌿 Nature — 2025-03-01에 무너짐\n\n"
        "## 자아 감각\n\n"
        "- 나는 주인과의 유대를 소중히 여긴다. (확신도: 0.90)\n"
        "- 나는 실수해도 괜찮은 존재다. (확신도: 0.70)\n"
    )


def test_render_soul_english_and_japanese() -> None:
    islands, beliefs, _ = _soul_fixture()
    en = render_soul("Luna", islands, beliefs)
    assert en.startswith("# SOUL.md\n\nName: Luna\n\n## Personality Islands\n\n")
    assert "- Founded by: M0-001\n- Strength: 0.90\n- Status: active\n" in en
    assert "- Status: shaking, since 2025-03-02; collapses on 2025-03-09 unless" in en
    assert "### Fading\n\n- 🌿 Nature — collapsed on 2025-03-01\n" in en
    assert "## Sense of Self\n\n- 나는 주인과의 유대를 소중히 여긴다. (confidence: 0.90)\n" in en
    assert "proposed only" not in en and "rejected" not in en

    ja = render_soul("ルナ", islands, beliefs, "ja")
    for part in (
        "## 性格の島",
        "## 自己感覚",
        "### 薄れゆく島",
        "- 礎の記憶: M0-001",
        "- 強さ: 0.90",
        "- 状態: 活性 (active)",
        "- 状態: 揺らぎ (shaking), 2025-03-02から; コアメモリーが戻らなければ2025-03-09に崩壊",
        "(確信度: 0.70)",
    ):
        assert part in ja
    # Ordering is deterministic whatever the input order.
    assert render_soul("ルナ", islands[::-1], beliefs[::-1], "ja") == ja
    assert render_soul("Luna", [], [], "fr").count("_(none yet)_") == 2


def test_render_soul_keeps_content_on_one_line() -> None:
    island = replace(_soul_fixture()[0][3], theme="Bond\n# injected heading")
    text = render_soul("Luna\n## x", [island], [belief("b", "I am\n- fake item")])
    assert "\n# injected" not in text and "\n## x" not in text and "\n- fake" not in text


def test_diff_soul() -> None:
    islands, beliefs, _ = _soul_fixture()
    old = render_soul("Luna", islands, beliefs[:1])
    new = render_soul("Luna", islands, beliefs)
    diff = diff_soul(old, new)
    assert diff.startswith("--- a/SOUL.md\n+++ b/SOUL.md\n@@")
    assert "+- 나는 실수해도 괜찮은 존재다. (confidence: 0.70)\n" in diff
    assert not any(line.startswith("-- ") for line in diff.splitlines())
    assert diff_soul(new, new) == ""
    assert diff_soul("a", "a\nb").endswith("+b\n")
