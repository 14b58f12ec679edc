"""One error tree for kronograph.

    KronographError
    ├── UsageError (also ValueError)      the caller passed something wrong; fix the call
    │   └── FieldTypeError (also TypeError) a field had the wrong type
    ├── NotFoundError (also KeyError)     an id or name that is not in this scope
    ├── StoreError                        the backend failed (I/O, lock, driver, server)
    ├── ExtractionError                   text could not be turned into facts (spaCy, LLM)
    └── MissingDependencyError (also ImportError) an optional extra is not installed

Backends translate their driver's errors into StoreError at their boundary,
so callers only ever catch kronograph's own classes.
"""

from __future__ import annotations


class KronographError(Exception):
    """Root of every error kronograph raises on purpose."""


class UsageError(KronographError, ValueError):
    """Raised when an argument is invalid; the message names the field and the problem.

    Nothing already stored changes when this is raised.
    """

    def __init__(self, field: str, problem: str) -> None:
        self.field = field
        self.problem = problem
        super().__init__(f"{field}: {problem}")


class FieldTypeError(UsageError, TypeError):
    """Raised when an argument has the wrong type (for example a number where a time belongs)."""


class NotFoundError(KronographError, KeyError):
    """Raised when a fact, entity or episode id does not exist in the caller's scope."""

    def __str__(self) -> str:  # KeyError quotes its argument; keep the message readable
        return str(self.args[0]) if self.args else "not found"


class StoreError(KronographError):
    """Raised when the storage backend fails: I/O, locking, a driver or server error."""


class ExtractionError(KronographError):
    """Raised when text cannot be turned into facts (NLP model or LLM failure)."""


class MissingDependencyError(KronographError, ImportError):
    """Raised when an optional extra is needed but not installed; names the pip command."""

    def __init__(self, what: str, extra: str, detail: str = "") -> None:
        msg = f"{what} needs the '{extra}' extra: pip install 'kronograph[{extra}]'"
        if detail:
            msg += f" ({detail})"
        super().__init__(msg)
