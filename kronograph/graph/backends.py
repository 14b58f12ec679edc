"""Which backend a location names: ``None`` or a file path is the embedded SQLite store; a
Bolt URI (``neo4j://``, ``neo4j+s://``, ``bolt://`` ...) is Neo4j. Each backend is imported
only when chosen (the Neo4j driver is an optional dependency)."""

from __future__ import annotations

import os
from typing import Any

from .store import GraphStore

#: URI schemes the official driver speaks Bolt on (``+s``: TLS; ``+ssc``: TLS, self-signed).
NEO4J_SCHEMES = ("neo4j", "neo4j+s", "neo4j+ssc", "bolt", "bolt+s", "bolt+ssc")


def is_neo4j_uri(location: object) -> bool:
    """True when ``location`` is a URI the Neo4j store serves."""
    return isinstance(location, str) and location.split("://", 1)[0] in NEO4J_SCHEMES


def open_store(path: str | os.PathLike[str] | None, **options: Any) -> GraphStore:
    """The store for a location: ``None`` or a file path -> embedded SQLite;
    ``neo4j://``, ``neo4j+s://``, ``bolt://`` -> Neo4j."""
    if is_neo4j_uri(path):
        from .neo4j import Neo4jStore

        assert isinstance(path, str)
        return Neo4jStore(path, **options)
    from .sqlite import SQLiteStore

    return SQLiteStore(path, **options)
