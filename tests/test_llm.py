"""The optional LLM fact extractor: logic with a fake, plumbing with a real local server."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from soulmem import LLMError, LLMTimeout, LLMUnavailable, Memory
from soulmem.embed import FakeEmbedder
from soulmem.llm import FakeLLM, OpenAICompatibleLLM
from soulmem.perceive.facts import FactContext
from soulmem.perceive.facts.llm import FACT_SCHEMA, LLMFactExtractor

GOOD = {
    "facts": [
        {
            "subject": "pet",
            "value": "cat named Mochi",
            "about": "user",
            "negated": False,
            "mode": "set",
        }
    ]
}


def test_valid_llm_answer_is_used() -> None:
    llm = FakeLLM([GOOD])
    extractor = LLMFactExtractor(llm, timeout=2.0)
    (fact,) = extractor("my cat Mochi is asleep", FactContext(), "en")
    assert (fact.subject, fact.value, fact.about) == ("pet", "cat named Mochi", "user")
    assert extractor.last_source == "llm"
    assert llm.calls[0]["timeout"] == 2.0 and llm.calls[0]["schema"] == FACT_SCHEMA


@pytest.mark.parametrize(
    "reply",
    [
        LLMTimeout("slow"),
        LLMUnavailable("429"),
        LLMError("garbage"),
        {"facts": "nope"},
        {
            "facts": [
                {
                    "subject": "shoe_size",
                    "value": "9",
                    "about": "user",
                    "negated": False,
                    "mode": "set",
                }
            ]
        },
        {
            "facts": [
                {"subject": "pet", "value": "", "about": "user", "negated": False, "mode": "set"}
            ]
        },
        {
            "facts": [
                {
                    "subject": "pet",
                    "value": "x",
                    "about": "martian",
                    "negated": False,
                    "mode": "set",
                }
            ]
        },
    ],
)
def test_failures_fall_back_to_the_rules(reply: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []

    def rules(text: str, context: object, language: str | None = None) -> list[object]:
        calls.append(text)
        return []

    monkeypatch.setattr("soulmem.perceive.facts.llm.extract_facts", rules)
    extractor = LLMFactExtractor(FakeLLM([reply]))
    assert extractor("I have a cat", FactContext(), "en") == []
    assert extractor.last_source == "rules" and calls == ["I have a cat"]


def test_engine_uses_the_configured_llm_for_facts() -> None:
    llm = FakeLLM(lambda user: GOOD if "Mochi" in user else {"facts": []})
    with Memory.open(":memory:", embedder=FakeEmbedder(), llm=llm) as mem:
        luna = mem.scope("u1", "luna")
        luna.observe(user="Mochi knocked my mug over again", assistant="Oh no!")
        luna.observe(assistant="assistant-only turns never reach the extractor")
        assert [(f.subject, f.value) for f in luna.facts()] == [("pet", "cat named Mochi")]
        extraction = [c for c in llm.calls if c["schema"] == FACT_SCHEMA]
        assert len(extraction) == 1  # (summaries also use the LLM when one is configured)


class _Answer(BaseHTTPRequestHandler):
    status = 200
    delay = 0.0

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers["Content-Length"]))
        if _Answer.delay:
            threading.Event().wait(_Answer.delay)
        content = json.dumps(GOOD)
        body = json.dumps({"choices": [{"message": {"content": content}}]}).encode()
        self.send_response(_Answer.status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def fake_server() -> Iterator[str]:
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Answer)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/v1"
    _Answer.status, _Answer.delay = 200, 0.0
    httpd.shutdown()
    httpd.server_close()


def test_http_429_starts_a_cooldown(fake_server: str) -> None:
    llm = OpenAICompatibleLLM(base_url=fake_server, model="m", cooldown_s=60)
    assert llm.complete_json(system="s", user="u", schema=FACT_SCHEMA, timeout=2) == GOOD
    _Answer.status = 429
    with pytest.raises(LLMUnavailable, match="429"):
        llm.complete_json(system="s", user="u", schema=FACT_SCHEMA, timeout=2)
    _Answer.status = 200
    assert llm.cooling_down()
    with pytest.raises(LLMUnavailable, match="cooling down"):
        llm.complete_json(system="s", user="u", schema=FACT_SCHEMA, timeout=2)


def test_timeout_raises_llm_timeout(fake_server: str) -> None:
    _Answer.delay = 1.0
    llm = OpenAICompatibleLLM(base_url=fake_server, model="m")
    with pytest.raises(LLMTimeout):
        llm.complete_json(system="s", user="u", schema=FACT_SCHEMA, timeout=0.2)


@pytest.mark.slow
def test_real_local_openai_compatible_server(llama_server: str) -> None:
    """Plumbing against llama.cpp: a JSON-schema answer comes back and is validated; a
    135M model's facts are poor, so either it yields valid candidates or the rules answer."""
    llm = OpenAICompatibleLLM(base_url=llama_server, model="smollm2", max_tokens=256)
    schema = {"type": "object", "properties": {"ok": {"type": "boolean"}}, "required": ["ok"]}
    answer = llm.complete_json(
        system="Answer with JSON.", user="Is water wet?", schema=schema, timeout=60
    )
    assert isinstance(answer.get("ok"), bool)
    extractor = LLMFactExtractor(llm, timeout=60)
    found = extractor("I have a cat named Mochi.", FactContext(), "en")
    assert extractor.last_source in ("llm", "rules")
    assert all(c.subject and c.value for c in found)
