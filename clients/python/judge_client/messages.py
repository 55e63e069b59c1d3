"""Building API messages from plain Python values: the action kinds of each
family, commands, actions and seats (``judge.v1`` messages).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from google.protobuf import json_format
from google.protobuf.descriptor import Descriptor, EnumDescriptor, FieldDescriptor
from google.protobuf.message import Message

from judge.common.enums import enum_name
from judge.common.i18n import N_, said
from judge.v1 import judge_pb2 as pb
from judge.v1 import rulesets_pb2 as rpb
from judge_client.families import ROOT_FAMILY  # the family whose actions are Command.action's own fields

_ACTIONS = pb.Command.DESCRIPTOR.oneofs_by_name["action"].fields


FAMILY_SECTIONS: dict[str, Descriptor] = {
    f.name: f.message_type for f in _ACTIONS
    if f.message_type is not None and "action" in f.message_type.oneofs_by_name
}
"""Each other family's section of ``Command.action`` (a message with a
``oneof action`` of its own), by family name."""


FAMILY_ACTION = "family_action"
"""The field of ``Command.action`` for a family the API has no section for (a game installed beside the
judge): a ``FamilyAction`` with the action's kind and its fields as JSON."""


ACTION_KINDS: tuple[str, ...] = tuple(f.name for f in _ACTIONS
                                      if f.name not in FAMILY_SECTIONS and f.name != FAMILY_ACTION)
"""The action kinds of the munchkin family (the fields of ``Command.action``), e.g. ``"kick_door"``."""


def has_section(family: str) -> bool:
    """Whether this client's API has a place of its own for ``family``'s actions (the fields of
    ``Command.action`` or a section); any other family's actions go as a ``FamilyAction``."""
    return family == ROOT_FAMILY or family in FAMILY_SECTIONS


SeatArg = str | tuple[str, str] | tuple[str, Mapping[str, str]] | pb.SeatSpec


def action_kinds(family: str) -> tuple[str, ...]:
    """The action kinds this client knows for ``family`` (a family without a section in the API: none,
    and any kind its rules know may be sent)."""
    if family == ROOT_FAMILY:
        return ACTION_KINDS
    section = FAMILY_SECTIONS.get(family)
    if section is None:
        known = ", ".join([ROOT_FAMILY, *FAMILY_SECTIONS])
        raise ValueError(said(N_("this client knows no actions of the family {family} (known: {known})"),
                              family=repr(family), known=known))
    return tuple(f.name for f in section.oneofs_by_name["action"].fields)


def families_of_kind(kind: str) -> list[str]:
    """The families that have an action ``kind``."""
    return [f for f in (ROOT_FAMILY, *FAMILY_SECTIONS) if kind in action_kinds(f)]


def enum_value(enum: EnumDescriptor, value: str | int) -> int:
    """An enum number from a number, a proto name (``SIDE_PLAYERS``) or a
    word (``"players"``, ``""`` for the zero value); ``ValueError`` for
    another word."""
    if isinstance(value, int):
        return value
    return enum.values_by_name[enum_name(enum, value)].number


def _scalar(field: FieldDescriptor, value: Any) -> Any:
    """Coerce a Python value (or its text, as typed on a command line) to a field's type."""
    if field.enum_type is not None:
        return enum_value(field.enum_type, value)
    if field.type == FieldDescriptor.TYPE_BOOL:
        if isinstance(value, str):
            text = value.strip().lower()
            if text in ("true", "yes", "1", "on"):
                return True
            if text in ("false", "no", "0", "off", ""):
                return False
            raise ValueError(said(N_("{name}: {value} is not a boolean"), name=field.name, value=repr(value)))
        return bool(value)
    if field.type == FieldDescriptor.TYPE_STRING:
        return str(value)
    if isinstance(value, bool):
        raise ValueError(said(N_("{name}: expected a number, not {value}"), name=field.name, value=repr(value)))
    try:
        return int(value)
    except (TypeError, ValueError):
        raise ValueError(said(N_("{name}: {value} is not a whole number"),
                              name=field.name, value=repr(value))) from None


