"""Statements that are stored but wrong, each checked as a kind on wordings of its own through
the real spaCy model: typographic apostrophes, verbs the lemmatizer cuts short, hypotheticals and
near-misses, quotes of other people, jokes taken back, judgements in slot values, body-part
idioms and health events, identity nouns read as names."""

from __future__ import annotations

import pytest

from kronograph.extraction.offline import OfflineExtractor

from .reading import facts


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def pairs(extractor: OfflineExtractor, text: str) -> set[tuple[str, str]]:
    return {(f.predicate, f.object) for f in facts(extractor, text)}


@pytest.mark.parametrize(("curly", "straight"), [
    ("I\u2019m a pharmacist.", "I'm a pharmacist."),
    ("I don\u2019t drink beer.", "I don't drink beer."),
    ("I\u2019ve moved to Porto.", "I've moved to Porto."),
    ("My brother\u2019s name is Teo.", "My brother's name is Teo."),
    ("I\u2019m not keen on opera.", "I'm not keen on opera."),
])
def test_a_typographic_apostrophe_reads_as_a_straight_one(extractor: OfflineExtractor, curly: str,
                                                          straight: str) -> None:
    got = facts(extractor, curly)
    assert got and {(f.predicate, f.object, f.negated) for f in got} == \
        {(f.predicate, f.object, f.negated) for f in facts(extractor, straight)}


def test_a_typographic_apostrophe_keeps_the_span_as_written(extractor: OfflineExtractor) -> None:
    text = "Hi there. I\u2019m living in Ghent."
    fact = next(f for f in facts(extractor, text) if f.predicate == "lives_in")
    assert fact.span is not None and text[fact.span[0]:fact.span[1]] == "I\u2019m living in Ghent."


@pytest.mark.parametrize(("text", "fact"), [
    ("I stared at the ocean for an hour yesterday.", ("stares_at", "ocean")),
    ("I scraped the bumper on a bollard last week.", ("scrapes", "bumper")),
    ("My cat hates the hoover.", ("dislikes", "hoover")),
])
def test_a_verb_cut_short_by_the_lemmatizer_keeps_its_e(extractor: OfflineExtractor, text: str,
                                                       fact: tuple[str, str]) -> None:
    assert fact in pairs(extractor, text)


@pytest.mark.parametrize("text", ["I tapped the screen twice.", "I hopped on the bus yesterday."])
def test_a_verb_without_the_e_stays_as_it_is(extractor: OfflineExtractor, text: str) -> None:
    assert not any(p in {"tapes", "hopes"} for p, _ in pairs(extractor, text))


@pytest.mark.parametrize("text", [
    "I'm relocating to Neptune lol jk",
    "I just bought a racehorse, jk.",
    "I have gout. Only joking!",
    "I'm a millionaire haha not really.",
    "I married a prince. Kidding!",
])
def test_a_statement_taken_back_as_a_joke_stores_nothing(extractor: OfflineExtractor, text: str) -> None:
    assert facts(extractor, text) == []


@pytest.mark.parametrize(("text", "fact"), [
    ("I'm not kidding, I live in a lighthouse now.", ("lives_in", "lighthouse")),
    ("Joking aside, I work at a bank.", ("works_at", "bank")),
    ("I work at a bank. Are you kidding?", ("works_at", "bank")),
])
def test_a_statement_said_in_earnest_stays(extractor: OfflineExtractor, text: str, fact: tuple[str, str]) -> None:
    assert fact in pairs(extractor, text)


@pytest.mark.parametrize("text", [
    'My cousin said "I hate sushi".',
    "My landlord told me: 'I'm selling the building'.",
    'Mum goes, "I just retired from the bank!"',
    '"I\'m allergic to cats," my flatmate said.',
    "My doctor said \u201cyou have asthma\u201d.",
])
def test_someone_elses_quoted_words_are_not_the_speakers(extractor: OfflineExtractor, text: str) -> None:
    assert facts(extractor, text) == []


