"""``masks.masked`` keeps exactly what a read mask names: for any set of valid paths of a Submit, Watch or
Replay answer (fields whole, fields of the view, fields of each event of a batch), the answer masked in place
equals the answer built afresh by protobuf's own ``FieldMask.MergeMessage`` (each event of a repeated field
by itself), up to submessages left empty."""

from __future__ import annotations

from typing import Any

from google.protobuf import field_mask_pb2, json_format
from hypothesis import given, settings
from hypothesis import strategies as st

from judge.server import masks
from judge.v1 import judge_pb2 as pb


def _answer(kind: type[Any]) -> Any:
    """An answer with every kind of field set: scalars, the view with seats, a map and the JSON copies,
    and (for a batch) several events."""
    view = pb.GameView(game_id="g", version=7, status=pb.GAME_STATUS_ACTIVE, active_seat=1, phase="combat",
                       state_json='{"a": 1}', position_json='{"b": 2}', waiting_for="seat 1 to act",
                       seats=[pb.SeatView(seat=0, name="Anna", level=3, hand=["elf"]), pb.SeatView(seat=1, name="Ben")])
    view.waiting_for_told["de"] = "Ben ist dran"
    event = pb.Event(version=7, kind="CommandAccepted", seat=1, action="kick_door", summary="Ben: kick door",
                     payload_json="{}")
    if kind is pb.SubmitResponse:
        return pb.SubmitResponse(events=[event, event], version=7, view=view, duplicate=True)
    return kind(events=[event, event], view=view)


def _paths(kind: type[Any]) -> list[str]:
    descriptor = kind.DESCRIPTOR
    out = []
    for field in descriptor.fields:
        out.append(field.name)
        if field.message_type is not None and field.message_type.name in ("GameView", "Event"):
            out += [f"{field.name}.{inner.name}" for inner in field.message_type.fields]
    return out


def _reference(answer: Any, paths: list[str]) -> Any:
    """What the mask keeps, built by protobuf: ``MergeMessage`` of the paths, each event by itself."""
    out = type(answer)()
    repeated = {f.name for f in answer.DESCRIPTOR.fields if f.is_repeated and f.message_type is not None}
    whole = [p for p in paths if p.partition(".")[0] not in repeated or "." not in p]
    if whole:
        field_mask_pb2.FieldMask(paths=whole).MergeMessage(answer, out)
    for name in repeated:
        if name in paths:
            continue
        inner = [p.partition(".")[2] for p in paths if p.startswith(name + ".")]
        if inner:
            for item in getattr(answer, name):
                field_mask_pb2.FieldMask(paths=inner).MergeMessage(item, getattr(out, name).add())
    return out


def _plain(message: Any) -> Any:
    """The message as a dict, submessages left empty dropped."""
    def drop(value: Any) -> Any:
        if isinstance(value, dict):
            kept = {k: drop(v) for k, v in value.items()}
            return {k: v for k, v in kept.items() if v != {}}
        if isinstance(value, list):
            return [drop(v) for v in value]
        return value
    return drop(json_format.MessageToDict(message))


@settings(max_examples=300, deadline=None)
@given(st.sampled_from([pb.SubmitResponse, pb.WatchResponse, pb.ReplayResponse]), st.data())
def test_masked_keeps_what_protobuf_keeps(kind: type[Any], data: st.DataObject) -> None:
    paths = data.draw(st.lists(st.sampled_from(_paths(kind)), min_size=1, max_size=12, unique=True))
    expected = _reference(_answer(kind), paths)
    got = masks.masked(_answer(kind), field_mask_pb2.FieldMask(paths=paths))
    assert _plain(got) == _plain(expected), paths


def test_the_pages_mask_keeps_the_view_without_its_json_copies() -> None:
    paths = ["events", "version", "receipt", "duplicate",
             *(f"view.{f.name}" for f in pb.GameView.DESCRIPTOR.fields if f.name not in ("position_json", "state_json"))]
    got = masks.masked(_answer(pb.SubmitResponse), field_mask_pb2.FieldMask(paths=paths))
    whole = _answer(pb.SubmitResponse)
    whole.view.ClearField("state_json")
    whole.view.ClearField("position_json")
    assert got == whole
