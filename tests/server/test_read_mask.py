"""Partial responses: the ``read_mask`` of Submit, GetView, Replay and Watch names the fields of
the answer a client reads. Without one every field comes as before; with one only the fields
named, and a Submit, Replay or Watch whose mask leaves out the view builds none. A path that
names no field of the answer is INVALID_ARGUMENT, naming the field."""

from __future__ import annotations

import itertools

import grpc
import pytest

from judge.v1 import judge_pb2 as pb
from judge_client import JudgeClient, JudgeRpcError
from tests.server.support import SAFETY_TIMEOUT_S, Judge, Table


def test_a_submit_without_a_mask_answers_every_field_and_with_one_only_those_named(table: Table) -> None:
    anna = table.seats[0]
    whole = anna.submit(table.game_id, 0, "kick_door", card="elf")
    assert whole.HasField("view") and whole.HasField("receipt") and whole.events and whole.version == 2
    lean = anna.submit(table.game_id, 0, "play_card", card="elf", read_mask=["events", "version", "receipt"])
    assert not lean.HasField("view") and lean.HasField("receipt") and lean.version == 3
    assert [e.version for e in lean.events] == [3] and lean.events[0].payload_json
    status = anna.submit(table.game_id, 0, "loot_room", read_mask=["view.status", "view.active_seat"])
    assert status.view.status == whole.view.status and not status.view.state_json and not status.view.seats
    assert not status.events and status.version == 0  # not asked for


def test_a_retried_command_id_answers_from_the_record_within_the_mask(table: Table) -> None:
    anna = table.seats[0]
    first = anna.submit(table.game_id, 0, "kick_door", card="elf", command_id="masked-1", read_mask=["version"])
    again = anna.submit(table.game_id, 0, "kick_door", card="elf", command_id="masked-1",
                        read_mask=["version", "duplicate"])
    assert again.duplicate and again.version == first.version == 2 and not again.HasField("view")


def test_get_view_replay_and_watch_keep_only_the_fields_named(table: Table) -> None:
    anna, organizer = table.seats[0], table.organizer
    anna.submit(table.game_id, 0, "kick_door", card="elf")
    whole = organizer.get_view(table.game_id).view
    part = organizer.get_view(table.game_id, read_mask=["view.status", "view.seats"]).view
    assert part.status == whole.status and list(part.seats) == list(whole.seats)
    assert not part.state_json and not part.waiting_for_told and not part.game_id

    full = list(organizer.replay(table.game_id))
    events = list(organizer.replay(table.game_id, read_mask=["event"]))
    assert [r.event for r in events] == [r.event for r in full]
    assert all(r.HasField("view") for r in full) and not any(r.HasField("view") for r in events)

    with organizer.watch(table.game_id, caught_up=True, timeout=SAFETY_TIMEOUT_S, read_mask=["event"]) as stream:
        seen = list(itertools.takewhile(lambda r: not r.caught_up, stream))
    assert [r.event for r in seen] == [r.event for r in full] and not any(r.HasField("view") for r in seen)


@pytest.mark.parametrize("method", ["Submit", "GetView", "Replay", "Watch"])
def test_a_path_naming_no_field_of_the_answer_is_invalid(judge: Judge, table: Table, method: str) -> None:
    request = {
        "Submit": pb.SubmitRequest(game_id=table.game_id, command=pb.Command(
            seat=0, command_id="bad-mask", kick_door=pb.KickDoor(card="elf"))),
        "GetView": pb.GetViewRequest(game_id=table.game_id),
        "Replay": pb.ReplayRequest(game_id=table.game_id),
        "Watch": pb.WatchRequest(game_id=table.game_id),
    }[method]
    request.read_mask.paths.append("view.no_such_field")
    client = table.seats[0]
    with pytest.raises(grpc.RpcError) as refused:
        call = getattr(client._stub, method)
        answer = call(request, metadata=client._metadata(), timeout=SAFETY_TIMEOUT_S)
        if method in ("Replay", "Watch"):
            next(iter(answer))
        else:
            raise AssertionError("answered")
    error = JudgeRpcError.from_rpc_error(refused.value, "en")
    assert error.code == grpc.StatusCode.INVALID_ARGUMENT and "read_mask" in str(error)


def test_the_client_keeps_what_a_pinned_key_needs(judge: Judge, client: JudgeClient, table: Table) -> None:
    pinned = JudgeClient(judge.target, table.game.seat_tokens[0].token, timeout=SAFETY_TIMEOUT_S,
                         server_key=client.get_server_key().public_key)
    with pinned:
        answer = pinned.submit(table.game_id, 0, "kick_door", card="elf", read_mask=["events"])
    assert answer.version == 2 and answer.HasField("receipt") and not answer.HasField("view")


def test_a_view_asked_without_its_json_copies_is_the_whole_view_without_them(table: Table) -> None:
    """The table page's mask: every field of the view but ``position_json`` and ``state_json``, which the
    judge then never writes. Submit, GetView and Watch answer the whole view with those two left out, for
    the seat that acts and for another, whether the whole view of the version was built before or not."""
    lean = ["view." + f.name for f in pb.GameView.DESCRIPTOR.fields if f.name not in ("position_json", "state_json")]
    anna, ben = table.seats[0], table.seats[1]

    def cleared(view: pb.GameView) -> pb.GameView:
        out = pb.GameView()
        out.CopyFrom(view)
        out.ClearField("position_json")
        out.ClearField("state_json")
        return out

    played = anna.submit(table.game_id, 0, "kick_door", card="elf", read_mask=["version", *lean])
    assert played.version == 2 and played.view.seats and not played.view.state_json
    assert not played.view.position_json
    assert played.view == cleared(anna.get_view(table.game_id).view)  # the whole view, built after
    seen = ben.get_view(table.game_id, read_mask=lean).view  # before Ben's whole view was built
    whole = ben.get_view(table.game_id).view
    assert whole.state_json and whole.position_json and seen == cleared(whole)
    with ben.watch(table.game_id, caught_up=True, timeout=SAFETY_TIMEOUT_S, read_mask=["event", *lean]) as stream:
        steps = list(itertools.takewhile(lambda r: not r.caught_up, stream))
    assert [r.event.version for r in steps] == [1, 2]
    assert steps[-1].view == cleared(whole)
    assert not any(r.view.state_json or r.view.position_json for r in steps)
