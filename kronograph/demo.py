"""The walk-through behind ``kronograph demo``: the main job on the embedded store."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from .memory import Memory
from .model import Fact


def _line(fact: Fact) -> str:
    until = fact.valid_until.date().isoformat() if fact.valid_until else "now"
    return f"  {fact.subject} {fact.predicate:<9} {fact.object:<10} valid {fact.valid_from.date()} .. {until:<10} [{fact.status.value}]"


def run_demo(db: str, *, echo: Callable[[str], None] = print, as_json: bool = False) -> dict[str, object]:
    """Store a few facts for user ``demo`` with a scripted clock and print what each query answers."""
    path = Path(db)
    for suffix in ("", "-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)
    clock = [datetime(2026, 5, 6, 9, 0, tzinfo=UTC)]
    report: dict[str, object] = {}
    with Memory(path, clock=lambda: clock[0]) as mem:
        user = "demo"
        mem.add_fact("user", "lives_in", "Shanghai", user_id=user, valid_from="2019-03-01")
        mem.add_fact("user", "works_at", "Acme", user_id=user, valid_from="2021-06-01")
        mem.add_fact("user", "uses_os", "Android", user_id=user, valid_from="2026-01-10")
        moved = mem.add_fact("user", "lives_in", "Hangzhou", user_id=user, valid_from="2026-04-01",
                             text="user moved to Hangzhou")
        echo("1. 'I moved from Shanghai to Hangzhou last month' -> supersession (nothing deleted):")
        for fact in mem.history(user_id=user, predicate="lives_in"):
            echo(_line(fact))
        echo("\n2. Where did the user live on 2026-01-01? (as_of)")
        then = mem.facts(user_id=user, predicate="lives_in", as_of="2026-01-01")
        echo(f"  -> {', '.join(f.object for f in then)}")
        echo("\n3. 'I'm not on Android, I'm on iOS' -> correction (the Android record is retracted):")
        before = clock[0]
        clock[0] = datetime(2026, 5, 7, 9, 0, tzinfo=UTC)
        fixed = mem.add_fact("user", "uses_os", "iOS", user_id=user, correction=True)
        for fact in mem.history(user_id=user, predicate="uses_os"):
            echo(_line(fact) + (f" retracted {fact.retracted_at.date()}" if fact.retracted_at else ""))
        now_os = [f.object for f in mem.facts(user_id=user, predicate="uses_os", as_of="2026-02-01")]
        old_os = [f.object for f in mem.facts(user_id=user, predicate="uses_os", as_of="2026-02-01", known_at=before)]
        echo(f"  as of 2026-02-01, believed now:          {', '.join(now_os)}")
        echo(f"  as of 2026-02-01, as believed on 05-06:  {', '.join(old_os)}")
        echo("\n4. What is true about the user now?")
        current = mem.facts(user_id=user)
        for fact in current:
            echo(_line(fact))
        report = {
            "superseded": [f.object for f in moved.superseded],
            "lived_in_on_2026_01_01": [f.object for f in then],
            "corrected": [f.object for f in fixed.corrected],
            "os_believed_now": now_os,
            "os_believed_before_correction": old_os,
            "current": [f"{f.predicate}={f.object}" for f in current],
        }
    echo(f"\nStored in {path}. Try: kronograph history --user demo --db {path}")
    if as_json:
        echo(json.dumps(report, indent=2))
    return report
