"""The Neo4j store: the same bi-temporal memory on a Neo4j 5 server, explorable in Neo4j Browser.

    Memory("neo4j://localhost:7687", auth=("neo4j", "password"))
    Memory("neo4j+s://xxxx.databases.neo4j.io", auth=(...))      # Aura
    NEO4J_URI / NEO4J_USER / NEO4J_PASSWORD / NEO4J_DATABASE fill what is not given.

The graph's shape and every statement live in :mod:`kronograph.graph.neo4j.cypher`. A
``transaction()`` block is one explicit write transaction on one session that first takes a
store-wide write lock, and every read inside it runs in that transaction, so the writer's
read-decide-write is atomic and writers serialise as on the embedded store. Driver
errors become :class:`~kronograph.errors.StoreError` in :meth:`Neo4jStore._errors`, the one
place this store translates them.
"""

from __future__ import annotations

import json
import os
import random
import threading
import time
from collections import defaultdict
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from datetime import UTC, datetime, timedelta
from types import ModuleType
from typing import Any, TypeVar

import numpy as np

from ...errors import FieldTypeError, MissingDependencyError, StoreError, UsageError
from ...language import search_text
from ...model import (
    AuditEntry,
    Entity,
    EntityType,
    Episode,
    Fact,
    MemoryType,
    Sensitivity,
    SourceSpan,
    Status,
    Tombstone,
    new_id,
)
from ...temporal.timeline import effective_status, lifecycle_of, object_key
from .. import memory_fields
from ..backends import NEO4J_SCHEMES
from ..store import ChangeSet, FactQuery, GraphStore, SpanRow, StoreDump
from ..text_search import search_terms
from ..vector_index import unit
from . import cypher
from .cypher import CypherQuery

SCHEMES = NEO4J_SCHEMES

T = TypeVar("T")

_MEMORY_TYPES = {m.value: m for m in MemoryType}
_LIFECYCLES = {s.value: s for s in Status}
_SENSITIVITIES = {s.value: s for s in Sensitivity}


def driver_module() -> ModuleType:
    """The ``neo4j`` package, or a MissingDependencyError naming the extra to install."""
    try:
        import neo4j
    except ImportError as exc:
        raise MissingDependencyError("The Neo4j store", "neo4j", str(exc)) from exc
    return neo4j


def auth_from_env(environ: Mapping[str, str] | None = None) -> tuple[str, str] | None:
    """``(NEO4J_USER or "neo4j", NEO4J_PASSWORD)`` when a password is set, else None (no auth)."""
    env = os.environ if environ is None else environ
    password = env.get("NEO4J_PASSWORD")
    if password is None:
        return None
    return (env.get("NEO4J_USER") or "neo4j", password)


def _auth(auth: object) -> tuple[str, str] | None:
    if auth is None:
        return auth_from_env()
    if (not isinstance(auth, tuple | list) or len(auth) != 2
            or not all(isinstance(part, str) for part in auth)):
        raise FieldTypeError("auth", "expected a (user, password) pair of strings")
    return (auth[0], auth[1])


def _time(value: Any) -> datetime | None:
    """A Neo4j DateTime (or None) as an aware UTC datetime."""
    return None if value is None else _instant(value)


def _instant(value: Any) -> datetime:
    native = value.to_native() if hasattr(value, "to_native") else value
    if not isinstance(native, datetime):
        raise StoreError(f"expected a DateTime from Neo4j, got {type(value).__name__}")
    return native.astimezone(UTC)


def _props(fact: Fact, tx_from: datetime, tx_to: datetime | None) -> dict[str, Any]:
    """A fact version as relationship properties (the status stored is the lifecycle)."""
    return {
        "id": fact.id, "user_id": fact.user_id, "agent_id": fact.agent_id, "app_id": fact.app_id,
        "run_id": fact.run_id, "subject": fact.subject, "subject_key": object_key(fact.subject),
        "subject_entity_id": fact.subject_entity_id, "predicate": fact.predicate, "object": fact.object,
        "object_key": object_key(fact.object), "object_entity_id": fact.object_entity_id, "text": fact.text,
        "memory_type": fact.memory_type.value, "lifecycle": lifecycle_of(fact).value,
        "confidence": fact.confidence, "importance": fact.importance, "access_count": fact.access_count,
        "last_accessed_at": fact.last_accessed_at, "valid_from": fact.valid_from, "valid_until": fact.valid_until,
        "stated_until": fact.stated_until, "recorded_at": fact.recorded_at, "retracted_at": fact.retracted_at,
        "expires_at": fact.expires_at, "superseded_by": fact.superseded_by,
        "sensitivity": fact.sensitivity.value, "tx_from": tx_from, "tx_to": tx_to,
        "memory_fields": memory_fields.encode(fact),
    }


