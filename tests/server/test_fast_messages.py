"""``message_from`` builds the message ``json_format.ParseDict`` builds: by the
constructor where that gives the same message, by ``ParseDict`` (with its own
errors) wherever the constructor refuses the data or could read it otherwise.
(Over whole games: tests/app/test_view_cache.py.)"""

from __future__ import annotations

import base64
from typing import Any

import pytest
from google.protobuf import json_format

from judge.server.messages import is_plain, merge_from, message_from
from judge.v1 import judge_pb2 as pb


def parsed(data: dict[str, Any], message_type: Any) -> Any:
    return json_format.ParseDict(dict(data), message_type())


@pytest.mark.parametrize("data", [
    {"game_id": "g", "version": 7, "status": "GAME_STATUS_ACTIVE", "variants": ["a"], "voided": ["1-2"]},
    {"gameId": "g", "rulesVersion": "munchkin@1"},  # JSON names: the constructor refuses them
    {"version": "12"},  # an integer as a string: ParseDict reads it, the constructor refuses it
    {"version": 3.0},  # an integral float likewise
    {"game_id": "g", "combat": None},  # null clears, as in ParseDict
])
def test_the_message_is_the_one_parse_dict_builds(data: dict[str, Any]) -> None:
    assert message_from(data, pb.GameView) == parsed(data, pb.GameView)


def test_an_unknown_key_is_still_an_error() -> None:
    """A key of the view with no field is an error, never dropped (docs/architecture.md)."""
    with pytest.raises(json_format.ParseError):
        message_from({"game_id": "g", "no_such_field": 1}, pb.GameView)


def test_bytes_fields_go_through_parse_dict() -> None:
    """ParseDict reads ``bytes`` as base64; the constructor would not: such types never take it."""
    assert not is_plain(pb.Receipt.DESCRIPTOR)
    assert is_plain(pb.GameView.DESCRIPTOR)
    data = {"game_id": "g", "signature": base64.b64encode(b"\x01\x02").decode()}
    assert message_from(data, pb.Receipt).signature == b"\x01\x02"


def test_merge_from_fills_a_sub_message() -> None:
    out = pb.AskPositionResponse()
    merge_from({"breakdowns": []}, out.analysis)
    assert out.analysis == parsed({"breakdowns": []}, type(out.analysis))
