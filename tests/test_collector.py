"""The cyclic collector's pause around large writes (bulk loads and maintenance share it)."""

from __future__ import annotations

import gc

import pytest

from kronograph.write.collector import collector_paused


def test_the_collector_is_paused_inside_and_runs_again_after_an_error() -> None:
    assert gc.isenabled()
    with pytest.raises(RuntimeError), collector_paused():
        assert not gc.isenabled()
        raise RuntimeError("a failed write")
    assert gc.isenabled()


def test_a_collector_paused_by_the_caller_stays_paused() -> None:
    gc.disable()
    try:
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()
