"""Any OpenAI-compatible ``/v1/chat/completions`` endpoint (OpenAI, Ollama, vLLM, llama.cpp
server, LM Studio, OpenRouter), with JSON-schema answers. Standard library HTTP only.

On HTTP 429 the provider cools down (60 s by default, seed 003 §8): calls during the
cool-down fail at once with ``LLMUnavailable`` so the rule-based path answers instead.
"""

from __future__ import annotations

import json
import socket
import threading
import time
import urllib.error
import urllib.request
from typing import Any

from soulmem.errors import ConfigError, LLMError, LLMTimeout, LLMUnavailable

__all__ = ["OpenAICompatibleLLM"]


class OpenAICompatibleLLM:
    def __init__(
        self,
        *,
        base_url: str,
        model: str,
        api_key: str | None = None,
        cooldown_s: float = 60.0,
        max_tokens: int = 512,
        temperature: float = 0.0,
    ) -> None:
        if not base_url.startswith(("http://", "https://")):
            raise ConfigError(f"base_url must be an http(s) URL, got {base_url!r}")
        self.base_url = base_url.rstrip("/")
        self.model = model
        self.api_key = api_key
        self.cooldown_s = cooldown_s
        self.max_tokens = max_tokens
        self.temperature = temperature
        self._cool_until = 0.0
        self._lock = threading.Lock()

    @property
    def name(self) -> str:
        return f"openai:{self.model}@{self.base_url}"

    def cooling_down(self) -> bool:
        with self._lock:
            return time.monotonic() < self._cool_until

    def complete_json(
        self, *, system: str, user: str, schema: dict[str, Any], timeout: float
    ) -> dict[str, Any]:
        if self.cooling_down():
            raise LLMUnavailable(f"{self.base_url} asked us to slow down; cooling down")
        body = {
            "model": self.model,
            "messages": [{"role": "system", "content": system}, {"role": "user", "content": user}],
            "temperature": self.temperature,
            "max_tokens": self.max_tokens,
            "response_format": {
                "type": "json_schema",
                "json_schema": {"name": "answer", "schema": schema, "strict": True},
            },
        }
        headers = {"Content-Type": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        request = urllib.request.Request(
            f"{self.base_url}/chat/completions",
            data=json.dumps(body).encode("utf-8"),
            headers=headers,
            method="POST",
        )
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                payload = json.loads(response.read().decode("utf-8"))
        except urllib.error.HTTPError as exc:
            if exc.code == 429:
                with self._lock:
                    self._cool_until = time.monotonic() + self.cooldown_s
                raise LLMUnavailable(f"{self.base_url} answered 429 Too Many Requests") from exc
            raise LLMError(f"{self.base_url} answered HTTP {exc.code}") from exc
        except TimeoutError as exc:
            raise LLMTimeout(f"no answer from {self.base_url} within {timeout} s") from exc
        except urllib.error.URLError as exc:
            if isinstance(exc.reason, TimeoutError | socket.timeout):
                raise LLMTimeout(f"no answer from {self.base_url} within {timeout} s") from exc
            raise LLMError(f"cannot reach {self.base_url}: {exc.reason}") from exc
        except (ValueError, OSError) as exc:
            raise LLMError(f"bad answer from {self.base_url}: {exc}") from exc
        try:
            content = payload["choices"][0]["message"]["content"]
            answer = json.loads(content)
        except (KeyError, IndexError, TypeError, ValueError) as exc:
            raise LLMError(f"{self.base_url} did not answer with a JSON object") from exc
        if not isinstance(answer, dict):
            raise LLMError(f"{self.base_url} answered JSON that is not an object")
        return answer
