"""``judge legal`` grouped as a player reads it.

``LegalActions`` lists one ready command per choice: a curse once per target,
a potion once per side, ``reveal_card`` once per catalogue card. Here they are
grouped by action, then by card (its printed name and what it does), with the
choices of one card on one row ("Anna, Ben, Cem"); the action a player most
likely needs comes first; ``reveal_card`` (naming a face-down card of the hand:
every card of the catalogue is a choice) is counted, not listed, unless asked.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.markup import escape
from rich.table import Table

from judge_client.messages import action_fields
from judge.common.i18n import N_, tr
from judge_client.fitted import Column, fitted_table

# The actions a player most likely needs, first; any other action follows in name order.
PRIORITY = ("claim_victory", "resolve_combat", "kick_door", "answer_curse", "choose_card", "pick_treasure",
            "loot_corpse", "roll_die", "run_away", "look_for_trouble", "loot_room", "answer_help",
            "give_up", "ask_for_help", "play_card", "set_item_in_use", "sell_items", "use_ability",
            "give_item", "discard_card", "end_turn")
# Actions whose choices are the whole catalogue: counted, listed only when asked.
CATALOGUE_WIDE = frozenset({"reveal_card"})
CARD_FIELDS = ("card", "item")
# The descriptions LegalActions gives (the first line of each action's docstring), for translation.
DESCRIPTIONS = (
    N_("Accept the trade offered to you."),
    N_("Answer the curse turned up on the door: a counter card, or none to take it."),
    N_("Accept or decline a request for help."),
    N_("Ask another seat to help in your combat, with an optional bribe."),
    N_("Withdraw or decline the open trade."),
    N_("Resolve a pending choice (item lost to a curse or bad stuff ...)."),
    N_("The fighter claims the win; the interference window opens."),
    N_("Agree to (or refuse) the open adjustment proposal."),
    N_("Discard a card from the hand or from the table."),
    N_("Report the treasures drawn face up after a combat won with help."),
    N_("Phase 4: charity, then the next seat's turn."),
    N_("Give a carried item to another seat without a trade (a bribe)."),
    N_("Concede the combat: run away from every monster."),
    N_("Phase 1: turn the top door card face up (reported: name it)."),
    N_("Phase 2: fight a monster from the hand."),
    N_("Take one card from a dead character, in the looting order."),
    N_("Phase 3: draw one door card face down."),
    N_("Take one of the treasures drawn face up, in the agreed order."),
    N_("Play a card from the hand (or a carried one-shot with from_table)."),
    N_("Offer items in play for items in play of another seat."),
    N_("Record a table adjustment for an effect the engine does not model."),
    N_("Resolve the combat once the interference window has elapsed."),
    N_("Name an unknown card of your hand (or report a face-up draw)."),
    N_("Report a die roll the rules ask for (e.g. a looting roll-off)."),
    N_("One run-away roll against one monster."),
    N_("Sell items for levels (1,000 gold per level, no change)."),
    N_("Use an item, or put it in the backpack."),
    N_("Take the bad stuff of a monster that caught you."),
    N_("Use a race or class ability, paying with discarded cards."),
)


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


def _order(kind: str) -> tuple[int, str]:
    return (PRIORITY.index(kind) if kind in PRIORITY else len(PRIORITY), kind)


def group_actions(actions: Sequence[Any], describe_way: Callable[[str, Mapping[str, Any]], str],
                  *, show_all: bool = False) -> list[LegalGroup]:
    """The actions (``judge.v1.LegalAction``) grouped by kind and card, most needed first."""
    groups: dict[str, LegalGroup] = {}
    for action in actions:
        group = groups.setdefault(action.kind, LegalGroup(action.kind, action.description,
                                                          listed=show_all or action.kind not in CATALOGUE_WIDE))
        group.count += 1
        _, fields = action_fields(action.command)
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
    return sorted(groups.values(), key=lambda g: _order(g.kind))


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

    def named(self, value: Any) -> str:
        """Cards (an id or a list of ids) by their printed names where known."""
        values = value if isinstance(value, list) else [value]
        return ", ".join(self.cards.get(str(v), str(v)) for v in values)

    def __call__(self, kind: str, fields: Mapping[str, Any]) -> str:
        words: list[str] = []
        lang = self.lang
        for name, value in fields.items():
            if name in ("target_seat", "helper", "to_seat", "with_seat"):
                words.append(tr(lang, "on {seat}", seat=self.seat(value)) if name == "target_seat"
                             else self.seat(value))
            elif name == "side":
                words.append(tr(lang, "for the players") if value == "SIDE_PLAYERS"
                             else tr(lang, "for the monsters"))
            elif name == "monster_index":
                i = int(value)
                monster = self.cards.get(self.monsters[i], self.monsters[i]) if 0 <= i < len(self.monsters) else ""
                words.append(tr(lang, "on monster {index} {name}", index=i, name=monster).strip())
            elif name == "with_card":
                words.append(tr(lang, "with {card}", card=self.cards.get(str(value), str(value))))
            elif name == "bribe":
                continue  # an empty bribe is the template; a bribe is the player's choice
            elif name == "from_table":
                words.append(tr(lang, "from the table"))
            elif name == "place":  # where the card is (an enum: MONKIC_PLACE_HAND ...)
                place = str(value).rsplit("_", 1)[-1].lower()
                words.append(tr(lang, "from the hand") if place == "hand" else
                             tr(lang, "from the table") if place == "table" else tr(lang, place))
            elif value is True:  # a flag the choice sets
                words.append(tr(lang, FIELD_WORDS.get(name, "{value}"), value=tr(lang, "yes")))
            elif name in FIELD_WORDS:
                shown = self.named(value) if name in CARD_LISTS else \
                    ", ".join(str(v) for v in value) if isinstance(value, list) else str(value)
                words.append(tr(lang, FIELD_WORDS[name], value=shown))
            else:  # a field this client has no words for: its value alone, never a Python repr
                words.append(self.named(value) if isinstance(value, list) else str(value))
        return " ".join(words)


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
                title: str = "", width: int | None = None) -> Table:
    """The groups as one table: an action's first row carries its name and count; each row a card by name
    (and id), every way to play it, and what it does. Ids and names are never broken; in a console
    ``width`` too narrow for the four columns the card, its choices and what it does fold under the
    action (judge_client/fitted.py)."""
    columns = [Column(tr(lang, "action")), Column(tr(lang, "card"), bare=True),
               Column(tr(lang, "choices"), wraps=True), Column(tr(lang, "what it does"), wraps=True)]
    rows: list[list[str]] = []
    for g in groups:
        head = f"{g.kind} ({g.count})"
        if not g.listed:
            rows.append([head, "", "", escape(tr(lang, "name a face-down card of your hand: any card of the "
                                                       "game (judge legal --all lists them)"))])
            continue
        for i, row in enumerate(g.rows):
            name = names.get(row.card, row.card)
            card = escape(name) if name == row.card else f"{escape(name)}\n[dim]{escape(row.card)}[/]"
            what = texts.get(row.card, "") if row.card else tr(lang, g.description)
            rows.append([head if i == 0 else "", card, escape(", ".join(row.ways)), escape(what)])
    return fitted_table(columns, rows, width=width, title=title)
