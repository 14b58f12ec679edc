"""Subjects carried and first statements read, by mechanism (issue 12, round 29, room 12g): a clause
that goes on without a subject after a comma is about whoever the clause before was
about (the speaker, or a named person), and about no one when that one named no one; a person's
clitic "'s" before what only a verb takes; a known place the tagger reads as a noun. And what must
stay unread: reactions and sign-offs said without a subject, lists of objects. Real spaCy model."""

from __future__ import annotations

import pytest

from kronograph.extraction.offline import OfflineExtractor

from .reading import facts


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def read(extractor: OfflineExtractor, *turns: str) -> list[tuple[str, str, str, str, str]]:
    return [(f.subject, f.predicate, f.object.lower(), f.operation.value, (f.replaces or "").lower())
            for f in facts(extractor, *turns) if f.operation.value != "forget"]


@pytest.mark.parametrize(("text", "subject", "words"), [
    ("gave up smoking, two months clean now", "user", "smoking"),
    ("flogged the old Corsa, bought a Brompton instead", "user", "brompton"),
    ("ditched my gym membership, bought a rowing machine", "user", "rowing machine"),
    ("Finished uni in June, now working at Ocado", "user", "ocado"),
    ("packed in the office job, working at a bakery in Hove", "user", "bakery"),
    ("I sold my drum kit last spring, got a keyboard instead", "user", "keyboard"),
    ("Priya left the bank in April, joined Monzo a week later", "Priya", "monzo"),
    ("my brother moved to Leeds, started at the hospital there", "user's brother", "hospital"),
    ("stopped eating meat, went vegetarian in January", "user", "vegetarian"),
    ("binned my old laptop, got a ThinkPad", "user", "thinkpad"),
])
def test_a_clause_without_a_subject_is_about_the_one_before(
        extractor: OfflineExtractor, text: str, subject: str, words: str) -> None:
    got = read(extractor, text)
    assert any(s == subject and words in o for s, _, o, _, _ in got), got


@pytest.mark.parametrize("text", [
    "sounds fun, see you then",
    "Looks great, love the colours",
    "Went well, thanks for asking",
    "Makes sense, will do",
    "Hope you feel better, take care",
    "Can't wait, see you Friday",
    "Had a look, seems fine",
    "Sounds lovely, enjoy the trip",
    "nice one, say hi to your mum",
    "Fair enough, let me know",
])
def test_a_reaction_without_a_subject_stays_unread(extractor: OfflineExtractor, text: str) -> None:
    assert read(extractor, text) == []


@pytest.mark.parametrize(("text", "words", "predicate"), [
    ("Bought a flat in Glasgow, moving in next month", "glasgow", "planned_lives_in"),
    ("I like hiking, swimming and cooking", "hiking", "likes"),
])
def test_a_tail_that_only_colours_or_lists_is_not_cut(
        extractor: OfflineExtractor, text: str, words: str, predicate: str) -> None:
    got = read(extractor, text)
    assert any(p == predicate and words in o for _, p, o, _, _ in got), got


@pytest.mark.parametrize(("text", "subject", "words"), [
    ("My sister is in Lyon", "user's sister", "lyon"),
    ("my sister's in Lyon", "user's sister", "lyon"),
    ("Jo's in Lyon these days", "Jo", "lyon"),
    ("Dan's vegan now", "Dan", "vegan"),
    ("Tom's been working at Aldi since March", "Tom", "aldi"),
    ("Priya's moving to Leeds next month", "Priya", "leeds"),
    ("Marek's a plumber in Bath", "Marek", "plumber"),
    ("my aunt is in Madrid now", "user's aunt", "madrid"),
    ("Our neighbour is in Paris for good", "user's neighbour", "paris"),
    ("I'm in Lisbon", "user", "lisbon"),
])
def test_a_first_statement_about_someone_is_read(extractor: OfflineExtractor, text: str, subject: str, words: str) -> None:
    got = read(extractor, text)
    assert any(s == subject and words in o for s, _, o, _, _ in got), got


