"""Malformed requests over a real server: each answers INVALID_ARGUMENT with a
field violation naming the field, for Submit and for Ask alike, and the game's
version does not move. (A negative count cannot be sent: the API's counts are
unsigned; the rules core refuses one too, tests/rules/test_000_bad_input.py.)"""

from __future__ import annotations

from typing import Any

import grpc
import pytest

from judge.v1 import judge_pb2 as pb
from judge_client import JudgeRpcError, build_command
from tests.server.support import Table


def _version(table: Table) -> int:
    return table.organizer.get_view(table.game_id).view.version


def _refused(table: Table, seat: int, command: pb.Command, field: str) -> None:
    before = _version(table)
    for call in (table.seats[seat].submit_command, table.seats[seat].ask_command):
        with pytest.raises(JudgeRpcError) as caught:
            call(table.game_id, command)
        assert caught.value.code == grpc.StatusCode.INVALID_ARGUMENT, caught.value
        assert field in dict(caught.value.field_violations), caught.value.field_violations
    assert _version(table) == before


def _command(seat: int, kind: str, **fields: Any) -> pb.Command:
    return build_command(seat, kind, command_id="bad-input", **fields)


def test_monster_enhancer_sent_for_the_players_is_invalid(table: Table) -> None:
    """001 table "Monsterverstärker: ... auf ein Monster": side=players contradicts the card."""
    table.seats[0].submit(table.game_id, 0, "kick_door", card="gewaltiger-kaefer")
    _refused(table, 1, _command(1, "play_card", card="uralt", side="players"), "command.play_card.side")


@pytest.mark.parametrize("die", [0, 7])
def test_a_die_of_0_or_7_is_invalid(table: Table, die: int) -> None:
    """000 "Verloren!": a run-away die shows 1 to 6."""
    table.seats[0].submit(table.game_id, 0, "kick_door", card="gewaltiger-kaefer")
    table.seats[0].submit(table.game_id, 0, "give_up")
    _refused(table, 0, _command(0, "run_away", monster_index=0, die=die), "command.run_away.die")


@pytest.mark.parametrize(("gifts", "field"), [
    ([{"to_seat": 1, "unknown": 2}, {"to_seat": 2}], "command.end_turn.gifts[1]"),
    ([{"to_seat": 1, "unknown": 1}, {"to_seat": 1, "unknown": 1}], "command.end_turn.gifts[1].to_seat"),
    ([{"to_seat": 1, "unknown": 20}], "command.end_turn.gifts"),
], ids=["empty-gift", "seat-twice", "more-than-the-hand"])
def test_a_charity_split_that_does_not_add_up_is_invalid(table: Table, gifts: list[dict[str, Any]],
                                                         field: str) -> None:
    """000 "Phase 4: Milde Gabe"."""
    table.seats[0].submit(table.game_id, 0, "kick_door", card="elf")
    _refused(table, 0, _command(0, "end_turn", gifts=gifts), field)


def test_an_empty_action_oneof_is_invalid(table: Table) -> None:
    _refused(table, 0, pb.Command(command_id="bad-input", seat=0), "command.action")
