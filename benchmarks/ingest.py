"""Offline ingestion speed, end to end: spaCy + rules + MemoryPolicy + SQLite (issue 3).

Replays LoCoMo turns (``../shared/data/locomo/locomo10.json`` from the repo root) as chat
messages, one user per speaker, each at its session's time, through ``Memory.add_many``
(batched ``nlp.pipe``, one transaction per batch) into a fresh SQLite file per run. The
spaCy time is measured inside the same runs by timing the pipeline's ``pipe`` calls; the
floor is ``nlp.pipe`` over the same messages alone, measured in the same run.

    python benchmarks/ingest.py                       # 3,000 messages, 5 runs
    python benchmarks/ingest.py --messages 6000 --runs 3 --batch-size 256
    python benchmarks/ingest.py --disable parser --out /tmp/x.json   # what a component costs

Prints a table and writes JSON to benchmarks/results/ingest.json. Target: >= 300 messages/s.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
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

from kronograph import Memory  # noqa: E402
from kronograph.extraction.offline import OfflineExtractor  # noqa: E402

LOCOMO = ROOT.parent / "shared" / "data" / "locomo" / "locomo10.json"
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


def by_user(messages: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    groups: dict[str, list[dict[str, Any]]] = {}
    for m in messages:
        groups.setdefault(m["user"], []).append({"content": m["content"], "reference_time": m["reference_time"]})
    return groups


def one_run(messages: list[dict[str, Any]], nlp: Any, batch_size: int, workdir: Path, run: int) -> dict[str, float]:
    timed_nlp = TimedPipeline(nlp)
    extractor = TimedExtractor(OfflineExtractor(nlp=timed_nlp, batch_size=batch_size))
    path = workdir / f"run{run}.db"
    facts = rejected = 0
    cpu_start = time.process_time()
    start = time.perf_counter()
    with Memory(path, extractor=extractor) as mem:  # type: ignore[arg-type]
        for user, items in by_user(messages).items():
            for result in mem.add_many(items, user_id=user, batch_size=batch_size):
                facts += len(result.facts)
                rejected += len(result.rejected)
    total = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    # The floor parses the raw messages with the same components the extractor runs.
    skip = [] if extractor.inner.ner or "ner" not in nlp.pipe_names else ["ner"]
    floor_start = time.perf_counter()
    for _ in nlp.pipe((m["content"] for m in messages), batch_size=batch_size, disable=skip):
        pass
    floor = time.perf_counter() - floor_start
    return {
        "seconds": total, "messages_per_s": len(messages) / total, "cpu_seconds": cpu,
        "messages_per_cpu_s": len(messages) / cpu, "spacy_s": timed_nlp.seconds,
        "rules_s": extractor.seconds - timed_nlp.seconds, "policy_store_s": total - extractor.seconds,
        "spacy_share": timed_nlp.seconds / total, "facts": facts, "rejected": rejected,
        "spacy_floor_messages_per_s": len(messages) / floor,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=3000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--batch-size", type=int, default=256)
    parser.add_argument("--disable", action="append", default=[], metavar="PIPE",
                        help="spaCy component to switch off for the run (e.g. ner), to see what it costs")
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()

    messages = locomo_messages(args.messages)
    load_start = time.perf_counter()
    nlp = OfflineExtractor().nlp
    load_s = time.perf_counter() - load_start
    list(nlp.pipe(m["content"] for m in messages[:200]))  # warm-up
    runs = []
    with tempfile.TemporaryDirectory() as tmp, nlp.select_pipes(disable=args.disable):
        for run in range(args.runs):
            runs.append(one_run(messages, nlp, args.batch_size, Path(tmp), run))
            print(f"  run {run + 1}/{args.runs}: {runs[-1]['messages_per_s']:.0f} messages/s", file=sys.stderr)

    def median(key: str) -> float:
        return statistics.median(r[key] for r in runs)

    summary = {
        "messages": len(messages), "runs": args.runs, "batch_size": args.batch_size, "disabled": args.disable,
        "messages_per_s": median("messages_per_s"), "target_messages_per_s": TARGET,
        "meets_target": median("messages_per_s") >= TARGET,
        "messages_per_cpu_s": median("messages_per_cpu_s"),
        "load_average_1m": os.getloadavg()[0], "cpus": os.cpu_count(),
        "spacy_share": median("spacy_share"),
        "rules_share": statistics.median(r["rules_s"] / r["seconds"] for r in runs),
        "policy_store_share": statistics.median(r["policy_store_s"] / r["seconds"] for r in runs),
        "spacy_floor_messages_per_s": median("spacy_floor_messages_per_s"),
        "ratio_to_spacy_floor": median("messages_per_s") / median("spacy_floor_messages_per_s"),
        "facts_per_run": median("facts"), "rejected_per_run": median("rejected"),
        "model_load_s": load_s, "spacy_model": f"{nlp.meta.get('name')}-{nlp.meta.get('version')}",
        "machine": f"{platform.machine()}, {platform.python_version()}", "runs_detail": runs,
    }
    rows = [
        ("messages", f"{summary['messages']}"),
        ("end to end (median)", f"{summary['messages_per_s']:.0f} messages/s (target >= {TARGET:.0f})"),
        ("per CPU-second (median)", f"{summary['messages_per_cpu_s']:.0f} messages (one core, load-independent)"),
        ("load average (1 min)", f"{summary['load_average_1m']:.1f} on {summary['cpus']} cores"),
        ("spaCy share", f"{summary['spacy_share']:.0%}"),
        ("rules share", f"{summary['rules_share']:.0%}"),
        ("policy + store share", f"{summary['policy_store_share']:.0%}"),
        ("nlp.pipe alone (floor)", f"{summary['spacy_floor_messages_per_s']:.0f} messages/s"),
        ("end to end / floor", f"{summary['ratio_to_spacy_floor']:.2f}"),
        ("facts stored per run", f"{summary['facts_per_run']:.0f}"),
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
