"""Memory.context: a prompt block of current facts with dates, uncertainty marked, within budget."""

from __future__ import annotations

import pytest

from kronograph import Memory, UsageError
from kronograph.queries.context import estimate_tokens
from kronograph.write.redaction import says_nothing


def test_the_block_lists_current_facts_with_their_valid_from_dates(rmem: Memory) -> None:
    rmem.add_fact("Ada", "lives_in", "Paris", user_id="u1", valid_from="2019-01-01")
    rmem.add_fact("Ada", "lives_in", "Rome", user_id="u1", valid_from="2025-03-01")
    rmem.add_fact("Ada", "allergic_to", "penicillin", user_id="u1", memory_type="hypothesis", confidence=0.4,
                  text="Ada might be allergic to penicillin")
    text = rmem.context("where does Ada live and what is she allergic to", user_id="u1")
    lines = text.splitlines()
    assert lines[0] == "Known about u1 (valid 2026-05-06; uncertain facts are marked):"
    assert "- Ada lives in Rome (since 2025-03-01)" in lines
    assert "- [uncertain] Ada might be allergic to penicillin (since 2026-05-06)" in lines
    assert "Paris" not in text


def test_the_block_stays_within_the_token_budget_dropping_the_worst_facts(rmem: Memory) -> None:
    for i in range(30):
        rmem.add_fact("Ada", "visited", f"city {i}", user_id="u1", text=f"Ada visited the old town of city {i}")
    full = rmem.context("cities Ada visited", user_id="u1", k=30, max_tokens=10_000)
    assert len(full.splitlines()) == 31
    small = rmem.context("cities Ada visited", user_id="u1", k=30, max_tokens=60)
    assert 1 < len(small.splitlines()) < 31 and estimate_tokens(small) <= 60
    assert small.splitlines()[1] == full.splitlines()[1]
    assert rmem.context("cities Ada visited", user_id="u1", max_tokens=5) == ""
    with pytest.raises(UsageError) as info:
        rmem.context("cities", user_id="u1", max_tokens=0)
    assert info.value.field == "max_tokens"


def test_nothing_recalled_gives_an_empty_block(rmem: Memory) -> None:
    assert rmem.context("anything", user_id="nobody") == ""


def test_an_ending_with_no_known_start_is_dated_by_its_end_and_a_forgotten_message_is_not_shown(
        rmem: Memory) -> None:
    rmem.add("I stopped listening to jazz, I'm into techno now.", user_id="u1", reference_time="2026-05-01")
    rmem.add("I work at Quorble Labs.", user_id="u1")
    rmem.add("Forget that I work at Quorble Labs.", user_id="u1")
    before = rmem.context("which music does the user listen to", user_id="u1", as_of="2026-04-01")
    (line,) = [line for line in before.splitlines() if "jazz" in line]
    assert line.endswith("(until 2026-05-01)")
    assert "1970" not in before
    now = rmem.context("where does the user work", user_id="u1")
    assert "[forgotten]" not in now and "Quorble" not in now
    assert says_nothing("[forgotten]") and says_nothing("[forgotten] ([redacted:address]).")
    assert not says_nothing("I live in [forgotten].")


def test_the_block_holds_only_what_passes_the_relevance_floor(rmem: Memory) -> None:
    for day, chatter in enumerate(["ok thanks!", "haha yes", "sure, sounds good", "lol", "ok cool, talk later",
                                   "thanks again!", "good night"], start=1):
        rmem.add(chatter, user_id="u1", reference_time=f"2026-04-0{day}")
    rmem.add("My sister Mia is getting married in Lisbon in June.", user_id="u1", reference_time="2026-04-09")
    text = rmem.context("when is my sister's wedding?", user_id="u1", max_tokens=2_000)
    hits = rmem.search("when is my sister's wedding?", user_id="u1", k=20)
    lines = text.splitlines()[1:]
    assert any("Lisbon" in line for line in lines)
    assert len([line for line in lines if line.startswith("- ")]) == len(hits)  # one line per hit, no filler
    assert all(word not in text for word in ("ok thanks", "haha", "lol", "good night", "talk later"))
