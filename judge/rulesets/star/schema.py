"""The card fields of Star Munchkin (004), added to the family's card schema from the Star layer's package
(judge/cards/extension.py; docs/cards.md, "Fields of a layer"). Importing the Star ruleset declares them."""

from __future__ import annotations

from judge.cards import Card
from judge.cards.extension import ExtraField, register_fields

OWNER = "star"


def _not_negative(value: int) -> str | None:
    return "must not be negative" if value < 0 else None


register_fields(
    # rooms (004 "Räume": phases 2 and 3 follow a room without monsters "es sei denn, die Raumkarte sagt
    # anderes"): the room's card forbids looking for trouble / looting the room after it
    ExtraField("no_trouble", bool, False, "rooms: no looking for trouble after this room", OWNER),
    ExtraField("no_looting", bool, False, "rooms: no looting the room after this room", OWNER),
    # rooms (004 "Räume": "Wenn du auf Ärger aus bist, richten sich alle Monster, die du findest, nach den
    # Regeln auf der Raumkarte"): added to the strength of every monster fought in the room this turn
    ExtraField("monster_bonus", int, 0, "rooms: added to every monster fought in the room this turn", OWNER),
    # rooms (004 "Räume": "Befolge die Anweisungen auf der Raumkarte. Die Auswirkungen eines Raumes treten sofort
    # ein und halten nur für die Dauer des Zuges an"): added to the strength of the room's player this turn
    ExtraField("player_bonus", int, 0, "rooms: added to the combat strength of the room's player this turn", OWNER),
    ExtraField("reward_doors", int, 0, "monsters: face-down doors for whoever defeats it, besides its treasures "
               "(004 Har Har)", OWNER, _not_negative),
    ExtraField("escape_impossible", bool, False, "monsters: \"Flucht unmöglich\" for those it pursues "
               "(004 Gehirn im Glas)", OWNER),
)


def no_trouble(card: Card) -> bool:
    return bool(card.get("no_trouble"))


def no_looting(card: Card) -> bool:
    return bool(card.get("no_looting"))


def monster_bonus(card: Card) -> int:
    return int(card.get("monster_bonus"))


def player_bonus(card: Card) -> int:
    return int(card.get("player_bonus"))


def reward_doors(card: Card) -> int:
    return int(card.get("reward_doors"))


def escape_impossible(card: Card) -> bool:
    return bool(card.get("escape_impossible"))
