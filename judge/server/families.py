"""Where each family's actions and view are in the API (docs/architecture.md, "The API and its families").

A family's actions are in ``Command.action``:

- as the fields of ``Command.action`` itself, for a family whose ruleset declares ``api_section = ""``
  (the family the API began with);
- in its section, the field named after the family (``Command.monkic``: a message with a ``oneof
  action`` of its own, from a ``judge/v1/<family>.proto``);
- as a ``FamilyAction`` (its kind and its fields as JSON), for a family the API has no section for:
  a game installed beside the judge as its own package plays over the API without a proto of its own.

Views alike: the fields every game has, then the family's section, or for a family without one the
rest of its view as ``GameView.family_view_json``. The server names no family; the rulesets say.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from google.protobuf.descriptor import Descriptor
from google.protobuf.message import Message

from judge.common.i18n import N_, said
from judge.common import jsonbounds
from judge.rules import registry
from judge.rules.engine import Action, canonical_json
from judge.rules.ruling import Malformed
from judge.v1 import judge_pb2 as pb

FAMILY_ACTION = "family_action"
"""The ``Command.action`` field of an action of a family without a section."""
FAMILY_VIEW = "family_view_json"
"""The ``GameView`` field holding the rest of the view of a family without a section."""
MAX_FIELDS_JSON = 16 * 1024
MAX_FIELDS_DEPTH = 8
"""Bounds of a ``FamilyAction``'s fields: an action's fields are a flat object of a few values."""


def api_section(family: str, command: Descriptor = pb.Command.DESCRIPTOR) -> str:
    """Where ``family``'s actions are in ``Command.action`` (of ``command``, the API's by default): ``""``
    for the fields of ``Command.action`` itself (a ruleset of the family declares ``api_section = ""``),
    the name of its section, or ``FAMILY_ACTION`` for a family the API has no section for."""
    key = (registry.generation(), family, command.full_name)
    found = _SECTIONS.get(key)
    if found is not None:
        return found
    section = family
    for ruleset in registry.current():
        if ruleset.family == family:
            section = str(getattr(ruleset, "api_section", family))
            break
    if section and section not in command.fields_by_name:
        section = FAMILY_ACTION
    if len(_SECTIONS) > 256:  # a few families and messages; rulesets registered again in tests
        _SECTIONS.clear()
    _SECTIONS[key] = section
    return section


_SECTIONS: dict[tuple[int, str, str], str] = {}
"""``api_section``'s answers by the registry's generation, family and message (every command asks)."""


def place(section: str) -> str:
    """Where a section's actions are, for a message."""
    if section == FAMILY_ACTION:
        return "a FamilyAction (Command.family_action)"
    return f"the {section} section" if section else "the fields of Command.action itself"


def is_family_section(message: Message) -> bool:
    """True for a family section message (it has its own ``oneof action``)."""
    return "action" in message.DESCRIPTOR.oneofs_by_name


def family_action_data(action: pb.FamilyAction, where: str) -> tuple[str, dict[str, Any]]:
    """The kind and fields of a ``FamilyAction``; ``Malformed`` naming the field where they do not fit."""
    if not action.kind:
        raise Malformed(f"{where}.kind", said(N_("names the action (one of the family's action kinds)")))
    text = action.fields_json.strip() or "{}"
    try:
        fields = jsonbounds.loads(text, max_chars=MAX_FIELDS_JSON, max_depth=MAX_FIELDS_DEPTH)
    except jsonbounds.JsonBoundsError as exc:
        raise Malformed(f"{where}.fields_json", exc.args[0]) from None
    except ValueError as exc:
        raise Malformed(f"{where}.fields_json", said(N_("is not JSON: {exc}"), exc=exc)) from None
    if not isinstance(fields, dict):
        raise Malformed(f"{where}.fields_json", said(N_("must be a JSON object of the action's fields")))
    if "kind" in fields:
        raise Malformed(f"{where}.fields_json", said(N_("holds the fields; the kind is FamilyAction.kind")))
    return action.kind, fields


def family_action_proto(action: Action, seat: int) -> pb.Command:
    """A ready-to-submit command (command id empty) for an action of a family without a section."""
    data = action.to_dict()
    kind = data.pop("kind")
    return pb.Command(seat=seat, family_action=pb.FamilyAction(kind=kind, fields_json=canonical_json(data)))


def split_view(view: Mapping[str, Any]) -> dict[str, Any]:
    """A view ready for ``GameView``: for a family without a section, the keys ``GameView`` has no field
    for go into ``family_view_json``; other views are returned as they are (and a key without a field
    stays an error there, never dropped)."""
    family = str(view.get("family", ""))
    if not family or api_section(family) != FAMILY_ACTION:
        return dict(view)
    known = pb.GameView.DESCRIPTOR.fields_by_name
    rest = {k: v for k, v in view.items() if k not in known}
    out = {k: v for k, v in view.items() if k in known}
    if rest:
        out[FAMILY_VIEW] = canonical_json(rest)
    return out
