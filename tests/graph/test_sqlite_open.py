"""Opening a SQLite store (issue 11, defects 6, 7 and 13): a read never creates a store, a file
without write access is read read-only, a damaged file is named with what to run and is never
written to, and one file format serves both SQLite builds (pysqlite3 and the standard library)."""

from __future__ import annotations

import hashlib
import os
import sqlite3 as stdlib_sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from kronograph import FieldTypeError, Memory, StoreError, UsageError
from kronograph.cli import main

ROOT = Path(__file__).resolve().parents[2]


def cli(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    return result.exit_code, result.output


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def damage(path: Path) -> None:
    """8 KB of garbage at every eighth of the file, as a failing disk or a bad copy leaves it."""
    size = path.stat().st_size
    with path.open("r+b") as handle:
        for eighth in range(1, 8):
            handle.seek(size * eighth // 8)
            handle.write(os.urandom(8192))


def filled(path: Path, n: int = 2_000) -> Path:
    with Memory(path) as mem:
        mem.add_facts([{"subject": "user", "predicate": "likes", "object": f"thing {i} with padding words",
                        "user_id": "u"} for i in range(n)])
        mem.add("I live in Lisbon and I like green tea.", user_id="u")
    return path


# -- a read never creates a store (defect 6) -------------------------------------------------
@pytest.mark.parametrize("command", [["facts"], ["history"], ["recall", "tea"], ["context", "tea"],
                                     ["forget", "--fact-id", "x"], ["retract", "abcdef"]])
def test_a_mistyped_db_on_a_command_that_reads_is_an_error_naming_it(tmp_path: Path, command: list[str]) -> None:
    missing = tmp_path / "typo" / "memroy.db"
    code, out = cli(*command, "--user", "u", "--db", str(missing))
    assert code == 1 and f"no store at {missing}" in out
    assert not missing.parent.exists()


def test_memory_with_create_false_refuses_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="no store at"):
        Memory(tmp_path / "none.db", create=False)
    assert not (tmp_path / "none.db").exists()


def test_commands_that_store_still_create_the_file(tmp_path: Path) -> None:
    db = tmp_path / "new" / "m.db"
    code, _ = cli("add-fact", "user", "likes", "tea", "--user", "u", "--db", str(db))
    assert code == 0 and db.exists()


def test_a_file_name_from_undecodable_bytes_opens_and_one_no_system_can_encode_is_named(tmp_path: Path) -> None:
    odd = tmp_path / os.fsdecode(b"m\xff.db")  # a name read from the file system, not valid UTF-8
    with Memory(odd, embedder=None) as mem:
        mem.add_fact("user", "likes", "tea", user_id="u")
    with Memory(odd, embedder=None, create=False) as mem:
        assert [f.object for f in mem.history(user_id="u")] == ["tea"]
    assert os.listdir(os.fsencode(tmp_path)).count(b"m\xff.db") == 1
    with pytest.raises(UsageError, match="not a file name this system can encode") as caught:
        Memory(tmp_path / "m\ud800.db", embedder=None)
    assert caught.value.field == "path"


def test_a_folder_given_as_the_store_is_named_and_left_alone(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="is a folder") as caught:
        Memory(tmp_path, embedder=None)
    assert caught.value.field == "path" and list(tmp_path.iterdir()) == []
    code, out = cli("add-fact", "user", "likes", "tea", "--user", "u", "--db", str(tmp_path))
    assert code == 1 and out.startswith("Error: path: ") and "is a folder" in out and list(tmp_path.iterdir()) == []
    with pytest.raises(FieldTypeError) as typed:
        Memory(5, embedder=None)  # type: ignore[arg-type]
    assert typed.value.field == "path"


def test_a_store_opened_read_only_is_read_and_never_written(tmp_path: Path) -> None:
    db = filled(tmp_path / "m.db", n=50)
    before = digest(db)
    with Memory(db, read_only=True) as mem:
        assert len(mem.facts(user_id="u", predicate="likes")) >= 50
        assert mem.recall("green tea", user_id="u")
        with pytest.raises(StoreError, match="read-only"):
            mem.add_fact("user", "likes", "coffee", user_id="u")
    assert digest(db) == before


# -- a damaged file (defect 7) ---------------------------------------------------------------
@pytest.mark.parametrize("command", [["recall", "thing"], ["context", "thing"], ["maintain"], ["facts"],
                                     ["add-fact", "user", "likes", "tea"]])
def test_a_damaged_file_is_named_with_what_to_run_and_never_written(tmp_path: Path, command: list[str]) -> None:
    db = filled(tmp_path / "m.db")
    size = db.stat().st_size
    damage(db)
    before = digest(db)
    args = [*command, "--db", str(db)] + ([] if command == ["maintain"] else ["--user", "u"])
    code, out = cli(*args)
    assert code == 1 and "Traceback" not in out
    assert str(db) in out and "PRAGMA integrity_check" in out
    assert digest(db) == before and db.stat().st_size == size


def test_a_damaged_file_found_while_reading_stops_every_later_write(tmp_path: Path) -> None:
    db = filled(tmp_path / "m.db")
    mem = Memory(db)  # the Python API does not verify at open; the first damaged read marks the store
    damage(db)
    mem.store.connection.execute("PRAGMA cache_size = 0")  # no page survives in the cache
    with pytest.raises(StoreError, match="integrity_check"):
        for _ in range(3):
            mem.facts(user_id="u", predicate="likes")
            mem.history(user_id="u")
    with pytest.raises(StoreError, match="damaged"):
        mem.add_fact("user", "likes", "tea", user_id="u")
    mem.close()


# -- one file format for both SQLite builds (defect 13) ----------------------------------------
def _run(code: str, *, stdlib: bool) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("KRONOGRAPH_SQLITE", None)
    if stdlib:
        env["KRONOGRAPH_SQLITE"] = "stdlib"
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300)


