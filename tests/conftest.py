from __future__ import annotations

import os
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
