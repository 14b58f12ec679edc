"""The public surface: everything in __all__ exists, nothing internal leaks."""

from __future__ import annotations

import kronograph


def test_all_names_exist_and_are_sorted() -> None:
    assert sorted(kronograph.__all__) == kronograph.__all__
    for name in kronograph.__all__:
        assert hasattr(kronograph, name), name


def test_no_public_class_or_function_is_left_out_of_all() -> None:
    public = {n for n, v in vars(kronograph).items()
              if not n.startswith("_") and (isinstance(v, type) or callable(v))}
    assert public <= set(kronograph.__all__), public - set(kronograph.__all__)


def test_errors_form_one_tree() -> None:
    for name in kronograph.__all__:
        obj = getattr(kronograph, name)
        if isinstance(obj, type) and issubclass(obj, Exception):
            assert issubclass(obj, kronograph.KronographError), name
    assert issubclass(kronograph.UsageError, ValueError)
    assert issubclass(kronograph.FieldTypeError, TypeError)
