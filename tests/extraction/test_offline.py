"""The offline extractor with the real spaCy model (loaded once for the session)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kronograph.errors import MissingDependencyError
from kronograph.extraction.base import CandidateFact, EpisodeInput, Extractor, Operation, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.extraction.spacy_model import load_english
from kronograph.model import EntityType, MemoryType, Scope

REF = datetime(2026, 5, 6, 12, 0, tzinfo=UTC)  # a Wednesday


@pytest.fixture(scope="session")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def episode(*turns: str | tuple[str, str], reference: datetime = REF) -> EpisodeInput:
    items = [Turn(role=t[0], content=t[1]) if isinstance(t, tuple) else Turn(content=t) for t in turns]
    return EpisodeInput(turns=items, reference_time=reference, scope=Scope(user_id="u1"))


def facts(extractor: OfflineExtractor, *turns: str | tuple[str, str]) -> list[CandidateFact]:
    return extractor.extract(episode(*turns)).facts


def only(found: list[CandidateFact], predicate: str) -> CandidateFact:
    matches = [f for f in found if f.predicate == predicate]
    assert len(matches) == 1, [(f.predicate, f.object) for f in found]
    return matches[0]


def test_extractor_implements_the_protocol(extractor: OfflineExtractor) -> None:
    assert isinstance(extractor, Extractor) and extractor.name == "offline"


def test_move_becomes_current_residence_from_the_stated_time(extractor: OfflineExtractor) -> None:
    fact = only(facts(extractor, "I moved from Shanghai to Hangzhou last month."), "lives_in")
    assert (fact.subject, fact.object, fact.replaces) == ("user", "Hangzhou", "Shanghai")
    assert fact.valid_from == datetime(2026, 4, 1, tzinfo=UTC)
    assert fact.text == "user lives in Hangzhou"


def test_style_preferences_share_one_single_valued_slot(extractor: OfflineExtractor) -> None:
    old = only(facts(extractor, "I like black-and-white minimalism."), "style_preference")
    new = only(facts(extractor, "These days I prefer retro colours and relaxed outfits."), "style_preference")
    assert old.object == "black-and-white minimalism"
    assert new.object == "retro colours and relaxed outfits"
    assert new.memory_type is MemoryType.preference


def test_denial_followed_by_the_right_value_is_a_correction(extractor: OfflineExtractor) -> None:
    (fact,) = facts(extractor, "I'm not building an Android app, it's iOS.")
    assert fact.operation is Operation.correct
    assert (fact.predicate, fact.object, fact.replaces) == ("current_project", "iOS app", "Android app")


def test_hedged_allergy_is_a_low_confidence_hypothesis(extractor: OfflineExtractor) -> None:
    fact = only(facts(extractor, "I might be allergic to penicillin."), "allergic_to")
    assert fact.hedged and fact.confidence is not None and fact.confidence < 0.5
    assert fact.memory_type is MemoryType.hypothesis and fact.object == "penicillin"


def test_task_this_week_expires_at_the_end_of_the_week(extractor: OfflineExtractor) -> None:
    (fact,) = facts(extractor, "This week I'm sorting out my Google Cloud trial credits.")
    assert fact.memory_type is MemoryType.task
    assert fact.task_until == datetime(2026, 5, 11, tzinfo=UTC)
    assert fact.object == "sort out their Google Cloud trial credits"
    assert fact.text == "user is sorting out their Google Cloud trial credits"


def test_identity_and_card_numbers_are_flagged_and_kept_out_of_texts(extractor: OfflineExtractor) -> None:
    found = facts(extractor, "My ID number is 110101199003074515 and my card is 4111 1111 1111 1111.")
    assert {f.sensitive_kind for f in found} == {"identity_number", "card_number"}
    assert all("4111" not in f.text and "110101" not in f.text for f in found)


def test_redacted_markers_are_hinted_not_read_as_facts(extractor: OfflineExtractor) -> None:
    (fact,) = facts(extractor, "My card is [redacted:card_number].")
    assert fact.sensitive_kind == "card_number"


def test_forget_request_names_the_predicate(extractor: OfflineExtractor) -> None:
    (fact,) = facts(extractor, "Forget the address I just told you.")
    assert (fact.operation, fact.predicate, fact.object) == (Operation.forget, "address", "")


def test_forget_that_clause_targets_its_fact(extractor: OfflineExtractor) -> None:
    (fact,) = facts(extractor, "Please forget that I like sushi.")
    assert (fact.operation, fact.predicate, fact.object) == (Operation.forget, "likes", "sushi")


def test_past_tense_forgot_is_not_a_forget_request(extractor: OfflineExtractor) -> None:
    assert all(f.operation is not Operation.forget for f in facts(extractor, "I forgot my keys at home."))


def test_named_relative_gets_their_own_subject(extractor: OfflineExtractor) -> None:
    found = facts(extractor, "My sister Anna lives in Berlin.")
    residence = only(found, "lives_in")
    assert (residence.subject, residence.object, residence.text) == ("Anna", "Berlin", "Anna lives in Berlin")
    assert only(found, "has_sister").object == "Anna"


@pytest.mark.parametrize(("text", "group"), [
    ("My kids love pizza.", "kids"),
    ("My children are learning to play the cello.", "children"),
    ("My friends went hiking yesterday.", "friends"),
])
def test_a_group_of_people_the_speaker_names_is_the_subject_not_the_speaker(
        extractor: OfflineExtractor, text: str, group: str) -> None:
    found = facts(extractor, text)
    assert found and {f.subject for f in found} == {f"user's {group}"}


def test_a_count_of_ones_kids_stays_a_quantity(extractor: OfflineExtractor) -> None:
    assert any(f.predicate.endswith("kids") and "4" in f.object for f in facts(extractor, "I have 4 kids."))


def test_leaving_one_employer_for_another_is_a_change(extractor: OfflineExtractor) -> None:
    fact = only(facts(extractor, "I left Google and joined Meta."), "works_at")
    assert (fact.object, fact.replaces, fact.operation) == ("Meta", "Google", Operation.add)


def test_used_to_like_then_prefer_ends_the_old_in_its_own_slot(extractor: OfflineExtractor) -> None:
    found = facts(extractor, "I used to like jazz; now I prefer classical music.")
    ended = [f for f in found if f.operation is Operation.end]
    assert [(f.predicate, f.object) for f in ended] == [("likes", "jazz")]
    new = only(found, "preferred_music")
    assert (new.object, new.replaces) == ("classical music", None)  # another slot: nothing to replace there


def test_used_to_then_now_in_one_slot_is_a_change(extractor: OfflineExtractor) -> None:
    (fact,) = facts(extractor, "I used to love bright neon outfits, but now I prefer earthy neutral tones.")
    assert (fact.predicate, fact.replaces, fact.operation) == ("style_preference", "bright neon outfits", Operation.add)


@pytest.mark.parametrize("text", ["I no longer like minimalism.", "I don't like minimalism anymore."])
def test_no_longer_ends_the_preference(extractor: OfflineExtractor, text: str) -> None:
    (fact,) = facts(extractor, text)
    assert fact.operation is Operation.end and fact.object == "minimalism"


def test_negation_never_yields_the_positive(extractor: OfflineExtractor) -> None:
    (fact,) = facts(extractor, "I don't have a car.")
    assert fact.negated and (fact.predicate, fact.object) == ("has", "car")
    (diet,) = facts(extractor, "I'm not vegetarian.")
    assert diet.negated and diet.predicate == "diet"


def test_plan_is_not_a_current_state(extractor: OfflineExtractor) -> None:
    (fact,) = facts(extractor, "I'm planning to move to Berlin next year.")
    assert fact.predicate == "planned_lives_in" and fact.object == "Berlin"
    assert "2027-01-01" in fact.text


def test_job_title_and_employer_from_one_sentence(extractor: OfflineExtractor) -> None:
    found = facts(extractor, "I work as a data engineer at Spotify.")
    assert only(found, "job_title").object == "data engineer"
    assert only(found, "works_at").object == "Spotify"


def test_assistant_question_gives_a_bare_answer_its_relation(extractor: OfflineExtractor) -> None:
    (fact,) = facts(extractor, ("assistant", "Where do you live now?"), ("user", "Berlin."))
    assert (fact.predicate, fact.object, fact.source_turn) == ("lives_in", "Berlin", 1)


def test_assistant_statements_are_context_not_facts(extractor: OfflineExtractor) -> None:
    found = facts(extractor, ("assistant", "You live in Paris and you love jazz."), ("user", "Actually, it's Lyon."))
    assert [(f.predicate, f.object, f.operation, f.replaces) for f in found] == [
        ("lives_in", "Lyon", Operation.correct, "Paris")]


def test_medication_is_a_safety_fact(extractor: OfflineExtractor) -> None:
    assert only(facts(extractor, "I take metformin."), "takes_medication").object == "metformin"


def test_extract_many_matches_extract_one_by_one(extractor: OfflineExtractor) -> None:
    texts = ["I'm 34.", "I'm married.", "I switched to iOS.", "Hello there!"]
    batched = extractor.extract_many([episode(t) for t in texts])
    single = [extractor.extract(episode(t)) for t in texts]
    assert batched == single
    assert [len(x.facts) for x in batched] == [1, 1, 1, 0]


def test_missing_models_raise_an_error_naming_them() -> None:
    with pytest.raises(MissingDependencyError, match="no_such_model_a, no_such_model_b"):
        load_english(("no_such_model_a", "no_such_model_b"))


def test_we_statements_are_about_the_user(extractor: OfflineExtractor) -> None:
    fact = only(facts(extractor, "We relocated to Vancouver two weeks ago."), "lives_in")
    assert fact.object == "Vancouver" and fact.valid_from == datetime(2026, 4, 22, tzinfo=UTC)


def test_forget_picks_the_most_specific_target(extractor: OfflineExtractor) -> None:
    (fact,) = facts(extractor, "Please forget my email address.")
    assert (fact.operation, fact.predicate) == (Operation.forget, "email")


@pytest.mark.parametrize(("text", "predicate", "named"), [
    ("Actually, forget my email address.", "email", "email address"), ("Sorry, forget my phone number.", "phone", ""),
    ("Forget my ID.", "identity_number", "ID"),
])
def test_a_slot_named_forget_reads_every_lead_in_and_slot_word_of_a_request(extractor: OfflineExtractor, text: str,
                                                                         predicate: str, named: str) -> None:
    # The words both forget readers share (extraction/forget_words.py): one list of lead-ins, one of slot words;
    # a sealed slot keeps the words it was named by (forget_words.SEALED_SLOTS).
    (fact,) = facts(extractor, text)
    assert (fact.operation, fact.predicate, fact.object) == (Operation.forget, predicate, named)


def test_attribute_sentences_name_their_slot(extractor: OfflineExtractor) -> None:
    assert only(facts(extractor, "My favourite colour is emerald green."), "preferred_colour").object == "emerald green"
    assert only(facts(extractor, "My name is Priya."), "name").object == "Priya"


def test_generic_wish_is_a_plan_not_a_state(extractor: OfflineExtractor) -> None:
    (fact,) = facts(extractor, "I want to learn Japanese.")
    assert (fact.predicate, fact.object) == ("plans_to", "learn Japanese")


def test_intransitive_denial_is_negated(extractor: OfflineExtractor) -> None:
    (fact,) = facts(extractor, "I don't smoke.")
    assert fact.negated and fact.text == "user does not smoke"


def test_evaluation_corpus_passes_its_own_checks() -> None:
    """The labelled corpus in evals/ stays green: a rule change that breaks a case shows here."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "evals" / "extraction.py"
    spec = importlib.util.spec_from_file_location("eval_extraction", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    report = module.run(out=None)
    assert report["rows"] >= 60 and report["share"] >= 0.95, report["failures"]


def test_relation_types_its_object_when_no_list_knows_the_name(extractor: OfflineExtractor) -> None:
    fact = only(facts(extractor, "I moved to Tromsø last year."), "lives_in")
    assert fact.object == "Tromsø" and fact.object_type is EntityType.place


def test_statistical_ner_is_optional_and_agrees_on_the_facts(extractor: OfflineExtractor) -> None:
    with_ner = OfflineExtractor(nlp=extractor.nlp, ner=True)
    text = episode("My friend Omar lives in Cairo. He is a dentist.")
    keys = [[(f.subject, f.predicate, f.object) for f in x.extract(text).facts] for x in (extractor, with_ner)]
    assert keys[0] == keys[1] and ("Omar", "job_title", "dentist") in keys[0]


@pytest.mark.parametrize("text", [
    "Sounds great, John!", "Got your back!", "We really need to do something about it.",
    "I'm sure you'll succeed!", "Ugh, that's so frustrating.", "What do you think about Berlin?",
    "I have faith in you!", "I've had quite the adventure!", "We'll rock the dance floor!",
    "I love the color and texture.", "I gotta tell you about this thing with my biz.",
])
def test_chit_chat_yields_no_facts(extractor: OfflineExtractor, text: str) -> None:
    assert facts(extractor, text) == []


def test_a_hedge_in_one_clause_hedges_the_rest_of_the_sentence(extractor: OfflineExtractor) -> None:
    (fact,) = facts(extractor, "I'm not sure, but I'm allergic to latex.")
    assert fact.predicate == "allergic_to" and fact.hedged and not fact.negated


def test_past_events_are_hinted_episodic(extractor: OfflineExtractor) -> None:
    (fact,) = facts(extractor, "We won a trophy last weekend.")
    assert (fact.predicate, fact.object, fact.memory_type) == ("wins", "trophy", MemoryType.episodic)


def test_naive_reference_time_is_taken_as_utc(extractor: OfflineExtractor) -> None:
    (fact,) = extractor.extract(episode("I moved to Lyon last month.", reference=datetime(2026, 5, 6, 12))).facts
    assert fact.valid_from == datetime(2026, 4, 1, tzinfo=UTC)


@pytest.mark.parametrize("text", ["", "   ", "...", "Ich wohne in Berlin.", "Forget", "Actually,", "my"])
def test_empty_or_foreign_text_yields_nothing_and_does_not_fail(extractor: OfflineExtractor, text: str) -> None:
    assert facts(extractor, text) == []


def test_a_statement_repeated_in_one_message_is_proposed_once(extractor: OfflineExtractor) -> None:
    assert len(facts(extractor, "I live in Berlin. I live in Berlin. I live in Berlin.")) == 1


def test_past_state_is_closed_where_the_next_one_begins(extractor: OfflineExtractor) -> None:
    found = facts(extractor, "I moved to Hangzhou last month; before that I lived in Shanghai.")
    old = next(f for f in found if f.object == "Shanghai")
    new = next(f for f in found if f.object == "Hangzhou")
    assert old.valid_until == new.valid_from == datetime(2026, 4, 1, tzinfo=UTC)
    assert old.operation is Operation.end  # no start known: it closes what the memory holds, if anything


def test_bare_past_tense_state_is_not_current(extractor: OfflineExtractor) -> None:
    (fact,) = facts(extractor, "I worked at IBM in 2019.")
    assert (fact.valid_from, fact.valid_until) == (datetime(2019, 1, 1, tzinfo=UTC), datetime(2020, 1, 1, tzinfo=UTC))


def test_short_reply_ends_what_the_assistant_recalled(extractor: OfflineExtractor) -> None:
    (fact,) = facts(extractor, ("assistant", "You mentioned you work at Google."), ("user", "Not anymore, I left last month."))
    assert (fact.operation, fact.predicate, fact.object) == (Operation.end, "works_at", "Google")
    assert fact.valid_until == datetime(2026, 4, 1, tzinfo=UTC)


def test_answer_to_a_preference_question_names_the_category(extractor: OfflineExtractor) -> None:
    (fact,) = facts(extractor, ("assistant", "Do you prefer tea or coffee?"), ("user", "Coffee, definitely."))
    assert (fact.predicate, fact.object, fact.memory_type) == ("preferred_drink", "Coffee", MemoryType.preference)


def test_busy_until_a_day_is_a_task_ending_that_day(extractor: OfflineExtractor) -> None:
    (fact,) = facts(extractor, "Until Friday I'm busy with the quarterly audit.")
    assert fact.memory_type is MemoryType.task and fact.task_until == datetime(2026, 5, 9, tzinfo=UTC)
    assert fact.text == "user is busy with the quarterly audit"


def test_tag_question_and_lead_in_do_not_leak_into_objects(extractor: OfflineExtractor) -> None:
    (fact,) = facts(extractor, ("assistant", "You're a vegetarian, right?"), ("user", "No, I'm pescatarian."))
    assert (fact.predicate, fact.object, fact.operation, fact.replaces) == (
        "diet", "pescatarian", Operation.correct, "vegetarian")


def test_swapping_one_thing_for_another_is_a_change(extractor: OfflineExtractor) -> None:
    (fact,) = facts(extractor, "I swapped my Windows laptop for a MacBook.")
    assert (fact.object, fact.replaces) == ("MacBook", "Windows laptop")


def test_going_somewhere_is_not_a_preference(extractor: OfflineExtractor) -> None:
    found = facts(extractor, "I went to a LGBTQ support group yesterday.")
    assert not any(f.predicate.startswith("preferred_") or f.predicate == "likes" for f in found)


def test_joining_a_club_is_membership_not_employment(extractor: OfflineExtractor) -> None:
    (fact,) = facts(extractor, "Last night I joined a fantasy literature forum.")
    assert (fact.predicate, fact.object) == ("member_of", "fantasy literature forum")


@pytest.mark.parametrize(("text", "expected"), [
    ("My birthday is on 3 May.", [("birthday", "3 May")]),
    ("Call me Jay.", [("name", "Jay")]),
    ("I have a sister named Julia.", [("has_sister", "Julia")]),
    ("I'm a 28-year-old designer.", [("age", "28"), ("job_title", "designer")]),
    ("I was born in 1990.", [("birth_year", "1990")]),
    ("My email is jane.doe@example.com.", [("email", "jane.doe@example.com")]),
])
def test_personal_details_name_their_slot(extractor: OfflineExtractor, text: str, expected: list[tuple[str, str]]) -> None:
    found = facts(extractor, text)
    assert [(f.predicate, f.object) for f in found] == expected
    # a birthday's date is its value, not its start: the fact holds from when it was said (issue 12)
    assert all(f.valid_from == REF for f in found)


def test_quitting_a_habit_ends_it(extractor: OfflineExtractor) -> None:
    (fact,) = facts(extractor, "I quit smoking last year.")
    assert (fact.predicate, fact.object, fact.operation) == ("activity", "smoking", Operation.end)


@pytest.mark.parametrize(("text", "expected"), [
    ("i moved to berlin last month. i like jazz", [("lives_in", "berlin"), ("likes", "jazz")]),
    ("im 34", [("age", "34")]),
    ("i m a nurse", [("job_title", "nurse")]),
    ("I visited St. Mary hospital. My sister is a nurse.", [("visits", "St. Mary hospital"), ("job_title", "nurse")]),
])
def test_chat_spelling_and_abbreviations_are_read(extractor: OfflineExtractor, text: str,
                                                  expected: list[tuple[str, str]]) -> None:
    assert [(f.predicate, f.object) for f in facts(extractor, text)] == expected


def test_seeing_someone_is_a_relationship_but_seeing_a_doctor_is_not(extractor: OfflineExtractor) -> None:
    assert [(f.predicate, f.object) for f in facts(extractor, "I'm seeing someone.")] == [
        ("relationship_status", "in a relationship")]
    assert not any(f.predicate.startswith("relationship") for f in facts(extractor, "I saw Dr. Lee today."))


def test_a_known_name_the_tokenizer_splits_is_still_labelled(extractor: OfflineExtractor) -> None:
    doc = extractor.nlp("These days I write C# and Python at work.")
    assert {(ent.text, ent.label_) for ent in doc.ents} >= {("C#", "PROG_LANG"), ("Python", "PROG_LANG")}


def test_passing_is_no_death_and_passing_away_is(extractor: OfflineExtractor) -> None:
    assert all(f.predicate != "life_event" for f in facts(extractor, "I passed!"))
    (event,) = [f for f in facts(extractor, "My grandma passed away last week.") if f.predicate == "life_event"]
    assert event.object == "passed away"
