"""A Bolt server for the Neo4j leg where no Neo4j runs: ArcadeDB with its Bolt plugin, from the
``arcadedb-embedded`` wheel (its own Java runtime and jars), started as a child process.

It is a stand-in, never called Neo4j: it answers the official driver over Bolt 5 and runs
kronograph's Cypher, but refuses Neo4j's schema commands and lacks its search procedures.
:class:`StandInStore` bridges those gaps here, in the tests, so the product keeps sending
Neo4j's own statements; docs/neo4j.md lists what the leg therefore does not prove.
"""

from __future__ import annotations

import atexit
import base64
import contextlib
import ctypes
import importlib.util
import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from kronograph.graph.neo4j import Neo4jStore, cypher
from kronograph.graph.neo4j.cypher import CypherQuery

NAME = "Bolt stand-in (ArcadeDB)"
DATABASE = "kronograph"
USER = "root"
PASSWORD = "kronograph-stand-in"
STARTUP_SECONDS = 90

#: ArcadeDB names a full-text index after its type and property; Neo4j's are named in the schema.
FULL_TEXT_INDEXES = {"fact_text": ("FactRecord", "text"), "episode_content": ("Episode", "content")}


def package_dir() -> Path | None:
    """Where the arcadedb-embedded wheel is installed (found without importing it, which would load a JVM)."""
    spec = importlib.util.find_spec("arcadedb_embedded")
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def unavailable() -> str | None:
    """Why the stand-in cannot start here, or None when it can."""
    if os.environ.get("KRONOGRAPH_BOLT_STAND_IN", "1") == "0":
        return "KRONOGRAPH_BOLT_STAND_IN=0"
    found = package_dir()
    if found is None:
        return "arcadedb-embedded is not installed (it is in the dev extra on Linux x86_64)"
    if not (found / "jre" / "bin" / "java").is_file() or not (found / "jars").is_dir():
        return f"arcadedb-embedded at {found} has no bundled Java runtime or jars"
    return None


def _die_with_parent() -> None:
    """In the child, before Java starts: have Linux kill it when the test process dies, even by
    SIGKILL, which skips ``finally`` and ``atexit``."""
    with contextlib.suppress(OSError, AttributeError):  # not Linux: stop() and atexit still end it
        ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class StandInServer:
    """One ArcadeDB server on free loopback ports with a fresh root directory, stopped by its PID.

    Constructing it starts the process and returns at once (the JVM boots while other tests
    run); :meth:`ready` waits until it answers.
    """

    def __init__(self) -> None:
        found = package_dir()
        assert found is not None, unavailable()
        self.root = Path(tempfile.mkdtemp(prefix="kronograph-bolt-stand-in-"))
        self.bolt_port, self.http_port = _free_port(), _free_port()
        self.uri = f"bolt://127.0.0.1:{self.bolt_port}"
        self.auth = (USER, PASSWORD)
        self.log = self.root / "server.log"
        command = [
            # C1 only and a serial collector: a short-lived server on few cores boots faster so.
            str(found / "jre" / "bin" / "java"), "-Xmx512m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
            "--add-modules=jdk.incubator.vector", "--enable-native-access=ALL-UNNAMED", "-Dfile.encoding=UTF8",
            "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED",
            "--add-opens=java.base/java.nio.channels.spi=ALL-UNNAMED", "--add-opens=java.base/java.lang=ALL-UNNAMED",
            "-Dpolyglot.engine.WarnInterpreterOnly=false",
            f"-Darcadedb.server.rootPath={self.root}", f"-Darcadedb.server.rootPassword={PASSWORD}",
            f"-Darcadedb.server.defaultDatabases={DATABASE}[{USER}]",
            "-Darcadedb.server.plugins=Bolt:com.arcadedb.bolt.BoltProtocolPlugin",
            "-Darcadedb.bolt.host=127.0.0.1", f"-Darcadedb.bolt.port={self.bolt_port}",
            f"-Darcadedb.bolt.defaultDatabase={DATABASE}",
            "-Darcadedb.server.httpIncomingHost=127.0.0.1", f"-Darcadedb.server.httpIncomingPort={self.http_port}",
            "-cp", str(found / "jars" / "*"), "com.arcadedb.server.ArcadeDBServer",
        ]
        with self.log.open("wb") as out:
            # Its own process group, so stop() ends the JVM and anything it started, and nothing else.
            self.process = subprocess.Popen(command, cwd=self.root, stdout=out, stderr=subprocess.STDOUT,
                                            stdin=subprocess.DEVNULL, start_new_session=True,
                                            preexec_fn=_die_with_parent)
        atexit.register(self.stop)
        self._ready = False

    def ready(self) -> StandInServer:
        """Wait until it answers, then create the search indexes (once); stopped if it fails."""
        if not self._ready:
            try:
                self._wait_until_it_answers()
                self._create_search_indexes()
            except BaseException:
                self.stop()
                raise
            self._ready = True
        return self

    def _wait_until_it_answers(self) -> None:
        """Poll until the default database answers a query through the official driver."""
        import neo4j

        deadline = time.monotonic() + STARTUP_SECONDS
        while True:
            if self.process.poll() is not None:
                raise RuntimeError(f"{NAME} exited with {self.process.returncode}:\n{self.log_tail()}")
            try:
                with (neo4j.GraphDatabase.driver(self.uri, auth=self.auth, connection_timeout=2) as driver,
                      driver.session(database=DATABASE) as session):
                    session.run("RETURN 1").consume()  # once: execute_query would retry with long pauses
                self.sql("SELECT 1")  # the HTTP listener starts after the Bolt one
                return
            except (neo4j.exceptions.Neo4jError, neo4j.exceptions.DriverError, OSError):
                if time.monotonic() > deadline:
                    raise RuntimeError(f"{NAME} did not answer on {self.uri} in {STARTUP_SECONDS} s:\n"
                                       f"{self.log_tail()}") from None
                time.sleep(0.25)

    def sql(self, command: str) -> Any:
        """One ArcadeDB SQL command over its HTTP API (schema work Cypher cannot express there)."""
        token = base64.b64encode(f"{USER}:{PASSWORD}".encode()).decode()
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.http_port}/api/v1/command/{DATABASE}",
            data=json.dumps({"language": "sql", "command": command}).encode(),
            headers={"Authorization": f"Basic {token}", "Content-Type": "application/json"}, method="POST")
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.load(response)["result"]

    def _create_search_indexes(self) -> None:
        """ArcadeDB's own full-text indexes in place of Neo4j's (which it refuses to create)."""
        for label, prop in FULL_TEXT_INDEXES.values():
            self.sql(f"CREATE VERTEX TYPE {label} IF NOT EXISTS")
            self.sql(f"CREATE PROPERTY {label}.{prop} IF NOT EXISTS STRING")
            self.sql(f"CREATE INDEX IF NOT EXISTS ON {label} ({prop}) FULL_TEXT")

    def log_tail(self, lines: int = 30) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    def stop(self) -> None:
        """End the server's process group by its PID (TERM, then KILL) and remove its directory."""
        if self.process.poll() is None:
            try:
                os.killpg(self.process.pid, signal.SIGTERM)
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=15)
            except ProcessLookupError:
                pass
        shutil.rmtree(self.root, ignore_errors=True)


