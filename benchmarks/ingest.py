"""Offline ingestion speed, end to end: spaCy + rules + MemoryPolicy + SQLite (issue 3).

Replays LoCoMo turns (``../shared/data/locomo/locomo10.json`` from the repo root) as chat
messages, one user per speaker, each at its session's time, through ``Memory.add_many``
(batched ``nlp.pipe``, one transaction per batch) into a fresh SQLite file per run. Three
configurations run in turn inside every round, so they share the machine's load:

* ``stock``: the previous pipeline, the stock ``en_core_web_sm`` components, one process
  (the same-run baseline);
* ``fast``: the exact stand-ins of :mod:`kronograph.extraction.spacy_speed`, one process;
  the spaCy, rules and policy+store shares are measured here (a stopwatch on ``nlp.pipe``);
* ``fast xN``: the same with ``OfflineExtractor(processes=N)`` (default 2: this machine's
  cores), the bulk-ingest configuration.

All three must store the same facts. A fourth, ``chinese``, replays as many Chinese messages
(the utterances of ``evals/zh/``, cycled, 30 s apart) through the same ``Memory.add_many`` on
one process: the Chinese rules, the Chinese detectors and the policy + store (issue 14's
target: >= 200 messages/s on one core). The floor is ``nlp.pipe`` alone over the raw messages.
On a machine whose cores other jobs share, wall time swings from round to round; the CPU
seconds are steadier: messages per CPU-second of one process, and for ``fast xN`` the busiest
process's CPU time (the workers' is counted when they are reaped), i.e. what idle cores do.

    python benchmarks/ingest.py                       # 3,000 messages, 5 rounds
    python benchmarks/ingest.py --messages 2000 --runs 3 --processes 2
    python benchmarks/ingest.py --disable parser --out /tmp/x.json   # what a component costs

Prints a table and writes JSON to benchmarks/results/ingest.json. Target: >= 300 messages/s.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import resource
import statistics
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import spacy  # noqa: E402

from kronograph import Memory  # noqa: E402
from kronograph.extraction.offline import OfflineExtractor, with_entity_ruler  # noqa: E402

LOCOMO = ROOT.parent / "shared" / "data" / "locomo" / "locomo10.json"
CHINESE = sorted((ROOT / "evals" / "zh").glob("*.jsonl"))
CHINESE_TARGET = 200.0
RESULTS = ROOT / "benchmarks" / "results" / "ingest.json"
TARGET = 300.0
TURN_GAP = timedelta(seconds=30)


def session_time(text: str) -> datetime:
    """LoCoMo's '1:56 pm on 8 May, 2023' as an aware datetime."""
    clean = re.sub(r"\s+", " ", text.strip())
    return datetime.strptime(clean, "%I:%M %p on %d %B, %Y").replace(tzinfo=UTC)


def locomo_messages(limit: int) -> list[dict[str, Any]]:
    """LoCoMo turns in conversation order: {"user", "content", "reference_time"}."""
    data = json.loads(LOCOMO.read_text(encoding="utf-8"))
    out: list[dict[str, Any]] = []
    for conv_index, sample in enumerate(data):
        conv = sample["conversation"]
        sessions = sorted(int(k.split("_")[1]) for k in conv if re.fullmatch(r"session_\d+", k))
        for number in sessions:
            start = session_time(conv[f"session_{number}_date_time"])
            for index, turn in enumerate(conv[f"session_{number}"]):
                out.append({"user": f"c{conv_index}-{turn['speaker']}", "content": turn["text"],
                            "reference_time": start + index * TURN_GAP})
                if len(out) >= limit:
                    return out
    return out


class TimedPipeline:
    """The real spaCy pipeline with a stopwatch on ``pipe``: the spaCy share of ingestion."""

    def __init__(self, nlp: Any) -> None:
        self.nlp = nlp
        self.seconds = 0.0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.nlp, name)

    def pipe(self, texts: Iterable[str], **kwargs: Any) -> Iterator[Any]:
        start = time.perf_counter()
        docs = list(self.nlp.pipe(texts, **kwargs))
        self.seconds += time.perf_counter() - start
        return iter(docs)


class TimedExtractor:
    """The offline extractor with a stopwatch on ``extract_many`` (spaCy + rules)."""

    def __init__(self, inner: OfflineExtractor) -> None:
        self.inner = inner
        self.name = inner.name
        self.seconds = 0.0

    def extract(self, episode: Any, **kwargs: Any) -> Any:
        return self.extract_many([episode])[0]

    def extract_many(self, episodes: Any) -> Any:
        start = time.perf_counter()
        out = self.inner.extract_many(episodes)
        self.seconds += time.perf_counter() - start
        return out


