"""How much of LoCoMo the offline extractor turns into memories, and a sample to label.

Every turn of every LoCoMo conversation becomes one episode of one message
``{"role": "user", "name": <speaker>, "content": <text + photo caption>}`` at its session's
time, through ``Memory.add_many`` (offline extractor, default policy) into the memory of its
speaker (user id ``<conversation>:<speaker>``, as ``evals/locomo.py`` does). Reported:

- the share of LoCoMo's *evidence* turns (the turns its questions point at) that yield at
  least one stored memory, and the share of all turns;
- a random sample of stored facts (seeded), written for hand labelling (each names its turn by
  conversation and ``dia_id`` and holds the extracted fact only; the turn's text stays in the data
  set, ``--show`` prints the pairs);
  the labels live in ``evals/locomo_fact_labels*.jsonl`` (``--score [--labels FILE]`` reports the
  share fully right, per field, and the errors by category).

    python evals/locomo_extraction.py                 # coverage; writes evals/results/locomo_extraction.json
    python evals/locomo_extraction.py --sample 300    # also writes the sample to label
    python evals/locomo_extraction.py --score         # the share of labelled facts fully right
    python evals/locomo_extraction.py --only 1-5 --silent 40   # silent evidence turns to study (1-5 only)

Coverage is reported for conversations 1-5 (the rules were developed on them), 6-10 (never looked
at: held out) and all. ``--silent`` prints evidence turns that yield nothing and refuses to show any
of conversations 6-10.

The data is read from ``../shared/data/locomo/locomo10.json`` relative to the repository root
(CC BY-NC 4.0, evaluation use only; never copied into the repository).
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from locomo import turns_of  # the same reading of the data set as the recall evaluation

from kronograph import Memory

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data" / "locomo" / "locomo10.json"
RESULTS = ROOT / "evals" / "results" / "locomo_extraction.json"
SAMPLE = ROOT / "evals" / "results" / "locomo_fact_sample.jsonl"
LABELS = ROOT / "evals" / "locomo_fact_labels.jsonl"
FIELDS = ("subject", "predicate", "object", "time")
TUNED = range(1, 6)  # conversations the rules were developed on (1-based); 6-10 are held out


def conversation_numbers(spec: str | None) -> list[int]:
    """'1-5' or '1,3,7' -> [1, 2, 3, 4, 5] / [1, 3, 7]; None -> all ten."""
    if not spec:
        return list(range(1, 11))
    out: list[int] = []
    for part in spec.split(","):
        low, _, high = part.partition("-")
        out += range(int(low), int(high or low) + 1)
    return out


def _horizon(text: str) -> str | None:
    """A plan's stated date, which its text keeps ("... (from 2023-06-01)"): the labeller reads the
    plan's time from it, not from ``valid_from`` (when the plan was made)."""
    found = _HORIZON.search(text)
    return found[1] if found else None


_HORIZON = re.compile(r"\(from (\d{4}-\d{2}-\d{2})\)$")


def _share(covered: int, total: int) -> float | None:
    return round(covered / total, 3) if total else None


