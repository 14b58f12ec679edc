"""``IN (...)`` lists one SQLite statement can bind: long id lists are read in chunks."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TypeVar

T = TypeVar("T")

#: Values one ``IN (...)`` list carries: under the 999 parameters older SQLite builds allow.
IN_LIMIT = 900


def in_chunks(values: Sequence[T], size: int = IN_LIMIT) -> Iterator[tuple[Sequence[T], str]]:
    """``values`` in chunks one statement can bind, each with its ``?,?,...`` placeholder list."""
    for start in range(0, len(values), size):
        chunk = values[start:start + size]
        yield chunk, ",".join("?" * len(chunk))
