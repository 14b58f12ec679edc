"""Neo4jStore on its own: opening, credentials and the error boundary (no server needed), and
the graph's shape as Neo4j Browser shows it (on a live server only).

The behaviour shared with the embedded store lives in the contract suite (test_contract.py).
"""

from __future__ import annotations

import inspect
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import neo4j.exceptions
import pytest

from kronograph import FieldTypeError, Memory, MissingDependencyError, StoreError, UsageError
from kronograph.graph.neo4j import Neo4jStore, auth_from_env
from tests.conftest import Clock
from tests.graph.conftest import BACKENDS, open_backend

#: A local port nothing listens on: the driver's connection is refused at once.
CLOSED = "bolt://127.0.0.1:1"


def test_memory_opens_a_neo4j_store_for_neo4j_urls_and_reports_an_unreachable_server() -> None:
    with pytest.raises(StoreError, match="Neo4j connect failed") as caught:
        Memory(CLOSED, auth=("neo4j", "password"), connection_timeout=2)
    assert isinstance(caught.value.__cause__, neo4j.exceptions.ServiceUnavailable)


def test_a_missing_driver_names_the_extra_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "neo4j", None)  # what Python does when the package is absent
    with pytest.raises(MissingDependencyError, match=r"pip install 'kronograph\[neo4j\]'"):
        Memory("neo4j://localhost:7687", auth=("neo4j", "password"))


def test_without_a_uri_the_error_names_the_field(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NEO4J_URI", raising=False)
    with pytest.raises(UsageError) as caught:
        Neo4jStore()
    assert caught.value.field == "uri"


def test_the_uri_defaults_to_neo4j_uri_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NEO4J_URI", CLOSED)
    with pytest.raises(StoreError, match=r"127\.0\.0\.1:1"):
        Neo4jStore(connection_timeout=2)


@pytest.mark.parametrize("uri", ["http://localhost:7474", "localhost:7687", "bolt://localhost:notaport"])
def test_a_uri_the_driver_cannot_use_is_a_usage_error(uri: str) -> None:
    with pytest.raises(UsageError) as caught:
        Neo4jStore(uri, auth=("neo4j", "password"), connection_timeout=2)
    assert caught.value.field == "uri"


@pytest.mark.parametrize("auth", ["neo4j:password", ("neo4j",), ("neo4j", 42)])
def test_auth_must_be_a_user_and_password_pair(auth: object) -> None:
    with pytest.raises(FieldTypeError, match="auth"):
        Neo4jStore(CLOSED, auth=auth)  # type: ignore[arg-type]


def test_the_schema_switch_must_be_a_bool() -> None:
    with pytest.raises(FieldTypeError) as caught:
        Neo4jStore(CLOSED, auth=("neo4j", "password"), schema="no")  # type: ignore[arg-type]
    assert caught.value.field == "schema"


def test_credentials_come_from_the_environment_when_not_given() -> None:
    assert auth_from_env({"NEO4J_USER": "ada", "NEO4J_PASSWORD": "pw"}) == ("ada", "pw")
    assert auth_from_env({"NEO4J_PASSWORD": "pw"}) == ("neo4j", "pw")
    assert auth_from_env({"NEO4J_USER": "ada"}) is None


def test_every_driver_error_is_translated_at_the_boundary() -> None:
    """The boundary catches Neo4jError and DriverError; every error the driver defines is one of them."""
    caught = (neo4j.exceptions.Neo4jError, neo4j.exceptions.DriverError)
    raised = [cls for _, cls in inspect.getmembers(neo4j.exceptions, inspect.isclass)
              if issubclass(cls, Exception) and cls.__module__.startswith("neo4j")
              and cls.__name__ != "GqlError"]  # the shared base of the two, never raised itself
    assert len(raised) > 20
    assert [cls.__name__ for cls in raised if not issubclass(cls, caught)] == []


# -- the graph's shape on a live server (skipped, with the reason, where none answers) ----------
@pytest.fixture(params=BACKENDS[1:])  # the id names the server: [neo4j] or [bolt-stand-in]
def live(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Memory]:
    store = open_backend(request.param, request, tmp_path)
    with Memory(store=store, clock=Clock(), embedder=None) as mem:
        yield mem


def cypher_rows(mem: Memory, text: str, **params: object) -> list[dict[str, Any]]:
    """Inspect the graph directly, as a user in Neo4j Browser would."""
    store = mem.store
    assert isinstance(store, Neo4jStore)
    with store._driver.session(database=store.database) as session:
        return [record.data() for record in session.run(text, params)]


def test_the_graph_reads_well_in_neo4j_browser(live: Memory) -> None:
    live.add_fact("Ada", "lives_in", "Paris", user_id="u1", subject_type="person", object_type="place")
    live.add_fact("Ada", "age", "41", user_id="u1")
    rows = cypher_rows(live, "MATCH (s:Entity)-[r]->(o) RETURN labels(s) AS s, type(r) AS r, labels(o) AS o, "
                             "o.name AS name ORDER BY r")
    assert [(sorted(r["s"]), r["r"], sorted(r["o"]), r["name"]) for r in rows] == [
        (["Entity", "Person"], "AGE", ["Value"], "41"),
        (["Entity", "Person"], "LIVES_IN", ["Entity", "Place"], "Paris"),
    ]


def test_a_hard_delete_leaves_no_orphan_node(live: Memory) -> None:
    for obj in ("Paris", "41"):
        live.add_fact("Ada", "likes", obj, user_id="u1")
    live.store.put_embeddings([(f.id, [1.0, 0.0]) for f in live.history(user_id="u1")], model="m")
    live.forget(user_id="u1", hard=True, reason="erase me")
    left = cypher_rows(live, "MATCH (n) WHERE n:Entity OR n:Value OR n:FactRecord RETURN count(n) AS n")
    assert left == [{"n": 0}]
    assert [t.reason for t in live.tombstones(user_id="u1")] == ["erase me", "erase me"]
