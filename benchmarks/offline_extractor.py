"""Speed of the offline extractor alone (spaCy + rules, no policy, no store).

Replays LoCoMo turns (``../shared/data/locomo/locomo10.json`` from the repo root) as one-message
episodes through ``OfflineExtractor.extract_many``. The baseline, measured in the same runs,
is plain ``nlp.pipe`` over the same messages: the floor any spaCy-based extractor pays.
The spaCy share is the CPU time of the extractor's own ``nlp.pipe`` calls (timed inside the
same runs) against its total. CPU seconds are reported beside wall seconds: on a shared
machine they are the steadier figure.

    python benchmarks/offline_extractor.py                 # 3,000 messages, 5 runs
    python benchmarks/offline_extractor.py --messages 1000 --runs 3
    python benchmarks/offline_extractor.py --source short   # one-sentence chat messages

Prints a table and writes JSON to benchmarks/results/offline_extractor.json (``--source short``:
offline_extractor_short.json).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import statistics
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from kronograph.extraction.base import EpisodeInput, Turn  # noqa: E402
from kronograph.extraction.offline import OfflineExtractor, clauses_to_parse  # noqa: E402
from kronograph.model import Scope  # noqa: E402

LOCOMO = ROOT.parent / "shared" / "data" / "locomo" / "locomo10.json"
CORPUS = ROOT / "evals" / "utterances.jsonl"
RESULTS = ROOT / "benchmarks" / "results"


def corpus_texts(limit: int) -> list[str]:
    """Short chat messages: the evaluation corpus's one-message rows, repeated up to ``limit``."""
    rows = [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines() if line.strip()]
    texts = [r["text"] for r in rows if "text" in r]
    return (texts * (limit // len(texts) + 1))[:limit]


def locomo_texts(limit: int) -> list[str]:
    """The first ``limit`` LoCoMo turns, in conversation order."""
    data = json.loads(LOCOMO.read_text(encoding="utf-8"))
    texts: list[str] = []
    for sample in data:
        conv = sample["conversation"]
        for number in sorted(int(k.split("_")[1]) for k in conv if re.fullmatch(r"session_\d+", k)):
            texts.extend(turn["text"] for turn in conv[f"session_{number}"])
    return texts[:limit]


class TimedPipeline:
    """Wraps the spaCy pipeline to add up the CPU time of its ``pipe`` calls inside the extractor."""

    def __init__(self, nlp: Any) -> None:
        self.nlp = nlp
        self.cpu = 0.0

    @property
    def pipe_names(self) -> list[str]:
        return list(self.nlp.pipe_names)

    def pipe(self, *args: Any, **kwargs: Any) -> list[Any]:
        start = time.process_time()
        docs = list(self.nlp.pipe(*args, **kwargs))
        self.cpu += time.process_time() - start
        return docs


def timed(fn: Callable[[], object], runs: int) -> tuple[list[float], list[float]]:
    """Wall seconds and CPU seconds of this process per run (CPU time is steadier on a shared machine)."""
    wall, cpu = [], []
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        fn()
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return wall, cpu


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=3000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--batch-size", type=int, default=256)
    parser.add_argument("--ner", action="store_true", help="also run spaCy's statistical NER")
    parser.add_argument("--source", choices=["locomo", "short"], default="locomo",
                        help="LoCoMo turns (long, chatty) or the evaluation corpus's short messages")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)
    out: Path = args.out or RESULTS / ("offline_extractor.json" if args.source == "locomo" else "offline_extractor_short.json")

    texts = locomo_texts(args.messages) if args.source == "locomo" else corpus_texts(args.messages)
    reference = datetime(2023, 5, 8, tzinfo=UTC)
    episodes = [EpisodeInput(turns=[Turn(content=t)], reference_time=reference, scope=Scope(user_id="bench"))
                for t in texts]
    nlp = OfflineExtractor().nlp
    timed_nlp = TimedPipeline(nlp)
    extractor = OfflineExtractor(timed_nlp, batch_size=args.batch_size, ner=args.ner)  # type: ignore[arg-type]
    clauses = [c for t in texts for c in clauses_to_parse(t)]
    extractor.extract_many(episodes[:50])  # warm-up

    facts = sum(len(x.facts) for x in extractor.extract_many(episodes))
    skip = [] if args.ner else ["ner"]
    measured = {
        "baseline": timed(lambda: list(nlp.pipe(texts, batch_size=args.batch_size)), args.runs),
        "clause_pipe": timed(lambda: list(nlp.pipe(clauses, batch_size=args.batch_size, disable=skip)), args.runs),
    }
    timed_nlp.cpu = 0.0
    measured["total"] = timed(lambda: extractor.extract_many(episodes), args.runs)
    spacy_cpu_inside = timed_nlp.cpu / args.runs
    med = {k: statistics.median(wall) for k, (wall, _) in measured.items()}
    cpu = {k: statistics.median(c) for k, (_, c) in measured.items()}
    n = len(texts)
    rows = [
        ("nlp.pipe, full pipeline (baseline)", "baseline"),
        ("nlp.pipe over the extractor's clauses", "clause_pipe"),
        ("OfflineExtractor.extract_many", "total"),
    ]
    report: dict[str, Any] = {
        "source": args.source, "messages": n, "clauses_parsed": len(clauses), "facts": facts, "runs": args.runs,
        "batch_size": args.batch_size, "ner": args.ner,
        "pipeline": [p for p in nlp.pipe_names if p not in skip],
        "messages_per_s": round(n / med["total"], 1),
        "messages_per_cpu_s": round(n / cpu["total"], 1),
        "baseline_messages_per_s": round(n / med["baseline"], 1),
        "baseline_messages_per_cpu_s": round(n / cpu["baseline"], 1),
        "ratio_to_baseline": round(cpu["total"] / cpu["baseline"], 2),
        "spacy_share": round(spacy_cpu_inside / statistics.mean(measured["total"][1]), 3),
        "median_wall_s": {k: round(v, 3) for k, v in med.items()},
        "median_cpu_s": {k: round(v, 3) for k, v in cpu.items()},
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "python": platform.python_version(), "machine": platform.machine(),
    }
    print(f"{'step':<40}{'msg/s':>8}{'msg/cpu-s':>11}{'wall s':>8}{'cpu s':>8}")
    for name, key in rows:
        print(f"{name:<40}{n / med[key]:>8.0f}{n / cpu[key]:>11.0f}{med[key]:>8.2f}{cpu[key]:>8.2f}")
    print(f"\n{n} messages -> {len(clauses)} clauses parsed -> {facts} candidate facts; "
          f"extractor / baseline = {report['ratio_to_baseline']}x, spaCy share {report['spacy_share']:.0%}")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
