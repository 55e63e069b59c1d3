"""Group commit with a connection pool that cannot grow (its size reached, or
the database at its connection limit): concurrent Submits of different games,
with games created meanwhile, all complete, keep per-game order and are
recorded exactly once, on PostgreSQL (a real server, judge/domain/group_commit_pg.py)
and on SQLite (judge/domain/group_commit.py).

What could stall them is a thread that holds a pool connection while it waits
for the pool: a leader writes its batch on a pool connection, so a thread
that keeps one while its append waits in the queue, or while it reads, waits
for itself once no other connection is free. Creating a game holds the
lock every replica takes to count the games (``shared_lock``); on PostgreSQL
that lock is a session advisory lock, held on a connection of its own
(``SessionLocks``), never on one of the pool's.

Every wait is bounded (``WAIT_S``, a safety net, never a measurement): a
stall fails the test instead of hanging the run."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from eventsourcing.utils import Environment, EnvType

from judge.app import JudgeApp
from judge.app.game_store import GAMES_LOCK
from judge.domain.group_commit import GroupCommitQueue
from judge.domain.persistence import DurableSQLiteConnectionPool, DurableSQLiteFactory
from judge.rules.engine import ORGANIZER, Command
from judge.rulesets.munchkin import actions as A
from judge.store import Storage, advisory_key
from judge.store.locks import shared_lock
from tests.app.app_support import SETUP
from tests.support.postgres import PostgresServer

WAIT_S = 60.0
SUBMITTERS = 4
COMMANDS = 5
CREATORS = 2
CREATED_EACH = 2


class OneConnectionSQLiteFactory(DurableSQLiteFactory):
    """The judge's SQLite factory with a pool of one connection that cannot grow."""

    def __init__(self, env: Environment | EnvType | None):
        super().__init__(env)
        plain = self.datastore.pool
        self.datastore.pool = DurableSQLiteConnectionPool(
            db_name=plain.db_name, lock_timeout=plain.lock_timeout, pool_size=1, max_overflow=0,
            pool_timeout=plain.pool_timeout, max_age=plain.max_age, pre_ping=plain.pre_ping)
        plain.close()


def adjustment(level: int) -> Command:
    """The organizer's adjustment of seat 0's level: always legal."""
    return Command(None, A.RecordAdjustment(reason="table", target_seat=0, set_level=level))


