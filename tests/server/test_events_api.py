"""EventService over a real gRPC server and the Python client (protos/judge/v1/events.proto,
judge/server/events.py), on SQLite and PostgreSQL: a monkic event of 8 players over three Swiss
rounds (one table each round played to its end by the bot, time called on the others), a Munchkin
event of 14 players over three rounds of tables of 4 and 5 and a final, who may call what, the
board stream, and the export checked offline with the seating draws."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from judge.record.event_games import game_outcome
from judge.record.event_record import check_event_record
from judge.record.verify import verify_record
from judge.v1 import judge_pb2 as pb
from judge_client import JudgeClient, JudgeRpcError
from judge_client.event_report import render_event_report
from tests.rules.monkic.harness import values
from tests.server.monkic_support import bot_game
from tests.server.support import SAFETY_TIMEOUT_S, Judge, Table, running_judge


@pytest.fixture
def judge(storage: Any) -> Iterator[Judge]:
    with running_judge(storage, max_workers=16) as running:
        yield running


@pytest.fixture
def client(judge: Judge) -> Iterator[JudgeClient]:
    with JudgeClient(judge.target, timeout=SAFETY_TIMEOUT_S) as c:
        yield c


def checked_export(organizer: JudgeClient, event_id: str, key: bytes) -> Any:
    exported = organizer.export_event(event_id)
    outcomes = {}
    for game_id, record in exported.games.items():
        verified = verify_record(record, key)
        outcome = game_outcome(record)
        # Every table's chance is checked: a dealt table stopped when time was called reveals its seed.
        assert verified.ok and not verified.seed_pending, verified.problems
        assert outcome["audit"].discrepancies == [], outcome["audit"].discrepancies
        outcomes[game_id] = outcome
    return check_event_record(exported.record, outcomes, key)


def test_a_monkic_event_of_8_players_over_three_swiss_rounds(judge: Judge, client: JudgeClient) -> None:
    created = client.create_event("monkic-Abend", "monkic", mode="dealt", rounds=3, place_points=(1, 0),
                                  bye_points=1, custom_cards=values())
    organizer = client.with_token(created.organizer_token)
    spectator = client.with_token(created.spectator_token)
    players = ["Mia", "Tom", "Ada", "Ben", "Cem", "Dora", "Emil", "Fay"]
    tokens = {p: organizer.register_player(created.event_id, p) for p in players}
    with pytest.raises(JudgeRpcError) as denied:
        spectator.start_round(created.event_id)
    assert denied.value.code.name == "PERMISSION_DENIED"
    board = spectator.board(created.event_id, timeout=SAFETY_TIMEOUT_S)
    assert next(board).round == 0
    for number in (1, 2, 3):
        started = organizer.start_round(created.event_id)
        assert started.number == number and [len(t.players) for t in started.tables] == [2, 2, 2, 2]
        seen = next(b for b in board if b.round == number)  # the board follows into the new round
        assert [t.game_id for t in seen.tables] == [t.game_id for t in started.tables]
        first = started.tables[0]
        seats = [client.with_token(tokens[p]) for p in first.players]
        mine = [s.my_table(created.event_id) for s in seats]
        assert [m.game_id for m in mine] == [first.game_id] * 2 and [m.seat for m in mine] == [0, 1]
        # The first table is played to its end with the players' seat tokens; time is called on the others.
        admin = client.with_token(judge.admin_token)  # the organizer of every game
        bot_game(Table(pb.CreateGameResponse(game_id=first.game_id), [client.with_token(m.seat_token) for m in mine],
                       admin, admin))
        assert organizer.record_results(created.event_id)[-1].time_called is False
        called = organizer.call_time(created.event_id)
        assert called.round.time_called and sum(1 for r in called.results if r.round == number) == 4
    board.close()
    lines = spectator.standings(created.event_id)
    assert len(lines) == 8 and [line.rank for line in lines][0] == 1
    # Swiss: nobody met the same opponent twice.
    event = spectator.get_event(created.event_id)
    pairs = [frozenset(t.players) for r in event.round_list for t in r.tables]
    assert len(pairs) == len(set(pairs)) == 12
    organizer.finish_event(created.event_id)
    check = checked_export(organizer, created.event_id, judge.app.key.public_key)
    assert check.ok, check.problems
    assert check.rounds_checked == 3 and check.tables_checked == 12


def test_a_munchkin_event_of_14_players_with_time_called_and_a_final(judge: Judge, client: JudgeClient) -> None:
    created = client.create_event("Kölner Cup", "munchkin", table_sizes=(4, 5), place_points=(5, 3, 2, 1, 0),
                                  rounds=3, final_table_size=4)
    organizer = client.with_token(created.organizer_token)
    players = [f"P{n:02d}" for n in range(1, 15)]
    tokens = {p: organizer.register_player(created.event_id, p, {"sex": "female" if n % 2 else "male"})
              for n, p in enumerate(players)}
    with pytest.raises(JudgeRpcError) as wrong:
        client.with_token(tokens["P01"]).get_event(created.event_id)
    assert wrong.value.code.name == "PERMISSION_DENIED"
    for number in (1, 2, 3):
        started = organizer.start_round(created.event_id)
        assert sorted(len(t.players) for t in started.tables) == [4, 5, 5]
        # Table 1 ends early: the table's organizer (here the server's admin) records its first player
        # reaching level 10; time is called on the others, whose levels differ at table 2.
        winner = client.with_token(tokens[started.tables[0].players[0]]).my_table(created.event_id)
        assert winner.seat == 0 and winner.round == number
        admin = client.with_token(judge.admin_token)
        admin.submit(winner.game_id, 0, "record_adjustment", reason="Stufe 10", target_seat=0, set_level=10)
        for seat, level in enumerate((2, 5, 3, 5)):
            admin.submit(started.tables[1].game_id, 0, "record_adjustment", reason="Stufe", target_seat=seat,
                         set_level=level)
        if number == 1:
            # A dispute at table 3 reaches the organizer's queue across the tables and is resolved from it.
            third = started.tables[2]
            seats = [client.with_token(client.with_token(tokens[p]).my_table(created.event_id).seat_token)
                     for p in third.players[:2]]
            kicked = seats[0].submit(third.game_id, 0, "kick_door", card="topfpflanze")
            seats[1].open_dispute(third.game_id, 1, kicked.version, "Die Tür war schon offen")
            [queued] = organizer.event_disputes(created.event_id)
            assert (queued.table, queued.opened_by, queued.status) == (3, third.players[1], "open")
            done = organizer.resolve_table_dispute(created.event_id, third.game_id, queued.dispute_id, False,
                                                   "Die Tür war zu")
            assert done.status == "dismissed" and organizer.event_disputes(created.event_id) == []
        board = organizer.board(created.event_id, timeout=SAFETY_TIMEOUT_S)
        now = next(board)
        board.close()
        assert [t.done for t in now.tables] == [True, False, False] and now.tables[1].leaders
        called = organizer.call_time(created.event_id)
        ended = {r.table: r for r in called.results if r.round == number}
        assert not ended[1].time_called and ended[2].time_called and ended[3].time_called
        assert len(ended[2].places[0].players) == 2  # the two players of level 5 share first place
    final = organizer.start_round(created.event_id, final=True)
    assert final.final and len(final.tables[0].players) == 4
    standings = organizer.standings(created.event_id)
    assert sorted(final.tables[0].players) == sorted(line.player for line in standings[:4])
    organizer.call_time(created.event_id)
    seed = organizer.finish_event(created.event_id)
    assert organizer.get_event(created.event_id).seed == seed
    check = checked_export(organizer, created.event_id, judge.app.key.public_key)
    assert check.ok, check.problems
    assert check.rounds_checked == 4 and check.tables_checked == 10
    exported = organizer.export_event(created.event_id)
    page = render_event_report(exported.record, dict(exported.games), "de")
    assert "Die Tür war schon offen" in page and "abgewiesen" in page and "Finaltisch" in page


def test_limits_and_unknown_events_answer_their_status(client: JudgeClient) -> None:
    with pytest.raises(JudgeRpcError) as many:
        client.create_event("x", "munchkin", rounds=99)
    assert many.value.code.name == "RESOURCE_EXHAUSTED"
    with pytest.raises(JudgeRpcError) as bad:
        client.create_event("x", "munchkin", table_sizes=(2, 9))
    assert bad.value.code.name == "INVALID_ARGUMENT"
    with pytest.raises(JudgeRpcError) as missing:
        client.with_token("t").get_event("00000000-0000-0000-0000-000000000000")
    assert missing.value.code.name == "NOT_FOUND"


def test_a_bad_table_set_up_or_trait_is_refused_when_given_and_changes_nothing(client: JudgeClient) -> None:
    """Every table's game is judged when the event is created (monkic's card values, 002 prints none:
    docs/monkic.md) and every player's traits when the player registers, not when the first round is
    drawn and every table fails."""
    with pytest.raises(JudgeRpcError) as values_missing:
        client.create_event("monkic-Abend", "monkic")
    assert values_missing.value.code.name == "INVALID_ARGUMENT"
    assert [f for f, _ in values_missing.value.field_violations] == ["custom_cards"]
    created = client.create_event("Abend", "munchkin", table_sizes=(3, 3))
    organizer = client.with_token(created.organizer_token)
    for traits, field in (({"sex": "femal"}, "traits_json.sex"), ({"colour": "red"}, "traits_json.colour"),
                          ({}, "traits_json.sex")):
        with pytest.raises(JudgeRpcError) as refused:
            organizer.register_player(created.event_id, "Zoe", traits)
        assert refused.value.code.name == "INVALID_ARGUMENT"
        assert [f for f, _ in refused.value.field_violations] == [field], refused.value.field_violations
    assert list(organizer.get_event(created.event_id).players) == []  # nothing registered
    organizer.register_player(created.event_id, "Zoe", {"sex": "female"})
    assert list(organizer.get_event(created.event_id).players) == ["Zoe"]


def test_a_table_stopped_by_time_called_is_over_and_offers_nothing(client: JudgeClient) -> None:
    """Time called ends a table at its recorded state (docs/events.md): its view says it is over and
    waits for nobody, and LegalActions offers nothing more (a submit would be refused)."""
    created = client.create_event("Abend", "munchkin", table_sizes=(3, 3), rounds=1)
    organizer = client.with_token(created.organizer_token)
    tokens = [organizer.register_player(created.event_id, name, {"sex": "male"}) for name in ("Anna", "Ben", "Cem")]
    organizer.start_round(created.event_id)
    mine = client.with_token(tokens[0]).my_table(created.event_id)
    seat = client.with_token(mine.seat_token)
    assert seat.get_view(mine.game_id).view.status == pb.GameStatus.GAME_STATUS_ACTIVE
    assert seat.legal_actions(mine.game_id, mine.seat).actions
    organizer.call_time(created.event_id)
    stopped = seat.get_view(mine.game_id).view
    assert stopped.status == pb.GameStatus.GAME_STATUS_FINISHED and stopped.waiting_for == ""
    assert list(seat.legal_actions(mine.game_id, mine.seat).actions) == []
    with pytest.raises(JudgeRpcError) as refused:
        seat.submit(mine.game_id, mine.seat, "kick_door", card="topfpflanze")
    assert refused.value.code.name == "INVALID_ARGUMENT"


WRITES = {"RegisterPlayer", "DropPlayer", "StartRound", "CallTime", "RecordResults", "FinishEvent", "ExportEvent",
          "ListEventDisputes", "ResolveTableDispute"}
"""The EventService methods only the event's organizer may call."""


