"""Every row of the exception -> status table (judge/server/errors.py), over a
real connection, with the rich error details a client relies on."""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import TypeVar

import grpc
import pytest
from google.protobuf.message import Message
from google.rpc import error_details_pb2, status_pb2
from grpc_status import rpc_status

from judge.rules.ruling import RULES
from judge.v1 import judge_pb2 as pb
from judge_client import JudgeClient, JudgeRpcError
from tests.server.support import SAFETY_TIMEOUT_S, SEATS, Table, open_table, running_judge


def raw_status(error: JudgeRpcError) -> status_pb2.Status:
    """The google.rpc.Status the server sent, read from the raw call."""
    assert isinstance(error.__cause__, grpc.RpcError)
    status = rpc_status.from_call(error.__cause__)
    assert status is not None, "the server sent no grpc-status-details-bin trailer"
    return status


M = TypeVar("M", bound=Message)


def unpack(status: status_pb2.Status, kind: type[M]) -> list[M]:
    found: list[M] = []
    for detail in status.details:
        if detail.Is(kind.DESCRIPTOR):
            message = kind()
            detail.Unpack(message)
            found.append(message)
    return found


# --------------------------------------------------------------------------- FAILED_PRECONDITION


def test_rule_violation_is_failed_precondition_with_the_ruling(table: Table) -> None:
    """munchkin.turn.not-your-turn: seat 1 kicks the door in seat 0's turn."""
    with pytest.raises(JudgeRpcError) as caught:
        table.seats[1].submit(table.game_id, 1, "kick_door", card="elf")
    error = caught.value
    rule = RULES["munchkin.turn.not-your-turn"]
    assert error.code == grpc.StatusCode.FAILED_PRECONDITION
    assert error.rule_id == rule.rule_id

    status = raw_status(error)
    assert status.code == grpc.StatusCode.FAILED_PRECONDITION.value[0]
    [info] = unpack(status, error_details_pb2.ErrorInfo)
    assert info.reason == rule.rule_id
    assert info.domain == "judge"
    assert info.metadata["source"] == rule.citation.source
    assert info.metadata["section"] == rule.citation.section
    assert info.metadata["quote"] == rule.citation.quote
    assert "legal_when" in info.metadata
    localized = {m.locale: m.message for m in unpack(status, error_details_pb2.LocalizedMessage)}
    assert set(localized) == {"de", "en"}
    assert status.message == localized["en"]

    assert error.ruling is not None
    assert error.ruling.source == rule.citation.source
    assert error.ruling.explanation_de == localized["de"]
    assert error.ruling.explanation_en == localized["en"]


def test_ruling_message_is_in_the_callers_language(table: Table) -> None:
    german = JudgeClient(
        table.seats[1].target, table.game.seat_tokens[1].token, language="de", timeout=SAFETY_TIMEOUT_S
    )
    with german, pytest.raises(JudgeRpcError) as caught:
        german.submit(table.game_id, 1, "kick_door", card="elf")
    error = caught.value
    assert error.rule_id == "munchkin.turn.not-your-turn"
    assert error.ruling is not None
    assert error.message == error.ruling.explanation_de
    assert error.ruling.explanation == error.ruling.explanation_de
    assert error.ruling.explanation_de != error.ruling.explanation_en


def test_rejection_records_nothing(table: Table) -> None:
    before = table.organizer.get_view(table.game_id).view.version
    with pytest.raises(JudgeRpcError):
        table.seats[2].submit(table.game_id, 2, "loot_room")
    assert table.organizer.get_view(table.game_id).view.version == before


# --------------------------------------------------------------------------- INVALID_ARGUMENT


def violations(error: JudgeRpcError) -> dict[str, str]:
    [bad] = unpack(raw_status(error), error_details_pb2.BadRequest)
    found = {v.field: v.description for v in bad.field_violations}
    assert found == dict(error.field_violations)
    return found


def test_command_without_action_is_invalid(table: Table) -> None:
    with pytest.raises(JudgeRpcError) as caught:
        table.seats[0].submit_command(table.game_id, pb.Command(command_id="c-1", seat=0))
    assert caught.value.code == grpc.StatusCode.INVALID_ARGUMENT
    assert "command.action" in violations(caught.value)


