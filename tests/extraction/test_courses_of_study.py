"""A course of study in chat constructions: a degree being done ("doing my PhD in X"), a student
named by the subject ("a second-year history student at Leeds") and a year of a course ("in my final
year of nursing school"), read as ``studies`` (and ``studies_at`` a named institution) rather than a
task or a job; and what only looks like one. Real spaCy model."""

from __future__ import annotations

import pytest

from kronograph.extraction.offline import OfflineExtractor

from .reading import facts


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def read(extractor: OfflineExtractor, text: str) -> set[tuple[str, str]]:
    return {(f.predicate, f.object) for f in facts(extractor, text) if f.subject == "user"}


@pytest.mark.parametrize(("text", "expected"), [
    ("Currently doing my PhD in marine microbiology in Kiel, year two of four.", {("studies", "marine microbiology")}),
    ("I'm doing a part-time MSc in data science at the Open University alongside work.",
     {("studies", "data science"), ("studies_at", "Open University")}),
    ("i'm doing a masters in public health at the moment", {("studies", "public health")}),
    ("So I'm doing an online diploma in graphic design, evenings mostly.", {("studies", "graphic design")}),
    ("I'm doing a PhD on coral bleaching at James Cook University.",
     {("studies", "coral bleaching"), ("studies_at", "James Cook University")}),
    ("I'm an engineering student in my final year, the projects keep me slammed.", {("studies", "engineering")}),
    ("I'm a second-year history student at Leeds.", {("studies", "history"), ("studies_at", "Leeds")}),
    ("I'm a nursing student, so placements eat my whole week.", {("studies", "nursing")}),
    ("I'm in my final year of nursing school, it's intense!", {("studies", "nursing")}),
    ("I'm in my second year of a law degree.", {("studies", "law")}),
    ("i'm in my third year of architecture at Bath", {("studies", "architecture")}),
])
def test_a_course_of_study_is_what_the_speaker_studies(extractor: OfflineExtractor, text: str,
                                                       expected: set[tuple[str, str]]) -> None:
    got = read(extractor, text)
    assert expected <= got, got
    assert not {p for p, _ in got} & {"has_task", "job_title", "works_at"}


@pytest.mark.parametrize("text", [
    "I'm doing a course of antibiotics for my chest.",
    "I'm a student of life, honestly.",
    "I'm an exchange student, just here for the spring.",
    "I'm in my first year of marriage and it's great.",
    "My sister is doing a PhD in chemistry at Oxford.",
])
def test_what_only_looks_like_a_course_is_no_study_of_the_speakers(extractor: OfflineExtractor, text: str) -> None:
    assert not {p for p, _ in read(extractor, text)} & {"studies"}
