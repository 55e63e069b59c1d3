"""Exactly-once through the record's index of command ids
(judge/domain/command_index.py, docs/architecture.md "Exactly once"): a
command id a game has recorded answers with its first result, after a
restart, after snapshots, from another application on the same store, after
hundreds of commands and in a database written before the index existed.
Every test runs on SQLite and on PostgreSQL (tests/conftest.py)."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from typing import Any
from uuid import UUID

import pytest
from eventsourcing.persistence import IntegrityError

from judge.app import JudgeApp
from judge.app.types import Created
from judge_bench.bench import PREFERENCE
from judge.domain.command_index import COMPLETE, index_table_name
from judge.common.errors import CorruptRecord, InvalidArgument
from judge.rules.engine import ORGANIZER, Command
from judge.rulesets.munchkin.actions import KickDoor, LootRoom, PlayCard
from judge.store import Storage, missing_tables
from judge.app.compose import migrate
from tests.app.app_support import SETUP, MakeApp, ManualClock, seat

DEALT = replace(SETUP, mode="dealt", options={"interference_window_ms": 0})


def play(app: JudgeApp, created: Created, commands: int, prefix: str = "c") -> list[tuple[str, Command, int]]:
    """Play up to ``commands`` commands of a dealt game (fewer if it ends),
    each the first legal action of the most preferred kind (as ``judge
    bench`` plays); returns ``(command id, command, version)`` of each."""
    viewers = [seat(app, created, i) for i in range(len(created.seat_tokens))]
    played: list[tuple[str, Command, int]] = []
    while len(played) < commands:
        offered = []
        for s in range(len(viewers)):
            actions, _ = app.legal_actions(created.game_id, s, ORGANIZER)
            offered += [(PREFERENCE.index(a.kind), s, a) for a in actions if a.kind in PREFERENCE]
        if not offered:
            break  # the game has ended
        _, s, action = min(offered, key=lambda o: o[0])
        command_id = f"{prefix}-{len(played)}"
        command = Command(s, action)
        result = app.submit(created.game_id, command_id, command, None, viewers[s])
        assert not result.duplicate
        played.append((command_id, command, result.version))
    return played


def retry(app: JudgeApp, created: Created, command_id: str, command: Command) -> Any:
    return app.submit(created.game_id, command_id, command, None, seat(app, created, command.seat or 0))


@pytest.fixture
def dealt(app: JudgeApp) -> Created:
    return app.create_game(DEALT)


def test_a_duplicate_after_a_restart_answers_with_the_first_result(make_app: MakeApp) -> None:
    first = make_app()
    created = first.create_game(DEALT)
    [(command_id, command, version)] = play(first, created, 1)
    first.close()
    again = make_app()  # a new process on the same record: nothing kept in memory
    result = retry(again, created, command_id, command)
    assert (result.duplicate, result.version) == (True, version)
    assert again.store.game(created.game_id).version == version  # nothing recorded twice


def test_a_duplicate_from_another_application_on_the_same_store(make_app: MakeApp) -> None:
    one, two = make_app(), make_app()
    created = one.create_game(DEALT)
    played = play(one, created, 3)
    command_id, command, version = played[1]
    result = retry(two, created, command_id, command)
    assert (result.duplicate, result.version) == (True, version)


def test_duplicates_across_a_long_game_and_its_snapshots(storage: Storage, clock: ManualClock) -> None:
    """After a whole game (one fixed deal, dozens of commands, a snapshot every
    five events) each command id still answers with its own first result;
    the snapshots hold no command ids."""
    app = JudgeApp({**storage.env(), "SNAPSHOTTING_INTERVAL": "5"}, clock=clock, seeds=lambda: bytes(32))
    try:
        created = app.create_game(DEALT)
        played = play(app, created, 400)
        _retry_across(app, created, played)
    finally:
        app.close()


def _retry_across(app: JudgeApp, created: Created, played: list[tuple[str, Command, int]]) -> None:
    assert len(played) >= 40
    for command_id, command, version in (played[0], played[len(played) // 2], played[-1]):
        app.store.live.drop(created.game_id)  # the game comes from its newest snapshot
        result = retry(app, created, command_id, command)
        assert (result.duplicate, result.version) == (True, version)
    assert app.store.game(created.game_id).version == played[-1][2]
    assert app.snapshots is not None
    snapshots = list(app.snapshots.get(UUID(created.game_id)))
    assert len(snapshots) >= len(played) // 5
    assert all("commands" not in getattr(s, "state") for s in snapshots)
    assert "commands" not in vars(app.store.game(created.game_id))


def test_a_duplicate_with_another_command_is_refused(app: JudgeApp, dealt: Created) -> None:
    [(command_id, command, _)] = play(app, dealt, 1)
    other = Command(1 if command.seat == 0 else 0, command.action)
    with pytest.raises(InvalidArgument) as e:
        retry(app, dealt, command_id, other)
    assert e.value.field == "command.command_id"


def test_the_index_row_and_the_event_are_stored_together_or_not_at_all(app: JudgeApp, dealt: Created) -> None:
    """A second event with a recorded command id is refused by the record
    itself (the index's primary key), and its event is not stored either."""
    [(command_id, command, version)] = play(app, dealt, 1)
    index = app.command_index
    assert index.command_version(dealt.game_id, command_id) == version
    game = app.store.game(dealt.game_id)
    action = app.legal_actions(dealt.game_id, command.seat or 0, ORGANIZER)[0]
    game.accept(command_id, Command(command.seat, action[0]), app.access.context(game))
    app.store.live.drop(dealt.game_id)
    with pytest.raises(IntegrityError):
        app.save(game)
    assert app.store.game(dealt.game_id).version == version
    assert index.command_version(dealt.game_id, command_id) == version


def _clear_index(storage: Storage, app: JudgeApp) -> None:
    """Make the database look as it did before the index existed."""
    table = index_table_name(app.recorder.events_table_name)  # type: ignore[attr-defined]
    if storage.is_postgres:
        with storage.connect() as conn:
            conn.execute(f'DELETE FROM "{storage.schema or "public"}"."{table}"')
    else:
        with sqlite3.connect(storage.path) as conn:
            conn.execute(f"DELETE FROM {table}")
        conn.close()


def test_a_database_from_before_the_index_is_filled_when_opened(make_app: MakeApp, storage: Storage) -> None:
    first = make_app()
    created = first.create_game(DEALT)
    played = play(first, created, 5)
    _clear_index(storage, first)
    first.close()
    app = make_app()
    assert app.command_index.index_complete()
    assert app.command_index.command_version(*COMPLETE[:2]) == 0
    for command_id, command, version in played:
        result = retry(app, created, command_id, command)
        assert (result.duplicate, result.version) == (True, version)


def test_judge_migrate_adds_and_fills_the_index_of_an_older_database(make_app: MakeApp, storage: Storage) -> None:
    """A database written before the index had no table for it: ``judge
    migrate`` creates the table and fills it (PostgreSQL, where ``judge
    serve`` refuses a database lacking it; SQLite creates it on opening)."""
    first = make_app()
    created = first.create_game(DEALT)
    played = play(first, created, 3)
    table = index_table_name(first.recorder.events_table_name)  # type: ignore[attr-defined]
    first.close()
    if storage.is_postgres:
        with storage.connect() as conn:
            conn.execute(f'DROP TABLE "{storage.schema or "public"}"."{table}"')
    else:
        with sqlite3.connect(storage.path) as conn:
            conn.execute(f"DROP TABLE {table}")
        conn.close()
    assert missing_tables(storage) == ([f"{storage.schema}.{table}"] if storage.is_postgres else [])
    assert any(t.endswith(table) for t in migrate(storage))
    assert missing_tables(storage) == []
    app = make_app()
    for command_id, command, version in played:
        result = retry(app, created, command_id, command)
        assert (result.duplicate, result.version) == (True, version)


def test_an_imported_game_knows_the_command_ids_of_its_record(app: JudgeApp, game: Created) -> None:
    anna = seat(app, game, 0)
    played = [("kick", Command(0, KickDoor(card="elf"))), ("race", Command(0, PlayCard(card="elf"))),
              ("loot", Command(0, LootRoom()))]
    for command_id, command in played:
        app.submit(game.game_id, command_id, command, None, anna)
    imported, _ = app.import_game(app.export_game(game.game_id, ORGANIZER))
    result = retry(app, imported, "race", played[1][1])
    assert (result.duplicate, result.version) == (True, 3)
    assert app.command_index.command_version(imported.game_id, "loot") == 4


def test_a_dispute_on_an_event_that_is_no_command_is_refused(app: JudgeApp, dealt: Created) -> None:
    """Disputes find the disputed command by its event's kind (the creation is none)."""
    play(app, dealt, 2)
    with pytest.raises(InvalidArgument) as e:
        app.open_dispute(dealt.game_id, 1, 1, "the creation", seat(app, dealt, 1))
    assert e.value.field == "event_version"
    app.open_dispute(dealt.game_id, 1, 2, "the first command", seat(app, dealt, 1))


def test_the_full_check_finds_a_command_missing_from_the_index(make_app: MakeApp, storage: Storage) -> None:
    first = make_app()
    created = first.create_game(DEALT)
    played = play(first, created, 3)
    assert first.check_integrity(credentials=False)["games"] == 1
    table = index_table_name(first.recorder.events_table_name)  # type: ignore[attr-defined]
    first.close()
    command_id, _, version = played[1]
    if storage.is_postgres:
        with storage.connect() as conn:
            conn.execute(f'DELETE FROM "{storage.schema or "public"}"."{table}" WHERE command_id = %s',
                         (command_id,))
    else:
        with sqlite3.connect(storage.path) as conn:
            conn.execute(f"DELETE FROM {table} WHERE command_id = ?", (command_id,))
        conn.close()
    with pytest.raises(CorruptRecord) as e:
        make_app().check_integrity(credentials=False)
    assert f"version {version}: the index of command ids has no row for {command_id!r}" in str(e.value)
