"""States, changes and other people read by mechanism (issue 12, round 28, room 12f): the clitic
"'s" after a person read as is/has, a relative's relative, "me and X"; an ended value said after
the new one; a change said without a verb of change; membership said as being "in" a group;
counted pets or kin named one by one; the state beside its duration. And what must stay unread:
questions, hypotheticals, possessives, other people's facts filed as the user's. Real spaCy model."""

from __future__ import annotations

import pytest

from kronograph.extraction.offline import OfflineExtractor

from .reading import facts


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def read(extractor: OfflineExtractor, text: str) -> list[tuple[str, str, str, str]]:
    return [(f.subject, f.predicate, f.object.lower(), (f.replaces or "").lower())
            for f in facts(extractor, text) if f.operation.value != "forget"]


@pytest.mark.parametrize(("text", "subject", "words"), [
    ("my husband's pescatarian these days", "user's husband", "pescatarian"),
    ("My stepdad's been working at the port since the spring.", "user's stepfather", "port"),
    ("our neighbour Arjun's moving to Dundee in the autumn", "Arjun", "dundee"),
    ("My gran's living in Malta now.", "user's grandmother", "malta"),
])
def test_a_persons_clitic_is_read_as_a_verb(extractor: OfflineExtractor, text: str, subject: str, words: str) -> None:
    assert any(s == subject and words in o for s, _, o, _ in read(extractor, text)), read(extractor, text)


@pytest.mark.parametrize("text", [
    "My sister's wedding in June was lovely.",
    "My dad's van broke down again.",
    "my mate's cooking is terrible lol",
])
def test_a_possessive_stays_a_possessive(extractor: OfflineExtractor, text: str) -> None:
    got = read(extractor, text)
    assert not any(s.startswith("user's") and p in {"diet", "lives_in", "works_at", "job_title"} for s, p, _, _ in got), got


@pytest.mark.parametrize(("text", "subject", "words"), [
    ("My cousin's husband drives a lorry for Tesco.", "user's cousin's husband", "lorry"),
    ("my best friend's girlfriend is a paramedic", "user's best friend's girlfriend", "paramedic"),
])
def test_a_relatives_relative_is_that_person(extractor: OfflineExtractor, text: str, subject: str, words: str) -> None:
    got = read(extractor, text)
    assert any(s == subject and words in o for s, _, o, _ in got), got
    assert not any(s in {"user's cousin", "user's best friend"} for s, _, _, _ in got), got


def test_a_relatives_relative_named_is_filed_under_the_name(extractor: OfflineExtractor) -> None:
    got = read(extractor, "My uncle's wife Rosa teaches flamenco.")
    assert any(s == "Rosa" and "flamenco" in o for s, _, o, _ in got), got


@pytest.mark.parametrize(("text", "words"), [
    ("Me and Priya moved to Glasgow in 2021.", "glasgow"),
    ("me n my sister run a dog grooming business", "dog grooming business"),
])
def test_me_and_someone_is_the_speaker_too(extractor: OfflineExtractor, text: str, words: str) -> None:
    assert any(s == "user" and words in o for s, _, o, _ in read(extractor, text)), read(extractor, text)


@pytest.mark.parametrize(("text", "subject", "new", "old"), [
    ("I'm pescatarian now, used to be vegan.", "user", "pescatarian", "vegan"),
    ("I live in Cardiff these days, used to live in Swansea.", "user", "cardiff", "swansea"),
    ("I'm a senior nurse now, was a staff nurse before.", "user", "senior nurse", "staff nurse"),
    ("My dad's vegetarian now, used to be keto.", "user's father", "vegetarian", "keto"),
])
def test_an_ended_value_said_after_the_new_one_is_replaced(extractor: OfflineExtractor, text: str, subject: str,
                                                           new: str, old: str) -> None:
    got = read(extractor, text)
    ended = {(f.subject, f.object.lower()) for f in facts(extractor, text) if f.operation.value == "end"}
    # replaced, or (a past state with its own time: "was X before") closed where the new one begins
    assert any(s == subject and new in o and (old in r or (subject, old) in ended) for s, _, o, r in got), got


