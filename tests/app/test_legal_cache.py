"""LegalActions answered from what the judge keeps (``Games.legal_offers_made``: per version of the game,
seat and side of its pending deadline, where the ruleset's legal actions depend on the clock only through
that deadline) equals the actions decided afresh: over random games of every family, reported and dealt,
with an interference window so that claims open and close deadlines, asked at clock instants before, at
and after the pending deadline, in an order that lets an answer kept at one instant be asked at another."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path
from typing import Any

import pytest

from judge import rulesets
from judge.app import JudgeApp
from judge.rules import ORGANIZER, Command, GameSetup, Rejected, SeatSetup, Viewer
from judge.rules.engine import canonical_json
from tests.app.app_support import ManualClock
from tests.bot import awaited, choose
from tests.rules.monkic.harness import values as monkic_values

NAMES = ("munchkin", "babys", "star", "mixer", "monkic")
STEPS = 60
DEADLINES: dict[str, int] = dict.fromkeys(NAMES, 0)


def fresh(app: JudgeApp, game_id: str, seat: int) -> tuple[list[str], dict[str, str], int]:
    """The seat's actions decided now, without anything kept (the plain ``legal_actions`` path)."""
    game = app.store.current(game_id)
    actions, version = app.legal_actions(game_id, seat, ORGANIZER)
    hook = getattr(game.ruleset, "open_choices", None)
    offered = dict(hook(game.state, seat)) if hook is not None and actions else {}
    return [canonical_json(a.to_dict()) for a in actions], offered, version


def kept(app: JudgeApp, game_id: str, seat: int) -> tuple[list[str], dict[str, str], int]:
    actions, offered, version = app.legal_offers(game_id, seat, ORGANIZER)
    return [canonical_json(a.to_dict()) for a in actions], offered, version


# The games come from fixed seeds (the players' choices and a dealt game's shuffles), so that what they
# reach (the deadlines below) does not depend on the run.
@pytest.mark.parametrize("seed", (11, 12))
@pytest.mark.parametrize("mode", ("reported", "dealt"))
@pytest.mark.parametrize("name", NAMES)
def test_kept_legal_actions_are_the_ones_decided_afresh(name: str, mode: str, seed: int) -> None:
    rules = rulesets.get(name)
    if mode not in getattr(rules, "modes", (mode,)):
        return
    rng = random.Random(seed)
    monkic = name == "monkic"
    traits: dict[str, Any] = {} if monkic else {"sex": "female"}
    options = {} if monkic else {"interference_window_ms": 2600}  # 2.6 s, as tables play
    setup = GameSetup(name, (), tuple(SeatSetup(f"P{i}", traits) for i in range(rules.min_seats + (not monkic))),
                      options, mode, tuple(monkic_values()) if monkic else ())
    cards = rules.catalogue() if hasattr(rules, "catalogue") and not monkic else None
    clock = ManualClock()
    with tempfile.TemporaryDirectory() as tmp:
        app = JudgeApp(JudgeApp.sqlite(Path(tmp) / "judge.db"), clock=clock, seeds=lambda: bytes([seed]) * 32)
        try:
            game_id = app.create_game(setup).game_id
            seats = len(setup.seats)
            deadlines = 0
            for step in range(STEPS):
                now = clock.now
                deadline = app.store.current(game_id).pending_deadline_ms()
                deadlines += deadline is not None
                instants = [now] if deadline is None else [deadline - 1, deadline, deadline + 1, now]
                rng.shuffle(instants)
                for at in instants + instants[:1]:  # the first instant again, once others were kept
                    clock.now = at
                    for seat in range(seats):
                        assert kept(app, game_id, seat) == fresh(app, game_id, seat), (name, mode, step, seat, at)
                clock.now = now
                view = app.view(game_id, ORGANIZER)
                if view.get("status") == "GAME_STATUS_FINISHED":
                    break
                if deadline is not None and rng.random() < 0.5:
                    clock.now = deadline + 1  # the window closes: the judge submits its deadline command
                    app.close_elapsed_windows()
                    continue
                seat = rng.choice(awaited(view) or [int(view.get("active_seat", 0))])
                legal, _ = app.legal_actions(game_id, seat, ORGANIZER)
                if not legal:
                    continue
                # A fight is claimed whenever it can be, so that windows open and their deadlines pass.
                claims = [a for a in legal if a.kind == "claim_victory"]
                action = claims[0] if claims else choose(rng, legal, seat, cards)
                try:
                    app.submit(game_id, f"c{step}", Command(seat, action), None, Viewer("seat", seat))
                except Rejected:
                    continue
            DEADLINES[name] += deadlines
        finally:
            app.close()


@pytest.mark.parametrize("name", [n for n in NAMES if n != "monkic"])
def test_the_games_above_asked_at_pending_deadlines(name: str, request: pytest.FixtureRequest) -> None:
    """The games above opened windows: kept answers were asked before, at and after their deadlines."""
    ran = [item for item in request.session.items if getattr(item, "originalname", "") ==
           "test_kept_legal_actions_are_the_ones_decided_afresh" and item.callspec.params["name"] == name]
    if not ran or request.session.testsfailed:
        pytest.skip("the games of this ruleset did not all run here")
    assert DEADLINES[name] > 0
