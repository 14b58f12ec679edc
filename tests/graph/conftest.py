"""Backends for the shared contract suite: the embedded store always, and a Bolt server for the
Neo4j leg.

The Neo4j leg uses ``NEO4J_URI`` (with ``NEO4J_USER``/``NEO4J_PASSWORD``) when set — a
disposable server: every test wipes kronograph's nodes there — else a testcontainers Neo4j 5
when a Docker engine answers, else the **Bolt stand-in (ArcadeDB)** when arcadedb-embedded is
installed (tests/graph/bolt_stand_in.py), else it is skipped and the report says why. Its
test ids name the server kind: ``[neo4j]`` for a real Neo4j, ``[bolt-stand-in]`` otherwise.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from kronograph.graph.store import GraphStore
from tests.graph import bolt_stand_in

NEO4J_IMAGE = "neo4j:5-community"


def _docker_problem() -> str | None:
    """Why no Docker engine can run a Neo4j container here, or None when one answers."""
    try:
        import docker
    except ImportError:
        return "the docker package is not installed"
    try:
        client = docker.from_env(timeout=5)
        client.ping()
    except Exception as exc:  # any failure to reach the engine means: no container
        return f"no Docker engine answers ({type(exc).__name__})"
    client.close()
    return None


@dataclass(frozen=True)
class Leg:
    """Which server the Neo4j leg runs on in this session, decided once, before collection."""

    kind: str  #: "neo4j" (NEO4J_URI or a container), "bolt-stand-in", or "none"
    no_neo4j: str | None  #: why no real Neo4j runs the leg (None when one does)
    no_stand_in: str | None = None  #: why the stand-in does not either

    @property
    def report(self) -> str:
        if self.kind == "neo4j":
            return "Neo4j leg: a real Neo4j server (" + ("NEO4J_URI" if os.environ.get("NEO4J_URI") else
                                                          f"testcontainers {NEO4J_IMAGE}") + ")"
        if self.kind == "bolt-stand-in":
            return f"Neo4j leg: {bolt_stand_in.NAME}, not Neo4j; real Neo4j not run: {self.no_neo4j}"
        return f"Neo4j leg not run: {self.no_neo4j}, and no {bolt_stand_in.NAME}: {self.no_stand_in}"


@functools.cache
def leg() -> Leg:
    if os.environ.get("NEO4J_URI"):
        return Leg("neo4j", None)
    docker = _docker_problem()
    if docker is None:
        return Leg("neo4j", None)
    no_neo4j = f"NEO4J_URI is not set and {docker}"
    problem = bolt_stand_in.unavailable()
    if problem is None:
        return Leg("bolt-stand-in", no_neo4j)
    return Leg("none", no_neo4j, problem)


#: The contract suite's parameters: the embedded store and the Neo4j leg, named by its server.
BACKENDS = ("sqlite", "bolt-stand-in" if leg().kind == "bolt-stand-in" else "neo4j")


_booting: list[bolt_stand_in.StandInServer] = []


def boot_stand_in_early(node_ids: list[str]) -> None:
    """Start the stand-in's JVM right after collection when the leg will run on it, so it boots
    while the tests before the leg run (called from tests/conftest.py)."""
    if leg().kind == "bolt-stand-in" and not _booting and any("[bolt-stand-in]" in n for n in node_ids):
        _booting.append(bolt_stand_in.StandInServer())


@dataclass(frozen=True)
class BoltServer:
    uri: str
    auth: tuple[str, str] | None
    stand_in: bool


@pytest.fixture(scope="session")
def neo4j_server() -> Iterator[BoltServer]:
    """The Bolt server of the Neo4j leg for this test session, or a skip with the reason."""
    from kronograph.graph.neo4j import auth_from_env

    chosen = leg()
    uri = os.environ.get("NEO4J_URI")
    if uri:
        yield BoltServer(uri, auth_from_env(), stand_in=False)
    elif chosen.kind == "neo4j":
        try:
            from testcontainers.community.neo4j import Neo4jContainer
        except ImportError:  # testcontainers before 4.10
            from testcontainers.neo4j import Neo4jContainer

        with Neo4jContainer(NEO4J_IMAGE) as container:
            yield BoltServer(container.get_connection_url(), ("neo4j", container.password), stand_in=False)
    elif chosen.kind == "bolt-stand-in":
        server = _booting.pop() if _booting else bolt_stand_in.StandInServer()
        try:
            server.ready()
            yield BoltServer(server.uri, server.auth, stand_in=True)
        finally:
            server.stop()
    else:
        pytest.skip(chosen.report)


def open_backend(backend: str, request: pytest.FixtureRequest, path: Path) -> GraphStore:
    """A fresh, empty store of one backend ("sqlite", or the Neo4j leg by any of its names)."""
    if backend == "sqlite":
        from kronograph.graph.sqlite import SQLiteStore

        return SQLiteStore(path)
    server: BoltServer = request.getfixturevalue("neo4j_server")
    from kronograph.graph.neo4j import Neo4jStore

    assert server.auth is not None or not server.stand_in
    store = (bolt_stand_in.StandInStore(server.uri, auth=server.auth) if server.stand_in and server.auth
             else Neo4jStore(server.uri, auth=server.auth))
    store.wipe()
    return store


@pytest.fixture(params=BACKENDS)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[GraphStore]:
    """An empty store of each backend in turn."""
    opened = open_backend(request.param, request, tmp_path / "contract.db")
    yield opened
    opened.close()
