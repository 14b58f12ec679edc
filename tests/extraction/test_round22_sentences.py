"""Round 22 (issue 12, sentence level): quantities keyed by what they measure, clauses worth
parsing without a person, objects cut to the noun phrase, clause-scoped negation. Each rule is
checked on wordings of its own, through the real spaCy model."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kronograph.extraction.base import CandidateFact, EpisodeInput, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.model import Scope

REF = datetime(2026, 5, 20, 10, tzinfo=UTC)  # a Wednesday


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def facts(extractor: OfflineExtractor, text: str) -> list[CandidateFact]:
    episode = EpisodeInput(turns=[Turn(content=text)], reference_time=REF, scope=Scope(user_id="u"))
    return extractor.extract(episode).facts


def pairs(extractor: OfflineExtractor, text: str) -> set[tuple[str, str]]:
    return {(f.predicate, f.object) for f in facts(extractor, text)}


@pytest.mark.parametrize(("text", "predicate", "value"), [
    # a thing's own measure, no person in the clause (the clause gate lets it through)
    ("The nightly backup takes about 25 minutes.", "quantity_nightly_backup_time", "25 minutes"),
    ("The integration suite runs in under 9 minutes now.", "quantity_integration_suite_time", "9 minutes"),
    ("The new sofa cost us £850.", "quantity_new_sofa_price", "£850"),
    # an adverb between the measure and its value
    ("My weekly screen time is typically about 30 hours.", "quantity_weekly_screen_time", "30 hours"),
    # counts after "have", "we're at", "hit"
    ("We have roughly 800 members on the forum.", "quantity_members_on_forum", "800"),
    ("We're at about 12,000 downloads now.", "quantity_downloads", "12,000"),
    ("We just hit 2k stars on GitHub!", "quantity_stars_on_github", "2k"),
    # scores keyed by what was scored
    ("I scored 1450 on the SAT.", "quantity_sat_score", "1450"),
    ("I got 38 in my driving theory test.", "quantity_driving_theory_test_score", "38"),
    # growth to a count of things
    ("Our choir has grown to 40 singers.", "quantity_choir_singers", "40"),
    # a payment or time spent, keyed by what it is for
    ("I'm paying $60 a month for my gym membership.", "quantity_payment_for_gym_membership", "$60 a month"),
    ("I walk roughly 8,000 steps a day.", "quantity_walking_steps", "8,000 steps a day"),
])
def test_quantities_are_keyed_by_what_they_measure(extractor: OfflineExtractor, text: str, predicate: str,
                                                   value: str) -> None:
    assert (predicate, value) in pairs(extractor, text)


@pytest.mark.parametrize("text", [
    "The vet confirmed it's a torn ligament.",
    "The dermatologist confirmed it's eczema.",
    "The scan confirmed it's a kidney stone.",
])
def test_a_confirmation_without_a_person_is_still_read(extractor: OfflineExtractor, text: str) -> None:
    got = facts(extractor, text)
    assert got and all(not f.hedged for f in got)
    assert any(word in got[0].object for word in ("ligament", "eczema", "kidney stone"))
