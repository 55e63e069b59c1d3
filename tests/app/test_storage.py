"""Storage chosen by configuration (judge/store/config.py): SQLite by default,
PostgreSQL by a connection string; ``judge migrate`` and ``judge check`` on
each backend; start-up against an unreachable database retries with back-off
and then refuses, saying why; PostgreSQL needs the shared key and admin
token files and migrated tables; the change listener wakes local watchers on
another process's appends; the games limit counts every process's games,
exactly also when replicas create games at once, and the events limit
holds across processes writing to one game."""

from __future__ import annotations

import logging
import sqlite3
import threading
from pathlib import Path

import pytest
from eventsourcing.persistence import OperationalError
from typer.testing import CliRunner

from judge.app import JudgeApp
from judge.domain.persistence import SQLITE_TOPIC
from judge.common.errors import ResourceExhausted
from judge.rules.engine import ORGANIZER, Command
from judge.rulesets.munchkin import actions as A
from judge.server.database import ChangeListener
from judge.server.main import StartupError, open_app
from judge.store import Storage, StorageError, missing_tables, wait_for
from judge_client.cli import app as cli_app
from tests.app.app_support import SETUP, MakeApp
from tests.support.postgres import PostgresServer

SAFETY_TIMEOUT_S = 30.0


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_sqlite_is_the_default_and_a_url_selects_postgresql(tmp_path: Path) -> None:
    plain = Storage(db_path=tmp_path / "j.sqlite3")
    assert not plain.is_postgres and plain.env()["PERSISTENCE_MODULE"] == SQLITE_TOPIC
    pg = Storage(database_url="postgresql://ju%40dge:p%3Aw@db.example:6543/league", pool_size=7, schema="night")
    env = pg.env()
    assert env["PERSISTENCE_MODULE"] == "eventsourcing.postgres"
    assert (env["POSTGRES_USER"], env["POSTGRES_PASSWORD"], env["POSTGRES_HOST"], env["POSTGRES_PORT"],
            env["POSTGRES_DBNAME"], env["POSTGRES_POOL_SIZE"], env["POSTGRES_SCHEMA"]) == \
        ("ju@dge", "p:w", "db.example", "6543", "league", "7", "night")
    assert "p:w" not in pg.describe() and "p%3Aw" not in pg.describe()


@pytest.mark.parametrize("url, named", [
    ("mysql://u:p@h/db", "postgresql://"),
    ("postgresql://h:5432/db", "user"),
    ("postgresql://u:p@h:5432/", "database name"),
    ("postgresql://u:p@h:port/db", "port"),
    ("postgresql://u:p@h/db?sslmode=require", "--database-*"),
])
def test_a_bad_database_url_is_refused_naming_the_problem(url: str, named: str) -> None:
    with pytest.raises(StorageError, match=named.replace("*", r"\*").replace("?", r"\?")):
        Storage(database_url=url)


def test_a_schema_must_be_a_plain_name() -> None:
    with pytest.raises(StorageError, match="plain name"):
        Storage(database_url="postgresql://u:p@h/db", schema="x; DROP TABLE y")


def test_wait_for_backs_off_and_says_why(caplog: pytest.LogCaptureFixture) -> None:
    pauses: list[float] = []
    failures = iter([OperationalError("connection refused"), OperationalError("the database system is starting up")])

    def attempt() -> str:
        failure = next(failures, None)
        if failure is not None:
            raise failure
        return "open"

    with caplog.at_level(logging.WARNING, logger="judge.store.config"):
        assert wait_for("the database", attempt, 60.0, sleep=pauses.append) == "open"
    assert pauses == [0.5, 1.0]
    assert "connection refused" in caplog.text and "starting up" in caplog.text


