"""Memory.search through a real Memory: a SQLite file, the real MiniLM embedder and extractor,
facts and episodes in one ranking."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from kronograph import AddResult, Hit, Memory, RecallConfig, UsageError
from kronograph.queries.embedding import MiniLMEmbedder

from ..conftest import Clock

FILLER = [
    "user owns a blue bicycle", "user works at a logistics company", "user has a sister called Mia",
    "user plays chess on Sundays", "user watches documentaries about space", "user lives near the river",
    "user collects vintage postcards", "user drives a grey hatchback", "user studied geography",
    "user listens to jazz records", "user keeps a vegetable garden", "user volunteers at the library",
]


def said_then_updated(mem: Memory, original: str, update: str,
                      between: Sequence[str] = tuple(line.replace("user", "I") for line in FILLER),
                      ) -> tuple[AddResult, AddResult]:
    """``original`` on 2 January, unrelated turns (``between``, FILLER by default) through February, then
    ``update`` on 4 March."""
    first = mem.add(original, user_id="u1", reference_time="2026-01-02")
    for i, line in enumerate(between):
        mem.add(line, user_id="u1", reference_time=f"2026-02-{i + 1:02d}")
    return first, mem.add(update, user_id="u1", reference_time="2026-03-04")


def current_lines(context: str) -> list[str]:
    """The lines of a ``context()`` before its "Earlier" part: what it presents as current."""
    lines = context.splitlines()
    return lines[:lines.index("Earlier (replaced since):")] if "Earlier (replaced since):" in lines else lines


def assert_update_replaces(mem: Memory, first: AddResult, later: AddResult, question: str, old: str) -> None:
    """Asked about now, the later message outranks the earlier (marked outdated) and ``context()``
    presents no ``old`` value as current; as of inside the earlier interval, the earlier one answers."""
    hits = {h.id: h for h in mem.search(question, user_id="u1", k=10)}
    ids = list(hits)
    assert later.episode_id in ids
    assert first.episode_id not in ids or ids.index(later.episode_id) < ids.index(first.episode_id)
    assert first.episode_id not in hits or hits[first.episode_id].outdated
    assert all(old not in line for line in current_lines(mem.context(question, user_id="u1")))
    then = {h.id: h for h in mem.search(question, user_id="u1", k=10, as_of="2026-02-20")}
    assert first.episode_id in then and not then[first.episode_id].outdated


def kinds_and_texts(hits: list[Hit]) -> list[tuple[str, str]]:
    return [(h.kind, h.text) for h in hits]


def test_facts_and_episodes_come_back_in_one_ranking_with_their_provenance(rmem: Memory) -> None:
    rmem.add_fact("Ada", "plays", "the cello", user_id="u1", text="Ada plays the cello in an orchestra")
    said = rmem.add("I went hiking near the glacier with Tom last weekend", user_id="u1",
                    reference_time="2026-05-01")
    hits = rmem.search("glacier hike", user_id="u1", k=5)
    assert hits[0].kind == "episode" and hits[0].episode is not None and hits[0].fact is None
    assert hits[0].episode.id == said.episode_id and hits[0].episode_ids == [said.episode_id]
    assert "found by: text, vector" in hits[0].explain()
    cello = rmem.search("which instrument does Ada play", user_id="u1", k=5)
    assert cello[0].kind == "fact" and cello[0].fact is not None and cello[0].text.startswith("Ada plays")
    assert set(cello[0].components) >= {"bm25", "dense", "graph", "relevance", "importance", "confidence",
                                        "freshness", "access", "stale"}
    assert [h.score for h in cello] == sorted((h.score for h in cello), reverse=True)


def test_speaker_names_are_searchable(rmem: Memory) -> None:
    rmem.add({"role": "user", "name": "Caroline", "content": "I painted a sunset over the lake"}, user_id="c1",
             reference_time="2026-04-01")
    rmem.add({"role": "user", "name": "Melanie", "content": "I painted my kitchen yellow"}, user_id="c1",
             reference_time="2026-04-01")
    hits = rmem.search("what did Caroline paint", user_id="c1", k=2)
    assert hits[0].text == "Caroline: I painted a sunset over the lake"
    multi = rmem.add([{"role": "user", "name": "Jon", "content": "Dance class was great"},
                      {"role": "assistant", "content": "Glad to hear it"}], user_id="c1")
    episode = rmem.store.get_episode(multi.episode_id or "")
    assert episode is not None and episode.content == "Jon: Dance class was great\nassistant: Glad to hear it"


def test_episode_term_statistics_are_the_users_own(rmem: Memory) -> None:
    rmem.add("I adopted a greyhound named Pixel", user_id="u1", reference_time="2026-04-01")
    rmem.add("We walked along the canal", user_id="u1", reference_time="2026-04-02")
    alone = rmem.store.search_episodes("u1", "greyhound canal", limit=5)
    rmem.add_many([f"my greyhound number {i} won a race" for i in range(30)], user_id="u2")
    assert rmem.store.search_episodes("u1", "greyhound canal", limit=5) == alone
    assert {eid for eid, _ in rmem.store.search_episodes("u2", "greyhound", limit=50)}.isdisjoint(
        {eid for eid, _ in alone})


def test_episodes_follow_the_clocks_and_the_scope(rmem: Memory, clock: Clock) -> None:
    before = clock()
    clock.advance(hours=1)
    rmem.add("The rooftop party was on Saturday", user_id="u1", reference_time="2026-05-02", run_id="r1")
    assert rmem.search("rooftop party", user_id="u1", as_of="2026-05-01") == []
    assert rmem.search("rooftop party", user_id="u1", known_at=before) == []
    assert rmem.search("rooftop party", user_id="u1", run_id="r2") == []
    assert len(rmem.search("rooftop party", user_id="u1", run_id="r1")) == 1
    assert rmem.search("rooftop party", user_id="u2") == []


def test_a_hard_delete_removes_the_words_and_the_vector_of_the_episode(rmem: Memory) -> None:
    result = rmem.add("I live in Quokkaville and I like tea", user_id="u1", reference_time="2026-05-01")
    address = [f for f in result.facts if "Quokka" in f.object]
    assert address, "the extractor no longer files the city"
    assert rmem.search("Quokkaville", user_id="u1")
    episode_id = result.episode_id or ""
    before = rmem.store.episode_embeddings("u1", [episode_id], model=MiniLMEmbedder().model)
    assert episode_id in before
    rmem.forget(user_id="u1", fact_id=address[0].id, hard=True)
    assert all("Quokka" not in h.text for h in rmem.search("Quokkaville", user_id="u1"))
    after = rmem.store.episode_embeddings("u1", [episode_id], model=MiniLMEmbedder().model)
    assert episode_id in after and not (after[episode_id] == before[episode_id]).all()  # embedded again


def test_forget_indexed_drops_what_a_rewrite_left_behind(rmem: Memory) -> None:
    result = rmem.add("I keep my spare key under the blue flowerpot", user_id="u1")
    episode_id = result.episode_id or ""
    assert rmem.search("blue flowerpot", user_id="u1")
    with rmem.store.transaction():
        rmem.store.connection.execute("UPDATE episodes SET content = '[forgotten]' WHERE id = ?", (episode_id,))
    rmem.store.forget_indexed("u1", episode_ids=[episode_id])
    assert rmem.store.episode_embeddings("u1", [episode_id], model="all-MiniLM-L6-v2") == {}
    assert all("flowerpot" not in h.text for h in rmem.search("blue flowerpot", user_id="u1"))


def test_a_superseded_facts_episode_loses_rank_now_and_keeps_it_in_its_time(rmem: Memory) -> None:
    old = rmem.add("I live in Lisbon", user_id="u1", reference_time="2024-01-10")
    new = rmem.add("I moved to Porto", user_id="u1", reference_time="2026-03-01")
    assert old.facts and new.superseded, "the extractor no longer supersedes lives_in"
    now = rmem.search("which city do I live in", user_id="u1", k=5)
    order = [h.id for h in now]
    assert order.index(new.episode_id) < order.index(old.episode_id)
    stale = next(h for h in now if h.id == old.episode_id)
    assert stale.outdated and stale.components["stale"] == 1.0
    then = rmem.search("which city do I live in", user_id="u1", k=5, as_of="2025-01-01")
    first = then[0]
    assert old.episode_id in first.episode_ids and not first.outdated


def test_of_two_episodes_on_one_topic_the_later_ranks_first_and_context_dates_the_earlier(rmem: Memory) -> None:
    first, later = said_then_updated(rmem, "My gym membership costs $30 a month.", "My gym membership went up to $45 a month.")
    hits = rmem.search("how much do I pay for the gym", user_id="u1", k=5)
    ids = [h.id for h in hits]
    assert ids.index(later.episode_id) < ids.index(first.episode_id)
    assert next(h for h in hits if h.id == first.episode_id).updated_by == later.episode_id
    text = rmem.context("how much do I pay for the gym", user_id="u1")
    lines = text.splitlines()
    assert "- [2026-03-04] My gym membership went up to $45 a month." in lines
    assert "- [earlier: 2026-01-02 until 2026-03-04] My gym membership costs $30 a month." in lines
    assert lines.index("Said:") < lines.index("Earlier (replaced since):")
    assert all("$30" not in line for line in lines[:lines.index("Earlier (replaced since):")])


def test_a_changed_name_said_as_a_change_replaces_a_less_similar_earlier_message(rmem: Memory) -> None:
    first, later = said_then_updated(rmem, "Our plumber is Mr. Brooks.", "We found a new plumber, Ms. Ito, after the leak.")
    hits = rmem.search("who is our plumber", user_id="u1", k=5)
    ids = [h.id for h in hits]
    assert ids.index(later.episode_id) < ids.index(first.episode_id)
    assert next(h for h in hits if h.id == first.episode_id).updated_by == later.episode_id
    lines = rmem.context("who is our plumber", user_id="u1").splitlines()
    assert all("Brooks" not in line for line in lines[:lines.index("Earlier (replaced since):")])


def test_a_lowercase_value_changed_on_the_same_topic_replaces_the_earlier_message_for_a_question_about_now(
        rmem: Memory) -> None:
    first, later = said_then_updated(rmem, "The garden shed is painted blue.", "We went with olive green for the garden shed in the end.")
    hits = rmem.search("what colour is the garden shed", user_id="u1", k=5)
    ids = [h.id for h in hits]
    assert ids.index(later.episode_id) < ids.index(first.episode_id)
    assert next(h for h in hits if h.id == first.episode_id).updated_by == later.episode_id
    lines = rmem.context("what colour is the garden shed", user_id="u1").splitlines()
    assert "- [earlier: 2026-01-02 until 2026-03-04] The garden shed is painted blue." in lines
    assert all("blue" not in line for line in lines[:lines.index("Earlier (replaced since):")])
    # Asked what happened, both are history: the earlier message is not marked as replaced.
    past = rmem.search("what colour did we paint the garden shed before", user_id="u1", k=5)
    assert not next(h for h in past if h.id == first.episode_id).outdated


def test_questions_about_now_and_about_what_happened_are_told_apart() -> None:
    from kronograph.queries.search import _asks_now

    for now in ("What colour is the shed?", "Which phone do I have?", "Where are our servers hosted?",
                "What is the cat called?", "When is the dentist appointment?"):
        assert _asks_now(now), now
    for history in ("What did Ada paint?", "Where has Melanie camped?", "When was the wedding?",
                    "What types of pottery have Melanie and her kids made?", "How long ago did she move?"):
        assert not _asks_now(history), history


def test_a_question_about_a_choice_or_outcome_that_still_holds_asks_about_now() -> None:
    from kronograph.queries.search import _asks_now

    chosen = ("which hue did I pick for the bedroom?", "what did we end up calling the dog?",
              "what did I settle on for the wedding venue?", "which gym did I go with?",
              "What colour did we choose for the kitchen in the end?", "so which dentist did i decide on",
              "what did we wind up naming the kitten?", "which flat did you guys end up taking?",
              "What have we decided for Mum's birthday dinner?", "which laptop did I opt for?",
              "what did we name the boat", "Which school has Maya chosen for her son?",
              "what did I land on for the team logo colour?", "did we go with the blue tiles or the grey ones?")
    said = ("where did I say I'm moving?", "what did I tell you my new number is?",
            "which bank did I say my salary goes to?", "what did I mention my sister's job is?",
            "where did we say we're staying in Lisbon?", "what time did I tell you the class starts?",
            "Which team did I say I'm on now?", "what did i say my landlord's name is",
            "how many kids did I tell you Priya has?", "what car did I say I drive?")
    measured = ("how far has my car been driven?", "how many miles has the van been driven?",
                "How much has the rent been raised?", "how many times has the boiler been serviced?",
                "how many chapters have been written so far?", "how much of the loan has been paid off?",
                "How far has the deadline been pushed back?", "how many guests have been invited?",
                "how many of the rooms have been painted?", "how much has my salary been cut?")
    for question in chosen + said + measured:
        assert _asks_now(question), question
    still_past = ("where did I live in 2019?", "what did I have for dinner last Tuesday?",
                  "when did I move to Leeds?", "what was my job before the reorg?",
                  "which gym did I pick before I moved?", "what did we name the first dog, back then?",
                  "what colour did I choose for the bedroom two years ago?", "why did Caroline choose the agency?",
                  "which car did I use to drive?", "what did I say about the film yesterday?",
                  "when did we decide on the venue?", "how did I settle the bill?",
                  "what did I originally pick for the logo?", "where did we stay on 3 June, 2023?",
                  "how far had the car been driven when I bought it?", "what did I eat at the party?",
                  "what did Ada paint?", "how long ago did she move?")
    for question in still_past:
        assert not _asks_now(question), question


def test_present_questions_with_a_word_that_can_mark_the_past_still_ask_about_now() -> None:
    from kronograph.queries.search import _asks_now

    have_got = ("what car have I got at the moment?", "how much holiday have I got left?",
                "What have we got planned for Saturday?", "which broadband deal has Sam got?",
                "what pets have you got now", "how many streaming subscriptions have we got?")
    final_or_lasting = ("when is my last day at the bakery?", "What's the last stop on my commute?",
                        "how long does the lease last?", "Last train home from work?",
                        "who's on the last shift this week?", "how long will my contract last")
    before_ahead = ("What am I doing before my flight?", "who is babysitting before the wedding?",
                    "what do I need to finish before the move?", "Where are we meeting before the gig?",
                    "what's the plan before Christmas?", "how am I getting fit before the race?")
    polite = ("where would I find the spare keys?", "what would we need for the camping trip?",
              "Who would I call about the boiler?", "how would I get to my office from the station?",
              "what time would I usually leave for work?")
    for question in have_got + final_or_lasting + before_ahead + polite:
        assert _asks_now(question), question
    for question in ("what did I do last weekend?", "what was I doing before the move?",
                     "what had I got planned before the storm?", "where did we eat last night?",
                     "Would Caroline still want to move back?", "what would Melanie have painted?",
                     "who did I see before the gig?", "what is the name of the puppy she got before 3 May, 2023?",
                     "what problems does Andrew face before he adopted Toby?"):
        assert not _asks_now(question), question


def test_a_state_left_by_an_act_that_still_holds_asks_about_now() -> None:
    from kronograph.queries.search import _asks_now

    placed = ("where did we put the Christmas decorations?", "where did I leave my passport?",
              "Where did I park the car?", "where did i stash the spare key", "where did we store the tent?",
              "where have I hidden the birthday presents?")
    had_done = ("what colour did I get my bike painted?", "what did I get my hair dyed?",
                "how short did I get my hair cut?", "which colour did we have the front door painted?",
                "what did I get the car wrapped in?")
    chose_or_named = ("what tint did I go for in the end?", "what have we christened the new puppy?",
                      "what did we dub the group chat?", "which course did she go for?",
                      "what have we nicknamed the boat?")
    so_far = ("how many days in a row have I been running?", "how much have I been paying for the gym?",
              "how many hours a week has Sam been working?", "how many weeks have we been renting this flat?",
              "How many cups a day have you been drinking?", "how many miles have I been cycling a week?")
    for question in placed + had_done + chose_or_named + so_far:
        assert _asks_now(question), question
    for question in ("when did we put the decorations up?", "where did I leave off last time?",
                     "why did I get my hair cut?", "how long had I been running before the injury?",
                     "where did we park on 3 June?", "how long ago did we christen the boat?",
                     "where did Joanna go for a road trip?", "what book did Tim get in Italy that inspired him?",
                     "what career path has Caroline decided to pursue?", "how many tournaments has Nate won?",
                     "how long has Caroline had her current group of friends?", "how long has John been surfing?",
                     "how many of Joanna's scripts have made it to the big screen?"):
        assert not _asks_now(question), question


def test_a_change_cue_is_matched_in_its_regular_forms() -> None:
    from kronograph.queries.config import UPDATE_CUES
    from kronograph.queries.search import _cued

    assert all(_cued(text, UPDATE_CUES, True) for text in ("We are renaming the boat", "She switches teams",
                                                           "I moved out", "They're moving the office"))
    assert not _cued("We are renaming the boat", UPDATE_CUES)  # the tuned tiers take the listed forms only
    assert not _cued("The newspaper is nowhere", UPDATE_CUES, True)


def test_what_someone_else_said_later_does_not_replace_a_speakers_message(rmem: Memory) -> None:
    from datetime import UTC, datetime

    from kronograph import Episode

    said = {"ada": ("Ada: My gym membership costs $30 a month.", datetime(2026, 1, 2, tzinfo=UTC)),
            "bob": ("Bob: My gym membership costs $45 a month now.", datetime(2026, 3, 4, tzinfo=UTC)),
            "ada-later": ("Ada: My gym membership costs $45 a month now.", datetime(2026, 3, 5, tzinfo=UTC))}
    for eid, (text, at) in list(said.items())[:2]:  # stored as said, without extraction's own slot rule
        rmem.store.add_episode(Episode(id=eid, user_id="u1", content=text, reference_time=at, recorded_at=at))
    hits = {h.id: h for h in rmem.search("how much is the gym membership", user_id="u1", k=5)}
    assert set(hits) == {"ada", "bob"} and not hits["ada"].outdated
    text, at = said["ada-later"]
    rmem.store.add_episode(Episode(id="ada-later", user_id="u1", content=text, reference_time=at, recorded_at=at))
    hits = {h.id: h for h in rmem.search("how much is the gym membership", user_id="u1", k=5)}
    assert hits["ada"].updated_by == "ada-later"


def test_the_reply_to_a_matching_turn_is_found_through_its_neighbour(rmem: Memory) -> None:
    turns = ["Tom: Did you end up going to the pottery workshop on Saturday?",
             "Ada: Yes! I made two bowls and a wonky mug.", "Tom: Nice. I spent the day repairing my bicycle.",
             "Ada: I also booked a trip to Lisbon."]
    for day in range(1, 8):  # other days' chatter, so the reply's words are not the only ones around
        rmem.add(f"Tom: the weather on day {day} was grey again", user_id="u1", reference_time=f"2026-02-0{day}")
    said = [rmem.add({"role": "user", "name": t.split(": ")[0], "content": t.split(": ", 1)[1]}, user_id="u1",
                     reference_time="2026-03-01T10:00:00Z") for t in turns]
    hits = rmem.search("what happened at the pottery workshop", user_id="u1", k=4)
    reply = next(h for h in hits if h.id == said[1].episode_id)
    assert reply.components["context"] > 0 and reply.text_score is None
    assert "context" in reply.explain()


def test_unrelated_searches_never_lift_filler_over_the_relevant_fact(rmem: Memory) -> None:
    rmem.add_fact("user", "diet", "vegetarian", user_id="u1", text="user is vegetarian")
    for i, line in enumerate(FILLER):
        subject, predicate, *rest = line.split(" ", 2)
        rmem.add_fact(subject, "filler_" + predicate, rest[0] if rest else str(i), user_id="u1", text=line)
    question = "what should I cook for dinner"
    assert rmem.search(question, user_id="u1", k=5)[0].text == "user is vegetarian"
    for unrelated in ("tell me about my bicycle", "what do I do on weekends", "who is in my family",
                      "which music do I like", "where do I live"):
        rmem.search(unrelated, user_id="u1", k=10)
    assert any(f.access_count > 0 for f in rmem.facts(user_id="u1"))
    assert rmem.search(question, user_id="u1", k=5)[0].text == "user is vegetarian"


def test_identical_searches_return_the_same_order_and_below_the_floor_nothing_comes_back(rmem: Memory) -> None:
    for line in FILLER:
        rmem.add(line.replace("user", "I"), user_id="u1", reference_time="2026-04-01")  # "I owns": chatter
    first = [h.id for h in rmem.search("what hobbies do I have", user_id="u1", k=6)]
    second = [h.id for h in rmem.search("what hobbies do I have", user_id="u1", k=6)]
    assert first == second and first
    hits = rmem.search("tell me about my bicycle", user_id="u1", k=12)
    assert hits[0].text == "I owns a blue bicycle"
    assert all(h.components["relevance"] >= 0.3 * hits[0].components["relevance"] for h in hits)
    assert len(hits) < len(FILLER)  # the rest fell below the floor


def test_only_returned_relevant_facts_are_reinforced(rmem: Memory) -> None:
    tea = rmem.add_fact("Ada", "likes", "green tea", user_id="u1", text="Ada likes green tea").fact
    other = rmem.add_fact("Ada", "owns", "a kayak", user_id="u1", text="Ada owns a kayak").fact
    assert tea is not None and other is not None
    hits = rmem.search("green tea", user_id="u1", k=1)
    assert [h.id for h in hits] == [tea.id]
    assert rmem.get_fact(tea.id, user_id="u1").access_count == 1
    assert rmem.get_fact(other.id, user_id="u1").access_count == 0
    rmem.search("green tea", user_id="u1", as_of="2026-05-06")
    assert rmem.get_fact(tea.id, user_id="u1").access_count == 1


def test_bad_search_input_names_the_field(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", embedder=None) as mem:
        with pytest.raises(UsageError) as info:
            mem.search("x", user_id="u1", k=0)
        assert info.value.field == "k"
        with pytest.raises(UsageError) as info:
            mem.search("x", user_id="u1", as_of="not a date")
        assert info.value.field == "as_of"
        assert mem.search("anything", user_id="nobody") == []


def test_a_config_derived_out_of_range_is_a_usage_error_naming_the_field(rmem: Memory) -> None:
    rmem.add("I live in Oslo.", user_id="u1")
    fusion = RecallConfig().fusion.model_copy(update={"context_gap_minutes": float("inf")})
    with pytest.raises(UsageError) as info:
        rmem.search("Oslo", user_id="u1", config=RecallConfig().model_copy(update={"fusion": fusion}))
    assert info.value.field == "config.fusion.context_gap_minutes"


def test_the_context_states_the_current_fact_said_by_what_replaced_a_relevant_message(rmem: Memory) -> None:
    rmem.add("I live in Shanghai.", user_id="u1", reference_time="2026-01-05")
    moved = rmem.add("I moved from Shanghai to Hangzhou last month.", user_id="u1", reference_time="2026-05-04")
    current = [f for f in moved.facts if "Hangzhou" in f.object]
    assert current and moved.superseded, "the extractor no longer supersedes lives_in"
    hits = rmem.search("Where do I live now?", user_id="u1", k=10)
    assert moved.episode_id in [h.id for h in hits if h.kind == "episode"]  # the message that says it
    assert "- user lives in Hangzhou (since 2026-04-01)" in rmem.context("Where do I live now?", user_id="u1")


@pytest.mark.parametrize(("original", "update", "question", "old"), [
    ("We spend every August in Cornwall.", "This summer the family is off to Brittany.",
     "Where do we go on holiday?", "Cornwall"),
    ("My doctor is Dr Hughes.", "I was assigned to Dr Amari at the surgery.", "Who is my GP?", "Hughes"),
    ("Our cat is called Miso.", "The kitten we adopted answers to Tofu.", "What is our pet's name?", "Miso"),
    ("I'm learning the violin.", "Piano lessons are what fill my Tuesday evenings these days.",
     "Which instrument am I studying?", "violin"),
])
def test_an_update_sharing_no_word_with_the_original_outranks_it_now_and_not_in_its_time(
        rmem: Memory, original: str, update: str, question: str, old: str) -> None:
    first, later = said_then_updated(rmem, original, update)
    ids = [h.id for h in rmem.search(question, user_id="u1", k=5)]
    assert later.episode_id in ids and (first.episode_id not in ids
                                        or ids.index(later.episode_id) < ids.index(first.episode_id))
    current = current_lines(rmem.context(question, user_id="u1"))
    assert all(old not in line for line in current)
    # Asked as of a time inside the original's interval, it is the answer, and not outdated.
    then = {h.id: h for h in rmem.search(question, user_id="u1", k=5, as_of="2026-02-20")}
    assert first.episode_id in then and not then[first.episode_id].outdated and later.episode_id not in then
    assert old in rmem.context(question, user_id="u1", as_of="2026-02-20").split("Earlier (replaced since):")[0]


def test_a_named_speakers_unrelated_later_line_does_not_replace_their_answer(rmem: Memory) -> None:
    # In "Chen: ..." the name dominates MiniLM's cosine, so meaning alone must not call a later
    # line of the same speaker an update of an earlier one.
    said = [("Chen: We painted the kitchen yellow.", "2026-01-02"),
            ("Chen: The kitchen is sage green now, we repainted it.", "2026-03-01"),
            ("Chen: I started a pottery class on Tuesdays.", "2026-04-01"),
            ("Bruno: I drive a blue Honda to work.", "2026-01-05"),
            ("Bruno: The train was late again this morning.", "2026-02-10")]
    ids = {text: rmem.add(text, user_id="u1", reference_time=at).episode_id for text, at in said}
    kitchen = rmem.search("what colour is the kitchen?", user_id="u1", k=5)
    assert kitchen[0].id == ids[said[1][0]] and not kitchen[0].outdated
    car = {h.id: h for h in rmem.search("what car does Bruno drive?", user_id="u1", k=5)}
    assert ids[said[3][0]] in car and not car[ids[said[3][0]]].outdated


@pytest.mark.parametrize(("first_said", "added", "question"), [
    ("We have a dog called Rex.", "We also adopted a kitten, she is called Tofu.", "What pets do I have?"),
    ("I speak Spanish fluently.", "I speak some Japanese as well.", "Which languages do I speak?"),
])
def test_a_message_that_adds_to_an_earlier_one_does_not_replace_it(
        rmem: Memory, first_said: str, added: str, question: str) -> None:
    first, _ = said_then_updated(rmem, first_said, added)
    hits = {h.id: h for h in rmem.search(question, user_id="u1", k=10)}
    assert first.episode_id in hits and not hits[first.episode_id].outdated
    assert "Earlier (replaced since):" not in rmem.context(question, user_id="u1")


def test_an_update_worded_far_from_the_question_is_reached_through_the_original(rmem: Memory) -> None:
    first, later = said_then_updated(rmem, "My resting heart rate is 72.", "After months of cycling the watch reads 58 at rest.")
    hits = rmem.search("What's my pulse when I'm relaxed?", user_id="u1", k=10)
    ids = [h.id for h in hits]
    assert later.episode_id in ids
    assert first.episode_id not in ids or ids.index(later.episode_id) < ids.index(first.episode_id)
    current = current_lines(rmem.context("What's my pulse when I'm relaxed?", user_id="u1"))
    assert any("58" in line for line in current) and all("72" not in line for line in current)


def test_contraction_tails_are_not_search_terms() -> None:
    from kronograph.graph.text_search import search_terms

    assert search_terms("What's my pulse when I'm relaxed? Ada's isn’t") == ["pulse", "relaxed", "ada", "isn"]
    # A letter of its own is a word: only the tails after an apostrophe go.
    assert search_terms("vitamin D and D&D") == ["vitamin", "d"]


@pytest.mark.parametrize(("original", "update", "question", "old", "new"), [
    ("I drink four cups of tea a day.", "The doctor has me on one small mug each morning.", "How much tea do I have?",
     "four", "one small mug"),
    ("I swim three mornings a week.", "The pool schedule only lets me go twice a week.", "How often do I swim?",
     "three", "twice"),
    ("I feed the cat twice a day.", "The vet says three small meals are better for her.",
     "How often do I feed the cat?", "twice", "three"),
    ("My scarf is green.", "I knitted myself a purple winter wrap.", "What colour is my scarf?", "green", "purple"),
    ("Our sofa is brown leather.", "The living room got a white couch from the sale.", "What colour is our sofa?",
     "brown", "white"),
])
def test_a_spelled_out_number_or_a_colour_is_a_value_that_an_update_replaces(
        rmem: Memory, original: str, update: str, question: str, old: str, new: str) -> None:
    # No capital, no digit and no change cue: the lowercase value words ("four" / "one",
    # "green" / "purple") are what tell that the later message replaces the earlier one.
    first, later = said_then_updated(rmem, original, update)
    ids = [h.id for h in rmem.search(question, user_id="u1", k=5)]
    assert later.episode_id in ids and (first.episode_id not in ids
                                        or ids.index(later.episode_id) < ids.index(first.episode_id))
    context = rmem.context(question, user_id="u1")
    assert new in context and all(old not in line for line in current_lines(context)[1:])


def test_value_words_count_as_values_wherever_they_stand() -> None:
    from kronograph.queries.config import VALUE_WORDS
    from kronograph.queries.search import _values

    words = frozenset(VALUE_WORDS)
    assert _values("Four cups of coffee, then one espresso.", words) == {"four", "one"}
    assert _values("The door is navy now.", words) == {"navy"}
    assert _values("The door is navy now.") == frozenset()  # without the words, only numbers and names


def chatter(count: int) -> list[str]:
    """``count`` unrelated chat turns (no values, no names), for a memory as long as a real one."""
    things = ["octopus", "volcano", "glacier", "penguin", "comet", "beetle", "lighthouse", "owl"]
    moods = ["grey", "lovely", "weird", "exhausting", "calm", "chaotic"]
    forms = ["Did you see the {t} documentary last night?", "Honestly the weather has been {m} all week.",
             "My neighbour lent me a book about {t}s.", "Work was {m} today, lots of meetings.",
             "I saw a {t} in the park today, so cute.", "Just got back from a walk, it was {m} outside."]
    return [forms[i % len(forms)].format(t=things[i % len(things)], m=moods[i % len(moods)]) for i in range(count)]


def test_an_update_far_from_the_original_is_reached_through_the_original_and_the_question_together(
        rmem: Memory) -> None:
    # Cosine 0.35 to the original and 0.27 to the question: neither alone ties them; their sum
    # (0.62) does, and the later message names another person and says that something changed.
    first = rmem.add("Our gardener is called Pete.", user_id="u1", reference_time="2026-01-02")
    for i, line in enumerate(chatter(60)):
        rmem.add(line, user_id="u1", reference_time=f"2026-02-{i % 28 + 1:02d}")
    later = rmem.add("Mowing and hedges are Dylan's job since spring.", user_id="u1", reference_time="2026-03-04")
    question = "Who looks after our garden?"
    hits = {h.id: h for h in rmem.search(question, user_id="u1", k=10)}
    assert hits[first.episode_id].updated_by == later.episode_id
    context = rmem.context(question, user_id="u1")
    assert "Dylan" in context and all("Pete" not in line for line in current_lines(context))
    # Switched off (the sum can never reach 2; nor, for the mutual-nearest pairing, a cosine of 1
    # between differing messages; nor a revision link's margin 2; nor a typed revision, with no kinds
    # asked), the original stands as current.
    config = RecallConfig().model_copy(update={"fusion": RecallConfig().fusion.model_copy(
        update={"query_topic_hop_similarity": 2.0, "mutual_update_similarity": 1.0, "revision_margin": 2.0,
                "asked_value_kinds": ()})})
    plain = {h.id: h for h in rmem.search(question, user_id="u1", k=10, config=config)}
    assert not plain[first.episode_id].outdated


def test_a_later_unrelated_message_naming_someone_does_not_replace_the_original_through_the_question(
        rmem: Memory) -> None:
    first = rmem.add("Our gardener is called Pete.", user_id="u1", reference_time="2026-01-02")
    for i, line in enumerate(chatter(60)):
        rmem.add(line, user_id="u1", reference_time=f"2026-02-{i % 28 + 1:02d}")
    rmem.add("Since Friday I've been reading a thriller by Harlan Coben.", user_id="u1", reference_time="2026-03-04")
    rmem.add("My cousin Nadia started a new job in Leeds.", user_id="u1", reference_time="2026-03-05")
    hits = {h.id: h for h in rmem.search("Who looks after our garden?", user_id="u1", k=10)}
    assert first.episode_id in hits and not hits[first.episode_id].outdated
    assert any("Pete" in line for line in current_lines(rmem.context("Who looks after our garden?", user_id="u1")))


def _said_by(mem: Memory, name: str, first: str, later: str) -> tuple[str, str]:
    """``first`` then, two months on, ``later``, both by ``name``, with unrelated lines of theirs between."""
    ids = [mem.add({"role": "user", "name": name, "content": first}, user_id="u1",
                   reference_time="2026-01-02").episode_id]
    for i, line in enumerate(FILLER[:6]):
        mem.add({"role": "user", "name": name, "content": line.replace("user", "I")}, user_id="u1",
                reference_time=f"2026-02-{i + 1:02d}")
    ids.append(mem.add({"role": "user", "name": name, "content": later}, user_id="u1",
                       reference_time="2026-03-04").episode_id)
    return ids[0], ids[1]  # type: ignore[return-value]


@pytest.mark.parametrize(("name", "first", "later", "question"), [
    ("Omar", "My sister Leila visited us in May.", "I started a new pottery class with Jun.",
     "When did Omar's sister visit?"),
    ("Maya", "I ran my first 10 km race in April.", "My new book club meets on Thursdays.",
     "What race did Maya run?"),
    ("Lena", "My cousin Max got married in Vienna.", "I moved my piano lessons to Mondays.",
     "Where did Lena's cousin get married?"),
])
def test_a_named_speakers_later_line_on_another_topic_does_not_replace_an_earlier_one(
        rmem: Memory, name: str, first: str, later: str, question: str) -> None:
    # Two lines of one named speaker score ~0.5 by the name alone; with a change cue and another
    # name or number in the later line that once made it an update of the earlier one.
    earlier, _ = _said_by(rmem, name, first, later)
    hits = {h.id: h for h in rmem.search(question, user_id="u1", k=10)}
    assert earlier in hits and not hits[earlier].outdated
    assert "Earlier (replaced since):" not in rmem.context(question, user_id="u1")


@pytest.mark.parametrize(("name", "first", "later", "question", "old"), [
    ("Rosa", "My rent is 900 euros a month.", "The landlord raised my rent to 1,100 euros a month.",
     "How much rent does Rosa pay?", "900"),
    ("Ines", "My dentist is Dr Costa.", "My new dentist is Dr Almeida.", "Who is Ines's dentist?", "Costa"),
    ("Kofi", "I drive a green Ford.", "I replaced the Ford with a white Toyota.", "What car does Kofi drive?",
     "green"),
])
def test_a_named_speakers_update_on_the_same_topic_still_replaces_the_earlier_line(
        rmem: Memory, name: str, first: str, later: str, question: str, old: str) -> None:
    earlier, update = _said_by(rmem, name, first, later)
    hits = rmem.search(question, user_id="u1", k=10)
    ids = [h.id for h in hits]
    assert ids.index(update) < ids.index(earlier)
    assert next(h for h in hits if h.id == earlier).updated_by == update
    assert all(old not in line for line in current_lines(rmem.context(question, user_id="u1"))[1:])



CHATTER = ["The weather was lovely on the walk today.", "I watched a documentary about whales.",
           "Lunch was a quick sandwich at my desk."]


def said_among_chatter(mem: Memory, original: str, update: str) -> tuple[AddResult, AddResult]:
    """Three unrelated turns, ``original`` on 10 January, then ``update`` on 4 March."""
    for day, line in enumerate(CHATTER, start=1):
        mem.add(line, user_id="u1", reference_time=f"2026-01-0{day}")
    return (mem.add(original, user_id="u1", reference_time="2026-01-10"),
            mem.add(update, user_id="u1", reference_time="2026-03-04"))


def test_a_still_true_fact_of_a_replaced_message_stays_current_and_unpenalised(rmem: Memory) -> None:
    # One message said two things; a later one changes only the school. The allergy is still true.
    first, later = said_among_chatter(rmem, "I'm allergic to peanuts and I teach at Hillside School.",
                                      "I left Hillside, I teach at Oakwood Academy now.")
    allergy = next(f for f in first.facts if "peanut" in f.text)
    # Asked about the school, the message is replaced (so the rule below is reached) ...
    school = {h.id: h for h in rmem.search("which school do I teach at", user_id="u1", k=10)}
    assert school[first.episode_id].updated_by == later.episode_id
    assert allergy.id not in school or not school[allergy.id].outdated
    # ... asked about the allergy, neither the fact nor the message that said it is.
    hits = rmem.search("what am I allergic to", user_id="u1", k=10)
    fact = next(h for h in hits if h.id == allergy.id)
    assert not fact.outdated and fact.updated_by is None and fact.valid_until is None
    assert fact.components["stale"] == 0.0
    assert hits[0].id == first.episode_id and not hits[0].outdated
    assert later.episode_id not in [h.id for h in hits[:2]]
    block = rmem.context("what am I allergic to", user_id="u1")
    assert f"- {allergy.text} (since 2026-01-10)" in current_lines(block)
    assert "Earlier (replaced since):" not in block


def test_a_broad_change_moves_only_the_part_of_an_earlier_message_it_is_about(rmem: Memory) -> None:
    # The change names no slot the extractor reads ("don't work there any more"): of what the
    # earlier message said, only the part nearest the change in meaning goes with it.
    first, _ = said_among_chatter(rmem, "I'm vegetarian and I work at the bank.",
                                  "I don't work there any more, I bake bread for a living now.")
    diet = rmem.context("what do I eat", user_id="u1")
    assert "Earlier (replaced since):" not in diet
    assert any(line.startswith("- user is vegetarian") for line in current_lines(diet))
    work = {h.id: h for h in rmem.search("what do I do for work", user_id="u1", k=10)}
    assert work[first.episode_id].outdated
    bank = [h for h in work.values() if h.fact is not None and "bank" in h.fact.object]
    assert bank and all(h.outdated for h in bank)
    assert all("bank" not in line for line in current_lines(rmem.context("what do I do for work", user_id="u1")))


def test_a_fact_given_another_value_by_the_replacement_is_earlier_and_the_rest_stays_current(
        rmem: Memory) -> None:
    first, later = said_among_chatter(rmem, "I speak Portuguese and I drive a Fiat.",
                                      "I sold the Fiat, I drive a Honda now.")
    car = rmem.search("what car do I drive", user_id="u1", k=10)
    assert next(h for h in car if h.id == first.episode_id).updated_by == later.episode_id
    # "user drives Fiat" (where the store kept it open) is replaced by "user drives Honda", said later.
    assert all(h.outdated for h in car if h.fact is not None and "Fiat" in h.fact.object)
    current = current_lines(rmem.context("what car do I drive", user_id="u1"))
    assert any("Honda" in line for line in current) and all("drives Fiat" not in line for line in current)
    # The same change says nothing about languages: that fact, and the message asked about it, stay current.
    spoken = rmem.search("which languages do I speak", user_id="u1", k=10)
    portuguese = next(h for h in spoken if h.fact is not None and "Portuguese" in h.text)
    assert not portuguese.outdated and not any(h.outdated for h in spoken)
    assert any(line.startswith("- user speaks Portuguese")
               for line in current_lines(rmem.context("which languages do I speak", user_id="u1")))


def test_an_earlier_and_a_later_message_each_others_nearest_with_a_changed_value_are_an_update(
        rmem: Memory) -> None:
    # No change cue, no shared value, worded apart: only the pairing (each the other's nearest
    # message, a number replaced) ties the two.
    first, later = said_among_chatter(rmem, "Our darts team sits 6th in the county league.",
                                      "Four straight wins have taken us up to 2nd in the standings.")
    hits = rmem.search("Where do we rank in the pub competition?", user_id="u1", k=10)
    ids = [h.id for h in hits]
    assert ids.index(later.episode_id) < ids.index(first.episode_id)
    assert next(h for h in hits if h.id == first.episode_id).updated_by == later.episode_id
    current = current_lines(rmem.context("Where do we rank in the pub competition?", user_id="u1"))
    assert all("6th" not in line for line in current)


def test_a_nearest_later_message_with_a_number_on_another_topic_replaces_nothing(rmem: Memory) -> None:
    first, _ = said_among_chatter(rmem, "I'm vegetarian.", "I ran 10 km this morning.")
    hits = {h.id: h for h in rmem.search("what do I eat", user_id="u1", k=10)}
    assert first.episode_id in hits and not hits[first.episode_id].outdated
    assert "Earlier (replaced since):" not in rmem.context("what do I eat", user_id="u1")


@pytest.mark.parametrize(("own", "news", "question", "kept"), [
    ("I live in Glasgow.", "My sister moved to Dundee.", "where do I live", "Glasgow"),
    ("I work at Tesco.", "My friend just got a job at Aldi.", "where do I work", "Tesco"),
])
def test_someone_elses_news_does_not_replace_the_users_own_statement(
        rmem: Memory, own: str, news: str, question: str, kept: str) -> None:
    first, _ = said_among_chatter(rmem, own, news)
    hits = {h.id: h for h in rmem.search(question, user_id="u1", k=10)}
    assert first.episode_id in hits and not hits[first.episode_id].outdated
    assert any(kept in line for line in current_lines(rmem.context(question, user_id="u1"))[1:])


def test_the_same_persons_later_value_still_replaces_theirs(rmem: Memory) -> None:
    first, later = said_among_chatter(rmem, "My cousin lives in Cork.", "My cousin moved to Galway.")
    hits = {h.id: h for h in rmem.search("where does my cousin live", user_id="u1", k=10)}
    assert hits[first.episode_id].updated_by == later.episode_id
    assert all("Cork" not in line for line in current_lines(rmem.context("where does my cousin live", user_id="u1")))


@pytest.mark.parametrize(("original", "update", "question", "old"), [
    ("Our podcast is called Tea Break.", "We rebranded the show as Second Cup.", "What's the name of our podcast?",
     "Tea Break"),  # a thing done again, another way
    ("I take the bus to work.", "I don't take the bus any more, I cycle in.", "How do I get to work?",
     "take the bus to work"),  # "not X any more, Y"
    ("The dentist check-up is on the 8th.", "They bumped the check-up to the 15th.", "When do I see the dentist?",
     "8th"),  # a date moved
])
def test_a_change_said_by_a_redo_or_a_dropped_plan_replaces_the_earlier_message(
        rmem: Memory, original: str, update: str, question: str, old: str) -> None:
    first, later = said_among_chatter(rmem, original, update)
    hits = rmem.search(question, user_id="u1", k=10)
    ids = [h.id for h in hits]
    assert ids.index(later.episode_id) < ids.index(first.episode_id)
    assert next(h for h in hits if h.id == first.episode_id).updated_by == later.episode_id
    block = rmem.context(question, user_id="u1")
    assert all(old not in line for line in current_lines(block))
    assert old in block.split("Earlier (replaced since):")[1]


@pytest.mark.parametrize(("still_true", "change", "question"), [
    ("I'm vegetarian and I play the violin.", "I redid the bathroom tiles in white.", "What instrument do I play?"),
    ("My sister is a nurse.", "I don't drink coffee any more.", "What does my sister do?"),
    ("I play tennis on Mondays.", "Scrapped my gym membership, too expensive.", "What sport do I play?"),
])
def test_a_change_cue_about_something_else_leaves_still_true_statements_current(
        rmem: Memory, still_true: str, change: str, question: str) -> None:
    first, _ = said_among_chatter(rmem, still_true, change)
    hits = {h.id: h for h in rmem.search(question, user_id="u1", k=10)}
    assert first.episode_id in hits and not any(h.outdated for h in hits.values())
    block = rmem.context(question, user_id="u1")
    assert "Earlier (replaced since):" not in block
    assert any(f.text in block for f in first.facts) or still_true in block


def test_a_dropped_plan_or_a_redo_is_a_change_cue_and_tidying_is_not() -> None:
    from kronograph.queries.config import UPDATE_CUES
    from kronograph.queries.search import _cued

    for said in ("We don't go to that pub any more.", "Scrapped the road trip.", "They bumped my slot to Friday.",
                 "The club rebranded as Northside FC.", "We had the sofa redone in green.",
                 "I'd walk rather than drive these days.", "I've come round to decaf."):
        assert _cued(said, UPDATE_CUES), said
    for said in ("I reorganised the shelf this weekend.", "We cleaned the cupboard.", "Read a book about owls."):
        assert not _cued(said, UPDATE_CUES), said
