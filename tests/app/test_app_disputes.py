"""Disputes: opened by a seat about one recorded command, re-checked at once,
upheld (rollback to the state before it, range voided, nothing deleted) or
dismissed by the organizer."""

from __future__ import annotations

from uuid import UUID

import pytest

from tests.app.app_support import MakeApp, ManualClock, state_json
from judge.app import JudgeApp
from judge.app.types import Created
from judge.common.errors import DisputeNotFound, InvalidArgument, PermissionDenied
from judge.rules.engine import Command, Viewer
from judge.rulesets.munchkin.actions import ClaimVictory, KickDoor, LootRoom, PlayCard


@pytest.fixture
def played(app: JudgeApp, game: Created, seats: list[Viewer]) -> Created:
    """v2 kick (a race card), v3 play the race, v4 loot the room."""
    app.submit(game.game_id, "kick", Command(0, KickDoor(card="elf")), None, seats[0])
    app.submit(game.game_id, "race", Command(0, PlayCard(card="elf")), None, seats[0])
    app.submit(game.game_id, "loot", Command(0, LootRoom()), None, seats[0])
    return game


def test_open_dispute_rechecks_the_event(app: JudgeApp, played: Created, seats: list[Viewer],
                                         organizer: Viewer) -> None:
    dispute = app.open_dispute(played.game_id, 1, 3, "Anna cannot play the elf now", seats[1])
    assert (dispute.dispute_id, dispute.opened_by, dispute.event_version) == (1, 1, 3)
    assert dispute.status == "open"
    assert dispute.recheck_legal
    assert dispute.recheck_ruling is None
    assert dispute.opened_at_version == 5 and dispute.resolved_at_version == 0
    view = app.view(played.game_id, organizer)
    assert view["open_disputes"] == 1 and view["version"] == 5
    [event] = app.events(played.game_id, seats[2], 5)
    assert event.kind == "DisputeOpened" and event.payload["recheck"]["outcome"] == "legal"
    assert app.list_disputes(played.game_id, seats[2]) == [dispute]


def test_upheld_dispute_restores_the_state_before_the_event(
    app: JudgeApp, played: Created, seats: list[Viewer], organizer: Viewer
) -> None:
    before = app.view(played.game_id, organizer, at_version=2)
    opened = app.open_dispute(played.game_id, 1, 3, "wrong timing", seats[1])
    resolved = app.resolve_dispute(played.game_id, opened.dispute_id, True, "upheld", organizer)
    assert resolved.status == "upheld"
    assert resolved.resolution_note == "upheld"
    assert resolved.resolved_at_version == 6

    now = app.view(played.game_id, organizer)
    assert now["version"] == 6
    assert now["voided"] == ["3-5"]
    assert now["open_disputes"] == 0
    ignore = {"version", "voided", "state_json", "open_disputes"}
    assert {k: v for k, v in now.items() if k not in ignore} == \
        {k: v for k, v in before.items() if k not in ignore}

    # Nothing deleted: every event is still there, the range marked void.
    events = app.events(played.game_id, organizer)
    assert [e.version for e in events] == [1, 2, 3, 4, 5, 6]
    assert [e.voided for e in events] == [False, False, True, True, True, False]
    assert events[-1].kind == "DisputeResolved"
    assert events[-1].payload["voided_from"] == 3 and events[-1].payload["voided_to"] == 5

    # The game goes on from the restored state: the race can be played again.
    app.submit(played.game_id, "race-again", Command(0, PlayCard(card="elf")), None, seats[0])
    assert app.view(played.game_id, organizer)["seats"][0]["races"] == ["elf"]


