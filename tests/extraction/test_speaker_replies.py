"""Two named speakers replying to each other, and people set off by a clause or dashes, by construction:
a bare answer to the other's question said whole, "same here"/"me too" taking the other's statement,
"still at/in", "stuck at", "staying put in" as where one works or lives, congratulations as news of the
addressee, "my friend Dana, who teaches in Leeds", "Sam — my coworker — ...", a name beside a relation
met ("met up with my old flatmate Chris, he's ..."), a title given ("been made partner", "qualified as
a pilot"), a taste of a relative ("mad about", "a passion for"). And what must not fire. Real spaCy
model; REF is Wednesday 20 May 2026."""

from __future__ import annotations

import pytest

from kronograph.extraction.base import CandidateFact, EpisodeInput, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.model import Scope

from .reading import REF, facts


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def chat(extractor: OfflineExtractor, *said: tuple[str, str]) -> list[CandidateFact]:
    turns = [Turn(role="user", name=name, content=content) for name, content in said]
    return extractor.extract(EpisodeInput(turns=turns, reference_time=REF, scope=Scope(user_id="u"))).facts


def has(got: list[CandidateFact], subject: str, words: str) -> bool:
    return any(f.subject == subject and words.casefold() in f.object.casefold() for f in got)


@pytest.mark.parametrize(("question", "answer", "words"), [
    ("Where are you working these days?", "At the children's hospital, since March.", "children's hospital"),
    ("so where do you live now?", "Leith, moved there in the autumn", "Leith"),
    ("Where do you live?", "In Norwich, for now", "Norwich"),
    ("which uni are you at?", "Leeds, second year of geography", "Leeds"),
    ("Who do you work for?", "Deloitte, still", "Deloitte"),
    ("what do you do?", "a freelance illustrator, mostly kids' books", "illustrator"),
    ("What do you do for a living, Mel?", "A pharmacist.", "pharmacist"),
])
def test_a_bare_answer_to_the_other_speakers_question_is_the_answerers(
        extractor: OfflineExtractor, question: str, answer: str, words: str) -> None:
    got = chat(extractor, ("Ann", question), ("Bo", answer))
    assert has(got, "Bo", words), got
    assert not any(f.subject == "Ann" for f in got), got


@pytest.mark.parametrize("answer", ["haha good question", "Not sure anymore", "Still thinking about it.", "why do you ask?"])
def test_no_value_in_the_answer_stores_nothing(extractor: OfflineExtractor, answer: str) -> None:
    assert chat(extractor, ("Ann", "Where do you live now?"), ("Bo", answer)) == []


@pytest.mark.parametrize(("first", "reply", "words"), [
    ("I'm vegetarian, have been for years.", "same here, since I was a teenager", "vegetarian"),
    ("I work at Tesco.", "me too!", "Tesco"),
    ("I'm allergic to cats.", "Ditto, it's awful.", "cats"),
    ("I play the cello in an orchestra.", "haha so do I", "cello"),
    ("I'm a Leeds fan.", "Same here!", "Leeds"),
])
def test_same_here_takes_the_other_speakers_statement(extractor: OfflineExtractor, first: str, reply: str,
                                                      words: str) -> None:
    got = chat(extractor, ("Iris", first), ("Omar", reply))
    assert has(got, "Iris", words) and has(got, "Omar", words), got


@pytest.mark.parametrize(("first", "reply"), [
    ("I'm vegetarian.", "Same, but I eat fish."),
    ("My sister is a nurse.", "same here"),
    ("I play the cello.", "Same for me!"),
    ("I have a sister called Ana.", "me too"),
])
def test_same_here_takes_no_relative_and_no_denied_statement(extractor: OfflineExtractor, first: str,
                                                             reply: str) -> None:
    got = chat(extractor, ("Iris", first), ("Omar", reply))
    assert not any(f.subject == "Omar" and f.predicate in {"diet", "job_title", "plays", "has_sister"}
                   and "fish" not in f.object for f in got), got


@pytest.mark.parametrize(("reply", "words"), [
    ("Good for you, I'm still at the warehouse.", "warehouse"),
    ("brave! I'm still stuck at the call centre tbh", "call centre"),
    ("Nice, I'm still at the brewery.", "brewery"),
    ("I'm staying put in Cardiff, can't face packing.", "Cardiff"),
    ("jealous, I'm still in Swindon", "Swindon"),
    ("we're stuck in Slough for another year", "Slough"),
])
def test_still_where_one_was_is_the_repliers_work_or_home(extractor: OfflineExtractor, reply: str, words: str) -> None:
    got = chat(extractor, ("Maya", "I've just started at a new job in Hove."), ("Tobi", reply))
    assert has(got, "Tobi", words), got
    assert not has(got, "Maya", words), got


@pytest.mark.parametrize("text", ["I'm still at the hospital with mum.", "I'm stuck in traffic.",
                                  "I'm still at the office, home late.", "I'm stuck in a rut."])
def test_still_at_a_place_one_visits_is_no_job_or_home(extractor: OfflineExtractor, text: str) -> None:
    assert not any(f.predicate in {"works_at", "lives_in"} for f in facts(extractor, text))