def run_together(app: JudgeApp, games: list[str]) -> tuple[dict[str, list[int]], list[str], list[BaseException]]:
    """One thread per game submitting ``COMMANDS`` adjustments, and ``CREATORS``
    threads creating games meanwhile, all started at once; returns the
    versions each game's Submits were answered with, the games created and
    every error. Daemon threads joined with a bound: a stall is reported, the
    run goes on."""
    versions: dict[str, list[int]] = {g: [] for g in games}
    created: list[str] = []
    errors: list[BaseException] = []
    start = threading.Barrier(len(games) + CREATORS, timeout=WAIT_S)

    def guarded(work: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            try:
                start.wait()
                work()
            except BaseException as exc:  # noqa: BLE001 - reported by the test
                errors.append(exc)
        return run

    def submit(game_id: str) -> Callable[[], None]:
        def work() -> None:
            for i in range(COMMANDS):
                versions[game_id].append(app.submit(game_id, f"adjust-{i}", adjustment(2 + i % 3), None,
                                                    ORGANIZER).version)
        return work

    def create() -> None:
        for _ in range(CREATED_EACH):
            created.append(app.create_game(SETUP).game_id)

    threads = [threading.Thread(target=guarded(submit(g)), daemon=True) for g in games]
    threads += [threading.Thread(target=guarded(create), daemon=True) for _ in range(CREATORS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(WAIT_S)
    stalled = [t for t in threads if t.is_alive()]
    assert not stalled, f"{len(stalled)} of {len(threads)} threads stalled (errors so far: {errors})"
    return versions, created, errors


def check_order_and_exactly_once(app: JudgeApp, games: list[str], versions: dict[str, list[int]]) -> None:
    """Per game, the Submits were recorded in their order, one version each;
    every command id is indexed at its version and a retry of it is answered
    with that version without a second append."""
    assert versions == {g: list(range(2, 2 + COMMANDS)) for g in games}
    for g in games:
        assert app.command_index.command_versions(g) == {f"adjust-{i}": 2 + i for i in range(COMMANDS)}
        again = app.submit(g, "adjust-0", adjustment(2), None, ORGANIZER)
        assert again.duplicate and again.version == 2
        assert app.view(g, ORGANIZER)["version"] == 1 + COMMANDS


def test_postgres_submits_and_creations_complete_with_a_pool_of_one_connection_that_cannot_grow(
        postgres_server: PostgresServer, tmp_path: Path) -> None:
    """A pool of one connection (``POSTGRES_POOL_SIZE=1``, no overflow): the
    game-count lock of a creation is not held on it, so the creation's own
    reads and append, and the Submits' batches, get it in turn."""
    storage = Storage(database_url=postgres_server.url, schema=postgres_server.fresh_schema(), pool_size=1)
    key = {"JUDGE_SERVER_KEY_FILE": str(tmp_path / "server.key")}
    setup_app = JudgeApp({**storage.env(), **key})
    try:
        games = [setup_app.create_game(SETUP).game_id for _ in range(SUBMITTERS)]
    finally:
        setup_app.close()
    app = JudgeApp({**storage.env(), **key, "POSTGRES_MAX_OVERFLOW": "0"})
    try:
        assert isinstance(app.recorder, GroupCommitQueue)
        assert app.factory.datastore.pool.max_size == 1  # type: ignore[attr-defined]
        versions, created, errors = run_together(app, games)
        assert errors == []
        assert len(set(created)) == CREATORS * CREATED_EACH
        check_order_and_exactly_once(app, games, versions)
        assert app.game_count == SUBMITTERS + CREATORS * CREATED_EACH
    finally:
        app.close()


def test_sqlite_submits_and_creations_complete_with_a_pool_of_one_connection_that_cannot_grow(
        tmp_path: Path) -> None:
    """The same on SQLite: a leader writes its batch on the writer connection;
    no thread holds a connection while its append waits in the queue or
    while it waits for the pool."""
    env = {**JudgeApp.sqlite(tmp_path / "judge.sqlite3"), "JUDGE_SERVER_KEY_FILE": str(tmp_path / "server.key")}
    setup_app = JudgeApp(env)
    try:
        games = [setup_app.create_game(SETUP).game_id for _ in range(SUBMITTERS)]
    finally:
        setup_app.close()
    app = JudgeApp({**env, "PERSISTENCE_MODULE": f"{__name__}:OneConnectionSQLiteFactory"})
    try:
        assert isinstance(app.recorder, GroupCommitQueue)
        pool: Any = app.factory.datastore.pool  # type: ignore[attr-defined]
        assert (pool.pool_size, pool.max_overflow) == (1, 0)
        versions, created, errors = run_together(app, games)
        assert errors == []
        assert len(set(created)) == CREATORS * CREATED_EACH
        check_order_and_exactly_once(app, games, versions)
    finally:
        app.close()


def test_the_game_count_lock_takes_nothing_from_the_pool_and_survives_a_lost_connection(
        postgres_server: PostgresServer, tmp_path: Path) -> None:
    """While a thread holds the lock every replica takes to count the games,
    the pool's only connection stays free (the lock is on the application's
    own lock connection, seen as held by the database); a lock connection
    the database dropped is replaced at the next lock."""
    storage = Storage(database_url=postgres_server.url, schema=postgres_server.fresh_schema(), pool_size=1)
    app = JudgeApp({**storage.env(), "JUDGE_SERVER_KEY_FILE": str(tmp_path / "server.key"),
                    "POSTGRES_MAX_OVERFLOW": "0"})
    key = advisory_key(GAMES_LOCK, storage.schema or "public")
    held = "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted AND objid = %s"
    objid = key & 0xFFFFFFFF  # pg_locks shows a bigint key's low 32 bits as objid
    try:
        with shared_lock(app, GAMES_LOCK):
            with app.factory.datastore.get_connection() as conn:  # type: ignore[attr-defined]
                conn.execute("SELECT 1")
            assert postgres_server.sql(held, objid) == [(1,)]
        assert postgres_server.sql(held, objid) == [(0,)]
        pid = app.session_locks._conn.info.backend_pid
        postgres_server.sql("SELECT pg_terminate_backend(%s)", pid)
        created = app.create_game(SETUP)
        assert app.session_locks._conn.info.backend_pid != pid
        assert app.submit(created.game_id, "adjust-0", adjustment(2), None, ORGANIZER).version == 2
    finally:
        app.close()
