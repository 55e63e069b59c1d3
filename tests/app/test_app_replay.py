"""Views, event lists, replay and watch; snapshots on and off."""

from __future__ import annotations

import itertools
import threading
from dataclasses import replace
from uuid import UUID

import pytest

from tests.app.app_support import SETUP, MakeApp, ManualClock, seat, state_json
from judge.app import JudgeApp
from judge.app.types import Created
from judge.common.errors import GameNotFound, InvalidArgument
from judge.rules.engine import ORGANIZER, Command, Viewer
from judge.rulesets.munchkin.actions import (
    ClaimVictory,
    EndTurn,
    KickDoor,
    LootRoom,
    PlayCard,
    RevealCard,
)


def play_turns(app: JudgeApp, created: Created, turns: int) -> None:
    """Each seat in turn kicks open a race card, plays it or not, loots
    and ends the turn (four or five events per turn)."""
    for turn in range(turns):
        s = turn % 3
        viewer = seat(app, created, s)
        app.submit(created.game_id, f"t{turn}-kick", Command(s, KickDoor(card="zwerg")), None, viewer)
        if turn < 3:
            app.submit(created.game_id, f"t{turn}-race", Command(s, PlayCard(card="zwerg")), None,
                       viewer)
        app.submit(created.game_id, f"t{turn}-loot", Command(s, LootRoom()), None, viewer)
        [end] = [a for a in app.legal_actions(created.game_id, s, viewer)[0]
                 if isinstance(a, EndTurn)]
        app.submit(created.game_id, f"t{turn}-end", Command(s, end), None, viewer)


def test_snapshots_on_and_off_give_identical_states(make_app: MakeApp) -> None:
    snapping = make_app(SNAPSHOTTING_INTERVAL="4")
    created = snapping.create_game(SETUP)
    play_turns(snapping, created, 7)
    version = snapping.view(created.game_id, ORGANIZER)["version"]
    assert snapping.snapshots is not None
    snaps = list(snapping.snapshots.get(UUID(created.game_id)))
    assert [s.originator_version for s in snaps] == list(range(4, version + 1, 4))
    # Each snapshot (taken from the game as saved in memory) equals the replay of its events.
    assert snapping.check_integrity(credentials=False)["snapshots"] == len(snaps)

    plain = make_app(IS_SNAPSHOTTING_ENABLED="n")
    assert plain.snapshots is None
    assert state_json(plain, created.game_id) == state_json(snapping, created.game_id)
    for v in range(1, version + 1):
        assert plain.view(created.game_id, ORGANIZER, v) == snapping.view(created.game_id,
                                                                          ORGANIZER, v)
    assert snapping.audit(created.game_id, ORGANIZER).clean


def test_replay_equals_the_served_views(make_app: MakeApp) -> None:
    app = make_app(SNAPSHOTTING_INTERVAL="5")
    created = app.create_game(SETUP)
    play_turns(app, created, 4)
    viewer = seat(app, created, 1)
    steps = list(app.replay(created.game_id, viewer))
    assert [e.version for e, _ in steps] == list(range(1, len(steps) + 1))
    for event, view in steps:
        assert view == app.view(created.game_id, viewer, event.version)
        assert view["version"] == event.version
    assert steps[-1][1] == app.view(created.game_id, viewer)
    # A partial range starts from the state before it (loaded once).
    middle = list(app.replay(created.game_id, viewer, 7, 12))
    assert middle == steps[6:12]


def test_range_arguments_are_checked_at_once(app: JudgeApp, game: Created,
                                             organizer: Viewer) -> None:
    with pytest.raises(InvalidArgument):
        app.replay(game.game_id, organizer, 0)
    with pytest.raises(InvalidArgument):
        app.replay(game.game_id, organizer, 1, 5)
    with pytest.raises(InvalidArgument):
        app.events(game.game_id, organizer, 2)
    with pytest.raises(InvalidArgument):
        app.view(game.game_id, organizer, 3)
    with pytest.raises(InvalidArgument):
        app.watch(game.game_id, organizer, 4, threading.Event())
    with pytest.raises(GameNotFound):
        app.replay("00000000-0000-0000-0000-000000000000", organizer)


