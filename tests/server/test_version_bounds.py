"""Versions a client names are bounded by what a store can count (signed 64
bits): a larger one is a field violation naming the field, never an internal
error, and changes nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import grpc
import pytest

from judge.server.convert import MAX_VERSION
from judge.v1 import judge_pb2 as pb
from judge_client import JudgeRpcError
from tests.server.support import Table

TOO_LARGE = MAX_VERSION + 1  # 2**63: still a valid uint64 on the wire


def _fields_refused(call: Callable[[], Any]) -> list[str]:
    with pytest.raises(JudgeRpcError) as caught:
        call()
    assert caught.value.code == grpc.StatusCode.INVALID_ARGUMENT
    return [f for f, _ in caught.value.field_violations]


def test_a_version_beyond_64_bits_is_a_field_violation_on_every_rpc(table: Table) -> None:
    org, game = table.organizer, table.game_id
    before = org.get_view(game).view.version
    assert _fields_refused(lambda: org.get_view(game, at_version=TOO_LARGE)) == ["at_version"]
    assert _fields_refused(lambda: list(org.replay(game, from_version=TOO_LARGE))) == ["from_version"]
    assert _fields_refused(lambda: list(org.replay(game, from_version=1, to_version=TOO_LARGE))) == ["to_version"]
    assert _fields_refused(lambda: list(org.watch(game, after_version=TOO_LARGE, timeout=30))) == ["after_version"]
    assert _fields_refused(lambda: org.open_dispute(game, 0, TOO_LARGE, "too late")) == ["event_version"]
    command = pb.Command(command_id="c-too-late", seat=0, expected_version=TOO_LARGE,
                         end_turn=pb.EndTurn())
    assert _fields_refused(lambda: table.seats[0].submit_command(game, command)) == ["command.expected_version"]
    assert org.get_view(game).view.version == before
    # The largest version there can be is an ordinary "no such version".
    assert _fields_refused(lambda: org.get_view(game, at_version=MAX_VERSION)) == ["at_version"]
