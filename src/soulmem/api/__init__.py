"""soulmem's HTTP service (FastAPI; ``pip install "soulmem[server]"``).

``create_app(memory)`` builds the app; ``soulmem serve`` runs it with uvicorn on loopback.
"""

from __future__ import annotations

from soulmem.errors import DependencyMissing

try:
    import fastapi  # noqa: F401
except ImportError as exc:  # pragma: no cover - depends on the installed extras
    raise DependencyMissing.for_extra("fastapi", "server") from exc

from soulmem.api.app import create_app
from soulmem.api.auth import Principal, create_key, hash_key

__all__ = ["Principal", "create_app", "create_key", "hash_key"]
