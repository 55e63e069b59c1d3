"""Partial responses: the ``read_mask`` of Submit, GetView, Replay and Watch (a
``google.protobuf.FieldMask`` naming the fields of the response the caller reads, as in
Google's API guidelines on partial responses).

An unset or empty mask means every field, so a client that sends none sees no change. A path
must name a field of the response (``view``, ``view.seats``, ``events`` ...), else the call is
INVALID_ARGUMENT. ``wants`` tells the servicer whether a part is read at all, so that it is
not built (a Submit or a Replay without ``view`` builds no view); ``masked`` keeps only the
fields named of what was built.
"""

from __future__ import annotations

from typing import Any, TypeVar

from google.protobuf import field_mask_pb2

from judge.common.errors import InvalidArgument
from judge.common.i18n import N_, said

M = TypeVar("M")


def read_mask(request: Any, response_type: type[Any]) -> field_mask_pb2.FieldMask | None:
    """The request's ``read_mask`` checked against ``response_type``; None when every field is read."""
    if not request.HasField("read_mask") or not request.read_mask.paths:
        return None
    mask: field_mask_pb2.FieldMask = request.read_mask
    if not mask.IsValidForDescriptor(response_type.DESCRIPTOR):
        fields = ", ".join(f.name for f in response_type.DESCRIPTOR.fields)
        raise InvalidArgument("read_mask", said(N_("paths must name fields of {name} ({fields}, or fields under "
                                                    "them), not {value}"),
                                                name=response_type.DESCRIPTOR.name, fields=fields,
                                                value=", ".join(mask.paths)))
    return mask


def wants(mask: field_mask_pb2.FieldMask | None, field: str) -> bool:
    """True if ``mask`` reads ``field`` of the response or anything under it."""
    return mask is None or any(path == field or path.startswith(field + ".") for path in mask.paths)


def masked(response: M, mask: field_mask_pb2.FieldMask | None) -> M:
    """``response`` with only the fields ``mask`` names (itself when every field is read)."""
    if mask is None:
        return response
    out = type(response)()
    mask.MergeMessage(response, out)
    return out
