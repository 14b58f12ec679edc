"""Single- vs multi-valued predicates: defaults, prefixes and user declarations."""

from __future__ import annotations

import pytest

from kronograph import PredicateSchema, UsageError
from kronograph.temporal.predicates import normalize_predicate


def test_defaults_follow_the_design() -> None:
    schema = PredicateSchema()
    for name in ("lives_in", "works_at", "job_title", "age", "email", "phone", "relationship_status",
                 "preferred_language"):
        assert schema.is_single_valued(name), name
    assert not schema.is_single_valued("likes")
    assert not schema.is_single_valued("knows")


def test_declaring_returns_a_new_schema_and_leaves_the_old_one_alone() -> None:
    base = PredicateSchema()
    derived = base.declare("likes", single_valued=True).declare("Lives In", single_valued=False)
    assert derived.is_single_valued("likes") and not derived.is_single_valued("lives_in")
    assert base.is_single_valued("lives_in") and not base.is_single_valued("likes")


def test_predicate_names_are_normalised_or_rejected() -> None:
    assert normalize_predicate("Works At") == "works_at"
    with pytest.raises(UsageError, match="predicate"):
        normalize_predicate("lives-in; DROP TABLE facts")
    with pytest.raises(UsageError, match="predicate"):
        normalize_predicate("  ")
