"""``kronograph mcp``: the memory as MCP tools (official ``mcp`` SDK, stdio or streamable HTTP).

    kronograph mcp --db memory.db --user u1            # an agent host launches this over stdio

Each tool is one :mod:`.operations` call; its description is written for the model that
reads it. With ``--user`` every tool acts for that user only, and a call naming another
``user_id`` is refused with a tool error.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from pydantic import Field

from ..errors import KronographError, MissingDependencyError
from . import operations
from .operations import SharedMemory

INSTRUCTIONS = """\
kronograph is a temporal memory about the user. Before you answer, call `search` or `context`
with the question: they return only what is true now (superseded, corrected, expired and
archived facts are left out; hypotheses carry a low confidence - do not state them as certain).
After the user says something worth keeping, call `remember` with their message: the memory
extracts the facts, closes values they replace, refuses private data (card numbers,
credentials, exact addresses) and tells you what it did. When the user asks you to forget
something, call `forget` with hard=true. Use `facts(as_of=...)` for "what was true on <date>",
`facts(known_at=...)` for "what did you believe on <date>", and `history` for how a value changed.
"""

UserId = Annotated[str | None, Field(description="The user the memory belongs to. Leave empty when the server "
                                                 "was started for one user (--user).")]
When = Annotated[str | None, Field(description="An ISO-8601 time, e.g. 2026-01-01 or 2026-05-06T09:00:00Z.")]
Subject = Annotated[str | None, Field(description='Only facts about this entity, e.g. "user" for the user themself.')]
Predicate = Annotated[str | None, Field(description="Only this relation, snake_case: lives_in, works_at, likes, ...")]


def build_server(shared: SharedMemory, *, user: str | None = None) -> Any:
    """The MCP server over ``shared`` (an ``mcp.server.mcpserver.MCPServer``)."""
    try:
        from mcp.server.mcpserver import MCPServer
        from mcp.server.mcpserver.exceptions import ToolError
    except ImportError as exc:
        raise MissingDependencyError("kronograph mcp", "server", str(exc)) from None

    server = MCPServer("kronograph", instructions=INSTRUCTIONS, log_level="WARNING")

    def scoped(user_id: str | None) -> str:
        if user is None:
            if user_id is None:
                raise ToolError("user_id: required (this server was started without --user)")
            return user_id
        if user_id is not None and user_id != user:
            raise ToolError(f"user_id: this server acts for user {user!r} only; {user_id!r} is refused")
        return user

    def call(operation: Callable[..., dict[str, Any]], user_id: str | None, **arguments: Any) -> dict[str, Any]:
        owner = scoped(user_id)
        try:
            return shared.call(operation, user_id=owner, **arguments)
        except KronographError as exc:
            raise ToolError(str(exc)) from exc

    @server.tool()
    def remember(
        text: Annotated[str, Field(description="What the user said, verbatim (one message).")],
        user_id: UserId = None,
        reference_time: Annotated[str | None, Field(description="When it was said (ISO-8601; default now). "
                                                              "'last month', 'this week' resolve against it.")] = None,
        run_id: Annotated[str | None, Field(description="The session/task this belongs to; task context "
                                                      "('this week I'm fixing X') is bound to it.")] = None,
    ) -> dict[str, Any]:
        """Store what the user said. The memory extracts facts, supersedes values that changed
        ("I moved to Lyon" closes the old city), applies corrections ("not Android, iOS"), keeps
        hedges as low-confidence hypotheses, gives task context an expiry, refuses private data,
        and acts on "forget ..." requests. Returns stored, superseded, corrected, ended, forgotten
        and refused (with the reason) so you can tell the user what happened."""
        return call(operations.remember, user_id, text=text, reference_time=reference_time, run_id=run_id)

    @server.tool()
    def search(
        query: Annotated[str, Field(description="A question or keywords, e.g. 'where does the user live'.")],
        user_id: UserId = None,
        k: Annotated[int, Field(description="How many hits at most.", ge=1, le=100)] = 10,
        as_of: Annotated[str | None, Field(description="Answer as of this ISO-8601 time instead of now.")] = None,
    ) -> dict[str, Any]:
        """Find what the memory holds about a question, best first: facts valid now (or at
        as_of) and, where available, the episodes (messages) behind them. Each hit has kind
        ("fact" or "episode"), the fact or episode, a score and its components. Superseded,
        corrected and expired facts are never returned for now."""
        return call(operations.search, user_id, query=query, k=k, as_of=as_of)

    @server.tool()
    def context(
        query: Annotated[str, Field(description="What you are about to do or answer.")],
        user_id: UserId = None,
        max_tokens: Annotated[int, Field(description="Token budget of the block.", ge=1)] = 800,
    ) -> dict[str, Any]:
        """A compact text block of what is currently true about the user and relevant to the
        query, with dates and uncertain facts marked, ready to paste into your prompt."""
        return call(operations.context, user_id, query=query, max_tokens=max_tokens)

    @server.tool()
    def facts(
        user_id: UserId = None, subject: Subject = None, predicate: Predicate = None,
        as_of: Annotated[str | None, Field(description="Valid time: what was true in the world then "
                                                      "(ISO-8601; default now).")] = None,
        known_at: Annotated[str | None, Field(description="Transaction time: what the memory believed "
                                                         "then, before later corrections (ISO-8601).")] = None,
    ) -> dict[str, Any]:
        """The facts true at as_of (default now), as the memory believed them at known_at
        (default now). Use it for the current state of the user, or for "where did they live
        in January" (as_of) and "what did you think last week" (known_at)."""
        return call(operations.facts, user_id, subject=subject, predicate=predicate, as_of=as_of,
                    known_at=known_at)

    @server.tool()
    def history(user_id: UserId = None, subject: Subject = None, predicate: Predicate = None) -> dict[str, Any]:
        """Every record ever held for the user (or one subject/predicate), oldest first,
        including superseded and corrected ones with their status and validity dates: how a
        value changed over time."""
        return call(operations.history, user_id, subject=subject, predicate=predicate)

    @server.tool()
    def forget(
        user_id: UserId = None,
        fact_id: Annotated[str | None, Field(description="The id of one fact (from search/facts).")] = None,
        subject: Subject = None, predicate: Predicate = None,
        hard: Annotated[bool, Field(description="true: delete for good, everywhere, including the message "
                                               "text (use when the user asks to forget). false: archive.")] = False,
        reason: Annotated[str, Field(description="Why; kept in a content-free tombstone.")] = "",
        forget_all: Annotated[bool, Field(description="Forget every fact of the user; needed when no "
                                                     "fact_id, subject or predicate is given.")] = False,
    ) -> dict[str, Any]:
        """Forget facts: by fact_id, or every fact of a subject and/or predicate. hard=true
        deletes the content from every table, index and stored message and leaves only a
        tombstone; hard=false archives (hidden from search, kept on record). Returns the ids."""
        return call(operations.forget, user_id, fact_id=fact_id, subject=subject, predicate=predicate,
                    hard=hard, reason=reason, forget_all=forget_all)

    @server.tool()
    def end_fact(
        subject: Annotated[str, Field(description='The entity, e.g. "user".')],
        predicate: Annotated[str, Field(description="The relation, e.g. likes, works_at.")],
        object: Annotated[str | None, Field(description="The value that stopped being true; empty: every "
                                                       "current value of the slot.")] = None,
        user_id: UserId = None,
        at: Annotated[str | None, Field(description="When it stopped being true (ISO-8601; default now).")] = None,
    ) -> dict[str, Any]:
        """Say a fact is no longer true ("I don't work at Acme any more") without stating a
        replacement: its validity ends at `at`; the record stays for as-of questions."""
        return call(operations.end_fact, user_id, subject=subject, predicate=predicate, object=object, at=at)

    return server


def run(shared: SharedMemory, *, user: str | None = None, http: bool = False, port: int = 8765) -> None:
    """Serve until the client disconnects (stdio) or the process is stopped (HTTP, on 127.0.0.1)."""
    server = build_server(shared, user=user)
    if http:
        server.run("streamable-http", host="127.0.0.1", port=port)
    else:
        server.run("stdio")
