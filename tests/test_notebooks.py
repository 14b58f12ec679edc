"""notebooks/ run top to bottom in a fresh kernel, as a new user would run them, and are
committed without outputs."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat", reason="the 'dev' extra (nbformat, nbclient, ipykernel) is not installed")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((REPO / "notebooks").glob("*.ipynb"))


def test_there_are_the_three_notebooks() -> None:
    assert [p.name for p in NOTEBOOKS] == ["01_quickstart.ipynb", "02_forgetting_lifecycle.ipynb", "03_neo4j.ipynb"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_is_committed_without_outputs(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, path.name


@pytest.mark.slow
@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_runs_without_errors(path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])))
    monkeypatch.setenv("MPLBACKEND", "agg")
    notebook = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(notebook, timeout=300, kernel_name="python3",
                                     resources={"metadata": {"path": str(tmp_path)}})
    client.execute()
    printed = "".join(out.get("text", "") for cell in notebook.cells if cell.cell_type == "code"
                      for out in cell.outputs)
    assert "Traceback" not in printed
    if path.stem == "02_forgetting_lifecycle":
        assert "files still holding 'Flumpistyle': []" in printed and "refused: [('user shared a card number'" in printed
    if path.stem == "01_quickstart":
        assert "lived in on 2026-02-01: ['Shanghai']" in printed
