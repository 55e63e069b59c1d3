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
``SQLITE_DBNAME`` or ``POSTGRES_*``); ``wait_for`` retries opening with
back-off, logging why each attempt failed. What builds the application on a
``Storage`` (``migrate``, ``open_for_check``, the readiness probe) is the
application's composition, judge/app/compose.py.
"""

from __future__ import annotations

import hashlib
import logging
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import unquote, urlsplit

from eventsourcing.persistence import InterfaceError, OperationalError

from judge.domain.group_commit import group_commit_enabled
from judge.domain.persistence import SQLITE_TOPIC

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
        if self.database_url is None:
            return sqlite_env(self.path)
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


def sqlite_env(path: str | Path) -> dict[str, str]:
    """The eventsourcing environment for a SQLite database file with durable
    (``synchronous=FULL``) WAL connections. The file (and its directory) is
    created if absent when the application opens it."""
    file = Path(path)
    file.parent.mkdir(parents=True, exist_ok=True)
    return {
        "PERSISTENCE_MODULE": SQLITE_TOPIC,
        "SQLITE_DBNAME": str(file),
        "SQLITE_LOCK_TIMEOUT": "30",
    }


def is_postgres_env(env: Any) -> bool:
    """Whether an eventsourcing environment keeps the record in PostgreSQL."""
    return str(env.get("PERSISTENCE_MODULE", "")).startswith(POSTGRES_TOPIC)


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


def advisory_key(name: str, schema: str) -> int:
    """The PostgreSQL advisory lock named ``name`` of the judge in ``schema``
    (judges in other schemas of the database have their own)."""
    return int.from_bytes(hashlib.sha256(f"{name}:{schema}".encode()).digest()[:8], "big", signed=True)


