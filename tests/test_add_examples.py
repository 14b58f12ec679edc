"""The examples of issue 3, end to end: real spaCy model, real policy, real SQLite file.

Each case runs with the issue's wording and with other wordings of the same phenomenon.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from cryptography.fernet import Fernet

from kronograph import Memory, MemoryPolicy, MemoryType, PolicyConfig, Status
from kronograph.extraction.offline import OfflineExtractor

from .conftest import Clock, file_bytes

REFERENCE = datetime(2026, 5, 6, 12, 0, tzinfo=UTC)  # a Wednesday


@pytest.fixture(scope="session")
def extractor() -> OfflineExtractor:
    found = OfflineExtractor()
    found.nlp  # load spaCy once per session  # noqa: B018
    return found


@pytest.fixture
def mem(db_path: Path, clock: Clock, extractor: OfflineExtractor) -> Iterator[Memory]:
    with Memory(db_path, clock=clock, extractor=extractor) as memory:
        yield memory



def objects(facts: list) -> list[str]:  # type: ignore[type-arg]
    return sorted(f.object for f in facts)


# -- a move: supersede, and the past stays answerable -------------------------------------
@pytest.mark.parametrize("text", [
    "I moved from Shanghai to Hangzhou last month.",
    "Last month I relocated from Shanghai to Hangzhou.",
    "I relocated from Shanghai to Hangzhou a month ago.",
])
def test_a_move_supersedes_the_old_city_and_the_past_still_answers(mem: Memory, text: str) -> None:
    result = mem.add(text, user_id="u1", reference_time="2026-05-06")
    (now,) = mem.facts(user_id="u1", predicate="lives_in")
    assert now.object == "Hangzhou"
    assert now.valid_from.year == 2026 and now.valid_from.month == 4
    assert objects(mem.facts(user_id="u1", predicate="lives_in", as_of="2026-01-01")) == ["Shanghai"]
    assert [f.object for f in result.superseded] == ["Shanghai"]


def test_a_later_move_closes_the_known_city(mem: Memory, clock: Clock) -> None:
    mem.add("I live in Shanghai.", user_id="u1", reference_time="2024-01-10")
    clock.advance(days=30)
    result = mem.add("I just moved to Hangzhou.", user_id="u1")
    assert [f.object for f in result.superseded] == ["Shanghai"]
    assert objects(mem.facts(user_id="u1", predicate="lives_in")) == ["Hangzhou"]
    assert objects(mem.facts(user_id="u1", predicate="lives_in", as_of="2025-01-01")) == ["Shanghai"]


# -- a changed preference: superseded, not deleted ------------------------------------------
@pytest.mark.parametrize(("before", "after"), [
    ("I like black-and-white minimalism.", "These days I prefer retro colours and relaxed outfits."),
    ("I love a minimalist black and white style.", "Nowadays I'm more into retro colours and relaxed clothes."),
])
def test_a_new_style_preference_supersedes_the_old_one(mem: Memory, clock: Clock, before: str, after: str) -> None:
    first = mem.add(before, user_id="u1")
    (old,) = first.facts
    clock.advance(weeks=5)
    second = mem.add(after, user_id="u1")
    assert old.id in [f.id for f in second.superseded]
    history = mem.history(user_id="u1", predicate=old.predicate)
    assert len(history) == 2
    closed = next(f for f in history if f.id == old.id)
    assert closed.status is Status.superseded and closed.valid_until is not None
    assert [f.id for f in mem.facts(user_id="u1", predicate=old.predicate)] == [second.facts[0].id]
    assert second.facts[0].memory_type is MemoryType.preference


# -- a correction: retracted, and known_at still shows the mistake --------------------------
@pytest.mark.parametrize("correction", [
    "I'm not building an Android app, it's iOS.",
    "Actually, it's iOS, not Android.",
    "Correction: I'm building an iOS app, not an Android app.",
])
def test_a_correction_retracts_the_wrong_fact_but_the_past_belief_remains(
        mem: Memory, clock: Clock, correction: str) -> None:
    android = mem.add("I'm building an Android app.", user_id="u1").facts[0]
    believed_then = clock.now
    clock.advance(days=2)
    result = mem.add(correction, user_id="u1")
    assert android.id in [f.id for f in result.corrected]
    (now,) = mem.facts(user_id="u1", predicate=android.predicate)
    assert "ios" in now.object.casefold()
    assert mem.get_fact(android.id, user_id="u1").status is Status.corrected
    back_then = mem.facts(user_id="u1", predicate=android.predicate, known_at=believed_then)
    assert [f.id for f in back_then] == [android.id]


# -- a hedge: a hypothesis, never certain ----------------------------------------------------
@pytest.mark.parametrize("text", [
    "I might be allergic to penicillin.",
    "I think I'm allergic to penicillin, not sure.",
    "Maybe I'm allergic to penicillin.",
])
def test_a_hedged_allergy_is_a_hypothesis_below_half_confidence(mem: Memory, text: str) -> None:
    (fact,) = mem.add(text, user_id="u1").facts
    assert fact.predicate == "allergic_to" and fact.object.casefold() == "penicillin"
    assert fact.memory_type is MemoryType.hypothesis and fact.confidence < 0.5
    assert fact.expires_at is None, "a possible allergy keeps warning the agent until confirmed or denied"
    assert all(f.confidence < 0.5 for f in mem.facts(user_id="u1"))
    assert mem.profile(user_id="u1") == []


def test_a_possible_allergy_is_still_recalled_as_uncertain_months_later(mem: Memory, clock: Clock) -> None:
    mem.add("I might be allergic to penicillin.", user_id="u1")
    mem.add("I think I might move to Lisbon.", user_id="u1")
    clock.advance(days=120)
    mem.maintain()
    held = {f.predicate: f for f in mem.facts(user_id="u1")}
    assert set(held) == {"allergic_to"}, "the other hunch lapsed; the possible allergy did not"
    assert held["allergic_to"].confidence < 0.5


def test_a_later_confirmation_raises_the_same_fact(mem: Memory, clock: Clock) -> None:
    guess = mem.add("I might be allergic to penicillin.", user_id="u1").facts[0]
    clock.advance(days=10)
    sure = mem.add("Yes, it's confirmed, I am allergic to penicillin.", user_id="u1").facts[0]
    assert sure.id == guess.id
    (fact,) = mem.facts(user_id="u1", predicate="allergic_to")
    assert fact.confidence > 0.5 and fact.memory_type is not MemoryType.hypothesis and fact.expires_at is None


def test_a_hedge_does_not_close_a_known_allergy(mem: Memory, clock: Clock) -> None:
    mem.add("I'm allergic to penicillin.", user_id="u1")
    clock.advance(days=3)
    result = mem.add("Maybe I'm not allergic to penicillin anymore.", user_id="u1")
    assert result.ended == [] and result.corrected == []
    (fact,) = mem.facts(user_id="u1", predicate="allergic_to")
    assert fact.confidence > 0.5 and fact.valid_until is None


def test_a_hedged_repeat_does_not_downgrade_a_known_allergy(mem: Memory, clock: Clock) -> None:
    known = mem.add("I'm allergic to penicillin.", user_id="u1").facts[0]
    clock.advance(days=3)
    again = mem.add("I might be allergic to penicillin.", user_id="u1")
    assert [f.id for f in again.facts] == [known.id]
    (fact,) = mem.facts(user_id="u1", predicate="allergic_to")
    assert (fact.memory_type, fact.confidence, fact.expires_at) == (MemoryType.fact, known.confidence, None)
    assert fact.importance >= 0.9


# -- task context: expires with its period, not in the profile -------------------------------
@pytest.mark.parametrize("text", [
    "This week I'm sorting out my Google Cloud trial credits.",
    "I need to sort out my Google Cloud trial credits this week.",
])
def test_task_context_expires_at_the_end_of_the_week_and_stays_out_of_the_profile(
        mem: Memory, clock: Clock, text: str) -> None:
    mem.add("I live in Hangzhou.", user_id="u1")
    result = mem.add(text, user_id="u1", run_id="session-9")
    (task,) = [f for f in result.facts if f.memory_type is MemoryType.task]
    assert task.expires_at is not None and REFERENCE < task.expires_at <= datetime(2026, 5, 11, tzinfo=UTC)
    assert task.run_id == "session-9"
    assert [f.predicate for f in mem.profile(user_id="u1")] == ["lives_in"]
    clock.set(datetime(2026, 5, 12, tzinfo=UTC))
    assert task.id not in [f.id for f in mem.facts(user_id="u1")]


# -- sensitive numbers: stored nowhere, and the result says why ------------------------------
@pytest.mark.parametrize(("text", "secrets"), [
    ("My ID number is 110101199003074515 and my card is 4111 1111 1111 1111.",
     ["110101199003074515", "4111 1111 1111 1111", "4111111111111111"]),
    ("Here's my SSN 123-45-6789, and the Visa is 4012888888881881.", ["123-45-6789", "4012888888881881"]),
    ("my api key is sk-proj-abcdefghijklmnopqrstuvwx and the wifi password is hunter2!",
     ["sk-proj-abcdefghijklmnopqrstuvwx", "hunter2"]),
])
def test_sensitive_numbers_are_stored_nowhere_and_the_result_says_why(
        mem: Memory, db_path: Path, text: str, secrets: list[str]) -> None:
    result = mem.add(text, user_id="u1")
    assert result.facts == []
    assert result.rejected and all("sensitive" in reason for _, reason in result.rejected)
    returned = result.model_dump_json() + "".join(e.model_dump_json() for e in mem.audit_log())
    returned += "".join(e.content for e in mem.episodes(user_id="u1"))
    mem.close()
    stored = file_bytes(db_path)
    for secret in secrets:
        assert secret not in returned
        assert secret.encode() not in stored


# -- forget: the address facts are hard-deleted ----------------------------------------------
def test_forget_the_address_hard_deletes_the_encrypted_address(
        db_path: Path, clock: Clock, extractor: OfflineExtractor, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KRONOGRAPH_ENCRYPTION_KEY", Fernet.generate_key().decode())
    policy = MemoryPolicy(PolicyConfig(sensitive_mode="encrypt"))  # type: ignore[arg-type]
    with Memory(db_path, clock=clock, extractor=extractor, policy=policy) as mem:
        mem.add("I like jazz.", user_id="u1")
        stored = mem.add("My home address is 42 Baker Street, London.", user_id="u1")
        (address,) = [f for f in stored.facts if f.predicate == "address"]
        assert mem.reveal(address.id, user_id="u1").object.startswith("42 Baker Street")
        clock.advance(minutes=2)
        result = mem.add("Forget the address I just told you.", user_id="u1")
        assert result.forgotten == [address.id]
        assert [t.fact_id for t in mem.tombstones(user_id="u1")] == [address.id]
        assert "address" not in [f.predicate for f in mem.history(user_id="u1")]
        assert objects(mem.facts(user_id="u1")) == ["jazz"]
        ciphertext = address.text
    data = file_bytes(db_path)
    assert b"Baker" not in data and ciphertext.encode() not in data


@pytest.mark.parametrize("address", [
    "My home address is near West Lake in Hangzhou.",
    "My address is Xihu District, Hangzhou.",
])
def test_forget_the_address_hard_deletes_a_non_exact_address_everywhere(
        mem: Memory, db_path: Path, clock: Clock, address: str) -> None:
    mem.add("I work at Google.", user_id="u1")
    stored = mem.add(address, user_id="u1")
    (fact,) = stored.facts
    value = fact.object.encode()
    clock.advance(minutes=1)
    result = mem.add("Forget the address I just told you.", user_id="u1")
    assert result.forgotten == [fact.id]
    assert [t.fact_id for t in mem.tombstones(user_id="u1")] == [fact.id]
    assert [f.predicate for f in mem.history(user_id="u1")] == ["works_at"]
    assert all(fact.object not in e.content for e in mem.episodes(user_id="u1"))
    mem.close()
    assert value not in file_bytes(db_path)


@pytest.mark.parametrize("request_text", [
    "Forget the address I just told you.",
    "Please delete my home address.",
])
def test_forget_the_address_when_it_was_refused_keeps_nothing(mem: Memory, db_path: Path, request_text: str) -> None:
    first = mem.add("I live at 42 Baker Street.", user_id="u1")
    assert first.facts == [] and first.rejected
    mem.add(request_text, user_id="u1")
    assert mem.history(user_id="u1") == []
    mem.close()
    assert b"Baker" not in file_bytes(db_path)


# -- conversations ---------------------------------------------------------------------------
def test_assistant_turns_are_context_and_the_episode_keeps_the_conversation(mem: Memory) -> None:
    messages = [{"role": "user", "content": "I work at Google."},
                {"role": "assistant", "content": "Nice! I live in the cloud, by the way."}]
    result = mem.add(messages, user_id="u1")
    assert [(f.predicate, f.object) for f in result.facts] == [("works_at", "Google")]
    (episode,) = mem.episodes(user_id="u1")
    assert episode.fact_ids == [result.facts[0].id]
    assert episode.content.startswith("user: I work at Google.")


def test_add_many_batches_match_one_by_one_adds(db_path: Path, clock: Clock, extractor: OfflineExtractor,
                                                tmp_path: Path) -> None:
    texts = ["I live in Berlin.", "I work at Siemens as an engineer.", "I like hiking.", "I moved to Munich."]
    with Memory(tmp_path / "one.db", clock=clock, extractor=extractor) as one:
        for text in texts:
            one.add(text, user_id="u1")
        expected = sorted((f.predicate, f.object, f.status.value) for f in one.history(user_id="u1"))
    with Memory(db_path, clock=clock, extractor=extractor) as many:
        results = many.add_many(texts, user_id="u1", batch_size=3)
        assert len(results) == len(texts)
        assert sorted((f.predicate, f.object, f.status.value) for f in many.history(user_id="u1")) == expected