def test_an_unreachable_database_is_retried_then_refused_saying_why(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    storage = Storage(database_url=f"postgresql://judge:pw@127.0.0.1:{_free_port()}/judge", wait_s=1.0)
    with caplog.at_level(logging.WARNING, logger="judge.store.config"), pytest.raises(StartupError) as refused:
        open_app(storage, key_file=tmp_path / "k", admin_token_file=tmp_path / "t")
    assert "cannot reach the database postgresql://judge@127.0.0.1" in str(refused.value)
    assert "refused" in str(refused.value).lower()  # the reason, from the driver
    assert "retrying in" in caplog.text


def test_postgresql_needs_the_shared_key_and_admin_token_files(postgres_server: PostgresServer) -> None:
    storage = Storage(database_url=postgres_server.url, schema=postgres_server.fresh_schema())
    with pytest.raises(StartupError, match="--key .* --admin-token-file"):
        open_app(storage)


def test_migrate_creates_the_schema_and_tables_once_and_serve_needs_them(
        postgres_server: PostgresServer, tmp_path: Path) -> None:
    storage = Storage(database_url=postgres_server.url, schema="m_" + postgres_server.fresh_schema(), pool_size=1)
    assert storage.database_url is not None and storage.schema is not None
    with pytest.raises(StartupError, match="judge migrate"):
        open_app(storage, key_file=tmp_path / "k", admin_token_file=tmp_path / "t")
    args = ["migrate", "--database-url", storage.database_url, "--database-schema", storage.schema]
    for _ in range(2):  # idempotent
        result = CliRunner().invoke(cli_app, args)
        assert result.exit_code == 0, result.output
        assert f"{storage.schema}.judgeapp_events" in result.output
    assert missing_tables(storage) == []
    open_app(storage, key_file=tmp_path / "k", admin_token_file=tmp_path / "t").close()


def test_judge_migrate_on_sqlite_creates_the_file(tmp_path: Path) -> None:
    db = tmp_path / "new" / "judge.sqlite3"
    result = CliRunner().invoke(cli_app, ["migrate", "--db", str(db)])
    assert result.exit_code == 0, result.output
    with sqlite3.connect(db) as conn:
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"stored_events", "stored_snapshots"} <= tables
    assert "stored_events, stored_snapshots" in result.output


def _alter_an_event(storage: Storage, game_id: str) -> None:
    """Change a stored command's content in place (version 2: the reveal)."""
    if storage.is_postgres:
        with storage.connect() as conn:
            changed = conn.execute(
                f"UPDATE {storage.schema}.judgeapp_events SET state = "
                "convert_to(replace(convert_from(state, 'UTF8'), 'kettensaege', 'zwerg'), 'UTF8') "
                "WHERE originator_id = %s AND originator_version = 2", (game_id,)).rowcount
    else:
        with sqlite3.connect(storage.path) as conn:
            [(state,)] = conn.execute("SELECT state FROM stored_events WHERE originator_version = 2 AND topic "
                                      "LIKE '%CommandAccepted'").fetchall()
            changed = conn.execute(
                "UPDATE stored_events SET state = ? WHERE originator_version = 2 AND topic LIKE '%CommandAccepted'",
                (bytes(state).replace(b"kettensaege", b"zwerg"),)).rowcount
    assert changed == 1


def test_judge_check_runs_the_full_check_and_finds_an_altered_event(storage: Storage, tmp_path: Path) -> None:
    """Also: the quick start-up check refuses the altered record, on either backend."""
    app = JudgeApp(storage.env())
    try:
        game = app.create_game(SETUP)
        app.submit(game.game_id, "c1", Command(0, A.RevealCard(card="kettensaege")), None,
                   app.authenticate(game.game_id, game.seat_tokens[0]))
        assert app.view(game.game_id, ORGANIZER)["version"] == 2
    finally:
        app.close()
    args = ["check", "--json"] + (
        ["--database-url", storage.database_url, "--database-schema", storage.schema or "public"]
        if storage.database_url else ["--db", str(storage.path)])
    result = CliRunner().invoke(cli_app, args)
    assert result.exit_code == 0, result.output
    assert '"games": 1' in result.output and '"events": 3' in result.output  # the game's 2 and its credentials
    _alter_an_event(storage, game.game_id)
    result = CliRunner().invoke(cli_app, args)
    assert result.exit_code == 3, result.output
    assert f"game {game.game_id} version 2" in result.output
    with pytest.raises(StartupError, match=f"game {game.game_id} version 2"):
        # (on SQLite the key beside the file, which signs its witness too)
        open_app(storage, key_file=tmp_path / "k" if storage.is_postgres else None, admin_token_file=tmp_path / "t",
                 startup_check="quick")


def test_judge_check_refuses_a_missing_sqlite_file(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli_app, ["check", "--db", str(tmp_path / "absent.sqlite3")])
    assert result.exit_code == 2 and "no database file" in result.output


def test_the_listener_wakes_watchers_on_another_processs_append(postgres_server: PostgresServer) -> None:
    storage = Storage(database_url=postgres_server.url, schema=postgres_server.fresh_schema(), pool_size=1)
    watching, writing = JudgeApp(storage.env()), JudgeApp(storage.env())
    listener = ChangeListener(watching)
    try:
        listener.start()
        with watching.store.saved:  # the listener wakes once when it starts listening
            assert watching.store.saved.wait_for(lambda: watching.store.saves >= 1, SAFETY_TIMEOUT_S)
            before = watching.store.saves
        writing.create_game(SETUP)  # saved by the other application only
        with watching.store.saved:
            assert watching.store.saved.wait_for(lambda: watching.store.saves > before, SAFETY_TIMEOUT_S)
    finally:
        listener.stop()
        watching.close()
        writing.close()


