"""Live games kept in memory for writes (judge/app/live_games.py): a write starts
from the game this process last saved, yet another writer's append is
noticed (the store's version constraint) and the game re-loaded, a failed
write leaves the kept game as it was, and a game returned to a caller is
never changed by a later write. A writer beaten at every attempt records
nothing and says so."""

from __future__ import annotations

from typing import Any

import pytest

from judge.app import JudgeApp
from judge.app.types import Created
from judge.app.game_store import MAX_WRITE_ATTEMPTS
from judge.domain.game import Game
from judge.common.errors import Unauthenticated, WriteContention
from judge.app.live_games import LiveGames
from judge.rules.engine import Command, Viewer
from judge.rules.ruling import Rejected
from judge.rulesets.munchkin.actions import KickDoor, LootRoom, PlayCard, RecordAdjustment
from tests.app.app_support import MakeApp, seat, state_json


def test_a_second_writer_on_the_same_store_is_noticed_and_the_game_reloaded(
        make_app: MakeApp, app: JudgeApp, game: Created, seats: list[Viewer]) -> None:
    app.submit(game.game_id, "c-1", Command(0, KickDoor(card="elf")), None, seats[0])  # v2, kept in memory
    other = make_app()  # a second process (replica) on the same record
    other.submit(game.game_id, "c-2", Command(0, PlayCard(card="elf")), None, seat(other, game, 0))  # v3 there
    kept = app.store.live.get(game.game_id)
    assert kept is not None and kept.version == 2
    # The kept game (v2) is stale: its save of v3 conflicts, the game is re-loaded and the command judged again.
    result = app.submit(game.game_id, "c-3", Command(0, LootRoom()), None, seats[0])
    assert result.version == 4 and not result.duplicate
    # Exactly once across both writers: the other writer's command id answers from the record.
    again = app.submit(game.game_id, "c-2", Command(0, PlayCard(card="elf")), None, seats[0])
    assert again.duplicate and again.version == 3
    assert state_json(app, game.game_id) == state_json(other, game.game_id)


def test_a_writer_another_writer_beats_at_every_attempt_records_nothing_and_says_so(
        make_app: MakeApp, app: JudgeApp, game: Created, organizer: Viewer) -> None:
    other = make_app()  # a second replica on the same record, appending first each time
    other_organizer = other.authenticate(game.game_id, game.organizer_token)
    seen: list[int] = []

    def step(g: Game) -> None:
        seen.append(g.version)
        n = len(seen)
        other.submit(game.game_id, f"other-{n}", Command(None, RecordAdjustment(reason=f"other {n}", set_level=2)),
                     None, other_organizer)
        g.accept(f"mine-{n}", Command(None, RecordAdjustment(reason=f"mine {n}", set_level=3)), app.access.context(g))

    with pytest.raises(WriteContention) as caught:
        app.store.write(game.game_id, step)
    # Each attempt re-read the game the other writer had just moved on, then lost to it again.
    assert seen == list(range(1, MAX_WRITE_ATTEMPTS + 1))
    assert (caught.value.attempts, caught.value.actual) == (MAX_WRITE_ATTEMPTS, MAX_WRITE_ATTEMPTS + 1)
    records = [record for record, _ in app.replay(game.game_id, organizer)]
    assert [r.command_id for r in records][1:] == [f"other-{n}" for n in range(1, MAX_WRITE_ATTEMPTS + 1)]
    # Once the other writer stops, the same command is judged and recorded.
    result = app.submit(game.game_id, "mine-again", Command(None, RecordAdjustment(reason="mine", set_level=3)),
                        None, organizer)
    assert result.version == MAX_WRITE_ATTEMPTS + 2


def test_a_rejected_command_leaves_the_kept_game_as_it_was(app: JudgeApp, game: Created,
                                                           seats: list[Viewer]) -> None:
    app.submit(game.game_id, "c-1", Command(0, KickDoor(card="elf")), None, seats[0])
    with pytest.raises(Rejected):
        app.submit(game.game_id, "c-2", Command(1, KickDoor(card="elf")), None, seats[1])  # not seat 1's turn
    result = app.submit(game.game_id, "c-3", Command(0, LootRoom()), None, seats[0])
    assert result.version == 3


def test_a_game_returned_to_a_caller_is_not_changed_by_the_next_write(app: JudgeApp, game: Created,
                                                                      seats: list[Viewer]) -> None:
    app.submit(game.game_id, "c-1", Command(0, KickDoor(card="elf")), None, seats[0])
    first, _, _ = app.store.write(game.game_id, lambda g: None)  # the kept game (no events)
    before = (first.version, list(first.disputes), first.state)
    app.submit(game.game_id, "c-2", Command(0, LootRoom()), None, seats[0])
    assert (first.version, list(first.disputes), first.state) == before
    assert app.store.live.get(game.game_id) is not first  # the write worked on a fork


def test_live_games_are_bounded_least_recently_written_first() -> None:
    live: LiveGames[str] = LiveGames(2)
    live.saved("a", "A")
    live.saved("b", "B")
    assert live.get("a") == "A"  # "a" is now the most recent
    live.saved("c", "C")
    assert (live.get("a"), live.get("b"), live.get("c")) == ("A", None, "C")
    live.drop("a")
    assert len(live) == 1