def test_upheld_rollback_survives_reloading_with_and_without_snapshots(
    make_app: MakeApp, app: JudgeApp, played: Created, seats: list[Viewer], organizer: Viewer
) -> None:
    opened = app.open_dispute(played.game_id, 2, 2, "the door card was different", seats[2])
    app.resolve_dispute(played.game_id, opened.dispute_id, True, "", organizer)
    served = state_json(app, played.game_id)
    view = app.view(played.game_id, organizer)
    # The game is shorter than the snapshotting interval: take one of the
    # rolled-back game explicitly, so that loading it is really tried.
    app.take_snapshot(UUID(played.game_id))
    assert app.snapshots is not None
    [snapshot] = app.snapshots.get(UUID(played.game_id))
    assert snapshot.originator_version == 6
    for fresh in (make_app(), make_app(IS_SNAPSHOTTING_ENABLED="n")):
        assert state_json(fresh, played.game_id) == served
        assert fresh.view(played.game_id, organizer) == view  # voided range, disputes too
    assert app.audit(played.game_id, organizer).clean


def test_dismissed_dispute_changes_nothing(app: JudgeApp, played: Created,
                                           seats: list[Viewer], organizer: Viewer) -> None:
    before = state_json(app, played.game_id)
    opened = app.open_dispute(played.game_id, 1, 3, "I object", seats[1])
    resolved = app.resolve_dispute(played.game_id, opened.dispute_id, False, "legal", organizer)
    assert resolved.status == "dismissed"
    assert state_json(app, played.game_id) == before
    view = app.view(played.game_id, organizer)
    assert view["voided"] == [] and view["open_disputes"] == 0
    assert not any(e.voided for e in app.events(played.game_id, organizer))


def test_only_commands_may_be_disputed(app: JudgeApp, played: Created,
                                       seats: list[Viewer], organizer: Viewer) -> None:
    for version in (1, 9):  # the creation; an event that does not exist
        with pytest.raises(InvalidArgument) as e:
            app.open_dispute(played.game_id, 1, version, "no", seats[1])
        assert e.value.field == "event_version"
    opened = app.open_dispute(played.game_id, 1, 3, "no", seats[1])
    with pytest.raises(InvalidArgument) as e:  # a dispute event
        app.open_dispute(played.game_id, 1, opened.opened_at_version, "no", seats[1])
    assert e.value.field == "event_version"
    with pytest.raises(InvalidArgument) as e:  # already under an open dispute
        app.open_dispute(played.game_id, 2, 3, "me too", seats[2])
    assert e.value.field == "event_version"
    app.resolve_dispute(played.game_id, opened.dispute_id, True, "", organizer)
    with pytest.raises(InvalidArgument) as e:  # voided by the upheld dispute
        app.open_dispute(played.game_id, 1, 4, "no", seats[1])
    assert e.value.field == "event_version"
    with pytest.raises(InvalidArgument) as e:
        app.open_dispute(played.game_id, 1, 2, "", seats[1])
    assert e.value.field == "reason"


def test_dispute_permissions(app: JudgeApp, played: Created, seats: list[Viewer],
                             organizer: Viewer, spectator: Viewer) -> None:
    with pytest.raises(PermissionDenied):
        app.open_dispute(played.game_id, 1, 3, "no", seats[2])  # for another seat
    with pytest.raises(PermissionDenied):
        app.open_dispute(played.game_id, 1, 3, "no", organizer)
    with pytest.raises(PermissionDenied):
        app.open_dispute(played.game_id, 1, 3, "no", spectator)
    opened = app.open_dispute(played.game_id, 1, 3, "no", seats[1])
    with pytest.raises(PermissionDenied):
        app.resolve_dispute(played.game_id, opened.dispute_id, True, "", seats[0])
    with pytest.raises(DisputeNotFound):
        app.resolve_dispute(played.game_id, 7, True, "", organizer)
    app.resolve_dispute(played.game_id, opened.dispute_id, False, "", organizer)
    with pytest.raises(InvalidArgument) as e:
        app.resolve_dispute(played.game_id, opened.dispute_id, True, "", organizer)
    assert e.value.field == "dispute_id"


