"""Laser weapons and portals of Star Munchkin.

004 "Laserwaffen": laser weapons combine into one two-handed weapon with the
bonuses of all of them ("ein Laser (+2) und ein Dazer (+3) verbinden sich zu
einem Laser-Dazer (+5). Füge noch einen Laser hinzu, und du erhältst ein
Laser-Laser-Dazer (+7). Und es ist immer noch bloß 1 einzige 2-händige
Waffe."); each card stays one item (sold, lost, traded, hit by Vernichtung or
Antimaterie on its own). A card is a laser weapon by its ``tags`` ("laser").

001 timing table, "Portalkarten: Jederzeit während eines eigenen Zuges, jedoch
nicht während eines Kampfes, und nur einmal pro Zug. Danach sofort eine
verdeckte Türkarte ziehen." (the timing is the table's row); 001 "1. Tür
öffnen": "ein Portal: Befolge die Anweisung auf der Karte und öffne gleich noch
eine Tür".

A layer of the Star ruleset; ``tx`` is the decision in progress.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING

from judge.rulesets.munchkin import actions as A
from judge.rulesets.munchkin.hooks import fits
from judge.rulesets.star.hirelings import HirelingRules

if TYPE_CHECKING:
    from judge.cards import Card
    from judge.rulesets.munchkin.state import Player
    from judge.rulesets.munchkin.tx import _Tx

LASER = "laser"


def is_laser(card: Card) -> bool:
    return LASER in card.tags


def combined(used: list[Card]) -> list[Card]:
    """The items in use as the slots see them: two or more laser weapons are one two-handed weapon (004
    "Laserwaffen": "Und es ist immer noch bloß 1 einzige 2-händige Waffe"); one is what it is."""
    lasers = [u for u in used if is_laser(u)]
    rest = [u for u in used if not is_laser(u)]
    if len(lasers) < 2:
        return rest + lasers
    return rest + [dataclasses.replace(lasers[0], slot="2hands")]


def laser_fits(used: list[Card], card: Card, capacity: Mapping[str, int]) -> bool:
    """Is there room to use ``card`` beside ``used``? A laser weapon joins the laser weapon in use, the two
    (or more) together taking both hands."""
    if is_laser(card) and any(is_laser(u) for u in used):
        return fits([u for u in used if not is_laser(u)], dataclasses.replace(card, slot="2hands"), capacity)
    return fits(combined(used), card, capacity)


class GearRules(HirelingRules):
    """Laser weapons and portals, on the base game with Star's hirelings."""

    def fits_beside(self, tx: _Tx, p: Player, used: list[Card], card: Card) -> bool:
        """Laser weapons in use join into one two-handed weapon (``laser_fits``)."""
        return laser_fits(used, card, self.slot_capacity(tx, p))

    # ------------------------------------------------------------------ portals

    def _play_portal(self, tx: _Tx, seat: int, card: Card, a: A.PlayCard) -> None:
        """001: "Danach sofort eine verdeckte Türkarte ziehen." What else the portal does is its text."""
        self.take_played_card(tx, seat, card, a)
        tx.emit("CardDiscarded", card=card.id, deck=card.deck)
        if self.dealt(tx):
            self.deal_hidden(tx, seat, "door", 1)
        else:
            tx.emit("CardsDrawn", seat=seat, deck="door", cards=[], unknown=1)

    def portal_from_door(self, tx: _Tx, seat: int, card: Card) -> None:
        """001 "1. Tür öffnen": "ein Portal: Befolge die Anweisung auf der Karte und öffne gleich noch eine
        Tür": the portal is discarded and the kicker kicks open the next door (still phase 1)."""
        tx.emit("CardDiscarded", card=card.id, deck=card.deck)
