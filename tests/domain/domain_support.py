"""Helpers of the domain tests: games built in memory (no database) and
their records. ``START_MS`` and ``SETUP`` are the application tests' too
(tests/app/app_support.py)."""

from __future__ import annotations

from typing import Any

from judge.domain.game import Game, event_data, event_kind, recorded_at_ms
from judge.record import RecordedEvent, RecordHeader, write_record
from judge.rules.engine import Action, Command, Context, GameSetup, SeatSetup

START_MS = 1_700_000_000_000

SETUP = GameSetup(
    ruleset="munchkin",
    variants=(),
    seats=(SeatSetup("Anna", {"sex": "female"}), SeatSetup("Ben", {"sex": "male"}), SeatSetup("Cem", {"sex": "male"})),
    options={},
    mode="reported",
)


def new_game() -> Game:
    return Game.create(SETUP, "munchkin@1", START_MS)


def act(game: Game, command_id: str, seat: int | None, action: Action,
        now_ms: int = START_MS) -> list[dict[str, Any]]:
    return game.accept(command_id, Command(seat, action), Context(now_ms=now_ms))


def record_events(game: Game) -> list[RecordedEvent]:
    """The game's events so far (all still pending: nothing is saved)."""
    out = []
    for e in game.pending_events:
        kind = event_kind(e)
        data = event_data(e)
        out.append(RecordedEvent(e.originator_version, kind, recorded_at_ms(kind, data), data))
    return out


def record_text(game: Game, events: list[RecordedEvent] | None = None) -> str:
    events = record_events(game) if events is None else events
    header = RecordHeader(
        game_id=game.game_id, ruleset="munchkin", variants=[], rules_version=game.rules_version,
        setup=game.setup, exported_at_ms=START_MS, events=len(events),
    )
    return write_record(header, events)
