"""Helpers of the server tests (fixtures are in conftest.py)."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from judge.app import JudgeApp
from judge.domain.credentials import token_hash
from judge.server.admission import Admission
from judge.server.main import create_server
from judge.store import Storage
from judge.v1 import judge_pb2 as pb
from judge_client import JudgeClient

SAFETY_TIMEOUT_S = 60.0
"""Deadline of every call: a safety net on a slow machine, never a measurement."""

SEATS = ("Anna:female", "Ben:male", "Cem:male")

OPEN_ADMISSION = Admission(streams_per_client=1000, watch_per_game=1000, streams_per_seat=1000, open_streams=1000,
                           client_rate=None, create_rate=None)
"""Every test client calls from loopback, one address: the tests of other
things run without the per-address limits (tests/trust/test_availability.py
tests them)."""


@dataclass(frozen=True)
class Judge:
    """A running judge: where it listens and the database it writes (a
    SQLite file, or the PostgreSQL ``Storage``)."""

    target: str
    db: Path | Storage
    app: JudgeApp
    admin_token: str = ""


@dataclass
class Table:
    """A fresh game and a client per role (sharing one connection)."""

    game: pb.CreateGameResponse
    seats: list[JudgeClient]
    organizer: JudgeClient
    spectator: JudgeClient

    @property
    def game_id(self) -> str:
        return self.game.game_id


@contextmanager
def running_judge(db: Path | Storage, *, listen: str = "127.0.0.1", **server_options: Any) -> Iterator[Judge]:
    """A judge on loopback for the ``with`` block: the real application on the
    SQLite file ``db`` (or the ``Storage``) with a fresh admin token,
    ``create_server`` on port 0 of ``listen`` (``server_options`` go to it;
    ``admission`` defaults to ``OPEN_ADMISSION``); stopped and closed
    afterwards. The judge's ``target`` is on 127.0.0.1."""
    admin = secrets.token_urlsafe(32)
    env = db.env() if isinstance(db, Storage) else JudgeApp.sqlite(db)
    app = JudgeApp(env, admin_token_hash=token_hash(admin))
    server, port = create_server(f"{listen}:0", app, **{"admission": OPEN_ADMISSION, **server_options})
    server.start()
    try:
        # A SQLite judge's ``db`` is its file (tests read it), whichever way it was given.
        where = db.path if isinstance(db, Storage) and not db.is_postgres else db
        yield Judge(f"127.0.0.1:{port}", where, app, admin)
    finally:
        server.stop(grace=None).wait(SAFETY_TIMEOUT_S)
        app.close()


def open_table(client: JudgeClient, **options: Any) -> Table:
    """Create a three-seat munchkin game and a client per role."""
    game = client.create_game("munchkin", SEATS, **options)
    return Table(
        game=game,
        seats=[client.with_token(t.token) for t in game.seat_tokens],
        organizer=client.with_token(game.organizer_token),
        spectator=client.with_token(game.spectator_token),
    )
