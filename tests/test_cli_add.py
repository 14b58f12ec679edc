"""`kronograph add` and `kronograph ingest`: the CLI mirror of Memory.add / add_many (real spaCy)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from kronograph import Memory
from kronograph.cli import main


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    return result.exit_code, result.output


def test_add_prints_what_was_remembered_superseded_and_refused(db_path: Path) -> None:
    code, out = run("add", "I moved from Shanghai to Hangzhou last month.", "--user", "u1",
                    "--reference-time", "2026-05-06", "--db", str(db_path))
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("episode ")
    assert any(line.startswith("remembered: user lives in Hangzhou [") for line in lines)
    assert "superseded: user lives in Shanghai (valid until 2026-04-01)" in lines
    code, out = run("add", "my card is 4111 1111 1111 1111", "--user", "u1", "--db", str(db_path))
    assert code == 0 and "not stored:" in out and "card_number" in out and "4111" not in out


def test_add_as_json_is_the_add_result(db_path: Path) -> None:
    code, out = run("add", "I might be allergic to penicillin.", "--user", "u1", "--json", "--db", str(db_path))
    data = json.loads(out)
    assert code == 0 and data["facts"][0]["memory_type"] == "hypothesis" and data["facts"][0]["confidence"] < 0.5
    assert data["episode_id"]


def test_ingest_reads_one_message_per_line_and_summarises(db_path: Path, tmp_path: Path) -> None:
    chat = tmp_path / "chat.jsonl"
    lines = [
        {"role": "user", "content": "I live in Shanghai.", "reference_time": "2024-01-01"},
        {"role": "assistant", "content": "Nice, I live in the cloud."},
        "I like jazz.",
        {"role": "user", "content": "I moved to Hangzhou.", "reference_time": "2026-04-01"},
    ]
    chat.write_text("\n".join(json.dumps(line) for line in lines) + "\n\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["ingest", str(chat), "--user", "u1", "--json", "--batch-size", "2",
                                       "--db", str(db_path)], catch_exceptions=False)
    assert result.exit_code == 0
    summary = json.loads(result.stdout)
    assert summary["messages"] == 4 and summary["superseded"] == 1
    assert "4/4" in result.stderr  # the progress bar
    with Memory(db_path) as mem:
        assert sorted(f.object for f in mem.facts(user_id="u1")) == ["Hangzhou", "jazz"]
        assert len(mem.episodes(user_id="u1")) == 4


def test_ingest_names_the_bad_line(db_path: Path, tmp_path: Path) -> None:
    chat = tmp_path / "chat.jsonl"
    chat.write_text('"I like tea."\n{not json\n', encoding="utf-8")
    # issue 11 changes the default (a bad line is skipped); --strict keeps the old stop
    code, out = run("ingest", str(chat), "--user", "u1", "--strict", "--db", str(db_path))
    assert code == 1 and f"{chat}:2" in out
    with Memory(db_path) as mem:
        assert mem.episodes(user_id="u1") == []


def test_ingest_on_two_processes_stores_what_one_process_stores(tmp_path: Path) -> None:
    said = ["I live in Shanghai.", "Thanks, Maria!", "I work at Google as a data engineer.", "I like jazz.",
            "My sister Anna lives in Lyon.", "I'm not building an Android app, it's iOS.", "Wow, that's great"]
    chat = tmp_path / "chat.jsonl"
    # each line said at its own time (issue 11: the same text at the same time is one message)
    chat.write_text("\n".join(json.dumps({"content": said[i % len(said)],
                                          "reference_time": f"2025-01-{i % 28 + 1:02d}T{i // 28:02d}:00:00Z"})
                              for i in range(70)) + "\n", encoding="utf-8")
    stored = []
    for processes in ("1", "2"):
        db = tmp_path / f"p{processes}.db"
        result = CliRunner().invoke(main, ["ingest", str(chat), "--user", "u1", "--json", "--processes", processes,
                                           "--db", str(db)], catch_exceptions=False)
        assert result.exit_code == 0 and json.loads(result.stdout)["messages"] == 70
        with Memory(db) as mem:
            stored.append(sorted((f.predicate, f.object) for f in mem.facts(user_id="u1")))
    assert stored[0] == stored[1] and ("lives_in", "Shanghai") in stored[0]
    code, out = run("ingest", str(chat), "--user", "u1", "--processes", "0", "--db", str(tmp_path / "x.db"))
    assert code == 2 and "--processes" in out


def test_ingest_skips_bad_lines_by_number_and_a_second_run_stores_nothing_twice(db_path: Path, tmp_path: Path) -> None:
    # issue 11, defect 9: a bad line is reported and skipped; the same file ingested twice is stored once
    chat = tmp_path / "chat.jsonl"
    chat.write_bytes(b'{"content": "I live in Oslo.", "reference_time": "2026-01-01T10:00:00Z"}\n'
                     b'{not json\n'
                     b'{"content": "I moved to Bergen.", "reference_time": "2026-02-01T10:00:00Z"}\n'
                     b'"caf\xe9 is nice"\n'
                     b'{"content": "bad \\ud800 text", "reference_time": "2026-02-02T10:00:00Z"}\n'
                     b'{"id": "m7", "content": "Actually, I mean Trondheim, not Bergen.", '
                     b'"reference_time": "2026-02-03T10:00:00Z"}\n'
                     b'{"id": "m7", "content": "Actually, I mean Trondheim, not Bergen.", '
                     b'"reference_time": "2026-02-03T10:00:00Z"}\n')
    first = CliRunner().invoke(main, ["ingest", str(chat), "--user", "u1", "--json", "--db", str(db_path)])
    assert first.exit_code == 0, first.output
    summary = json.loads(first.stdout)
    assert (summary["added"], summary["duplicates"], summary["rejected_lines"]) == (3, 1, 3)
    for number, why in ((2, "not valid JSON"), (4, "not valid UTF-8"), (5, "Unicode")):
        assert f"skipped line {number}: {chat}:{number}" in first.stderr and why in first.stderr
    with Memory(db_path) as mem:
        history = [(f.object, f.status.value) for f in mem.history(user_id="u1", predicate="lives_in")]
    again = CliRunner().invoke(main, ["ingest", str(chat), "--user", "u1", "--json", "--db", str(db_path)])
    summary = json.loads(again.stdout)
    assert (summary["added"], summary["duplicates"], summary["rejected_lines"]) == (0, 4, 3)
    with Memory(db_path) as mem:
        assert len(mem.episodes(user_id="u1")) == 3
        assert [(f.object, f.status.value) for f in mem.history(user_id="u1", predicate="lives_in")] == history


def test_ingest_names_a_line_of_json_nested_too_deep(db_path: Path, tmp_path: Path) -> None:
    chat = tmp_path / "chat.jsonl"
    chat.write_bytes(b'"I like tea."\n' + b"[" * 100_000 + b"]" * 100_000 + b"\n")
    code, out = run("ingest", str(chat), "--user", "u1", "--strict", "--processes", "1", "--db", str(db_path))
    assert code == 1 and f"{chat}:2: is JSON nested too deep to read" in out


def test_a_jsonl_file_that_cannot_be_read_is_an_error_naming_it(tmp_path: Path) -> None:
    from kronograph.errors import UsageError
    from kronograph.write.jsonl import JsonlItems

    missing = tmp_path / "gone.jsonl"
    with pytest.raises(UsageError, match="cannot be read") as caught:
        JsonlItems(str(missing))
    assert caught.value.field == str(missing)
