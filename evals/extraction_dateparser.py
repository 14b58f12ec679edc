"""dateparser against the hand-written time expressions (``timeexpr.py``) on the dev split.

    python evals/extraction_dateparser.py          # dev split (the hand parser was tuned on it)
    python evals/extraction_dateparser.py test     # held-out test split (never tuned on)

For every dev row that expects a date (``valid_from``, ``when`` or ``plan_date``), each parser
is asked for the first date in the row's text, relative to the row's reference time, preferring
the past (a plan row: the future); a row counts when that date is the expected one. Also the
time each takes per row. Writes evals/results/extraction_dateparser.json. ``dateparser`` is a
measurement-only dependency (``pip install dateparser``); kronograph does not import it.
"""

from __future__ import annotations

import json
import sys
import time
from datetime import datetime
from pathlib import Path
from typing import Any

from extraction import HERE, SPLITS, load

from kronograph.extraction.timeexpr import Prefer, find_times

RESULTS = Path(__file__).resolve().parent / "results" / "extraction_dateparser{}.json"
KEYS = ("valid_from", "when", "plan_date")


def expected(row: dict[str, Any]) -> str | None:
    for spec in row.get("expect", []):
        for key in KEYS:
            if key in spec:
                return str(spec[key])[:10]
    return None


def text_of(row: dict[str, Any]) -> str:
    if "text" in row:
        return str(row["text"])
    return " ".join(m["content"] for m in row["messages"] if m.get("role", "user") == "user")


def main(argv: list[str] | None = None) -> int:
    split = (argv if argv is not None else sys.argv[1:])[:1] or ["dev"]
    name = split[0] if split[0] in SPLITS else "dev"
    corpus = HERE / SPLITS[name]
    results = RESULTS.with_name(RESULTS.name.format("" if name == "dev" else f"_{name}"))
    try:
        from dateparser.search import search_dates
    except ImportError:
        print("dateparser is not installed (pip install dateparser); nothing to measure")
        return 0
    rows = [r for r in load(corpus) if expected(r)]
    hand_right = parser_right = 0
    hand_s = parser_s = 0.0
    misses: list[dict[str, Any]] = []
    for row in rows:
        want, text = expected(row), text_of(row)
        reference = datetime.fromisoformat(row["reference_time"])
        prefer: Prefer = "future" if row.get("case") in {"plan", "task"} else "past"
        started = time.perf_counter()
        first = next((s.start for s in find_times(text, reference, prefer) if s.start is not None), None)
        hand_s += time.perf_counter() - started
        hand = first.date().isoformat() if first else None
        started = time.perf_counter()
        found = search_dates(text, languages=["en"], settings={
            "RELATIVE_BASE": reference.replace(tzinfo=None), "PREFER_DATES_FROM": prefer,
            "PREFER_DAY_OF_MONTH": "first"})
        parser_s += time.perf_counter() - started
        other = found[0][1].date().isoformat() if found else None
        hand_right += hand == want
        parser_right += other == want
        if hand != want or other != want:
            misses.append({"id": row.get("id"), "want": want, "hand": hand, "dateparser": other})
    report = {"split": split[0], "rows": len(rows), "hand_right": hand_right, "dateparser_right": parser_right,
              "hand_ms_per_row": round(1000 * hand_s / len(rows), 3),
              "dateparser_ms_per_row": round(1000 * parser_s / len(rows), 3), "misses": misses}
    results.parent.mkdir(parents=True, exist_ok=True)
    results.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(json.dumps({k: v for k, v in report.items() if k != "misses"}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
