"""Validation of everything a caller hands to the engine, before anything is written."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from soulmem.clock import ensure_aware, from_iso
from soulmem.config import LimitsConfig
from soulmem.errors import InputTooLarge, InvalidInput
from soulmem.model import Source

__all__ = ["TURN_OPTIONS", "Turn", "check_text", "parse_time", "validate_turn"]

#: what a turn may carry besides its two sides (``observe``'s keyword arguments)
TURN_OPTIONS = (
    "user_name",
    "assistant_name",
    "session_id",
    "at",
    "source",
    "images",
    "files",
    "entities",
    "salience",
    "metadata",
)


@dataclass(frozen=True, slots=True)
class Turn:
    """A validated turn, ready to be observed."""

    user: str | None
    assistant: str | None
    user_name: str | None = None
    assistant_name: str | None = None
    session_id: str | None = None
    at: datetime | None = None
    source: Source = Source.CONVERSATION
    images: tuple[str, ...] = ()
    files: tuple[str, ...] = ()
    entities: tuple[str, ...] = ()
    salience: float | None = None
    metadata: dict[str, Any] = field(default_factory=dict)


def check_text(name: str, value: object, *, limit: int, allow_none: bool = True) -> str | None:
    """A str that encodes as UTF-8, holds no NUL and fits ``limit`` characters."""
    if value is None:
        if allow_none:
            return None
        raise InvalidInput(f"{name} is required")
    if not isinstance(value, str):
        raise InvalidInput(f"{name} must be a string, got {type(value).__name__}")
    if len(value) > limit:
        raise InputTooLarge(f"{name} has {len(value):,} characters; the limit is {limit:,}")
    if "\x00" in value:
        raise InvalidInput(f"{name} must not contain NUL characters")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise InvalidInput(f"{name} is not valid Unicode text (lone surrogate?)") from exc
    return value


def _text_list(name: str, value: object, limits: LimitsConfig) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str) or not isinstance(value, list | tuple):
        raise InvalidInput(f"{name} must be a list of strings")
    if len(value) > limits.max_items_per_list:
        raise InputTooLarge(
            f"{name} has {len(value)} entries; the limit is {limits.max_items_per_list}"
        )
    out: list[str] = []
    for i, item in enumerate(value):
        text = check_text(f"{name}[{i}]", item, limit=limits.max_message_chars, allow_none=False)
        assert text is not None
        if text.strip():
            out.append(text)
    return tuple(out)


def parse_time(name: str, value: object) -> datetime | None:
    if value is None:
        return None
    if isinstance(value, datetime):
        return ensure_aware(value)
    if isinstance(value, str):
        try:
            return from_iso(value)
        except ValueError as exc:
            raise InvalidInput(f"{name} must be an ISO-8601 datetime, got {value[:40]!r}") from exc
    raise InvalidInput(f"{name} must be a datetime or ISO-8601 string, got {type(value).__name__}")


def validate_turn(limits: LimitsConfig, **fields: Any) -> Turn:
    user = check_text("user", fields.get("user"), limit=limits.max_message_chars)
    assistant = check_text("assistant", fields.get("assistant"), limit=limits.max_message_chars)
    images = _text_list("images", fields.get("images"), limits)
    if not (user or "").strip() and not (assistant or "").strip() and not images:
        raise InvalidInput("a turn needs user or assistant text (or an image description)")
    names = {
        key: check_text(key, fields.get(key), limit=limits.max_field_chars)
        for key in ("user_name", "assistant_name", "session_id")
    }
    raw_source = fields.get("source") or Source.CONVERSATION
    try:
        source = Source(raw_source)
    except ValueError as exc:
        choices = ", ".join(s.value for s in Source)
        raise InvalidInput(f"source must be one of {choices}, got {raw_source!r}") from exc
    salience = fields.get("salience")
    if salience is not None:
        if isinstance(salience, bool) or not isinstance(salience, int | float):
            raise InvalidInput("salience must be a number from 0 to 10")
        if not 0 <= float(salience) <= 10:
            raise InvalidInput(f"salience must be within 0..10, got {salience}")
        salience = float(salience)
    metadata = fields.get("metadata") or {}
    if not isinstance(metadata, dict):
        raise InvalidInput("metadata must be a dict")
    try:
        encoded = json.dumps(metadata, ensure_ascii=False)
    except (TypeError, ValueError) as exc:
        raise InvalidInput(f"metadata must be JSON-serialisable: {exc}") from exc
    if len(encoded.encode("utf-8", "surrogatepass")) > limits.max_metadata_bytes:
        raise InputTooLarge(f"metadata exceeds {limits.max_metadata_bytes} bytes")
    check_text("metadata", encoded, limit=limits.max_metadata_bytes)
    return Turn(
        user=user if (user or "").strip() else None,
        assistant=assistant if (assistant or "").strip() else None,
        user_name=names["user_name"],
        assistant_name=names["assistant_name"],
        session_id=names["session_id"],
        at=parse_time("at", fields.get("at")),
        source=source,
        images=images,
        files=_text_list("files", fields.get("files"), limits),
        entities=_text_list("entities", fields.get("entities"), limits),
        salience=salience,
        metadata=metadata,
    )
