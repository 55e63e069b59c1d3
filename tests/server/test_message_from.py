"""``judge.server.messages.message_from`` builds the message
``json_format.ParseDict`` builds: on the views of whole played games, on legal
actions and on arbitrary dicts ``ParseDict`` accepts; and it refuses what
``ParseDict`` refuses."""

from __future__ import annotations

from typing import Any

import pytest
from google.protobuf import json_format
from google.protobuf.message import Message
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.server.convert import action_to_proto
from judge.server.messages import message_from
from judge.v1 import judge_pb2 as pb
from judge.v1 import position_pb2 as ppb
from tests.server.test_view_strict import played_views


def same(data: Any, make: type[Message], refused_alike: bool = True) -> None:
    """``message_from`` and ``ParseDict`` agree on ``data``: the same bytes, or (with
    ``refused_alike``) both refuse it."""
    try:
        expected: Message | None = json_format.ParseDict(data, make())
    except json_format.ParseError:
        expected = None
    if expected is None:
        if refused_alike:
            with pytest.raises(json_format.ParseError):
                message_from(data, make)
        return
    got = message_from(data, make)
    assert got == expected
    assert got.SerializeToString(deterministic=True) == expected.SerializeToString(deterministic=True)


def test_the_views_of_a_played_game_convert_as_parse_dict_converts_them() -> None:
    views = played_views(bytes([5]) * 32, ("shared-victory",))
    assert len(views) > 100 and any("combat" in v for v in views)
    for view in views:
        same(view, pb.GameView)


def test_commands_convert_as_parse_dict_converts_them() -> None:
    from tests.rules.harness import A, Table

    t = Table(4, seed=bytes([9]) * 32, window_ms=0)
    t.do(None, A.Deal())
    actions = [(seat, a) for seat in range(4) for a in t.legal(seat)]
    assert len(actions) > 4
    for seat, action in actions:
        command = action_to_proto(action, seat)
        same(json_format.MessageToDict(command, preserving_proto_field_name=True), pb.Command)
        same(json_format.MessageToDict(command), pb.Command)  # JSON names


def test_what_parse_dict_refuses_is_refused() -> None:
    for data in (
        {"no_such_field": 1},  # an unknown key
        {"version": True},  # a bool for an integer
        {"version": -1},  # out of an unsigned field's range
        {"version": 1.5},  # a fraction for an integer
        {"seats": {"name": "x"}},  # a repeated field not in []
        {"seats": [None]},  # null in a repeated field
        {"status": "NO_SUCH_STATUS"},  # an enum name the enum does not have
        {"draw_piles": {"door": "three"}},  # a map value of another type
        {"state_json": 3},  # a number for a string
    ):
        same(data, pb.GameView)


def test_json_names_and_nulls_read_as_parse_dict_reads_them() -> None:
    same({"stateJson": "{}", "active_seat": None, "version": 7, "drawPiles": {"door": 3}}, pb.GameView)
    same({"status": 2}, pb.GameView)  # an enum number
    same({"version": "12"}, pb.GameView)  # a number in a string: ParseDict's own rule


_keys = st.sampled_from(["version", "status", "active_seat", "seats", "state_json", "draw_piles", "combat",
                         "voided", "open_disputes", "family", "waiting_for_told", "nope", "stateJson"])
_leaf = st.one_of(st.none(), st.booleans(), st.integers(-2**64, 2**64), st.floats(allow_nan=True),
                  st.text(max_size=4), st.sampled_from(["GAME_STATUS_FINISHED", "door", "1"]))
_values = st.recursive(_leaf, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                      st.dictionaries(st.text(max_size=6), inner, max_size=3)),
                       max_leaves=8)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(_keys, _values, max_size=4))
def test_any_dict_parse_dict_accepts_converts_alike(data: dict[str, Any]) -> None:
    # (What ParseDict refuses, message_from may take where the constructor does: an empty
    # list for a map, say; judge/server/messages.py.)
    same(data, pb.GameView, refused_alike=False)


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(st.sampled_from([f.name for f in ppb.Analysis.DESCRIPTOR.fields] + ["x"]), _values,
                       max_size=4))
def test_any_analysis_parse_dict_accepts_converts_alike(data: dict[str, Any]) -> None:
    same(data, ppb.Analysis, refused_alike=False)
