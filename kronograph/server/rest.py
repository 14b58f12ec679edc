"""``kronograph serve``: the memory over HTTP (FastAPI + uvicorn; OpenAPI at ``/docs``).

    KRONOGRAPH_API_KEYS='{"secret-1": ["u1"]}' kronograph serve --db memory.db --port 8080
    curl -H 'Authorization: Bearer secret-1' localhost:8080/v1/users/u1/facts

Every route is one :mod:`.operations` call. :class:`Guard` checks the key and the body size
before any route runs, so a refused request reads, writes and deletes nothing.
"""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from contextlib import asynccontextmanager
from typing import Any
from urllib.parse import unquote_to_bytes

from pydantic import BaseModel, ConfigDict, Field

from ..errors import KronographError, MissingDependencyError, NotFoundError, StoreError, UsageError
from . import operations
from .keys import KeyRing
from .operations import SharedMemory

try:
    from fastapi import FastAPI, Query, Request
    from fastapi.responses import JSONResponse
except ImportError as exc:  # pragma: no cover - the 'server' extra is missing
    raise MissingDependencyError("kronograph serve", "server", str(exc)) from None

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]

#: 1 MiB: far above any message an agent sends, far below what would hurt the process.
MAX_BODY_BYTES = 1 << 20
OPEN_PATHS = frozenset({"/healthz", "/docs", "/docs/oauth2-redirect", "/openapi.json", "/redoc"})
USER_PATH = re.compile(r"^/v1/users/([^/]+)(?:/|$)")


class Guard:
    """ASGI middleware run before routing: the bearer key must hold the user of the path
    (``/v1/maintain`` acts on every user and needs ``"*"``), and a body may not exceed
    ``max_body`` bytes. Without keys every caller is trusted (loopback only, see ``serve``)."""

    def __init__(self, app: Any, *, keys: KeyRing | None, max_body: int) -> None:
        self.app = app
        self.keys = keys
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        unreadable = _unreadable_part(scope)
        if unreadable is not None:
            await _respond(send, 422, [{"loc": list(unreadable[0]), "msg": unreadable[1], "type": "value_error"}])
            return
        refusal = self._refusal(scope)
        if refusal is not None:
            await _respond(send, *refusal)
            return
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.max_body):
            await _respond(send, 413, f"request body over {self.max_body} bytes")
            return
        body, more = bytearray(), True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                break
            body += message.get("body", b"")
            more = message.get("more_body", False)
            if len(body) > self.max_body:
                await _respond(send, 413, f"request body over {self.max_body} bytes")
                return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if replayed:
                return await receive()
            replayed = True
            return {"type": "http.request", "body": bytes(body), "more_body": False}

        await self.app(scope, replay, send)

    def _refusal(self, scope: Scope) -> tuple[int, str] | None:
        path = scope["path"]
        if self.keys is None or path in OPEN_PATHS:
            return None
        header = dict(scope["headers"]).get(b"authorization", b"").decode("latin-1")
        scheme, _, key = header.partition(" ")
        users = self.keys.users_for(key.strip()) if scheme.lower() == "bearer" and key.strip() else None
        if users is None:
            return 401, "missing or unknown API key (send Authorization: Bearer <key>)"
        match = USER_PATH.match(path)
        user_id = match.group(1) if match else None
        if (match or path.startswith("/v1/maintain")) and not KeyRing.allows(users, user_id):
            return 403, f"this key does not hold user {user_id!r}" if user_id else "this key does not hold every user"
        return None


def _unreadable_part(scope: Scope) -> tuple[tuple[str, ...], str] | None:
    """The part of the URL whose percent-escapes are not UTF-8 (``("path",)`` or
    ``("query", name)``) and why. The server would read them as U+FFFD, so two different
    user ids or fact ids (``%FF``, ``%FE``) would name one record."""
    parts: list[tuple[tuple[str, ...], bytes]] = [(("path",), scope.get("raw_path") or scope["path"].encode())]
    for pair in scope.get("query_string", b"").split(b"&"):
        name = pair.partition(b"=")[0].replace(b"+", b" ")
        parts.append((("query", unquote_to_bytes(name).decode("utf-8", "replace")), pair))
    for where, raw in parts:
        try:
            unquote_to_bytes(raw).decode("utf-8")
        except UnicodeDecodeError as exc:
            return where, f"is not valid UTF-8 once percent-decoded (byte {exc.start})"
    return None


