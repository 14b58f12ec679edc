"""Knowledge-update slots: do an original statement and its update yield facts in the same
slot, so that the write path can supersede the original (and search demote its episode)?

For every pair of a knowledge-update set the offline extractor reads the original and the
update; each pair falls in one category per kind: ``same`` (a single-valued slot both fill),
``only_original``, ``only_update``, ``neither`` or ``different`` (both yield facts, no shared
single-valued slot). Given a ``knowledge_updates.py`` results file, the search outcome per
category is shown beside it.

    python evals/knowledge_update_slots.py --data evals/data/knowledge_updates_dev5.jsonl \
        [--results evals/results/knowledge_updates_dev5.json] [--show different,only_original]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from kronograph.extraction.base import EpisodeInput, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.model import Scope
from kronograph.temporal.predicates import PredicateSchema

CATEGORIES = ("same", "only_original", "only_update", "neither", "different")
_START = datetime(2025, 1, 26, 9, 0, tzinfo=UTC)


def slots(facts: list[Any], schema: PredicateSchema) -> set[tuple[str, str]]:
    """The single-valued slots (subject, predicate) a message's facts fill."""
    return {(f.subject.casefold(), f.predicate) for f in facts
            if not f.negated and schema.is_single_valued(f.predicate)}


def category(original: list[Any], update: list[Any], schema: PredicateSchema) -> str:
    if not original and not update:
        return "neither"
    if not update:
        return "only_original"
    if not original:
        return "only_update"
    return "same" if slots(original, schema) & slots(update, schema) else "different"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, action="append", required=True, help="a pairs file (repeatable)")
    parser.add_argument("--results", type=Path, action="append", default=[],
                        help="knowledge_updates.py output for the same pairs (repeatable)")
    parser.add_argument("--show", default="", help="categories whose pairs to print, comma-separated")
    args = parser.parse_args(argv)
    pairs = [json.loads(line) for path in args.data for line in path.read_text().splitlines() if line.strip()]
    outcome = {row["id"]: row for path in args.results for row in json.loads(path.read_text())["pairs"]}
    extractor, schema = OfflineExtractor(), PredicateSchema()
    episodes = [EpisodeInput(turns=[Turn(content=p[side])], reference_time=_START + timedelta(days=55 * i),
                             scope=Scope(user_id="slots")) for p in pairs for i, side in enumerate(("original", "update"))]
    extractions = extractor.extract_many(episodes)
    table: dict[str, Counter[str]] = defaultdict(Counter)
    wins: dict[str, Counter[str]] = defaultdict(Counter)
    show = set(filter(None, args.show.split(",")))
    for p, pair in enumerate(pairs):
        original, update = extractions[2 * p].facts, extractions[2 * p + 1].facts
        cat = category(original, update, schema)
        table[pair["kind"]][cat] += 1
        table["all"][cat] += 1
        row = outcome.get(pair["id"])
        if row is not None:
            wins[cat]["pairs"] += 1
            wins[cat]["update first"] += row["update_outranks"]
            wins[cat]["ctx new"] += row["context_has_new"]
            wins[cat]["stale"] += row["stale_as_current"]
        if cat in show:
            ok = "" if row is None else f" first={row['update_outranks']} ctx={row['context_has_new']}"
            print(f"[{cat}] {pair['id']}{ok}\n  O: {pair['original']}\n     "
                  + "; ".join(f"{f.subject}|{f.predicate}|{f.object}" for f in original)
                  + f"\n  U: {pair['update']}\n     " + "; ".join(f"{f.subject}|{f.predicate}|{f.object}" for f in update))
    print(f"{'kind':<12}" + "".join(f"{c:>15}" for c in CATEGORIES))
    for kind in sorted(table, key=lambda k: (k == "all", k)):
        print(f"{kind:<12}" + "".join(f"{table[kind][c]:>15}" for c in CATEGORIES))
    if wins:
        print(f"\n{'category':<15}{'pairs':>6}{'update first':>14}{'ctx new':>9}{'stale':>7}")
        for cat in CATEGORIES:
            w = wins[cat]
            if w["pairs"]:
                print(f"{cat:<15}{w['pairs']:>6}{w['update first']:>14}{w['ctx new']:>9}{w['stale']:>7}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
