"""Where the record is kept: the configured storage (SQLite or PostgreSQL,
config.py), locks across the processes sharing it (locks.py), the guard of a
SQLite file (guard.py) and the witness of every game's head (witness.py).

The store knows the domain's persistence and nothing above it: what builds
the application on a ``Storage`` is judge/app/compose.py.
"""

from judge.store.config import (
    DEFAULT_DB,
    DEFAULT_WAIT_S,
    PostgresUrl,
    Storage,
    StorageError,
    advisory_key,
    is_postgres_env,
    missing_tables,
    sqlite_env,
    wait_for,
)

__all__ = ["Storage", "StorageError", "PostgresUrl", "wait_for", "missing_tables", "advisory_key",
           "is_postgres_env", "sqlite_env", "DEFAULT_DB", "DEFAULT_WAIT_S"]
