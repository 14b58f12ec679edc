"""all-MiniLM-L6-v2 on ONNX Runtime: the same vectors as sentence-transformers (within
~1e-6), about three times faster for one short query on one CPU thread (PyTorch spends most
of a single-query forward pass in per-operator overhead).

The ONNX graph is exported once from the packaged PyTorch weights and cached on disk
(``$KRONOGRAPH_CACHE_DIR``, else ``~/.cache/kronograph``); later processes load the cached
graph and the tokenizer alone, without importing torch (until a call embeds many texts on a CPU
with native bfloat16, :mod:`.minilm_bf16`). Where the cache cannot be written the graph is
exported into memory each time instead.

Variants other than ``float32`` are built from that graph by ONNX Runtime's own quantizer
(dynamic int8, per-channel weights) and cached beside it; their vectors differ from float32's,
so they name their own vector space (:class:`~kronograph.queries.embedding.MiniLMEmbedder`).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import tempfile
import threading
import warnings
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

from .embedding import unit_rows
from .minilm_bf16 import BULK_PRECISIONS, Bf16MiniLM, native_bf16

DIMENSIONS = 384
_INPUTS = ("input_ids", "attention_mask", "token_type_ids")
#: Graph variants: which weight MatMuls are quantised to int8 (None: the float32 graph itself).
#: "int8": all 36 (Q, K, V, attention output, both feed-forward); "int8-ffn": the 12
#: feed-forward ones (2/3 of the FLOPs). Figures in docs/benchmarks.md.
VARIANTS: dict[str, str | None] = {"float32": None, "int8": "all", "int8-ffn": "ffn"}
#: From this many texts on, a call may run in bfloat16 (:mod:`.minilm_bf16`): below it PyTorch's
#: per-operator overhead outweighs the faster products, and single queries stay here.
BULK_MIN_TEXTS = 64
#: Texts per bfloat16 batch: larger than float32's 16, since the matrix units want long rows
#: (measured in docs/benchmarks.md).
BF16_BATCH = 64


def cache_dir() -> Path:
    """Where exported graphs live: ``$KRONOGRAPH_CACHE_DIR`` or ``~/.cache/kronograph``."""
    configured = os.environ.get("KRONOGRAPH_CACHE_DIR")
    return Path(configured) if configured else Path.home() / ".cache" / "kronograph"


def graph_path(model_dir: Path, directory: Path) -> Path:
    """The cached graph's file, named after the weights it was exported from (their size and
    modification time), so new weights never reuse an old graph."""
    weights = (model_dir / "model.safetensors").stat()
    return directory / f"all-MiniLM-L6-v2-{weights.st_size}-{weights.st_mtime_ns}.onnx"


def export_graph(model_dir: Path, target: Path) -> None:
    """Export the transformer (token embeddings out, pooling stays in numpy) to an ONNX file.
    Needs torch, sentence-transformers and onnx; takes a few seconds."""
    import torch
    from sentence_transformers import SentenceTransformer

    module: Any = SentenceTransformer(str(model_dir), device="cpu")[0]
    transformer = module.auto_model.eval()

    class TokenEmbeddings(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.transformer = transformer

        def forward(self, input_ids: Any, attention_mask: Any, token_type_ids: Any) -> Any:
            return self.transformer(input_ids=input_ids, attention_mask=attention_mask,
                                    token_type_ids=token_type_ids).last_hidden_state

    example = torch.ones((1, 4), dtype=torch.int64)
    with warnings.catch_warnings(), torch.inference_mode():
        warnings.simplefilter("ignore")
        torch.onnx.export(TokenEmbeddings(), (example, example, torch.zeros_like(example)), str(target),
                          input_names=list(_INPUTS), output_names=["token_embeddings"],
                          dynamic_axes={name: {0: "batch", 1: "tokens"} for name in (*_INPUTS, "token_embeddings")},
                          dynamo=False, opset_version=17)


def cached_graph(model_dir: Path, directory: Path) -> bytes | Path:
    """The cached graph's path, exporting it first when missing; the bytes themselves when
    the cache directory cannot be written."""
    path = graph_path(model_dir, directory)
    if path.exists():
        return path
    try:
        directory.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=directory) as scratch:
            part = Path(scratch) / path.name
            export_graph(model_dir, part)
            os.replace(part, path)  # atomic: a concurrent loader sees all of it or nothing
        return path
    except OSError:  # a read-only or full cache directory
        with tempfile.TemporaryDirectory() as scratch:
            part = Path(scratch) / path.name
            export_graph(model_dir, part)
            return part.read_bytes()


def _weight_matmuls(graph: Path, which: str) -> list[str]:
    """Names of the MatMul nodes whose second input is a stored weight, all or the FFN's."""
    import onnx

    model = onnx.load(str(graph), load_external_data=False)
    weights = {init.name for init in model.graph.initializer}
    names = [node.name for node in model.graph.node if node.op_type == "MatMul" and node.input[1] in weights]
    if which == "ffn":
        names = [n for n in names if "/attention/" not in n]
    return names