def test_views_hide_other_hands(app: JudgeApp, game: Created, seats: list[Viewer],
                                organizer: Viewer, spectator: Viewer) -> None:
    app.submit(game.game_id, "id", Command(0, RevealCard(card="kettensaege")), None, seats[0])
    assert app.view(game.game_id, seats[0])["seats"][0]["hand"] == ["kettensaege"]
    assert app.view(game.game_id, organizer)["seats"][0]["hand"] == ["kettensaege"]
    assert app.view(game.game_id, seats[1])["seats"][0]["hand"] == []
    assert app.view(game.game_id, spectator)["seats"][0]["hand"] == []
    # The event naming the card is redacted too, action and effects.
    own = app.events(game.game_id, seats[0])[-1]
    other = app.events(game.game_id, seats[1])[-1]
    assert own.payload["action"]["card"] == "kettensaege"
    assert "kettensaege" not in repr(other.payload)
    assert "kettensaege" not in app.view(game.game_id, spectator)["state_json"]


def test_state_json_is_the_canonical_view(app: JudgeApp, game: Created,
                                          organizer: Viewer) -> None:
    import json

    view = app.view(game.game_id, organizer)
    assert json.loads(view["state_json"]) == {k: v for k, v in view.items() if k != "state_json"}


# --------------------------------------------------------------------------- watch


def test_watch_catches_up_then_follows_another_replica(make_app: MakeApp) -> None:
    watcher_app, writer_app = make_app(), make_app()
    created = writer_app.create_game(SETUP)
    writer = seat(writer_app, created, 0)
    writer_app.submit(created.game_id, "kick", Command(0, KickDoor(card="elf")), None, writer)
    viewer = seat(watcher_app, created, 1)
    stop = threading.Event()
    stream = watcher_app.watch(created.game_id, viewer, 0, stop, poll_interval=0.01)

    caught_up = [next(stream) for _ in range(2)]
    assert [e.version for e, _ in caught_up] == [1, 2]
    assert caught_up[1][1] == watcher_app.view(created.game_id, viewer, 2)

    # Written by the other JudgeApp (think: another process) on the same file.
    writer_app.submit(created.game_id, "race", Command(0, PlayCard(card="elf")), None, writer)
    writer_app.submit(created.game_id, "loot", Command(0, LootRoom()), None, writer)
    live = [next(stream) for _ in range(2)]
    assert [(e.version, e.command_id) for e, _ in live] == [(3, "race"), (4, "loot")]
    assert live[-1][1] == watcher_app.view(created.game_id, viewer)
    stop.set()
    assert list(stream) == []


def test_watch_resumes_after_a_version_and_sees_local_saves(app: JudgeApp, game: Created,
                                                            seats: list[Viewer]) -> None:
    app.submit(game.game_id, "kick", Command(0, KickDoor(card="elf")), None, seats[0])
    stop = threading.Event()
    stream = app.watch(game.game_id, seats[2], 2, stop, poll_interval=0.01)
    received: list[int] = []

    def consume() -> None:
        for event, _ in stream:
            received.append(event.version)
            if event.version == 4:
                stop.set()

    consumer = threading.Thread(target=consume)
    consumer.start()
    app.submit(game.game_id, "race", Command(0, PlayCard(card="elf")), None, seats[0])
    app.submit(game.game_id, "loot", Command(0, LootRoom()), None, seats[0])
    consumer.join()
    assert received == [3, 4]


def test_watch_steps_say_what_is_already_waiting(app: JudgeApp, game: Created, seats: list[Viewer]) -> None:
    """A batched Watch sends what it holds when nothing more waits: the history is all waiting up to the
    marker; of two live events stored before the stream reads them, the first has one behind it."""
    app.submit(game.game_id, "kick", Command(0, KickDoor(card="elf")), None, seats[0])
    stop = threading.Event()
    steps = app.watching.watch_steps(game.game_id, seats[1], 0, stop, poll_interval=0.01)
    history = [next(steps) for _ in range(3)]
    assert [(e.version if e else None, waiting) for e, _, waiting in history] == [(1, True), (2, True), (None, False)]
    app.submit(game.game_id, "race", Command(0, PlayCard(card="elf")), None, seats[0])
    app.submit(game.game_id, "loot", Command(0, LootRoom()), None, seats[0])
    live = [next(steps) for _ in range(2)]
    assert [(e.version if e else None, waiting) for e, _, waiting in live] == [(3, True), (4, False)]
    after = live[-1][1]
    assert after is not None and app.views.view_of(after, seats[1]) == app.view(game.game_id, seats[1])
    stop.set()
    assert list(steps) == []


