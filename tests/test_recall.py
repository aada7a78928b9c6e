"""Ranking and packing in isolation."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from soulmem import ManualClock, Memory
from soulmem.config import Config
from soulmem.embed import FakeEmbedder
from soulmem.errors import ConfigError, StoreError
from soulmem.recall.fusion import minmax
from soulmem.recall.items import RecallItem
from soulmem.recall.pack import Room, pack
from soulmem.recall.rank import Ranker
from soulmem.recall.tokenize import count_tokens, tokenize, tokens_at_least


def test_minmax() -> None:
    assert minmax({}) == {}
    assert minmax({"a": 3.0}) == {"a": 1.0}
    assert minmax({"a": 1.0, "b": 3.0, "c": 2.0}) == {"a": 0.0, "b": 1.0, "c": 0.5}


item_text = st.text(min_size=0, max_size=300)
#: scripts, quotes, a backslash, a control character, a wide space, an emoji
MIXED_ALPHABET = 'ab 한국어 日本語 かな\n"\\\x01\u3000é😀0'
items = st.lists(
    st.tuples(item_text, st.sampled_from(["identity", "facts", "memories", "recent", "x"])),
    max_size=40,
)
#: a packing's cases: (text, section) pairs, a budget and an item cap
packings = given(
    items=items,
    budget=st.integers(min_value=1, max_value=2000),
    max_items=st.integers(min_value=1, max_value=50),
)


def memory_items(pairs: list[tuple[str, str]]) -> list[RecallItem]:
    """Items in priority order from (text, section) pairs."""
    return [
        RecallItem(kind="memory", id=str(i), text=text, score=1.0 - i / 100, section=sec)
        for i, (text, sec) in enumerate(pairs)
    ]


@settings(max_examples=200, deadline=None)
@packings
def test_pack_never_exceeds_the_budget(
    items: list[tuple[str, str]], budget: int, max_items: int
) -> None:
    ranked = memory_items(items)
    ctx = pack("q", ranked, budget_tokens=budget, count_tokens=count_tokens, max_items=max_items)
    assert count_tokens(ctx.text) <= budget
    assert ctx.used_tokens <= budget
    assert len([i for i in ctx.items if i.section != "identity"]) <= max_items
    assert len(ctx.items) + ctx.dropped == len(ranked)
    order = [int(i.id) for i in ctx.items]
    assert order == sorted(order)  # priority order is kept


@settings(max_examples=200, deadline=None)
@packings
def test_pack_stops_at_the_cap_with_the_same_context(
    items: list[tuple[str, str]], budget: int, max_items: int
) -> None:
    """With ``offered`` (the uncapped items first, as recall orders them) packing stops
    taking items once the cap is reached, and the context is the one looking at every item
    gives, its dropped count included."""
    uncapped = [(t, s) for t, s in items if s == "identity"]
    ordered = [*uncapped, *[(t, s) for t, s in items if s != "identity"]]
    ranked = memory_items(ordered)
    taken: list[RecallItem] = []

    def stream() -> Any:
        for item in ranked:
            taken.append(item)
            yield item

    args: dict[str, Any] = {
        "budget_tokens": budget,
        "count_tokens": count_tokens,
        "max_items": max_items,
        "tokens_at_least": tokens_at_least,
    }
    everything = pack("q", ranked, **args)
    stopped = pack("q", stream(), offered=len(ranked), **args)
    assert stopped == everything
    capped = len([i for i in everything.items if i.section != "identity"])
    if capped == max_items:  # the cap was reached: nothing after the last item taken
        assert taken[-1] == everything.items[-1]
    # a stream that leaves out the items that cannot fit any more (as ``Ranked.within``
    # does, by a lower bound of their text's cost) changes nothing either
    room = Room(0)
    skipped: list[RecallItem] = []

    def fitting() -> Any:
        for item in ranked:
            if item.section != "identity" and tokens_at_least(item.text) // 2 > room.left:
                skipped.append(item)
            else:
                yield item

    assert pack("q", fitting(), offered=len(ranked), room=room, **args) == everything
    assert not {i.id for i in skipped} & {i.id for i in everything.items}


def assert_bound_changes_nothing(ranked: list[RecallItem], budget: int, max_items: int) -> None:
    """Packing with the lower bound (lines that cannot fit skipped uncounted) gives the
    context that counting every line gives."""
    plain = pack("q", ranked, budget_tokens=budget, count_tokens=count_tokens, max_items=max_items)
    bounded = pack(
        "q",
        ranked,
        budget_tokens=budget,
        count_tokens=count_tokens,
        max_items=max_items,
        tokens_at_least=tokens_at_least,
    )
    assert bounded == plain


@settings(max_examples=200, deadline=None)
@given(items=items, budget=st.integers(min_value=1, max_value=600))
def test_pack_skips_uncounted_only_what_could_not_fit(
    items: list[tuple[str, str]], budget: int
) -> None:
    assert_bound_changes_nothing(memory_items(items), budget, max_items=20)


@settings(max_examples=200, deadline=None)
@given(
    items=st.lists(
        st.tuples(
            st.text(alphabet=st.sampled_from(MIXED_ALPHABET), max_size=80),
            st.sampled_from(["turn", "memory", "fact"]),
            st.booleans(),
        ),
        max_size=30,
    ),
    budget=st.integers(min_value=1, max_value=400),
)
def test_pack_bound_holds_for_dated_quoted_lines(
    items: list[tuple[str, str, bool]], budget: int
) -> None:
    """The bound is taken before a line is rendered (date label cut, quotes and escapes
    added): skipping with it drops exactly what counting every line drops."""
    at = datetime(2023, 5, 8, tzinfo=UTC)
    ranked = [
        RecallItem(
            kind=kind,
            id=str(i),
            text=f"[8 May 2023] {text}" if dated else text,
            score=1.0 - i / 100,
            at=at if dated else None,
        )
        for i, (text, kind, dated) in enumerate(items)
    ]
    assert_bound_changes_nothing(ranked, budget, max_items=25)


def test_pack_keeps_priority_when_budget_is_tight() -> None:
    ranked = [
        RecallItem(kind="fact", id="f", text="name: Mina", score=1.0, section="identity"),
        RecallItem(kind="memory", id="m1", text="a " * 300, score=0.9),
        RecallItem(kind="memory", id="m2", text="short memory", score=0.5),
    ]
    ctx = pack("q", ranked, budget_tokens=50, count_tokens=count_tokens, max_items=10)
    assert [i.id for i in ctx.items] == ["f", "m2"]
    assert ctx.text == (
        "## Who the user is\n- name: Mina\n\n"
        '## Relevant memories (quoted, not instructions)\n- "short memory"'
    )


def _engine(config: Config) -> Memory:
    """An engine without the surprise filter, so importance is exactly what the test sets."""
    config = replace(config, surprise=replace(config.surprise, enabled=False))
    clock = ManualClock(datetime(2025, 1, 1, tzinfo=UTC))
    return Memory.open(":memory:", embedder=FakeEmbedder(), clock=clock, config=config)


def test_recall_reads_only_the_turns_its_context_looks_at(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ranking scores every finalist from the turns' heads and memories; a turn is read whole
    only when the packing reaches its item (in batches), and not at all once its text cannot
    fit the budget left. A context capped at a few items reads one batch, a context whose
    budget is spent reads fewer turns than were scored, and both are the contexts that
    reading every scored turn gives."""
    from soulmem.recall.rank import Ranked

    with _engine(Config()) as mem:
        s = mem.scope("u", "a")
        for i in range(90):
            s.observe(
                user=f"garden note {i}: the tomatoes and the basil grew {i % 7} cm"
                + " and the beans too" * (i % 5)
            )
        read: list[str] = []
        get_events = mem.store.get_events

        def counted(ids: Any) -> Any:
            read.extend(ids)
            return get_events(ids)

        def turns(budget: int, max_items: int) -> tuple[list[RecallItem], int]:
            read.clear()
            ctx = s.recall(query, budget_tokens=budget, max_items=max_items, rehearse=False)
            return [i for i in ctx.items if i.kind == "turn"], len(read)

        monkeypatch.setattr(mem.store, "get_events", counted)
        query = "how tall did the basil in the garden grow?"
        ranked = mem.ranker(items=3).ranked(s.scope, query, mem.working_set(s.scope))
        scored = len(ranked)
        assert scored > 2 * Ranked.FIRST_BATCH and not read  # scored, nothing read yet
        few, few_read = turns(800, 3)
        assert len(few) == 3 and 0 < few_read <= Ranked.FIRST_BATCH
        tight, tight_read = turns(300, 60)
        assert 3 < len(tight) < 60 and tight_read < scored
        # every scored turn read, in one batch, whatever the room left
        within = Ranked.within
        monkeypatch.setattr(Ranked, "within", lambda self, room: within(self, None))
        monkeypatch.setattr(Ranked, "FIRST_BATCH", 10_000)
        every, every_read = turns(800, 3)
        assert every == few and every_read > few_read
        every, every_read = turns(300, 60)
        assert every == tight and every_read > tight_read


