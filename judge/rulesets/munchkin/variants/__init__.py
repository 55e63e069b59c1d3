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
"""

from __future__ import annotations

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


def active_variants(ruleset: MunchkinHost, tx: _Tx) -> list[MunchkinVariant]:
    """The variants the game was created with, in the order it named them."""
    return [ruleset.variant_modules[name]() for name in tx.state.setup.get("variants", ())
            if name in ruleset.variant_modules]
