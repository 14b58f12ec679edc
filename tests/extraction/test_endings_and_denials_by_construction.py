"""Endings and denials read by construction, through the real offline extractor and a real store:
a business or account closed, a debt paid off, an owned thing retired, a habit of going somewhere
stopped, a couple parted ("Leon and I broke up"), "no more X for me", a union with a named partner
ended; and figurative or one-off wordings that end nothing ("done with the report", "closed the
shop at 6 tonight", "sold the idea to my boss"). Denials: a perfect with "never" ("I've never
tried sushi"), a skill denied ("I can't swim"), a trait denied ("I'm not religious"), each in its
own clause."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from kronograph import Memory
from kronograph.extraction.base import CandidateFact, Operation
from kronograph.extraction.offline import OfflineExtractor

from .reading import ended
from .reading import facts as read

REF = datetime(2026, 5, 6, 12, tzinfo=UTC)


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def facts(extractor: OfflineExtractor, text: str) -> list[CandidateFact]:
    return read(extractor, text, reference=REF)


@pytest.mark.parametrize(("text", "word"), [
    ("I closed my Etsy shop last month.", "Etsy shop"),
    ("We shut down the bakery in January, the rent was brutal.", "bakery"),
    ("wound up the consultancy at the end of the tax year", "consultancy"),
    ("we closed down the restaurant over the summer", "restaurant"),
    ("I finally closed my Barclays account.", "Barclays"),
])
def test_a_business_or_account_closed_ends_it_cut_to_the_noun(extractor: OfflineExtractor, text: str, word: str) -> None:
    got = ended(facts(extractor, text), word)
    assert got and len(got[0].object.split()) <= 3, facts(extractor, text)


@pytest.mark.parametrize(("text", "word"), [
    ("I've stopped going to choir, no time these days.", "choir"),
    ("stopped going to spin class after the instructor left", "spin class"),
    ("Stopped going to Slimming World in March.", "Slimming World"),
    ("I quit going to yoga when my shifts changed.", "yoga"),
    ("we've stopped going to the pub quiz, the new host is awful", "pub quiz"),
])
def test_a_place_or_group_no_longer_gone_to_ends(extractor: OfflineExtractor, text: str, word: str) -> None:
    assert ended(facts(extractor, text), word), facts(extractor, text)


@pytest.mark.parametrize(("text", "word"), [
    ("We finally paid off the mortgage last month!", "mortgage"),
    ("finished paying off my student loan in March", "student loan"),
    ("I paid off my credit card debt over Christmas.", "credit card debt"),
    ("Cleared my overdraft at last.", "overdraft"),
    ("Retired the old Corolla after 300,000 miles.", "Corolla"),
    ("I've retired my old running shoes, they were falling apart.", "running shoes"),
    ("No more soda for me, the dentist scared me off it.", "soda"),
    ("no more takeaways for us, we're saving up", "takeaways"),
])
def test_a_debt_paid_a_thing_retired_or_no_more_of_it_ends(extractor: OfflineExtractor, text: str, word: str) -> None:
    assert ended(facts(extractor, text), word), facts(extractor, text)


@pytest.mark.parametrize(("text", "partner"), [
    ("Leon and I broke up in February, it's for the best.", "Leon"),
    ("me and Priya split up over the summer", "Priya"),
    ("Tom and I have split up, it was mutual.", "Tom"),
    ("My marriage to Tomasz ended in divorce last spring.", "Tomasz"),
    ("My relationship with Dev fell apart over the winter.", "Dev"),
])
def test_a_couple_parted_ends_the_named_partner(extractor: OfflineExtractor, text: str, partner: str) -> None:
    got = [f for f in facts(extractor, text) if f.predicate == "partner" and f.operation is Operation.end]
    assert [f.object for f in got] == [partner], facts(extractor, text)


@pytest.mark.parametrize("text", [
    "I'm done for the day, see you tomorrow.",
    "I'm done with the report, sending it over now.",
    "I'm done with my exams at last!",
    "done with the book, the ending was great",
    "I gave up on the crossword today.",
    "I closed the shop at 6 tonight.",
    "I closed the window, it was freezing.",
    "I moved out of the way just in time.",
    "I left the party at midnight.",
    "I quit the app and restarted it.",
    "I sold the idea to my boss.",
    "I cancelled my order on Amazon.",
    "No longer a problem, the plumber fixed it.",
    "I paid off the builder in cash.",
    "I stopped going to bed so late.",
    "Leave my keys at home again, I left them on the table.",
])
def test_figurative_or_one_off_wordings_end_nothing(extractor: OfflineExtractor, text: str) -> None:
    assert not [f for f in facts(extractor, text) if f.operation is Operation.end], facts(extractor, text)


@pytest.mark.parametrize(("text", "word"), [
    ("I've never tried sushi, believe it or not.", "sushi"),
    ("Never been skiing, it looks terrifying.", "ski"),
    ("I've never had a dog, my mum's allergic.", "dog"),
    ("honestly I've never done yoga in my life", "yoga"),
    ("I've never seen The Godfather.", "Godfather"),
    ("never had a smartphone, still on my old Nokia", "smartphone"),
    ("I've never set foot in Paris.", "Paris"),
    ("Never made it to the Lake District, sadly.", "Lake District"),
    ("We've never made it over to Ireland.", "Ireland"),
])
def test_a_never_so_far_is_a_denied_state_not_an_episode(extractor: OfflineExtractor, text: str, word: str) -> None:
    got = [f for f in facts(extractor, text) if word.casefold() in f.object.casefold()]
    assert got and all(f.negated and f.memory_type is None for f in got), facts(extractor, text)


@pytest.mark.parametrize("text", ["I've never had the chance to go.", "I've never had a problem with it.",
                                  "I haven't tried the new place yet."])
def test_a_never_that_names_no_thing_denies_nothing(extractor: OfflineExtractor, text: str) -> None:
    assert not [f for f in facts(extractor, text) if f.negated], facts(extractor, text)


@pytest.mark.parametrize(("text", "skill"), [
    ("I can't swim, never learned.", "swim"), ("i cant drive so i get the bus", "drive"),
    ("I can't cook to save my life.", "cook"), ("Sadly I can't dance at all.", "dance"),
])
def test_a_skill_denied_is_a_negated_can(extractor: OfflineExtractor, text: str, skill: str) -> None:
    got = [f for f in facts(extractor, text) if f.predicate == "can"]
    assert [(f.object, f.negated) for f in got] == [(skill, True)], facts(extractor, text)
    assert got[0].text == f"user cannot {skill}"


@pytest.mark.parametrize("text", ["I can't wait for the weekend!", "I can't make it tonight, sorry.",
                                  "I can't find my keys anywhere.", "I can't drive tomorrow, my car's in the garage."])
def test_a_cannot_that_is_no_skill_stores_no_skill(extractor: OfflineExtractor, text: str) -> None:
    assert not [f for f in facts(extractor, text) if f.predicate.endswith("can")], facts(extractor, text)


@pytest.mark.parametrize(("text", "trait"), [
    ("I'm not religious.", "religious"), ("I'm not very sporty, I'd rather read.", "sporty"),
    ("honestly I'm not superstitious", "superstitious"), ("I'm not outdoorsy in the slightest.", "outdoorsy"),
])
def test_a_trait_denied_is_negated_in_its_own_clause(extractor: OfflineExtractor, text: str, trait: str) -> None:
    got = [f for f in facts(extractor, text) if f.predicate == "trait"]
    assert [(f.object, f.negated) for f in got] == [(trait, True)], facts(extractor, text)
    assert not [f for f in facts(extractor, text) if f.negated and f.predicate != "trait"]


def test_a_trait_of_the_day_is_no_trait(extractor: OfflineExtractor) -> None:
    assert not [f for f in facts(extractor, "I'm so impatient today.") if f.predicate == "trait"]


def test_a_closed_business_ends_what_the_store_held(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", extractor=OfflineExtractor()) as mem:
        mem.add("I own a bakery in Leeds.", user_id="u", reference_time=datetime(2024, 1, 10, tzinfo=UTC))
        mem.add("We shut down the bakery in March, the rent was brutal.", user_id="u", reference_time=REF)
        held = [f for f in mem.history(user_id="u") if f.predicate == "has" and "bakery" in f.object]
        assert held and all(f.valid_until is not None for f in held), held


def test_a_denied_skill_is_stored_as_a_denial(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", extractor=OfflineExtractor()) as mem:
        mem.add("I can't swim, never learned.", user_id="u", reference_time=REF)
        found = [f for f in mem.history(user_id="u") if "swim" in f.object]
        assert found and all("not" in f.predicate or "cannot" in f.text for f in found), found


@pytest.mark.parametrize(("text", "word"), [
    ("I'm done with Instagram, deleted the app last night.", "Instagram"),
    ("Left the book club, handed my copy back to Jan.", "book club"),
    ("I've moved out of the Leeds flat, handed the keys back on Friday.", "Leeds"),
    ("We don't rent the allotment anymore, gave the keys back to the council in March.", "allotment"),
    ("I cancelled my gym membership, returned the fob yesterday.", "gym"),
])
def test_a_deed_that_carries_out_an_ending_is_not_stored_beside_it(extractor: OfflineExtractor, text: str,
                                                                    word: str) -> None:
    got = facts(extractor, text)
    assert ended(got, word) and not [f for f in got if f.memory_type is not None and f.memory_type.value == "episodic"], got


@pytest.mark.parametrize(("text", "word"), [
    ("I don't eat pork, but chicken's fine.", "pork"),
    ("Never been to Japan, but it's high on my list.", "Japan"),
    ("I've never been to Rome, it's on my bucket list though.", "Rome"),
])
def test_an_allowance_or_a_wish_beside_a_denial_corrects_nothing(extractor: OfflineExtractor, text: str,
                                                                  word: str) -> None:
    got = facts(extractor, text)
    assert [f for f in got if word in f.object and f.negated], got
    assert not [f for f in got if f.operation is Operation.correct], got
