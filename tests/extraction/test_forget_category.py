"""Forget requests as a category: any verb of letting go (forget, erase, scrap, wipe, don't keep,
don't remember), aimed at what was said, at what the memory holds ("anything you know about
...") or at a clause ("forget that I'm pregnant", private details included), with a trailing
"forget it" or "thanks" left out of what to forget. Everyday uses of the same verbs (a chore, a
reminder, a "forget it") are no request. Through the real offline extractor (spaCy + rules)."""

from __future__ import annotations

import pytest

from kronograph.candidates import Operation
from kronograph.extraction.offline import OfflineExtractor

from .reading import facts


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


@pytest.mark.parametrize(("text", "value"), [
    ("Forget that I'm pregnant.", "pregnant"),
    ("please don't remember that I have diabetes", "diabetes"),
    ("don't keep a record that I'm diabetic", "diabetic"),
    ("Don't remember that I live in Paris.", "Paris"),
])
def test_a_clause_to_forget_is_forgotten_even_when_private(extractor: OfflineExtractor, text: str, value: str) -> None:
    read = facts(extractor, text)
    assert read and all(f.operation is Operation.forget for f in read), read
    assert any(value in f.object for f in read), read


@pytest.mark.parametrize(("text", "what"), [
    ("Erase anything you know about my sister.", "my sister"),
    ("can you forget everything you've got on me about my ex", "my ex"),
    ("ignore what I said about the dentist, forget it", "the dentist"),
    ("scrap what I told you about the allotment - thanks", "the allotment"),
    ("never mind what I said about moving to Porto", "moving to Porto"),
    ("Remove the stuff about my divorce.", "my divorce"),
])
def test_what_to_forget_is_named_without_the_coda(extractor: OfflineExtractor, text: str, what: str) -> None:
    read = facts(extractor, text)
    assert [(f.operation, f.object) for f in read] == [(Operation.forget, what)], read


@pytest.mark.parametrize("text", [
    "forget it, it's fine",
    "I forgot my keys again.",
    "Don't forget my birthday!",
    "I never remember what you know about trains lol",
])
def test_the_same_verbs_in_everyday_use_forget_nothing(extractor: OfflineExtractor, text: str) -> None:
    assert not any(f.operation is Operation.forget for f in facts(extractor, text))
