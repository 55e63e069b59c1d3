"""The protobuf <-> application conversions: every action of Command.action
survives the round trip through the rules' action classes (so the proto and
the dataclasses cannot drift apart unnoticed), and request validation."""

from __future__ import annotations

import pytest
from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message

from judge.rules.engine import action_table

ACTIONS = action_table("munchkin")
from judge.server.convert import (
    InvalidRequest,
    action_to_proto,
    command_from_proto,
    language,
    setup_from_proto,
)
from judge.v1 import judge_pb2 as pb

KINDS = [f.name for f in pb.Command.DESCRIPTOR.oneofs_by_name["action"].fields
         if "action" not in f.message_type.oneofs_by_name  # the munchkin actions, not other families' sections
         and f.name != "family_action"]  # nor the place of a family without a section


def filled(message: Message) -> Message:
    """Every field of ``message`` set to a value that is not its default."""
    for field in message.DESCRIPTOR.fields:
        if field.message_type is not None:
            if field.is_repeated:
                filled(getattr(message, field.name).add())
            else:
                filled(getattr(message, field.name))
            continue
        if field.enum_type is not None:
            value: object = field.enum_type.values[-1].number
        elif field.type == FieldDescriptor.TYPE_STRING:
            value = f"{field.name}-value"
        elif field.type == FieldDescriptor.TYPE_BOOL:
            value = True
        else:
            value = 2
        if field.is_repeated:
            getattr(message, field.name).extend([value, value])
        else:
            setattr(message, field.name, value)
    return message


@pytest.mark.parametrize("kind", KINDS)
def test_every_action_kind_has_a_rules_class(kind: str) -> None:
    assert kind in ACTIONS


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("fill", [False, True], ids=["defaults", "every-field-set"])
def test_actions_survive_the_round_trip(kind: str, fill: bool) -> None:
    command = pb.Command(command_id="c", seat=1)
    getattr(command, kind).SetInParent()
    if fill:
        filled(getattr(command, kind))
    command_id, judged, expected = command_from_proto(command, "munchkin")
    assert (command_id, judged.seat, expected) == ("c", 1, None)
    assert judged.action.kind == kind
    back = action_to_proto(judged.action, 1)
    back.command_id = "c"
    assert command_from_proto(back, "munchkin")[1] == judged
    if fill:  # field for field (unset and empty sub-messages mean the same to the rules)
        assert getattr(back, kind) == getattr(command, kind)


def test_expected_version_is_optional() -> None:
    command = pb.Command(command_id="c", seat=0, expected_version=0, loot_room=pb.LootRoom())
    assert command_from_proto(command, "munchkin")[2] == 0


def test_setup_uses_the_rules_words() -> None:
    request = pb.CreateGameRequest(
        ruleset="munchkin",
        variants=["listen-at-the-door"],
        seats=[pb.SeatSpec(name="Anna", sex=pb.SEX_FEMALE), pb.SeatSpec(name="Ben", sex=pb.SEX_MALE)],
        options=pb.GameOptions(interference_window_ms=0),
        mode=pb.TABLE_MODE_DEALT,
        custom_cards=[pb.CardDefinition(json='{"id": "mine"}')],
    )
    setup = setup_from_proto(request)
    assert [(s.name, s.traits) for s in setup.seats] == [("Anna", {"sex": "female"}), ("Ben", {"sex": "male"})]
    assert setup.options == {"interference_window_ms": 0}
    assert setup.mode == "dealt"
    assert setup.custom_cards == ({"id": "mine"},)
    assert setup_from_proto(pb.CreateGameRequest(ruleset="m", seats=request.seats)).mode == "reported"


