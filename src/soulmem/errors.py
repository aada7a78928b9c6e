"""One exception tree for soulmem.

::

    SoulmemError
    ├── UsageError (ValueError)            you called it wrong; nothing was changed
    │   ├── InvalidInput                   a value is missing, empty, of the wrong type or malformed
    │   │   └── InputTooLarge              a message or field exceeds a configured limit
    │   ├── InvalidScope                   scope fields are missing, empty or unknown
    │   └── ConfigError                    a configuration value is out of range
    ├── Unauthorized                       no valid API key (missing, unknown or revoked)
    ├── PermissionDenied (PermissionError) only the owner may do this (approve, edit the self)
    ├── RateLimited                        too many requests for one API key; retry later
    ├── SelfProtection                     refused: too much of the self would change at once
    ├── NotFound (LookupError)             the record does not exist in this scope
    ├── StoreError                         the storage backend failed
    │   ├── StoreBusy                      the database stayed locked past the retry bound
    │   ├── MigrationError                 the schema could not be brought up to date
    │   └── StoreClosed                    the store was used after close()
    ├── EmbedderError                      the embedding model failed or returned bad vectors
    ├── LLMError                           an LLM call failed or answered something unusable
    │   ├── LLMTimeout                     no answer within the time limit
    │   └── LLMUnavailable                 the provider refused (HTTP 429: cooling down)
    └── DependencyMissing (ImportError)    an optional extra is not installed

Every error that an HTTP layer may report carries a ``status`` (4xx for caller mistakes,
5xx for runtime failures) and a stable machine-readable ``code``.
"""

from __future__ import annotations

__all__ = [
    "ConfigError",
    "DependencyMissing",
    "EmbedderError",
    "InputTooLarge",
    "InvalidInput",
    "InvalidScope",
    "LLMError",
    "LLMTimeout",
    "LLMUnavailable",
    "MigrationError",
    "NotFound",
    "PermissionDenied",
    "RateLimited",
    "SelfProtection",
    "SoulmemError",
    "StoreBusy",
    "StoreClosed",
    "StoreError",
    "Unauthorized",
    "UsageError",
]


class SoulmemError(Exception):
    """Root of every error soulmem raises on purpose."""

    status: int = 500
    code: str = "soulmem_error"


class UsageError(SoulmemError, ValueError):
    """The caller passed something soulmem cannot accept. Nothing was written."""

    status = 400
    code = "usage_error"


class InvalidInput(UsageError):
    code = "invalid_input"


class InputTooLarge(InvalidInput):
    status = 413
    code = "input_too_large"


class InvalidScope(UsageError):
    code = "invalid_scope"


class ConfigError(UsageError):
    code = "config_error"


class Unauthorized(SoulmemError):
    """The HTTP service got no valid API key (missing, unknown or revoked)."""

    status = 401
    code = "unauthorized"


class PermissionDenied(SoulmemError, PermissionError):
    status = 403
    code = "permission_denied"


class RateLimited(SoulmemError):
    """The HTTP service refused a request over its key's rate; ``retry_after`` seconds."""

    status = 429
    code = "rate_limited"

    def __init__(self, message: str = "too many requests", retry_after: int = 1) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class SelfProtection(SoulmemError):
    """Seed 000's anxiety protection: more than 30% of the self changed in one session."""

    status = 409
    code = "self_protection"


class NotFound(SoulmemError, LookupError):
    status = 404
    code = "not_found"


class StoreError(SoulmemError):
    code = "store_error"


class StoreBusy(StoreError):
    status = 503
    code = "store_busy"


class MigrationError(StoreError):
    code = "migration_error"


class StoreClosed(StoreError):
    code = "store_closed"


class EmbedderError(SoulmemError):
    code = "embedder_error"


class LLMError(SoulmemError):
    status = 502
    code = "llm_error"


class LLMTimeout(LLMError):
    status = 504
    code = "llm_timeout"


class LLMUnavailable(LLMError):
    status = 503
    code = "llm_unavailable"


class DependencyMissing(SoulmemError, ImportError):
    code = "dependency_missing"

    @classmethod
    def for_extra(cls, package: str, extra: str) -> DependencyMissing:
        return cls(f'`{package}` is not installed; install it with: pip install "soulmem[{extra}]"')