def _spans(found: Sequence[Mapping[str, Any]]) -> list[SourceSpan]:
    """The spans read back from PRODUCED links (flat offset lists), in the SQLite store's order."""
    pairs = {(row["episode_id"], int(flat[i]), int(flat[i + 1]))
             for row in found for flat in [row["spans"] or []] for i in range(0, len(flat) - 1, 2)}
    return [SourceSpan.trusted({"episode_id": e, "start": a, "end": b}) for e, a, b in sorted(pairs)]


def _span_rows(rows: Sequence[SpanRow]) -> dict[tuple[str, str], list[int]]:
    """Span rows grouped per (fact, episode) link as flat offset lists, as the links store them."""
    grouped: dict[tuple[str, str], list[int]] = defaultdict(list)
    for fact_id, episode_id, start, end in dict.fromkeys(rows):
        grouped[(fact_id, episode_id)] += [start, end]
    return grouped


def _fact(props: Mapping[str, Any], sources: Sequence[str], spans: Sequence[Mapping[str, Any]] = ()) -> Fact:
    # Properties come from our own writes; skip re-validation for speed, as the SQLite store does.
    lifecycle = _LIFECYCLES[props["lifecycle"]]
    return Fact.model_construct(
        **memory_fields.decode(props.get("memory_fields")),
        id=props["id"], user_id=props["user_id"], agent_id=props.get("agent_id"), app_id=props.get("app_id"),
        run_id=props.get("run_id"), subject=props["subject"], subject_entity_id=props.get("subject_entity_id"),
        predicate=props["predicate"], object=props["object"], object_entity_id=props.get("object_entity_id"),
        text=props["text"], memory_type=_MEMORY_TYPES[props["memory_type"]],
        status=effective_status(lifecycle, props.get("superseded_by")), confidence=props["confidence"],
        importance=props["importance"], access_count=props.get("access_count", 0),
        last_accessed_at=_time(props.get("last_accessed_at")), valid_from=_instant(props["valid_from"]),
        valid_until=_time(props.get("valid_until")), stated_until=_time(props.get("stated_until")),
        recorded_at=_instant(props["recorded_at"]), retracted_at=_time(props.get("retracted_at")),
        expires_at=_time(props.get("expires_at")), superseded_by=props.get("superseded_by"),
        source_episode_ids=sorted(sources), source_spans=_spans(spans), sensitivity=_SENSITIVITIES[props["sensitivity"]],
        version_from=_instant(props["tx_from"]), version_until=_time(props.get("tx_to")),
    )


def _record_row(fact: Fact) -> dict[str, Any]:
    return {
        "id": fact.id, "user_id": fact.user_id, "subject_key": object_key(fact.subject),
        "predicate": fact.predicate, "object_key": object_key(fact.object),
        "object_entity_id": fact.object_entity_id, "recorded_at": fact.recorded_at, "text": fact.text,
    }


