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

import functools
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
    if not _all_valid(tuple(mask.paths), response_type.DESCRIPTOR, each):
        fields = ", ".join(f.name for f in response_type.DESCRIPTOR.fields)
        raise InvalidArgument("read_mask", said(N_("paths must name fields of {name} ({fields}, or fields under "
                                                    "them), not {value}"),
                                                name=response_type.DESCRIPTOR.name, fields=fields,
                                                value=", ".join(mask.paths)))
    return mask


@functools.lru_cache(maxsize=256)  # a client sends the same mask with every call (the page: 40 paths)
def _all_valid(paths: tuple[str, ...], descriptor: Any, each: tuple[str, ...]) -> bool:
    return all(_valid(path, descriptor, each) for path in paths)


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
    return mask is None or _reads(tuple(mask.paths), field)


@functools.lru_cache(maxsize=1024)
def _reads(paths: tuple[str, ...], field: str) -> bool:
    return any(path == field or path.startswith(field + ".") or field.startswith(path + ".") for path in paths)


def reads_json(mask: field_mask_pb2.FieldMask | None, view: str = "view") -> bool:
    """True if ``mask`` reads either JSON copy of the view at ``view`` (``position_json``, ``state_json``):
    a view without them costs about half as much to build (``Views.view_of``)."""
    return reads(mask, f"{view}.position_json") or reads(mask, f"{view}.state_json")


def wants(mask: field_mask_pb2.FieldMask | None, field: str) -> bool:
    """True if ``mask`` reads ``field`` of the response or anything under it."""
    return mask is None or _wants(tuple(mask.paths), field)


@functools.lru_cache(maxsize=1024)
def _wants(paths: tuple[str, ...], field: str) -> bool:
    return any(path == field or path.startswith(field + ".") for path in paths)


def key(mask: field_mask_pb2.FieldMask) -> str:
    """The paths of ``mask`` as one text, naming what was made with it."""
    return ",".join(mask.paths)


def masked(response: M, mask: field_mask_pb2.FieldMask | None) -> M:
    """``response`` with only the fields ``mask`` names (itself when every field is read): the fields not
    named are cleared in ``response`` itself, which the caller has built for this answer. A path under a
    repeated message field (``events.summary``) names that field of each of its messages."""
    if mask is None:
        return response
    _keep(response, _tree(tuple(mask.paths)))
    return response


_Tree = dict[str, "_Tree | None"]


@functools.lru_cache(maxsize=256)
def _tree(paths: tuple[str, ...]) -> _Tree:
    """The fields ``paths`` name, as a tree: a field kept whole maps to None, one kept in part to the tree
    of what is kept of it."""
    tree: _Tree = {}
    for path in paths:
        node: _Tree | None = tree
        *parents, last = path.split(".")
        for part in parents:
            assert node is not None
            if part in node and node[part] is None:
                node = None  # kept whole already
                break
            node = node.setdefault(part, {})
        if node is not None:
            node[last] = None
    return tree


def _keep(message: Any, tree: _Tree) -> None:
    """Clear every field of ``message`` that ``tree`` does not name, and in the fields it names in part,
    what it does not name of them (of each message of a repeated field)."""
    for field, value in message.ListFields():
        if field.name not in tree:
            message.ClearField(field.name)
            continue
        under = tree[field.name]
        if under is None or field.message_type is None or field.message_type.GetOptions().map_entry:
            continue
        for item in (value if field.is_repeated else (value,)):
            _keep(item, under)
