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
