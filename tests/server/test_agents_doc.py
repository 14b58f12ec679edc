"""docs/agents.md opens with an agent loop over `kronograph mcp`; it runs as printed."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from kronograph import Memory

pytest.importorskip("mcp", reason="the 'server' extra (mcp) is not installed")

REPO = Path(__file__).resolve().parents[2]


def test_the_agent_loop_in_docs_runs(tmp_path: Path) -> None:
    page = (REPO / "docs" / "agents.md").read_text(encoding="utf-8")
    script = re.search(r"```python\n(.*?)```", page, re.S)
    assert script is not None and page.startswith("# ")
    (tmp_path / "agent_loop.py").write_text(script.group(1), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))}
    done = subprocess.run([sys.executable, "agent_loop.py"], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    out = done.stdout
    assert "superseded ['user lives in Shanghai']" in out
    assert "refused ['user shared a card number']" in out
    assert "- user lives in Hangzhou (since 2026-04-01)" in out and "Shanghai (since" not in out
    assert "forgotten: 2 facts" in out
    with Memory(tmp_path / "agent-loop.db", embedder=None) as mem:
        assert "4111" not in " ".join(e.content for e in mem.episodes(user_id="u1"))
