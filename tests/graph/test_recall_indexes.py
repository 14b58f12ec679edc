"""The recall part of the GraphStore contract, run against every backend: text search,
stored embeddings with per-user vector search, entity neighbourhoods, and hard deletes
that take all of them along."""

from __future__ import annotations

from datetime import UTC, datetime

import numpy as np

from kronograph import Memory
from kronograph.graph.store import GraphStore

from ..conftest import Clock

T0 = datetime(2026, 5, 6, 12, 0, tzinfo=UTC)


def memory(store: GraphStore) -> Memory:
    return Memory(store=store, clock=Clock(T0), embedder=None)


def axis(i: int, dim: int = 8) -> np.ndarray:
    v = np.zeros(dim, dtype=np.float32)
    v[i] = 1.0
    return v


def test_text_search_finds_a_users_current_records_by_their_words(store: GraphStore) -> None:
    mem = memory(store)
    mem.add_fact("Ada", "likes", "rock climbing", user_id="u1", text="Ada likes rock climbing on weekends")
    mem.add_fact("Ada", "likes", "opera", user_id="u1", text="Ada likes opera")
    mem.add_fact("Bob", "likes", "rock climbing", user_id="u2", text="Bob likes rock climbing")
    hits = store.search_text("u1", "who goes climbing?", limit=10)
    assert [fid for fid, _ in hits] == [f.id for f in mem.facts(user_id="u1", predicate="likes")
                                        if "climbing" in f.text]
    assert all(score > 0 for _, score in hits)
    assert store.search_text("u1", "the of and", limit=10) == []
    assert store.search_text("u3", "climbing", limit=10) == []
    assert store.search_text("u1", 'climbing" OR user_id:"u2', limit=10)[0][0] == hits[0][0]


def test_text_search_follows_versions_supersession_and_hard_deletes(store: GraphStore) -> None:
    mem = memory(store)
    paris = mem.add_fact("Ada", "lives_in", "Paris", user_id="u1", valid_from="2020-01-01").fact
    rome = mem.add_fact("Ada", "lives_in", "Rome", user_id="u1", valid_from="2024-01-01").fact
    assert paris is not None and rome is not None
    assert [f for f, _ in store.search_text("u1", "Paris", limit=5)] == [paris.id]
    mem.forget(user_id="u1", fact_id=paris.id, hard=True)
    assert store.search_text("u1", "Paris", limit=5) == []
    assert [f for f, _ in store.search_text("u1", "Rome", limit=5)] == [rome.id]


def test_embeddings_are_queued_stored_and_searched_per_user(store: GraphStore) -> None:
    mem = memory(store)
    ids = [mem.add_fact("Ada", "likes", f"thing {i}", user_id="u1").fact.id for i in range(3)]  # type: ignore[union-attr]
    other = mem.add_fact("Bob", "likes", "thing", user_id="u2").fact.id  # type: ignore[union-attr]
    assert {fid for fid, _ in store.pending_embeddings("u1", limit=10)} == set(ids)
    assert store.put_embeddings([(fid, axis(i)) for i, fid in enumerate(ids)], model="m") == 3
    assert store.put_embeddings([(other, axis(0) * 5), ("no-such-fact", axis(1))], model="m") == 1
    assert store.pending_embeddings(None, limit=10) == []
    hits = store.vector_search("u1", axis(1) + 0.1 * axis(2), limit=2, model="m")
    assert [fid for fid, _ in hits] == [ids[1], ids[2]]
    assert hits[0][1] > hits[1][1] > 0
    assert [fid for fid, _ in store.vector_search("u2", axis(0), limit=5, model="m")] == [other]
    assert float(np.linalg.norm(store.embeddings("u2", [other], model="m")[other])) == 1.0
    assert store.vector_search("u1", axis(1), limit=5, model="another-model") == []
    mem.add_fact("Ada", "likes", "thing 9", user_id="u1")
    new = store.pending_embeddings("u1", limit=10)
    store.put_embeddings([(new[0][0], axis(5))], model="m")
    assert store.vector_search("u1", axis(5), limit=1, model="m")[0][0] == new[0][0]


def test_entity_fact_ids_returns_records_touching_the_named_entities(store: GraphStore) -> None:
    mem = memory(store)
    works = mem.add_fact("Ada", "works_at", "Acme", user_id="u1").fact
    boss = mem.add_fact("Grace", "manages", "Acme", user_id="u1").fact
    mem.add_fact("Ada", "likes", "tea", user_id="u1")
    mem.add_fact("Zed", "works_at", "Acme", user_id="u2")
    assert works is not None and boss is not None
    assert set(store.entity_fact_ids("u1", ["acme"], limit=10)) == {works.id, boss.id}
    assert len(store.entity_fact_ids("u1", ["acme", "ada"], limit=10)) == 3
    assert store.entity_fact_ids("u1", ["nobody"], limit=10) == []


def test_a_hard_delete_removes_the_vector_and_the_cached_index_entry(store: GraphStore) -> None:
    mem = memory(store)
    keep = mem.add_fact("Ada", "likes", "tea", user_id="u1").fact
    gone = mem.add_fact("Ada", "likes", "coffee", user_id="u1").fact
    assert keep is not None and gone is not None
    store.put_embeddings([(keep.id, axis(0)), (gone.id, axis(1))], model="m")
    assert store.vector_search("u1", axis(1), limit=1, model="m")[0][0] == gone.id
    mem.forget(user_id="u1", fact_id=gone.id, hard=True)
    assert [fid for fid, _ in store.vector_search("u1", axis(1), limit=5, model="m")] == [keep.id]
    assert store.embeddings("u1", [gone.id], model="m") == {}


