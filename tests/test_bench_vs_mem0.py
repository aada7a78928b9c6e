"""The side-by-side benchmark against Mem0: its error path without Mem0 (the main
environment never has it), the local embeddings endpoint, and, where Mem0 is installed
(``make bench-mem0``), a small real run."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
import urllib.error
import urllib.request
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

from soulmem.bench.embed_server import EmbeddingServer
from soulmem.bench.locomo import Turn
from soulmem.bench.vs_mem0 import _InProcessEmbedder, require_mem0, run_vs_mem0, turn_text
from soulmem.cli import app
from soulmem.embed import FakeEmbedder
from soulmem.errors import DependencyMissing

HAS_MEM0 = importlib.util.find_spec("mem0") is not None
DEV_FILE = Path(__file__).parents[1].parent / "shared" / "datasets" / "locomo" / "locomo_dev.json"
ROOT = Path(__file__).parents[1]


def _post(url: str, body: Any) -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


@pytest.mark.skipif(HAS_MEM0, reason="Mem0 is installed in this environment")
def test_without_mem0_the_command_says_how_to_get_it(tmp_path: Path) -> None:
    with pytest.raises(DependencyMissing, match="make bench-mem0"):
        require_mem0()
    with pytest.raises(DependencyMissing):
        run_vs_mem0(tmp_path / "missing.json", FakeEmbedder())  # checked before the data
    result = CliRunner().invoke(app, ["bench", "vs-mem0", "--data", str(ROOT / "README.md")])
    assert isinstance(result.exception, DependencyMissing)
    proc = subprocess.run(
        [sys.executable, "-c", "from soulmem.cli import main; main()", "bench", "vs-mem0"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin", "COLUMNS": "200"},
        timeout=120,
        check=False,
    )
    assert proc.returncode == 2
    assert "make bench-mem0" in proc.stderr


def test_cli_rejects_a_bad_embed_mode_and_a_missing_file(tmp_path: Path) -> None:
    runner = CliRunner(env={"COLUMNS": "300"})
    missing = runner.invoke(app, ["bench", "vs-mem0", "--data", str(tmp_path / "x.json")])
    assert missing.exit_code == 2 and "not found" in missing.output
    readme = str(ROOT / "README.md")
    mode = runner.invoke(app, ["bench", "vs-mem0", "--data", readme, "--mem0-embed", "grpc"])
    assert mode.exit_code == 2 and "inprocess or http" in mode.output


def test_embedding_server_speaks_the_openai_embeddings_api() -> None:
    embedder = FakeEmbedder()
    with EmbeddingServer(embedder) as server:
        assert server.base_url.startswith("http://127.0.0.1:")
        status, body = _post(server.base_url + "/embeddings", {"input": ["a cat", "a dog"]})
        assert status == 200 and body["object"] == "list"
        got = np.array([d["embedding"] for d in body["data"]], dtype=np.float32)
        assert np.allclose(got, embedder.embed_documents(["a cat", "a dog"]), atol=1e-6)
        server.mode = "query"
        status, body = _post(server.base_url + "/embeddings", {"input": "a cat"})
        assert status == 200 and len(body["data"]) == 1
        assert np.allclose(body["data"][0]["embedding"], embedder.embed_query("a cat"))
        assert _post(server.base_url + "/embeddings", {"input": [1, 2]})[0] == 400
        assert _post(server.base_url + "/nothing", {"input": "x"})[0] == 404
        assert server.requests == 2


def test_embedding_server_embeds_queries_and_passages_differently() -> None:
    class Prefixed(FakeEmbedder):
        def embed_query(self, text: str) -> Any:
            return super().embed_query("query " + text)

    embedder = Prefixed()
    with EmbeddingServer(embedder) as server:
        passage = _post(server.base_url + "/embeddings", {"input": "tea"})[1]["data"][0]
        server.mode = "query"
        query = _post(server.base_url + "/embeddings", {"input": "tea"})[1]["data"][0]
    assert not np.allclose(passage["embedding"], query["embedding"])


def test_in_process_embedder_follows_mem0s_memory_action() -> None:
    class Prefixed(FakeEmbedder):
        def embed_query(self, text: str) -> Any:
            return super().embed_query("query " + text)

    embedder = Prefixed()
    adapter = _InProcessEmbedder(embedder)
    assert np.allclose(adapter.embed("tea", "search"), embedder.embed_query("tea"))
    assert np.allclose(adapter.embed("tea", "add"), embedder.embed_documents(["tea"])[0])
    assert len(adapter.embed_batch(["a", "b"])) == 2


def test_turn_text_carries_what_soulmem_indexes() -> None:
    at = datetime(2023, 5, 8, 13, 56, tzinfo=UTC)
    turn = Turn("D1:3", "Caroline", "Look at this!", 1, at, caption="a photo of a dog")
    text = turn_text(turn)
    assert "Caroline: Look at this!" in text and "a photo of a dog" in text
    assert "2023" in text
    assert "shared" not in turn_text(Turn("D1:4", "Mel", "Hi", 1, at))


@pytest.mark.skipif(not HAS_MEM0, reason="Mem0 lives only in the benchmark environment")
@pytest.mark.skipif(not DEV_FILE.exists(), reason="LoCoMo is not in ../shared/datasets")
@pytest.mark.parametrize("mode", ["inprocess", "http"])
def test_side_by_side_small_run(mode: str) -> None:
    result = run_vs_mem0(
        DEV_FILE,
        FakeEmbedder(),
        conversations=1,
        questions=4,
        mem0_embed=mode,  # type: ignore[arg-type]
    )
    for name in ("soulmem", "mem0"):
        assert result[name]["ingest_s"] > 0
        assert 0 < result[name]["search_ms"]["p50"] <= result[name]["search_ms"]["p95"]
        assert 0 <= result[name]["R@10"] <= 100
    assert result["n_questions"] == 4
    assert result["search_p95_ratio"] == round(
        result["mem0"]["search_ms"]["p95"] / result["soulmem"]["search_ms"]["p95"], 2
    )
    assert (result["server_requests"] > 0) == (mode == "http")
