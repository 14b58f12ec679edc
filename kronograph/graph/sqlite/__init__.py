"""The embedded backend: one SQLite file (WAL, FTS5), with in-memory recall indexes."""

from .store import SQLiteStore

__all__ = ["SQLiteStore"]
