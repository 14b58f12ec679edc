"""Concurrent writers on one Bolt server: a transaction the server aborts is run again, and no
write is lost (the Neo4j leg only: a real Neo4j, or the Bolt stand-in).

A real Neo4j serialises kronograph's writers on the store-wide write lock, so a second writer
waits; the stand-in (ArcadeDB) detects the conflict at commit instead and aborts one writer
with ``Neo.TransientError.Transaction.DeadlockDetected`` — a real server-side error, which
:meth:`Neo4jStore.atomically` answers by running the whole transaction again.
"""

from __future__ import annotations

import itertools
import multiprocessing
import threading
from collections.abc import Iterator
from pathlib import Path

import neo4j.exceptions
import pytest

from kronograph import Memory, StoreError
from kronograph.graph.neo4j import Neo4jStore
from kronograph.graph.neo4j.cypher import CypherQuery
from kronograph.model import Fact
from tests.graph import bolt_stand_in
from tests.graph.conftest import BACKENDS, BoltServer, open_backend

LEG = BACKENDS[1]  # the id names the server: [neo4j] or [bolt-stand-in]
PROCESSES = 4
WRITES = 6


def connect(server: BoltServer) -> Neo4jStore:
    if server.stand_in and server.auth is not None:
        return bolt_stand_in.StandInStore(server.uri, auth=server.auth)
    return Neo4jStore(server.uri, auth=server.auth)


@pytest.fixture(params=[LEG])
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[BoltServer]:
    open_backend(request.param, request, tmp_path).close()  # a wiped database
    bolt: BoltServer = request.getfixturevalue("neo4j_server")
    yield bolt


def open_intervals(facts: list[Fact]) -> list[Fact]:
    return [f for f in facts if f.valid_until is None and f.retracted_at is None]


def test_a_transaction_the_server_aborts_is_run_again_and_both_writes_land(server: BoltServer) -> None:
    with Memory(store=connect(server), embedder=None) as first, Memory(store=connect(server), embedder=None) as second:
        attempts: list[int] = []
        other_committed = threading.Event()

        def rival() -> None:
            second.add_fact("Ada", "lives_in", "Paris", user_id="u1")
            other_committed.set()

        def work() -> str:
            attempts.append(len(first.facts(user_id="u1")))  # a read inside the transaction
            if len(attempts) == 1:  # let a second writer commit in the middle of this transaction
                threading.Thread(target=rival, daemon=True).start()
                other_committed.wait(timeout=3)  # a real Neo4j keeps it waiting on the write lock
            written = first.add_fact("Ada", "lives_in", "Berlin", user_id="u1").fact
            assert written is not None
            return written.object

        assert first.store.atomically(work) == "Berlin"
        assert other_committed.wait(timeout=30)
        history = first.history(user_id="u1")
        assert sorted(f.object for f in history) == ["Berlin", "Paris"]
        assert [f.object for f in open_intervals(history)] == [first.facts(user_id="u1")[0].object]
        if server.stand_in:  # the first attempt was aborted at commit and ran again, seeing Paris
            assert attempts == [0, 1]
            assert [f.object for f in open_intervals(history)] == ["Berlin"]
        else:  # Neo4j: the rival waited for the lock, then wrote after Berlin
            assert attempts == [0]


def write_many(uri: str, auth: tuple[str, str] | None, stand_in: bool, writer: int) -> list[str]:
    """One writer process: WRITES values into one single-valued slot and one multi-valued one."""
    ids = []
    with Memory(store=connect(BoltServer(uri, auth, stand_in)), embedder=None) as mem:
        for i in range(WRITES):
            for predicate in ("lives_in", "likes"):
                fact = mem.add_fact("Ada", predicate, f"value {writer}-{i}", user_id="u1").fact
                assert fact is not None
                ids.append(fact.id)
    return ids


@pytest.mark.slow
def test_four_processes_writing_lose_nothing_and_leave_one_open_interval(server: BoltServer) -> None:
    # The writers share one subject. The stand-in has no unique constraints, so two first writers
    # racing to MERGE "Ada" would each create one and not conflict (as with the write-lock node,
    # bolt_stand_in.StandInStore.wipe); Neo4j's constraint makes that MERGE safe. So "Ada" exists
    # before the race: what is tested is the writes, not the stand-in's missing constraint.
    with Memory(store=connect(server), embedder=None) as mem:
        seed = mem.add_fact("Ada", "born_in", "Leeds", user_id="u1").fact
        assert seed is not None
    processes = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    with processes.Pool(PROCESSES) as pool:
        written = pool.starmap(write_many, [(server.uri, server.auth, server.stand_in, w) for w in range(PROCESSES)])
    with Memory(store=connect(server), embedder=None) as mem:
        history = [f for f in mem.history(user_id="u1") if f.id != seed.id]
        assert sorted(f.id for f in history) == sorted(i for ids in written for i in ids)  # no lost write
        slot = sorted((f for f in history if f.predicate == "lives_in"), key=lambda f: f.valid_from)
        assert len(slot) == PROCESSES * WRITES
        assert len(open_intervals(slot)) == 1
        # Each value runs exactly until the next one begins: no gap, no overlap.
        assert all(a.valid_until == b.valid_from for a, b in itertools.pairwise(slot))
        liked = [f for f in history if f.predicate == "likes"]
        assert len(open_intervals(liked)) == PROCESSES * WRITES


def test_an_error_that_is_not_transient_is_not_retried_and_writes_nothing(server: BoltServer) -> None:
    with Memory(store=connect(server), embedder=None) as mem:
        store = mem.store
        assert isinstance(store, Neo4jStore)
        attempts: list[int] = []

        def work() -> None:
            attempts.append(1)
            mem.add_fact("Ada", "lives_in", "Paris", user_id="u1")
            store._run(CypherQuery("RETURN 1 +", frozenset()))  # the server refuses it: a ClientError

        with pytest.raises(StoreError) as caught:
            store.atomically(work)
        assert isinstance(caught.value.__cause__, neo4j.exceptions.ClientError)
        assert attempts == [1]
        assert mem.history(user_id="u1") == []
