"""Optional LLMs: a small protocol, an OpenAI-compatible client, and a scripted fake.

Every LLM step in soulmem has a rule-based path; an LLM only upgrades it when configured.
"""

from soulmem.llm.base import LLM
from soulmem.llm.fake import FakeLLM
from soulmem.llm.openai_compat import OpenAICompatibleLLM

__all__ = ["LLM", "FakeLLM", "OpenAICompatibleLLM"]