_WRITE = """
import sys
from kronograph import Memory
from kronograph.graph.sqlite.driver import sqlite3
with Memory(sys.argv[1] if len(sys.argv) > 1 else {db!r}) as mem:
    for i in range(30):
        mem.add(f"I like tea number {{i}} and I live in Porto.", user_id="u")
    mem.forget(user_id="u", predicate="likes", hard=True)
    mem.add("I like green tea.", user_id="u")
print(sqlite3.sqlite_version)
"""
_READ = """
from kronograph import Memory
from kronograph.graph.sqlite.driver import sqlite3
with Memory({db!r}) as mem:
    hits = mem.recall_episodes("green tea", user_id="u")
    assert hits and "green tea" in hits[0].episode.content, hits
    mem.add("I like black tea.", user_id="u")
    mem.forget(user_id="u", predicate="likes", hard=True)
print(sqlite3.sqlite_version)
"""


@pytest.mark.parametrize("writer_is_stdlib", [False, True], ids=["pysqlite3-then-stdlib", "stdlib-then-pysqlite3"])
def test_a_store_written_by_one_build_opens_on_the_other(tmp_path: Path, writer_is_stdlib: bool) -> None:
    pytest.importorskip("pysqlite3")
    db = tmp_path / "m.db"
    wrote = _run(_WRITE.format(db=str(db)), stdlib=writer_is_stdlib)
    assert wrote.returncode == 0, wrote.stderr
    read = _run(_READ.format(db=str(db)), stdlib=not writer_is_stdlib)
    assert read.returncode == 0, read.stderr
    assert wrote.stdout.strip() != read.stdout.strip()  # two different SQLite libraries


