"""Variants of the Munchkin family: modules composed onto any set.

A variant is a class with a ``name``, a one-line ``doc`` and the variant
hooks it overrides; a set lists the variants it offers in its
``variant_modules`` table (name -> class). A game created with a variant has
it active: the rule code asks every active variant at each variant hook and
never tests a variant's name. The same variant composes onto the base game
and onto every set layer (Babys, Star ...), since it only uses the hooks.

Variant hooks (each gets the ruleset and the decision in progress):

- ``also_win(ruleset, tx)``: seats that win together with those at the
  winning level, when a combat is won.
- ``turn_start_draws()``: cards the active player draws face down at the
  start of each turn, per deck (listen at the door: one door card).
- ``loot_room_deck()``: the deck looting the room draws from, or None for
  the set's own rule (000: a door card).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from judge.rulesets.munchkin.host import MunchkinHost
    from judge.rulesets.munchkin.tx import _Tx


class MunchkinVariant:
    """A variant with no effect: the base of every variant of the family."""

    name: ClassVar[str] = ""
    doc: ClassVar[str] = ""

    def also_win(self, ruleset: MunchkinHost, tx: _Tx) -> list[int]:
        """Seats that win together with those at the winning level when a
        combat is won (the combat is still in ``tx.state.combat``)."""
        return []

    def turn_start_draws(self) -> dict[str, int]:
        """Cards the active player draws face down at the start of each turn,
        per deck; none in the base game."""
        return {}

    def loot_room_deck(self) -> str | None:
        """The deck looting the room draws from; None leaves the set's rule."""
        return None


def active_variants(ruleset: MunchkinHost, tx: _Tx) -> list[MunchkinVariant]:
    """The variants the game was created with, in the order it named them."""
    return variants_of(ruleset, tx.state.setup.get("variants", ()))


def variants_of(ruleset: MunchkinHost, names: Iterable[str]) -> list[MunchkinVariant]:
    """The variants named (a game's setup), in that order; unknown names are skipped
    (validate_setup refuses them before a game exists)."""
    return [ruleset.variant_modules[name]() for name in names if name in ruleset.variant_modules]


def turn_start_draws(ruleset: MunchkinHost, tx: _Tx) -> dict[str, int]:
    """What every active variant has the active player draw at the start of a turn, per deck."""
    out: dict[str, int] = {}
    for v in active_variants(ruleset, tx):
        for deck, n in v.turn_start_draws().items():
            out[deck] = out.get(deck, 0) + n
    return out


def loot_room_deck(ruleset: MunchkinHost, tx: _Tx) -> str:
    """The deck looting the room draws from: a variant's, else the door deck (000 "Phase 3")."""
    for v in active_variants(ruleset, tx):
        deck = v.loot_room_deck()
        if deck is not None:
            return deck
    return "door"
