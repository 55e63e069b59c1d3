"""The golden rule through the application: the organizer records an
adjustment for the table (no seat needed); a seat's proposal needs every
other seat; spectators cannot."""

from __future__ import annotations

import pytest

from judge.app import JudgeApp
from judge.app.types import Created
from judge.common.errors import PermissionDenied
from judge.rules.engine import Action, Command, Viewer

ADJUST = {"kind": "record_adjustment", "reason": "Karte 'Doppelt gezinkter Würfel': Stufe 3", "target_seat": 2,
          "set_level": 3}


def test_organizer_records_an_adjustment_whatever_seat_the_request_names(
        app: JudgeApp, game: Created, organizer: Viewer) -> None:
    result = app.submit(game.game_id, "adj-1", Command(0, Action.from_dict(ADJUST, "munchkin")), None, organizer)
    assert result.events[0].seat is None
    assert result.view["seats"][2]["level"] == 3


def test_organizer_still_cannot_play_for_a_seat(app: JudgeApp, game: Created, organizer: Viewer) -> None:
    with pytest.raises(PermissionDenied):
        app.submit(game.game_id, "k-1", Command(0, Action.from_dict({"kind": "kick_door", "card": "elf"}, "munchkin")),
                   None, organizer)


def test_a_seat_proposal_takes_effect_when_all_others_agree(
        app: JudgeApp, game: Created, seats: list[Viewer], spectator: Viewer) -> None:
    app.submit(game.game_id, "p-1", Command(2, Action.from_dict(ADJUST, "munchkin")), None, seats[2])
    with pytest.raises(PermissionDenied):
        app.submit(game.game_id, "s-1", Command(0, Action.from_dict({"kind": "confirm_adjustment", "accept": True}, "munchkin")),
                   None, spectator)
    app.submit(game.game_id, "c-0", Command(0, Action.from_dict({"kind": "confirm_adjustment", "accept": True}, "munchkin")),
               None, seats[0])
    assert app.view(game.game_id, seats[0])["seats"][2]["level"] == 1
    result = app.submit(game.game_id, "c-1",
                        Command(1, Action.from_dict({"kind": "confirm_adjustment", "accept": True}, "munchkin")), None, seats[1])
    assert result.view["seats"][2]["level"] == 3