def test_max_games_counts_the_games_every_process_sharing_the_storage_created(make_app: MakeApp) -> None:
    """Replicas on one database share the ``max_games`` limit: each counts
    the games in the store, not the ones it created itself."""
    first, second = make_app(JUDGE_MAX_GAMES="3"), make_app(JUDGE_MAX_GAMES="3")
    first.create_game(SETUP)
    second.create_game(SETUP)
    first.create_game(SETUP)
    with pytest.raises(ResourceExhausted, match="max_games"):
        second.create_game(SETUP)
    with pytest.raises(ResourceExhausted, match="max_games"):
        first.create_game(SETUP)


def test_replicas_creating_games_at_once_stop_exactly_at_max_games(postgres_server: PostgresServer) -> None:
    """Two applications on one PostgreSQL schema (two replicas), each with
    several threads creating games at the same moment: the games are counted
    and saved under a lock both take, so the store ends with exactly
    ``max_games`` games and every other creation is refused."""
    storage = Storage(database_url=postgres_server.url, schema=postgres_server.fresh_schema(), pool_size=2)
    limit, threads_per_app, tries = 8, 6, 3
    apps = [JudgeApp({**storage.env(), "JUDGE_MAX_GAMES": str(limit)}) for _ in range(2)]
    barrier = threading.Barrier(len(apps) * threads_per_app)
    outcomes: list[str] = []
    failures: list[BaseException] = []

    def create(app: JudgeApp) -> None:
        try:
            barrier.wait()
            for _ in range(tries):
                try:
                    app.create_game(SETUP)
                    outcomes.append("created")
                except ResourceExhausted:
                    outcomes.append("refused")
        except BaseException as e:  # noqa: BLE001 - reported by the test thread
            failures.append(e)

    try:
        workers = [threading.Thread(target=create, args=(app,)) for app in apps for _ in range(threads_per_app)]
        for t in workers:
            t.start()
        for t in workers:
            t.join(SAFETY_TIMEOUT_S * 4)
        assert not failures, failures
        assert outcomes.count("created") == limit
        assert outcomes.count("refused") == len(apps) * threads_per_app * tries - limit
        assert [app.game_count for app in apps] == [limit, limit]
    finally:
        for app in apps:
            app.close()


def test_max_events_per_game_holds_across_processes_sharing_the_storage(make_app: MakeApp) -> None:
    """The events limit is checked against the game as stored, re-read on
    every attempt, so replicas writing to one game share it exactly: once
    one process filled the game, the other refuses too."""
    first, second = make_app(JUDGE_MAX_EVENTS_PER_GAME="4"), make_app(JUDGE_MAX_EVENTS_PER_GAME="4")
    game = first.create_game(SETUP)  # version 1

    def adjust(app: JudgeApp, n: int) -> int:
        command = Command(None, A.RecordAdjustment(reason=f"adjust {n}", target_seat=0, set_level=1 + n))
        return app.submit(game.game_id, f"adjust-{n}", command, None, ORGANIZER).version

    assert [adjust(app, n) for n, app in enumerate((second, first, second))] == [2, 3, 4]
    for n, app in enumerate((first, second), start=3):
        with pytest.raises(ResourceExhausted, match="max_events_per_game"):
            adjust(app, n)


def test_the_commands_read_the_storage_from_the_environment(postgres_server: PostgresServer) -> None:
    schema = "e_" + postgres_server.fresh_schema()
    env = {"JUDGE_DATABASE_URL": postgres_server.url, "JUDGE_DATABASE_SCHEMA": schema,
           "JUDGE_DATABASE_POOL_SIZE": "1", "JUDGE_DATABASE_WAIT": "5"}
    migrated = CliRunner().invoke(cli_app, ["migrate"], env=env)
    assert migrated.exit_code == 0, migrated.output
    assert f"{schema}.judgeapp_events" in migrated.output
    checked = CliRunner().invoke(cli_app, ["check", "--json"], env=env)
    assert checked.exit_code == 0, checked.output
    assert '"games": 0' in checked.output
    bad = CliRunner().invoke(cli_app, ["check"], env={**env, "JUDGE_DATABASE_URL": "mysql://u:p@h/db"})
    assert bad.exit_code == 2 and "postgresql://" in bad.output