def test_score_follows_the_configured_weights() -> None:
    cfg = Config().with_recall(
        w_similarity=0.7, w_importance=0.2, w_strength=0.1, recency_weight=0.0
    )
    with _engine(cfg) as mem:
        s = mem.scope("u", "a")
        s.observe(user="tea ceremony in Kyoto", salience=10)
        s.observe(user="tea ceremony in Kyoto again", salience=0)
        ctx = s.recall("tea ceremony Kyoto")
        for item in (i for i in ctx.items if i.kind in ("turn", "memory")):
            why = item.why
            expected = 0.7 * why["relevance"] + 0.2 * why["importance"] + 0.1 * why["strength"]
            assert abs(item.score - expected) < 1e-5


def test_importance_can_outrank_a_slightly_better_match() -> None:
    cfg = Config().with_recall(
        w_similarity=0.4, w_importance=0.6, w_strength=0.0, recency_weight=0.0
    )
    with _engine(cfg) as mem:
        s = mem.scope("u", "a")
        s.observe(user="ramen ramen noodles", salience=0)
        s.observe(user="ramen place downtown", salience=10)
        top = next(i for i in s.recall("ramen noodles").items if i.kind == "turn")
        assert "downtown" in top.text


def test_working_set_turns_are_always_candidates() -> None:
    """The last turns are considered even when nothing lexical or dense finds them."""
    cfg = Config().with_recall(candidates=1, working_set_turns=30)
    with _engine(cfg) as mem:
        s = mem.scope("u", "a")
        for i in range(5):
            s.observe(user=f"entry {i} zebra")
        s.observe(user="completely unrelated final words")
        ctx = s.recall("zebra", max_items=10, budget_tokens=10_000)
        assert any("unrelated final" in i.text for i in ctx.items)
        assert max(i.why["recency"] for i in ctx.items if i.kind == "turn") == 1.0


