"""The server backend: Neo4j 5 (or Aura) over Bolt, every statement parameterised."""

from .store import Neo4jStore, auth_from_env

__all__ = ["Neo4jStore", "auth_from_env"]
