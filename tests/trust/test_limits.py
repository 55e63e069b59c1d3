"""Hostile input: every limit answers INVALID_ARGUMENT or RESOURCE_EXHAUSTED
naming the limit, and the server goes on serving."""

from __future__ import annotations

import time
from pathlib import Path

import grpc
import pytest

from judge.app import JudgeApp
from judge.common.errors import InvalidArgument, ResourceExhausted
from judge.rules.engine import GameSetup, SeatSetup
from judge.server.interceptors import RateLimit, RateLimiter
from judge.v1 import judge_pb2 as pb
from judge_client import JudgeClient, JudgeRpcError
from tests.server.support import SAFETY_TIMEOUT_S, Judge, Table, open_table
from tests.trust.conftest import trust_judge

SETUP = GameSetup("munchkin", (), (SeatSetup("A", {"sex": "male"}), SeatSetup("B", {"sex": "female"}), SeatSetup("C", {"sex": "male"})),
                  {}, "reported")


def failure(call) -> JudgeRpcError:  # type: ignore[no-untyped-def]
    with pytest.raises(JudgeRpcError) as caught:
        call()
    return caught.value


@pytest.mark.parametrize(("kind", "fields", "field"), [
    ("kick_door", {"card": "x" * 129}, "command.kick_door.card"),
    ("sell_items", {"cards": ["elf"] * 65}, "command.sell_items.cards"),
    ("run_away", {"monster_index": 1001, "die": 3}, "command.run_away.monster_index"),
    ("play_card", {"card": "elf", "target_seat": 99}, "command.play_card.target_seat"),
    ("record_adjustment", {"reason": "r" * 1001}, "command.record_adjustment.reason"),
    ("end_turn", {"gifts": [{"to_seat": 1, "unknown": 1}] * 65}, "command.end_turn.gifts"),
])
def test_lengths_and_ranges_are_invalid_arguments(table: Table, kind: str, fields: dict, field: str) -> None:
    error = failure(lambda: table.seats[0].submit(table.game_id, 0, kind, **fields))
    assert error.code == grpc.StatusCode.INVALID_ARGUMENT
    assert field in dict(error.field_violations)
    assert table.organizer.get_view(table.game_id).view.version == 1


def test_ids_names_and_texts(client: JudgeClient, table: Table) -> None:
    error = failure(lambda: table.seats[0].submit(table.game_id, 0, "loot_room", command_id="c" * 129))
    assert "command.command_id" in dict(error.field_violations)
    error = failure(lambda: client.create_game("munchkin", ["A" * 65 + ":male", "B:male", "C:male"]))
    assert "seats[0].name" in dict(error.field_violations)
    error = failure(lambda: table.seats[0].open_dispute(table.game_id, 0, 1, "r" * 1001))
    assert "reason" in dict(error.field_violations)
    error = failure(lambda: client.with_token("t").get_view("g" * 129))
    assert error.code == grpc.StatusCode.INVALID_ARGUMENT and "game_id" in dict(error.field_violations)


def test_reserved_objects_never_reach_the_store() -> None:
    """An object the event store's JSON would read back as another type
    (``{"_type_": ..., "_data_": ...}``) is refused before it is stored."""
    from judge.domain.game import check_storable

    with pytest.raises(InvalidArgument) as caught:
        check_storable({"custom_cards": [{"x": {"_type_": "uuid_hex", "_data_": "00"}}]})
    assert caught.value.field == "custom_cards[0].x"
    check_storable({"_type_": "a", "_data_": "b", "third": 1})  # not the reserved shape


def test_message_size_limit(tmp_path: Path) -> None:
    with trust_judge(tmp_path / "small.sqlite3", max_message_bytes=16 * 1024) as judge, \
            JudgeClient(judge.target, timeout=SAFETY_TIMEOUT_S) as client:
        admin = client.with_token(judge.admin_token)
        error = failure(lambda: admin.import_game("x" * 20_000))
        assert error.code == grpc.StatusCode.RESOURCE_EXHAUSTED
        assert "larger than max" in error.message
        assert client.create_game("munchkin", ["A:male", "B:female", "C:male"]).game_id  # still serving


