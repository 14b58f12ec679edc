"""The GraphStore contract: what every backend (embedded SQLite, Neo4j) must do.

The store speaks in models, never in query strings, and decides nothing: Memory reads a
slot's records, the pure temporal logic decides, and the store writes the resulting
:class:`ChangeSet` atomically. Every record is versioned on the transaction-time axis
(``version_from``/``version_until``): a change closes the current version and writes a new
one, so a ``known_at`` query reproduces exactly what was believed then.

Shared bookkeeping (validation, audit entries) lives in the public methods here; backends
fill the ``_``-prefixed hooks.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from ..model import AuditEntry, Entity, EntityType, Episode, Fact, Status, Tombstone

#: Lifecycle statuses returned by default: a superseded record is still returned for an
#: as_of inside its interval (the time filters decide validity).
DEFAULT_LIFECYCLES: frozenset[Status] = frozenset({Status.active})


@dataclass(frozen=True)
class FactQuery:
    """Which facts to read: a scope, an optional slot, and the two clocks."""

    user_id: str
    known_at: datetime
    as_of: datetime | None = None  # None: every valid time (history-like)
    subject_key: str | None = None
    predicate: str | None = None
    object_key: str | None = None
    agent_id: str | None = None
    app_id: str | None = None
    run_id: str | None = None
    lifecycles: frozenset[Status] = DEFAULT_LIFECYCLES
    include_expired: bool = False
    fact_ids: tuple[str, ...] | None = None
    limit: int | None = None


@dataclass
class ChangeSet:
    """Everything one write does, applied atomically by :meth:`GraphStore.write`."""

    now: datetime
    created: list[Fact] = field(default_factory=list)
    revised: list[Fact] = field(default_factory=list)
    reinforced: dict[str, int] = field(default_factory=dict)
    sources: list[tuple[str, str]] = field(default_factory=list)  # (fact_id, episode_id)
    audit: list[tuple[str, str, str | None, dict[str, Any]]] = field(default_factory=list)

    def log(self, action: str, user_id: str, fact_id: str | None, **detail: Any) -> None:
        """Queue a content-free audit entry."""
        self.audit.append((action, user_id, fact_id, detail))

    def is_empty(self) -> bool:
        return not (self.created or self.revised or self.reinforced or self.sources or self.audit)


def _changed_fields(old: Fact, new: Fact) -> dict[str, Any]:
    """Names (and, for times and statuses only, values) of what a revision changed; never content."""
    out: dict[str, Any] = {}
    for name in ("valid_from", "valid_until", "stated_until", "retracted_at", "expires_at"):
        a, b = getattr(old, name), getattr(new, name)
        if a != b:
            out[name] = b.isoformat() if b is not None else None
    for name in ("status", "memory_type", "sensitivity"):
        a, b = getattr(old, name), getattr(new, name)
        if a != b:
            out[name] = b.value
    for name in ("superseded_by", "confidence", "importance"):
        a, b = getattr(old, name), getattr(new, name)
        if a != b:
            out[name] = b
    return out


class GraphStore(ABC):
    """A bi-temporal fact store. Implementations: SQLiteStore (embedded), Neo4jStore."""

    # -- lifecycle ---------------------------------------------------------------------
    @abstractmethod
    def close(self) -> None:
        """Flush and release the backend; a closed store must not be used again."""

    @abstractmethod
    def transaction(self) -> AbstractContextManager[None]:
        """An exclusive write transaction (re-entrant); reads inside it see its writes."""

    # -- writes ------------------------------------------------------------------------
    def write(self, changes: ChangeSet, previous: dict[str, Fact] | None = None) -> None:
        """Apply a change set atomically, adding one audit entry per change.

        ``previous`` maps fact ids to the versions being replaced, so the audit can say
        which fields changed (without content).
        """
        previous = previous or {}
        for fact in changes.created:
            changes.log("create", fact.user_id, fact.id, predicate=fact.predicate,
                        memory_type=fact.memory_type.value, status=fact.status.value)
        for fact in changes.revised:
            old = previous.get(fact.id)
            detail = _changed_fields(old, fact) if old is not None else {}
            changes.log("revise", fact.user_id, fact.id, **detail)
        with self.transaction():
            self._write(changes)

    @abstractmethod
    def _write(self, changes: ChangeSet) -> None:
        """Insert created facts, version revised ones, bump reinforcements, link sources, append audit."""

    @abstractmethod
    def ensure_entities(self, user_id: str, names: Sequence[tuple[str, EntityType]], now: datetime) -> dict[str, Entity]:
        """Find or create the entities named (keyed by their name key)."""

    @abstractmethod
    def add_episode(self, episode: Episode) -> None:
        """Store an episode (its content already redacted)."""

    @abstractmethod
    def hard_delete(self, fact_ids: Sequence[str], *, now: datetime, reason: str) -> list[Tombstone]:
        """Delete every version, link, index entry and episode mention of these facts; leave tombstones.

        Entities left without any fact are deleted too (no orphans).
        """

    @abstractmethod
    def touch(self, fact_ids: Sequence[str], now: datetime) -> None:
        """Reinforce on recall: bump access counts and last access (not a belief change)."""

    # -- reads -------------------------------------------------------------------------
    @abstractmethod
    def slot_records(self, user_id: str, subject_key: str, predicate: str) -> list[Fact]:
        """Current versions of every record of a slot that is still believed (not retracted)."""

    def slot_records_many(self, keys: Sequence[tuple[str, str, str]]) -> dict[tuple[str, str, str], list[Fact]]:
        """:meth:`slot_records` for many ``(user_id, subject_key, predicate)`` slots at once."""
        return {key: self.slot_records(*key) for key in keys}

    @abstractmethod
    def query(self, q: FactQuery) -> list[Fact]:
        """Versions matching the query's scope, slot and clocks."""

    @abstractmethod
    def current(self, user_id: str, *, subject_key: str | None = None, predicate: str | None = None,
                fact_ids: Sequence[str] | None = None) -> list[Fact]:
        """Current versions (any status) of a user's records, oldest ``valid_from`` first."""

    @abstractmethod
    def versions(self, fact_id: str) -> list[Fact]:
        """Every version of one record on the transaction-time axis, oldest first."""

    @abstractmethod
    def get_episode(self, episode_id: str) -> Episode | None:
        """One episode with the ids of the facts it produced."""

    @abstractmethod
    def episodes(self, user_id: str, *, limit: int | None = None) -> list[Episode]:
        """A user's episodes, newest reference time first."""

    @abstractmethod
    def entities(self, user_id: str) -> list[Entity]:
        """A user's entities."""

    @abstractmethod
    def tombstones(self, user_id: str) -> list[Tombstone]:
        """What hard deletes left for a user."""

    @abstractmethod
    def audit_log(self, *, user_id: str | None = None, fact_id: str | None = None,
                  limit: int | None = None) -> list[AuditEntry]:
        """Audit entries, oldest first."""

    @abstractmethod
    def user_ids(self) -> list[str]:
        """Every user with at least one record."""

    def iter_all_versions(self) -> Iterator[Fact]:
        """Every version of every record (for export); backends may override for speed."""
        for user_id in self.user_ids():
            for fact in self.current(user_id):
                yield from self.versions(fact.id)
