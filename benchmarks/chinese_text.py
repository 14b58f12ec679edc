"""Chinese text steps on one core: jieba segmentation (``search_text``) and the Chinese rules.

Replays the utterances of ``evals/zh/`` (cycled to ``--messages``) through
``kronograph.language.search_text`` (what every BM25 document and query goes through) and
``ChineseExtractor.extract_many``, ``--runs`` rounds, and reports medians; the English
baseline in the same rounds is ``search_text`` on English text (a pass-through).

    python benchmarks/chinese_text.py            # 5,000 messages, 5 rounds; writes benchmarks/results/chinese_text.json
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from kronograph.extraction.base import EpisodeInput, Turn  # noqa: E402
from kronograph.extraction.zh.extractor import ChineseExtractor  # noqa: E402
from kronograph.language import search_text  # noqa: E402
from kronograph.model import Scope  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "chinese_text.json"


def texts(limit: int) -> list[str]:
    rows = [json.loads(line) for path in sorted((ROOT / "evals" / "zh").glob("*.jsonl"))
            for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    found = [r["text"] for r in rows if "text" in r]
    return [found[i % len(found)] for i in range(limit)]


def per_second(step: object, items: list[object]) -> float:
    start = time.process_time()
    step(items)  # type: ignore[operator]
    return len(items) / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=5000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    chinese = texts(args.messages)
    english = ["I moved from Shanghai to Hangzhou last month and I like hiking."] * args.messages
    reference = datetime(2026, 5, 6, 12, tzinfo=UTC)
    episodes = [EpisodeInput(turns=[Turn(content=t)], reference_time=reference, scope=Scope(user_id="b"))
                for t in chinese]
    load = time.perf_counter()
    search_text("预热")  # loads jieba's dictionary
    load_s = time.perf_counter() - load
    extractor = ChineseExtractor()
    rounds: dict[str, list[float]] = {"search_text_zh": [], "search_text_en": [], "chinese_rules": []}
    for _ in range(args.runs):
        rounds["search_text_zh"].append(per_second(lambda xs: [search_text(x) for x in xs], chinese))
        rounds["search_text_en"].append(per_second(lambda xs: [search_text(x) for x in xs], english))
        rounds["chinese_rules"].append(per_second(extractor.extract_many, episodes))
    summary = {name: statistics.median(values) for name, values in rounds.items()}
    summary.update({"messages": args.messages, "runs": args.runs, "jieba_load_s": load_s,
                    "avg_chars": statistics.fmean(len(t) for t in chinese),
                    "load_average_1m": os.getloadavg()[0], "rounds": rounds})
    print(f"{'step':<22}{'messages per CPU-second (median)':>34}")
    for name in rounds:
        print(f"{name:<22}{summary[name]:>34,.0f}")
    print(f"jieba dictionary load {load_s:.2f} s; load average {summary['load_average_1m']:.1f}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(summary, indent=2) + "\n")


if __name__ == "__main__":
    main()
