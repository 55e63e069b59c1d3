"""A protobuf message filled from a plain dict: what
``google.protobuf.json_format.ParseDict`` does with the judge's own answers,
at a fraction of its cost.

Every Submit, GetView, LegalActions and Replay answer is built from the
application's dicts (judge/server/convert.py). ``ParseDict`` handles any JSON
a client might write, so it inspects every field of every message it fills
on every call; on a served Submit it was about a sixth of the time. ``parse``
looks each message type's fields up once (cached by descriptor) and sets the
values the application's dicts hold (strings, integers, booleans, finite
floats, enum names, lists and nested dicts) directly.

Anything else (an unknown key, a value of another type, an integer out of a
field's range, bytes, ``float`` fields, an enum number or name the enum does
not have, a second member of a oneof) is handed to ``ParseDict`` itself for
that key, so the result and any ``ParseError`` are what ``ParseDict`` would
give. ``tests/server/test_dict_message.py`` holds the two equal on the views
of whole played games and on arbitrary dicts.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import lru_cache
from typing import Any, TypeVar

from google.protobuf import json_format
from google.protobuf.descriptor import Descriptor, FieldDescriptor
from google.protobuf.message import Message

M = TypeVar("M", bound=Message)

_INT = frozenset({FieldDescriptor.CPPTYPE_INT32, FieldDescriptor.CPPTYPE_INT64,
                  FieldDescriptor.CPPTYPE_UINT32, FieldDescriptor.CPPTYPE_UINT64})
_SCALAR, _ENUM, _MESSAGE, _REPEATED_SCALAR, _REPEATED_ENUM, _REPEATED_MESSAGE, _MAP, _OTHER = range(8)


class _Field:
    __slots__ = ("name", "shape", "cpp", "enum", "oneof", "value")

    def __init__(self, field: FieldDescriptor) -> None:
        self.shape: int
        self.name = field.name
        self.cpp = field.cpp_type
        self.oneof: str | None = field.containing_oneof.name if field.containing_oneof is not None else None
        self.enum: dict[str, int] = {}
        self.value: _Field | None = None  # a map's value field
        entry = field.message_type
        if entry is not None and entry.GetOptions().map_entry:
            key, value = entry.fields_by_name["key"], entry.fields_by_name["value"]
            self.value = _Field(value)
            plain_key = key.cpp_type == FieldDescriptor.CPPTYPE_STRING
            self.shape = _MAP if plain_key and self.value.shape in (_SCALAR, _ENUM, _MESSAGE) else _OTHER
        elif field.is_extension or self.cpp == FieldDescriptor.CPPTYPE_FLOAT or field.type == field.TYPE_BYTES \
                or (entry is not None and entry.full_name.startswith("google.protobuf.")):
            self.shape = _OTHER  # their JSON forms are the library's business
        elif field.is_repeated:
            self.shape = {FieldDescriptor.CPPTYPE_MESSAGE: _REPEATED_MESSAGE,
                          FieldDescriptor.CPPTYPE_ENUM: _REPEATED_ENUM}.get(self.cpp, _REPEATED_SCALAR)
        else:
            self.shape = {FieldDescriptor.CPPTYPE_MESSAGE: _MESSAGE,
                          FieldDescriptor.CPPTYPE_ENUM: _ENUM}.get(self.cpp, _SCALAR)
        if field.enum_type is not None:
            self.enum = {v.name: v.number for v in field.enum_type.values}


@lru_cache(maxsize=None)
def _fields(descriptor: Descriptor) -> dict[str, _Field]:
    """A message type's fields by every key ``ParseDict`` accepts: its JSON
    names first, then its field names (the order in which ``ParseDict`` looks)."""
    out = {f.name: _Field(f) for f in descriptor.fields}
    out.update({f.json_name: out[f.name] for f in descriptor.fields})
    return out


def parse(data: Mapping[str, Any], message: M) -> M:
    """``message`` filled from ``data`` as ``json_format.ParseDict(data, message)``
    would fill it (raising its ``ParseError`` where it would); returns ``message``."""
    _fill(message, data)
    return message


def _fill(message: Message, data: Mapping[str, Any]) -> None:
    fields = _fields(message.DESCRIPTOR)
    oneofs: set[str] = set()
    for key, value in data.items():
        field = fields.get(key)
        oneof = field.oneof if field is not None and value is not None else None
        if oneof is not None:
            if oneof in oneofs:
                field = None  # a second member of a oneof: ParseDict's error
            else:
                oneofs.add(oneof)
        if field is None or not _set(message, field, value):
            json_format.ParseDict({key: value}, message)


def _plain(field: _Field, value: Any) -> bool:
    """Whether ``value`` is one ``setattr`` takes for ``field`` exactly as ``ParseDict`` would."""
    kind = type(value)
    if field.cpp in _INT:
        return kind is int
    if field.cpp == FieldDescriptor.CPPTYPE_STRING:
        return kind is str
    if field.cpp == FieldDescriptor.CPPTYPE_BOOL:
        return kind is bool
    if field.cpp == FieldDescriptor.CPPTYPE_DOUBLE:
        return kind is int or (kind is float and math.isfinite(value))
    return False


def _enum_number(field: _Field, value: Any) -> int | None:
    if type(value) is str:
        return field.enum.get(value)
    if type(value) is int and value in field.enum.values():
        return value
    return None


def _set(message: Message, field: _Field, value: Any) -> bool:
    """Set one field; False (having changed nothing) when ``ParseDict`` should decide."""
    shape = field.shape
    if value is None:
        if shape == _OTHER:
            return False
        message.ClearField(field.name)
        return True
    if shape == _SCALAR:
        if not _plain(field, value):
            return False
        try:
            setattr(message, field.name, value)
        except ValueError:  # out of the field's range
            return False
        return True
    if shape == _ENUM:
        number = _enum_number(field, value)
        if number is None:
            return False
        setattr(message, field.name, number)
        return True
    if shape == _MESSAGE:
        if not isinstance(value, Mapping):
            return False
        sub = getattr(message, field.name)
        sub.SetInParent()
        _fill(sub, value)
        return True
    if shape == _REPEATED_MESSAGE:
        if not isinstance(value, (list, tuple)) or not all(isinstance(item, Mapping) for item in value):
            return False
        message.ClearField(field.name)
        container = getattr(message, field.name)
        for item in value:
            _fill(container.add(), item)
        return True
    if shape == _REPEATED_SCALAR:
        if not isinstance(value, (list, tuple)) or not all(_plain(field, item) for item in value):
            return False
        message.ClearField(field.name)
        try:
            getattr(message, field.name).extend(value)
        except ValueError:
            message.ClearField(field.name)
            return False
        return True
    if shape == _REPEATED_ENUM:
        if not isinstance(value, (list, tuple)):
            return False
        numbers = [_enum_number(field, item) for item in value]
        if any(n is None for n in numbers):
            return False
        message.ClearField(field.name)
        getattr(message, field.name).extend(numbers)
        return True
    if shape == _MAP:
        return _set_map(message, field, value)
    return False


def _set_map(message: Message, field: _Field, value: Any) -> bool:
    inner = field.value
    assert inner is not None
    if not isinstance(value, Mapping) or not all(type(k) is str for k in value):
        return False
    if inner.shape == _SCALAR:
        if not all(_plain(inner, v) for v in value.values()):
            return False
        message.ClearField(field.name)
        target = getattr(message, field.name)
        try:
            for k, v in value.items():
                target[k] = v
        except ValueError:
            message.ClearField(field.name)
            return False
        return True
    if inner.shape == _ENUM:
        numbers = {k: _enum_number(inner, v) for k, v in value.items()}
        if any(n is None for n in numbers.values()):
            return False
        message.ClearField(field.name)
        getattr(message, field.name).update(numbers)
        return True
    if not all(isinstance(v, Mapping) for v in value.values()):
        return False
    message.ClearField(field.name)
    target = getattr(message, field.name)
    for k, v in value.items():
        _fill(target[k], v)
    return True
