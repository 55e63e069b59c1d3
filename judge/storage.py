"""Where the record is kept: a SQLite file (the default, no set-up) or a
PostgreSQL database (several replicas on one database), both through the
eventsourcing library's persistence modules, so a stored event is the same
bytes in either.

``Storage`` is what the operator configures (``judge serve``, ``judge
migrate`` and ``judge check`` read it from the same flags and environment):

* ``--db`` / ``JUDGE_DB``: the SQLite file (used when no URL is given);
* ``--database-url`` / ``JUDGE_DATABASE_URL``:
  ``postgresql://USER:PASSWORD@HOST:PORT/DBNAME`` selects PostgreSQL;
* ``--database-pool-size`` / ``JUDGE_DATABASE_POOL_SIZE``: connections kept
  open per process (default 5; up to 10 more are opened under load);
* ``--database-schema`` / ``JUDGE_DATABASE_SCHEMA``: the PostgreSQL schema
  (namespace) holding the tables (default ``public``);
* ``--database-wait`` / ``JUDGE_DATABASE_WAIT``: seconds to keep retrying an
  unreachable database at start-up before giving up (default 60).

``Storage.env()`` is the eventsourcing environment (``PERSISTENCE_MODULE``,
``SQLITE_DBNAME`` or ``POSTGRES_*``). ``migrate`` creates or updates the
tables; ``wait_for`` retries opening with back-off, logging why each attempt
failed; ``reachable`` is the readiness probe of a running judge.
"""

from __future__ import annotations

import hashlib
import logging
import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar
from urllib.parse import unquote, urlsplit

from eventsourcing.persistence import InterfaceError, OperationalError

from judge.domain.group_commit import group_commit_enabled

if TYPE_CHECKING:
    from judge.app import JudgeApp
    from judge.app.base import AppBase

log = logging.getLogger(__name__)

T = TypeVar("T")

POSTGRES_TOPIC = "eventsourcing.postgres"
GROUP_COMMIT_POSTGRES_TOPIC = "judge.domain.command_index:GroupCommitPostgresCommandIndexRecorder"
PLAIN_POSTGRES_RECORDER_TOPIC = "judge.domain.command_index:PostgresCommandIndexRecorder"
DEFAULT_DB = "./judge.sqlite3"
DEFAULT_POOL_SIZE = 5
DEFAULT_WAIT_S = 60.0
FIRST_RETRY_S = 0.5
MAX_RETRY_S = 5.0
CONNECT_TIMEOUT_S = 5
SCHEMA_LOCK = 0x6A75_6467_6501
"""The advisory lock ``migrate`` holds, so replicas migrating at once do not collide."""


class StorageError(Exception):
    """The storage configuration is wrong or the database cannot be used;
    the message says why."""


@dataclass(frozen=True)
class PostgresUrl:
    """The parts of a ``postgresql://`` connection string."""

    user: str
    password: str
    host: str
    port: int
    dbname: str

    @classmethod
    def parse(cls, url: str) -> PostgresUrl:
        parts = urlsplit(url)
        if parts.scheme not in ("postgresql", "postgres"):
            raise StorageError(
                f"the database URL must start with postgresql:// (got {parts.scheme or 'no'} scheme)")
        try:
            port = parts.port or 5432
        except ValueError:
            raise StorageError("the database URL has an invalid port") from None
        dbname = unquote(parts.path.lstrip("/"))
        missing = [name for name, value in (("user", parts.username), ("host", parts.hostname),
                                            ("database name", dbname)) if not value]
        if missing:
            raise StorageError(
                f"the database URL lacks the {' and the '.join(missing)} "
                "(postgresql://USER:PASSWORD@HOST:PORT/DBNAME)")
        if parts.query:
            raise StorageError("the database URL takes no options: use the --database-* flags")
        return cls(unquote(parts.username or ""), unquote(parts.password or ""),
                   parts.hostname or "", port, dbname)

    def __str__(self) -> str:
        """The URL without its password (for logs and messages)."""
        return f"postgresql://{self.user}@{self.host}:{self.port}/{self.dbname}"


