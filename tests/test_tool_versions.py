"""Tool knowledge follows versions, through the public API on a real SQLite file: a memory
stated for a newer version of a tool supersedes the older version's on its slot, an older
version's statement arriving late never closes the newer one, and recall and search for a
given version prefer that version's own memories."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from kronograph import Memory, RecallConfig, Status, UsageError
from kronograph.cli import main
from kronograph.temporal.versions import version_key

from .conftest import Clock

TOOL = "docker-compose"


@pytest.fixture
def omem(db_path: Path, clock: Clock) -> Iterator[Memory]:
    with Memory(db_path, clock=clock, embedder=None) as memory:
        yield memory


def start_command(mem: Memory, command: str, version: str, when: str, *, tool: str = TOOL,
                  predicate: str = "start_command"):
    return mem.add_fact("docker-compose", predicate, command, user_id="u1", valid_from=when, tool=tool,
                        tool_version=version)


@pytest.mark.parametrize(("older", "newer"), [
    ("2.9", "2.29"), ("1.9", "1.10"), ("2.29", "2.29.1"), ("2.29.0-rc1", "2.29"), ("2.29-rc2", "2.29-rc10"),
    ("2.29-alpha", "2.29-beta"), ("2", "2.0.1"), ("v2.28", "2.29"),
])
def test_versions_compare_part_by_part_with_numbers_as_numbers(older: str, newer: str) -> None:
    assert version_key(older) < version_key(newer)


@pytest.mark.parametrize(("a", "b"), [("2.29", "2.29.0"), ("v2.29", "2.29"), ("2.29", "2.29.0.0")])
def test_spellings_of_one_version_are_equal(a: str, b: str) -> None:
    assert version_key(a) == version_key(b)


def test_a_newer_versions_memory_supersedes_the_older_ones(omem: Memory) -> None:
    old = start_command(omem, "docker-compose up -d", "2.9", "2026-01-10").fact
    new = start_command(omem, "docker compose up --wait", "2.29", "2026-03-01")
    assert old is not None and new.fact is not None
    assert [f.id for f in new.superseded] == [old.id]
    (current,) = omem.facts(user_id="u1", subject="docker-compose")
    assert (current.object, current.tool, current.tool_version) == ("docker compose up --wait", TOOL, "2.29")
    # the older version's memory is history, not lost
    (then,) = omem.facts(user_id="u1", subject="docker-compose", as_of="2026-02-01")
    assert then.id == old.id and then.tool_version == "2.9"
    closed = omem.get_fact(old.id, user_id="u1")
    assert closed.status is Status.superseded and closed.superseded_by == new.fact.id


def test_an_older_versions_statement_arriving_late_never_closes_the_newer_one(db_path: Path, clock: Clock) -> None:
    with Memory(db_path, clock=clock, embedder=None) as mem:
        new = start_command(mem, "docker compose up --wait", "2.29", "2026-03-01").fact
    assert new is not None
    clock.advance(days=1)
    with Memory(db_path, clock=clock, embedder=None) as mem:  # versions read back from the file
        late = start_command(mem, "docker-compose up -d", "2.9", "2026-04-01")
        assert late.created and late.superseded == []
        assert late.fact is not None and late.fact.superseded_by == new.id
        assert late.fact.valid_until == late.fact.valid_from  # never the current advice
        (current,) = mem.facts(user_id="u1", subject="docker-compose")
        assert current.id == new.id and current.valid_until is None
        for when in ("2026-04-02", "2026-06-01"):
            assert [f.id for f in mem.facts(user_id="u1", subject="docker-compose", as_of=when)] == [new.id]
        # both are in the slot's history
        assert {f.tool_version for f in mem.history(user_id="u1", subject="docker-compose",
                                                    predicate="start_command")} == {"2.9", "2.29"}
        # a later statement for the newer version still supersedes its own version's memory
        newest = start_command(mem, "docker compose up --wait --detach", "2.29", "2026-05-01")
        assert [f.id for f in newest.superseded] == [new.id]


def test_one_versions_restatement_is_a_duplicate_and_another_version_is_a_new_memory(omem: Memory) -> None:
    first = start_command(omem, "docker compose up", "2.20", "2026-01-01").fact
    again = start_command(omem, "docker compose up", "2.20.0", "2026-02-01")
    assert not again.created and again.fact is not None and again.fact.id == first.id
    moved = start_command(omem, "docker compose up", "2.29", "2026-03-01")
    assert moved.created and moved.fact is not None and moved.fact.tool_version == "2.29"
    (current,) = omem.facts(user_id="u1", subject="docker-compose")
    assert current.id == moved.fact.id


def test_versions_order_a_tool_even_in_a_multi_valued_relation_and_tools_stay_apart(omem: Memory) -> None:
    # "uses_flag" is multi-valued: plain values accumulate, but one tool's versions replace each other
    assert not omem.schema.is_single_valued("uses_flag")
    a = start_command(omem, "--detach", "2.9", "2026-01-01", predicate="uses_flag").fact
    b = start_command(omem, "--wait", "2.29", "2026-02-01", predicate="uses_flag").fact
    other = start_command(omem, "--rm", "24.0", "2026-02-15", tool="docker", predicate="uses_flag").fact
    plain = omem.add_fact("docker-compose", "uses_flag", "--build", user_id="u1", valid_from="2026-03-01").fact
    assert a is not None and b is not None and other is not None and plain is not None
    held = {f.id for f in omem.facts(user_id="u1", subject="docker-compose", predicate="uses_flag")}
    assert held == {b.id, other.id, plain.id}
    assert omem.get_fact(a.id, user_id="u1").superseded_by == b.id


def test_recall_and_search_for_a_version_prefer_its_own_memories(rmem: Memory) -> None:
    omem = rmem  # the real embedder: search needs it
    old = start_command(omem, "docker-compose up -d", "2.9", "2026-01-10").fact
    mid = start_command(omem, "docker-compose up --detach", "2.20", "2026-02-10").fact
    new = start_command(omem, "docker compose up --wait", "2.29", "2026-03-01").fact
    unrelated = omem.add_fact("user", "prefers", "docker compose over podman", user_id="u1").fact
    assert old is not None and mid is not None and new is not None and unrelated is not None
    query = "how do I start docker compose"
    plain = omem.recall(query, user_id="u1")
    assert plain[0].fact.id == new.id and old.id not in {r.fact.id for r in plain}
    expected = {"2.9": old.id, "2.20": mid.id, "2.25": mid.id, "2.29": new.id, "2.29.0": new.id, "3.0": new.id}
    for version, wanted in expected.items():
        got = omem.recall(query, user_id="u1", tool=TOOL, tool_version=version)
        assert got[0].fact.id == wanted, version
        assert len({r.fact.id for r in got}) == len(got)
        hits = omem.search(query, user_id="u1", tool="Docker Compose", tool_version=version)
        facts = [h.fact.id for h in hits if h.fact is not None]
        assert facts[0] == wanted, version
    # asking for an older version puts the newer version's advice behind what does not depend on it
    got = omem.recall(query, user_id="u1", tool=TOOL, tool_version="1.0")
    assert got[-1].fact.tool_version == "2.29"


def test_bulk_loads_keep_the_version_rules(db_path: Path, clock: Clock, tmp_path: Path) -> None:
    slot = {"subject": "docker-compose", "predicate": "current_start_command", "user_id": "u1"}
    items = [
        {**slot, "object": "docker compose up --wait", "valid_from": "2026-03-01", "tool": TOOL, "tool_version": "2.29"},
        {**slot, "object": "docker-compose up -d", "valid_from": "2026-04-01", "tool": TOOL, "tool_version": "2.9"},
    ]
    with Memory(db_path, clock=clock, embedder=None) as bulk, \
            Memory(tmp_path / "single.db", clock=clock, embedder=None) as single:
        loaded = bulk.add_facts(items)
        one_by_one = [single.add_fact(i.pop("subject"), i.pop("predicate"), i.pop("object"), **i) for i in items]
        assert [(r.created, r.fact.tool_version, r.fact.valid_until) for r in loaded] == \
               [(r.created, r.fact.tool_version, r.fact.valid_until) for r in one_by_one]
        (current,) = bulk.facts(user_id="u1", subject="docker-compose")
        assert current.tool_version == "2.29"
        # a plain bulk load into that (single-valued) slot still reads the stored versions: the
        # late 2.9 record stays cut at its own start, the 2.29 one is cut by the new value
        assert bulk.schema.is_single_valued("current_start_command")
        bulk.add_facts([{**slot, "object": "make up", "valid_from": "2026-05-01"}])
        history = {f.object: f for f in bulk.history(user_id="u1", subject="docker-compose",
                                                      predicate="current_start_command")}
        assert [f.object for f in bulk.facts(user_id="u1", subject="docker-compose")] == ["make up"]
        late = history["docker-compose up -d"]
        assert late.valid_until == late.valid_from and late.superseded_by == current.id
        assert history["docker compose up --wait"].valid_until == history["make up"].valid_from


def test_bad_tool_arguments_are_refused_naming_the_field(omem: Memory) -> None:
    with pytest.raises(UsageError, match="tool_version"):
        omem.add_fact("docker-compose", "start_command", "up", user_id="u1", tool_version="2.29")
    with pytest.raises(UsageError, match="tool_version"):
        omem.add_fact("docker-compose", "start_command", "up", user_id="u1", tool=TOOL, tool_version="latest")
    with pytest.raises(UsageError, match="tool_version"):
        omem.recall("start", user_id="u1", tool_version="2.29")
    with pytest.raises(UsageError, match=r"items\[0\]\.tool_version"):
        omem.add_facts([{"subject": "a", "predicate": "b", "object": "c", "user_id": "u1", "tool_version": "1"}])
    assert omem.facts(user_id="u1") == []


def test_the_cli_takes_tool_and_tool_version(db_path: Path) -> None:
    runner = CliRunner()
    for command, version, when in (("docker-compose up -d", "2.9", "2026-01-01"),
                                   ("docker compose up --wait", "2.29", "2026-03-01")):
        result = runner.invoke(main, ["add-fact", "docker-compose", "start_command", command, "--user", "u1",
                                      "--valid-from", when, "--tool", TOOL, "--tool-version", version,
                                      "--db", str(db_path)])
        assert result.exit_code == 0, result.output
    assert "superseded: docker-compose start command docker-compose up -d" in result.output
    for version, expected in (("2.9", "docker-compose up -d"), ("2.29", "docker compose up --wait")):
        result = runner.invoke(main, ["recall", "start docker compose", "--user", "u1", "--tool", TOOL,
                                      "--tool-version", version, "--json", "--db", str(db_path)])
        assert result.exit_code == 0, result.output
        assert json.loads(result.output)[0]["fact"]["object"] == expected


def test_a_version_swap_stays_in_the_scope_asked_for(omem: Memory) -> None:
    omem.add_fact("docker-compose", "start_command", "secret-up", user_id="u1", valid_from="2026-01-01",
                  tool=TOOL, tool_version="2.0", app_id="other-app")
    omem.add_fact("docker-compose", "start_command", "docker compose up --wait", user_id="u1",
                  valid_from="2026-03-01", tool=TOOL, tool_version="2.29", app_id="mine")
    for hits in (omem.recall("start command", user_id="u1", app_id="mine", tool=TOOL, tool_version="2.0"),
                 omem.search("start command", user_id="u1", app_id="mine", tool=TOOL, tool_version="2.0")):
        assert all(h.fact is None or h.fact.app_id == "mine" for h in hits)
        assert "secret-up" not in [h.fact.object for h in hits if h.fact is not None]


def test_the_version_step_runs_before_the_cut_and_reinforces_the_record_returned(rmem: Memory) -> None:
    old = start_command(rmem, "docker-compose up -d", "2.9", "2026-01-10").fact
    new = start_command(rmem, "docker compose up --wait", "2.29", "2026-03-01").fact
    other = rmem.add_fact("user", "prefers", "docker compose over podman", user_id="u1",
                          text="user prefers docker compose over podman for every project").fact
    assert old is not None and new is not None and other is not None
    query = "docker compose podman"
    quiet = RecallConfig(reinforce=False)
    assert [h.id for h in rmem.search(query, user_id="u1", k=1, config=quiet)] == [other.id]
    assert [r.fact.id for r in rmem.recall(query, user_id="u1", k=1, config=quiet)] == [other.id]
    # Asked for 2.9 with k=1: the version's own record is returned, although plain ranking cut it.
    hits = rmem.search(query, user_id="u1", k=1, tool=TOOL, tool_version="2.9")
    assert [h.id for h in hits] == [old.id]
    assert rmem.get_fact(old.id, user_id="u1").access_count == 1  # the record returned is the one used
    assert rmem.get_fact(new.id, user_id="u1").access_count == 0
    assert [r.fact.id for r in rmem.recall(query, user_id="u1", k=1, tool=TOOL, tool_version="2.9")] == [old.id]
    assert rmem.get_fact(old.id, user_id="u1").access_count == 2
    assert rmem.get_fact(new.id, user_id="u1").access_count == 0
    # context() takes the same arguments and shows that version's advice, not the newer one.
    block = rmem.context("how do I start docker compose", user_id="u1", tool=TOOL, tool_version="2.9")
    assert "docker-compose up -d" in block and "--wait" not in block
