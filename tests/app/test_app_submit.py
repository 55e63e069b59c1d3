"""Creating games, credentials, submitting commands: exactly-once, optimistic
concurrency, permissions, durability of the SQLite store."""

from __future__ import annotations

import threading
from pathlib import Path
from uuid import UUID, uuid4

import pytest

from tests.app.app_support import SETUP, MakeApp, seat
from judge.app import JudgeApp
from judge.app.types import Created, SubmitResult
from judge.domain.credentials import credentials_id, token_hash
from judge.common.errors import (
    GameNotFound,
    InvalidArgument,
    PermissionDenied,
    Unauthenticated,
    VersionConflict,
)
from judge.rules.engine import ORGANIZER, Command, GameSetup, Viewer
from judge.rules.ruling import Malformed, Rejected
from judge.rulesets.munchkin.actions import KickDoor, LootRoom, SellItems


def kick(seat_: int = 0, card: str = "elf") -> Command:
    return Command(seat_, KickDoor(card=card))


# --------------------------------------------------------------------------- creation


def test_create_game_pins_rules_and_issues_distinct_tokens(app: JudgeApp, game: Created) -> None:
    assert game.rules_version == "munchkin@1"
    tokens = [*game.seat_tokens, game.organizer_token, game.spectator_token]
    assert len(game.seat_tokens) == 3
    assert len(set(tokens)) == len(tokens)
    assert all(len(t) >= 40 for t in tokens)  # token_urlsafe(32)
    assert game.view["version"] == 1
    assert game.view["game_id"] == game.game_id
    assert UUID(game.game_id)


def test_create_game_validates_the_setup(app: JudgeApp) -> None:
    two = GameSetup("munchkin", (), SETUP.seats[:2], {}, "reported")
    with pytest.raises(InvalidArgument) as e:
        app.create_game(two)
    assert e.value.field == "seats"
    with pytest.raises(InvalidArgument) as e:
        app.create_game(GameSetup("chess", (), SETUP.seats, {}, "reported"))
    assert e.value.field == "ruleset"


def test_authenticate_roles(app: JudgeApp, game: Created) -> None:
    assert seat(app, game, 2) == Viewer("seat", 2)
    assert app.authenticate(game.game_id, game.organizer_token) == ORGANIZER
    assert app.authenticate(game.game_id, game.spectator_token).role == "spectator"
    with pytest.raises(Unauthenticated):
        app.authenticate(game.game_id, "not-a-token")
    with pytest.raises(Unauthenticated):
        app.authenticate(game.game_id, "")
    with pytest.raises(GameNotFound):
        app.authenticate(str(uuid4()), game.organizer_token)
    with pytest.raises(GameNotFound):
        app.authenticate("not-a-uuid", game.organizer_token)


def test_tokens_of_one_game_do_not_open_another(app: JudgeApp, game: Created) -> None:
    other = app.create_game(SETUP)
    with pytest.raises(Unauthenticated):
        app.authenticate(other.game_id, game.organizer_token)


def test_tokens_and_hashes_never_reach_game_events(app: JudgeApp, game: Created,
                                                   organizer: Viewer) -> None:
    record = app.export_game(game.game_id, ORGANIZER)
    for token in [*game.seat_tokens, game.organizer_token, game.spectator_token]:
        assert token not in record
        assert token_hash(token) not in record
    # The credentials live in their own aggregate, not a game.
    with pytest.raises(GameNotFound):
        app.view(str(credentials_id(game.game_id)), organizer)


# --------------------------------------------------------------------------- submitting


def test_accepted_command_is_recorded_and_acknowledged(app: JudgeApp, game: Created,
                                                       seats: list[Viewer]) -> None:
    result = app.submit(game.game_id, "c-1", kick(), None, seats[0])
    assert result.version == 2
    assert not result.duplicate
    [event] = result.events
    assert (event.version, event.kind, event.command_id, event.action, event.seat) == \
        (2, "CommandAccepted", "c-1", "kick_door", 0)
    assert event.payload["effects"][0]["type"] == "DoorKicked"
    assert event.summary == "Anna kicks open the door: Elf; Anna draws Elf"
    assert event.summaries["de"] == "Anna tritt die Tür ein: Elf; Anna zieht Elf"
    assert result.view["version"] == 2
    assert result.view["phase"] == "after-door"


def test_rejected_command_records_nothing(app: JudgeApp, game: Created,
                                          seats: list[Viewer], organizer: Viewer) -> None:
    with pytest.raises(Rejected) as e:
        app.submit(game.game_id, "c-1", kick(1), None, seats[1])
    assert e.value.ruling.rule_id == "munchkin.turn.not-your-turn"
    with pytest.raises(Malformed):
        app.submit(game.game_id, "c-2", kick(0, "no-such-card"), None, seats[0])
    assert app.view(game.game_id, organizer)["version"] == 1
    # A rejected command id is free for a later, legal command.
    assert app.submit(game.game_id, "c-1", kick(), None, seats[0]).version == 2


