"""Helpers of the server tests (fixtures are in conftest.py)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from judge.app import JudgeApp
from judge.v1 import judge_pb2 as pb
from judge_client import JudgeClient

SAFETY_TIMEOUT_S = 60.0
"""Deadline of every call: a safety net on a slow machine, never a measurement."""

SEATS = ("Anna:female", "Ben:male", "Cem:male")


@dataclass(frozen=True)
class Judge:
    """A running judge: where it listens and the database it writes."""

    target: str
    db: Path
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


def open_table(client: JudgeClient, **options: Any) -> Table:
    """Create a three-seat munchkin game and a client per role."""
    game = client.create_game("munchkin", SEATS, **options)
    return Table(
        game=game,
        seats=[client.with_token(t.token) for t in game.seat_tokens],
        organizer=client.with_token(game.organizer_token),
        spectator=client.with_token(game.spectator_token),
    )
