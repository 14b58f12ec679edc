"""Every statement of kronograph/graph/cypher.py goes through Neo4j's own Cypher linter
(``@neo4j-cypher/language-support``, pinned in package.json; ``make test`` installs it), with
exactly its declared parameters, the labels and relationship types the store writes, and the
signatures of the procedures it calls.

This checks syntax and semantics against Neo4j 5's grammar without a server.
"""

from __future__ import annotations

import inspect
import itertools
import json
import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from kronograph.errors import UsageError
from kronograph.graph.neo4j import cypher
from kronograph.graph.neo4j.cypher import CypherQuery
from kronograph.model import EntityType

ROOT = Path(__file__).resolve().parents[2]
LINTER = Path(__file__).with_name("cypher_lint.mjs")
PACKAGE = ROOT / "node_modules" / "@neo4j-cypher" / "language-support"
DOC = ROOT / "docs" / "neo4j.md"

#: A relationship type as the store derives them from predicates (``lives_in``).
SAMPLE_REL_TYPE = cypher.rel_type("lives_in")

#: Values tried for each argument of a statement builder.
ARGUMENT_VALUES: dict[str, list[Any]] = {
    "by_ids": [True, False],
    "limited": [True, False],
    "rtype": [None, SAMPLE_REL_TYPE],
    "label": list(cypher.ENTITY_LABELS.values()),
    "dimensions": [cypher.DEFAULT_EMBEDDING_DIMENSIONS],
}



def _procedure(signature: str, mode: str, args: list[tuple[str, str, str | None]],
               returns: list[tuple[str, str]]) -> dict[str, Any]:
    """A procedure as the linter's DbSchema declares it (from Neo4j 5's ``SHOW PROCEDURES``)."""
    def field(name: str, kind: str) -> dict[str, Any]:
        return {"name": name, "description": "", "type": kind, "isDeprecated": False}

    return {
        "name": signature.split("(", 1)[0], "description": "", "mode": mode, "worksOnSystem": False,
        "argumentDescription": [{**field(n, k), **({"default": d} if d is not None else {})} for n, k, d in args],
        "returnDescription": [field(n, k) for n, k in returns],
        "signature": signature, "admin": False, "option": {"deprecated": False},
    }


#: The procedures the store calls, with Neo4j 5's signatures: the linter then checks their
#: names, argument counts and YIELD columns (and flags any other procedure).
PROCEDURES: dict[str, dict[str, Any]] = {p["name"]: p for p in (
    _procedure("db.index.fulltext.queryNodes(indexName :: STRING, queryString :: STRING, options = {} :: MAP) "
               ":: (node :: NODE, score :: FLOAT)", "READ",
               [("indexName", "STRING", None), ("queryString", "STRING", None),
                ("options", "MAP", "DefaultParameterValue{value={}, type=MAP}")],
               [("node", "NODE"), ("score", "FLOAT")]),
    _procedure("db.index.vector.queryNodes(indexName :: STRING, numberOfNearestNeighbours :: INTEGER, "
               "query :: ANY) :: (node :: NODE, score :: FLOAT)", "READ",
               [("indexName", "STRING", None), ("numberOfNearestNeighbours", "INTEGER", None), ("query", "ANY", None)],
               [("node", "NODE"), ("score", "FLOAT")]),
    _procedure("db.awaitIndexes(timeOutSeconds = 300 :: INTEGER)", "READ",
               [("timeOutSeconds", "INTEGER", "DefaultParameterValue{value=300, type=INTEGER}")], []),
)}

#: Deliberately broken statements: the linter must flag each one.
BROKEN: dict[str, CypherQuery] = {
    "broken: undeclared parameter": CypherQuery("MATCH (e:Entity {id: $id}) RETURN e.name AS name", frozenset()),
    "broken: syntax": CypherQuery("MATCH (e:Entity {id: $id} RETURN e", frozenset({"id"})),
    "broken: misspelled label": CypherQuery("MATCH (e:Entiti {id: $id}) RETURN e", frozenset({"id"})),
    "broken: misspelled type": CypherQuery("MATCH (:Episode)-[p:PRODUCE]->() RETURN p", frozenset()),
    "broken: undefined variable": CypherQuery("MATCH (e:Entity) RETURN f", frozenset()),
    "broken: type error": CypherQuery("MATCH (e:Entity) RETURN e, 1 + true AS x", frozenset()),
    "broken: misspelled procedure": CypherQuery(
        "CALL db.index.fulltext.queryNode('fact_text', $q) YIELD node RETURN node", frozenset({"q"})),
    "broken: wrong yield column": CypherQuery(
        "CALL db.index.vector.queryNodes('fact_embedding', 5, $v) YIELD relationship RETURN relationship",
        frozenset({"v"})),
}


