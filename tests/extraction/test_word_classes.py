"""Readings that come from whole word classes and chat constructions (round 21 of issue 12):
kin and trade words, health conditions said as adjectives, foods the small tagger misreads,
skills, diagnoses, "nothing beats X", announced changes, a relative's name, dropped "I",
exclamations that are no denial. Through the real spaCy model; the store where it is about
closing or correcting a record."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kronograph import Memory
from kronograph.extraction.base import CandidateFact, EpisodeInput, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.model import MemoryType, Scope

REF = datetime(2026, 6, 10, 9, 0, tzinfo=UTC)  # a Wednesday


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def facts(extractor: OfflineExtractor, *turns: Turn | str) -> list[CandidateFact]:
    items = [Turn(content=t) if isinstance(t, str) else t for t in turns]
    return extractor.extract(EpisodeInput(turns=items, reference_time=REF, scope=Scope(user_id="u"))).facts


def keys(found: list[CandidateFact]) -> set[tuple[str, str, str]]:
    return {(f.subject, f.predicate, f.object) for f in found}


@pytest.mark.parametrize(("text", "subject", "predicate", "value"), [
    ("My grandad loves fly fishing.", "user's grandfather", "likes", "fly fishing"),
    ("My nan still lives in the same house in Swansea.", "user's grandmother", "lives_in", "Swansea"),
    ("Sara, my best mate, works as a vet.", "Sara", "job_title", "vet"),
    ("My stepdad is a plumber.", "user's stepfather", "job_title", "plumber"),
    ("I'm a night-shift security guard at a hospital downtown.", "user", "job_title", "night-shift security guard"),
    ("I work as a lorry driver, mostly long-haul.", "user", "job_title", "lorry driver"),
])
def test_kin_and_trade_words_name_the_subject_and_the_job(extractor: OfflineExtractor, text: str, subject: str,
                                                          predicate: str, value: str) -> None:
    assert (subject, predicate, value) in keys(facts(extractor, text))


@pytest.mark.parametrize(("text", "value", "hedged"), [
    ("I think I might be anaemic.", "anaemic", True),
    ("I'm diabetic, so I keep snacks in my bag.", "diabetic", False),
    ("My GP confirmed it's type 2 diabetes.", "type 2 diabetes", False),
    ("The specialist diagnosed me with endometriosis last month.", "endometriosis", False),
])
def test_health_conditions_are_a_sensitive_fact_of_the_speaker(extractor: OfflineExtractor, text: str, value: str,
                                                               hedged: bool) -> None:
    found = [f for f in facts(extractor, text) if f.predicate == "medical_condition"]
    assert [(f.subject, f.object, f.hedged, f.sensitive_kind) for f in found] == [("user", value, hedged, "health")]


def test_a_diagnosis_needs_someone_who_would_know(extractor: OfflineExtractor) -> None:
    assert not [f for f in facts(extractor, "My friend said it's a phase.") if f.predicate == "medical_condition"]


@pytest.mark.parametrize(("text", "predicate", "value"), [
    ("I can't eat gluten.", "eats", "gluten"),
    ("I can't have dairy, it wrecks me.", "eats", "dairy"),
    ("I never learned to drive.", "can", "drive"),
    ("I don't know how to cook, I live on takeaways.", "can", "cook"),
    ("I'm not on any medication right now.", "takes_medication", "medication"),
    ("I don't smoke, never have.", "activity", "smoke"),
])
def test_denials_of_foods_skills_and_habits(extractor: OfflineExtractor, text: str, predicate: str, value: str) -> None:
    found = [f for f in facts(extractor, text) if f.object == value]
    assert [(f.predicate, f.negated) for f in found] == [(predicate, True)]


@pytest.mark.parametrize(("text", "value"), [
    ("Nothing beats a long walk by the sea for me.", "long walk by the sea"),
    ("For me nothing beats a cold pint in a beer garden.", "cold pint in a beer garden"),
    ("Honestly nothing compares to a hot bath after a long shift.", "hot bath after a long shift"),
])
def test_nothing_beats_x_is_a_taste(extractor: OfflineExtractor, text: str, value: str) -> None:
    found = facts(extractor, text)
    assert [(f.predicate, f.memory_type) for f in found if value.startswith(f.object)] == [
        ("likes", MemoryType.preference)]


@pytest.mark.parametrize("text", [
    "I switched careers last year, I'm a paramedic now.",
    "I changed jobs in February.",
    "I handed in my notice today.",
])
def test_news_of_a_change_is_not_an_event(extractor: OfflineExtractor, text: str) -> None:
    assert not [f for f in facts(extractor, text) if f.memory_type is MemoryType.episodic]


def test_a_relatives_name_and_its_correction(extractor: OfflineExtractor) -> None:
    assert ("user", "has_sister", "Maya") in keys(facts(extractor, "My sister's name is Maya."))
    found = facts(extractor, "Let me correct myself: my partner's name is Sam, not Sean.")
    corrected = [(f.predicate, f.object, f.replaces) for f in found if f.operation.value == "correct"]
    assert corrected == [("partner", "Sam", "Sean")]


@pytest.mark.parametrize(("text", "until"), [
    ("Need to book the dentist today, my tooth is killing me.", datetime(2026, 6, 11, tzinfo=UTC)),
    ("gotta renew my passport this week", datetime(2026, 6, 15, tzinfo=UTC)),
    ("I'm busy today prepping slides for tomorrow's pitch.", datetime(2026, 6, 11, tzinfo=UTC)),
])
def test_a_task_without_its_i_is_bounded_by_the_first_time_said(extractor: OfflineExtractor, text: str,
                                                                until: datetime) -> None:
    (task,) = [f for f in facts(extractor, text) if f.memory_type is MemoryType.task]
    assert task.task_until == until


@pytest.mark.parametrize(("text", "value", "month"), [
    ("I'm going back to school in September to do a nursing degree.", "school", 9),
    ("We're heading to Crete in July.", "Crete", 7),
    ("My sister and I are going to Vienna next month.", "Vienna", 7),
])
def test_a_progressive_with_a_future_time_is_a_plan(extractor: OfflineExtractor, text: str, value: str,
                                                    month: int) -> None:
    found = [f for f in facts(extractor, text) if value in f.object or value in f.text]
    assert found and all(f"(from 2026-{month:02d}-01" in f.text for f in found), [f.text for f in found]
    assert not any(f.predicate == "lives_in" for f in found)


def test_a_hedge_with_its_own_i_am_lifts_off_whole(extractor: OfflineExtractor) -> None:
    found = facts(extractor, "I'm pretty sure my cousin works at NASA.")
    assert [(f.subject, f.predicate, f.object, f.hedged) for f in found] == [
        ("user's cousin", "works_at", "NASA", True)]


def test_an_exclamation_is_no_denial_of_the_other_speaker(extractor: OfflineExtractor) -> None:
    found = facts(extractor, Turn(role="user", name="Chris", content="I play bass in a band."),
                  Turn(role="user", name="Dee", content="No way, I'm a drummer!"))
    assert {("Chris", "plays", "bass"), ("Dee", "job_title", "drummer")} <= keys(found)
    assert not [f for f in found if f.operation.value == "correct"]


@pytest.mark.parametrize(("text", "value"), [
    ("Possibly allergic to cats, my eyes get itchy around them.", "cats"),
    ("I'm in Tucson!", "Tucson"),
])
def test_chat_clauses_said_of_the_speaker(extractor: OfflineExtractor, text: str, value: str) -> None:
    assert [f.subject for f in facts(extractor, text) if f.object == value] == ["user"]


def test_a_plain_visit_is_not_a_home(extractor: OfflineExtractor) -> None:
    for said in ("I'm in Rome next week for work.", "I'm in Tucson for a conference.",
                 "I'm in Leeds visiting my gran."):
        assert not [f for f in facts(extractor, said) if f.predicate == "lives_in"], said
    for said in ("I'm in Tucson now.", "I'm in Grenoble!", "We're in Brighton now."):
        assert [f.object for f in facts(extractor, said) if f.predicate == "lives_in"], said


def test_leaving_an_employer_no_list_knows_closes_the_record(mem: Memory) -> None:
    mem.add("I work at Barclays.", user_id="u", reference_time=datetime(2026, 1, 5, tzinfo=UTC))
    mem.add("I'm no longer at Barclays.", user_id="u", reference_time=datetime(2026, 3, 2, tzinfo=UTC))
    assert mem.facts(user_id="u", predicate="works_at") == []
    held = mem.facts(user_id="u", predicate="works_at", as_of=datetime(2026, 2, 1, tzinfo=UTC))
    assert [f.object for f in held] == ["Barclays"]


def test_a_corrected_name_replaces_the_wrong_one_in_the_store(mem: Memory) -> None:
    mem.add("My partner's name is Sean.", user_id="u", reference_time=datetime(2026, 1, 5, tzinfo=UTC))
    mem.add("Sorry, my partner's name is Sam, not Sean.", user_id="u", reference_time=datetime(2026, 1, 6, tzinfo=UTC))
    assert [f.object for f in mem.facts(user_id="u", predicate="partner")] == ["Sam"]


@pytest.mark.parametrize(("split", "share"), [("dev2", 0.88), ("dev3", 0.85)])
def test_the_later_dev_splits_stay_green(split: str, share: float) -> None:
    """dev2 and dev3 (tuned on) keep their level: a rule change that breaks a case shows here."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "evals" / "extraction.py"
    spec = importlib.util.spec_from_file_location("eval_extraction_splits", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    report = module.run(path.parent / module.SPLITS[split], out=None)
    assert report["share"] >= share, [f["id"] for f in report["failures"]]
