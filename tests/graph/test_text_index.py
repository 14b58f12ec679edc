"""The per-user in-memory BM25 index: FTS5's scores over the user's own facts, kept up to date,
and emptied by hard deletes."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from kronograph import Memory
from kronograph.graph.sqlite import SQLiteStore
from kronograph.graph.sqlite.driver import sqlite3
from kronograph.graph.sqlite.recall import FTS_TOKENIZER
from kronograph.graph.text_search import fts_phrase, search_terms

from ..conftest import Clock

WORDS = ["tea", "coffee", "hiking", "climbing", "Lisbon", "Kyoto", "piano", "cello", "running", "runner",
         "runs", "garden", "gardening", "jazz", "opera", "chess", "sushi", "Ada", "Bob", "café", "naïve"]
QUERIES = ["tea", "who goes climbing?", "Ada likes jazz and opera", "running in Kyoto", "cafe", "naive runner",
           "chess chess piano", "garden gardening", "Bob's sushi", "nothing matches this", "Lisbon tea tea Ada"]


def fill(mem: Memory, user: str, count: int, seed: int) -> None:
    rng = random.Random(seed)
    items = []
    for i in range(count):
        words = [rng.choice(WORDS) for _ in range(rng.randint(1, 9))]
        items.append({"subject": "user", "predicate": "mentions", "object": f"thing {i}", "user_id": user,
                      "text": " ".join(words)})
    mem.add_facts(items)


def fts5_bm25(texts: dict[str, str], query_words: list[str]) -> dict[str, float]:
    """The oracle: FTS5's own bm25() over the same texts, in a table shaped like the store's
    (a text column and a one-token user-key column of weight 0)."""
    conn = sqlite3.connect(":memory:")
    conn.execute(f"CREATE VIRTUAL TABLE t USING fts5(text, user_key, tokenize='{FTS_TOKENIZER}')")
    conn.executemany("INSERT INTO t (rowid, text, user_key) VALUES (?, ?, 'ukey')",
                     [(i, text) for i, text in enumerate(texts.values())])
    ids = list(texts)
    match = "text : (" + " OR ".join(fts_phrase(w) for w in query_words) + ")"
    return {ids[rowid]: -score for rowid, score in
            conn.execute("SELECT rowid, bm25(t, 1.0, 0.0) FROM t WHERE t MATCH ?", (match,))}


def test_the_in_memory_index_scores_exactly_as_fts5_bm25_does(db_path: Path, clock: Clock) -> None:
    with Memory(db_path, clock=clock, embedder=None) as mem:
        fill(mem, "u1", 400, seed=1)
        fill(mem, "u2", 50, seed=9)  # another user's words weigh nothing in u1's scores
        texts = {f.id: f.text for f in mem.facts(user_id="u1")}
        for query in QUERIES:
            expected = fts5_bm25(texts, search_terms(query))
            # Every match (limit above the row count): ties at a cut-off may fall either way.
            got = mem.store.search_text("u1", query, limit=1_000)
            assert dict(got) == pytest.approx(expected, rel=1e-9), query
            assert [s for _, s in got] == sorted((s for _, s in got), reverse=True)
            top = [s for _, s in mem.store.search_text("u1", query, limit=5)]
            assert top == pytest.approx(sorted(expected.values(), reverse=True)[:5], rel=1e-9)


def test_new_records_join_the_index_without_a_rebuild_and_versions_are_not_counted_twice(
        db_path: Path, clock: Clock) -> None:
    with Memory(db_path, clock=clock, embedder=None) as mem:
        fill(mem, "u1", 60, seed=2)
        assert mem.store.search_text("u1", "xylophone", limit=5) == []
        index = mem.store.text_indexes.get("u1")
        assert index is not None
        clock.advance(days=1)
        first = mem.add_fact("user", "plays", "xylophone", user_id="u1", text="user plays the xylophone").fact
        clock.advance(days=1)
        mem.add_fact("user", "plays", "marimba", user_id="u1", text="user plays the marimba")  # a new version of the same slot
        assert first is not None
        assert [fid for fid, _ in mem.store.search_text("u1", "xylophone", limit=5)] == [first.id]
        assert mem.store.text_indexes.get("u1") is index  # appended to, not rebuilt
        assert len(index.ids) == len(set(index.ids)) == 62


def test_a_hard_delete_takes_the_words_out_of_the_in_memory_index(db_path: Path, clock: Clock) -> None:
    other_process = SQLiteStore(db_path)  # a second process's view of the file
    with Memory(db_path, clock=clock, embedder=None) as mem:
        fill(mem, "u1", 30, seed=5)
        secret = mem.add_fact("user", "password_hint", "zanzibar", user_id="u1", text="hint is zanzibar").fact
        other = mem.add_fact("user", "likes", "quokkas", user_id="u1", text="user likes quokkas").fact
        assert secret is not None and other is not None
        for store in (mem.store, other_process):
            assert [fid for fid, _ in store.search_text("u1", "zanzibar", limit=3)] == [secret.id]
        clock.advance(minutes=1)
        mem.forget(user_id="u1", fact_id=secret.id, hard=True)
        for store in (mem.store, other_process):  # this process drops it at once; the other sees the tombstone
            assert store.search_text("u1", "zanzibar", limit=3) == []
            index = store.text_indexes.get("u1")
            assert index is not None and "zanzibar" not in index._postings and secret.id not in index.docs
        assert [fid for fid, _ in mem.store.search_text("u1", "quokkas", limit=3)] == [other.id]
    other_process.close()


def test_chinese_facts_episodes_and_queries_meet_as_the_same_words(db_path: Path, clock: Clock) -> None:
    from kronograph import Episode

    with Memory(db_path, clock=clock, embedder=None) as mem:
        tea = mem.add_fact("user", "likes", "绿茶", user_id="u1", text="用户喜欢喝绿茶").fact
        mem.add_fact("user", "likes", "咖啡", user_id="u1", text="用户每天早上喝咖啡")
        assert tea is not None
        assert [fid for fid, _ in mem.store.search_text("u1", "绿茶", limit=1)] == [tea.id]
        for eid, text in [("e1", "我上周去杭州看了西湖"), ("e2", "我在上海工作")]:
            mem.store.add_episode(Episode(id=eid, user_id="u1", content=text, reference_time=clock(),
                                          recorded_at=clock()))
        assert mem.store.search_episodes("u1", "西湖在哪里", limit=2)[0][0] == "e1"
