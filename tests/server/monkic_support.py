"""Helpers for monkic games (002) over the real API: a table of two seats
with the group's card values, and the bot playing a game through
LegalActions and Submit."""

from __future__ import annotations

from itertools import count
from typing import Any

from judge.rules.engine import Action, canonical_json
from judge.server.convert import command_from_proto
from judge.v1 import judge_pb2 as pb
from judge_client import JudgeClient
from tests.monkic_bot import play
from tests.rules.monkic.harness import values
from tests.server.support import Table

OPENING = (("drache", "joker", "superpower", "elemente", "heilung", "golem", "kobold"),
           ("roboter", "zwerg", "joker-kind", "hydra", "ratte", "barriere", "computer"))
"""The cards a reported table reports at the opening, seat 0's and seat 1's."""


def open_monkic(client: JudgeClient, *, mode: str = "reported", variants: tuple[str, ...] = (),
                options: dict[str, Any] | None = None) -> Table:
    """Create a monkic game (Mia and Tom) with the test card values and a client per role."""
    game = client.create_game("monkic", ["Mia", "Tom"], mode=mode, variants=variants, custom_cards=values(),
                              options=options or {})
    return Table(
        game=game,
        seats=[client.with_token(t.token) for t in game.seat_tokens],
        organizer=client.with_token(game.organizer_token),
        spectator=client.with_token(game.spectator_token),
    )


def opened(client: JudgeClient, **options: Any) -> tuple[Table, list[list[str]]]:
    """A reported table after both openings (turn 1, Mia to play); the
    instance ids of each seat's table cards, left to right."""
    table = open_monkic(client, options=options)
    for seat, cards in enumerate(OPENING):
        answer = table.seats[seat].submit(table.game_id, seat, "report_opening", cards=list(cards))
    return table, [[c.id for c in s.table] for s in answer.view.monkic.seats]


def bot_game(table: Table, *, max_steps: int = 3000) -> int:
    """Play the game to the end with the bot, every action from LegalActions
    (each seat with its own token); returns the number of actions taken."""
    gid = table.game_id
    ids = count()
    offered: dict[str, pb.Command] = {}

    def legal(seat: int) -> list[Action]:
        actions = []
        for item in table.seats[seat].legal_actions(gid, seat).actions:
            action = command_from_proto(item.command, "monkic", require_id=False)[1].action
            offered[f"{seat}:{canonical_json(action.to_dict())}"] = item.command
            actions.append(action)
        return actions

    def submit(seat: int, action: Action) -> None:
        command = offered[f"{seat}:{canonical_json(action.to_dict())}"]
        command.command_id = f"bot-{next(ids)}"
        table.seats[seat].submit_command(gid, command)

    def view() -> tuple[bool, int]:
        v = table.organizer.get_view(gid).view
        if v.status == pb.GAME_STATUS_FINISHED:
            return True, 0
        return False, v.monkic.pending[0].seat if v.monkic.pending else v.active_seat

    return play(legal, submit, view, max_steps=max_steps)