def test_games_per_server_and_events_per_game(tmp_path: Path) -> None:
    app = JudgeApp(JudgeApp.sqlite(tmp_path / "limits.sqlite3"), max_games=2, max_events_per_game=3)
    try:
        first = app.create_game(SETUP)
        app.create_game(SETUP)
        with pytest.raises(ResourceExhausted, match="max_games"):
            app.create_game(SETUP)
        anna = app.authenticate(first.game_id, first.seat_tokens[0])
        from judge.rulesets.munchkin import actions as A
        from judge.rules.engine import Command

        app.submit(first.game_id, "1", Command(0, A.KickDoor(card="elf")), None, anna)
        app.submit(first.game_id, "2", Command(0, A.LootRoom()), None, anna)
        with pytest.raises(ResourceExhausted, match="max_events_per_game"):
            app.submit(first.game_id, "3", Command(0, A.EndTurn(discard_unknown=5)), None, anna)
        assert app.view(first.game_id, anna)["version"] == 3
        record = app.export_game(first.game_id, app.authenticate(first.game_id, first.organizer_token))
    finally:
        app.close()
    # A restarted judge counts the games it holds; an import is limited too.
    again = JudgeApp(JudgeApp.sqlite(tmp_path / "limits.sqlite3"), max_games=3, max_events_per_game=2)
    try:
        with pytest.raises(ResourceExhausted, match="max_events_per_game"):
            again.import_game(record)
        again.create_game(SETUP)
        with pytest.raises(ResourceExhausted, match="max_games"):
            again.create_game(SETUP)
    finally:
        again.close()


def test_rate_limit_per_token(tmp_path: Path) -> None:
    with trust_judge(tmp_path / "rate.sqlite3", rate_limit=RateLimit(per_second=0.001, burst=5)) as judge, \
            JudgeClient(judge.target, timeout=SAFETY_TIMEOUT_S) as client:
        table = open_table(client)  # one call from this peer
        anna, ben = table.seats[0], table.seats[1]
        for _ in range(5):
            anna.get_view(table.game_id)
        error = failure(lambda: anna.get_view(table.game_id))
        assert error.code == grpc.StatusCode.RESOURCE_EXHAUSTED and "rate limit" in error.message
        assert ben.get_view(table.game_id).view.version == 1  # another token has its own bucket


def test_calls_beyond_the_workers_and_the_queue_are_refused(tmp_path: Path) -> None:
    """Two workers, both held by Watch streams, and no room to wait
    (``max_queued=0``): a third call is answered RESOURCE_EXHAUSTED at once
    instead of waiting; once the streams end, the judge serves again."""
    with trust_judge(tmp_path / "busy.sqlite3", max_workers=2, max_queued=0, max_streams=2) as judge, \
            JudgeClient(judge.target, timeout=SAFETY_TIMEOUT_S) as client:
        table = open_table(client)
        with table.spectator.watch(table.game_id, timeout=SAFETY_TIMEOUT_S) as first, \
                table.spectator.watch(table.game_id, timeout=SAFETY_TIMEOUT_S) as second:
            assert next(first).event.version == next(second).event.version == 1  # both workers busy
            error = failure(lambda: table.organizer.get_view(table.game_id))
            assert error.code == grpc.StatusCode.RESOURCE_EXHAUSTED
        deadline = time.monotonic() + SAFETY_TIMEOUT_S  # the workers notice the cancelled streams
        while True:
            try:
                assert table.organizer.get_view(table.game_id).view.version == 1
                break
            except JudgeRpcError as e:
                assert e.code == grpc.StatusCode.RESOURCE_EXHAUSTED and time.monotonic() < deadline
                time.sleep(0.05)


def test_token_bucket_refills_with_time() -> None:
    now = [0.0]
    limiter = RateLimiter(RateLimit(per_second=2.0, burst=2), clock=lambda: now[0])
    assert [limiter.take("a") for _ in range(3)] == [True, True, False]
    now[0] = 0.5
    assert limiter.take("a") and not limiter.take("a")
    assert limiter.take("b")


def test_undecodable_bytes_are_invalid_arguments(judge: Judge) -> None:
    with grpc.insecure_channel(judge.target) as channel:
        call = channel.unary_unary("/judge.v1.JudgeService/CreateGame")
        with pytest.raises(grpc.RpcError) as caught:
            call(b"\xff\xff\xff", timeout=SAFETY_TIMEOUT_S)
        assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT  # type: ignore[attr-defined]
        # The same call with a valid request is answered: the method exists and serves.
        reply = call(pb.CreateGameRequest(ruleset="munchkin", seats=[pb.SeatSpec(name=n, sex=1) for n in "ABC"])
                     .SerializeToString(), timeout=SAFETY_TIMEOUT_S)
        assert pb.CreateGameResponse.FromString(reply).game_id
