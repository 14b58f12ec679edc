"""An original statement and its update land in one single-valued slot, whatever the wording,
so the write path supersedes the original: a thing's colour (``current_colour_``: painted,
dyed, switched to, went with, "front door's teal now") and where a thing is kept or held
(``current_place_``: kept, moored, moved, relocated, meets at, hosting at, switched venue),
and a person's home (``lives_in``). Statements that share a word but not a topic share no slot.
The real offline extractor (spaCy)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from kronograph.extraction.base import EpisodeInput, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.model import Scope
from kronograph.temporal.predicates import PredicateSchema

SCHEMA = PredicateSchema()
START = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def slots(extractor: OfflineExtractor, *texts: str) -> list[dict[tuple[str, str], str]]:
    """Per message: its single-valued slots (subject, predicate) and their values."""
    episodes = [EpisodeInput(turns=[Turn(content=text)], reference_time=START + timedelta(days=40 * i),
                             scope=Scope(user_id="u")) for i, text in enumerate(texts)]
    return [{(f.subject.casefold(), f.predicate): f.object for f in x.facts
             if not f.negated and SCHEMA.is_single_valued(f.predicate)}
            for x in extractor.extract_many(episodes)]


COLOURS = [
    ("My kayak is bright orange.", "Went with a sea-green wrap for the kayak in the end.", "sea-green"),
    ("Our fence is dark brown.", "We switched the fence to a pale grey stain.", "pale grey"),
    ("Our front door is navy.", "Front door's teal now, finally finished it.", "teal"),
    ("My phone case is black.", "Swapped my phone case for a lilac one.", "lilac"),
    ("My nails are pink.", "Changed my nails to dark navy this week.", "dark navy"),
    ("The bathroom walls are white.", "The bathroom walls are a deep plum now after the weekend.", "deep plum"),
    ("My hair is blonde.", "Dyed my hair copper last night.", "copper"),
    ("The kitchen is yellow.", "We repainted the kitchen a soft sage.", "soft sage"),
    ("My car is red.", "The car is wrapped in matte black now.", "matte black"),
    ("The living room walls are cream.", "The living room walls went terracotta over the holidays.", "terracotta"),
    ("Our bridesmaid dresses are lilac.", "We went for navy for the bridesmaid dresses.", "navy"),
]

PLACES = [
    ("We keep the boat in Falmouth.", "The boat's moored in Plymouth now.", "Plymouth"),
    ("Our office is in Shoreditch.", "The office moved to Canary Wharf.", "Canary Wharf"),
    ("The wedding reception is at the Grand Hotel.", "We switched venue for the reception to Hollybrook Barn.",
     "Hollybrook Barn"),
    ("Our team offsite is in Brighton.", "We're hosting the offsite at a lodge in Keswick instead.",
     "a lodge in Keswick"),
    ("The book club meets at the Crown pub.", "Book club has moved to the Riverside library.",
     "the Riverside library"),
    ("We store our caravan in Devon.", "The caravan is kept at a site in Cornwall now.", "a site in Cornwall"),
    ("Our allotment shed is at Greenway Gardens.", "We relocated the shed to Birch Lane last spring.", "Birch Lane"),
    ("The pottery class is held at St Mary's Hall.", "pottery class is at the Old Mill these days",
     "the Old Mill"),
    ("My sister lives in Leeds.", "My sister relocated to Bristol last month.", "Bristol"),
    ("I'm based in Manchester.", "These days I'm based out of Lisbon.", "Lisbon"),
    ("My parents live in Cardiff.", "My parents moved to Swansea in the autumn.", "Swansea"),
]


@pytest.mark.parametrize(("original", "update", "new"), COLOURS + PLACES)
def test_an_update_fills_the_slot_of_its_original(
        extractor: OfflineExtractor, original: str, update: str, new: str) -> None:
    before, after = slots(extractor, original, update)
    shared = before.keys() & after.keys()
    assert shared, (before, after)
    assert any(after[slot] == new and before[slot] != new for slot in shared), (before, after)


@pytest.mark.parametrize(("first", "second"), [
    ("My car is red.", "My sister's car is blue."),
    ("My front door is navy.", "My back door is green."),
    ("My bike is silver.", "My bike helmet is white."),
    ("Our office is in Shoreditch.", "Our office chair is black."),
    ("We keep the boat in Falmouth.", "We keep the bikes in the shed."),
    ("We keep the boat in Falmouth.", "The boat show is in Southampton this year."),
    ("Our office is in Shoreditch.", "My sister's office is in Camden."),
    ("The party is on Saturday.", "The market is on Sunday."),
    ("I live in Leeds.", "My sister lives in Bristol."),
    ("The book club meets at the Crown pub.", "The choir meets at St Anne's church."),
])
def test_statements_that_share_a_word_share_no_slot(extractor: OfflineExtractor, first: str, second: str) -> None:
    before, after = slots(extractor, first, second)
    assert not before.keys() & after.keys(), (before, after)


@pytest.mark.parametrize("text", [
    "Is the boat still in Falmouth?",
    "If the office moved to Leeds I'd quit.",
    "The party is on Saturday at Tom's.",
    "My mum is in Spain this week.",
    "We went for a green tea on the way home.",
    "I switched the lights to red mode.",
    "Changed my mind to red after all.",
    "We're thinking of moving the caravan to Wales.",
])
def test_no_thing_place_or_colour_is_read_from(extractor: OfflineExtractor, text: str) -> None:
    (found,) = slots(extractor, text)
    assert not [p for _, p in found if p.startswith(("current_place_", "current_colour_"))], found