def quantise_graph(source: Path, target: Path, variant: str) -> None:
    """Dynamic int8 quantisation of ``source``'s weight MatMuls (per-channel signed weights,
    activations quantised per batch at run time) into ``target``."""
    from onnxruntime.quantization import QuantType, quantize_dynamic

    which = VARIANTS[variant]
    if which is None:
        raise ValueError(f"{variant!r} is not a quantised variant")
    previous = logging.root.manager.disable
    logging.disable(logging.WARNING)  # the quantizer logs advice on the root logger (CLI stderr)
    try:
        quantize_dynamic(str(source), str(target), op_types_to_quantize=["MatMul"],
                         nodes_to_quantize=_weight_matmuls(source, which), per_channel=True,
                         weight_type=QuantType.QInt8)
    finally:
        logging.disable(previous)


def variant_graph(model_dir: Path, directory: Path, variant: str) -> bytes | Path:
    """The graph of ``variant``: the float32 graph, or its quantised copy cached beside it
    (built on first use, a few seconds; in memory when the cache cannot be written)."""
    source = cached_graph(model_dir, directory)
    if VARIANTS[variant] is None:
        return source
    if isinstance(source, Path):
        path = source.with_name(f"{source.stem}-{variant}.onnx")
        if path.exists():
            return path
        try:
            with tempfile.TemporaryDirectory(dir=directory) as scratch:
                part = Path(scratch) / path.name
                quantise_graph(source, part, variant)
                os.replace(part, path)
            return path
        except OSError:
            pass
    with tempfile.TemporaryDirectory() as scratch:
        float_graph = Path(scratch) / "float32.onnx"
        if isinstance(source, Path):
            float_graph.write_bytes(source.read_bytes())
        else:
            float_graph.write_bytes(source)
        part = Path(scratch) / f"{variant}.onnx"
        quantise_graph(float_graph, part, variant)
        return part.read_bytes()


