"""Statements about named or related people and about the other speaker, in wordings of round 28:
a name before its verb with a filler between ("Priya just moved ..."), a relation in parentheses,
kin called by the word ("Mum ..."), "she"/"he" after a person the speaker met, "I heard you ..."
and "didn't you say you ...?" between two named speakers, a distance run as a thing ("a 5k").
And what must not fire. Real spaCy model; REF is Wednesday 20 May 2026."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from kronograph.extraction.base import EpisodeInput, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.model import MemoryType, Scope

from .reading import REF, facts


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def triples(extractor: OfflineExtractor, text: str) -> list[tuple[str, str, str]]:
    return [(f.subject, f.predicate, f.object) for f in facts(extractor, text)]


@pytest.mark.parametrize(("text", "subject", "words"), [
    ("Nadia just moved to Glasgow.", "Nadia", "Glasgow"),
    ("Bruno finally landed a job at Atlassian.", "Bruno", "Atlassian"),
    ("Harriet really loves bouldering.", "Harriet", "bouldering"),
    ("Theo (my brother) teaches at a primary school.", "Theo", "primary school"),
    ("Rhea (my flatmate) lives in Croydon now.", "Rhea", "Croydon"),
    ("My cousin Yusuf from Leeds is a pharmacist.", "Yusuf", "pharmacist"),
    ("Mum adores her allotment.", "user's mother", "allotment"),
    ("Grandad moved to Malta last spring.", "user's grandfather", "Malta"),
    ("my bro Kai works at Ocado", "Kai", "Ocado"),
    ("My sis Lotte is a dentist.", "Lotte", "dentist"),
    ("Gemma, who I used to work with, lives in Hove now.", "Gemma", "Hove"),
    ("Declan, who runs the corner shop, is allergic to nuts.", "Declan", "nuts"),
    ("Our youngest, Mabel, loves ballet.", "Mabel", "ballet"),
    ("My son-in-law Viktor works at Siemens.", "Viktor", "Siemens"),
])
def test_a_named_or_related_person_gets_the_fact(extractor: OfflineExtractor, text: str, subject: str,
                                                 words: str) -> None:
    got = triples(extractor, text)
    assert any(s == subject and words.lower() in o.lower() for s, _, o in got), got
    assert not any(s == "user" and words.lower() in o.lower() for s, _, o in got), got


@pytest.mark.parametrize(("text", "person", "words"), [
    ("I grabbed coffee with Farah on Monday. She works at the BBC.", "Farah", "BBC"),
    ("Ran into Olek at the station, he just moved to Gdansk.", "Olek", "Gdansk"),
    ("We visited Hamid last weekend. He lives in Bath now.", "Hamid", "Bath"),
])
def test_she_or_he_names_the_person_just_met(extractor: OfflineExtractor, text: str, person: str, words: str) -> None:
    got = triples(extractor, text)
    assert any(s == person and words in o for s, _, o in got), got


def test_a_name_called_out_before_the_speaker_is_no_subject(extractor: OfflineExtractor) -> None:
    assert triples(extractor, "Gemma, I live in Hove now.") == [("user", "lives_in", "Hove")]


def test_a_pronoun_with_no_person_met_is_nobody(extractor: OfflineExtractor) -> None:
    got = triples(extractor, "I had dinner at Nando's. She works at the BBC.")
    assert not any("BBC" in o for _, _, o in got), got
    got = triples(extractor, "I went to Paris with my team. He lives in Lyon.")
    assert not any(s == "Paris" for s, _, _ in got), got


@pytest.mark.parametrize("text", ["Thanks Priya, that helps.", "Carlos, can you send me the file?",
                                  "Mum, where are my keys?", "Nadia said hi."])
def test_names_addressed_or_asked_store_nothing(extractor: OfflineExtractor, text: str) -> None:
    assert triples(extractor, text) == []


@pytest.mark.parametrize(("text", "words", "day"), [
    ("Ran a 5k this morning!", "5k", date(2026, 5, 20)),
    ("did a 10k with my sister on Sunday", "10k", date(2026, 5, 17)),
])
def test_a_distance_run_is_a_dated_event(extractor: OfflineExtractor, text: str, words: str, day: date) -> None:
    got = [(f.object, f.valid_from.date() if f.valid_from else None) for f in facts(extractor, text)
           if f.memory_type is MemoryType.episodic]
    assert (words, day) in got, got


def _chat(extractor: OfflineExtractor, *turns: tuple[str, str]) -> list[tuple[str, str, str, bool]]:
    episode = EpisodeInput(turns=[Turn(role="user", name=name, content=text) for name, text in turns],
                           reference_time=datetime(2026, 5, 20, 10, tzinfo=UTC), scope=Scope(user_id="u"))
    return [(f.subject, f.predicate, f.object, bool(f.hedged)) for f in extractor.extract(episode).facts]


@pytest.mark.parametrize(("said", "predicate", "words"), [
    ("Didn't you say you live in Norwich?", "lives_in", "Norwich"),
    ("Did you mention you work at Arup?", "works_at", "Arup"),
    ("I heard you're a paramedic now!", "job_title", "paramedic"),
    ("so i hear you're allergic to shellfish", "allergic_to", "shellfish"),
])
def test_what_one_speaker_heard_about_the_other(extractor: OfflineExtractor, said: str, predicate: str,
                                                words: str) -> None:
    got = _chat(extractor, ("Ola", said), ("Ben", "Yeah."))
    assert any(s == "Ben" and p == predicate and words in o and hedged for s, p, o, hedged in got), got
    assert not any(s in {"Ola", "user"} and words in o for s, _, o, _ in got), got


def test_heard_about_the_listener_alone_with_an_assistant_is_nobody(extractor: OfflineExtractor) -> None:
    assert triples(extractor, "I heard you're a paramedic now!") == []
    assert triples(extractor, "Did you say you live in Norwich?") == []


def test_reference_is_wednesday() -> None:
    assert REF.weekday() == 2


@pytest.mark.parametrize(("text", "words"), [
    ("Had a phone interview with Monzo yesterday.", "Monzo"),
    ("My wife gave a keynote at DevConf last week.", "DevConf"),
    ("I did an audition for the RSC on Monday.", "RSC"),
])
def test_a_dated_occasion_keeps_its_named_host(extractor: OfflineExtractor, text: str, words: str) -> None:
    got = [f.object for f in facts(extractor, text) if f.memory_type is MemoryType.episodic]
    assert any(words in o for o in got), got


def test_an_unnamed_host_is_left_off(extractor: OfflineExtractor) -> None:
    got = [f.object for f in facts(extractor, "I had an interview at the bank yesterday.")]
    assert "interview" in got and not any("bank" in o for o in got), got