@pytest.mark.parametrize(("text", "fact"), [
    ('My favourite album is "Blue".', ("preferred_album", "Blue")),
    ('I\'m reading "Dune" at the moment.', ("reads", "Dune")),
])
def test_a_quoted_title_is_not_speech(extractor: OfflineExtractor, text: str, fact: tuple[str, str]) -> None:
    got = pairs(extractor, text)
    assert any(o == fact[1] for _, o in got), got


@pytest.mark.parametrize("text", [
    "If I had a bigger flat I'd adopt a greyhound.",
    "If we won the Euromillions we would buy a vineyard.",
    "I could have been a pilot.",
    "I should have sold my car years ago.",
    "I nearly emigrated to Canada in 2019.",
    "We almost bought a boat last summer.",
    "I was about to resign but my manager gave me a raise.",
    "I was gonna adopt a rabbit, but my landlord said no.",
    # a wish or an impression, decided in the same place (rules_unmeant) as the counterfactuals
    "I wish I lived somewhere with mountains like Innsbruck.",
    "It felt like I was running a marathon in Osaka.",
])
def test_what_did_not_happen_stores_nothing(extractor: OfflineExtractor, text: str) -> None:
    assert not [f for f in facts(extractor, text) if f.subject == "user"], facts(extractor, text)


@pytest.mark.parametrize(("text", "fact"), [
    ("If I'm honest, I prefer tea.", ("preferred_drink", "tea")),
    ("I almost always cycle to work, and I live in Delft.", ("lives_in", "Delft")),
    ("If I get the job I'll move to Berlin, but for now I live in Hamburg.", ("lives_in", "Hamburg")),
    # "narrowly" did happen; "if I had to choose, I'd say" frames the speaker's own answer
    ("I narrowly passed my theory exam last month.", ("passes", "their theory exam")),
    ("If I had to choose, I'd say I prefer coffee.", ("preferred_drink", "coffee")),
    # a wish for someone else beside a statement of the speaker's own leaves the statement
    ("I live in Graz; I wish my sister lived closer.", ("lives_in", "Graz")),
])
def test_a_real_statement_beside_if_or_almost_stays(extractor: OfflineExtractor, text: str,
                                                    fact: tuple[str, str]) -> None:
    assert fact in pairs(extractor, text)


@pytest.mark.parametrize(("text", "alone"), [
    # a counterfactual after a statement of the speaker's own takes only itself away
    ("I took a job in Cardiff in April, but if I could I'd work from home.", "I took a job in Cardiff in April."),
    ("We got a spaniel last year and if we had more room we'd get another.", "We got a spaniel last year."),
])
def test_a_counterfactual_tail_leaves_the_statement_before_it(extractor: OfflineExtractor, text: str,
                                                              alone: str) -> None:
    kept = pairs(extractor, alone)
    assert kept and kept <= pairs(extractor, text)


@pytest.mark.parametrize(("text", "fact"), [
    # "must/should have" before a determiner is a need or a plan, not a guess about the past
    ("I must have a nap every afternoon.", "nap"),
    ("I should have a chat with my landlord this week.", "chat"),
])
def test_must_have_a_thing_is_no_guess_about_the_past(extractor: OfflineExtractor, text: str, fact: str) -> None:
    got = facts(extractor, text)
    assert any(fact in f.object for f in got if f.subject == "user"), got


@pytest.mark.parametrize(("text", "fact"), [
    # the speaker quoting their own words still says them
    ('"I\'ve joined a choir," I told my sister.', ("member_of", "choir")),
    ("I told them, 'I work at Ikea now'.", ("works_at", "Ikea")),
])
def test_the_speakers_own_quoted_words_stay(extractor: OfflineExtractor, text: str, fact: tuple[str, str]) -> None:
    assert fact in pairs(extractor, text)


@pytest.mark.parametrize("text", [
    # single quotes around words with an apostrophe of their own ("I'm", "I've")
    "Dad texted 'I'm in Lisbon, I've got a cold'.",
    "Dad said 'I've joined a choir'.",
    '"I work at Ikea now," we heard him say.',
])
def test_anothers_quoted_words_still_go(extractor: OfflineExtractor, text: str) -> None:
    assert not [f for f in facts(extractor, text) if f.subject == "user"], facts(extractor, text)


