"""Every RPC of judge.v1.JudgeService against a real server, through the
client library; plus standard health checking and server reflection."""

from __future__ import annotations

import json

import grpc
import pytest
from google.protobuf import descriptor_pb2
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

from judge.v1 import judge_pb2 as pb
from judge_client import JudgeClient, JudgeRpcError
from tests.server.support import SAFETY_TIMEOUT_S, Judge, Table, open_table

# --------------------------------------------------------------------------- health, reflection


def test_health_is_serving_for_the_server_and_the_service(judge: Judge) -> None:
    with grpc.insecure_channel(judge.target) as channel:
        stub = health_pb2_grpc.HealthStub(channel)
        for service in ("", "judge.v1.JudgeService"):
            answer = stub.Check(health_pb2.HealthCheckRequest(service=service), timeout=SAFETY_TIMEOUT_S)
            assert answer.status == health_pb2.HealthCheckResponse.SERVING
    with JudgeClient(judge.target, timeout=SAFETY_TIMEOUT_S) as client:
        assert client.health("judge.v1.JudgeService") == "SERVING"


def test_reflection_lists_the_services_and_every_rpc(judge: Judge) -> None:
    requests = [
        reflection_pb2.ServerReflectionRequest(list_services=""),
        reflection_pb2.ServerReflectionRequest(file_containing_symbol="judge.v1.JudgeService"),
    ]
    with grpc.insecure_channel(judge.target) as channel:
        stub = reflection_pb2_grpc.ServerReflectionStub(channel)
        listed, files = list(stub.ServerReflectionInfo(iter(requests), timeout=SAFETY_TIMEOUT_S))
    services = {s.name for s in listed.list_services_response.service}
    assert {
        "judge.v1.JudgeService",
        "grpc.health.v1.Health",
        "grpc.reflection.v1alpha.ServerReflection",
    } <= services
    methods: set[str] = set()
    for raw in files.file_descriptor_response.file_descriptor_proto:
        proto = descriptor_pb2.FileDescriptorProto.FromString(raw)
        for service in proto.service:
            if f"{proto.package}.{service.name}" == "judge.v1.JudgeService":
                methods = {m.name for m in service.method}
    assert methods == set(pb.DESCRIPTOR.services_by_name["JudgeService"].methods_by_name)
    assert {"CreateGame", "Submit", "Watch", "ImportGame", "Audit"} <= methods


def test_reflection_v1_answers_beside_v1alpha(judge: Judge) -> None:
    """``grpc.reflection.v1.ServerReflection`` (what current tools ask first) answers like v1alpha: the
    services, the judge's file, and its own description; the two packages' messages are the same on
    the wire."""
    requests = [
        reflection_pb2.ServerReflectionRequest(list_services=""),
        reflection_pb2.ServerReflectionRequest(file_containing_symbol="judge.v1.JudgeService"),
        reflection_pb2.ServerReflectionRequest(file_containing_symbol="grpc.reflection.v1.ServerReflection"),
    ]
    with grpc.insecure_channel(judge.target) as channel:
        v1 = channel.stream_stream(
            "/grpc.reflection.v1.ServerReflection/ServerReflectionInfo",
            request_serializer=reflection_pb2.ServerReflectionRequest.SerializeToString,
            response_deserializer=reflection_pb2.ServerReflectionResponse.FromString,
        )
        listed, judge_file, own = list(v1(iter(requests), timeout=SAFETY_TIMEOUT_S))
    services = {s.name for s in listed.list_services_response.service}
    assert {"judge.v1.JudgeService", "grpc.reflection.v1.ServerReflection",
            "grpc.reflection.v1alpha.ServerReflection"} <= services
    names = [descriptor_pb2.FileDescriptorProto.FromString(raw).name
             for raw in judge_file.file_descriptor_response.file_descriptor_proto]
    assert "judge/v1/judge.proto" in names
    [reflection_file] = [descriptor_pb2.FileDescriptorProto.FromString(raw)
                         for raw in own.file_descriptor_response.file_descriptor_proto]
    assert (reflection_file.package, [s.name for s in reflection_file.service]) == \
        ("grpc.reflection.v1", ["ServerReflection"])
    assert reflection_file.service[0].method[0].input_type == ".grpc.reflection.v1.ServerReflectionRequest"


