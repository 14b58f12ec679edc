"""The CLI mirrors Memory: a command per public method, the same flag for the same parameter,
help that ends with an example, and every command in the docs."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import click
from click.testing import CliRunner

from kronograph import Memory
from kronograph.cli import main

REPO = Path(__file__).resolve().parents[1]

#: Public methods with no command, and why.
NOT_COMMANDS = {
    "close": "plumbing: every command closes its Memory",
    "now": "plumbing: the clock",
    "declare_predicate": "changes this process's schema only; nothing is stored for a later command",
}
#: Parameters a command takes another way, and how.
TAKEN_OTHERWISE = {
    ("add", "text_or_messages"): "the TEXT argument",
    ("add_many", "items"): "the FILE argument (JSONL)",
    ("add_many", "progress"): "always shown on a terminal",
    ("add_facts", "items"): "the FILE argument (JSONL)",
    ("recall", "config"): "a RecallConfig object, Python only",
    ("search", "config"): "a RecallConfig object, Python only",
}


def public_methods() -> dict[str, inspect.Signature]:
    return {name: inspect.signature(fn) for name, fn in inspect.getmembers(Memory, inspect.isfunction)
            if not name.startswith("_") and name not in NOT_COMMANDS}


def flag_for(parameter: str) -> str:
    return "--user" if parameter == "user_id" else "--" + parameter.replace("_", "-")


def test_every_public_method_has_a_command_with_its_parameters() -> None:
    missing = []
    for name, signature in public_methods().items():
        command = main.commands.get(name.replace("_", "-"))
        if command is None:
            missing.append(f"{name}: no command {name.replace('_', '-')!r}")
            continue
        params = {p.name: p for p in command.params}
        for parameter in signature.parameters.values():
            if parameter.name == "self" or parameter.kind in (parameter.VAR_KEYWORD, parameter.VAR_POSITIONAL):
                continue
            if (name, parameter.name) in TAKEN_OTHERWISE:
                continue
            given = params.get(parameter.name)
            if given is None:
                missing.append(f"{name}: no option or argument for {parameter.name!r}")
            elif isinstance(given, click.Option) and flag_for(parameter.name) not in given.opts \
                    and not (len(parameter.name) == 1 and f"-{parameter.name}" in given.opts):
                missing.append(f"{name}: {parameter.name!r} is spelled {given.opts}, not {flag_for(parameter.name)}")
    assert not missing, "\n".join(missing)


def test_the_same_parameter_has_the_same_flag_on_every_command() -> None:
    spellings: dict[str, set[str]] = {}
    for command in main.commands.values():
        for param in command.params:
            if isinstance(param, click.Option) and param.name in {"user_id", "run_id", "agent_id", "app_id",
                                                                  "as_of", "known_at", "as_json", "db"}:
                shown = [o for o in param.opts if o not in getattr(param, "hidden_aliases", ())]
                spellings.setdefault(param.name, set()).update(shown)
    assert spellings["run_id"] == {"--run-id"} and spellings["agent_id"] == {"--agent-id"}
    assert spellings["as_of"] == {"--as-of"} and spellings["known_at"] == {"--known-at"}
    assert spellings["user_id"] == {"--user"} and spellings["as_json"] == {"--json"}


def test_old_spellings_still_parse_but_are_hidden(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    with Memory(db, embedder=None) as mem:
        mem.add_fact("user", "likes", "tea", user_id="u1", run_id="r1")
    result = CliRunner().invoke(main, ["recall", "tea", "--user", "u1", "--run", "r1", "--db", str(db)])
    assert result.exit_code == 0 and "user likes tea" in result.output
    help_text = CliRunner().invoke(main, ["recall", "--help"]).output
    assert "--run-id" in help_text and not re.search(r"--run\b(?!-)", help_text)


def test_every_command_has_help_ending_with_an_example() -> None:
    for name, command in main.commands.items():
        assert command.help, name
        assert command.help.strip().splitlines()[-1].strip().startswith("Example: ") and "kronograph " + name in command.help, name
        result = CliRunner().invoke(main, [name, "--help"])
        assert result.exit_code == 0 and "Example: " in result.output, name


def test_every_command_appears_in_the_docs() -> None:
    docs = (REPO / "README.md").read_text(encoding="utf-8") + (REPO / "docs" / "cli.md").read_text(encoding="utf-8")
    missing = [name for name in main.commands if f"kronograph {name}" not in docs]
    assert not missing, missing
