"""A reported table's reshuffle (000 SPIELVORBEREITUNGEN, "Ist ein Stapel leer, mische die abgelegten Karten
neu"; judge/rulesets/munchkin/reshuffle.py) is a recorded effect: the stored game, its snapshots and a replay
of its events agree (the full check), after a restart too. Runs on SQLite and on PostgreSQL."""

from __future__ import annotations

from dataclasses import replace

from judge.rules.engine import ORGANIZER, Action, Command
from judge.rulesets.munchkin.actions import KickDoor
from tests.app.app_support import SETUP, MakeApp, seat, state_json

REPORTED = replace(SETUP, mode="reported", options={"interference_window_ms": 0})


def _adjust(**fields: object) -> Command:
    return Command(None, Action.from_dict({"kind": "record_adjustment", "reason": "Kartentext", **fields},
                                          "munchkin"))


def test_spielvorbereitungen_the_reshuffle_is_recorded_and_replays_with_its_snapshots(make_app: MakeApp) -> None:
    app = make_app()
    created = app.create_game(REPORTED)
    game_id = created.game_id
    app.submit(game_id, "discard", _adjust(target_seat=0, discard=["priester", "elf"]), None, ORGANIZER)
    kicked = app.submit(game_id, "kick", Command(0, KickDoor(card="elf")), None, seat(app, created, 0))
    types = [e["type"] for event in kicked.events for e in event.payload["effects"]]
    assert types[:2] == ["DiscardsReshuffled", "DoorKicked"]
    for i in range(60):  # past a snapshot (every 50th version)
        app.submit(game_id, f"level-{i}", _adjust(target_seat=1, set_level=1 + i % 5), None, ORGANIZER)
    before = state_json(app, game_id)
    assert app.check_integrity(credentials=False)["games"] == 1
    app.close()
    again = make_app()
    assert again.check_integrity(credentials=False)["games"] == 1
    assert state_json(again, game_id) == before
    assert '"door":[]' in before.replace(" ", "")
