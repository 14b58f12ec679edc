"""Apply consolidation: fragments become summaries that keep their sources, summaries follow
their sources (re-derived when one changes, rebuilt or deleted when one is hard-deleted),
procedures retire by their success rate, and old threads are summarised per run.

The decisions are pure (:mod:`kronograph.policy.consolidation`); this module reads a user's
records, asks them, and writes the answers as new versions with one audit entry each, inside
the caller's transaction.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Protocol, runtime_checkable

import numpy as np

from ..errors import ExtractionError
from ..graph.store import ChangeSet, GraphStore
from ..model import Episode, Fact, MemoryType, Sensitivity, Status, new_id
from ..policy.consolidation import (
    SUMMARY_PREDICATE,
    THREAD_LABEL,
    ConsolidationPolicy,
    FragmentTreatment,
    Group,
    fragment_groups,
    last_verified,
    procedure_should_retire,
    sound_sources,
    source_episodes,
    span_of,
    summary_confidence,
    summary_groups,
    summary_importance,
    summary_is_stale,
    summary_text,
    summary_verified,
    thread_summary_text,
    threads_to_summarise,
    unsupported_names,
    with_outcome,
)
from ..temporal.timeline import object_key

#: Vectors of a user's records by id (the recall engine's embeddings), or nothing offline.
Vectors = Callable[[str, Sequence[str]], dict[str, np.ndarray]]


@runtime_checkable
class Summarizer(Protocol):
    """Writes one abstract sentence for a group of source sentences (one LLM call):
    :class:`~kronograph.extraction.llm.LLMExtractor` is one."""

    def summarize(self, *, subject: str, sentences: Sequence[str]) -> str: ...


def summary_object(label: str) -> str:
    """The object of a summary record: its label, worded so it never reads as a value a user said."""
    return f"summary of {label}"


class Consolidator:
    """One user's consolidation inside one transaction; collects what it changed."""

    def __init__(self, store: GraphStore, user_id: str, *, now: datetime, at: datetime,
                 policy: ConsolidationPolicy, summarizer: Summarizer | None = None) -> None:
        self.store, self.user_id, self.now, self.at, self.policy = store, user_id, now, at, policy
        self.summarizer = summarizer
        self.changes = ChangeSet(now=now)
        self.previous: dict[str, Fact] = {}
        self.written: dict[str, Fact] = {}
        self.created: list[Fact] = []
        self.summarized_calls = 0

    # -- the pieces ----------------------------------------------------------------------
    def _revise(self, fact: Fact, action: str, **detail: object) -> Fact:
        self.previous.setdefault(fact.id, fact)
        self.written[fact.id] = fact
        self.changes.log(action, self.user_id, fact.id, **detail)
        return fact

    def _text(self, group: Group) -> str:
        extractive = summary_text(group, self.policy)
        if self.summarizer is None:
            return extractive
        sentences = [m.text for m in group.members]
        self.summarized_calls += 1
        try:
            abstract = self.summarizer.summarize(subject=group.subject, sentences=sentences).strip()
        except ExtractionError:  # a failing model never blocks maintenance: the extractive text stands
            return extractive
        if not abstract or unsupported_names(abstract, group.members):
            return extractive
        return f"{abstract} ({extractive.rsplit('(', 1)[1]}"

    def _summary_fields(self, group: Group, text: str) -> dict[str, object]:
        start, end = span_of(group.members)
        return dict(text=text, source_fact_ids=[m.id for m in group.members], summary_level=group.level,
                    valid_from=start, sources_until=end, confidence=summary_confidence(group.members),
                    importance=summary_importance(group.members), last_verified_at=last_verified(group.members),
                    source_episode_ids=source_episodes(group.members), stale=False)

    def _soft_forget(self, fragment: Fact, summary_id: str) -> None:
        if self.policy.fragments is FragmentTreatment.archive:
            if fragment.status is not Status.archived:
                self._revise(fragment.evolve(status=Status.archived), "archive", reason="consolidated",
                             into=summary_id)
        elif fragment.importance > 0:
            self._revise(fragment.evolve(importance=fragment.importance * self.policy.down_weight),
                         "down_weight", into=summary_id)

    def _restore(self, fragment: Fact, summary_id: str) -> None:
        """A fragment whose summary dissolved comes back (archived ones only: down-weighted ones stay)."""
        if fragment.status is Status.archived:
            self._revise(fragment.evolve(status=Status.active), "restore", reason="summary dissolved",
                         summary=summary_id)

    def create(self, group: Group) -> Fact:
        """A new summary record for ``group``; its fragments are soft-forgotten."""
        first = group.members[0]
        fields = self._summary_fields(group, self._text(group))
        summary = Fact.trusted(dict(
            id=new_id(), user_id=first.user_id, agent_id=first.agent_id, app_id=first.app_id, run_id=first.run_id,
            subject=group.subject, predicate=SUMMARY_PREDICATE, object=summary_object(group.label),
            memory_type=MemoryType.summary, status=Status.active, access_count=0, last_accessed_at=None,
            valid_until=None, stated_until=None, recorded_at=self.now, retracted_at=None, expires_at=None,
            superseded_by=None, sensitivity=Sensitivity.none, subject_entity_id=first.subject_entity_id,
            object_entity_id=None, version_from=self.now, version_until=None, **fields,
        ))
        self.created.append(summary)
        self.changes.created.append(summary)
        self.changes.log("consolidate", self.user_id, summary.id, sources=len(group.members),
                         level=group.level)
        self.changes.sources += [(summary.id, e) for e in summary.source_episode_ids]
        for member in group.members:
            self._soft_forget(member, summary.id)
        return summary

    def rederive(self, summary: Fact, group: Group, reason: str) -> Fact:
        """A held summary stands for ``group`` now (a source changed, or new fragments joined)."""
        new = summary.evolve(**self._summary_fields(group, self._text(group)))
        self._revise(new, "rederive", reason=reason, sources=len(group.members))
        known = set(summary.source_episode_ids)
        self.changes.sources += [(summary.id, e) for e in new.source_episode_ids if e not in known]
        for member in group.members:
            if member.id not in summary.source_fact_ids:
                self._soft_forget(member, summary.id)
        return new

    def dissolve(self, summary: Fact, survivors: Sequence[Fact], reason: str) -> None:
        """Too few sources are left: the summary is archived and its surviving fragments return."""
        self._revise(summary.evolve(status=Status.archived, stale=False), "dissolve", reason=reason)
        for fragment in survivors:
            self._restore(fragment, summary.id)

    def write(self) -> None:
        self.changes.revised = list(self.written.values())
        if not self.changes.is_empty():
            self.store.write(self.changes, self.previous)


