"""LLMExtractor against a real OpenAI-compatible HTTP server on 127.0.0.1 (tests/llm_server.py):
what it sends, how many calls an episode takes, and how it survives a misbehaving server."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from typing import Any

import pytest

from kronograph.errors import ExtractionError, UsageError
from kronograph.extraction.base import CandidateFact, EpisodeInput, Extractor, Turn
from kronograph.extraction.llm import LLMExtractor, parse_json_answer, retry_after_seconds
from kronograph.extraction.prompts import ExtractionAnswer, ResolutionAnswer, strict_schema
from kronograph.model import Episode, Fact, Scope
from tests.llm_server import Reply, ScriptedLLMServer

WHEN = datetime(2026, 5, 6, 12, 0, tzinfo=UTC)


def fact_json(**overrides: Any) -> dict[str, Any]:
    fact: dict[str, Any] = {
        "subject": "user", "predicate": "lives_in", "object": "Hangzhou", "text": "The user lives in Hangzhou.",
        "operation": "add", "replaces": None, "valid_from": None, "valid_until": None, "memory_type": "fact",
        "hedged": False, "confidence": 1.0, "negated": False, "sensitive_kind": None, "task_until": None,
        "source_turn": 0,
    }
    return fact | overrides


def extraction_json(*facts: dict[str, Any], entities: Sequence[dict[str, str]] = ()) -> dict[str, Any]:
    return {"entities": list(entities), "facts": list(facts)}


def episode(text: str = "I moved to Hangzhou.", when: datetime = WHEN) -> EpisodeInput:
    return EpisodeInput(turns=[Turn(content=text)], reference_time=when, scope=Scope(user_id="u1"))


def stored(fact_id: str, obj: str = "Shanghai") -> Fact:
    return Fact(id=fact_id, user_id="u1", subject="user", predicate="lives_in", object=obj,
                text=f"The user lives in {obj}.", valid_from=datetime(2024, 1, 1, tzinfo=UTC),
                recorded_at=datetime(2024, 1, 1, tzinfo=UTC))


@pytest.fixture
def server() -> Iterator[ScriptedLLMServer]:
    with ScriptedLLMServer() as running:
        yield running


@pytest.fixture
def sleeps() -> list[float]:
    return []


@pytest.fixture
def extractor(server: ScriptedLLMServer, sleeps: list[float]) -> LLMExtractor:
    return LLMExtractor(base_url=server.url, model="test-model", timeout=2, max_retries=2, backoff=0.5,
                        max_backoff=4, sleep=sleeps.append, fallback=None)


class Lookup:
    """An ExistingLookup over a fixed list of stored facts that remembers what it was asked."""

    def __init__(self, facts: list[Fact]) -> None:
        self.facts = facts
        self.asked: list[list[CandidateFact]] = []

    def __call__(self, candidates: Sequence[CandidateFact]) -> list[Fact]:
        self.asked.append(list(candidates))
        keys = {(c.subject, c.predicate) for c in candidates}
        return [f for f in self.facts if (f.subject, f.predicate) in keys]


# -- what is sent ---------------------------------------------------------------------------
def test_llm_extractor_implements_the_extractor_protocol(extractor: LLMExtractor) -> None:
    assert isinstance(extractor, Extractor)
    assert extractor.name == "llm"


def test_extraction_call_sends_the_strict_json_schema(server: ScriptedLLMServer, extractor: LLMExtractor) -> None:
    server.on("extract_facts", Reply.answer(extraction_json(fact_json())))
    extractor.extract(episode())
    [call] = server.calls()
    assert call.body["model"] == "test-model"
    assert call.body["response_format"] == {
        "type": "json_schema",
        "json_schema": {"name": "extract_facts", "strict": True, "schema": strict_schema(ExtractionAnswer)},
    }


def test_an_episode_without_stored_facts_takes_one_call(server: ScriptedLLMServer, extractor: LLMExtractor) -> None:
    server.on("extract_facts", Reply.answer(extraction_json(fact_json())))
    lookup = Lookup([])
    result = extractor.extract(episode(), existing=lookup)
    assert len(server.calls()) == 1
    assert result.llm_calls == 1
    assert [(f.predicate, f.object) for f in result.facts] == [("lives_in", "Hangzhou")]
    assert result.decisions == {}
    assert lookup.asked == [result.facts]


def test_an_episode_with_stored_facts_of_its_slots_takes_two_calls(
        server: ScriptedLLMServer, extractor: LLMExtractor) -> None:
    server.on("extract_facts", Reply.answer(extraction_json(
        fact_json(replaces="Shanghai"), fact_json(predicate="likes", object="tea", text="The user likes tea."))))
    server.on("resolve_facts", Reply.answer({"resolutions": [
        {"fact": 0, "verdict": "supersedes", "stored_id": "S1"},
        {"fact": 1, "verdict": "new", "stored_id": None}]}))
    result = extractor.extract(episode(), existing=Lookup([stored("f-shanghai")]))
    extract_call, resolve_call = server.calls()
    assert (extract_call.task, resolve_call.task) == ("extract_facts", "resolve_facts")
    assert resolve_call.body["response_format"]["json_schema"]["schema"] == strict_schema(ResolutionAnswer)
    assert 'S1: user | lives_in | Shanghai | valid 2024-01-01T00:00:00+00:00 .. null' in resolve_call.prompt
    assert "[0] user | lives_in | Hangzhou | add replaces Shanghai" in resolve_call.prompt
    assert "f-shanghai" not in resolve_call.prompt  # the model sees short aliases, not ids
    assert result.decisions == {0: "supersedes:f-shanghai", 1: "new"}
    assert result.llm_calls == 2


def test_reported_tokens_are_the_sum_over_the_episodes_calls(
        server: ScriptedLLMServer, extractor: LLMExtractor) -> None:
    server.on("extract_facts", Reply.answer(extraction_json(fact_json())))
    server.on("resolve_facts", Reply.answer({"resolutions": [{"fact": 0, "verdict": "new", "stored_id": None}]}))
    result = extractor.extract(episode(), existing=Lookup([stored("f1")]))
    sent = [json.loads(json.dumps(c.body)) for c in server.calls()]
    prompt_chars = [sum(len(m["content"]) for m in body["messages"]) for body in sent]
    assert result.prompt_tokens == sum(-(-n // 4) for n in prompt_chars)
    assert result.completion_tokens > 0
    assert extractor.usage.calls == 2
    assert extractor.usage.prompt_tokens == result.prompt_tokens


def test_reference_time_and_the_last_few_episodes_are_sent_as_context(
        server: ScriptedLLMServer, extractor: LLMExtractor) -> None:
    server.on("extract_facts", Reply.answer(extraction_json()))
    recent = [Episode(id=f"e{d}", user_id="u1", content=f"user: message of May {d}",
                      reference_time=datetime(2026, 5, d, tzinfo=UTC), recorded_at=datetime(2026, 5, d, tzinfo=UTC))
              for d in (5, 4, 3, 2, 1)]  # as the store lists them: newest first
    extractor.extract(episode("She moved there yesterday."), recent=recent)
    prompt = server.calls()[0].prompt
    assert "Reference time: 2026-05-06T12:00:00+00:00 (Wednesday)" in prompt
    assert "[0] user: She moved there yesterday." in prompt
    shown = [line for line in prompt.splitlines() if "message of May" in line]
    assert [line[-1] for line in shown] == ["3", "4", "5"]


def test_model_and_endpoint_come_from_the_environment(
        server: ScriptedLLMServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", server.url)
    monkeypatch.setenv("KRONOGRAPH_LLM_MODEL", "env-model")
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    server.on("extract_facts", Reply.answer(extraction_json()))
    LLMExtractor(fallback=None).extract(episode())
    assert server.calls()[0].body["model"] == "env-model"


def test_no_api_key_and_no_base_url_is_a_usage_error(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL"):
        monkeypatch.delenv(name, raising=False)
    with pytest.raises(UsageError, match="api_key"):
        LLMExtractor()


@pytest.mark.parametrize(("field", "value"), [("max_retries", -1), ("timeout", "soon"), ("output_mode", "xml"),
                                              ("fallback", "rules")])
def test_bad_settings_are_refused_naming_the_field(field: str, value: Any) -> None:
    with pytest.raises(UsageError, match=field):
        LLMExtractor(base_url="http://127.0.0.1:9/v1", **{field: value})


# -- what comes back ------------------------------------------------------------------------
def test_answer_fields_become_candidate_hints(server: ScriptedLLMServer, extractor: LLMExtractor) -> None:
    server.on("extract_facts", Reply.answer(extraction_json(
        fact_json(subject="I", predicate="Allergic To", object="penicillin", text="The user might be allergic to penicillin.",
                  memory_type="hypothesis", hedged=True, confidence=0.4, sensitive_kind="Health", source_turn=7),
        fact_json(subject="Mia", object="Berlin", valid_from="2026-04-01", valid_until="2026-05-01T00:00:00Z",
                  text="Mia lived in Berlin in April."),
        fact_json(predicate="fixing", object="Docker", memory_type="task", task_until="2026-05-10", confidence=3.0),
        entities=[{"name": "Mia", "type": "person"}, {"name": "berlin", "type": "place"}])))
    hedge, mia, task = extractor.extract(episode()).facts
    assert (hedge.subject, hedge.predicate, hedge.hedged, hedge.confidence) == ("user", "allergic_to", True, 0.4)
    assert (hedge.memory_type.value, hedge.sensitive_kind, hedge.source_turn) == ("hypothesis", "health", 0)
    assert (mia.subject_type.value, mia.object_type and mia.object_type.value) == ("person", "place")
    assert (mia.valid_from, mia.valid_until) == (datetime(2026, 4, 1, tzinfo=UTC), datetime(2026, 5, 1, tzinfo=UTC))
    assert (task.memory_type.value, task.task_until, task.confidence) == ("task", datetime(2026, 5, 10, tzinfo=UTC), 1.0)


def test_unusable_times_and_predicates_from_the_model_are_dropped_and_counted(
        server: ScriptedLLMServer, extractor: LLMExtractor) -> None:
    server.on("extract_facts", Reply.answer(extraction_json(
        fact_json(valid_from="last week"),
        fact_json(predicate="lives in!", object="Paris"),
        fact_json(predicate="likes", object=""),
        fact_json(predicate="knows", object="Tom", valid_from="2026-05-01", valid_until="2026-04-01"))))
    hangzhou, tom = extractor.extract(episode()).facts
    assert (hangzhou.object, hangzhou.valid_from) == ("Hangzhou", None)
    assert (tom.object, tom.valid_from, tom.valid_until) == ("Tom", datetime(2026, 5, 1, tzinfo=UTC), None)
    assert extractor.usage.errors == 4


def test_an_id_not_offered_is_treated_as_new_and_counted(server: ScriptedLLMServer, extractor: LLMExtractor) -> None:
    server.on("extract_facts", Reply.answer(extraction_json(fact_json(), fact_json(predicate="likes", object="tea"))))
    server.on("resolve_facts", Reply.answer({"resolutions": [
        {"fact": 0, "verdict": "corrects", "stored_id": "S7"},
        {"fact": 1, "verdict": "duplicate", "stored_id": "f-tea"},
        {"fact": 5, "verdict": "ends", "stored_id": "S1"}]}))
    lookup = Lookup([stored("f-shanghai"), stored("f-tea", "tea").model_copy(update={"predicate": "likes"})])
    result = extractor.extract(episode(), existing=lookup)
    assert result.decisions == {0: "new", 1: "duplicate:f-tea"}
    assert extractor.usage.errors == 2


def test_an_answer_wrapped_in_prose_and_code_fences_is_read() -> None:
    answer = parse_json_answer('Sure!\n```json\n{"resolutions": []}\n```', ResolutionAnswer)
    assert answer.resolutions == []


# -- a misbehaving server -------------------------------------------------------------------
def test_invalid_json_is_retried_and_the_retry_counts(
        server: ScriptedLLMServer, extractor: LLMExtractor, sleeps: list[float]) -> None:
    server.on("extract_facts", Reply.text('{"entities": [], "facts": [{"subj'),
              Reply.answer(extraction_json(fact_json())))
    result = extractor.extract(episode())
    assert [f.object for f in result.facts] == ["Hangzhou"]
    assert (result.llm_calls, result.fallback, sleeps) == (2, None, [0.5])


def test_schema_violations_on_every_attempt_raise_without_a_fallback(
        server: ScriptedLLMServer, extractor: LLMExtractor) -> None:
    server.on("extract_facts", Reply.answer({"facts": [{"subject": "user"}]}))
    with pytest.raises(ExtractionError, match=r"did not fit the extract_facts schema .* after 3 attempts"):
        extractor.extract(episode())
    assert len(server.calls()) == 3


def test_rate_limits_are_retried_honouring_retry_after(
        server: ScriptedLLMServer, extractor: LLMExtractor, sleeps: list[float]) -> None:
    server.on("extract_facts", Reply.error(429, headers={"Retry-After": "2"}),
              Reply.error(429, headers={"Retry-After": "60"}), Reply.answer(extraction_json(fact_json())))
    result = extractor.extract(episode())
    assert sleeps == [2.0, 4.0]  # the second wait is capped at max_backoff
    assert (result.llm_calls, [f.object for f in result.facts]) == (3, ["Hangzhou"])
    assert extractor.usage.retries == 2


def test_server_errors_back_off_exponentially(
        server: ScriptedLLMServer, extractor: LLMExtractor, sleeps: list[float]) -> None:
    server.on("extract_facts", Reply.error(503), Reply.error(500), Reply.answer(extraction_json()))
    extractor.extract(episode())
    assert sleeps == [0.5, 1.0]


def test_a_refused_request_is_not_retried(server: ScriptedLLMServer, extractor: LLMExtractor) -> None:
    server.on("extract_facts", Reply.error(401, "bad key"))
    with pytest.raises(ExtractionError, match="refused the request \\(401"):
        extractor.extract(episode())
    assert len(server.calls()) == 1


def test_a_timeout_is_retried_then_reported(server: ScriptedLLMServer) -> None:
    server.on("extract_facts", Reply.answer(extraction_json(), delay=1.0))
    extractor = LLMExtractor(base_url=server.url, model="m", timeout=0.2, max_retries=1, sleep=lambda s: None,
                             fallback=None)
    with pytest.raises(ExtractionError, match="timed out after 2 attempts"):
        extractor.extract(episode())
    assert extractor.usage.calls == 2


def test_a_server_without_json_schema_output_is_asked_in_json_mode(
        server: ScriptedLLMServer, extractor: LLMExtractor) -> None:
    server.on("extract_facts", Reply.error(400, "response_format json_schema is not supported"),
              Reply.answer(extraction_json(fact_json())))
    result = extractor.extract(episode())
    refused, accepted = server.calls()
    assert refused.body["response_format"]["type"] == "json_schema"
    assert accepted.body["response_format"] == {"type": "json_object"}
    assert json.dumps(strict_schema(ExtractionAnswer), separators=(",", ":")) in accepted.messages[0]["content"]
    assert [f.object for f in result.facts] == ["Hangzhou"]
    extractor.extract(episode())  # the mode sticks: no second refusal
    assert server.calls()[2].body["response_format"] == {"type": "json_object"}


def test_a_failed_resolution_keeps_the_extracted_facts_and_says_so(
        server: ScriptedLLMServer, extractor: LLMExtractor) -> None:
    server.on("extract_facts", Reply.answer(extraction_json(fact_json())))
    server.on("resolve_facts", Reply.text("I think S1 is a duplicate."))
    result = extractor.extract(episode(), existing=Lookup([stored("f1")]))
    assert [f.object for f in result.facts] == ["Hangzhou"]
    assert result.decisions == {}
    assert result.fallback is not None and result.fallback.startswith("resolution call failed")
    assert result.llm_calls == 4


def test_retry_after_accepts_seconds_milliseconds_and_http_dates() -> None:
    assert retry_after_seconds({"retry-after": "3"}) == 3.0
    assert retry_after_seconds({"retry-after-ms": "250", "retry-after": "3"}) == 0.25
    assert retry_after_seconds({"retry-after": "Wed, 06 May 2026 12:00:10 GMT"}, now=WHEN.timestamp()) == 10.0
    assert retry_after_seconds({"retry-after": "soon"}) is None
    assert retry_after_seconds({}) is None


def test_a_server_without_any_response_format_gets_the_schema_in_the_prompt_only(
        server: ScriptedLLMServer, extractor: LLMExtractor) -> None:
    server.on("extract_facts", Reply.error(400, "unknown field response_format"),
              Reply.error(422, "unknown field response_format"), Reply.answer(extraction_json(fact_json())))
    result = extractor.extract(episode())
    assert [("response_format" in c.body) for c in server.calls()] == [True, True, False]
    assert (extractor.output_mode, result.llm_calls, len(result.facts)) == ("prompt", 3, 1)


# -- Chinese --------------------------------------------------------------------------------
@pytest.mark.parametrize("raw", [False, True])
def test_chinese_text_goes_out_and_comes_back_intact(server: ScriptedLLMServer, extractor: LLMExtractor,
                                                     raw: bool) -> None:
    answer = extraction_json(
        fact_json(object="杭州", replaces="上海", text="用户住在杭州（以前住在上海）。"),
        fact_json(subject="小王", predicate="works_at", object="字节跳动", text="小王在字节跳动工作。"),
        entities=[{"name": "小王", "type": "person"}, {"name": "杭州", "type": "place"}])
    reply = Reply.text(json.dumps(answer, ensure_ascii=False)) if raw else Reply.answer(answer)
    server.on("extract_facts", reply, contains="杭州")
    text = "我以前住在上海，现在搬到了杭州。我同事小王在字节跳动工作。"
    move, colleague = extractor.extract(episode(text)).facts
    [call] = server.calls()
    assert text in call.prompt
    assert (move.object, move.replaces, move.text) == ("杭州", "上海", "用户住在杭州（以前住在上海）。")
    assert (colleague.subject, colleague.object, colleague.text) == ("小王", "字节跳动", "小王在字节跳动工作。")
