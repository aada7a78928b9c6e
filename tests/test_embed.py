"""Embedders: the fake is deterministic, vectors are validated, OpenAI-compatible works."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import numpy as np
import pytest

from soulmem import ConfigError, EmbedderError
from soulmem.embed import Embedder, FakeEmbedder, OpenAIEmbedder, USEEmbedder, embedder_by_name
from soulmem.embed.base import normalize_rows


def test_fake_embedder_is_deterministic_and_unit_length() -> None:
    a, b = FakeEmbedder(), FakeEmbedder()
    va = a.embed_documents(["my dog Waffles", "비 오는 날"])
    assert np.array_equal(va, b.embed_documents(["my dog Waffles", "비 오는 날"]))
    assert va.shape == (2, 64) and va.dtype == np.float32
    assert np.allclose(np.linalg.norm(va, axis=1), 1.0)
    q = a.embed_query("Waffles the dog")
    assert float(va[0] @ q) > float(va[1] @ q)
    assert isinstance(a, Embedder)


def test_normalize_rows_rejects_bad_vectors() -> None:
    with pytest.raises(EmbedderError, match="shape"):
        normalize_rows([[1.0, 2.0]], dim=3, name="x")
    with pytest.raises(EmbedderError, match="non-finite"):
        normalize_rows([[1.0, float("nan"), 0.0]], dim=3, name="x")


def test_unknown_embedder_name() -> None:
    with pytest.raises(ConfigError, match="unknown embedder"):
        embedder_by_name("word2vec")


class _Handler(BaseHTTPRequestHandler):
    calls: list[dict[str, object]] = []  # noqa: RUF012

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        _Handler.calls.append(
            {"path": self.path, "body": body, "auth": self.headers.get("Authorization")}
        )
        if body["model"] == "broken":
            payload: dict[str, object] = {"error": "nope"}
        else:
            fake = FakeEmbedder(8)
            vectors = fake.embed_documents(body["input"]).tolist()
            payload = {"data": [{"index": i, "embedding": v} for i, v in enumerate(vectors)]}
        data = json.dumps(payload).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def server() -> Iterator[str]:
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/v1"
    httpd.shutdown()
    httpd.server_close()


def test_openai_compatible_embedder_over_real_http(server: str) -> None:
    _Handler.calls.clear()
    emb = OpenAIEmbedder(
        base_url=server,
        model="e5",
        dim=8,
        api_key="k",
        batch_size=2,
        query_prefix="query: ",
        document_prefix="passage: ",
    )
    docs = emb.embed_documents(["a", "b", "c"])
    assert docs.shape == (3, 8)
    assert np.allclose(
        docs, FakeEmbedder(8).embed_documents(["passage: a", "passage: b", "passage: c"]), atol=1e-6
    )
    assert emb.embed_query("q").shape == (8,)
    assert [c["path"] for c in _Handler.calls] == ["/v1/embeddings"] * 3
    assert _Handler.calls[-1]["body"] == {"model": "e5", "input": ["query: q"]}
    assert _Handler.calls[0]["auth"] == "Bearer k"
    assert emb.name == f"openai:e5@{server}"


def test_openai_compatible_embedder_errors(server: str) -> None:
    with pytest.raises(EmbedderError, match="unexpected"):
        OpenAIEmbedder(base_url=server, model="broken", dim=8).embed_query("x")
    with pytest.raises(EmbedderError, match="failed"):
        OpenAIEmbedder(base_url="http://127.0.0.1:9", model="m", dim=8, timeout=2).embed_query("x")
    with pytest.raises(ConfigError):
        OpenAIEmbedder(base_url="ftp://x", model="m", dim=8)


@pytest.mark.slow
def test_use_embedder_gives_unit_vectors() -> None:
    use = USEEmbedder()
    v = use.embed_documents(["I love my dog", "강아지를 사랑해", "こんにちは"])
    assert v.shape == (3, 512)
    assert np.allclose(np.linalg.norm(v, axis=1), 1.0, atol=1e-5)
    assert float(v[0] @ v[1]) > float(v[0] @ v[2])
