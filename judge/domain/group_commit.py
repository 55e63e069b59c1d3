"""Group commit for the SQLite record: concurrent appends share one durable
transaction.

Every accepted command is appended to the record in a transaction that is
on disk when its commit returns (``synchronous=FULL``), and that commit (an
fsync) is most of what an append costs. When several threads append at
once (Submits of different games), :class:`GroupCommitSQLiteApplicationRecorder`
writes all the appends waiting at that moment in one transaction:

- The first thread to arrive leads: it takes every append queued so far and
  writes them, each inside a savepoint of its own, then commits once. Appends
  that arrive meanwhile queue up; when the commit returns, the leader wakes
  the appends of its batch with their results and hands the lead to the
  oldest queued append, which writes the next batch.
- Each append is acknowledged (``insert_events`` returns) only after the
  commit of its batch has returned, so nothing is acknowledged that is not
  on disk.
- An append whose events clash with stored ones (another writer took that
  version of the game first: the primary key of ``(originator_id,
  originator_version)``) is rolled back to its savepoint and fails alone with
  ``IntegrityError``, exactly as it would have in a transaction of its own;
  the application reloads the game and decides again. The other appends of
  the batch are unaffected.
- Any other failure (the disk, the database file) fails the whole batch:
  the transaction is rolled back and every append in it raises the error, so
  no append of a failed batch is stored or acknowledged.

Per-game order is unchanged: the application writes one game under its
per-game lock, so a game never has two appends in flight from one process,
and across processes the primary key decides as before. A batch holds at
most ``max_batch`` appends.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Sequence
from typing import Any

from eventsourcing.persistence import IntegrityError, PersistenceError, StoredEvent
from eventsourcing.sqlite import SQLiteApplicationRecorder, SQLiteCursor

DEFAULT_MAX_BATCH = 64


class _Append:
    """One caller's append, waiting for its batch."""

    __slots__ = ("events", "kwargs", "woken", "leads", "result", "error")

    def __init__(self, events: Sequence[StoredEvent], kwargs: dict[str, Any]):
        self.events = events
        self.kwargs = kwargs
        self.woken = threading.Event()
        self.leads = False
        self.result: Sequence[int] | None = None
        self.error: BaseException | None = None


def group_commit_enabled(setting: str | None) -> bool:
    """Whether ``JUDGE_GROUP_COMMIT`` (default on) asks for group commit."""
    return (setting or "y").strip().lower() not in ("n", "no", "0", "false", "off")


def _copy_of(exc: Exception) -> Exception:
    """A fresh exception for each caller (one instance raised in several
    threads would share its traceback), chained to the batch's error."""
    kind = type(exc) if isinstance(exc, PersistenceError) else PersistenceError
    try:
        copy = kind(*exc.args)
    except Exception:  # noqa: BLE001 - an exception type with another signature
        copy = PersistenceError(str(exc))
    copy.__cause__ = exc
    return copy


class GroupCommitQueue:
    """The leader/follower queue of group commit, for any recorder: a
    subclass writes one batch in one transaction in ``_write`` (every
    append's ``result`` or ``error`` set, a failure of the whole batch
    handed to every append of it)."""

    max_batch = DEFAULT_MAX_BATCH

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self._queue_lock = threading.Lock()
        self._queue: list[_Append] = []
        self._writing = False  # a leader is writing a batch
        self.batches = 0  # transactions committed (or failed) by group commit
        self.appends = 0  # appends they carried

    def insert_events(self, stored_events: Sequence[StoredEvent], **kwargs: Any) -> Sequence[int] | None:
        me = _Append(stored_events, kwargs)
        with self._queue_lock:
            self._queue.append(me)
            if not self._writing:
                self._writing = True
                me.leads = True
        if not me.leads:
            me.woken.wait()  # either our batch is written, or we lead the next one
        if me.leads:
            self._write_next_batch()
        if me.error is not None:
            raise me.error
        return me.result

    def _write_next_batch(self) -> None:
        with self._queue_lock:
            batch, self._queue = self._queue[: self.max_batch], self._queue[self.max_batch:]
        try:
            self._write(batch)
        finally:
            with self._queue_lock:
                self.batches += 1
                self.appends += len(batch)
                if self._queue:
                    successor = self._queue[0]
                    successor.leads = True
                    successor.woken.set()
                else:
                    self._writing = False
            for append in batch:
                append.woken.set()

    def _write(self, batch: list[_Append]) -> None:
        raise NotImplementedError


class GroupCommitSQLiteApplicationRecorder(GroupCommitQueue, SQLiteApplicationRecorder):
    """eventsourcing's SQLite application recorder whose concurrent
    ``insert_events`` calls share one transaction (see the module docstring)."""

    def _write(self, batch: list[_Append]) -> None:
        """Write ``batch`` in one transaction, each append in a savepoint."""
        try:
            with self.datastore.transaction(commit=True) as c:
                for append in batch:
                    self._write_one(c, append)
        except Exception as exc:  # noqa: BLE001 - handed to every caller of the batch
            for append in batch:
                append.result = None
                if append.error is None:
                    append.error = _copy_of(exc)
        except BaseException as exc:
            for append in batch:
                append.result = None
                append.error = append.error or exc
            raise

    def _write_one(self, c: SQLiteCursor, append: _Append) -> None:
        c.execute("SAVEPOINT judge_append")
        try:
            append.result = self._insert_events(c, append.events, **append.kwargs)
        except sqlite3.IntegrityError as exc:
            c.execute("ROLLBACK TO SAVEPOINT judge_append")
            c.execute("RELEASE SAVEPOINT judge_append")
            append.error = IntegrityError(exc)
            return
        c.execute("RELEASE SAVEPOINT judge_append")
