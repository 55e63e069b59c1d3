"""How a client's form defines a card of the Munchkin family when one turns up that the game does not
know (ListRulesets ``card_forms``; the table page's definition form, docs/web.md).

The form asks only what a group reads off the card in seconds: its kind and the printed numbers that
kind needs (a monster's level, treasures, levels and the levels its bad stuff takes; an item's bonus,
slot and value; a curse's levels; a one-shot's bonus ...), each a field of the family's card schema
(judge/cards/schema.py, docs/cards.md). Whatever the numbers do not say is the card's text, which the
table applies by an agreed adjustment (000, "Goldene Regel"). The labels are messages of the family's
catalogue, said in the caller's language.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from judge.common.i18n import N_

TREASURE_KINDS = frozenset({"item", "one_shot", "level_up", "special_treasure", "item_enhancer"})
"""The kinds of the treasure deck (000 "Schatzkarten"); every other kind is a door."""


@dataclass(frozen=True)
class FieldForm:
    """One field: where its value goes in the definition, its type, its label (a message id)."""

    path: str
    type: str
    label: str
    initial: Any = 0
    choices: tuple[tuple[str, str], ...] = ()
    minimum: int | None = 0
    required: bool = False


@dataclass(frozen=True)
class KindForm:
    """What the form asks for a card of one kind."""

    kind: str
    label: str
    fields: tuple[FieldForm, ...] = ()
    base: dict[str, Any] = field(default_factory=dict)
    common: bool = True

    @property
    def base_definition(self) -> dict[str, Any]:
        """What every definition of this kind carries besides its fields: its deck, an empty effect."""
        return {"deck": "treasure" if self.kind in TREASURE_KINDS else "door", **self.base}


def _bonus(initial: int) -> FieldForm:
    return FieldForm("bonus", "int", N_("Bonus"), initial, minimum=None)


_VALUE = FieldForm("value", "int", N_("Value in gold"))
_SLOTS = (("", N_("no slot")), ("headgear", N_("headgear")), ("armor", N_("armour")), ("footgear", N_("footgear")),
          ("1hand", N_("one hand")), ("2hands", N_("two hands")))

COMMON: tuple[KindForm, ...] = (
    KindForm("monster", N_("Monster"), (
        FieldForm("level", "int", N_("Level"), 1, minimum=1, required=True),
        FieldForm("treasures", "int", N_("Treasures"), 1, required=True),
        FieldForm("levels", "int", N_("Levels for killing it"), 1, minimum=1),
        FieldForm("bad_stuff.lose_levels", "int", N_("Bad stuff: levels lost")),
        FieldForm("undead", "bool", N_("Undead"), False, minimum=None),
    ), {"bad_stuff": {}}),
    KindForm("curse", N_("Curse"), (FieldForm("curse.lose_levels", "int", N_("Levels lost")),), {"curse": {}}),
    KindForm("item", N_("Item"), (
        _bonus(1), FieldForm("slot", "choice", N_("Worn as"), "", _SLOTS, minimum=None), _VALUE,
        FieldForm("big", "bool", N_("Big"), False, minimum=None),
    )),
    KindForm("one_shot", N_("One-shot"), (_bonus(2), _VALUE)),
    KindForm("race", N_("Race")),
    KindForm("class", N_("Class")),
    KindForm("monster_enhancer", N_("Monster enhancer"), (
        _bonus(5), FieldForm("extra_treasures", "int", N_("Treasures added"), minimum=None))),
    KindForm("level_up", N_("Go up a level"), (
        FieldForm("level_gain", "int", N_("Levels gained"), 1, minimum=1, required=True),)),
    KindForm("item_enhancer", N_("Item enhancer"), (_bonus(1),)),
    KindForm("hireling", N_("Hireling"), (_bonus(1),)),
)
"""The kinds a form offers first, the most common first, with their fields."""

OTHER_KINDS = {
    "monster_enhancer_enhancer": N_("Enhancer of an enhancer"),
    "mate": N_("Mate"),
    "wandering_monster": N_("Wandering monster"),
    "super_munchkin": N_("Super Munchkin"),
    "half_breed": N_("Half-breed"),
    "divine_intervention": N_("Divine intervention"),
    "special_treasure": N_("Special treasure"),
    "other": N_("Other"),
    "follower": N_("Follower"),
    "minion": N_("Minion"),
    "henchman": N_("Henchman"),
    "mook": N_("Mook"),
    "ally": N_("Ally"),
    "companion": N_("Companion"),
    "sidekick": N_("Sidekick"),
    "room": N_("Room"),
    "portal": N_("Portal"),
    "trap": N_("Trap"),
    "power": N_("Power"),
    "style": N_("Style"),
    "loyalty": N_("Loyalty"),
    "training": N_("Training"),
    "accent": N_("Accent"),
    "mojo": N_("Mojo"),
    "birthright": N_("Birthright"),
    "faction": N_("Faction"),
    "army": N_("Army"),
    "origin": N_("Origin"),
    "headquarters": N_("Headquarters"),
    "catastrophe": N_("Catastrophe"),
    "insanity": N_("Insanity"),
}
"""Every other kind of the schema (judge/cards/schema.py), defined by its name and text where an action
allows it."""

FORMS: tuple[KindForm, ...] = COMMON + tuple(KindForm(kind, label, common=False) for kind, label in OTHER_KINDS.items())
"""The kinds a form offers, the common ones first."""

