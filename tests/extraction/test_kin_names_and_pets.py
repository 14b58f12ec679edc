"""People the speaker talks about, in the constructions of round 31: a relative called by a family word
named by the plain relation ("my mum" -> "user's mother"), a group of relatives with "both"/"all", a
relative's "'s" before a verb in -ing, a name the small tagger reads as a common noun, a pet named after
its kind is said, and another speaker's counterpart that corrects no one. And what must not fire.
Real spaCy model; REF is Wednesday 20 May 2026."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kronograph.extraction.base import EpisodeInput, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.extraction.rules_draft import plain_kin
from kronograph.model import Scope

from .reading import facts


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def triples(extractor: OfflineExtractor, text: str) -> list[tuple[str, str, str]]:
    return [(f.subject, f.predicate, f.object) for f in facts(extractor, text)]


def chat(extractor: OfflineExtractor, *turns: tuple[str, str]) -> list[tuple[str, str, str, str]]:
    episode = EpisodeInput(turns=[Turn(role="user", name=name, content=text) for name, text in turns],
                           reference_time=datetime(2026, 5, 20, 10, tzinfo=UTC), scope=Scope(user_id="u"))
    return [(f.subject, f.predicate, f.object, f.operation.value) for f in extractor.extract(episode).facts]


@pytest.mark.parametrize(("subject", "plain"), [
    ("user's mum", "user's mother"), ("user's dad", "user's father"), ("user's nan", "user's grandmother"),
    ("user's grandad", "user's grandfather"), ("Sol's little brother", "Sol's brother"),
    ("user's mum's partner", "user's mother's partner"), ("user", "user"), ("Priya", "Priya"),
    ("user's son", "user's son"), ("user's baby", "user's baby"),
])
def test_a_relative_is_named_by_the_plain_relation(subject: str, plain: str) -> None:
    assert plain_kin(subject) == plain


@pytest.mark.parametrize(("text", "subject", "words"), [
    ("My mam works at the post office.", "user's mother", "post office"),
    ("my mom's a nurse in Ohio", "user's mother", "nurse"),
    ("Dad lives in Portugal now.", "user's father", "Portugal"),
    ("My granny loves crosswords.", "user's grandmother", "crosswords"),
    ("My grandpa plays bowls every Thursday.", "user's grandfather", "bowls"),
    ("My younger brother works at Tesco.", "user's brother", "Tesco"),
    ("my big sister lives in Cardiff", "user's sister", "Cardiff"),
    ("My hubby's a plumber.", "user's husband", "plumber"),
])
def test_a_relative_called_by_a_family_word(extractor: OfflineExtractor, text: str, subject: str, words: str) -> None:
    got = facts(extractor, text)
    assert any(f.subject == subject and words.lower() in f.object.lower() for f in got), got
    assert not any(f.subject == "user" and words.lower() in f.object.lower() for f in got), got


def test_the_fact_text_keeps_the_word_said(extractor: OfflineExtractor) -> None:
    got = [f for f in facts(extractor, "My mum lives in Cork.") if f.predicate == "lives_in"]
    assert [f.subject for f in got] == ["user's mother"]
    assert "mum" in got[0].text


def test_a_named_speakers_relative_is_named_plainly(extractor: OfflineExtractor) -> None:
    got = chat(extractor, ("Lou", "my nan lives in Cork"), ("Sam", "my dad works at Aldi"))
    assert ("Lou's grandmother", "lives_in", "Cork", "add") in got, got
    assert ("Sam's father", "works_at", "Aldi", "add") in got, got


@pytest.mark.parametrize(("text", "subject", "words"), [
    ("my kids both go to St Mary's", "user's kids", "St Mary"),
    ("My parents both work at the hospital.", "user's parents", "hospital"),
    ("my cousins all live in Toronto", "user's cousins", "Toronto"),
    ("Our daughters both play hockey.", "user's daughters", "hockey"),
])
def test_relatives_both_or_all_are_the_subject(extractor: OfflineExtractor, text: str, subject: str, words: str) -> None:
    got = triples(extractor, text)
    assert any(s == subject and words.lower() in o.lower() for s, _, o in got), got
    assert not any(s == "user" and words.lower() in o.lower() for s, _, o in got), got


@pytest.mark.parametrize(("text", "subject", "words"), [
    ("My wife's learning Portuguese.", "user's wife", "Portuguese"),
    ("my brother's studying law at Exeter", "user's brother", "law"),
    ("My daughter's joining the scouts.", "user's daughter", "scouts"),
    ("my son's learning the trumpet", "user's son", "trumpet"),
])
def test_a_relatives_clitic_before_an_ing_verb_is_is(extractor: OfflineExtractor, text: str, subject: str,
                                                     words: str) -> None:
    got = triples(extractor, text)
    assert any(s == subject and words.lower() in o.lower() for s, _, o in got), got


@pytest.mark.parametrize("text", ["my dad's cooking is amazing", "My sister's wedding was lovely.",
                                  "my mum's stuffing recipe is the best"])
def test_a_relatives_thing_in_ing_is_no_verb(extractor: OfflineExtractor, text: str) -> None:
    assert not any(s.startswith("user's") for s, _, _ in triples(extractor, text)), triples(extractor, text)


@pytest.mark.parametrize(("text", "subject", "words"), [
    ("Ravi works at Infosys.", "Ravi", "Infosys"),
    ("Kwame lives in Accra.", "Kwame", "Accra"),
    ("Sophie from work is allergic to sesame.", "Sophie", "sesame"),
    ("Priyanka from my book club is vegan.", "Priyanka", "vegan"),
])
def test_a_name_the_tagger_reads_as_a_noun(extractor: OfflineExtractor, text: str, subject: str, words: str) -> None:
    got = triples(extractor, text)
    assert any(s == subject and words.lower() in o.lower() for s, _, o in got), got
    assert not any(s == "user" and words.lower() in o.lower() for s, _, o in got), got


@pytest.mark.parametrize("text", ["Coffee keeps me going.", "Work is mad busy this week.",
                                  "Football starts again on Saturday.", "Traffic was awful today."])
def test_a_common_noun_opening_a_sentence_is_no_name(extractor: OfflineExtractor, text: str) -> None:
    first = text.split()[0]
    assert not any(s == first for s, _, _ in triples(extractor, text)), triples(extractor, text)


@pytest.mark.parametrize(("first", "second", "theirs"), [
    ("I support Liverpool, born and raised on Merseyside.", "Everton for me, sorry.", "Everton"),
    ("I drink my coffee black.", "Tea for me, sorry.", "Tea"),
    ("I'm a morning person.", "Night owl for me, sorry.", "Night owl"),
])
def test_another_speakers_counterpart_corrects_no_one(extractor: OfflineExtractor, first: str, second: str,
                                                       theirs: str) -> None:
    got = chat(extractor, ("Fatima", first), ("Greg", second))
    assert not any(s == "Fatima" and theirs.lower() in o.lower() for s, _, o, _ in got), got
    assert not any(op == "correct" for _, _, _, op in got), got


def test_a_speakers_own_correction_still_corrects(extractor: OfflineExtractor) -> None:
    got = chat(extractor, ("Fatima", "I support Liverpool."), ("Greg", "Nice."),
               ("Fatima", "Sorry, Everton, not Liverpool."))
    assert any(s == "Fatima" and "Everton" in o and op == "correct" for s, _, o, op in got), got


@pytest.mark.parametrize(("text", "name"), [
    ("Just got a kitten, we've named her Luna.", "Luna"),
    ("I adopted a rescue dog in March, his name's Rolo.", "Rolo"),
    ("We've got a new hamster, Nibbles.", "Nibbles"),
    ("i got a lurcher last year, her name is Tilly", "Tilly"),
    ("I've got two ferrets, Salt and Pepper.", "Salt"),
])
def test_a_pet_named_after_its_kind(extractor: OfflineExtractor, text: str, name: str) -> None:
    got = triples(extractor, text)
    assert any(s == "user" and name in o for s, _, o in got), got
    assert not any(o.lower().startswith(("her ", "him ")) for _, _, o in got), got


@pytest.mark.parametrize("text", ["I walked the dog, Sam.", "I fed the cat, Mum."])
def test_a_name_called_after_the_pet_is_no_pet_name(extractor: OfflineExtractor, text: str) -> None:
    name = text.rstrip(".").split()[-1]
    assert not any(name in o for _, _, o in triples(extractor, text)), triples(extractor, text)


@pytest.mark.parametrize(("first", "second", "predicate", "theirs"), [
    ("I support Liverpool, born and raised on Merseyside.", "Everton for me, sorry.", "supports", "Everton"),
    ("I live in Leeds, born and bred.", "Manchester for me.", "lives_in", "Manchester"),
    ("I drive a Golf.", "A Fiesta for me, cheap and cheerful.", "drives", "Fiesta"),
])
def test_a_value_for_me_takes_the_other_speakers_slot(extractor: OfflineExtractor, first: str, second: str,
                                                      predicate: str, theirs: str) -> None:
    got = chat(extractor, ("Fatima", first), ("Greg", second))
    assert ("Greg", predicate, theirs, "add") in got, got


@pytest.mark.parametrize("second", ["Same for me!", "Not for me, I love cheese too much.", "Too far for me, sorry.",
                                    "Lucky for me, it was sunny."])
def test_no_value_for_me_takes_nothing(extractor: OfflineExtractor, second: str) -> None:
    got = chat(extractor, ("Fatima", "I'm doing the Bath half in March."), ("Greg", second))
    assert not any(s == "Greg" and p == "plans_to" for s, p, _, _ in got), got
    assert not any(s == "Greg" and "Bath" in o for s, _, o, _ in got), got


@pytest.mark.parametrize(("text", "subject", "words"), [
    ("my gran's 90 and still plays bridge", "user's grandmother", "bridge"),
    ("Uncle Raj is 75 and still runs the family shop.", "Raj", "shop"),
    ("My dad is 68 and still coaches the under-tens.", "user's father", "under-tens"),
])
def test_what_a_person_still_does_after_their_age(extractor: OfflineExtractor, text: str, subject: str,
                                                  words: str) -> None:
    got = triples(extractor, text)
    assert any(s == subject and p == "age" for s, p, _ in got), got
    assert any(s == subject and words.lower() in o.lower() for s, _, o in got), got
    assert not any(s == "user" and words.lower() in o.lower() for s, _, o in got), got


@pytest.mark.parametrize("text", ["I do aquafit every Thursday.", "my nan does aquafit every thursday",
                                  "I go to choir every other Monday."])
def test_every_weekday_is_how_often_not_a_due_date(extractor: OfflineExtractor, text: str) -> None:
    got = facts(extractor, text)
    assert not any(f.predicate == "has_task" for f in got), got


@pytest.mark.parametrize(("text", "words"), [
    ("I'm stuck revising for my finals.", "finals"),
    ("i'm still stuck marking essays lol", "essays"),
    ("We're stuck painting the hallway this weekend.", "hallway"),
])
def test_stuck_doing_is_what_the_speaker_does(extractor: OfflineExtractor, text: str, words: str) -> None:
    assert any(s == "user" and words in o for s, _, o in triples(extractor, text)), triples(extractor, text)


@pytest.mark.parametrize("text", ["I'm stuck in traffic.", "I'm stuck, can you help?"])
def test_stuck_alone_is_nothing_done(extractor: OfflineExtractor, text: str) -> None:
    assert triples(extractor, text) == []
