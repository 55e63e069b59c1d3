"""The exactly-once index: which command id a game has recorded, at which version.

A client retries a command with the same command id; the judge answers a
known id with the result it recorded the first time (``duplicate``), forever.
The index that says which ids a game knows is not part of the game's state
(it would grow with the game and be copied into every snapshot): it is a
table of the record, ``<app>_command_ids(game_id, command_id, version)``
with the primary key ``(game_id, command_id)``, kept by the application
recorder:

* its rows are written in the same database transaction as the
  ``CommandAccepted`` events they index (``insert_events(...,
  command_ids=rows)``; with group commit inside the append's own savepoint),
  so an event is stored exactly when its index row is;
* a second row for the same command id of a game violates the primary key,
  so the append fails with ``IntegrityError`` like a clash of versions: the
  judge re-loads the game, finds the id in the index and answers with the
  first result;
* looking an id up costs one primary-key read, whatever the game's length.

Databases written before the index existed are filled from their stored
``CommandAccepted`` events when the application opens them (``judge
migrate`` on PostgreSQL); a row with an empty game id and command id
(``COMPLETE``) records that the table covers every stored event, so the fill
runs once and again only if it was interrupted.

One recorder class per storage: SQLite (plain and group commit, see
judge/domain/group_commit.py), PostgreSQL and the in-memory store.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any
from uuid import UUID

from eventsourcing.persistence import IntegrityError, StoredEvent
from eventsourcing.popo import POPOApplicationRecorder
from eventsourcing.postgres import PostgresApplicationRecorder
from eventsourcing.sqlite import SQLiteApplicationRecorder, SQLiteCursor
from psycopg.sql import SQL, Identifier

from judge.domain.group_commit import GroupCommitSQLiteApplicationRecorder
from judge.domain.group_commit_pg import GroupCommitPostgresApplicationRecorder

Row = tuple[str, str, int]
"""``(game_id, command_id, version)``: the game id as clients see it."""

COMPLETE: Row = ("", "", 0)
"""The row saying the table indexes every stored command (no game has the empty id)."""


def index_table_name(events_table_name: str) -> str:
    """``judgeapp_events`` -> ``judgeapp_command_ids``."""
    base = events_table_name[: -len("_events")] if events_table_name.endswith("_events") else events_table_name
    return f"{base}_command_ids"


class CommandIndex:
    """What every recorder of the index offers the application."""

    def command_version(self, game_id: str, command_id: str) -> int | None:
        """The version of the event recording ``command_id`` in the game, if any."""
        raise NotImplementedError

    def command_versions(self, game_id: str) -> dict[str, int]:
        """Every command id of the game with its version (the full check)."""
        raise NotImplementedError

    def index_complete(self) -> bool:
        """Whether the table indexes every stored command (see ``COMPLETE``)."""
        return self.command_version(COMPLETE[0], COMPLETE[1]) is not None

    def fill_index(self, rows: Sequence[Row]) -> None:
        """Add ``rows`` (those already present are kept as they are)."""
        raise NotImplementedError


def _rows(kwargs: dict[str, Any]) -> list[Row]:
    return [(str(g), str(c), int(v)) for g, c, v in kwargs.get("command_ids") or ()]


class _SQLiteIndex(CommandIndex):
    """The index on SQLite (a mixin for the application recorders)."""

    datastore: Any
    events_table_name: str

    def _index_statements(self) -> list[str]:
        table = index_table_name(self.events_table_name)
        return [f"CREATE TABLE IF NOT EXISTS {table} (game_id TEXT NOT NULL, command_id TEXT NOT NULL, "
                "version INTEGER NOT NULL, PRIMARY KEY (game_id, command_id)) WITHOUT ROWID"]

    def _insert_rows(self, c: SQLiteCursor, rows: Iterable[Row], *, ignore: bool = False) -> None:
        verb = "INSERT OR IGNORE" if ignore else "INSERT"
        c.executemany(f"{verb} INTO {index_table_name(self.events_table_name)} VALUES (?,?,?)", list(rows))

    def command_version(self, game_id: str, command_id: str) -> int | None:
        with self.datastore.transaction(commit=False) as c:
            c.execute(f"SELECT version FROM {index_table_name(self.events_table_name)} "
                      "WHERE game_id=? AND command_id=?", (game_id, command_id))
            row = c.fetchone()
        return None if row is None else int(row["version"])

    def command_versions(self, game_id: str) -> dict[str, int]:
        with self.datastore.transaction(commit=False) as c:
            c.execute(f"SELECT command_id, version FROM {index_table_name(self.events_table_name)} "
                      "WHERE game_id=?", (game_id,))
            return {str(r["command_id"]): int(r["version"]) for r in c.fetchall()}

    def fill_index(self, rows: Sequence[Row]) -> None:
        with self.datastore.transaction(commit=True) as c:
            self._insert_rows(c, rows, ignore=True)


class _SQLiteIndexWrites(_SQLiteIndex):
    """Creates the index's table with the events' and writes an append's rows with its events (inside
    the append's savepoint under group commit, so a clash rolls back that append alone)."""

    def construct_create_table_statements(self) -> list[str]:
        return [*super().construct_create_table_statements(), *self._index_statements()]  # type: ignore[misc]

    def _insert_events(self, c: SQLiteCursor, stored_events: Sequence[StoredEvent],
                       **kwargs: Any) -> Sequence[int] | None:
        result = super()._insert_events(c, stored_events, **kwargs)  # type: ignore[misc]
        self._insert_rows(c, _rows(kwargs))
        return result


class SQLiteCommandIndexRecorder(_SQLiteIndexWrites, SQLiteApplicationRecorder):
    """eventsourcing's SQLite application recorder keeping the index."""


