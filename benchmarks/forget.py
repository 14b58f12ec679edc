"""Benchmark hard deletes (issue 11): what ``forget(hard=True)`` costs when the deleted text must
have left every file of the store by the time it returns.

Builds one store of ``--facts`` facts (default 100k: 50 users; the measured user holds slots of
1, 100 and 10,000 records besides ordinary facts, and 2,000 episodes that mention them), then,
on a fresh copy of that file for every run, times

- ``forget(user_id, predicate=..., hard=True)`` for 1, 100 and 10,000 facts: delete every row,
  link, index entry and episode mention, commit, checkpoint and truncate the WAL;
- the same ``forget`` without ``hard`` (archive: one new version per fact), as the baseline
  measured in the same run on the same copy.

    python benchmarks/forget.py                  # 100k facts, 3 runs
    python benchmarks/forget.py --facts 20000 --runs 2

Prints a table (medians) and writes JSON to benchmarks/results/forget.json.
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
from datetime import UTC, datetime, timedelta
from pathlib import Path

from kronograph import Memory
from kronograph.model import Episode, new_id

SLOTS = {1: "bench_one", 100: "bench_hundred", 10_000: "bench_ten_thousand"}
TARGET = "user-target"
EPISODES = 2_000
START = datetime(2020, 1, 1, tzinfo=UTC)


def build(path: Path, total: int) -> None:
    """The base store: the measured user's slots, then ordinary facts spread over 50 users."""
    with Memory(path, embedder=None) as mem:
        items = [{"subject": "user", "predicate": predicate, "object": f"{predicate} marker {i}",
                  "user_id": TARGET, "valid_from": START + timedelta(minutes=i)}
                 for size, predicate in SLOTS.items() for i in range(size)]
        rest = total - len(items)
        items += [{"subject": f"person-{i % 40}", "predicate": "likes", "object": f"ordinary value {i}",
                   "user_id": f"user-{i % 50:02d}" if i % 5 else TARGET} for i in range(max(rest, 0))]
        mem.add_facts(items)
        facts = {p: [f.id for f in mem.history(user_id=TARGET, predicate=p)] for p in SLOTS.values()}
        store = mem.store
        with store.transaction():
            for n in range(EPISODES):
                predicate = list(SLOTS.values())[n % len(SLOTS)]
                ids = facts[predicate][n % len(facts[predicate]):][:1]
                store.add_episode(Episode(
                    id=new_id(), user_id=TARGET, content=f"I said {predicate} marker {n % 97} and more words {n}.",
                    reference_time=START, recorded_at=START, fact_ids=ids))


def timed_forget(base: Path, workdir: Path, predicate: str, hard: bool) -> tuple[float, int, bool]:
    copy = workdir / f"run-{predicate}-{hard}.db"
    shutil.copyfile(base, copy)
    with Memory(copy, embedder=None) as mem:
        mem.history(user_id=TARGET, predicate=predicate)  # warm the page cache the same way for both
        started = time.perf_counter()
        forgotten = mem.forget(user_id=TARGET, predicate=predicate, hard=hard)
        elapsed = time.perf_counter() - started
        wal = copy.with_name(copy.name + "-wal")
        durable = forgotten.durable and (not hard or not wal.exists() or wal.stat().st_size == 0)
    for leftover in workdir.glob(copy.name + "*"):
        leftover.unlink()
    return elapsed, len(forgotten), durable


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--facts", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "results" / "forget.json")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        workdir = Path(folder)
        base = workdir / "base.db"
        started = time.perf_counter()
        build(base, args.facts)
        print(f"built {args.facts:,} facts + {EPISODES:,} episodes in {time.perf_counter() - started:.1f} s "
              f"({base.stat().st_size / 1e6:.0f} MB); load {os.getloadavg()[0]:.1f}", file=sys.stderr)
        rows = []
        for size, predicate in SLOTS.items():
            hard, soft = [], []
            durable = True
            for _ in range(args.runs):
                seconds, count, ok = timed_forget(base, workdir, predicate, hard=True)
                assert count == size, (count, size)
                durable &= ok
                hard.append(seconds)
                soft.append(timed_forget(base, workdir, predicate, hard=False)[0])
            rows.append({"facts_deleted": size, "hard_delete_ms": round(statistics.median(hard) * 1e3, 1),
                         "archive_ms": round(statistics.median(soft) * 1e3, 1),
                         "ratio": round(statistics.median(hard) / statistics.median(soft), 2),
                         "per_fact_ms": round(statistics.median(hard) * 1e3 / size, 3), "durable": durable,
                         "runs_hard_ms": [round(s * 1e3, 1) for s in hard]})
    print(f"{'facts deleted':>13} {'hard delete':>12} {'archive':>10} {'ratio':>6} {'per fact':>9} durable")
    for row in rows:
        print(f"{row['facts_deleted']:>13,} {row['hard_delete_ms']:>10.1f}ms {row['archive_ms']:>8.1f}ms "
              f"{row['ratio']:>6} {row['per_fact_ms']:>7.3f}ms {row['durable']}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"store_facts": args.facts, "episodes": EPISODES, "runs": args.runs,
                                    "load_average": os.getloadavg()[0], "results": rows}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
