"""The three revisions in the shapes chat gives them, through the real offline extractor (spaCy +
rules): a guess settled by naming its value bare and firmly ("yep, definitely Leeds"), a finding
reported about someone else ("the vet confirmed Mochi is pregnant"), a value of one kind put right in
a later message ("Sorry, it was April."), "rather than" beside an owned-up mistake, a provider one is
with now, a thing given up and another taken in two verbs; and the controls that must not fire."""

from __future__ import annotations

import pytest

from kronograph.candidates import DATE_FIX, Operation
from kronograph.extraction.base import CandidateFact
from kronograph.extraction.offline import OfflineExtractor

from .reading import facts


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def _firm(found: list[CandidateFact], part: str) -> list[CandidateFact]:
    return [f for f in found if part.lower() in f.object.lower() and not f.hedged and not f.negated]


@pytest.mark.parametrize(("guess", "settling", "value"), [
    ("I might be moving to Leeds in the summer.", "yep, definitely Leeds.", "Leeds"),
    ("We're probably going to Crete in August.", "Crete it is, booked it this morning!", "Crete"),
    ("I reckon I might be lactose intolerant.", "Yep, lactose intolerant for sure, the test showed it.", "lactose"),
    ("I think my cat might have hyperthyroidism.", "turns out it is hyperthyroidism, she's on tablets now",
     "hyperthyroidism"),
    ("I think I might be anaemic, I'm always tired.", "Bloods say yes, definitely anaemic.", "anaemic"),
    ("I might go with Octopus Energy for the new flat.", "Octopus Energy it is, signed up last night.", "Octopus"),
])
def test_a_value_named_bare_and_firmly_settles_the_guess(extractor: OfflineExtractor, guess: str, settling: str,
                                                        value: str) -> None:
    found = facts(extractor, guess, settling)
    assert any(f.source_turn == 1 for f in _firm(found, value)), [(f.predicate, f.object, f.hedged) for f in found]


@pytest.mark.parametrize(("guess", "reply", "value"), [
    ("I might be moving to Leeds in the summer.", "Definitely not Leeds now, too expensive.", "Leeds"),
    ("I might be moving to Leeds in the summer.", "Leeds or York, no idea yet.", "Leeds"),
    ("We're probably going to Crete in August.", "maybe Crete, maybe Rhodes, we'll see", "Crete"),
    ("I think I'm allergic to kiwi.", "Is kiwi a common allergy?", "kiwi"),
])
def test_a_value_named_in_doubt_or_denied_settles_nothing(extractor: OfflineExtractor, guess: str, reply: str,
                                                          value: str) -> None:
    assert not _firm(facts(extractor, guess, reply), value)


def test_the_value_said_bare_beside_a_finding_is_the_guess_and_no_slot_of_its_own(extractor: OfflineExtractor) -> None:
    found = facts(extractor, "I might be allergic to penicillin.", "Got the results back, it's penicillin for sure.")
    assert [(f.predicate, f.object) for f in found if not f.hedged] == [("allergic_to", "penicillin")]


@pytest.mark.parametrize(("text", "subject", "value"), [
    ("The vet confirmed Mochi is pregnant.", "Mochi", "pregnant"),
    ("the vet confirmed that Biscuit has diabetes, poor boy", "Biscuit", "diabetes"),
    ("The scan showed that my dad has a hairline fracture.", "user's father", "fracture"),
    ("The doctor confirmed Priya is allergic to peanuts.", "Priya", "peanuts"),
    ("Blood tests confirmed that my mum is anaemic.", "user's mother", "anaemic"),
])
def test_a_finding_reported_about_someone_is_theirs_and_firm(extractor: OfflineExtractor, text: str, subject: str,
                                                             value: str) -> None:
    found = facts(extractor, text)
    assert any(f.subject == subject for f in _firm(found, value)), [(f.subject, f.predicate, f.object) for f in found]


@pytest.mark.parametrize("text", ["The vet thinks Mochi might be pregnant.",
                                  "The vet couldn't confirm whether Mochi is pregnant."])
def test_a_finding_not_made_is_no_firm_fact(extractor: OfflineExtractor, text: str) -> None:
    assert not _firm(facts(extractor, text), "pregnant")


