"""Validating what callers pass to recall, context and maintain: errors name the field and
nothing is read or written before the arguments are known good."""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from ..errors import FieldTypeError, UsageError
from ..temporal.instants import optional_instant
from ..write.statement import scope_field, text_field

T = TypeVar("T")
_DEFAULT: Any = object()


def positive_int(value: object, field: str, *, maximum: int = 10_000) -> int:
    """An int in ``[1, maximum]``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise FieldTypeError(field, f"expected a positive integer, got {type(value).__name__}")
    if not 1 <= value <= maximum:
        raise UsageError(field, f"must be between 1 and {maximum}, got {value}")
    return value


def checked_config(value: object, cls: type[T], field: str, default: Any = _DEFAULT) -> T:
    """``value`` if it is a ``cls``; ``None`` gives ``default`` (``cls()`` unless given)."""
    if value is None:
        return cls() if default is _DEFAULT else default
    if not isinstance(value, cls):
        raise FieldTypeError(field, f"expected a {cls.__name__}, got {type(value).__name__}")
    if isinstance(value, BaseModel):  # a preset derived with model_copy(update=...) was never validated
        try:
            type(value).model_validate(value.model_dump())
        except ValidationError as exc:
            problem = exc.errors()[0]
            where = ".".join(str(part) for part in problem["loc"])
            raise UsageError(f"{field}.{where}", problem["msg"]) from exc
    return value


def recall_arguments(
    query: object, *, user_id: object, k: object, as_of: object, known_at: object, run_id: object,
    agent_id: object, app_id: object, include_archived: object,
) -> dict[str, Any]:
    """The keyword arguments of :meth:`RecallEngine.recall`, validated."""
    if not isinstance(include_archived, bool):
        raise FieldTypeError("include_archived", f"expected True or False, got {type(include_archived).__name__}")
    return {
        "query": text_field(query, "query", max_len=4_000),
        "user_id": scope_field(user_id, "user_id", required=True),
        "k": positive_int(k, "k"),
        "as_of": optional_instant(as_of, "as_of"),
        "known_at": optional_instant(known_at, "known_at"),
        "run_id": scope_field(run_id, "run_id"),
        "agent_id": scope_field(agent_id, "agent_id"),
        "app_id": scope_field(app_id, "app_id"),
        "include_archived": include_archived,
    }
