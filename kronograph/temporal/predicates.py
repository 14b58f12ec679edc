"""The predicate vocabulary: which predicates hold one value at a time (a new value closes
the old) and which hold many, which are preferences, lasting states, or sensitive by nature.

    schema = PredicateSchema().declare("favourite_team", single_valued=True)

Defaults follow the design: states of a person are single-valued, relations like
``likes`` or ``knows`` are multi-valued. Any ``preferred_*`` predicate is single-valued.
Extraction (which predicate to propose) and the policy (what memory type, whether it may be
stored) both read these lists from here.
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

#: Preferences: these predicates, and any name with one of the prefixes.
PREFERENCE_PREDICATES: frozenset[str] = frozenset(
    {"likes", "loves", "enjoys", "prefers", "dislikes", "hates", "style_preference", "favourite", "favorite"})
PREFERENCE_PREFIXES: tuple[str, ...] = ("preferred_", "favourite_", "favorite_")

#: Lasting states of a person: said in the past tense ("I lived in Shanghai") they are over.
STATE_PREDICATES: frozenset[str] = frozenset(
    {"lives_in", "works_at", "job_title", "studies_at", "uses_os", "uses", "current_project", "diet",
     "relationship_status", "married_to", "partner", "takes_medication", "works_in"})

#: Predicates whose value is itself sensitive, by kind (the kinds of :mod:`kronograph.sensitive`).
#: Addresses are not here: only an exact street address is sensitive ("near West Lake" is not),
#: and the detectors find those.
SENSITIVE_PREDICATES: dict[str, str] = {
    "identity_number": "identity_number", "id_number": "identity_number", "passport_number": "identity_number",
    "ssn": "identity_number", "credential": "credential",
    "card_number": "card_number", "credit_card": "card_number", "bank_account": "bank_account",
    "iban": "bank_account", "password": "credential", "api_key": "credential", "token": "credential",
    "medical_condition": "health", "diagnosed_with": "health", "health_condition": "health", "has_condition": "health",
}


def is_preference(predicate: str | None) -> bool:
    """True for a predicate that states a preference (likes, style_preference, preferred_*)."""
    return predicate is not None and (predicate in PREFERENCE_PREDICATES or predicate.startswith(PREFERENCE_PREFIXES))

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

    def is_preference(self, predicate: str) -> bool:
        """True for a predicate that states a preference (see :data:`PREFERENCE_PREDICATES`)."""
        return is_preference(predicate)

    def sensitive_kind(self, predicate: str) -> str | None:
        """The kind of sensitive data a predicate's value is by nature (None: not by its name)."""
        return SENSITIVE_PREDICATES.get(predicate)

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
