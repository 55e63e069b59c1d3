"""Locks across every process sharing one store: on PostgreSQL, session
advisory locks on a connection of their own (``SessionLocks``, ``shared_lock``);
on SQLite, which one process serves, nothing.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any, Protocol

from eventsourcing.persistence import OperationalError

from judge.store.config import CONNECT_TIMEOUT_S, advisory_key, is_postgres_env


class LockingApp(Protocol):
    """What the locks need of an application: its environment, its factory
    (whose datastore's pool says how to connect) and its ``SessionLocks``."""

    @property
    def env(self) -> Mapping[str, str]: ...

    @property
    def factory(self) -> Any: ...

    @property
    def session_locks(self) -> SessionLocks: ...


class SessionLocks:
    """The PostgreSQL session advisory locks of one application (``shared_lock``), taken on a
    connection of their own, opened when first needed and never one of the pool's.

    A thread holding such a lock goes on to use the pool (it reads the log and saves through group
    commit, whose leader writes on a pool connection). Held on a pool connection, the lock would keep
    that connection out of the pool while its holder waits for another one: with every other
    connection in use, or a pool that cannot grow (its size reached, the database at its connection
    limit), the holder would wait for itself. On its own connection the lock takes nothing from the
    pool. One lock is held at a time per application (the others wait for it here); a connection
    that was lost is replaced at the next lock (its session's locks ended with it)."""

    def __init__(self, app: LockingApp):
        self._app = app
        self._lock = threading.Lock()
        self._conn: Any = None

    def _connection(self) -> Any:
        import psycopg

        if self._conn is None or self._conn.closed or self._conn.broken:
            kwargs = dict(self._app.factory.datastore.pool.kwargs)  # type: ignore[attr-defined]
            kwargs.pop("row_factory", None)
            try:
                self._conn = psycopg.connect(**kwargs, autocommit=True, connect_timeout=CONNECT_TIMEOUT_S)
            except psycopg.OperationalError as e:
                raise OperationalError(str(e).strip()) from e
        return self._conn

    def _drop(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            conn.close()

    @contextmanager
    def hold(self, key: int) -> Iterator[None]:
        """Hold the advisory lock ``key`` while the block runs."""
        import psycopg

        with self._lock:
            for attempt in (1, 2):  # a connection lost since the last lock is replaced once
                conn = self._connection()
                try:
                    conn.execute("SELECT pg_advisory_lock(%s)", (key,))
                    break
                except psycopg.OperationalError as e:
                    self._drop()
                    if attempt == 2:
                        raise OperationalError(str(e).strip()) from e
            try:
                yield
            finally:
                try:
                    conn.execute("SELECT pg_advisory_unlock(%s)", (key,))
                except psycopg.Error:
                    self._drop()  # the session, and its lock with it, ends

    def close(self) -> None:
        with self._lock:
            self._drop()


@contextmanager
def shared_lock(app: LockingApp, name: str) -> Iterator[None]:
    """Hold the lock ``name`` across every process sharing ``app``'s store
    while the block runs: on PostgreSQL a session advisory lock on the
    application's own lock connection (``SessionLocks``; other processes wait
    for it; a process that dies holding it loses it with its session); on
    SQLite, which one process serves, nothing (the caller's thread lock
    suffices)."""
    if not is_postgres_env(app.env):
        yield
        return
    with app.session_locks.hold(advisory_key(name, app.env.get("POSTGRES_SCHEMA") or "public")):
        yield