@pytest.mark.parametrize("text", [
    "My laptop is a total lemon.",
    "My commute is a nightmare.",
    "My landlord is a menace.",
    "My new job is a grind.",
    "My flatmate is an absolute angel.",
])
def test_a_judgement_is_not_a_slot_value(extractor: OfflineExtractor, text: str) -> None:
    assert facts(extractor, text) == []


@pytest.mark.parametrize(("text", "fact"), [
    ("My sister is a paramedic.", "paramedic"),
    ("I'm a landscape gardener.", "landscape gardener"),
    # a judgement word after a noun that modifies it names a role, not a verdict
    ("I work as a wicket keeper.", "wicket keeper"),
    ("My aunt is a pop star.", "pop star"),
])
def test_a_real_role_is_still_a_slot_value(extractor: OfflineExtractor, text: str, fact: str) -> None:
    assert any(o.startswith(fact) for _, o in pairs(extractor, text)), pairs(extractor, text)


@pytest.mark.parametrize("text", ["I'm a Sikh.", "I'm a Virgo.", "I'm an Aquarius.", "I'm Buddhist."])
def test_faith_or_star_sign_is_neither_name_nor_nationality(extractor: OfflineExtractor, text: str) -> None:
    assert not [f for f in facts(extractor, text) if f.predicate in {"name", "nationality"}]


@pytest.mark.parametrize(("text", "fact"), [("I'm Priya.", ("name", "Priya")), ("I'm Brazilian.", ("nationality", "Brazilian"))])
def test_a_name_and_a_nationality_still_read(extractor: OfflineExtractor, text: str, fact: tuple[str, str]) -> None:
    assert fact in pairs(extractor, text)


@pytest.mark.parametrize("text", [
    "My heart sank when the results came in.",
    "Honestly it broke my heart.",
    "My stomach dropped.",
])
def test_a_body_idiom_stores_nothing(extractor: OfflineExtractor, text: str) -> None:
    assert facts(extractor, text) == []


@pytest.mark.parametrize(("text", "part"), [
    ("My lung collapsed in March.", "lung"),
    ("I fractured my wrist at the climbing wall yesterday.", "wrist"),
])
def test_what_befell_a_body_part_is_a_sensitive_health_event(extractor: OfflineExtractor, text: str,
                                                             part: str) -> None:
    fact = next(f for f in facts(extractor, text) if part in f.object)
    assert (fact.subject, fact.sensitive_kind) == ("user", "health")


def test_what_befell_a_thing_stays_its_own_event(extractor: OfflineExtractor) -> None:
    fact = next(f for f in facts(extractor, "My boiler broke down last night.") if f.predicate == "life_event")
    assert fact.subject == "user's boiler" and fact.sensitive_kind is None


@pytest.mark.parametrize(("text", "fact"), [
    ("I gave up on the cello when I started uni.", ("plays", "cello")),
    ("I gave up golf last spring.", ("plays", "golf")),
])
def test_giving_up_an_instrument_or_game_ends_the_playing(extractor: OfflineExtractor, text: str,
                                                          fact: tuple[str, str]) -> None:
    got = [f for f in facts(extractor, text) if (f.predicate, f.object) == fact]
    assert got and got[0].operation.value == "end"


def test_giving_up_a_food_still_ends_a_liking(extractor: OfflineExtractor) -> None:
    assert ("likes", "chocolate") in pairs(extractor, "I gave up chocolate.")


def test_digging_done_is_not_a_liking(extractor: OfflineExtractor) -> None:
    got = pairs(extractor, "We dug a trench behind the shed on Saturday.")
    assert not any(p == "likes" for p, _ in got) and ("digs", "trench") in got
    assert ("likes", "folk music") in pairs(extractor, "I really dig folk music.")


@pytest.mark.parametrize("text", [
    "Must have taken ages to build that.",
    "That must've been such a thrill!",
    "Been a hectic month since we last spoke.",
    "Been a bumpy ride, honestly.",
])
def test_a_guess_about_the_past_or_a_stretch_of_time_stores_nothing(extractor: OfflineExtractor, text: str) -> None:
    assert facts(extractor, text) == []