def _stand_in_search(statement: CypherQuery) -> CypherQuery:
    """The store's own full-text statement, naming ArcadeDB's index instead of Neo4j's."""
    for neo4j_name, (label, prop) in FULL_TEXT_INDEXES.items():
        quoted = f"'{neo4j_name}'"
        if quoted in statement.text:
            return CypherQuery(statement.text.replace(quoted, f"'{label}[{prop}]'"), statement.params)
    raise AssertionError(f"no full-text index named in {statement.text!r}")


#: Statements the stand-in runs differently, each with why (docs/neo4j.md lists them).
ADAPTED: dict[CypherQuery, CypherQuery] = {
    cypher.SEARCH_TEXT: _stand_in_search(cypher.SEARCH_TEXT),
    cypher.SEARCH_EPISODES: _stand_in_search(cypher.SEARCH_EPISODES),
}


class StandInStore(Neo4jStore):
    """Neo4jStore on the stand-in: no schema step (ArcadeDB refuses Neo4j's DDL), full-text
    queries aimed at ArcadeDB's index names, cosine scores put on Neo4j's [0, 1] scale
    (ArcadeDB's ``vector.similarity.cosine`` returns the raw cosine), and the write-lock node
    created right after a wipe. Everything else is the product's own code and statements."""

    def __init__(self, uri: str, *, auth: tuple[str, str], **options: Any) -> None:
        super().__init__(uri, auth=auth, database=DATABASE, schema=False, **options)

    def wipe(self) -> None:
        """Wipe, then create the write-lock node at once: with no unique constraint on the
        stand-in, two first writers racing to MERGE it would each create one, and not conflict."""
        super().wipe()
        self.atomically(lambda: None)

    def _run(self, statement: CypherQuery, **params: Any) -> list[Any]:
        rows = super()._run(ADAPTED.get(statement, statement), **params)
        if statement is cypher.VECTOR_SCAN:
            return [{"id": r["id"], "score": (float(r["score"]) + 1.0) / 2.0} for r in rows]
        return rows