def test_a_second_dispute_about_a_voided_event_can_only_be_dismissed(
    app: JudgeApp, played: Created, seats: list[Viewer], organizer: Viewer
) -> None:
    late = app.open_dispute(played.game_id, 1, 4, "loot was wrong", seats[1])
    early = app.open_dispute(played.game_id, 2, 2, "door was wrong", seats[2])
    app.resolve_dispute(played.game_id, early.dispute_id, True, "", organizer)
    with pytest.raises(InvalidArgument) as e:
        app.resolve_dispute(played.game_id, late.dispute_id, True, "", organizer)
    assert e.value.field == "uphold"
    assert app.resolve_dispute(played.game_id, late.dispute_id, False, "moot", organizer) \
        .status == "dismissed"
    assert app.view(played.game_id, organizer)["voided"] == ["2-6"]


def test_upholding_a_dispute_about_the_judges_resolution_reopens_the_window(
    make_app: MakeApp, app: JudgeApp, game: Created, seats: list[Viewer], organizer: Viewer,
    clock: ManualClock,
) -> None:
    """000 Weitere Aktionen im Kampf: the window is there "damit jeder die Möglichkeit zu weiteren
    Aktionen hat". A combat the judge resolved at the deadline, restored by an upheld dispute, gets a
    whole window again from the ruling instead of being resolved again at once."""
    gid = game.game_id
    app.submit(gid, "armour", Command(0, PlayCard(card="flammende-ruestung")), None, seats[0])
    app.submit(gid, "kick", Command(0, KickDoor(card="lahmer-goblin")), None, seats[0])
    app.submit(gid, "claim", Command(0, ClaimVictory()), None, seats[0])  # v4, window 2600 ms
    clock.advance(2600)
    assert app.close_elapsed_windows() == 1  # v5: the judge resolves the combat
    assert "combat" not in app.view(gid, organizer)
    opened = app.open_dispute(gid, 1, 5, "I was playing a curse when the judge closed the fight", seats[1])
    clock.advance(60_000)  # the organizer rules a minute later
    app.resolve_dispute(gid, opened.dispute_id, True, "the curse came in time", organizer)

    reopened = clock.now + 2600
    resolved = app.events(gid, organizer)[-1]
    assert resolved.kind == "DisputeResolved" and resolved.payload["reopened_deadline_ms"] == reopened
    view = app.view(gid, organizer)
    assert view["combat"]["stage"] == "claimed" and view["combat"]["window_closes_at_ms"] == reopened
    assert app.pending_deadlines() == {gid: reopened}
    assert app.close_elapsed_windows() == 0  # not resolved again at once
    assert app.audit(gid, organizer).clean
    assert state_json(make_app(), gid) == state_json(app, gid)  # the reopened window replays
    clock.advance(2600)
    assert app.close_elapsed_windows() == 1
    assert app.view(gid, organizer)["seats"][0]["level"] == 2


def test_upholding_a_dispute_leaves_an_open_window_as_it_was(
    app: JudgeApp, game: Created, seats: list[Viewer], organizer: Viewer, clock: ManualClock,
) -> None:
    gid = game.game_id
    app.submit(gid, "armour", Command(0, PlayCard(card="flammende-ruestung")), None, seats[0])
    app.submit(gid, "kick", Command(0, KickDoor(card="lahmer-goblin")), None, seats[0])
    app.submit(gid, "claim", Command(0, ClaimVictory()), None, seats[0])  # v4
    deadline = clock.now + 2600
    app.submit(gid, "curse", Command(2, PlayCard(card="fluch-verliere-eine-stufe", target_seat=1)), None,
               seats[2])  # v5
    opened = app.open_dispute(gid, 1, 5, "not now", seats[1])
    clock.advance(1000)
    app.resolve_dispute(gid, opened.dispute_id, True, "", organizer)
    assert app.events(gid, organizer)[-1].payload["reopened_deadline_ms"] is None
    assert app.pending_deadlines() == {gid: deadline}
