"""Dated deeds the object-led event reader cannot cut an object from (issue 12): a past verb of the
speaker's with a past date, often misparsed by the small model ("my first tattoo/RB", "saw
Coldplay live" as a clause of its own), is stored as what happened that day. Controls: others'
deeds, questions, hypotheticals, reports, habits, plans, idioms and vague or felt objects store
no such deed. The real spaCy model."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kronograph.extraction.base import EpisodeInput, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.model import MemoryType, Scope

REF = datetime(2025, 3, 12, 10, tzinfo=UTC)  # a Wednesday


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def events(extractor: OfflineExtractor, text: str) -> list[tuple[str, str, str]]:
    facts = extractor.extract(EpisodeInput(turns=[Turn(content=text)], reference_time=REF,
                                           scope=Scope(user_id="u"))).facts
    return [(f.subject, f.object, f.valid_from.date().isoformat() if f.valid_from else "")
            for f in facts if f.memory_type is MemoryType.episodic]


@pytest.mark.parametrize(("text", "word", "day"), [
    ("I got my first tattoo in August.", "tattoo", "2024-08-01"),
    ("got my first tattoo on Saturday, a tiny swallow on my wrist", "tattoo", "2025-03-08"),
    ("I saw Coldplay live in February.", "Coldplay", "2025-02-01"),
    ("Yesterday I finally saw Springsteen live at MetLife, three hours, no breaks.", "Springsteen", "2025-03-11"),
    ("this morning I locked myself out and had to call a locksmith", "locked", "2025-03-12"),
    ("We had Dad's 70th at the golf club on Saturday.", "70th", "2025-03-08"),
    ("Two days ago I finally got round to visiting the Hepworth in Wakefield.", "Hepworth", "2025-03-10"),
    ("In February we did a week of skiing in Val Thorens, my legs still hurt.", "Val Thorens", "2025-02-01"),
    # a dated turn opening with any past form, its "I" dropped
    ("hit a deer on the highway two nights ago, the bonnet's toast", "deer", "2025-03-10"),
    ("Caught the last train home last night, barely.", "train", "2025-03-11"),
])
def test_a_dated_past_deed_is_stored_on_its_day(extractor: OfflineExtractor, text: str, word: str, day: str) -> None:
    found = events(extractor, text)
    assert any(word.lower() in obj.lower() and when == day for _, obj, when in found), found


@pytest.mark.parametrize("text", [
    "Did you see Coldplay live last week?",              # a question
    "You got your first tattoo last week, right?",       # the listener's
    "She said she got her first tattoo on Saturday.",    # someone else's, reported
    "Tom said he saw a bear on Monday.",
    "The government announced new tax cuts yesterday.",  # news
    "If I'd gone to the party last night I'd have met her.",  # what did not happen
    "I usually walk the dog along the canal in the mornings.",  # a habit
    "I'm going to a wedding in Leeds next Saturday.",    # a plan
    "We used to go camping every summer.",
    "I had a blast last night.",                         # how it felt
    "Yesterday I had a great time.",
    "We had a long chat on Sunday.",                     # a talk with no one named
    "I got it yesterday.",                               # what is named elsewhere
    "I took her out for a spin yesterday.",
    "I had a look at it this morning.",
    "I didn't get the job I interviewed for last week.",  # denied
    "Last week I spent ages on the phone.",              # time spent
    "I've got a meeting this afternoon.",                # having
    "My boss gave me a hard time yesterday.",            # done to the speaker, an idiom
    "I was so tired last night.",
    "\"I got the job,\" she told me yesterday.",         # a quote
    "Caught a cold, feel awful.",                        # no date
    "Ran into your mum yesterday, did she say?",         # a question to the listener
])
def test_no_dated_deed_for_others_questions_plans_or_vague_objects(extractor: OfflineExtractor, text: str) -> None:
    assert not [e for e in events(extractor, text) if e[0] == "user"], events(extractor, text)


@pytest.mark.parametrize("text", [
    # the doer named after the comma, a deed done to the speaker, or a team's score (review 34)
    "Lost his job last week, my brother",
    "Sent me flowers yesterday, my bf",
    "Bought me a coffee this morning, such a sweetie my colleague",
    "Won 3-1 last night, get in",
    "Lost 2-0 last night, Arsenal are useless",
    "Resigned yesterday, the PM",
    "Cooked us a lovely dinner last night, my flatmate.",
    "Drove me to the station this morning, my dad.",
    "Drew 1-1 on Saturday, typical.",
    "Quit yesterday, my manager.",
])
def test_no_dropped_i_deed_when_another_did_it(extractor: OfflineExtractor, text: str) -> None:
    facts = extractor.extract(EpisodeInput(turns=[Turn(content=text)], reference_time=REF,
                                           scope=Scope(user_id="u"))).facts
    assert not [f for f in facts if f.subject == "user"], facts


def test_a_dropped_i_deed_with_a_comma_aside_is_still_the_speakers(extractor: OfflineExtractor) -> None:
    assert any("train" in obj for _, obj, _ in events(extractor, "Caught the last train home last night, barely."))
