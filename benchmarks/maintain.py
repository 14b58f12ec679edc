"""Benchmark ``Memory.maintain()`` with consolidation over one user's 100k facts, offline.

The store holds ``--facts`` facts of one user: ``--subjects`` subjects, each with a few
multi-valued relations (so most relations gather enough values to be consolidated) and a share
of single-valued slots with successive values (history that consolidation must leave alone),
loaded with ``Memory.add_facts``. Each round builds a fresh store and times ``maintain()``
on copies of it: with consolidation (the default) and without (the lifecycle steps alone),
and, with ``--baseline TREE``, with consolidation by another build (a source tree of
kronograph, e.g. ``git archive <commit> | tar -x -C /tmp/old``). Each timing runs in its own
process, the builds alternating, so they see the same machine load in turn; wall and CPU
seconds are both recorded (on a shared machine the CPU time says more). No embedder: offline,
only same-relation groups form.

    python benchmarks/maintain.py                       # 100k facts, 3 rounds
    python benchmarks/maintain.py --facts 20000 --rounds 1
    python benchmarks/maintain.py --baseline /tmp/old   # and the ratio against an older build

Prints a table and writes JSON to benchmarks/results/maintain.json.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from kronograph import Memory

START = datetime(2024, 1, 1, tzinfo=UTC)
NOW = datetime(2026, 6, 1, tzinfo=UTC)
RELATIONS = ("asks_about", "uses", "reads_about", "visited")


def items(facts: int, subjects: int) -> Iterator[dict[str, Any]]:
    """Facts of one user: 80% values of multi-valued relations, 20% successive single values."""
    for i in range(facts):
        subject = f"project-{i % subjects}"
        when = START + timedelta(minutes=i)
        if i % 5 == 4:
            yield {"subject": subject, "predicate": "current_owner", "object": f"owner-{i}", "user_id": "u1",
                   "valid_from": when}
        else:
            relation = RELATIONS[(i // subjects) % len(RELATIONS)]
            yield {"subject": subject, "predicate": relation, "object": f"{relation}-item-{i}", "user_id": "u1",
                   "valid_from": when}


_TIMED = r"""
import json, sys, time
from datetime import UTC, datetime
sys.path.insert(0, sys.argv[1])
from kronograph import LifecyclePolicy, Memory
from kronograph.policy.consolidation import ConsolidationPolicy
now = datetime(2026, 6, 1, tzinfo=UTC)
policy = LifecyclePolicy(consolidation=ConsolidationPolicy(enabled=sys.argv[3] == "1"))
with Memory(sys.argv[2], embedder=None, lifecycle=policy, clock=lambda: now) as mem:
    before = len(mem.facts(user_id="u1"))
    wall, cpu = time.perf_counter(), time.process_time()
    report = mem.maintain()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    after = len(mem.facts(user_id="u1"))
print(json.dumps({"wall_s": wall, "cpu_s": cpu, "summaries": len(report.summaries),
                  "consolidated": len(report.consolidated), "active_before": before, "active_after": after}))
"""


def timed_maintain(tree: Path, path: Path, consolidate: bool) -> dict[str, Any]:
    """``maintain()`` on ``path`` by the build in ``tree``, in a process of its own."""
    done = subprocess.run([sys.executable, "-c", _TIMED, str(tree), str(path), "1" if consolidate else "0"],
                          env={**os.environ, "PYTHONPATH": str(tree)}, capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--facts", type=int, default=100_000)
    parser.add_argument("--subjects", type=int, default=2_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--baseline", type=Path, help="Another build's source tree, timed with consolidation.")
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "results" / "maintain.json")
    args = parser.parse_args(argv)
    here = Path(__file__).resolve().parents[1]
    runs: dict[str, list[dict[str, Any]]] = {"maintain": [], "without_consolidation": []}
    builds = [("maintain", here, True), ("without_consolidation", here, False)]
    if args.baseline is not None:
        runs["baseline"] = []
        builds.append(("baseline", args.baseline.resolve(), True))
    with tempfile.TemporaryDirectory() as tmp:
        for number in range(args.rounds):
            base = Path(tmp) / "base.db"
            for suffix in ("", "-wal", "-shm"):
                Path(f"{base}{suffix}").unlink(missing_ok=True)
            with Memory(base, embedder=None, clock=lambda: NOW) as mem:
                mem.add_facts(items(args.facts, args.subjects))
            for name, tree, consolidate in builds[number % len(builds):] + builds[:number % len(builds)]:
                copy = Path(tmp) / f"copy-{name}.db"
                shutil.copy(base, copy)
                found = timed_maintain(tree, copy, consolidate)
                runs[name].append(found)
                print(f"round {number + 1} {name}: {found['wall_s']:.1f} s wall, {found['cpu_s']:.1f} s CPU",
                      file=sys.stderr)
                for suffix in ("", "-wal", "-shm"):
                    Path(f"{copy}{suffix}").unlink(missing_ok=True)

    def median(name: str, key: str) -> float:
        return statistics.median(r[key] for r in runs[name])

    counts = {k: runs["maintain"][-1][k] for k in ("summaries", "consolidated", "active_before", "active_after")}
    result: dict[str, Any] = {
        "facts": args.facts, "subjects": args.subjects, "rounds": args.rounds, "load": os.getloadavg()[0],
        "maintain_s_median": median("maintain", "wall_s"), "maintain_cpu_s_median": median("maintain", "cpu_s"),
        "without_consolidation_s_median": median("without_consolidation", "wall_s"),
        "without_consolidation_cpu_s_median": median("without_consolidation", "cpu_s"),
        "runs": runs, **counts,
    }
    print(f"{'facts':>8} {'build':<24} {'wall s (median)':>16} {'CPU s (median)':>15}")
    for name in runs:
        print(f"{args.facts:>8} {name:<24} {median(name, 'wall_s'):>16.2f} {median(name, 'cpu_s'):>15.2f}")
    if args.baseline is not None:
        result["baseline"] = str(args.baseline)
        result["baseline_s_median"] = median("baseline", "wall_s")
        result["baseline_cpu_s_median"] = median("baseline", "cpu_s")
        # per-round ratios: each pair saw the same load
        result["speedup_wall_median"] = statistics.median(
            b["wall_s"] / m["wall_s"] for b, m in zip(runs["baseline"], runs["maintain"], strict=True))
        result["speedup_cpu_median"] = statistics.median(
            b["cpu_s"] / m["cpu_s"] for b, m in zip(runs["baseline"], runs["maintain"], strict=True))
        print(f"speed-up against the baseline (median of per-round ratios): {result['speedup_wall_median']:.2f}x "
              f"wall, {result['speedup_cpu_median']:.2f}x CPU")
    print(f"summaries {counts['summaries']}, active {counts['active_before']} -> {counts['active_after']}; "
          f"medians of {args.rounds} rounds; load average {result['load']:.1f} at the end")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