@dataclass(frozen=True)
class Storage:
    """The configured storage (see the module docstring)."""

    db_path: Path = Path(DEFAULT_DB)
    database_url: str | None = None
    pool_size: int | None = None
    schema: str | None = None
    wait_s: float = DEFAULT_WAIT_S

    def __post_init__(self) -> None:
        if self.database_url is not None:
            PostgresUrl.parse(self.database_url)  # fail early, naming the problem
        if self.pool_size is not None and self.pool_size < 1:
            raise StorageError("the database pool size must be at least 1")
        if self.schema is not None and not _is_identifier(self.schema):
            raise StorageError(f"the database schema must be a plain name (letters, digits, _), not {self.schema!r}")
        if self.wait_s < 0:
            raise StorageError("the database wait must not be negative")

    @property
    def is_postgres(self) -> bool:
        return self.database_url is not None

    @property
    def path(self) -> Path:
        """The SQLite file, absolute."""
        return Path(self.db_path).expanduser().resolve()

    def describe(self) -> str:
        """Where the record is, for messages (never the password)."""
        if self.database_url is not None:
            url = PostgresUrl.parse(self.database_url)
            return f"{url} (schema {self.schema or 'public'})"
        return str(self.path)

    def env(self, *, create_tables: bool = True) -> dict[str, str]:
        """The eventsourcing environment of this storage."""
        from judge.app import JudgeApp

        if self.database_url is None:
            return JudgeApp.sqlite(self.path)
        url = PostgresUrl.parse(self.database_url)
        return {
            "PERSISTENCE_MODULE": POSTGRES_TOPIC,
            "POSTGRES_DBNAME": url.dbname,
            "POSTGRES_HOST": url.host,
            "POSTGRES_PORT": str(url.port),
            "POSTGRES_USER": url.user,
            "POSTGRES_PASSWORD": url.password,
            "POSTGRES_POOL_SIZE": str(self.pool_size or DEFAULT_POOL_SIZE),
            "POSTGRES_SCHEMA": self.schema or "",
            "POSTGRES_CONNECT_TIMEOUT": str(CONNECT_TIMEOUT_S),
            "POSTGRES_PRE_PING": "y",  # a connection dropped by a database restart is replaced
            "CREATE_TABLE": "y" if create_tables else "n",
            # Concurrent appends share one transaction (judge/domain/group_commit_pg.py);
            # JUDGE_GROUP_COMMIT=n gives each append a transaction of its own.
            "APPLICATION_RECORDER_TOPIC": GROUP_COMMIT_POSTGRES_TOPIC
            if group_commit_enabled(os.environ.get("JUDGE_GROUP_COMMIT")) else PLAIN_POSTGRES_RECORDER_TOPIC,
        }

    def connect(self) -> Any:
        """A plain psycopg connection (autocommit) to the PostgreSQL
        database, for what the library does not do (schemas, advisory locks)."""
        import psycopg

        assert self.database_url is not None
        url = PostgresUrl.parse(self.database_url)
        try:
            return psycopg.connect(host=url.host, port=url.port, user=url.user, password=url.password,
                                   dbname=url.dbname, connect_timeout=CONNECT_TIMEOUT_S, autocommit=True)
        except psycopg.OperationalError as e:
            raise OperationalError(str(e).strip()) from e


def _is_identifier(name: str) -> bool:
    return bool(name) and len(name) <= 63 and name.replace("_", "a").isalnum() and not name[0].isdigit() \
        and name.isascii()


def wait_for(what: str, attempt: Callable[[], T], wait_s: float,
              sleep: Callable[[float], None] = time.sleep) -> T:
    """Run ``attempt`` until it does not fail with a connection error,
    backing off from 0.5 s to 5 s between tries and logging the reason of
    each failure; after ``wait_s`` seconds raise ``StorageError`` naming the
    last reason."""
    deadline = time.monotonic() + wait_s
    delay = FIRST_RETRY_S
    tries = 0
    while True:
        tries += 1
        try:
            return attempt()
        except (OperationalError, InterfaceError) as e:
            reason = " ".join(str(e).split()) or type(e).__name__
            left = deadline - time.monotonic()
            if left <= 0:
                raise StorageError(
                    f"cannot reach {what} after {tries} attempt(s) in {wait_s:g} s: {reason}") from e
            pause = min(delay, left)
            log.warning("cannot reach %s (%s); retrying in %.1f s", what, reason, pause)
            sleep(pause)
            delay = min(delay * 2, MAX_RETRY_S)


def _throwaway_key() -> Any:
    """A signing key for an application that signs nothing (migrate, check)."""
    from judge.domain.chain import ServerKey

    return ServerKey.generate()


