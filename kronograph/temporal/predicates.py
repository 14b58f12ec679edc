"""Which predicates hold one value at a time (a new value closes the old) and which hold many.

    schema = PredicateSchema().declare("favourite_team", single_valued=True)

Defaults follow the design: states of a person are single-valued, relations like
``likes`` or ``knows`` are multi-valued. Any ``preferred_*`` predicate is single-valued.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict, Field

from ..errors import FieldTypeError, UsageError

DEFAULT_SINGLE_VALUED: frozenset[str] = frozenset(
    {
        "lives_in", "works_at", "job_title", "age", "email", "phone",
        "relationship_status", "name", "born_in", "birthday", "nationality",
        "studies_at", "married_to", "uses_os", "current_project", "style_preference",
    }
)
#: Measurements, counts, amounts and prices keyed by what they measure (``quantity_snack_budget``):
#: one value at a time, so a new value supersedes the old and ``as_of`` answers it.
QUANTITY_PREFIX = "quantity_"
DEFAULT_SINGLE_VALUED_PREFIXES: tuple[str, ...] = ("preferred_", "current_", "favourite_", "favorite_", QUANTITY_PREFIX)

_PREDICATE = re.compile(r"^[a-z][a-z0-9_]{0,63}$")


def normalize_predicate(name: object, field: str = "predicate") -> str:
    """``"Lives In"`` -> ``"lives_in"``; rejects names that are not simple identifiers."""
    if not isinstance(name, str):
        raise FieldTypeError(field, f"expected a string, got {type(name).__name__}")
    key = re.sub(r"[\s\-]+", "_", name.strip().lower())
    if not key:
        raise UsageError(field, "must not be empty")
    if not _PREDICATE.match(key):
        raise UsageError(field, f"{name!r} is not a valid predicate (letters, digits and _; starts with a letter)")
    return key


class PredicateSchema(BaseModel):
    """Declares single- vs multi-valued predicates. Derive with :meth:`declare`; never mutated."""

    model_config = ConfigDict(frozen=True)

    single_valued: frozenset[str] = Field(default=DEFAULT_SINGLE_VALUED)
    multi_valued: frozenset[str] = Field(default=frozenset())
    single_valued_prefixes: tuple[str, ...] = Field(default=DEFAULT_SINGLE_VALUED_PREFIXES)

    def is_single_valued(self, predicate: str) -> bool:
        """True when a new object for this predicate closes the current one."""
        if predicate in self.multi_valued:
            return False
        if predicate in self.single_valued:
            return True
        return predicate.startswith(self.single_valued_prefixes)

    def declare(self, name: str, single_valued: bool = True) -> PredicateSchema:
        """A new schema with ``name`` declared; the receiver is left unchanged."""
        key = normalize_predicate(name, "name")
        single = set(self.single_valued)
        multi = set(self.multi_valued)
        if single_valued:
            single.add(key)
            multi.discard(key)
        else:
            multi.add(key)
            single.discard(key)
        return self.model_copy(update={"single_valued": frozenset(single), "multi_valued": frozenset(multi)})
