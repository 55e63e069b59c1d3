"""Malformed monkic commands (issue 8): every ``MonkicAction`` a client can
build, with wrong, missing or out-of-range values, is answered with a
ruling (FAILED_PRECONDITION, a ``monkic.*`` rule id) or with
INVALID_ARGUMENT whose field violations name fields that exist in the
request (``command.monkic.attack.dice`` ...), and changes nothing; the
server never fails. Checked with seeded hypothesis cases against a reported
table in round 2 (attacks possible) and a dealt one, through Ask and Submit,
plus the seed's (002) own numbers for the named cases."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import grpc
import pytest
from google.protobuf.descriptor import Descriptor, FieldDescriptor
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.v1 import judge_pb2 as pb
from judge.v1 import monkic_pb2 as mpb
from judge_client import JudgeClient, JudgeRpcError
from tests.server.monkic_support import open_monkic, opened
from tests.server.support import SAFETY_TIMEOUT_S, Table

CASES = 400
IDS = [f"c{i}" for i in range(1, 20)] + ["c999", "", "drache", "joker", "superpower", "elemente", "pings"]


def in_round_two(client: JudgeClient) -> tuple[Table, list[list[str]]]:
    """A reported table at round 2, Mia to play, each seat with one hand card
    (Mia's Drache, Tom's Roboter) and its other cards on the table."""
    table, ids = opened(client)
    gid = table.game_id
    for seat in (0, 1):
        table.seats[seat].submit(gid, seat, "take_to_hand", card=ids[seat][0])
        table.seats[seat].submit(gid, seat, "end_turn")
    return table, ids


def resolves(path: str) -> bool:
    """True if ``path`` (e.g. ``command.monkic.attack.dice[0]``) names a
    field (or the oneof ``action``) of a SubmitRequest."""
    descriptor: Descriptor = pb.SubmitRequest.DESCRIPTOR
    parts = re.sub(r"\[\d+\]", "", path).split(".")
    for i, part in enumerate(parts):
        last = i == len(parts) - 1
        field = descriptor.fields_by_name.get(part)
        if field is None:
            return last and part in descriptor.oneofs_by_name
        if field.message_type is None:
            return last
        descriptor = field.message_type
    return True


@st.composite
def monkic_actions(draw: st.DrawFn) -> mpb.MonkicAction:
    """Any MonkicAction: one action kind, each field with a plausible or a wrong value."""
    action = mpb.MonkicAction()
    kind = draw(st.sampled_from(list(mpb.MonkicAction.DESCRIPTOR.oneofs_by_name["action"].fields)))
    message = getattr(action, kind.name)
    message.SetInParent()
    for field in kind.message_type.fields:
        if not draw(st.booleans()):
            continue
        value: st.SearchStrategy[Any]
        if field.type == FieldDescriptor.TYPE_STRING:
            value = st.one_of(st.sampled_from(IDS), st.text(max_size=20))
        elif field.type == FieldDescriptor.TYPE_BOOL:
            value = st.booleans()
        elif field.type == FieldDescriptor.TYPE_ENUM:
            value = st.integers(-1, 3)
        else:
            value = st.one_of(st.integers(0, 8), st.integers(0, 2**32 - 1))
        if field.is_repeated:
            getattr(message, field.name).extend(draw(st.lists(value, max_size=draw(st.sampled_from([2, 7, 70])))))
        else:
            setattr(message, field.name, draw(value))
    return action


@pytest.fixture(scope="module")
def tables(judge: Any) -> Iterator[list[Table]]:
    with JudgeClient(judge.target, timeout=SAFETY_TIMEOUT_S) as client:
        yield [in_round_two(client)[0], open_monkic(client, mode="dealt")]


def test_any_monkic_command_is_answered_with_a_ruling_or_named_fields(tables: list[Table]) -> None:
    answers: dict[str, int] = {}

    @settings(max_examples=CASES, derandomize=True, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(which=st.integers(0, 1), action=monkic_actions(), submit=st.integers(0, 9))
    def run(which: int, action: mpb.MonkicAction, submit: int) -> None:
        table = tables[which]
        gid = table.game_id
        before = table.organizer.get_view(gid).view
        seat = before.monkic.pending[0].seat if before.monkic.pending else before.active_seat
        command = pb.Command(command_id=f"fuzz-{sum(answers.values())}-{which}", seat=seat, monkic=action)
        client = table.seats[seat]
        try:
            if submit == 0:
                client.submit_command(gid, command)
                answers["accepted"] = answers.get("accepted", 0) + 1
                return
            asked = client.ask_command(gid, command)
            if not asked.allowed:
                assert asked.ruling.rule_id.startswith("monkic."), asked.ruling
            answers["allowed" if asked.allowed else "ruled"] = answers.get("allowed" if asked.allowed else "ruled", 0) + 1
        except JudgeRpcError as e:
            assert e.code in (grpc.StatusCode.INVALID_ARGUMENT, grpc.StatusCode.FAILED_PRECONDITION), e
            if e.code == grpc.StatusCode.INVALID_ARGUMENT:
                assert e.field_violations, e
                for path, _ in e.field_violations:
                    assert path.startswith("command.") and resolves(path), (path, e)
            else:
                assert e.rule_id.startswith("monkic."), e
            answers[e.code.name] = answers.get(e.code.name, 0) + 1
            assert table.organizer.get_view(gid).view.version == before.version  # nothing recorded

    run()
    assert answers.get("INVALID_ARGUMENT", 0) > 50 and answers.get("ruled", 0) + answers.get("FAILED_PRECONDITION", 0) > 20
    for table in tables:
        assert table.organizer.audit(table.game_id).clean


def test_named_malformed_commands(client: JudgeClient) -> None:
    """Each names its field in the monkic section: a die shows 1 to 6 (002
    Angriff und Verteidigung), the Drache rolls one die, only SuperPower may
    survive its card (002 SuperPower), Joker in Hand searches a joker, a
    dealt table's judge draws itself."""
    table, ids = in_round_two(client)
    gid, mia = table.game_id, table.seats[0]
    drache, roboter = ids[0][0], ids[1][0]
    cases = [
        (dict(kind="attack", card=drache, targets=[roboter], dice=[7], defence_dice=[1]), "command.monkic.attack.dice"),
        (dict(kind="attack", card=drache, targets=[roboter], dice=[3, 4], defence_dice=[1]),
         "command.monkic.attack.dice"),
        (dict(kind="attack", card=drache, targets=[roboter], dice=[3], defence_dice=[0]),
         "command.monkic.attack.defence_dice"),
        (dict(kind="attack", card=drache, targets=["c999"], dice=[3], defence_dice=[1]),
         "command.monkic.attack.targets[0]"),
        (dict(kind="protect", guard=ids[0][1], card=drache, sacrifice_guard=False), "command.monkic.protect.sacrifice_guard"),
        (dict(kind="draw", card="kein-monster"), "command.monkic.draw.card"),
        (dict(kind="attack", card=drache, targets=[roboter], dice=[3], defence_dice=[1], place="MONKIC_PLACE_UNSPECIFIED"),
         "command.monkic.attack.place"),
    ]
    version = table.organizer.get_view(gid).view.version
    for fields, field in cases:
        kind = fields.pop("kind")
        with pytest.raises(JudgeRpcError) as info:
            mia.submit(gid, 0, kind, **fields)
        assert info.value.code == grpc.StatusCode.INVALID_ARGUMENT, (kind, fields)
        assert info.value.field_violations[0][0] == field, (info.value.field_violations, field)
    assert table.organizer.get_view(gid).view.version == version
    reported = open_monkic(client)
    with pytest.raises(JudgeRpcError) as info:
        reported.seats[0].submit(reported.game_id, 0, "report_opening", cards=["drache"] * 6)
    assert info.value.field_violations[0][0] == "command.monkic.report_opening.cards"
    dealt = open_monkic(client, mode="dealt")
    with pytest.raises(JudgeRpcError) as info:
        dealt.seats[0].submit(dealt.game_id, 0, "draw", card="drache")
    assert info.value.field_violations[0][0] == "command.monkic.draw.card"
