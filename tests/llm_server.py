"""A local OpenAI-compatible HTTP server for tests and benchmarks: real HTTP on 127.0.0.1
(a free port), ``/v1/chat/completions`` and ``/v1/embeddings``, answering from scripted
replies keyed on the request and recording everything it was sent.

    with ScriptedLLMServer() as server:
        server.on("extract_facts", Reply.answer({"entities": [], "facts": []}), contains="Hangzhou")
        extractor = LLMExtractor(base_url=server.url, model="test")

A chat request's task is the JSON-schema name of its response format, or else the
``Task: <name>.`` line its system message opens with (both are set by kronograph's prompts).
``contains`` matches an extraction request's episode, not the earlier episodes sent as context.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Reply:
    """One scripted answer: an assistant message, an HTTP error, or a raw body, maybe late."""

    status: int = 200
    content: str | None = None
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    raw_body: str | None = None
    with_usage: bool = True

    @classmethod
    def answer(cls, obj: Any, **kwargs: Any) -> Reply:
        """A well-formed completion whose message content is ``obj`` as JSON."""
        return cls(content=json.dumps(obj), **kwargs)

    @classmethod
    def text(cls, content: str, **kwargs: Any) -> Reply:
        """A completion whose message content is ``content`` verbatim (malformed answers)."""
        return cls(content=content, **kwargs)

    @classmethod
    def error(cls, status: int, message: str = "scripted error", **kwargs: Any) -> Reply:
        """An OpenAI-style error response."""
        return cls(status=status, raw_body=json.dumps({"error": {"message": message, "type": "test", "code": status}}),
                   **kwargs)


@dataclass
class Recorded:
    """A request the server received."""

    path: str
    body: dict[str, Any]
    task: str | None

    @property
    def messages(self) -> list[dict[str, str]]:
        return list(self.body.get("messages", []))

    @property
    def prompt(self) -> str:
        """Every message's content, joined."""
        return "\n".join(m.get("content", "") for m in self.messages)

    @property
    def keyed_text(self) -> str:
        """What rules match on: an extraction request's episode (not its context), else the prompt."""
        prompt = self.prompt
        return prompt.split("\nEpisode:\n", 1)[1] if "\nEpisode:\n" in prompt else prompt


@dataclass
class _Rule:
    task: str | None
    contains: str | None
    replies: list[Reply]

    def matches(self, task: str | None, prompt: str) -> bool:
        return (self.task is None or self.task == task) and (self.contains is None or self.contains in prompt)


def request_task(body: dict[str, Any]) -> str | None:
    """The task a chat request is for (see the module docstring)."""
    response_format = body.get("response_format") or {}
    name = (response_format.get("json_schema") or {}).get("name")
    if name:
        return str(name)
    for message in body.get("messages", []):
        found = re.match(r"Task: (\w+)\.", message.get("content", ""))
        if found:
            return found.group(1)
    return None


def estimate_tokens(text: str) -> int:
    """The token count the server reports: a character-based estimate, deterministic."""
    return math.ceil(len(text) / 4)


def fake_embedding(text: str, dims: int) -> list[float]:
    """A deterministic unit vector for ``text`` (same text, same vector)."""
    digest = hashlib.sha256(text.encode()).digest()
    raw = [digest[i % len(digest)] - 127.5 for i in range(dims)]
    norm = math.sqrt(sum(v * v for v in raw)) or 1.0
    return [v / norm for v in raw]


