"""The MCP server through the SDK's own client: `kronograph mcp` started over stdio."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import pytest

mcp = pytest.importorskip("mcp", reason="the 'server' extra (mcp) is not installed")
from mcp.client.session import ClientSession  # noqa: E402
from mcp.client.stdio import StdioServerParameters, stdio_client  # noqa: E402

from kronograph import Memory  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
TOOLS = {"remember", "search", "context", "facts", "history", "forget", "end_fact"}


@asynccontextmanager
async def connected(db: Path, *extra: str) -> AsyncIterator[ClientSession]:
    """A client session with `kronograph mcp --db db ...` run as a subprocess over stdio."""
    env = {"PYTHONPATH": str(REPO)}
    params = StdioServerParameters(command=sys.executable, args=["-m", "kronograph", "mcp", "--db", str(db), *extra],
                                   env=env, cwd=str(REPO))
    with open(os.devnull, "w") as errlog:
        async with stdio_client(params, errlog=errlog) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            yield session


def drive(db: Path, script: Callable[[ClientSession], Awaitable[Any]], *extra: str) -> Any:
    async def main() -> Any:
        async with connected(db, *extra) as session:
            return await script(session)
    return anyio.run(main)


async def call(session: ClientSession, tool: str, **arguments: Any) -> dict[str, Any]:
    result = await session.call_tool(tool, arguments)
    assert not result.is_error, result.content
    data = result.structured_content
    assert data == json.loads(result.content[0].text)   # the text form is the same JSON
    return data


def test_tools_with_descriptions_and_a_conversation_through_them(tmp_path: Path) -> None:
    async def script(session: ClientSession) -> dict[str, Any]:
        out: dict[str, Any] = {"tools": {t.name: t for t in (await session.list_tools()).tools}}
        await call(session, "remember", text="I live in Shanghai.", user_id="u1",
                   reference_time="2026-01-05T10:00:00Z")
        out["moved"] = await call(session, "remember", text="I moved from Shanghai to Hangzhou last month.",
                                  user_id="u1", reference_time="2026-05-04T10:00:00Z")
        out["card"] = await call(session, "remember", text="My card number is 4111 1111 1111 1111.", user_id="u1")
        out["now"] = await call(session, "facts", user_id="u1", predicate="lives_in")
        out["then"] = await call(session, "facts", user_id="u1", predicate="lives_in", as_of="2026-02-01")
        out["history"] = await call(session, "history", user_id="u1", predicate="lives_in")
        out["search"] = await call(session, "search", query="where does the user live", user_id="u1", k=5)
        out["context"] = await call(session, "context", query="where does the user live", user_id="u1")
        return out

    out = drive(tmp_path / "m.db", script)
    tools = out["tools"]
    assert set(tools) >= TOOLS
    params = {name: set(tool.input_schema["properties"]) for name, tool in tools.items()}
    assert {"text", "user_id", "reference_time", "run_id"} <= params["remember"]
    assert {"query", "user_id", "k", "as_of"} <= params["search"]
    assert {"query", "user_id", "max_tokens"} <= params["context"]
    assert {"user_id", "subject", "predicate", "as_of", "known_at"} <= params["facts"]
    assert {"user_id", "subject", "predicate"} <= params["history"]
    assert {"user_id", "fact_id", "subject", "predicate", "hard", "reason"} <= params["forget"]
    assert {"subject", "predicate", "object", "user_id", "at"} <= params["end_fact"]
    for tool in tools.values():
        assert tool.description and len(tool.description) > 80, tool.name
    assert [f["object"] for f in out["moved"]["stored"]] == ["Hangzhou"]
    assert [f["object"] for f in out["moved"]["superseded"]] == ["Shanghai"]
    assert out["card"]["stored"] == [] and "card_number" in out["card"]["refused"][0]["reason"]
    assert [f["object"] for f in out["now"]["facts"]] == ["Hangzhou"]
    assert [f["object"] for f in out["then"]["facts"]] == ["Shanghai"]
    assert [(f["object"], f["status"]) for f in out["history"]["facts"]] == [("Shanghai", "superseded"),
                                                                            ("Hangzhou", "active")]
    hits = out["search"]["hits"]
    # Issue 13: search ranks facts and episodes together; the current value comes first, and
    # context() shows earlier values only marked as earlier.
    assert hits and "Hangzhou" in (hits[0]["fact"] or {}).get("object", (hits[0]["episode"] or {}).get("content"))
    assert any(h["kind"] == "fact" and h["fact"]["object"] == "Hangzhou" for h in hits)
    assert all("Shanghai" not in (h["fact"] or {}).get("object", "") for h in hits)
    assert set(hits[0]["components"]) >= {"importance", "confidence"}
    block = out["context"]["context"].splitlines()
    current = block[:block.index("Earlier (replaced since):")] if "Earlier (replaced since):" in block else block
    assert any("Hangzhou" in line for line in current)
    assert all("Hangzhou" in line for line in current if "Shanghai" in line)
    with Memory(tmp_path / "m.db") as mem:   # the tools wrote the store itself
        assert [f.object for f in mem.facts(user_id="u1", predicate="lives_in")] == ["Hangzhou"]
        assert "4111" not in " ".join(e.content for e in mem.episodes(user_id="u1"))


def test_forget_hard_end_fact_and_errors_without_tracebacks(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    with Memory(db) as mem:
        phone = mem.add_fact("user", "phone", "555-0100", user_id="u1").fact.id
        mem.add_fact("user", "likes", "minimalism", user_id="u1", valid_from="2025-01-01")

    async def script(session: ClientSession) -> tuple[Any, ...]:
        refused = await session.call_tool("forget", {"user_id": "u1"})   # no selector: not everything
        gone = await call(session, "forget", user_id="u1", fact_id=phone, hard=True, reason="asked")
        ended = await call(session, "end_fact", subject="user", predicate="likes", object="minimalism",
                           user_id="u1", at="2026-03-01")
        missing = await session.call_tool("forget", {"user_id": "u1", "fact_id": "no-such-fact"})
        bad_time = await session.call_tool("facts", {"user_id": "u1", "as_of": "not a date"})
        return refused, gone, ended, missing, bad_time

    refused, gone, ended, missing, bad_time = drive(db, script)
    assert bad_time.is_error and "as_of" in bad_time.content[0].text
    assert "Traceback" not in bad_time.content[0].text
    assert refused.is_error and "fact_id" in refused.content[0].text
    assert gone == {"forgotten": [phone], "hard": True}
    assert ended["ended"][0]["valid_until"].startswith("2026-03-01")
    assert missing.is_error and "no-such-fact" in missing.content[0].text
    assert "Traceback" not in missing.content[0].text
    with Memory(db) as mem:
        assert mem.history(user_id="u1", predicate="phone") == []
        assert mem.tombstones(user_id="u1")[0].reason == "asked"


def test_a_server_started_for_one_user_refuses_another(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    with Memory(db) as mem:
        mem.add_fact("user", "lives_in", "Paris", user_id="bob")

    async def script(session: ClientSession) -> tuple[Any, ...]:
        own = await call(session, "remember", text="I live in Lyon.")          # user_id from --user
        named = await call(session, "facts", user_id="alice")
        other = await session.call_tool("facts", {"user_id": "bob"})
        wipe = await session.call_tool("forget", {"user_id": "bob", "predicate": "lives_in", "hard": True})
        return own, named, other, wipe

    own, named, other, wipe = drive(db, script, "--user", "alice")
    assert [f["object"] for f in own["stored"]] == ["Lyon"]
    assert [f["object"] for f in named["facts"]] == ["Lyon"]
    for refused in (other, wipe):
        assert refused.is_error and "user_id" in refused.content[0].text and "bob" in refused.content[0].text
    with Memory(db) as mem:   # nothing of bob was touched
        assert [f.object for f in mem.facts(user_id="bob")] == ["Paris"]


def test_streamable_http_on_loopback(tmp_path: Path) -> None:
    import socket
    import subprocess
    import time

    from mcp.client.streamable_http import streamable_http_client

    from .conftest import free_port

    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "kronograph", "mcp", "--db", str(tmp_path / "h.db"), "--http",
                                "--port", str(port), "--user", "u9"], env={**os.environ, "PYTHONPATH": str(REPO)},
                               cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    break
            assert process.poll() is None, "the server exited"
            time.sleep(0.3)

        async def main() -> tuple[dict[str, Any], Any]:
            async with streamable_http_client(f"http://127.0.0.1:{port}/mcp") as streams, \
                    ClientSession(streams[0], streams[1]) as session:
                await session.initialize()
                saved = await call(session, "remember", text="I live in Oslo.")
                other = await session.call_tool("history", {"user_id": "someone-else"})
                return saved, other

        saved, other = anyio.run(main)
    finally:
        process.terminate()
        process.wait(timeout=30)
    assert [f["object"] for f in saved["stored"]] == ["Oslo"]
    assert other.is_error and "u9" in other.content[0].text


def test_bad_arguments_are_tool_errors_naming_the_field_and_store_nothing(tmp_path: Path) -> None:
    # (Lone surrogates never reach a tool: the client cannot encode them, and the SDK's JSON
    # parser refuses a "\ud800" escape before any tool runs.)
    db = tmp_path / "m.db"
    with Memory(db, embedder=None) as mem:
        mem.add_fact("user", "lives_in", "Oslo", user_id="u1")
        before = (mem.history(user_id="u1"), mem.episodes(user_id="u1"))
    cases = [
        ("remember", {"text": "I live in Bergen. " * 6000, "user_id": "u1"}, "text_or_messages", "the limit is"),
        ("remember", {"text": "I live in Bergen.", "user_id": " "}, "user_id", "must not be empty"),
        ("remember", {"text": "I live in Bergen.", "user_id": "u1", "reference_time": "0001-01-01T00:00:00+14:00"},
         "reference_time", "outside the years"),
        ("search", {"query": "where", "user_id": "u1", "k": 0}, "k", "greater than or equal to 1"),
        ("context", {"query": "where", "user_id": "u1", "max_tokens": 0}, "max_tokens", "greater than or equal to 1"),
        ("facts", {"user_id": "u1", "known_at": "yesterday"}, "known_at", "ISO-8601"),
        ("end_fact", {"subject": "user", "predicate": "!!!", "user_id": "u1"}, "predicate", "not a valid predicate"),
        ("forget", {"user_id": "u1", "fact_id": "  ", "hard": True}, "fact_id", "must not be empty"),
    ]

    async def script(session: ClientSession) -> list[Any]:
        return [await session.call_tool(tool, arguments) for tool, arguments, _, _ in cases]

    for (tool, _, field, problem), result in zip(cases, drive(db, script), strict=True):
        text = result.content[0].text
        assert result.is_error and field in text and problem in text, (tool, text)
        assert "Traceback" not in text, text
    with Memory(db, embedder=None) as mem:
        assert (mem.history(user_id="u1"), mem.episodes(user_id="u1")) == before
