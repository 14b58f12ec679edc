"""The in-memory per-user vector index: incremental loads, reloads after removals, LRU bounds."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from kronograph.graph.vector_index import BF16_ERROR, ScopeVectors, VectorCache, sign_words, unit


def rows(start: int, vectors: list[list[float]]) -> list[tuple[int, str, np.ndarray]]:
    return [(start + i, f"f{start + i}", unit(v)) for i, v in enumerate(vectors)]


def test_search_returns_the_nearest_rows_best_first() -> None:
    scope = ScopeVectors(dim=3)
    scope.append(rows(1, [[1, 0, 0], [0, 1, 0], [0.9, 0.1, 0], [0, 0, 1]]))
    hits = scope.search(unit([1, 0, 0]), 2)
    assert [fid for fid, _ in hits] == ["f1", "f3"] and hits[0][1] == 1.0
    assert len(scope.search(unit([1, 0, 0]), 10)) == 4
    assert scope.search(unit([1, 0]), 2) == []


def test_new_rows_are_appended_and_a_removal_forces_a_reload() -> None:
    cache = VectorCache()
    loads: list[int] = []
    table = rows(1, [[1, 0], [0, 1]])

    def load(after: int) -> list[tuple[int, str, np.ndarray]]:
        loads.append(after)
        return [r for r in table if r[0] > after]

    cache.scope("u1", "m", dim=2, last_seq=2, removals=0, load=load)
    table += rows(3, [[1, 1]])
    scope = cache.scope("u1", "m", dim=2, last_seq=3, removals=0, load=load)
    assert loads == [0, 2] and scope.ids == ["f1", "f2", "f3"]
    cache.scope("u1", "m", dim=2, last_seq=3, removals=0, load=load)
    assert loads == [0, 2]
    del table[0]
    scope = cache.scope("u1", "m", dim=2, last_seq=3, removals=1, load=load)
    assert loads == [0, 2, 0] and scope.ids == ["f2", "f3"]


def test_the_cache_evicts_the_least_recently_used_user_beyond_its_budget() -> None:
    cache = VectorCache(max_bytes=20_000)
    for user in ("u1", "u2", "u3"):
        cache.scope(user, "m", dim=64, last_seq=40, removals=0,
                    load=lambda after: rows(1, [[1.0] * 64] * 40) if after == 0 else [])
    assert cache.nbytes <= 20_000 + 64 * 64 * 2 + 4_000
    assert ("u3", "m") in cache._scopes and ("u1", "m") not in cache._scopes
    cache.forget(["u3"])
    assert ("u3", "m") not in cache._scopes


def test_a_large_scope_searches_by_sign_bits_then_rescores_exactly() -> None:
    rng = np.random.default_rng(3)
    vectors = rng.normal(size=(3_000, 64)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    exact_scope, quantized = ScopeVectors(dim=64), ScopeVectors(dim=64, exact_up_to=1_000)
    for scope in (exact_scope, quantized):
        scope.append((i + 1, f"f{i}", v) for i, v in enumerate(vectors))
    query = unit(vectors[42] + 0.3 * vectors[7])
    stored = {f"f{i}": v for i, v in enumerate(vectors)}

    def exact_vectors(ids: list[str]) -> dict[str, np.ndarray]:
        return {fid: stored[fid] for fid in ids}

    exact = exact_scope.search(query, 10, exact_vectors)
    approximate = quantized.search(query, 10, exact_vectors)
    assert approximate[0] == exact[0] and approximate[0][0] == "f42"
    assert len({f for f, _ in approximate} & {f for f, _ in exact}) >= 8
    assert all(abs(s - float(vectors[int(f[1:])] @ query)) < 1e-5 for f, s in approximate)
    assert sign_words(vectors[:2]).shape == (2, 1)


def test_bfloat16_rows_with_float32_rescoring_answer_exactly_what_float32_rows_would() -> None:
    """The matrix holds bfloat16 (half the memory); the rows that could reach the top are
    rescored from the stored float32 vectors, so ids, order and scores equal a float32 scan."""
    rng = np.random.default_rng(5)
    # Clustered rows (as real embeddings are), so many scores crowd near the cut-off.
    centres = rng.normal(size=(20, 384)).astype(np.float32)
    vectors = (centres[rng.integers(0, 20, 4_000)] + 0.4 * rng.normal(size=(4_000, 384))).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    stored = {f"f{i}": v for i, v in enumerate(vectors)}
    for exact_up_to in (20_000, 1_000):  # every row scored, and the sign-bit shortlist
        scope = ScopeVectors(dim=384, exact_up_to=exact_up_to)
        scope.append((i + 1, f"f{i}", v) for i, v in enumerate(vectors))
        assert scope.matrix.itemsize == 2
        for q in range(25):
            query = unit(vectors[q * 37] + rng.normal(size=384).astype(np.float32))
            rows = np.arange(len(vectors)) if exact_up_to > len(vectors) else np.sort(
                scope._hamming_nearest(query, 500))
            float32 = vectors[rows] @ query
            order = np.lexsort((rows, -float32))[:50]
            expected = [(f"f{rows[i]}", float(float32[i])) for i in order]
            found = scope.search(query, 50, lambda ids: {fid: stored[fid] for fid in ids})
            assert [f for f, _ in found] == [f for f, _ in expected]
            assert np.allclose([s for _, s in found], [s for _, s in expected], atol=1e-6)
            rough = scope.search(query, 50)  # without float32 vectors: bfloat16 scores
            assert all(abs(s - float(stored[f] @ query)) <= BF16_ERROR for f, s in rough)


def test_the_sqlite_stores_vector_search_answers_what_a_float32_scan_of_its_vectors_would(tmp_path: Path) -> None:
    from kronograph import Memory

    rng = np.random.default_rng(9)
    centres = rng.normal(size=(8, 384)).astype(np.float32)
    with Memory(tmp_path / "m.db", embedder=None) as mem:
        results = mem.add_facts([{"subject": f"s{i}", "predicate": "noted", "object": f"o{i}", "user_id": "u1"}
                                 for i in range(1_500)])
        ids = [r.fact.id for r in results if r.fact is not None]
        vectors = (centres[rng.integers(0, 8, len(ids))] + 0.5 * rng.normal(size=(len(ids), 384))).astype(np.float32)
        vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
        store = mem.store
        assert store.put_embeddings(list(zip(ids, vectors)), model="m") == len(ids)
        for q in range(10):
            query = unit(vectors[q] + rng.normal(size=384).astype(np.float32))
            scores = vectors @ query
            order = np.lexsort((np.arange(len(ids)), -scores))[:40]
            found = store.vector_search("u1", query, limit=40, model="m")
            assert [f for f, _ in found] == [ids[i] for i in order]
            assert np.allclose([s for _, s in found], scores[order], atol=1e-6)
        stored = store.embeddings("u1", ids[:5], model="m")
        assert all(np.allclose(stored[fid], vectors[i], atol=1e-6) for i, fid in enumerate(ids[:5]))  # float32, not bfloat16


def test_the_sign_bit_shortlist_keeps_every_row_tied_with_its_last() -> None:
    # 600 copies of one vector (all at the same sign-bit distance) among 3,000 others: a
    # shortlist of 500 must not drop some copies at random, so every copy can be rescored.
    rng = np.random.default_rng(5)
    vectors = rng.normal(size=(3_000, 64)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    vectors[1_000:1_600] = vectors[1_000]
    scope = ScopeVectors(dim=64, exact_up_to=1_000)
    scope.append((i + 1, f"f{i}", v) for i, v in enumerate(vectors))
    rows = scope._hamming_nearest(vectors[1_000], 500)
    assert len(rows) >= 600 and set(range(1_000, 1_600)) <= set(rows.tolist())
    assert np.all(np.diff(rows) > 0)  # ascending, as the block decoder wants
    found = scope.search(vectors[1_000], 600, lambda ids: {fid: vectors[int(fid[1:])] for fid in ids})
    assert {fid for fid, _ in found} == {f"f{i}" for i in range(1_000, 1_600)}
