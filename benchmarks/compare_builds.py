"""Compare two builds of kronograph on bulk load and ingestion, runs alternating.

    git worktree add /tmp/base 8aac2fd
    python benchmarks/compare_builds.py /tmp/base . --kind load --size 50000 --rounds 5
    python benchmarks/compare_builds.py /tmp/base . --kind ingest --size 1500 --rounds 4
    python benchmarks/compare_builds.py /tmp/base . --kind ingest --size 1500 --rounds 3 --processes 2
    python benchmarks/compare_builds.py /tmp/base . --kind write --size 3000 --rounds 4

Each run is one process importing one build (its own ``benchmarks/temporal_store.py``
``load`` or ``benchmarks/ingest.py`` ``one_run``, one process, no workers), so the builds see
the same machine load in turn; ``--kind write`` is the same ingest with the stopwatch on the
write of each extracted batch alone (``Ingestor._write``: policy, slot engine, store);
``--processes 2`` ingests with ``OfflineExtractor(processes=2)`` (its CPU rate is then the
busiest process's, what idle cores give). Prints wall and CPU-time
rates per run and the medians (one-process ingests also the seconds outside extraction: policy
and store), and writes JSON to benchmarks/results/compare_builds_<kind>.json (``_x<N>`` for more
processes) or ``--out``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

RESULTS = Path(__file__).parent / "results"

_RUN = r'''
import importlib.util, json, sys, tempfile, time
from pathlib import Path
tree, kind, n, processes = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
sys.path.insert(0, str(tree))
def module(name):
    spec = importlib.util.spec_from_file_location(name, tree / "benchmarks" / f"{name}.py")
    mod = importlib.util.module_from_spec(spec); spec.loader.exec_module(mod); return mod
with tempfile.TemporaryDirectory() as tmp:
    if kind == "load":
        bench = module("temporal_store")
        bench.load(Path(tmp) / "warm.db", 2)
        cpu = time.process_time()
        seconds = bench.load(Path(tmp) / "load.db", n // 1000)
        cpu = time.process_time() - cpu
        print(json.dumps({"per_s": n / seconds, "per_cpu_s": n / cpu}))
    else:
        bench = module("ingest")
        from kronograph.extraction.offline import OfflineExtractor
        messages = bench.locomo_messages(n)
        nlp = OfflineExtractor().nlp
        list(nlp.pipe(m["content"] for m in messages[:200]))
        if kind == "write":  # the stopwatch goes on the write of each extracted batch alone
            from kronograph.write.ingest import Ingestor
            spent, write = [0.0, 0.0], Ingestor._write
            def timed(self, batch):
                wall, cpu = time.perf_counter(), time.process_time()
                try:
                    return write(self, batch)
                finally:
                    spent[0] += time.perf_counter() - wall; spent[1] += time.process_time() - cpu
            Ingestor._write = timed
        out = bench.one_run(messages, nlp, 256, processes, Path(tmp), "run")
        if kind == "write":
            print(json.dumps({"per_s": n / spent[0], "per_cpu_s": n / spent[1], "facts": out["facts"]}))
            raise SystemExit(0)
        print(json.dumps({"per_s": out["messages_per_s"],
                          "per_cpu_s": out["messages_per_cpu_s"] if processes == 1 else out["idle_cores_messages_per_s"],
                          "facts": out["facts"], **({"store_s": out["policy_store_s"]} if processes == 1 else {})}))
'''


def run(tree: Path, kind: str, size: int, processes: int = 1) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run([sys.executable, "-c", _RUN, str(tree), kind, str(size), str(processes)], cwd=tree, env=env,
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", type=Path)
    parser.add_argument("new", type=Path)
    parser.add_argument("--kind", choices=["load", "ingest", "write"], default="load")
    parser.add_argument("--size", type=int, default=50_000, help="facts (load) or LoCoMo turns (ingest)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--processes", type=int, default=1, help="extractor processes (ingest only)")
    parser.add_argument("--out", type=Path, default=None, help="JSON file (default: results/compare_builds_<kind>.json)")
    args = parser.parse_args()
    runs: dict[str, list[dict[str, float]]] = {"base": [], "new": []}
    for round_ in range(args.rounds):
        for name, tree in (("base", args.base), ("new", args.new)):
            result = run(tree.resolve(), args.kind, args.size, args.processes)
            result["load_average_1m"] = os.getloadavg()[0]
            runs[name].append(result)
            store = f" policy+store {result['store_s']:.2f} s" if "store_s" in result else ""
            print(f"round {round_ + 1} {name:>4}: {result['per_s']:>10,.1f}/s wall {result['per_cpu_s']:>10,.1f}/s CPU"
                  f"{store}", flush=True)
    metrics = [m for m in ("per_s", "per_cpu_s", "store_s") if all(m in r for rs in runs.values() for r in rs)]
    summary = {name: {m: statistics.median(r[m] for r in rs) for m in metrics} for name, rs in runs.items()}
    for metric in metrics:
        print(f"median {metric}: base {summary['base'][metric]:,.1f}, new {summary['new'][metric]:,.1f}, "
              f"ratio {summary['new'][metric] / summary['base'][metric]:.3f}")
    RESULTS.mkdir(exist_ok=True)
    suffix = f"_x{args.processes}" if args.processes > 1 else ""
    (args.out or RESULTS / f"compare_builds_{args.kind}{suffix}.json").write_text(json.dumps(
        {"kind": args.kind, "size": args.size, "rounds": args.rounds, "processes": args.processes, "runs": runs,
         "medians": summary}, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
