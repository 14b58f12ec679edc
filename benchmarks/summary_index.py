"""``may_hold_summaries`` (asked by every hard delete) on a user with many plain facts and no
summary, the case that reads the most: builds a store of ``--facts`` facts (half of them the
measured user's) unless the file exists, then prints the median time of one call.

    python benchmarks/summary_index.py /tmp/s.db --facts 200000            # build, then time
    PYTHONPATH=/tmp/k-old python benchmarks/summary_index.py /tmp/s.db     # an older checkout's code on the same file
    (a newer schema migrates the file when it opens it: time the older code first)
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from kronograph import Memory


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("--facts", type=int, default=200_000)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    if not args.path.exists():
        with Memory(args.path, embedder=None) as mem:
            mem.add_facts([{"subject": f"person-{i % 400}", "predicate": "likes", "object": f"value {i}",
                            "user_id": "target" if i % 2 else f"other-{i % 7}"} for i in range(args.facts)])
    with Memory(args.path, embedder=None) as mem:
        store = mem.store
        store.may_hold_summaries("target")
        walls, cpus = [], []
        for _ in range(args.runs):
            wall, cpu = time.perf_counter(), time.process_time()
            for _ in range(10):
                assert store.may_hold_summaries("target") is False
            walls.append((time.perf_counter() - wall) / 10)
            cpus.append((time.process_time() - cpu) / 10)
    print(f"may_hold_summaries: wall {1000 * statistics.median(walls):.3f} ms, CPU {1000 * statistics.median(cpus):.3f} ms "
          f"(medians of {args.runs} x 10 calls)")


if __name__ == "__main__":
    main()
