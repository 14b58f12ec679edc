"""Forget requests in the constructions of chat rather than in "forget my X": the thing named
first and then removed by a pronoun ("my number, please bin it"), wished gone ("..., I'd like it
deleted"), asked in the passive ("can my address be wiped?"), taken off the record,
un-remembered, "forget I said ...", and a request with its reason said after it. A thing thrown
away in a story, or a "forget it", is no request. Through the real offline extractor and store."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kronograph import Memory
from kronograph.candidates import Operation
from kronograph.extraction.offline import OfflineExtractor

from .reading import facts


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def _forgets(extractor: OfflineExtractor, text: str) -> list[tuple[str, str]]:
    return [(f.predicate, f.object) for f in facts(extractor, text) if f.operation is Operation.forget]


@pytest.mark.parametrize(("text", "predicate"), [
    ("My mobile, please don't keep it on file.", "phone"),
    ("that email address I gave you - ditch it", "email"),
    ("My date of birth, I'd prefer it erased.", "birthday"),
    ("my postcode, i'd rather that wasn't stored", "address"),
    ("Could my email be removed from your notes?", "email"),
    ("take my phone number off your list pls", "phone"),
    ("Can u unremember my address?", "address"),
    ("Forget I told you I live in Croydon.", "lives_in"),
    ("Could you not keep my email?", "email"),
])
def test_a_slot_named_in_a_chat_construction_is_forgotten(extractor: OfflineExtractor, text: str,
                                                           predicate: str) -> None:
    assert [p for p, _ in _forgets(extractor, text)] == [predicate]


@pytest.mark.parametrize(("text", "word"), [
    ("The bit about my landlord's threats, could you scrap that?", "landlord"),
    ("About my brother's rehab, please wipe all of it.", "rehab"),
    ("Everything you've got on Priya, my old boss, bin it.", "Priya"),
    ("can the stuff about my arrears be deleted", "arrears"),
    ("please forget I mentioned my uncle's bankruptcy", "bankruptcy"),
    ("Don't keep anything about the burglary, it still shakes me up.", "burglary"),
    ("Forget about my parole hearing, I'd rather not talk about it.", "parole"),
    ("Wipe everything about my IVF, please.", "IVF"),
    ("Delete whatever you've got about my tribunal.", "tribunal"),
])
def test_what_was_said_about_something_is_forgotten_without_the_reason(extractor: OfflineExtractor, text: str,
                                                                       word: str) -> None:
    read = _forgets(extractor, text)
    assert len(read) == 1 and word.lower() in read[0][1].lower(), read


@pytest.mark.parametrize("text", [
    "My old bike, I finally got rid of it on eBay.",
    "The receipts, I threw them away by mistake.",
    "Forget it, never mind, not important.",
    "I always forget my gym card.",
    "Never mind what I just said, forget it.",
])
def test_things_thrown_away_in_a_story_are_no_request(extractor: OfflineExtractor, text: str) -> None:
    assert all(p == "last_message" for p, _ in _forgets(extractor, text))
    if not text.startswith("Never mind"):
        assert not _forgets(extractor, text)


def test_scratch_that_before_a_correction_is_still_no_forget_of_the_last_message(extractor: OfflineExtractor) -> None:
    assert not _forgets(extractor, "Scratch that, I'm in Lisbon, not Madrid.")


def test_a_dislocated_request_deletes_the_stored_employer(tmp_path) -> None:  # type: ignore[no-untyped-def]
    with Memory(tmp_path / "m.db", embedder=None) as mem:
        mem.add("I work at Ocado.", user_id="u", reference_time=datetime(2026, 1, 5, tzinfo=UTC))
        assert [f.object for f in mem.facts(user_id="u", predicate="works_at")] == ["Ocado"]
        mem.add("The name of my employer, please bin it.", user_id="u", reference_time=datetime(2026, 1, 6, tzinfo=UTC))
        assert not mem.facts(user_id="u", predicate="works_at")


# -- round 32: requests by construction, and what only mentions forgetting ---------------------------

@pytest.mark.parametrize(("text", "predicate", "words"), [
    ("Erase my passport number now that the booking's gone through.", "identity_number", "passport"),
    ("Remove my social security number from your memory, it was a one-time thing.", "identity_number", "social security"),
    ("delete my NI number please, the form's been sent off", "identity_number", "NI number"),
    ("please don't keep my bank details, I only pasted them by mistake", "bank_account", "bank"),
    ("wipe my email address pls, i dont use it anymore", "email", "email"),
    ("Don't keep the door code, we're changing it next week anyway.", "credential", "door code"),
    ("Delete the sign-in details for my work laptop, I shouldn't have shared them.", "credential", "sign-in"),
])
def test_a_sealed_slot_is_forgotten_by_the_words_it_was_named_by(extractor: OfflineExtractor, text: str,
                                                                   predicate: str, words: str) -> None:
    read = _forgets(extractor, text)
    assert len(read) == 1 and read[0][0] == predicate and words.lower() in read[0][1].lower(), read


@pytest.mark.parametrize(("text", "predicates"), [
    ("Forget my email and my phone number, I'm going off-grid for a bit.", {"email", "phone"}),
    ("Forget my address and phone number please.", {"address", "phone"}),
    ("You can forget my phone number, I'm getting a new one on Monday.", {"phone"}),
    ("I'd rather you didn't remember my date of birth, if that's alright.", {"birthday"}),
    ("Please unremember the date I was born.", {"birthday"}),
    ("I'd prefer if you didn't keep my medical history on file.", {"medical_condition"}),
])
def test_each_slot_a_request_names_is_forgotten_and_no_other(extractor: OfflineExtractor, text: str,
                                                              predicates: set[str]) -> None:
    assert {p for p, _ in _forgets(extractor, text)} == predicates


@pytest.mark.parametrize(("text", "word"), [
    ("please don't save my membership number for the gym", "membership number"),
    ("Don't store my insurance policy number, thanks.", "policy number"),
    ("Keep my debts out of your notes, it's embarrassing enough already.", "debts"),
    ("Let's just pretend I never told you about the argument with Sam.", "argument"),
    ("Scrap my earlier comment about Jenna's new boyfriend, not my business.", "Jenna"),
    ("Could you remove any mention of my rehab stay? I'd like a clean slate.", "rehab"),
    ("erase all trace of my old flat in Croydon from your memory pls", "Croydon"),
    ("Wipe the conversation about my dad's drinking from your records.", "drinking"),
    ("That whole thing with the roses when I was drunk, please don't hang on to it.", "roses"),
    ("Please forget about the time I was arrested", "arrested"),
    ("scrub anything to do with my IVF please, I'm not ready to talk about it", "IVF"),
    ("you can forget about my old job at Argos now, that's ancient history", "Argos"),
])
def test_what_a_request_names_in_any_construction_is_its_object(extractor: OfflineExtractor, text: str,
                                                                 word: str) -> None:
    read = _forgets(extractor, text)
    assert len(read) == 1 and read[0][0] == "*" and word.lower() in read[0][1].lower(), read
    assert not read[0][1].lower().endswith(("now", "history", "drunk")), read


@pytest.mark.parametrize("text", [
    "forget everything about when I was in hospital", "Delete everything about my ex, we're done.",
    "wipe everything to do with the wedding",
])
def test_everything_about_something_is_never_everything(extractor: OfflineExtractor, text: str) -> None:
    read = _forgets(extractor, text)
    assert read and all(p == "*" and o for p, o in read), read


@pytest.mark.parametrize("text", ["Actually scratch that last bit, I misspoke.", "Pretend I didn't say that, it came out wrong."])
def test_taking_back_the_last_message_with_a_slip_as_its_reason(extractor: OfflineExtractor, text: str) -> None:
    assert [p for p, _ in _forgets(extractor, text)] == ["last_message"]


@pytest.mark.parametrize("text", [
    "I always forget where I parked the car.", "I forgot where I put my glasses again.",
    "I can never remember what time the gym opens.", "I keep forgetting my PIN at the cash machine.",
    "We pretended we'd never met at the party, it was hilarious.", "Keep the receipt out of the bag so I can find it later.",
    "Leave the bins out on Tuesday night, the collection's early.",
])
def test_a_sentence_that_mentions_forgetting_is_no_request_and_says_no_forgotten_thing(
        extractor: OfflineExtractor, text: str) -> None:
    got = facts(extractor, text)
    assert not [f for f in got if f.operation is Operation.forget]
    assert not [f for f in got if f.predicate in {"parks", "puts"}]


def test_a_sealed_record_is_deleted_by_a_request_that_names_it_in_its_own_words(
        tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cryptography.fernet import Fernet

    from kronograph.policy import MemoryPolicy, PolicyConfig

    monkeypatch.setenv("KRONOGRAPH_ENCRYPTION_KEY", Fernet.generate_key().decode())
    policy = MemoryPolicy(PolicyConfig(sensitive_mode="encrypt"))  # type: ignore[arg-type]
    with Memory(tmp_path / "m.db", policy=policy) as mem:
        mem.add("My IBAN is GB33BUKB20201555555555. I enjoy chess.", user_id="u1")
        assert [f.predicate for f in mem.facts(user_id="u1") if f.predicate == "bank_account"]
        assert mem.add("please don't keep my bank details, I only pasted them by mistake", user_id="u1").forgotten
        assert [f.predicate for f in mem.facts(user_id="u1")] and \
            not [f for f in mem.facts(user_id="u1") if f.predicate == "bank_account"]
        mem.add("My birthday is on 14 May.", user_id="u1")
        assert mem.add("You can forget my birthday.", user_id="u1").forgotten
        assert "chess" in " ".join(f.object for f in mem.facts(user_id="u1"))


@pytest.mark.parametrize(("text", "word"), [
    ("Could you delete the info about my kids' school? I overshared.", "school"),
    ("My salary - please forget that number.", "salary"),
    ("Honestly just forget I mentioned the lawsuit.", "lawsuit"),
    ("forget about my driving licence number it's expired", "driving licence number"),
    ("Don't remember my kid's birthday, my ex handles that.", "kid's birthday"),
    ("I don't want my mum's address on your records", "mum's address"),
])
def test_a_request_in_chat_shape_names_only_its_thing(extractor: OfflineExtractor, text: str, word: str) -> None:
    read = _forgets(extractor, text)
    assert len(read) == 1 and read[0][0] == "*" and read[0][1].lower().endswith(word.lower()), read


@pytest.mark.parametrize(("text", "predicate"), [
    ("I don't want my home address in here anymore.", "address"),
    ("I'd like my phone number deleted please.", "phone"),
])
def test_a_slot_wished_out_of_the_memory_is_forgotten(extractor: OfflineExtractor, text: str, predicate: str) -> None:
    assert [p for p, _ in _forgets(extractor, text)] == [predicate]


@pytest.mark.parametrize("text", [
    "I want my tooth removed.", "I don't want my kids in the photos.", "I'd love my garden cleared by spring.",
    "I want my old sofa gone.",
])
def test_a_wish_about_a_thing_in_the_world_forgets_nothing(extractor: OfflineExtractor, text: str) -> None:
    assert _forgets(extractor, text) == []