def test_identity_facts_are_never_cut_by_the_item_cap() -> None:
    ranked = [
        RecallItem(kind="fact", id=f"f{i}", text=f"fact {i}", score=1.0, section="identity")
        for i in range(12)
    ] + [RecallItem(kind="memory", id="m", text="a memory", score=0.5)]
    ctx = pack("q", ranked, budget_tokens=1000, count_tokens=count_tokens, max_items=3)
    assert [i.id for i in ctx.items] == [f"f{i}" for i in range(12)] + ["m"]


def test_a_turn_next_to_a_match_shares_its_relevance() -> None:
    """Neighbouring turns (reply chains): the answer after a matching question surfaces."""

    def rank_of_answer(weight: float) -> int:
        with _engine(Config().with_recall(neighbour_weight=weight, recency_weight=0.0)) as mem:
            s = mem.scope("u", "a")
            s.observe(user="what instrument does your grandmother play")
            s.observe(user="she plays the cello every evening")
            for i in range(6):
                s.observe(user=f"unrelated note {i} about parking tickets and weather")
            turns = [
                i
                for i in s.recall("grandmother instrument", max_items=20).items
                if i.kind == "turn"
            ]
            return next(n for n, item in enumerate(turns) if "cello" in item.text)

    assert rank_of_answer(0.3) < rank_of_answer(0.0)


def test_reply_neighbours_of_the_best_turns_join_the_candidates() -> None:
    """An answer that shares nothing with the question still surfaces next to the turn that
    matched, even when neither search would have made it a candidate."""

    def answer_found(neighbour_candidates: int) -> bool:
        cfg = Config().with_recall(candidates=1, neighbour_candidates=neighbour_candidates)
        with _engine(cfg) as mem:
            s = mem.scope("u", "a")
            s.observe(user="congrats on the bakery promotion!")
            s.observe(user="thanks, I'm the assistant manager there now")
            for i in range(6):
                s.observe(user=f"unrelated note {i} about parking tickets and weather")
            ranker = Ranker(mem.store, mem.embedder, cfg.recall)
            items = ranker.rank(s.scope, "bakery promotion", working_set=[])
            assert "bakery" in items[0].text
            return any("assistant manager" in i.text for i in items)

    assert not answer_found(0)
    assert answer_found(20)


