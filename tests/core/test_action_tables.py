"""Each ruleset family owns its action table (issue 8, part 1): two families
may define the same action kind with different fields, a kind defined twice
within one family is refused at import, and commands decode against the
family they are judged by."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import pytest

from judge.rules.engine import Action, Command, action_table
from judge.rules.ruling import Malformed
from judge.rulesets.munchkin import actions as munchkin


@dataclass(frozen=True)
class OtherAction(Action, family="test-other"):
    """Base of a second family, defined here."""


@dataclass(frozen=True)
class OtherEndTurn(OtherAction):
    """A second ``end_turn`` with fields of its own."""

    kind: ClassVar[str] = "end_turn"
    draw: int = 0


def test_two_families_share_an_action_name_with_their_own_fields() -> None:
    assert action_table("munchkin")["end_turn"] is munchkin.EndTurn
    assert action_table("test-other")["end_turn"] is OtherEndTurn
    assert Action.from_dict({"kind": "end_turn", "draw": 2}, "test-other") == OtherEndTurn(draw=2)
    assert isinstance(Action.from_dict({"kind": "end_turn", "discard_unknown": 1}, "munchkin"), munchkin.EndTurn)


def test_a_kind_decodes_only_with_its_own_familys_fields() -> None:
    with pytest.raises(Malformed) as caught:
        Action.from_dict({"kind": "end_turn", "draw": 2}, "munchkin")
    assert caught.value.field == "action"
    with pytest.raises(Malformed):
        Action.from_dict({"kind": "kick_door", "card": "x"}, "test-other")


def test_commands_decode_against_a_family() -> None:
    command = Command(1, OtherEndTurn(draw=3))
    assert Command.from_dict(command.to_dict(), "test-other") == command


def test_a_kind_twice_in_one_family_is_refused_at_import() -> None:
    with pytest.raises(TypeError, match="twice"):
        @dataclass(frozen=True)
        class AnotherEndTurn(OtherAction):
            kind: ClassVar[str] = "end_turn"


def test_an_action_without_a_family_is_refused() -> None:
    with pytest.raises(TypeError, match="no family"):
        @dataclass(frozen=True)
        class Stray(Action):
            kind: ClassVar[str] = "stray"


def test_the_family_name_is_not_an_action_field() -> None:
    assert munchkin.KickDoor(card="x").to_dict() == {"kind": "kick_door", "card": "x"}
    assert munchkin.KickDoor.family == "munchkin"
    assert "family" not in action_table("munchkin")
