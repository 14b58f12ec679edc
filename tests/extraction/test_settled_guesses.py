"""A guess or a pending matter settled later ("the doctor confirmed it", "it's official", "the scan
came back") becomes certain on its own slot; a matter still awaited, or a finding about something
else, settles nothing. Through the real offline extractor (spaCy + rules)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kronograph.extraction.base import CandidateFact
from kronograph.extraction.offline import OfflineExtractor

from .reading import facts as read

REF = datetime(2026, 4, 2, 9, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def facts(extractor: OfflineExtractor, *turns: str) -> list[CandidateFact]:
    return read(extractor, *turns, reference=REF)


@pytest.mark.parametrize(("turns", "predicate", "value"), [
    (("I reckon I got the job at Arup.", "Yep, it's official, I got the job!"), "works_at", "Arup"),
    (("I think I got the role at Ocado.", "Accepted the offer this morning!"), "works_at", "Ocado"),
    (("I might be allergic to latex.", "The allergist confirmed it."), "allergic_to", "latex"),
    (("I suspected I might be allergic to kiwi, and the GP confirmed it.",), "allergic_to", "kiwi"),
    (("I might be allergic to walnuts and my doctor confirmed it today.",), "allergic_to", "walnuts"),
    (("Maybe I'm lactose intolerant.", "The tests came back and yes, I'm lactose intolerant."), "diet", "lactose intolerant"),
    (("I'll probably get the flat in Hackney.", "It's official, we signed the lease on the flat in Hackney."),
     "planned_lives_in", "Hackney"),
])
def test_a_settled_guess_is_certain(extractor: OfflineExtractor, turns: tuple[str, ...], predicate: str,
                                    value: str) -> None:
    found = [f for f in facts(extractor, *turns) if f.predicate == predicate and f.object == value]
    assert found and not any(f.hedged for f in found[-1:]), [(f.predicate, f.object, f.hedged) for f in found]
    assert any(not f.hedged and f.source_turn == len(turns) - 1 for f in found)


@pytest.mark.parametrize("settling", [
    "It's not confirmed yet.",
    "Once it's confirmed I'll let you know.",
    "The doctor will confirm it next week.",
    "My brother came back from Spain.",
    "Turns out I'm allergic to dogs.",
    "I was diagnosed with asthma.",
    "Hoping the results come back soon.",
])
def test_what_is_awaited_or_about_something_else_settles_nothing(extractor: OfflineExtractor, settling: str) -> None:
    found = [f for f in facts(extractor, "I might be allergic to cats.", settling) if f.object == "cats"]
    assert found and all(f.hedged for f in found), [(f.predicate, f.object, f.hedged) for f in found]


@pytest.mark.parametrize(("text", "value"), [
    ("The ultrasound came back and it's a cyst.", "cyst"),
    ("Bloods came back: definitely anaemic.", "anaemic"),
    ("The neurologist confirmed it, it's migraine.", "migraine"),
])
def test_a_finding_said_after_a_test_is_a_certain_diagnosis(extractor: OfflineExtractor, text: str, value: str) -> None:
    found = [f for f in facts(extractor, text) if value in f.object]
    assert found and not any(f.hedged or f.negated for f in found), found


@pytest.mark.parametrize("text", [
    "The vet confirmed it, it's a cyst.",
    "The test came back and it's negative.",
    "The scan came back and it's fine.",
])
def test_a_pets_finding_or_a_clear_result_diagnoses_nothing(extractor: OfflineExtractor, text: str) -> None:
    assert not [f for f in facts(extractor, text) if f.predicate in {"is_diagnosed_with", "medical_condition"}]


def test_a_home_said_to_be_ours_is_owned(extractor: OfflineExtractor) -> None:
    got = [(f.predicate, f.object) for f in facts(extractor, "Keys collected, the cottage in Kendal is officially ours!")]
    assert [o for _, o in got if "Kendal" in o] == ["cottage in Kendal"], got
