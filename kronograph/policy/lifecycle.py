"""The forgetting lifecycle as pure decisions: what expires, what is archived, what merges,
what is purged. ``Memory.maintain`` asks these functions and applies their answers.

    policy = LifecyclePolicy()                      # the defaults below
    is_expired(fact, now)                           # its TTL has passed
    should_archive(fact, now, policy)               # long unused and unimportant
    duplicate_groups(facts, vectors, policy)        # [(survivor, [duplicates])]
    should_purge(fact, now, policy)                 # an expired task past its grace period
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from ..model import Fact, MemoryType, Status
from ..temporal.decay import DEFAULT_DECAY, DecayConfig, decayed, last_used
from ..temporal.timeline import lifecycle_of, object_key
from .consolidation import DEFAULT_CONSOLIDATION, ConsolidationPolicy, procedure_half_life_factor


class LifecyclePolicy(BaseModel):
    """When memories expire, fade into the archive, merge and are purged.

        LifecyclePolicy().model_copy(update={"merge_similarity": 0.95})
    """

    model_config = ConfigDict(frozen=True)

    decay: DecayConfig = Field(default=DEFAULT_DECAY)
    archive_below_freshness: float = Field(
        default=0.25, ge=0.0, le=1.0, description="Archive when freshness falls below this (two half-lives unused)..."
    )
    archive_max_importance: float = Field(
        default=0.3, ge=0.0, le=1.0, description="...and importance is at most this."
    )
    archive_types: frozenset[MemoryType] = Field(
        default=frozenset(MemoryType) - {MemoryType.task},
        description="Types that may be archived (task memories expire and are purged instead).",
    )
    merge_similarity: float = Field(
        default=0.92, ge=0.0, le=1.0, description="Cosine at or above which two records of one slot are duplicates."
    )
    max_merge_group: int = Field(default=2_000, ge=2, description="Larger slots are not scanned for duplicates.")
    purge_grace: timedelta = Field(
        default=timedelta(days=7), description="How long an expired task memory is kept before it is purged."
    )
    purge_types: frozenset[MemoryType] = Field(default=frozenset({MemoryType.task}))
    consolidation: ConsolidationPolicy = Field(
        default=DEFAULT_CONSOLIDATION, description="Summaries, procedures and conversation threads.")


#: The defaults: archive after two half-lives unused when importance <= 0.3, merge at cosine
#: 0.92, purge expired task memories after a week.
DEFAULT_LIFECYCLE = LifecyclePolicy()


def is_expired(fact: Fact, now: datetime) -> bool:
    """An active, believed record whose TTL has passed."""
    return (lifecycle_of(fact) is Status.active and fact.retracted_at is None
            and fact.expires_at is not None and fact.expires_at <= now)


def should_archive(fact: Fact, now: datetime, policy: LifecyclePolicy = DEFAULT_LIFECYCLE) -> bool:
    """A long-unused, unimportant active record fades into the archive."""
    return (lifecycle_of(fact) is Status.active and fact.retracted_at is None
            and fact.memory_type in policy.archive_types
            and fact.importance <= policy.archive_max_importance
            and _freshness(fact, now, policy) < policy.archive_below_freshness)


def _freshness(fact: Fact, now: datetime, policy: LifecyclePolicy) -> float:
    """Freshness, with a procedure that keeps succeeding fading slower."""
    half_life = policy.decay.half_life_days(fact.memory_type, fact.access_count)
    half_life *= procedure_half_life_factor(fact, policy.consolidation)
    return decayed((now - last_used(fact)).total_seconds(), half_life)


def should_purge(fact: Fact, now: datetime, policy: LifecyclePolicy = DEFAULT_LIFECYCLE) -> bool:
    """An expired memory of a purgeable type whose grace period is over is deleted for good."""
    return (fact.memory_type in policy.purge_types and fact.expires_at is not None
            and fact.status in (Status.expired, Status.active, Status.superseded)
            and fact.expires_at + policy.purge_grace <= now)


def _mergeable(fact: Fact) -> bool:
    return fact.status is Status.active and fact.retracted_at is None


def _merge_key(fact: Fact) -> tuple[str | None, ...]:
    return (fact.user_id, fact.agent_id, fact.app_id, fact.run_id, object_key(fact.subject), fact.predicate)


def _rank(fact: Fact) -> tuple[float, float, int, float, str]:
    """Survivor order: most believed, most important, most used, oldest."""
    return (-fact.confidence, -fact.importance, -fact.access_count, fact.recorded_at.timestamp(), fact.id)


def _overlap(a: Fact, b: Fact) -> bool:
    return (a.valid_until is None or b.valid_from < a.valid_until) and (b.valid_until is None or a.valid_from < b.valid_until)


def duplicate_groups(
    facts: Sequence[Fact], vectors: Mapping[str, np.ndarray], policy: LifecyclePolicy = DEFAULT_LIFECYCLE,
) -> list[tuple[Fact, list[Fact]]]:
    """Near-duplicates to merge: active records of the same slot and scope, overlapping in valid
    time, whose embeddings (unit vectors) reach ``merge_similarity``. Each group keeps its best
    record (most believed, important, used, then oldest); the others merge into it."""
    slots: dict[tuple[str | None, ...], list[Fact]] = {}
    for fact in facts:
        if _mergeable(fact) and fact.id in vectors:
            slots.setdefault(_merge_key(fact), []).append(fact)
    out: list[tuple[Fact, list[Fact]]] = []
    for members in slots.values():
        if not 2 <= len(members) <= policy.max_merge_group:
            continue
        members.sort(key=_rank)
        matrix = np.stack([vectors[f.id] for f in members])
        similar = matrix @ matrix.T >= policy.merge_similarity
        taken: set[int] = set()
        for i, survivor in enumerate(members):
            if i in taken:
                continue
            merged = [j for j in range(i + 1, len(members))
                      if j not in taken and similar[i, j] and _overlap(survivor, members[j])]
            if merged:
                taken.update(merged)
                out.append((survivor, [members[j] for j in merged]))
    return out
