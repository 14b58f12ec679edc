"""The JSON forms both interfaces return, so an MCP tool and its REST route answer alike."""

from __future__ import annotations

from typing import Any

from ..model import AddResult, Episode, Fact
from ..queries.search import Hit

#: Fields an agent reasons with; the rest (entity ids, version bounds) stays in the store.
FACT_FIELDS = (
    "id", "subject", "predicate", "object", "text", "memory_type", "status", "confidence", "importance",
    "valid_from", "valid_until", "recorded_at", "retracted_at", "expires_at", "superseded_by",
    "source_episode_ids", "run_id", "agent_id",
)


def fact_json(fact: Fact) -> dict[str, Any]:
    """A fact with its time fields as ISO-8601 strings."""
    data = fact.model_dump(mode="json", include=set(FACT_FIELDS))
    return {name: data[name] for name in FACT_FIELDS}


def episode_json(episode: Episode) -> dict[str, Any]:
    """An episode as stored (sensitive spans already redacted)."""
    return episode.model_dump(mode="json", include={"id", "content", "reference_time", "recorded_at",
                                                    "fact_ids", "run_id", "agent_id"})


def facts_json(facts: list[Fact]) -> dict[str, Any]:
    return {"facts": [fact_json(f) for f in facts]}


def add_result_json(result: AddResult) -> dict[str, Any]:
    """What a write did: stored, superseded, corrected, ended, forgotten, and what was refused and why."""
    stored = result.facts or ([result.fact] if result.fact is not None else [])
    return {
        "episode_id": result.episode_id,
        "stored": [fact_json(f) for f in stored],
        "created": result.created,
        "superseded": [fact_json(f) for f in result.superseded],
        "corrected": [fact_json(f) for f in result.corrected],
        "ended": [fact_json(f) for f in result.ended],
        "forgotten": list(result.forgotten),
        "refused": [{"statement": text, "reason": reason} for text, reason in result.rejected],
    }


def hit_json(hit: Hit) -> dict[str, Any]:
    """One search hit: ``kind`` ("fact" or "episode"), the fact or the episode, ``score``,
    ``components``, whether a later statement replaced it, and the episodes behind it."""
    return {
        "kind": hit.kind,
        "fact": fact_json(hit.fact) if hit.fact is not None else None,
        "episode": episode_json(hit.episode) if hit.episode is not None else None,
        "score": round(hit.score, 6),
        "components": {name: round(value, 6) for name, value in hit.components.items()},
        "explain": hit.explain(),
        "label": hit.label,
        "outdated": hit.outdated,
        "updated_by": hit.updated_by,
        "episode_ids": hit.episode_ids,
    }
