"""Round 26 (issue 12, coverage, room 12d): idioms that name where to, tasks, quantities, changes and
asterisk corrections in wordings of their own, each with a case that must not fire, through the
real spaCy model."""

from __future__ import annotations

import pytest

from kronograph.extraction.base import CandidateFact, EpisodeInput, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.model import Scope

from .reading import REF, facts


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


@pytest.mark.parametrize(("text", "predicate", "new", "old"), [
    ("I've jumped ship from Oracle to Snowflake.", "works_at", "Snowflake", "Oracle"),
    ("After six years at Barclays I jumped ship to Monzo in March.", "works_at", "Monzo", None),
    ("We upped sticks from Leeds to Whitby.", "lives_in", "Whitby", "Leeds"),
    ("honestly we upped sticks to a village outside Ripon last year", "lives_in", "Ripon", None),
])
def test_an_idiom_that_names_where_to_is_the_change(extractor: OfflineExtractor, text: str, predicate: str,
                                                    new: str, old: str | None) -> None:
    found = [f for f in facts(extractor, text) if f.predicate == predicate]
    assert [(f.object, f.replaces) for f in found] == [(new, old)]


@pytest.mark.parametrize("text", ["We finally upped sticks in the autumn.", "Half the team jumped ship.",
                                  "We pulled up stakes last year."])
def test_a_bare_idiom_still_stores_nothing(extractor: OfflineExtractor, text: str) -> None:
    assert not facts(extractor, text)


def episode_facts(extractor: OfflineExtractor, *contents: str) -> list[CandidateFact]:
    episode = EpisodeInput(turns=[Turn(content=c) for c in contents], reference_time=REF, scope=Scope(user_id="u"))
    return extractor.extract(episode).facts


@pytest.mark.parametrize(("said", "fixed", "new", "old"), [
    ("I work at Deloitte.", "*KPMG", "KPMG", "Deloitte"),
    ("I live in Graz.", "Linz* sorry", "Linz", "Graz"),
    ("My flat is in Leith.", "oops, Portobello* not Leith", "Portobello", "Leith"),
])
def test_an_asterisk_puts_a_word_right(extractor: OfflineExtractor, said: str, fixed: str, new: str, old: str) -> None:
    found = [f for f in episode_facts(extractor, said, fixed) if f.source_turn == 1]
    assert [(f.object, f.operation.value, f.replaces) for f in found] == [(new, "correct", old)]


@pytest.mark.parametrize("text", ["that gig was *so* loud", "I gave the cafe 5* on the app."])
def test_an_asterisk_for_emphasis_or_a_rating_corrects_nothing(extractor: OfflineExtractor, text: str) -> None:
    assert not any(f.operation.value == "correct" for f in facts(extractor, text))


@pytest.mark.parametrize(("text", "task", "until"), [
    ("tonight's mission - assemble the bookcase", "assemble the bookcase", "2026-05-21"),
    ("Chore for this weekend: clear out the loft.", "clear out the loft", "2026-05-25"),
    ("Today's task: repotting the chillies.", "repot the chillies", "2026-05-21"),
    ("The council tax bill is due on Friday.", "council tax bill due", "2026-05-23"),
    ("the Q3 forecast's due next Tuesday", "Q3 forecast due", "2026-05-27"),
])
def test_a_chore_headed_by_its_day_or_a_deadline_is_a_task(extractor: OfflineExtractor, text: str, task: str,
                                                           until: str) -> None:
    found = [(f.object, f.task_until and f.task_until.date().isoformat()) for f in facts(extractor, text)
             if f.memory_type and f.memory_type.value == "task"]
    assert found == [(task, until)]


@pytest.mark.parametrize("text", ["My job: nursing.", "Our second baby is due next week.",
                                  "the invoice was due last Friday", "The essay is due."])
def test_no_task_from_a_job_title_a_birth_or_a_deadline_past(extractor: OfflineExtractor, text: str) -> None:
    assert not any(f.memory_type and f.memory_type.value == "task" for f in facts(extractor, text))


@pytest.mark.parametrize(("text", "predicate", "value"), [
    ("Apple TV is £8.99 a month for the two of us.", "quantity_apple_tv_price", "£8.99 a month"),
    ("Water rates are £40 a month for us.", "quantity_water_rates_price", "£40 a month"),
    ("Childcare is $900 a month for me now.", "quantity_childcare", "$900 a month"),
    ("It's 12 km each way to the depot.", "quantity_distance_to_depot", "12 km"),
    ("it's a 25 minute walk to school", "quantity_travel_time_to_school", "25 minute"),
    ("the podcast's download count is at 5,000 now", "quantity_podcast_download_count", "5,000"),
])
def test_sums_trips_and_group_figures_are_quantity_slots(extractor: OfflineExtractor, text: str, predicate: str,
                                                         value: str) -> None:
    assert [(f.predicate, f.object) for f in facts(extractor, text) if f.predicate.startswith("quantity_")] \
        == [(predicate, value)]


@pytest.mark.parametrize("text", ["Hulu costs $17.99 a month.", "It's 4 degrees to the north of here.",
                                  "it's 38 miles each way", "the city's population is 2 million",
                                  "Tickets are 40 for us."])
def test_no_quantity_from_a_list_price_a_bare_distance_or_the_world(extractor: OfflineExtractor, text: str) -> None:
    assert not any(f.predicate.startswith("quantity_") for f in facts(extractor, text))


@pytest.mark.parametrize(("text", "group"), [
    ("I'm on the billing squad now.", "billing squad"),
    ("I'm on the data crew now", "data crew"),
])
def test_a_team_the_tagger_misreads_is_still_a_membership(extractor: OfflineExtractor, text: str, group: str) -> None:
    assert [f.object for f in facts(extractor, text) if f.predicate == "member_of"] == [group]


def test_on_the_fence_is_no_membership(extractor: OfflineExtractor) -> None:
    assert not any(f.predicate == "member_of" for f in facts(extractor, "I'm on the fence now."))


@pytest.mark.parametrize(("text", "ended"), [
    ("Packed in vaping in August and the cravings have stopped.", "vaping"),
    ("Quit smoking in May but the weight's crept on.", "smoking"),
    ("I don't play golf these days, my knee is shot.", "golf"),
    ("Nowadays I don't eat pork.", "pork"),
])
def test_an_ending_joined_by_and_or_a_habit_denied_these_days_ends_it(extractor: OfflineExtractor, text: str,
                                                                      ended: str) -> None:
    assert any(ended in f.object and f.operation.value == "end" for f in facts(extractor, text))


@pytest.mark.parametrize("text", ["I drink green tea these days.", "I don't drink green tea.",
                                  "I don't read as many novels these days."])
def test_a_habit_these_days_or_a_plain_denial_ends_nothing(extractor: OfflineExtractor, text: str) -> None:
    assert not any(f.operation.value == "end" for f in facts(extractor, text))
