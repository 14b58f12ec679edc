"""`kronograph serve` as a real subprocess on a free loopback port."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Served:
    url: str
    db: Path
    process: subprocess.Popen[bytes]


def start_server(db: Path, keys: dict[str, list[str]] | None, *extra: str, timeout: float = 120.0) -> Served:
    """Start `python -m kronograph serve` and wait until /healthz answers."""
    import httpx

    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    env.pop("KRONOGRAPH_API_KEYS", None)
    if keys is not None:
        env["KRONOGRAPH_API_KEYS"] = json.dumps(keys)
    process = subprocess.Popen([sys.executable, "-m", "kronograph", "serve", "--db", str(db), "--port", str(port),
                                *extra], env=env, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server exited {process.returncode}: {process.stderr.read().decode()[-2000:]}")
        try:
            if httpx.get(f"{url}/healthz", timeout=1.0).status_code == 200:
                return Served(url, db, process)
        except httpx.TransportError:
            time.sleep(0.2)
    process.kill()
    raise RuntimeError("server did not answer /healthz in time")


def stop_server(served: Served) -> None:
    served.process.terminate()
    try:
        served.process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        served.process.kill()
        served.process.wait()


KEYS = {"key-alice": ["alice"], "key-bob": ["bob", "carol"], "key-admin": ["*"]}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    pytest.importorskip("fastapi", reason="the 'server' extra (fastapi) is not installed")
    served = start_server(tmp_path_factory.mktemp("rest") / "served.db", KEYS)
    yield served
    stop_server(served)
