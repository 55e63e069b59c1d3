"""Reads never wait behind a commit (issue "Fast"): on the durable SQLite
store a read runs on a reader connection of its own (WAL journal), so a
write transaction that is open (its fsync still to come) neither blocks a
read nor shows it anything uncommitted."""

from __future__ import annotations

from pathlib import Path
from uuid import uuid4

from eventsourcing.persistence import StoredEvent

from judge.domain.persistence import DurableSQLiteFactory


def _factory(tmp_path: Path) -> DurableSQLiteFactory:
    return DurableSQLiteFactory({
        "SQLITE_DBNAME": str(tmp_path / "reads.sqlite3"),
        "SQLITE_LOCK_TIMEOUT": "1",
    })


def test_read_completes_while_a_write_transaction_is_open(tmp_path: Path) -> None:
    """The read runs in the same thread as the open write transaction: if
    reads waited for the writer (one shared connection, or the pool's writer
    lock), it could not complete until that transaction ended and would fail
    instead of returning the committed event."""
    factory = _factory(tmp_path)
    recorder = factory.aggregate_recorder()
    recorder.create_table()  # type: ignore[attr-defined]
    game = uuid4()
    recorder.insert_events([StoredEvent(game, 1, "t", b"committed")])

    with factory.datastore.transaction(commit=True) as cursor:
        recorder._insert_events(  # type: ignore[attr-defined]
            cursor, [StoredEvent(game, 2, "t", b"not yet committed")])
        seen = recorder.select_events(game)
        assert [event.state for event in seen] == [b"committed"]

    after = recorder.select_events(game)
    assert [event.state for event in after] == [b"committed", b"not yet committed"]
    factory.close()


def test_durable_store_uses_the_wal_journal_and_full_sync(tmp_path: Path) -> None:
    """What the separation rests on: WAL (readers see the last commit while a
    writer works) and synchronous=FULL (a commit is on disk when it returns)."""
    factory = _factory(tmp_path)
    with factory.datastore.transaction(commit=False) as cursor:
        cursor.execute("PRAGMA journal_mode;")
        assert cursor.fetchone()[0].lower() == "wal"
        cursor.execute("PRAGMA synchronous;")
        assert cursor.fetchone()[0] == 2  # FULL
    factory.close()
