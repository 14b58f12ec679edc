"""The in-memory per-user vector index: incremental loads, reloads after removals, LRU bounds."""

from __future__ import annotations

import numpy as np

from kronograph.graph.vector_index import ScopeVectors, VectorCache, sign_words, unit


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
    cache = VectorCache(max_bytes=40_000)
    for user in ("u1", "u2", "u3"):
        cache.scope(user, "m", dim=64, last_seq=40, removals=0,
                    load=lambda after: rows(1, [[1.0] * 64] * 40) if after == 0 else [])
    assert cache.nbytes <= 40_000 + 64 * 64 * 4 + 4_000
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
    exact = exact_scope.search(query, 10)
    approximate = quantized.search(query, 10)
    assert approximate[0] == exact[0] and approximate[0][0] == "f42"
    assert len({f for f, _ in approximate} & {f for f, _ in exact}) >= 8
    assert all(abs(s - float(vectors[int(f[1:])] @ query)) < 1e-5 for f, s in approximate)
    assert sign_words(vectors[:2]).shape == (2, 1)