@pytest.mark.parametrize(("said", "put_right", "value", "wrong"), [
    ("I paid £400 for the bike.", "Oops, £450.", "£450", "£400"),
    ("Our anniversary's on the 14th of May.", "wait no, the 16th, I always muddle it", "16th", "14th"),
    ("The school concert is on Tuesday.", "Ugh no, Wednesday.", "Wednesday", "Tuesday"),
    ("Dinner with the in-laws is at 7pm.", "Hang on, it's 8pm, I misread the booking.", "8pm", "7pm"),
    ("My daughter is 7.", "nope, she's 8 now, birthday was last week", "8", "7"),
])
def test_a_value_of_one_kind_put_right_later_replaces_the_one_said(extractor: OfflineExtractor, said: str,
                                                                   put_right: str, value: str, wrong: str) -> None:
    found = [f for f in facts(extractor, said, put_right) if f.operation is Operation.correct]
    assert any(value in f.object and wrong in (f.replaces or "") for f in found), \
        [(f.predicate, f.object, f.replaces) for f in found]


def test_a_date_put_right_later_with_no_slot_to_hold_it_is_a_stated_date_fix(extractor: OfflineExtractor) -> None:
    found = facts(extractor, "I started at the climbing gym in March.", "Sorry, it was April.")
    assert [(f.predicate, f.object, f.replaces) for f in found if f.operation is Operation.correct] == \
        [(DATE_FIX, "April", "March")]


@pytest.mark.parametrize(("said", "reply"), [
    ("I ran 5k on Saturday.", "Sorry, was out, what did you ask?"),
    ("My daughter is 7.", "Sorry, she's calling me, back in 5."),
    ("The school concert is on Tuesday.", "And then swimming on Wednesday."),
])
def test_an_apology_or_a_new_value_beside_an_old_one_corrects_nothing(extractor: OfflineExtractor, said: str,
                                                                      reply: str) -> None:
    assert not [f for f in facts(extractor, said, reply) if f.operation is Operation.correct]


@pytest.mark.parametrize(("text", "value", "wrong"), [
    ("Let me correct myself, the office is on the ninth floor rather than the seventh.", "ninth", "seventh"),
    ("My mistake, the meeting is on Thursday rather than Tuesday.", "Thursday", "Tuesday"),
    ("sorry, our flat is on the third floor instead of the second, I mixed it up", "third", "second"),
    ("Correction: the deposit was £900 rather than £1,200.", "900", "1,200"),
    ("I misspoke, my appointment is at 3pm instead of 2pm.", "3pm", "2pm"),
])
def test_rather_than_beside_an_owned_mistake_is_a_correction(extractor: OfflineExtractor, text: str, value: str,
                                                              wrong: str) -> None:
    found = [f for f in facts(extractor, text) if f.operation is Operation.correct]
    assert any(value in f.object and wrong in (f.replaces or "") for f in found), \
        [(f.predicate, f.object, f.replaces) for f in found]


@pytest.mark.parametrize("text", ["I'd rather have tea than coffee.", "We took the train instead of the bus."])
def test_rather_than_without_a_mistake_corrects_nothing(extractor: OfflineExtractor, text: str) -> None:
    assert not [f for f in facts(extractor, text) if f.operation is Operation.correct]


def test_a_long_remark_after_the_denied_value_is_no_value(extractor: OfflineExtractor) -> None:
    found = facts(extractor, "Scratch that, my flight's out of Stansted, not Luton, completely different side of London.")
    assert not [f for f in found if "different side" in f.object]
    assert any(f.object == "Stansted" and f.operation is Operation.correct and f.replaces == "Luton" for f in found)


@pytest.mark.parametrize(("text", "value", "old"), [
    ("I'm with Vodafone now.", "Vodafone", None),
    ("we're with EDF now, British Gas kept overcharging us", "EDF", None),
    ("I switched from Vodafone to giffgaff last month.", "giffgaff", "Vodafone"),
    ("Banking with Starling now, Barclays was hopeless.", "Starling", None),
    ("I'm with Verizon now after years on T-Mobile.", "Verizon", None),
    ("These days I'm with Revolut for everything.", "Revolut", None),
])
def test_a_provider_one_is_with_now_is_used(extractor: OfflineExtractor, text: str, value: str, old: str | None) -> None:
    found = [f for f in facts(extractor, text) if f.predicate == "uses" and f.object == value]
    assert found and (old is None or found[0].replaces == old), found


@pytest.mark.parametrize("text", ["I'm with Sam now, we met in May.", "I'm with my mum in Leeds this week."])
def test_a_person_one_is_with_is_no_provider(extractor: OfflineExtractor, text: str) -> None:
    assert not [f for f in facts(extractor, text) if f.predicate == "uses"]