def run(numbers: list[int], sample_size: int, seed: int, silent: int = 0, facts: Path | None = None) -> dict[str, Any]:
    everything = json.loads(DATA.read_text(encoding="utf-8"))
    data = [(n, everything[n - 1]) for n in numbers]
    total = covered = evidence_total = evidence_covered = facts_total = 0
    splits: dict[str, dict[str, int]] = {}
    quiet: list[str] = []
    stored: list[dict[str, Any]] = []
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp, Memory(Path(tmp) / "locomo.db") as mem:
        for number, sample in data:
            split = splits.setdefault("1-5 (tuned)" if number in TUNED else "6-10 (held out)",
                                      {"evidence_turns": 0, "evidence_turns_with_memory": 0, "turns": 0,
                                       "turns_with_memory": 0})
            evidence = {e for q in sample["qa"] for e in q.get("evidence", [])}
            turns = turns_of(sample)
            results: dict[str, Any] = {}
            for speaker in dict.fromkeys(t["speaker"] for t in turns):
                mine = [t for t in turns if t["speaker"] == speaker]
                added = mem.add_many([{"messages": [{"role": "user", "name": speaker, "content": t["text"]}],
                                       "reference_time": t["time"]} for t in mine],
                                     user_id=f"{sample['sample_id']}:{speaker}", batch_size=128)
                results.update({t["dia_id"]: r for t, r in zip(mine, added)})
            for turn, result in ((t, results[t["dia_id"]]) for t in turns):
                n = len(result.facts)
                total += 1
                covered += n > 0
                facts_total += n
                split["turns"] += 1
                split["turns_with_memory"] += n > 0
                if turn["dia_id"] in evidence:
                    evidence_total += 1
                    evidence_covered += n > 0
                    split["evidence_turns"] += 1
                    split["evidence_turns_with_memory"] += n > 0
                    if not n and number in TUNED:
                        quiet.append(f"{number} {turn['dia_id']} {turn['speaker']}: {turn['text']}")
                stored += [{"conversation": sample["sample_id"], "dia_id": turn["dia_id"], "speaker": turn["speaker"],
                            "session_time": turn["time"].isoformat(), "subject": f.subject,
                            "predicate": f.predicate, "object": f.object,
                            "memory_type": f.memory_type.value,
                            "valid_from": f.valid_from.isoformat() if f.valid_from else None,
                            "valid_until": f.valid_until.isoformat() if f.valid_until else None,
                            "horizon": _horizon(f.text)}
                           for f in result.facts]
    report: dict[str, Any] = {
        "conversations": len(data), "turns": total, "turns_with_memory": covered,
        "turn_share": round(covered / total, 3), "evidence_turns": evidence_total,
        "evidence_turns_with_memory": evidence_covered,
        "evidence_share": _share(evidence_covered, evidence_total),
        "splits": {name: {**c, "evidence_share": _share(c["evidence_turns_with_memory"], c["evidence_turns"]),
                          "turn_share": _share(c["turns_with_memory"], c["turns"])} for name, c in splits.items()},
        "memories": facts_total, "seconds": round(time.perf_counter() - started, 1),
    }
    if silent:
        for line in random.Random(seed).sample(quiet, min(silent, len(quiet))):
            print(line[:300])
    if facts is not None:
        facts.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in stored), encoding="utf-8")
    if sample_size:
        picked = random.Random(seed).sample(stored, min(sample_size, len(stored)))
        SAMPLE.parent.mkdir(parents=True, exist_ok=True)
        SAMPLE.write_text("".join(json.dumps({"n": i, **row}, ensure_ascii=False) + "\n"
                                  for i, row in enumerate(picked)), encoding="utf-8")
        report["sample"] = {"size": len(picked), "seed": seed, "file": str(SAMPLE.relative_to(ROOT))}
    return report


def score(path: Path = LABELS) -> dict[str, Any]:
    """The share of labelled facts right in every field, per field, and the errors by category."""
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    per_field = {f: sum(1 for r in rows if r["labels"][f]) for f in FIELDS}
    right = sum(1 for r in rows if all(r["labels"][f] for f in FIELDS))
    errors: dict[str, int] = {}
    for r in rows:
        if not all(r["labels"][f] for f in FIELDS):
            errors[r.get("note") or "unnamed"] = errors.get(r.get("note") or "unnamed", 0) + 1
    return {"file": path.name, "labelled": len(rows), "fully_right": right, "share": _share(right, len(rows)),
            "per_field": {f: round(n / len(rows), 3) for f, n in per_field.items()} if rows else {},
            "errors": dict(sorted(errors.items(), key=lambda kv: -kv[1]))}


def show(path: Path = SAMPLE) -> None:
    """Each sampled fact under the turn it was read from (the text comes from the data set)."""
    texts = {(sample["sample_id"], t["dia_id"]): t["text"]
             for sample in json.loads(DATA.read_text(encoding="utf-8")) for t in turns_of(sample)}
    for line in path.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        print(row["n"], row["session_time"][:10], row["speaker"], ":", texts[(row["conversation"], row["dia_id"])][:240])
        print("   =>", row["subject"], "|", row["predicate"], "|", row["object"], "|", row["valid_from"], row["valid_until"],
              row["memory_type"], f"plan from {row['horizon']}" if row.get("horizon") else "")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default=None, help="conversations to run, 1-based: '1-5', '6-10', '1,3'")
    parser.add_argument("--silent", type=int, default=0,
                        help="print this many evidence turns of conversations 1-5 that yield nothing")
    parser.add_argument("--facts", type=Path, default=None,
                        help="also write every stored fact (ids and fact only) to this file, to compare runs")
    parser.add_argument("--labels", type=Path, default=LABELS, help="label file for --score")
    parser.add_argument("--sample", type=int, default=0, help="write a random sample of this many stored facts")
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--score", action="store_true", help="score the labelled sample instead")
    parser.add_argument("--show", action="store_true", help="print the sample next to its turns, for labelling")
    args = parser.parse_args(argv)
    if args.score:
        print(json.dumps(score(args.labels), indent=2))
        return 0
    if args.show:
        show()
        return 0
    if not DATA.exists():
        print(f"LoCoMo not found at {DATA}; nothing to measure")
        return 0
    numbers = conversation_numbers(args.only)
    if args.silent and any(n not in TUNED for n in numbers):
        parser.error("--silent shows turns of conversations 1-5 only (6-10 are held out): add --only 1-5")
    report = run(numbers, args.sample, args.seed, args.silent, args.facts)
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
