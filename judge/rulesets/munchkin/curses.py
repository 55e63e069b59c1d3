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
over; ``until = "end-of-turn"`` ends when the turn it was played in ends (a
strength modifier for a turn, not for good). Either way the card is then
discarded.

A mixin of the Munchkin ruleset.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from judge.cards.schema import Effect as Harm
from judge.rules.ruling import reject
from judge.rulesets.munchkin import actions as A

if TYPE_CHECKING:
    from judge.cards import Card
    from judge.rulesets.munchkin.host import MunchkinHost
    from judge.rulesets.munchkin.state import MunchkinState
    from judge.rulesets.munchkin.tx import _Tx


class CurseRules:
    """Pending door curses and the end of lasting curses, mixed into the Munchkin ruleset."""

    # ------------------------------------------------------------------ the door curse waits

    def curse_from_door(self: MunchkinHost, tx: _Tx, victim: int, card: Card) -> None:
        """001 "1. Tür öffnen": the victim may still answer with a counter; an immune victim need not."""
        if self.curse_passes_by(tx, victim, card):
            return
        tx.emit("CursePending", seat=victim, card=card.id)

    # ------------------------------------------------------------------ immunity

    def curse_immunity(self: MunchkinHost, tx: _Tx, seat: int) -> str | None:
        """The card that makes ``seat`` immune to curses (``curse_immune``): a race, a class or another card
        in front of the character, or an item it uses ("es sei denn, du hast ein Gegenmittel oder bist immun",
        001 "1. Tür öffnen"); None if there is none."""
        p = tx.state.players[seat]
        for cid in [*p.races, *p.classes, *p.table]:
            if cid in tx.cards and tx.cards[cid].curse_immune:
                return cid
        return next((c.id for c in self.items_in_use(tx, p) if c.curse_immune), None)

    def curse_passes_by(self: MunchkinHost, tx: _Tx, victim: int, card: Card) -> bool:
        """An immune victim is not hit: the curse is discarded with nothing done (CurseIgnored names the card
        that makes it immune and the rule)."""
        by = self.curse_immunity(tx, victim)
        if by is None:
            return False
        tx.emit("CurseIgnored", seat=victim, card=card.id, by=by, rule="munchkin.curse.immune")
        tx.emit("CardDiscarded", card=card.id, deck=card.deck)
        return True

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
            self.take_from_hand(tx, seat, counter.id)
        tx.emit("CurseCancelled", seat=seat, card=curse.id, by=counter.id)
        tx.emit("CardDiscarded", card=counter.id, deck=counter.deck)
        tx.emit("CardDiscarded", card=curse.id, deck=curse.deck)

    # ------------------------------------------------------------------ a curse's choice follows the items

    def refresh_curse_choice(self: MunchkinHost, tx: _Tx) -> None:
        """A curse's item choice offers what the victim still carries ("Hat das Opfer mehrere in Frage
        kommende Gegenstände, entscheidet es selbst", 000 "Flüche"). Level-ups and curses may be played
        while the choice is owed, and a curse may take some of its options meanwhile: with several
        left the choice offers those; with one left it is taken without a choice; with none the curse
        finds nothing to take. A choice waiting behind it is checked in turn."""
        for _ in range(1 + len(tx.state.choices_waiting)):
            ch = tx.state.choice
            if ch is None or ch.reason != "curse":
                return
            card = tx.cards[ch.source]
            harm = card.curse or Harm()
            if not harm.lose_item:
                return
            left = sorted(set(self._item_candidates(tx, tx.state.players[ch.seat], harm.lose_item)))
            if left == ch.options:
                return
            if len(left) > 1:
                tx.emit("ChoiceRequired", seat=ch.seat, reason=ch.reason, source=ch.source, options=left)
                return
            tx.emit("ChoiceLapsed", seat=ch.seat, reason=ch.reason)
            self._curse(tx, ch.seat, card, choice=None)

    # ------------------------------------------------------------------ lasting curses end

    def end_lasting_curses(self: MunchkinHost, tx: _Tx, before: MunchkinState) -> None:
        """Discard lasting curses whose effect ended in this command (``before``: the state it began with)."""
        s = tx.state
        if s.finished:
            return
        combat_over = before.combat is not None and s.combat is None
        fought = set() if before.combat is None else set(self.fighters(before.combat))
        for seat, p in enumerate(s.players):
            lasting = [(cid, curse) for cid in list(p.table)
                       if (curse := tx.cards[cid].curse if cid in tx.cards else None) is not None
                       and curse.lasting and cid in before.players[seat].table]
            if not lasting:  # (most seats of most commands: the headgear is not compared)
                continue
            lost_headgear = CurseRules._lost_headgear(tx, before, seat)
            for cid, curse in lasting:
                if (curse.until == "headgear-lost" and lost_headgear) or (
                        curse.until == "next-combat" and combat_over and seat in fought):
                    tx.emit("LastingCurseEnded", seat=seat, card=cid, reason=curse.until)
                    self.remove_from_play(tx, seat, cid)

    def end_turn_curses(self: MunchkinHost, tx: _Tx) -> None:
        """A lasting curse with ``until = "end-of-turn"`` changes its victim's strength for the turn it was
        played in, not for good: when the turn ends it is discarded ("bis ihre Wirkung endet", 000 "Flüche")."""
        for seat, p in enumerate(tx.state.players):
            for cid in list(p.table):
                curse = tx.cards[cid].curse if cid in tx.cards else None
                if curse is not None and curse.lasting and curse.until == "end-of-turn":
                    tx.emit("LastingCurseEnded", seat=seat, card=cid, reason=curse.until)
                    self.remove_from_play(tx, seat, cid)

    @staticmethod
    def _lost_headgear(tx: _Tx, before: MunchkinState, seat: int) -> bool:
        def headgear(state: MunchkinState) -> Counter[str]:
            return Counter(i.card for i in state.players[seat].items
                           if i.card in tx.cards and tx.cards[i.card].slot == "headgear")

        return bool(headgear(before) - headgear(tx.state))

    def _curse(self: MunchkinHost, tx: _Tx, victim: int, card: Card, choice: str | None) -> None:
        if choice is None and self.curse_passes_by(tx, victim, card):
            return
        harm = card.curse or Harm()
        done = self._harm(tx, victim, harm, card.id, choice, interactive=True)
        if not done:
            return
        if harm.lasting:
            tx.emit("CardPutInPlay", seat=victim, card=card.id, place="table", in_use=False)
        else:
            tx.emit("CardDiscarded", card=card.id, deck=card.deck)
