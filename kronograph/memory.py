"""Memory: the one object users hold. It validates, asks the pure temporal logic what a
statement means, and has the store write it; reads pick the valid, believed subgraph."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping
from datetime import datetime
from functools import partial
from pathlib import Path
from types import TracebackType
from typing import Any

import networkx as nx

from .errors import FieldTypeError, NotFoundError, UsageError
from .extraction.base import Extractor
from .graph.backends import open_store
from .graph.store import FactQuery, GraphStore
from .graph.views import to_networkx
from .model import AddResult, AuditEntry, Entity, Episode, Fact, Forgotten, MemoryType, Status, Tombstone
from .policy.lifecycle import LifecyclePolicy
from .policy.rules import MemoryPolicy
from .queries.arguments import checked_config, positive_int, recall_arguments
from .queries.config import RecallConfig
from .queries.context import build_context
from .queries.embedding import Embedder, resolve_embedder
from .queries.recall import Recalled, RecalledEpisode, RecallEngine
from .queries.search import Hit, SearchEngine
from .temporal.instants import decision_time, optional_instant, to_instant, utc_now
from .temporal.predicates import PredicateSchema, normalize_predicate
from .temporal.timeline import object_key
from .write.bulk import AddResults, add_items
from .write.changes import archive_facts, end_facts, hard_delete, retract_fact
from .write.consolidate import Summarizer, record_outcome
from .write.ingest import Ingestor, reveal
from .write.maintenance import MaintenanceReport, run_consolidation, run_maintenance
from .write.statement import (
    Statement,
    check_arguments,
    count_field,
    scope_field,
    text_field,
    tool_fields,
    valid_unicode,
)
from .write.writer import slot_key, write_statements

Clock = Callable[[], datetime]


class Memory:
    """A temporal knowledge-graph memory.

        with Memory("memory.db") as mem:
            mem.add_fact("Ada", "lives_in", "Paris", user_id="u1")
            mem.facts(user_id="u1", subject="Ada")
    """

    def __init__(
        self,
        path: str | os.PathLike[str] | None = None,
        clock: Clock | None = None,
        schema: PredicateSchema | None = None,
        *,
        store: GraphStore | None = None,
        policy: MemoryPolicy | None = None,
        extractor: Extractor | str | None = None,
        embedder: Embedder | str | None = "auto",
        recall_config: RecallConfig | None = None,
        lifecycle: LifecyclePolicy | None = None,
        **store_options: Any,
    ) -> None:
        if clock is not None and not callable(clock):
            raise FieldTypeError("clock", "expected a callable returning an aware datetime")
        if schema is not None and not isinstance(schema, PredicateSchema):
            raise FieldTypeError("schema", f"expected a PredicateSchema, got {type(schema).__name__}")
        self._clock_fn = clock or utc_now
        self.schema = schema or PredicateSchema()
        if policy is not None and not isinstance(policy, MemoryPolicy):
            raise FieldTypeError("policy", f"expected a MemoryPolicy, got {type(policy).__name__}")
        if extractor == "llm":  # OPENAI_BASE_URL / OPENAI_API_KEY / KRONOGRAPH_LLM_MODEL
            from .extraction.llm import LLMExtractor

            extractor = LLMExtractor()
        elif isinstance(extractor, str) and extractor != "offline":
            raise UsageError("extractor", f"{extractor!r} is not one of: offline, llm")
        if extractor is not None and not isinstance(extractor, str | Extractor):
            raise FieldTypeError("extractor", "expected an Extractor (extract, extract_many, name), 'offline' or 'llm'")
        self.policy = policy or MemoryPolicy()
        self._extractor = extractor if isinstance(extractor, Extractor) else None
        self._spent = dict.fromkeys(("episodes", "llm_calls", "prompt_tokens", "completion_tokens", "fallbacks"), 0)
        if path is not None and not isinstance(path, str | os.PathLike):
            raise FieldTypeError("path", f"expected a file path or a neo4j:// URL, got {type(path).__name__}")
        self.store = store if store is not None else open_store(
            Path(path) if isinstance(path, Path) else path, **store_options
        )
        self.recall_engine = RecallEngine(self.store, resolve_embedder(embedder),
                                          checked_config(recall_config, RecallConfig, "recall_config"))
        self.search_engine = SearchEngine(self.recall_engine)
        self.lifecycle = checked_config(lifecycle, LifecyclePolicy, "lifecycle")

    # -- plumbing ----------------------------------------------------------------------
    def now(self) -> datetime:
        """The memory's clock, as an aware UTC datetime."""
        return to_instant(self._clock_fn(), "clock()")

    def close(self) -> None:
        """Flush and close the store, and stop the query-embedding thread."""
        self.recall_engine.close()
        self.store.close()

    def __enter__(self) -> Memory:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    def declare_predicate(self, name: str, single_valued: bool = True) -> None:
        """Declare whether a predicate holds one value at a time (a new one closes the old)."""
        if not isinstance(single_valued, bool):
            raise FieldTypeError("single_valued", "expected True or False")
        self.schema = self.schema.declare(name, single_valued)

    @property
    def extractor(self) -> Extractor:
        """The extractor ``add`` uses; the offline (spaCy) one is loaded on first use."""
        if self._extractor is None:
            from .extraction.offline import OfflineExtractor

            self._extractor = OfflineExtractor()
        return self._extractor

    # -- writes ------------------------------------------------------------------------
    def add(self, text_or_messages: str | list[dict[str, str]], *, user_id: str,
            reference_time: datetime | str | None = None, run_id: str | None = None,
            agent_id: str | None = None, app_id: str | None = None) -> AddResult:
        """Remember what a message (or a list of ``{"role", "content"}`` messages) says:
        extract facts, let the policy judge them, write them on the timeline, and store the
        episode (sensitive spans redacted) with provenance both ways."""
        result = self._ingestor().add(text_or_messages, user_id=user_id, reference_time=reference_time,
                                    run_id=run_id, agent_id=agent_id, app_id=app_id)
        self._count_spent([result])
        return result

    def add_many(self, items: Iterable[Any], *, user_id: str, reference_time: datetime | str | None = None,
                 run_id: str | None = None, agent_id: str | None = None, app_id: str | None = None,
                 batch_size: int = 64, progress: bool = False) -> list[AddResult]:
        """``add`` for many episodes (strings, message lists, or dicts with ``content`` or
        ``messages`` and an optional ``reference_time``): extracted in batches, one
        transaction per batch. Returns one result per item, in order."""
        results = self._ingestor().add_many(items, user_id=user_id, reference_time=reference_time, run_id=run_id,
                                          agent_id=agent_id, app_id=app_id, batch_size=batch_size, progress=progress)
        self._count_spent(results)
        return results

    def _ingestor(self) -> Ingestor:
        return Ingestor(self.store, schema=self.schema, clock=self.now, policy=self.policy,
                        extractor=lambda: self.extractor, on_written=self.recall_engine.index_written)

    def _count_spent(self, results: Iterable[AddResult]) -> None:
        for result in results:
            self._spent["episodes"] += 1
            self._spent["llm_calls"] += result.llm_calls
            self._spent["prompt_tokens"] += result.prompt_tokens
            self._spent["completion_tokens"] += result.completion_tokens
            self._spent["fallbacks"] += result.fallback is not None

    def stats(self) -> dict[str, int]:
        """What ``add``/``add_many`` spent since this Memory was opened: episodes, LLM calls,
        prompt and completion tokens, and episodes whose LLM extraction fell back to rules.
        Counted per instance (the store keeps no costs)."""
        return dict(self._spent)

    def reveal(self, fact_id: str, *, user_id: str) -> Fact:
        """The plain text of a fact stored encrypted (``PolicyConfig(sensitive_mode="encrypt")``).
        Every call is audited (``reveal``, without content)."""
        fact = self.get_fact(fact_id, user_id=user_id)
        return reveal(self.store, self.policy, fact, now=self.now())

    def add_fact(
        self, subject: str, predicate: str, object: str, *, user_id: str,
        valid_from: datetime | str | None = None, valid_until: datetime | str | None = None,
        memory_type: str = "fact", confidence: float = 1.0, importance: float = 0.5,
        expires_at: datetime | str | None = None, run_id: str | None = None, agent_id: str | None = None,
        correction: bool = False, text: str | None = None, app_id: str | None = None,
        replaces: str | None = None, tool: str | None = None, tool_version: str | None = None, **extra: Any,
    ) -> AddResult:
        """Record ``subject -[predicate]-> object``; a new value of a single-valued slot
        supersedes the old one, ``correction=True`` retracts it as wrong. ``tool``/``tool_version``:
        tool knowledge; a newer version's memory supersedes an older one's on the slot, never
        the reverse."""
        check_arguments(extra)
        statement = Statement.build(
            subject, predicate, object, user_id=user_id, valid_from=valid_from, valid_until=valid_until,
            memory_type=memory_type, confidence=confidence, importance=importance, expires_at=expires_at,
            run_id=run_id, agent_id=agent_id, app_id=app_id, correction=correction, text=text,
            replaces=replaces, tool=tool, tool_version=tool_version, **extra,
        )
        results = write_statements(self.store, [statement], schema=self.schema, clock=self.now,
                                   episode_field=lambda _: "episode_id")
        self.recall_engine.index_written(results)
        return results[0]

    def add_facts(self, items: Iterable[Mapping[str, Any]], *, batch_size: int = 5_000) -> AddResults:
        """Bulk ``add_fact``: each item holds add_fact's arguments by name. Items apply in order,
        one transaction per batch; an invalid item fails its batch before anything is written.
        Returns one result per item, in order (each built when read: see kronograph/bulk.py)."""
        count_field(batch_size, "batch_size")
        results = add_items(self.store, items, schema=self.schema, clock=self.now, batch_size=batch_size)
        self.recall_engine.index_written(results)
        return results

    def end_fact(self, subject: str, predicate: str, object: str | None = None, *, user_id: str,
                 at: datetime | str | None = None) -> list[Fact]:
        """"It is no longer so": close the valid time of the matching records at ``at`` (default now)."""
        user = scope_field(user_id, "user_id", required=True)
        subj = text_field(subject, "subject")
        pred = normalize_predicate(predicate)
        obj = text_field(object, "object", required=False)
        when = optional_instant(at, "at")
        assert user is not None and subj is not None

        def attempt() -> list[Fact]:  # run again from the start if a server aborts it
            now = self.now()
            return end_facts(self.store, self.schema, slot_key(user, subj, pred), at=when or now, obj=obj, now=now)

        return self.store.atomically(attempt)

    def forget(self, *, user_id: str, fact_id: str | None = None, subject: str | None = None,
               predicate: str | None = None, hard: bool = False, reason: str = "") -> Forgotten:
        """Archive (``hard=False``: kept, hidden by default) or delete for good (``hard=True``:
        content gone from every table, index and episode; a content-free tombstone stays).
        With no ``fact_id``/``subject``/``predicate`` every fact of the user is forgotten.
        Returns the ids forgotten; after a hard delete, ``durable`` says whether the text has
        already left every file of the store (see :class:`~kronograph.model.Forgotten`)."""
        user = scope_field(user_id, "user_id", required=True)
        assert user is not None
        if not isinstance(hard, bool):
            raise FieldTypeError("hard", "expected True or False")
        if not isinstance(reason, str):
            raise FieldTypeError("reason", "expected a string")
        reason = valid_unicode(reason, "reason")
        subject_key = object_key(text_field(subject, "subject") or "") if subject is not None else None
        pred = normalize_predicate(predicate) if predicate is not None else None
        store = self.store

        def attempt() -> list[str]:  # run again from the start if a server aborts it
            now = self.now()
            if fact_id is not None:
                fid = scope_field(fact_id, "fact_id")
                targets = store.current(user, fact_ids=[fid] if fid else [])
                if not targets:
                    raise NotFoundError(f"fact_id: no fact {fact_id!r} for user {user!r}")
            else:
                targets = store.current(user, subject_key=subject_key, predicate=pred)
            if hard:
                return hard_delete(store, self.schema, targets, now, reason,
                                   consolidation=self.lifecycle.consolidation)
            return archive_facts(store, user, targets, now=now, reason=reason)

        done = store.atomically(attempt)
        # Committed: a hard delete's text has now left the files, or the result says why not yet.
        return Forgotten(done, pending=store.flush_deletions(retry=False) if hard else None)

    def retract(self, fact_id: str, *, user_id: str, reason: str = "") -> Fact:
        """"That was never true": stop believing a record without stating a replacement.

        The record keeps its row (``retracted_at`` = now, status ``corrected``), so ``known_at``
        before now still sees it; whatever it had closed re-opens unless something else closes it.
        """
        user = scope_field(user_id, "user_id", required=True) or ""
        fid = scope_field(fact_id, "fact_id", required=True) or ""
        if not isinstance(reason, str):
            raise FieldTypeError("reason", "expected a string")
        reason = valid_unicode(reason, "reason")
        store = self.store

        def attempt() -> Fact:  # run again from the start if a server aborts it
            now = self.now()
            found = store.current(user, fact_ids=[fid])
            if not found:
                raise NotFoundError(f"fact_id: no fact {fact_id!r} for user {user!r}")
            return retract_fact(store, self.schema, found[0], now=now, user_id=user, reason=reason)

        return store.atomically(attempt)

    # -- recall and the lifecycle (kronograph/queries, kronograph/maintenance.py) ------------
    def recall(
        self, query: str, *, user_id: str, k: int = 10, as_of: datetime | str | None = None,
        known_at: datetime | str | None = None, run_id: str | None = None, agent_id: str | None = None,
        include_archived: bool = False, app_id: str | None = None, config: RecallConfig | None = None,
        tool: str | None = None, tool_version: str | None = None,
    ) -> list[Recalled]:
        """The ``k`` facts most worth recalling for ``query``, best first, each with its score
        components. Only facts valid at ``as_of``, believed at ``known_at``, active and in scope
        are returned; a present-time recall counts as a use of what it returns. ``tool`` and
        ``tool_version``: the answer is for that version: its own memories come first."""
        args = recall_arguments(query, user_id=user_id, k=k, as_of=as_of, known_at=known_at, run_id=run_id,
                                agent_id=agent_id, app_id=app_id, include_archived=include_archived)
        name, version = tool_fields(tool, tool_version)
        return self.recall_engine.recall(now=self.now(), config=checked_config(config, RecallConfig, "config", None),
                                         tool=name, tool_version=version, **args)

    def recall_episodes(self, query: str, *, user_id: str, k: int = 10, as_of: datetime | str | None = None,
                        known_at: datetime | str | None = None) -> list[RecalledEpisode]:
        """The raw episodes (after redaction) that best match ``query`` by BM25, said by
        ``as_of``: for questions about what was said that no extracted fact covers."""
        args = recall_arguments(query, user_id=user_id, k=k, as_of=as_of, known_at=known_at, run_id=None,
                                agent_id=None, app_id=None, include_archived=False)
        return self.recall_engine.recall_episodes(args["query"], user_id=args["user_id"], k=args["k"],
                                                  as_of=args["as_of"], known_at=args["known_at"])

    def search(
        self, query: str, *, user_id: str, k: int = 10, as_of: datetime | str | None = None,
        known_at: datetime | str | None = None, run_id: str | None = None, agent_id: str | None = None,
        include_archived: bool = False, app_id: str | None = None, config: RecallConfig | None = None,
        tool: str | None = None, tool_version: str | None = None,
    ) -> list[Hit]:
        """The ``k`` facts and episodes most relevant to ``query``, best first, in one ranking
        (``hit.kind`` is ``"fact"`` or ``"episode"``). Facts obey recall's filters; episodes are
        visible from their reference time. A later statement on the same topic outranks an
        earlier one (``hit.outdated``, ``hit.updated_by``); a present-time search counts as a
        use of the facts it returns. ``tool``/``tool_version``: as in :meth:`recall`."""
        args = recall_arguments(query, user_id=user_id, k=k, as_of=as_of, known_at=known_at, run_id=run_id,
                                agent_id=agent_id, app_id=app_id, include_archived=include_archived)
        name, version = tool_fields(tool, tool_version)
        return self.search_engine.search(now=self.now(), config=checked_config(config, RecallConfig, "config", None),
                                         tool=name, tool_version=version, **args)

    def context(self, query: str, *, user_id: str, k: int = 20, max_tokens: int = 800,
                as_of: datetime | str | None = None, run_id: str | None = None,
                agent_id: str | None = None, tool: str | None = None, tool_version: str | None = None) -> str:
        """A compact block for a prompt, at most ``max_tokens`` tokens, built on :meth:`search`
        (only what passes its relevance floor): current facts first (valid-from dates,
        uncertain ones marked), then what was said (dated episodes), then earlier values,
        marked as earlier with their dates. ``tool``/``tool_version``: as in :meth:`recall`."""
        budget = positive_int(max_tokens, "max_tokens")
        args = recall_arguments(query, user_id=user_id, k=k, as_of=as_of, known_at=None, run_id=run_id,
                                agent_id=agent_id, app_id=None, include_archived=False)
        name, version = tool_fields(tool, tool_version)
        hits = self.search_engine.search(now=self.now(), tool=name, tool_version=version, current_facts=True, **args)
        at = optional_instant(as_of, "as_of") or self.now()
        return build_context(hits, user_id=user_id.strip(), at=at, max_tokens=budget)

    def maintain(self, now: datetime | str | None = None) -> MaintenanceReport:
        """Run the forgetting lifecycle once over every user: expire what outlived its TTL,
        archive long-unused unimportant facts, merge near-duplicates, purge expired task
        memories after their grace period. Decisions are taken at ``now`` (default: the clock)."""
        at = decision_time(now, "now") or self.now()
        return run_maintenance(self.store, self.recall_engine, at=at, clock=self.now, schema=self.schema,
                               policy=self.lifecycle,
                               hard_delete=partial(hard_delete, self.store, self.schema,
                                                   consolidation=self.lifecycle.consolidation),
                               summarizer=self._summarizer())

    def _summarizer(self) -> Summarizer | None:
        """The configured extractor when it can write summaries (the LLM one); never loads one."""
        return self._extractor if isinstance(self._extractor, Summarizer) else None

    def consolidate(self, *, user_id: str, now: datetime | str | None = None) -> list[Fact]:
        """Consolidate one user's memories now (``maintain`` does it for everyone): groups of
        related fragments become summaries that keep their sources (``source_fact_ids``,
        ``source_episode_ids``), stale summaries are derived again, failing procedures retire
        and old threads are summarised. Returns the summaries created or derived again."""
        user = scope_field(user_id, "user_id", required=True) or ""
        at = decision_time(now, "now") or self.now()
        report = MaintenanceReport(at=at)
        with self.store.transaction():
            return run_consolidation(self.store, self.recall_engine, user, at=at, now=self.now(),
                                     policy=self.lifecycle.consolidation, report=report,
                                     summarizer=self._summarizer())

    def record_outcome(self, fact_id: str, *, user_id: str, success: bool) -> Fact:
        """Record whether following a procedural memory worked: its success count and rate move
        (``success_count``, ``failure_count``, ``success_rate``); ``maintain`` archives a
        procedure that keeps failing, and one that keeps succeeding fades slower."""
        if not isinstance(success, bool):
            raise FieldTypeError("success", "expected True or False")
        user = scope_field(user_id, "user_id", required=True) or ""
        fid = scope_field(fact_id, "fact_id", required=True) or ""
        with self.store.transaction():
            now = self.now()
            found = self.store.current(user, fact_ids=[fid])
            if not found:
                raise NotFoundError(f"fact_id: no fact {fact_id!r} for user {user!r}")
            target = found[0]
            if target.memory_type is not MemoryType.procedural:
                raise UsageError("fact_id", f"{fact_id!r} is a {target.memory_type.value} memory, not procedural")
            return record_outcome(self.store, target, success=success, now=now)

    def embed_pending(self, *, user_id: str | None = None) -> int:
        """Embed every stored fact and episode (of one user, or all) that has no vector yet,
        in length-sorted batches; returns how many it embedded."""
        user = scope_field(user_id, "user_id")
        return self.recall_engine.backfill(user) + self.recall_engine.backfill_episodes(user)

    # -- reads -------------------------------------------------------------------------
    def facts(
        self, *, user_id: str, subject: str | None = None, predicate: str | None = None,
        as_of: datetime | str | None = None, known_at: datetime | str | None = None,
        include_expired: bool = False, include_archived: bool = False, object: str | None = None,
        agent_id: str | None = None, app_id: str | None = None, run_id: str | None = None,
    ) -> list[Fact]:
        """Facts valid at ``as_of`` (default now) as the memory believed them at ``known_at``
        (default now): corrected records never, archived and expired ones only on request."""
        now = self.now()
        lifecycles = {Status.active}
        if include_archived:
            lifecycles.add(Status.archived)
        if include_expired:
            lifecycles.add(Status.expired)
        query = FactQuery(
            user_id=scope_field(user_id, "user_id", required=True) or "",
            known_at=optional_instant(known_at, "known_at") or now,
            as_of=optional_instant(as_of, "as_of") or now,
            subject_key=object_key(text_field(subject, "subject") or "") if subject is not None else None,
            predicate=normalize_predicate(predicate) if predicate is not None else None,
            object_key=object_key(text_field(object, "object") or "") if object is not None else None,
            agent_id=scope_field(agent_id, "agent_id"), app_id=scope_field(app_id, "app_id"),
            run_id=scope_field(run_id, "run_id"), lifecycles=frozenset(lifecycles),
            include_expired=include_expired,
        )
        return self.store.query(query)

    def profile(self, *, user_id: str, as_of: datetime | str | None = None) -> list[Fact]:
        """The long-term profile: facts valid at ``as_of`` (default now) without task context,
        unconfirmed hypotheses or episodes (``PolicyConfig.profile_excludes``)."""
        excluded = self.policy.config.profile_excludes
        return [f for f in self.facts(user_id=user_id, as_of=as_of) if f.memory_type not in excluded]

    def history(self, *, user_id: str, subject: str | None = None, predicate: str | None = None) -> list[Fact]:
        """Every record still on record (superseded, corrected, archived, expired too), oldest ``valid_from`` first."""
        user = scope_field(user_id, "user_id", required=True) or ""
        subject_key = object_key(text_field(subject, "subject") or "") if subject is not None else None
        pred = normalize_predicate(predicate) if predicate is not None else None
        return self.store.current(user, subject_key=subject_key, predicate=pred)

    def versions(self, fact_id: str, *, user_id: str) -> list[Fact]:
        """Every version of one record on the transaction-time axis: how the memory's belief changed."""
        user = scope_field(user_id, "user_id", required=True)
        found = [v for v in self.store.versions(scope_field(fact_id, "fact_id", required=True) or "")
                 if v.user_id == user]
        if not found:
            raise NotFoundError(f"fact_id: no fact {fact_id!r} for user {user!r}")
        return found

    def get_fact(self, fact_id: str, *, user_id: str) -> Fact:
        """The current version of one record."""
        user = scope_field(user_id, "user_id", required=True) or ""
        found = self.store.current(user, fact_ids=[scope_field(fact_id, "fact_id", required=True) or ""])
        if not found:
            raise NotFoundError(f"fact_id: no fact {fact_id!r} for user {user!r}")
        return found[0]

    def entities(self, *, user_id: str) -> list[Entity]:
        """A user's entities (people, places, organisations, ...)."""
        return self.store.entities(scope_field(user_id, "user_id", required=True) or "")

    def episodes(self, *, user_id: str, limit: int | None = None) -> list[Episode]:
        """A user's raw episodes (after redaction), newest first."""
        user = scope_field(user_id, "user_id", required=True) or ""
        return self.store.episodes(user, limit=None if limit is None else count_field(limit, "limit"))

    def tombstones(self, *, user_id: str) -> list[Tombstone]:
        """What hard deletes left: ids, times, reasons; no content."""
        return self.store.tombstones(scope_field(user_id, "user_id", required=True) or "")

    def audit_log(self, *, user_id: str | None = None, fact_id: str | None = None,
                  limit: int | None = None) -> list[AuditEntry]:
        """Every change, oldest first (content-free)."""
        return self.store.audit_log(user_id=scope_field(user_id, "user_id"), fact_id=scope_field(fact_id, "fact_id"),
                                    limit=None if limit is None else count_field(limit, "limit"))

    # -- graph views -------------------------------------------------------------------
    def graph(self, *, user_id: str, as_of: datetime | str | None = None,
              known_at: datetime | str | None = None) -> nx.MultiDiGraph:
        """The subgraph valid at ``as_of`` as a networkx MultiDiGraph (nodes: entities, edges: facts)."""
        return to_networkx(self.facts(user_id=user_id, as_of=as_of, known_at=known_at))

    def neighbors(self, entity: str, *, user_id: str, as_of: datetime | str | None = None,
                  depth: int = 1) -> list[Fact]:
        """Facts within ``depth`` hops of ``entity`` in the subgraph valid at ``as_of``."""
        count_field(depth, "depth")
        name = object_key(text_field(entity, "entity") or "")
        graph = self.graph(user_id=user_id, as_of=as_of)
        if name not in graph:
            return []
        undirected = graph.to_undirected(as_view=True)
        reach = nx.single_source_shortest_path_length(undirected, name, cutoff=depth)
        seen: dict[str, Fact] = {}
        for u, v, data in graph.edges(data=True):
            if (u in reach and reach[u] < depth) or (v in reach and reach[v] < depth):
                seen[data["fact"].id] = data["fact"]
        return sorted(seen.values(), key=lambda f: (f.valid_from, f.id))

    def export_graphml(self, path: str | os.PathLike[str], *, user_id: str,
                       as_of: datetime | str | None = None) -> Path:
        """Write the valid subgraph to a GraphML file (Gephi, yEd, networkx)."""
        from .graph.views import write_graphml

        if not isinstance(path, str | os.PathLike):
            raise FieldTypeError("path", f"expected a file path, got {type(path).__name__}")
        target = Path(path)
        graph = self.graph(user_id=user_id, as_of=as_of)
        try:
            write_graphml(graph, target)
        except OSError as exc:
            raise UsageError("path", f"cannot write {str(target)!r}: {exc.strerror or exc}") from None
        except UnicodeEncodeError:  # a lone surrogate the file system cannot name
            raise UsageError("path", f"{str(target)!r} is not a file name this system can encode") from None
        return target
