"""Consolidation on LoCoMo: active memories and evidence recall before and after.

Each conversation is ingested exactly as in ``evals/locomo.py`` (its ``Conversation``: every
turn an episode of one memory per conversation, offline extractor, MiniLM embeddings), then
measured twice on the same store: before and after ``Memory.consolidate`` (default
``ConsolidationPolicy``, with the embedder, so topic groups form too). Measured each time:

- active memories: the facts that default reads return (``Memory.facts``);
- evidence recall@5/@10 of the LoCoMo table's methods that read facts, exactly as there:
  ``recall`` (facts only: each fact's source turns; a summary's are its evidence for the
  question), ``recall+episodes`` and, with ``--search``, ``search`` (facts and episodes in one
  ranking).

The split was fixed before any consolidation rule was written: conversations 0-4 are the
development split (rules and sizes are chosen there), 5-9 the held-out test split, never tuned
on; both are reported. The goal: at least 30% fewer active memories, R@10 down by no more
than 0.01.

    python evals/consolidation.py                    # both splits
    python evals/consolidation.py --split dev --conversations 2
    python evals/consolidation.py --workdir /tmp/consolidation   # keep the ingested stores, reuse them

Prints a table and writes JSON to evals/results/consolidation.json. The data is read from
``../shared/data/locomo/locomo10.json`` relative to the repository root and skipped cleanly
when absent.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

from locomo import DATA, EVAL_RECALL, KS, Conversation, evidence_of, evidence_recall, methods_for, turns_of

from kronograph import LifecyclePolicy, Memory, MiniLMEmbedder, Status
from kronograph.policy.consolidation import DEFAULT_CONSOLIDATION

SPLITS = {"dev": range(0, 5), "test": range(5, 10)}
MEASURED = ["recall", "recall+episodes"]  # --search adds "search"


def measure(mem: Memory, conv: Conversation) -> dict[str, Any]:
    methods = {name: method for name, method in methods_for(mem, conv, EVAL_RECALL).items() if name in MEASURED}
    scores: dict[str, dict[int, list[float]]] = {m: {k: [] for k in KS} for m in MEASURED}
    for qa, vector in zip(conv.questions, conv.question_vectors, strict=True):
        evidence = evidence_of(qa)
        for name, method in methods.items():
            ranked = method(qa["question"], vector, max(KS))
            for k in KS:
                scores[name][k].append(evidence_recall(ranked, evidence, k))
    active = mem.facts(user_id=conv.user)
    return {"active": len(active), "summaries": sum(f.is_summary for f in active), "scores": scores}


def store_of(sample: dict[str, Any], embedder: MiniLMEmbedder, workdir: Path, tmp: Path,
             policy: LifecyclePolicy) -> tuple[Memory, Conversation]:
    """A copy of the conversation's ingested store (ingested into ``workdir`` on first use)."""
    kept, saved = workdir / f"{sample['sample_id']}.db", workdir / f"{sample['sample_id']}.json"
    if not saved.exists():
        with Memory(kept, embedder=embedder) as mem:
            Conversation(mem, sample, embedder, saved=saved)
    copy = tmp / kept.name
    for suffix in ("", "-wal"):  # a store closed by another process may still have its log
        if Path(f"{kept}{suffix}").exists():
            shutil.copy(f"{kept}{suffix}", f"{copy}{suffix}")
    mem = Memory(copy, embedder=embedder, lifecycle=policy)
    return mem, Conversation(mem, sample, embedder, saved=saved)


def run_split(samples: list[dict[str, Any]], embedder: MiniLMEmbedder, policy: LifecyclePolicy,
              workdir: Path) -> dict[str, Any]:
    before_scores: dict[str, dict[int, list[float]]] = {m: {k: [] for k in KS} for m in MEASURED}
    after_scores: dict[str, dict[int, list[float]]] = {m: {k: [] for k in KS} for m in MEASURED}
    active_before = active_after = summaries = archived = 0
    with tempfile.TemporaryDirectory() as tmp:
        for sample in samples:
            mem, conv = store_of(sample, embedder, workdir, Path(tmp), policy)
            with mem:
                last = max(t["time"] for t in turns_of(sample))
                before = measure(mem, conv)
                made = mem.consolidate(user_id=conv.user, now=last)
                summaries += len(made)
                mem.embed_pending(user_id=conv.user)
                after = measure(mem, conv)
                archived += sum(f.status is Status.archived for f in mem.facts(user_id=conv.user, include_archived=True))
            active_before += before["active"]
            active_after += after["active"]
            for into, got in ((before_scores, before["scores"]), (after_scores, after["scores"])):
                for method, by_k in got.items():
                    for k, values in by_k.items():
                        into[method][k].extend(values)
            print(f"{sample['sample_id']}: active {before['active']} -> {after['active']} "
                  f"({len(made)} summaries)", file=sys.stderr)

    def table(scores: dict[str, dict[int, list[float]]]) -> dict[str, dict[str, float]]:
        return {m: {f"R@{k}": statistics.fmean(v) for k, v in by_k.items()} for m, by_k in scores.items()}

    return {"conversations": len(samples), "questions": len(before_scores["recall"][10]),
            "summaries": summaries, "archived": archived, "active_before": active_before, "active_after": active_after,
            "active_cut": 1 - active_after / active_before if active_before else 0.0,
            "before": table(before_scores), "after": table(after_scores)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--split", choices=[*SPLITS, "both"], default="both")
    parser.add_argument("--conversations", type=int, default=5, help="per split")
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--min-group-size", type=int, default=DEFAULT_CONSOLIDATION.min_group_size)
    parser.add_argument("--max-group-size", type=int, default=DEFAULT_CONSOLIDATION.max_group_size)
    parser.add_argument("--search", action="store_true", help="measure search too (slower)")
    parser.add_argument("--workdir", type=Path, default=None,
                        help="keep each conversation's ingested store here and reuse it (default: a temp dir)")
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "results" / "consolidation.json")
    args = parser.parse_args(argv)
    if not args.data.exists():
        print(f"skipped: {args.data} not found (LoCoMo is read from ../shared/data)", file=sys.stderr)
        return 0
    if args.search:
        MEASURED.append("search")
    samples = json.loads(args.data.read_text())
    embedder = MiniLMEmbedder()
    policy = LifecyclePolicy(consolidation=DEFAULT_CONSOLIDATION.model_copy(
        update={"min_group_size": args.min_group_size, "max_group_size": args.max_group_size}))
    result: dict[str, Any] = {"min_group_size": args.min_group_size, "max_group_size": args.max_group_size}
    with tempfile.TemporaryDirectory() as scratch:
        workdir = args.workdir or Path(scratch)
        workdir.mkdir(parents=True, exist_ok=True)
        for name in (SPLITS if args.split == "both" else [args.split]):
            chosen = [samples[i] for i in SPLITS[name]][: args.conversations]
            result[name] = run_split(chosen, embedder, policy, workdir)
    print(f"{'split':<6}{'active':>16}{'cut':>7}" + "".join(f"   {m + ' R@10':>26}" for m in MEASURED))
    for name in (SPLITS if args.split == "both" else [args.split]):
        r = result[name]
        cells = []
        for method in MEASURED:
            b, a = r["before"][method]["R@10"], r["after"][method]["R@10"]
            cells.append(f"{b:>10.3f} -> {a:.3f} ({a - b:+.3f})")
        print(f"{name:<6}{r['active_before']:>8} -> {r['active_after']:<5}{r['active_cut']:>7.1%}"
              + "".join(f"   {c:>26}" for c in cells))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
