"""LLM extraction through any OpenAI-compatible endpoint (OpenAI, Ollama, vLLM, llama.cpp),
in at most two calls per episode: one extraction call, and one resolution call only when
the store holds facts of the same slots.

    from kronograph.extraction.llm import LLMExtractor
    extractor = LLMExtractor(model="gpt-4o-mini")                 # OPENAI_API_KEY from the env
    extractor = LLMExtractor(base_url="http://localhost:11434/v1", model="qwen2.5:7b")  # Ollama

The LLM proposes; the MemoryPolicy and the temporal engine decide. A server that times
out, rate-limits or answers something that does not fit the schema is retried with bounded
exponential backoff (honouring ``Retry-After``); after the retries the episode falls back
to the offline extractor and :attr:`Extraction.fallback` says why. Nothing is written to
the store here, so no failure can corrupt it.
"""

from __future__ import annotations

import email.utils
import json
import math
import os
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ValidationError

from ..candidates import ResolutionHint, ResolutionKind
from ..errors import ExtractionError, MissingDependencyError, UsageError
from ..model import EntityType, Episode, Fact
from ..temporal.instants import to_instant
from ..temporal.predicates import normalize_predicate
from . import prompts
from .base import CandidateFact, EpisodeInput, ExistingLookup, Extraction, Extractor, Operation

A = TypeVar("A", bound=BaseModel)

#: Structured-output modes, best first; a server that rejects one is asked in the next.
OutputMode = Literal["json_schema", "json_object", "prompt"]
_MODES: tuple[OutputMode, ...] = ("json_schema", "json_object", "prompt")

DEFAULT_MODEL = "gpt-4o-mini"


@dataclass
class LLMUsage:
    """What an extractor has spent so far (all episodes): requests, tokens, retries, errors."""

    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    retries: int = 0
    errors: int = 0
    fallbacks: int = 0
    seconds: float = 0.0


class _CallFailed(Exception):
    """Every attempt of one call failed; the message says how the last one did."""


class _Cost:
    """The cost of one episode, added to the extractor's running totals as it goes."""

    def __init__(self, usage: LLMUsage) -> None:
        self.usage = usage
        self.calls = self.prompt_tokens = self.completion_tokens = 0

    def request(self, prompt_tokens: int, completion_tokens: int, seconds: float) -> None:
        self.calls += 1
        self.prompt_tokens += prompt_tokens
        self.completion_tokens += completion_tokens
        self.usage.calls += 1
        self.usage.prompt_tokens += prompt_tokens
        self.usage.completion_tokens += completion_tokens
        self.usage.seconds += seconds

    def charge(self, extraction: Extraction) -> Extraction:
        return extraction.model_copy(update={
            "llm_calls": self.calls, "prompt_tokens": self.prompt_tokens, "completion_tokens": self.completion_tokens,
        })


def _estimate_tokens(text: str) -> int:
    """Servers that report no usage are charged about four characters a token."""
    return math.ceil(len(text) / 4)


def retry_after_seconds(headers: Any, now: float | None = None) -> float | None:
    """Seconds a ``Retry-After`` / ``retry-after-ms`` header asks to wait, when it says."""
    if headers is None:
        return None
    millis = headers.get("retry-after-ms")
    if millis is not None:
        try:
            return max(0.0, float(millis) / 1000)
        except ValueError:
            pass
    value = headers.get("retry-after")
    if value is None:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        parsed = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, parsed.timestamp() - (time.time() if now is None else now))


def parse_json_answer(content: str | None, model: type[A]) -> A:
    """The answer object from a completion's text; tolerates code fences and prose around it."""
    if not content or not content.strip():
        raise ValueError("empty answer")
    text = content.strip()
    fenced = re.search(r"```(?:json)?\s*(.*?)```", text, re.DOTALL)
    if fenced:
        text = fenced.group(1).strip()
    if not text.startswith("{"):
        start, end = text.find("{"), text.rfind("}")
        if start < 0 or end <= start:
            raise ValueError("no JSON object in the answer")
        text = text[start:end + 1]
    return model.model_validate(json.loads(text))


