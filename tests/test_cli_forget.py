"""Forgetting and refusing through the command line, where other tests check them through the
API: each command is one invocation on a real SQLite file, and what must be gone is looked
for in the raw bytes of every file of the store. (Safe defaults, damaged files and bad input
have CLI tests of their own: test_cli.py, test_cli_add.py, graph/test_sqlite_open.py,
test_text_boundary.py.)"""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from kronograph import Memory
from kronograph.cli import main


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    return result.exit_code, result.output


def raw(db: Path) -> bytes:
    return b"".join(p.read_bytes() for p in db.parent.glob(db.name + "*"))


def test_forgetting_a_slot_cleans_every_episode_that_said_or_mentioned_it(db_path: Path) -> None:
    db = str(db_path)
    for when, text in [("2026-01-01T10:00Z", "I live in Boston."),
                       ("2026-02-01T10:00Z", "I moved from Boston to San Francisco."),
                       ("2026-02-02T10:00Z", "I meant Oakland, not San Francisco.")]:
        assert run("add", text, "--user", "u", "--reference-time", when, "--db", db)[0] == 0
    assert b"Oakland" in raw(db_path)
    code, out = run("forget", "--user", "u", "--predicate", "lives_in", "--hard", "--db", db)
    assert code == 0 and out.startswith("deleted ")
    left = raw(db_path)
    assert [w for w in (b"Boston", b"San Francisco", b"Oakland") if w in left] == []
    with Memory(db_path) as mem:
        assert mem.history(user_id="u") == []


def test_private_data_said_on_the_command_line_is_refused_and_never_stored(db_path: Path) -> None:
    db = str(db_path)
    code, out = run("add", "My password for the work VPN is hunter2.", "--user", "u", "--db", db)
    assert code == 0 and "credential" in out
    code, out = run("add", "My address is 12 Elm Street, Apt 4B, Somerville, MA 02144.", "--user", "u", "--db", db)
    assert code == 0
    code, out = run("add", "Forget the address I just told you.", "--user", "u", "--json", "--db", db)
    result = json.loads(out)
    assert code == 0 and result["forgotten"] == [] and any("never stored" in why for _, why in result["rejected"])
    left = raw(db_path)
    assert [w for w in (b"hunter2", b"Elm Street", b"Somerville", b"02144", b"Apt 4B") if w in left] == []


def test_a_statement_whose_interval_would_end_before_it_starts_keeps_its_episode(db_path: Path) -> None:
    code, out = run("add", "I mean I finished the draft by April 4.", "--user", "u",
                    "--reference-time", "2024-04-04T10:00Z", "--json", "--db", str(db_path))
    assert code == 0 and json.loads(out)["episode_id"]
    with Memory(db_path) as mem:
        assert [e.content for e in mem.episodes(user_id="u")] == ["I mean I finished the draft by April 4."]


def test_a_forget_request_leaves_the_value_in_no_episode_and_no_file(db_path: Path) -> None:
    db = str(db_path)
    assert run("add", "I work at Tesla.", "--user", "u", "--db", db)[0] == 0
    code, out = run("add", "Forget that I work at Tesla.", "--user", "u", "--json", "--db", db)
    assert code == 0 and len(json.loads(out)["forgotten"]) == 1
    assert b"Tesla" not in raw(db_path)


def test_a_new_open_value_after_a_stated_end_keeps_the_present(db_path: Path) -> None:
    db = str(db_path)
    assert run("add-fact", "user", "lives_in", "Paris", "--user", "u", "--valid-from", "2019-01-01",
               "--valid-until", "2025-12-01", "--db", db)[0] == 0
    assert run("add-fact", "user", "lives_in", "Lyon", "--user", "u", "--valid-from", "2025-06-01", "--db", db)[0] == 0
    code, out = run("facts", "--user", "u", "--json", "--db", db)
    assert code == 0 and [(f["object"], f["valid_until"]) for f in json.loads(out)] == [("Lyon", None)]


def test_a_forget_request_by_what_was_said_through_the_cli(db_path: Path) -> None:
    db = str(db_path)
    assert run("add", "My ex is called Darnwick.", "--user", "u", "--db", db)[0] == 0
    assert run("add", "I like jazz.", "--user", "u", "--db", db)[0] == 0
    code, out = run("add", "Delete what I said about my ex.", "--user", "u", "--json", "--db", db)
    result = json.loads(out)
    assert code == 0 and len(result["forgotten_spans"]) == 1
    assert b"Darnwick" not in raw(db_path)
    code, out = run("add", "Scratch that.", "--user", "u", "--json", "--db", db)
    assert code == 0 and len(json.loads(out)["forgotten"]) == 1  # "I like jazz."
    code, out = run("add", "Never mind what I said about my dentist.", "--user", "u", "--json", "--db", db)
    result = json.loads(out)
    assert result["forgotten"] == [] and result["forgotten_spans"] == []
    assert [why for _, why in result["rejected"]] == ["nothing held matches the forget request"]
