"""An act given up ("instead of sleeping", "rather than commuting from York") is no value of the
slot the sentence states: the stated value is kept and nothing is read as replaced; a value given up
("instead of Jira", "instead of running" beside another pastime) still is. Real spaCy model."""

from __future__ import annotations

import pytest

from kronograph.extraction.offline import OfflineExtractor

from .reading import facts


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


@pytest.mark.parametrize(("text", "value"), [
    ("I work at Google instead of sleeping, haha.", "Google"),
    ("I live in Leeds rather than commuting from York every day.", "Leeds"),
    ("These days I use Notion instead of writing everything on paper.", "Notion"),
    ("I'm at the library in place of revising at home.", None),
    ("i work at a bakery instead of studying lol", "bakery"),
])
def test_an_act_given_up_replaces_no_value(extractor: OfflineExtractor, text: str, value: str | None) -> None:
    got = facts(extractor, text)
    assert not [f.replaces for f in got if f.replaces], [(f.predicate, f.object, f.replaces) for f in got]
    if value is not None:
        assert value in [f.object for f in got], [(f.predicate, f.object) for f in got]


@pytest.mark.parametrize(("text", "old"), [
    ("Now I use Linear instead of Jira.", "Jira"),
    ("I'm on the payments team rather than the search team now.", "search team"),
])
def test_a_value_given_up_is_still_replaced(extractor: OfflineExtractor, text: str, old: str) -> None:
    assert old in [f.replaces for f in facts(extractor, text)], [(f.predicate, f.object, f.replaces)
                                                                 for f in facts(extractor, text)]