def _group_of(summary: Fact, members: Sequence[Fact]) -> Group:
    label = summary.object.removeprefix("summary of ")
    return Group(subject=summary.subject, label=label,
                 memory_type=members[0].memory_type if summary.summary_level == 1 else MemoryType.summary,
                 members=tuple(sorted(members, key=lambda m: (m.valid_from, m.id))), level=summary.summary_level)


def _minimum(summary: Fact, policy: ConsolidationPolicy) -> int:
    return policy.level_two_min if summary.summary_level == 2 else policy.min_group_size


def _held_summary(fact: Fact) -> bool:
    return fact.is_summary and fact.retracted_at is None and fact.status in (Status.active, Status.archived)


def consolidate_user(
    store: GraphStore, user_id: str, *, now: datetime, at: datetime, policy: ConsolidationPolicy,
    vectors: Vectors | None = None, summarizer: Summarizer | None = None, facts: Sequence[Fact] | None = None,
) -> list[Fact]:
    """Consolidate one user's memories at ``at``; must run inside a transaction (``facts``: the
    user's current records when the caller has just read them). Returns the summaries created
    or re-derived."""
    work = Consolidator(store, user_id, now=now, at=at, policy=policy, summarizer=summarizer)
    if facts is None:
        facts = store.current(user_id)
    by_id = {f.id: f for f in facts}
    touched: list[Fact] = []
    # 1. Summaries follow their sources: re-derive the stale, dissolve those left too thin.
    for summary in [f for f in facts if _held_summary(f) and not f.object.startswith(summary_object(THREAD_LABEL))]:
        if summary.stale or summary_is_stale(summary, by_id, now=at):
            survivors = sound_sources(summary, by_id, now=at)
            if len({object_key(s.object) for s in survivors}) >= _minimum(summary, policy) \
                    and summary.status is Status.active:
                touched.append(work.rederive(summary, _group_of(summary, survivors), "a source changed"))
            else:
                work.dissolve(summary, survivors, "too few sources left")
            by_id[summary.id] = work.written[summary.id]
        elif (verified_at := summary_verified(summary, [by_id[i] for i in summary.source_fact_ids if i in by_id])):
            by_id[summary.id] = work._revise(summary.evolve(last_verified_at=verified_at), "verify",
                                             reason="sources re-confirmed")
    # 2. New fragments: a group whose label a held summary of its subject has joins it.
    held = {(f.user_id, f.agent_id, f.app_id, f.run_id, object_key(f.subject), object_key(f.object)): f
            for f in by_id.values() if f.is_summary and f.status is Status.active and f.retracted_at is None}
    current = [by_id[f.id] for f in facts]
    ids = [f.id for f in current if f.status is Status.active and not f.is_summary]
    found = vectors(user_id, ids) if vectors is not None and ids else {}
    labels: dict[tuple[str | None, ...], str] = {
        (*k[:5], label): label for k in held if (label := k[5].removeprefix("summary of "))}
    for group in fragment_groups(current, found, now=at, policy=policy, held_labels=labels):
        # A held summary of the same relation with room takes the new fragments; else a new one.
        prefix = (*group.scope, object_key(group.subject))
        label, n = group.label, 1
        while (existing := held.get((*prefix, object_key(summary_object(label))))) is not None:
            sources = sound_sources(existing, by_id, now=at)
            merged = list({m.id: m for m in [*sources, *group.members]}.values())
            if len(merged) <= policy.max_group_size:
                touched.append(work.rederive(existing, _group_of(existing, merged), "new sources"))
                break
            n += 1
            label = f"{group.label} ({n})"
        else:
            made = work.create(Group(subject=group.subject, label=label, memory_type=group.memory_type,
                                     members=group.members, level=group.level))
            held[(*prefix, object_key(made.object))] = made
            touched.append(made)
    # 3. Summaries of one subject are summarised again (level 2), when enabled.
    if policy.summarize_summaries:
        level_one = [work.written.get(f.id, f) for f in [*by_id.values(), *work.created]
                     if f.summary_level == 1 and f.status is Status.active]
        level_two = {(f.user_id, f.agent_id, f.app_id, f.run_id, object_key(f.subject)): f
                     for f in by_id.values() if f.summary_level == 2 and f.status is Status.active}
        for group in summary_groups(level_one, policy=policy):
            existing = level_two.get((*group.scope, object_key(group.subject)))
            if existing is None:
                touched.append(work.create(group))
            elif {m.id for m in group.members} != set(existing.source_fact_ids):
                touched.append(work.rederive(existing, group, "new sources"))
    work.write()
    return [work.written.get(t.id, t) for t in touched]


