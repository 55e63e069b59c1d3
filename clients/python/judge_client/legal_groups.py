"""``judge legal`` grouped as a player reads it.

``LegalActions`` lists one ready command per choice: a curse once per target,
a potion once per side, ``reveal_card`` once per catalogue card. Here they are
grouped by action, then by card (its printed name and what it does), with the
choices of one card on one row ("Anna, Ben, Cem"); the action a player most
likely needs comes first; an action whose choices are every card of the
catalogue (naming a face-down card of the hand) is counted, not listed, unless
asked (which actions those are is the family's: judge_client/families).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from google.protobuf import json_format
from rich.markup import escape
from rich.table import Table

from judge_client import action_of
from judge_client.families import action_priority, catalogue_wide, way_word
from judge.common.i18n import tr

CARD_FIELDS = ("card", "item")


@dataclass
class LegalRow:
    """One card (or none) of one action with every way it may be taken."""

    card: str
    ways: list[str] = field(default_factory=list)


@dataclass
class LegalGroup:
    """One action with its rows."""

    kind: str
    description: str
    count: int = 0
    rows: list[LegalRow] = field(default_factory=list)
    listed: bool = True


def _order(kind: str, priority: tuple[str, ...]) -> tuple[int, str]:
    return (priority.index(kind) if kind in priority else len(priority), kind)


def group_actions(actions: Sequence[Any], describe_way: Callable[[str, Mapping[str, Any]], str],
                  *, show_all: bool = False) -> list[LegalGroup]:
    """The actions (``judge.v1.LegalAction``) grouped by kind and card, most needed first."""
    groups: dict[str, LegalGroup] = {}
    wide = catalogue_wide()
    for action in actions:
        group = groups.setdefault(action.kind, LegalGroup(action.kind, action.description,
                                                          listed=show_all or action.kind not in wide))
        group.count += 1
        _, message = action_of(action.command)
        fields = json_format.MessageToDict(message, preserving_proto_field_name=True) if message else {}
        fields = {k: v for k, v in fields.items()
                  if not (v is False or (isinstance(v, (str, list, dict)) and v in ("", "SIDE_UNSPECIFIED", [], {})))}
        card = next((str(fields.pop(name)) for name in CARD_FIELDS if name in fields), "")
        row = next((r for r in group.rows if r.card == card), None)
        if row is None:
            row = LegalRow(card)
            group.rows.append(row)
        way = describe_way(action.kind, fields)
        if way and way not in row.ways:
            row.ways.append(way)
    priority = action_priority()
    return sorted(groups.values(), key=lambda g: _order(g.kind, priority))


class WayWords:
    """Describes a choice's fields in words, in ``lang``: seats and cards by name, each field as its family
    reads it (judge_client/families; ``view`` is the game's view, for what the fields point at), any other
    field as ``name=value``."""

    def __init__(self, lang: str, seats: Sequence[str], cards: Mapping[str, str], view: Any = None):
        self.lang = lang
        self.seats = list(seats)
        self.cards = dict(cards)
        self.view = view

    def seat(self, value: Any) -> str:
        i = int(value)
        return self.seats[i] if 0 <= i < len(self.seats) and self.seats[i] else tr(self.lang, "seat {seat}", seat=i)

    def card(self, value: Any) -> str:
        return self.cards.get(str(value), str(value))

    def __call__(self, kind: str, fields: Mapping[str, Any]) -> str:
        family = getattr(self.view, "family", "") if self.view is not None else ""
        words: list[str] = []
        for name, value in fields.items():
            word = way_word(family, self, name, value)
            if word is None:
                words.append(f"{name}={value}")
            elif word:
                words.append(word)
        return " ".join(words)


def legal_table(groups: Sequence[LegalGroup], lang: str, names: Mapping[str, str], texts: Mapping[str, str],
                title: str = "") -> Table:
    """The groups as one table: an action's first row carries its name and count; each row a card by name
    (and id), every way to play it, and what it does. Ids and names are never broken."""
    table = Table(title=title or None)
    table.add_column(tr(lang, "action"), no_wrap=True)
    table.add_column(tr(lang, "card"), no_wrap=True)
    table.add_column(tr(lang, "choices"))
    table.add_column(tr(lang, "what it does"), ratio=1)
    for g in groups:
        head = f"{g.kind} ({g.count})"
        if not g.listed:
            table.add_row(head, "", "", escape(tr(lang, "name a face-down card of your hand: any card of the "
                                                        "game (judge legal --all lists them)")))
            continue
        for i, row in enumerate(g.rows):
            name = names.get(row.card, row.card)
            card = escape(name) if name == row.card else f"{escape(name)}\n[dim]{escape(row.card)}[/]"
            what = texts.get(row.card, "") if row.card else g.description  # told by the judge in ``lang``
            table.add_row(head if i == 0 else "", card, escape(", ".join(row.ways)), escape(what))
    return table
