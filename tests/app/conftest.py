"""Fixtures of the application tests: real storage (a SQLite file in
``tmp_path``, and a fresh schema on PostgreSQL: every test runs on both
backends, see tests/conftest.py), a manual clock, and a three-seat Munchkin
game."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.app.app_support import SETUP, MakeApp, ManualClock, seat
from judge.app import JudgeApp
from judge.app.types import Created
from judge.store import Storage
from judge.rules.engine import Viewer


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def db_path(storage: Storage) -> Path:
    """The SQLite file of the test's storage (tests using it are ``sqlite_only``)."""
    return storage.path


@pytest.fixture
def make_app(storage: Storage, clock: ManualClock, tmp_path: Path) -> Iterator[MakeApp]:
    """Open (another) JudgeApp on the test's storage (another process
    would share it the same way); extra keyword arguments are environment
    variables (e.g. ``IS_SNAPSHOTTING_ENABLED="n"``)."""
    apps: list[JudgeApp] = []
    # Every application on PostgreSQL signs and seals with the same server key, as replicas do
    # (on SQLite they share the key file beside the database).
    key = {"JUDGE_SERVER_KEY_FILE": str(tmp_path / "server.key")} if storage.is_postgres else {}

    def make(**env: Any) -> JudgeApp:
        app = JudgeApp({**storage.env(), **key, **env}, clock=clock)
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