@pytest.mark.parametrize(("text", "fact"), [
    ("I'm a night nurse.", ("job_title", "night nurse")),
    ("I must finish my tax return by Friday.", ("has_task", "finish their tax return")),
])
def test_a_role_or_a_task_with_must_still_reads(extractor: OfflineExtractor, text: str, fact: tuple[str, str]) -> None:
    assert any(p == fact[0] and fact[1] in o for p, o in pairs(extractor, text)), pairs(extractor, text)


@pytest.mark.parametrize("text", [
    "Last spring we upped sticks.",
    "I jumped ship last year.",
    "We pulled the plug on the renovation.",
    "I bit the bullet yesterday.",
    "I changed my mind again.",
    "I'm buried in marking at the moment.",
    "I threw in the towel on Friday.",
])
def test_a_verb_object_idiom_stores_nothing(extractor: OfflineExtractor, text: str) -> None:
    assert facts(extractor, text) == []


@pytest.mark.parametrize(("text", "fact"), [
    ("I pulled a muscle in my calf at the gym.", "pulls"),
    ("I hit the gym before work today.", "hits"),
    ("I changed my tyres last week.", "changes"),
])
def test_the_same_verb_with_a_literal_object_stays(extractor: OfflineExtractor, text: str, fact: str) -> None:
    assert any(p == fact for p, _ in pairs(extractor, text)), pairs(extractor, text)


@pytest.mark.parametrize("text", [
    "My gran said I should learn to knit.",
    "My coach thinks we could enter the regional league.",
    "The vet told me I should put the dog on a diet.",
])
def test_someone_elses_advice_is_not_the_speakers_plan(extractor: OfflineExtractor, text: str) -> None:
    assert not [f for f in facts(extractor, text) if f.subject == "user" and f.predicate in {"has_task", "plans_to"}]


def test_the_speakers_own_should_stays_a_task(extractor: OfflineExtractor) -> None:
    assert any(p in {"has_task", "plans_to"} for p, _ in pairs(extractor, "I should renew my passport this week."))


@pytest.mark.parametrize(("text", "subject"), [
    ("Luckily, my nephew passed his driving test.", "user's nephew"),
    ("Sadly, my grandad passed away last week.", "user's grandfather"),
])
def test_a_sentence_adverb_is_no_name(extractor: OfflineExtractor, text: str, subject: str) -> None:
    got = facts(extractor, text)
    assert got and all(f.subject == subject for f in got) and not any(f.predicate.startswith("has_") for f in got), got


def test_a_name_before_a_relative_stays_a_name(extractor: OfflineExtractor) -> None:
    assert ("has_cousin", "Milly") in pairs(extractor, "Milly, my cousin, lives in Bath.")


@pytest.mark.parametrize("text", ["I'll never forget visiting Kyoto in April.", "We will never forget seeing the band in May."])
def test_never_forgetting_a_past_moment_is_no_plan(extractor: OfflineExtractor, text: str) -> None:
    """A memory said with "will" ("I'll never forget ...") plans nothing, so dates nothing ahead."""
    assert not [f for f in facts(extractor, text) if f.predicate and f.predicate.startswith(("plans", "planned"))]


def test_a_will_plan_in_a_month_still_reads_forward(extractor: OfflineExtractor) -> None:
    got = [f for f in facts(extractor, "I'll start at the Co-op in February.") if f.predicate == "planned_works_at"]
    assert got and "2027-02-01" in got[0].text


@pytest.mark.parametrize(("text", "fact"), [
    ("I teach at Bede's with my brother-in-law, who is always joking.", "Bede"),
    ("I moved to Truro with Sam and he never stops kidding.", "Truro"),
])
def test_someone_elses_joking_takes_nothing_back(extractor: OfflineExtractor, text: str, fact: str) -> None:
    got = facts(extractor, text)
    assert any(fact in f.object or fact in f.text for f in got), got