class LLMExtractor:
    """Extracts episodes with an OpenAI-compatible chat model in at most two calls.

        extractor = LLMExtractor(base_url="http://localhost:8000/v1", model="Qwen/Qwen2.5-7B-Instruct")
        mem = Memory("memory.db", extractor=extractor)

    ``base_url``, ``api_key`` and ``model`` default to ``OPENAI_BASE_URL``,
    ``OPENAI_API_KEY`` and ``KRONOGRAPH_LLM_MODEL`` (then ``gpt-4o-mini``). ``max_retries``
    bounds the retries of each call; waits grow ``backoff * 2**n`` up to ``max_backoff``
    seconds unless the server's ``Retry-After`` says otherwise (also capped). ``fallback``
    is the extractor used when a call still fails: ``"offline"`` (default) loads
    kronograph's offline extractor when it is installed; ``None`` raises ExtractionError.
    """

    name = "llm"

    def __init__(
        self, *, model: str | None = None, base_url: str | None = None, api_key: str | None = None,
        timeout: float = 60.0, max_retries: int = 3, backoff: float = 0.5, max_backoff: float = 20.0,
        context_episodes: int = 3, max_stored: int = 40, temperature: float = 0.0,
        output_mode: OutputMode = "json_schema", fallback: Extractor | Literal["offline"] | None = "offline",
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        for field, value in (("timeout", timeout), ("backoff", backoff), ("max_backoff", max_backoff)):
            if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
                raise UsageError(field, f"must be a non-negative number of seconds, got {value!r}")
        for field, count in (("max_retries", max_retries), ("context_episodes", context_episodes),
                             ("max_stored", max_stored)):
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                raise UsageError(field, f"must be a non-negative integer, got {count!r}")
        if output_mode not in _MODES:
            raise UsageError("output_mode", f"{output_mode!r} is not one of: {', '.join(_MODES)}")
        if fallback is not None and fallback != "offline" and not isinstance(fallback, Extractor):
            raise UsageError("fallback", "expected an Extractor, 'offline' or None")
        try:
            import openai
        except ImportError as exc:
            raise MissingDependencyError("LLM extraction", "llm", str(exc)) from None
        self._openai = openai
        self.model = model or os.environ.get("KRONOGRAPH_LLM_MODEL") or DEFAULT_MODEL
        self.base_url = base_url or os.environ.get("OPENAI_BASE_URL") or None
        key = api_key or os.environ.get("OPENAI_API_KEY")
        if not key:
            if self.base_url is None:
                raise UsageError("api_key", "no API key: pass api_key=, set OPENAI_API_KEY, or give a base_url "
                                            "for a local server")
            key = "not-needed"  # local servers (Ollama, vLLM, llama.cpp) ignore it
        self._client = openai.OpenAI(base_url=self.base_url, api_key=key, timeout=timeout, max_retries=0)
        self.max_retries = max_retries
        self.backoff = float(backoff)
        self.max_backoff = float(max_backoff)
        self.context_episodes = context_episodes
        self.max_stored = max_stored
        self.temperature = temperature
        self.output_mode: OutputMode = output_mode
        self._fallback = fallback
        self._sleep = sleep
        self.usage = LLMUsage()

    # -- the Extractor protocol ---------------------------------------------------------
    def extract(self, episode: EpisodeInput, *, existing: ExistingLookup | None = None,
                recent: Sequence[Episode] = ()) -> Extraction:
        """One extraction call; one resolution call when ``existing`` finds stored facts of the same slots."""
        cost = _Cost(self.usage)
        latest = sorted(recent, key=lambda e: e.reference_time)  # stores list them newest first
        context = latest[-self.context_episodes:] if self.context_episodes else []
        messages = prompts.extract_facts(episode=episode, recent=context)
        try:
            answer = self._ask(messages, prompts.ExtractionAnswer, "extract_facts", cost)
        except _CallFailed as exc:
            return self._fall_back(episode, existing, recent, cost, f"extraction call failed: {exc}")
        facts = self._candidates(answer, episode)
        extraction = Extraction(facts=facts)
        if facts and existing is not None:
            stored = existing(facts)[: self.max_stored]
            if stored:
                messages = prompts.resolve_facts(new_facts=facts, stored=stored,
                                                 reference_time=episode.reference_time)
                try:
                    resolved = self._ask(messages, prompts.ResolutionAnswer, "resolve_facts", cost)
                except _CallFailed as exc:
                    extraction.fallback = f"resolution call failed: {exc}; the temporal rules decide"
                else:
                    extraction.decisions = self._decisions(resolved, facts, stored)
        return cost.charge(extraction)

    def extract_many(self, episodes: Sequence[EpisodeInput]) -> list[Extraction]:
        """Extract each episode in turn (each is its own call; earlier ones are not context)."""
        return [self.extract(e) for e in episodes]

    def summarize(self, *, subject: str, sentences: Sequence[str]) -> str:
        """One call: the sentence a summary of ``sentences`` keeps (consolidation validates it
        against the sources). Raises ExtractionError when the call fails."""
        try:
            answer = self._ask(prompts.summarize_sources(subject=subject, sentences=sentences),
                               prompts.SummaryAnswer, "summarize_sources", _Cost(self.usage))
        except _CallFailed as exc:
            raise ExtractionError(f"summary call failed: {exc}") from None
        return answer.sentence

    # -- calls --------------------------------------------------------------------------
    def _ask(self, messages: list[prompts.Message], answer: type[A], task: str, cost: _Cost) -> A:
        """One logical call: retried on timeouts, rate limits, server errors and answers that
        do not fit ``answer``; a server that rejects the output mode is asked in the next one.
        Every request sent is charged, failed ones too."""
        attempt = 0
        while True:
            request = self._request(messages, answer, task)
            completion: Any = None
            started = time.perf_counter()
            try:
                completion = self._client.chat.completions.create(**request)
            except self._openai.OpenAIError as exc:
                action, problem, wait = self._classify(exc)
            else:
                action, wait = "retry", None
                try:
                    content = completion.choices[0].message.content if completion.choices else None
                    return parse_json_answer(content, answer)
                except json.JSONDecodeError:
                    problem = "the answer was not valid JSON"
                except ValidationError as exc:
                    problem = f"the answer did not fit the {task} schema ({exc.error_count()} errors)"
                except (ValueError, AttributeError, TypeError) as exc:
                    problem = f"the answer was unusable ({exc})"
                self.usage.errors += 1
            finally:
                self._spent(cost, request, completion, started)
            if action == "downgrade":
                self.output_mode = _MODES[_MODES.index(self.output_mode) + 1]
                continue
            if action == "fail" or attempt >= self.max_retries:
                raise _CallFailed(problem if action == "fail" else f"{problem} after {attempt + 1} attempts")
            self.usage.retries += 1
            delay = wait if wait is not None else self.backoff * 2 ** attempt
            self._sleep(min(delay, self.max_backoff))
            attempt += 1

    def _request(self, messages: list[prompts.Message], answer: type[BaseModel], task: str) -> dict[str, Any]:
        request: dict[str, Any] = {"model": self.model, "temperature": self.temperature}
        if self.output_mode == "json_schema":
            return request | {"messages": messages, "response_format": prompts.response_format(task, answer)}
        request["messages"] = prompts.with_schema_in_prompt(messages, answer)
        if self.output_mode == "json_object":
            request["response_format"] = {"type": "json_object"}
        return request

    def _classify(self, exc: Exception) -> tuple[Literal["retry", "downgrade", "fail"], str, float | None]:
        """What to do after a failed request: retry (after how long), try the next output mode, or give up."""
        openai = self._openai
        if isinstance(exc, openai.RateLimitError):
            return "retry", "rate limited (429)", retry_after_seconds(exc.response.headers)
        if isinstance(exc, openai.APITimeoutError):
            return "retry", "timed out", None
        if isinstance(exc, openai.APIConnectionError):
            return "retry", f"could not connect ({exc})", None
        if isinstance(exc, openai.APIStatusError):
            refused = f"the server refused the request ({exc.status_code}: {exc.message})"
            if exc.status_code in (400, 422) and self.output_mode != "prompt":
                return "downgrade", refused, None  # it may not know this response_format
            if exc.status_code >= 500 or exc.status_code in (408, 409):
                return "retry", f"server error ({exc.status_code})", retry_after_seconds(exc.response.headers)
            return "fail", refused, None
        self.usage.errors += 1
        return "retry", f"unreadable response ({type(exc).__name__})", None

    def _spent(self, cost: _Cost, request: dict[str, Any], completion: Any, started: float) -> None:
        seconds = time.perf_counter() - started
        usage = getattr(completion, "usage", None)
        if usage is not None and getattr(usage, "prompt_tokens", None) is not None:
            cost.request(int(usage.prompt_tokens), int(usage.completion_tokens or 0), seconds)
            return
        prompt = _estimate_tokens("".join(m["content"] for m in request["messages"]))
        content = ""
        if completion is not None and getattr(completion, "choices", None):
            content = completion.choices[0].message.content or ""
        cost.request(prompt, _estimate_tokens(content), seconds)

    def _fall_back(self, episode: EpisodeInput, existing: ExistingLookup | None, recent: Sequence[Episode],
                   cost: _Cost, reason: str) -> Extraction:
        self.usage.fallbacks += 1
        extractor = self._fallback
        if extractor == "offline":
            try:
                from .offline import OfflineExtractor
            except ImportError as exc:
                raise ExtractionError(f"{reason}; the offline fallback is not available ({exc})") from None
            extractor = self._fallback = OfflineExtractor()
        if extractor is None:
            raise ExtractionError(reason)
        result = extractor.extract(episode, existing=existing, recent=recent)
        return cost.charge(result.model_copy(update={"fallback": f"{reason}; used the {extractor.name} extractor"}))

    # -- answers -> candidates ----------------------------------------------------------
    def _candidates(self, answer: prompts.ExtractionAnswer, episode: EpisodeInput) -> list[CandidateFact]:
        """The answer's facts as CandidateFacts; a fact that cannot be one is dropped and counted."""
        types = {e.name.strip().casefold(): e.type for e in answer.entities}
        last_turn = max(len(episode.turns) - 1, 0)
        facts: list[CandidateFact] = []
        for item in answer.facts:
            try:
                facts.append(self._candidate(item, types, last_turn))
            except (UsageError, ValidationError, ValueError):
                self.usage.errors += 1
        return facts

    def _candidate(self, item: prompts.ExtractedFact, types: dict[str, EntityType], last_turn: int) -> CandidateFact:
        subject = item.subject.strip() or "user"
        if subject.casefold() in {"user", "i", "me", "the user", "speaker"}:
            subject = "user"
        obj = item.object.strip()
        if not obj and item.operation is not Operation.forget:
            raise ValueError("a fact without an object")
        valid_from = self._time(item.valid_from)
        valid_until = self._time(item.valid_until)
        if valid_from is not None and valid_until is not None and valid_until <= valid_from:
            self.usage.errors += 1
            valid_until = None
        return CandidateFact(
            subject=subject, predicate=normalize_predicate(item.predicate), object=obj,
            text=item.text.strip() or f"{subject} {item.predicate.replace('_', ' ')} {obj}",
            operation=item.operation, replaces=(item.replaces or "").strip() or None,
            valid_from=valid_from, valid_until=valid_until, memory_type=item.memory_type, hedged=item.hedged,
            confidence=min(max(item.confidence, 0.0), 1.0) if math.isfinite(item.confidence) else None,
            negated=item.negated, task_until=self._time(item.task_until),
            sensitive_kind=(item.sensitive_kind or "").strip().lower() or None,
            subject_type=EntityType.person if subject == "user" else types.get(subject.casefold(), EntityType.other),
            object_type=types.get(obj.casefold()), source_turn=min(max(item.source_turn, 0), last_turn),
        )

    def _time(self, value: str | None) -> datetime | None:
        """An absolute time the model gave; anything unparseable is dropped (and counted)."""
        if value is None or not value.strip() or value.strip().lower() in {"null", "none", "unknown"}:
            return None
        try:
            return to_instant(value, "time")
        except UsageError:
            self.usage.errors += 1
            return None

    def _decisions(self, answer: prompts.ResolutionAnswer, facts: Sequence[CandidateFact],
                   stored: Sequence[Fact]) -> dict[int, ResolutionHint]:
        """Verdicts as ``index -> hint``; an id not offered counts as an error and leaves the
        fact ``new`` (the temporal rules then decide)."""
        offered = {f"S{i + 1}": fact.id for i, fact in enumerate(stored)}
        offered_ids = set(offered.values())
        new = ResolutionHint(kind=ResolutionKind.new)
        decisions: dict[int, ResolutionHint] = {}
        for item in answer.resolutions:
            if not 0 <= item.fact < len(facts) or item.fact in decisions:
                self.usage.errors += 1
                continue
            if item.verdict is ResolutionKind.new:
                decisions[item.fact] = new
                continue
            alias = (item.stored_id or "").strip()
            fact_id = offered.get(alias.upper()) or (alias if alias in offered_ids else None)
            if fact_id is None:
                self.usage.errors += 1
                decisions[item.fact] = new
                continue
            decisions[item.fact] = ResolutionHint(kind=item.verdict, fact_id=fact_id)
        return decisions