def test_every_event_method_asks_for_the_events_own_token(judge: Judge, client: JudgeClient) -> None:
    import grpc

    from judge.v1 import events_pb2 as epb
    from judge.v1 import events_pb2_grpc

    created = client.create_event("Zugang", "munchkin")
    service = epb.DESCRIPTOR.services_by_name["EventService"]
    stub = events_pb2_grpc.EventServiceStub(grpc.insecure_channel(judge.target))
    game = client.create_game("munchkin", ["Anna:female", "Ben:male", "Cem:male"])
    for method in service.methods:
        if method.name == "CreateEvent":
            continue
        request = getattr(epb, method.input_type.name)(event_id=created.event_id)
        call = getattr(stub, method.name)
        for token, expected in (("", "UNAUTHENTICATED"), ("not-a-token", "UNAUTHENTICATED"),
                                (game.organizer_token, "UNAUTHENTICATED"),  # a game's token is no event's
                                (created.spectator_token, "PERMISSION_DENIED" if method.name in WRITES else None)):
            if method.name == "MyTable" and token == created.spectator_token:
                expected = "UNAUTHENTICATED"  # only a player's token opens a table
            metadata = [("authorization", f"Bearer {token}")] if token else []
            try:
                answer = call(request, metadata=metadata, timeout=SAFETY_TIMEOUT_S)
                if method.server_streaming:
                    next(iter(answer))
                    answer.cancel()
            except grpc.RpcError as e:
                assert e.code().name == expected, (method.name, token[:6], e.code(), e.details())
            else:
                assert expected is None, (method.name, token[:6])
