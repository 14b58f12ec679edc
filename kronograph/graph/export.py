"""Copy a whole memory from one store to another, keeping every version and time field.

    kronograph export --db memory.db --to neo4j://localhost:7687     # embedded -> Neo4j
    kronograph export --db memory.db --from neo4j://localhost:7687   # Neo4j -> embedded

The copy goes through the GraphStore contract (:meth:`~GraphStore.dump` on the source,
:meth:`~GraphStore.load` on the target), so any pair of backends works, and the target
must be empty: a copy never merges two histories.
"""

from __future__ import annotations

from dataclasses import dataclass

from .store import GraphStore, StoreDump


@dataclass(frozen=True)
class ExportReport:
    """How much was copied."""

    entities: int
    records: int
    versions: int
    episodes: int
    tombstones: int
    audit_entries: int

    @classmethod
    def of(cls, dump: StoreDump) -> ExportReport:
        return cls(
            entities=len(dump.entities), records=len({f.id for f in dump.versions}), versions=len(dump.versions),
            episodes=len(dump.episodes), tombstones=len(dump.tombstones), audit_entries=len(dump.audit),
        )

    def summary(self) -> str:
        return (f"copied {self.records} facts ({self.versions} versions), {self.entities} entities, "
                f"{self.episodes} episodes, {self.tombstones} tombstones, {self.audit_entries} audit entries")


def copy_store(source: GraphStore, target: GraphStore) -> ExportReport:
    """Copy everything ``source`` holds into the empty ``target``, in one target transaction."""
    dump = source.dump()
    target.load(dump)
    return ExportReport.of(dump)
