"""The CLI mirrors the API: state set up through Python, commands checked by exit code and output."""

from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner

from kronograph import Memory
from kronograph.cli import main

from .conftest import Clock


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    return result.exit_code, result.output


def test_add_fact_then_facts_as_json(db_path: Path) -> None:
    code, out = run("add-fact", "user", "lives_in", "Shanghai", "--user", "u1", "--valid-from", "2019-01-01",
                    "--db", str(db_path))
    assert code == 0 and out.startswith("created: user lives in Shanghai")
    code, out = run("add-fact", "user", "lives_in", "Hangzhou", "--user", "u1", "--valid-from", "2026-04-01",
                    "--db", str(db_path))
    assert "superseded: user lives in Shanghai (valid until 2026-04-01)" in out
    code, out = run("facts", "--user", "u1", "--as-of", "2025-01-01", "--json", "--db", str(db_path))
    assert code == 0 and [f["object"] for f in json.loads(out)] == ["Shanghai"]


def test_history_prints_a_table_with_every_version(db_path: Path, clock: Clock) -> None:
    with Memory(db_path, clock=clock) as mem:
        mem.add_fact("user", "uses_os", "Android", user_id="u1", valid_from="2026-01-10")
        clock.advance(days=1)
        mem.add_fact("user", "uses_os", "iOS", user_id="u1", correction=True)
    code, out = run("history", "--user", "u1", "--db", str(db_path))
    lines = out.splitlines()
    assert code == 0 and lines[0].split()[:5] == ["id", "subject", "predicate", "object", "status"]
    assert re.search(r"Android\s+corrected", out) and re.search(r"iOS\s+active", out)


def test_a_record_whose_start_nobody_said_shows_a_question_mark(db_path: Path, clock: Clock) -> None:
    with Memory(db_path, clock=clock) as mem:
        mem.add("I stopped drinking coffee.", user_id="u1")
    code, out = run("history", "--user", "u1", "--db", str(db_path))
    assert code == 0 and "coffee" in out and "1970" not in out
    assert re.search(r"coffee\s.*\?\s", out)


