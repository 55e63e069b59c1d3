"""Curses that wait and curses that last.

A curse turned up on the door hits the kicker "sofort ..., es sei denn, du
hast ein Gegenmittel oder bist immun" (001 "1. Tür öffnen"). So it does not
take effect inside the kick: it waits in ``state.pending_curse`` until its
victim answers with ``AnswerCurse``: with no card it takes effect (a choice
may follow), with a counter (a card with ``cancels_curse``, from the hand or
carried) both cards are discarded and nothing happens. While it waits, only
the victim's answer and the cards playable at any moment (level-ups, curses)
are possible. A curse played from a hand takes effect at once ("Ein Fluch
wirkt immer sofort auf sein Opfer", 000 "Flüche").

Lasting curses stay "bis ihre Wirkung endet" (000 "Flüche"). The card says
when: ``until = "headgear-lost"`` (Huhn auf deinem Kopf) ends when the victim
loses a headgear it carried; ``until = "next-combat"`` (Geschlechtsumwandlung:
-5 in the next combat) ends when a combat the victim fought or helped in is
over. Either way the card is then discarded.

A mixin of the Munchkin ruleset.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from judge.rules.ruling import reject
from judge.rulesets.munchkin import actions as A

if TYPE_CHECKING:
    from judge.cards import Card
    from judge.rulesets.munchkin.host import MunchkinHost
    from judge.rulesets.munchkin.ruleset import _Tx
    from judge.rulesets.munchkin.state import MunchkinState


class CurseRules:
    """Pending door curses and the end of lasting curses, mixed into the Munchkin ruleset."""

    # ------------------------------------------------------------------ the door curse waits

    def curse_from_door(self: MunchkinHost, tx: _Tx, victim: int, card: Card) -> None:
        """001 "1. Tür öffnen": the victim may still answer with a counter."""
        tx.emit("CursePending", seat=victim, card=card.id)

    def _do_answer_curse(self: MunchkinHost, tx: _Tx, seat: int, a: A.AnswerCurse) -> None:
        pending = tx.state.pending_curse
        if pending is None:
            raise reject("munchkin.curse.none-pending")
        if seat != pending["seat"]:
            raise reject("munchkin.curse.answer-pending", seat=pending["seat"])
        curse = tx.cards[pending["card"]]
        if not a.card:
            tx.emit("CurseAccepted", seat=seat, card=curse.id)
            self._curse(tx, seat, curse, choice=None)
            return
        counter = self.card(tx, a.card, "answer_curse.card")
        if not counter.cancels_curse:
            raise reject("munchkin.curse.not-a-counter", card=counter.id)
        if any(i.card == counter.id for i in tx.state.players[seat].items):
            tx.emit("CardRemovedFromPlay", seat=seat, card=counter.id)
        else:
            self._take_from_hand(tx, seat, counter.id)
        tx.emit("CurseCancelled", seat=seat, card=curse.id, by=counter.id)
        tx.emit("CardDiscarded", card=counter.id, deck=counter.deck)
        tx.emit("CardDiscarded", card=curse.id, deck=curse.deck)

    # ------------------------------------------------------------------ lasting curses end

    def end_lasting_curses(self: MunchkinHost, tx: _Tx, before: MunchkinState) -> None:
        """Discard lasting curses whose effect ended in this command (``before``: the state it began with)."""
        s = tx.state
        if s.finished:
            return
        combat_over = before.combat is not None and s.combat is None
        fought = set() if before.combat is None else set(self.fighters(before.combat))
        for seat, p in enumerate(s.players):
            lost_headgear = CurseRules._lost_headgear(tx, before, seat)
            for cid in list(p.table):
                curse = tx.cards[cid].curse if cid in tx.cards else None
                if curse is None or not curse.lasting or cid not in before.players[seat].table:
                    continue
                if (curse.until == "headgear-lost" and lost_headgear) or (
                        curse.until == "next-combat" and combat_over and seat in fought):
                    tx.emit("LastingCurseEnded", seat=seat, card=cid, reason=curse.until)
                    self._remove_from_play(tx, seat, cid)

    @staticmethod
    def _lost_headgear(tx: _Tx, before: MunchkinState, seat: int) -> bool:
        def headgear(state: MunchkinState) -> Counter[str]:
            return Counter(i.card for i in state.players[seat].items
                           if i.card in tx.cards and tx.cards[i.card].slot == "headgear")

        return bool(headgear(before) - headgear(tx.state))