def test_retry_with_same_command_id_returns_first_result(app: JudgeApp, game: Created,
                                                         seats: list[Viewer],
                                                         organizer: Viewer) -> None:
    first = app.submit(game.game_id, "c-1", kick(), None, seats[0])
    app.submit(game.game_id, "c-2", Command(0, LootRoom()), None, seats[0])
    retry = app.submit(game.game_id, "c-1", kick(), None, seats[0])
    assert retry.duplicate
    assert retry.events == first.events
    assert retry.version == 2  # the version the first submission left the game at
    assert retry.receipt == first.receipt and retry.view == first.view
    # Even a retry whose expected_version is stale returns the first result.
    again = app.submit(game.game_id, "c-1", kick(), 1, seats[0])
    assert again.duplicate and again.events == first.events
    assert [e.command_id for e in app.events(game.game_id, organizer)[1:]] == ["c-1", "c-2"]


def test_stale_expected_version_is_a_conflict(app: JudgeApp, game: Created,
                                              seats: list[Viewer]) -> None:
    app.submit(game.game_id, "c-1", kick(), 1, seats[0])
    with pytest.raises(VersionConflict) as e:
        app.submit(game.game_id, "c-2", Command(0, LootRoom()), 1, seats[0])
    assert (e.value.expected, e.value.actual) == (1, 2)
    assert app.submit(game.game_id, "c-2", Command(0, LootRoom()), 2, seats[0]).version == 3


def test_bad_command_ids_and_versions(app: JudgeApp, game: Created, seats: list[Viewer]) -> None:
    for bad in ("", "x" * 129):
        with pytest.raises(InvalidArgument) as e:
            app.submit(game.game_id, bad, kick(), None, seats[0])
        assert e.value.field == "command.command_id"
    with pytest.raises(InvalidArgument):
        app.submit(game.game_id, "c", kick(), 0, seats[0])


def test_permissions_to_act(app: JudgeApp, game: Created, seats: list[Viewer],
                            organizer: Viewer, spectator: Viewer) -> None:
    with pytest.raises(PermissionDenied):
        app.submit(game.game_id, "c", kick(0), None, seats[1])  # for another seat
    with pytest.raises(PermissionDenied):
        app.submit(game.game_id, "c", kick(0), None, organizer)  # organizer for a seat
    with pytest.raises(PermissionDenied):
        app.submit(game.game_id, "c", kick(0), None, spectator)
    with pytest.raises(PermissionDenied):
        app.submit(game.game_id, "c", Command(None, KickDoor(card="elf")), None, seats[0])
    with pytest.raises(GameNotFound):
        app.submit(str(uuid4()), "c", kick(0), None, seats[0])


def test_ask_judges_without_recording(app: JudgeApp, game: Created, seats: list[Viewer],
                                      organizer: Viewer, spectator: Viewer) -> None:
    app.submit(game.game_id, "kick", kick(0, "lahmer-goblin"), None, seats[0])
    sell = Command(0, SellItems(cards=("gehoernter-helm", "kettensaege")))
    answer = app.ask(game.game_id, sell, seats[0])
    assert not answer.allowed
    assert answer.ruling is not None
    assert answer.ruling.rule_id == "munchkin.sell.not-during-combat"
    assert app.ask(game.game_id, Command(0, KickDoor(card="elf")), organizer).ruling is not None
    with pytest.raises(PermissionDenied):
        app.ask(game.game_id, sell, seats[1])
    with pytest.raises(PermissionDenied):
        app.ask(game.game_id, sell, spectator)
    assert app.view(game.game_id, organizer)["version"] == 2


def test_ask_shows_the_events_a_legal_command_would_produce(app: JudgeApp, game: Created,
                                                            seats: list[Viewer]) -> None:
    answer = app.ask(game.game_id, kick(), seats[0])
    assert answer.allowed and answer.ruling is None
    [event] = answer.events
    assert event.version == 2 and event.kind == "CommandAccepted"
    assert app.events(game.game_id, seats[0])[-1].version == 1


