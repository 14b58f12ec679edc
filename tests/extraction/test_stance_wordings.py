"""Likings and endings in chat wordings the rules read only once rewritten (issue 12, round 27):
"massive fan of", "can't get enough of", "luv", "fave", "hands down my favourite", "the X-er the
better"; "had to give up", "got round to cancelling", "sold the ..."; "stopped doing ...". And
what must stay unread: someone else's liking, a denial, a question, a sale that ends nothing.
Real spaCy model."""

from __future__ import annotations

import pytest

from kronograph.extraction.base import Operation
from kronograph.extraction.offline import OfflineExtractor

from .reading import facts


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def read(extractor: OfflineExtractor, text: str) -> set[tuple[str, str, str, str]]:
    return {(f.subject, f.predicate, f.object.lower(), f.operation.value) for f in facts(extractor, text)}


@pytest.mark.parametrize(("text", "words"), [
    ("Massive fan of the Celtics, been watching since I was a kid.", "celtics"),
    ("I'm a huge fan of the Foo Fighters.", "foo fighters"),
    ("honestly can't get enough of salted caramel", "salted caramel"),
    ("i luv roast parsnips", "roast parsnips"),
    ("Sourdough is by far my favourite, the tangier the better.", "sourdough"),
])
def test_a_liking_in_chat_words_is_a_preference(extractor: OfflineExtractor, text: str, words: str) -> None:
    assert any(p == "likes" and words in o and s == "user" for s, p, o, _ in read(extractor, text))


@pytest.mark.parametrize("text", [
    "I'm not a big fan of horror films.",
    "You can't get enough of that band, can you?",
    "Is the blue one your fave?",
])
def test_a_denial_or_question_is_no_liking(extractor: OfflineExtractor, text: str) -> None:
    # a denied liking may be kept as the liking negated, never as a liking held
    assert not any(f.predicate == "likes" and f.operation.value == "add" and not f.negated
                   for f in facts(extractor, text))


def test_someone_elses_fandom_is_theirs(extractor: OfflineExtractor) -> None:
    assert not any(s == "user" and p == "likes" for s, p, _, _ in read(extractor, "My uncle is a big fan of Arsenal."))


@pytest.mark.parametrize(("text", "words"), [
    ("Had to give up squash after my back went.", "squash"),
    ("finally got around to cancelling my Audible subscription", "audible"),
    ("We sold the campervan in the autumn.", "campervan"),
])
def test_an_ending_in_chat_words_ends(extractor: OfflineExtractor, text: str, words: str) -> None:
    assert any(op == Operation.end.value and words in o for _, _, o, op in read(extractor, text))


@pytest.mark.parametrize("text", [
    "I sold the most raffle tickets at the fair.",
    "My sister had to sell her flat in Leeds.",
    "I stopped doing the dishes halfway through.",
])
def test_an_act_is_no_ending(extractor: OfflineExtractor, text: str) -> None:
    assert not any(op == Operation.end.value for _, _, _, op in read(extractor, text))


@pytest.mark.parametrize(("text", "predicate", "words"), [
    ("These days I'm at Accenture, the commute is brutal.", "works_at", "accenture"),
    ("I'm still at Deliveroo.", "works_at", "deliveroo"),
    ("I'm with Bulb Energy now.", "uses", "bulb energy"),
    ("I'm on Deezer now, the other app got too pricey.", "uses", "deezer"),
])
def test_where_the_speaker_is_now(extractor: OfflineExtractor, text: str, predicate: str, words: str) -> None:
    assert ("user", predicate, words, "add") in read(extractor, text)


@pytest.mark.parametrize("text", [
    "I'm at the pub now, come join us.",
    "I'm with Priya now, we're grabbing lunch.",
    "I'm on my way now.",
    "Are you at Accenture now?",
    "I'm at Heathrow now, boarding in twenty minutes.",
    "Landed! I'm at Gatwick now, the team is picking me up.",
])
def test_being_somewhere_for_now_is_no_employer(extractor: OfflineExtractor, text: str) -> None:
    assert not {p for s, p, _, _ in read(extractor, text) if s == "user"} & {"works_at", "uses", "member_of"}


def test_someone_elses_employer_is_theirs(extractor: OfflineExtractor) -> None:
    assert not any(s == "user" and p == "works_at" for s, p, _, _ in read(extractor, "My cousin is at Deloitte now."))


@pytest.mark.parametrize(("text", "predicate", "words"), [
    ("I make scented candles and sell them at craft fairs.", "makes", "scented candles"),
    ("I've been learning Welsh since the spring.", "learns", "welsh"),
    ("these days I'm learning Tagalog for my in-laws", "learns", "tagalog"),
])
def test_a_pastime_said_of_the_present(extractor: OfflineExtractor, text: str, predicate: str, words: str) -> None:
    assert any(s == "user" and p == predicate and words in o for s, p, o, _ in read(extractor, text))


@pytest.mark.parametrize("text", [
    "I make silly mistakes when I'm tired.",
    "I'm learning a lot from this job.",
    "Do you make your own pasta?",
    "I make dinner most nights.",
])
def test_no_pastime_in_a_habit_of_no_interest(extractor: OfflineExtractor, text: str) -> None:
    assert not any(p in {"makes", "learns"} for _, p, _, _ in read(extractor, text))


def test_someone_elses_pastime_is_theirs(extractor: OfflineExtractor) -> None:
    text = "My aunt makes quilts for the whole family."
    assert not any(s == "user" and p == "makes" for s, p, _, _ in read(extractor, text))


@pytest.mark.parametrize(("text", "words"), [
    ("I'm vaguely thinking about buying a campervan.", "campervan"),
    ("I'm sort of thinking of learning the banjo.", "banjo"),
])
def test_a_half_formed_thought_is_hedged(extractor: OfflineExtractor, text: str, words: str) -> None:
    assert any(words in f.object and f.hedged for f in facts(extractor, text))


def test_a_firm_thought_is_no_hedge(extractor: OfflineExtractor) -> None:
    assert not any(f.hedged for f in facts(extractor, "I'm buying a campervan in June."))


@pytest.mark.parametrize(("text", "words"), [
    ("I always react badly to codeine.", "codeine"),
    ("I had a headache but I react to aspirin so I just slept.", "aspirin"),
])
def test_a_reaction_to_a_drug_is_an_allergy(extractor: OfflineExtractor, text: str, words: str) -> None:
    assert ("user", "allergic_to", words, "add") in read(extractor, text)


@pytest.mark.parametrize("text", [
    "I reacted to the announcement with a groan.",
    "My flatmate reacts badly to codeine.",
    "Do you react to aspirin?",
])
def test_no_allergy_of_the_speaker(extractor: OfflineExtractor, text: str) -> None:
    assert not any(s == "user" and p == "allergic_to" for s, p, _, _ in read(extractor, text))
