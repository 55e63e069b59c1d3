"""The application's composition on a configured ``Storage``
(judge/store/config.py): ``migrate`` creates or updates the tables,
``open_for_check`` opens existing storage for ``judge check``, ``reachable``
is the readiness probe of a running judge.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from judge.app import JudgeApp
from judge.store.config import SCHEMA_LOCK, Storage, StorageError, is_postgres_env, missing_tables, wait_for

log = logging.getLogger(__name__)


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
    game with the heads its witness file (``<db>.witness``) saw written: a
    witness that is missing, or does not name a stored game, is a finding."""
    if not storage.is_postgres and not storage.path.exists():
        raise StorageError(f"there is no database file {storage.path}")

    def open_() -> JudgeApp:
        missing = missing_tables(storage)
        if missing:
            raise StorageError(f"the database {storage.describe()} has no judge tables ({', '.join(missing)}): "
                               "run judge migrate first")
        witness = None
        witnessed = Path(f"{storage.path}.witness")
        if key is not None and not storage.is_postgres:
            from judge.store.witness import Witness

            witness = Witness(witnessed, key, write=False)  # read by the check; nothing is written to it
        return JudgeApp(storage.env(create_tables=not storage.is_postgres), key=key or _throwaway_key(),
                        witness=witness)

    return wait_for(storage.describe(), open_, storage.wait_s)


def reachable(app: JudgeApp) -> bool:
    """Whether the application's database answers (the readiness probe): one
    round trip on PostgreSQL (no retries), a read of the log's head on SQLite."""
    datastore = getattr(app.factory, "datastore", None)
    try:
        if is_postgres_env(app.env):
            with datastore.get_connection() as conn:  # type: ignore[union-attr]
                conn.execute("SELECT 1")
        else:
            app.recorder.max_notification_id()
    except Exception as e:  # noqa: BLE001 - any failure means not ready
        log.warning("the database does not answer: %s", " ".join(str(e).split()) or type(e).__name__)
        return False
    return True