@pytest.mark.parametrize("text", [
    "Jo's car is in Lyon",
    "Priya's wedding is in June",
    "It's in Leeds",
    "That's in Lyon, right?",
])
def test_a_possessive_or_a_thing_is_no_person_placed(extractor: OfflineExtractor, text: str) -> None:
    got = read(extractor, text)
    assert not any(p == "lives_in" for _, p, _, _, _ in got), got


@pytest.mark.parametrize(("first", "second", "subject", "new", "old"), [
    ("My sister's in Lyon.", "sorry, she's in Nice", "user's sister", "nice", "lyon"),
    ("Jo's in Lyon.", "no wait, she's in Nice", "Jo", "nice", "lyon"),
    ("My brother is in Madrid.", "oops, Seville not Madrid", "user's brother", "seville", "madrid"),
])
def test_a_correction_finds_the_first_statement(extractor: OfflineExtractor, first: str, second: str,
                                                 subject: str, new: str, old: str) -> None:
    got = read(extractor, first, second)
    assert (subject, "lives_in", new, "correct", old) in got, got


@pytest.mark.parametrize(("text", "subject", "diet"), [
    ("Went vegan in January, feeling great", "user", "vegan"),
    ("I turned pescatarian last year", "user", "pescatarian"),
    ("my mum went vegan after the documentary", "user's mother", "vegan"),
    ("we've gone fully plant-based since the spring", "user", "plant-based"),
])
def test_a_diet_taken_up_is_the_diet_from_then_on(extractor: OfflineExtractor, text: str, subject: str, diet: str) -> None:
    assert (subject, "diet", diet, "add", "") in read(extractor, text), read(extractor, text)


def test_going_somewhere_is_no_diet(extractor: OfflineExtractor) -> None:
    assert not any(p == "diet" for _, p, _, _, _ in read(extractor, "I went vegan-cafe hopping in Leeds with Sam"))


@pytest.mark.parametrize(("text", "place"), [
    ("Moved out of Hull in the spring, I'm in Beverley now and it's so much calmer", "beverley"),
    ("we're in Whitstable now, sea views and cheap rent", "whitstable"),
    ("I'm in Tromso these days and it's freezing", "tromso"),
    ("Left the city last year, we're in Settle now and life is slower", "settle"),
])
def test_a_place_said_alone_but_for_now_is_home(extractor: OfflineExtractor, text: str, place: str) -> None:
    got = read(extractor, text)
    assert any(p == "lives_in" and o == place and op == "add" for _, p, o, op, _ in got), got


@pytest.mark.parametrize("text", [
    "I'm in Tucson for a conference and it's roasting",
    "I'm in Glasgow for the weekend, back Monday",
])
def test_a_stay_somewhere_is_no_home(extractor: OfflineExtractor, text: str) -> None:
    got = read(extractor, text)
    assert not any(p == "lives_in" and op == "add" for _, p, _, op, _ in got), got


@pytest.mark.parametrize(("text", "subject", "title"), [
    ("I started as a financial analyst last week", "user", "financial analyst"),
    ("Started as a staff nurse on Monday", "user", "staff nurse"),
    ("Priya started as a solicitor at Irwin Mitchell", "Priya", "solicitor"),
    ("got hired as a junior developer at Sky", "user", "junior developer"),
    ("Just landed a job as a paramedic", "user", "paramedic"),
    ("I began as a junior developer in March", "user", "junior developer"),
])
def test_starting_as_an_occupation_is_the_title(extractor: OfflineExtractor, text: str, subject: str, title: str) -> None:
    got = read(extractor, text)
    assert any(s == subject and p == "job_title" and o == title and op == "add" for s, p, o, op, _ in got), got


@pytest.mark.parametrize("text", ["I started as a joke", "It began as a hobby, honestly"])
def test_starting_as_something_else_is_no_title(extractor: OfflineExtractor, text: str) -> None:
    assert not any(p == "job_title" for _, p, _, _, _ in read(extractor, text))
