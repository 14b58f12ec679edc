"""Text at the boundary (issue 11, defect 8): invalid Unicode is refused naming the field, control
and bidirectional-control characters never reach the store, and the CLI's arguments go through
the same checks as the Python API."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from kronograph import FieldTypeError, Memory, UsageError

CLI = [sys.executable, "-c", "from kronograph.cli import main; main()"]


@pytest.mark.parametrize(("call", "field"), [
    (lambda m: m.add_fact("user", "likes", "bad\ud800x", user_id="u"), "object"),
    (lambda m: m.add_fact("us\udcffer", "likes", "tea", user_id="u"), "subject"),
    (lambda m: m.add_fact("user", "likes", "tea", user_id="u", text="a \udc80 sentence"), "text"),
    (lambda m: m.add_fact("user", "likes", "tea", user_id="u\ud800"), "user_id"),
    (lambda m: m.add("I like \udcff tea.", user_id="u"), "text_or_messages"),
    (lambda m: m.add([{"role": "user", "content": "I like tea \ud800"}], user_id="u"), "text_or_messages[0].content"),
    (lambda m: m.add_facts([{"subject": "user", "predicate": "likes", "object": "x\ud800", "user_id": "u"}]), "items[0].object"),
    (lambda m: m.recall("tea \ud800", user_id="u"), "query"),
    (lambda m: m.forget(user_id="u", reason="gone \ud800", hard=True), "reason"),
])
def test_a_lone_surrogate_is_a_usage_error_naming_the_field(mem: Memory, call, field: str) -> None:
    with pytest.raises(UsageError) as caught:
        call(mem)
    assert caught.value.field == field and "Unicode" in str(caught.value)
    assert mem.history(user_id="u") == [] and mem.episodes(user_id="u") == []


@pytest.mark.parametrize("call", [
    lambda m, fid: m.get_fact(fid, user_id="u"),
    lambda m, fid: m.versions(fid, user_id="u"),
    lambda m, fid: m.retract(fid, user_id="u"),
    lambda m, fid: m.record_outcome(fid, user_id="u", success=True),
    lambda m, fid: m.reveal(fid, user_id="u"),
], ids=["get_fact", "versions", "retract", "record_outcome", "reveal"])
@pytest.mark.parametrize(("fact_id", "error"), [("x\udcff", UsageError), ("\ud800", UsageError), (5, FieldTypeError),
                                                (None, UsageError), ("  ", UsageError)])
def test_a_fact_id_that_is_not_clean_text_is_named(mem: Memory, call, fact_id: object, error: type) -> None:
    kept = mem.add_fact("user", "likes", "tea", user_id="u").fact
    with pytest.raises(error) as caught:
        call(mem, fact_id)
    assert caught.value.field == "fact_id"
    assert mem.history(user_id="u") == [kept]


def test_an_argument_add_fact_does_not_take_is_named(mem: Memory) -> None:
    with pytest.raises(UsageError, match="is not an add_fact argument") as caught:
        mem.add_fact("user", "likes", "tea", user_id="u", valid_form="2026-01-01")
    assert caught.value.field == "valid_form" and mem.history(user_id="u") == []


def test_a_graphml_path_the_file_system_cannot_name_is_a_usage_error(mem: Memory, tmp_path: Path) -> None:
    mem.add_fact("user", "likes", "tea", user_id="u")
    with pytest.raises(UsageError, match="not a file name") as caught:
        mem.export_graphml(tmp_path / "g\ud800.graphml", user_id="u")
    assert caught.value.field == "path"
    with pytest.raises(FieldTypeError) as caught:
        mem.export_graphml(5, user_id="u")  # type: ignore[arg-type]
    assert caught.value.field == "path"


@pytest.mark.parametrize(("call", "field"), [
    (lambda m, long: m.add_fact("user", "likes", "tea", user_id=long), "user_id"),
    (lambda m, long: m.add_fact("user", "likes", "tea", user_id="u", run_id=long), "run_id"),
    (lambda m, long: m.add("I like tea.", user_id="u", agent_id=long), "agent_id"),
    (lambda m, long: m.add_facts([{"subject": "user", "predicate": "likes", "object": "tea", "user_id": "u",
                                   "episode_id": long}]), "items[0].episode_id"),
    (lambda m, long: m.search("tea", user_id=long), "user_id"),
    (lambda m, long: m.get_fact(long, user_id="u"), "fact_id"),
])
def test_an_id_over_a_thousand_characters_is_named(mem: Memory, call, field: str) -> None:
    kept = mem.add_fact("user", "likes", "coffee", user_id="u").fact
    with pytest.raises(UsageError, match="the limit is 1000") as caught:
        call(mem, "x" * 1_001)
    assert caught.value.field == field
    assert mem.history(user_id="u") == [kept] and mem.episodes(user_id="u") == []
    assert mem.add_fact("user", "likes", "tea", user_id="u" * 1_000).created  # the limit itself is allowed


def test_a_conversation_over_a_million_characters_is_named_and_stores_nothing(mem: Memory) -> None:
    turn = {"role": "user", "content": "I like tea. " * 8_000}  # 96,000 characters: under one message's limit
    with pytest.raises(UsageError, match="in all; the limit for one episode is 1000000") as caught:
        mem.add([turn] * 11, user_id="u")
    assert caught.value.field == "text_or_messages"
    with pytest.raises(UsageError) as caught:
        mem.add_many(["I like coffee.", {"messages": [turn] * 11}], user_id="u", batch_size=1)
    assert caught.value.field == "items[1]"
    assert [e.content for e in mem.episodes(user_id="u")] == ["I like coffee."]  # the earlier batch stays


def test_nul_and_bidi_controls_are_removed_from_stored_text(mem: Memory, db_path: Path) -> None:
    mem.add_fact("user", "likes", "tea\x00 with \u202emilk\u202c", user_id="u", text="likes\x07 tea")
    mem.add("I like\u2066 green\u2069 tea.\x00", user_id="u")
    (fact,) = mem.facts(user_id="u", predicate="likes", object="tea with milk")
    assert (fact.object, fact.text) == ("tea with milk", "likes tea")
    assert mem.episodes(user_id="u")[0].content == "I like green tea."
    mem.close()
    raw = b"".join(p.read_bytes() for p in db_path.parent.glob(db_path.name + "*"))
    for control in ("\u202e", "\u202c", "\u2066", "\u2069"):  # (single bytes like NUL occur in any binary file)
        assert control.encode() not in raw


def test_a_scope_id_with_control_characters_is_refused(mem: Memory) -> None:
    with pytest.raises(UsageError, match="control") as caught:
        mem.add_fact("user", "likes", "tea", user_id="u\x00ser")
    assert caught.value.field == "user_id"


def _cli(*args: bytes | str, db: Path) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    return subprocess.run([*CLI, *args, "--db", str(db)], capture_output=True, env=env, timeout=120)


def test_invalid_utf8_on_the_command_line_is_a_clean_error(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    with Memory(db) as mem:
        mem.add_fact("user", "likes", "tea", user_id="u")
    for args, field in (((b"recall", b"\xff", b"--user", b"u"), "query"),
                        ((b"add-fact", b"user", b"likes", b"caf\xe9", b"--user", b"u"), "object"),
                        ((b"facts", b"--user", b"u\xff"), "user_id")):
        done = _cli(*args, db=db)
        assert done.returncode == 1, done.stderr
        assert b"Traceback" not in done.stderr and field.encode() in done.stderr and b"Unicode" in done.stderr
    with Memory(db) as mem:
        assert [f.object for f in mem.history(user_id="u")] == ["tea"]


@pytest.mark.parametrize("command", [["get-fact"], ["versions"], ["retract"], ["record-outcome", "--success"],
                                     ["reveal"]])
def test_invalid_utf8_in_a_fact_id_on_the_command_line_is_a_clean_error(tmp_path: Path, command: list[str]) -> None:
    db = tmp_path / "m.db"
    with Memory(db, embedder=None) as mem:
        mem.add_fact("user", "likes", "tea", user_id="u")
    done = _cli(command[0], b"x\xff", *command[1:], "--user", "u", db=db)
    assert done.returncode == 1 and b"Traceback" not in done.stderr, done.stderr
    assert done.stderr.startswith(b"Error: fact_id: ") and b"Unicode" in done.stderr