def drop_deleted_sources(store: GraphStore, deleted: Sequence[Fact], *, now: datetime,
                         policy: ConsolidationPolicy, hard_delete: Callable[[list[Fact]], None]) -> None:
    """After a hard delete: every summary built on a deleted record is deleted with all its
    versions (their text held the deleted content) and, when enough sources remain, built again
    as a new record from them alone; otherwise its surviving fragments return. A summary the
    caller deleted returns its fragments. Summaries of deleted summaries follow, round by round,
    all inside the deleting transaction (``hard_delete`` deletes records without this step)."""
    gone = {f.id for f in deleted}
    for user_id in sorted({f.user_id for f in deleted}):
        work = Consolidator(store, user_id, now=now, at=now, policy=policy)
        by_id = {f.id: f for f in store.current(user_id)}
        for summary in (f for f in deleted if f.is_summary and f.user_id == user_id):
            for fid in summary.source_fact_ids:
                if fid in by_id:
                    work._restore(by_id[fid], summary.id)
        frontier = {f.id for f in deleted if f.user_id == user_id}
        while frontier:
            doomed = [f for f in by_id.values()
                      if _held_summary(f) and f.id not in gone and frontier & set(f.source_fact_ids)]
            for summary in doomed:
                survivors = [work.written.get(i, by_id[i]) for i in summary.source_fact_ids
                             if i in by_id and i not in gone]
                if len({object_key(s.object) for s in survivors}) >= _minimum(summary, policy):
                    work.create(_group_of(summary, survivors))
                else:
                    for fragment in survivors:
                        work._restore(fragment, summary.id)
            frontier = {f.id for f in doomed}
            gone |= frontier
            work.write()  # the rebuilt summaries first: deleting the old ones may drop an entity they share
            work = Consolidator(store, user_id, now=now, at=now, policy=policy)
            if doomed:
                hard_delete(doomed)
                by_id = {f.id: f for f in store.current(user_id)}


