"""Tool versions as the slot engine compares them: semver-ish strings ordered part by part.

``"2.9" < "2.29"`` (numbers compare as numbers), ``"v2.29" == "2.29.0"`` (a leading ``v`` and
trailing zero parts do not count), ``"2.29.0-rc1" < "2.29"`` (a pre-release comes before its
release). A memory about a tool carries the tool's name and version; two records compare only
when they are about the same tool.
"""

from __future__ import annotations

import re
from functools import lru_cache

_PART = re.compile(r"\d+|[^\W\d_]+")

#: A version's comparison form: release numbers, then 1 for a release or 0 and the tag's parts.
VersionKey = tuple[tuple[int, ...], int, tuple[tuple[int, int | str], ...]]
#: ``(tool key, version key)``: what the slot engine keeps of a record's tool version.
ToolVersion = tuple[str, VersionKey]


@lru_cache(maxsize=4_096)
def version_key(version: str) -> VersionKey:
    """The comparison form of a version string: the leading numbers compare as numbers (trailing
    zeros dropped, so ``2.29.0 == 2.29``), and a pre-release tag (``-rc1``, ``beta``) sorts
    before its release; tags compare part by part, numbers as numbers."""
    parts = _PART.findall(version.strip().casefold().removeprefix("v"))
    release: list[int] = []
    while parts and parts[0].isdecimal():
        release.append(int(parts.pop(0)))
    while release and release[-1] == 0:
        release.pop()
    tag = tuple((1, int(p)) if p.isdecimal() else (0, p) for p in parts)
    return (tuple(release), 0 if tag else 1, tag)


def tool_key(tool: str) -> str:
    """The comparison form of a tool name: ``Docker Compose`` and ``docker-compose`` are one tool."""
    return re.sub(r"[\s_-]+", "-", tool.strip().casefold())


def tool_version(tool: str | None, version: str | None) -> ToolVersion | None:
    """The slot engine's version of a record, or None when it names no tool or no version."""
    if not tool or not version:
        return None
    return (tool_key(tool), version_key(version))


def is_older(a: ToolVersion | None, b: ToolVersion | None) -> bool:
    """True when ``a`` is an earlier version of the same tool than ``b``."""
    return a is not None and b is not None and a[0] == b[0] and a[1] < b[1]