def test_all_violations_of_a_request_are_reported_together(table: Table) -> None:
    command = pb.Command(command_id="x" * 129, seat=1000)
    command.play_card.card = "elf"
    command.play_card.side = 7  # type: ignore[assignment]  # not a Side
    with pytest.raises(JudgeRpcError) as caught:
        table.seats[0].submit_command(table.game_id, command)
    assert caught.value.code == grpc.StatusCode.INVALID_ARGUMENT
    assert {"command.command_id", "command.seat", "command.play_card.side"} <= set(violations(caught.value))


def test_seat_not_at_the_table_is_invalid(table: Table) -> None:
    """The game has three seats; seat 5 is reported by its field."""
    with pytest.raises(JudgeRpcError) as caught:
        table.organizer.legal_actions(table.game_id, 5)
    assert caught.value.code == grpc.StatusCode.INVALID_ARGUMENT
    assert "seat" in violations(caught.value)
    with pytest.raises(JudgeRpcError) as caught:
        table.organizer.ask(table.game_id, 5, "kick_door", card="elf")
    assert caught.value.code == grpc.StatusCode.INVALID_ARGUMENT
    assert "command.seat" in violations(caught.value)


def test_unknown_card_is_invalid_with_the_field_path(table: Table) -> None:
    with pytest.raises(JudgeRpcError) as caught:
        table.seats[0].submit(table.game_id, 0, "kick_door", card="no-such-card")
    assert caught.value.code == grpc.StatusCode.INVALID_ARGUMENT
    assert "command.kick_door.card" in violations(caught.value)


def test_bad_game_setup_names_each_field(client: JudgeClient) -> None:
    request = pb.CreateGameRequest(
        ruleset="munchkin",
        seats=[
            pb.SeatSpec(name="", sex=pb.SEX_FEMALE),
            pb.SeatSpec(name="Ben", sex=9),  # type: ignore[arg-type]  # not a Sex
            pb.SeatSpec(name="Cem", sex=pb.SEX_MALE),
        ],
        mode=9,  # type: ignore[arg-type]  # not a TableMode
        custom_cards=[pb.CardDefinition(json="{not json")],
    )
    with pytest.raises(grpc.RpcError) as caught:
        client._stub.CreateGame(request, timeout=SAFETY_TIMEOUT_S)
    error = JudgeRpcError.from_rpc_error(caught.value)
    assert error.code == grpc.StatusCode.INVALID_ARGUMENT
    assert {"seats[0].name", "seats[1].sex", "mode", "custom_cards[0].json"} <= {
        f for f, _ in error.field_violations
    }


def test_ruleset_setup_rules_are_invalid_argument(client: JudgeClient) -> None:
    """Two seats are too few for munchkin: the ruleset's own validation."""
    with pytest.raises(JudgeRpcError) as caught:
        client.create_game("munchkin", SEATS[:2])
    assert caught.value.code == grpc.StatusCode.INVALID_ARGUMENT
    assert caught.value.field_violations


def test_empty_game_id_is_invalid(table: Table) -> None:
    with pytest.raises(JudgeRpcError) as caught:
        table.organizer.get_view("")
    assert caught.value.code == grpc.StatusCode.INVALID_ARGUMENT
    assert "game_id" in violations(caught.value)


# --------------------------------------------------------------------------- NOT_FOUND


def test_unknown_game_is_not_found(table: Table) -> None:
    with pytest.raises(JudgeRpcError) as caught:
        table.organizer.get_view(str(uuid.uuid4()))
    assert caught.value.code == grpc.StatusCode.NOT_FOUND


def test_unknown_dispute_is_not_found(table: Table) -> None:
    with pytest.raises(JudgeRpcError) as caught:
        table.organizer.resolve_dispute(table.game_id, 42, uphold=False)
    assert caught.value.code == grpc.StatusCode.NOT_FOUND


# --------------------------------------------------------------------------- UNAUTHENTICATED


