"""Protobuf messages from plain JSON data, fast where the result is the same.

``json_format.ParseDict`` walks a dict field by field in Python, which made
it the largest single cost of every answer that carries a view (half of a
Replay, most of a GetView). The generated message constructor builds the same
message natively, for the data the judge produces: field names as in the
proto, enum values by name, nested messages as dicts, repeated fields as lists
and maps as dicts with their key type. :func:`message_from` takes that path
and falls back to ``ParseDict`` itself (its result and its errors) wherever
the constructor refuses the data, e.g. a JSON name in camelCase, an integer
given as a string, or a key the message does not have. One difference stays:
the constructor takes an empty list or dict where ``ParseDict`` wants the
other kind of container (``{"a_map": []}``), leaving the field empty as
the data meant. Message types with fields
where the two could read the same data differently (``bytes``, which
``ParseDict`` reads as base64, and the well-known ``google.protobuf`` types)
always take that fallback. ``tests/server/test_fast_messages.py`` holds
the two equal for each of these cases, ``tests/app/test_view_cache.py`` over
random playouts of every ruleset.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from google.protobuf import json_format
from google.protobuf.descriptor import Descriptor, FieldDescriptor
from google.protobuf.message import Message

M = TypeVar("M", bound=Message)

_plain: dict[str, bool] = {}


def is_plain(descriptor: Descriptor) -> bool:
    """Whether the constructor reads every field of ``descriptor`` (and of
    the messages under it) as ``ParseDict`` would: no ``bytes`` field and
    no well-known ``google.protobuf`` type anywhere."""
    known = _plain.get(descriptor.full_name)
    if known is not None:
        return known
    _plain[descriptor.full_name] = True  # a recursive message is judged by its other fields
    plain = not descriptor.full_name.startswith("google.protobuf.")
    for field in descriptor.fields:
        if not plain:
            break
        if field.type == FieldDescriptor.TYPE_BYTES:
            plain = False
        elif field.message_type is not None:
            plain = is_plain(field.message_type)
    _plain[descriptor.full_name] = plain
    return plain


def message_from(data: Mapping[str, Any], message_type: type[M]) -> M:
    """``json_format.ParseDict(data, message_type())``, built by the
    message's constructor where that gives the same message."""
    if is_plain(message_type.DESCRIPTOR):
        try:
            return message_type(**data)
        except (TypeError, ValueError, KeyError, AttributeError):
            pass
    return json_format.ParseDict(data, message_type())


def merge_from(data: Mapping[str, Any], message: Message) -> None:
    """``json_format.ParseDict(data, message)`` for an empty ``message``."""
    message.CopyFrom(message_from(data, type(message)))
