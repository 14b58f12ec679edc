"""The cyclic garbage collector paused for a large write (a bulk load, a maintenance run).

Their rows, records and results hold no reference cycles, and with hundreds of thousands of
them alive every full collection walked them all for nothing.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic collector for the block; it runs again after, if it ran before."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()
