"""Closing the judge while request threads still use it: SQLite must never
have a connection closed under a statement another thread is running (that
crashes the process), so the durable pool closes only connections nobody
uses, and every Watch of the application ends when it closes."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from eventsourcing.persistence import ConnectionPoolClosedError

from judge.app import JudgeApp
from judge.domain.persistence import DurableSQLiteFactory
from judge.rules import SPECTATOR
from tests.domain.domain_support import SETUP
from tests.server.support import SAFETY_TIMEOUT_S


def test_closing_waits_for_a_connection_in_use_and_refuses_new_ones(tmp_path: Path) -> None:
    """A reader holds a connection while ``close`` is called in another
    thread: the close waits until the connection is returned (it is still
    open and usable meanwhile), and a request after the close began is
    refused with the pool's own error rather than given a connection."""
    factory = DurableSQLiteFactory({"SQLITE_DBNAME": str(tmp_path / "close.sqlite3")})
    pool = factory.datastore.pool
    held = pool.get_connection(is_writer=False)
    closer = threading.Thread(target=pool.close)
    closer.start()
    closer.join(0.2)
    assert closer.is_alive(), "close returned while a connection was still in use"
    with pytest.raises(ConnectionPoolClosedError):
        pool.get_connection(is_writer=False)
    with held.cursor() as cursor:  # still open: nothing closed it under its user
        cursor.execute("SELECT 1")
        assert cursor.fetchone()[0] == 1
    pool.put_connection(held)
    closer.join(SAFETY_TIMEOUT_S)
    assert not closer.is_alive() and pool.closed and held.closed


def test_closing_the_application_ends_every_watch(tmp_path: Path) -> None:
    """A Watch waiting for live events ends when the application closes,
    though nobody set its stop event, and ends cleanly: no thread polls a
    closed store."""
    app = JudgeApp(JudgeApp.sqlite(tmp_path / "watch.sqlite3"))
    created = app.create_game(SETUP)
    stop = threading.Event()
    steps = app.watch_marked(created.game_id, SPECTATOR, 0, stop)
    seen: list[object] = []
    errors: list[BaseException] = []

    def follow() -> None:
        try:
            for event, _view in steps:
                seen.append(event)
        except BaseException as error:  # noqa: BLE001 - the test reports it
            errors.append(error)

    follower = threading.Thread(target=follow)
    follower.start()
    follower.join(0.3)
    assert follower.is_alive() and seen[-1] is None  # caught up, waiting for live events
    app.close()
    follower.join(SAFETY_TIMEOUT_S)
    assert not follower.is_alive() and not stop.is_set()
    assert errors == []  # ended as a stream ends, not by an error of the closed store
