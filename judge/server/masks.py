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


def read_mask(request: Any, response_type: type[Any], each: tuple[str, ...] = ()) -> field_mask_pb2.FieldMask | None:
    """The request's ``read_mask`` checked against ``response_type``; None when every field is read. Paths
    under the repeated message fields named in ``each`` (``events.summary``) name a field of each message."""
    if not request.HasField("read_mask") or not request.read_mask.paths:
        return None
    mask: field_mask_pb2.FieldMask = request.read_mask
    if not all(_valid(path, response_type.DESCRIPTOR, each) for path in mask.paths):
        fields = ", ".join(f.name for f in response_type.DESCRIPTOR.fields)
        raise InvalidArgument("read_mask", said(N_("paths must name fields of {name} ({fields}, or fields under "
                                                    "them), not {value}"),
                                                name=response_type.DESCRIPTOR.name, fields=fields,
                                                value=", ".join(mask.paths)))
    return mask


def _valid(path: str, descriptor: Any, each: tuple[str, ...]) -> bool:
    """Whether ``path`` names a field of ``descriptor`` or one under it; a path under a repeated message
    field named in ``each`` (``events.summary``) names that field of each of its messages."""
    head, _, rest = path.partition(".")
    field = descriptor.fields_by_name.get(head)
    if rest and head in each and field is not None and field.message_type is not None:
        return bool(field_mask_pb2.FieldMask(paths=[rest]).IsValidForDescriptor(field.message_type))
    return bool(field_mask_pb2.FieldMask(paths=[path]).IsValidForDescriptor(descriptor))


def batched(mask: field_mask_pb2.FieldMask | None, single: str, batch: str) -> field_mask_pb2.FieldMask | None:
    """``mask`` for a batched stream: a path under the single event's field ``single`` read as the same
    path under the batch's field ``batch`` (so one mask serves a stream batched or not)."""
    if mask is None:
        return None
    paths = [batch + path[len(single):] if path == single or path.startswith(single + ".") else path
             for path in mask.paths]
    return field_mask_pb2.FieldMask(paths=list(dict.fromkeys(paths)))


def reads(mask: field_mask_pb2.FieldMask | None, field: str) -> bool:
    """True if ``mask`` reads the field at the dotted path ``field``: the path itself, one under it or
    one above it (``event`` reads ``event.summary``)."""
    return mask is None or any(path == field or path.startswith(field + ".") or field.startswith(path + ".")
                               for path in mask.paths)


def reads_json(mask: field_mask_pb2.FieldMask | None, view: str = "view") -> bool:
    """True if ``mask`` reads either JSON copy of the view at ``view`` (``position_json``, ``state_json``):
    a view without them costs about half as much to build (``Views.view_of``)."""
    return reads(mask, f"{view}.position_json") or reads(mask, f"{view}.state_json")


def wants(mask: field_mask_pb2.FieldMask | None, field: str) -> bool:
    """True if ``mask`` reads ``field`` of the response or anything under it."""
    return mask is None or any(path == field or path.startswith(field + ".") for path in mask.paths)


def masked(response: M, mask: field_mask_pb2.FieldMask | None) -> M:
    """``response`` with only the fields ``mask`` names (itself when every field is read). Where the mask names
    fields of each message of a repeated field, the fields not named are cleared in ``response``'s own
    messages before they are copied."""
    if mask is None:
        return response
    out = type(response)()
    whole = [path for path in mask.paths if not _under_repeated(response, path)]
    if whole:
        field_mask_pb2.FieldMask(paths=whole).MergeMessage(response, out)
    under: dict[str, list[str]] = {}
    for path in mask.paths:
        if _under_repeated(response, path):
            head, _, rest = path.partition(".")
            under.setdefault(head, []).append(rest)
    for head, rests in under.items():
        if head in whole:
            continue  # the whole of each message is read already
        items = getattr(response, head)
        if all("." not in rest for rest in rests):
            # Fields of each message only (a batch's events): the others cleared, the messages copied at once.
            message: Any = response
            fields = message.DESCRIPTOR.fields_by_name[head].message_type.fields
            drop = [f.name for f in fields if f.name not in rests]
            for item in items:
                for name in drop:
                    item.ClearField(name)
            getattr(out, head).extend(items)
            continue
        each = field_mask_pb2.FieldMask(paths=rests)
        for item in items:
            each.MergeMessage(item, getattr(out, head).add())
    return out


def _under_repeated(message: Any, path: str) -> bool:
    """Whether ``path`` names fields under a repeated message field of ``message``."""
    head, _, rest = path.partition(".")
    if not rest:
        return False
    field = message.DESCRIPTOR.fields_by_name.get(head)
    return field is not None and field.is_repeated and field.message_type is not None
