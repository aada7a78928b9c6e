"""The embedded SQLite store: WAL, one writer (BEGIN IMMEDIATE), concurrent readers."""

from soulmem.store.sqlite.store import SQLiteStore

__all__ = ["SQLiteStore"]