@pytest.mark.parametrize(("text", "new", "old"), [
    ("Chrome is out, Firefox is in.", "firefox", "chrome"),
    ("no more Mac, it's all Linux now", "linux", "mac"),
    ("Bye bye Vodafone, hello Three!", "three", "vodafone"),
    ("out with the Fiesta, in with a Polo", "polo", "fiesta"),
])
def test_a_change_without_a_verb_of_change(extractor: OfflineExtractor, text: str, new: str, old: str) -> None:
    got = read(extractor, text)
    assert any(s == "user" and new in o and old in r for s, _, o, r in got), got


@pytest.mark.parametrize("text", [
    "Is Chrome out and Firefox in?",
    "My brother is out, my sister is in.",
    "The tide is out, the boats are in.",
])
def test_no_change_from_a_question_or_people_coming_and_going(extractor: OfflineExtractor, text: str) -> None:
    assert not any(r for _, _, _, r in read(extractor, text)), read(extractor, text)


@pytest.mark.parametrize(("text", "words"), [
    ("I'm in a brass band.", "brass band"),
    ("I'm in an orchestra", "orchestra"),
    ("I'm in a walking group with my neighbours.", "walking group"),
])
def test_being_in_a_group_is_membership(extractor: OfflineExtractor, text: str, words: str) -> None:
    assert any(s == "user" and p == "member_of" and words in o for s, p, o, _ in read(extractor, text))


@pytest.mark.parametrize("text", [
    "Are you in a band?",
    "I was in a band at uni.",
    "I'm in a bit of a rush.",
    "My son is in a band.",
])
def test_no_membership_of_the_user_from_a_question_the_past_or_someone_else(extractor: OfflineExtractor,
                                                                            text: str) -> None:
    assert not any(s == "user" and p == "member_of" for s, p, _, _ in read(extractor, text)), read(extractor, text)


@pytest.mark.parametrize(("text", "predicate", "names"), [
    ("I've got two cats named Sooty and Sweep.", "has_cat", {"sooty", "sweep"}),
    ("we have two rabbits named Bean and Toast", "has_rabbit", {"bean", "toast"}),
    ("I have 2 brothers called Rob and Ian.", "has_brother", {"rob", "ian"}),
])
def test_counted_kin_or_pets_are_named_one_by_one(extractor: OfflineExtractor, text: str, predicate: str,
                                                  names: set[str]) -> None:
    got = read(extractor, text)
    assert names <= {o for s, p, o, _ in got if s == "user" and p == predicate}, got
    assert not any("called" in p or "named" in p for _, p, _, _ in got), got


@pytest.mark.parametrize(("text", "words"), [
    ("I've been doing tai chi for about a year.", "tai chi"),
    ("I've been learning the ukulele for three months", "ukulele"),
])
def test_the_state_beside_how_long(extractor: OfflineExtractor, text: str, words: str) -> None:
    got = read(extractor, text)
    assert any(s == "user" and words in o for s, p, o, _ in got if not p.startswith("quantity_")), got


@pytest.mark.parametrize("text", [
    "If my aunt's moving to Spain, she'd better learn Spanish.",
    "Is your sister's husband still at Rolls-Royce?",
])
def test_no_fact_from_a_hypothetical_or_question_about_a_relative(extractor: OfflineExtractor, text: str) -> None:
    assert not any(s.startswith("user") and p in {"lives_in", "works_at", "planned_lives_in"}
                   for s, p, _, _ in read(extractor, text)), read(extractor, text)


@pytest.mark.parametrize(("text", "place"), [
    ("we live in a tiny flat above a chip shop in Whitby", "whitby"),
    ("I live in a bungalow next to the park in Prestatyn.", "prestatyn"),
])
def test_a_home_placed_by_what_it_sits_beside_is_in_the_town(extractor: OfflineExtractor, text: str, place: str) -> None:
    got = read(extractor, text)
    assert ("user", "lives_in", place, "") in got or any(p == "lives_in" and o == place for _, p, o, _ in got), got


def test_a_home_with_no_town_named_is_no_town(extractor: OfflineExtractor) -> None:
    assert not any(p == "lives_in" and o in {"park", "the park"} for _, p, o, _ in
                   read(extractor, "I live in a flat next to the park."))
