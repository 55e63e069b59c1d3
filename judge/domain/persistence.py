"""Persistence details of the record: a durable SQLite factory and the
transcoding of ruleset states for snapshots.

SQLite
    ``DurableSQLiteFactory`` is eventsourcing's SQLite factory whose
    connections run ``PRAGMA synchronous=FULL`` on top of the library's WAL
    journal: a transaction is on disk when its commit returns, so an
    acknowledged command survives a power cut. Select it with
    ``PERSISTENCE_MODULE=judge.domain.persistence:DurableSQLiteFactory``
    (``JudgeApp.sqlite(path)`` builds that environment; ``JudgeApp`` also swaps
    the library's plain SQLite factory, ``eventsourcing.sqlite``, for this one).
    Its application recorder commits concurrent appends together
    (judge/domain/group_commit.py); ``JUDGE_GROUP_COMMIT=n`` gives each
    append a transaction of its own. Both recorders keep the exactly-once
    index of command ids (judge/domain/command_index.py).
    Reads never wait behind a commit: the pool hands a read its own reader
    connection (WAL: it sees the last commit, never an open transaction), and
    only writers queue for the one writer connection.

Stored events that do not decode
    :class:`CheckedMapper` is the library's mapper whose decoding failures
    (bytes that are not JSON, JSON of the wrong shape, an unknown topic) are
    ``CorruptRecord`` naming the aggregate and the version: found while
    serving, such an event is answered DATA_LOSS like an altered one.

Ruleset states
    A snapshot of a ``Game`` holds the ruleset's state object. Each ruleset
    names the class of its states (``state_type``) and converts them with
    ``to_dict``/``from_dict``; :func:`register_state_transcodings` registers
    one transcoding per state class on an application's JSON transcoder.
"""

from __future__ import annotations

from typing import Any, cast

from eventsourcing.persistence import (
    ConnectionPoolClosedError,
    JSONTranscoder,
    Mapper,
    StoredEvent,
    Transcoding,
)
from eventsourcing.sqlite import (
    SQLiteConnection,
    SQLiteConnectionPool,
    SQLiteDatastore,
    SQLiteFactory,
)
from eventsourcing.utils import Environment, EnvType

from judge.common.errors import CorruptRecord
from judge.rules import registry
from judge.domain.command_index import GroupCommitCommandIndexRecorder, SQLiteCommandIndexRecorder
from judge.domain.group_commit import group_commit_enabled
from judge.domain.rules import JudgeRuleset


CLOSE_DRAIN_S = 10.0
"""How long closing the pool waits for connections in use to come back."""
DEFAULT_CONNECTIONS = 72
"""Connections the SQLite pool opens at most (``JUDGE_SQLITE_CONNECTIONS``): one for each of the
server's 64 workers (``judge serve --workers``) and for its window closer, health probe and
checks, so that no serving thread waits for a reader. The library's default (5 kept, 10 more)
made a sixth of the serving threads' time under load a wait for a connection. Only five are kept
open while idle; the others are opened when needed and closed when returned."""


class DurableSQLiteConnectionPool(SQLiteConnectionPool):
    """Opens connections with ``synchronous=FULL`` (file databases), and
    closes only connections nobody is using.

    The library's pool closes every connection when it closes, those in use
    by another thread too; SQLite must never have a connection closed under a
    statement another thread is stepping through (a crash of the process, not
    an error). Here ``close`` first refuses new requests, then waits up to
    ``CLOSE_DRAIN_S`` for the connections in use to be returned: a request
    thread still reading when the judge shuts down ends with
    ``ConnectionPoolClosedError`` at its next request instead.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._draining = False

    def get_connection(self, timeout: float | None = None, *, is_writer: bool | None = None) -> SQLiteConnection:
        if self._draining:
            raise ConnectionPoolClosedError("the judge is shutting down")
        return super().get_connection(timeout, is_writer=is_writer)

    def close(self) -> None:
        with self._put_condition:
            self._draining = True
            self._put_condition.wait_for(lambda: not self._in_use, timeout=CLOSE_DRAIN_S)
        super().close()

    def __del__(self) -> None:
        # Collected: no thread can be using a connection of the pool any more.
        super().close()

    def _create_connection(self) -> SQLiteConnection:
        connection = super()._create_connection()
        if not self.is_sqlite_memory_mode:
            with connection.cursor() as cursor:
                cursor.execute("PRAGMA synchronous=FULL;")
        return connection


class DurableSQLiteDatastore(SQLiteDatastore):
    """The library's SQLite datastore with a :class:`DurableSQLiteConnectionPool`."""

    def __init__(self, db_name: str, connections: int = DEFAULT_CONNECTIONS, **kwargs: Any) -> None:
        super().__init__(db_name, **kwargs)
        plain = self.pool
        self.pool = DurableSQLiteConnectionPool(
            db_name=plain.db_name,
            lock_timeout=plain.lock_timeout,
            pool_size=plain.pool_size,
            max_overflow=max(plain.max_overflow, connections - plain.pool_size),
            pool_timeout=plain.pool_timeout,
            max_age=plain.max_age,
            pre_ping=plain.pre_ping,
        )
        plain.close()  # never opened a connection


