"""Backends for the shared contract suite: the embedded store always, Neo4j where one answers.

The Neo4j leg uses ``NEO4J_URI`` (with ``NEO4J_USER``/``NEO4J_PASSWORD``) when set — a
disposable server: every test wipes kronograph's nodes there — else a testcontainers
Neo4j 5 when a Docker engine answers, else it is skipped and the report says why.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from kronograph.graph.store import GraphStore

BACKENDS = ("sqlite", "neo4j")
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


@pytest.fixture(scope="session")
def neo4j_server() -> Iterator[tuple[str, tuple[str, str] | None]]:
    """``(uri, auth)`` of a Neo4j 5 server for this test session, or a skip with the reason."""
    from kronograph.graph.neo4j import auth_from_env

    uri = os.environ.get("NEO4J_URI")
    if uri:
        yield uri, auth_from_env()
        return
    problem = _docker_problem()
    if problem is not None:
        pytest.skip(f"Neo4j leg not run: NEO4J_URI is not set and {problem}")
    try:
        from testcontainers.community.neo4j import Neo4jContainer
    except ImportError:  # testcontainers before 4.10
        from testcontainers.neo4j import Neo4jContainer

    with Neo4jContainer(NEO4J_IMAGE) as container:
        yield container.get_connection_url(), ("neo4j", container.password)


def open_backend(backend: str, request: pytest.FixtureRequest, path: Path) -> GraphStore:
    """A fresh, empty store of one backend."""
    if backend == "sqlite":
        from kronograph.graph.sqlite import SQLiteStore

        return SQLiteStore(path)
    uri, auth = request.getfixturevalue("neo4j_server")
    from kronograph.graph.neo4j import Neo4jStore

    store = Neo4jStore(uri, auth=auth)
    store.wipe()
    return store


@pytest.fixture(params=BACKENDS)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[GraphStore]:
    """An empty store of each backend in turn."""
    opened = open_backend(request.param, request, tmp_path / "contract.db")
    yield opened
    opened.close()
