"""Consolidation on LoCoMo: active memories and evidence recall before and after.

Each conversation is ingested as in ``evals/locomo.py`` (every turn an episode of its speaker,
offline extractor, MiniLM embeddings), then measured twice on the same store: before and
after ``Memory.consolidate`` for both speakers (default ``ConsolidationPolicy``, with the
embedder, so topic groups form too). Measured each time:

- active memories: the speakers' facts that default reads return (``Memory.facts``);
- evidence recall@5/@10 of kronograph's facts and of kronograph+episodes, exactly as in the
  LoCoMo table (a recalled summary points to the turns of all its sources).

The split was fixed before any consolidation rule was written and is never tuned on:
conversations 0-4 are the development split, 5-9 the held-out test split; both are reported.
The goal: at least 30% fewer active memories, R@10 down by no more than 0.01.

    python evals/consolidation.py                    # both splits
    python evals/consolidation.py --split dev --conversations 2

Prints a table and writes JSON to evals/results/consolidation.json. The data is read from
``../shared/data/locomo/locomo10.json`` relative to the repository root and skipped cleanly
when absent.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

from locomo import DATA, KS, episode_turns, evidence_recall, fill, kronograph_turns, turns_of

from kronograph import LifecyclePolicy, Memory, MiniLMEmbedder
from kronograph.policy.consolidation import DEFAULT_CONSOLIDATION

SPLITS = {"dev": range(0, 5), "test": range(5, 10)}


def measure(mem: Memory, sample: dict[str, Any], users: list[str], episode_turn: dict[str, str]) -> dict[str, Any]:
    questions = [q for q in sample["qa"] if q.get("evidence")]
    scores: dict[str, dict[int, list[float]]] = {m: {k: [] for k in KS} for m in ("kronograph", "kronograph+episodes")}
    for qa in questions:
        evidence = [e.strip() for e in qa["evidence"] for e in e.split(";")]
        ours = kronograph_turns(mem, qa["question"], users, episode_turn, max(KS))
        said = episode_turns(mem, qa["question"], users, episode_turn, max(KS) * 2)
        for method, ranked in (("kronograph", ours), ("kronograph+episodes", fill(ours[:3], said))):
            for k in KS:
                scores[method][k].append(evidence_recall(ranked, evidence, k))
    return {"active": sum(len(mem.facts(user_id=u)) for u in users), "scores": scores}


def run_split(samples: list[dict[str, Any]], embedder: MiniLMEmbedder, policy: LifecyclePolicy) -> dict[str, Any]:
    before_scores: dict[str, dict[int, list[float]]] = {}
    after_scores: dict[str, dict[int, list[float]]] = {}
    active_before = active_after = summaries = 0
    with tempfile.TemporaryDirectory() as tmp, \
            Memory(Path(tmp) / "locomo.db", embedder=embedder, lifecycle=policy) as mem:
        for sample in samples:
            turns = turns_of(sample)
            episode_turn: dict[str, str] = {}
            users = []
            for speaker in dict.fromkeys(t["speaker"] for t in turns):
                user = f"{sample['sample_id']}:{speaker}"
                users.append(user)
                mine = [t for t in turns if t["speaker"] == speaker]
                results = mem.add_many([{"content": t["text"], "reference_time": t["time"]} for t in mine],
                                       user_id=user, batch_size=128)
                for turn, result in zip(mine, results, strict=True):
                    if result.episode_id:
                        episode_turn[result.episode_id] = turn["dia_id"]
                mem.embed_pending(user_id=user)
            last = max(t["time"] for t in turns)
            before = measure(mem, sample, users, episode_turn)
            for user in users:
                summaries += len(mem.consolidate(user_id=user, now=last))
                mem.embed_pending(user_id=user)
            after = measure(mem, sample, users, episode_turn)
            active_before += before["active"]
            active_after += after["active"]
            for into, got in ((before_scores, before["scores"]), (after_scores, after["scores"])):
                for method, by_k in got.items():
                    for k, values in by_k.items():
                        into.setdefault(method, {}).setdefault(k, []).extend(values)
            print(f"{sample['sample_id']}: active {before['active']} -> {after['active']}", file=sys.stderr)

    def table(scores: dict[str, dict[int, list[float]]]) -> dict[str, dict[str, float]]:
        return {m: {f"R@{k}": statistics.fmean(v) for k, v in by_k.items()} for m, by_k in scores.items()}

    return {"conversations": len(samples), "questions": len(before_scores["kronograph"][10]),
            "summaries": summaries, "active_before": active_before, "active_after": active_after,
            "active_cut": 1 - active_after / active_before if active_before else 0.0,
            "before": table(before_scores), "after": table(after_scores)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--split", choices=[*SPLITS, "both"], default="both")
    parser.add_argument("--conversations", type=int, default=5, help="per split")
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--min-group-size", type=int, default=DEFAULT_CONSOLIDATION.min_group_size)
    parser.add_argument("--max-group-size", type=int, default=DEFAULT_CONSOLIDATION.max_group_size)
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "results" / "consolidation.json")
    args = parser.parse_args(argv)
    if not args.data.exists():
        print(f"skipped: {args.data} not found (LoCoMo is read from ../shared/data)", file=sys.stderr)
        return 0
    samples = json.loads(args.data.read_text())
    embedder = MiniLMEmbedder()
    policy = LifecyclePolicy(consolidation=DEFAULT_CONSOLIDATION.model_copy(
        update={"min_group_size": args.min_group_size, "max_group_size": args.max_group_size}))
    result: dict[str, Any] = {"min_group_size": args.min_group_size, "max_group_size": args.max_group_size}
    for name in (SPLITS if args.split == "both" else [args.split]):
        chosen = [samples[i] for i in SPLITS[name]][: args.conversations]
        result[name] = run_split(chosen, embedder, policy)
    print(f"{'split':<6}{'active':>16}{'cut':>7}   {'kronograph R@10':>22}   {'+episodes R@10':>22}")
    for name in (SPLITS if args.split == "both" else [args.split]):
        r = result[name]
        k_b, k_a = r["before"]["kronograph"]["R@10"], r["after"]["kronograph"]["R@10"]
        e_b, e_a = r["before"]["kronograph+episodes"]["R@10"], r["after"]["kronograph+episodes"]["R@10"]
        print(f"{name:<6}{r['active_before']:>8} -> {r['active_after']:<5}{r['active_cut']:>7.1%}   "
              f"{k_b:>8.3f} -> {k_a:.3f} ({k_a - k_b:+.3f})   {e_b:>8.3f} -> {e_a:.3f} ({e_a - e_b:+.3f})")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