# --------------------------------------------------------------------------- games


def test_create_game_returns_credentials_and_the_first_view(table: Table) -> None:
    game = table.game
    tokens = [t.token for t in game.seat_tokens]
    assert [t.seat for t in game.seat_tokens] == [0, 1, 2]
    assert len({*tokens, game.organizer_token, game.spectator_token}) == 5
    assert game.rules_version.startswith("munchkin@")
    view = game.view
    assert (view.game_id, view.version) == (game.game_id, 1)
    assert [s.name for s in view.seats] == ["Anna", "Ben", "Cem"]
    assert view.seats[0].sex == pb.SEX_FEMALE
    assert view.status == pb.GAME_STATUS_ACTIVE
    assert view.mode == pb.TABLE_MODE_REPORTED
    assert json.loads(view.state_json)


def test_submit_stores_the_command_and_answers_with_the_new_view(table: Table) -> None:
    answer = table.seats[0].submit(table.game_id, 0, "kick_door", card="elf")
    assert answer.version == 2 and not answer.duplicate
    [event] = answer.events
    assert (event.version, event.kind, event.action, event.seat) == (2, "CommandAccepted", "kick_door", 0)
    assert json.loads(event.payload_json)
    assert answer.view.version == 2
    assert "elf" in answer.view.seats[0].hand
    assert table.spectator.get_view(table.game_id).view.version == 2


def test_a_retried_command_id_is_recorded_once(table: Table) -> None:
    first = table.seats[0].submit(table.game_id, 0, "kick_door", card="elf", command_id="retry-1")
    again = table.seats[0].submit(table.game_id, 0, "kick_door", card="elf", command_id="retry-1")
    assert again.duplicate and not first.duplicate
    assert again.version == first.version == 2
    assert [e.version for e in again.events] == [2]
    assert table.organizer.get_view(table.game_id).view.version == 2


def test_ask_judges_without_recording(table: Table) -> None:
    yes = table.seats[0].ask(table.game_id, 0, "kick_door", card="elf")
    assert yes.allowed and not yes.ruling.rule_id
    no = table.seats[1].ask(table.game_id, 1, "kick_door", card="elf")
    assert not no.allowed
    assert no.ruling.rule_id == "munchkin.turn.not-your-turn"
    assert no.ruling.source and no.ruling.explanation_de and no.ruling.explanation_en
    assert table.organizer.get_view(table.game_id).view.version == 1


def test_ask_explains_in_german_when_asked(table: Table) -> None:
    german = JudgeClient(
        table.seats[1].target, table.game.seat_tokens[1].token, language="de", timeout=SAFETY_TIMEOUT_S
    )
    with german:
        no = german.ask(table.game_id, 1, "kick_door", card="elf")
    assert not no.allowed and no.ruling.rule_id == "munchkin.turn.not-your-turn"
    assert no.ruling.explanation == no.ruling.explanation_de != no.ruling.explanation_en


def test_legal_actions_are_commands_the_judge_accepts(table: Table) -> None:
    table.seats[0].submit(table.game_id, 0, "kick_door", card="elf")
    legal = table.seats[0].legal_actions(table.game_id, 0)
    assert legal.version == 2
    kinds = [a.kind for a in legal.actions]
    assert "loot_room" in kinds
    for action in legal.actions:
        assert action.command.WhichOneof("action") == action.kind
        assert action.command.seat == 0
        assert action.description
    loot = next(a for a in legal.actions if a.kind == "loot_room")
    assert table.seats[0].submit_command(table.game_id, loot.command).version == 3


def test_views_hide_other_hands_and_go_back_in_time(table: Table) -> None:
    table.seats[0].submit(table.game_id, 0, "kick_door", card="elf")
    own = table.seats[0].get_view(table.game_id).view.seats[0]
    other = table.seats[1].get_view(table.game_id).view.seats[0]
    everything = table.organizer.get_view(table.game_id).view.seats[0]
    assert "elf" in own.hand and "elf" in everything.hand
    assert not other.hand and other.hand_size == own.hand_size
    past = table.seats[0].get_view(table.game_id, at_version=1).view
    assert past.version == 1 and "elf" not in past.seats[0].hand


