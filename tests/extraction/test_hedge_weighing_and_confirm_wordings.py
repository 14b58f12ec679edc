"""Hedges and confirmations by construction, in wordings of their own, through the real offline
extractor: a step only weighed up ("toying with the idea of", "mulling over"), a modal step said
without its "I", someone else's guess passed on, a suspected condition; a statement announced as
settled ("it's official,", "done deal,"), a finding reported by whoever would know, a thing that
"is mine" or "came through". With what must not fire: idioms, questions, things only awaited."""

from __future__ import annotations

import pytest

from kronograph.extraction.base import CandidateFact
from kronograph.extraction.offline import OfflineExtractor

from .reading import facts


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def naming(got: list[CandidateFact], word: str) -> list[CandidateFact]:
    return [f for f in got if word.casefold() in f.object.casefold()]


@pytest.mark.parametrize(("text", "word"), [
    ("Toying with the idea of buying a campervan.", "campervan"),
    ("i'm kinda thinking about learning Portuguese", "Portuguese"),
    ("Been mulling over joining a climbing gym, the one near work looks decent.", "climbing gym"),
    ("We're seriously considering adopting a second cat.", "cat"),
    ("half tempted to enter the pub quiz league this winter", "pub quiz"),
    ("Contemplating switching to a standing desk, my back is wrecked.", "standing desk"),
    ("We're mulling over a move to Glasgow, nothing's decided.", "Glasgow"),
    ("i'm considering a switch to night shifts", "night"),
])
def test_a_step_only_weighed_up_is_kept_hedged(extractor: OfflineExtractor, text: str, word: str) -> None:
    found = naming(facts(extractor, text), word)
    assert found and all(f.hedged for f in found), [(f.predicate, f.object, f.hedged) for f in found]


@pytest.mark.parametrize(("text", "word"), [
    ("Might enrol in an evening pottery course.", "pottery"),
    ("could end up volunteering at the food bank over summer", "food bank"),
    ("Possibly moving to Bristol next year, depends on the job.", "Bristol"),
    ("So might sign up for the Edinburgh half marathon.", "Edinburgh"),
    ("maybe joining the choir at church in the autumn", "choir"),
])
def test_a_modal_step_without_its_i_is_the_speakers_and_hedged(extractor: OfflineExtractor, text: str,
                                                                word: str) -> None:
    found = naming(facts(extractor, text), word)
    assert found and all(f.hedged for f in found), [(f.predicate, f.object, f.hedged) for f in found]


@pytest.mark.parametrize(("text", "word"), [
    ("The vet reckons our dog might be diabetic.", "diabetic"),
    ("My manager hinted I might get the Dublin secondment.", "Dublin"),
    ("The GP thinks I might be anaemic, bloods next week.", "anaemic"),
    ("I reckon I'm long-sighted, menus are getting tricky.", "long-sighted"),
    ("pretty sure i'm gluten sensitive tbh, pasta knocks me flat", "gluten sensitive"),
])
def test_a_guess_passed_on_or_suspected_is_hedged(extractor: OfflineExtractor, text: str, word: str) -> None:
    found = naming(facts(extractor, text), word)
    assert found and all(f.hedged for f in found), [(f.predicate, f.object, f.hedged) for f in found]


@pytest.mark.parametrize(("text", "word"), [
    ("It's official, I've accepted the offer from Rolls-Royce!", "Rolls-Royce"),
    ("Great news: I'm a qualified paramedic now.", "paramedic"),
    ("The vet confirmed Pepper is pregnant, kittens due in spring!", "pregnant"),
    ("my consultant confirmed I'm asthmatic, so inhalers it is", "asthmatic"),
    ("The scan showed I'm diabetic after all.", "diabetic"),
    ("The visa came through this morning!", "visa"),
    ("After months of waiting the allotment is finally ours.", "allotment"),
])
def test_a_matter_announced_or_found_is_certain(extractor: OfflineExtractor, text: str, word: str) -> None:
    found = naming(facts(extractor, text), word)
    assert found and not any(f.hedged or f.negated for f in found), \
        [(f.predicate, f.object, f.hedged, f.negated) for f in found]


@pytest.mark.parametrize("text", [
    "I think so, yeah.",
    "Probably not a big deal, honestly.",
    "Could you check the weather for tomorrow?",
    "Might as well, I suppose.",
    "Is it official yet?",
    "The pleasure is mine!",
])
def test_idioms_questions_and_remarks_store_nothing(extractor: OfflineExtractor, text: str) -> None:
    assert facts(extractor, text) == []


def test_a_thing_only_awaited_is_not_settled(extractor: OfflineExtractor) -> None:
    found = naming(facts(extractor, "Still waiting to hear if the mortgage comes through."), "mortgage")
    assert not [f for f in found if not f.hedged]
