"""MemoryPolicy decisions, without a store: candidates and held records in, verdicts out."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from pydantic import ValidationError

from kronograph import MemoryPolicy, PolicyConfig, UsageError
from kronograph.extraction.base import CandidateFact, Operation
from kronograph.model import Fact, MemoryType, Sensitivity
from kronograph.policy import DEFAULT_POLICY, ENCRYPT_SENSITIVE, Action, PolicyContext, SensitiveMode

NOW = datetime(2026, 5, 6, 12, 0, tzinfo=UTC)


def held(predicate: str, obj: str, *, confidence: float = 0.9, fact_id: str = "f1",
         valid_from: datetime = datetime(2025, 1, 1, tzinfo=UTC), memory_type: MemoryType = MemoryType.fact) -> Fact:
    return Fact(id=fact_id, user_id="u1", subject="user", predicate=predicate, object=obj,
                text=f"user {predicate} {obj}", valid_from=valid_from, recorded_at=valid_from,
                confidence=confidence, memory_type=memory_type)


def ctx(*records: Fact, role: str = "user", run_id: str | None = None, hint: str | None = None) -> PolicyContext:
    return PolicyContext(now=NOW, reference_time=NOW, run_id=run_id, role=role, records=records, hint=hint)


def fact(predicate: str, obj: str, **kw: object) -> CandidateFact:
    return CandidateFact(predicate=predicate, object=obj, text=f"user {predicate} {obj}", **kw)  # type: ignore[arg-type]


policy = MemoryPolicy()


def test_a_hedge_becomes_a_hypothesis_below_half_confidence_that_lapses_in_30_days() -> None:
    v = policy.decide(fact("lives_in", "Lisbon", hedged=True), ctx())
    assert v.action is Action.write
    assert v.memory_type is MemoryType.hypothesis
    assert v.confidence < 0.5
    assert v.expires_at == NOW + timedelta(days=30)
    assert v.text == "unconfirmed: user lives_in Lisbon"


def test_a_possible_allergy_stays_uncertain_and_never_lapses() -> None:
    v = policy.decide(fact("allergic_to", "penicillin", hedged=True), ctx())
    assert v.memory_type is MemoryType.hypothesis
    assert v.confidence < 0.5
    assert v.expires_at is None
    assert v.text == "unconfirmed: user allergic_to penicillin"
    worded = CandidateFact(predicate="likes", object="tea", text="user might like tea", hedged=True)
    assert policy.decide(worded, ctx()).text is None


def test_a_hedge_is_never_stored_as_certain_even_when_the_extractor_says_so() -> None:
    v = policy.decide(fact("lives_in", "Berlin", hedged=True, confidence=0.95), ctx())
    assert v.confidence <= DEFAULT_POLICY.hedged_confidence < 0.5


def test_a_plain_statement_gets_the_stated_confidence_and_no_expiry() -> None:
    v = policy.decide(fact("works_at", "Acme"), ctx())
    assert (v.memory_type, v.confidence, v.expires_at) == (MemoryType.fact, 0.9, None)
    assert v.importance == DEFAULT_POLICY.core_importance


def test_task_context_expires_at_the_end_of_its_period_and_is_bound_to_the_run() -> None:
    week_end = datetime(2026, 5, 11, tzinfo=UTC)
    v = policy.decide(fact("working_on_task", "Google Cloud trial credits", task_until=week_end),
                      ctx(run_id="run-7"))
    assert v.memory_type is MemoryType.task
    assert v.expires_at == week_end
    assert v.run_id == "run-7"


def test_task_context_without_a_period_lasts_seven_days() -> None:
    v = policy.decide(fact("task", "fix Docker", memory_type=MemoryType.task), ctx())
    assert v.expires_at == NOW + timedelta(days=7)
    assert v.run_id is None


def test_long_term_facts_are_not_bound_to_the_run() -> None:
    assert policy.decide(fact("lives_in", "Hangzhou"), ctx(run_id="run-7")).run_id is None


def test_likes_and_styles_are_preferences() -> None:
    assert policy.decide(fact("likes", "jazz"), ctx()).memory_type is MemoryType.preference
    assert policy.decide(fact("style_preference", "retro"), ctx()).memory_type is MemoryType.preference
    assert policy.decide(fact("preferred_editor", "vim"), ctx()).memory_type is MemoryType.preference


def test_safety_critical_facts_are_kept_and_matter_most() -> None:
    v = policy.decide(fact("allergic_to", "peanuts", sensitive_kind="health"), ctx())
    assert v.action is Action.write
    assert v.importance == DEFAULT_POLICY.safety_critical_importance
    assert v.sensitivity is Sensitivity.personal


def test_sensitive_values_are_refused_by_default_with_a_reason_naming_the_kind() -> None:
    v = policy.decide(fact("card_number", "4111 1111 1111 1111"), ctx())
    assert v.action is Action.skip
    assert "card_number" in (v.reason or "")
    assert "4111" not in (v.reason or "")


def test_a_diagnosis_is_health_data_and_refused() -> None:
    v = policy.decide(CandidateFact(predicate="has_condition", object="diabetes",
                                    text="user was diagnosed with diabetes"), ctx())
    assert v.action is Action.skip
    assert v.sensitive_kinds == ("health",)


def test_already_redacted_text_is_recognised_as_sensitive() -> None:
    v = policy.decide(fact("lives_at", "[redacted:address]"), ctx())
    assert v.action is Action.skip and "address" in v.sensitive_kinds


def test_encrypt_mode_seals_sensitive_values_with_a_short_ttl() -> None:
    sealed = MemoryPolicy(ENCRYPT_SENSITIVE)
    v = sealed.decide(fact("address", "42 Baker Street"), ctx())
    assert v.action is Action.write and v.seal
    assert v.sensitivity is Sensitivity.sensitive
    assert v.expires_at == NOW + ENCRYPT_SENSITIVE.sensitive_ttl


def test_what_the_assistant_says_is_context_not_a_fact() -> None:
    v = policy.decide(fact("lives_in", "Paris"), ctx(role="assistant"))
    assert v.action is Action.skip and "assistant" in (v.reason or "")


def test_an_empty_value_is_refused() -> None:
    assert policy.decide(fact("likes", " "), ctx()).action is Action.skip


def test_a_paraphrase_of_a_held_value_is_written_as_that_value() -> None:
    v = policy.decide(fact("style_preference", "black and white minimalism"),
                      ctx(held("style_preference", "Black-and-white minimalism")))
    assert v.action is Action.write
    assert v.object == "Black-and-white minimalism"


def test_paraphrased_predicates_fold_into_one() -> None:
    assert policy.decide(fact("enjoys", "jazz"), ctx()).predicate == "likes"
    assert policy.decide(fact("works_for", "Acme"), ctx()).predicate == "works_at"


def test_a_hedge_never_closes_a_safety_critical_fact() -> None:
    allergy = held("allergic_to", "penicillin")
    for candidate in (
        fact("allergic_to", "penicillin", hedged=True, operation=Operation.end),
        fact("allergic_to", "penicillin", hedged=True, negated=True),
        fact("allergic_to", "amoxicillin", hedged=True, operation=Operation.correct, replaces="penicillin"),
    ):
        v = policy.decide(candidate, ctx(allergy))
        assert v.action is Action.skip, candidate
        assert "safety-critical" in (v.reason or "")


def test_a_certain_statement_may_end_a_safety_critical_fact() -> None:
    allergy = held("allergic_to", "penicillin")
    v = policy.decide(fact("allergic_to", "penicillin", operation=Operation.end), ctx(allergy))
    assert v.action is Action.end and v.targets == (allergy,)


def test_a_hedge_does_not_replace_a_more_certain_single_value() -> None:
    v = policy.decide(fact("lives_in", "Berlin", hedged=True), ctx(held("lives_in", "Hangzhou")))
    assert v.action is Action.skip


def test_a_hedge_may_replace_another_hypothesis() -> None:
    guess = held("lives_in", "Hangzhou", confidence=0.3, memory_type=MemoryType.hypothesis)
    assert policy.decide(fact("lives_in", "Berlin", hedged=True), ctx(guess)).action is Action.write


def test_a_negation_ends_the_held_fact() -> None:
    likes = held("likes", "minimalism")
    v = policy.decide(fact("likes", "minimalism", negated=True), ctx(likes))
    assert v.action is Action.end and v.targets == (likes,)


def test_an_end_naming_part_of_the_held_value_ends_it() -> None:
    dose = held("takes_medication", "20mg of lisinopril")
    v = policy.decide(fact("takes_medication", "lisinopril", operation=Operation.end), ctx(dose))
    assert v.action is Action.end and v.targets == (dose,)


def test_a_negation_with_nothing_held_is_kept_as_a_negative_fact() -> None:
    v = policy.decide(fact("has", "car", negated=True), ctx())
    assert v.action is Action.write and v.predicate == "not_has"


def test_an_end_of_something_never_told_records_it_as_past() -> None:
    v = policy.decide(fact("likes", "coffee", operation=Operation.end), ctx())
    assert v.action is Action.write
    assert v.valid_from is not None and v.valid_from.year == 1970 and v.valid_until == NOW


def test_a_correction_names_what_it_replaces() -> None:
    v = policy.decide(fact("current_project", "iOS app", operation=Operation.correct, replaces="Android app"),
                      ctx(held("current_project", "Android app")))
    assert v.action is Action.write
    assert v.correction and v.replaces == "Android app"


def test_a_correction_read_under_another_predicate_corrects_the_fact_that_holds_the_wrong_value() -> None:
    project = held("current_project", "Android app", fact_id="p1")
    context = PolicyContext(now=NOW, reference_time=NOW, related=(project,))
    v = policy.decide(fact("uses_os", "iOS", operation=Operation.correct, replaces="Android"), context)
    assert (v.predicate, v.object, v.replaces, v.correction) == ("current_project", "iOS app", "Android app", True)


def test_an_ambiguous_cross_slot_correction_stays_in_its_own_slot() -> None:
    related = (held("current_project", "Android app", fact_id="p1"), held("uses_os", "Android phone", fact_id="p2"))
    v = policy.decide(fact("owns", "iPhone", operation=Operation.correct, replaces="Android"),
                      PolicyContext(now=NOW, reference_time=NOW, related=related))
    assert v.predicate == "owns"


def test_a_change_whose_old_value_is_unknown_records_it_as_the_prior_value() -> None:
    v = policy.decide(fact("lives_in", "Hangzhou", replaces="Shanghai"), ctx())
    assert v.prior == "Shanghai"


def test_a_change_in_a_multi_valued_slot_closes_the_replaced_value() -> None:
    old = held("likes", "minimalism")
    v = policy.decide(fact("likes", "retro colours", replaces="minimalism"), ctx(old))
    assert v.close == (old,)


def test_a_forget_request_reaches_every_predicate_of_its_group() -> None:
    assert {"address", "lives_at", "home_address"} <= policy.forget_predicates(
        CandidateFact(predicate="address", text="forget the address", operation=Operation.forget))
    address = held("address", "42 Baker Street")
    v = policy.decide(CandidateFact(predicate="address", text="forget", operation=Operation.forget), ctx(address))
    assert v.action is Action.forget and v.targets == (address,)


def test_a_forget_request_names_a_value_whatever_apostrophe_either_was_written_with() -> None:
    flat = held("lives_in", "Kestovar's flat", fact_id="flat")
    hotel = held("lives_in", "the Grand hotel", fact_id="hotel")
    for said in ("Kestovar’s flat", "Kestovar's flat"):
        v = policy.decide(CandidateFact(predicate="lives_in", object=said, text=f"forget {said}",
                                        operation=Operation.forget), ctx(flat, hotel))
        assert v.action is Action.forget and v.targets == (flat,), said


def test_a_forget_request_with_nothing_held_says_so() -> None:
    v = policy.decide(CandidateFact(predicate="phone", text="forget", operation=Operation.forget), ctx())
    assert v.action is Action.skip and "nothing" in (v.reason or "")


def test_hints_are_followed_only_for_ids_of_the_slot() -> None:
    android = held("current_project", "Android app", fact_id="abc")
    corrected = policy.decide(fact("current_project", "iOS app"), ctx(android, hint="corrects:abc"))
    assert corrected.correction and corrected.replaces == "Android app"
    ignored = policy.decide(fact("current_project", "iOS app"), ctx(android, hint="corrects:unknown"))
    assert not ignored.correction
    dup = policy.decide(fact("current_project", "the android app thing"), ctx(android, hint="duplicate:abc"))
    assert dup.object == "Android app"
    ended = policy.decide(fact("current_project", "Android app"), ctx(android, hint="ends:abc"))
    assert ended.action is Action.end


def test_a_supersedes_hint_closes_a_value_in_a_multi_valued_slot() -> None:
    old = held("likes", "minimalism", fact_id="m1")
    v = policy.decide(fact("likes", "retro colours"), ctx(old, hint="supersedes:m1"))
    assert v.close == (old,)


def test_rules_can_be_replaced_by_callables() -> None:
    custom = MemoryPolicy(importance=lambda c, context, memory_type: 0.11,
                          refusal=lambda c, context: "no pets" if c.object == "cat" else None)
    assert custom.decide(fact("likes", "jazz"), ctx()).importance == 0.11
    assert custom.decide(fact("likes", "cat"), ctx()).reason == "no pets"


def test_rules_can_be_replaced_by_subclassing() -> None:
    class ShortTasks(MemoryPolicy):
        def expires_at(self, candidate: CandidateFact, context: PolicyContext, *,
                       memory_type: MemoryType) -> datetime | None:
            return context.now + timedelta(hours=1)

    assert ShortTasks().decide(fact("likes", "jazz"), ctx()).expires_at == NOW + timedelta(hours=1)


def test_an_unknown_rule_name_is_a_usage_error_naming_it() -> None:
    with pytest.raises(UsageError, match="importanse"):
        MemoryPolicy(importanse=lambda c, context: 0.1)


def test_presets_are_frozen_and_derived_by_copy() -> None:
    with pytest.raises(ValidationError):
        DEFAULT_POLICY.task_ttl = timedelta(days=1)  # type: ignore[misc]
    derived = DEFAULT_POLICY.model_copy(update={"task_ttl": timedelta(days=3)})
    assert derived.task_ttl == timedelta(days=3) and DEFAULT_POLICY.task_ttl == timedelta(days=7)
    assert PolicyConfig(sensitive_mode="encrypt").sensitive_mode is SensitiveMode.encrypt  # type: ignore[arg-type]


def test_a_hedged_confidence_of_half_or_more_is_rejected_by_the_config() -> None:
    with pytest.raises(ValidationError, match="hedged_confidence"):
        PolicyConfig(hedged_confidence=0.5)
