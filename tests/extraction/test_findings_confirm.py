"""A finding reported by whoever would know it (a test, a scan, a doctor, a clinic) in any of the
verbs they report by ("showed", "found", "says", "came back positive for", "gave me a firm
answer") is stated as certain, and settles the speaker's earlier guess; a finding still open ("the
doctor said it might be a sprain"), one that found nothing, or a friend's opinion settles nothing.
Through the real offline extractor (spaCy + rules)."""

from __future__ import annotations

import pytest

from kronograph.extraction.offline import OfflineExtractor

from .reading import facts


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


@pytest.mark.parametrize(("turns", "value"), [
    (("The MRI showed I do have a torn meniscus.",), "torn meniscus"),
    (("The scan showed it's a torn ligament.",), "torn ligament"),
    (("Doctor says it's definitely a stress fracture.",), "stress fracture"),
    (("Heard back from the clinic, it's endometriosis.",), "endometriosis"),
    (("Skin clinic finally gave me a firm answer: eczema.",), "eczema"),
    (("My allergy test came back positive for shellfish.",), "shellfish"),
    (("Yep, the allergy test confirmed I'm allergic to latex.",), "latex"),
    (("The GP says I'm anaemic.",), "anaemic"),
    (("I might be anaemic.", "The bloods showed I'm anaemic."), "anaemic"),
    (("I think I'm allergic to kiwi.", "yeah the allergist found I'm allergic to kiwi"), "kiwi"),
])
def test_a_reported_finding_is_certain(extractor: OfflineExtractor, turns: tuple[str, ...], value: str) -> None:
    read = [f for f in facts(extractor, *turns) if value in f.object.lower() and f.source_turn == len(turns) - 1]
    assert read and not any(f.hedged for f in read), facts(extractor, *turns)


def test_a_positive_allergy_test_is_an_allergy(extractor: OfflineExtractor) -> None:
    assert [(f.predicate, f.object) for f in facts(extractor, "my allergy panel came back positive for birch pollen")
            ] == [("allergic_to", "birch pollen")]


@pytest.mark.parametrize("text", ["The doctor said it might be a sprain.", "The test found nothing.",
                                  "My mate says I'm a genius.", "Waiting to hear back from the clinic."])
def test_an_open_or_empty_finding_settles_nothing(extractor: OfflineExtractor, text: str) -> None:
    assert not [f for f in facts(extractor, text) if not f.hedged and f.predicate in {
        "is_diagnosed_with", "medical_condition", "allergic_to"}]
