"""soulmem: long-term memory for AI characters and agents.

>>> import soulmem
>>> mem = soulmem.Memory.open(":memory:")                          # doctest: +SKIP
>>> luna = mem.scope(user_id="u1", agent_id="luna")                # doctest: +SKIP
>>> luna.observe(user="내 생일은 3월 15일이야", assistant="기억할게!")   # doctest: +SKIP
>>> print(luna.recall("내 생일이 언제지?").text)                      # doctest: +SKIP
"""

from soulmem.client import Client
from soulmem.clock import Clock, ManualClock, SystemClock
from soulmem.config import Config, RecallConfig
from soulmem.engine import Memory, ObserveResult, ScopedMemory
from soulmem.errors import (
    ConfigError,
    DependencyMissing,
    EmbedderError,
    InputTooLarge,
    InvalidInput,
    InvalidScope,
    LLMError,
    LLMTimeout,
    LLMUnavailable,
    MigrationError,
    NotFound,
    SoulmemError,
    StoreBusy,
    StoreClosed,
    StoreError,
    UsageError,
)
from soulmem.model import Affect, Event, Fact, Scope, Tier
from soulmem.model import Memory as MemoryRecord
from soulmem.perceive.analyze import Analysis, analyze
from soulmem.recall.items import Context, RecallItem

__version__ = "0.1.0"

__all__ = [
    "Affect",
    "Analysis",
    "Client",
    "Clock",
    "Config",
    "ConfigError",
    "Context",
    "DependencyMissing",
    "EmbedderError",
    "Event",
    "Fact",
    "InputTooLarge",
    "InvalidInput",
    "InvalidScope",
    "LLMError",
    "LLMTimeout",
    "LLMUnavailable",
    "ManualClock",
    "Memory",
    "MemoryRecord",
    "MigrationError",
    "NotFound",
    "ObserveResult",
    "RecallConfig",
    "RecallItem",
    "Scope",
    "ScopedMemory",
    "SoulmemError",
    "StoreBusy",
    "StoreClosed",
    "StoreError",
    "SystemClock",
    "Tier",
    "UsageError",
    "__version__",
    "analyze",
]
