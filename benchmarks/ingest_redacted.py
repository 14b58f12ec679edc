"""``add_many`` on a redacted-heavy batch: every message holds a PIN and a phone number (two
redactions, so each fact's span is aligned between what the extractor read and what is stored)
and eight facts. Prints the medians of ``--runs`` rounds, wall and CPU time per message.

    python benchmarks/ingest_redacted.py --messages 200 --runs 3
    PYTHONPATH=/tmp/k-old python benchmarks/ingest_redacted.py   # an older checkout's code, for the ratio
"""

from __future__ import annotations

import argparse
import statistics
import time

from kronograph import Memory

CITIES = ["Leeds", "York", "Bath", "Derby", "Hull", "Ely", "Wells", "Truro"]


def message(i: int) -> str:
    return (f"Hi. I work at Tesla and my PIN is {4000 + i}. I live in {CITIES[i % len(CITIES)]} and my phone is "
            f"07700 900{i % 1000:03d}. I like green tea. My sister Yelvanna{i} works at Brimble Labs. I adopted a "
            f"cat named Quib{i}. I play the cello on Sundays. My favourite band is Radiohead. I'm reading a novel "
            f"by Ozzle{i}. " + "We talked about many things that day, the weather and the trains and the long "
                               "walk home. " * 6)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--messages", type=int, default=200)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    messages = [message(i) for i in range(args.messages)]
    with Memory(None, embedder=None) as mem:
        mem.add_many(messages[:8], user_id="warm-up")  # loads the extractor
        walls, cpus, facts = [], [], 0
        for run in range(args.runs):
            wall, cpu = time.perf_counter(), time.process_time()
            results = mem.add_many(messages, user_id=f"u{run}")
            walls.append(time.perf_counter() - wall)
            cpus.append(time.process_time() - cpu)
            facts = sum(len(r.facts) for r in results)
    n = len(messages)
    print(f"{n} messages, {facts} facts a run: wall {1000 * statistics.median(walls) / n:.2f} ms/message, "
          f"CPU {1000 * statistics.median(cpus) / n:.2f} ms/message (medians of {args.runs})")


if __name__ == "__main__":
    main()