class OnnxMiniLM:
    """Tokenizer (the model's ``tokenizer.json``) + ONNX Runtime session + mean pooling."""

    def __init__(self, model_dir: Path, *, threads: int | None = 1, workers: int | None = None,
                 directory: Path | None = None, variant: str = "float32", bulk: str = "float32") -> None:
        import onnxruntime
        from tokenizers import Tokenizer

        if bulk not in BULK_PRECISIONS:
            raise ValueError(f"bulk precision {bulk!r} is not one of {', '.join(BULK_PRECISIONS)}")

        config = json.loads((model_dir / "sentence_bert_config.json").read_text())
        self.tokenizer = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
        self.tokenizer.enable_truncation(max_length=int(config.get("max_seq_length", 256)))
        self.tokenizer.no_padding()  # tokenizer.json pads to 128; batches are padded here instead
        options = onnxruntime.SessionOptions()
        if threads is not None:
            options.intra_op_num_threads = threads
            options.inter_op_num_threads = 1
        graph = variant_graph(model_dir, directory or cache_dir(), variant)
        self.session = onnxruntime.InferenceSession(
            str(graph) if isinstance(graph, Path) else graph, options, providers=["CPUExecutionProvider"])
        # Batches run side by side on this many threads (ONNX Runtime releases the GIL): with
        # one intra-op thread per run, two cores embed twice as fast and a single query
        # still runs on its caller's thread alone.
        self.workers = max(1, workers if workers is not None else min(os.cpu_count() or 1, 4))
        self._pool: ThreadPoolExecutor | None = None
        self._pool_lock = threading.Lock()
        self.model_dir = model_dir
        # Many texts of the float32 space go through the transformer in bfloat16 where the CPU
        # multiplies it natively (see :mod:`.minilm_bf16`); quantised variants have their own
        # space and never do.
        if variant != "float32" or (bulk == "auto" and not native_bf16()):
            bulk = "float32"
        self.bulk = "bf16" if bulk == "auto" else bulk
        self._bf16: Bf16MiniLM | None = None
        self._bf16_lock = threading.Lock()  # its load takes seconds: float32 calls must not wait on it

    def _bf16_runner(self) -> Bf16MiniLM | None:
        """The bfloat16 transformer, loaded on the first bulk call; None where PyTorch or
        transformers is missing or the weights cannot be loaded (bulk calls then stay float32)."""
        with self._bf16_lock:
            if self._bf16 is None and self.bulk == "bf16":
                try:
                    self._bf16 = Bf16MiniLM(self.model_dir)
                except Exception as exc:  # missing packages, version skew, damaged weights: stay float32
                    warnings.warn(f"bfloat16 MiniLM unavailable ({exc}); embedding in float32", stacklevel=3)
                    self.bulk = "float32"
            return self._bf16

    def embed(self, texts: Sequence[str], *, batch_size: int = 64) -> np.ndarray:
        """Unit float32 rows, one per text. Texts are tokenized once and batched by token
        count, so a batch is padded only to its own longest text (a few tokens at most).
        :data:`BULK_MIN_TEXTS` or more run in bfloat16 where :attr:`bulk` says so."""
        out = np.zeros((len(texts), DIMENSIONS), dtype=np.float32)
        if not texts:
            return out
        bf16 = self._bf16_runner() if len(texts) >= BULK_MIN_TEXTS else None
        forward = bf16.token_embeddings if bf16 is not None else self._onnx_token_embeddings
        if bf16 is not None:
            batch_size = BF16_BATCH
        encodings = self.tokenizer.encode_batch(list(texts))
        lengths = np.fromiter((len(e.ids) for e in encodings), dtype=np.int64, count=len(encodings))
        order = np.argsort(lengths, kind="stable")
        batches = [order[start:start + batch_size] for start in range(0, len(order), batch_size)]

        def run(rows: np.ndarray) -> None:
            out[rows] = self._embed_batch([encodings[i] for i in rows], int(lengths[rows[-1]]), forward)

        with bf16.threads_restored() if bf16 is not None else contextlib.nullcontext():
            if len(batches) == 1 or self.workers == 1:
                for rows in batches:
                    run(rows)
            else:
                list(self._executor().map(run, batches))
        return out

    def _onnx_token_embeddings(self, ids: np.ndarray, mask: np.ndarray, types: np.ndarray) -> np.ndarray:
        return self.session.run(None, {"input_ids": ids, "attention_mask": mask, "token_type_ids": types})[0]

    def _executor(self) -> ThreadPoolExecutor:
        with self._pool_lock:
            if self._pool is None:
                self._pool = ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix="kronograph-embedding")
            return self._pool

    def _embed_batch(self, encodings: list[Any], longest: int,
                     forward: Callable[[np.ndarray, np.ndarray, np.ndarray], np.ndarray]) -> np.ndarray:
        ids = np.zeros((len(encodings), longest), dtype=np.int64)  # padding: id 0, mask 0, type 0
        mask = np.zeros_like(ids)
        types = np.zeros_like(ids)
        for row, encoding in enumerate(encodings):
            size = len(encoding.ids)
            ids[row, :size] = encoding.ids
            mask[row, :size] = 1
            types[row, :size] = encoding.type_ids
        tokens = forward(ids, mask, types)
        weights = mask[..., None].astype(np.float32)
        return unit_rows((tokens * weights).sum(axis=1) / np.maximum(weights.sum(axis=1), 1e-9))
