"""How often the offline extractor gets a labelled utterance right, per case.

    .venv/bin/python evals/extraction.py            # table + failures; writes evals/results/extraction.json

A row of ``evals/utterances.jsonl`` passes when every ``expect`` spec is met by a distinct
extracted fact and no ``forbid`` spec is met by any. A spec compares only the fields it
names: ``predicate``, ``object`` (case-insensitive), ``object_contains``, ``predicate_prefix``,
``subject``, ``operation``, ``replaces``, ``negated``, ``hedged``, ``memory_type``,
``sensitive_kind``, ``source_turn``; times (``valid_from``, ``task_until``, ``plan_date``)
compare by their ISO date.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from datetime import datetime
from pathlib import Path
from typing import Any

from kronograph.extraction.base import CandidateFact, EpisodeInput, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.model import Scope

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "utterances.jsonl"
RESULTS = HERE / "results" / "extraction.json"


def load(path: Path) -> list[dict[str, Any]]:
    """The labelled rows, one JSON object a line."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def to_episode(row: dict[str, Any]) -> EpisodeInput:
    turns = [Turn(**m) for m in row["messages"]] if "messages" in row else [Turn(content=row["text"])]
    return EpisodeInput(turns=turns, reference_time=datetime.fromisoformat(row["reference_time"]),
                        scope=Scope(user_id="eval"))


def _date(value: datetime | None) -> str | None:
    return value.date().isoformat() if value else None


def _plan_date(fact: CandidateFact) -> str | None:
    marker = fact.text.rpartition("(from ")[2]
    return marker[:10] if "(from " in fact.text else None


def matches(fact: CandidateFact, spec: dict[str, Any]) -> bool:
    """True when ``fact`` agrees with every field ``spec`` names."""
    for key, want in spec.items():
        if key == "object":
            ok = fact.object.casefold() == str(want).casefold()
        elif key == "object_contains":
            ok = str(want).casefold() in fact.object.casefold()
        elif key == "predicate_prefix":
            ok = fact.predicate.startswith(want)
        elif key == "replaces":
            ok = (fact.replaces or "").casefold() == str(want).casefold()
        elif key in {"operation", "memory_type"}:
            value = getattr(fact, key)
            ok = (value.value if value is not None else None) == want
        elif key in {"valid_from", "valid_until", "task_until"}:
            ok = _date(getattr(fact, key)) == want
        elif key == "plan_date":
            ok = _plan_date(fact) == want
        else:
            ok = getattr(fact, key) == want
        if not ok:
            return False
    return True


def judge(row: dict[str, Any], facts: list[CandidateFact]) -> list[str]:
    """Why a row failed (empty when it passed)."""
    problems: list[str] = []
    free = list(facts)
    for spec in row["expect"]:
        hit = next((f for f in free if matches(f, spec)), None)
        if hit is None:
            problems.append(f"missing {spec}")
        else:
            free.remove(hit)
    problems += [f"forbidden {spec}" for spec in row.get("forbid", []) if any(matches(f, spec) for f in facts)]
    return problems


def brief(fact: CandidateFact) -> str:
    extras = [f"{k}={v.value if hasattr(v, 'value') else v}" for k, v in [
        ("op", fact.operation), ("replaces", fact.replaces), ("negated", fact.negated), ("hedged", fact.hedged),
        ("type", fact.memory_type), ("sensitive", fact.sensitive_kind)] if v not in (None, False) and v != "add"]
    return f"{fact.subject} | {fact.predicate} | {fact.object} [{', '.join(extras)}]"


def run(corpus: Path = CORPUS, out: Path | None = RESULTS) -> dict[str, Any]:
    rows = load(corpus)
    extractions = OfflineExtractor().extract_many([to_episode(r) for r in rows])
    per_case: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    failures = []
    for row, extraction in zip(rows, extractions):
        problems = judge(row, extraction.facts)
        per_case[row["case"]][1] += 1
        if problems:
            failures.append({"id": row["id"], "case": row["case"], "text": row.get("text") or row["messages"],
                             "problems": problems, "extracted": [brief(f) for f in extraction.facts]})
        else:
            per_case[row["case"]][0] += 1
    passed = sum(p for p, _ in per_case.values())
    report = {
        "corpus": corpus.name, "rows": len(rows), "passed": passed, "share": round(passed / len(rows), 3),
        "per_case": {case: {"passed": p, "rows": n, "share": round(p / n, 3)} for case, (p, n) in sorted(per_case.items())},
        "failures": failures,
    }
    if out is not None:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return report


def print_report(report: dict[str, Any]) -> None:
    print(f"{'case':<14}{'right':>7}{'rows':>6}{'share':>8}")
    for case, r in report["per_case"].items():
        print(f"{case:<14}{r['passed']:>7}{r['rows']:>6}{r['share']:>8.0%}")
    print(f"{'all':<14}{report['passed']:>7}{report['rows']:>6}{report['share']:>8.0%}")
    if report["failures"]:
        print("\nfailures:")
    for f in report["failures"]:
        print(f"- {f['id']} [{f['case']}] {f['text']}")
        for problem in f["problems"]:
            print(f"    {problem}")
        for fact in f["extracted"]:
            print(f"    got: {fact}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args(argv)
    report = run(args.corpus, args.out)
    print_report(report)
    print(f"\nwrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