def _items(value: Any) -> list[Any]:
    """A repeated field's values: a list, a JSON list, or comma-separated text."""
    if isinstance(value, str):
        text = value.strip()
        if text.startswith("["):
            loaded = json.loads(text)
            if not isinstance(loaded, list):
                raise ValueError(said(N_("{value} is not a JSON list"), value=repr(value)))
            return loaded
        return [part.strip() for part in text.split(",") if part.strip()]
    if isinstance(value, Mapping):
        return [value]
    return list(value)


def json_ready(descriptor: Descriptor, fields: Mapping[str, Any]) -> dict[str, Any]:
    """Plain values (or their text, as typed on a command line) as the JSON form of a ``descriptor``
    message: names checked, repeated fields from lists or comma-separated text, nested messages from
    dicts or JSON text, enums from words, numbers and booleans from their text; None leaves a field out."""
    out: dict[str, Any] = {}
    for name, value in fields.items():
        field = descriptor.fields_by_name.get(name)
        if field is None:
            known = ", ".join(descriptor.fields_by_name) or "none"
            raise ValueError(said(N_("{name} has no field {field} (fields: {known})"),
                                  name=descriptor.name, field=repr(name), known=known))
        if value is None:
            continue
        nested = field.message_type
        if nested is not None and nested.GetOptions().map_entry:
            entries = json.loads(value) if isinstance(value, str) else value
            value_field = nested.fields_by_name["value"]
            out[name] = {str(k): _scalar(value_field, v) for k, v in dict(entries).items()}
        elif field.is_repeated:
            out[name] = [json_ready(nested, json.loads(item) if isinstance(item, str) else item)
                         if nested is not None else _scalar(field, item) for item in _items(value)]
        elif nested is not None:
            out[name] = json_ready(nested, json.loads(value) if isinstance(value, str) else value)
        else:
            out[name] = _scalar(field, value)
    return out


def fill_message(message: Message, fields: Mapping[str, Any]) -> Message:
    """Set the fields of ``message`` from plain values (``json_ready``), through protobuf's own
    ``json_format``; None leaves a field unset."""
    try:
        return json_format.ParseDict(json_ready(message.DESCRIPTOR, fields), message)
    except json_format.ParseError as e:
        raise ValueError(str(e)) from None


def build_command(
    seat: int,
    kind: str,
    *,
    family: str = ROOT_FAMILY,
    command_id: str = "",
    expected_version: int | None = None,
    **fields: Any,
) -> pb.Command:
    """A ``Command`` for the action ``kind`` of ``family`` with its fields from keywords.

    >>> build_command(1, "play_card", card="fluch-verliere-eine-stufe", target_seat=2).play_card.target_seat
    2
    """
    return command_of(seat, kind, fields, family=family, command_id=command_id, expected_version=expected_version)


def command_of(
    seat: int,
    kind: str,
    fields: Mapping[str, Any],
    *,
    family: str = ROOT_FAMILY,
    command_id: str = "",
    expected_version: int | None = None,
) -> pb.Command:
    """``build_command`` with the action's fields as a mapping (any names,
    e.g. as read from a command line; an unknown one is a ``ValueError``).
    A family the API has no section for gets a ``FamilyAction``: its fields as JSON, a text value that
    reads as JSON (``3``, ``true``, ``[1, 2]``) taken as what it reads, any other text as text.

    >>> command_of(0, "add", {"amount": "3"}, family="tiny-count").family_action.fields_json
    '{"amount": 3}'
    """
    if not has_section(family):
        command = pb.Command(command_id=command_id, seat=seat)
        if expected_version is not None:
            command.expected_version = expected_version
        values = {name: _json_value(value) for name, value in fields.items() if value is not None}
        command.family_action.kind = kind
        command.family_action.fields_json = json.dumps(values, ensure_ascii=False)
        return command
    kinds = action_kinds(family)
    if kind not in kinds:
        raise ValueError(said(N_("unknown action kind {kind} of the {family} family; one of: {values}"),
                              kind=repr(kind), family=family, values=', '.join(kinds)))
    command = pb.Command(command_id=command_id, seat=seat)
    if expected_version is not None:
        command.expected_version = expected_version
    holder: Message = command if family == ROOT_FAMILY else getattr(command, family)
    action = getattr(holder, kind)
    action.SetInParent()
    fill_message(action, fields)
    return command


