"""A family joins the API mechanically (docs/architecture.md, "The API and
its families"): a ``Command.action`` field whose message has a ``oneof
action`` of its own is the section of the family it is named after, and the
server reads it with no change. Checked on a command message built at run
time with such a section, for a family defined here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import pytest
from google.protobuf import descriptor_pb2, descriptor_pool, message_factory
from google.protobuf.message import Message

from judge.rules.engine import Action
from judge.server.convert import InvalidRequest, command_from_proto
from judge.server.families import is_family_section


@dataclass(frozen=True)
class SectionTestAction(Action, family="sectiontest"):
    """Base of a family with a section of its own."""


@dataclass(frozen=True)
class Attack(SectionTestAction):
    kind: ClassVar[str] = "attack"
    card: str = ""
    die: int = 0


@dataclass(frozen=True)
class EndTurn(SectionTestAction):
    kind: ClassVar[str] = "end_turn"


F = descriptor_pb2.FieldDescriptorProto


def _message(name: str, fields: list[tuple[str, int, int, str]], *, oneof_from: int | None = None
             ) -> descriptor_pb2.DescriptorProto:
    """A message; ``fields`` are (name, number, type, message type name);
    those numbered ``oneof_from`` or more are in a ``oneof action``."""
    proto = descriptor_pb2.DescriptorProto(name=name)
    if oneof_from is not None:
        proto.oneof_decl.add(name="action")
    for field_name, number, kind, type_name in fields:
        f = proto.field.add(name=field_name, number=number, type=kind, label=F.LABEL_OPTIONAL)
        if type_name:
            f.type_name = f".sectiontest.{type_name}"
        if oneof_from is not None and number >= oneof_from:
            f.oneof_index = 0
    return proto


def command_class() -> Any:
    file = descriptor_pb2.FileDescriptorProto(name="sectiontest.proto", package="sectiontest", syntax="proto2")
    file.message_type.extend([
        _message("Kick", [("card", 1, F.TYPE_STRING, "")]),
        _message("Attack", [("card", 1, F.TYPE_STRING, ""), ("die", 2, F.TYPE_UINT32, "")]),
        _message("EndTurn", []),
        _message("SectionTestSection", [("attack", 1, F.TYPE_MESSAGE, "Attack"),
                                        ("end_turn", 2, F.TYPE_MESSAGE, "EndTurn")], oneof_from=1),
        _message("Command", [("command_id", 1, F.TYPE_STRING, ""), ("seat", 2, F.TYPE_UINT32, ""),
                             ("expected_version", 3, F.TYPE_UINT64, ""),
                             ("kick_door", 10, F.TYPE_MESSAGE, "Kick"),
                             ("sectiontest", 100, F.TYPE_MESSAGE, "SectionTestSection")], oneof_from=10),
    ])
    pool = descriptor_pool.DescriptorPool()
    pool.Add(file)
    return message_factory.GetMessageClass(pool.FindMessageTypeByName("sectiontest.Command"))


def test_a_section_is_read_as_its_familys_action() -> None:
    command: Message = command_class()(command_id="c", seat=1)
    section: Any = getattr(command, "sectiontest")
    section.attack.card = "drache"
    section.attack.die = 6
    assert is_family_section(section)
    command_id, judged, expected = command_from_proto(command, "sectiontest")  # type: ignore[arg-type]
    assert (command_id, judged.seat, expected) == ("c", 1, None)
    assert judged.action == Attack(card="drache", die=6)


def test_a_section_of_another_family_or_an_empty_one_is_a_field_violation() -> None:
    command: Any = command_class()(command_id="c", seat=0)
    command.sectiontest.end_turn.SetInParent()
    with pytest.raises(InvalidRequest) as caught:
        command_from_proto(command, "munchkin")
    assert [f for f, _ in caught.value.violations] == ["command.sectiontest.end_turn"]
    empty: Any = command_class()(command_id="c", seat=0)
    empty.sectiontest.SetInParent()
    with pytest.raises(InvalidRequest) as caught:
        command_from_proto(empty, "sectiontest")
    assert [f for f, _ in caught.value.violations] == ["command.sectiontest.action"]
    munchkin_field: Any = command_class()(command_id="c", seat=0)
    munchkin_field.kick_door.card = "x"
    with pytest.raises(InvalidRequest) as caught:
        command_from_proto(munchkin_field, "sectiontest")
    assert [f for f, _ in caught.value.violations] == ["command.kick_door"]