class DurableSQLiteFactory(SQLiteFactory):
    """eventsourcing's SQLite factory with durable (``synchronous=FULL``)
    connections. Configured by the same environment (``SQLITE_DBNAME``,
    ``SQLITE_LOCK_TIMEOUT`` ...)."""

    def __init__(self, env: Environment | EnvType | None):
        super().__init__(env)
        # Both keep the exactly-once index (judge/domain/command_index.py).
        self.application_recorder_class = SQLiteCommandIndexRecorder
        if group_commit_enabled(self.env.get("JUDGE_GROUP_COMMIT")):
            self.application_recorder_class = GroupCommitCommandIndexRecorder
        plain = self.datastore
        self.datastore = DurableSQLiteDatastore(
            db_name=plain.pool.db_name,
            connections=int(self.env.get("JUDGE_SQLITE_CONNECTIONS") or DEFAULT_CONNECTIONS),
            lock_timeout=plain.pool.lock_timeout,
            single_row_tracking=plain.single_row_tracking,
            originator_id_type=plain.originator_id_type,
        )
        plain.close()


SQLITE_TOPIC = "judge.domain.persistence:DurableSQLiteFactory"


class RulesetStateAsDict(Transcoding):
    """Transcodes one ruleset's state objects with its ``to_dict``/``from_dict``.

    The transcoding name (``"judge.state:<ruleset name>"``) is stored in
    snapshots; rulesets that share a state class share its dict form.
    """

    def __init__(self, ruleset: JudgeRuleset):
        self.type = ruleset.state_type
        self.name = f"judge.state:{ruleset.name}"
        self._ruleset = ruleset

    def encode(self, obj: Any) -> dict[str, Any]:
        return self._ruleset.to_dict(obj)

    def decode(self, data: dict[str, Any]) -> Any:
        return self._ruleset.from_dict(data)


def register_state_transcodings(transcoder: JSONTranscoder) -> None:
    """Register a transcoding for the state class of every registered
    ruleset (its current version), once per class."""
    seen: set[type] = set()
    for name in registry.names():
        ruleset = cast(JudgeRuleset, registry.get(name))
        if ruleset.state_type in seen:
            continue
        seen.add(ruleset.state_type)
        transcoder.register(RulesetStateAsDict(ruleset))


class CheckedMapper(Mapper[Any]):
    """The library's mapper; a stored event it cannot decode is ``CorruptRecord``."""

    @classmethod
    def of(cls, mapper: Mapper[Any]) -> CheckedMapper:
        """A ``CheckedMapper`` with ``mapper``'s transcoder, compressor and cipher."""
        return cls(transcoder=mapper.transcoder, compressor=mapper.compressor, cipher=mapper.cipher)

    def to_domain_event(self, stored_event: StoredEvent) -> Any:
        try:
            return super().to_domain_event(stored_event)
        except CorruptRecord:
            raise
        except Exception as e:  # noqa: BLE001 - whatever the stored bytes make the decoder raise
            what = "game" if ":Game." in stored_event.topic else "aggregate"
            raise CorruptRecord(
                f"{what} {stored_event.originator_id} version {stored_event.originator_version}: the stored "
                f"event does not decode ({type(e).__name__}: {str(e)[:300]})") from e
