"""000 KAMPF through the application: the judge closes an elapsed window and
judges the claim by the strengths as they are then."""

from __future__ import annotations

from tests.app.app_support import ManualClock
from judge.app import JudgeApp
from judge.app.types import Created
from judge.rules.engine import Command, Viewer
from judge.rulesets.munchkin.actions import ClaimVictory, KickDoor, PlayCard, RecordAdjustment


def test_judge_resolving_a_claim_lost_in_the_window_starts_the_run(
    app: JudgeApp, game: Created, seats: list[Viewer], organizer: Viewer, clock: ManualClock,
) -> None:
    # "Ist deine Stufe niedriger oder gleich hoch, verlierst du und musst Weglaufen"
    gid = game.game_id
    app.submit(gid, "armour", Command(0, PlayCard(card="flammende-ruestung")), None, seats[0])
    app.submit(gid, "kick", Command(0, KickDoor(card="lahmer-goblin")), None, seats[0])
    app.submit(gid, "claim", Command(0, ClaimVictory()), None, seats[0])  # 3 against 1
    app.submit(gid, "adjust", Command(None, RecordAdjustment(
        reason="Kartentext: die Rüstung zerfällt", target_seat=0, discard=("flammende-ruestung",))),
        None, organizer)  # 1 against 1
    clock.advance(2600)
    assert app.close_elapsed_windows() == 1
    last = app.events(gid, organizer)[-1]
    assert last.action == "resolve_combat" and last.seat is None
    view = app.view(gid, organizer)
    assert view["combat"]["stage"] == "running" and view["seats"][0]["level"] == 1
    assert app.pending_deadlines() == {}


def test_a_sole_writer_follows_its_deadlines_from_its_own_saves(
    app: JudgeApp, game: Created, seats: list[Viewer], clock: ManualClock, monkeypatch,
) -> None:
    """Holding the database's lock, every save is the judge's own and noted as it is saved: once the log
    has been read to its end, the window closer's every look reads it no more, and still sees a window
    opened, and then closed, by a later save."""
    gid = game.game_id
    app.store.sole_writer = True
    assert app.pending_deadlines() == {}  # the log read to its end once
    reads: list[object] = []
    read = app.store.notifications
    monkeypatch.setattr(app.store, "notifications", lambda *a, **k: reads.append(a) or read(*a, **k))
    app.submit(gid, "armour", Command(0, PlayCard(card="flammende-ruestung")), None, seats[0])
    app.submit(gid, "kick", Command(0, KickDoor(card="lahmer-goblin")), None, seats[0])
    app.submit(gid, "claim", Command(0, ClaimVictory()), None, seats[0])
    assert app.pending_deadlines() == {gid: clock.now + 2600}
    clock.advance(2600)
    assert app.close_elapsed_windows() == 1
    assert app.pending_deadlines() == {} and reads == []