def migrate(storage: Storage) -> list[str]:
    """Create or update the judge's tables (idempotent); returns the
    tables. On PostgreSQL the schema is created if missing, under an
    advisory lock so that replicas migrating at once wait for each other.
    A database from before the exactly-once index gets the index's table
    and has it filled from its stored commands (judge/domain/command_index.py)."""
    from judge.app import JudgeApp
    from judge.domain.command_index import index_table_name

    def tables_of(app: JudgeApp) -> list[str]:
        prefix = f"{storage.schema or 'public'}." if storage.is_postgres else ""
        stores = [app.recorder, *([app.snapshots.recorder] if app.snapshots is not None else [])]
        events = str(getattr(app.recorder, "events_table_name", ""))
        return [prefix + str(getattr(r, "events_table_name", "")) for r in stores] + \
            [prefix + index_table_name(events)]

    if not storage.is_postgres:
        app = JudgeApp(storage.env(create_tables=True), key=_throwaway_key())
        app.close()
        return tables_of(app)

    def run() -> list[str]:
        from psycopg import sql

        with storage.connect() as conn:
            conn.execute("SELECT pg_advisory_lock(%s)", (SCHEMA_LOCK,))
            try:
                exists = conn.execute("SELECT 1 FROM pg_namespace WHERE nspname = %s",
                                      (storage.schema or "public",)).fetchone()
                if not exists:  # (a role owning just its schema may not create schemas)
                    conn.execute(sql.SQL("CREATE SCHEMA {}").format(sql.Identifier(storage.schema or "public")))
                app = JudgeApp(storage.env(create_tables=True), key=_throwaway_key())
                app.close()
            finally:
                conn.execute("SELECT pg_advisory_unlock(%s)", (SCHEMA_LOCK,))
        return tables_of(app)

    return wait_for(storage.describe(), run, storage.wait_s)


def open_for_check(storage: Storage, key: Any = None) -> JudgeApp:
    """The application on existing storage for reading only (``judge
    check``): no token files, no tables created; an unreachable database is
    retried like at start-up. With ``key`` (the server's ``ServerKey``) the
    check can verify the stored credentials and, on SQLite, compare every
    game with the heads its witness file (``<db>.witness``) saw written."""
    from judge.app import JudgeApp

    if not storage.is_postgres and not storage.path.exists():
        raise StorageError(f"there is no database file {storage.path}")

    def open_() -> JudgeApp:
        missing = missing_tables(storage)
        if missing:
            raise StorageError(f"the database {storage.describe()} has no judge tables ({', '.join(missing)}): "
                               "run judge migrate first")
        witness = None
        witnessed = Path(f"{storage.path}.witness")
        if key is not None and not storage.is_postgres and witnessed.exists():
            from judge.witness import Witness

            witness = Witness(witnessed, key)  # read by the check; nothing is written to it
        return JudgeApp(storage.env(create_tables=not storage.is_postgres), key=key or _throwaway_key(),
                        witness=witness)

    return wait_for(storage.describe(), open_, storage.wait_s)


def missing_tables(storage: Storage) -> list[str]:
    """The judge's tables a PostgreSQL database lacks (``judge migrate``
    creates them); empty on SQLite, which creates them on opening."""
    if not storage.is_postgres:
        return []
    schema = storage.schema or "public"
    with storage.connect() as conn:
        rows = conn.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = %s", (schema,)).fetchall()
    present = {r[0] for r in rows}
    return [f"{schema}.{t}" for t in ("judgeapp_events", "judgeapp_snapshots", "judgeapp_command_ids")
            if t not in present]


def reachable(app: JudgeApp) -> bool:
    """Whether the application's database answers (the readiness probe): one
    round trip on PostgreSQL (no retries), a read of the log's head on SQLite."""
    datastore = getattr(app.factory, "datastore", None)
    try:
        if storage_is_postgres(app):
            with datastore.get_connection() as conn:  # type: ignore[union-attr]
                conn.execute("SELECT 1")
        else:
            app.recorder.max_notification_id()
    except Exception as e:  # noqa: BLE001 - any failure means not ready
        log.warning("the database does not answer: %s", " ".join(str(e).split()) or type(e).__name__)
        return False
    return True


def storage_is_postgres(app: AppBase) -> bool:
    """Whether ``app`` keeps its record in PostgreSQL."""
    return app.env.get("PERSISTENCE_MODULE", "").startswith(POSTGRES_TOPIC)


def advisory_key(name: str, schema: str) -> int:
    """The PostgreSQL advisory lock named ``name`` of the judge in ``schema``
    (judges in other schemas of the database have their own)."""
    return int.from_bytes(hashlib.sha256(f"{name}:{schema}".encode()).digest()[:8], "big", signed=True)


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

    def __init__(self, app: AppBase):
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
def shared_lock(app: AppBase, name: str) -> Iterator[None]:
    """Hold the lock ``name`` across every process sharing ``app``'s store
    while the block runs: on PostgreSQL a session advisory lock on the
    application's own lock connection (``SessionLocks``; other processes wait
    for it; a process that dies holding it loses it with its session); on
    SQLite, which one process serves, nothing (the caller's thread lock
    suffices)."""
    if not storage_is_postgres(app):
        yield
        return
    with app.session_locks.hold(advisory_key(name, app.env.get("POSTGRES_SCHEMA") or "public")):
        yield


__all__ = ["Storage", "StorageError", "PostgresUrl", "wait_for", "migrate", "missing_tables", "reachable", "open_for_check",
           "storage_is_postgres", "shared_lock", "SessionLocks", "advisory_key",
           "DEFAULT_DB", "DEFAULT_WAIT_S"]
