"""The add pipeline on a real SQLite file, fed by a scripted extractor.

The scripted extractor stands in for any extractor (an LLM may propose resolution hints,
the offline one never does), so each path of the pipeline can be driven exactly. The
examples of issue 3 through the real spaCy extractor are in test_add_examples.py.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path

import pytest
from cryptography.fernet import Fernet

from kronograph import (
    ExtractionError,
    FieldTypeError,
    Memory,
    MemoryPolicy,
    MemoryType,
    NotFoundError,
    PolicyConfig,
    Sensitivity,
    Status,
    UsageError,
)
from kronograph.extraction.base import CandidateFact, EpisodeInput, Extraction, Operation
from kronograph.model import Episode
from kronograph.policy.rules import PolicyContext, Verdict
from kronograph.queries.embedding import MiniLMEmbedder

from .conftest import Clock, file_bytes

CARD = "4111 1111 1111 1111"
CN_ID = "110101199003074515"


class Scripted:
    """Answers each message (matched by its last turn's text) with the candidates given."""

    name = "scripted"

    def __init__(self, script: dict[str, list[CandidateFact]], decisions: dict[str, dict[int, str]] | None = None):
        self.script = script
        self.decisions = decisions or {}
        self.seen: list[str] = []

    def extract(self, episode: EpisodeInput, *, existing: object = None, recent: Sequence[Episode] = ()) -> Extraction:
        text = episode.turns[-1].content
        self.seen.append(episode.text)
        return Extraction(facts=self.script.get(text, []), decisions=self.decisions.get(text, {}))

    def extract_many(self, episodes: Sequence[EpisodeInput]) -> list[Extraction]:
        return [self.extract(e) for e in episodes]


def c(predicate: str, obj: str, text: str | None = None, **kw: object) -> CandidateFact:
    return CandidateFact(predicate=predicate, object=obj, text=text or f"user {predicate} {obj}", **kw)  # type: ignore[arg-type]


def memory(db_path: Path, clock: Clock, script: dict[str, list[CandidateFact]], **kw: object) -> Memory:
    return Memory(db_path, clock=clock, extractor=Scripted(script, kw.pop("decisions", None)),  # type: ignore[arg-type]
                  **kw)



@pytest.fixture
def key(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    value = Fernet.generate_key().decode()
    monkeypatch.setenv("KRONOGRAPH_ENCRYPTION_KEY", value)
    yield value


# -- input ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("value", "field"),
    [
        (123, "text_or_messages"),
        ("   ", "text_or_messages"),
        ([], "text_or_messages"),
        ([{"role": "user"}], "text_or_messages[0].content"),
        ([{"role": 5, "content": "hi"}], "text_or_messages[0].role"),
        (["hi"], "text_or_messages[0]"),
        ({"messages": [{"content": 7.5j}]}, "text_or_messages.messages[0].content"),
    ],
)
def test_bad_input_is_a_usage_error_naming_the_field_and_stores_nothing(
        db_path: Path, clock: Clock, value: object, field: str) -> None:
    with memory(db_path, clock, {}) as mem:
        with pytest.raises(UsageError) as info:
            mem.add(value, user_id="u1")  # type: ignore[arg-type]
        assert info.value.field == field
        assert mem.episodes(user_id="u1") == []


def test_a_missing_user_or_bad_reference_time_is_named(db_path: Path, clock: Clock) -> None:
    with memory(db_path, clock, {}) as mem:
        with pytest.raises(UsageError, match="user_id"):
            mem.add("hello", user_id="")
        with pytest.raises(FieldTypeError, match="reference_time"):
            mem.add("hello", user_id="u1", reference_time=12)  # type: ignore[arg-type]
        with pytest.raises(UsageError, match=r"items\[1\]"):
            mem.add_many(["fine", 3], user_id="u1")
        assert mem.episodes(user_id="u1") == []


def test_an_extractor_that_breaks_the_contract_is_an_extraction_error(db_path: Path, clock: Clock) -> None:
    class Broken(Scripted):
        def extract(self, episode: EpisodeInput, *, existing: object = None,
                    recent: Sequence[Episode] = ()) -> Extraction:
            return [c("likes", "jazz")]  # type: ignore[return-value]

    with Memory(db_path, clock=clock, extractor=Broken({})) as mem:
        with pytest.raises(ExtractionError):
            mem.add("I like jazz", user_id="u1")
        assert mem.episodes(user_id="u1") == []


def test_an_extractor_that_fails_is_an_extraction_error_naming_the_input(db_path: Path, clock: Clock) -> None:
    class Failing(Scripted):
        def extract(self, episode: EpisodeInput, *, existing: object = None,
                    recent: Sequence[Episode] = ()) -> Extraction:
            if "boom" in episode.text:
                raise ValueError("year -7964 is out of range")
            return super().extract(episode)

    with Memory(db_path, clock=clock, embedder=None, extractor=Failing({"I like jazz.": [c("likes", "jazz")]})) as mem:
        with pytest.raises(ExtractionError, match=r"^text_or_messages: the extractor failed \(ValueError: year -7964"):
            mem.add("boom", user_id="u1")
        with pytest.raises(ExtractionError, match=r"^items\[2:4\]: the extractor failed"):
            mem.add_many(["I like jazz.", "hello", "fine", "boom"], user_id="u1", batch_size=2)
        assert sorted(e.content for e in mem.episodes(user_id="u1")) == ["I like jazz.", "hello"]  # the batch before
        assert [f.object for f in mem.history(user_id="u1")] == ["jazz"]


@pytest.mark.parametrize(("text", "reference_time"), [
    ("I moved to Oslo 999 decades ago.", "2026-01-01"),
    ("I moved to Oslo last year.", "0001-01-02"),
    ("This week I'm fixing Docker.", "9999-12-30"),
])
def test_a_time_expression_past_the_calendar_is_never_a_raw_error(db_path: Path, clock: Clock, text: str,
                                                                   reference_time: str) -> None:
    with Memory(db_path, clock=clock, embedder=None) as mem:  # the offline extractor
        result = mem.add(text, user_id="u1", reference_time=reference_time)  # the time is left out, the rest kept
        assert len(mem.episodes(user_id="u1")) == 1
        assert all(f.valid_from.year >= 1 for f in result.facts)


def test_memory_rejects_a_policy_or_extractor_of_the_wrong_type(db_path: Path) -> None:
    with pytest.raises(FieldTypeError, match="policy"):
        Memory(db_path, policy=PolicyConfig())  # type: ignore[arg-type]
    with pytest.raises(FieldTypeError, match="extractor"):
        Memory(db_path, extractor=42)  # type: ignore[arg-type]


# -- provenance and deduplication ------------------------------------------------------------
def test_episode_and_facts_point_at_each_other(db_path: Path, clock: Clock) -> None:
    with memory(db_path, clock, {"I live in Hangzhou": [c("lives_in", "Hangzhou")]}) as mem:
        result = mem.add("I live in Hangzhou", user_id="u1", agent_id="a1", app_id="crm", run_id="r1")
        (fact,) = result.facts
        (episode,) = mem.episodes(user_id="u1")
        assert episode.id == result.episode_id
        assert episode.fact_ids == [fact.id]
        assert mem.get_fact(fact.id, user_id="u1").source_episode_ids == [episode.id]
        assert (episode.agent_id, episode.app_id, episode.run_id) == ("a1", "crm", "r1")
        assert (fact.agent_id, fact.app_id, fact.run_id) == ("a1", "crm", None)  # only tasks bind to the run


def test_paraphrases_merge_into_one_fact_with_every_source(db_path: Path, clock: Clock) -> None:
    script = {
        "one": [c("style_preference", "black-and-white minimalism")],
        "two": [c("style_preference", "Black and white minimalism")],
        "three": [c("style_preference", "the black & white minimalism")],
    }
    with memory(db_path, clock, script) as mem:
        results = [mem.add(text, user_id="u1") for text in script]
        ids = {r.facts[0].id for r in results}
        assert len(ids) == 1
        (fact,) = mem.history(user_id="u1")
        assert fact.object == "black-and-white minimalism"
        assert fact.access_count == 2
        assert sorted(fact.source_episode_ids) == sorted(r.episode_id for r in results)


def test_a_confirmation_raises_the_same_hypothesis_instead_of_adding_one(db_path: Path, clock: Clock) -> None:
    script = {"maybe": [c("allergic_to", "penicillin", "user might be allergic to penicillin", hedged=True)],
              "sure": [c("allergic_to", "Penicillin", "user is allergic to penicillin")]}
    with memory(db_path, clock, script) as mem:
        guess = mem.add("maybe", user_id="u1").facts[0]
        assert guess.memory_type is MemoryType.hypothesis and guess.confidence < 0.5
        clock.advance(days=3)
        confirmed = mem.add("sure", user_id="u1").facts[0]
        assert confirmed.id == guess.id
        (fact,) = mem.history(user_id="u1")
        assert fact.memory_type is MemoryType.fact and fact.confidence > 0.5 and fact.expires_at is None
        assert fact.text == "user is allergic to penicillin"


def test_a_hedge_never_closes_a_safety_critical_fact(db_path: Path, clock: Clock) -> None:
    script = {"sure": [c("allergic_to", "penicillin")],
              "hedge": [c("allergic_to", "penicillin", "user might not be allergic to penicillin", hedged=True,
                          negated=True)]}
    with memory(db_path, clock, script) as mem:
        mem.add("sure", user_id="u1")
        result = mem.add("hedge", user_id="u1")
        assert result.ended == [] and result.facts == []
        assert "safety-critical" in result.rejected[0][1]
        (fact,) = mem.facts(user_id="u1")
        assert fact.confidence == 0.9 and fact.valid_until is None


def test_an_end_closes_the_fact_and_a_multi_valued_change_closes_the_old_value(db_path: Path, clock: Clock) -> None:
    script = {"likes": [c("likes", "minimalism"), c("likes", "jazz")],
              "change": [c("likes", "retro colours", replaces="minimalism")],
              "end": [c("likes", "jazz", operation=Operation.end)]}
    with memory(db_path, clock, script) as mem:
        mem.add("likes", user_id="u1")
        clock.advance(days=10)
        changed = mem.add("change", user_id="u1")
        assert [f.object for f in changed.superseded] == ["minimalism"]
        ended = mem.add("end", user_id="u1")
        assert [f.object for f in ended.ended] == ["jazz"]
        assert sorted(f.object for f in mem.facts(user_id="u1")) == ["retro colours"]
        assert len(mem.history(user_id="u1")) == 3


def test_a_policy_whose_end_has_no_time_is_a_usage_error_and_stores_nothing(db_path: Path, clock: Clock) -> None:
    class Timeless(MemoryPolicy):
        def decide(self, candidate: CandidateFact, context: PolicyContext) -> Verdict:
            return dataclasses.replace(super().decide(candidate, context), at=None, valid_from=None)

    script = {"likes": [c("likes", "jazz")], "end": [c("likes", "jazz", operation=Operation.end)]}
    with memory(db_path, clock, script) as mem:
        mem.add("likes", user_id="u1")
    with memory(db_path, clock, script, policy=Timeless()) as mem:
        with pytest.raises(UsageError, match=r"verdict\.at"):
            mem.add("end", user_id="u1")
        assert [f.object for f in mem.facts(user_id="u1")] == ["jazz"]
        assert len(mem.episodes(user_id="u1")) == 1


# -- hints an LLM extractor may give --------------------------------------------------------
def test_a_correction_hint_retracts_the_named_fact(db_path: Path, clock: Clock) -> None:
    script = {"a": [c("current_project", "Android app")], "b": [c("current_project", "iOS app")]}
    with memory(db_path, clock, script) as mem:
        android = mem.add("a", user_id="u1").facts[0]
        clock.advance(days=1)
        mem.extractor.decisions = {"b": {0: f"corrects:{android.id}"}}  # type: ignore[attr-defined]
        result = mem.add("b", user_id="u1")
        assert [f.id for f in result.corrected] == [android.id]
        assert mem.get_fact(android.id, user_id="u1").status is Status.corrected


def test_a_hint_naming_an_unknown_fact_is_ignored(db_path: Path, clock: Clock) -> None:
    script = {"a": [c("likes", "jazz")], "b": [c("likes", "rock")]}
    with memory(db_path, clock, script, decisions={"b": {0: "duplicate:not-a-fact"}}) as mem:
        mem.add("a", user_id="u1")
        result = mem.add("b", user_id="u1")
        assert result.created and result.facts[0].object == "rock"


# -- sensitive data -------------------------------------------------------------------------
def test_refused_numbers_are_nowhere_in_the_file_or_the_result(db_path: Path, clock: Clock) -> None:
    text = f"My ID number is {CN_ID} and my card is {CARD}."
    redacted = "My ID number is [redacted:identity_number] and my card is [redacted:card_number]."
    extractor = Scripted({redacted: [c("identity_number", "[redacted:identity_number]", sensitive_kind="identity_number")]})
    with Memory(db_path, clock=clock, extractor=extractor) as mem:
        result = mem.add(text, user_id="u1")
        assert extractor.seen == [redacted]  # the extractor never saw the numbers
        assert result.facts == []
        assert {reason.split(")")[0] for _, reason in result.rejected} == {
            "sensitive data (identity_number", "sensitive data (card_number"}
        assert mem.episodes(user_id="u1")[0].content == redacted
        dumped = result.model_dump_json() + "".join(str(a) for a in mem.audit_log(user_id="u1"))
    for secret in (CN_ID, CARD, CARD.replace(" ", ""), "4111"):
        assert secret not in dumped
        assert secret.encode() not in file_bytes(db_path)


def test_encrypt_mode_stores_a_sealed_fact_revealed_only_with_an_audit_entry(
        db_path: Path, clock: Clock, key: str) -> None:
    text = "I live at 42 Baker Street"
    policy = MemoryPolicy(PolicyConfig(sensitive_mode="encrypt"))  # type: ignore[arg-type]
    extractor = Scripted({text: [c("address", "42 Baker Street", "user lives at 42 Baker Street")]})
    with Memory(db_path, clock=clock, extractor=extractor, policy=policy) as mem:
        result = mem.add(text, user_id="u1")
        assert extractor.seen == [text]
        (sealed,) = result.facts
        assert sealed.sensitivity is Sensitivity.sensitive
        assert sealed.object.startswith("sealed:") and "Baker" not in sealed.text
        assert sealed.expires_at == clock.now + PolicyConfig().sensitive_ttl
        assert mem.episodes(user_id="u1")[0].content == "I live at [redacted:address]"
        assert [a.action for a in mem.audit_log(fact_id=sealed.id)] == ["create"]
        plain = mem.reveal(sealed.id, user_id="u1")
        assert (plain.object, plain.text) == ("42 Baker Street", "user lives at 42 Baker Street")
        reveal = mem.audit_log(fact_id=sealed.id)[-1]
        assert reveal.action == "reveal" and "Baker" not in str(reveal)
        with pytest.raises(UsageError, match="fact_id"):
            mem.reveal(mem.add_fact("user", "likes", "tea", user_id="u1").facts[0].id, user_id="u1")
        clock.advance(hours=25)
        with pytest.raises(UsageError, match="expired"):
            mem.reveal(sealed.id, user_id="u1")
    assert b"Baker" not in file_bytes(db_path)


def test_encrypt_mode_without_a_key_fails_before_storing_anything(
        db_path: Path, clock: Clock, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("KRONOGRAPH_ENCRYPTION_KEY", raising=False)
    policy = MemoryPolicy(PolicyConfig(sensitive_mode="encrypt"))  # type: ignore[arg-type]
    with Memory(db_path, clock=clock, extractor=Scripted({}), policy=policy) as mem:
        with pytest.raises(UsageError, match="encryption_key"):
            mem.add("anything", user_id="u1")
        assert mem.episodes(user_id="u1") == []


def test_a_forget_request_hard_deletes_the_sealed_address(db_path: Path, clock: Clock, key: str) -> None:
    script = {"I live at 42 Baker Street": [c("address", "42 Baker Street")],
              "I like jazz": [c("likes", "jazz")],
              "Forget the address I just told you.": [CandidateFact(predicate="address", text="forget address",
                                                                    operation=Operation.forget)]}
    policy = MemoryPolicy(PolicyConfig(sensitive_mode="encrypt"))  # type: ignore[arg-type]
    with Memory(db_path, clock=clock, extractor=Scripted(script), policy=policy) as mem:
        address = mem.add("I live at 42 Baker Street", user_id="u1").facts[0]
        mem.add("I like jazz", user_id="u1")
        result = mem.add("Forget the address I just told you.", user_id="u1")
        assert result.forgotten == [address.id]
        assert [t.fact_id for t in mem.tombstones(user_id="u1")] == [address.id]
        assert [f.object for f in mem.history(user_id="u1")] == ["jazz"]
        with pytest.raises(NotFoundError):
            mem.reveal(address.id, user_id="u1")
    assert address.object.encode() not in file_bytes(db_path)
    assert address.text.encode() not in file_bytes(db_path)


def test_assistant_turns_are_context_not_facts(db_path: Path, clock: Clock) -> None:
    messages = [{"role": "assistant", "content": "You live in Paris, right?"}, {"role": "user", "content": "Yes."}]
    extractor = Scripted({"Yes.": [c("lives_in", "Paris", source_turn=0), c("lives_in", "Lyon", source_turn=1)]})
    with Memory(db_path, clock=clock, extractor=extractor) as mem:
        result = mem.add(messages, user_id="u1")
        assert [f.object for f in result.facts] == ["Lyon"]
        assert "assistant" in result.rejected[0][1]
        assert mem.episodes(user_id="u1")[0].content == "assistant: You live in Paris, right?\nuser: Yes."


# -- batches --------------------------------------------------------------------------------
def test_add_many_returns_one_result_per_item_in_order_with_its_own_time(db_path: Path, clock: Clock) -> None:
    script = {"a": [c("lives_in", "Shanghai")], "b": [c("lives_in", "Hangzhou")], "c": []}
    items = [{"text": "a", "timestamp": "2020-01-01"},
             {"messages": [{"role": "user", "content": "b"}], "reference_time": "2026-04-01"}, "c"]
    with memory(db_path, clock, script) as mem:
        results = mem.add_many(items, user_id="u1", batch_size=2)
        assert [len(r.facts) for r in results] == [1, 1, 0]
        assert [r.superseded[0].object for r in results[1:2]] == ["Shanghai"]
        assert [f.object for f in mem.facts(user_id="u1", as_of="2021-01-01")] == ["Shanghai"]
        assert [f.object for f in mem.facts(user_id="u1")] == ["Hangzhou"]
        assert len(mem.episodes(user_id="u1")) == 3
        with pytest.raises(UsageError, match="batch_size"):
            mem.add_many(["a"], user_id="u1", batch_size=0)


def test_facts_from_add_and_add_many_are_embedded_when_written_if_the_embedder_is_loaded(
    db_path: Path, clock: Clock, minilm: MiniLMEmbedder
) -> None:
    script = {"a": [c("lives_in", "Lisbon")], "b": [c("likes", "green tea")], "c": [c("works_at", "Acme")]}
    with memory(db_path, clock, script, embedder=None) as plain:  # no embedder: the facts wait for a backfill
        plain.add("a", user_id="u1")
        waiting = plain.store.pending_embeddings("u1", limit=10)
        assert len(waiting) == 1
    with memory(db_path, clock, script, embedder=minilm) as mem:
        mem.add("b", user_id="u1")
        mem.add_many(["c"], user_id="u1")
        assert mem.store.pending_embeddings("u1", limit=10) == waiting  # only the one written without it
        assert len(mem.facts(user_id="u1")) == 3


def test_a_change_with_an_unknown_old_value_records_both(db_path: Path, clock: Clock) -> None:
    moved = datetime(2026, 4, 1, tzinfo=UTC)
    script = {"moved": [c("lives_in", "Hangzhou", replaces="Shanghai", valid_from=moved)]}
    with memory(db_path, clock, script) as mem:
        result = mem.add("moved", user_id="u1")
        assert [f.object for f in result.superseded] == ["Shanghai"]
        assert [f.object for f in mem.facts(user_id="u1", as_of="2026-01-01")] == ["Shanghai"]
        (now,) = mem.facts(user_id="u1")
        assert now.object == "Hangzhou" and now.valid_from == moved


def test_a_value_only_the_extractor_flags_is_cut_from_the_episode_and_the_result(db_path: Path, clock: Clock) -> None:
    text = "My passport is X9 7731 KQ, and I live in Lyon."
    extractor = Scripted({text: [c("passport_number", "X9 7731 KQ", "user's passport is X9 7731 KQ",
                                   sensitive_kind="identity_number"), c("lives_in", "Lyon")]})
    with Memory(db_path, clock=clock, extractor=extractor) as mem:
        result = mem.add(text, user_id="u1")
        assert [f.object for f in result.facts] == ["Lyon"]
        assert result.rejected[0][0] == "user's passport is [redacted:identity_number]"
        assert mem.episodes(user_id="u1")[0].content == "My passport is [redacted:identity_number], and I live in Lyon."
    assert b"X9 7731" not in file_bytes(db_path)
