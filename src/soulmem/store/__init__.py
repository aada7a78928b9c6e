"""Storage: the :class:`Store` protocol and its backends.

Everything outside ``store/`` talks to the protocol only; backend-specific code stays in
``store/sqlite`` and ``store/postgres``. :func:`open_store` picks a backend from a location
string; the PostgreSQL backend (and psycopg) is imported only for a ``postgresql://`` URL.
"""

from __future__ import annotations

from pathlib import Path

from soulmem.clock import Clock
from soulmem.errors import InvalidInput
from soulmem.store.base import (
    EventHead,
    LexicalHit,
    MemoryWeight,
    Store,
    StoreWriter,
    VectorHit,
)

__all__ = [
    "POSTGRES_SCHEMES",
    "EventHead",
    "LexicalHit",
    "MemoryWeight",
    "Store",
    "StoreWriter",
    "VectorHit",
    "default_path",
    "open_store",
]

#: URL schemes that open the PostgreSQL store.
POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def default_path() -> Path:
    """The embedded database under the user's data directory."""
    from platformdirs import user_data_path

    return user_data_path("soulmem", appauthor=False) / "soulmem.db"


def open_store(location: str | Path | None, *, clock: Clock) -> Store:
    """Open the store at ``location``: None (default file), ``":memory:"``, a path,
    ``sqlite:///path`` or ``postgresql://user:password@host:port/database``."""
    from soulmem.store.sqlite import SQLiteStore

    if isinstance(location, str) and location.startswith(POSTGRES_SCHEMES):
        return _open_postgres(location, clock=clock)

    if location is None:
        path: str | Path = default_path()
    elif isinstance(location, Path):
        path = location
    elif isinstance(location, str):
        if location.startswith("sqlite:///"):
            path = location.removeprefix("sqlite:///") or ":memory:"
        elif "://" in location:
            raise InvalidInput(
                f"unsupported database URL {location.split('://')[0]!r}://: use a file path, "
                "':memory:', sqlite:///path or postgresql://..."
            )
        elif not location.strip():
            raise InvalidInput("database location must not be empty")
        else:
            path = location
    else:
        raise InvalidInput(
            f"database location must be a str or Path, got {type(location).__name__}"
        )
    return SQLiteStore(path, clock=clock)


def _open_postgres(url: str, *, clock: Clock) -> Store:
    try:
        from soulmem.store.postgres import PostgresStore
    except ImportError as exc:
        raise InvalidInput(
            "a postgresql:// database needs the postgres extra: pip install 'soulmem[postgres]'"
        ) from exc
    return PostgresStore(url, clock=clock)