def chinese_messages(limit: int) -> list[dict[str, Any]]:
    """The Chinese evaluation utterances as chat messages, cycled to ``limit``, 30 s apart."""
    texts = [json.loads(line)["text"] for path in CHINESE for line in path.read_text(encoding="utf-8").splitlines()
             if line.strip() and "text" in json.loads(line)]
    start = datetime(2026, 5, 6, 12, tzinfo=UTC)
    return [{"user": "zh", "content": texts[i % len(texts)], "reference_time": start + i * TURN_GAP}
            for i in range(limit)]


def by_user(messages: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    groups: dict[str, list[dict[str, Any]]] = {}
    for m in messages:
        groups.setdefault(m["user"], []).append({"content": m["content"], "reference_time": m["reference_time"]})
    return groups


def one_run(messages: list[dict[str, Any]], nlp: Any, batch_size: int, processes: int, workdir: Path,
            run: str) -> dict[str, float]:
    timed_nlp = TimedPipeline(nlp)
    inner = OfflineExtractor(nlp=timed_nlp, batch_size=batch_size, processes=processes)  # type: ignore[arg-type]
    extractor = TimedExtractor(inner)
    path = workdir / f"{run}.db"
    facts = rejected = 0
    workers_start = _children_cpu()
    cpu_start = time.process_time()
    start = time.perf_counter()
    try:
        with Memory(path, extractor=extractor) as mem:
            for user, items in by_user(messages).items():
                for result in mem.add_many(items, user_id=user, batch_size=batch_size):
                    facts += len(result.facts)
                    rejected += len(result.rejected)
    finally:
        inner.close()  # the workers are reaped here, so their CPU time is counted below
    total = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    workers_cpu = _children_cpu() - workers_start
    out = {"seconds": total, "messages_per_s": len(messages) / total, "facts": facts, "rejected": rejected,
           "cpu_seconds": cpu, "workers_cpu_seconds": workers_cpu,
           # Two idle cores would finish when the busiest process does: a load-independent estimate.
           "idle_cores_messages_per_s": len(messages) / max(cpu, workers_cpu / max(1, processes - 1))}
    if processes == 1:
        out.update({
            "messages_per_cpu_s": len(messages) / cpu, "spacy_s": timed_nlp.seconds,
            "rules_s": extractor.seconds - timed_nlp.seconds, "policy_store_s": total - extractor.seconds,
            "spacy_share": timed_nlp.seconds / total,
        })
    return out


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def floor(messages: list[dict[str, Any]], nlp: Any, batch_size: int) -> float:
    """Messages per second of ``nlp.pipe`` alone over the raw messages (the components the extractor runs)."""
    skip = ["ner"] if "ner" in nlp.pipe_names else []
    start = time.perf_counter()
    for _ in nlp.pipe((m["content"] for m in messages), batch_size=batch_size, disable=skip):
        pass
    return len(messages) / (time.perf_counter() - start)


def stock_pipeline(fast: Any) -> Any:
    """The same model loaded again with its stock components (and the same entity ruler)."""
    return with_entity_ruler(spacy.load(f"{fast.meta['lang']}_{fast.meta['name']}"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=3000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--batch-size", type=int, default=256)
    parser.add_argument("--processes", type=int, default=2, help="processes of the bulk configuration")
    parser.add_argument("--disable", action="append", default=[], metavar="PIPE",
                        help="spaCy component to switch off for the run (e.g. ner), to see what it costs")
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()

    messages = locomo_messages(args.messages)
    load_start = time.perf_counter()
    fast = OfflineExtractor().nlp
    load_s = time.perf_counter() - load_start
    stock = stock_pipeline(fast)
    configs = {"stock": (stock, 1), "fast": (fast, 1), f"fast x{args.processes}": (fast, args.processes)}
    for nlp, _ in configs.values():  # warm-up
        list(nlp.pipe(m["content"] for m in messages[:200]))
    runs: dict[str, list[dict[str, float]]] = {name: [] for name in configs}
    chinese = chinese_messages(len(messages))
    chinese_runs: list[dict[str, float]] = []
    floors = []
    with tempfile.TemporaryDirectory() as tmp, stock.select_pipes(disable=args.disable), \
            fast.select_pipes(disable=args.disable):
        for run in range(args.runs):
            for name, (nlp, processes) in configs.items():
                runs[name].append(one_run(messages, nlp, args.batch_size, processes, Path(tmp), f"{name}-{run}"))
            floors.append(floor(messages, fast, args.batch_size))
            chinese_runs.append(one_run(chinese, fast, args.batch_size, 1, Path(tmp), f"chinese-{run}"))
            print(f"  round {run + 1}/{args.runs}: " + ", ".join(
                f"{name} {r[-1]['messages_per_s']:.0f}" for name, r in runs.items()) +
                f", chinese {chinese_runs[-1]['messages_per_s']:.0f} messages/s", file=sys.stderr)
    facts = {name: [r["facts"] for r in rs] for name, rs in runs.items()}
    assert len({f for fs in facts.values() for f in fs}) == 1, f"configurations stored different facts: {facts}"

    def median(name: str, key: str) -> float:
        return statistics.median(r[key] for r in runs[name])

    bulk = f"fast x{args.processes}"
    best = median(bulk, "messages_per_s")
    summary = {
        "messages": len(messages), "runs": args.runs, "batch_size": args.batch_size, "processes": args.processes,
        "disabled": args.disable,
        "messages_per_s": best, "target_messages_per_s": TARGET, "meets_target": best >= TARGET,
        "single_process_messages_per_s": median("fast", "messages_per_s"),
        "stock_pipeline_messages_per_s": median("stock", "messages_per_s"),
        "speedup_vs_stock": best / median("stock", "messages_per_s"),
        "single_process_speedup_vs_stock": median("fast", "messages_per_s") / median("stock", "messages_per_s"),
        "messages_per_cpu_s": median("fast", "messages_per_cpu_s"),
        "idle_cores_messages_per_s": median(bulk, "idle_cores_messages_per_s"),
        "cpu_overhead_of_workers": statistics.median(
            (r["cpu_seconds"] + r["workers_cpu_seconds"]) for r in runs[bulk]) / median("fast", "cpu_seconds") - 1,
        "stock_messages_per_cpu_s": median("stock", "messages_per_cpu_s"),
        "spacy_share": median("fast", "spacy_share"),
        "rules_share": statistics.median(r["rules_s"] / r["seconds"] for r in runs["fast"]),
        "policy_store_share": statistics.median(r["policy_store_s"] / r["seconds"] for r in runs["fast"]),
        "stock_spacy_share": median("stock", "spacy_share"),
        "spacy_floor_messages_per_s": statistics.median(floors),
        "load_average_1m": os.getloadavg()[0], "cpus": os.cpu_count(),
        "facts_per_run": median("fast", "facts"), "rejected_per_run": median("fast", "rejected"),
        "chinese_messages_per_s": statistics.median(r["messages_per_s"] for r in chinese_runs),
        "chinese_messages_per_cpu_s": statistics.median(r["messages_per_cpu_s"] for r in chinese_runs),
        "chinese_target_messages_per_s": CHINESE_TARGET,
        "chinese_facts_per_run": statistics.median(r["facts"] for r in chinese_runs),
        "model_load_s": load_s, "spacy_model": f"{fast.meta.get('name')}-{fast.meta.get('version')}",
        "machine": f"{platform.machine()}, {platform.python_version()}", "runs_detail": runs,
    }
    rows = [
        ("messages", f"{summary['messages']} LoCoMo turns, {args.runs} rounds, batches of {args.batch_size}"),
        (f"end to end, {bulk} (median)", f"{best:.0f} messages/s (target >= {TARGET:.0f})"),
        ("end to end, fast (median)", f"{summary['single_process_messages_per_s']:.0f} messages/s, one process"),
        ("end to end, stock (median)", f"{summary['stock_pipeline_messages_per_s']:.0f} messages/s, one process"),
        ("speed-up vs stock", f"x{summary['speedup_vs_stock']:.2f} ({bulk}), "
                              f"x{summary['single_process_speedup_vs_stock']:.2f} (fast)"),
        ("per CPU-second, fast / stock", f"{summary['messages_per_cpu_s']:.0f} / "
                                         f"{summary['stock_messages_per_cpu_s']:.0f} messages (load-independent)"),
        (f"{bulk} on idle cores (estimate)", f"{summary['idle_cores_messages_per_s']:.0f} messages/s (the busiest "
                                             f"process's CPU time; all processes: {summary['cpu_overhead_of_workers']:+.0%} CPU vs one)"),
        ("spaCy share, fast / stock", f"{summary['spacy_share']:.0%} / {summary['stock_spacy_share']:.0%}"),
        ("rules share (fast)", f"{summary['rules_share']:.0%}"),
        ("policy + store share (fast)", f"{summary['policy_store_share']:.0%}"),
        ("nlp.pipe alone (fast, floor)", f"{summary['spacy_floor_messages_per_s']:.0f} messages/s"),
        ("end to end, chinese (median)", f"{summary['chinese_messages_per_s']:.0f} messages/s, one process, "
                                         f"{summary['chinese_messages_per_cpu_s']:.0f} per CPU-second "
                                         f"(target >= {CHINESE_TARGET:.0f})"),
        ("load average (1 min)", f"{summary['load_average_1m']:.1f} on {summary['cpus']} cores"),
        ("facts stored per run", f"{summary['facts_per_run']:.0f} (the same in every configuration)"),
    ]
    width = max(len(k) for k, _ in rows)
    print(f"{'metric'.ljust(width)}  value\n{'-' * width}  {'-' * 40}")
    for key, value in rows:
        print(f"{key.ljust(width)}  {value}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(summary, indent=2, default=str) + "\n")
    print(json.dumps({k: v for k, v in summary.items() if k != "runs_detail"}, indent=2, default=str))


if __name__ == "__main__":
    main()