def _builders() -> dict[str, Callable[..., Any]]:
    return {name: fn for name, fn in vars(cypher).items()
            if inspect.isfunction(fn) and not name.startswith("_") and fn.__module__ == cypher.__name__
            and inspect.signature(fn).return_annotation in ("CypherQuery", "tuple[CypherQuery, ...]")}


def all_statements() -> dict[str, CypherQuery]:
    """Every statement the module defines: constants, and each builder with every argument value."""
    found = {name: value for name, value in vars(cypher).items() if isinstance(value, CypherQuery)}
    for name, fn in _builders().items():
        signature = inspect.signature(fn).parameters
        params = list(signature)
        choices = [[v for v in ARGUMENT_VALUES[p] if v is not None or "None" in str(signature[p].annotation)]
                   for p in params]
        for values in itertools.product(*choices):
            kwargs = dict(zip(params, values))
            built = fn(**kwargs)
            label = f"{name}({', '.join(f'{k}={v!r}' for k, v in kwargs.items())})"
            if isinstance(built, tuple):
                found.update({f"{label}[{i}]": s for i, s in enumerate(built)})
            else:
                found[label] = built
    return found


def lint(statements: dict[str, CypherQuery]) -> dict[str, list[dict[str, Any]]]:
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is needed to lint Cypher (apt-get install nodejs)")
    if not PACKAGE.is_dir():
        pytest.fail("the Cypher linter is not installed: run `npm ci` (make test does it)")
    payload = {
        "schema": {"labels": list(cypher.LABELS), "relationshipTypes": [*cypher.LINK_TYPES, SAMPLE_REL_TYPE],
                   "procedures": {"CYPHER 5": PROCEDURES}},
        "statements": [{"name": n, "text": s.text, "params": sorted(s.params)} for n, s in statements.items()],
    }
    done = subprocess.run([node, str(LINTER)], input=json.dumps(payload), capture_output=True, text=True,
                          cwd=ROOT, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def diagnostics() -> dict[str, list[dict[str, Any]]]:
    """One linter run (Node starts once) over the module's statements and the broken ones."""
    return lint({**all_statements(), **BROKEN})


def test_every_statement_passes_neo4js_linter(diagnostics: dict[str, list[dict[str, Any]]]) -> None:
    statements = all_statements()
    assert len(statements) > 60
    failures = {name: diagnostics[name] for name in statements if diagnostics[name]}
    assert failures == {}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_the_linter_catches_a_broken_statement(diagnostics: dict[str, list[dict[str, Any]]], name: str) -> None:
    assert diagnostics[name], f"{name} was not flagged"


def test_every_declared_parameter_is_used_by_its_statement() -> None:
    unused = {name: sorted(s.params - set(re.findall(r"\$(\w+)", s.text)))
              for name, s in all_statements().items()}
    assert {name: p for name, p in unused.items() if p} == {}


def test_every_builder_argument_has_values_to_try() -> None:
    for name, fn in _builders().items():
        assert set(inspect.signature(fn).parameters) <= set(ARGUMENT_VALUES), name


def test_relationship_types_come_from_predicates_and_unsafe_ones_are_refused() -> None:
    assert cypher.rel_type("lives_in") == "LIVES_IN"
    for bad in ("lives in", "x`]->() DETACH DELETE (n", "1st", "", "naïve"):
        with pytest.raises(UsageError, match="predicate"):
            cypher.rel_type(bad)
    with pytest.raises(UsageError):
        cypher.create_versions_to_value("LIVES_IN]->() DELETE r //")
    assert cypher.entity_label(EntityType.organization) == "Organization"


def test_the_browser_guide_shows_exactly_the_linted_browser_queries() -> None:
    blocks = re.findall(r"```cypher\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)

    def norm(text: str) -> str:
        return " ".join(text.split())

    shown = {norm(b) for b in blocks if not b.lstrip().startswith(":param")}
    assert shown == {norm(s.text) for s in cypher.BROWSER_QUERIES.values()}
