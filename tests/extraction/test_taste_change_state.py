"""Preferences, changes and states in wordings the rules read by category (issue 12, round 28):
a value given up "instead of" / "rather than" another, "gave up X for Y", "ditched X and went
over to Y"; dislikes said thing-first ("does nothing for me", "leaves me cold") or without "I";
"give me X over Y"; favourites said loosely; jobs by trade or as paid work; employers one has
been at or with for a while. And what must stay unread: questions, hypotheticals, other people's
tastes, reactions, a place one is only passing through. Real spaCy model."""

from __future__ import annotations

import pytest

from kronograph.extraction.offline import OfflineExtractor

from .reading import facts


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def read(extractor: OfflineExtractor, text: str) -> list[tuple[str, str, str, str, bool]]:
    return [(f.subject, f.predicate, f.object.lower(), (f.replaces or "").lower(), f.negated)
            for f in facts(extractor, text)]


@pytest.mark.parametrize(("text", "new", "old"), [
    ("These days I take the bus instead of driving in.", "bus", "driving"),
    ("I'm using Obsidian now instead of OneNote.", "obsidian", "onenote"),
    ("I work at Zalando now rather than at Otto.", "zalando", "otto"),
    ("I gave up dairy for a vegan diet last year.", "vegan", ""),
    ("I now cycle to the office in place of the train.", "", "train"),
    ("I ditched Uber for a job at Lyft.", "lyft", "uber"),
    ("I ditched Firefox and switched to Brave.", "brave", "firefox"),
    ("we sold the flat and bought a house in Hove", "hove", "flat"),
    ("I've moved on from Angular to Vue.", "vue", "angular"),
])
def test_a_new_value_names_the_one_it_replaces(extractor: OfflineExtractor, text: str, new: str, old: str) -> None:
    got = read(extractor, text)
    assert any(s == "user" and new in o and old in r for s, _, o, r, _ in got), got


@pytest.mark.parametrize("text", [
    "Should I use Obsidian instead of OneNote?",
    "If I moved to Vue instead of Angular I'd need to relearn a lot.",
    "My flatmate uses Obsidian instead of OneNote.",
    "I'd pick tea rather than coffee.",
])
def test_no_change_from_a_question_a_hypothetical_or_someone_else(extractor: OfflineExtractor, text: str) -> None:
    assert not any(s == "user" and r for s, _, _, r, _ in read(extractor, text))


@pytest.mark.parametrize(("text", "words"), [
    ("Reality shows do absolutely nothing for me.", "reality shows"),
    ("Abstract painting just leaves me cold.", "abstract painting"),
    ("not a massive fan of karaoke tbh", "karaoke"),
    ("Not really a fan of camping, but I'll come along.", "camping"),
])
def test_a_dislike_said_thing_first_or_without_i(extractor: OfflineExtractor, text: str, words: str) -> None:
    assert any(s == "user" and p == "dislikes" and words in o for s, p, o, _, _ in read(extractor, text))


@pytest.mark.parametrize(("text", "words"), [
    ("Give me a window seat over the aisle any day.", "window seat"),
    ("Give me snow over sunshine every single time.", "snow"),
    ("On weekends I always go for long walks over lie-ins.", "long walks"),
    ("Nothing beats a cold pint from the pub by the river.", "cold pint"),
    ("My all-time favourite album is Rumours.", "rumours"),
    ("fave book of all time is Middlemarch", "middlemarch"),
    ("Three of my favourite bands are Blur and Pulp.", "blur"),
    ("My favourite season's autumn.", "autumn"),
    ("Halloumi and falafel are my go-tos, no contest.", "falafel"),
])
def test_a_preference_in_loose_wordings(extractor: OfflineExtractor, text: str, words: str) -> None:
    got = facts(extractor, text)
    assert any(f.subject == "user" and words in f.object.lower() and not f.negated for f in got), got


