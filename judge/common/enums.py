"""The API's enum values and the application's words for them.

The API's enums follow buf's STANDARD style (``SIDE_PLAYERS`` in ``Side``);
the application, the rules and the command line use the bare word
(``"players"``). The server (judge/server/convert.py) and the client library
both translate with these functions, so the two spellings cannot drift
apart. It lives in the client package, which installs without the server.

>>> from judge.v1 import judge_pb2 as pb
>>> Side = pb.Side.DESCRIPTOR
>>> enum_word(Side, pb.SIDE_PLAYERS), enum_name(Side, "players"), enum_prefix(Side)
('players', 'SIDE_PLAYERS', 'SIDE_')
"""

from __future__ import annotations

import re

from google.protobuf.descriptor import EnumDescriptor


def enum_prefix(enum: EnumDescriptor) -> str:
    """``TableMode`` -> ``TABLE_MODE_`` (the buf STANDARD value prefix)."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", enum.name).upper() + "_"


def enum_word(enum: EnumDescriptor, number: int) -> str | None:
    """The application's word for an enum value: ``SIDE_PLAYERS`` -> ``"players"``,
    the zero value -> ``""``; None for a number the API does not define."""
    value = enum.values_by_number.get(number)
    if value is None:
        return None
    if number == 0:
        return ""
    return value.name.removeprefix(enum_prefix(enum)).lower()


def enum_name(enum: EnumDescriptor, word: str) -> str:
    """The proto name of an application word: ``"players"`` -> ``SIDE_PLAYERS``.

    A full proto name is returned as is; ``""`` gives the zero value's name.
    Raises ``ValueError`` (naming the words there are) for any other word.
    """
    if word in enum.values_by_name:
        return word
    if not word:
        return enum.values_by_number[0].name
    prefix = enum_prefix(enum)
    name = prefix + word.upper().replace("-", "_")
    if name not in enum.values_by_name:
        words = [v.name.removeprefix(prefix).lower() for v in enum.values if v.number]
        raise ValueError(f"{word!r} is not a {enum.name}; one of: {', '.join(words)}")
    return name