async def _respond(send: Send, status: int, detail: str | list[dict[str, Any]]) -> None:
    body = json.dumps({"detail": detail}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if status == 401:
        headers.append((b"www-authenticate", b"Bearer"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class Turn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    role: str = Field(description="user, assistant, ...")
    content: str
    name: str | None = Field(default=None, description="The speaker's name.")


class MessageIn(BaseModel):
    """One message (a string) or a conversation (a list of turns) to remember."""

    model_config = ConfigDict(extra="forbid")
    content: str | list[Turn]
    reference_time: str | None = Field(default=None, description="When it was said (ISO-8601; default now).")
    run_id: str | None = None
    agent_id: str | None = None


class FactIn(BaseModel):
    """The fields of ``Memory.add_fact``."""

    model_config = ConfigDict(extra="forbid")
    subject: str
    predicate: str
    object: str
    valid_from: str | None = None
    valid_until: str | None = None
    memory_type: str = "fact"
    confidence: float = 1.0
    importance: float = 0.5
    expires_at: str | None = None
    run_id: str | None = None
    agent_id: str | None = None
    correction: bool = False
    text: str | None = None


def _usage_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, UsageError)
    return JSONResponse(status_code=422, content={"detail": [{"loc": [exc.field], "msg": exc.problem,
                                                              "type": "value_error"}]})


def _kronograph_error(request: Request, exc: Exception) -> JSONResponse:
    status = 404 if isinstance(exc, NotFoundError) else 503 if isinstance(exc, StoreError) else 400
    return JSONResponse(status_code=status, content={"detail": str(exc)})


def create_app(shared: SharedMemory, *, keys: KeyRing | None = None, max_body: int = MAX_BODY_BYTES) -> Any:
    """The ASGI application: the routes over ``shared``, behind :class:`Guard`."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        shared.close()

    app = FastAPI(title="kronograph", version="0.1.0", lifespan=lifespan,
                  description="A temporal knowledge-graph memory for AI agents. Send `Authorization: Bearer <key>`.")
    app.add_exception_handler(UsageError, _usage_error)
    app.add_exception_handler(KronographError, _kronograph_error)

    @app.get("/healthz")
    def healthz() -> dict[str, str]:
        return {"status": "ok"}

    @app.post("/v1/users/{user_id}/messages")
    def add_message(user_id: str, body: MessageIn) -> dict[str, Any]:
        """Remember a message: extract, judge by the policy, write (``Memory.add``)."""
        content: str | list[dict[str, Any]] = body.content if isinstance(body.content, str) else \
            [t.model_dump(exclude_none=True) for t in body.content]
        return shared.call(operations.remember, user_id=user_id, text=content, reference_time=body.reference_time,
                           run_id=body.run_id, agent_id=body.agent_id)

    @app.post("/v1/users/{user_id}/facts")
    def add_fact(user_id: str, body: FactIn) -> dict[str, Any]:
        """Record one fact (``Memory.add_fact``)."""
        return shared.call(operations.add_fact, user_id=user_id, **body.model_dump())

    @app.get("/v1/users/{user_id}/facts")
    def facts(user_id: str, subject: str | None = None, predicate: str | None = None, as_of: str | None = None,
              known_at: str | None = None) -> dict[str, Any]:
        """Facts valid at ``as_of`` as believed at ``known_at`` (``Memory.facts``)."""
        return shared.call(operations.facts, user_id=user_id, subject=subject, predicate=predicate, as_of=as_of,
                           known_at=known_at)

    @app.get("/v1/users/{user_id}/history")
    def history(user_id: str, subject: str | None = None, predicate: str | None = None) -> dict[str, Any]:
        """Every record on record, oldest first (``Memory.history``)."""
        return shared.call(operations.history, user_id=user_id, subject=subject, predicate=predicate)

    @app.get("/v1/users/{user_id}/search")
    def search(user_id: str, q: str, k: int = Query(10, ge=1, le=100), as_of: str | None = None) -> dict[str, Any]:
        """Facts and episodes for a query, best first (``Memory.search``)."""
        return shared.call(operations.search, user_id=user_id, query=q, k=k, as_of=as_of)

    @app.get("/v1/users/{user_id}/context")
    def context(user_id: str, q: str, max_tokens: int = Query(800, ge=1)) -> dict[str, Any]:
        """A prompt block of what is true and relevant (``Memory.context``)."""
        return shared.call(operations.context, user_id=user_id, query=q, max_tokens=max_tokens)

    @app.delete("/v1/users/{user_id}/facts/{fact_id}")
    def forget(user_id: str, fact_id: str, hard: bool = False, reason: str = "") -> dict[str, Any]:
        """Archive one fact, or with ``hard=true`` delete it everywhere (``Memory.forget``)."""
        return shared.call(operations.forget, user_id=user_id, fact_id=fact_id, hard=hard, reason=reason)

    @app.post("/v1/maintain")
    def maintain(now: str | None = None) -> dict[str, Any]:
        """Run the forgetting lifecycle once over every user (``Memory.maintain``)."""
        return shared.call(operations.maintain, now=now)

    return Guard(app, keys=keys, max_body=max_body)


def serve(shared: SharedMemory, *, host: str, port: int, keys: KeyRing | None,
          max_body: int = MAX_BODY_BYTES) -> None:
    """Serve until stopped. The caller has checked that a non-loopback ``host`` has keys."""
    try:
        import uvicorn
    except ImportError as exc:
        raise MissingDependencyError("kronograph serve", "server", str(exc)) from None
    uvicorn.run(create_app(shared, keys=keys, max_body=max_body), host=host, port=port, log_level="warning")
