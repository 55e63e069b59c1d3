"""The exactly-once index under group commit (judge/domain/command_index.py,
judge/domain/group_commit.py): an append whose command id the game has
recorded already fails alone, with ``IntegrityError``, and stores neither
its events nor its rows; the other appends of its batch are stored."""

from __future__ import annotations

import threading
import uuid
from pathlib import Path
from typing import Any

from eventsourcing.persistence import IntegrityError

from judge.domain.command_index import GroupCommitCommandIndexRecorder
from judge.domain.persistence import DurableSQLiteDatastore
from tests.domain.test_group_commit import HeldRecorder, event


class HeldIndexRecorder(HeldRecorder, GroupCommitCommandIndexRecorder):
    """The held batches of the group-commit tests, keeping the index."""


def test_a_recorded_command_id_fails_only_its_own_append_in_a_batch(tmp_path: Path) -> None:
    r = HeldIndexRecorder(DurableSQLiteDatastore(str(tmp_path / "index.sqlite3")),
                          hold_for=lambda batch: 1 if batch == 0 else 2)
    r.create_table()
    a, b = uuid.uuid4(), uuid.uuid4()
    r.insert_events([event(a, 1)], command_ids=[(str(a), "x", 1)])
    appends: list[tuple[Any, list[tuple[str, str, int]]]] = [
        ([event(a, 2)], [(str(a), "x", 2)]),  # the same id again in game a: refused
        ([event(b, 1)], [(str(b), "x", 1)]),  # the same id in another game: recorded
    ]
    results: list[Any] = [None, None]

    def run(i: int) -> None:
        events, rows = appends[i]
        try:
            results[i] = r.insert_events(events, command_ids=rows)
        except Exception as exc:  # noqa: BLE001 - the result under test
            results[i] = exc

    threads = [threading.Thread(target=run, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert isinstance(results[0], IntegrityError)
    assert not isinstance(results[1], Exception)
    assert r.batch_sizes == [1, 2]  # both appends shared one transaction
    assert [e.originator_version for e in r.select_events(a)] == [1]
    assert [e.originator_version for e in r.select_events(b)] == [1]
    assert (r.command_version(str(a), "x"), r.command_version(str(b), "x")) == (1, 1)