# --------------------------------------------------------------------------- streams


def test_replay_streams_each_event_with_the_state_after_it(table: Table) -> None:
    table.seats[0].submit(table.game_id, 0, "kick_door", card="elf")
    table.seats[0].submit(table.game_id, 0, "loot_room")
    steps = list(table.organizer.replay(table.game_id))
    assert [s.event.version for s in steps] == [1, 2, 3]
    assert [s.view.version for s in steps] == [1, 2, 3]
    assert steps[-1].view.state_json == table.organizer.get_view(table.game_id).view.state_json
    middle = list(table.organizer.replay(table.game_id, 2, 2))
    assert [s.event.action for s in middle] == ["kick_door"]


def test_watch_catches_up_then_receives_live_events(table: Table) -> None:
    with table.spectator.watch(table.game_id, after_version=0, timeout=SAFETY_TIMEOUT_S) as stream:
        first = next(stream)
        assert (first.event.version, first.event.kind) == (1, "GameCreated")
        # The stream is being served now; what follows is stored after it started.
        table.seats[0].submit(table.game_id, 0, "kick_door", card="elf")
        live = next(stream)
        assert (live.event.version, live.event.action) == (2, "kick_door")
        assert live.view.version == 2
        assert not live.view.seats[0].hand  # a spectator sees no hand
        table.seats[0].submit(table.game_id, 0, "loot_room")
        assert next(stream).event.action == "loot_room"


def test_watch_resumes_after_a_version(table: Table) -> None:
    table.seats[0].submit(table.game_id, 0, "kick_door", card="elf")
    with table.spectator.watch(table.game_id, after_version=1, timeout=SAFETY_TIMEOUT_S) as stream:
        assert next(stream).event.version == 2


# --------------------------------------------------------------------------- disputes


def test_a_dismissed_dispute_changes_nothing(table: Table) -> None:
    table.seats[0].submit(table.game_id, 0, "kick_door", card="elf")
    opened = table.seats[1].open_dispute(table.game_id, 1, 2, "Anna drew that elf earlier").dispute
    assert opened.dispute_id == 1 and opened.status == pb.DISPUTE_STATUS_OPEN
    assert (opened.opened_by, opened.event_version) == (1, 2)
    assert opened.recheck_legal and not opened.recheck_ruling.rule_id
    assert table.spectator.get_view(table.game_id).view.open_disputes == 1

    resolved = table.organizer.resolve_dispute(table.game_id, 1, uphold=False, note="it was legal")
    assert resolved.dispute.status == pb.DISPUTE_STATUS_DISMISSED
    assert resolved.dispute.resolution_note == "it was legal"
    assert resolved.view.open_disputes == 0
    assert resolved.view.phase == "after-door"
    listed = table.spectator.list_disputes(table.game_id).disputes
    assert [(d.dispute_id, d.status) for d in listed] == [(1, pb.DISPUTE_STATUS_DISMISSED)]


def test_an_upheld_dispute_rolls_the_game_back(table: Table) -> None:
    table.seats[0].submit(table.game_id, 0, "kick_door", card="elf")
    table.seats[2].open_dispute(table.game_id, 2, 2, "no door was kicked")
    resolved = table.organizer.resolve_dispute(table.game_id, 1, uphold=True)
    assert resolved.dispute.status == pb.DISPUTE_STATUS_UPHELD
    assert resolved.view.phase == "start"
    assert "elf" not in resolved.view.seats[0].hand
    assert resolved.view.voided
    assert any(s.event.voided for s in table.organizer.replay(table.game_id))


# --------------------------------------------------------------------------- records