@pytest.mark.parametrize(("said", "words"), [
    ("Congrats on the new flat in Austin!", "Austin"),
    ("Huge congrats on the new job at Google", "Google"),
    ("Well done on moving to Leeds, finally", "Leeds"),
    ("congratulations on your new job at the BBC!!", "BBC"),
    ("Well done on landing the job at Monzo!", "Monzo"),
])
def test_congratulations_are_news_of_the_other_speaker(extractor: OfflineExtractor, said: str, words: str) -> None:
    got = chat(extractor, ("Rosa", said), ("Tim", "Thanks!"))
    assert has(got, "Tim", words), got
    assert not has(got, "Rosa", words), got


def test_congratulations_with_no_other_speaker_store_nothing(extractor: OfflineExtractor) -> None:
    assert facts(extractor, "Congrats on the new flat in Austin!") == []


@pytest.mark.parametrize(("text", "subject", "words"), [
    ("My friend Dana, who teaches in Leeds, is coming to stay next week.", "Dana", "Leeds"),
    ("I'm visiting my friend Dana, who teaches in Leeds.", "Dana", "Leeds"),
    ("I saw Priya, who's a nurse now.", "Priya", "nurse"),
    ("my cousin Priya, who works at Arup, just got engaged", "Priya", "Arup"),
    ("Sam — my coworker — just moved to Berlin.", "Sam", "Berlin"),
    ("Sam - my coworker - just moved to Berlin.", "Sam", "Berlin"),
    ("Jen – my sister-in-law – works at a bakery.", "Jen", "bakery"),
    ("Met up with my old flatmate Chris, he's a firefighter in Glasgow now.", "Chris", "firefighter"),
    ("I had lunch with my cousin Ella, she just started at Deloitte.", "Ella", "Deloitte"),
])
def test_a_person_set_off_by_a_clause_or_dashes_gets_the_fact(extractor: OfflineExtractor, text: str, subject: str,
                                                              words: str) -> None:
    got = facts(extractor, text)
    assert has(got, subject, words), got
    assert not has(got, "user", words), got


def test_a_clause_with_its_own_subject_says_only_who_the_person_is(extractor: OfflineExtractor) -> None:
    got = facts(extractor, "Priyanka, who I share a flat with, can't go near sesame, she's allergic.")
    assert not any(f.subject == "user" for f in got), got


@pytest.mark.parametrize(("text", "subject", "title"), [
    ("my sister's just been made partner at her law firm in Bristol", "user's sister", "partner"),
    ("I've just been made charge nurse on the stroke ward!", "user", "charge nurse"),
    ("My brother-in-law Rafael just qualified as a pilot with Ryanair.", "Rafael", "pilot"),
    ("I qualified as a midwife in 2019.", "user", "midwife"),
    ("My dad was made a partner in 1990.", "user's father", "partner"),
])
def test_a_title_given_is_a_job_title(extractor: OfflineExtractor, text: str, subject: str, title: str) -> None:
    got = facts(extractor, text)
    assert any(f.subject == subject and f.predicate == "job_title" and f.object == title for f in got), got


def test_made_redundant_is_no_title(extractor: OfflineExtractor) -> None:
    assert not any(f.predicate == "job_title" for f in facts(extractor, "I've just been made redundant."))


@pytest.mark.parametrize(("text", "subject", "words"), [
    ("My sister is mad about sunsets, she drags me down to the ocean.", "user's sister", "sunsets"),
    ("My mom had a huge passion for cooking.", "user's mother", "cooking"),
    ("Grandad is nuts about crosswords.", "user's grandfather", "crosswords"),
    ("Grandma has a real passion for gardening.", "user's grandmother", "gardening"),
    ("my lad's joining the army", "user's son", "army"),
    ("My other half works at the bank.", "user's partner", "bank"),
])
def test_a_relatives_taste_and_kin_words(extractor: OfflineExtractor, text: str, subject: str, words: str) -> None:
    assert has(facts(extractor, text), subject, words), facts(extractor, text)


@pytest.mark.parametrize(("text", "subject"), [
    ("Sorry to bring the mood down, my dad passed away two days ago.", "user's father"),
    ("my nan passed last spring", "user's grandmother"),
    ("My father passed away when I was ten.", "user's father"),
    ("Our neighbour Mrs Hale passed away on Sunday.", "Mrs Hale"),
    ("My uncle Ray passed away in March.", "Ray"),
])
def test_a_relative_who_passed_away(extractor: OfflineExtractor, text: str, subject: str) -> None:
    got = facts(extractor, text)
    assert any(f.subject == subject and f.predicate == "life_event" and f.object == "passed away" for f in got), got


@pytest.mark.parametrize("text", ["I passed!", "I passed last week.", "Time passed so quickly."])
def test_a_bare_passed_of_the_speaker_or_a_thing_is_no_death(extractor: OfflineExtractor, text: str) -> None:
    assert not any(f.object == "passed away" for f in facts(extractor, text))


@pytest.mark.parametrize(("text", "subject", "words"), [
    ("My partner's even more into yoga than me.", "user's partner", "yoga"),
    ("my brother's totally obsessed with chess", "user's brother", "chess"),
    ("My sister's mad about horses.", "user's sister", "horses"),
    ("my dad's absolutely crazy about golf", "user's father", "golf"),
    ("My niece Ada's seriously into climbing.", "Ada", "climbing"),
])
def test_a_relatives_clitic_before_an_adverb_of_degree_is_is(extractor: OfflineExtractor, text: str, subject: str,
                                                             words: str) -> None:
    assert has(facts(extractor, text), subject, words), facts(extractor, text)
