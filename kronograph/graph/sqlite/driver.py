"""Pick the SQLite driver: pysqlite3 (a newer SQLite with extension loading) where its wheel
installs, else the standard library's sqlite3; ``KRONOGRAPH_SQLITE=stdlib`` forces the latter.
Both read and write one file format (see :func:`.migrations.portable_fts`)."""

from __future__ import annotations

import os
import sqlite3 as _stdlib_sqlite3
from types import ModuleType


def _load() -> ModuleType:
    if os.environ.get("KRONOGRAPH_SQLITE", "").strip().lower() == "stdlib":
        return _stdlib_sqlite3
    try:
        from pysqlite3 import dbapi2  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return _stdlib_sqlite3
    return dbapi2  # type: ignore[no-any-return,unused-ignore]


sqlite3: ModuleType = _load()

# The driver binds int, float and str directly but sends None through its adapter lookup,
# which fails slowly (~1.4 us a value; a new fact row has about ten): registering the
# identity adapter makes that lookup succeed at once. None still binds as NULL.
sqlite3.register_adapter(type(None), lambda value: value)

#: Errors of both drivers, so the store's boundary catches whichever is in use.
SQLITE_ERRORS: tuple[type[BaseException], ...] = tuple({_stdlib_sqlite3.Error, sqlite3.Error})


def version() -> tuple[int, ...]:
    """The SQLite library version in use, e.g. (3, 51, 0)."""
    return tuple(int(p) for p in sqlite3.sqlite_version.split("."))