class Neo4jStore(GraphStore):
    """GraphStore on a Neo4j 5 server (or Aura, or a cluster via ``neo4j://`` routing).

    ``uri`` defaults to ``$NEO4J_URI``; ``auth`` to ``($NEO4J_USER, $NEO4J_PASSWORD)``;
    ``database`` to ``$NEO4J_DATABASE`` or the server's default. ``schema=False`` skips the
    constraints and indexes (:func:`cypher.schema`) on opening, for a database whose schema an
    administrator already built, or a user without schema rights. Other keyword arguments go to
    ``neo4j.GraphDatabase.driver``.
    """

    def __init__(self, uri: str | None = None, *, auth: tuple[str, str] | None = None,
                 database: str | None = None, embedding_dimensions: int = cypher.DEFAULT_EMBEDDING_DIMENSIONS,
                 schema: bool = True, **driver_options: Any) -> None:
        neo4j = driver_module()
        self._exceptions = neo4j.exceptions
        target = uri if uri is not None else os.environ.get("NEO4J_URI")
        if not isinstance(target, str) or not target.strip():
            raise UsageError("uri", "no Neo4j URI given and NEO4J_URI is not set")
        self.uri = target.strip()
        if self.uri.split("://", 1)[0] not in SCHEMES:
            raise UsageError("uri", f"{self.uri!r} is not a Neo4j URI ({', '.join(s + '://' for s in SCHEMES)})")
        self.database = database if database is not None else os.environ.get("NEO4J_DATABASE") or None
        if not isinstance(schema, bool):
            raise FieldTypeError("schema", "expected True or False")
        statements = cypher.schema(embedding_dimensions)
        self.embedding_dimensions = embedding_dimensions
        #: Users with at most this many vectors are searched exactly (never touching others' vectors).
        self.exact_vector_scan_max = 20_000
        #: Index candidates fetched per wanted result, before narrowing to the user.
        self.vector_oversampling = 20
        #: How long a transaction the server aborted for a transient reason is retried (the
        #: driver's ``max_transaction_retry_time``), and the first pause, doubled up to 1 s.
        self.retry_seconds = 30.0
        self.retry_first_delay = 0.02
        self._lock = threading.RLock()
        self._tx: Any = None
        self._session: Any = None
        self._closed = False
        credentials = _auth(auth)
        try:
            self._driver = neo4j.GraphDatabase.driver(self.uri, auth=credentials, **driver_options)
        except (ValueError, TypeError) as exc:  # a malformed URI or an unknown driver option
            raise UsageError("uri", f"{self.uri!r}: {exc}") from exc
        # One bookmark manager for every session: a read after a commit sees it, even on a cluster.
        self._bookmarks = self._driver.execute_query_bookmark_manager
        try:
            with self._errors("connect"):
                self._driver.verify_connectivity()
            if schema:
                self._create_schema(statements)
        except ValueError as exc:  # the driver's verdict on an address it cannot resolve
            self._driver.close()
            raise UsageError("uri", f"{self.uri!r}: {exc}") from exc
        except BaseException:
            self._driver.close()
            raise

    # -- plumbing ----------------------------------------------------------------------
    @contextmanager
    def _errors(self, what: str) -> Iterator[None]:
        """Translate driver errors into StoreError, the one place this store does so."""
        exc_types = (self._exceptions.Neo4jError, self._exceptions.DriverError)
        try:
            yield
        except exc_types as exc:
            raise StoreError(f"Neo4j {what} failed: {exc}") from exc

    def _create_schema(self, statements: Sequence[CypherQuery]) -> None:
        """Constraints and indexes, each in its own auto-commit transaction (schema commands
        cannot share a transaction with writes)."""
        with self._errors("schema"), self._driver.session(database=self.database) as session:
            for statement in statements:
                try:
                    session.run(statement.text).consume()
                except self._exceptions.ClientError as exc:
                    # Another process created the same rule between IF NOT EXISTS and now.
                    if not (exc.code or "").endswith("EquivalentSchemaRuleAlreadyExists"):
                        raise
            session.run(cypher.AWAIT_INDEXES.text, {"seconds": 300}).consume()

    def _run(self, statement: CypherQuery, **params: Any) -> list[Any]:
        """Run one statement with exactly its declared parameters; inside ``transaction()`` it
        joins that transaction, outside it runs as a retried read transaction."""
        if set(params) != statement.params:
            raise TypeError(f"parameters {sorted(params)} do not match the statement's {sorted(statement.params)}")
        with self._lock, self._errors("query"):
            if self._tx is not None:
                return list(self._tx.run(statement.text, params))
            with self._driver.session(database=self.database, default_access_mode="READ",
                                      bookmark_manager=self._bookmarks) as session:
                return session.execute_read(lambda tx: list(tx.run(statement.text, params)))

    def _transient(self, exc: BaseException) -> bool:
        """Whether ``exc`` (a StoreError from :meth:`_errors`) is one the driver would retry: the
        server aborted the transaction (deadlock, write conflict, leader switch, lost connection
        before commit), so nothing of it was committed. A commit whose outcome is unknown is not."""
        cause = exc.__cause__
        return (isinstance(exc, StoreError)
                and isinstance(cause, self._exceptions.Neo4jError | self._exceptions.DriverError)
                and cause.is_retryable())

    def _retried(self, attempt: Callable[[], T]) -> T:
        """``attempt()`` again, after a growing, jittered pause, while it fails transiently and
        ``retry_seconds`` have not passed (the driver's managed-transaction policy)."""
        deadline = time.monotonic() + self.retry_seconds
        delay = self.retry_first_delay
        while True:
            try:
                return attempt()
            except StoreError as exc:
                pause = delay * random.uniform(0.8, 1.2)
                if not self._transient(exc) or time.monotonic() + pause > deadline:
                    raise
            time.sleep(pause)
            delay = min(delay * 2.0, 1.0)

    def _begin(self) -> None:
        """Open this thread's session and transaction and take the store-wide write lock (nothing
        else has run in it, so a transient failure here is retried on its own)."""
        with self._errors("begin"):
            self._session = self._driver.session(database=self.database, bookmark_manager=self._bookmarks)
            try:
                self._tx = self._session.begin_transaction()
                self._tx.run(cypher.ACQUIRE_WRITE_LOCK.text).consume()
            except BaseException:
                self._tx = None
                self._session.close()
                self._session = None
                raise

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """One explicit write transaction holding the write lock until it ends. Taking the lock is
        retried on transient errors; the block itself cannot be re-run from here, so a transient
        failure inside it rolls back and raises: :meth:`atomically` re-runs the whole block."""
        with self._lock:
            if self._tx is not None:
                yield
                return
            self._retried(self._begin)
            try:
                yield
            except BaseException:
                tx: Any = self._tx
                self._tx = None
                # A server that ended the transaction itself may refuse the rollback: the block's
                # own error says why, and is the one raised.
                with suppress(self._exceptions.Neo4jError, self._exceptions.DriverError):
                    tx.rollback()
                raise
            else:
                tx = self._tx
                self._tx = None
                with self._errors("commit"):
                    tx.commit()
            finally:
                self._tx = None
                session, self._session = self._session, None
                with self._errors("close session"):
                    session.close()

    def atomically(self, work: Callable[[], T]) -> T:
        with self._lock:
            if self._tx is not None:
                return work()
            return self._retried(lambda: self._once(work))

    def _once(self, work: Callable[[], T]) -> T:
        with self.transaction():
            return work()

    def _close(self) -> None:
        with self._errors("close"):
            self._driver.close()

    def wipe(self) -> None:
        """Delete every node kronograph wrote: for a disposable test database, never a real one."""
        self.atomically(lambda: self._run(cypher.WIPE))

    # -- writes ------------------------------------------------------------------------
    def _write(self, changes: ChangeSet) -> None:
        now = changes.now
        if changes.created:
            self._write_versions([(f, now, None) for f in changes.created])
        if changes.revised:
            self._revise(changes.revised, now)
        if changes.reinforced:
            self._run(cypher.REINFORCE, rows=[{"id": i, "n": n} for i, n in changes.reinforced.items()], now=now)
        if changes.access_added:
            self._run(cypher.ADD_ACCESS, rows=[{"id": i, "n": n} for i, n in changes.access_added.items()])
        if changes.sources or changes.spans:
            self._link_sources(changes.sources, changes.spans)
        if changes.audit:
            self._run(cypher.APPEND_AUDIT, rows=[
                {"at": now, "action": a, "user_id": u, "fact_id": f, "detail": json.dumps(d, sort_keys=True, default=str)}
                for a, u, f, d in changes.audit
            ])

    def _write_versions(self, versions: Sequence[tuple[Fact, datetime, datetime | None]]) -> None:
        """Create relationships for fact versions, grouped by type and object kind, and upsert their records."""
        groups: dict[tuple[str, bool], list[dict[str, Any]]] = defaultdict(list)
        for fact, tx_from, tx_to in versions:
            key = (cypher.rel_type(fact.predicate), fact.object_entity_id is not None)
            groups[key].append({"user_id": fact.user_id, "subject_node_id": new_id(),
                                "props": _props(fact, tx_from, tx_to)})
        for (rtype, to_entity), rows in groups.items():
            build = cypher.create_versions_to_entity if to_entity else cypher.create_versions_to_value
            written = self._run(build(rtype), rows=rows)[0]["written"]
            if written != len(rows):
                raise StoreError(f"wrote {written} of {len(rows)} {rtype} versions: an object entity is missing")
        latest = {fact.id: fact for fact, _, tx_to in versions if tx_to is None}
        if latest:
            self._run(cypher.UPSERT_RECORDS, rows=[_record_row(f) for f in latest.values()])

    def _revise(self, facts: Sequence[Fact], now: datetime) -> None:
        """Close each current version at ``now`` and write the new one; replace it in place
        when it was itself written at ``now`` (no moment ever saw it)."""
        rows = [{"id": f.id} for f in facts]
        state = {r["id"]: r for r in self._run(cypher.CURRENT_VERSION_STATE, rows=rows)}
        missing = [f.id for f in facts if f.id not in state]
        if missing:
            raise StoreError(f"fact {missing[0]} has no current version to revise")
        in_place = {f.id for f in facts if _instant(state[f.id]["tx_from"]) >= now}
        closing = [f.id for f in facts if f.id not in in_place]
        if in_place:
            self._run(cypher.DROP_CURRENT_VERSIONS, rows=[{"id": i} for i in sorted(in_place)])
        if closing:
            self._run(cypher.CLOSE_CURRENT_VERSIONS, rows=[{"id": i} for i in closing], now=now)
        versions = []
        for fact in facts:
            old = state[fact.id]
            fresh = fact.model_copy(update={"access_count": old["access_count"] or 0,
                                            "last_accessed_at": _time(old["last_accessed_at"])})
            tx_from = _instant(old["tx_from"]) if fact.id in in_place else now
            versions.append((fresh, tx_from, None))
        self._write_versions(versions)

    def _link_sources(self, pairs: Sequence[tuple[str, str]], spans: Sequence[SpanRow] = ()) -> None:
        """Link facts to their episodes, each link with its spans in the same statement; spans
        of a pair not in ``pairs`` go on a link that must exist already."""
        grouped = _span_rows(spans)
        rows = [{"fact_id": f, "episode_id": e, "spans": grouped.pop((f, e), [])} for f, e in dict.fromkeys(pairs)]
        if rows:
            linked = self._run(cypher.LINK_SOURCES, rows=rows)[0]["linked"]
            if linked != len(rows):
                raise StoreError(f"linked {linked} of {len(rows)} fact/episode pairs: an episode or fact does not exist")
        if grouped:
            self._add_spans(grouped)

    def _add_spans(self, grouped: Mapping[tuple[str, str], list[int]]) -> None:
        rows = [{"fact_id": f, "episode_id": e, "spans": flat} for (f, e), flat in grouped.items()]
        linked = self._run(cypher.ADD_SPANS, rows=rows)[0]["linked"]
        if linked != len(rows):
            raise StoreError(f"placed spans on {linked} of {len(rows)} fact/episode links: a link does not exist")

    def episode_spans(self, episode_ids: Sequence[str]) -> dict[str, list[SpanRow]]:
        out: dict[str, list[SpanRow]] = {}
        for row in self._run(cypher.EPISODE_SPANS, ids=list(dict.fromkeys(episode_ids))):
            for span in _spans([row]):
                out.setdefault(span.episode_id, []).append((row["fact_id"], span.episode_id, span.start, span.end))
        return {eid: sorted(rows, key=lambda r: (r[2], r[0])) for eid, rows in out.items()}

    def ensure_entities(self, user_id: str, names: Sequence[tuple[str, EntityType]], now: datetime) -> dict[str, Entity]:
        wanted: dict[str, tuple[str, EntityType]] = {}
        for name, etype in names:
            wanted.setdefault(object_key(name), (name, etype))
        by_label: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for key, (name, etype) in wanted.items():
            by_label[cypher.entity_label(etype)].append({"key": key, "name": name, "id": new_id(), "type": etype.value})

        def work() -> dict[str, Entity]:
            out: dict[str, Entity] = {}
            for label, rows in by_label.items():
                for r in self._run(cypher.ensure_entities(label), rows=rows, user_id=user_id, now=now):
                    out[r["key"]] = Entity(id=r["id"], user_id=user_id, name=r["name"], type=EntityType(r["type"]),
                                           created_at=_instant(r["created_at"]))
            return out

        return self.atomically(work)

    def archive_episodes(self, episode_ids: Sequence[str], *, at: datetime) -> None:
        self.atomically(lambda: self._run(cypher.ARCHIVE_EPISODES, ids=list(dict.fromkeys(episode_ids)), at=at))

    def add_episode(self, episode: Episode) -> None:
        self.atomically(lambda: self._add_episode(episode))

    def _add_episode(self, episode: Episode) -> None:
        self._run(cypher.CREATE_EPISODE, id=episode.id, user_id=episode.user_id, agent_id=episode.agent_id,
                  app_id=episode.app_id, run_id=episode.run_id, content=episode.content,
                  reference_time=episode.reference_time, recorded_at=episode.recorded_at,
                  archived_at=episode.archived_at,
                  language=episode.language)
        if episode.fact_ids:
            self._link_sources([(fid, episode.id) for fid in episode.fact_ids])

    def hard_delete(self, fact_ids: Sequence[str], *, now: datetime, reason: str,
                    episodes: Mapping[str, str] | None = None,
                    spans: Mapping[str, Sequence[SpanRow]] | None = None) -> list[Tombstone]:
        return self.atomically(lambda: self._hard_delete(fact_ids, now=now, reason=reason, episodes=episodes,
                                                         spans=spans))

    def _hard_delete(self, fact_ids: Sequence[str], *, now: datetime, reason: str,
                     episodes: Mapping[str, str] | None, spans: Mapping[str, Sequence[SpanRow]] | None) -> list[Tombstone]:
        stones: list[Tombstone] = []
        touched_episodes: set[str] = set()
        for episode_id, content in (episodes or {}).items():
            self._run(cypher.SET_EPISODE_CONTENT, id=episode_id, content=content)
        if spans:
            self._run(cypher.CLEAR_EPISODE_SPANS, ids=list(spans))
            doomed = set(fact_ids)
            kept = [row for rows in spans.values() for row in rows if row[0] not in doomed]
            if kept:
                self._add_spans(_span_rows(kept))
        for fid in dict.fromkeys(fact_ids):
            found = self._run(cypher.DELETE_TARGET, fact_id=fid)
            if not found:
                continue
            user_id, episode_ids = found[0]["user_id"], found[0]["episode_ids"]
            touched_episodes.update(episode_ids)
            self._run(cypher.DELETE_FACT, fact_id=fid)
            self._run(cypher.PUT_TOMBSTONE, fact_id=fid, user_id=user_id, deleted_at=now, reason=reason)
            self._run(cypher.APPEND_AUDIT, rows=[
                {"at": now, "action": "hard_delete", "user_id": user_id, "fact_id": fid, "detail": "{}"}])
            stones.append(Tombstone(fact_id=fid, user_id=user_id, deleted_at=now, reason=reason))
        if touched_episodes:
            self._relink_mentions(sorted(touched_episodes))
        return stones

    def flush_deletions(self, *, retry: bool = True) -> str | None:
        # Never claimed: the server keeps deleted records in its transaction logs and store
        # files until it prunes the logs and reuses the space (docs/neo4j.md says how to force it).
        return ("Neo4j keeps deleted records in its transaction logs and store files until it prunes "
                "and reuses them; the graph no longer returns them")

    def _relink_mentions(self, episode_ids: Sequence[str]) -> None:
        """An episode mentions exactly the entities of the records it still produced."""
        self._run(cypher.DROP_MENTIONS, ids=list(episode_ids))
        pairs = [(r["fact_id"], r["episode_id"]) for r in self._run(cypher.EPISODE_SOURCE_PAIRS, ids=list(episode_ids))]
        if pairs:
            self._link_sources(pairs)

    def touch(self, fact_ids: Sequence[str], now: datetime) -> None:
        if not fact_ids:
            return
        counts: dict[str, int] = defaultdict(int)
        for fid in fact_ids:
            counts[fid] += 1
        rows = [{"id": i, "n": n} for i, n in counts.items()]
        self.atomically(lambda: self._run(cypher.REINFORCE, rows=rows, now=now))

    # -- reads -------------------------------------------------------------------------
    def _facts(self, statement: CypherQuery, **params: Any) -> list[Fact]:
        return [_fact(r["fact"], r["sources"], r["spans"]) for r in self._run(statement, **params)]

    def slot_records(self, user_id: str, subject_key: str, predicate: str) -> list[Fact]:
        return self.slot_records_many([(user_id, subject_key, predicate)])[(user_id, subject_key, predicate)]

    def slot_records_many(self, keys: Sequence[tuple[str, str, str]]) -> dict[tuple[str, str, str], list[Fact]]:
        out: dict[tuple[str, str, str], list[Fact]] = {key: [] for key in keys}
        by_type: dict[str, list[dict[str, str]]] = defaultdict(list)
        for user_id, subject_key, predicate in out:
            by_type[cypher.rel_type(predicate)].append(
                {"user_id": user_id, "subject_key": subject_key, "predicate": predicate})
        for rtype, slots in by_type.items():
            for fact in self._facts(cypher.slot_records(rtype), slots=slots):
                out[(fact.user_id, object_key(fact.subject), fact.predicate)].append(fact)
        return out

    def query(self, q: FactQuery) -> list[Fact]:
        by_ids = q.fact_ids is not None
        statement = cypher.query_facts(by_ids=by_ids, rtype=cypher.rel_type(q.predicate) if q.predicate else None,
                                       limited=q.limit is not None)
        params: dict[str, Any] = {
            "user_id": q.user_id, "known_at": q.known_at, "as_of": q.as_of, "subject_key": q.subject_key,
            "predicate": q.predicate, "object_key": q.object_key, "agent_id": q.agent_id, "app_id": q.app_id,
            "run_id": q.run_id, "lifecycles": sorted(s.value for s in q.lifecycles),
            "include_expired": q.include_expired,
        }
        if by_ids:
            params["fact_ids"] = list(q.fact_ids or ())
        if q.limit is not None:
            params["limit"] = int(q.limit)
        return self._facts(statement, **params)

    def current(self, user_id: str, *, subject_key: str | None = None, predicate: str | None = None,
                fact_ids: Sequence[str] | None = None) -> list[Fact]:
        statement = cypher.current_facts(by_ids=fact_ids is not None,
                                         rtype=cypher.rel_type(predicate) if predicate else None)
        params: dict[str, Any] = {"user_id": user_id, "subject_key": subject_key, "predicate": predicate}
        if fact_ids is not None:
            params["fact_ids"] = list(fact_ids)
        return self._facts(statement, **params)

    def versions(self, fact_id: str) -> list[Fact]:
        return self.versions_many([fact_id]).get(fact_id, [])

    def versions_many(self, fact_ids: Sequence[str]) -> dict[str, list[Fact]]:
        out: dict[str, list[Fact]] = {}
        for fact in self._facts(cypher.VERSIONS, ids=list(dict.fromkeys(fact_ids))):
            out.setdefault(fact.id, []).append(fact)
        return out

    def may_hold_summaries(self, user_id: str) -> bool:
        return bool(self._run(cypher.ANY_SUMMARY, user_id=user_id, mark=memory_fields.SUMMARY_MARK))

    def iter_all_versions(self) -> Iterator[Fact]:
        yield from self._facts(cypher.ALL_VERSIONS)

    @staticmethod
    def _episode(row: Any) -> Episode:
        ep = row["episode"]
        return Episode(id=ep["id"], user_id=ep["user_id"], agent_id=ep.get("agent_id"), app_id=ep.get("app_id"),
                       run_id=ep.get("run_id"), content=ep["content"], reference_time=_instant(ep["reference_time"]),
                       recorded_at=_instant(ep["recorded_at"]), fact_ids=sorted(row["fact_ids"]),
                       archived_at=_time(ep.get("archived_at")),
                       language=ep.get("language") or "en")

    def get_episode(self, episode_id: str) -> Episode | None:
        rows = self._run(cypher.GET_EPISODE, id=episode_id)
        return self._episode(rows[0]) if rows else None

    def episodes(self, user_id: str, *, limit: int | None = None) -> list[Episode]:
        if limit is None:
            rows = self._run(cypher.episodes(limited=False), user_id=user_id)
        else:
            rows = self._run(cypher.episodes(limited=True), user_id=user_id, limit=int(limit))
        return [self._episode(r) for r in rows]

    def entities(self, user_id: str) -> list[Entity]:
        return [Entity(id=r["id"], user_id=user_id, name=r["name"], type=EntityType(r["type"]),
                       created_at=_instant(r["created_at"])) for r in self._run(cypher.ENTITIES, user_id=user_id)]

    def tombstones(self, user_id: str) -> list[Tombstone]:
        return [Tombstone(fact_id=r["fact_id"], user_id=user_id, deleted_at=_instant(r["deleted_at"]), reason=r["reason"])
                for r in self._run(cypher.TOMBSTONES, user_id=user_id)]

    def audit_log(self, *, user_id: str | None = None, fact_id: str | None = None,
                  limit: int | None = None) -> list[AuditEntry]:
        if limit is None:
            rows = self._run(cypher.audit_log(limited=False), user_id=user_id, fact_id=fact_id)
        else:
            rows = self._run(cypher.audit_log(limited=True), user_id=user_id, fact_id=fact_id, limit=int(limit))
        return [AuditEntry(id=r["id"], at=_instant(r["at"]), action=r["action"], user_id=r["user_id"],
                           fact_id=r["fact_id"], detail=json.loads(r["detail"])) for r in rows]

    def user_ids(self) -> list[str]:
        return [r["user_id"] for r in self._run(cypher.USER_IDS)]

    # -- recall indexes ------------------------------------------------------------------
    def search_text(self, user_id: str, query: str, *, limit: int) -> list[tuple[str, float]]:
        return self._full_text(cypher.SEARCH_TEXT, user_id, query, limit)

    def search_episodes(self, user_id: str, query: str, *, limit: int) -> list[tuple[str, float]]:
        return self._full_text(cypher.SEARCH_EPISODES, user_id, query, limit)

    def _full_text(self, statement: CypherQuery, user_id: str, query: str, limit: int) -> list[tuple[str, float]]:
        """Run a full-text index ``statement`` for ``query``'s words, OR-ed: (id, score) rows."""
        terms = search_terms(search_text(query))
        if not terms or limit <= 0:
            return []
        lucene = " OR ".join(f'"{term}"' for term in terms)  # \w+ words: nothing to escape inside quotes
        rows = self._run(statement, query=lucene, user_id=user_id, limit=int(limit))
        return [(r["id"], float(r["score"])) for r in rows]

    def put_embeddings(self, vectors: Sequence[tuple[str, Sequence[float] | np.ndarray]], *, model: str) -> int:
        rows = [{"id": fid, "vector": unit(vec).tolist()} for fid, vec in vectors]
        if not rows:
            return 0
        return int(self.atomically(lambda: self._run(cypher.PUT_EMBEDDINGS, rows=rows, model=model))[0]["stored"])

    def pending_embeddings(self, user_id: str | None, *, limit: int, model: str | None = None) -> list[tuple[str, str]]:
        return [(r["id"], r["text"])
                for r in self._run(cypher.PENDING_EMBEDDINGS, user_id=user_id, limit=int(limit), model=model)]

    def vector_search(self, user_id: str, vector: np.ndarray, *, limit: int, model: str) -> list[tuple[str, float]]:
        """Exact cosine over the user's own vectors while they are few; beyond that the
        ``fact_embedding`` index (for vectors of its dimensions), oversampled, with the exact
        scan as fallback when other users' neighbours crowd this user's out."""
        if limit <= 0:
            return []
        query = unit(vector).tolist()
        embedded = self._run(cypher.EMBEDDED_COUNT, user_id=user_id, model=model)[0]["embedded"]
        rows: list[Any] = []
        if embedded > self.exact_vector_scan_max and len(query) == self.embedding_dimensions:
            k = min(max(int(limit) * self.vector_oversampling, 100), 10_000)
            rows = self._run(cypher.VECTOR_INDEX_SEARCH, k=k, vector=query, user_id=user_id, model=model,
                             limit=int(limit))
        if len(rows) < min(int(limit), embedded):
            rows = self._run(cypher.VECTOR_SCAN, user_id=user_id, model=model, vector=query, limit=int(limit))
        return [(r["id"], 2.0 * float(r["score"]) - 1.0) for r in rows]

    def embeddings(self, user_id: str, fact_ids: Sequence[str], *, model: str) -> dict[str, np.ndarray]:
        if not fact_ids:
            return {}
        rows = self._run(cypher.EMBEDDINGS, ids=list(fact_ids), user_id=user_id, model=model)
        return {r["id"]: np.asarray(r["embedding"], dtype=np.float32) for r in rows}

    def put_episode_embeddings(self, vectors: Sequence[tuple[str, Sequence[float] | np.ndarray]], *,
                               model: str) -> int:
        rows = [{"id": eid, "vector": unit(vec).tolist()} for eid, vec in vectors]
        if not rows:
            return 0
        with self.transaction():
            return int(self._run(cypher.PUT_EPISODE_EMBEDDINGS, rows=rows, model=model)[0]["stored"])

    def pending_episode_embeddings(self, user_id: str | None, *, limit: int,
                                   model: str | None = None) -> list[tuple[str, str]]:
        return [(r["id"], r["text"]) for r in self._run(cypher.PENDING_EPISODE_EMBEDDINGS, user_id=user_id,
                                                        limit=int(limit), model=model)]

    def episode_vector_search(self, user_id: str, vector: np.ndarray, *, limit: int,
                              model: str) -> list[tuple[str, float]]:
        """Exact cosine over the user's own episode vectors."""
        if limit <= 0:
            return []
        rows = self._run(cypher.EPISODE_VECTOR_SCAN, user_id=user_id, model=model, vector=unit(vector).tolist(),
                         limit=int(limit))
        return [(r["id"], 2.0 * float(r["score"]) - 1.0) for r in rows]

    def episode_embeddings(self, user_id: str, episode_ids: Sequence[str], *, model: str) -> dict[str, np.ndarray]:
        if not episode_ids:
            return {}
        rows = self._run(cypher.EPISODE_EMBEDDINGS, ids=list(episode_ids), user_id=user_id, model=model)
        return {r["id"]: np.asarray(r["embedding"], dtype=np.float32) for r in rows}

    def episode_neighbours(self, user_id: str, episode_ids: Sequence[str], *, max_gap: timedelta,
                           reach: int = 1) -> dict[str, list[str]]:
        """Neighbours among the episodes said within ``max_gap``; episodes said at the same
        instant and recorded together have no stored order here and are ordered by id."""
        own = [ep for ep in self.get_episodes(list(dict.fromkeys(episode_ids))).values() if ep.user_id == user_id]
        if not own:
            return {}
        windows = [{"id": ep.id, "lo": ep.reference_time - max_gap, "hi": ep.reference_time + max_gap} for ep in own]
        around: dict[str, list[tuple[datetime, datetime, str]]] = defaultdict(list)
        runs = {ep.id: ep.run_id for ep in own}
        for r in self._run(cypher.EPISODES_NEAR, windows=windows, user_id=user_id):
            if r["run_id"] == runs[r["id"]]:
                around[r["id"]].append((_instant(r["reference_time"]), _instant(r["recorded_at"]), r["other"]))
        out = {}
        for ep in own:
            order = [other for *_, other in sorted(around[ep.id])]
            at = order.index(ep.id)
            out[ep.id] = order[max(at - reach, 0):at] + order[at + 1:at + 1 + reach]
        return out

    def forget_indexed(self, user_id: str, *, episode_ids: Sequence[str] = ()) -> None:
        """Neo4j's full-text index follows property changes itself; only the vectors of
        rewritten or deleted episodes must go (a pending one is embedded again)."""
        if episode_ids:
            with self.transaction():
                self._run(cypher.FORGET_EPISODE_EMBEDDINGS, ids=list(dict.fromkeys(episode_ids)), user_id=user_id)

    def entity_fact_ids(self, user_id: str, name_keys: Sequence[str], *, limit: int) -> list[str]:
        keys = list(dict.fromkeys(name_keys))[:200]
        if not keys or limit <= 0:
            return []
        return [r["id"] for r in self._run(cypher.ENTITY_FACT_IDS, keys=keys, user_id=user_id, limit=int(limit))]

    # -- bulk load (export) --------------------------------------------------------------
    def _load(self, dump: StoreDump) -> None:
        by_label: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for e in dump.entities:
            by_label[cypher.entity_label(e.type)].append(
                {"id": e.id, "user_id": e.user_id, "name": e.name, "name_key": object_key(e.name),
                 "type": e.type.value, "created_at": e.created_at})
        for label, rows in by_label.items():
            self._run(cypher.load_entities(label), rows=rows)
        versions = []
        for fact in dump.versions:
            assert fact.version_from is not None  # checked by GraphStore.load
            versions.append((fact, fact.version_from, fact.version_until))
        if versions:
            self._write_versions(versions)
        for episode in dump.episodes:
            self._run(cypher.CREATE_EPISODE, id=episode.id, user_id=episode.user_id, agent_id=episode.agent_id,
                      app_id=episode.app_id, run_id=episode.run_id, content=episode.content,
                      reference_time=episode.reference_time, recorded_at=episode.recorded_at,
                      archived_at=episode.archived_at,
                      language=episode.language)
        pairs = [(fid, ep.id) for ep in dump.episodes for fid in ep.fact_ids]
        spans = [(f.id, span.episode_id, span.start, span.end) for f in dump.versions for span in f.source_spans]
        if pairs or spans:
            self._link_sources(pairs, spans)
        if dump.tombstones:
            self._run(cypher.LOAD_TOMBSTONES, rows=[
                {"fact_id": t.fact_id, "user_id": t.user_id, "deleted_at": t.deleted_at, "reason": t.reason}
                for t in dump.tombstones])
        if dump.audit:
            self._run(cypher.LOAD_AUDIT, rows=[
                {"id": a.id, "at": a.at, "action": a.action, "user_id": a.user_id, "fact_id": a.fact_id,
                 "detail": json.dumps(a.detail, sort_keys=True, default=str)} for a in dump.audit])

