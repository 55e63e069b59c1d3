"""The dealt table: the judge shuffles, deals and rolls from the game's seed.

In reported mode the players name what they draw and roll; at a dealt table
the judge does it. The seed's SHA-256 is published at creation
(``options.seed_sha256``); the seed comes in through the context, never into
the state or the record, and is revealed by an effect when the game ends, so
anyone can recompute every shuffle and roll (``judge verify``).

Piles: each deck's draw pile is the shuffled order of a known composition;
the state holds the composition and how many cards were taken, the order
follows from the seed. An empty pile is refilled by shuffling its discards
(000 SPIELVORBEREITUNGEN: "Ist ein Stapel leer, mische die abgelegten Karten
neu"); with no discards either, nobody draws that kind of card.

A mixin of the Munchkin ruleset.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.cards import Catalogue
from judge.rules import chance
from judge.rules.ruling import Malformed
from judge.common.i18n import N_
from judge.rulesets.munchkin.sentences import said_in_munchkin as _said

if TYPE_CHECKING:
    from judge.rulesets.munchkin.host import MunchkinHost
    from judge.rulesets.munchkin.tx import _Tx

START_DOOR = 4
START_TREASURE = 4


def deck_composition(cards: Catalogue, deck: str) -> list[str]:
    """Every card of a deck (with its copies), in id order: what a dealt table shuffles."""
    return sorted(cid for cid, card in cards.items() if card.deck == deck for _ in range(card.copies))


class DealingRules:
    """Dealt-table rules, mixed into the Munchkin ruleset."""

    @staticmethod
    def dealt(tx: _Tx) -> bool:
        return tx.state.mode == "dealt"

    @staticmethod
    def _seed(tx: _Tx) -> bytes:
        seed = tx.context.secret_seed
        if seed is None or chance.commitment(seed) != tx.state.seed_sha256:
            # A server fault, never a player's: the game's seed must come with every decision.
            raise RuntimeError("a dealt game was judged without its seed")
        return seed

    def draw(self: MunchkinHost, tx: _Tx, deck: str, count: int) -> list[str]:
        """Take ``count`` cards from the top of a pile (fewer if the pile and its
        discards run out). Emits the bookkeeping; the caller emits where they go."""
        seed = DealingRules._seed(tx)
        out: list[str] = []
        while len(out) < count:
            pile = tx.state.piles[deck]
            if pile["taken"] >= len(pile["base"]):
                discards = tx.state.discards[deck]
                if not discards:
                    break  # "dann kann niemand diese Art von Karten ziehen"
                tx.emit("PileShuffled", deck=deck, shuffle=pile["shuffles"] + 1, cards=sorted(discards))
                continue
            order = chance.shuffled(seed, f"{deck}:{pile['shuffles']}", pile["base"])
            want = min(count - len(out), len(order) - pile["taken"])
            cards = order[pile["taken"]:pile["taken"] + want]
            tx.emit("PileDrawn", deck=deck, count=len(cards))
            out.extend(cards)
        return out

    def roll(self: MunchkinHost, tx: _Tx, field: str, reported: int) -> int:
        """The die value: reported (1-6) at a reported table, rolled by the judge
        (the action must leave it 0) at a dealt one."""
        if not DealingRules.dealt(tx):
            if not 1 <= reported <= 6:
                raise Malformed(field, _said(N_("a die shows 1 to 6")))
            return reported
        if reported:
            raise Malformed(field, _said(N_("at a dealt table the judge rolls: leave the die at 0")))
        value = chance.die(DealingRules._seed(tx), tx.state.rolls)
        tx.emit("DieCast", number=tx.state.rolls, value=value)
        return value

    def require_reported(self: MunchkinHost, tx: _Tx, field: str, value: Any) -> None:
        """At a dealt table the judge draws: a card named by the player is an error."""
        if DealingRules.dealt(tx) and value:
            raise Malformed(field, _said(N_("at a dealt table the judge draws the card: leave it empty")))

    def deal_hidden(self: MunchkinHost, tx: _Tx, seat: int, deck: str, count: int) -> None:
        """Draw face down into a hand: only the seat sees which cards."""
        cards = self.draw(tx, deck, count)
        if cards:
            tx.emit("CardsDrawn", seat=seat, deck=deck, cards=cards, unknown=0, hidden=True)
            self._note_must_play(tx, seat, cards)

    def deal_start(self: MunchkinHost, tx: _Tx) -> None:
        """The opening deal: 4 door and 4 treasure cards to every seat, in seat order."""
        tx.emit("DealStarted")
        for seat in range(len(tx.state.players)):
            self.deal_hidden(tx, seat, "door", START_DOOR)
            self.deal_hidden(tx, seat, "treasure", START_TREASURE)
        self.turn_start_draw(tx, tx.state.active)  # the first turn's draws (listen at the door)

    def reveal_seed(self: MunchkinHost, tx: _Tx) -> None:
        if DealingRules.dealt(tx) and tx.state.finished and not tx.state.seed_revealed:
            tx.emit("SeedRevealed", seed=DealingRules._seed(tx).hex())
