"""The walk-through behind ``kronograph demo``: the main job, conversation in, on its own store.

Every step is a message through ``Memory.add`` (offline extraction) with a scripted clock, so
the output is the same on every machine.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from .errors import UsageError
from .memory import Memory
from .model import AddResult, Fact

USER = "demo"
#: Written next to the store the demo creates; only a store with it is ever replaced.
OWNER_SUFFIX = ".demo-owned"


def _line(fact: Fact) -> str:
    until = fact.valid_until.date().isoformat() if fact.valid_until else "now"
    return (f"  {fact.predicate:<11} {fact.object:<22} valid {fact.valid_from.date()} .. {until:<10} "
            f"[{fact.status.value}]")


def claim_store(path: Path) -> None:
    """Make ``path`` the demo's fresh store: remove it (with -wal/-shm) only when an earlier
    demo created it; refuse to touch any other existing file."""
    marker = Path(str(path) + OWNER_SUFFIX)
    files = [Path(str(path) + suffix) for suffix in ("", "-wal", "-shm")]
    if any(f.exists() for f in files):
        if not marker.exists():
            raise UsageError("db", f"{path} exists and was not created by the demo; the demo writes only its "
                                   "own store: pass another --db (default kronograph-demo.db)")
        for f in files:
            f.unlink(missing_ok=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    marker.write_text("created by `kronograph demo`; the demo may replace this store\n", encoding="utf-8")


def run_demo(db: str | Path = "kronograph-demo.db", *, echo: Callable[[str], None] = print,
             as_json: bool = False) -> dict[str, object]:
    """Tell the memory a short conversation and print what each query answers."""
    path = Path(db)
    claim_store(path)
    clock = [datetime(2026, 1, 5, 10, 0, tzinfo=UTC)]

    def say(text: str, at: str) -> AddResult:
        clock[0] = datetime.fromisoformat(at).replace(tzinfo=UTC)
        return mem.add(text, user_id=USER, reference_time=clock[0])

    with Memory(path, clock=lambda: clock[0]) as mem:
        echo("1. A move: 'I live in Shanghai.' (January), then 'I moved from Shanghai to Hangzhou last month.' (May)")
        say("I live in Shanghai.", "2026-01-05T10:00")
        moved = say("I moved from Shanghai to Hangzhou last month.", "2026-05-04T10:00")
        for fact in mem.history(user_id=USER, predicate="lives_in"):
            echo(_line(fact))
        lived = [f.object for f in mem.facts(user_id=USER, predicate="lives_in", as_of="2026-02-01")]
        echo(f"  where did the user live on 2026-02-01? (as_of)  -> {', '.join(lived)}")

        echo("\n2. A correction: 'I'm on Android.' (January), then 'I'm not on Android, I'm on iOS.' (May)")
        say("I'm on Android.", "2026-01-10T10:00")
        before = clock[0]
        fixed = say("I'm not on Android, I'm on iOS.", "2026-05-05T10:00")
        for fact in mem.history(user_id=USER, predicate="uses_os"):
            echo(_line(fact) + (f" retracted {fact.retracted_at.date()}" if fact.retracted_at else ""))
        os_now = [f.object for f in mem.facts(user_id=USER, predicate="uses_os", as_of="2026-02-01")]
        os_then = [f.object for f in mem.facts(user_id=USER, predicate="uses_os", as_of="2026-02-01",
                                               known_at=before)]
        echo(f"  phone OS on 2026-02-01, as believed now (known_at=now):  {', '.join(os_now)}")
        echo(f"  phone OS on 2026-02-01, as believed in January:           {', '.join(os_then)}")

        echo("\n3. A task for this week: 'This week I'm fixing the Docker build.' (Tue 2026-05-05)")
        task = say("This week I'm fixing the Docker build.", "2026-05-05T11:00").facts[0]
        assert task.expires_at is not None
        echo(f"  {task.text} -> memory_type {task.memory_type.value}, expires {task.expires_at.date()}")

        echo("\n4. A hedge: 'I might be allergic to penicillin.'")
        hedge = say("I might be allergic to penicillin.", "2026-05-05T12:00").facts[0]
        echo(f"  {hedge.text} -> memory_type {hedge.memory_type.value}, confidence {hedge.confidence:.2f}")

        echo("\n5. Private data: 'My card number is 4111 1111 1111 1111.'")
        card = say("My card number is 4111 1111 1111 1111.", "2026-05-05T13:00")
        for statement, reason in card.rejected:
            echo(f"  not stored: {statement} ({reason})")
        stored = next(e for e in mem.episodes(user_id=USER) if e.id == card.episode_id)
        echo(f"  the message as stored: {stored.content!r}")

        echo("\n6. 'I work at Acme.', later 'Forget that I work at Acme.'")
        told = say("I work at Acme.", "2026-05-05T14:00")
        forgot = say("Forget that I work at Acme.", "2026-05-06T09:00")
        echo(f"  hard-deleted {len(forgot.forgotten)} fact(s); content-free tombstones left: "
             f"{len(mem.tombstones(user_id=USER))}")
        stored = next(e for e in mem.episodes(user_id=USER) if e.id == told.episode_id)
        echo(f"  the first message as stored now: {stored.content!r}")

        echo("\n7. Two weeks later (2026-05-20), after maintain(): what is true now?")
        clock[0] = datetime(2026, 5, 20, 9, 0, tzinfo=UTC)
        report = mem.maintain()
        echo(f"  maintain: expired {len(report.expired)} (the Docker task), purged {len(report.purged)}")
        current = mem.facts(user_id=USER)
        for fact in current:
            echo(_line(fact))
        hits = mem.recall("where does the user live and which phone do they use", user_id=USER, k=3)
        echo("  recall 'where does the user live and which phone do they use':")
        for hit in hits:
            echo(f"    {hit.fact.text}")
        echo("  context for a prompt:")
        block = mem.context("where does the user live, which phone do they use, any allergies?", user_id=USER,
                            max_tokens=200)
        for line in block.splitlines():
            echo(f"    {line}")
        result: dict[str, object] = {
            "superseded": [f.object for f in moved.superseded],
            "lived_in_on_2026_02_01": lived,
            "corrected": [f.object for f in fixed.corrected],
            "os_believed_now": os_now,
            "os_believed_before_correction": os_then,
            "task_expires_at": task.expires_at.isoformat(),
            "hedge_confidence": hedge.confidence,
            "refused": [reason for _, reason in card.rejected],
            "forgotten": list(forgot.forgotten),
            "expired": list(report.expired),
            "current": [f"{f.predicate}={f.object}" for f in current],
            "recalled": [h.fact.text for h in hits],
            "context": block,
        }
    echo(f"\nStored in {path}. Try: kronograph history --user {USER} --db {path}")
    if as_json:
        echo(json.dumps(result, indent=2))
    return result
