"""Helpers shared by the application tests (imported by conftest.py and the
test modules)."""

from __future__ import annotations

from collections.abc import Callable

from judge.app import JudgeApp
from judge.app.types import Created
from judge.rules.engine import Viewer
from tests.domain.domain_support import SETUP, START_MS  # one three-seat set-up for all tests

MakeApp = Callable[..., JudgeApp]


class ManualClock:
    """The injected clock: ms since the epoch, moved only by the test."""

    def __init__(self, now: int = START_MS):
        self.now = now

    def __call__(self) -> int:
        return self.now

    def advance(self, ms: int) -> None:
        self.now += ms


def seat(app: JudgeApp, created: Created, number: int) -> Viewer:
    """The viewer of a seat, through its token."""
    return app.authenticate(created.game_id, created.seat_tokens[number])


def state_json(app: JudgeApp, game_id: str) -> str:
    """The canonical JSON of a game's ruleset state as ``app`` serves it."""
    from uuid import UUID

    from judge.domain.game import Game
    from judge.rules.engine import canonical_json

    game: object = app.repository.get(UUID(game_id))
    assert isinstance(game, Game)
    return canonical_json(game.ruleset.to_dict(game.state))


__all__ = ["START_MS", "SETUP", "MakeApp", "ManualClock", "seat", "state_json"]
