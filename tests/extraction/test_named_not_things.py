"""Someone or something named is no thing of the speaker's with a place: "my brother Tom is based
in Leeds" says where Tom lives, not ``current_place_tom``; the speaker's own things still get one.
Real spaCy model."""

from __future__ import annotations

import pytest

from kronograph.extraction.offline import OfflineExtractor

from .reading import facts


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


@pytest.mark.parametrize("text", [
    "My cousin Leila lives in Glasgow now.",
    "my mate Raj is based in Dundee.",
    "Apparently my uncle Marcus has moved to Cardiff.",
    "our neighbour Bev stays in Whitby these days",
    "The Waitrose is in Richmond.",
    "Our Aldi is in Didcot now",
])
def test_a_named_one_gets_no_thing_place(extractor: OfflineExtractor, text: str) -> None:
    got = [(f.predicate, f.object) for f in facts(extractor, text)]
    assert not any(p.startswith("current_place_") for p, _ in got), got


@pytest.mark.parametrize(("text", "predicate"), [
    ("Our caravan is parked in Skegness.", "current_place_caravan"),
    # A bare capitalised word opening a sentence ("Choir has moved to ...") reads as a person
    # ("Nadia just moved to Glasgow"), who has a home, not a thing's place; with an article it is a thing.
    ("The choir has moved to St Mary's hall.", "current_place_choir"),
    ("we keep the kayak at Bala", "current_place_kayak"),
])
def test_a_thing_of_ones_own_still_gets_its_place(extractor: OfflineExtractor, text: str, predicate: str) -> None:
    assert predicate in {f.predicate for f in facts(extractor, text)}
