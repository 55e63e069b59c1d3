"""Malformed requests over a real server: each answers INVALID_ARGUMENT with a
field violation naming the field, for Submit and for Ask alike, and the game's
version does not move. The API's counts are unsigned, so the client library
cannot build a negative one; a client that writes the wire itself can, and a
negative number sent there is refused naming the field like any other (the
rules core refuses one too, tests/rules/test_000_bad_input.py)."""

from __future__ import annotations

from typing import Any

import grpc
import pytest

from judge.v1 import judge_pb2 as pb
from judge_client import JudgeRpcError, build_command
from tests.server.support import SAFETY_TIMEOUT_S, Judge, Table


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


def _varint(n: int) -> bytes:
    """A protobuf varint; a negative number is written as its 64-bit two's complement (10 bytes),
    as a signed field would carry it."""
    n &= (1 << 64) - 1
    out = bytearray()
    while n > 0x7F:
        out.append(n & 0x7F | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)


def _varint_field(number: int, value: int) -> bytes:
    return _varint(number << 3) + _varint(value)


def _message_field(number: int, payload: bytes) -> bytes:
    return _varint(number << 3 | 2) + _varint(len(payload)) + payload


def _raw_refused(table: Table, judge: Judge, seat: int, action: str, payload: bytes, field: str) -> None:
    """Sends ``Command{seat, <action>: payload}`` as bytes written by hand, to Submit and Ask."""
    number = pb.Command.DESCRIPTOR.fields_by_name[action].number
    command = pb.Command(command_id="bad-input", seat=seat).SerializeToString() + _message_field(number, payload)
    request = _message_field(1, table.game_id.encode()) + _message_field(2, command)
    token = table.game.seat_tokens[seat].token
    before = _version(table)
    with grpc.insecure_channel(judge.target) as channel:
        for method in ("Submit", "Ask"):
            call = channel.unary_unary(f"/judge.v1.JudgeService/{method}")  # bytes in, bytes out
            with pytest.raises(grpc.RpcError) as caught:
                call(request, metadata=[("authorization", f"Bearer {token}")], timeout=SAFETY_TIMEOUT_S)
            error = JudgeRpcError.from_rpc_error(caught.value)
            assert error.code == grpc.StatusCode.INVALID_ARGUMENT, error
            assert field in dict(error.field_violations), error.field_violations
    assert _version(table) == before


def test_a_negative_count_written_on_the_wire_is_invalid(table: Table, judge: Judge) -> None:
    """000 "Phase 4: Milde Gabe": a number of cards given or discarded is never below 0."""
    table.seats[0].submit(table.game_id, 0, "kick_door", card="elf")
    _raw_refused(table, judge, 0, "end_turn", _varint_field(3, -1), "command.end_turn.discard_unknown")
    gift = _varint_field(1, 1) + _varint_field(3, -2)  # to seat 1, -2 unknown cards
    _raw_refused(table, judge, 0, "end_turn", _message_field(1, gift), "command.end_turn.gifts[0].unknown")


def test_a_negative_die_or_monster_written_on_the_wire_is_invalid(table: Table, judge: Judge) -> None:
    """000 "Verloren!": a run-away roll names a monster of the combat and a die of 1 to 6."""
    table.seats[0].submit(table.game_id, 0, "kick_door", card="gewaltiger-kaefer")
    table.seats[0].submit(table.game_id, 0, "give_up")
    _raw_refused(table, judge, 0, "run_away", _varint_field(2, -1), "command.run_away.die")
    _raw_refused(table, judge, 0, "run_away", _varint_field(1, -1) + _varint_field(2, 3),
                 "command.run_away.monster_index")


def test_an_adjustment_that_leaves_a_negative_hand_is_invalid(table: Table) -> None:
    """000 Goldene Regel: an adjustment's unknown_delta is the API's one signed count; it cannot take
    more unknown cards than the hand holds."""
    _refused(table, 1, _command(1, "record_adjustment", reason="Karte", target_seat=1, unknown_delta=-100),
             "command.record_adjustment.unknown_delta")


@pytest.mark.parametrize(("kind", "fields", "field"), [
    ("kick_door", {}, "command.kick_door.card"),
    ("play_card", {}, "command.play_card.card"),
    ("play_card", {"card": "fluch-verliere-eine-stufe"}, "command.play_card.target_seat"),
    ("reveal_card", {}, "command.reveal_card.card"),
    ("sell_items", {}, "command.sell_items.cards"),
    ("use_ability", {}, "command.use_ability.ability"),
    ("record_adjustment", {"target_seat": 0}, "command.record_adjustment.reason"),
    ("choose_card", {}, "command.choose_card.card"),
    ("give_item", {"to_seat": 1}, "command.give_item.card"),
], ids=["door-without-card", "play-without-card", "curse-without-victim", "reveal-without-card",
        "sale-without-items", "ability-without-name", "adjustment-without-reason", "choice-without-card",
        "gift-without-card"])
def test_a_missing_value_is_invalid(table: Table, kind: str, fields: dict[str, Any], field: str) -> None:
    """A value the action cannot do without (000 "Flüche": a curse has a victim) is named as missing."""
    _refused(table, 0, _command(0, kind, **fields), field)


def test_an_empty_action_oneof_is_invalid(table: Table) -> None:
    _refused(table, 0, pb.Command(command_id="bad-input", seat=0), "command.action")
