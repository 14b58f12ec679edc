"""all-MiniLM-L6-v2's transformer in bfloat16, for many texts at once on CPUs whose matrix
units multiply bfloat16 natively (Intel AMX): about twice the texts per CPU second of the
float32 ONNX graph, with vectors within 1e-4 cosine of float32's (int8 moves them by up to 0.03).

Why bfloat16 and not int8: bfloat16 keeps float32's exponent, so a product keeps its scale
and loses only mantissa bits, where dynamic int8 scales a whole batch's activations at once.
The matrix products (Linear layers, attention) run in bfloat16 and accumulate in float32;
residual sums, LayerNorm and the mean pooling stay float32 (``torch.autocast``). The vectors
stay in float32's space (same model name), so stores mix them with float32 ones and need no
re-embedding; rankings were measured equal (docs/benchmarks.md). Single queries and small
calls stay on ONNX Runtime float32 (PyTorch's per-operator overhead makes a short call slower).
A vector depends very slightly on its batchmates (cosine 0.99999 between batchings).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np

#: The bulk precisions :class:`~kronograph.queries.onnx_minilm.OnnxMiniLM` accepts: ``auto``
#: (bfloat16 where the CPU multiplies it natively and PyTorch is installed), ``bf16``
#: (always, even where it is emulated and slow), ``float32`` (never).
BULK_PRECISIONS = ("auto", "bf16", "float32")


def native_bf16(cpuinfo: Path = Path("/proc/cpuinfo")) -> bool:
    """True when the CPU has AMX bfloat16 tiles (the only kind measured to be faster here)."""
    try:
        text = cpuinfo.read_text()
    except OSError:
        return False
    for line in text.splitlines():
        if line.startswith("flags"):
            return "amx_bf16" in line.split()
    return False


class Bf16MiniLM:
    """The PyTorch transformer with its Linear weights in bfloat16, run under CPU autocast;
    :meth:`token_embeddings` is a drop-in for the ONNX session's run (float32 out)."""

    def __init__(self, model_dir: Path) -> None:
        import torch
        from transformers import AutoModel
        from transformers.utils import logging as hf_logging

        hf_logging.disable_progress_bar()
        previous = hf_logging.get_verbosity()
        hf_logging.set_verbosity_error()
        try:
            model: Any = AutoModel.from_pretrained(str(model_dir), local_files_only=True)  # never a hub
        finally:
            hf_logging.set_verbosity(previous)
        model.eval()
        # Weights cast once (autocast would cast them again for every batch); LayerNorm and
        # embedding tables stay float32.
        for module in model.modules():
            if isinstance(module, torch.nn.Linear):
                module.to(torch.bfloat16)
        self._torch = torch
        self._model = model

    @contextmanager
    def threads_restored(self) -> Iterator[None]:
        """One intra-op thread for a bulk run (its batches run side by side on the caller's worker
        threads), then the caller's count back: PyTorch's thread count is process-wide."""
        previous = self._torch.get_num_threads()
        self._torch.set_num_threads(1)
        try:
            yield
        finally:
            self._torch.set_num_threads(previous)

    def token_embeddings(self, ids: np.ndarray, mask: np.ndarray, types: np.ndarray) -> np.ndarray:
        """Last hidden states, float32 (batch, tokens, 384), inside :meth:`threads_restored`."""
        torch = self._torch
        with torch.inference_mode(), torch.autocast("cpu", dtype=torch.bfloat16):
            out = self._model(input_ids=torch.from_numpy(ids), attention_mask=torch.from_numpy(mask),
                              token_type_ids=torch.from_numpy(types)).last_hidden_state
        return out.float().numpy()
