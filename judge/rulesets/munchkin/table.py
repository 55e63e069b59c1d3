"""Cards in play (000 "Rassen / Klassen", KARTENTYPEN): discarding them, what
goes with them, revealing a card drawn face down, and the choices a curse
or a lost race leaves to its victim.

A mixin of the Munchkin ruleset; ``tx`` is the decision in progress.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge.common.i18n import N_
from judge.rules.ruling import Malformed, reject
from judge.rulesets.munchkin import actions as A
from judge.rulesets.munchkin.sentences import said_in_munchkin as _said
from judge.rulesets.munchkin.variants import active_variants

if TYPE_CHECKING:
    from judge.rulesets.munchkin.host import MunchkinHost
    from judge.rulesets.munchkin.state import Player
    from judge.rulesets.munchkin.tx import _Tx


class TableRules:
    """Rules for cards in play, mixed into the Munchkin ruleset."""

    def _do_pass_in_round(self: MunchkinHost, tx: _Tx, seat: int, a: A.PassInRound) -> None:
        """The base game has no chance that goes round the table in turn; a layer that has one (the Mixer's
        Goth monsters) hands ``pass_in_round`` to its own handler."""
        raise reject("munchkin.round.nothing-to-pass")

    def remove_from_play(self: MunchkinHost, tx: _Tx, seat: int, card_id: str) -> None:
        """Discard a card in play, with what depends on it: Halb-Blut (Super
        Munchkin) when the ``enabler_lost`` hook says so."""
        p = tx.state.players[seat]
        kind = tx.cards[card_id].kind
        tx.emit("CardRemovedFromPlay", seat=seat, card=card_id)
        tx.emit("CardDiscarded", card=card_id, deck=tx.cards[card_id].deck)
        for place, enabler_kind in (("race", "half_breed"), ("class", "super_munchkin")):
            if kind == place and self.enabler_lost(tx, seat, place):
                for enabler in self.cards_of_kind(tx, tx.state.players[seat], enabler_kind):
                    self.remove_from_play(tx, seat, enabler)
        big = [i.card for i in p.items if tx.cards[i.card].big]
        if tx.cards[card_id].big_items_unlimited and len(big) > 1 and not self._big_allowed(tx, p):
            # 000 Gegenstände: "Endet dein Zwergendasein, und du trägst mehr als 1 Großen Gegenstand,
            # musst du alle bis auf 1 sofort loswerden."
            tx.emit("ChoiceRequired", seat=seat, reason="keep-big", source=card_id, options=sorted(set(big)))

    def enabler_lost(self: MunchkinHost, tx: _Tx, seat: int, place: str) -> bool:
        """A race (``place`` "race") or class ("class") of ``seat`` has just left play: does its Halb-Blut
        (Super Munchkin) go with it? 000 "Rassen / Klassen": Halb-Blut "Sobald du keine Rasse mehr im Spiel
        hast", Super Munchkin "Sobald du eine der beiden Klassen verlierst". A set whose Super Munchkin
        "funktioniert genau so wie die Karte Halb-Blut" (004) says: when no class is left."""
        p = tx.state.players[seat]
        return not p.races if place == "race" else True

    @staticmethod
    def cards_of_kind(tx: _Tx, p: Player, kind: str) -> list[str]:
        """The cards of ``kind`` in front of ``p`` (not races, classes or items)."""
        return [t for t in p.table if t in tx.cards and tx.cards[t].kind == kind]

    def _do_discard_card(self: MunchkinHost, tx: _Tx, seat: int, a: A.DiscardCard) -> None:
        card = self.card(tx, a.card, "discard_card.card")
        p = tx.state.players[seat]
        if not a.from_table:
            raise reject("munchkin.discard.not-from-hand")
        in_play = p.races + p.classes + [i.card for i in p.items] + p.table
        if card.id not in in_play:
            raise reject("munchkin.table.card-not-in-play", card=card.id)
        if card.curse is not None and card.curse.lasting:
            raise reject("munchkin.curse.lasting-stays")
        if card.may_not_discard:
            raise reject("munchkin.discard.class-kept", card=card.id)
        if self.holds_second(tx, p, card.id):
            raise reject("munchkin.discard.enabler-in-use", card=card.id)
        self.remove_from_play(tx, seat, card.id)

    def holds_second(self: MunchkinHost, tx: _Tx, p: Player, card_id: str) -> bool:
        """Is ``card_id`` the Halb-Blut (Super Munchkin) that lets ``p`` hold a
        second race (class) now? (docs/rules.md, decisions: it goes with one of
        the two, not before.)"""
        kind = tx.cards[card_id].kind if card_id in tx.cards else ""
        held = p.races if kind == "half_breed" else p.classes if kind == "super_munchkin" else []
        return len(held) > 1 and len(self.cards_of_kind(tx, p, kind)) == 1

    def _do_reveal_card(self: MunchkinHost, tx: _Tx, seat: int, a: A.RevealCard) -> None:
        card = self.card(tx, a.card, "reveal_card.card")
        if tx.state.players[seat].unknown < 1:
            raise Malformed("reveal_card.card", _said(N_("you hold no unidentified card")))
        tx.emit("CardRevealed", seat=seat, card=card.id)
        self._note_must_play(tx, seat, [card.id])

    def _do_choose_card(self: MunchkinHost, tx: _Tx, seat: int, a: A.ChooseCard) -> None:
        ch = tx.state.choice
        if ch is None or ch.seat != seat:
            raise reject("munchkin.choice.none-pending")
        if a.card not in ch.options or (ch.reason == "keep-big" and a.card not in self._big_carried(tx, seat)):
            raise reject("munchkin.choice.not-an-option", options=", ".join(ch.options))
        tx.emit("ChoiceMade", seat=seat, card=a.card)
        if ch.reason == "keep-big":
            self._shed_big_items(tx, seat, keep=a.card)
        elif ch.reason == "discard":
            self._discard_chosen(tx, seat, a.card, ch.count, ch.source)
        elif any(v.on_choice(self, tx, seat, ch.reason, a.card) for v in active_variants(self, tx)):
            pass  # a variant's own choice (the Epic kick: which curse first)
        else:
            self._curse(tx, seat, tx.cards[ch.source], choice=a.card)
