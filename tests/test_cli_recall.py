"""The recall, context and maintain commands: state set up through Python, commands checked
by exit code and output."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from kronograph import Memory
from kronograph.cli import main

from .conftest import Clock


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    return result.exit_code, result.output


def seed(db_path: Path) -> None:
    with Memory(db_path, clock=Clock(), embedder=None) as mem:
        mem.add_fact("Ada", "lives_in", "Paris", user_id="u1", valid_from="2019-01-01")
        mem.add_fact("Ada", "lives_in", "Rome", user_id="u1", valid_from="2025-03-01")
        mem.add_fact("Ada", "likes", "spicy ramen", user_id="u1", text="Ada loves spicy ramen")


def test_recall_prints_a_ranked_table_and_explains_scores(db_path: Path) -> None:
    seed(db_path)
    code, out = run("recall", "where does Ada live", "--user", "u1", "--explain", "--db", str(db_path))
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == ["score", "id", "text", "valid_from", "status"]
    assert "Ada lives in Rome" in lines[2] and "Paris" not in out
    assert any("= 0.40*semantic" in line for line in lines)
    code, out = run("recall", "where does Ada live", "--user", "u1", "--as-of", "2020-01-01", "--json",
                    "--db", str(db_path))
    hits = json.loads(out)
    assert code == 0 and hits[0]["fact"]["object"] == "Paris"
    assert set(hits[0]["components"]) == {"semantic", "importance", "confidence", "freshness", "access"}


def test_context_and_maintain_commands(db_path: Path) -> None:
    seed(db_path)
    code, out = run("context", "what does Ada eat", "--user", "u1", "--max-tokens", "200", "--db", str(db_path))
    assert code == 0 and "- Ada loves spicy ramen (since " in out and out.startswith("Known about u1")
    code, out = run("maintain", "--db", str(db_path))
    assert code == 0 and out.strip() == "expired 0, archived 0, merged 0, purged 0"
    code, out = run("maintain", "--now", "2040-01-01", "--json", "--db", str(db_path))
    assert code == 0 and json.loads(out)["archived"] == []


def test_bad_input_exits_with_the_field_named(db_path: Path) -> None:
    seed(db_path)
    result = CliRunner().invoke(main, ["recall", "x", "--user", "u1", "-k", "0", "--db", str(db_path)])
    assert result.exit_code == 1 and "k: must be between 1" in result.output


def test_search_ranks_facts_and_episodes_and_explains_them(db_path: Path) -> None:
    seed(db_path)
    with Memory(db_path, clock=Clock(), embedder=None) as mem:
        mem.add("We watched the Rome derby at a pub", user_id="u1", reference_time="2026-05-01")
        mem.add("The pasta place downtown closed", user_id="u1", reference_time="2026-05-02")
        mem.add("I started a pottery class", user_id="u1", reference_time="2026-05-03")
    code, out = run("search", "Ada in Rome, the derby", "--user", "u1", "--explain", "--db", str(db_path))
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == ["score", "kind", "id", "text", "from", "outdated"]
    assert "Ada lives in Rome" in out and "Paris" not in out and "episode" in out
    assert any("relevance" in line and "found by:" in line for line in lines)
    code, out = run("search", "where does Ada live", "--user", "u1", "--as-of", "2020-01-01", "--json",
                    "--db", str(db_path))
    hits = json.loads(out)
    assert code == 0 and hits[0]["kind"] == "fact" and hits[0]["fact"]["object"] == "Paris"
    assert hits[0]["episode_ids"] == [] and hits[0]["outdated"] is False
    result = CliRunner().invoke(main, ["search", "x", "--user", "u1", "-k", "0", "--db", str(db_path)])
    assert result.exit_code == 1 and "k: must be between 1" in result.output
