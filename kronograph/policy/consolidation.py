"""Consolidation and the memory types the article treats apart, as pure decisions.

    policy = ConsolidationPolicy(min_group_size=4)
    groups = fragment_groups(facts, vectors, now=now, policy=policy)   # [Group]
    summary_text(group)              # "user asks about: Spring Boot, MyBatis, ... (4 mentions, 2026-03 to 2026-05)"
    summary_is_stale(summary, sources, now=now)    # a source was superseded, corrected, expired or deleted
    verified(fact, now=now, policy=policy)         # a restatement: bounded confidence/importance gain
    procedure_should_retire(fact, policy)          # success rate below the threshold over enough trials

A summary must never become an untraceable pseudo-fact: it keeps the ids of its sources, is
never more certain than the least certain of them, and its text names only what they name.
Everything here takes facts, vectors and times and returns decisions; the write room applies them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from ..model import Episode, Fact, MemoryType, Sensitivity, Status
from ..temporal.timeline import object_key

#: The predicate of summary records: one record per (subject, label), label in the object.
SUMMARY_PREDICATE = "summarizes"
#: The label of a summary over summaries (level 2).
PROFILE_LABEL = "overview"
#: The label prefix of a conversation (thread) summary; the run id follows.
THREAD_LABEL = "conversation"


class FragmentTreatment(StrEnum):
    """What happens to the memories a summary now stands for."""

    archive = "archive"          # archived: out of default recall, still in as_of (include_archived) and history
    down_weight = "down_weight"  # stay active with their importance lowered


class ConsolidationPolicy(BaseModel):
    """When fragments become a summary, how summaries are verified, and when procedures retire.

        ConsolidationPolicy().model_copy(update={"min_group_size": 4})
    """

    model_config = ConfigDict(frozen=True)

    enabled: bool = Field(default=True, description="Run consolidation in maintain().")
    min_group_size: int = Field(default=2, ge=2, description="A group needs at least this many fragments.")
    max_group_size: int = Field(
        default=3, ge=2,
        description="A summary stands for at most this many fragments (more values of one relation: several, by date).")
    memory_types: frozenset[MemoryType] = Field(
        default=frozenset({MemoryType.fact, MemoryType.preference, MemoryType.episodic}),
        description="Types whose fragments are consolidated (each group holds one type).")
    topic_similarity: float = Field(
        default=0.6, ge=0.0, le=1.0,
        description="Cosine to a group's first member at or above which facts of different predicates share a topic.")
    value_similarity: float = Field(
        default=0.45, ge=0.0, le=1.0,
        description="With an embedder, values of one relation share a summary only when their embeddings lie "
                    "within this cosine of the group's first member (offline they are grouped by date).")
    max_topic_scan: int = Field(
        default=4_000, ge=0, description="More ungrouped facts than this (per scope and type) are not clustered by topic.")
    fragments: FragmentTreatment = Field(default=FragmentTreatment.archive)
    down_weight: float = Field(
        default=0.5, gt=0.0, lt=1.0, description="Importance multiplier for down-weighted fragments.")
    max_listed: int = Field(default=20, ge=1, description="Names listed in an extractive summary; the rest are counted.")
    summarize_summaries: bool = Field(
        default=False, description="Summarise the level-1 summaries of one subject again (level 2).")
    level_two_min: int = Field(
        default=3, ge=2, description="Summaries of one subject needed before they are summarised again (level 2).")
    # -- reinforcement by verification ----------------------------------------------------
    verify_confidence_gain: float = Field(default=0.05, ge=0.0, le=0.5)
    verify_importance_gain: float = Field(default=0.03, ge=0.0, le=0.5)
    verified_confidence_cap: float = Field(
        default=0.99, ge=0.0, le=1.0, description="Verification never makes a memory more certain than this.")
    verified_importance_cap: float = Field(default=0.9, ge=0.0, le=1.0)
    # -- procedures -------------------------------------------------------------------------
    procedure_min_trials: int = Field(default=5, ge=1, description="Outcomes needed before a procedure can retire.")
    procedure_retire_below: float = Field(
        default=0.4, ge=0.0, le=1.0, description="A procedure succeeding less often than this is archived.")
    procedure_decay_stretch: float = Field(
        default=2.0, ge=0.0, description="Half-life multiplier gained by a procedure that always succeeds.")
    # -- conversations ---------------------------------------------------------------------
    thread_summary_age: timedelta = Field(
        default=timedelta(days=7), description="Run-scoped episodes older than this are summarised per run.")
    thread_min_episodes: int = Field(default=2, ge=1)
    thread_max_chars: int = Field(default=600, ge=80, description="Length limit of an extractive thread summary.")


#: The defaults: groups of 3 or more, archive the fragments, procedures retire below 40% over 5 trials.
DEFAULT_CONSOLIDATION = ConsolidationPolicy()


@dataclass(frozen=True)
class Group:
    """Memories that one summary will stand for: one scope, one subject, one memory type."""

    subject: str
    label: str
    memory_type: MemoryType
    members: tuple[Fact, ...]
    level: int = 1

    @property
    def scope(self) -> tuple[str, str | None, str | None, str | None]:
        first = self.members[0]
        return (first.user_id, first.agent_id, first.app_id, first.run_id)


def consolidatable(fact: Fact, now: datetime, policy: ConsolidationPolicy = DEFAULT_CONSOLIDATION) -> bool:
    """An active, believed, currently valid, non-sensitive fragment of a consolidated type."""
    return (fact.status is Status.active and fact.retracted_at is None and not fact.is_summary
            and fact.memory_type in policy.memory_types and fact.sensitivity is Sensitivity.none
            and fact.valid_from <= now and (fact.valid_until is None or fact.valid_until > now)
            and (fact.expires_at is None or fact.expires_at > now))


def _scope_key(fact: Fact) -> tuple[str | None, ...]:
    return (fact.user_id, fact.agent_id, fact.app_id, fact.run_id)


def _order(fact: Fact) -> tuple[datetime, str]:
    return (fact.valid_from, fact.id)


def fragment_groups(
    facts: Sequence[Fact], vectors: Mapping[str, np.ndarray], *, now: datetime,
    policy: ConsolidationPolicy = DEFAULT_CONSOLIDATION, held_labels: Mapping[tuple[str | None, ...], str] | None = None,
) -> list[Group]:
    """Groups of related fragments: first the values of one ``(subject, predicate)`` (same entity,
    same relation: "asks about" Spring Boot, MyBatis, ...), then, among what is left, facts of one
    subject whose embeddings (unit vectors, when given) lie within ``topic_similarity`` of a
    group's first member. Each group has one scope and memory type and at least
    ``min_group_size`` members. ``held_labels`` maps ``(scope..., subject_key, label)`` of summaries
    already held, so a topic group takes a label no held summary of its subject uses."""
    slots: dict[tuple[str | None, ...], list[Fact]] = {}
    for fact in facts:
        if consolidatable(fact, now, policy):
            slots.setdefault((*_scope_key(fact), object_key(fact.subject), fact.predicate, fact.memory_type.value),
                             []).append(fact)
    groups: list[Group] = []
    leftovers: dict[tuple[str | None, ...], list[Fact]] = {}
    for key, members in slots.items():
        if len({object_key(f.object) for f in members}) >= policy.min_group_size:
            members.sort(key=_order)
            chunks, rest = _value_chunks(members, vectors, policy)
            for chunk in chunks:
                groups.append(Group(subject=chunk[0].subject, label=chunk[0].predicate,
                                    memory_type=chunk[0].memory_type, members=tuple(chunk)))
            members = rest
        if members:
            leftovers.setdefault((*key[:5], key[6]), []).extend(members)
    for pool in leftovers.values():
        groups += _topic_groups(pool, vectors, policy, held_labels or {})
    return groups


def _value_chunks(members: list[Fact], vectors: Mapping[str, np.ndarray],
                  policy: ConsolidationPolicy) -> tuple[list[list[Fact]], list[Fact]]:
    """The values of one relation (in date order) as summaries' groups, and those left over.
    With every member's vector: each group is its first member and the later ones within
    ``value_similarity`` of it (a summary of alike values is found by the questions its values
    answer; "likes: pottery, painting" is, "likes: pottery, helping people, Bach" is not).
    Offline: consecutive chunks by date."""
    def distinct(chunk: Sequence[Fact]) -> int:
        return len({object_key(f.object) for f in chunk})

    size = policy.max_group_size
    if not vectors or any(f.id not in vectors for f in members):
        chunks = [members[i:i + size] for i in range(0, len(members), size)]
        kept = [c for c in chunks if distinct(c) >= policy.min_group_size]
        return kept, [f for c in chunks if distinct(c) < policy.min_group_size for f in c]
    matrix = np.stack([vectors[f.id] for f in members])
    similar = matrix @ matrix.T >= policy.value_similarity
    taken = np.zeros(len(members), dtype=bool)
    out: list[list[Fact]] = []
    for i in range(len(members)):
        if taken[i]:
            continue
        picked = [j for j in np.flatnonzero(similar[i] & ~taken) if j >= i][:size]
        chunk = [members[j] for j in picked]
        if distinct(chunk) >= policy.min_group_size:
            taken[picked] = True
            out.append(chunk)
    return out, [f for f, t in zip(members, taken, strict=True) if not t]


def _topic_groups(pool: list[Fact], vectors: Mapping[str, np.ndarray], policy: ConsolidationPolicy,
                  held_labels: Mapping[tuple[str | None, ...], str]) -> list[Group]:
    members = sorted((f for f in pool if f.id in vectors), key=_order)
    if not policy.min_group_size <= len(members) <= policy.max_topic_scan:
        return []
    matrix = np.stack([vectors[f.id] for f in members])
    similar = matrix @ matrix.T >= policy.topic_similarity
    taken = np.zeros(len(members), dtype=bool)
    out: list[Group] = []
    for i in range(len(members)):
        if taken[i]:
            continue
        picked = [j for j in np.flatnonzero(similar[i] & ~taken) if j >= i][: policy.max_group_size]
        if len(picked) < policy.min_group_size or len({members[j].predicate for j in picked}) < 2:
            continue
        taken[picked] = True
        chosen = tuple(members[j] for j in picked)
        out.append(Group(subject=chosen[0].subject, label=_topic_label(chosen, held_labels),
                         memory_type=chosen[0].memory_type, members=chosen))
    return out


def _topic_label(members: Sequence[Fact], held: Mapping[tuple[str | None, ...], str]) -> str:
    """``topic: likes, plays, attends``: the relations the group shares, unique for its subject."""
    names = list(dict.fromkeys(f.predicate for f in members))
    label = "topic: " + ", ".join(names[:3])
    key = (*_scope_key(members[0]), object_key(members[0].subject))
    taken = {value for k, value in held.items() if k[:-1] == key}
    suffix = 2
    candidate = label
    while object_key(candidate) in taken:
        candidate = f"{label} ({suffix})"
        suffix += 1
    return candidate


def summary_groups(summaries: Sequence[Fact], *, policy: ConsolidationPolicy = DEFAULT_CONSOLIDATION) -> list[Group]:
    """Level-1 summaries of one subject and scope, ``level_two_min`` or more, to summarise again."""
    by_subject: dict[tuple[str | None, ...], list[Fact]] = {}
    for summary in summaries:
        if (summary.summary_level == 1 and summary.status is Status.active and summary.retracted_at is None
                and not summary.stale and not summary.object.startswith(THREAD_LABEL)):
            by_subject.setdefault((*_scope_key(summary), object_key(summary.subject)), []).append(summary)
    return [Group(subject=members[0].subject, label=PROFILE_LABEL, memory_type=MemoryType.summary,
                  members=tuple(sorted(members, key=_order)), level=2)
            for members in by_subject.values() if len(members) >= policy.level_two_min]


# -- what a summary says ----------------------------------------------------------------------
def _month(value: datetime) -> str:
    return value.strftime("%Y-%m")


def span_of(members: Sequence[Fact]) -> tuple[datetime, datetime]:
    """The first and last dates the sources speak of (a summary's span)."""
    starts = [m.valid_from for m in members]
    ends = [m.sources_until or m.valid_from for m in members]
    return min(starts), max(ends)


def span_label(start: datetime, end: datetime) -> str:
    """``2026-03 to 2026-05`` (one month: ``2026-03``)."""
    first, last = _month(start), _month(end)
    return first if first == last else f"{first} to {last}"


def summary_label(fact: Fact) -> str:
    """``[summary of 4 sources, 2026-03 to 2026-05]`` for a summary, ``""`` for anything else:
    what context() and search show so a summary is never read as a statement."""
    if not fact.is_summary:
        return ""
    count = len(fact.source_fact_ids) or len(fact.source_episode_ids)
    noun = "source" if count == 1 else "sources"
    return f"[summary of {count} {noun}, {span_label(fact.valid_from, fact.sources_until or fact.valid_from)}]"


def mention_count(members: Sequence[Fact]) -> int:
    """How many statements a group stands for (a summary counts its own sources)."""
    return sum(max(len(m.source_fact_ids), 1) if m.is_summary else 1 for m in members)


def summary_text(group: Group, policy: ConsolidationPolicy = DEFAULT_CONSOLIDATION) -> str:
    """The extractive, honest sentence: what the sources share, their values or sentences as said,
    how many mentions, and the months they span. Names only what the sources name."""
    members = group.members
    start, end = span_of(members)
    tail = f"({mention_count(members)} mentions, {span_label(start, end)})"
    if group.level == 1 and len({m.predicate for m in members}) == 1:
        values = list(dict.fromkeys(m.object for m in members))
        listed = ", ".join(values[: policy.max_listed])
        more = f" and {len(values) - policy.max_listed} more" if len(values) > policy.max_listed else ""
        return f"{group.subject} {members[0].predicate.replace('_', ' ')}: {listed}{more} {tail}"
    parts = [_clause(m) for m in members]
    listed = "; ".join(parts[: policy.max_listed])
    more = f"; and {len(parts) - policy.max_listed} more" if len(parts) > policy.max_listed else ""
    return f"{group.subject}: {listed}{more} {tail}"


def _clause(member: Fact) -> str:
    if member.is_summary:
        text = re.sub(r"\s*\(\d+ mentions?, [^)]*\)$", "", member.text)
        return text.removeprefix(f"{member.subject} ").removeprefix(f"{member.subject}: ")
    # The fragment's own words, less its subject: what it was found by stays findable.
    text = " ".join(member.text.split())
    for prefix in (f"{member.subject} ", f"{member.subject}: "):
        if text.casefold().startswith(prefix.casefold()) and len(text) > len(prefix):
            return text[len(prefix):]
    return f"{member.predicate.replace('_', ' ')} {member.object}"


def summary_confidence(members: Sequence[Fact]) -> float:
    """A summary is no more certain than the least certain of its sources."""
    return min(m.confidence for m in members)


def summary_importance(members: Sequence[Fact]) -> float:
    """As important as the most important of its sources."""
    return max(m.importance for m in members)


def source_episodes(members: Sequence[Fact]) -> list[str]:
    """Every episode any source came from, in first-seen order."""
    return list(dict.fromkeys(e for m in members for e in m.source_episode_ids))


def last_verified(members: Sequence[Fact]) -> datetime:
    """The latest time any source was stated or confirmed."""
    return max(m.last_verified_at or m.recorded_at for m in members)


_WORD = re.compile(r"[^\W_][\w.+#'-]*", re.UNICODE)
_SENTENCE_START = re.compile(r"(?:^|[.!?:;]\s+)([^\W_][\w.+#'-]*)")


def unsupported_names(text: str, members: Sequence[Fact]) -> list[str]:
    """Names (capitalised words past a sentence start, and numbers) in ``text`` that no source
    states: an abstract sentence written by a model is kept only when this is empty."""
    said = " ".join(f"{m.subject} {m.object} {m.text}" for m in members).casefold()
    said_words = {w.casefold().strip(".'-") for w in _WORD.findall(said)}
    starts = {m.start(1) for m in _SENTENCE_START.finditer(text)}
    out: list[str] = []
    for match in _WORD.finditer(text):
        word = match.group(0).strip(".'-")
        if not word or match.start() in starts:
            continue
        if (word[0].isupper() or any(c.isdigit() for c in word)) and word.casefold() not in said_words \
                and word.casefold() not in said:
            out.append(word)
    return out


# -- summaries stay true to their sources ------------------------------------------------------
def source_is_sound(source: Fact | None, now: datetime) -> bool:
    """A source still supports its summary: held, believed, not superseded or ended, not expired.
    (An archived source is fine: consolidation archives the fragments it summarises.)"""
    return (source is not None and source.retracted_at is None
            and source.status in (Status.active, Status.archived) and source.superseded_by is None
            and (source.valid_until is None or source.valid_until > now)
            and (source.expires_at is None or source.expires_at > now)
            and not (source.is_summary and source.stale))


def summary_is_stale(summary: Fact, sources: Mapping[str, Fact], *, now: datetime) -> bool:
    """True when any source (looked up by id; missing = deleted) no longer supports the summary."""
    return any(not source_is_sound(sources.get(fid), now) for fid in summary.source_fact_ids)


def sound_sources(summary: Fact, sources: Mapping[str, Fact], *, now: datetime) -> list[Fact]:
    """The sources a stale summary can still be derived from, in their order."""
    return [s for fid in summary.source_fact_ids if source_is_sound(s := sources.get(fid), now) and s is not None]


# -- reinforcement by verification -----------------------------------------------------------
def verified(fact: Fact, *, now: datetime, policy: ConsolidationPolicy = DEFAULT_CONSOLIDATION) -> Fact:
    """A memory restated or confirmed: confidence and importance rise by a bounded step (never
    above the caps, never lowered), and ``last_verified_at`` moves to ``now``."""
    confidence = max(fact.confidence, min(policy.verified_confidence_cap,
                                          fact.confidence + policy.verify_confidence_gain))
    importance = max(fact.importance, min(policy.verified_importance_cap,
                                          fact.importance + policy.verify_importance_gain))
    return fact.evolve(confidence=confidence, importance=importance, last_verified_at=now)


def restated_belief(confidence: float, importance: float, stated_confidence: float, *, hedged: bool = False,
                    policy: ConsolidationPolicy = DEFAULT_CONSOLIDATION) -> tuple[float, float]:
    """Confidence and importance of a memory restated with ``stated_confidence``: at least what
    the restatement says, else one bounded verification step above what was held. A hedged
    restatement ("I might ...") verifies nothing."""
    if hedged:
        return max(confidence, stated_confidence), importance
    gained = min(policy.verified_confidence_cap, confidence + policy.verify_confidence_gain)
    return (max(confidence, stated_confidence, gained),
            max(importance, min(policy.verified_importance_cap, importance + policy.verify_importance_gain)))


def summary_verified(summary: Fact, sources: Sequence[Fact]) -> datetime | None:
    """When a summary's sources were re-confirmed after the summary was last verified: it is
    verified then too (None: nothing new)."""
    latest = max((s.last_verified_at for s in sources if s.last_verified_at is not None), default=None)
    if latest is not None and (summary.last_verified_at is None or latest > summary.last_verified_at):
        return latest
    return None


# -- procedures ------------------------------------------------------------------------------
def with_outcome(fact: Fact, *, success: bool, now: datetime) -> Fact:
    """One more recorded outcome; a success also counts as a verification time."""
    if success:
        return fact.evolve(success_count=fact.success_count + 1, last_verified_at=now)
    return fact.evolve(failure_count=fact.failure_count + 1)


def procedure_should_retire(fact: Fact, policy: ConsolidationPolicy = DEFAULT_CONSOLIDATION) -> bool:
    """A procedure that, over at least ``procedure_min_trials`` outcomes, succeeds less often than
    ``procedure_retire_below`` is archived."""
    rate = fact.success_rate
    return (fact.memory_type is MemoryType.procedural and fact.status is Status.active
            and fact.trials >= policy.procedure_min_trials and rate is not None
            and rate < policy.procedure_retire_below)


def procedure_half_life_factor(fact: Fact, policy: ConsolidationPolicy = DEFAULT_CONSOLIDATION) -> float:
    """How much slower a procedure fades: ``1 + stretch * rate * confidence-in-the-rate``, where the
    confidence grows with the trials (``trials / (trials + min_trials)``). 1.0 without outcomes."""
    rate = fact.success_rate
    if fact.memory_type is not MemoryType.procedural or rate is None:
        return 1.0
    weight = fact.trials / (fact.trials + policy.procedure_min_trials)
    return 1.0 + policy.procedure_decay_stretch * rate * weight


# -- conversations per thread ---------------------------------------------------------------
def threads_to_summarise(episodes: Sequence[Episode], *, now: datetime, archived: set[str],
                         policy: ConsolidationPolicy = DEFAULT_CONSOLIDATION) -> dict[str, list[Episode]]:
    """Run-scoped episodes older than ``thread_summary_age`` and not yet archived, per run id
    (oldest first), for runs with at least ``thread_min_episodes`` of them."""
    cutoff = now - policy.thread_summary_age
    runs: dict[str, list[Episode]] = {}
    for episode in episodes:
        if episode.run_id is not None and episode.id not in archived and episode.reference_time <= cutoff:
            runs.setdefault(episode.run_id, []).append(episode)
    return {run: sorted(eps, key=lambda e: (e.reference_time, e.id)) for run, eps in runs.items()
            if len(eps) >= policy.thread_min_episodes}


_FIRST_SENTENCE = re.compile(r"^(.+?[.!?])(?:\s|$)", re.DOTALL)


def thread_summary_text(run_id: str, episodes: Sequence[Episode],
                        policy: ConsolidationPolicy = DEFAULT_CONSOLIDATION) -> str:
    """Extractive: the first sentence of each message, in order, within ``thread_max_chars``,
    then how many messages and the dates they span."""
    start, end = episodes[0].reference_time, episodes[-1].reference_time
    tail = f" ({len(episodes)} messages, {span_label(start, end)})"
    head = f"conversation {run_id}: "
    budget = policy.thread_max_chars - len(head) - len(tail)
    parts: list[str] = []
    used = 0
    for episode in episodes:
        text = " ".join(episode.content.split())
        match = _FIRST_SENTENCE.match(text)
        sentence = match.group(1) if match else text
        if used + len(sentence) + 3 > budget:
            remaining = len(episodes) - len(parts)
            parts.append(f"... {remaining} more")
            break
        parts.append(sentence)
        used += len(sentence) + 3
    return head + " | ".join(parts) + tail