def test_legal_actions(app: JudgeApp, game: Created, seats: list[Viewer],
                       spectator: Viewer) -> None:
    actions, version = app.legal_actions(game.game_id, 0, seats[0])
    assert version == 1
    assert KickDoor(card="elf") in actions
    others, _ = app.legal_actions(game.game_id, 1, seats[1])
    assert not any(isinstance(a, KickDoor) for a in others)
    with pytest.raises(PermissionDenied):
        app.legal_actions(game.game_id, 0, seats[1])
    with pytest.raises(PermissionDenied):
        app.legal_actions(game.game_id, 0, spectator)
    with pytest.raises(InvalidArgument):
        app.legal_actions(game.game_id, 7, seats[0])


# --------------------------------------------------------------------------- concurrency


def _race(*calls: object) -> list[object]:
    """Run the calls at once in threads; return results or exceptions."""
    barrier = threading.Barrier(len(calls))
    results: list[object] = [None] * len(calls)

    def run(i: int, call: object) -> None:
        barrier.wait()
        try:
            results[i] = call()  # type: ignore[operator]
        except Exception as e:  # noqa: BLE001 - collected for the assertion
            results[i] = e

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


@pytest.mark.parametrize("expected_version", [None, 1])
def test_concurrent_duplicates_from_two_replicas_record_once(
    make_app: MakeApp, expected_version: int | None
) -> None:
    a, b = make_app(), make_app()
    created = a.create_game(SETUP)
    viewer = seat(a, created, 0)
    results = _race(
        lambda: a.submit(created.game_id, "dup", kick(), expected_version, viewer),
        lambda: b.submit(created.game_id, "dup", kick(), expected_version, viewer),
    )
    assert all(isinstance(r, SubmitResult) for r in results), results
    firsts = [r for r in results if isinstance(r, SubmitResult) and not r.duplicate]
    assert len(firsts) == 1
    assert all(isinstance(r, SubmitResult) and r.events == firsts[0].events for r in results)
    ids = [e.command_id for e in a.events(created.game_id, ORGANIZER)]
    assert ids == ["", "dup"]


def test_concurrent_commands_with_expected_version_one_wins(make_app: MakeApp) -> None:
    a, b = make_app(), make_app()
    created = a.create_game(SETUP)
    viewer = seat(a, created, 0)
    results = _race(
        lambda: a.submit(created.game_id, "a", kick(0, "elf"), 1, viewer),
        lambda: b.submit(created.game_id, "b", kick(0, "zwerg"), 1, viewer),
    )
    wins = [r for r in results if isinstance(r, SubmitResult)]
    conflicts = [r for r in results if isinstance(r, VersionConflict)]
    assert len(wins) == 1 and len(conflicts) == 1, results
    assert a.view(created.game_id, ORGANIZER)["version"] == 2


def test_concurrent_commands_without_expected_version_both_judged(make_app: MakeApp) -> None:
    a, b = make_app(), make_app()
    created = a.create_game(SETUP)
    viewer = seat(a, created, 0)
    results = _race(
        lambda: a.submit(created.game_id, "a", kick(0, "elf"), None, viewer),
        lambda: b.submit(created.game_id, "b", kick(0, "zwerg"), None, viewer),
    )
    # Both were judged against the latest state: one kicked the door, the
    # other was then rejected (the door was already kicked), nothing lost.
    wins = [r for r in results if isinstance(r, SubmitResult)]
    rejected = [r for r in results if isinstance(r, Rejected)]
    assert len(wins) == 1 and len(rejected) == 1, results
    assert rejected[0].ruling.rule_id == "munchkin.turn.door-already-kicked"


# --------------------------------------------------------------------------- durability


@pytest.mark.sqlite_only
def test_sqlite_store_is_durable_wal_with_synchronous_full(app: JudgeApp) -> None:
    with app.factory.datastore.transaction(commit=False) as cursor:  # type: ignore[attr-defined]
        cursor.execute("PRAGMA synchronous")
        assert cursor.fetchone()[0] == 2  # FULL
        cursor.execute("PRAGMA journal_mode")
        assert cursor.fetchone()[0].lower() == "wal"


def test_plain_eventsourcing_sqlite_module_is_made_durable(tmp_path: Path) -> None:
    path = tmp_path / "plain.db"
    app = JudgeApp({"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(path)})
    try:
        with app.factory.datastore.transaction(commit=False) as cursor:  # type: ignore[attr-defined]
            cursor.execute("PRAGMA synchronous")
            assert cursor.fetchone()[0] == 2
    finally:
        app.close()


def test_acknowledged_command_survives_reopening(make_app: MakeApp) -> None:
    a = make_app()
    created = a.create_game(SETUP)
    a.submit(created.game_id, "c-1", kick(), None, seat(a, created, 0))
    a.close()
    b = make_app()
    assert b.view(created.game_id, ORGANIZER)["version"] == 2
    assert b.submit(created.game_id, "c-1", kick(), None, seat(b, created, 0)).duplicate
