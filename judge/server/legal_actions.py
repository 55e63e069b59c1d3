"""LegalActions answers: the legal actions as judge.v1 messages, where a reported table's open card
choices become templates (``LegalAction.open``) instead of one action per card of the catalogue."""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable, Mapping, Sequence

from judge.app.narration import describe_action
from judge.rules.engine import Action, canonical_json
from judge.server.convert import action_to_proto
from judge.v1 import judge_pb2 as pb

OPEN_FIELDS = ("card", "with_card")
"""The fields of an action that may stand open in a template (judge.v1 ``OpenChoice.field``)."""


def legal_actions_to_proto(actions: Sequence[Action], seat: int, version: int, lang: str = "en",
                           names: Mapping[str, str] | None = None,
                           open_choices: Mapping[str, str] | None = None) -> pb.LegalActionsResponse:
    """The actions, each described in ``lang`` with the printed name of the card it names. An action
    naming an example card of ``open_choices`` (card id -> domain) becomes a template: that field
    empty, its domain and the example in ``open``, once per template however many examples led to it."""
    domains = open_choices or {}
    out: list[pb.LegalAction] = []
    templates: set[Hashable] = set()
    for a in actions:
        opened = [(name, getattr(a, name)) for name in OPEN_FIELDS if getattr(a, name, None) in domains]
        if not opened:
            out.append(pb.LegalAction(kind=a.kind, command=action_to_proto(a, seat),
                                      description=describe_action(a, lang, names or {})))
            continue
        key = _template_key(a, opened, domains)
        if key in templates:
            continue
        templates.add(key)
        template = dataclasses.replace(a, **{name: "" for name, _ in opened})
        choices = [pb.OpenChoice(field=name, domain=domains[card], example=card) for name, card in opened]
        out.append(pb.LegalAction(kind=a.kind, command=action_to_proto(template, seat),
                                  description=describe_action(template, lang, names or {}), open=choices))
    return pb.LegalActionsResponse(actions=out, version=version)


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _template_key(action: Action, opened: list[tuple[str, str]], domains: Mapping[str, str]) -> Hashable:
    """What makes two actions the same template: the action with its open fields empty and their domains
    (the action's own values where they hash, else its canonical JSON), found without building the template."""
    kind = type(action)
    names = _FIELD_NAMES.get(kind)
    if names is None:
        names = _FIELD_NAMES[kind] = tuple(f.name for f in dataclasses.fields(action))
    blank = {name for name, _ in opened}
    choices = tuple((name, domains[card]) for name, card in opened)
    key = (kind, tuple((name, type(value), value) for name in names
                       for value in ("" if name in blank else getattr(action, name),)), choices)
    try:
        hash(key)
    except TypeError:
        template = dataclasses.replace(action, **dict.fromkeys(blank, ""))
        return canonical_json([template.to_dict(), [list(c) for c in choices]])
    return key
