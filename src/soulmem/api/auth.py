"""API keys, roles and tenancy for the HTTP service.

A key is ``sm_`` + 32 random bytes (urlsafe base64); only its sha256 is stored. Every key
belongs to one tenant and has a role:

* ``agent``: what a character's runtime uses: observe, recall and reads, never decisions
  about the self; a key bound to a user (``user_id`` set) touches that user only.
* ``owner``: what the web panel uses: everything an agent can do, plus inbox decisions and
  erasing a user.
* ``admin``: an owner that may also read the service metrics.

Tenancy: the user ids a tenant sees are stored as ``"{tenant}::{user_id}"``; every route
builds its scope through :func:`internal_scope`, so no request can name another tenant's data.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Annotated

from fastapi import Query, Request

from soulmem.engine import ScopedMemory
from soulmem.errors import InvalidInput, PermissionDenied, Unauthorized
from soulmem.model import ApiKey, Scope, new_id
from soulmem.store.base import Store

__all__ = [
    "ROLES",
    "SEPARATOR",
    "Principal",
    "create_key",
    "external_user",
    "hash_key",
    "internal_scope",
    "internal_user",
    "require",
    "scoped",
]

ROLES = ("agent", "owner", "admin")
SEPARATOR = "::"
KEY_PREFIX = "sm_"


@dataclass(frozen=True)
class Principal:
    """Who is calling: the key's id, tenant and role, and the user it is bound to (if any)."""

    key_id: str
    tenant: str
    role: str
    user_id: str | None


def hash_key(key: str) -> str:
    """The stored form of a key (sha256, hex)."""
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def _check_name(name: str, value: object) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InvalidInput(f"{name} must be a non-empty string")
    if SEPARATOR in value or len(value) > 128 or any(ord(c) < 32 for c in value):
        raise InvalidInput(f"{name} must be at most 128 printable characters without {SEPARATOR!r}")
    return value


def create_key(
    store: Store,
    tenant: str,
    role: str = "agent",
    user_id: str | None = None,
    label: str = "",
    now: datetime | None = None,
) -> tuple[ApiKey, str]:
    """Create and store a key; returns the record and the plaintext key (shown once)."""
    _check_name("tenant", tenant)
    if role not in ROLES:
        raise InvalidInput(f"role must be one of {', '.join(ROLES)}, got {role!r}")
    if user_id is not None:
        _check_name("user_id", user_id)
    if not isinstance(label, str) or len(label) > 256:
        raise InvalidInput("label must be a string of at most 256 characters")
    plaintext = KEY_PREFIX + secrets.token_urlsafe(32)
    created = now if now is not None else _now(store)
    record = ApiKey(
        id=new_id("key"),
        tenant=tenant,
        role=role,
        user_id=user_id,
        label=label,
        created_at=created,
    )
    store.create_key(record, hash_key(plaintext))
    return record, plaintext


def _now(store: Store) -> datetime:
    clock = getattr(store, "clock", None)
    if clock is not None:
        now: datetime = clock.now()
        return now
    from soulmem.clock import SystemClock

    return SystemClock().now()


def _presented_key(request: Request) -> str | None:
    header = request.headers.get("authorization")
    if header:
        scheme, _, value = header.partition(" ")
        if scheme.lower() == "bearer" and value.strip():
            return value.strip()
        return None
    key = request.headers.get("x-api-key")
    return key.strip() if key and key.strip() else None


def authenticate(store: Store, key: str | None) -> Principal:
    """The principal of a presented key; Unauthorized when missing, unknown or revoked."""
    if not key:
        raise Unauthorized("an API key is required (Authorization: Bearer <key>)")
    record = store.key_by_hash(hash_key(key))
    if record is None or record.revoked_at is not None:
        raise Unauthorized("the API key is unknown or revoked")
    return Principal(record.id, record.tenant, record.role, record.user_id)


def require(*roles: str) -> Callable[..., Principal]:
    """A FastAPI dependency: the caller's principal, if its role is one of ``roles`` and
    its key is within its request rate."""
    allowed = frozenset(roles or ROLES)
    unknown = allowed - set(ROLES)
    if unknown:
        raise ValueError(f"unknown roles: {sorted(unknown)}")

    def dependency(request: Request) -> Principal:
        principal = authenticate(request.app.state.memory.store, _presented_key(request))
        request.state.principal = principal
        request.app.state.rate_limiter.check(principal.key_id)
        if principal.role not in allowed:
            raise PermissionDenied(
                f"the {principal.role} role may not do this (needs {' or '.join(sorted(allowed))})"
            )
        return principal

    return dependency


def internal_user(principal: Principal, user_id: str) -> str:
    """The stored user id for the tenant's ``user_id``; 403 when a key bound to one user
    names another."""
    _check_user(user_id)
    if principal.user_id is not None and principal.user_id != user_id:
        raise PermissionDenied("this API key is bound to another user")
    return f"{principal.tenant}{SEPARATOR}{user_id}"


def internal_scope(
    principal: Principal, user_id: str, agent_id: str, world_id: str | None
) -> Scope:
    """The stored scope a request may touch (confined to the key's tenant and user)."""
    return Scope(internal_user(principal, user_id), agent_id, world_id)


def external_user(internal_user_id: str) -> str:
    """The user id as the tenant knows it (the tenant prefix stripped)."""
    _, sep, rest = internal_user_id.partition(SEPARATOR)
    return rest if sep else internal_user_id


def _check_user(user_id: str) -> None:
    if SEPARATOR in user_id:
        raise PermissionDenied(f"user ids cannot contain {SEPARATOR!r} (they cannot name a tenant)")
    if not user_id.strip() or len(user_id) > 128 or any(ord(c) < 32 for c in user_id):
        raise InvalidInput("user_id must be 1 to 128 printable characters")


def scoped(*roles: str) -> Callable[..., ScopedMemory]:
    """A FastAPI dependency: the ``ScopedMemory`` of the URL's ``{user_id}/{agent_id}``
    (and ``?world_id=``), inside the caller's tenant, for callers with one of ``roles``."""
    authorize = require(*roles)

    def dependency(
        request: Request,
        user_id: str,
        agent_id: str,
        world_id: Annotated[str | None, Query(max_length=256)] = None,
    ) -> ScopedMemory:
        principal = authorize(request)
        memory = request.app.state.memory
        return ScopedMemory(memory, internal_scope(principal, user_id, agent_id, world_id))

    return dependency
