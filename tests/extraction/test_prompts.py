"""The rendered prompts and schemas are pinned by golden files: a change to what the model
is sent shows up in review. Regenerate with ``KRONOGRAPH_UPDATE_GOLDEN=1 pytest tests/extraction/test_prompts.py``."""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from kronograph.extraction.base import CandidateFact, EpisodeInput, Operation, Turn
from kronograph.extraction.prompts import (
    RECENT_EPISODE_CHARS,
    ExtractionAnswer,
    ResolutionAnswer,
    extract_facts,
    resolve_facts,
    response_format,
    strict_schema,
    with_schema_in_prompt,
)
from kronograph.model import Episode, Fact, Scope

GOLDEN = Path(__file__).parent / "golden"
WHEN = datetime(2026, 5, 6, 12, 0, tzinfo=UTC)


def assert_golden(name: str, value: Any) -> None:
    path = GOLDEN / f"{name}.json"
    rendered = json.dumps(value, indent=2, ensure_ascii=False) + "\n"
    if os.environ.get("KRONOGRAPH_UPDATE_GOLDEN"):
        path.write_text(rendered, encoding="utf-8")
    assert path.exists(), f"missing golden file {path}; run with KRONOGRAPH_UPDATE_GOLDEN=1"
    assert rendered == path.read_text(encoding="utf-8")


def an_episode() -> EpisodeInput:
    return EpisodeInput(
        turns=[Turn(role="user", content="My sister Mia moved to Berlin last month."),
               Turn(role="assistant", content="How does she like it?"),
               Turn(role="user", content="She loves it. I might visit her in June.")],
        reference_time=WHEN, scope=Scope(user_id="u1"))


def an_earlier_episode(content: str, days_ago: int) -> Episode:
    when = datetime(2026, 5, 6 - days_ago, 9, 30, tzinfo=UTC)
    return Episode(id=f"e{days_ago}", user_id="u1", content=content, reference_time=when, recorded_at=when)


def a_stored_fact(fact_id: str, obj: str, valid_from: datetime) -> Fact:
    return Fact(id=fact_id, user_id="u1", subject="Mia", predicate="lives_in", object=obj,
                text=f"Mia lives in {obj}.", valid_from=valid_from, recorded_at=valid_from)


def test_extraction_prompt_matches_its_golden_file() -> None:
    recent = [an_earlier_episode("user: My sister Mia is a nurse in Hamburg.", 2),
              an_earlier_episode("user: I work at Siemens.", 4)]
    assert_golden("extract_facts", extract_facts(episode=an_episode(), recent=recent))


def test_resolution_prompt_matches_its_golden_file() -> None:
    new = [CandidateFact(subject="Mia", predicate="lives_in", object="Berlin", text="Mia lives in Berlin.",
                         replaces="Hamburg", valid_from=datetime(2026, 4, 1, tzinfo=UTC)),
           CandidateFact(subject="user", predicate="likes", object="minimalism", operation=Operation.end,
                         text="The user no longer likes minimalism.")]
    stored = [a_stored_fact("f-hamburg", "Hamburg", datetime(2025, 1, 1, tzinfo=UTC))]
    assert_golden("resolve_facts", resolve_facts(new_facts=new, stored=stored, reference_time=WHEN))


def test_structured_output_schemas_match_their_golden_files() -> None:
    assert_golden("extract_facts_schema", response_format("extract_facts", ExtractionAnswer))
    assert_golden("resolve_facts_schema", response_format("resolve_facts", ResolutionAnswer))


@pytest.mark.parametrize("model", [ExtractionAnswer, ResolutionAnswer])
def test_strict_schema_requires_every_property_and_forbids_extras(model: type) -> None:
    def objects(node: Any) -> list[dict[str, Any]]:
        if isinstance(node, dict):
            found = [node] if node.get("type") == "object" else []
            return found + [o for v in node.values() for o in objects(v)]
        if isinstance(node, list):
            return [o for v in node for o in objects(v)]
        return []

    schema = strict_schema(model)
    assert objects(schema)
    for obj in objects(schema):
        assert obj["additionalProperties"] is False
        assert sorted(obj["required"]) == sorted(obj["properties"])
    text = json.dumps(schema)
    assert '"default"' not in text
    for ref in [part.split('"')[0] for part in text.split('"$ref": "#/$defs/')[1:]]:
        assert ref in schema["$defs"]


def test_extraction_prompt_gives_the_reference_time_and_numbered_turns() -> None:
    user = extract_facts(episode=an_episode())[1]["content"]
    assert "Reference time: 2026-05-06T12:00:00+00:00 (Wednesday)" in user
    assert "[2] user: She loves it. I might visit her in June." in user
    assert "Earlier episodes" not in user


def test_long_earlier_episodes_are_cut_to_bound_the_prompt() -> None:
    long = an_earlier_episode("x" * (RECENT_EPISODE_CHARS * 3), 1)
    user = extract_facts(episode=an_episode(), recent=[long])[1]["content"]
    assert "x" * RECENT_EPISODE_CHARS + " ..." in user
    assert "x" * (RECENT_EPISODE_CHARS + 1) not in user


def test_schema_goes_into_the_system_message_for_servers_without_structured_output() -> None:
    messages = with_schema_in_prompt(extract_facts(episode=an_episode()), ExtractionAnswer)
    assert messages[0]["content"].startswith("Task: extract_facts.")
    schema_text = messages[0]["content"].split("matching this JSON schema:\n", 1)[1]
    assert json.loads(schema_text) == strict_schema(ExtractionAnswer)
    assert messages[1] == extract_facts(episode=an_episode())[1]


def test_summary_prompt_and_schema_match_their_golden_files() -> None:
    from kronograph.extraction.prompts import SummaryAnswer, summarize_sources

    assert_golden("summarize_sources", summarize_sources(
        subject="user", sentences=["user asks about Spring Boot", "user asks about MyBatis"]))
    assert_golden("summarize_sources_schema", response_format("summarize_sources", SummaryAnswer))
