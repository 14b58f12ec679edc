"""Freshness decay: pure functions of a fact and a time."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from kronograph import DecayConfig, Fact, MemoryType
from kronograph.temporal.decay import DEFAULT_HALF_LIVES, decayed, freshness, last_used

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def fact(memory_type: MemoryType = MemoryType.fact, **update: object) -> Fact:
    base = Fact(id="f1", user_id="u1", subject="Ada", predicate="likes", object="tea", text="Ada likes tea",
                memory_type=memory_type, valid_from=T0, recorded_at=T0)
    return base.model_copy(update=update)


def test_freshness_halves_after_one_half_life_of_the_type() -> None:
    for memory_type, days in DEFAULT_HALF_LIVES.items():
        assert freshness(fact(memory_type), at=T0 + timedelta(days=days)) == pytest.approx(0.5)


def test_task_context_fades_fastest_and_stable_facts_slowest() -> None:
    at = T0 + timedelta(days=30)
    task, preference, stable = (freshness(fact(t), at=at) for t in
                                (MemoryType.task, MemoryType.preference, MemoryType.fact))
    assert task < preference < stable


def test_reinforced_memories_decay_more_slowly() -> None:
    at = T0 + timedelta(days=10)
    unused = freshness(fact(MemoryType.task), at=at)
    used = freshness(fact(MemoryType.task, access_count=5), at=at)
    assert used > unused
    assert DecayConfig().half_life_days(MemoryType.task, 5) == pytest.approx(3.0 * (1 + 0.5 * 1.791759469))
    assert DecayConfig(reinforcement=0.0).half_life_days(MemoryType.task, 5) == 3.0


def test_the_clock_restarts_at_the_last_use_or_a_recent_valid_start() -> None:
    accessed = fact(last_accessed_at=T0 + timedelta(days=100))
    assert last_used(accessed) == T0 + timedelta(days=100)
    assert freshness(accessed, at=T0 + timedelta(days=100)) == 1.0
    later = fact(valid_from=T0 + timedelta(days=5))
    assert last_used(later) == T0 + timedelta(days=5)


def test_a_time_before_the_last_use_is_fully_fresh_and_a_zero_half_life_is_stale() -> None:
    assert decayed(-10.0, 3.0) == 1.0
    assert decayed(10.0, 0.0) == 0.0
    custom = DecayConfig(half_lives={MemoryType.fact: 1.0})
    assert freshness(fact(MemoryType.preference), at=T0 + timedelta(days=1), config=custom) == pytest.approx(0.5)
