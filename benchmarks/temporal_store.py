"""Benchmark the temporal engine on the embedded store (issue 2).

Builds stores of 10k and 1M facts (1,000 facts per user: 200 single-valued slots with 5
successive values each, so every slot has a history) through ``Memory.add_facts``, then
times ``facts(user, subject, predicate, as_of=...)`` and ``history(...)`` against the same
lookup as one raw indexed SQLite query on the same file (the physical floor). Bulk-load
throughput is the median of ``--load-runs`` builds (one for stores over 100k facts), next to
the statement-by-statement writer (what ``add_facts`` ran before its bulk path) loading the
smallest store in the same run.

    python benchmarks/temporal_store.py                 # 10k and 1M facts
    python benchmarks/temporal_store.py --sizes 10000 100000 --runs 3

Prints a table and writes JSON to benchmarks/results/temporal_store.json.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from kronograph import Memory
from kronograph.temporal.instants import to_micros
from kronograph.write.bulk import statement_of
from kronograph.write.writer import write_statements

FACTS_PER_USER = 1_000
SUBJECTS = 50
PREDICATES = ("lives_in", "works_at", "job_title", "relationship_status")
VERSIONS = FACTS_PER_USER // (SUBJECTS * len(PREDICATES))  # 5
START = datetime(2015, 1, 1, tzinfo=UTC)
STEP = timedelta(days=365)

RAW_ASOF = (
    "SELECT id, object, valid_from, valid_until FROM facts WHERE user_id = ? AND subject_key = ? AND predicate = ? "
    "AND tx_from <= ? AND (tx_to IS NULL OR tx_to > ?) AND valid_from <= ? AND (valid_until IS NULL OR valid_until > ?) "
    "AND lifecycle = 'active' AND (expires_at IS NULL OR expires_at > ?)"
)


def items(users: int):
    """Facts in the order a bulk import would bring them: per user, oldest first."""
    for u in range(users):
        user = f"user-{u:05d}"
        for version in range(VERSIONS):
            for s in range(SUBJECTS):
                for p in PREDICATES:
                    yield {"subject": f"person-{s}", "predicate": p, "object": f"{p}-value-{version}-{s % 7}",
                           "user_id": user, "valid_from": START + version * STEP}


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def time_calls(fn, args_list) -> list[float]:
    out = []
    for args in args_list:
        t0 = time.perf_counter()
        fn(*args)
        out.append((time.perf_counter() - t0) * 1000)
    return out


BATCH = 50_000


def load(path: Path, users: int, *, writer: bool = False) -> float:
    """Seconds to bulk-load a fresh store; ``writer``: through the statement-by-statement writer."""
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    with Memory(path) as mem:
        t0 = time.perf_counter()
        if writer:
            batch = []
            for index, item in enumerate(items(users)):
                batch.append(statement_of(item, index))
                if len(batch) == BATCH:
                    write_statements(mem.store, batch, schema=mem.schema, clock=mem.now)
                    batch = []
            write_statements(mem.store, batch, schema=mem.schema, clock=mem.now)
        else:
            mem.add_facts(items(users), batch_size=BATCH)
        return time.perf_counter() - t0


def bench_size(total: int, runs: int, queries: int, load_runs: int, workdir: Path) -> dict:
    users = total // FACTS_PER_USER
    path = workdir / f"store-{total}.db"
    loads = [total / load(path, users) for _ in range(load_runs if total <= 100_000 else 1)]
    rng = random.Random(7)
    lookups = [(f"user-{rng.randrange(users):05d}", f"person-{rng.randrange(SUBJECTS)}", rng.choice(PREDICATES),
                START + timedelta(days=rng.randrange(0, 365 * VERSIONS + 200))) for _ in range(queries)]
    asof_runs, history_runs, raw_runs = [], [], []
    with Memory(path) as mem:
        conn = mem.store.connection
        now = to_micros(datetime.now(UTC))

        def asof(u, s, p, t):
            found = mem.facts(user_id=u, subject=s, predicate=p, as_of=t)
            assert len(found) == 1, (u, s, p, t, found)

        def history(u, s, p, _t):
            assert len(mem.history(user_id=u, subject=s, predicate=p)) == VERSIONS

        def raw(u, s, p, t):
            at = to_micros(t)
            rows = conn.execute(RAW_ASOF, (u, s, p, now, now, at, at, now)).fetchall()
            assert len(rows) == 1

        for fn in (asof, history, raw):  # warm the page cache once
            time_calls(fn, lookups[:200])
        for _ in range(runs):
            asof_runs.append(time_calls(asof, lookups))
            history_runs.append(time_calls(history, lookups))
            raw_runs.append(time_calls(raw, lookups))
    size_mb = sum(f.stat().st_size for f in workdir.glob(f"store-{total}.db*")) / 1e6

    def summary(samples: list[list[float]]) -> dict:
        return {"p50_ms": statistics.median(statistics.median(r) for r in samples),
                "p95_ms": statistics.median(percentile(r, 0.95) for r in samples)}

    return {"facts": total, "users": users, "load_facts_per_s": statistics.median(loads),
            "load_runs_facts_per_s": loads, "db_mb": size_mb, "asof": summary(asof_runs), "history": summary(history_runs),
            "raw_asof": summary(raw_runs)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 1_000_000])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--queries", type=int, default=2_000)
    parser.add_argument("--load-runs", type=int, default=3, help="builds per store of at most 100k facts")
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "results" / "temporal_store.json")
    args = parser.parse_args(argv)
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        smallest = min(args.sizes)
        print(f"loading {smallest:,} facts through the statement-by-statement writer ...", file=sys.stderr, flush=True)
        writer_rate = smallest / load(Path(tmp, "writer.db"), smallest // FACTS_PER_USER, writer=True)
        for size in args.sizes:
            print(f"building {size:,} facts ...", file=sys.stderr, flush=True)
            results.append(bench_size(size, args.runs, args.queries, args.load_runs, Path(tmp)))
            Path(tmp, f"store-{size}.db").unlink()
    header = f"{'facts':>10} {'users':>6} {'load/s':>9} {'MB':>7} {'as-of p50':>10} {'as-of p95':>10} " \
             f"{'hist p50':>9} {'hist p95':>9} {'raw p50':>8} {'raw p95':>8} {'overhead':>8}"
    print(header)
    for r in results:
        overhead = r["asof"]["p50_ms"] / r["raw_asof"]["p50_ms"]
        r["asof_over_raw"] = overhead
        print(f"{r['facts']:>10,} {r['users']:>6} {r['load_facts_per_s']:>9,.0f} {r['db_mb']:>7.0f} "
              f"{r['asof']['p50_ms']:>10.3f} {r['asof']['p95_ms']:>10.3f} {r['history']['p50_ms']:>9.3f} "
              f"{r['history']['p95_ms']:>9.3f} {r['raw_asof']['p50_ms']:>8.3f} {r['raw_asof']['p95_ms']:>8.3f} "
              f"{overhead:>7.1f}x")
    speedup = results[args.sizes.index(smallest)]["load_facts_per_s"] / writer_rate
    print(f"bulk load at {smallest:,} facts: {speedup:.1f}x the statement-by-statement writer ({writer_rate:,.0f} facts/s)")
    report = {"results": results, "runs": args.runs, "queries_per_run": args.queries,
              "writer_load_facts_per_s": writer_rate, "bulk_over_writer": speedup,
              "targets": {"asof_p95_ms": 2.0, "load_facts_per_s": 20_000, "asof_growth_max": 2.0}}
    if len(results) > 1:
        growth = results[-1]["asof"]["p50_ms"] / results[0]["asof"]["p50_ms"]
        report["asof_growth_largest_vs_smallest"] = growth
        print(f"as-of p50 at {results[-1]['facts']:,} facts / at {results[0]['facts']:,} facts: {growth:.2f}x")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2))
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
