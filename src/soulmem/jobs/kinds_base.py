"""The shape of a brain-job kind and the checks its parts share.

A :class:`Kind` bundles what one kind carries and how its answer is applied (see
:mod:`soulmem.jobs.kinds` for the registry and the contract); :class:`InvalidResult` is
what a bad answer raises. The per-kind parts live in :mod:`soulmem.jobs.kinds_memory`
(extract, summarize, distill) and :mod:`soulmem.jobs.kinds_character` (reflect, imagine,
dialogue, maintain).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from soulmem.errors import InvalidInput
from soulmem.model import Job, Scope
from soulmem.store.base import StoreWriter

if TYPE_CHECKING:
    from soulmem.engine import Memory as Engine

__all__ = ["DAY", "LINE_CHARS", "MAX_IDEA", "MAX_LINES", "InvalidResult", "Kind", "Step"]

Step = Callable[[StoreWriter], dict[str, Any]]

MAX_LINES = 200
LINE_CHARS = 500
MAX_IDEA = 300
DAY = timedelta(days=1)


class InvalidResult(InvalidInput):
    """A brain's answer does not match its kind's schema or cannot be applied; the job is
    failed (retried with backoff, then dead-lettered)."""


@dataclass(frozen=True, slots=True)
class Kind:
    name: str
    system: str
    schema: dict[str, Any]
    build: Callable[[Engine, Scope, Mapping[str, Any]], dict[str, Any]]
    prompt: Callable[[Mapping[str, Any]], str]
    validate: Callable[[Mapping[str, Any], Mapping[str, Any]], dict[str, Any]]
    prepare: Callable[[Engine, Job, dict[str, Any]], Step]


# -- helpers -------------------------------------------------------------------------------


def _text(name: str, value: object, limit: int) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InvalidResult(f"{name} must be a non-empty string")
    if len(value.strip()) > limit:
        raise InvalidResult(f"{name} is longer than {limit} characters")
    return value.strip()


def _ids(name: str, value: object) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise InvalidInput(f"payload.{name} must be a list of ids")
    return list(value)


def _scope_of(job: Job) -> Scope:
    if job.scope is None:
        raise InvalidResult(f"job {job.id} has no scope")
    return job.scope


def _line(text: str) -> str:
    return text if len(text) <= LINE_CHARS else text[: LINE_CHARS - 1] + "…"


def _only(allowed: Sequence[str], given: Mapping[str, Any]) -> None:
    unknown = set(given) - set(allowed)
    if unknown:
        raise InvalidInput(f"unknown payload fields: {', '.join(sorted(unknown))}")


def _lines_prompt(payload: Mapping[str, Any]) -> str:
    return "\n".join(str(line) for line in payload.get("lines", []))
