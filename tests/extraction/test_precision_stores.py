"""Wrong stores of the English rules, each checked as a kind in wordings of its own through the
real spaCy model: an object that is only a time, a leave-taking or a
resolve read as a task, a "never mind" read as a forget request. Each kind has its negative:
what must still be stored."""

from __future__ import annotations

import pytest

from kronograph.extraction.offline import OfflineExtractor

from .reading import facts


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def pairs(extractor: OfflineExtractor, text: str) -> set[tuple[str, str]]:
    return {(f.predicate, f.object) for f in facts(extractor, text)}


@pytest.mark.parametrize("text", [
    "Maya and I split up over the winter.",
    "We wrapped up at Christmas.",
    "Been a long few months, honestly.",
    "I can't wait for the summer!",
])
def test_an_object_that_is_only_a_time_is_not_stored(extractor: OfflineExtractor, text: str) -> None:
    got = pairs(extractor, text)
    assert not {o for _, o in got if o.split()[-1].lower() in {"winter", "christmas", "months", "summer"}}, got


@pytest.mark.parametrize(("text", "fact"), [
    ("I love autumn.", ("likes", "autumn")),                       # a liking of a season
    ("I swim in the mornings before work.", ("swims_in", "mornings")),  # a habit's when
    ("We broke up over the summer, then I moved to Leeds.", ("lives_in", "Leeds")),
])
def test_a_time_that_is_the_thing_or_beside_it_stays(extractor: OfflineExtractor, text: str,
                                                      fact: tuple[str, str]) -> None:
    assert fact in pairs(extractor, text)


@pytest.mark.parametrize("text", [
    "Gotta dash, talk later!",
    "I gotta stay strong for my kids.",
    "I need to have more patience with my brother.",
    "We should count our blessings, honestly.",
])
def test_a_resolve_or_a_goodbye_is_no_task(extractor: OfflineExtractor, text: str) -> None:
    got = [f for f in facts(extractor, text) if f.predicate in {"has_task", "plans_to", "tries_to"}]
    assert not got, got


@pytest.mark.parametrize(("text", "task"), [
    ("I need to run to the pharmacy before six.", "pharmacy"),   # an errand, run or not
    ("Gotta renew my passport this week.", "passport"),
    ("I have to be careful with money this month.", "money"),   # a chore of its own, not a frame of mind
    ("I need to stay determined to finish my thesis by June.", "thesis"),  # the resolve says what it is for
])
def test_a_chore_said_the_same_way_stays_a_task(extractor: OfflineExtractor, text: str, task: str) -> None:
    assert any(task in f.object for f in facts(extractor, text) if f.predicate == "has_task")


@pytest.mark.parametrize("text", [
    "I joined a new platform for indie artists last week.",
    "I joined an online chess tournament yesterday.",
    "I started with podcasts and now I read a lot.",
    "I'm a data engineer in the payments team.",
    "I'm a volunteer coach in my running group these days.",
])
def test_a_thing_joined_or_a_team_within_is_no_employer(extractor: OfflineExtractor, text: str) -> None:
    got = [f for f in facts(extractor, text) if f.predicate == "works_at"]
    assert not got, got


@pytest.mark.parametrize(("text", "employer"), [
    ("I joined Figma as a senior product designer.", "Figma"),   # a name
    ("I joined a small design agency in March.", "small design agency"),  # a workplace noun
    ("I'm a software engineer for Spotify.", "Spotify"),
    ("I'm a hairdresser in a little salon in town.", "little salon in town"),
])
def test_an_employer_joined_or_worked_for_stays(extractor: OfflineExtractor, text: str, employer: str) -> None:
    assert ("works_at", employer) in pairs(extractor, text)


@pytest.mark.parametrize("text", [
    "Oh forget about that, it was nothing.",
    "Forget about it - no worries at all!",
])
def test_forget_about_it_is_a_never_mind(extractor: OfflineExtractor, text: str) -> None:
    assert not facts(extractor, text)


@pytest.mark.parametrize(("text", "what"), [
    ("Please forget about my old flatmate, Rory.", "Rory"),
    ("Can you forget about my knee surgery, please?", "surgery"),
])
def test_forget_about_a_thing_named_is_still_a_request(extractor: OfflineExtractor, text: str, what: str) -> None:
    assert any(what in f.object for f in facts(extractor, text) if f.operation == "forget")


@pytest.mark.parametrize(("text", "noise"), [
    ("Sorry, I keep mixing the twins up, it's Ava who plays violin.", "twins"),
    ("Got the dates muddled, the wedding is on 9 May.", "dates"),
    ("I misheard the address, it's Flat 4 not Flat 2.", "address"),
    ("Oops, I always get those two restaurants mixed up, I meant Nando's.", "restaurants"),
])
def test_a_remark_on_the_speakers_own_slip_is_not_stored(extractor: OfflineExtractor, text: str, noise: str) -> None:
    got = pairs(extractor, text)
    assert not {o for _, o in got if noise in o}, got


@pytest.mark.parametrize(("text", "fact"), [
    ("We adopted a mixed-breed puppy called Rolo.", "Rolo"),          # "mixed" that is no slip
    ("I typed 4 cats earlier, it's actually 5.", "5"),               # the old value said with the slip stays
])
def test_words_like_a_slip_that_state_something_stay(extractor: OfflineExtractor, text: str, fact: str) -> None:
    assert any(fact in o for _, o in pairs(extractor, text)), pairs(extractor, text)
