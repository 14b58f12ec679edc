"""What a hard delete reads on the Neo4j leg, old way and new way in the same run.

* versions of the records to delete: one ``UNWIND $ids`` statement (``Neo4jStore.versions_many``)
  against one statement per id (the contract's default, ``GraphStore.versions_many``, which
  the Neo4j store used before);
* the no-summaries shortcut: ``may_hold_summaries`` (one parameterised query) against what a
  hard delete did when the store could not tell (read every current record of the user to
  look for summaries built on the deleted ones: ``current(user)``).

Runs on ``NEO4J_URI`` when set (a disposable database: it is wiped), else on the Bolt stand-in
of the test suite (``tests/graph/bolt_stand_in.py``, ArcadeDB: not Neo4j; the ratios, not the
milliseconds, are the figure).

    python benchmarks/neo4j_deletes.py --facts 300 --runs 5
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from kronograph import Memory  # noqa: E402
from kronograph.graph.neo4j import Neo4jStore, auth_from_env  # noqa: E402
from kronograph.graph.store import GraphStore  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "neo4j_deletes.json"


def _median_ms(work: Callable[[], Any], runs: int) -> tuple[float, Any]:
    times, out = [], None
    for _ in range(runs):
        started = time.perf_counter()
        out = work()
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1e3, out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--facts", type=int, default=300, help="records of the user, each deleted in the read")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    server = None
    if os.environ.get("NEO4J_URI"):
        store: Neo4jStore = Neo4jStore(os.environ["NEO4J_URI"], auth=auth_from_env())
        kind = "neo4j"
    else:
        from tests.graph import bolt_stand_in

        server = bolt_stand_in.StandInServer().ready()
        store, kind = bolt_stand_in.StandInStore(server.uri, auth=server.auth), bolt_stand_in.NAME
    try:
        store.wipe()
        with Memory(store=store, embedder=None) as mem:
            mem.add_facts({"subject": "user", "predicate": "likes", "object": f"value {i}", "user_id": "u"}
                          for i in range(args.facts))
            ids = [f.id for f in mem.history(user_id="u")]
            loads = [os.getloadavg()[0]]
            rows = {}
            for name, new, old in [
                ("versions of every record", lambda: store.versions_many(ids),
                 lambda: GraphStore.versions_many(store, ids)),
                ("summaries? (a user without any)", lambda: store.may_hold_summaries("u"),
                 lambda: store.current("u")),
            ]:
                new_ms, new_out = _median_ms(new, args.runs)
                old_ms, _ = _median_ms(old, args.runs)
                loads.append(os.getloadavg()[0])
                rows[name] = {"new_ms": round(new_ms, 2), "old_ms": round(old_ms, 2),
                              "speedup": round(old_ms / new_ms, 1)}
                if name.startswith("versions"):
                    assert new_out == GraphStore.versions_many(store, ids) and len(new_out) == len(ids)
                else:
                    assert new_out is False
                print(f"{name:<34} new {new_ms:>9.2f} ms  old {old_ms:>9.2f} ms  {old_ms / new_ms:>6.1f}x", flush=True)
            store.wipe()
    finally:
        store.close()  # closing twice is a no-op
        if server is not None:
            server.stop()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"server": kind, "facts": args.facts, "runs": args.runs,
                                    "load_average": {"min": min(loads), "max": max(loads)}, "results": rows},
                                   indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
