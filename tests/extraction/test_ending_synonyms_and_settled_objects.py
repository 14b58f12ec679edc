"""Endings said in other words, confirmations framed by news, and settled things with what they are for,
through the real offline extractor (spaCy) and a real store.

An ending verb from the lexicon ``end_wordings.ENDING_SYNONYMS`` ("gave away", "deactivated",
"wrapped up", "rehomed", "resigned from", "lost interest in") ends the thing held, under the guards
of the sense it maps to; "turns out" and "got word that" before the speaker's own statement only
frame it; a ticket, contract or offer keeps what it is for ("tickets to Toronto"). Controls: other
people's endings, questions, hypotheticals, a near miss, work finished, manner phrases.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from kronograph import Memory
from kronograph.extraction.base import CandidateFact, Operation
from kronograph.extraction.end_wordings import ENDING_SYNONYMS
from kronograph.extraction.offline import OfflineExtractor

from .reading import ended
from .reading import facts as read


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def facts(extractor: OfflineExtractor, text: str) -> list[CandidateFact]:
    return read(extractor, text)


def test_the_lexicon_maps_every_wording_to_a_sense_the_ending_rule_reads() -> None:
    assert len(ENDING_SYNONYMS) >= 30
    assert set(ENDING_SYNONYMS.values()) <= {"sell", "cancel", "delete", "close", "quit", "give up"}


@pytest.mark.parametrize(("text", "word"), [
    ("we gave away the piano when we moved, nobody played it", "piano"),
    ("I gave away my old bike last week.", "bike"),
    ("i deleted my instagram a couple of weeks ago and i feel way calmer", "instagram"),
    ("Deactivated my Facebook last week.", "Facebook"),
    ("Unsubscribed from Netflix, nothing on it I want to watch.", "Netflix"),
    ("we wrapped up the podcast after 80 episodes, it had run its course", "podcast"),
    ("We rehomed the cat in March, the baby's allergic.", "cat"),
    ("I resigned from the parish council after ten years.", "parish council"),
    ("I've lost interest in golf, to be honest.", "golf"),
    ("I stepped away from the choir last year.", "choir"),
    ("Cancelled my Spotify, the free tier does me fine.", "Spotify"),
])
def test_an_ending_in_other_words_ends_the_thing(extractor: OfflineExtractor, text: str, word: str) -> None:
    got = facts(extractor, text)
    assert len(ended(got, word)) == 1, got


@pytest.mark.parametrize("text", [
    "My brother gave away his PS5.",
    "He gave away the ending, so annoying.",
    "I gave away a few tips to the new guy.",
    "I wrapped up the meeting early.",
    "I removed the stain with vinegar.",
    "I folded the laundry.",
    "I pulled out of the marathon, my knee's shot.",
    "I walked away from the deal.",
    "I scrapped the idea.",
    "binned the leftovers, they'd gone off",
    "I handed back the essay on Friday.",
    "I donated blood yesterday.",
    "I'd never give away my grandmother's ring.",
    "Did you deactivate your Facebook?",
    "If I resign from the board, who takes over?",
    "I almost pulled out of the race.",
    "My sister quit her job at the bank last week, she's much happier.",
    "Should I cancel my Spotify or keep it for the podcasts?",
    "We never gave up hope, even when it looked bad.",
    "Our neighbours moved out last month and the house is still empty.",
    "Cancelled due to rain, sadly.",
    "He said 'I quit!' and walked out of the meeting, classic Dave.",
    "Apparently the company is closing its Leeds office next year.",
])
def test_what_is_no_ending_of_the_speakers_ends_nothing(extractor: OfflineExtractor, text: str) -> None:
    got = facts(extractor, text)
    assert not [f for f in got if f.operation is Operation.end and f.subject == "user"], got


@pytest.mark.parametrize(("text", "word"), [
    ("So it turns out we're having twins!", "twins"),
    ("Just got word that I made the regional squad for the netball season.", "squad"),
    ("got the news this morning that we got the house in Frome!", "Frome"),
])
def test_news_before_the_speakers_statement_only_frames_it(extractor: OfflineExtractor, text: str, word: str) -> None:
    got = [f for f in facts(extractor, text) if word.casefold() in f.object.casefold()]
    assert got and not any(f.hedged for f in got), facts(extractor, text)


@pytest.mark.parametrize("text", [
    "Turns out he lied about the whole thing.",
    "Got word that the office might close.",
    "We got word that my dad's surgery went well.",
])
def test_news_about_others_or_things_stores_nothing_of_the_speakers(extractor: OfflineExtractor, text: str) -> None:
    got = facts(extractor, text)
    assert not [f for f in got if f.subject == "user" and not f.hedged and f.operation is Operation.add
                and f.memory_type is None], got


@pytest.mark.parametrize(("text", "whole"), [
    ("Done deal, I've bought my air tickets to Toronto.", "tickets to Toronto"),
    ("I turned down the offer from Google.", "offer from Google"),
    ("I got the place on the nursing course at King's, starting in September", "place on the nursing course"),
    ("I bought a ticket to the gig.", "ticket to the gig"),
])
def test_a_settled_thing_keeps_what_it_is_for(extractor: OfflineExtractor, text: str, whole: str) -> None:
    got = facts(extractor, text)
    assert any(whole.casefold() in f.object.casefold() for f in got), got


@pytest.mark.parametrize(("text", "cut"), [
    ("I signed the contract in a hurry.", "hurry"),
    ("I accepted the offer with a heavy heart.", "heart"),
    ("I booked a table for two at 8.", "two"),
])
def test_how_it_was_done_stays_out_of_the_object(extractor: OfflineExtractor, text: str, cut: str) -> None:
    got = facts(extractor, text)
    assert not any(cut in f.object for f in got), got


def test_an_account_deleted_in_other_words_closes_the_stored_record(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", extractor=OfflineExtractor()) as mem:
        mem.add("I use Facebook to keep up with family.", user_id="u", reference_time=datetime(2025, 3, 1, tzinfo=UTC))
        mem.add("Deactivated my Facebook last week, no regrets.", user_id="u", reference_time=datetime(2026, 5, 20, tzinfo=UTC))
        held = [f for f in mem.history(user_id="u") if f.object.casefold() == "facebook"]
        assert held and all(f.valid_until is not None for f in held), held


@pytest.mark.parametrize(("text", "word"), [
    ("The allotment's gone, we couldn't keep on top of it.", "allotment"),
    ("The boat's gone now.", "boat"),
    ("The van's been sold.", "van"),
    ("Our shop closed down in 2019.", "shop"),
    ("The book club fizzled out.", "book club"),
])
def test_a_kept_thing_said_to_be_gone_ends_having_it(extractor: OfflineExtractor, text: str, word: str) -> None:
    got = facts(extractor, text)
    assert len(ended(got, word)) == 1, got


@pytest.mark.parametrize("text", [
    "My guitar is finished, just needs strings.",
    "The bike is done, new chain and all.",
    "My sister's car is gone.",
    "Is the car gone?",
    "The car's gone to the garage for its MOT.",
    "My coffee is gone.",
    "The milk's gone off.",
    "The party's over.",
    "The shop is closed on Sundays.",
    "The meeting wrapped up at five.",
])
def test_a_thing_built_mended_away_or_someone_elses_is_not_gone(extractor: OfflineExtractor, text: str) -> None:
    got = facts(extractor, text)
    assert not [f for f in got if f.operation is Operation.end and f.subject == "user"], got


@pytest.mark.parametrize(("text", "word"), [
    ("My last day at the council was Friday, I'm officially unemployed.", "council"),
    ("Friday was my last day at Tesco.", "Tesco"),
    ("my last shift at the pub was on Sunday, gonna miss the regulars", "pub"),
    ("I finished my last shift at the Red Lion yesterday.", "Red Lion"),
    ("I let my gym membership lapse.", "gym membership"),
    ("we let the car insurance run out in May", "car insurance"),
    ("I ended things with Sam last month.", "Sam"),
])
def test_a_last_day_a_lapse_or_a_parting_ends_the_slot(extractor: OfflineExtractor, text: str, word: str) -> None:
    got = facts(extractor, text)
    assert len(ended(got, word)) == 1, got


@pytest.mark.parametrize("text", [
    "My last day at Tesco is Friday.",
    "Is your last day at Tesco on Friday?",
    "My last day at the beach was lovely.",
    "Her last day at the bank was Friday.",
    "I let the dog run out into the garden.",
    "I ended things with the builder, he never turned up.",
    "He ended things with Sarah.",
])
def test_a_last_day_to_come_a_holiday_or_someone_elses_ends_nothing_now(extractor: OfflineExtractor, text: str) -> None:
    got = facts(extractor, text)
    assert not [f for f in got if f.operation is Operation.end and f.subject == "user"], got


# Review of round 34: a last day on a stay, a trip or a break; a run thing that may be anyone's or
# is still to close; a "finished it with" a shop or an adviser; a size outgrown, a cut, a job as a
# piece of work; a passport to renew; a value not named; a job said to be going; a doer after a comma.
@pytest.mark.parametrize("text", [
    "My last shift for the week was yesterday.",
    "Last day at Center Parcs today, sad to leave!",
    "My last week at the hotel was last month, lovely trip.",
    "Yesterday was my last day at the hospital as a patient.",
    "My last day for the holiday was Friday, back to work Monday.",
    "Yesterday was my last day at the gym before the surgery.",
    "Today was my last day with the kids before they go to camp.",
    "My last day at uni was yesterday, graduation next week!",
    "My last day at the beach was yesterday.",
    "Friday was my last day at the resort, such a good trip.",
    "My last day with the grandkids was Sunday.",
    "The shop closed down.",
    "My shop is closing down next month.",
    "My phone contract runs out in March.",
    "My keyboard is gone, the cat knocked it off.",
    "The podcast wrapped up.",
    "Our book club is ending next week.",
    "I finished things with Harvey, my accountant.",
    "I finished it with Sainsbury's.",
    "I ended things with Harvey, my accountant.",
    "I finished things with the decorator.",
    "I outgrew my shoes.",
    "I grew out of my jeans.",
    "I walked away from the job.",
    "I parted with my hair, finally a buzz cut.",
    "The kids outgrew their pram.",
    "I outgrew my school uniform.",
    "I let my passport expire by accident, need to renew it.",
    "I let my driving licence lapse, need to renew it.",
    "Resigned yesterday, the PM",
    "Stepped down last night, our CEO.",
])
def test_review34_no_ending_of_the_speakers(extractor: OfflineExtractor, text: str) -> None:
    got = facts(extractor, text)
    assert not [f for f in got if f.operation is Operation.end and f.subject == "user"], got
    assert not [f for f in got if f.predicate in {"partner", "cancels", "resigns", "works_at", "member_of", "leaves"}], got


@pytest.mark.parametrize(("text", "word"), [
    ("Yesterday was my last day at the office.", "office"),
    ("My last day at the council was Friday.", "council"),
    ("I finished my last shift at the Red Lion yesterday.", "Red Lion"),
    ("Our shop closed down in 2019.", "shop"),
    ("The boat's gone now.", "boat"),
    ("My contract has run out.", "contract"),
    ("I finished things with my girlfriend.", "girlfriend"),
    ("I ended it with Tom, my boyfriend of two years.", "Tom"),
    ("I outgrew video games.", "video games"),
    ("I walked away from my job at Barclays.", "Barclays"),
    ("I let my gym membership lapse.", "gym membership"),
    ("Resigned from my job yesterday.", "job"),
])
def test_review34_the_speakers_own_ending_still_ends(extractor: OfflineExtractor, text: str, word: str) -> None:
    got = facts(extractor, text)
    assert len(ended(got, word)) == 1, got


@pytest.mark.parametrize(("text", "whole"), [
    ("I donated my old clothes to charity.", "old clothes"),
    ("I gave back the car to the lease company.", "car"),
    ("Gave away the puppies to good homes.", "puppies"),
    ("I sold my car to my neighbour.", "car"),
    ("I gave away my old bike to my nephew.", "old bike"),
    ("handed back the keys to the allotment in March", "keys to the allotment"),
])
def test_review34_a_thing_parted_with_stops_before_who_got_it(extractor: OfflineExtractor, text: str, whole: str) -> None:
    got = facts(extractor, text)
    assert [f.object for f in got if f.operation is Operation.end] == [whole], got


@pytest.mark.parametrize(("text", "want"), [
    ("I switched my phone back to silent.", None),
    ("I changed my name back to my maiden name.", None),
    ("I changed my surname back to Jones after the divorce.", ("name", "Jones")),
    ("I changed my name to Smith last year.", ("name", "Smith")),
    ("I changed my major to computer science last term.", ("studies", "computer science")),
    ("I switched my ringtone back to default.", None),
])
def test_review34_a_value_changed_back_is_named_or_nothing(extractor: OfflineExtractor, text: str,
                                                           want: tuple[str, str] | None) -> None:
    got = [(f.predicate, f.object) for f in facts(extractor, text) if f.predicate in {"name", "phone", "studies", "uses"}]
    assert got == ([want] if want else []), got


@pytest.mark.parametrize("text", [
    "Got the news that my job is being cut.",
    "My job is being cut.",
    "Got word that my role is being made redundant.",
    "My job was cut.",
])
def test_review34_a_job_said_to_be_going_is_no_job_title(extractor: OfflineExtractor, text: str) -> None:
    got = facts(extractor, text)
    assert not [f for f in got if f.predicate == "job_title"], got


def test_review34_a_job_named_by_its_work_keeps_its_title(extractor: OfflineExtractor) -> None:
    got = facts(extractor, "My job is nursing.")
    assert [(f.predicate, f.object) for f in got] == [("job_title", "nursing")], got
