"""Group commit (judge/domain/group_commit.py): concurrent appends share one
durable SQLite transaction, each acknowledged only once its batch is
committed; a clash fails only its own append; any other failure fails the
whole batch and stores none of it."""

from __future__ import annotations

import sqlite3
import threading
import time
import uuid
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from eventsourcing.persistence import IntegrityError, OperationalError, StoredEvent
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.domain.group_commit import GroupCommitSQLiteApplicationRecorder
from judge.domain.persistence import DurableSQLiteDatastore, DurableSQLiteFactory

WAIT_S = 60.0  # a safety net against a hang, never a measurement


class HeldRecorder(GroupCommitSQLiteApplicationRecorder):
    """Holds each batch's leader until ``expected`` appends are queued behind
    it (or the batch is the last), so batches form the same way on any
    machine. ``fail_on`` makes the write of a batch carrying that originator
    fail like a broken disk would."""

    def __init__(self, *args: Any, hold_for: Callable[[int], int], fail_on: set[str] | None = None, **kw: Any):
        super().__init__(*args, **kw)
        self.hold_for = hold_for
        self.fail_on = fail_on or set()
        self.batch_sizes: list[int] = []

    def _write_next_batch(self) -> None:
        wanted = self.hold_for(len(self.batch_sizes))
        waited = 0.0
        while len(self._queue) < wanted:  # the appends still to come are on their way
            assert waited < WAIT_S, f"only {len(self._queue)} of {wanted} appends arrived"
            time.sleep(0.005)
            waited += 0.005
        with self._queue_lock:
            self.batch_sizes.append(min(len(self._queue), self.max_batch))
        super()._write_next_batch()

    def _insert_events(self, c: Any, stored_events: Sequence[StoredEvent], **kwargs: Any) -> Sequence[int] | None:
        if any(str(e.originator_id) in self.fail_on for e in stored_events):
            raise OperationalError("disk I/O error")
        return super()._insert_events(c, stored_events, **kwargs)


def recorder(path: Path, **kw: Any) -> HeldRecorder:
    datastore = DurableSQLiteDatastore(str(path))
    r = HeldRecorder(datastore, **kw)
    r.create_table()
    return r


def event(originator: uuid.UUID, version: int) -> StoredEvent:
    return StoredEvent(originator_id=originator, originator_version=version, topic="t", state=b"{}")


def append_all(r: Any, appends: list[list[StoredEvent]]) -> list[Any]:
    """Each append to the recorder ``r`` from its own thread, started in order;
    returns each thread's result or exception (the PostgreSQL tests use it too)."""
    results: list[Any] = [None] * len(appends)

    def run(i: int) -> None:
        try:
            results[i] = r.insert_events(appends[i])
        except Exception as exc:  # noqa: BLE001 - the result under test
            results[i] = exc

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(appends))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(WAIT_S)
    assert not any(t.is_alive() for t in threads)
    return results


def stored(path: Path) -> list[tuple[str, int]]:
    with sqlite3.connect(path) as db:
        return sorted(db.execute("SELECT originator_id, originator_version FROM stored_events"))


def test_appends_waiting_together_share_one_transaction(tmp_path: Path) -> None:
    db = tmp_path / "record.sqlite3"
    # The first append to arrive leads; it is held until the other seven
    # are queued, and writes all eight in one transaction.
    r = recorder(db, hold_for=lambda batch: 8 if batch == 0 else 0)
    games = [uuid.uuid4() for _ in range(8)]
    results = append_all(r, [[event(g, 1), event(g, 2)] for g in games])
    assert all(isinstance(x, list) and len(x) == 2 for x in results), results
    assert r.batch_sizes == [8] and r.batches == 1 and r.appends == 8
    ids = sorted(i for x in results for i in x)
    assert ids == list(range(1, 17))  # every notification id once, none lost
    assert stored(db) == sorted((g.hex, v) for g in games for v in (1, 2))


def test_a_clash_fails_only_its_own_append(tmp_path: Path) -> None:
    db = tmp_path / "record.sqlite3"
    r = recorder(db, hold_for=lambda batch: (1, 4)[batch] if batch < 2 else 0)
    taken = uuid.uuid4()
    r.insert_events([event(taken, 1)])  # version 1 of this game is stored already
    games = [uuid.uuid4() for _ in range(3)]
    appends = [[event(games[0], 1)], [event(taken, 1)], [event(games[1], 1)], [event(games[2], 1)]]
    results = append_all(r, appends)
    assert r.batch_sizes == [1, 4]
    assert isinstance(results[1], IntegrityError)
    assert all(isinstance(results[i], list) for i in (0, 2, 3)), results
    assert stored(db) == sorted([(taken.hex, 1)] + [(g.hex, 1) for g in games])


def test_a_failed_batch_stores_and_acknowledges_none_of_its_appends(tmp_path: Path) -> None:
    db = tmp_path / "record.sqlite3"
    broken = uuid.uuid4()
    r = recorder(db, hold_for=lambda batch: 4 if batch == 0 else 0, fail_on={str(broken)})
    games = [uuid.uuid4() for _ in range(3)]
    results = append_all(r, [[event(games[0], 1)], [event(games[1], 1)], [event(broken, 1)], [event(games[2], 1)]])
    # All four shared the broken batch: each failed with the disk's error and
    # none is stored.
    assert r.batch_sizes == [4]
    assert all(isinstance(x, OperationalError) for x in results), results
    assert stored(db) == []
    # The recorder goes on: the next append leads a batch of its own.
    r.hold_for = lambda batch: 0
    assert isinstance(r.insert_events([event(games[0], 1)]), list)
    assert stored(db) == [(games[0].hex, 1)] and not r._writing and not r._queue


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.integers(0, 3), st.integers(1, 3)), min_size=1, max_size=12),
       st.lists(st.integers(1, 6), min_size=1, max_size=4))
def test_stored_is_exactly_what_was_acknowledged(
        tmp_path_factory: pytest.TempPathFactory, appends: list[tuple[int, int]], batches: list[int]) -> None:
    """Whatever the appends (clashing versions included) and however they
    batch, each append is stored in full if and only if it was acknowledged,
    and per game no version is stored twice."""
    db = tmp_path_factory.mktemp("gc") / "record.sqlite3"
    r = recorder(db, hold_for=lambda b: min(batches[b % len(batches)], len(appends)) if b == 0 else 0)
    games = [uuid.UUID(int=i + 1) for i in range(4)]
    wanted = [[event(games[g], v)] for g, v in appends]
    results = append_all(r, wanted)
    expected = sorted({(games[g].hex, v) for (g, v), x in zip(appends, results) if isinstance(x, list)})
    assert stored(db) == expected
    assert len(expected) == sum(1 for x in results if isinstance(x, list))
    assert all(isinstance(x, (list, IntegrityError)) for x in results)


def test_the_judges_sqlite_factory_commits_in_groups_unless_told_not_to(tmp_path: Path) -> None:
    """``JUDGE_GROUP_COMMIT=n`` gives every append its own transaction."""
    grouped = DurableSQLiteFactory({"SQLITE_DBNAME": str(tmp_path / "a.sqlite3"), "CREATE_TABLE": "y"})
    plain = DurableSQLiteFactory({"SQLITE_DBNAME": str(tmp_path / "b.sqlite3"), "CREATE_TABLE": "y",
                                  "JUDGE_GROUP_COMMIT": "n"})
    assert isinstance(grouped.application_recorder(), GroupCommitSQLiteApplicationRecorder)
    assert not isinstance(plain.application_recorder(), GroupCommitSQLiteApplicationRecorder)