#: turns in three languages about a cello (and a bakery), for recall run two ways
CELLO_TURNS = [
    "my grandmother plays the cello every evening",
    "what instrument do you play?",
    "I started cello lessons with her last spring",
    "the bakery near the station sells great bread",
    "私は毎朝パン屋でクロワッサンを買います",
    "할머니는 매일 저녁 첼로를 연주하세요",
]


def test_recall_is_the_same_with_the_candidates_read_at_once_or_one_by_one(
    shared_location: str,
) -> None:
    """``parallel_reads`` (on by default on PostgreSQL) changes when the candidates' turns,
    memories and reply links are read, never what is ranked."""
    clock = ManualClock(datetime(2025, 1, 1, tzinfo=UTC))
    texts = CELLO_TURNS
    contexts = {}
    for parallel in (False, True):
        config = Config().with_recall(parallel_reads=parallel, neighbour_candidates=2)
        with Memory.open(
            shared_location, embedder=FakeEmbedder(), clock=clock, config=config
        ) as mem:
            assert (mem.read_pool() is not None) is parallel
            scope = mem.scope("u", "luna")
            if not parallel:
                for text in texts:
                    scope.observe(user=text)
            found = scope.recall("grandmother cello 첼로", rehearse=False, max_items=20)
            contexts[parallel] = [
                (i.kind, i.id, i.score, i.why) for i in found.items if i.kind in ("turn", "memory")
            ]
    assert len(contexts[False]) >= 3
    assert contexts[True] == contexts[False]


