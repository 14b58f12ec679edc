"""Freshness: how recently a memory was learned, restated or used, decaying with a half-life.

    decay = DecayConfig()                                  # the default half-lives
    freshness(fact, at=now, config=decay)                  # 1.0 just used ... 0.5 one half-life later

Pure functions of a fact and a time. Each memory type decays at its own pace (task context
fast, preferences slowly, stable facts slowest), and every reinforcement (a recall, a repeat)
stretches the half-life, so memories in use fade more slowly.
"""

from __future__ import annotations

import math
from datetime import datetime

from pydantic import BaseModel, ConfigDict, Field

from ..model import Fact, MemoryType

_DAY = 86_400.0

#: Half-lives in days per memory type.
DEFAULT_HALF_LIVES: dict[MemoryType, float] = {
    MemoryType.task: 3.0,
    MemoryType.episodic: 30.0,
    MemoryType.hypothesis: 60.0,
    MemoryType.preference: 180.0,
    MemoryType.procedural: 365.0,
    MemoryType.summary: 365.0,
    MemoryType.fact: 730.0,
}


class DecayConfig(BaseModel):
    """How fast memories fade.

        DecayConfig().model_copy(update={"reinforcement": 0.0})   # use does not slow decay
    """

    model_config = ConfigDict(frozen=True)

    half_lives: dict[MemoryType, float] = Field(
        default_factory=lambda: dict(DEFAULT_HALF_LIVES),
        description="Half-life in days per memory type (a missing type uses the 'fact' half-life).",
    )
    reinforcement: float = Field(
        default=0.5, ge=0.0,
        description="Half-life multiplier per e-fold of accesses: half_life * (1 + reinforcement * ln(1 + n)).",
    )

    def half_life_days(self, memory_type: MemoryType, access_count: int = 0) -> float:
        """The effective half-life of a memory of this type used ``access_count`` times."""
        base = self.half_lives.get(memory_type, self.half_lives.get(MemoryType.fact, 730.0))
        return base * (1.0 + self.reinforcement * math.log1p(max(access_count, 0)))


#: The design's defaults (task 3 days ... stable facts 2 years).
DEFAULT_DECAY = DecayConfig()


def last_used(fact: Fact) -> datetime:
    """When the memory last learned, restated or used the fact: the latest of its recording,
    its valid start (a statement about something recent) and its last access."""
    times = [fact.recorded_at, fact.valid_from]
    if fact.last_accessed_at is not None:
        times.append(fact.last_accessed_at)
    return max(times)


def decayed(age_seconds: float, half_life_days: float) -> float:
    """``0.5 ** (age / half_life)``; a non-positive age is fully fresh."""
    if age_seconds <= 0:
        return 1.0
    if half_life_days <= 0:
        return 0.0
    return float(0.5 ** (age_seconds / (half_life_days * _DAY)))


def freshness(fact: Fact, *, at: datetime, config: DecayConfig = DEFAULT_DECAY) -> float:
    """Freshness of ``fact`` at ``at`` in [0, 1]."""
    age = (at - last_used(fact)).total_seconds()
    return decayed(age, config.half_life_days(fact.memory_type, fact.access_count))