class GroupCommitCommandIndexRecorder(_SQLiteIndexWrites, GroupCommitSQLiteApplicationRecorder):
    """The group-commit SQLite recorder keeping the index."""


class _PostgresIndex(CommandIndex):
    """The index on PostgreSQL (a mixin for the application recorders): creates its table with the
    events' and writes an append's rows in the append's transaction (inside the append's savepoint
    under group commit, so a clash fails that append alone; else the whole transaction fails with
    ``IntegrityError``)."""

    datastore: Any
    sql_create_statements: list[Any]
    check_identifier_length: Any

    def __init__(self, datastore: Any, *, events_table_name: str = "stored_events"):
        super().__init__(datastore, events_table_name=events_table_name)  # type: ignore[call-arg]
        self.index_table_name = index_table_name(events_table_name)
        self.check_identifier_length(self.index_table_name)
        self.sql_create_statements.append(SQL(
            "CREATE TABLE IF NOT EXISTS {schema}.{table} (game_id text NOT NULL, "
            "command_id text NOT NULL, version bigint NOT NULL, PRIMARY KEY (game_id, command_id))"
        ).format(schema=Identifier(self.datastore.schema), table=Identifier(self.index_table_name)))

    def _insert_sql(self, *, ignore: bool = False) -> Any:
        return SQL("INSERT INTO {schema}.{table} VALUES (%s, %s, %s)" + (
            " ON CONFLICT DO NOTHING" if ignore else "")).format(
            schema=Identifier(self.datastore.schema), table=Identifier(self.index_table_name))

    def _insert_events(self, curs: Any, stored_events: Sequence[StoredEvent], **kwargs: Any) -> None:
        # The library's hook inside the transaction (and pipeline) of the events' insert.
        super()._insert_events(curs, stored_events, **kwargs)  # type: ignore[misc]
        rows = _rows(kwargs)
        if rows:
            curs.executemany(self._insert_sql(), rows)

    def command_version(self, game_id: str, command_id: str) -> int | None:
        statement = SQL("SELECT version FROM {schema}.{table} WHERE game_id = %s AND command_id = %s").format(
            schema=Identifier(self.datastore.schema), table=Identifier(self.index_table_name))
        with self.datastore.transaction(commit=False) as curs:
            curs.execute(statement, (game_id, command_id), prepare=True)
            row = curs.fetchone()
        return None if row is None else int(row["version"])

    def command_versions(self, game_id: str) -> dict[str, int]:
        statement = SQL("SELECT command_id, version FROM {schema}.{table} WHERE game_id = %s").format(
            schema=Identifier(self.datastore.schema), table=Identifier(self.index_table_name))
        with self.datastore.transaction(commit=False) as curs:
            curs.execute(statement, (game_id,))
            return {str(r["command_id"]): int(r["version"]) for r in curs.fetchall()}

    def fill_index(self, rows: Sequence[Row]) -> None:
        with self.datastore.transaction(commit=True) as curs:
            curs.executemany(self._insert_sql(ignore=True), list(rows))


class PostgresCommandIndexRecorder(_PostgresIndex, PostgresApplicationRecorder):
    """eventsourcing's PostgreSQL application recorder keeping the index."""


class GroupCommitPostgresCommandIndexRecorder(_PostgresIndex, GroupCommitPostgresApplicationRecorder):
    """The group-commit PostgreSQL recorder (judge/domain/group_commit_pg.py) keeping the index."""


class POPOCommandIndexRecorder(CommandIndex, POPOApplicationRecorder):
    """The in-memory recorder keeping the index in a dict, under the
    recorder's lock together with the events."""

    def __init__(self) -> None:
        super().__init__()
        self._index: dict[tuple[str, str], int] = {}

    def insert_events(self, stored_events: Sequence[StoredEvent], **kwargs: Any) -> Sequence[int] | None:
        rows = _rows(kwargs)
        with self._database_lock:
            keys = [(g, c) for g, c, _ in rows]
            if len(set(keys)) != len(keys) or any(k in self._index for k in keys):
                raise IntegrityError("a command id of the game is recorded already")
            result = super().insert_events(stored_events, **kwargs)
            self._index.update({(g, c): v for g, c, v in rows})
            return result

    def command_version(self, game_id: str, command_id: str) -> int | None:
        with self._database_lock:
            return self._index.get((game_id, command_id))

    def command_versions(self, game_id: str) -> dict[str, int]:
        with self._database_lock:
            return {c: v for (g, c), v in self._index.items() if g == game_id}

    def fill_index(self, rows: Sequence[Row]) -> None:
        with self._database_lock:
            for g, c, v in rows:
                self._index.setdefault((g, c), v)


def rows_of(game_id: UUID | str, events: Iterable[Any]) -> list[Row]:
    """The index rows of a game's new domain events (its ``CommandAccepted``)."""
    return [(str(game_id), str(e.command_id), int(e.originator_version))
            for e in events if type(e).__name__ == "CommandAccepted"]


FILL_BATCH = 1000
"""Notifications read per round while filling the index of an older database."""


def fill_from_events(recorder: Any, mapper: Any, command_topic: str) -> int:
    """Index every stored ``CommandAccepted`` event unless the index is
    complete already (see ``COMPLETE``); returns the rows written. Rows
    present are kept, so an interrupted fill simply runs again."""
    if recorder.index_complete():
        return 0
    written = 0
    start = 1
    while True:
        batch = recorder.select_notifications(start, FILL_BATCH, topics=[command_topic])
        if not batch:
            break
        rows: list[Row] = []
        for notification in batch:
            event = mapper.to_domain_event(notification)
            rows.extend(rows_of(event.originator_id, [event]))
        recorder.fill_index(rows)
        written += len(rows)
        start = batch[-1].id + 1
    recorder.fill_index([COMPLETE])
    return written
