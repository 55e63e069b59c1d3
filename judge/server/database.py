"""What a running judge does about its database beside serving calls.

* ``DatabaseHealth`` probes the database every few seconds and sets the
  gRPC health status (overall and of ``judge.v1.JudgeService``) to SERVING
  or NOT_SERVING, logging each change with its reason: a load balancer or
  orchestrator stops sending calls to a replica that cannot reach it, or
  whose SQLite file cannot take a write (removed, replaced, full or
  read-only; see ``judge.store.guard``).
* ``CloserLease`` (PostgreSQL): replicas sharing a database elect one window
  closer through a session-level advisory lock held on a dedicated
  connection; when that replica stops or dies its connection closes and
  another replica takes over at its next round. On SQLite (one process)
  the lease is always held.
* ``ChangeListener`` (PostgreSQL): one connection per process LISTENs to
  the channel the library NOTIFYs on every append and wakes this process's
  Watch streams, so an event appended by another replica reaches them
  promptly without every stream polling the database.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import TYPE_CHECKING, Any

from grpc_health.v1 import health, health_pb2

from judge.app.compose import reachable
from judge.store import advisory_key, is_postgres_env

if TYPE_CHECKING:
    import grpc

    from judge.app import JudgeApp

log = logging.getLogger(__name__)

def closer_lock_key(schema: str) -> int:
    """The advisory lock whose holder closes the elapsed windows of the
    judge in ``schema`` (judges in other schemas of the database have their own)."""
    return advisory_key("judge.window-closer", schema)

DEFAULT_HEALTH_INTERVAL_S = 2.0
LEASE_CHECK_S = 1.0
"""How often the closer's lease is taken or confirmed (the closer itself runs more often)."""
LISTEN_TIMEOUT_S = 1.0
RECONNECT_PAUSE_S = 1.0


def _connect(app: JudgeApp) -> Any:
    """A dedicated autocommit connection with the application's settings."""
    import psycopg

    kwargs = dict(app.factory.datastore.pool.kwargs)  # type: ignore[attr-defined]
    kwargs.pop("row_factory", None)
    return psycopg.connect(**kwargs, autocommit=True, connect_timeout=5)


class DatabaseHealth:
    """Sets the health status from the database's reachability (see the module docstring)."""

    def __init__(self, app: JudgeApp, servicer: health.HealthServicer, services: tuple[str, ...]):
        self._app = app
        self._servicer = servicer
        self._services = services
        self.serving: bool | None = None

    def check(self) -> bool:
        """Probe once and publish the result; returns it."""
        problem = self._app.storage_problem()
        ok = problem is None and reachable(self._app)
        if ok != self.serving:
            status = health_pb2.HealthCheckResponse.SERVING if ok else health_pb2.HealthCheckResponse.NOT_SERVING
            for name in self._services:
                self._servicer.set(name, status)
            if self.serving is not None or not ok:
                log.log(logging.INFO if ok else logging.ERROR,
                        "the database %s: health is %s",
                        "answers again" if ok else (problem or "cannot be reached"),
                        "SERVING" if ok else "NOT_SERVING")
            self.serving = ok
        return ok

    def run(self, server: grpc.Server, interval_s: float) -> None:
        """Probe every ``interval_s`` until the server has terminated."""
        while server.wait_for_termination(timeout=interval_s):
            self.check()


class CloserLease:
    """Whether this process closes windows now (see the module docstring)."""

    def __init__(self, app: JudgeApp, check_every_s: float = LEASE_CHECK_S):
        self._app = app
        self._shared = is_postgres_env(app.env)
        self._conn: Any = None
        self._held = False
        self._key = closer_lock_key(app.env.get("POSTGRES_SCHEMA") or "public")
        self._check_every_s = check_every_s
        self._checked_at: float | None = None

    def held(self) -> bool:
        """True if this process holds (or just took) the closer's lock; asks
        the database at most every ``check_every_s`` seconds."""
        if not self._shared:
            return True
        now = time.monotonic()
        if self._checked_at is not None and now - self._checked_at < self._check_every_s:
            return self._held
        self._checked_at = now
        try:
            if self._conn is None or self._conn.closed:
                self._conn = _connect(self._app)
                self._held = False
            if self._held:
                self._conn.execute("SELECT 1")  # still connected, so still held
            else:
                row = self._conn.execute("SELECT pg_try_advisory_lock(%s)", (self._key,)).fetchone()
                self._held = bool(row and row[0])
                if self._held:
                    log.info("this replica now closes elapsed windows")
        except Exception as e:  # noqa: BLE001 - a lost connection loses the lease
            if self._held:
                log.warning("lost the window closer's lock: %s", e)
            self.release()
            return False
        return self._held

    def release(self) -> None:
        """Give the lease up (when the server stops): unlocked explicitly,
        so another replica can take it as soon as this returns (the server
        ends a closed session, releasing its locks, only a moment later)."""
        if self._conn is not None:
            try:
                if self._held and not self._conn.closed:
                    self._conn.execute("SELECT pg_advisory_unlock(%s)", (self._key,))
            except Exception:  # noqa: BLE001 - closing the session below releases it too
                pass
            try:
                self._conn.close()  # closing the session releases its advisory locks
            except Exception:  # noqa: BLE001
                pass
        self._conn = None
        self._held = False
        self._checked_at = None


class ChangeListener:
    """Wakes local Watch streams on appends by any process (PostgreSQL)."""

    def __init__(self, app: JudgeApp):
        self._app = app
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="judge-db-listener", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=LISTEN_TIMEOUT_S * 5)

    def _run(self) -> None:
        from psycopg import sql

        channel = self._app.recorder.channel_name  # type: ignore[attr-defined]
        failing = False
        while not self._stop.is_set():
            try:
                with _connect(self._app) as conn:
                    conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(channel)))
                    if failing:
                        log.info("listening for appends again")
                        failing = False
                    self._app.wake_watchers()  # appends while not listening are read now
                    while not self._stop.is_set():
                        if any(True for _ in conn.notifies(timeout=LISTEN_TIMEOUT_S, stop_after=1)):
                            self._app.wake_watchers()
            except Exception as e:  # noqa: BLE001 - keep listening whatever happens
                if not failing:
                    log.warning("cannot listen for appends (watch streams fall back to polling): %s", e)
                failing = True
                self._stop.wait(RECONNECT_PAUSE_S)


def start_listener(app: JudgeApp) -> ChangeListener | None:
    """A running ``ChangeListener`` on PostgreSQL; None on SQLite."""
    if not is_postgres_env(app.env):
        return None
    listener = ChangeListener(app)
    listener.start()
    return listener


__all__ = ["DatabaseHealth", "CloserLease", "ChangeListener", "start_listener", "DEFAULT_HEALTH_INTERVAL_S"]
