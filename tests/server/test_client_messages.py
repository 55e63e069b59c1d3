"""The client library builds commands from plain values through
``google.protobuf.json_format`` (clients/python/judge_client/messages.py),
used against a real judge on loopback: values as a command line types them
(numbers and enum words as text, lists as comma-separated text) reach the
judge as the same command as typed values; a value of the wrong type or an
unknown field is a ``ValueError`` naming the field before anything is sent.
Rules seed 000 (Munchkin), "Gegenstände verkaufen": nothing is sold during a
combat."""

from __future__ import annotations

import pytest

from judge_client import JudgeRpcError
from judge_client.messages import command_of, fill_message
from judge.v1 import judge_pb2 as pb
from tests.server.support import Table


def test_text_values_reach_the_judge_as_typed_values(table: Table) -> None:
    anna = table.seats[0]
    door = anna.submit(table.game_id, 0, "kick_door", card="topfpflanze")
    assert door.version == 2
    typed = command_of(0, "play_card", {"card": "trank-der-idiotischen-tapferkeit", "side": "players"})
    texted = command_of(0, "play_card", {"card": "trank-der-idiotischen-tapferkeit", "side": "SIDE_PLAYERS",
                                         "from_table": "no"})
    typed.play_card.from_table = False
    assert texted.play_card == typed.play_card
    assert command_of(0, "play_card", {"card": "x", "target_seat": "2"}).play_card.target_seat == 2
    texted.command_id = "messages-text-1"
    played = anna.submit_command(table.game_id, texted)
    assert played.version == 3
    # A list as comma-separated text: the ruling of a sale during combat.
    with pytest.raises(JudgeRpcError) as refused:
        anna.submit(table.game_id, 0, "sell_items", cards="flammende-ruestung, stiefel-des-ordentlichen-tretens")
    assert refused.value.rule_id == "munchkin.sell.not-during-combat"


@pytest.mark.parametrize(("fields", "named"), [
    ({"target_seat": "zwei"}, "target_seat"),
    ({"side": "moon"}, "Side"),
    ({"from_table": "maybe"}, "from_table"),
    ({"nope": 1}, "nope"),
])
def test_a_wrong_value_is_a_value_error_naming_the_field(fields: dict[str, object], named: str) -> None:
    with pytest.raises(ValueError) as error:
        command_of(0, "play_card", {"card": "x", **fields})
    assert named in str(error.value)


def test_nested_messages_and_maps_from_dicts_and_json_text() -> None:
    spec = fill_message(pb.SeatSpec(), {"name": "Anna", "traits": '{"sex": "female"}'})
    assert spec.name == "Anna" and dict(spec.traits) == {"sex": "female"}
    assert fill_message(pb.SeatSpec(), {"name": None}) == pb.SeatSpec()
