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
from judge_client.families import action_priority, catalogue_wide
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
    """Describes a choice's fields in words: seats and cards by name, in ``lang``."""

    def __init__(self, lang: str, seats: Sequence[str], cards: Mapping[str, str], monsters: Sequence[str] = ()):
        self.lang = lang
        self.seats = list(seats)
        self.cards = dict(cards)
        self.monsters = list(monsters)

    def seat(self, value: Any) -> str:
        i = int(value)
        return self.seats[i] if 0 <= i < len(self.seats) and self.seats[i] else tr(self.lang, "seat {seat}", seat=i)

    def __call__(self, kind: str, fields: Mapping[str, Any]) -> str:
        words: list[str] = []
        for name, value in fields.items():
            if name in ("target_seat", "helper", "to_seat", "with_seat"):
                words.append(tr(self.lang, "on {seat}", seat=self.seat(value)) if name == "target_seat"
                             else self.seat(value))
            elif name == "side":
                words.append(tr(self.lang, "for the players") if value == "SIDE_PLAYERS"
                             else tr(self.lang, "for the monsters"))
            elif name == "monster_index":
                i = int(value)
                monster = self.cards.get(self.monsters[i], self.monsters[i]) if 0 <= i < len(self.monsters) else ""
                words.append(tr(self.lang, "on monster {index} {name}", index=i, name=monster).strip())
            elif name == "with_card":
                words.append(tr(self.lang, "with {card}", card=self.cards.get(str(value), str(value))))
            elif name == "bribe":
                continue  # an empty bribe is the template; a bribe is the player's choice
            elif name == "from_table":
                words.append(tr(self.lang, "from the table"))
            else:
                words.append(f"{name}={value}")
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