def test_a_file_in_the_secure_delete_format_is_converted_or_refused_by_name(tmp_path: Path) -> None:
    dbapi2 = pytest.importorskip("pysqlite3.dbapi2")
    db = tmp_path / "m.db"
    with Memory(db) as mem:
        mem.add("I like green tea.", user_id="u")
    # What an older kronograph left on SQLite >= 3.42: an FTS5 episode index with secure-delete on,
    # after a delete (the format becomes 5, which SQLite < 3.42 cannot read).
    conn = dbapi2.connect(str(db))
    conn.execute("CREATE VIRTUAL TABLE episode_search USING fts5(content, user_key)")
    conn.execute("INSERT INTO episode_search (episode_search, rank) VALUES ('secure-delete', 1)")
    conn.execute("INSERT INTO episode_search (rowid, content, user_key) VALUES (1, 'I like green tea.', 'u')")
    conn.execute("INSERT INTO episode_search (rowid, content, user_key) VALUES (2, 'I like tea.', 'u')")
    conn.execute("DELETE FROM episode_search WHERE rowid = 1")
    conn.commit()
    assert conn.execute("SELECT v FROM episode_search_config WHERE k = 'version'").fetchone()[0] == 5
    conn.close()
    if stdlib_sqlite3.sqlite_version_info < (3, 42, 0):
        refused = _run(f"from kronograph import Memory\nMemory({str(db)!r}, read_only=True)", stdlib=True)
        assert refused.returncode == 1 and "SQLite >= 3.42" in refused.stderr and "write access" in refused.stderr
        assert "StoreError" in refused.stderr
    converted = _run(_READ.format(db=str(db)), stdlib=True)
    assert converted.returncode == 0, converted.stderr
    check = stdlib_sqlite3.connect(db)
    assert check.execute("SELECT v FROM episode_search_config WHERE k = 'version'").fetchone()[0] == 4
    check.close()


def test_whether_a_user_may_hold_summaries_is_read_from_the_summary_index(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    with Memory(db, embedder=None) as mem:
        mem.add_facts([{"subject": "user", "predicate": "likes", "object": f"tea {i}", "user_id": "u"}
                       for i in range(50)])
        ran: list[str] = []
        mem.store.connection.set_trace_callback(ran.append)  # the statements the store runs, as it runs them
        try:
            assert mem.store.may_hold_summaries("u") is False
        finally:
            mem.store.connection.set_trace_callback(None)
        (statement,) = ran
        plan = mem.store.connection.execute("EXPLAIN QUERY PLAN " + statement,
                                            ("u",) * statement.count("?")).fetchall()
    assert "USING INDEX facts_summaries" in " ".join(str(row[-1]) for row in plan), (statement, plan)


def test_a_store_from_before_the_summary_index_opens_with_it_and_still_finds_summaries(tmp_path: Path) -> None:
    from kronograph.graph.memory_fields import SUMMARY_MARK
    from kronograph.graph.sqlite.migrations import MIGRATIONS, SUMMARY_ROWS, V_SUMMARY_INDEX

    # The written-out condition of the shipped migration is the one the query repeats.
    assert f"instr(memory_fields, '{SUMMARY_MARK}') > 0" == SUMMARY_ROWS and SUMMARY_ROWS in V_SUMMARY_INDEX

    db = tmp_path / "m.db"
    with Memory(db, embedder=None) as mem:
        mem.add_facts([{"subject": "user", "predicate": "likes", "object": f"tea {i}", "user_id": "u"}
                       for i in range(5)])
    before = MIGRATIONS.index(V_SUMMARY_INDEX)
    conn = stdlib_sqlite3.connect(db)  # the store as the schema before the index left it
    conn.execute("DROP INDEX facts_summaries")
    conn.execute("""UPDATE facts SET memory_fields = '{"summary_level": 1}' WHERE rowid = (SELECT min(rowid) FROM facts)""")
    conn.execute(f"PRAGMA user_version = {before}")
    conn.commit()
    conn.close()
    with Memory(db, embedder=None) as mem:
        assert mem.store.may_hold_summaries("u") is True
        assert mem.store.may_hold_summaries("someone else") is False
    conn = stdlib_sqlite3.connect(db)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
    assert conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'facts_summaries'").fetchone() is not None
    conn.close()


def test_reads_by_more_ids_than_one_statement_binds_return_every_record(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", embedder=None) as mem:
        mem.add_facts([{"subject": "user", "predicate": "likes", "object": f"tea {i}", "user_id": "u"}
                       for i in range(2_000)])
        ids = [f.id for f in mem.facts(user_id="u")]
        found = mem.store.versions_many(ids)
        assert len(ids) == 2_000 and sorted(found) == sorted(ids)
        assert all(len(versions) == 1 for versions in found.values())
