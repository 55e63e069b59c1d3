"""A malformed request, a refused permission and an unknown card are answered in the caller's language
(``accept-language``), and in German and English as ``LocalizedMessage`` details, as rulings are (issue 28:
"Server messages in the caller's language")."""

from __future__ import annotations

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from judge.v1 import judge_pb2 as pb
from judge_client import JudgeClient
from judge_client.errors import JudgeRpcError
from tests.server.support import SAFETY_TIMEOUT_S, SEATS, Judge


def test_a_wrong_seat_count_is_said_in_german_with_its_field(judge: Judge) -> None:
    with JudgeClient(judge.target, language="de", timeout=SAFETY_TIMEOUT_S) as client:
        with pytest.raises(JudgeRpcError) as caught:
            client.create_game("munchkin", SEATS[:2])
    error = caught.value
    assert error.code == grpc.StatusCode.INVALID_ARGUMENT
    assert error.field_violations == [("seats", "munchkin wird von 3 bis 6 Spielern gespielt, angegeben: 2")]
    assert "munchkin wird von 3 bis 6 Spielern gespielt" in error.message
    with JudgeClient(judge.target, language="en", timeout=SAFETY_TIMEOUT_S) as client:
        with pytest.raises(JudgeRpcError) as caught:
            client.create_game("munchkin", SEATS[:2])
    assert caught.value.field_violations == [("seats", "munchkin is played by 3 to 6 players, got 2")]


def test_every_language_comes_as_a_localized_message(judge: Judge) -> None:
    channel = grpc.insecure_channel(judge.target)
    try:
        from judge.v1 import judge_pb2_grpc

        stub = judge_pb2_grpc.JudgeServiceStub(channel)
        setup = pb.CreateGameRequest(ruleset="monkic")
        setup.seats.add(name="Mia")
        with pytest.raises(grpc.RpcError) as caught:
            stub.CreateGame(setup, metadata=[("accept-language", "de")], timeout=SAFETY_TIMEOUT_S)
    finally:
        channel.close()
    status = rpc_status.from_call(caught.value)  # type: ignore[arg-type]
    assert status is not None
    said = {}
    for detail in status.details:
        if detail.Is(error_details_pb2.LocalizedMessage.DESCRIPTOR):
            message = error_details_pb2.LocalizedMessage()
            detail.Unpack(message)
            said[message.locale] = message.message
    assert said == {"en": "seats: monkic is played by exactly 2 players, got 1",
                    "de": "seats: monkic wird von genau 2 Spielern gespielt, angegeben: 1"}


def test_a_permission_refused_is_said_in_german(judge: Judge) -> None:
    with JudgeClient(judge.target, timeout=SAFETY_TIMEOUT_S) as client:
        game = client.create_game("munchkin", SEATS)
        spectator = JudgeClient(judge.target, game.spectator_token, "de", SAFETY_TIMEOUT_S)
        try:
            with pytest.raises(JudgeRpcError) as caught:
                spectator.rotate_token(game.game_id, "seat", 0)
        finally:
            spectator.close()
    assert caught.value.code == grpc.StatusCode.PERMISSION_DENIED
    assert caught.value.message == "nur die Spielleitung darf Tokens erneuern", caught.value.message


def test_an_unknown_game_and_an_unknown_card_are_said_in_german(judge: Judge) -> None:
    with JudgeClient(judge.target, language="de", timeout=SAFETY_TIMEOUT_S) as client:
        game = client.create_game("munchkin", SEATS, interference_window_ms=0)
        with pytest.raises(JudgeRpcError) as caught:
            client.with_token(game.organizer_token).get_view("00000000-0000-0000-0000-000000000000")
        assert caught.value.code == grpc.StatusCode.NOT_FOUND
        assert caught.value.message == "kein Spiel mit der Id '00000000-0000-0000-0000-000000000000'"
        anna = client.with_token(game.seat_tokens[0].token)
        with pytest.raises(JudgeRpcError) as unknown:
            anna.submit(game.game_id, 0, "kick_door", card="Topfplanze")
    assert unknown.value.code == grpc.StatusCode.INVALID_ARGUMENT
    [(field, said)] = unknown.value.field_violations
    assert said.startswith("unbekannte Karte 'Topfplanze'; meintest du topfpflanze"), said