def test_reads_see_another_writers_append_though_a_game_is_kept(
        make_app: MakeApp, app: JudgeApp, game: Created, seats: list[Viewer], organizer: Viewer) -> None:
    app.submit(game.game_id, "c-1", Command(0, KickDoor(card="elf")), None, seats[0])  # v2, kept in memory
    assert app.view(game.game_id, organizer)["version"] == 2
    other = make_app()
    other.submit(game.game_id, "c-2", Command(0, PlayCard(card="elf")), None, seat(other, game, 0))  # v3 there
    assert app.view(game.game_id, organizer)["version"] == 3
    assert app.legal_actions(game.game_id, 0, seats[0])[1] == 3
    # Once this process writes again, reads are answered from the game it kept.
    app.submit(game.game_id, "c-3", Command(0, LootRoom()), None, seats[0])
    assert app.store.current(game.game_id) is app.store.live.get(game.game_id)
    assert app.view(game.game_id, organizer)["version"] == 4


def test_credentials_are_kept_in_memory_yet_a_rotation_anywhere_is_noticed_at_once(
        make_app: MakeApp, app: JudgeApp, game: Created) -> None:
    """Every call authenticates: its game's credentials are kept in memory, and a
    token rotated by this process or by another replica stops working at once."""
    organizer = game.organizer_token
    assert app.authenticate(game.game_id, game.seat_tokens[0]) == Viewer("seat", 0)
    kept = app.access.live_credentials.get(game.game_id)
    assert kept is not None and app.access.credentials(game.game_id) is kept  # no re-load while nothing changed

    old = game.seat_tokens[0]
    new = app.rotate_token(game.game_id, "seat", 0, app.authenticate(game.game_id, organizer))
    with pytest.raises(Unauthenticated):
        app.authenticate(game.game_id, old)
    assert app.authenticate(game.game_id, new) == Viewer("seat", 0)
    assert kept.identify(old, app.seal) == Viewer("seat", 0)  # the object once kept was never changed

    other = make_app()  # a second replica on the same record rotates the token again
    newer = other.rotate_token(game.game_id, "seat", 0, other.authenticate(game.game_id, organizer))
    with pytest.raises(Unauthenticated):
        app.authenticate(game.game_id, new)
    assert app.authenticate(game.game_id, newer) == Viewer("seat", 0)


def test_the_sole_writer_of_its_database_checks_kept_credentials_without_a_query(
        app: JudgeApp, game: Created, monkeypatch: pytest.MonkeyPatch) -> None:
    """Holding the database's lock (``judge serve`` on SQLite), nothing but this process appends:
    kept credentials serve without asking the store, and its own rotation, an event it saves,
    drops them at once."""
    organizer = game.organizer_token
    app.store.sole_writer = True
    assert app.authenticate(game.game_id, game.seat_tokens[0]) == Viewer("seat", 0)  # loaded and kept
    asked: list[object] = []
    select = app.store.recorder.select_events
    monkeypatch.setattr(app.store.recorder, "select_events", lambda *a, **k: asked.append(a) or select(*a, **k))
    for _ in range(3):
        assert app.authenticate(game.game_id, game.seat_tokens[0]) == Viewer("seat", 0)
    assert asked == []
    new = app.rotate_token(game.game_id, "seat", 0, app.authenticate(game.game_id, organizer))
    with pytest.raises(Unauthenticated):
        app.authenticate(game.game_id, game.seat_tokens[0])
    assert app.authenticate(game.game_id, new) == Viewer("seat", 0)


def test_the_sole_writer_reads_and_refuses_from_the_kept_game_without_a_query(
        app: JudgeApp, game: Created, seats: list[Viewer], monkeypatch: pytest.MonkeyPatch) -> None:
    """Holding the database's lock, every save of the database is this process's own: a read of a
    kept game (GetView, Ask, LegalActions) asks the store nothing, and a command the kept game
    refuses is answered from it (only the command id is looked up, for a retry)."""
    app.store.sole_writer = True
    app.submit(game.game_id, "c-1", Command(0, KickDoor(card="elf")), None, seats[0])  # v2, kept
    asked: list[object] = []
    select = app.store.recorder.select_events
    monkeypatch.setattr(app.store.recorder, "select_events", lambda *a, **k: asked.append(a) or select(*a, **k))
    assert app.view(game.game_id, seats[0])["version"] == 2
    assert app.ask(game.game_id, Command(0, PlayCard(card="elf")), seats[0]).allowed
    assert asked == []
    with pytest.raises(Rejected):
        app.submit(game.game_id, "c-2", Command(1, LootRoom()), None, seats[1])  # not seat 1's turn
    assert len(asked) <= 1  # the command id's lookup; no read of the game's events
    asked.clear()
    assert app.submit(game.game_id, "c-3", Command(0, PlayCard(card="elf")), None, seats[0]).version == 3
    assert app.view(game.game_id, seats[1])["version"] == 3 and asked == []


@pytest.mark.parametrize("sole_writer", [True, False])
def test_a_replay_ends_before_its_next_event_once_its_token_is_rotated(
        app: JudgeApp, game: Created, seats: list[Viewer], sole_writer: bool,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A Replay opened with a token ends with Unauthenticated once the token is rotated out. The sole
    writer of its database knows every rotation (its own saves) and reads no log per event for it."""
    app.store.sole_writer = sole_writer
    app.submit(game.game_id, "c-1", Command(0, KickDoor(card="elf")), None, seats[0])
    app.submit(game.game_id, "c-2", Command(0, LootRoom()), None, seats[0])
    token = game.seat_tokens[0]
    asked: list[object] = []
    notifications = app.store.notifications

    def counted(*args: Any, **kwargs: Any) -> Any:
        asked.append(args)
        return notifications(*args, **kwargs)

    monkeypatch.setattr(app.store, "notifications", counted)
    steps = app.replay(game.game_id, seats[0], token=token, with_views=False)
    first = next(steps)[0]
    second = next(steps)[0]
    assert (first.version, second.version) == (1, 2)
    assert bool(asked) is not sole_writer
    app.rotate_token(game.game_id, "seat", 0, app.authenticate(game.game_id, game.organizer_token))
    with pytest.raises(Unauthenticated):
        next(steps)
