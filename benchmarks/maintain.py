"""Benchmark ``Memory.maintain()`` with consolidation over one user's 100k facts, offline.

The store holds ``--facts`` facts of one user: ``--subjects`` subjects, each with a few
multi-valued relations (so most relations gather enough values to be consolidated) and a share
of single-valued slots with successive values (history that consolidation must leave alone),
loaded with ``Memory.add_facts``. Each round builds a fresh store and times ``maintain()``
twice on copies of it: with consolidation (the default) and without (the lifecycle steps
alone), so the ratio is measured on the same machine at the same moment. No embedder: offline,
only same-relation groups form.

    python benchmarks/maintain.py                       # 100k facts, 3 rounds
    python benchmarks/maintain.py --facts 20000 --rounds 1

Prints a table and writes JSON to benchmarks/results/maintain.json.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from kronograph import LifecyclePolicy, Memory
from kronograph.policy.consolidation import ConsolidationPolicy

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


def timed_maintain(path: Path, consolidate: bool) -> tuple[float, dict[str, int]]:
    policy = LifecyclePolicy(consolidation=ConsolidationPolicy(enabled=consolidate))
    with Memory(path, embedder=None, lifecycle=policy, clock=lambda: NOW) as mem:
        active_before = len(mem.facts(user_id="u1"))
        started = time.perf_counter()
        report = mem.maintain()
        elapsed = time.perf_counter() - started
        active_after = len(mem.facts(user_id="u1"))
    return elapsed, {"summaries": len(report.summaries), "consolidated": len(report.consolidated),
                     "active_before": active_before, "active_after": active_after}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--facts", type=int, default=100_000)
    parser.add_argument("--subjects", type=int, default=2_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "results" / "maintain.json")
    args = parser.parse_args(argv)
    with_runs: list[float] = []
    without_runs: list[float] = []
    counts: dict[str, int] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(args.rounds):
            base = Path(tmp) / "base.db"
            for suffix in ("", "-wal", "-shm"):
                Path(f"{base}{suffix}").unlink(missing_ok=True)
            with Memory(base, embedder=None, clock=lambda: NOW) as mem:
                mem.add_facts(items(args.facts, args.subjects))
            for consolidate, runs in ((True, with_runs), (False, without_runs)):
                copy = Path(tmp) / f"copy-{consolidate}.db"
                shutil.copy(base, copy)
                elapsed, found = timed_maintain(copy, consolidate)
                runs.append(elapsed)
                if consolidate:
                    counts = found
                os.remove(copy)
    result = {
        "facts": args.facts, "subjects": args.subjects, "rounds": args.rounds, "load": os.getloadavg()[0],
        "maintain_s_median": statistics.median(with_runs), "maintain_s_runs": with_runs,
        "without_consolidation_s_median": statistics.median(without_runs),
        "without_consolidation_s_runs": without_runs, **counts,
    }
    print(f"{'facts':>8} {'maintain (s)':>13} {'no consolidation (s)':>21} {'summaries':>10} "
          f"{'active before':>14} {'after':>7}")
    print(f"{args.facts:>8} {result['maintain_s_median']:>13.2f} {result['without_consolidation_s_median']:>21.2f} "
          f"{counts.get('summaries', 0):>10} {counts.get('active_before', 0):>14} {counts.get('active_after', 0):>7}")
    print(f"medians of {args.rounds} rounds; load average {result['load']:.1f}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