class ScriptedLLMServer:
    """An OpenAI-compatible server answering from rules; the first matching rule answers.

    A rule's replies are used in order and the last one repeats. ``responder`` answers
    requests no rule matches (the benchmark's simulated model); without one they get a 404
    naming the task, so a test that sends something unexpected fails loudly.
    """

    def __init__(self, responder: Callable[[Recorded], Reply] | None = None) -> None:
        self.requests: list[Recorded] = []
        self.responder = responder
        self._rules: list[_Rule] = []
        self._lock = threading.Lock()
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)

    @property
    def url(self) -> str:
        """The base URL to give an OpenAI client."""
        return f"http://127.0.0.1:{self._httpd.server_address[1]}/v1"

    def __enter__(self) -> ScriptedLLMServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()

    def on(self, task: str | None, *replies: Reply, contains: str | None = None) -> None:
        """Answer requests for ``task`` (any when None) whose prompt contains ``contains``."""
        if not replies:
            raise ValueError("a rule needs at least one reply")
        with self._lock:
            self._rules.append(_Rule(task, contains, list(replies)))

    def reset(self) -> None:
        """Forget the rules and the recorded requests."""
        with self._lock:
            self._rules.clear()
            self.requests.clear()

    def calls(self, task: str | None = None) -> list[Recorded]:
        """Recorded chat requests, for one task or all."""
        with self._lock:
            return [r for r in self.requests if r.path.endswith("/chat/completions")
                    and (task is None or r.task == task)]

    # -- serving ------------------------------------------------------------------------
    def _reply_for(self, recorded: Recorded) -> Reply:
        with self._lock:
            self.requests.append(recorded)
            prompt = recorded.keyed_text
            for rule in self._rules:
                if rule.matches(recorded.task, prompt):
                    return rule.replies.pop(0) if len(rule.replies) > 1 else rule.replies[0]
        if self.responder is not None:
            return self.responder(recorded)
        return Reply.error(404, f"no scripted reply for task {recorded.task!r}")

    def _completion(self, recorded: Recorded, reply: Reply) -> dict[str, Any]:
        content = reply.content or ""
        body: dict[str, Any] = {
            "id": f"chatcmpl-{len(self.requests)}", "object": "chat.completion", "created": int(time.time()),
            "model": recorded.body.get("model", "test"),
            "choices": [{"index": 0, "finish_reason": "stop",
                         "message": {"role": "assistant", "content": content}}],
        }
        if reply.with_usage:
            prompt_tokens, completion_tokens = estimate_tokens(recorded.prompt), estimate_tokens(content)
            body["usage"] = {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                             "total_tokens": prompt_tokens + completion_tokens}
        return body

    def _embeddings(self, body: dict[str, Any]) -> dict[str, Any]:
        inputs = body.get("input", [])
        texts = [inputs] if isinstance(inputs, str) else list(inputs)
        dims = int(body.get("dimensions") or 8)
        data = [{"object": "embedding", "index": i, "embedding": fake_embedding(t, dims)} for i, t in enumerate(texts)]
        tokens = sum(estimate_tokens(t) for t in texts)
        return {"object": "list", "data": data, "model": body.get("model", "test"),
                "usage": {"prompt_tokens": tokens, "total_tokens": tokens}}

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:  # keep test output quiet
                pass

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                try:
                    body = json.loads(self.rfile.read(length) or b"{}")
                except json.JSONDecodeError:
                    self._send(400, json.dumps({"error": {"message": "invalid JSON body"}}), {})
                    return
                if self.path.endswith("/embeddings"):
                    with server._lock:
                        server.requests.append(Recorded(self.path, body, None))
                    self._send(200, json.dumps(server._embeddings(body)), {})
                    return
                if not self.path.endswith("/chat/completions"):
                    self._send(404, json.dumps({"error": {"message": f"no route {self.path}"}}), {})
                    return
                recorded = Recorded(self.path, body, request_task(body))
                reply = server._reply_for(recorded)
                if reply.delay:
                    time.sleep(reply.delay)
                text = reply.raw_body if reply.raw_body is not None \
                    else json.dumps(server._completion(recorded, reply))
                self._send(reply.status, text, reply.headers)

            def _send(self, status: int, text: str, headers: dict[str, str]) -> None:
                data = text.encode()
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    for name, value in headers.items():
                        self.send_header(name, value)
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):  # the client timed out and left
                    pass

        return Handler
