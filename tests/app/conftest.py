"""Fixtures of the application tests: real SQLite files in ``tmp_path``, a
manual clock, and a three-seat Munchkin game."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.app.app_support import SETUP, MakeApp, ManualClock, seat
from judge.app import JudgeApp
from judge.app_types import Created
from judge.rules.engine import Viewer


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "judge.db"


@pytest.fixture
def make_app(db_path: Path, clock: ManualClock) -> Iterator[MakeApp]:
    """Open (another) JudgeApp on the test's database file; extra keyword
    arguments are environment variables (e.g. ``IS_SNAPSHOTTING_ENABLED="n"``)."""
    apps: list[JudgeApp] = []

    def make(path: Path | None = None, **env: Any) -> JudgeApp:
        app = JudgeApp({**JudgeApp.sqlite(path or db_path), **env}, clock=clock)
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.close()


@pytest.fixture
def app(make_app: MakeApp) -> JudgeApp:
    return make_app()


@pytest.fixture
def game(app: JudgeApp) -> Created:
    return app.create_game(SETUP)


@pytest.fixture
def seats(app: JudgeApp, game: Created) -> list[Viewer]:
    return [seat(app, game, i) for i in range(len(game.seat_tokens))]


@pytest.fixture
def organizer(app: JudgeApp, game: Created) -> Viewer:
    return app.authenticate(game.game_id, game.organizer_token)


@pytest.fixture
def spectator(app: JudgeApp, game: Created) -> Viewer:
    return app.authenticate(game.game_id, game.spectator_token)
