"""``Memory.add``: messages in, remembered facts out.

normalise -> redact -> extract -> policy -> temporal write, with the episode stored
(redacted) and linked to every fact it produced or confirmed. Extraction runs outside the
write transaction; everything one call writes is one transaction, so a failure stores
nothing. ``add_many`` extracts a batch at once (``nlp.pipe``) and writes it in one
transaction.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence, Sized
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import datetime
from difflib import SequenceMatcher
from functools import partial
from typing import Any, Literal

from ..candidates import DATE_FIX, FORGET_LAST_MESSAGE
from ..errors import ExtractionError, FieldTypeError, KronographError, UsageError
from ..extraction.base import CandidateFact, EpisodeInput, Extraction, Extractor, Operation, Turn, content_start
from ..graph.store import ChangeSet, GraphStore
from ..language import turns_language
from ..model import AddResult, Episode, Fact, Scope, SourceSpan, Status, new_id
from ..policy.config import SensitiveMode
from ..policy.rules import (
    EVERYTHING,
    Action,
    MemoryPolicy,
    PolicyContext,
    Verdict,
    contrary_slots,
    request_words,
    words_in,
)
from ..sensitive import (
    ADDRESS,
    ALL_KINDS,
    BANK_ACCOUNT,
    CARD_NUMBER,
    CREDENTIAL,
    EMAIL,
    IDENTITY_NUMBER,
    PHONE,
    Finding,
    marker,
    redact,
)
from ..temporal.instants import UNKNOWN_START, optional_instant
from ..temporal.predicates import PredicateSchema
from ..temporal.timeline import object_key
from ..topics import speaks_of
from .changes import end_facts, hard_delete
from .former_keys import slot_records
from .redaction import says_nothing, statement_ranges
from .statement import Statement, count_field, items_field, scope_field, text_field, valid_unicode
from .vault import Vault, is_sealed
from .writer import slot_key, write_statements

_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")
_MAX_MESSAGE = 100_000
#: All turns of one episode together; a longer conversation is several episodes (``add_many``).
_MAX_EPISODE = 1_000_000
#: Keys of a message dict that say when it was said (the first present wins).
_TIME_KEYS = ("reference_time", "timestamp", "created_at")


_REDACTED_CLAUSE = r"[^.;!?,]*\[redacted:[a-z_]+\][^.;!?]*"
_JOINER = r"(?:,?\s+(?:and|but|so|plus)\s+|;\s*|,\s+)"
_JOINED_AFTER = re.compile(r"(?P<joiner>" + _JOINER + r")(?P<clause>" + _REDACTED_CLAUSE + ")")
_JOINED_BEFORE = re.compile(r"(?P<clause>\[redacted:[a-z_]+\][^.;!?,]*?)(?P<joiner>,?\s+(?:and|but|so)\s+|;\s*)")


#: Words a forget request names private data by, and the detector kind they mean.
_FORGET_KINDS = {"password": CREDENTIAL, "passcode": CREDENTIAL, "pin": CREDENTIAL, "code": CREDENTIAL,
                 "credential": CREDENTIAL, "card": CARD_NUMBER, "card_number": CARD_NUMBER, "bank": BANK_ACCOUNT,
                 "iban": BANK_ACCOUNT, "account": BANK_ACCOUNT, "ssn": IDENTITY_NUMBER, "passport": IDENTITY_NUMBER,
                 "id": IDENTITY_NUMBER, "street_address": ADDRESS, "lives_at": ADDRESS, "home_address": ADDRESS,
                 "phone_number": PHONE, "mobile": PHONE, "email_address": EMAIL}


_FORGET_ABOUT = re.compile(r"\b(?:forget|delete|erase|remove)\b[^.!?]*?\babout\s+(?P<what>[^.!?]+)", re.IGNORECASE)


def _closest_statements(request: str, tag: str, held: list[tuple[str, int, int, str]]) -> list[tuple[str, int, int, str]]:
    """Which earlier statements holding a refused value a forget request means (``held`` newest
    first): the value was never stored, so only the words around it can tell ("forget that I was
    diagnosed with [redacted:health]" names the diagnosis, not the later "I have
    [redacted:health]"); among statements matching alike, the one said last, as "the address I
    told you" means the latest."""
    named = request_words(request.replace(tag, " "))
    overlap = [len(named & request_words(statement.replace(tag, " "))) for *_, statement in held]
    best = max(overlap)
    episode_id = next(h[0] for h, n in zip(held, overlap, strict=True) if n == best)
    return [h for h, n in zip(held, overlap, strict=True) if n == best and h[0] == episode_id]


def isolate_redactions(text: str) -> str:
    """Split a clause that holds a redaction marker off a clause without one joined to it, so
    the refusal of the private part does not take the ordinary statement beside it along: "I
    live in Leeds and the door code is [redacted:credential]." is read as two lines."""
    def clean(part: str) -> bool:
        return "[redacted:" not in part

    def after(m: re.Match[str]) -> str:  # a line break ends a sentence without a full stop ("Corp.")
        before = m.string[:m.start()]
        start = max(before.rfind(c) for c in ".!?\n") + 1
        if not clean(before[start:]) or not before[start:].strip():
            return m.group()
        clause = m["clause"].lstrip()
        return "\n" + clause[:1].upper() + clause[1:]

    def before(m: re.Match[str]) -> str:
        rest = m.string[m.end():]
        stop = min([i for i in (rest.find(c) for c in ".!?\n") if i >= 0] or [len(rest)])
        if not clean(rest[:stop]) or not rest[:stop].strip():
            return m.group()
        return m["clause"].rstrip() + "\n"

    return _JOINED_BEFORE.sub(before, _JOINED_AFTER.sub(after, text))


@dataclass(frozen=True)
class _Said:
    """The user's earlier messages as a forget request reads them (None: not read)."""

    last: Episode | None = None  # "scratch that": the last message that still says something
    texts: dict[str, str] | None = None  # a request by words: every episode's text, by id


@dataclass
class _Prepared:
    """One episode after validation and redaction, before extraction."""

    episode_id: str
    scope: Scope
    reference_time: datetime
    turns: list[Turn]
    redacted: list[Turn]
    findings: list[Finding] = field(default_factory=list)
    hidden: dict[str, str] = field(default_factory=dict)  # value -> kind, flagged by the extractor
    _inputs: dict[bool, EpisodeInput] = field(default_factory=dict, repr=False)  # by ``sealed``
    _alignments: dict[tuple[bool, int], _Opcodes | None] = field(default_factory=dict, repr=False)

    def hide(self, hidden: dict[str, str]) -> None:
        """Cut values that only the extractor recognised as sensitive out of the redacted turns."""
        self.hidden = hidden
        self.redacted = [t.model_copy(update={"content": self.scrub(t.content)}) for t in self.redacted]
        self._alignments.clear()

    def scrub(self, text: str) -> str:
        """``text`` with detected spans and extractor-flagged values replaced by their markers."""
        text = redact(text)[0]
        for value, kind in sorted(self.hidden.items(), key=lambda item: -len(item[0])):
            text = re.sub(re.escape(value), marker(kind), text, flags=re.IGNORECASE)
        return text

    def extraction_input(self, sealed: bool) -> EpisodeInput:
        """What the extractor reads, built once: the spans it returns are offsets into it."""
        # Refusing: the extractor only ever sees redacted text, so no value can slip into a fact;
        # a clause holding a redaction is read as a sentence of its own (see isolate_redactions).
        # Kept across ``hide``: the spans stay offsets into what the extractor saw.
        if sealed not in self._inputs:
            turns = self.turns if sealed else [
                t.model_copy(update={"content": isolate_redactions(t.content)}) if "[redacted:" in t.content else t
                for t in self.redacted]
            self._inputs[sealed] = EpisodeInput(turns=turns, reference_time=self.reference_time, scope=self.scope)
        return self._inputs[sealed]

    def stored_span(self, turn: int, span: tuple[int, int] | None, sealed: bool) -> tuple[int, int] | None:
        """Where ``span`` of turn ``turn`` as the extractor read it lies in the episode as stored:
        the stored turn may differ (a clause split off a redaction, a value flagged after
        extraction, or, sealing, the raw text the extractor saw), so offsets go through an
        alignment of the two (made once per turn); then the turn's place in the episode text is added."""
        if span is None or not 0 <= turn < len(self.redacted):
            return None
        seen = self.extraction_input(sealed).turns[turn].content
        kept = self.redacted[turn].content
        start, end = max(0, span[0]), min(len(seen), span[1])
        if seen != kept:
            if (sealed, turn) not in self._alignments:
                self._alignments[sealed, turn] = _alignment(seen, kept)
            start, end = _aligned(self._alignments[sealed, turn], len(kept), start, end)
        if start >= end:
            return None
        lead = content_start(self.redacted, turn)
        return lead + start, lead + end

    def said(self, turn: int, span: tuple[int, int] | None, sealed: bool) -> str:
        """The words a candidate was read from, as the extractor saw them (its span, else the turn)."""
        if not 0 <= turn < len(self.redacted):
            return ""
        content = self.extraction_input(sealed).turns[turn].content
        return content[span[0]:span[1]] if span else content

    @property
    def redacted_text(self) -> str:
        # Only the joined text is wanted: the turns were validated when they were read.
        return EpisodeInput.model_construct(turns=self.redacted, reference_time=self.reference_time,
                                            scope=self.scope).text


#: Past this length two versions of a turn are not aligned (quadratic): the span is left out.
_MAX_ALIGNED = 20_000

_Opcodes = list[tuple[Literal["replace", "delete", "insert", "equal"], int, int, int, int]]


def _alignment(seen: str, kept: str) -> _Opcodes | None:
    """How ``kept`` (``seen`` with some parts rewritten) lines up with ``seen``; None: too long to align."""
    if max(len(seen), len(kept)) > _MAX_ALIGNED:
        return None
    return SequenceMatcher(None, seen, kept, autojunk=False).get_opcodes()


def _aligned(ops: _Opcodes | None, kept_len: int, start: int, end: int) -> tuple[int, int]:
    """``[start, end)`` of the seen text carried over to the kept one: a boundary inside a
    rewritten part goes to that part's edge, outward."""
    if ops is None:
        return 0, 0

    def place(p: int, is_end: bool) -> int:
        for tag, i1, i2, j1, j2 in ops:
            if tag == "equal" and i1 <= p <= i2:
                return j1 + p - i1
            if i1 <= p < i2 or (is_end and i1 < p == i2):
                return j2 if is_end else j1
        return kept_len

    return place(start, False), place(end, True)


def normalise_turns(value: object, field: str) -> list[Turn]:
    """A string, one ``{"role", "content"}`` dict, or a list of them -> turns; errors name the field."""
    turns = _turns(value, field)
    total = sum(len(t.content) for t in turns)
    if total > _MAX_EPISODE:
        raise UsageError(field, f"holds {total} characters in all; the limit for one episode is {_MAX_EPISODE} "
                                "(split a long conversation into several episodes: a message or a session each)")
    return turns


def _turns(value: object, field: str) -> list[Turn]:
    if isinstance(value, str):
        return [Turn(role="user", content=text_field(value, field, max_len=_MAX_MESSAGE) or "")]
    if isinstance(value, Mapping):
        if "messages" in value:
            return _turns(value["messages"], f"{field}.messages")
        return [_turn(value, field)]
    if isinstance(value, Sequence) and not isinstance(value, bytes | bytearray):
        if not value:
            raise UsageError(field, "is an empty list of messages")
        return [_turn(item, f"{field}[{index}]") for index, item in enumerate(value)]
    raise FieldTypeError(field, f"expected a string or a list of {{'role', 'content'}} dicts, got {type(value).__name__}")


def _turn(item: object, field: str) -> Turn:
    if not isinstance(item, Mapping):
        raise FieldTypeError(field, f"expected a {{'role', 'content'}} dict, got {type(item).__name__}")
    role = item.get("role", "user")
    if not isinstance(role, str) or not role.strip():
        raise FieldTypeError(f"{field}.role", "expected a non-empty string (user, assistant, system)")
    role = valid_unicode(role, f"{field}.role")
    key = "content" if "content" in item or "text" not in item else "text"
    content = text_field(item.get(key), f"{field}.{key}", max_len=_MAX_MESSAGE) or ""
    name = text_field(item.get("name"), f"{field}.name", required=False, max_len=200)
    return Turn(role=role.strip().lower(), content=content, name=name)


def _start_said(candidate: CandidateFact, reference_time: datetime) -> bool:
    """Whether the message dates the value's start ("in 2015"); an undated statement is
    stamped with its message's time, which says only that the value held then."""
    return candidate.valid_from is not None and candidate.valid_from != reference_time


def _swap(candidate: CandidateFact, value: str) -> str:
    """The candidate's sentence about ``value`` instead of its own object."""
    obj, text = candidate.object.strip(), candidate.text
    folded = text.casefold()
    at = folded.find(obj.casefold()) if obj and len(folded) == len(text) else -1
    if at >= 0:  # found by position: a pattern per fact would crowd the rules' patterns out of re's cache
        return text[:at] + value + text[at + len(obj.casefold()):]
    if obj and obj.casefold() in folded:
        return re.sub(re.escape(obj), lambda _: value, text, count=1, flags=re.IGNORECASE)
    return f"{candidate.subject} {candidate.predicate.replace('_', ' ')} {value}"


def _verdict_time(value: datetime | None, field: str) -> datetime:
    """The time an end or a change takes effect; a policy that leaves it out is misconfigured (a clear
    error, not an ``assert`` that ``python -O`` drops)."""
    if value is None:
        raise UsageError(f"policy verdict.{field}", "an end or a change needs the time it takes effect")
    return value


@contextmanager
def _extracting(where: str) -> Iterator[None]:
    """The extractor's own failures (a bug, a time expression it cannot represent) as an
    :class:`ExtractionError` naming the input, raised before anything of it is written."""
    try:
        yield
    except KronographError:
        raise
    except Exception as exc:
        raise ExtractionError(f"{where}: the extractor failed ({type(exc).__name__}: {exc}); "
                              "nothing of it was stored") from exc


def _chunks(items: Iterable[Any], size: int) -> Iterator[list[Any]]:
    chunk: list[Any] = []
    for item in items:
        chunk.append(item)
        if len(chunk) >= size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


class Ingestor:
    """The add pipeline over one store, with the schema, clock, policy and extractor to use.
    ``extractor`` is asked for when needed (the offline one loads on first use);
    ``on_written`` sees every batch of results once it is committed (the recall indexes)."""

    def __init__(self, store: GraphStore, *, schema: PredicateSchema, clock: Callable[[], datetime],
                 policy: MemoryPolicy, extractor: Callable[[], Extractor],
                 on_written: Callable[[list[AddResult]], None]) -> None:
        self.store = store
        self.schema = schema
        self.clock = clock
        self.policy = policy
        self._extractor = extractor
        self._on_written = on_written
        self._vault: Vault | None = None

    @property
    def sealing(self) -> bool:
        return self.policy.config.sensitive_mode is SensitiveMode.encrypt

    def vault(self) -> Vault:
        """The key to seal sensitive facts with (config first, then the environment)."""
        if self._vault is None:
            self._vault = config_vault(self.policy)
        return self._vault

    # -- entry points --------------------------------------------------------------------
    def add(self, value: object, *, user_id: object, reference_time: object = None, run_id: object = None,
            agent_id: object = None, app_id: object = None) -> AddResult:
        scope = self._scope(user_id, run_id, agent_id, app_id)
        prepared = self._prepare(value, "text_or_messages", scope, reference_time)
        if self.sealing:
            self.vault()  # a missing key fails before anything is extracted or stored
        extractor = self._extractor()
        store = self.store
        existing_lookup = self._lookup(scope.user_id)
        recent = store.episodes(scope.user_id, limit=5)
        with _extracting("text_or_messages"):
            extraction = extractor.extract(prepared.extraction_input(self.sealing), existing=existing_lookup,
                                           recent=recent)
        return self._write([(prepared, self._checked(extraction))])[0]

    def add_many(self, items: Iterable[object], *, user_id: object, reference_time: object = None,
                 run_id: object = None, agent_id: object = None, app_id: object = None, batch_size: int = 64,
                 progress: bool = False) -> list[AddResult]:
        count_field(batch_size, "batch_size")
        scope = self._scope(user_id, run_id, agent_id, app_id)
        items = items_field(items, "items", "messages")
        if self.sealing:
            self.vault()
        bar = None
        if progress:
            from tqdm import tqdm

            bar = tqdm(total=len(items) if isinstance(items, Sized) else None, unit="msg", file=sys.stderr,
                       desc="ingest")
        results: list[AddResult] = []
        extractor = self._extractor()
        # An extractor that can work in the background (OfflineExtractor(processes=2)) extracts
        # batch k while batch k-1 is written; every batch is still written before a later
        # batch's bad item or failed extraction raises. Any other extracts when asked for the result.
        begin = getattr(extractor, "start_many", None) or (lambda inputs: partial(extractor.extract_many, inputs))
        ready: list[tuple[_Prepared, Extraction]] = []

        def write_ready() -> None:
            if ready:
                results.extend(self._write(ready))
                if bar is not None:
                    bar.update(len(ready))
                ready.clear()

        offset = 0
        try:
            for chunk in _chunks(items, batch_size):
                try:
                    prepared = [self._prepare(item, f"items[{offset + i}]", scope, reference_time)
                                for i, item in enumerate(chunk)]
                    inputs = [p.extraction_input(self.sealing) for p in prepared]
                    where = f"items[{offset}:{offset + len(chunk)}]"
                    with _extracting(where):
                        finish = begin(inputs)
                finally:
                    write_ready()
                offset += len(chunk)
                with _extracting(where):
                    extractions = finish()
                if len(extractions) != len(prepared):
                    raise ExtractionError(
                        f"the extractor returned {len(extractions)} results for {len(prepared)} episodes")
                ready.extend((p, self._checked(e)) for p, e in zip(prepared, extractions))
            write_ready()
        finally:
            if bar is not None:
                bar.close()
        return results

    # -- preparation ---------------------------------------------------------------------
    @staticmethod
    def _scope(user_id: object, run_id: object, agent_id: object, app_id: object) -> Scope:
        return Scope(user_id=scope_field(user_id, "user_id", required=True) or "",
                     run_id=scope_field(run_id, "run_id"), agent_id=scope_field(agent_id, "agent_id"),
                     app_id=scope_field(app_id, "app_id"))

    def _prepare(self, value: object, field: str, scope: Scope, reference_time: object) -> _Prepared:
        when, field_time = reference_time, "reference_time"
        if isinstance(value, Mapping):
            for key in _TIME_KEYS:
                if value.get(key) is not None:
                    when, field_time = value[key], f"{field}.{key}"
                    break
        turns = normalise_turns(value, field)
        at = optional_instant(when, field_time) or self.clock()
        kinds = self.policy.config.sensitive_kinds
        redacted: list[Turn] = []
        findings: list[Finding] = []
        for turn in turns:
            text, found = redact(turn.content, kinds)
            redacted.append(turn.model_copy(update={"content": text}))
            findings += found
        return _Prepared(episode_id=new_id(), scope=scope, reference_time=at, turns=turns, redacted=redacted,
                         findings=findings)

    @staticmethod
    def _checked(extraction: object) -> Extraction:
        if not isinstance(extraction, Extraction):
            raise ExtractionError(f"the extractor returned {type(extraction).__name__}, expected an Extraction")
        return extraction

    def _lookup(self, user_id: str) -> Any:
        store = self.store

        def existing(candidates: Sequence[CandidateFact]) -> list[Fact]:
            keys = []
            for c in candidates:
                try:
                    keys.append((user_id, object_key(c.subject), self.policy.predicate(c)))
                except UsageError:
                    continue
            found = slot_records(store, list(dict.fromkeys(keys)))
            return [fact for facts in found.values() for fact in facts]

        return existing

    # -- writing -------------------------------------------------------------------------
    def _write(self, batch: list[tuple[_Prepared, Extraction]]) -> list[AddResult]:
        store = self.store

        def attempt() -> list[AddResult]:  # run again from the start if a server aborts it
            now = self.clock()
            return [self._apply(prepared, extraction, now) for prepared, extraction in batch]

        results = store.atomically(attempt)
        self._on_written(results)  # embedded now if the embedder is loaded
        return results

    def _apply(self, prepared: _Prepared, extraction: Extraction, now: datetime) -> AddResult:
        scope = prepared.scope
        store = self.store
        flagged = self._flagged(prepared, extraction, now)
        if flagged:
            prepared.hide(flagged)
        store.add_episode(Episode(
            id=prepared.episode_id, user_id=scope.user_id, agent_id=scope.agent_id, app_id=scope.app_id,
            run_id=scope.run_id, content=prepared.redacted_text, reference_time=prepared.reference_time,
            recorded_at=now, language=turns_language(prepared.redacted),
        ))
        result = AddResult(episode_id=prepared.episode_id, llm_calls=extraction.llm_calls,
                           prompt_tokens=extraction.prompt_tokens, completion_tokens=extraction.completion_tokens,
                           fallback=extraction.fallback)
        handled_kinds: set[str] = set()
        # "Forget that my sister Yelvanna moved to Oslo": the request's own clauses are not new facts.
        forgetting = {object_key(v) for c in extraction.facts if c.operation is Operation.forget
                      for v in (c.subject, c.object)} - {"", "user"}
        for index, candidate in enumerate(extraction.facts):
            if forgetting and candidate.operation is not Operation.forget and \
                    {object_key(candidate.subject), object_key(candidate.object)} & forgetting:
                result.rejected.append((prepared.scrub(candidate.text), "part of a forget request: not stored"))
                continue
            try:
                predicate = self.policy.predicate(candidate)
            except UsageError as exc:
                result.rejected.append((prepared.scrub(candidate.text), str(exc)))
                continue
            said = self._said(prepared, predicate, candidate) if candidate.operation is Operation.forget else _Said()
            verdict, records = self._verdict(prepared, extraction, index, candidate, predicate, now, said)
            handled_kinds.update(verdict.sensitive_kinds)
            if candidate.operation is Operation.forget and verdict.action in (Action.skip, Action.forget):
                self._forget(prepared, candidate, predicate, verdict, result, said)
            elif verdict.action is Action.skip:
                result.rejected.append((prepared.scrub(candidate.text), verdict.reason or "refused by the policy"))
            elif verdict.action is Action.end:
                self._end(prepared, candidate, verdict, records, result)
            else:
                self._write_verdict(prepared, extraction, candidate, verdict, records, result)
        for kind in dict.fromkeys(f.kind for f in prepared.findings):
            if kind not in handled_kinds:
                result.rejected.append((self._sentence_with(prepared, kind),
                                        f"sensitive data ({kind}) is never stored; the episode keeps it redacted"))
        facts = list({f.id: f for f in result.facts}.values())
        result.facts = facts
        result.fact = facts[0] if facts else None
        return result

    def _forget(self, prepared: _Prepared, candidate: CandidateFact, predicate: str, verdict: Verdict,
                result: AddResult, said_before: _Said) -> None:
        """A forget request: delete the records the verdict names and cut from earlier episodes
        the statements it names that no record may hold (what mentions "my ex", the last
        message for "scratch that", the statement that held refused private data); the
        request's own words go too. The result lists the ids and spans; with nothing found
        it says so."""
        user = prepared.scope.user_id
        said, refused = self._statements_named(prepared, candidate, predicate, said_before)
        targets = list(verdict.targets) if verdict.action is Action.forget else []
        if not targets and not said:
            result.rejected.append((prepared.scrub(candidate.text),
                                    refused or verdict.reason or "nothing held matches the forget request"))
            return
        where = prepared.stored_span(candidate.source_turn, candidate.span, self.sealing)
        own = [SourceSpan(episode_id=prepared.episode_id, start=where[0], end=where[1])] if where else []
        result.forgotten += hard_delete(self.store, self.schema, targets, self.clock(),
                                        f"forget request in episode {prepared.episode_id}",
                                        cut_too=[*own, *said], owner=user, texts=said_before.texts)
        result.forgotten_spans += said
        if refused:
            result.rejected.append((prepared.scrub(candidate.text), refused))

    def _last_said(self, prepared: _Prepared) -> Episode | None:
        """The user's last message before this one that still says something (a forget request
        already carried out holds only markers): what "scratch that" takes back."""
        for episode in self.store.episodes(prepared.scope.user_id, limit=20):
            if episode.id != prepared.episode_id and not says_nothing(episode.content):
                return episode
        return None

    def _said(self, prepared: _Prepared, predicate: str, candidate: CandidateFact) -> _Said:
        """What a forget request needs of the user's earlier messages, read once for both its
        verdict and its cuts: the last message for "scratch that", every episode's text for
        a request by words ("forget what I said about X")."""
        if predicate == FORGET_LAST_MESSAGE:
            return _Said(last=self._last_said(prepared))
        if predicate == EVERYTHING and request_words(candidate.object):
            return _Said(texts=self.store.episode_texts(prepared.scope.user_id))
        return _Said()

    def _statements_named(self, prepared: _Prepared, candidate: CandidateFact, predicate: str,
                          said: _Said) -> tuple[list[SourceSpan], str | None]:
        """The statements of the user's earlier episodes a forget request names, and, when it
        names private data refused when it was said, the answer saying so (most recent first)."""
        if predicate == FORGET_LAST_MESSAGE:
            last = said.last
            return ([SourceSpan(episode_id=last.id, start=0, end=len(last.content))] if last else []), None
        if predicate == EVERYTHING:
            named = request_words(candidate.object)
            if not named or said.texts is None:
                return [], None
            return [SourceSpan(episode_id=eid, start=a, end=b) for eid, text in said.texts.items()
                    if eid != prepared.episode_id
                    for a, b in statement_ranges(text) if words_in(named, text[a:b], speaks_of)], None
        names = {candidate.predicate.strip().lower(), *self.policy.forget_predicates(candidate)}
        kinds = [kind for word, kind in _FORGET_KINDS.items() if word in names] + [k for k in ALL_KINDS if k in names]
        if not kinds:
            return [], None
        request = prepared.said(candidate.source_turn, candidate.span, self.sealing)
        earlier = {episode_id: text for episode_id, text in self.store.episode_texts(prepared.scope.user_id).items()
                   if episode_id != prepared.episode_id}  # read once for every kind the request may name
        for kind in dict.fromkeys(kinds):
            tag = marker(kind)
            held = [(episode_id, a, b, text[a:b]) for episode_id, text in earlier.items()
                    if tag in text for a, b in statement_ranges(text) if tag in text[a:b]]
            if held:
                chosen = _closest_statements(request, tag, held)
                where = chosen[0][0]
                return ([SourceSpan(episode_id=episode_id, start=a, end=b) for episode_id, a, b, _ in chosen],
                        f"the {kind.replace('_', ' ')} said in episode {where} was refused when it was said: it was "
                        f"never stored, and the statement that held it ({tag}) is now cut from that episode")
        return [], None

    def _flagged(self, prepared: _Prepared, extraction: Extraction, now: datetime) -> dict[str, str]:
        """Sensitive values the detectors missed but the extractor or the policy flags (an LLM
        may know a passport number when it sees one): value -> kind, to cut from the episode."""
        if not extraction.facts:  # most chat turns: nothing to check, so no context or text to build
            return {}
        context = PolicyContext(now=now, reference_time=prepared.reference_time, run_id=prepared.scope.run_id)
        flagged: dict[str, str] = {}
        text = prepared.extraction_input(sealed=True).text.casefold()
        for candidate in extraction.facts:
            if candidate.operation is Operation.forget:
                continue
            try:
                kinds = self.policy.sensitive_kinds(candidate, context)
            except UsageError:
                continue
            for value in (candidate.object.strip(), (candidate.replaces or "").strip()):
                if kinds and len(value) >= 3 and not value.startswith("[redacted:") and \
                        value.casefold() in text:
                    flagged[value] = kinds[0]
        return flagged

    def _verdict(self, prepared: _Prepared, extraction: Extraction, index: int, candidate: CandidateFact,
                 predicate: str, now: datetime, said: _Said) -> tuple[Verdict, list[Fact] | None]:
        """The policy's verdict, and the slot's records as read for it (None: not a slot read)."""
        scope = prepared.scope
        store = self.store
        turns = prepared.turns
        role = turns[candidate.source_turn].role if 0 <= candidate.source_turn < len(turns) else "user"
        subject_key = object_key(candidate.subject)
        slot: list[Fact] | None = None
        contrary: list[Fact] = []
        if candidate.operation is Operation.forget and predicate == EVERYTHING:
            records = store.current(scope.user_id)
            about = _FORGET_ABOUT.search(turns[candidate.source_turn].content if 0 <= candidate.source_turn < len(turns)
                                         else "")
            if about and not candidate.object.strip():  # the policy forgets what "about X" names, not everything
                candidate = candidate.model_copy(update={"object": about["what"].strip()})
        elif candidate.operation is Operation.forget and predicate == FORGET_LAST_MESSAGE:
            # What only that message said: the records it produced (its provenance) and no other did.
            last = said.last
            records = [] if last is None or not last.fact_ids else [
                r for r in store.current(scope.user_id, fact_ids=last.fact_ids) if r.source_episode_ids == [last.id]]
        elif candidate.operation is Operation.forget:
            records = [r for p in sorted(self.policy.forget_predicates(candidate))
                       for r in store.current(scope.user_id, predicate=p) if object_key(r.subject) == subject_key]
        else:  # the slot, and with a plain statement the slots it contradicts, in one read
            key = (scope.user_id, subject_key, predicate)
            contrary_keys = [(scope.user_id, subject_key, p) for p in contrary_slots(predicate)] \
                if candidate.operation is Operation.add and not candidate.negated else []
            found = slot_records(store, [key, *contrary_keys])
            records = slot = found[key]
            contrary = [r for k in contrary_keys for r in found[k]]
        related: list[Fact] = []
        if candidate.predicate == DATE_FIX:  # "Thursday, not Tuesday": any held fact of the speaker's may hold the date
            related = [r for r in store.current(scope.user_id) if r.retracted_at is None and r.status is Status.active
                       and object_key(r.subject) == subject_key]
        elif candidate.operation is Operation.correct and candidate.replaces:
            wrong = object_key(candidate.replaces)
            related = [r for r in store.current(scope.user_id) if r.retracted_at is None
                       and object_key(r.subject) == subject_key and wrong in object_key(r.object)]
        context = PolicyContext(now=now, reference_time=prepared.reference_time, run_id=scope.run_id, role=role,
                                records=tuple(records), hint=extraction.decisions.get(index),
                                schema=self.schema, related=tuple(related), speaks_of=speaks_of,
                                contrary=tuple(contrary))
        verdict = self.policy.decide(candidate, context)
        # The slot as read serves the write only when the verdict writes to that same slot.
        return verdict, slot if slot is not None and verdict.predicate == predicate else None

    def _end(self, prepared: _Prepared, candidate: CandidateFact, verdict: Verdict, records: list[Fact] | None,
             result: AddResult) -> None:
        """"I no longer ...": end each object the verdict names (the first one on the slot as read)."""
        key = slot_key(prepared.scope.user_id, candidate.subject, verdict.predicate)
        at = _verdict_time(verdict.at, "at")
        for obj in dict.fromkeys(t.object for t in verdict.targets):
            result.ended += end_facts(self.store, self.schema, key, at=at, obj=obj, now=self.clock(),
                                      records=records)
            records = None

    def _write_verdict(self, prepared: _Prepared, extraction: Extraction, candidate: CandidateFact,
                       verdict: Verdict, records: list[Fact] | None, result: AddResult) -> None:
        scope = prepared.scope
        key = slot_key(scope.user_id, candidate.subject, verdict.predicate)
        for old in verdict.close:
            at = _verdict_time(verdict.valid_from, "valid_from")
            result.superseded += end_facts(self.store, self.schema, key, at=at, obj=old.object,
                                           now=self.clock(), records=records)
            records = None
        for held in verdict.contradicts:  # "I love sci-fi now" ends "not_likes sci-fi" and "dislikes sci-fi"
            result.ended += end_facts(self.store, self.schema, slot_key(scope.user_id, candidate.subject, held.predicate),
                                      at=_verdict_time(verdict.valid_from, "valid_from"), obj=held.object, now=self.clock())
        siblings = {object_key(c.object) for c in extraction.facts
                    if c is not candidate and c.predicate == candidate.predicate}
        statements: list[Statement] = []
        try:
            if verdict.prior and object_key(verdict.prior) not in siblings and verdict.valid_from is not None:
                # "I moved from X to Y": X was true since some unknown time until Y began
                # (in a single-valued slot Y supersedes it; otherwise it ends where Y starts).
                single = self.schema.is_single_valued(verdict.predicate)
                statements.append(replace(self._statement(
                    prepared, candidate, verdict, obj=verdict.prior, text=_swap(candidate, verdict.prior),
                    valid_from=UNKNOWN_START, valid_until=None if single else verdict.valid_from), start_said=False))
            statements.append(replace(self._statement(prepared, candidate, verdict, obj=verdict.object,
                                                      text=verdict.text or candidate.text,
                                                      valid_from=verdict.valid_from, valid_until=verdict.valid_until),
                                      start_said=_start_said(candidate, prepared.reference_time)))
        except UsageError as exc:
            result.rejected.append((prepared.scrub(candidate.text), str(exc)))
            return
        where = prepared.stored_span(candidate.source_turn, candidate.span, self.sealing)
        if where is not None:  # the writer stores each fact's span with its link to the episode
            statements = [replace(s, span=where) for s in statements]
        known = {key: records} if records is not None else None
        try:
            written_all = write_statements(self.store, statements, schema=self.schema, clock=self.clock, known=known)
        except UsageError as exc:  # e.g. a stated end before the start the record would take
            result.rejected.append((prepared.scrub(candidate.text), str(exc)))
            return
        for written in written_all:
            result.facts += written.facts
            result.superseded += written.superseded
            result.corrected += written.corrected
            result.created = result.created or written.created

    def _statement(self, prepared: _Prepared, candidate: CandidateFact, verdict: Verdict, *, obj: str, text: str,
                   valid_from: datetime | None, valid_until: datetime | None) -> Statement:
        """The statement to write; a sealed one carries a placeholder object and ciphertext text."""
        scope = prepared.scope
        replaces = verdict.replaces
        if verdict.seal:
            obj, text = self.vault().seal(obj, text)
            replaces = self.vault().placeholder(replaces) if replaces else None
        return Statement.build(
            candidate.subject, verdict.predicate, obj, user_id=scope.user_id, valid_from=valid_from,
            valid_until=valid_until, memory_type=verdict.memory_type, confidence=verdict.confidence,
            importance=verdict.importance, expires_at=verdict.expires_at, run_id=verdict.run_id,
            agent_id=scope.agent_id, app_id=scope.app_id, correction=verdict.correction, text=text,
            replaces=replaces, sensitivity=verdict.sensitivity, subject_type=candidate.subject_type,
            object_type=candidate.object_type, episode_id=prepared.episode_id,
        )

    @staticmethod
    def _sentence_with(prepared: _Prepared, kind: str) -> str:
        tag = marker(kind)
        for turn in prepared.redacted:
            for sentence in _SENTENCE.split(turn.content):
                if tag in sentence:
                    return sentence.strip()
        return tag


def config_vault(policy: MemoryPolicy) -> Vault:
    """The vault for the policy's encryption key (config first, then the environment)."""
    key = policy.config.encryption_key
    return Vault.from_key(key.get_secret_value() if key is not None else None)


def reveal(store: GraphStore, policy: MemoryPolicy, fact: Fact, *, now: datetime) -> Fact:
    """Decrypt a sealed fact for its owner and audit the access (the entry holds no content)."""
    if not is_sealed(fact.object):
        raise UsageError("fact_id", f"fact {fact.id!r} is not stored encrypted; read it with get_fact")
    if fact.expires_at is not None and fact.expires_at <= now:
        raise UsageError("fact_id", f"fact {fact.id!r} expired at {fact.expires_at.isoformat()}; "
                                    "a sensitive fact is not revealed after its TTL")
    obj, text = config_vault(policy).open(fact.text)
    changes = ChangeSet(now=now)
    changes.log("reveal", fact.user_id, fact.id, sensitivity=fact.sensitivity.value)
    store.write(changes)
    return fact.model_copy(update={"object": obj, "text": text})
