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
    python benchmarks/forget.py --baseline /tmp/k-old   # also time another checkout's code

With ``--baseline DIR`` (a folder holding an older ``kronograph`` package, e.g. from
``git archive <commit> kronograph | tar -x -C DIR``) every hard delete is timed in a fresh
process, once with that code and once with this tree's, on copies of one base file built by
the baseline (an older schema, which this code migrates when it opens the copy, before the
clock starts), so the ratio comes from one run on one machine load.

``--requests`` times forget requests said in conversation instead, on the same store:
``mem.add("Scratch that.")`` (the last message and what only it said) and ``mem.add("Forget
what I said about marker 42.")`` (the statements and records with those words), each on a
fresh copy, the extractor loaded before the clock starts; with ``--baseline`` both codes in turn.

Prints a table (medians) and writes JSON to benchmarks/results/forget.json (``--out``).
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
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

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


#: The forget requests ``--requests`` times, by name.
REQUESTS = {"scratch that": "Scratch that.", "about X": "Forget what I said about marker 42."}


def timed_request(base: Path, workdir: Path, name: str) -> tuple[float, int, bool]:
    copy = workdir / f"run-request-{name.replace(' ', '-')}.db"
    shutil.copyfile(base, copy)
    with Memory(copy, embedder=None) as mem:
        mem.add("Hello there.", user_id="warm-up")  # loads the extractor
        mem.history(user_id=TARGET)  # warm the page cache the same way for both
        started = time.perf_counter()
        result = mem.add(REQUESTS[name], user_id=TARGET)
        elapsed = time.perf_counter() - started
    for leftover in workdir.glob(copy.name + "*"):
        leftover.unlink()
    return elapsed, len(result.forgotten) + len(result.forgotten_spans), True


def in_child(code: Path | None, *args: str) -> list[float]:
    """Run this script's ``--one``/``--build`` in a fresh process with ``code`` first on the path."""
    env = dict(os.environ)
    here = Path(__file__).resolve().parent.parent
    env["PYTHONPATH"] = os.pathsep.join(str(p) for p in ([code] if code else []) + [here])
    out = subprocess.run([sys.executable, __file__, *args], env=env, check=True, capture_output=True, text=True)
    return [float(x) for x in out.stdout.split()]


def main(argv: list[str] | None = None) -> int:
    if argv is None and len(sys.argv) > 1 and sys.argv[1] in ("--one", "--build", "--request"):
        if sys.argv[1] == "--build":
            build(Path(sys.argv[2]), int(sys.argv[3]))
            return 0
        if sys.argv[1] == "--request":
            seconds, count, _ = timed_request(Path(sys.argv[2]), Path(sys.argv[3]), sys.argv[4])
            print(seconds, count)
            return 0
        seconds, count, durable = timed_forget(Path(sys.argv[2]), Path(sys.argv[3]), sys.argv[4], sys.argv[5] == "hard")
        print(seconds, count, int(durable))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--facts", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "results" / "forget.json")
    parser.add_argument("--baseline", type=Path, help="folder holding an older kronograph package to time too")
    parser.add_argument("--requests", action="store_true", help="time forget requests said in conversation")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        workdir = Path(folder)
        base = workdir / "base.db"
        started = time.perf_counter()
        if args.baseline:
            in_child(args.baseline, "--build", str(base), str(args.facts))
        else:
            build(base, args.facts)
        print(f"built {args.facts:,} facts + {EPISODES:,} episodes in {time.perf_counter() - started:.1f} s "
              f"({base.stat().st_size / 1e6:.0f} MB); load {os.getloadavg()[0]:.1f}", file=sys.stderr)
        loads = [os.getloadavg()[0]]
        if args.requests:
            return _requests(args, base, workdir, loads)
        rows = []
        for size, predicate in SLOTS.items():
            hard, soft, old = [], [], []
            durable = True
            for _ in range(args.runs):
                if args.baseline:
                    seconds, count, ok = in_child(None, "--one", str(base), str(workdir), predicate, "hard")
                    old.append(in_child(args.baseline, "--one", str(base), str(workdir), predicate, "hard")[0])
                    soft.append(in_child(None, "--one", str(base), str(workdir), predicate, "soft")[0])
                else:
                    seconds, count, ok = timed_forget(base, workdir, predicate, hard=True)
                    soft.append(timed_forget(base, workdir, predicate, hard=False)[0])
                assert count == size, (count, size)
                durable = durable and bool(ok)
                hard.append(seconds)
                loads.append(os.getloadavg()[0])
            row = {"facts_deleted": size, "hard_delete_ms": round(statistics.median(hard) * 1e3, 1),
                   "archive_ms": round(statistics.median(soft) * 1e3, 1),
                   "ratio": round(statistics.median(hard) / statistics.median(soft), 2),
                   "per_fact_ms": round(statistics.median(hard) * 1e3 / size, 3), "durable": durable,
                   "runs_hard_ms": [round(x * 1e3, 1) for x in hard]}
            if old:
                row.update(baseline_hard_delete_ms=round(statistics.median(old) * 1e3, 1),
                           speedup_vs_baseline=round(statistics.median(old) / statistics.median(hard), 2),
                           runs_baseline_ms=[round(x * 1e3, 1) for x in old])
            rows.append(row)
    print(f"{'facts deleted':>13} {'hard delete':>12} {'archive':>10} {'ratio':>6} {'per fact':>9} durable"
          + (f" {'baseline':>11} {'speedup':>7}" if args.baseline else ""))
    for row in rows:
        print(f"{row['facts_deleted']:>13,} {row['hard_delete_ms']:>10.1f}ms {row['archive_ms']:>8.1f}ms "
              f"{row['ratio']:>6} {row['per_fact_ms']:>7.3f}ms {row['durable']!s:>7}"
              + (f" {row['baseline_hard_delete_ms']:>9.1f}ms {row['speedup_vs_baseline']:>6}x" if args.baseline else ""))
    return _save(args, loads, results=rows)


def _save(args: argparse.Namespace, loads: list[float], **rows: Any) -> int:
    """Write the figures with the store's size, the runs, the baseline and the machine load."""
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"store_facts": args.facts, "episodes": EPISODES, "runs": args.runs,
                                    "baseline": str(args.baseline) if args.baseline else None,
                                    "load_average": {"min": min(loads), "max": max(loads)}, **rows},
                                   indent=1) + "\n")
    return 0


