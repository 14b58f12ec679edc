"""A statement to write, validated once at the boundary so bad input never reaches the store.

Errors name the field: ``UsageError("valid_until", "is before valid_from")``.
"""

from __future__ import annotations

import inspect
import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ..errors import FieldTypeError, UsageError
from ..model import EntityType, MemoryType, Sensitivity
from ..temporal.instants import optional_instant
from ..temporal.predicates import normalize_predicate

_LITERAL = re.compile(
    r"^(?:[-+]?\d[\d,._ ]*%?"                      # numbers, amounts
    r"|\d{4}-\d{2}-\d{2}.*"                        # ISO dates
    r"|[^@\s]+@[^@\s]+\.[^@\s]+"                   # e-mail
    r"|\+?[\d ()-]{7,}"                            # phone
    r"|https?://\S+)$"                             # URL
)


#: Longest accepted subject, object and free text, in characters.
MAX_SUBJECT, MAX_OBJECT, MAX_TEXT = 500, 2_000, 10_000
#: An id (user, run, agent, app, fact, episode): far above any UUID or account name, far below
#: what would bloat every row and index entry it is copied into.
MAX_ID = 1_000


#: Characters no stored text keeps: C0 and C1 controls except tab, newline and carriage
#: return (NUL among them: terminals and C libraries cut text there), and the bidirectional
#: embedding, override and isolate controls, which make text display in another order than it
#: is stored ("Trojan Source"). Text fields lose them; ids that contain them are refused.
_CONTROLS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
#: A lone surrogate is not a character: it is what Python makes of undecodable bytes
#: (invalid UTF-8 in argv or a file read with surrogateescape) and cannot be stored as UTF-8.
_SURROGATE = re.compile("[\ud800-\udfff]")


def valid_unicode(text: str, field: str) -> str:
    """``text`` without control characters; lone surrogates (invalid UTF-8) are refused."""
    bad = _SURROGATE.search(text)
    if bad is not None:
        raise UsageError(field, f"is not valid Unicode text: it has a lone surrogate {ord(bad.group()):#06x} at "
                                f"character {bad.start()} (undecodable bytes, e.g. invalid UTF-8)")
    return _CONTROLS.sub("", text)


def has_unsafe_characters(text: str) -> bool:
    """True when :func:`valid_unicode` would change or refuse ``text`` (a fast check for bulk paths)."""
    return _CONTROLS.search(text) is not None or _SURROGATE.search(text) is not None


def text_field(value: object, field: str, *, required: bool = True, max_len: int = MAX_TEXT) -> str | None:
    """A non-empty, stripped string (or None when optional and absent), without control
    characters; invalid Unicode is refused (see :func:`valid_unicode`)."""
    if value is None:
        if required:
            raise UsageError(field, "is required")
        return None
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise FieldTypeError(field, f"expected a string, got {type(value).__name__}")
    text = valid_unicode(str(value), field).strip()
    if not text:
        raise UsageError(field, "must not be empty")
    if len(text) > max_len:
        raise UsageError(field, f"is {len(text)} characters long; the limit is {max_len}")
    return text


def scope_field(value: object, field: str, *, required: bool = False) -> str | None:
    """A scope id: a non-empty string without surrounding spaces."""
    if value is None and not required:
        return None
    if not isinstance(value, str):
        if value is None:
            raise UsageError(field, "is required")
        raise FieldTypeError(field, f"expected a string, got {type(value).__name__}")
    stripped = value.strip()
    if not stripped:
        raise UsageError(field, "must not be empty")
    if has_unsafe_characters(value):
        valid_unicode(value, field)  # names a lone surrogate
        raise UsageError(field, "must not contain control or bidirectional-control characters")
    if len(stripped) > MAX_ID:
        raise UsageError(field, f"is {len(stripped)} characters long; the limit is {MAX_ID}")
    return stripped


def unit_field(value: object, field: str) -> float:
    """A number in [0, 1]."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise FieldTypeError(field, f"expected a number between 0 and 1, got {type(value).__name__}")
    number = float(value)
    if math.isnan(number) or not 0.0 <= number <= 1.0:
        raise UsageError(field, f"must be between 0 and 1, got {value!r}")
    return number


def enum_field(value: object, enum: type[Any], field: str) -> Any:
    """An enum member from itself or its value."""
    if isinstance(value, enum):
        return value
    try:
        return enum(value)
    except ValueError:
        allowed = ", ".join(m.value for m in enum)
        raise UsageError(field, f"{value!r} is not one of: {allowed}") from None


def count_field(value: object, field: str) -> int:
    """A positive integer argument (a batch size, a limit, a depth); anything else raises naming ``field``."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise UsageError(field, f"must be a positive integer, got {value!r}")
    return value


def items_field(value: object, field: str, what: str) -> Iterable[Any]:
    """A batch argument as an iterable of items; a string or a mapping (one item, not many)
    or anything not iterable raises naming ``field``."""
    if isinstance(value, str | bytes | bytearray | Mapping) or not isinstance(value, Iterable):
        raise FieldTypeError(field, f"expected an iterable of {what}, got {type(value).__name__}")
    return value


def is_literal(value: str) -> bool:
    """Numbers, dates, e-mails, phones and URLs are values, not entities."""
    return bool(_LITERAL.match(value))