def test_missing_token_is_unauthenticated(table: Table, client: JudgeClient) -> None:
    with pytest.raises(JudgeRpcError) as caught:
        client.get_view(table.game_id)
    assert caught.value.code == grpc.StatusCode.UNAUTHENTICATED


def test_wrong_token_is_unauthenticated(table: Table, client: JudgeClient) -> None:
    with pytest.raises(JudgeRpcError) as caught:
        client.with_token("not-a-token").submit(table.game_id, 0, "kick_door", card="elf")
    assert caught.value.code == grpc.StatusCode.UNAUTHENTICATED
    assert "not-a-token" not in caught.value.message


def test_another_games_token_is_unauthenticated(table: Table, client: JudgeClient) -> None:
    other = open_table(client)
    with pytest.raises(JudgeRpcError) as caught:
        other.organizer.get_view(table.game_id)
    assert caught.value.code == grpc.StatusCode.UNAUTHENTICATED


# --------------------------------------------------------------------------- PERMISSION_DENIED


def test_acting_for_another_seat_is_permission_denied(table: Table) -> None:
    with pytest.raises(JudgeRpcError) as caught:
        table.seats[1].submit(table.game_id, 0, "kick_door", card="elf")
    assert caught.value.code == grpc.StatusCode.PERMISSION_DENIED


def test_spectator_cannot_act(table: Table) -> None:
    with pytest.raises(JudgeRpcError) as caught:
        table.spectator.submit(table.game_id, 0, "kick_door", card="elf")
    assert caught.value.code == grpc.StatusCode.PERMISSION_DENIED


def test_only_the_organizer_resolves_disputes(table: Table) -> None:
    table.seats[0].submit(table.game_id, 0, "kick_door", card="elf")
    dispute = table.seats[1].open_dispute(table.game_id, 1, 2, "that was not an elf").dispute
    with pytest.raises(JudgeRpcError) as caught:
        table.seats[1].resolve_dispute(table.game_id, dispute.dispute_id, uphold=True)
    assert caught.value.code == grpc.StatusCode.PERMISSION_DENIED


# --------------------------------------------------------------------------- ABORTED


def test_stale_expected_version_is_aborted(table: Table) -> None:
    version = table.seats[0].get_view(table.game_id).view.version
    table.seats[0].submit(table.game_id, 0, "kick_door", card="elf", expected_version=version)
    with pytest.raises(JudgeRpcError) as caught:
        table.seats[0].submit(table.game_id, 0, "loot_room", expected_version=version)
    error = caught.value
    assert error.code == grpc.StatusCode.ABORTED
    assert error.error_info is not None
    assert error.error_info.reason == "VERSION_CONFLICT"
    assert error.error_info.metadata["expected_version"] == str(version)
    assert error.error_info.metadata["actual_version"] == str(version + 1)


# --------------------------------------------------------------------------- RESOURCE_EXHAUSTED


def test_watch_streams_beyond_the_limit_are_resource_exhausted(tmp_path: Path) -> None:
    """A judge serving one Watch stream at a time answers a second one at once."""
    with running_judge(tmp_path / "judge.sqlite3", max_workers=4, max_streams=1) as judge, \
            JudgeClient(judge.target, timeout=SAFETY_TIMEOUT_S) as client:
        table = open_table(client)
        with table.spectator.watch(table.game_id, timeout=SAFETY_TIMEOUT_S) as first:
            assert next(first).event.version == 1  # the stream holds the one slot now
            second = table.spectator.watch(table.game_id, timeout=SAFETY_TIMEOUT_S)
            with pytest.raises(JudgeRpcError) as caught:
                next(second)
            assert caught.value.code == grpc.StatusCode.RESOURCE_EXHAUSTED


# --------------------------------------------------------------------------- DATA_LOSS / import


def test_unreadable_record_is_rejected_by_field(admin: JudgeClient) -> None:
    with pytest.raises(JudgeRpcError) as caught:
        admin.import_game("this is not a record\n")
    assert caught.value.code == grpc.StatusCode.INVALID_ARGUMENT
    assert "record" in dict(caught.value.field_violations)