def _requests(args: argparse.Namespace, base: Path, workdir: Path, loads: list[float]) -> int:
    """Time each forget request (``--requests``), with the baseline's code in turn when given."""
    rows = []
    for name in REQUESTS:
        new, old, counts = [], [], set()
        for _ in range(args.runs):
            seconds, count = in_child(None, "--request", str(base), str(workdir), name)
            new.append(seconds)
            counts.add(int(count))
            if args.baseline:
                seconds, count = in_child(args.baseline, "--request", str(base), str(workdir), name)
                old.append(seconds)
                counts.add(int(count))
            loads.append(os.getloadavg()[0])
        assert len(counts) == 1, f"the codes forgot different things: {counts}"
        row = {"request": REQUESTS[name], "forgotten": counts.pop(), "ms": round(statistics.median(new) * 1e3, 1),
               "runs_ms": [round(x * 1e3, 1) for x in new]}
        if old:
            row.update(baseline_ms=round(statistics.median(old) * 1e3, 1), runs_baseline_ms=[round(x * 1e3, 1) for x in old],
                       speedup_vs_baseline=round(statistics.median(old) / statistics.median(new), 2))
        rows.append(row)
        print(f"{REQUESTS[name]:<38} forgot {row['forgotten']:>4} {row['ms']:>9.1f}ms"
              + (f" baseline {row['baseline_ms']:>9.1f}ms {row['speedup_vs_baseline']:>5}x" if old else ""))
    return _save(args, loads, requests=rows)


if __name__ == "__main__":
    raise SystemExit(main())
