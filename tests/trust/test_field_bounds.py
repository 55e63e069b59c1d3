"""Every integer field of every request, at the boundaries of its wire type,
sent with a token that reaches the service: the judge answers each with a
status it means (never INTERNAL or UNKNOWN), and the games stay intact.

A version of 2**63 once reached SQLite and answered INTERNAL; this walks
every field, so a new integer field is covered the day it is added.
"""

from __future__ import annotations

from collections.abc import Iterator

from google.protobuf.descriptor import Descriptor, FieldDescriptor
from google.protobuf.message import Message

from judge.record import verify_record
from tests.trust.test_fuzz import _BOUNDS, SERVICE, Arena, _call, _class, arena  # noqa: F401 - the fixture

__all__ = ["arena"]


def _integer_paths(descriptor: Descriptor, prefix: tuple[str, ...] = (),
                   seen: frozenset[str] = frozenset()) -> Iterator[tuple[tuple[str, ...], FieldDescriptor]]:
    """Every (path, field) of an integer field below ``descriptor`` (each message type once per path)."""
    for field in descriptor.fields:
        if field.message_type is not None:
            if field.message_type.GetOptions().map_entry or field.message_type.full_name in seen:
                continue
            yield from _integer_paths(field.message_type, (*prefix, field.name),
                                      seen | {descriptor.full_name})
        elif field.type in _BOUNDS:
            yield (*prefix, field.name), field


def _request(method: str, path: tuple[str, ...], field: FieldDescriptor, value: int, game_id: str) -> Message:
    request = _class(SERVICE.methods_by_name[method].input_type)()
    if "game_id" in request.DESCRIPTOR.fields_by_name:
        setattr(request, "game_id", game_id)
    target = request
    for name in path[:-1]:
        holder = target.DESCRIPTOR.fields_by_name[name]
        target = getattr(target, name).add() if holder.is_repeated else getattr(target, name)
        if "command_id" in target.DESCRIPTOR.fields_by_name:
            setattr(target, "command_id", f"bounds-{method}-{'.'.join(path)}-{value}")
    if field.is_repeated:
        getattr(target, path[-1]).append(value)
    else:
        setattr(target, path[-1], value)
    return request


def test_every_integer_field_at_its_bounds(arena: Arena) -> None:
    table = arena.tables[0]  # with four events, so a Watch from version 0 or 1 has three to send
    before = [t.organizer.get_view(t.game_id).view.version for t in arena.tables]
    sent = 0
    for method in SERVICE.methods_by_name:
        for path, field in _integer_paths(SERVICE.methods_by_name[method].input_type):
            low, high = _BOUNDS[field.type]
            for value in sorted({low, high, high - 1, 2**63 - 1 if high > 2**63 else high, 0, 1}):
                # A seat's token reaches the seat's own actions; the admin's reaches everything else.
                token = table.game.seat_tokens[0].token if method in ("Submit", "Ask") else arena.judge.admin_token
                request = _request(method, path, field, value, table.game_id)
                _call(arena, method, request, [("authorization", f"Bearer {token}")])
                sent += 1
    assert sent > 200  # every integer field of every request, several values each
    assert arena.codes.get("OK", 0) > 0 and arena.codes.get("INVALID_ARGUMENT", 0) > 0
    for t, version in zip(arena.tables, before):
        org = t.organizer
        assert org.audit(t.game_id).clean
        assert verify_record(org.export_game(t.game_id).record,
                             bytes(org.get_server_key().public_key)).ok
        assert org.get_view(t.game_id).view.version >= version
