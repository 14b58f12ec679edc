"""Round 33's chat rewrites narrowed after review, through the real offline extractor: a request to
forget stays a forget (never a correction), "joined X as a ..." is the speaker's own job only, "it's
been ages since I quit ..." ends nothing, a night out or a job finished is no break-up or giving up,
and other people's lapses and moves stay off the user. Each list of sentences that must not give the
wrong reading stands beside controls that must still give the right one."""

from __future__ import annotations

import pytest

from kronograph.extraction.base import CandidateFact, Operation
from kronograph.extraction.offline import OfflineExtractor

from .reading import facts


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def own(got: list[CandidateFact], predicate: str) -> list[CandidateFact]:
    return [f for f in got if f.subject == "user" and f.predicate == predicate]


# 1. a request to forget
@pytest.mark.parametrize(("text", "word"), [
    ("Please forget what I said about Sarah, I shouldn't have told you.", "Sarah"),
    ("Forget the Bristol thing, don't store it.", "Bristol"),
    ("Forget what I said about Tom, it's private.", "Tom"),
    ("Please ignore what I said about Leeds, I'd rather you didn't remember that.", "Leeds"),
    ("Forget what I told you about Maria, I shouldn't have mentioned it.", "Maria"),
])
def test_a_request_to_forget_is_no_correction(extractor: OfflineExtractor, text: str, word: str) -> None:
    got = facts(extractor, text)
    assert not [f for f in got if f.operation is Operation.correct], got
    assert [f for f in got if f.operation is Operation.forget and word.casefold() in f.object.casefold()], got
    assert not [f for f in got if f.object.casefold() == "please"], got


@pytest.mark.parametrize(("text", "word"), [
    ("Ignore what I said about Bristol, the wedding's in Bath now.", "Bath"),
    ("Scratch what I said about Glasgow, I'm in Edinburgh now.", "Edinburgh"),
    ("Forget what I told you about Friday, the interview is on Monday.", "Monday"),
    ("Ignore the bit about Spain, we actually went to Portugal.", "Portugal"),
])
def test_a_value_set_aside_with_a_new_one_stays_a_correction(extractor: OfflineExtractor, text: str, word: str) -> None:
    got = facts(extractor, text)
    assert [f for f in got if word.casefold() in f.object.casefold()], got
    assert not [f for f in got if f.operation is Operation.forget], got


# 2. "joined X as a ..."
@pytest.mark.parametrize("text", [
    "My brother joined the Army as a medic.",
    "Sarah joined Figma as a senior designer last week.",
    "I was working at Tesco as a cashier in 2010.",
    "Should I join Google as a junior dev?",
    "My sister left Acme and joined Figma as a designer.",
    "Did you join Google as an intern?",
    "His wife started at Monzo as a backend engineer.",
])
def test_someone_elses_or_a_past_or_asked_job_is_not_the_users(extractor: OfflineExtractor, text: str) -> None:
    got = facts(extractor, text)
    assert not own(got, "job_title") and not own(got, "is_a"), got


@pytest.mark.parametrize(("text", "role"), [
    ("I joined Figma as a senior product designer.", "senior product designer"),
    ("Joined Monzo last week as a backend engineer.", "backend engineer"),
    ("I'm now working at Spotify as a data analyst.", "data analyst"),
    ("I left Acme and joined Figma as a designer.", "designer"),
])
def test_the_users_own_new_job_keeps_its_role(extractor: OfflineExtractor, text: str, role: str) -> None:
    got = facts(extractor, text)
    assert [f for f in own(got, "job_title") if f.object == role], got


# 3. "it's been ages since I ..." of a start or an end
@pytest.mark.parametrize("text", [
    "It's been ages since I stopped drinking.",
    "It's been years since I quit smoking.",
    "It's been years since I got married.",
    "It's been years since I left school.",
    "It's been ages since I moved to Leeds.",
    "It's been years since I graduated from uni.",
])
def test_a_start_or_an_end_long_ago_ends_nothing(extractor: OfflineExtractor, text: str) -> None:
    got = facts(extractor, text)
    assert not [f for f in got if f.operation is Operation.end], got


@pytest.mark.parametrize(("text", "word"), [
    ("It's been years since I played the trumpet.", "trumpet"),
    ("It's been ages since I went climbing.", "climbing"),
    ("It's been years since I played chess.", "chess"),
    ("It's been ages since I baked bread.", "bread"),
])
def test_a_pastime_long_left_still_ends(extractor: OfflineExtractor, text: str, word: str) -> None:
    got = facts(extractor, text)
    assert [f for f in got if f.operation is Operation.end and word in (f.object + f.predicate).casefold()], got


# 6. finishing, a night out, keeping in touch
@pytest.mark.parametrize("text", [
    "Tom and I called it a day around midnight.",
    "Me and Dave called it a day at six",
    "I called it quits with Netflix",
    "Called it quits with Spotify last month.",
    "Finally done decorating the nursery!",
    "Anyway, done anything fun this weekend?",
    "I'm so done with everything",
    "I don't keep in touch with them any more",
    "I don't keep up with the news any more",
    "We don't keep track of it any more.",
    "Sam and I called it a day after the third pub.",
])
def test_finishing_or_a_night_out_ends_nothing(extractor: OfflineExtractor, text: str) -> None:
    got = facts(extractor, text)
    assert not [f for f in got if f.operation is Operation.end], got
    assert not [f for f in got if f.object.startswith(("in touch", "up with"))], got


@pytest.mark.parametrize(("text", "word"), [
    ("Called it quits with Dominic over Christmas.", "Dominic"),
    ("me and my boyfriend called it a day last month", "boyfriend"),
    ("I called it a day with Priya after six years.", "Priya"),
    ("Ollie and I called it quits in the summer.", "Ollie"),
    ("I'm done renting.", "renting"),
    ("officially done fostering", "fostering"),
    ("We don't keep chickens any more.", "chickens"),
])
def test_a_parting_or_a_way_of_living_given_up_still_ends(extractor: OfflineExtractor, text: str, word: str) -> None:
    got = facts(extractor, text)
    assert [f for f in got if f.operation is Operation.end and word.casefold() in f.object.casefold()], got


# 7. other people's lapses and moves
@pytest.mark.parametrize("text", [
    "They moved to Leeds and haven't played rugby in years.",
    "My kids just haven't played outside in ages.",
    "Haven't you played squash in years?",
    "My mum retired and moved her pension from Aviva to Vanguard.",
    "I moved my physio from Monday to Friday this week.",
    "Dad switched his bank from Lloyds to Monzo.",
    "We moved the kids' training from Tuesday to Thursday.",
    "My partner just hasn't played golf in ages.",
])
def test_other_peoples_lapses_and_moves_stay_off_the_user(extractor: OfflineExtractor, text: str) -> None:
    got = facts(extractor, text)
    assert not [f for f in got if f.subject == "user" and f.operation is Operation.end], got
    assert not [f for f in got if f.subject == "user" and f.object in {"Vanguard", "Monzo", "Friday", "Thursday"}], got
    assert not [f for f in got if "you played" in f.object or "kids just" in f.object], got


@pytest.mark.parametrize(("text", "word"), [
    ("Honestly I haven't played the cello in years.", "cello"),
    ("I moved my pension from Aviva to Vanguard.", "Vanguard"),
    ("Switched my energy supplier from EDF to Octopus.", "Octopus"),
])
def test_the_users_own_lapse_or_switch_still_reads(extractor: OfflineExtractor, text: str, word: str) -> None:
    got = facts(extractor, text)
    assert [f for f in got if f.subject == "user" and word.casefold() in f.object.casefold()], got
