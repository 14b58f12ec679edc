"""The rules between kronograph's rooms (issue 10, docs/architecture.md), read from the imports.

Every ``import`` and ``from ... import`` in every module counts, inside functions and
``TYPE_CHECKING`` blocks too: a type hint is a dependency a reader has to follow.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).parents[1] / "kronograph"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path) -> set[str]:
    """The kronograph modules ``path`` imports (absolute names; ``from x import y`` yields both
    ``x`` and ``x.y``, since ``y`` may be a module)."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            if node.module:  # ``from .. import x`` names modules (or names) only through x
                found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return {m for m in found if m == "kronograph" or m.startswith("kronograph.")}


MODULES = {_module_name(p): _imports(p) for p in sorted(PACKAGE.rglob("*.py"))}


def _inside(module: str, room: str) -> bool:
    return module == room or module.startswith(room + ".")


def _violations(room: str, allowed: set[str] | None = None, forbidden: set[str] | None = None) -> list[str]:
    out = []
    for module, imports in MODULES.items():
        if not _inside(module, room):
            continue
        for target in imports:
            if allowed is not None and not any(_inside(target, a) for a in allowed | {room}):
                out.append(f"{module} imports {target}")
            if forbidden is not None and any(_inside(target, f) for f in forbidden):
                out.append(f"{module} imports {target}")
    return sorted(set(out))


def test_the_import_graph_was_read() -> None:
    assert "kronograph.write.bulk" in MODULES and "kronograph.temporal.slot" in MODULES["kronograph.write.bulk"]


def test_temporal_imports_only_the_model_the_errors_and_itself() -> None:
    assert _violations("kronograph.temporal", allowed={"kronograph.model", "kronograph.errors"}) == []


@pytest.mark.parametrize(("room", "forbidden"), [
    ("kronograph.policy", {"kronograph.extraction", "kronograph.graph", "kronograph.queries", "kronograph.write"}),
    ("kronograph.extraction", {"kronograph.policy", "kronograph.graph", "kronograph.write"}),
])
def test_policy_and_extraction_do_not_reach_into_other_rooms(room: str, forbidden: set[str]) -> None:
    assert _violations(room, forbidden=forbidden) == []


def test_only_the_entry_points_import_the_facade() -> None:
    facade = {"kronograph.memory", "kronograph.cli"}
    # ``__main__`` is ``python -m kronograph``: the package's entry point, like ``__init__``.
    entry = {"kronograph", "kronograph.__main__", "kronograph.memory", "kronograph.cli", "kronograph.demo"}
    offenders = sorted(f"{module} imports {target}" for module, imports in MODULES.items()
                       for target in imports & facade
                       if module not in entry and not _inside(module, "kronograph.server"))
    assert offenders == []


def test_backend_specific_modules_stay_inside_graph() -> None:
    specific = {"kronograph.graph.sqlite", "kronograph.graph.neo4j", "kronograph.graph.rows"}
    offenders = sorted(f"{module} imports {target}" for module, imports in MODULES.items()
                       if not _inside(module, "kronograph.graph")
                       for target in imports if any(_inside(target, s) for s in specific))
    assert offenders == []


def test_both_write_paths_use_the_one_slot_engine() -> None:
    for path in ("kronograph.write.writer", "kronograph.write.bulk"):
        assert "kronograph.temporal.slot.Slot" in MODULES[path], path
    # No second implementation of the slot rules anywhere in the write room.
    for path in sorted((PACKAGE / "write").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        defined = {n.name for n in tree.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)}
        assert not defined & {"decide", "settle", "holding_at", "_holding"}, path
