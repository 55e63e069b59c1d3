"""``judge legal`` grouped as a player reads it.

``LegalActions`` lists one ready command per choice: a curse once per target,
a potion once per side; a card the judge has not seen (a reported table's
face-down draw) is a template, one per kind of card (``LegalAction.open``). Here they are
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

from rich.markup import escape
from rich.table import Table

from judge_client.messages import action_fields
from judge_client.families import action_priority, catalogue_wide, way_word
from judge.common.i18n import N_, tr
from judge_client.fitted import Column, fitted_table

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
                  *, show_all: bool = False, reported: Mapping[str, frozenset[str]] | None = None) -> list[LegalGroup]:
    """The actions (``judge.v1.LegalAction``) grouped by kind and card, most needed first; ``reported``
    names, by action kind, the fields whose values are examples of what a player reports (a card named
    so is told as such, not as the card the action is about)."""
    groups: dict[str, LegalGroup] = {}
    wide = catalogue_wide()
    for action in actions:
        group = groups.setdefault(action.kind, LegalGroup(action.kind, action.description,
                                                          listed=show_all or action.kind not in wide))
        group.count += 1
        _, fields = action_fields(action.command)
        fields = {k: v for k, v in fields.items()
                  if not (v is False or (isinstance(v, (str, list, dict)) and v in ("", "SIDE_UNSPECIFIED", [], {})))}
        examples = (reported or {}).get(action.kind, frozenset())
        card = next((str(fields.pop(name)) for name in CARD_FIELDS if name in fields and name not in examples), "")
        fields = {(REPORTED_PREFIX + k if k in examples else k): v for k, v in fields.items()}
        # A template (a reported table's unseen card): the field left open, told with its domain.
        fields.update({OPEN_PREFIX + c.field: (c.domain, c.example) for c in getattr(action, "open", ())})
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
    field by the words of ``FIELD_WORDS`` or as its value alone."""

    def __init__(self, lang: str, seats: Sequence[str], cards: Mapping[str, str], view: Any = None):
        self.lang = lang
        self.seats = list(seats)
        self.cards = dict(cards)
        self.view = view

    def seat(self, value: Any) -> str:
        i = int(value)
        return self.seats[i] if 0 <= i < len(self.seats) and self.seats[i] else tr(self.lang, "seat {seat}", seat=i)

    def named(self, value: Any) -> str:
        """Cards (an id or a list of ids) by their printed names where known."""
        values = value if isinstance(value, list) else [value]
        return ", ".join(self.cards.get(str(v), str(v)) for v in values)

    def card(self, value: Any) -> str:
        return self.cards.get(str(value), str(value))

    def __call__(self, kind: str, fields: Mapping[str, Any]) -> str:
        family = getattr(self.view, "family", "") if self.view is not None else ""
        words: list[str] = []
        lang = self.lang
        for name, value in fields.items():
            if name.startswith(OPEN_PREFIX):  # any card of a domain, named by the player
                domain, example = value
                words.append(tr(lang, "any card of the kind {kind} (e.g. {example})",
                                kind=str(domain).removeprefix("kind:"), example=self.card(example)))
                continue
            if name.startswith(REPORTED_PREFIX):  # an example of what the player reports
                name = name.removeprefix(REPORTED_PREFIX)
                shown = self.named(value) if name in CARD_LISTS or name in CARD_FIELDS else \
                    ", ".join(str(v) for v in value) if isinstance(value, list) else str(value)
                what = tr(lang, REPORTED_WORDS.get(name, "{field}"), field=name)
                words.append(tr(lang, "{what} to report (e.g. {value})", what=what, value=shown))
                continue
            word = way_word(family, self, name, value)
            if word:
                words.append(word)
            elif word == "":
                continue
            elif value is True:  # a flag the choice sets
                words.append(tr(lang, FIELD_WORDS.get(name, "{value}"), value=tr(lang, "yes")))
            elif name in FIELD_WORDS:
                shown = self.named(value) if name in CARD_LISTS else \
                    ", ".join(str(v) for v in value) if isinstance(value, list) else str(value)
                words.append(tr(lang, FIELD_WORDS[name], value=shown))
            else:  # a field this client has no words for: its value alone, never a Python repr
                words.append(self.named(value) if isinstance(value, list) else str(value))
        return " ".join(words)


REPORTED_PREFIX = "reported:"
OPEN_PREFIX = "open:"
# What a reported field is, as "the card drawn to report (e.g. Alien)" names it.
REPORTED_WORDS = {
    "card": N_("the card drawn"), "cards": N_("the cards dealt"), "xxl": N_("the XXL card"), "dice": N_("the dice"),
    "defence_dice": N_("the defence dice"),
}

# How a choice's other fields read ({value}: the field's value; cards by their printed names).
FIELD_WORDS = {
    "cards": N_("{value}"), "discard": N_("discarding {value}"), "discard_from_table": N_("discarding {value}"),
    "targets": N_("against {value}"), "sacrifice": N_("sacrificing {value}"), "give": N_("giving {value}"),
    "receive": N_("for {value}"), "gifts": N_("giving {value}"), "to_backpack": N_("into the backpack: {value}"),
    "add_to_hand": N_("taking {value}"), "guard": N_("guarded by {value}"), "joker": N_("with {value}"),
    "xxl": N_("with {value}"), "item": N_("{value}"), "ability": N_("{value}"), "dice": N_("rolled {value}"),
    "defence_dice": N_("defence rolled {value}"), "die": N_("rolled {value}"), "accept": N_("accept: {value}"),
    "in_use": N_("in use: {value}"), "discard_unknown": N_("discarding {value} face-down cards"),
}
CARD_LISTS = frozenset({"cards", "discard", "discard_from_table", "targets", "sacrifice", "give", "receive", "gifts",
                        "to_backpack", "add_to_hand", "guard", "joker", "xxl", "item"})


def legal_table(groups: Sequence[LegalGroup], lang: str, names: Mapping[str, str], texts: Mapping[str, str],
                title: str = "", width: int | None = None, actions: Mapping[str, str] | None = None) -> Table:
    """The groups as one table: an action's first row carries its name (in ``actions``' words, with the kind
    to type under it) and count; each row a card by name (and id), every way to play it, and what it does. Ids and names are never broken; in a console
    ``width`` too narrow for the four columns the card, its choices and what it does fold under the
    action (judge_client/fitted.py)."""
    columns = [Column(tr(lang, "action")), Column(tr(lang, "card"), bare=True),
               Column(tr(lang, "choices"), wraps=True), Column(tr(lang, "what it does"), wraps=True)]
    rows: list[list[str]] = []
    for g in groups:
        word = (actions or {}).get(g.kind)
        head = f"{escape(word)} ({g.count})\n[dim]{escape(g.kind)}[/]" if word else f"{escape(g.kind)} ({g.count})"
        if not g.listed:
            rows.append([head, "", "", escape(tr(lang, "name a face-down card of your hand: any card of the "
                                                       "game (judge legal --all lists them)"))])
            continue
        for i, row in enumerate(g.rows):
            name = names.get(row.card, row.card)
            card = escape(name) if name == row.card else f"{escape(name)}\n[dim]{escape(row.card)}[/]"
            what = texts.get(row.card, "") if row.card else g.description  # told by the judge in ``lang``
            rows.append([head if i == 0 else "", card, escape(", ".join(row.ways)), escape(what)])
    return fitted_table(columns, rows, width=width, title=title)
