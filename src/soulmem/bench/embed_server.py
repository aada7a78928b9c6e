"""A local OpenAI-compatible ``/v1/embeddings`` endpoint over a soulmem embedder.

For benchmarks against systems that embed through an OpenAI client (Mem0): they get the
very model soulmem uses, on ``127.0.0.1`` and a free port, and nothing leaves the machine.
The OpenAI API has no query/document distinction, so the server embeds inputs as
``mode`` says (``"passage"`` while ingesting, ``"query"`` while searching): e5 gets its
prefixes the way it was trained, for both systems alike.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Literal

import numpy as np

from soulmem.embed.base import Embedder
from soulmem.errors import InvalidInput

__all__ = ["EmbeddingServer"]

Mode = Literal["passage", "query"]


class EmbeddingServer:
    """``with EmbeddingServer(embedder) as server: server.base_url`` (ends in ``/v1``)."""

    def __init__(self, embedder: Embedder, *, host: str = "127.0.0.1") -> None:
        self.embedder = embedder
        self.mode: Mode = "passage"
        self.requests = 0
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                if self.path.rstrip("/") not in ("/v1/embeddings", "/embeddings"):
                    self._reply(404, {"error": {"message": f"no route {self.path}"}})
                    return
                try:
                    length = int(self.headers.get("Content-Length") or 0)
                    body = json.loads(self.rfile.read(length) or b"{}")
                    self._reply(200, outer.respond(body))
                except (InvalidInput, ValueError) as exc:
                    self._reply(400, {"error": {"message": str(exc)}})

            def _reply(self, status: int, payload: dict[str, Any]) -> None:
                data = json.dumps(payload).encode("utf-8")
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, format: str, *args: Any) -> None:
                return

        self._server = ThreadingHTTPServer((host, 0), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}/v1"

    def respond(self, body: dict[str, Any]) -> dict[str, Any]:
        """The OpenAI embeddings response for a request body (``input``: a string or list)."""
        texts = body.get("input")
        if isinstance(texts, str):
            texts = [texts]
        if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
            raise InvalidInput("input must be a string or a list of strings")
        self.requests += 1
        if self.mode == "query":
            matrix = np.vstack([self.embedder.embed_query(t) for t in texts])
        else:
            matrix = self.embedder.embed_documents(texts)
        data = [
            {"object": "embedding", "index": i, "embedding": [float(x) for x in row]}
            for i, row in enumerate(matrix)
        ]
        usage = {"prompt_tokens": 0, "total_tokens": 0}
        return {"object": "list", "data": data, "model": self.embedder.name, "usage": usage}

    def __enter__(self) -> EmbeddingServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)
