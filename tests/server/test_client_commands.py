"""Building commands in the client library from plain values, including the
text a command line gives (``--arg key=value``)."""

from __future__ import annotations

import pytest

from judge.rules.engine import action_table

ACTIONS = action_table("munchkin")
from judge_client import ACTION_KINDS, build_command

from judge.v1 import judge_pb2 as pb


def test_the_client_can_send_every_action_the_rules_know() -> None:
    """Every action class of the rules has its field in Command.action (the
    other direction is tests/server/test_convert.py)."""
    assert set(ACTIONS) <= set(ACTION_KINDS)


def test_python_values() -> None:
    command = build_command(
        2, "play_card", command_id="c-1", expected_version=7, card="wuetend", monster_index=0, side="monsters"
    )
    assert (command.command_id, command.seat, command.expected_version) == ("c-1", 2, 7)
    assert command.play_card.HasField("monster_index") and command.play_card.monster_index == 0
    assert command.play_card.side == pb.SIDE_MONSTERS
    assert not command.play_card.HasField("target_seat")


def test_command_line_text_is_coerced_by_field_type() -> None:
    play = build_command(0, "play_card", card="x", target_seat="1", side="SIDE_PLAYERS", from_table="yes")
    assert (play.play_card.target_seat, play.play_card.side, play.play_card.from_table) == (
        1,
        pb.SIDE_PLAYERS,
        True,
    )
    sell = build_command(0, "sell_items", cards="a, b,c")
    assert list(sell.sell_items.cards) == ["a", "b", "c"]
    listed = build_command(0, "sell_items", cards='["a,1", "b"]')
    assert list(listed.sell_items.cards) == ["a,1", "b"]


def test_nested_messages_from_dicts_or_json() -> None:
    end = build_command(0, "end_turn", gifts=[{"to_seat": 1, "cards": ["a"], "unknown": 2}], discard=["b"])
    [gift] = end.end_turn.gifts
    assert (gift.to_seat, list(gift.cards), gift.unknown) == (1, ["a"], 2)
    help_ = build_command(0, "ask_for_help", helper="2", bribe='{"items": ["x"], "treasures": 1}')
    assert list(help_.ask_for_help.bribe.items) == ["x"] and help_.ask_for_help.bribe.treasures == 1


def test_an_action_without_fields_is_still_set() -> None:
    assert build_command(0, "loot_room").WhichOneof("action") == "loot_room"


@pytest.mark.parametrize(
    ("kind", "fields", "message"),
    [
        ("fly", {}, "unknown action kind"),
        ("kick_door", {"colour": "red"}, "has no field 'colour'"),
        ("run_away", {"die": "six"}, "not a whole number"),
        ("run_away", {"die": True}, "expected a number"),
        ("set_item_in_use", {"card": "x", "in_use": "maybe"}, "not a boolean"),
        ("play_card", {"card": "x", "side": "dragons"}, "not a Side"),
    ],
)
def test_mistakes_are_value_errors_naming_the_problem(kind: str, fields: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        build_command(0, kind, **fields)
