"""The embedded store's recall indexes: what stays on disk after a hard delete, upgrades of
older files, and FTS kept to current versions only."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import numpy as np

from kronograph import Episode, Memory
from kronograph.graph.sqlite import SQLiteStore
from kronograph.graph.sqlite.driver import sqlite3
from kronograph.graph.sqlite.migrations import MIGRATIONS, V_EPISODE_LANGUAGE, statements

from ..conftest import Clock, store_before

MARKER = "Quixotrand"


def store_files(db_path: Path) -> list[Path]:
    return [p for p in db_path.parent.iterdir() if p.name.startswith(db_path.name)]


def test_a_hard_deleted_text_is_gone_from_every_file_of_the_store(db_path: Path, clock: Clock) -> None:
    mem = Memory(db_path, clock=clock, embedder=None)
    episode_text = f"I live at 12 {MARKER} Street and I like tea"
    secret = mem.add_fact("user", "address", f"12 {MARKER} Street", user_id="u1",
                          text=f"user lives at 12 {MARKER} Street").fact
    mem.add_fact("user", "likes", "tea", user_id="u1")
    assert secret is not None
    for i in range(40):  # enough other rows that FTS segments and pages are shared with them
        mem.add_fact("user", "knows", f"person {i}", user_id="u1", text=f"user knows person {i} from {MARKER[:3]}x")
    mem.store.put_embeddings([(secret.id, np.ones(8))], model="m")
    mem.store.vector_search("u1", np.ones(8), limit=3, model="m")
    with mem.store.transaction():
        pass
    conn = mem.store.connection
    conn.execute("INSERT INTO episodes (id, user_id, content, reference_time, recorded_at) VALUES ('e1','u1',?,0,0)",
                 (episode_text,))
    conn.execute("INSERT INTO fact_sources (fact_id, episode_id) VALUES (?, 'e1')", (secret.id,))
    clock.advance(minutes=1)
    assert any(MARKER.encode() in p.read_bytes() for p in store_files(db_path))
    mem.forget(user_id="u1", fact_id=secret.id, hard=True, reason="user asked")
    assert mem.store.search_text("u1", MARKER, limit=5) == []
    assert mem.store.embeddings("u1", [secret.id], model="m") == {}
    assert mem.store.vector_cache.nbytes == 0
    mem.close()
    files = store_files(db_path)
    assert files, "the store wrote no files"
    for path in files:
        data = path.read_bytes()
        assert MARKER.encode() not in data and MARKER.lower().encode() not in data, path.name
    with Memory(db_path, clock=clock, embedder=None) as again:
        assert [t.fact_id for t in again.tombstones(user_id="u1")] == [secret.id]
        assert len(again.facts(user_id="u1")) == 41


def test_an_older_file_is_upgraded_with_its_facts_indexed_and_queued(tmp_path: Path) -> None:
    path = tmp_path / "v1.db"
    conn = sqlite3.connect(str(path), isolation_level=None)
    for statement in statements(MIGRATIONS[0]):
        conn.execute(statement)
    conn.execute("PRAGMA user_version = 1")
    conn.execute(
        "INSERT INTO facts (id, user_id, subject, subject_key, predicate, object, object_key, text, memory_type, "
        "lifecycle, confidence, importance, valid_from, recorded_at, sensitivity, tx_from) "
        "VALUES ('f1','u1','Ada','ada','likes','tea','tea','Ada likes green tea','fact','active',1,0.5,0,0,'none',0)")
    conn.close()
    store = SQLiteStore(path)
    try:
        assert [fid for fid, _ in store.search_text("u1", "green tea", limit=5)] == ["f1"]
        assert store.pending_embeddings("u1", limit=5) == [("f1", "Ada likes green tea")]
    finally:
        store.close()


def test_the_search_index_holds_one_entry_per_record_however_many_versions(db_path: Path, clock: Clock) -> None:
    with Memory(db_path, clock=clock, embedder=None) as mem:
        for year in range(2015, 2025):
            clock.advance(minutes=1)
            mem.add_fact("Ada", "lives_in", f"Town{year}", user_id="u1", valid_from=f"{year}-01-01")
        versions = mem.store.connection.execute("SELECT count(*) FROM facts").fetchone()[0]
        hits = mem.store.search_text("u1", "Town2019 Town2020 Town2024", limit=20)
        index = mem.store.text_indexes.get("u1")
        assert versions > 10 and index is not None and len(index.ids) == 10
        assert len(hits) == 3


def test_trigger_bodies_survive_the_statement_splitter() -> None:
    script = "CREATE TABLE a (x);\nCREATE TRIGGER t AFTER INSERT ON a BEGIN SELECT 1; SELECT 2; END;\n"
    assert statements(script) == ["CREATE TABLE a (x);",
                                  "CREATE TRIGGER t AFTER INSERT ON a BEGIN SELECT 1; SELECT 2; END;"]


def test_text_search_stays_within_one_users_facts_however_the_store_is_shared(
        db_path: Path, clock: Clock) -> None:
    mem = Memory(db_path, clock=clock, embedder=None)
    mem.add_facts({"subject": f"person {i}", "predicate": "drinks", "object": f"tea {i}", "user_id": "big",
                   "text": f"person {i} drinks green tea" + " daily" * (i % 5)} for i in range(200))
    small = {r.fact.id for r in mem.add_facts(
        {"subject": f"friend {i}", "predicate": "drinks", "object": f"tea {i}", "user_id": "small",
         "text": "friend drinks tea" + " often" * i} for i in range(3)) if r.fact is not None}
    hits = mem.store.search_text("small", "green tea", limit=2)
    assert {fid for fid, _ in hits} < small and len(hits) == 2
    assert hits[0][1] >= hits[1][1]
    keyed = mem.store.search_text("small", "tea", limit=5)
    assert {fid for fid, _ in keyed} == small
    assert [s for _, s in keyed] == sorted((s for _, s in keyed), reverse=True)
    big = mem.store.search_text("big", "green tea daily", limit=10)
    big_ids = {f.id for f in mem.facts(user_id="big", predicate="drinks")}
    assert len(big) == 10 and {fid for fid, _ in big} <= big_ids
    assert mem.store.search_text("nobody", "tea", limit=5) == []


def test_access_counting_keeps_the_stores_durability_setting_and_survives_reopening(
        db_path: Path, clock: Clock) -> None:
    mem = Memory(db_path, clock=clock, embedder=None)
    fact = mem.add_fact("Ada", "likes", "tea", user_id="u1").fact
    assert fact is not None
    mem.store.touch([fact.id], clock())
    assert mem.store.connection.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    mem.close()
    with Memory(db_path, clock=clock, embedder=None) as again:
        assert again.get_fact(fact.id, user_id="u1").access_count == 1


def test_episodes_of_an_older_file_read_as_english_after_the_upgrade(tmp_path: Path) -> None:
    path = tmp_path / "before.db"
    conn = store_before(path, V_EPISODE_LANGUAGE)
    conn.execute("INSERT INTO episodes (id, user_id, content, reference_time, recorded_at) "
                 "VALUES ('e1', 'u1', 'I live in Paris.', 0, 0)")
    conn.close()
    store = SQLiteStore(path)
    try:
        episode = store.get_episode("e1")
        assert episode is not None and episode.language == "en"
    finally:
        store.close()


def test_stored_vectors_read_again_are_the_current_ones_after_a_replace_or_a_rewrite(db_path: Path,
                                                                                     clock: Clock) -> None:
    # The store keeps vectors it has read for the next reads; a replaced vector, another
    # process's write and a rewritten episode must each be seen at once.
    now = datetime(2026, 1, 1, tzinfo=UTC)
    with Memory(db_path, clock=clock, embedder=None) as mem:
        store = mem.store
        assert isinstance(store, SQLiteStore)
        store.add_episode(Episode(id="e1", user_id="u1", content="Ada lives in Paris", reference_time=now,
                                  recorded_at=now))
        first, second = np.eye(8, dtype=np.float32)[0], np.eye(8, dtype=np.float32)[1]
        store.put_episode_embeddings([("e1", first)], model="m")
        assert np.array_equal(store.episode_embeddings("u1", ["e1"], model="m")["e1"], first)
        assert store.episode_vector_search("u1", first, limit=1, model="m") == [("e1", 1.0)]
        store.put_episode_embeddings([("e1", second)], model="m")
        assert np.array_equal(store.episode_embeddings("u1", ["e1"], model="m")["e1"], second)
        with Memory(db_path, clock=clock, embedder=None) as other:  # another writer of the same file
            other.store.put_episode_embeddings([("e1", first)], model="m")
        assert np.array_equal(store.episode_embeddings("u1", ["e1"], model="m")["e1"], first)
        store.connection.execute("UPDATE episodes SET content = 'Ada lives in Rome' WHERE id = 'e1'")
        assert store.episode_embeddings("u1", ["e1"], model="m") == {}