def test_forget_hard_and_the_db_from_the_environment(db_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("KRONOGRAPH_DB", str(db_path))
    with Memory(db_path) as mem:
        fact_id = mem.add_fact("user", "phone", "555-0100", user_id="u1").fact.id
    code, out = run("forget", "--user", "u1", "--fact-id", fact_id, "--hard", "--reason", "asked")
    assert code == 0 and out == f"deleted 1 fact(s)\n  {fact_id}\n"
    with Memory(db_path) as mem:
        assert mem.history(user_id="u1") == [] and mem.tombstones(user_id="u1")[0].reason == "asked"


def test_bad_input_exits_with_the_field_named(db_path: Path) -> None:
    result = CliRunner().invoke(main, ["add-fact", "user", "lives_in", "X", "--user", "u1",
                                       "--valid-from", "yesterday-ish", "--db", str(db_path)])
    assert result.exit_code == 1 and "valid_from" in result.output


def test_end_fact_reports_what_it_closed(db_path: Path) -> None:
    with Memory(db_path) as mem:
        mem.add_fact("user", "likes", "minimalism", user_id="u1", valid_from="2025-01-01")
    code, out = run("end-fact", "user", "likes", "minimalism", "--user", "u1", "--json", "--db", str(db_path))
    assert code == 0 and json.loads(out)[0]["valid_until"] is not None


def test_demo_tells_the_whole_lifecycle_through_add(tmp_path: Path) -> None:
    # Issue 15 changed the demo from add_fact to a conversation through Memory.add.
    code, out = run("demo", "--db", str(tmp_path / "demo.db"), "--json")
    assert code == 0
    report = json.loads(out[out.index("\n{") + 1:])
    assert report["superseded"] == ["Shanghai"] and report["lived_in_on_2026_02_01"] == ["Shanghai"]
    assert report["corrected"] == ["Android"] and report["os_believed_before_correction"] == ["Android"]
    assert report["os_believed_now"] == ["iOS"] and report["task_expires_at"].startswith("2026-05-11")
    assert report["hedge_confidence"] < 0.5 and "card_number" in report["refused"][0]
    assert len(report["forgotten"]) == 1 and len(report["expired"]) == 1
    assert sorted(report["current"]) == ["allergic_to=penicillin", "lives_in=Hangzhou", "uses_os=iOS"]
    # Issue 13: context() also shows what was said, and earlier values marked as earlier.
    context_lines = report["context"].splitlines()
    current = context_lines[:context_lines.index("Earlier (replaced since):")]
    assert "- user lives in Hangzhou (since 2026-04-01)" in current
    assert all("Hangzhou" in line for line in current if "Shanghai" in line)
    assert all("iOS" in line for line in current if "Android" in line)
    # The purged task is no fact any more; what was said about it is shown with its date only.
    assert [line for line in current if "Docker" in line] in ([], ["- [2026-05-05] This week I'm fixing the Docker build."])
    # The README shows this output; the lines before the ranked recall are exact on every machine.
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    shown = readme.split("and prints:\n\n```\n", 1)[1].split("```", 1)[0]
    cut = "  recall '"
    assert out[:out.index("\n{")].split(cut)[0] == shown.split(cut)[0]


def test_demo_never_touches_a_store_it_did_not_create(tmp_path: Path, monkeypatch) -> None:
    # Issue 11, item 4: `kronograph demo` without --db deleted ./kronograph.db.
    monkeypatch.chdir(tmp_path)
    with Memory(tmp_path / "kronograph.db") as mem:
        mem.add_fact("user", "lives_in", "Paris", user_id="u1")
    code, out = run("demo")
    assert code == 0 and "Stored in kronograph-demo.db" in out
    code, out = run("demo")                       # its own store: replaced, not refused
    assert code == 0
    with Memory(tmp_path / "kronograph.db") as mem:
        assert [f.object for f in mem.facts(user_id="u1")] == ["Paris"]
    result = CliRunner().invoke(main, ["demo", "--db", "kronograph.db"])
    assert result.exit_code == 1 and "was not created by the demo" in result.output
    with Memory(tmp_path / "kronograph.db") as mem:
        assert [f.object for f in mem.facts(user_id="u1")] == ["Paris"]


def test_forget_without_a_selector_needs_all(db_path: Path) -> None:
    # Issue 11, item 5: `forget` with no selector forgot every fact, silently.
    with Memory(db_path) as mem:
        mem.add_fact("user", "lives_in", "Paris", user_id="u1")
        mem.add_fact("user", "likes", "tea", user_id="u1")
    result = CliRunner().invoke(main, ["forget", "--user", "u1", "--hard", "--db", str(db_path)])
    assert result.exit_code == 1 and "--all" in result.output
    with Memory(db_path) as mem:
        assert len(mem.facts(user_id="u1")) == 2
    code, out = run("forget", "--user", "u1", "--all", "--db", str(db_path))
    assert code == 0 and out.startswith("archived 2 fact(s)")


def test_every_command_has_help_with_an_example() -> None:
    for name, command in main.commands.items():
        assert command.help and "Example:" in command.help, name
        code, out = run(name, "--help")
        assert code == 0 and "Example:" in out


def test_commands_accept_the_short_id_tables_show(db_path: Path, clock: Clock) -> None:
    with Memory(db_path, clock=clock) as mem:
        ids = [mem.add_fact("user", "likes", thing, user_id="u1").fact.id for thing in ("tea", "jazz")]
    code, out = run("facts", "--user", "u1", "--db", str(db_path))
    shown = [line.split()[0] for line in out.splitlines()[2:]]
    assert sorted(shown) == sorted(i[-10:] for i in ids)
    code, out = run("forget", "--user", "u1", "--fact-id", shown[0], "--hard", "--db", str(db_path))
    assert code == 0 and out.splitlines()[1].strip() in ids
    with Memory(db_path, clock=clock) as mem:
        assert len(mem.history(user_id="u1")) == 1


def test_history_columns_line_up_with_chinese_objects(db_path: Path, clock: Clock) -> None:
    from kronograph.cli import display_width

    with Memory(db_path, clock=clock) as mem:
        mem.add_fact("user", "lives_in", "杭州市西湖区", user_id="u1")
        mem.add_fact("user", "likes", "jazz", user_id="u1")
    code, out = run("history", "--user", "u1", "--db", str(db_path))
    header, _rule, *rows = out.splitlines()
    status_column = display_width(header[:header.index("status")])
    assert code == 0 and len(rows) == 2
    for row in rows:
        column = next(i for i in range(len(row)) if row[i:].startswith("active"))
        assert display_width(row[:column]) == status_column


def test_add_facts_names_the_line_that_is_not_utf8_or_json_too_deep_and_stores_nothing(db_path: Path,
                                                                                       tmp_path: Path) -> None:
    good = b'{"subject": "user", "predicate": "likes", "object": "tea", "user_id": "u1"}\n'
    for name, bad, problem in [("latin1.jsonl", b'{"subject": "caf\xe9", "user_id": "u1"}\n', "is not valid UTF-8"),
                               ("deep.jsonl", b"[" * 100_000 + b"]" * 100_000 + b"\n", "is JSON nested too deep"),
                               ("key.jsonl", b'{"subject": "user", "user_id": "u1", "colour": "red"}\n',
                                "items[1].colour: is not an add_fact argument")]:
        path = tmp_path / name
        path.write_bytes(good + bad)
        code, out = run("add-facts", str(path), "--db", str(db_path))
        assert code == 1 and problem in out and "Traceback" not in out
        if "items[" not in problem:
            assert f"{path}:2" in out
    with Memory(db_path) as mem:
        assert mem.facts(user_id="u1") == []


def test_add_facts_names_a_missing_user_id(db_path: Path, tmp_path: Path) -> None:
    path = tmp_path / "facts.jsonl"
    path.write_text('{"subject": "user", "predicate": "likes", "object": "tea"}\n', encoding="utf-8")
    code, out = run("add-facts", str(path), "--db", str(db_path))
    assert code == 1 and "Error: items[0].user_id: is required" in out
