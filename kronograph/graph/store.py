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

import threading
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, TypeVar

from ..errors import UsageError
from ..model import AuditEntry, Entity, EntityType, Episode, Fact, Status, Tombstone
from .records import RowChangeSet, row_to_fact
from .search_index import SearchIndex

T = TypeVar("T")

#: One span of provenance: ``(fact_id, episode_id, start, end)``, characters of the episode's content.
SpanRow = tuple[str, str, int, int]

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
    access_added: dict[str, int] = field(default_factory=dict)  # counts moved by a merge; last access kept
    sources: list[tuple[str, str]] = field(default_factory=list)  # (fact_id, episode_id)
    spans: list[SpanRow] = field(default_factory=list)  # (fact_id, episode_id, start, end); the pair is in sources
    audit: list[tuple[str, str, str | None, dict[str, Any]]] = field(default_factory=list)

    def log(self, action: str, user_id: str, fact_id: str | None, **detail: Any) -> None:
        """Queue a content-free audit entry."""
        self.audit.append((action, user_id, fact_id, detail))

    def is_empty(self) -> bool:
        return not (self.created or self.revised or self.reinforced or self.access_added or self.sources
                    or self.spans or self.audit)


@dataclass
class StoreDump:
    """Everything a store holds, as models: what ``export`` copies from one backend to another.

    ``versions`` holds every version of every record (``version_from``/``version_until`` set);
    ``episodes`` carry their provenance in ``fact_ids``. Embeddings are not part of it: the
    target computes them again.
    """

    entities: list[Entity] = field(default_factory=list)
    versions: list[Fact] = field(default_factory=list)
    episodes: list[Episode] = field(default_factory=list)
    tombstones: list[Tombstone] = field(default_factory=list)
    audit: list[AuditEntry] = field(default_factory=list)


def check_dump(dump: StoreDump) -> None:
    """Raise :class:`UsageError` naming the first field of ``dump`` no store can hold: a version
    without ``version_from``, or a valid time, version time or source span that ends before it starts."""
    for i, fact in enumerate(dump.versions):
        where = f"versions[{i}]"
        if fact.version_from is None:
            raise UsageError(f"{where}.version_from", f"fact {fact.id} has no version_from")
        for start, end in (("valid_from", "valid_until"), ("version_from", "version_until")):
            begins, ends = getattr(fact, start), getattr(fact, end)
            if ends is not None and ends < begins:
                raise UsageError(f"{where}.{end}", f"fact {fact.id} ends ({ends.isoformat()}) before its "
                                                   f"{start} ({begins.isoformat()})")
        for j, span in enumerate(fact.source_spans):
            if span.end <= span.start:
                raise UsageError(f"{where}.source_spans[{j}]", f"fact {fact.id}'s span of episode {span.episode_id} "
                                                               f"ends ({span.end}) where or before it starts ({span.start})")


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


