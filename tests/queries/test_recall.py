"""Recall through a real Memory: a SQLite file, the real MiniLM embedder, the real filters."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from kronograph import FieldTypeError, Memory, RecallConfig, Recalled, ScoreWeights, Status, UsageError
from kronograph.queries.config import COMPONENTS, RELEVANCE_FIRST
from kronograph.queries.embedding import MiniLMEmbedder
from kronograph.queries.recall import access_score, entity_keys

from ..conftest import Clock


def texts(hits: list[Recalled]) -> list[str]:
    return [h.fact.text for h in hits]


def seed_profile(mem: Memory) -> None:
    mem.add_fact("Ada", "lives_in", "Paris", user_id="u1", valid_from="2019-01-01")
    mem.add_fact("Ada", "lives_in", "Rome", user_id="u1", valid_from="2025-03-01")
    mem.add_fact("Ada", "likes", "spicy ramen", user_id="u1", memory_type="preference",
                 text="Ada loves spicy ramen")
    mem.add_fact("Ada", "plays", "the cello", user_id="u1", text="Ada plays the cello in an orchestra")
    mem.add_fact("Ada", "works_at", "Acme Robotics", user_id="u1", text="Ada works at Acme Robotics")


def test_the_relevant_fact_ranks_first(rmem: Memory) -> None:
    seed_profile(rmem)
    hits = rmem.recall("what food does Ada enjoy?", user_id="u1", k=3)
    assert hits[0].fact.text == "Ada loves spicy ramen"
    hits = rmem.recall("which city is Ada living in", user_id="u1", k=3)
    assert hits[0].fact.text == "Ada lives in Rome"


def test_a_superseded_fact_is_not_recalled_now_but_is_as_of_its_time(rmem: Memory) -> None:
    seed_profile(rmem)
    now = texts(rmem.recall("where does Ada live", user_id="u1", k=10))
    assert "Ada lives in Rome" in now and "Ada lives in Paris" not in now
    then = rmem.recall("where does Ada live", user_id="u1", k=10, as_of="2020-06-01")
    assert texts(then)[0] == "Ada lives in Paris"
    assert "Ada lives in Rome" not in texts(then)
    assert then[0].fact.status is Status.superseded


def test_a_corrected_fact_is_gone_now_but_known_at_before_the_correction_still_sees_it(
    rmem: Memory, clock: Clock
) -> None:
    rmem.add_fact("Ada", "uses_os", "Android", user_id="u1")
    before = clock.advance(hours=1)
    clock.advance(hours=1)
    rmem.add_fact("Ada", "uses_os", "iOS", user_id="u1", correction=True)
    assert texts(rmem.recall("which phone system does Ada use", user_id="u1")) == ["Ada uses os iOS"]
    past = rmem.recall("which phone system does Ada use", user_id="u1", known_at=before)
    assert texts(past) == ["Ada uses os Android"]


def test_expired_and_archived_facts_stay_out_unless_archived_is_asked_for(rmem: Memory, clock: Clock) -> None:
    rmem.add_fact("Ada", "current_project", "fixing Docker", user_id="u1", memory_type="task",
                  expires_at="2026-05-08T00:00:00Z", text="Ada is fixing Docker this week")
    rmem.add_fact("Ada", "likes", "jazz", user_id="u1", text="Ada likes jazz music")
    rmem.forget(user_id="u1", predicate="likes")
    assert texts(rmem.recall("Docker work", user_id="u1")) == ["Ada is fixing Docker this week"]
    clock.advance(days=3)
    assert rmem.recall("Docker work", user_id="u1") == []
    assert rmem.recall("music taste", user_id="u1") == []
    archived = rmem.recall("music taste", user_id="u1", include_archived=True)
    assert texts(archived) == ["Ada likes jazz music"] and archived[0].fact.status is Status.archived


def test_scope_filters_by_user_run_and_agent(rmem: Memory) -> None:
    rmem.add_fact("Ada", "likes", "tea", user_id="u1", run_id="r1", agent_id="a1", text="Ada likes green tea")
    rmem.add_fact("Ada", "likes", "coffee", user_id="u1", run_id="r2", agent_id="a2", text="Ada likes coffee")
    rmem.add_fact("Bob", "likes", "tea", user_id="u2", text="Bob likes green tea")
    assert set(texts(rmem.recall("tea", user_id="u1"))) == {"Ada likes green tea", "Ada likes coffee"}
    assert texts(rmem.recall("tea", user_id="u1", run_id="r2")) == ["Ada likes coffee"]
    assert texts(rmem.recall("tea", user_id="u1", agent_id="a1")) == ["Ada likes green tea"]
    assert texts(rmem.recall("tea", user_id="u2")) == ["Bob likes green tea"]


def test_each_result_carries_its_components_and_the_score_is_their_weighted_sum(rmem: Memory) -> None:
    seed_profile(rmem)
    hits = rmem.recall("where does Ada work", user_id="u1", k=4)
    assert len(hits) == 4
    for hit in hits:
        assert set(hit.components) == set(COMPONENTS)
        assert all(0.0 <= v <= 1.0 for v in hit.components.values())
        expected = (0.40 * hit.components["semantic"] + 0.20 * hit.components["importance"]
                    + 0.15 * hit.components["confidence"] + 0.15 * hit.components["freshness"]
                    + 0.10 * hit.components["access"])
        assert hit.score == pytest.approx(expected)
        assert f"{hit.score:.3f} = 0.40*semantic" in hit.explain()
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    assert hits[0].fact.text == "Ada works at Acme Robotics"
    assert "vector" in hits[0].matched_by and "text" in hits[0].matched_by


def test_importance_and_confidence_move_a_fact_up(rmem: Memory) -> None:
    rmem.add_fact("Ada", "likes", "chess", user_id="u1", text="Ada likes chess", importance=0.1, confidence=0.3)
    rmem.add_fact("Ada", "likes", "go", user_id="u1", text="Ada likes go", importance=1.0, confidence=1.0)
    hits = rmem.recall("board games Ada likes", user_id="u1")
    assert texts(hits)[0] == "Ada likes go"
    assert hits[0].components["importance"] == 1.0 and hits[1].components["confidence"] == 0.3


def test_weights_are_configurable_per_call(rmem: Memory) -> None:
    rmem.add_fact("Ada", "likes", "chess", user_id="u1", text="Ada plays chess every Sunday", importance=0.0)
    rmem.add_fact("Ada", "owns", "a red bicycle", user_id="u1", text="Ada owns a red bicycle", importance=1.0)
    relevance = RecallConfig(weights=ScoreWeights(semantic=1.0, importance=0.0, confidence=0.0, freshness=0.0,
                                                  access=0.0))
    importance = RecallConfig(weights=ScoreWeights(semantic=0.0, importance=1.0, confidence=0.0, freshness=0.0,
                                                   access=0.0))
    assert texts(rmem.recall("chess on Sunday", user_id="u1", config=relevance))[0] == "Ada plays chess every Sunday"
    assert texts(rmem.recall("chess on Sunday", user_id="u1", config=importance))[0] == "Ada owns a red bicycle"
    assert RELEVANCE_FIRST.weights.semantic == 0.80
    with pytest.raises(ValueError):
        ScoreWeights(semantic=0, importance=0, confidence=0, freshness=0, access=0)


def test_recall_reinforces_what_it_returns_but_a_past_query_does_not(rmem: Memory, clock: Clock) -> None:
    seed_profile(rmem)
    first = rmem.recall("Ada's cello", user_id="u1", k=1)[0]
    assert first.fact.access_count == 0
    fact = rmem.get_fact(first.fact.id, user_id="u1")
    assert fact.access_count == 1 and fact.last_accessed_at == clock.now
    second = rmem.recall("Ada's cello", user_id="u1", k=1)[0]
    assert second.components["access"] == pytest.approx(access_score(1, 20))
    rmem.recall("Ada's cello", user_id="u1", k=1, as_of="2026-01-01")
    assert rmem.get_fact(first.fact.id, user_id="u1").access_count == 2


def test_freshness_decays_with_the_type_half_life(rmem: Memory, clock: Clock) -> None:
    rmem.add_fact("Ada", "current_project", "a tax return", user_id="u1", memory_type="task",
                  text="Ada is doing her tax return")
    rmem.add_fact("Ada", "likes", "tax law books", user_id="u1", memory_type="preference",
                  text="Ada likes reading tax law books")
    clock.advance(days=3)
    config = RecallConfig(reinforce=False)
    hits = {h.fact.memory_type.value: h for h in rmem.recall("tax", user_id="u1", config=config)}
    assert hits["task"].components["freshness"] == pytest.approx(0.5)
    assert hits["preference"].components["freshness"] == pytest.approx(0.5 ** (3 / 180))


def test_graph_expansion_finds_facts_about_a_named_entity_with_no_shared_words(rmem: Memory) -> None:
    rmem.add_fact("Zorblat", "located_in", "the north valley", user_id="u1", text="It sits in the north valley")
    hits = rmem.recall("Zorblat", user_id="u1")
    assert texts(hits) == ["It sits in the north valley"] and "graph" in hits[0].matched_by
    assert "zorblat" in entity_keys("tell me about Zorblat's home")


def test_recall_widens_when_the_nearest_records_are_all_superseded(db_path: Path, clock: Clock,
                                                                  minilm: MiniLMEmbedder) -> None:
    config = RecallConfig(vector_candidates=2, text_candidates=1, graph_candidates=0, lexical_share=0.0,
                          graph_share=0.0)
    with Memory(db_path, clock=clock, embedder=minilm, recall_config=config) as mem:
        for year in range(2010, 2020):
            mem.add_fact("Ada", "lives_in", f"city number {year}", user_id="u1", valid_from=f"{year}-01-01",
                         text=f"Ada lives in city number {year}")
        mem.add_fact("Ada", "likes", "quiet evenings", user_id="u1", text="Ada likes quiet evenings at home")
        hits = mem.recall("Ada lives in city number", user_id="u1", k=2)
    assert set(texts(hits)) == {"Ada lives in city number 2019", "Ada likes quiet evenings at home"}


def test_facts_written_without_an_embedder_are_embedded_at_the_next_recall(
    db_path: Path, clock: Clock, minilm: MiniLMEmbedder
) -> None:
    with Memory(db_path, clock=clock, embedder=None) as plain:
        seed_profile(plain)
        lexical = plain.recall("spicy ramen", user_id="u1")
        assert texts(lexical)[0] == "Ada loves spicy ramen" and lexical[0].similarity is None
        assert plain.store.pending_embeddings("u1", limit=100)
    with Memory(db_path, clock=clock, embedder=minilm) as mem:
        hits = mem.recall("what food does Ada enjoy?", user_id="u1")
        assert hits[0].fact.text == "Ada loves spicy ramen" and hits[0].similarity is not None
        assert mem.store.pending_embeddings("u1", limit=100) == []


def test_bad_arguments_name_the_field_and_change_nothing(rmem: Memory) -> None:
    seed_profile(rmem)
    for kwargs, field in [({"k": 0}, "k"), ({"k": "3"}, "k"), ({"as_of": "yesterday"}, "as_of"),
                          ({"include_archived": "yes"}, "include_archived"), ({"run_id": 5}, "run_id")]:
        with pytest.raises(UsageError) as info:
            rmem.recall("Ada", user_id="u1", **kwargs)
        assert info.value.field == field
    with pytest.raises(UsageError) as info:
        rmem.recall("  ", user_id="u1")
    assert info.value.field == "query"
    with pytest.raises(FieldTypeError) as info:
        rmem.recall("Ada", user_id="u1", config={"weights": {}})
    assert info.value.field == "config"
    assert all(f.access_count == 0 for f in rmem.facts(user_id="u1"))


def test_access_score_saturates_logarithmically() -> None:
    assert access_score(0, 20) == 0.0
    assert access_score(20, 20) == 1.0 and access_score(400, 20) == 1.0
    assert access_score(4, 20) == pytest.approx(math.log(5) / math.log(21))


def test_recall_episodes_finds_what_was_said_by_the_time_asked(rmem: Memory, clock: Clock) -> None:
    from kronograph import Episode

    for eid, day, text in [("e1", "2026-05-01", "We hiked up to the glacier on Saturday"),
                           ("e2", "2026-05-05", "The glacier hike photos are online now"),
                           ("e3", "2026-05-05", "I bought new running shoes")]:
        rmem.store.add_episode(Episode(id=eid, user_id="u1", content=text, reference_time=f"{day}T10:00:00Z",
                                       recorded_at=clock.now))
    hits = rmem.recall_episodes("glacier hike", user_id="u1")
    assert {h.episode.id for h in hits} == {"e1", "e2"} and all(h.score > 0 for h in hits)
    assert [h.episode.id for h in rmem.recall_episodes("glacier hike", user_id="u1", as_of="2026-05-02")] == ["e1"]
    assert rmem.recall_episodes("glacier", user_id="u2") == []
    with pytest.raises(UsageError):
        rmem.recall_episodes("glacier", user_id="u1", k=-1)


def test_closing_the_memory_stops_its_query_embedding_thread(db_path: Path, clock: Clock, minilm: MiniLMEmbedder) -> None:
    import threading

    def embedding_threads() -> int:
        return sum(t.name.startswith("kronograph-query-embedding") for t in threading.enumerate())

    before = embedding_threads()
    with Memory(db_path, clock=clock, embedder=minilm) as memory:
        memory.add_fact("Ada", "likes", "tea", user_id="u1")
        memory.recall("tea", user_id="u1")
        assert embedding_threads() == before + 1
    assert embedding_threads() == before
