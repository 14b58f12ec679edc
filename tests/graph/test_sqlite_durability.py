"""The embedded store under crashes, concurrent writers and hard deletes: real processes,
a real file, real SIGKILL."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

from kronograph import Episode, Memory

WRITER = r"""
import sys
from kronograph import Memory
path, tag, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
with Memory(path) as mem:
    for i in range(count):
        # Half the writes contend for one shared slot, half go to the writer's own slots.
        if i % 2:
            mem.add_fact("shared", "likes", f"{tag}-{i}", user_id="u")
        else:
            mem.add_fact(f"{tag}-{i}", "lives_in", f"city-{i}", user_id="u")
        print(i, flush=True)
"""


def _spawn(db: Path, tag: str, count: int) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-c", WRITER, str(db), tag, str(count)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _integrity(db: Path) -> str:
    conn = sqlite3.connect(db)
    try:
        return conn.execute("PRAGMA integrity_check").fetchone()[0]
    finally:
        conn.close()


def test_a_killed_writer_loses_no_acknowledged_write_and_leaves_a_sound_file(tmp_path: Path) -> None:
    db = tmp_path / "crash.db"
    proc = _spawn(db, "w", 100_000)
    acknowledged: list[int] = []
    assert proc.stdout is not None
    deadline = time.monotonic() + 60
    while len(acknowledged) < 150 and time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        acknowledged.append(int(line))
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert len(acknowledged) >= 150, proc.stderr.read() if proc.stderr else ""
    assert _integrity(db) == "ok"
    with Memory(db) as mem:
        stored = {f.object for f in mem.history(user_id="u")}
    for i in acknowledged:
        assert (f"w-{i}" if i % 2 else f"city-{i}") in stored, i


def test_four_processes_writing_at_once_all_land_without_errors(tmp_path: Path) -> None:
    db = tmp_path / "shared.db"
    with Memory(db):
        pass  # create the schema once, as an application would
    writers = [_spawn(db, f"p{n}", 60) for n in range(4)]
    outputs = [w.communicate(timeout=300) for w in writers]
    for writer, (out, err) in zip(writers, outputs):
        assert writer.returncode == 0, err
        assert out.split() == [str(i) for i in range(60)]
    with Memory(db) as mem:
        history = mem.history(user_id="u")
        shared = {f.object for f in history if f.subject == "shared"}
        own = [f for f in history if f.subject != "shared"]
    assert shared == {f"p{n}-{i}" for n in range(4) for i in range(1, 60, 2)}
    assert len(own) == 4 * 30
    assert _integrity(db) == "ok"


def test_a_hard_deleted_marker_is_in_no_file_of_the_store(tmp_path: Path) -> None:
    marker = "ZQX-marker-7f3a9c"
    db = tmp_path / "forget.db"
    with Memory(db) as mem:
        mem.add_facts([{"subject": f"s{i}", "predicate": "likes", "object": f"thing {i}", "user_id": "u"}
                       for i in range(2_000)])
        fact = mem.add_fact("user", "home_address", f"{marker} street", user_id="u",
                            text=f"user lives at {marker} street").fact
        now = datetime.now(UTC)
        mem.store.add_episode(Episode(id="ep1", user_id="u", content=f"My address is {marker} street, ok?",
                                      reference_time=now, recorded_at=now, fact_ids=[fact.id]))
        mem.add_fact("user", "home_address", "elsewhere", user_id="u")  # a revision: more versions with it
        mem.forget(user_id="u", fact_id=fact.id, hard=True, reason="user asked")
        assert mem.store.get_episode("ep1").content == "My address is [forgotten], ok?"
    files = list(tmp_path.iterdir())
    assert files and all(marker.encode() not in f.read_bytes() for f in files), [f.name for f in files]
    assert _integrity(db) == "ok"
