"""The ``kronograph`` command line: one command per Memory method, same name hyphenated,
the same flag for the same parameter (``tests/test_cli_parity.py`` holds it so), plus the
servers (``mcp``, ``serve``), ``export`` and ``demo``.

Every command takes ``--db PATH`` (default ``./kronograph.db`` or ``$KRONOGRAPH_DB``); the
Memory commands also take ``--json`` and otherwise print a readable table.
"""

from __future__ import annotations

import functools
import json
import os
import sys
import unicodedata
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any, TypeVar

import click

from .errors import KronographError, UsageError
from .memory import Memory
from .model import AddResult, Fact
from .temporal.instants import UNKNOWN_START

F = TypeVar("F", bound=Callable[..., Any])

FACT_COLUMNS = ("id", "subject", "predicate", "object", "status", "valid_from", "valid_until", "confidence")


def _db_default() -> str:
    return os.environ.get("KRONOGRAPH_DB", "kronograph.db")


class AliasedOption(click.Option):
    """An option whose older spellings still parse but no longer show in ``--help``."""

    def __init__(self, *args: Any, hidden_aliases: Sequence[str] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.hidden_aliases = frozenset(hidden_aliases)

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        shown = self.opts
        self.opts = [o for o in shown if o not in self.hidden_aliases]
        try:
            return super().get_help_record(ctx)
        finally:
            self.opts = shown


def user_option(required: bool = True, help: str = "The user the memory belongs to.") -> Callable[[F], F]:
    """``--user`` (``--user-id`` also parses), the same flag on every command."""
    return click.option("--user", "--user-id", "user_id", required=required, help=help, cls=AliasedOption,
                        hidden_aliases=("--user-id",))


def run_id_option(help: str = "Only facts bound to this run/session.") -> Callable[[F], F]:
    return click.option("--run-id", "--run", "run_id", help=help, cls=AliasedOption, hidden_aliases=("--run",))


def agent_id_option(help: str = "Only facts recorded by this agent.") -> Callable[[F], F]:
    return click.option("--agent-id", "--agent", "agent_id", help=help, cls=AliasedOption,
                        hidden_aliases=("--agent",))


def as_of_option(func: F) -> F:
    return click.option("--as-of", help="Valid time to look at (ISO-8601; default now).")(func)


def known_at_option(func: F) -> F:
    return click.option("--known-at", help="Transaction time: what the memory believed then (ISO-8601).")(func)


def ranked_query_options(what: str) -> Callable[[F], F]:
    """The options ``recall`` and ``search`` share: one flag per parameter of both methods."""
    def decorate(func: F) -> F:
        for option in reversed((
            user_option(),
            click.option("-k", "k", type=int, default=10, show_default=True, help=f"How many {what}."),
            as_of_option,
            known_at_option,
            run_id_option(),
            agent_id_option(),
            click.option("--app-id", help="Only what belongs to this application."),
            click.option("--include-archived", is_flag=True),
            click.option("--tool", help="Answer for this tool (with --tool-version: for that version)."),
            click.option("--tool-version", help="The tool's version: its own memories come first (e.g. 2.29)."),
            click.option("--explain", is_flag=True, help="Show how each score was built."),
        )):
            func = option(func)
        return func
    return decorate


def output_options(func: F) -> F:
    """Adds ``--db`` and ``--json`` to a command."""
    func = click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")(func)
    func = click.option("--db", "db", default=_db_default, show_default="./kronograph.db or $KRONOGRAPH_DB",
                        help="Store location: a SQLite file, or neo4j://host:7687.")(func)
    return func


def open_memory(db: str, *, creates: bool = False, **options: Any) -> Memory:
    """The memory a command works on (errors become a clean exit in :func:`handles_errors`).

    Only commands that store something (``creates=True``) may create a new file: a mistyped
    ``--db`` elsewhere is an error naming the path. A file without write access opens
    read-only, and every file is checked (``PRAGMA quick_check``) before a command reads or
    writes it, so a damaged store is reported, never written to."""
    if "://" not in db:
        options = {"create": creates, "verify": True, **options}
    return Memory(db, **options)


def _cell(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, datetime):
        if value == UNKNOWN_START:  # a record closed before anyone said when it began
            return "?"
        return value.strftime("%Y-%m-%d %H:%M") if (value.hour, value.minute) != (0, 0) else value.strftime("%Y-%m-%d")
    if hasattr(value, "value"):
        return str(value.value)
    if isinstance(value, float):
        return f"{value:.2f}"
    return str(value)


def display_width(text: str) -> int:
    """Terminal columns ``text`` takes: wide (CJK) and fullwidth characters take two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 0 if unicodedata.combining(c) else 1
               for c in text)


def _pad(text: str, width: int) -> str:
    return text + " " * (width - display_width(text))


def table(rows: Sequence[dict[str, Any]], columns: Sequence[str]) -> str:
    """A plain fixed-width table (columns line up with Chinese text too)."""
    cells = [[_cell(r.get(c)) for c in columns] for r in rows]
    widths = [max([display_width(c)] + [display_width(row[i]) for row in cells]) for i, c in enumerate(columns)]
    lines = ["  ".join(_pad(c, w) for c, w in zip(columns, widths)).rstrip()]
    lines.append("  ".join("-" * w for w in widths))
    lines += ["  ".join(_pad(v, w) for v, w in zip(row, widths)).rstrip() for row in cells]
    return "\n".join(lines)


#: Ids start with a timestamp (creation order); their random tail tells them apart.
SHORT_ID = 10


def short_id(fact_id: str) -> str:
    """The part of an id that tables show and commands accept: its last characters."""
    return fact_id[-SHORT_ID:]


def resolve_fact_id(mem: Memory, user_id: str, given: str | None) -> str | None:
    """A full id from a full id or a unique tail of at least 6 characters (as tables show)."""
    if given is None or len(given) >= 32 or len(given) < 6:
        return given
    matches = {f.id for f in mem.history(user_id=user_id) if f.id.endswith(given)}
    if len(matches) > 1:
        raise UsageError("fact_id", f"{given!r} matches {len(matches)} facts; give more characters")
    return matches.pop() if matches else given


def _fact_row(fact: Fact) -> dict[str, Any]:
    return {**fact.model_dump(), "id": short_id(fact.id)}


def emit_facts(facts: Sequence[Fact], as_json: bool, columns: Sequence[str] = FACT_COLUMNS) -> None:
    """Print facts as JSON (every field) or as a table (the main columns)."""
    if as_json:
        click.echo(json.dumps([f.model_dump(mode="json") for f in facts], indent=2))
    elif not facts:
        click.echo("(no facts)")
    else:
        click.echo(table([_fact_row(f) for f in facts], columns))


def emit(data: Any, as_json: bool, text: str) -> None:
    """Print a JSON-able value, or the human text."""
    click.echo(json.dumps(data, indent=2, default=str) if as_json else text)


def emit_ranked(hits: Sequence[Any], as_json: bool, explain: bool, empty: str, columns: Sequence[str], *,
                json_row: Callable[[Any], Any], row: Callable[[Any], dict[str, Any]], id_of: Callable[[Any], str]) -> None:
    """Print ranked hits (``recall``, ``search``) as JSON or as a table, with each score's
    explanation after the table when asked."""
    if as_json:
        emit([json_row(h) for h in hits], True, "")
    elif not hits:
        click.echo(empty)
    else:
        click.echo(table([row(h) for h in hits], columns))
        if explain:
            click.echo("")
            for h in hits:
                click.echo(f"{id_of(h)}  {h.explain()}")


def handles_errors(func: F) -> F:
    """Turn kronograph errors raised while parsing arguments into a clean exit."""
    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except KronographError as exc:
            click.echo(f"Error: {exc}", err=True)
            sys.exit(1)
    return wrapper  # type: ignore[return-value]


@click.group()
@click.version_option(package_name="kronograph")
def main() -> None:
    """kronograph: a temporal knowledge-graph memory for AI agents.

    Facts live on bi-temporal edges: a contradicting fact closes the old one instead of
    deleting it, and every query can ask what was true, or known, at any time.
    """


@main.command("add-fact")
@click.argument("subject")
@click.argument("predicate")
@click.argument("object")
@user_option(help="The user the fact belongs to.")
@click.option("--valid-from", help="When it became true (ISO-8601; default now).")
@click.option("--valid-until", help="When it stops being true (ISO-8601).")
@click.option("--memory-type", default="fact", show_default=True, help="fact, preference, task, ...")
@click.option("--confidence", type=float, default=1.0, show_default=True)
@click.option("--importance", type=float, default=0.5, show_default=True)
@click.option("--expires-at", help="When the memory lapses (ISO-8601).")
@run_id_option(help="Bind the fact to this run/session.")
@agent_id_option(help="The agent that recorded it.")
@click.option("--app-id", help="The application it belongs to.")
@click.option("--correction", is_flag=True, help="The current value was wrong: retract it.")
@click.option("--text", help="The fact as a sentence.")
@click.option("--replaces", help="The id of the record this one corrects.")
@click.option("--tool", help="The tool this knowledge is about (docker-compose, ...).")
@click.option("--tool-version", help="The tool's version it holds for (2.29, ...); a newer one supersedes it.")
@output_options
@handles_errors
def add_fact(subject: str, predicate: str, object: str, user_id: str, valid_from: str | None,
             valid_until: str | None, memory_type: str, confidence: float, importance: float,
             expires_at: str | None, run_id: str | None, agent_id: str | None, app_id: str | None,
             correction: bool, text: str | None, replaces: str | None, tool: str | None,
             tool_version: str | None, db: str, as_json: bool) -> None:
    """Record one fact (Python: Memory.add_fact).

    Example: kronograph add-fact user lives_in Hangzhou --user u1 --valid-from 2026-04-01
    """
    with open_memory(db, creates=True) as mem:
        result = mem.add_fact(subject, predicate, object, user_id=user_id, valid_from=valid_from,
                              valid_until=valid_until, memory_type=memory_type, confidence=confidence,
                              importance=importance, expires_at=expires_at, run_id=run_id, agent_id=agent_id,
                              app_id=app_id, correction=correction, text=text,
                              replaces=resolve_fact_id(mem, user_id, replaces), tool=tool,
                              tool_version=tool_version)
    if as_json:
        emit(result.model_dump(mode="json"), True, "")
        return
    assert result.fact is not None
    verb = "created" if result.created else "already known (reinforced)"
    click.echo(f"{verb}: {result.fact.text} [{short_id(result.fact.id)}]")
    for old in result.superseded:
        click.echo(f"superseded: {old.text} (valid until {_cell(old.valid_until)})")
    for old in result.corrected:
        click.echo(f"corrected: {old.text} (retracted)")


def _emit_add(result: AddResult) -> None:
    """The readable form of what ``add`` did: one line per fact touched or statement refused."""
    lines = [f"episode {(result.episode_id or '-')[:8]}"]
    lines += [f"remembered: {f.text} [{short_id(f.id)}] ({f.memory_type.value}, confidence {f.confidence:.2f})"
              for f in result.facts]
    lines += [f"superseded: {f.text} (valid until {_cell(f.valid_until)})" for f in result.superseded]
    lines += [f"corrected: {f.text} (retracted)" for f in result.corrected]
    lines += [f"ended: {f.text} (valid until {_cell(f.valid_until)})" for f in result.ended]
    lines += [f"forgotten: {short_id(fid)} (deleted)" for fid in result.forgotten]
    lines += [f"not stored: {text} ({reason})" for text, reason in result.rejected]
    if result.llm_calls:
        lines.append(f"llm: {result.llm_calls} calls, {result.prompt_tokens} prompt + "
                     f"{result.completion_tokens} completion tokens")
    if result.fallback:
        lines.append(f"fallback: {result.fallback}")
    click.echo("\n".join(lines))


@main.command("add")
@click.argument("text")
@user_option(help="The user the message is from.")
@click.option("--reference-time", help="When it was said (ISO-8601; default now); 'last month' resolves against it.")
@run_id_option(help="Bind task context to this run/session.")
@agent_id_option(help="The agent that heard it.")
@click.option("--app-id", help="The application it belongs to.")
@click.option("--extractor", type=click.Choice(["offline", "llm"]), default="offline", show_default=True,
              help="offline (spaCy + rules) or llm (OPENAI_BASE_URL, OPENAI_API_KEY, KRONOGRAPH_LLM_MODEL).")
@output_options
@handles_errors
def add(text: str, user_id: str, reference_time: str | None, run_id: str | None, agent_id: str | None,
        app_id: str | None, extractor: str, db: str, as_json: bool) -> None:
    """Remember what a message says: extract, judge by the policy, write (Python: Memory.add).

    Example: kronograph add "I moved from Shanghai to Hangzhou last month." --user u1
    """
    with open_memory(db, creates=True, extractor=extractor) as mem:
        result = mem.add(text, user_id=user_id, reference_time=reference_time, run_id=run_id,
                         agent_id=agent_id, app_id=app_id)
    if as_json:
        emit(result.model_dump(mode="json"), True, "")
    else:
        _emit_add(result)


@main.command("ingest")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@user_option(help="The user the messages are from.")
@click.option("--reference-time", help="Default time for lines without reference_time (ISO-8601; default now).")
@run_id_option(help="Bind task context to this run/session.")
@agent_id_option(help="The agent that heard them.")
@click.option("--app-id")
@click.option("--batch-size", type=int, default=64, show_default=True, help="Messages extracted and written together.")
@click.option("--extractor", type=click.Choice(["offline", "llm"]), default="offline", show_default=True,
              help="offline (spaCy + rules) or llm (OPENAI_BASE_URL, OPENAI_API_KEY, KRONOGRAPH_LLM_MODEL).")
@click.option("--processes", type=click.IntRange(min=1), default=None,
              help="Processes for offline extraction [default: 2 where there are 2+ cores].")
@click.option("--strict", is_flag=True, help="Stop at the first bad line (nothing is stored) instead of skipping it.")
@output_options
@handles_errors
def ingest(file: str, user_id: str, reference_time: str | None, run_id: str | None, agent_id: str | None,
           app_id: str | None, batch_size: int, extractor: str, processes: int | None, strict: bool, db: str,
           as_json: bool) -> None:
    """Remember a JSONL file of messages, one per line, with a progress bar (Python: Memory.add_many;
    also spelled `kronograph add-many`). Safe to run again: a bad line is reported by number and
    skipped (--strict stops instead), and a message the store already holds (same id in the file,
    else same user, time and text) is not stored twice.

    Example: kronograph ingest chat.jsonl --user u1
    """
    from pathlib import Path

    from .extraction.offline import OfflineExtractor
    from .write.rerun import held_keys, screen_lines

    # Offline, batches are extracted on two cores while the previous one is written.
    chosen: Any = OfflineExtractor(processes=processes or min(2, os.cpu_count() or 1)) \
        if extractor == "offline" else extractor
    try:
        with open_memory(db, creates=True, extractor=chosen) as mem:
            screened = screen_lines(Path(file).read_bytes().splitlines(),
                                    held=held_keys(mem.episodes(user_id=user_id)),
                                    kinds=mem.policy.config.sensitive_kinds, default_time=reference_time,
                                    strict=strict, source=file)
            for number, problem in screened.rejected:
                click.echo(f"skipped line {number}: {problem}", err=True)
            results = mem.add_many(screened.items, user_id=user_id, reference_time=reference_time,
                                   run_id=run_id, agent_id=agent_id, app_id=app_id, batch_size=batch_size,
                                   progress=True) if screened.items else []
    finally:
        if isinstance(chosen, OfflineExtractor):
            chosen.close()
    summary = {
        "messages": len(results),
        "added": len(results),
        "duplicates": len(screened.duplicates),
        "rejected_lines": len(screened.rejected),
        "facts": len({f.id for r in results for f in r.facts}),
        "superseded": sum(len(r.superseded) for r in results),
        "corrected": sum(len(r.corrected) for r in results),
        "ended": sum(len(r.ended) for r in results),
        "forgotten": sum(len(r.forgotten) for r in results),
        "rejected": sum(len(r.rejected) for r in results),
    }
    if extractor == "llm":
        summary |= {"llm_calls": sum(r.llm_calls for r in results),
                    "prompt_tokens": sum(r.prompt_tokens for r in results),
                    "completion_tokens": sum(r.completion_tokens for r in results),
                    "fallbacks": sum(r.fallback is not None for r in results)}
    emit(summary, as_json, "  ".join(f"{k}: {v}" for k, v in summary.items()))


main.add_command(ingest, "add-many")


@main.command("end-fact")
@click.argument("subject")
@click.argument("predicate")
@click.argument("object", required=False)
@user_option()
@click.option("--at", help="When it stopped being true (ISO-8601; default now).")
@output_options
@handles_errors
def end_fact(subject: str, predicate: str, object: str | None, user_id: str, at: str | None,
             db: str, as_json: bool) -> None:
    """Say a fact is no longer true (Python: Memory.end_fact).

    Example: kronograph end-fact user likes minimalism --user u1
    """
    with open_memory(db) as mem:
        emit_facts(mem.end_fact(subject, predicate, object, user_id=user_id, at=at), as_json)


@main.command("facts")
@user_option()
@click.option("--subject")
@click.option("--predicate")
@click.option("--object", "object", help="Only this value.")
@as_of_option
@known_at_option
@click.option("--include-expired", is_flag=True)
@click.option("--include-archived", is_flag=True)
@run_id_option()
@agent_id_option()
@click.option("--app-id", help="Only facts of this application.")
@output_options
@handles_errors
def facts(user_id: str, subject: str | None, predicate: str | None, object: str | None, as_of: str | None,
          known_at: str | None, include_expired: bool, include_archived: bool, run_id: str | None,
          agent_id: str | None, app_id: str | None, db: str, as_json: bool) -> None:
    """Facts valid at a time, as believed at a time (Python: Memory.facts).

    Example: kronograph facts --user u1 --as-of 2026-01-01
    """
    with open_memory(db) as mem:
        emit_facts(mem.facts(user_id=user_id, subject=subject, predicate=predicate, object=object, as_of=as_of,
                             known_at=known_at, include_expired=include_expired,
                             include_archived=include_archived, run_id=run_id, agent_id=agent_id,
                             app_id=app_id), as_json)


@main.command("history")
@user_option()
@click.option("--subject")
@click.option("--predicate")
@output_options
@handles_errors
def history(user_id: str, subject: str | None, predicate: str | None, db: str, as_json: bool) -> None:
    """Every record still on record, oldest first (Python: Memory.history).

    Example: kronograph history --user u1 --predicate lives_in
    """
    with open_memory(db) as mem:
        emit_facts(mem.history(user_id=user_id, subject=subject, predicate=predicate), as_json,
                   (*FACT_COLUMNS[:5], "valid_from", "valid_until", "recorded_at", "retracted_at"))


@main.command("forget")
@user_option()
@click.option("--fact-id", help="One fact (a full id or the tail tables show).")
@click.option("--subject", help="Every fact about this subject.")
@click.option("--predicate", help="Every fact of this predicate.")
@click.option("--all", "forget_all", is_flag=True, help="Every fact of the user (needed when no selector is given).")
@click.option("--hard", is_flag=True, help="Delete for good (default: archive).")
@click.option("--reason", default="", help="Why (kept in the tombstone).")
@output_options
@handles_errors
def forget(user_id: str, fact_id: str | None, subject: str | None, predicate: str | None, forget_all: bool,
           hard: bool, reason: str, db: str, as_json: bool) -> None:
    """Archive facts, or with --hard delete them everywhere (Python: Memory.forget).
    Forgetting every fact of a user takes --all.

    Example: kronograph forget --user u1 --predicate address --hard --reason "user asked"
    """
    if fact_id is None and subject is None and predicate is None and not forget_all:
        raise UsageError("forget", "give --fact-id, --subject or --predicate, or --all to forget every fact "
                                   "of the user")
    with open_memory(db) as mem:
        fact_id = resolve_fact_id(mem, user_id, fact_id)
        ids = mem.forget(user_id=user_id, fact_id=fact_id, subject=subject, predicate=predicate, hard=hard,
                         reason=reason)
    emit(ids, as_json, f"{'deleted' if hard else 'archived'} {len(ids)} fact(s)"
         + "".join(f"\n  {i}" for i in ids))


@main.command("recall")
@click.argument("query")
@ranked_query_options("facts")
@output_options
@handles_errors
def recall(query: str, explain: bool, db: str, as_json: bool, **filters: Any) -> None:
    """The facts most worth recalling for a query, best first (Python: Memory.recall).

    Example: kronograph recall "where does Ada live" --user u1 --explain
    """
    with open_memory(db) as mem:
        hits = mem.recall(query, **filters)  # user_id, k, as_of, ...: see ranked_query_options
    emit_ranked(hits, as_json, explain, "(no facts)", ("score", "id", "text", "valid_from", "status"),
                json_row=lambda h: h.model_dump(mode="json"), id_of=lambda h: h.fact.id,
                row=lambda h: {"score": h.score, "id": h.fact.id, "text": h.fact.text,
                               "valid_from": h.fact.valid_from, "status": h.fact.status})


@main.command("search")
@click.argument("query")
@ranked_query_options("hits")
@output_options
@handles_errors
def search(query: str, explain: bool, db: str, as_json: bool, **filters: Any) -> None:
    """Facts and episodes most relevant to a query, in one ranking, best first (Python: Memory.search).

    Example: kronograph search "what is my snack budget" --user u1 --explain
    """
    with open_memory(db) as mem:
        hits = mem.search(query, **filters)  # user_id, k, as_of, ...: see ranked_query_options
    emit_ranked(hits, as_json, explain, "(nothing found)", ("score", "kind", "id", "text", "from", "outdated"),
                json_row=lambda h: {**h.model_dump(mode="json"), "episode_ids": h.episode_ids, "outdated": h.outdated},
                id_of=lambda h: h.id,
                row=lambda h: {"score": h.score, "kind": h.kind, "id": h.id, "text": " ".join(h.text.split()),
                               "from": h.valid_from, "outdated": h.outdated})


@main.command("context")
@click.argument("query")
@user_option()
@click.option("-k", "k", type=int, default=20, show_default=True, help="How many facts at most.")
@click.option("--max-tokens", type=int, default=800, show_default=True, help="Token budget of the block.")
@as_of_option
@run_id_option()
@agent_id_option()
@click.option("--tool", help="Answer for this tool (with --tool-version: for that version).")
@click.option("--tool-version", help="The tool's version: its own memories come first (e.g. 2.29).")
@output_options
@handles_errors
def context(query: str, user_id: str, k: int, max_tokens: int, as_of: str | None, run_id: str | None,
            agent_id: str | None, tool: str | None, tool_version: str | None, db: str, as_json: bool) -> None:
    """A compact block of recalled facts to paste into a prompt (Python: Memory.context).

    Example: kronograph context "plan a trip for Ada" --user u1 --max-tokens 300
    """
    with open_memory(db) as mem:
        text = mem.context(query, user_id=user_id, k=k, max_tokens=max_tokens, as_of=as_of, run_id=run_id,
                           agent_id=agent_id, tool=tool, tool_version=tool_version)
    emit({"context": text}, as_json, text or "(no facts)")


@main.command("maintain")
@click.option("--now", "now", help="Evaluate the policy at this time (ISO-8601; default now).")
@output_options
@handles_errors
def maintain(now: str | None, db: str, as_json: bool) -> None:
    """Expire, archive, merge and purge memories, and consolidate them, once (Python: Memory.maintain).

    Example: kronograph maintain --db memory.db
    """
    with open_memory(db) as mem:
        report = mem.maintain(now=now)
    line = (f"expired {len(report.expired)}, archived {len(report.archived)}, merged {len(report.merged)}, "
            f"purged {len(report.purged)}")
    if report.summaries or report.retired or report.threads:
        line += (f", summaries {len(report.summaries)}, retired {len(report.retired)}, "
                 f"threads {len(report.threads)}")
    emit(report.model_dump(mode="json"), as_json, line)


@main.command("consolidate")
@user_option()
@click.option("--now", "now", help="Evaluate the policy at this time (ISO-8601; default now).")
@output_options
@handles_errors
def consolidate(user_id: str, now: str | None, db: str, as_json: bool) -> None:
    """Turn one user's related fragments into summaries that keep their sources, and derive
    stale summaries again (Python: Memory.consolidate).

    Example: kronograph consolidate --user u1 --db memory.db
    """
    with open_memory(db) as mem:
        emit_facts(mem.consolidate(user_id=user_id, now=now), as_json)


@main.command("record-outcome")
@click.argument("fact_id")
@user_option()
@click.option("--success/--failure", "success", required=True, help="Whether following the procedure worked.")
@output_options
@handles_errors
def record_outcome(fact_id: str, user_id: str, success: bool, db: str, as_json: bool) -> None:
    """Count one outcome of a procedural memory; maintain retires one that keeps failing
    (Python: Memory.record_outcome).

    Example: kronograph record-outcome 0006a1f2c3d4 --user u1 --success
    """
    with open_memory(db) as mem:
        emit_facts([mem.record_outcome(resolve_fact_id(mem, user_id, fact_id) or fact_id, user_id=user_id,
                                       success=success)], as_json)


@main.command("export")
@click.option("--to", "to", help="Copy the --db store into this empty store (neo4j://host:7687, bolt://..., or a file).")
@click.option("--from", "from_", help="Copy this store (neo4j://host:7687, ...) into the empty --db store.")
@output_options
@handles_errors
def export(to: str | None, from_: str | None, db: str, as_json: bool) -> None:
    """Copy a whole memory between stores, keeping every version, time field, episode,
    tombstone and audit entry (Python: kronograph.graph.export.copy_store). Neo4j
    credentials come from NEO4J_USER / NEO4J_PASSWORD.

    Example: kronograph export --db memory.db --to neo4j://localhost:7687
    """
    from contextlib import closing

    from .errors import UsageError
    from .graph.backends import open_store
    from .graph.export import copy_store

    if (to is None) == (from_ is None):
        raise UsageError("to", "give exactly one of --to and --from")
    source_at, target_at = (db, to) if to is not None else (from_, db)
    source_options = {} if "://" in str(source_at) else {"create": False, "verify": True}
    with closing(open_store(source_at, **source_options)) as source, closing(open_store(target_at)) as target:
        report = copy_store(source, target)
    emit(report.__dict__, as_json, report.summary())


@main.command("retract")
@click.argument("fact_id")
@user_option()
@click.option("--reason", default="", help="Why (noted in the audit log).")
@output_options
@handles_errors
def retract(fact_id: str, user_id: str, reason: str, db: str, as_json: bool) -> None:
    """Stop believing a record without a replacement; what it closed re-opens (Python: Memory.retract).

    Example: kronograph retract 0006a1f2c3d4 --user u1 --reason "never said that"
    """
    with open_memory(db) as mem:
        emit_facts([mem.retract(resolve_fact_id(mem, user_id, fact_id) or fact_id, user_id=user_id,
                                 reason=reason)], as_json)


def emit_models(items: Sequence[Any], as_json: bool, columns: Sequence[str], empty: str) -> None:
    """Print pydantic models as JSON (every field) or as a table of ``columns``."""
    if as_json:
        click.echo(json.dumps([m.model_dump(mode="json") for m in items], indent=2))
    elif not items:
        click.echo(empty)
    else:
        click.echo(table([m.model_dump() for m in items], columns))


@main.command("add-facts")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--batch-size", type=click.IntRange(min=1), default=5_000, show_default=True,
              help="Facts written per transaction.")
@output_options
@handles_errors
def add_facts(file: str, batch_size: int, db: str, as_json: bool) -> None:
    """Bulk-load facts from a JSONL file, one object of add_fact arguments per line
    (subject, predicate, object, user_id, valid_from, ...) (Python: Memory.add_facts).

    Example: kronograph add-facts facts.jsonl --db memory.db
    """
    from .write.jsonl import JsonlItems

    with open_memory(db, creates=True, embedder=None) as mem:
        results = mem.add_facts(JsonlItems(file), batch_size=batch_size)
        summary = {"items": len(results), "created": sum(r.created for r in results),
                   "superseded": sum(len(r.superseded) for r in results),
                   "corrected": sum(len(r.corrected) for r in results)}
    emit(summary, as_json, "  ".join(f"{k}: {v}" for k, v in summary.items()))


@main.command("recall-episodes")
@click.argument("query")
@user_option()
@click.option("-k", "k", type=int, default=10, show_default=True, help="How many episodes.")
@as_of_option
@known_at_option
@output_options
@handles_errors
def recall_episodes(query: str, user_id: str, k: int, as_of: str | None, known_at: str | None, db: str,
                    as_json: bool) -> None:
    """The raw messages (after redaction) that best match a query, by BM25 (Python: Memory.recall_episodes).

    Example: kronograph recall-episodes "dentist appointment" --user u1
    """
    with open_memory(db) as mem:
        hits = mem.recall_episodes(query, user_id=user_id, k=k, as_of=as_of, known_at=known_at)
    if as_json:
        emit([h.model_dump(mode="json") for h in hits], True, "")
    elif not hits:
        click.echo("(no episodes)")
    else:
        click.echo(table([{"score": h.score, "reference_time": h.episode.reference_time,
                           "content": h.episode.content} for h in hits], ("score", "reference_time", "content")))


@main.command("profile")
@user_option()
@as_of_option
@output_options
@handles_errors
def profile(user_id: str, as_of: str | None, db: str, as_json: bool) -> None:
    """The long-term profile: current facts without task context or unconfirmed hypotheses
    (Python: Memory.profile).

    Example: kronograph profile --user u1
    """
    with open_memory(db) as mem:
        emit_facts(mem.profile(user_id=user_id, as_of=as_of), as_json)


@main.command("versions")
@click.argument("fact_id")
@user_option()
@output_options
@handles_errors
def versions(fact_id: str, user_id: str, db: str, as_json: bool) -> None:
    """Every version of one record on the transaction-time axis: how belief in it changed
    (Python: Memory.versions).

    Example: kronograph versions 0006a1f2c3d4 --user u1
    """
    with open_memory(db) as mem:
        emit_facts(mem.versions(resolve_fact_id(mem, user_id, fact_id) or fact_id, user_id=user_id), as_json,
                   (*FACT_COLUMNS[:5], "valid_from", "valid_until", "version_from", "version_until"))


@main.command("get-fact")
@click.argument("fact_id")
@user_option()
@output_options
@handles_errors
def get_fact(fact_id: str, user_id: str, db: str, as_json: bool) -> None:
    """The current version of one record (Python: Memory.get_fact).

    Example: kronograph get-fact 0006a1f2c3d4 --user u1 --json
    """
    with open_memory(db) as mem:
        emit_facts([mem.get_fact(resolve_fact_id(mem, user_id, fact_id) or fact_id, user_id=user_id)], as_json)


@main.command("reveal")
@click.argument("fact_id")
@user_option()
@output_options
@handles_errors
def reveal(fact_id: str, user_id: str, db: str, as_json: bool) -> None:
    """The plain text of a fact stored encrypted (opt-in sensitive mode); every call is audited
    (Python: Memory.reveal).

    Example: kronograph reveal 0006a1f2c3d4 --user u1
    """
    with open_memory(db) as mem:
        emit_facts([mem.reveal(resolve_fact_id(mem, user_id, fact_id) or fact_id, user_id=user_id)], as_json)


@main.command("entities")
@user_option()
@output_options
@handles_errors
def entities(user_id: str, db: str, as_json: bool) -> None:
    """A user's entities: people, places, organisations, ... (Python: Memory.entities).

    Example: kronograph entities --user u1
    """
    with open_memory(db) as mem:
        emit_models(mem.entities(user_id=user_id), as_json, ("name", "type", "created_at"), "(no entities)")


@main.command("episodes")
@user_option()
@click.option("--limit", type=click.IntRange(min=1), help="At most this many, newest first.")
@output_options
@handles_errors
def episodes(user_id: str, limit: int | None, db: str, as_json: bool) -> None:
    """A user's raw messages (after redaction), newest first (Python: Memory.episodes).

    Example: kronograph episodes --user u1 --limit 5
    """
    with open_memory(db) as mem:
        emit_models(mem.episodes(user_id=user_id, limit=limit), as_json, ("reference_time", "content"),
                    "(no episodes)")


@main.command("tombstones")
@user_option()
@output_options
@handles_errors
def tombstones(user_id: str, db: str, as_json: bool) -> None:
    """What hard deletes left behind: ids, times and reasons, no content (Python: Memory.tombstones).

    Example: kronograph tombstones --user u1
    """
    with open_memory(db) as mem:
        emit_models(mem.tombstones(user_id=user_id), as_json, ("fact_id", "deleted_at", "reason"),
                    "(no tombstones)")


@main.command("audit-log")
@user_option(required=False, help="Only this user's entries.")
@click.option("--fact-id", help="Only entries about this fact.")
@click.option("--limit", type=click.IntRange(min=1), help="At most this many entries.")
@output_options
@handles_errors
def audit_log(user_id: str | None, fact_id: str | None, limit: int | None, db: str, as_json: bool) -> None:
    """Every change, oldest first, without content (Python: Memory.audit_log).

    Example: kronograph audit-log --user u1 --limit 20
    """
    with open_memory(db) as mem:
        emit_models(mem.audit_log(user_id=user_id, fact_id=fact_id, limit=limit), as_json,
                    ("id", "at", "action", "user_id", "fact_id"), "(no entries)")


@main.command("graph")
@user_option()
@as_of_option
@known_at_option
@output_options
@handles_errors
def graph(user_id: str, as_of: str | None, known_at: str | None, db: str, as_json: bool) -> None:
    """The subgraph valid at a time: entities and the facts between them (Python: Memory.graph).
    --json prints networkx's node-link form.

    Example: kronograph graph --user u1 --as-of 2026-01-01
    """
    import networkx as nx

    with open_memory(db) as mem:
        view = mem.graph(user_id=user_id, as_of=as_of, known_at=known_at)
    if as_json:
        flat = nx.MultiDiGraph()
        flat.add_nodes_from(view.nodes(data=True))
        for u, v, data in view.edges(data=True):
            fact = data["fact"]
            flat.add_edge(u, v, id=fact.id, predicate=fact.predicate, text=fact.text)
        emit(nx.node_link_data(flat, edges="edges"), True, "")
        return
    click.echo(f"{view.number_of_nodes()} entities, {view.number_of_edges()} facts")
    for u, v, data in view.edges(data=True):
        click.echo(f"  {u} -[{data['fact'].predicate}]-> {v}")


@main.command("neighbors")
@click.argument("entity")
@user_option()
@as_of_option
@click.option("--depth", type=click.IntRange(min=1), default=1, show_default=True, help="Hops from the entity.")
@output_options
@handles_errors
def neighbors(entity: str, user_id: str, as_of: str | None, depth: int, db: str, as_json: bool) -> None:
    """Facts within --depth hops of an entity in the subgraph valid at a time (Python: Memory.neighbors).

    Example: kronograph neighbors Ada --user u1 --depth 2
    """
    with open_memory(db) as mem:
        emit_facts(mem.neighbors(entity, user_id=user_id, as_of=as_of, depth=depth), as_json)


@main.command("export-graphml")
@click.argument("path", type=click.Path(dir_okay=False))
@user_option()
@as_of_option
@output_options
@handles_errors
def export_graphml(path: str, user_id: str, as_of: str | None, db: str, as_json: bool) -> None:
    """Write the valid subgraph to a GraphML file for Gephi, yEd or networkx (Python: Memory.export_graphml).

    Example: kronograph export-graphml graph.graphml --user u1
    """
    with open_memory(db) as mem:
        written = mem.export_graphml(path, user_id=user_id, as_of=as_of)
    emit({"path": str(written)}, as_json, f"wrote {written}")


@main.command("embed-pending")
@user_option(required=False, help="Only this user's facts (default: every user).")
@output_options
@handles_errors
def embed_pending(user_id: str | None, db: str, as_json: bool) -> None:
    """Embed every stored fact that has no vector yet, so recall finds it by meaning
    (Python: Memory.embed_pending).

    Example: kronograph embed-pending --db memory.db
    """
    with open_memory(db) as mem:
        count = mem.embed_pending(user_id=user_id)
    emit({"embedded": count}, as_json, f"embedded {count} fact(s)")


@main.command("stats")
@output_options
@handles_errors
def stats(db: str, as_json: bool) -> None:
    """What this process spent on add/add-many: episodes, LLM calls and tokens, fallbacks
    (Python: Memory.stats). Counted per open Memory, so a fresh command reports zeros;
    `ingest --extractor llm` prints the same counters for its run.

    Example: kronograph stats --json
    """
    with open_memory(db) as mem:
        spent = mem.stats()
    emit(spent, as_json, "  ".join(f"{k}: {v}" for k, v in spent.items()))


@main.command("mcp")
@click.option("--db", "db", default=_db_default, show_default="./kronograph.db or $KRONOGRAPH_DB",
              help="Store location: a SQLite file, or neo4j://host:7687.")
@click.option("--user", "user", help="Act for this user only; a call naming another user_id is refused.")
@click.option("--http", is_flag=True, help="Streamable HTTP on 127.0.0.1 instead of stdio.")
@click.option("--port", type=click.IntRange(1, 65535), default=8765, show_default=True, help="Port for --http.")
@handles_errors
def mcp(db: str, user: str | None, http: bool, port: int) -> None:
    """Serve the memory as MCP tools (remember, search, context, facts, history, forget,
    end_fact) over stdio, for an agent host to launch.

    Example: kronograph mcp --db memory.db --user u1
    """
    from .server.mcp import run as run_mcp
    from .server.operations import SharedMemory

    shared = SharedMemory(open_memory(db, creates=True))
    try:
        run_mcp(shared, user=user, http=http, port=port)
    finally:
        shared.close()


@main.command("serve")
@click.option("--db", "db", default=_db_default, show_default="./kronograph.db or $KRONOGRAPH_DB",
              help="Store location: a SQLite file, or neo4j://host:7687.")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to bind; anything but loopback needs API keys.")
@click.option("--port", type=click.IntRange(1, 65535), default=8080, show_default=True)
@click.option("--keys", "keys_file", type=click.Path(dir_okay=False),
              help='JSON file {"<key>": ["<user_id>", ...]} ("*": every user); default $KRONOGRAPH_API_KEYS.')
@click.option("--max-body-bytes", type=click.IntRange(min=1), default=1 << 20, show_default=True,
              help="Largest request body accepted (413 above).")
@handles_errors
def serve(db: str, host: str, port: int, keys_file: str | None, max_body_bytes: int) -> None:
    """Serve the memory as a REST API (FastAPI; OpenAPI at /docs). Requests send
    Authorization: Bearer <key> when keys are configured.

    Example: KRONOGRAPH_API_KEYS='{"k1": ["u1"]}' kronograph serve --db memory.db --port 8080
    """
    from .server.keys import ENV_VAR, KeyRing, is_loopback

    keys = KeyRing.load(keys_file)
    if keys is None and not is_loopback(host):
        raise UsageError("host", f"refusing to bind {host} without API keys; set {ENV_VAR} or --keys "
                                 "(or bind 127.0.0.1)")
    from .server.operations import SharedMemory
    from .server.rest import serve as run_rest

    run_rest(SharedMemory(open_memory(db, creates=True)), host=host, port=port, keys=keys, max_body=max_body_bytes)


@main.command("demo")
@click.option("--db", "db", default="kronograph-demo.db", show_default=True,
              help="The demo's own store; an existing file is replaced only if the demo created it.")
@click.option("--json", "as_json", is_flag=True, help="Also print what each step found as JSON.")
@handles_errors
def demo(db: str, as_json: bool) -> None:
    """Walk through the main job on a fresh store: a conversation through Memory.add with a
    move, a correction, an expiring task, a hedge, refused private data and a forget request.

    Example: kronograph demo --db demo.db
    """
    from .demo import run_demo

    run_demo(db, echo=click.echo, as_json=as_json)
