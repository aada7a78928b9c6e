"""`soulmem bench embedders`: per-call timings of embedders side by side on LoCoMo text,
and the agreement of two engines of one model."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from soulmem.bench.embedders import run_embedders
from soulmem.cli import app
from soulmem.embed import E5Embedder, FakeEmbedder
from soulmem.errors import InvalidInput

DEV_FILE = Path(__file__).parents[1].parent / "shared" / "datasets" / "locomo" / "locomo_dev.json"


@pytest.fixture
def dev_file() -> Path:
    if not DEV_FILE.exists():
        pytest.skip(f"{DEV_FILE} not found (../shared/datasets beside the repo)")
    return DEV_FILE


def test_timings_for_each_embedder_and_agreement_of_one_model(dev_file: Path) -> None:
    out = run_embedders(
        dev_file,
        {"a": FakeEmbedder(), "b": FakeEmbedder()},
        questions=5,
        turns=7,
        batch=3,
        rounds=2,
    )
    assert out["texts"] == {"questions": 5, "turns": 7, "batch": 3}
    for name in ("a", "b"):
        row = out[name]
        assert row["model"] == FakeEmbedder().name and row["engine"] is None
        assert 0 < row["query_ms"]["p50"] <= row["query_ms"]["p95"] <= row["query_ms"]["max"]
        assert 0 < row["turn_ms"]["p50"] <= row["turn_ms"]["max"]
        assert row["batch_turns_per_s"] > 0
    assert out["agreement"] == {"a vs b": {"min_cosine_queries": 1.0, "min_cosine_turns": 1.0}}


def test_bad_input_is_refused(dev_file: Path) -> None:
    with pytest.raises(InvalidInput, match="at least one"):
        run_embedders(dev_file, {})
    with pytest.raises(InvalidInput, match="positive"):
        run_embedders(dev_file, {"a": FakeEmbedder()}, questions=0)
    result = CliRunner().invoke(app, ["bench", "embedders", "--embedders", " , ", "--json"])
    assert result.exit_code != 0 and "at least one embedder" in result.output
    result = CliRunner().invoke(app, ["bench", "embedders", "--data", "nowhere.json"])
    assert result.exit_code != 0 and "not found" in result.output


def test_cli_prints_one_json_object(dev_file: Path) -> None:
    result = CliRunner().invoke(
        app,
        [
            *("bench", "embedders", "--embedders", "fake", "--data", str(dev_file), "--json"),
            *("--questions", "3", "--turns", "4", "--rounds", "1"),
        ],
        catch_exceptions=False,
    )
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert set(out) == {"fake", "agreement", "texts", "rounds"} and out["agreement"] == {}


@pytest.mark.slow
def test_the_two_e5_engines_agree(dev_file: Path) -> None:
    out = run_embedders(
        dev_file,
        {"e5": E5Embedder(), "bundled": E5Embedder(engine="bundled"), "fake": FakeEmbedder()},
        questions=10,
        turns=10,
        rounds=1,
    )
    assert out["bundled"]["engine"] == "bundled"
    assert out["e5"]["engine"] in ("native-vnni", "bundled")
    pair = out["agreement"]["e5 vs bundled"]
    assert pair["min_cosine_queries"] > 0.9995 and pair["min_cosine_turns"] > 0.9995
    assert set(out["agreement"]) == {"e5 vs bundled"}  # other models are not compared