def test_export_import_and_audit(table: Table, client: JudgeClient, admin: JudgeClient) -> None:
    table.seats[0].submit(table.game_id, 0, "kick_door", card="elf")
    table.seats[0].submit(table.game_id, 0, "loot_room")
    audit = table.organizer.audit(table.game_id)
    assert audit.clean and audit.events_checked == 3
    assert audit.rules_version == table.game.rules_version

    record = table.organizer.export_game(table.game_id).record
    # the header, one line per event, one receipt per event, the seal
    assert len(record.splitlines()) == 1 + 3 + 3 + 1

    imported = admin.import_game(record)
    assert imported.audit.clean
    copy = imported.game
    assert copy.game_id != table.game_id
    assert len(copy.seat_tokens) == 3
    again = client.with_token(copy.organizer_token)
    assert again.get_view(copy.game_id).view.phase == "charity"
    assert again.audit(copy.game_id, current_rules=True).clean


# --------------------------------------------------------------------------- the window closer


def test_the_server_resolves_a_combat_when_its_window_has_elapsed(client: JudgeClient) -> None:
    """000 "Weitere Aktionen im Kampf": after a claimed win the others may
    still act; once the window has elapsed the judge itself resolves the
    combat (a command without a seat), seen live by a watcher."""
    table = open_table(client, interference_window_ms=1)
    anna = table.seats[0]
    anna.submit(table.game_id, 0, "reveal_card", card="kettensaege")
    anna.submit(table.game_id, 0, "play_card", card="kettensaege")
    anna.submit(table.game_id, 0, "kick_door", card="lahmer-goblin")
    claimed = anna.submit(table.game_id, 0, "claim_victory")
    with table.spectator.watch(
        table.game_id, after_version=claimed.version, timeout=SAFETY_TIMEOUT_S
    ) as stream:
        resolved = next(stream).event
    assert (resolved.kind, resolved.action) == ("CommandAccepted", "resolve_combat")
    assert not resolved.HasField("seat")
    view = table.spectator.get_view(table.game_id).view
    assert not view.HasField("combat")
    assert view.seats[0].level == 2


def test_a_command_the_judge_carried_out_at_the_deadline_answers_with_its_result(client: JudgeClient) -> None:
    """A client that sends resolve_combat after the judge resolved the combat when the window closed gets
    the judge's result (as a duplicate, with its receipt), not "there is no combat"; with the version it
    saw before as expected_version too. Once its seat has acted since, the same command is refused."""
    table = open_table(client, interference_window_ms=1)
    anna, gid = table.seats[0], table.game_id
    anna.submit(gid, 0, "reveal_card", card="kettensaege")
    anna.submit(gid, 0, "play_card", card="kettensaege")
    anna.submit(gid, 0, "kick_door", card="lahmer-goblin")
    claimed = anna.submit(gid, 0, "claim_victory")
    with table.spectator.watch(gid, after_version=claimed.version, timeout=SAFETY_TIMEOUT_S) as stream:
        resolved = next(stream).event
    assert resolved.command_id.startswith("judge:deadline:")
    late = anna.submit(gid, 0, "resolve_combat")
    assert late.duplicate and late.version == resolved.version
    assert [e.command_id for e in late.events] == [resolved.command_id]
    assert late.receipt.from_version == late.receipt.to_version == resolved.version
    assert not late.view.HasField("combat") and late.view.seats[0].level == 2
    raced = anna.submit(gid, 0, "resolve_combat", expected_version=claimed.version)
    assert raced.duplicate and raced.version == resolved.version
    anna.submit(gid, 0, "set_item_in_use", card="kettensaege", in_use=False)
    with pytest.raises(JudgeRpcError) as refused:
        anna.submit(gid, 0, "resolve_combat")
    assert refused.value.code == grpc.StatusCode.FAILED_PRECONDITION
    assert table.spectator.get_view(gid).view.version == resolved.version + 1  # nothing else was recorded


def test_a_refused_call_and_an_admitted_one_of_the_same_method_alternate(table: Table, client: JudgeClient) -> None:
    """The interceptors build each method's guarded handler once; a call their metadata refuses (no
    token) gets a refusing handler of its own and leaves the next call's alone."""
    for _ in range(2):
        with pytest.raises(JudgeRpcError) as refused:
            client.get_view(table.game_id)
        assert refused.value.code.name == "UNAUTHENTICATED"
        assert table.seats[0].get_view(table.game_id).view.version == 1
