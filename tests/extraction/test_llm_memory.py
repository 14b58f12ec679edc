"""The LLM path end to end: ``Memory.add`` with an LLMExtractor against a real local
OpenAI-compatible server, then the store's state. The LLM proposes; the policy and the
temporal engine decide, and nothing a misbehaving server does corrupts the store."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from kronograph import Memory, MemoryType, Status
from kronograph.errors import ExtractionError, FieldTypeError, UsageError
from kronograph.extraction.llm import LLMExtractor
from tests.conftest import Clock
from tests.extraction.test_llm import extraction_json, fact_json
from tests.llm_server import Reply, ScriptedLLMServer


def resolution(*verdicts: tuple[int, str, str | None]) -> Reply:
    return Reply.answer({"resolutions": [{"fact": i, "verdict": v, "stored_id": s} for i, v, s in verdicts]})


def lives_in(city: str, **overrides: Any) -> dict[str, Any]:
    return fact_json(object=city, text=f"The user lives in {city}.", **overrides)


@pytest.fixture
def server() -> Iterator[ScriptedLLMServer]:
    with ScriptedLLMServer() as running:
        yield running


@pytest.fixture
def extractor(server: ScriptedLLMServer) -> LLMExtractor:
    return LLMExtractor(base_url=server.url, model="test-model", timeout=2, max_retries=1, backoff=0.01,
                        fallback=None)


@pytest.fixture
def llm_mem(db_path: Path, clock: Clock, extractor: LLMExtractor) -> Iterator[Memory]:
    with Memory(db_path, clock=clock, extractor=extractor) as memory:
        yield memory


def objects(facts: list[Any]) -> list[str]:
    return [f.object for f in facts]


def test_a_move_supersedes_the_old_city_in_two_calls(server: ScriptedLLMServer, llm_mem: Memory) -> None:
    server.on("extract_facts", Reply.answer(extraction_json(lives_in("Shanghai", valid_from="2024-01-01"))),
              contains="I live in Shanghai")
    server.on("extract_facts", Reply.answer(extraction_json(lives_in("Hangzhou", valid_from="2026-04-01"))),
              contains="Hangzhou")
    server.on("resolve_facts", resolution((0, "supersedes", "S1")))
    first = llm_mem.add("I live in Shanghai.", user_id="u1", reference_time="2026-03-01")
    second = llm_mem.add("Since April I'm in Hangzhou.", user_id="u1", reference_time="2026-05-06")
    assert (first.llm_calls, second.llm_calls) == (1, 2)
    assert objects(second.superseded) == ["Shanghai"]
    [old, new] = llm_mem.history(user_id="u1", predicate="lives_in")
    assert (old.object, old.status, old.valid_until, old.superseded_by) == (
        "Shanghai", Status.superseded, datetime(2026, 4, 1, tzinfo=UTC), new.id)
    assert objects(llm_mem.facts(user_id="u1")) == ["Hangzhou"]
    assert objects(llm_mem.facts(user_id="u1", as_of="2025-06-01")) == ["Shanghai"]
    assert "Earlier episodes (context only):\n- 2026-03-01T00:00:00+00:00: I live in Shanghai." in \
        server.calls("extract_facts")[1].prompt


def test_a_resolution_that_says_corrects_retracts_the_wrong_fact(
        server: ScriptedLLMServer, llm_mem: Memory, clock: Clock) -> None:
    uses_os = {"predicate": "uses_os", "valid_from": "2025-01-01"}
    server.on("extract_facts", Reply.answer(extraction_json(fact_json(object="Android", text="Uses Android.", **uses_os))),
              contains="Android phone")
    server.on("extract_facts", Reply.answer(extraction_json(fact_json(object="iOS", text="Uses iOS.", predicate="uses_os"))),
              contains="iPhone")
    server.on("resolve_facts", resolution((0, "corrects", "S1")))
    llm_mem.add("I'm on my Android phone.", user_id="u1")
    before = clock.advance(days=1)
    clock.advance(days=1)
    result = llm_mem.add("Sorry, that was wrong: it's an iPhone.", user_id="u1")
    assert objects(result.corrected) == ["Android"]
    [current] = llm_mem.facts(user_id="u1", predicate="uses_os")
    assert (current.object, current.valid_from) == ("iOS", datetime(2025, 1, 1, tzinfo=UTC))
    assert llm_mem.facts(user_id="u1", predicate="uses_os", as_of="2025-06-01") == [current]
    assert objects(llm_mem.facts(user_id="u1", predicate="uses_os", known_at=before)) == ["Android"]


def test_a_resolution_that_says_ends_closes_the_fact_without_a_new_one(
        server: ScriptedLLMServer, llm_mem: Memory) -> None:
    likes = {"predicate": "likes", "memory_type": "preference"}
    server.on("extract_facts", Reply.answer(extraction_json(fact_json(object="minimalism", text="Likes minimalism.",
                                                                      **likes))), contains="love minimalism")
    server.on("extract_facts", Reply.answer(extraction_json(fact_json(
        object="minimalism", text="No longer likes minimalism.", operation="end", **likes))), contains="no longer")
    server.on("resolve_facts", resolution((0, "ends", "S1")))
    llm_mem.add("I love minimalism.", user_id="u1", reference_time="2026-01-10")
    result = llm_mem.add("I no longer like minimalism.", user_id="u1", reference_time="2026-05-01")
    assert objects(result.ended) == ["minimalism"] and result.facts == []
    [ended] = llm_mem.history(user_id="u1", predicate="likes")
    assert ended.valid_until == datetime(2026, 5, 1, tzinfo=UTC)
    assert llm_mem.facts(user_id="u1", predicate="likes") == []


def test_a_hedged_statement_is_stored_as_an_uncertain_hypothesis(server: ScriptedLLMServer, llm_mem: Memory) -> None:
    server.on("extract_facts", Reply.answer(extraction_json(fact_json(
        predicate="allergic_to", object="penicillin", text="The user might be allergic to penicillin.",
        memory_type="hypothesis", hedged=True, confidence=0.9))))
    llm_mem.add("I might be allergic to penicillin.", user_id="u1")
    [fact] = llm_mem.facts(user_id="u1")
    assert fact.memory_type is MemoryType.hypothesis
    assert fact.confidence < 0.5


def test_sensitive_data_is_refused_before_anything_is_stored(server: ScriptedLLMServer, llm_mem: Memory) -> None:
    server.on("extract_facts", Reply.answer(extraction_json(
        fact_json(predicate="passport_number", object="X9 7731 KQ", text="The user's passport number is X9 7731 KQ.",
                  sensitive_kind="identity_number"),
        fact_json(predicate="likes", object="tea", text="The user likes tea."))))
    result = llm_mem.add("My card is 4111 1111 1111 1111 and my passport is X9 7731 KQ. I like tea.", user_id="u1")
    assert "4111" not in server.calls()[0].prompt  # redacted before the model ever sees it
    assert [reason for _, reason in result.rejected if "identity_number" in reason]
    assert objects(llm_mem.history(user_id="u1")) == ["tea"]
    assert "4111" not in llm_mem.episodes(user_id="u1")[0].content


def test_a_value_only_the_llm_flags_as_sensitive_is_redacted_from_the_episode(
        server: ScriptedLLMServer, llm_mem: Memory) -> None:
    server.on("extract_facts", Reply.answer(extraction_json(fact_json(
        predicate="passport_number", object="X9 7731 KQ", text="The user's passport number is X9 7731 KQ.",
        sensitive_kind="identity_number"))))
    result = llm_mem.add("My passport is X9 7731 KQ.", user_id="u1")
    assert llm_mem.history(user_id="u1") == []
    assert "X9 7731" not in llm_mem.episodes(user_id="u1")[0].content
    assert all("X9 7731" not in text for text, _ in result.rejected)


def test_a_late_statement_is_closed_by_the_newer_fact_whatever_the_llm_proposes(
        server: ScriptedLLMServer, llm_mem: Memory) -> None:
    server.on("extract_facts", Reply.answer(extraction_json(lives_in("Hangzhou", valid_from="2026-04-01"))),
              contains="Hangzhou")
    server.on("extract_facts", Reply.answer(extraction_json(lives_in("Shanghai", valid_from="2020-01-01"))),
              contains="Shanghai")
    server.on("resolve_facts", resolution((0, "supersedes", "S1")))  # wrong: the statement is older
    llm_mem.add("I live in Hangzhou since April.", user_id="u1", reference_time="2026-05-06")
    llm_mem.add("Back in 2020 I lived in Shanghai.", user_id="u1", reference_time="2026-05-07")
    history = {f.object: f for f in llm_mem.history(user_id="u1", predicate="lives_in")}
    assert history["Hangzhou"].valid_until is None
    assert history["Hangzhou"].status is Status.active
    assert (history["Shanghai"].valid_from, history["Shanghai"].valid_until) == (
        datetime(2020, 1, 1, tzinfo=UTC), datetime(2026, 4, 1, tzinfo=UTC))
    assert objects(llm_mem.facts(user_id="u1", as_of="2023-01-01")) == ["Shanghai"]


def test_an_id_not_offered_leaves_the_decision_to_the_temporal_rules(
        server: ScriptedLLMServer, llm_mem: Memory, extractor: LLMExtractor) -> None:
    server.on("extract_facts", Reply.answer(extraction_json(lives_in("Shanghai", valid_from="2024-01-01"))),
              contains="Shanghai")
    server.on("extract_facts", Reply.answer(extraction_json(lives_in("Paris", valid_from="2026-01-01"))),
              contains="Paris")
    server.on("resolve_facts", resolution((0, "corrects", "S9")))
    llm_mem.add("I live in Shanghai.", user_id="u1")
    result = llm_mem.add("I live in Paris now.", user_id="u1")
    assert extractor.usage.errors == 1
    assert result.corrected == [] and objects(result.superseded) == ["Shanghai"]


def test_malformed_answers_store_nothing_when_there_is_no_fallback(
        server: ScriptedLLMServer, llm_mem: Memory) -> None:
    server.on("extract_facts", Reply.answer(extraction_json(lives_in("Shanghai"))), contains="Shanghai")
    server.on("extract_facts", Reply.text("{not json"), contains="Paris")
    llm_mem.add("I live in Shanghai.", user_id="u1")
    audit_before = len(llm_mem.audit_log(user_id="u1"))
    with pytest.raises(ExtractionError, match="not valid JSON after 2 attempts"):
        llm_mem.add("I live in Paris.", user_id="u1")
    assert objects(llm_mem.facts(user_id="u1")) == ["Shanghai"]
    assert len(llm_mem.episodes(user_id="u1")) == 1
    assert len(llm_mem.audit_log(user_id="u1")) == audit_before


def test_rate_limited_then_answered_episode_is_stored_and_charged_for_both_requests(
        server: ScriptedLLMServer, llm_mem: Memory) -> None:
    server.on("extract_facts", Reply.error(429, headers={"Retry-After": "0"}),
              Reply.answer(extraction_json(lives_in("Lisbon"))))
    result = llm_mem.add("I live in Lisbon.", user_id="u1")
    assert objects(result.facts) == ["Lisbon"]
    assert result.llm_calls == 2 and result.fallback is None


def test_a_timed_out_episode_raises_and_stores_nothing_without_a_fallback(db_path: Path, clock: Clock,
                                                                          server: ScriptedLLMServer) -> None:
    server.on("extract_facts", Reply.answer(extraction_json(lives_in("Oslo")), delay=1.0))
    extractor = LLMExtractor(base_url=server.url, model="m", timeout=0.2, max_retries=0, fallback=None)
    with Memory(db_path, clock=clock, extractor=extractor) as mem:
        with pytest.raises(ExtractionError, match="timed out"):
            mem.add("I live in Oslo.", user_id="u1")
        assert mem.history(user_id="u1") == [] and mem.episodes(user_id="u1") == []


def test_add_results_report_the_tokens_the_server_counted(server: ScriptedLLMServer, llm_mem: Memory) -> None:
    server.on("extract_facts", Reply.answer(extraction_json(lives_in("Shanghai"))), contains="Shanghai")
    server.on("extract_facts", Reply.answer(extraction_json(lives_in("Paris"))), contains="Paris")
    server.on("resolve_facts", resolution((0, "supersedes", "S1")))
    results = [llm_mem.add("I live in Shanghai.", user_id="u1"), llm_mem.add("I live in Paris.", user_id="u1")]
    calls = server.calls()
    assert sum(r.llm_calls for r in results) == len(calls) == 3
    assert sum(r.prompt_tokens for r in results) == sum(-(-len(c.prompt) // 4) for c in calls)


def test_memory_stats_sum_what_every_add_spent(server: ScriptedLLMServer, llm_mem: Memory) -> None:
    server.on("extract_facts", Reply.answer(extraction_json(lives_in("Shanghai"))), contains="Shanghai")
    server.on("extract_facts", Reply.answer(extraction_json(lives_in("Paris"))), contains="Paris")
    server.on("resolve_facts", resolution((0, "supersedes", "S1")))
    results = [llm_mem.add("I live in Shanghai.", user_id="u1"), *llm_mem.add_many(["I live in Paris."], user_id="u2")]
    results.append(llm_mem.add("I live in Paris.", user_id="u1"))
    assert llm_mem.stats() == {
        "episodes": 3, "llm_calls": 4, "prompt_tokens": sum(r.prompt_tokens for r in results),
        "completion_tokens": sum(r.completion_tokens for r in results), "fallbacks": 0,
    }


def test_memory_opens_an_llm_extractor_by_name_from_the_environment(
        db_path: Path, server: ScriptedLLMServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", server.url)
    monkeypatch.setenv("KRONOGRAPH_LLM_MODEL", "named-model")
    server.on("extract_facts", Reply.answer(extraction_json(lives_in("Rome"))))
    with Memory(db_path, extractor="llm") as mem:
        assert isinstance(mem.extractor, LLMExtractor)
        assert objects(mem.add("I live in Rome.", user_id="u1").facts) == ["Rome"]
    assert server.calls()[0].body["model"] == "named-model"


@pytest.mark.parametrize(("value", "error"), [("gpt", UsageError), (42, FieldTypeError)])
def test_an_unknown_extractor_is_refused_naming_the_field(db_path: Path, value: object, error: type) -> None:
    with pytest.raises(error, match="extractor"):
        Memory(db_path, extractor=value)  # type: ignore[arg-type]


def test_after_the_retries_the_episode_falls_back_to_the_offline_extractor_and_says_so(
        db_path: Path, clock: Clock, server: ScriptedLLMServer) -> None:
    server.on("extract_facts", Reply.error(429, headers={"Retry-After": "0"}))
    extractor = LLMExtractor(base_url=server.url, model="m", max_retries=2, backoff=0)
    with Memory(db_path, clock=clock, extractor=extractor) as mem:
        result = mem.add("I live in Paris.", user_id="u1")
        assert result.fallback == ("extraction call failed: rate limited (429) after 3 attempts; "
                                   "used the offline extractor")
        assert result.llm_calls == 3
        assert [(f.predicate, f.object) for f in mem.facts(user_id="u1")] == [("lives_in", "Paris")]
        assert mem.stats()["fallbacks"] == 1
