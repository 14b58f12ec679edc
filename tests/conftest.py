"""Shared fixtures: a controllable clock and a real Memory on a real SQLite file."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from kronograph import Memory
from kronograph.queries.embedding import MiniLMEmbedder


def store_before(path: Path, migration: str) -> Any:
    """A store file as the schema stood before ``migration`` (one of ``MIGRATIONS``) shipped:
    its open autocommit connection, for the test to add that time's rows and close."""
    from kronograph.graph.sqlite.driver import sqlite3
    from kronograph.graph.sqlite.migrations import MIGRATIONS, statements

    before = MIGRATIONS.index(migration)
    conn = sqlite3.connect(str(path), isolation_level=None)
    for script in MIGRATIONS[:before]:
        for statement in statements(script):
            conn.execute(statement)
    conn.execute(f"PRAGMA user_version = {before}")
    return conn


def file_bytes(db_path: Path) -> bytes:
    """Every byte of a SQLite store on disk (the file, its WAL and journal), to check what was deleted."""
    return b"".join(p.read_bytes() for p in db_path.parent.glob(db_path.name + "*"))


class Clock:
    """A clock the test moves by hand; ``Memory(clock=clock)`` reads it."""

    def __init__(self, start: datetime = datetime(2026, 5, 6, 12, 0, tzinfo=UTC)) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> datetime:
        self.now += timedelta(**delta)
        return self.now

    def set(self, value: datetime) -> datetime:
        self.now = value
        return value


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "memory.db"


@pytest.fixture
def mem(db_path: Path, clock: Clock) -> Iterator[Memory]:
    with Memory(db_path, clock=clock) as memory:
        yield memory


@pytest.fixture(scope="session")
def minilm() -> MiniLMEmbedder:
    """The real all-MiniLM-L6-v2 embedder, loaded once per test session. Its own instance, not
    the process-wide default, so other tests' default Memories keep deferring embeddings."""
    embedder = MiniLMEmbedder()
    embedder.embed(["warm up"])
    return embedder


@pytest.fixture
def rmem(db_path: Path, clock: Clock, minilm: MiniLMEmbedder) -> Iterator[Memory]:
    """A Memory with the real embedder (facts embedded as they are written)."""
    with Memory(db_path, clock=clock, embedder=minilm) as memory:
        yield memory


def pytest_report_header() -> str:
    """Which server the Neo4j leg runs on (a stand-in is never reported as Neo4j)."""
    from tests.graph.conftest import leg

    return leg().report


def pytest_collection_finish(session: pytest.Session) -> None:
    from tests.graph.conftest import boot_stand_in_early

    boot_stand_in_early([item.nodeid for item in session.items])