@pytest.mark.parametrize(("text", "value", "old"), [
    ("I got rid of the Golf and bought an EV.", "EV", "Golf"),
    ("we sold the Fiesta and got a Tesla", "Tesla", "Fiesta"),
    ("We ripped out the gas boiler and put in a heat pump.", "heat pump", "gas boiler"),
    ("I ditched my Kindle and went back to paper books.", "paper books", "Kindle"),
    ("Binned the old sofa and bought a corner sofa from IKEA.", "corner sofa", "old sofa"),
])
def test_a_thing_taken_in_place_of_one_given_up_replaces_it(extractor: OfflineExtractor, text: str, value: str,
                                                            old: str) -> None:
    found = [f for f in facts(extractor, text) if value in f.object and f.replaces == old]
    assert found and found[0].memory_type is None, [(f.predicate, f.object, f.replaces) for f in facts(extractor, text)]


@pytest.mark.parametrize("text", ["I sold my bike and bought a coffee.", "I quit my job and bought a van."])
def test_a_thing_bought_after_giving_up_another_kind_replaces_nothing(extractor: OfflineExtractor, text: str) -> None:
    assert not [f for f in facts(extractor, text) if f.replaces]


@pytest.mark.parametrize(("said", "put_right", "value", "wrong"), [
    ("I work at Tesco.", "No sorry, Sainsbury's, I always say the wrong one.", "Sainsbury's", "Tesco"),
    ("My sister's name is Ana.", "Typo, it's Anna.", "Anna", "Ana"),
    ("I live in Leeds.", "Nope, Harrogate, just outside.", "Harrogate", "Leeds"),
    ("My mum's birthday is June 3rd.", "Correction: June 5th.", "5th", "3rd"),
])
def test_a_name_or_a_day_put_right_later_replaces_the_one_said(extractor: OfflineExtractor, said: str, put_right: str,
                                                               value: str, wrong: str) -> None:
    found = [f for f in facts(extractor, said, put_right) if f.operation is Operation.correct]
    assert any(f.object == value and f.replaces == wrong for f in found), [(f.predicate, f.object, f.replaces) for f in found]


def test_a_name_said_after_an_interjection_alone_corrects_nothing(extractor: OfflineExtractor) -> None:
    assert not [f for f in facts(extractor, "I live in Leeds.", "Oh, Mark, you're funny.") if f.operation is Operation.correct]


@pytest.mark.parametrize("text", ["I've moved to the night shift.", "I moved over to a standing desk in January.",
                                  "we've moved to the weekend rota since the baby",
                                  "I moved to the Octopus Agile tariff in the autumn."])
def test_a_move_to_a_way_of_working_or_a_thing_is_no_new_home(extractor: OfflineExtractor, text: str) -> None:
    assert not [f for f in facts(extractor, text) if f.predicate == "lives_in"]


def test_a_move_to_a_town_is_still_a_new_home(extractor: OfflineExtractor) -> None:
    assert [(f.predicate, f.object) for f in facts(extractor, "I moved to Leeds in January.")] == [("lives_in", "Leeds")]


@pytest.mark.parametrize(("text", "value", "old"), [
    ("I used to drink coffee, these days it's green tea.", "green tea", "coffee"),
    ("I used to live in Leeds, it's York now.", "York", "Leeds"),
    ("I don't eat meat anymore, it's all plants now.", "plants", "meat"),
])
def test_a_new_value_said_bare_after_the_old_one_ended_takes_its_slot(extractor: OfflineExtractor, text: str, value: str,
                                                                      old: str) -> None:
    found = facts(extractor, text)
    assert any(f.object == value and f.replaces == old and f.operation is Operation.add for f in found), \
        [(f.predicate, f.object, f.replaces) for f in found]


@pytest.mark.parametrize("text", ["I used to hate mornings, now it's my favourite time.",
                                  "I used to drink coffee, it's fine now."])
def test_a_comment_after_an_ended_value_is_no_new_value(extractor: OfflineExtractor, text: str) -> None:
    assert not [f for f in facts(extractor, text) if f.replaces]


@pytest.mark.parametrize(("text", "value"), [
    ("The role at Monzo is officially mine.", "Monzo"),
    ("the allotment plot is finally ours, can't wait to dig", "allotment plot"),
    ("Heard back today and the scholarship is mine!!", "scholarship"),
    ("Adoption went through, Biscuit is officially ours.", "Biscuit"),
])
def test_a_thing_said_to_be_the_speakers_now_is_held_firmly(extractor: OfflineExtractor, text: str, value: str) -> None:
    assert _firm(facts(extractor, text), value)


@pytest.mark.parametrize("text", ["The blue one is mine.", "That bag is mine, not yours.", "The pleasure is all mine.",
                                  "Is the flat ours yet?"])
def test_whose_a_thing_is_in_passing_stores_nothing(extractor: OfflineExtractor, text: str) -> None:
    assert facts(extractor, text) == []