def test_vectors_read_back_are_the_current_ones_after_replaces_and_deletes(store: GraphStore) -> None:
    mem = memory(store)
    ids = [mem.add_fact("Ada", "likes", f"thing {i}", user_id="u1").fact.id for i in range(4)]  # type: ignore[union-attr]
    store.put_embeddings([(fid, axis(i)) for i, fid in enumerate(ids)], model="m")
    assert store.vector_search("u1", axis(0), limit=1, model="m")[0][0] == ids[0]  # the user's vectors now in memory
    mem.forget(user_id="u1", fact_id=ids[3], hard=True)  # the newest row goes (SQLite may reuse its number) ...
    store.put_embeddings([(ids[1], axis(6))], model="m")  # ... for another id's new row
    store.put_embeddings([(ids[0], axis(5))], model="m")
    for _ in range(2):  # read as the search reads them (rows held in memory), then again
        assert store.vector_search("u1", axis(6), limit=2, model="m")[0][0] == ids[1]
        vectors = store.embeddings("u1", ids, model="m")
        assert set(vectors) == set(ids[:3])
        for fid, i in zip(ids[:3], (5, 6, 2), strict=True):
            assert np.array_equal(vectors[fid], axis(i)), fid


def test_episode_search_finds_a_users_raw_turns_and_follows_their_scrubbing(store: GraphStore) -> None:
    from kronograph import Episode

    mem = memory(store)
    fact = mem.add_fact("user", "address", "12 Elm Street", user_id="u1").fact
    assert fact is not None
    for eid, user, text in [("e1", "u1", "I went hiking near the glacier"), ("e2", "u1", "My address is 12 Elm Street"),
                            ("e3", "u2", "glacier tours are my job")]:
        store.add_episode(Episode(id=eid, user_id=user, content=text, reference_time=T0, recorded_at=T0,
                                  fact_ids=[fact.id] if eid == "e2" else []))
    assert [eid for eid, _ in store.search_episodes("u1", "glacier hiking", limit=5)] == ["e1"]
    assert [eid for eid, _ in store.search_episodes("u1", "Elm Street", limit=5)] == ["e2"]
    mem.forget(user_id="u1", fact_id=fact.id, hard=True)
    assert store.search_episodes("u1", "Elm", limit=5) == []
    assert [eid for eid, _ in store.search_episodes("u1", "address", limit=5)] == ["e2"]


def test_episode_embeddings_are_per_user_and_leave_with_a_rewrite(store: GraphStore) -> None:
    from kronograph import Episode

    for eid, user in [("e1", "u1"), ("e2", "u1"), ("e3", "u2")]:
        store.add_episode(Episode(id=eid, user_id=user, content=f"episode {eid}", reference_time=T0, recorded_at=T0))
    assert sorted(eid for eid, _ in store.pending_episode_embeddings("u1", limit=10)) == ["e1", "e2"]
    assert store.put_episode_embeddings([("e1", axis(1)), ("e2", axis(2)), ("e3", axis(1)), ("gone", axis(3))],
                                        model="m") == 3
    assert store.pending_episode_embeddings(None, limit=10) == []
    hits = store.episode_vector_search("u1", axis(1) + 0.1 * axis(2), limit=2, model="m")
    assert [eid for eid, _ in hits] == ["e1", "e2"] and hits[0][1] > hits[1][1]
    assert [eid for eid, _ in store.episode_vector_search("u2", axis(1), limit=5, model="m")] == ["e3"]
    assert set(store.episode_embeddings("u1", ["e1", "e3"], model="m")) == {"e1"}
    store.forget_indexed("u1", episode_ids=["e1"])
    assert store.episode_embeddings("u1", ["e1"], model="m") == {}
    assert [eid for eid, _ in store.pending_episode_embeddings("u1", limit=10)] == ["e1"]
    assert [eid for eid, _ in store.episode_vector_search("u1", axis(1), limit=5, model="m")] == ["e2"]


def test_episode_text_search_counts_only_the_users_own_episodes(store: GraphStore) -> None:
    from kronograph import Episode

    texts = {"e1": "Caroline: I went to the support group", "e2": "Melanie: I painted a lake",
             "e3": "Melanie: pottery class again"}
    for eid, text in texts.items():
        store.add_episode(Episode(id=eid, user_id="u1", content=text, reference_time=T0, recorded_at=T0))
    assert [eid for eid, _ in store.search_episodes("u1", "what did Caroline do", limit=3)] == ["e1"]
    assert store.search_episodes("u2", "Caroline", limit=3) == []


def test_episode_neighbours_are_the_turns_said_just_before_and_after_in_the_same_conversation(
        store: GraphStore) -> None:
    from datetime import timedelta

    from kronograph import Episode

    minute = timedelta(minutes=1)
    said = [("a1", "u1", None, 0), ("a2", "u1", None, 1), ("a3", "u1", None, 2), ("b1", "u1", "other-run", 3),
            ("a4", "u1", None, 4), ("late", "u1", None, 24 * 60), ("x1", "u2", None, 2)]
    for eid, user, run, minutes in said:
        store.add_episode(Episode(id=eid, user_id=user, run_id=run, content=f"turn {eid}",
                                  reference_time=T0 + minutes * minute, recorded_at=T0))
    near = store.episode_neighbours("u1", ["a1", "a3", "late", "x1", "missing"], max_gap=30 * minute)
    assert near == {"a1": ["a2"], "a3": ["a2", "a4"], "late": []}  # a run apart, a day apart, another user's
    assert store.episode_neighbours("u2", ["x1"], max_gap=30 * minute) == {"x1": []}
    assert store.episode_neighbours("u1", ["a2", "a4"], max_gap=30 * minute, reach=2) == {
        "a2": ["a1", "a3", "a4"], "a4": ["a2", "a3"]}