class GraphStore(SearchIndex, ABC):
    """A bi-temporal fact store. Implementations: SQLiteStore (embedded), Neo4jStore."""

    #: Set by each backend's ``__init__``: the store's lock and whether it has been closed.
    _lock: threading.RLock
    _closed: bool

    # -- lifecycle ---------------------------------------------------------------------
    def close(self) -> None:
        """Flush and release the backend; a closed store must not be used again. Closing twice is a no-op."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            self._close()

    @abstractmethod
    def _close(self) -> None:
        """Release the backend's resources (called once, under the lock, by ``close``)."""

    @abstractmethod
    def transaction(self) -> AbstractContextManager[None]:
        """An exclusive write transaction (re-entrant); reads inside it see its writes."""

    def atomically(self, work: Callable[[], T]) -> T:
        """``work()`` in one write transaction, its result returned. A server backend runs it
        again from the start when the server aborted the transaction for a transient reason (a
        deadlock, a write conflict, a leader switch), as the Neo4j driver's managed transactions
        do, so ``work`` must change nothing but the store until it returns. Inside an open
        transaction it simply runs: the outermost one retries."""
        with self.transaction():
            return work()

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
        self.atomically(lambda: self._write(changes))

    @abstractmethod
    def _write(self, changes: ChangeSet) -> None:
        """Insert created facts, version revised ones, bump reinforcements, link sources, append audit."""

    def write_rows(self, changes: RowChangeSet) -> None:
        """Apply a bulk change set given as :class:`FactRecord` s: the same stored state and
        audit as :meth:`write` with the same facts as models. Backends override it for speed."""
        created_sources = changes.created_sources()
        previous = {old.id: row_to_fact(old, changes.previous_sources.get(old.id, []))
                    for _, old in changes.revised}
        self.write(ChangeSet(
            now=changes.now,
            created=[row_to_fact(r, created_sources.get(r.id, [])) for r in changes.created],
            revised=[row_to_fact(new, changes.previous_sources.get(new.id, [])) for new, _ in changes.revised],
            reinforced=dict(changes.reinforced), sources=list(changes.sources),
        ), previous)

    @abstractmethod
    def ensure_entities(self, user_id: str, names: Sequence[tuple[str, EntityType]], now: datetime) -> dict[str, Entity]:
        """Find or create the entities named (keyed by their name key)."""

    def ensure_entity_ids(self, wanted: Mapping[str, Sequence[tuple[str, EntityType]]],
                          now: datetime) -> dict[str, dict[str, str]]:
        """:meth:`ensure_entities` for several users at once, returning only ids: by user, then
        name key. Backends override it to skip building the models."""
        return {user: {key: entity.id for key, entity in self.ensure_entities(user, names, now).items()}
                for user, names in wanted.items()}

    @abstractmethod
    def add_episode(self, episode: Episode) -> None:
        """Store an episode (its content already redacted)."""

    @abstractmethod
    def archive_episodes(self, episode_ids: Sequence[str], *, at: datetime) -> None:
        """Mark episodes archived at ``at`` (a conversation summary now stands for them); their
        text, provenance and search entries stay. Already archived ones keep their time."""

    @abstractmethod
    def hard_delete(self, fact_ids: Sequence[str], *, now: datetime, reason: str,
                    episodes: Mapping[str, str] | None = None,
                    spans: Mapping[str, Sequence[SpanRow]] | None = None) -> list[Tombstone]:
        """Delete every version, link, span and index entry of these facts; leave tombstones.
        In the same transaction, replace the content of ``episodes`` (id -> the text with the
        deleted values cut out, as the write room computed it), replace all spans of each
        episode in ``spans`` (id -> the other facts' spans in the new text), and make the search
        indexes forget the old text. Entities left without any fact are deleted too (no orphans).
        """

    @abstractmethod
    def episode_spans(self, episode_ids: Sequence[str]) -> dict[str, list[SpanRow]]:
        """Every stored span in these episodes, by episode id (episodes without any left out)."""

    def flush_deletions(self, *, retry: bool = True) -> str | None:
        """Make completed hard deletes leave every file of the store now (``retry=False``: only
        say whether they have). Returns None when nothing deleted is left in any file, else why
        not yet (the store retries at its next write and at close). Backends whose commits
        already leave nothing behind keep this default."""
        return None

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

    def versions_many(self, fact_ids: Sequence[str]) -> dict[str, list[Fact]]:
        """:meth:`versions` of several records, by id (unknown ids left out); backends answer
        in one query where they can."""
        return {fid: found for fid in dict.fromkeys(fact_ids) if (found := self.versions(fid))}

    @abstractmethod
    def get_episode(self, episode_id: str) -> Episode | None:
        """One episode with the ids of the facts it produced."""

    def get_episodes(self, episode_ids: Sequence[str]) -> dict[str, Episode]:
        """Several episodes by id, those not found left out; a backend answers in one query
        where it can (this default asks one by one)."""
        return {eid: episode for eid in dict.fromkeys(episode_ids)
                if (episode := self.get_episode(eid)) is not None}

    @abstractmethod
    def episodes(self, user_id: str, *, limit: int | None = None) -> list[Episode]:
        """A user's episodes, newest reference time first."""

    def may_hold_summaries(self, user_id: str) -> bool:
        """False only when the user surely has no summary (nothing a hard delete must rebuild);
        a backend that cannot tell cheaply says True."""
        return True

    def episode_texts(self, user_id: str) -> dict[str, str]:
        """Every episode's content of a user, by id, newest reference time first (what a hard
        delete scans); backends read it without the provenance :meth:`episodes` carries."""
        return {episode.id: episode.content for episode in self.episodes(user_id)}

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
        """Every user with at least one record or episode."""

    # -- recall indexes: the SearchIndex contract (graph/search_index.py) -------------------
    # Indexes cover each record's current version; the text of a record never changes across
    # versions, so one entry per record id serves every ``as_of``/``known_at``.

    def iter_all_versions(self) -> Iterator[Fact]:
        """Every version of every record (for export); backends may override for speed."""
        for user_id in self.user_ids():
            for fact in self.current(user_id):
                yield from self.versions(fact.id)

    # -- copying between stores (export) ---------------------------------------------------
    def dump(self) -> StoreDump:
        """Everything stored, for :meth:`load` into another store.

        Users are those with records, episodes or audit entries (a user whose records were
        all hard-deleted still has tombstones and audit entries; one whose every message was
        refused still has episodes).
        """
        audit = self.audit_log()
        users = sorted(set(self.user_ids()) | {entry.user_id for entry in audit})
        return StoreDump(
            entities=[e for u in users for e in self.entities(u)],
            versions=list(self.iter_all_versions()),
            episodes=[ep for u in users for ep in self.episodes(u)],
            tombstones=[t for u in users for t in self.tombstones(u)],
            audit=audit,
        )

    def is_empty(self) -> bool:
        """True when the store holds no record, episode or audit entry."""
        return not self.user_ids() and not self.audit_log(limit=1)

    def load(self, dump: StoreDump) -> None:
        """Write a dump exactly as it is (ids, every version, times, audit ids) in one transaction.

        Only into an empty store: merging two histories is not a copy. A dump no store could
        hold (an interval or span that ends before it starts) is refused before anything is
        written, with the same error on every backend.
        """
        check_dump(dump)
        if not self.is_empty():
            raise UsageError("target", "the target store is not empty; export into an empty store")
        self.atomically(lambda: self._load(dump))

    @abstractmethod
    def _load(self, dump: StoreDump) -> None:
        """Insert a dump's entities, versions, episodes with provenance, tombstones and audit entries."""