def retire_procedures(store: GraphStore, user_id: str, facts: Sequence[Fact], *, now: datetime,
                      policy: ConsolidationPolicy) -> list[Fact]:
    """Archive the procedures that keep failing; returns them as archived."""
    failing = [f for f in facts if procedure_should_retire(f, policy)]
    retired = [f.evolve(status=Status.archived) for f in failing]
    if retired:
        changes = ChangeSet(now=now, revised=retired)
        for fact in failing:
            changes.log("archive", user_id, fact.id, reason="procedure keeps failing", trials=fact.trials)
        store.write(changes, {f.id: f for f in failing})
    return retired


def record_outcome(store: GraphStore, target: Fact, *, success: bool, now: datetime) -> Fact:
    """One more outcome of a procedure, as a new version with a content-free audit entry."""
    updated = with_outcome(target, success=success, now=now)
    changes = ChangeSet(now=now, revised=[updated])
    changes.log("outcome", target.user_id, target.id, success=success)
    store.write(changes, {target.id: target})
    return updated


def summarise_threads(store: GraphStore, user_id: str, *, now: datetime, at: datetime,
                      policy: ConsolidationPolicy, summarizer: Summarizer | None = None) -> list[Fact]:
    """Old run-scoped episodes become one conversation summary per run (its sources are the
    episodes), and the raw episodes are archived. A run summarised before gains a new summary for
    the episodes that arrived since."""
    episodes = store.episodes(user_id)
    threads = threads_to_summarise(episodes, now=at, archived={e.id for e in episodes if e.archived_at},
                                   policy=policy)
    made: list[Fact] = []
    if not threads:
        return made
    changes = ChangeSet(now=now)
    for run_id, thread in threads.items():
        text = _thread_text(run_id, thread, policy, summarizer)
        first = thread[0]
        summary = Fact.trusted(dict(
            id=new_id(), user_id=user_id, agent_id=first.agent_id, app_id=first.app_id, run_id=run_id,
            subject=user_id, predicate=SUMMARY_PREDICATE,
            object=summary_object(f"{THREAD_LABEL} {run_id} from {first.reference_time.date().isoformat()}"),
            text=text, memory_type=MemoryType.summary, status=Status.active, confidence=1.0, importance=0.5,
            valid_from=first.reference_time, sources_until=thread[-1].reference_time, recorded_at=now,
            summary_level=1, last_verified_at=thread[-1].reference_time,
            source_episode_ids=[e.id for e in thread], version_from=now,
        ))
        changes.created.append(summary)
        changes.sources += [(summary.id, e.id) for e in thread]
        changes.log("summarise_thread", user_id, summary.id, run_id_given=True, episodes=len(thread))
        made.append(summary)
    store.write(changes)
    store.archive_episodes([e.id for thread in threads.values() for e in thread], at=now)
    return made


def _thread_text(run_id: str, thread: Sequence[Episode], policy: ConsolidationPolicy,
                 summarizer: Summarizer | None) -> str:
    extractive = thread_summary_text(run_id, thread, policy)
    if summarizer is None:
        return extractive
    try:
        abstract = summarizer.summarize(subject=f"conversation {run_id}", sentences=[e.content for e in thread])
    except ExtractionError:  # the extractive text stands
        return extractive
    said = [Fact.trusted(dict(id=e.id, user_id=e.user_id, subject="", predicate="said", object="", text=e.content,
                              valid_from=e.reference_time, recorded_at=e.recorded_at)) for e in thread]
    if not abstract.strip() or unsupported_names(abstract, said):
        return extractive
    return f"conversation {run_id}: {abstract.strip()} ({extractive.rsplit('(', 1)[1]}"
