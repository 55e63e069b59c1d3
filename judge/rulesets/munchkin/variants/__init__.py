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
- ``implies``: variants that come with this one (two players: listen at the
  door); ``variants_of`` adds them once.
- ``check_setup(ruleset, setup)``: raise ``InvalidArgument`` for a setup the
  variant cannot be played with (two players: four characters).
- ``winning_level(ruleset, tx)``: the winning level, or None for the set's
  (the Epic goal: 20).
- ``co_winners(ruleset, tx, winners)``: seats that win with ``winners`` at
  any moment (two players: the winner's alter ego, the same person).
- ``check_action(ruleset, tx, seat, action)``: raise the ruling that forbids
  ``seat`` this action under the variant, before the set's own checks.
- ``check_charity(ruleset, tx, seat, action, excess)``: decide the charity of
  an ending turn in the variant's own way (True), raising its rulings, or
  leave it to the set (False).
- ``charity_recipients(ruleset, tx, seat)``: the seats one of which gets all
  of the charity (two players), or None for the set's rule.
- ``order_looters(ruleset, tx, dead, groups)``: the looting order (two
  players: the alter ego last).
- ``on_choice(ruleset, tx, seat, reason, card)``: take a ``ChooseCard`` for
  a choice the variant asked for (True), else False.
- ``continue_turn(ruleset, tx)``: carry on with something the variant began
  once nothing waits any more (the Epic kick after a curse is answered).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from judge.rules.engine import Action, GameSetup
    from judge.rulesets.munchkin.contract import LayerHost
    from judge.rulesets.munchkin.tx import _Tx


class MunchkinVariant:
    """A variant with no effect: the base of every variant of the family."""

    name: ClassVar[str] = ""
    doc: ClassVar[str] = ""
    implies: ClassVar[tuple[str, ...]] = ()

    def also_win(self, ruleset: LayerHost, tx: _Tx) -> list[int]:
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

    def check_setup(self, ruleset: LayerHost, setup: GameSetup) -> None:
        """Raise ``InvalidArgument`` for a setup this variant cannot be played with."""

    def winning_level(self, ruleset: LayerHost, tx: _Tx) -> int | None:
        """The winning level under this variant; None leaves the set's."""
        return None

    def co_winners(self, ruleset: LayerHost, tx: _Tx, winners: list[int]) -> list[int]:
        """Seats that win together with ``winners``."""
        return []

    def check_action(self, ruleset: LayerHost, tx: _Tx, seat: int | None, action: Action) -> None:
        """Raise the ruling that forbids ``seat`` this action under the variant."""

    def check_charity(self, ruleset: LayerHost, tx: _Tx, seat: int, action: Any, excess: int) -> bool:
        """True if the variant judged the charity of ``action`` (an EndTurn) itself."""
        return False

    def charity_recipients(self, ruleset: LayerHost, tx: _Tx, seat: int) -> list[int] | None:
        """The seats one of which receives all of ``seat``'s charity under this variant; None: the set's rule."""
        return None

    def order_looters(self, ruleset: LayerHost, tx: _Tx, dead: int, groups: list[list[int]]) -> list[list[int]]:
        """The looting order of ``dead``'s corpse, groups of equal level first to last."""
        return groups

    def on_choice(self, ruleset: LayerHost, tx: _Tx, seat: int, reason: str, card: str) -> bool:
        """True if the variant took ``seat``'s choice of ``card`` for a choice of its own ``reason``."""
        return False

    def continue_turn(self, ruleset: LayerHost, tx: _Tx) -> None:
        """Carry on with what the variant began, once nothing waits any more."""


def active_variants(ruleset: LayerHost, tx: _Tx) -> list[MunchkinVariant]:
    """The variants the game was created with, in the order it named them."""
    return variants_of(ruleset, tx.state.setup.get("variants", ()))


def variants_of(ruleset: LayerHost, names: Iterable[str]) -> list[MunchkinVariant]:
    """The variants named (a game's setup), in that order, each followed by the
    variants it implies (each variant once); unknown names are skipped
    (validate_setup refuses them before a game exists)."""
    out: list[str] = []
    for name in names:
        if name in ruleset.variant_modules:
            for one in (name, *ruleset.variant_modules[name].implies):
                if one not in out and one in ruleset.variant_modules:
                    out.append(one)
    return [ruleset.variant_modules[name]() for name in out]


def turn_start_draws(ruleset: LayerHost, tx: _Tx) -> dict[str, int]:
    """What every active variant has the active player draw at the start of a turn, per deck."""
    out: dict[str, int] = {}
    for v in active_variants(ruleset, tx):
        for deck, n in v.turn_start_draws().items():
            out[deck] = out.get(deck, 0) + n
    return out


def loot_room_deck(ruleset: LayerHost, tx: _Tx) -> str:
    """The deck looting the room draws from: a variant's, else the door deck (000 "Phase 3")."""
    for v in active_variants(ruleset, tx):
        deck = v.loot_room_deck()
        if deck is not None:
            return deck
    return "door"
