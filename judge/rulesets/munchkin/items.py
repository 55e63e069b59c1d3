"""Items in front of a player (000 "Gegenstände", "Gegenstände handeln"): the
backpack, items given away without a trade (bribes), and item bonuses that
depend on who carries the item.

A mixin of the Munchkin ruleset; ``tx`` is the decision in progress.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from judge.rules.engine import Action
from judge.rules.ruling import Malformed, reject
from judge.common.i18n import N_
from judge.rulesets.munchkin.sentences import said_in_munchkin as _said
from judge.rulesets.munchkin import actions as A
from judge.rulesets.munchkin.hooks import HAND_SLOTS, fits
from judge.rulesets.munchkin.tx import _Tx

if TYPE_CHECKING:
    from judge.cards import Card
    from judge.rulesets.munchkin.host import MunchkinHost
    from judge.rulesets.munchkin.state import MunchkinState, Player

class ItemRules:
    """Item rules, mixed into the Munchkin ruleset."""

    # ------------------------------------------------------------------ the backpack

    def _do_set_item_in_use(self: MunchkinHost, tx: _Tx, seat: int, a: A.SetItemInUse) -> None:
        """000 "Gegenstände": putting an item in the backpack is always allowed;
        "Du kannst Gegenstände nur in deinem eigenen Zug aus dem Rucksack holen;
        dabei darfst du weder gerade im Kampf sein noch Weglaufen." Using an
        item whose slot is taken puts what is in that slot in the backpack in
        the same action."""
        s = tx.state
        card = self.card(tx, a.card, "set_item_in_use.card")
        p = s.players[seat]
        if not any(i.card == card.id for i in p.items):
            raise reject("munchkin.table.card-not-in-play", card=card.id)
        for i, cid in enumerate(a.to_backpack):
            self.card(tx, cid, f"set_item_in_use.to_backpack[{i}]")
        if not a.in_use:
            if a.to_backpack:
                raise Malformed("set_item_in_use.to_backpack",
                                _said(N_("only when taking an item out of the backpack")))
            if any(i.card == card.id and i.in_use for i in p.items):
                self._withdraw_claim_if_fighting(tx, seat)
                tx.emit("ItemUseChanged", seat=seat, card=card.id, in_use=False)
            return
        if not any(i.card == card.id and not i.in_use for i in p.items):
            if a.to_backpack:
                raise Malformed("set_item_in_use.to_backpack", _said(N_("{card} is in use already"), card=card.id))
            return  # already as asked: nothing to record
        if seat != s.active or s.combat is not None:
            raise reject("munchkin.item.backpack-own-turn")
        displaced = list(a.to_backpack) or self._displaced(tx, p, card)
        in_use = [i.card for i in p.items if i.in_use]
        for cid in displaced:
            if cid not in in_use:
                raise reject("munchkin.item.not-in-use", card=cid)
            in_use.remove(cid)
        if not self.slot_free(tx, p, card, displaced):
            raise reject("munchkin.item.slot-full", slot=card.slot)
        for cid in displaced:
            tx.emit("ItemUseChanged", seat=seat, card=cid, in_use=False)
        tx.emit("ItemUseChanged", seat=seat, card=card.id, in_use=True)

    def items_in_use(self: MunchkinHost, tx: _Tx, p: Player, away: Iterable[str] = ()) -> list[Card]:
        """The cards of the items ``p`` uses, but for the items ``away`` (one copy each: two copies of an item,
        one of them put in the backpack, leave the other in use)."""
        rest = list(away)
        used = []
        for it in p.items:
            if it.in_use and it.card in rest:
                rest.remove(it.card)
            elif it.in_use:
                used.append(tx.cards[it.card])
        return used

    def slot_free(self: MunchkinHost, tx: _Tx, p: Player, card: Card, away: Iterable[str] = ()) -> bool:
        """Is there room for ``p`` to use ``card`` (once the items ``away`` are in the backpack)? The one
        slot-fitting routine: what is in use (``items_in_use``) and the set's fit (``fits_beside``)."""
        return self.fits_beside(tx, p, self.items_in_use(tx, p, away), card)

    def _displaced(self: MunchkinHost, tx: _Tx, p: Player, card: Card) -> list[str]:
        """The items in use that must go to the backpack for ``card`` to be used,
        when that is unambiguous; with a choice the player names them."""
        if self.slot_free(tx, p, card):
            return []
        used = [i.card for i in p.items if i.in_use]  # a copy of the same card in use may make room too
        if card.slot in ("headgear", "armor", "footgear"):
            return [c for c in used if tx.cards[c].slot == card.slot]
        hand_items = [c for c in used if tx.cards[c].slot in HAND_SLOTS]
        if card.slot == "2hands" or any(tx.cards[c].slot == "2hands" for c in hand_items):
            return hand_items  # both hands must be free, or a two-hand item frees both
        if len(set(hand_items)) == 1:
            return hand_items[:1]  # two copies of one item: either goes
        raise reject("munchkin.item.name-displaced", options=", ".join(sorted(set(hand_items))))

    def _withdraw_claim_if_fighting(self: MunchkinHost, tx: _Tx, *seats: int) -> None:
        c = tx.state.combat
        if c is not None and any(seat in self.fighters(c) for seat in seats):
            self.withdraw_claim(tx)

    # ------------------------------------------------------------------ gifts

    def _do_give_item(self: MunchkinHost, tx: _Tx, seat: int, a: A.GiveItem) -> None:
        """000 "Gegenstände handeln": "Du darfst auch Gegenstände ohne Handel
        weggeben, um andere Spieler damit zu bestechen" (the seed's example is
        a bribe during another player's combat). Only items you carry; the
        receiver puts the item in play at once."""
        s = tx.state
        if not 0 <= a.to_seat < len(s.players):
            raise Malformed("give_item.to_seat", _said(N_("no seat {seat}; seats are 0 to {last}"), seat=a.to_seat,
                                                       last=len(s.players) - 1))
        card = self.card(tx, a.card, "give_item.card")
        if a.to_seat == seat:
            raise reject("munchkin.gift.not-to-yourself")
        if not any(i.card == card.id for i in s.players[seat].items):
            raise reject("munchkin.gift.only-carried-items", card=card.id)
        self.check_may_interfere(tx, seat, a.to_seat)
        self._withdraw_claim_if_fighting(tx, seat, a.to_seat)
        self.give_item(tx, seat, a.to_seat, card.id)

    # ------------------------------------------------------------------ legal actions

    def _item_candidates_of(self: MunchkinHost, s: MunchkinState, seat: int, cards: Any) -> Iterable[Action]:
        p = s.players[seat]
        capacity = self.slot_capacity(_Tx.reading(self, s), p)
        in_use = [i.card for i in p.items if i.in_use]
        for it in p.items:
            card = cards[it.card]
            if it.in_use:
                yield A.SetItemInUse(card=it.card, in_use=False)
            elif fits([cards[c] for c in in_use], card, capacity):
                yield A.SetItemInUse(card=it.card, in_use=True)
            else:
                # Name what makes room, so the list shows what goes to the backpack.
                same = [c for c in in_use if cards[c].slot == card.slot
                        or (card.slot in HAND_SLOTS and cards[c].slot in HAND_SLOTS)]
                for other in sorted(set(same)):
                    yield A.SetItemInUse(card=it.card, in_use=True, to_backpack=(other,))
                yield A.SetItemInUse(card=it.card, in_use=True, to_backpack=tuple(same))
            for other_seat in range(len(s.players)):
                if other_seat != seat:
                    yield A.GiveItem(card=it.card, to_seat=other_seat)

    def give_item(self: MunchkinHost, tx: _Tx, src: int, dst: int, card_id: str) -> None:
        """Move an item in play to another player, who puts it in play at once
        (000 "Gegenstände handeln"): used if a slot is free, else carried."""
        receiver = tx.state.players[dst]
        card = tx.cards[card_id]
        self.check_carry(tx, receiver, card)
        tx.emit("ItemGiven", seat=src, to_seat=dst, card=card_id, in_use=self.slot_free(tx, receiver, card))

    def _big_allowed(self: MunchkinHost, tx: _Tx, p: Player) -> bool:
        """May ``p`` carry any number of big items (the ``big_item_limit`` hook)?"""
        return self.big_item_limit(tx, p) is None

    def room_for_big(self: MunchkinHost, tx: _Tx, p: Player) -> bool:
        """May ``p`` carry one more big item?"""
        limit = self.big_item_limit(tx, p)
        return limit is None or sum(1 for i in p.items if tx.cards[i.card].big) < limit

    def _play_item(self: MunchkinHost, tx: _Tx, seat: int, card: Card, a: A.PlayCard) -> None:
        p = tx.state.players[seat]
        self.check_carry(tx, p, card)
        self.take_played_card(tx, seat, card, a)
        in_use = self.slot_free(tx, p, card)
        tx.emit("CardPutInPlay", seat=seat, card=card.id, place="item", in_use=in_use)

    def _big_carried(self: MunchkinHost, tx: _Tx, seat: int) -> list[str]:
        return [i.card for i in tx.state.players[seat].items if tx.cards[i.card].big]

    def _recheck_keep_big(self: MunchkinHost, tx: _Tx, seat: int) -> None:
        """After a former dwarf sold some of the big items the keep-one choice
        is about (000 Gegenstände: "Bist du am Zug und dabei nicht im Kampf,
        kannst du sie verkaufen"), the choice offers what is still carried; with
        one big item left (or a dwarf again) there is nothing left to choose."""
        ch = tx.state.choice
        if ch is None or ch.reason != "keep-big" or ch.seat != seat:
            return
        big = self._big_carried(tx, seat)
        if len(big) <= 1 or self._big_allowed(tx, tx.state.players[seat]):
            tx.emit("ChoiceLapsed", seat=seat, reason=ch.reason)
        elif sorted(set(big)) != ch.options:
            tx.emit("ChoiceRequired", seat=seat, reason=ch.reason, source=ch.source, options=sorted(set(big)))

    def _shed_big_items(self: MunchkinHost, tx: _Tx, seat: int, keep: str) -> None:
        """The big items a former dwarf may no longer carry go to the lowest-level
        player who can still carry a big item; if nobody can, they are discarded."""
        s = tx.state
        p = s.players[seat]
        extra = [i.card for i in p.items if tx.cards[i.card].big]
        extra.remove(keep)
        for cid in extra:
            able = [i for i, o in enumerate(s.players) if i != seat and self.room_for_big(tx, o)]
            if able:
                low = min(s.players[i].level for i in able)
                target = next(i for i in able if s.players[i].level == low)
                self.give_item(tx, seat, target, cid)
            else:
                tx.emit("ItemLost", seat=seat, card=cid, source="big-item-limit")