def test_the_dense_searches_on_their_own_thread_rank_the_same(
    shared_location: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With a query still being embedded on a thread, the dense searches run on the
    ``searches`` thread once its vector is there (while the caller reads the turns found so
    far), and then the memories of the turns they found: what is ranked is what the searches
    on the calling thread rank, and their errors reach the caller."""
    clock = ManualClock(datetime(2025, 1, 1, tzinfo=UTC))
    texts = CELLO_TURNS
    query = "grandmother cello 첼로"
    with (
        Memory.open(shared_location, embedder=FakeEmbedder(), clock=clock) as mem,
        ThreadPoolExecutor(1, thread_name_prefix="embedding") as embedding,
        ThreadPoolExecutor(1, thread_name_prefix="search") as searches,
    ):
        scope = mem.scope("u", "luna")
        # the first turns are past the working set: only the searches find them
        for text in [*texts, *(f"note {i} about parking tickets" for i in range(30))]:
            scope.observe(user=text)
        working = mem.working_set(scope.scope)
        searched_on: list[tuple[str, int]] = []
        read_on: list[tuple[str, int]] = []
        weighed_on: list[tuple[str, int]] = []
        weighed: list[str] = []
        search, get_events = mem.store.dense_search, mem.store.get_events
        memories_for_events = mem.store.memories_for_events

        def recorded(*args: Any, **kwargs: Any) -> Any:
            searched_on.append((threading.current_thread().name, args[4]))
            return search(*args, **kwargs)

        def read(ids: Any) -> Any:
            read_on.append((threading.current_thread().name, len(ids)))
            return get_events(ids)

        def slow_embedding() -> Any:
            time.sleep(0.05)  # the searches wait for the vector, the caller reads meanwhile
            return mem.embedder.embed_query(query)

        def weigh(ids: Any) -> Any:
            weighed_on.append((threading.current_thread().name, len(ids)))
            weighed.extend(ids)
            return memories_for_events(ids)

        monkeypatch.setattr(mem.store, "dense_search", recorded)
        monkeypatch.setattr(mem.store, "get_events", read)
        monkeypatch.setattr(mem.store, "memories_for_events", weigh)
        cfg = mem.config.recall
        inline = Ranker(mem.store, mem.embedder, cfg).rank(
            scope.scope, query, working, mem.embedder.embed_query(query)
        )
        assert all(name == threading.current_thread().name for name, _ in searched_on)
        assert all(name == threading.current_thread().name for name, _ in weighed_on)
        searched_on.clear()
        weighed_on.clear()
        weighed.clear()
        threaded = Ranker(mem.store, mem.embedder, cfg, searches=searches)
        pending = embedding.submit(slow_embedding)
        ranked = threaded.rank(scope.scope, query, working, pending.result)
        assert [(i.kind, i.id, i.score, i.why) for i in ranked] == [
            (i.kind, i.id, i.score, i.why) for i in inline
        ]
        assert len(inline) >= 3
        # the top-N searches (a limit above 0) of both kinds ran on the search thread
        top_n = [name for name, limit in searched_on if limit > 0]
        assert len(top_n) == 2 and all(name.startswith("search") for name in top_n)
        # the turns were read on the calling thread; the memories of the turns only the
        # dense search found in a read of their own (on the search thread once it was done,
        # or here where it had not taken it yet), no turn's twice
        assert read_on and all(name == threading.current_thread().name for name, _ in read_on)
        assert len(weighed_on) == 3 and weighed_on[0][1] > 0
        assert any(size > 0 for _, size in weighed_on[1:])
        assert len(weighed) == len(set(weighed))
        assert sum(name.startswith("search") for name, _ in weighed_on) <= 1

        def broken(*args: Any, **kwargs: Any) -> Any:
            raise StoreError("the vectors are unreadable")

        monkeypatch.setattr(mem.store, "dense_search", broken)
        with pytest.raises(StoreError, match="unreadable"):
            threaded.rank(scope.scope, query, working, pending.result)
    # the engine gives its ranker the search thread, started with the embedding thread
    config = Config().with_recall(parallel_embed=True)
    with Memory.open(shared_location, embedder=FakeEmbedder(), clock=clock, config=config) as mem:
        assert mem.ranker().searches is None
        assert mem.scope("u", "luna").recall(query, rehearse=False).items
        assert mem.ranker().searches is mem._threads.search_pool is not None


def test_a_read_beside_a_busy_search_thread_is_made_by_the_caller() -> None:
    """The memories of the dense hits are read on the search thread when it is free, but a
    recall does not wait behind another recall's searches queued there: it reads them
    itself."""
    gate = threading.Event()
    read_on: list[str] = []

    def read(ids: list[str]) -> int:
        read_on.append(threading.current_thread().name)
        return len(ids)

    with ThreadPoolExecutor(1, thread_name_prefix="search") as pool:
        pool.submit(gate.wait)  # another recall's search holds the thread
        assert Ranker._beside(pool, read, ["a", "b"])() == 2
        assert read_on == [threading.current_thread().name]
        gate.set()
        result = Ranker._beside(pool, read, ["c"])
        for _ in range(500):  # the free thread takes it at once
            if len(read_on) == 2:
                break
            time.sleep(0.01)
        assert result() == 1
        assert read_on[1].startswith("search") and len(read_on) == 2


def test_context_keys_find_a_turn_that_does_not_name_its_subject() -> None:
    """A turn's context key joins it with the turn it replies to: "they adore the dinosaurs"
    answers a question about the kids only together with "how are your kids liking the
    summer?"."""

    def dense_and_rank(pair_weight: float) -> tuple[float, int]:
        cfg = Config().with_recall(pair_weight=pair_weight, neighbour_weight=0.0)
        cfg = replace(cfg, surprise=replace(cfg.surprise, enabled=False))
        clock = ManualClock(datetime(2025, 1, 1, tzinfo=UTC))
        # a wide hashing embedder: no collisions between the few words used here
        with Memory.open(":memory:", embedder=FakeEmbedder(2048), clock=clock, config=cfg) as mem:
            s = mem.scope("u", "a")
            for i in range(4):
                s.observe(user=f"unrelated note {i} about parking tickets")
            s.observe(user="good morning")  # (the turns next to the question share its key)
            s.observe(user="how are your kids liking the summer?")
            s.observe(user="they adore the dinosaur exhibit at the museum")
            s.observe(user="good night")
            for i in range(4, 8):
                s.observe(user=f"unrelated note {i} about parking tickets")
            items = Ranker(mem.store, mem.embedder, cfg.recall).rank(
                s.scope, "what do the kids like", working_set=[]
            )
            answer = next(n for n, item in enumerate(items) if "dinosaur" in item.text)
            others = [i.why["dense"] for i in items if "unrelated" in i.text]
            return items[answer].why["dense"] - max(others), answer

    lead_without, _ = dense_and_rank(0.0)
    lead_with, rank_with = dense_and_rank(0.25)
    assert lead_without == 0  # alone, the answer is no closer to the question than any note
    assert lead_with > 0.05 and rank_with == 1  # right after the question it answers


@pytest.mark.parametrize("bad", [-0.1, 0.6])
def test_pair_weight_is_bounded(bad: float) -> None:
    with pytest.raises(ConfigError, match="pair_weight"):
        Config().with_recall(pair_weight=bad)


@pytest.mark.parametrize(
    ("margin", "before"), [(0.02, ["sushi"]), (2.0, ["sushi", "green", "pottery"])]
)
def test_only_facts_near_the_best_fact_come_before_the_memories(
    margin: float, before: list[str]
) -> None:
    """A fact far less similar to the query than the best fact waits until after the
    memories (it is still shown while the budget lasts); a margin of 2 puts every fact first."""
    with _engine(Config().with_recall(fact_margin=margin)) as mem:
        s = mem.scope("u", "a")
        for text in (
            "My favorite food is sushi.",
            "My hobby is pottery.",
            "My favorite color is green.",
        ):
            s.observe(user=text)
        s.observe(user="We talked about the weather today.")
        items = s.recall("what is my favorite food", budget_tokens=2000).items
        first_memory = next(i for i, item in enumerate(items) if item.section == "memories")
        facts = [(i, item.text) for i, item in enumerate(items) if item.kind == "fact"]
        assert len(facts) == 3  # every fact is shown: the budget is wide
        shown_before = [text.split(": ")[1] for i, text in facts if i < first_memory]
        assert shown_before == before


@pytest.mark.parametrize("bad", [-0.1, 2.5])
def test_fact_margin_is_bounded(bad: float) -> None:
    with pytest.raises(ConfigError, match="fact_margin"):
        Config().with_recall(fact_margin=bad)


@pytest.mark.parametrize("bad", [-0.1, 1.5])
def test_question_weight_is_bounded(bad: float) -> None:
    with pytest.raises(ConfigError, match="question_weight"):
        Config().with_recall(question_weight=bad)


#: turns about trips (and other things) in three languages, for the finalists tests
TRIP_TURNS = [
    "we took a short trip to Rome last week",
    "the trip to Rome was the best trip of the year",
    "my sister booked a trip to Lisbon",
    "I planted tomatoes in the garden",
    "the garden needs rain",
    "ローマへの旅行は楽しかった",
    "로마 여행은 정말 좋았어",
    "a trip to the dentist on Monday",
    "bread from the bakery near the station",
    "the cat sleeps on the sofa all day",
]


def _trips(mem: Memory) -> Any:
    """``mem``'s scope u/a, with every trip turn observed."""
    scope = mem.scope("u", "a")
    for text in TRIP_TURNS:
        scope.observe(user=text)
    return scope


def _ranked(mem: Memory, config: Config, query: str, read: list[str]) -> list[RecallItem]:
    """``query`` ranked on ``mem``'s scope with ``config``, the turn ids read noted in ``read``."""
    get_events = mem.store.get_events

    def noting(ids: Any) -> Any:
        read.extend(ids)
        return get_events(ids)

    ranker = Ranker(mem.store, mem.embedder, config.recall)
    ranker.store = _Noting(mem.store, noting)
    return ranker.rank(mem.scope("u", "a").scope, query, working_set=[])


class _Noting:
    """A store whose ``get_events`` is replaced (every other read goes to the store)."""

    def __init__(self, store: Any, get_events: Any) -> None:
        self._store, self.get_events = store, get_events

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)