def test_untold_steps_are_the_told_ones_without_summaries(app: JudgeApp, game: Created,
                                                          seats: list[Viewer]) -> None:
    app.submit(game.game_id, "reveal", Command(0, RevealCard(card="kettensaege")), None, seats[0])
    app.submit(game.game_id, "kick", Command(0, KickDoor(card="elf")), None, seats[0])
    for viewer in (seats[0], seats[1], ORGANIZER):
        told = [e for e, _ in app.views.replay_steps(game.game_id, viewer, folded=False)]
        untold = [e for e, g in app.views.replay_steps(game.game_id, viewer, folded=False, told=())]
        assert [replace(e, summary="", summaries={}) for e in told] == untold
        assert all(e.summaries.keys() == {"en", "de"} for e in told)
        stop = threading.Event()
        watched = app.watching.watch_steps(game.game_id, viewer, 0, stop, folded=False, told=())
        assert [e for e, _, _ in itertools.takewhile(lambda step: step[0] is not None, watched)] == untold
        stop.set()


def test_watch_stops_when_asked(app: JudgeApp, game: Created, seats: list[Viewer]) -> None:
    stop = threading.Event()
    stream = app.watch(game.game_id, seats[0], 1, stop, poll_interval=0.01)
    stop.set()
    assert list(stream) == []


# --------------------------------------------------------------------------- interference windows


def fight(app: JudgeApp, created: Created) -> None:
    """Seat 0 carries +2 armour, meets a level-1 goblin and claims the win."""
    viewer = seat(app, created, 0)
    app.submit(created.game_id, "armour", Command(0, PlayCard(card="flammende-ruestung")), None,
               viewer)
    app.submit(created.game_id, "kick", Command(0, KickDoor(card="lahmer-goblin")), None, viewer)
    app.submit(created.game_id, "claim", Command(0, ClaimVictory()), None, viewer)


def test_elapsed_window_is_closed_by_the_judge(app: JudgeApp, game: Created,
                                               clock: ManualClock) -> None:
    assert app.pending_deadlines() == {}
    fight(app, game)
    deadline = clock.now + 2600
    assert app.pending_deadlines() == {game.game_id: deadline}
    assert app.close_elapsed_windows() == 0  # still open
    clock.advance(2599)
    assert app.close_elapsed_windows() == 0
    clock.advance(1)
    assert app.close_elapsed_windows() == 1
    assert app.pending_deadlines() == {}
    last = app.events(game.game_id, ORGANIZER)[-1]
    assert last.seat is None and last.action == "resolve_combat"
    assert last.command_id == f"judge:deadline:{game.game_id}:4"  # the claimed version
    view = app.view(game.game_id, ORGANIZER)
    assert "combat" not in view and view["seats"][0]["level"] == 2
    assert app.close_elapsed_windows() == 0


def test_windows_opened_by_another_replica_are_closed_once(make_app: MakeApp,
                                                           clock: ManualClock) -> None:
    first, second = make_app(), make_app()
    assert second.pending_deadlines() == {}
    created = first.create_game(SETUP)
    fight(first, created)
    assert second.pending_deadlines() == first.pending_deadlines() == \
        {created.game_id: clock.now + 2600}
    clock.advance(2600)
    assert second.close_elapsed_windows() + first.close_elapsed_windows() == 1
    assert first.pending_deadlines() == second.pending_deadlines() == {}
    resolves = [e for e in first.events(created.game_id, ORGANIZER) if e.action == "resolve_combat"]
    assert len(resolves) == 1


def test_a_new_replica_catches_up_with_open_windows_at_start(make_app: MakeApp,
                                                             clock: ManualClock) -> None:
    first = make_app()
    created = first.create_game(SETUP)
    fight(first, created)
    late = make_app()
    assert late.pending_deadlines() == {created.game_id: clock.now + 2600}