def _json_value(value: Any) -> Any:
    """A value as typed (text that reads as JSON is what it reads) or as given."""
    if isinstance(value, str):
        try:
            return json.loads(value)
        except ValueError:
            return value
    return value


def action_of(command: pb.Command) -> tuple[str, Message | None]:
    """The kind of a command's action and its message, in whichever family's place it is."""
    kind = command.WhichOneof("action")
    if kind is None:
        return "", None
    if kind == FAMILY_ACTION:
        return command.family_action.kind, command.family_action
    message: Message = getattr(command, kind)
    if kind in FAMILY_SECTIONS:
        inner = message.WhichOneof("action")
        return (inner, getattr(message, inner)) if inner else ("", None)
    return kind, message


def action_fields(command: pb.Command) -> tuple[str, dict[str, Any]]:
    """The kind of a command's action and its fields as plain values (a ``FamilyAction``'s from its
    JSON), in whichever family's place it is.

    >>> action_fields(build_command(0, "kick_door", card="elf"))
    ('kick_door', {'card': 'elf'})
    """
    kind, message = action_of(command)
    if message is None:
        return kind, {}
    if isinstance(message, pb.FamilyAction):
        loaded = json.loads(message.fields_json or "{}")
        return kind, dict(loaded) if isinstance(loaded, dict) else {}
    return kind, json_format.MessageToDict(message, preserving_proto_field_name=True)


def filled(action: pb.LegalAction, **cards: str) -> pb.Command:
    """A legal action's command with its open choices (``LegalAction.open``, a template) filled in:
    each open field with the card given for it by name, else with the example the judge checked.
    A command without open choices comes back as it is (a copy)."""
    command = pb.Command()
    command.CopyFrom(action.command)
    if not action.open:
        return command
    _, message = action_of(command)
    if message is None or isinstance(message, pb.FamilyAction):
        return command
    for choice in action.open:
        setattr(message, choice.field, cards.get(choice.field, choice.example))
    return command


def seat_spec(seat: SeatArg, traits: Sequence[rpb.SeatTraitInfo] | None = None) -> pb.SeatSpec:
    """A ``SeatSpec`` from ``"Name"``, ``"Name:trait=value,..."``, ``"Name:value"``
    (the one trait of ``traits`` that has this value), ``(name, value)``,
    ``(name, {trait: value})`` or a ``SeatSpec``."""
    if isinstance(seat, pb.SeatSpec):
        return seat
    if isinstance(seat, str):
        name, sep, rest = seat.rpartition(":")
        if not sep:
            return pb.SeatSpec(name=seat)
        given: str | Mapping[str, str] = rest
        if "=" in rest:
            pairs = [part.partition("=") for part in rest.split(",") if part.strip()]
            if any(not key.strip() or not eq for key, eq, _ in pairs):
                raise ValueError(said(N_("seat {seat} must look like NAME:trait=value,... e.g. Anna:sex=female"),
                                      seat=repr(seat)))
            given = {key.strip(): value.strip() for key, _, value in pairs}
    else:
        name, given = seat
    if isinstance(given, str):
        value = given.strip()
        owners = [t.name for t in traits or () if value in t.values]
        if len(owners) != 1:
            known = "; ".join(f"{t.name}: {', '.join(t.values)}" for t in traits or ()) or "none"
            raise ValueError(said(N_("seat {name}: {value} is not the value of exactly one seat trait (traits: "
                                      "{known}); write NAME:trait=value"),
                                  name=repr(name), value=repr(value), known=known))
        given = {owners[0]: value}
    return pb.SeatSpec(name=name, traits=dict(given))


def _needs_traits(seat: SeatArg) -> bool:
    """True if a seat names a trait value without the trait (``"Anna:female"``)."""
    if isinstance(seat, str):
        _, sep, rest = seat.rpartition(":")
        return bool(sep) and "=" not in rest
    return isinstance(seat, tuple) and isinstance(seat[1], str)


def _option_text(value: Any) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def events_of(response: pb.ReplayResponse | pb.WatchResponse) -> list[pb.Event]:
    """The events a Replay or Watch response carries: its batch, or its one event (none on a marker)."""
    if response.events:
        return list(response.events)
    return [response.event] if response.HasField("event") else []
