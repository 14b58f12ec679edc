"""How well forget requests in conversation find what they name, on held-out wordings.

    .venv/bin/python evals/forget_requests.py                 # both splits
    .venv/bin/python evals/forget_requests.py --split test --failures

``evals/forget_requests.jsonl``: each case says some messages, then a forget request
("please forget which café I like", "scratch that", "delete what I said about my ex").
``gone`` lists markers the request refers to; ``kept`` markers of other facts that must stay.
A case is **right** when, after the request,

- no marker of ``gone`` is in any episode or fact of the user (the request's own episode
  included), and the result says what it did: ids in ``forgotten``, or spans of refused
  private data cut (``forgotten_spans``) or a reason saying it was never stored;
- with ``gone`` empty (nothing said matches), nothing is deleted and ``rejected`` says so;
- every marker of ``kept`` is still in a fact.

The ``test`` split was written before the forget-request rules were changed and is never
tuned on; tune on ``dev``. Results go to ``evals/results/forget_requests.json``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from kronograph import AddResult, Memory

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "forget_requests.jsonl"
RESULTS = HERE / "results" / "forget_requests.json"


def load(path: Path = CORPUS) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def judge(case: dict[str, Any], result: AddResult, mem: Memory, user: str) -> str | None:
    """None when the case is right, else what went wrong."""
    facts = " ".join(f"{f.subject} {f.object} {f.text}" for f in mem.history(user_id=user)).casefold()
    held = facts + " " + " ".join(e.content for e in mem.episodes(user_id=user)).casefold()
    left = [m for m in case["gone"] if m.casefold() in held]
    if left:
        return f"still held: {left}"
    lost = [m for m in case["kept"] if m.casefold() not in facts]
    if lost:
        return f"lost: {lost}"
    reasons = " ".join(why for _, why in result.rejected)
    if case["gone"]:
        if not (result.forgotten or result.forgotten_spans or "never stored" in reasons):
            return f"nothing said to be deleted: {result.rejected}"
    elif result.forgotten or result.forgotten_spans:
        return f"deleted without a match: {len(result.forgotten)} facts, {len(result.forgotten_spans)} spans"
    elif "nothing" not in reasons and "never stored" not in reasons:
        return f"no answer saying nothing matched: {result.rejected}"
    return None


def run(cases: list[dict[str, Any]]) -> list[tuple[dict[str, Any], str | None]]:
    out = []
    with Memory(None, embedder=None) as mem:
        for n, case in enumerate(cases):
            user = f"u{n}"
            for i, message in enumerate(case["said"]):
                mem.add(message, user_id=user, reference_time=f"2026-03-0{i + 1}T10:00:00Z")
            result = mem.add(case["request"], user_id=user, reference_time="2026-03-09T10:00:00Z")
            out.append((case, judge(case, result, mem, user)))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--split", choices=["dev", "test", "all"], default="all")
    parser.add_argument("--failures", action="store_true", help="print each case that went wrong")
    parser.add_argument("--save", action="store_true", help=f"write the figures to {RESULTS}")
    args = parser.parse_args(argv)
    cases = [c for c in load() if args.split == "all" or c["split"] == args.split]
    outcome = run(cases)
    summary: dict[str, Any] = {}
    for split in ("dev", "test"):
        rows = [(c, why) for c, why in outcome if c["split"] == split]
        if not rows:
            continue
        matched = [(c, why) for c, why in rows if c["gone"]]
        unmatched = [(c, why) for c, why in rows if not c["gone"]]
        summary[split] = {
            "cases": len(rows), "right": sum(why is None for _, why in rows),
            "with_a_match": f"{sum(why is None for _, why in matched)}/{len(matched)}",
            "without_a_match": f"{sum(why is None for _, why in unmatched)}/{len(unmatched)}",
            "wrong": {c["id"]: why for c, why in rows if why is not None},
        }
        print(f"{split}: {summary[split]['right']}/{len(rows)} right "
              f"(with a match {summary[split]['with_a_match']}, without {summary[split]['without_a_match']})")
        if args.failures:
            for c, why in rows:
                if why is not None:
                    print(f"  {c['id']} {c['request']!r}: {why}")
    if args.save:
        RESULTS.parent.mkdir(exist_ok=True)
        RESULTS.write_text(json.dumps(summary, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