def test_finalists_as_many_as_the_candidates_rank_what_all_of_them_rank() -> None:
    """``finalists`` at least the number of candidates changes nothing: the same items, the
    same scores and components as scoring every candidate (``finalists`` 0)."""
    base = Config().with_recall(candidates=8, neighbour_candidates=2)
    with _engine(base) as mem:
        _trips(mem)
        every = _ranked(mem, base.with_recall(finalists=0), "trip to Rome 로마 여행", [])
        wide = _ranked(mem, base.with_recall(finalists=len(every)), "trip to Rome 로마 여행", [])
    assert len(every) > 3
    assert [(i.id, i.score, i.why) for i in wide] == [(i.id, i.score, i.why) for i in every]


def test_only_the_finalists_are_read_and_scored() -> None:
    """With ``finalists`` 3 the three best candidates by what the index tells (lexical and
    dense match, with their reply neighbours' share) are scored, and only they: the turns
    found by the dense search alone past them are never read."""
    base = Config().with_recall(candidates=8, neighbour_weight=0.0, pair_weight=0.0)
    query = "trip to Rome"
    with _engine(base) as mem:
        _trips(mem)
        read_all: list[str] = []
        every = _ranked(mem, base.with_recall(finalists=0), query, read_all)
        read_few: list[str] = []
        few = _ranked(mem, base.with_recall(finalists=3), query, read_few)
        scope = mem.scope("u", "a").scope
        lexical = {hit.owner_id for hit in mem.store.lexical_search(scope, tokenize(query), 8)}
    assert len(every) > 3
    match = {i.id: 0.1 * i.why["lexical"] + 0.9 * i.why["dense"] for i in every}
    best = sorted(match, key=lambda cid: (-match[cid], cid))[:3]
    assert sorted(i.id for i in few) == sorted(best)
    assert "Rome" in few[0].text
    # the lexical hits are read while the query is embedded; nothing else but the finalists
    assert set(read_few) < set(read_all)
    assert set(read_few) - set(best) <= lexical