@pytest.mark.parametrize("text", [
    "Would you rather have a window seat?",
    "What's your favourite album of all time?",
    "My husband can't stand karaoke.",
    "That does nothing for me.",
    "Give me a minute.",
    "I like that!",
    "Love it, thanks!",
])
def test_no_preference_of_the_users_from_questions_others_or_reactions(extractor: OfflineExtractor, text: str) -> None:
    assert not any(p in {"likes", "dislikes"} or p.startswith("preferred_")
                   for s, p, _, _, _ in read(extractor, text) if s == "user")


@pytest.mark.parametrize(("text", "job"), [
    ("I'm a plasterer by trade.", "plasterer"),
    ("I'm a carpenter by profession, though I'd love to paint.", "carpenter"),
    ("I'm a professional cellist.", "professional cellist"),
    ("I'm a freelance copywriter.", "freelance copywriter"),
    ("I'm a stay-at-home mum for now.", "stay-at-home mum"),
    ("I work weekends as a lifeguard.", "lifeguard"),
])
def test_a_job_said_by_trade_or_as_paid_work(extractor: OfflineExtractor, text: str, job: str) -> None:
    assert ("user", "job_title", job, "", False) in read(extractor, text)


@pytest.mark.parametrize("text", [
    "I'm a professional procrastinator lol",
    "honestly I'm a certified overthinker haha",
    "I'm basically a full-time worrier at this point.",
    "I'm a professional napper on Sundays 😂",
    "Me? A qualified couch potato, jk",
])
def test_a_habit_called_a_trade_in_jest_is_no_job(extractor: OfflineExtractor, text: str) -> None:
    assert not any(p == "job_title" for _, p, _, _, _ in read(extractor, text)), read(extractor, text)


@pytest.mark.parametrize(("text", "employer"), [
    ("I've been at Unilever since 2017.", "unilever"),
    ("been at Monzo for four years now", "monzo"),
    ("I've been with the council for a decade.", "council"),
])
def test_an_employer_one_has_been_at_for_a_while(extractor: OfflineExtractor, text: str, employer: str) -> None:
    assert any(p == "works_at" and o == employer for _, p, o, _, _ in read(extractor, text))


@pytest.mark.parametrize("text", [
    "I'm at Gatwick now.",
    "I've been at Wembley for two hours.",
    "I've been with Priya for six years.",
    "Are you still at Unilever?",
    "I'm a professional? No way.",
])
def test_no_employer_or_job_from_a_visit_a_partner_or_a_question(extractor: OfflineExtractor, text: str) -> None:
    assert not any(s == "user" and p in {"works_at", "job_title"} for s, p, _, _, _ in read(extractor, text))


@pytest.mark.parametrize(("text", "predicate", "value"), [
    ("We moved down to Exeter in the spring.", "lives_in", "exeter"),
    ("I relocated back home to Galway after uni.", "lives_in", "galway"),
    ("I got promoted to director of operations.", "job_title", "director of operations"),
    ("I've recently become vegan.", "diet", "vegan"),
])
def test_a_move_a_promotion_or_a_new_diet_in_other_words(extractor: OfflineExtractor, text: str, predicate: str,
                                                          value: str) -> None:
    assert any(p == predicate and o == value for _, p, o, _, _ in read(extractor, text))


@pytest.mark.parametrize("text", [
    "I stepped out to the garden for a smoke.",
    "I moved out to the balcony.",
    "I got bumped up to the front of the queue.",
])
def test_no_home_or_title_from_a_step_somewhere(extractor: OfflineExtractor, text: str) -> None:
    assert not any(p in {"lives_in", "job_title"} for _, p, _, _, _ in read(extractor, text))


@pytest.mark.parametrize(("text", "kept"), [
    ("My sofa is tan. I moved to Istanbul last year.", "Istanbul"),
    ("The kettle is red now. I bought a paper shredder for the office.", "shredder"),
])
def test_a_colour_said_beside_another_fact_drops_no_value_that_only_spells_it(
        extractor: OfflineExtractor, text: str, kept: str) -> None:
    assert any(kept in f.object for f in facts(extractor, text)), facts(extractor, text)