def tool_fields(tool: object, tool_version: object) -> tuple[str | None, str | None]:
    """``tool`` and ``tool_version`` of a write or a recall, checked: a version needs its tool
    and a number."""
    name = text_field(tool, "tool", required=False, max_len=MAX_SUBJECT)
    version = text_field(tool_version, "tool_version", required=False, max_len=MAX_SUBJECT)
    if version is not None and name is None:
        raise UsageError("tool_version", "needs tool: the version of which tool?")
    if version is not None and not any(c.isdecimal() for c in version):
        raise UsageError("tool_version", f"{version!r} has no number in it (e.g. '2.29')")
    return name, version


@dataclass(frozen=True, slots=True)
class Statement:
    """One fact to write, with every field checked and every time an aware UTC datetime."""

    user_id: str
    subject: str
    predicate: str
    object: str
    text: str | None = None
    valid_from: datetime | None = None
    valid_until: datetime | None = None
    memory_type: MemoryType = MemoryType.fact
    confidence: float = 1.0
    importance: float = 0.5
    expires_at: datetime | None = None
    run_id: str | None = None
    agent_id: str | None = None
    app_id: str | None = None
    correction: bool = False
    replaces: str | None = None
    sensitivity: Sensitivity = Sensitivity.none
    subject_type: EntityType = EntityType.other
    object_type: EntityType | None = None
    episode_id: str | None = None
    tool: str | None = None
    tool_version: str | None = None
    #: Characters ``[start, end)`` of episode ``episode_id``'s stored content the statement was
    #: read from; set by ingestion (after :meth:`build`), written with the fact as its source span.
    span: tuple[int, int] | None = None
    #: ``valid_from`` is when the value began (given by the caller, or a date in the message),
    #: not only the time of the message that says it holds; set by ingestion after :meth:`build`.
    start_said: bool = True

    @classmethod
    def build(
        cls, subject: Any, predicate: Any, object: Any, *, user_id: Any,
        valid_from: Any = None, valid_until: Any = None, memory_type: Any = MemoryType.fact,
        confidence: Any = 1.0, importance: Any = 0.5, expires_at: Any = None,
        run_id: Any = None, agent_id: Any = None, app_id: Any = None, correction: Any = False,
        text: Any = None, replaces: Any = None, sensitivity: Any = Sensitivity.none,
        subject_type: Any = EntityType.other, object_type: Any = None, episode_id: Any = None,
        tool: Any = None, tool_version: Any = None,
    ) -> Statement:
        """Validate raw arguments; raises UsageError/FieldTypeError naming the first bad field."""
        start = optional_instant(valid_from, "valid_from")
        end = optional_instant(valid_until, "valid_until")
        if start is not None and end is not None and end <= start:
            raise UsageError("valid_until", f"{end.isoformat()} is not after valid_from {start.isoformat()}")
        if not isinstance(correction, bool):
            raise FieldTypeError("correction", f"expected True or False, got {type(correction).__name__}")
        tool_name, version = tool_fields(tool, tool_version)
        return cls(
            user_id=scope_field(user_id, "user_id", required=True),  # type: ignore[arg-type]
            subject=text_field(subject, "subject", max_len=MAX_SUBJECT),  # type: ignore[arg-type]
            predicate=normalize_predicate(predicate),
            object=text_field(object, "object", max_len=MAX_OBJECT),  # type: ignore[arg-type]
            text=text_field(text, "text", required=False),
            valid_from=start,
            valid_until=end,
            memory_type=enum_field(memory_type, MemoryType, "memory_type"),
            confidence=unit_field(confidence, "confidence"),
            importance=unit_field(importance, "importance"),
            expires_at=optional_instant(expires_at, "expires_at"),
            run_id=scope_field(run_id, "run_id"),
            agent_id=scope_field(agent_id, "agent_id"),
            app_id=scope_field(app_id, "app_id"),
            correction=correction,
            replaces=text_field(replaces, "replaces", required=False),
            sensitivity=enum_field(sensitivity, Sensitivity, "sensitivity"),
            subject_type=enum_field(subject_type, EntityType, "subject_type"),
            object_type=None if object_type is None else enum_field(object_type, EntityType, "object_type"),
            episode_id=scope_field(episode_id, "episode_id"),
            tool=tool_name,
            tool_version=version,
        )

    def sentence(self) -> str:
        """The fact as plain words when no text was given: ``Ada lives in Paris``."""
        return self.text or f"{self.subject} {self.predicate.replace('_', ' ')} {self.object}"


#: The arguments ``add_fact`` (and each ``add_facts`` item) may give: those of :meth:`Statement.build`.
BUILD_ARGUMENTS = frozenset(inspect.signature(Statement.build).parameters)


def check_arguments(names: Iterable[object], where: str = "") -> None:
    """Raise :class:`UsageError` naming the first of ``names`` that is not an add_fact
    argument (``where``: what the field name is prefixed with, e.g. ``items[3].``)."""
    unknown = next((str(name) for name in names if name not in BUILD_ARGUMENTS), None)
    if unknown is not None:
        raise UsageError(f"{where}{unknown}",
                         f"is not an add_fact argument (expected one of: {', '.join(sorted(BUILD_ARGUMENTS))})")
