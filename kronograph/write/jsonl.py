"""Reading JSONL input (``kronograph ingest``, ``add-facts``): one JSON value a line, and a
line that cannot be read is an error naming the file and the line."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from ..errors import UsageError
from .statement import valid_unicode


def json_line(raw: bytes, where: str) -> Any:
    """One line of a JSONL file as JSON; a line that is not UTF-8 or not JSON (nested too deep
    to read included) is a :class:`UsageError` naming ``where``."""
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UsageError(where, f"is not valid UTF-8 (byte {exc.start})") from None
    try:
        return json.loads(valid_unicode(line, where))
    except json.JSONDecodeError as exc:
        raise UsageError(where, f"is not valid JSON ({exc.msg})") from None
    except RecursionError:
        raise UsageError(where, "is JSON nested too deep to read") from None


class JsonlItems:
    """A JSONL file as a sized iterable of its lines' JSON values (blank lines skipped); a bad
    line raises an error naming the file and line."""

    def __init__(self, path: str) -> None:
        self.path = path
        try:
            with open(path, "rb") as handle:
                self.count = sum(1 for line in handle if line.strip())
        except OSError as exc:
            raise UsageError(path, f"cannot be read ({exc.strerror or exc})") from None

    def __len__(self) -> int:
        return self.count

    def __iter__(self) -> Iterator[Any]:
        with open(self.path, "rb") as handle:
            for number, line in enumerate(handle, 1):
                if line.strip():
                    yield json_line(line, f"{self.path}:{number}")
