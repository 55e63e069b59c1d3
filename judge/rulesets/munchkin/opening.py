"""The opening lay-out (000 "SPIELVORBEREITUNGEN"): after the deal every
player may lay out one race, one class and items from the opening hand.

"Schau dir deine Anfangskarten an. Sollte sich unter ihnen eine Klasse ...
oder eine Rasse ... befinden, darfst du (falls du es möchtest) eine von jeder
Art spielen, indem du sie vor dir hinlegst. Finden sich unter deinen
Anfangskarten Gegenstände, so darfst du sie ebenfalls schon auslegen."

The window is the same for every seat: it is open from the deal until the
first player kicks open the first door of the game (turn 1 leaves phase 1's
"start"). The first player lays out in its own turn anyway; every other seat
may lay out its opening race, class and items in that window although it is
not its turn. After it, the usual timing holds ("Rassen und Klassen dürfen nur
im eigenen Zug ausgespielt werden", 000 "Rassen / Klassen").

A mixin of the Munchkin ruleset.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge.cards import Card

if TYPE_CHECKING:
    from judge.rulesets.munchkin.host import MunchkinHost
    from judge.rulesets.munchkin.ruleset import _Tx
    from judge.rulesets.munchkin.state import MunchkinState

# What the opening lay-out allows: one race, one class and items ("Gegenstände",
# one-shot items too: they are items "mit dem Vermerk Nur einmal einsetzbar").
OPENING_KINDS = ("race", "class", "item", "one_shot")


class OpeningRules:
    """The opening lay-out, mixed into the Munchkin ruleset."""

    @staticmethod
    def opening_window_open(state: MunchkinState) -> bool:
        """True from the deal until the first door of the game is kicked open."""
        return state.turn == 1 and state.phase == "start" and state.combat is None and not state.finished

    def opening_layout(self: MunchkinHost, tx: _Tx, seat: int, card: Card) -> bool:
        """May ``seat`` lay out ``card`` now under the opening rule (outside its
        own turn)? One race and one class ("eine von jeder Art"), any items."""
        s = tx.state
        if seat == s.active or card.kind not in OPENING_KINDS or not OpeningRules.opening_window_open(s):
            return False
        p = s.players[seat]
        if card.kind == "race":
            return not p.races
        if card.kind == "class":
            return not p.classes
        return True