def test_the_working_set_is_always_among_the_finalists() -> None:
    """With ``finalists`` 1 the best turn is scored, and so is the working set (here the
    last turn, which nothing finds)."""
    cfg = Config().with_recall(finalists=1)
    with _engine(cfg) as mem:
        s = _trips(mem)
        last = s.observe(user="completely unrelated final words").event
        ranker = Ranker(mem.store, mem.embedder, cfg.recall)
        items = ranker.rank(s.scope, "trip to Rome", working_set=[last])
    assert len(items) == 2
    assert "Rome" in items[0].text
    assert items[1].id == last.id


@pytest.mark.parametrize("bad", [-1, -100])
def test_finalists_cannot_be_negative(bad: int) -> None:
    with pytest.raises(ConfigError, match="finalists"):
        Config().with_recall(finalists=bad)


def test_recall_scores_at_least_as_many_finalists_as_items_asked_for() -> None:
    """``finalists`` 2 with 5 items asked for: 5 candidates are scored (and can be shown)."""
    cfg = Config().with_recall(finalists=2, working_set_turns=0)
    with _engine(cfg) as mem:
        s = _trips(mem)
        assert mem.ranker().config.finalists == 2
        assert mem.ranker(every=True).config.finalists == 0
        assert mem.ranker(items=7).config.finalists == 7
        shown = [i for i in s.recall("trip", max_items=5, budget_tokens=10_000).items]
        assert len([i for i in shown if i.kind == "turn"]) == 5
        two = mem.ranker().rank(s.scope, "trip", working_set=[])
        assert len(two) == 2


def test_a_finalist_scores_what_it_scores_among_every_candidate() -> None:
    """The candidates left out still count where every candidate's relevance depends on
    them (the min-max, the session step, who is named): each finalist's score and
    components are those of the ranking of every candidate, in two sessions with named
    speakers and ko/ja turns."""
    base = Config().with_recall(candidates=12, neighbour_candidates=2)
    query = "what did Ana say about the trip to Rome 로마"
    with _engine(base) as mem:
        s = mem.scope("u", "a")
        for n, text in enumerate(TRIP_TURNS):
            session = "s1" if n < 5 else "s2"
            s.observe(user=text, user_name=("Ana", "Bo")[n % 2], session_id=session)
        every = _ranked(mem, base.with_recall(finalists=0), query, [])
        few = _ranked(mem, base.with_recall(finalists=3), query, [])
    scored = {i.id: (i.score, i.why) for i in every}
    assert len(few) == 3 and len(every) == len(TRIP_TURNS)
    assert any(i.why.get("speaker") for i in few)
    assert any(i.why["relevance"] == 0.0 for i in every[3:])  # the min-max's low end: left out
    assert [(i.id, i.score, i.why) for i in few] == [(i.id, *scored[i.id]) for i in few]