def test_setup_violations_are_collected() -> None:
    request = pb.CreateGameRequest(
        ruleset="",
        seats=[pb.SeatSpec(name=" Anna", sex=pb.SEX_FEMALE)],
        custom_cards=[pb.CardDefinition(json="[1]")],
    )
    with pytest.raises(InvalidRequest) as caught:
        setup_from_proto(request)
    assert [f for f, _ in caught.value.violations] == ["ruleset", "seats[0].name", "custom_cards[0].json"]


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        (None, "en"),
        ("de", "de"),
        ("de-AT", "de"),
        ("EN-gb", "en"),
        ("fr", "en"),
        ("fr, de;q=0.8, en;q=0.5", "de"),
        ("en;q=0.4, de;q=0.9", "de"),
        ("de;q=0, en", "en"),
        ("de;q=oops", "en"),
    ],
)
def test_language_from_accept_language(header: str | None, expected: str) -> None:
    metadata = [] if header is None else [("accept-language", header)]
    assert language(metadata) == expected


def test_seat_traits_come_from_the_map_or_the_sex_field() -> None:
    """Seats carry the traits their ruleset declares; Munchkin's sex may
    still come as the SeatSpec field of its own, and both must agree."""
    seats = [pb.SeatSpec(name="Anna", traits={"sex": "female"}), pb.SeatSpec(name="Ben", sex=pb.SEX_MALE),
             pb.SeatSpec(name="Cem")]
    setup = setup_from_proto(pb.CreateGameRequest(ruleset="munchkin", seats=seats))
    assert [s.traits for s in setup.seats] == [{"sex": "female"}, {"sex": "male"}, {}]
    clash = pb.SeatSpec(name="Dora", sex=pb.SEX_MALE, traits={"sex": "female"})
    with pytest.raises(InvalidRequest) as caught:
        setup_from_proto(pb.CreateGameRequest(ruleset="munchkin", seats=[clash]))
    assert [f for f, _ in caught.value.violations] == ["seats[0].sex"]


def test_options_by_name_are_read_with_the_declared_types() -> None:
    """GameOptions.values holds any option the ruleset declares, as text;
    the server reads it with the declared type, not from a fixed list."""
    request = pb.CreateGameRequest(ruleset="munchkin", seats=[pb.SeatSpec(name="A")],
                                   options=pb.GameOptions(first_seat=1, values={"interference_window_ms": "0"}))
    assert setup_from_proto(request).options == {"first_seat": 1, "interference_window_ms": 0}
    for values, field in (({"no_such": "1"}, "options.values[no_such]"),
                          ({"interference_window_ms": "soon"}, "options.values[interference_window_ms]"),
                          ({"first_seat": "2"}, "options.values[first_seat]")):
        request.options.values.clear()
        request.options.values.update(values)
        with pytest.raises(InvalidRequest) as caught:
            setup_from_proto(request)
        assert [f for f, _ in caught.value.violations] == [field]


def test_an_action_of_another_family_is_a_field_violation() -> None:
    """A command is decoded against the game's family: Munchkin's kick_door
    means nothing in a game of another family."""
    command = pb.Command(command_id="c", seat=0, kick_door=pb.KickDoor(card="x"))
    with pytest.raises(InvalidRequest) as caught:
        command_from_proto(command, "test-other")
    assert [f for f, _ in caught.value.violations] == ["command.kick_door"]


def test_traits_and_named_options_are_bounded() -> None:
    """At most MAX_LIST traits per seat and options by name, each of bounded length."""
    many = {f"t{i}": "x" for i in range(65)}
    request = pb.CreateGameRequest(ruleset="munchkin", seats=[pb.SeatSpec(name="A", traits=many)],
                                   options=pb.GameOptions(values={f"o{i}": "1" for i in range(65)}))
    with pytest.raises(InvalidRequest) as caught:
        setup_from_proto(request)
    assert [f for f, _ in caught.value.violations] == ["seats[0].traits", "options.values"]
    long_value = pb.CreateGameRequest(ruleset="munchkin", seats=[pb.SeatSpec(name="A", traits={"sex": "f" * 65})])
    with pytest.raises(InvalidRequest) as caught:
        setup_from_proto(long_value)
    assert [f for f, _ in caught.value.violations] == ["seats[0].traits.sex"]
